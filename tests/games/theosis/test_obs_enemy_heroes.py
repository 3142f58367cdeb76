"""The co-op Hierapolis preparation's enemy heroes in the observation (pieces ``enemies`` and
``enemy_took``, mythenv/games/theosis/observe.py, docs/games/theosis.md § Observation and actions).

The rulebook ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH), § Game Modes, "Hierapolis
Preparation": "In case of nine or fewer Heroes, the three unchosen Heroes participate in order to
hinder the preparation of the players' Heroes"; "The enemy Heroes always act last. The first enemy
Hero is always assigned to the Deceitful Quest and steals gold from the richest player ... The second
Hero is assigned to the Quest Location or, if this is not available, the Market, where they buy the
weapon that inflicts the most damage ... The third enemy Hero is assigned to the Thieves' Guild
(without paying any cost) and again targets the richest player"; "At the end of the Bidding Phase,
each enemy Hero will bid all their remaining gold for the Artifact". All of it happens in view of the
table, so each seat's observation shows every enemy hero's identity, whether it is still in the game,
its Health, its gold and the spot it was assigned this turn, and the items they took out of the game;
nothing hidden (a sealed bid before the reveal, the face-down Artifacts) enters these pieces.

The pieces are decoded here by their documented layout (per enemy hero: hero one-hot (12), in the
game, Health / 9, gold / 30, spot one-hot (18); then one entry per item), not by the encoder; every
observation is taken from both encoders (Python and compiled), checked equal.
"""

from __future__ import annotations

import numpy as np

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import ALIGNMENTS, HERO_INDEX, ITEM_INDEX
from mythenv.games.theosis.observe import OBSERVER
from mythenv.games.theosis.rules.hierapolis import LOCATIONS, NQ, THIEVES
from tests.conformance.helpers import checked_observation

from .test_coop_prep import golden, loc, plain

A, H, ITEM, NH = rules, HERO_INDEX, ITEM_INDEX, rules.NH
NSPOT = 2 * NQ + len(LOCATIONS)
SOLO = dict(num_players=1, mode="solo", encounter="solo_3")  # prep="hierapolis" is the default


def decode(obs):
    """The enemy heroes as the observation shows them, read by the piece layout: per enemy hero
    (hero, in the game, Health, gold, spot) with -1 for no hero / no spot; the items taken."""
    e = OBSERVER.piece(obs, "enemies")
    assert e.shape == (3, NH + 3 + NSPOT)
    rows = []
    for r in e:
        hero, spot = np.flatnonzero(r[:NH]).tolist(), np.flatnonzero(r[NH + 3:]).tolist()
        assert len(hero) <= 1 and len(spot) <= 1 and r[NH] in (0.0, 1.0)
        rows.append((hero[0] if hero else -1, int(r[NH]), round(float(r[NH + 1]) * 9), round(float(r[NH + 2]) * 30),
                     spot[0] if spot else -1))
    return rows, np.flatnonzero(OBSERVER.piece(obs, "enemy_took")).tolist()


def held(s):
    """What the state holds of the enemy heroes, in the same form."""
    return ([(h, int(s.hp[h] > 0), s.hp[h], s.egold[k], s.espot[k]) for k, h in enumerate(s.ehero)],
            sorted(s.gone))


def seen(g, s):
    """Every seat's decoded view (both encoders, checked equal), all seats alike (it is public)."""
    views = [decode(checked_observation(g, s, p)) for p in range(g.num_players)]
    assert all(v == views[0] for v in views)
    return views[0]


def settle(env):
    s = env.unwrapped.game_state
    while s.phase == "prep" and s.dec[0] not in ("hp_spot", "hp_hurt", "hp_join"):
        env.step(s.legal_actions()[0])


def solo_env():
    env = mythenv.make_env("theosis_v0", **SOLO)
    env.reset(seed=0)
    for k in ("norn", "lug", "edhel"):
        env.step(A.A_PICK + H[k] * 2)
    s = env.unwrapped.game_state
    assert s.phase == "prep" and s.dec[0] == "hp_spot"
    return env, s


def env_view(env):
    agent = env.agent_selection
    return decode(env.observe(agent)["observation"])


def test_enemy_heroes_observed_through_their_turn():
    """Solo (three heroes chosen: three of the nine unchosen hinder). At the start the seat sees the
    three enemy heroes, each in the game at full Health (9) with its own 3 gold (errata p.6, "All
    Players start with 3 Gold pieces"), on no spot, nothing taken. The Warmonger Quest ("Deal one
    Damage to any one enemy Hero") aimed at the third enemy hero: the seat sees its Health at 8. With
    10 gold in the player's purse and a Greatsword (3 Damage), a Short Sword and two armours in the
    Market, the enemy heroes act after the last placement: the first on the Deceitful Quest's slot
    with 3 + 3 gold (the richest player robbed of "up to three"), the second on the Vengeful Quest's
    slot (its reward: 2 gold, so 5) with the Greatsword taken out of the game, the third on the
    Thieves' Guild; each seen exactly as the state holds it (the third's gold is the die's)."""
    env, s = solo_env()
    g = env.unwrapped.game
    rows, took = env_view(env)
    assert [r[0] for r in rows] == s.ehero and len(set(s.ehero)) == 3
    assert all(s.owner[h] < 0 for h in s.ehero)
    assert [r[1:] for r in rows] == [(1, 9, 3, -1)] * 3 and took == []
    assert (rows, took) == held(s) == seen(g, s)

    third = s.ehero[2]
    env.step(golden("warmonger"))
    assert s.dec[0] == "hp_hurt"
    env.step(A.A_HERO + third)
    settle(env)
    rows, took = env_view(env)
    assert rows[2] == (third, 1, 8, 3, -1) and rows[0][2] == rows[1][2] == 9
    assert (rows, took) == held(s) == seen(g, s)

    env.step(loc("tavern"))
    settle(env)
    s.purse = [10]
    offer = [ITEM["greatsword"], ITEM["short_sword_a"], ITEM["chainmail"], ITEM["plate_armor"]]
    s.pouch = sorted((set(s.pouch) | set(s.offer)) - set(offer))
    s.offer = sorted(offer)
    env.step(plain("guardian"))  # the last hero placed: the enemy heroes act
    settle(env)
    assert s.dec[0] == "hp_join"
    rows, took = env_view(env)
    assert rows[0] == (s.ehero[0], 1, 9, 6, ALIGNMENTS.index("deceitful"))
    assert rows[1] == (s.ehero[1], 1, 9, 5, ALIGNMENTS.index("vengeful"))
    assert rows[2][:3] == (third, 1, 8) and rows[2][4] == THIEVES and rows[2][3] >= 3
    assert took == [ITEM["greatsword"]]
    assert (rows, took) == held(s) == seen(g, s)


def test_a_removed_enemy_hero_is_seen_out_of_the_game_and_idle():
    """Warmonger Quest: "If the Hero's Health is reduced to zero then they are removed from the
    game": the first enemy hero at 1 Health wounded is seen out of the game (no Health), keeps its 3
    gold and takes no spot when the enemy heroes act; the other two act as the rules say."""
    env, s = solo_env()
    g = env.unwrapped.game
    first = s.ehero[0]
    s.hp[first] = 1
    env.step(golden("warmonger"))
    env.step(A.A_HERO + first)
    settle(env)
    assert env_view(env)[0][0] == (first, 0, 0, 3, -1)
    env.step(loc("tavern"))
    settle(env)
    env.step(plain("guardian"))
    settle(env)
    rows, took = env_view(env)
    assert rows[0] == (first, 0, 0, 3, -1) and rows[2][4] == THIEVES
    assert (rows, took) == held(s) == seen(g, s)


def test_the_bids_of_the_enemy_heroes_are_their_gold_and_the_won_artifact_is_taken():
    """"each enemy Hero will bid all their remaining gold for the Artifact. They cannot combine their
    gold": enemy heroes with 6, 5 and 3 gold against the player's 4; before the reveal each enemy
    hero's gold (its whole bid) is seen; after it every enemy hero's gold is spent (all bids are
    paid) and the Artifact, won by the 6, is seen among what the enemy heroes took out of the game."""
    env, s = solo_env()
    g = env.unwrapped.game
    while s.dec[0] != "hp_join":
        env.step(s.legal_actions()[0])
    s.egold, s.purse = [6, 5, 3], [4]
    art = s.bart
    before = list(s.gone)
    rows, took = seen(g, s)
    assert [r[3] for r in rows] == [6, 5, 3] and art not in took
    env.step(A.A_NUM + 1)  # takes part
    env.step(A.A_NUM + 4)  # bids 4: the reveal
    rows, took = env_view(env)
    assert [r[3] for r in rows] == [0, 0, 0] and took == sorted(before + [art])
    assert (rows, took) == held(s) == seen(g, s)


def test_no_sealed_bid_and_no_face_down_artifact_enters_the_enemy_pieces():
    """TH § Preparation Phase, the Artifact bidding: the bids are sealed until the reveal (the allies
    of the co-op see each other's, TH § Team vs Team). Two co-op players (four heroes): when the first
    bidder has written its bid and the second is asked, the enemy pieces of every seat are the same
    whatever that sealed bid is, and the same in every world ``resample_hidden`` draws from any seat
    (the face-down Artifacts, the bids and the Mage Tower draw redrawn)."""
    g = mythenv.make_game("theosis_v0", num_players=2, mode="coop", encounter="p2_2")
    s = g.new_initial_state(seed=3)
    while s.dec[0] == "pick":
        s.apply_action(s.legal_actions()[0])
    while s.dec[0] != "hp_join":
        s.apply_action(s.legal_actions()[0])
    s.purse = [5, 7]
    for _ in range(2):
        s.apply_action(A.A_NUM + 1)  # both take part
    first = s.dec[1]
    assert s.dec[0] == "hp_bid"
    s.apply_action(A.A_NUM + 2)
    assert s.dec[0] == "hp_bid" and s.dec[1] != first and not s.brev and s.bid[first] == 2
    base = seen(g, s)
    assert len(base[0]) == 3 and base == held(s)
    rng = np.random.default_rng(5)
    for b in range(s.purse[first] + 1):
        t = s.clone()
        t.bid[first] = b
        assert seen(g, t) == base
    for seat in range(g.num_players):
        for _ in range(5):
            assert seen(g, s.resample_hidden(seat, rng)) == base


def test_zero_without_enemy_heroes():
    """Ten heroes (five co-op players x 2: "In the case of 10-12 Heroes participating" nobody is
    unchosen to hinder), the competitive game (no enemy heroes at all) and a solo game once the
    preparation is over ("When all six rounds of preparation are over, the players' Heroes enter the
    Arena", the enemy heroes stay behind): both enemy pieces are zero for every seat."""
    rng = np.random.default_rng(0)
    for cfg, keep in ((dict(num_players=5, mode="coop", encounter="p5_2"), ("select", "prep")),
                      ({}, ("select", "prep")), (SOLO, None)):
        g = mythenv.make_game("theosis_v0", **cfg)
        s = g.new_initial_state(seed=1)
        steps = checked = 0
        while not s.is_terminal() and steps < 600 and (keep is None or s.phase in keep):
            if keep is not None or s.phase not in ("select", "prep"):  # solo: after the preparation
                checked += 1
                for p in range(g.num_players):
                    o = checked_observation(g, s, p)
                    assert not OBSERVER.piece(o, "enemies").any() and not OBSERVER.piece(o, "enemy_took").any()
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
        assert checked > 30
        if keep is None:
            assert s.ehero and s.phase != "prep"
