"""Independent check of the Hierapolis preparation in the monster modes (issue 16), written from the
rulebook text ``001_4e95cd654d8b1058.txt`` (TH) § Game Modes, "Hierapolis Preparation", before reading
the rules code's answers; each docstring quotes the sentence and the expected outcome."""

import numpy as np

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import ITEM_INDEX, ITEMS

from .builder import choose, say

COOP = dict(num_players=2, mode="coop", encounter="p2_2", monsters="kotronas", prep="hierapolis")


class Die:
    """The state's generator with the Thieves' Guild d6 (``integers(6)``) scripted; a draw among one
    candidate gives it; everything else is a seeded generator's."""

    def __init__(self, *faces, seed=0):
        self.faces = list(faces)
        self.g = np.random.default_rng(seed)

    def integers(self, lo, hi=None):
        if hi is None and lo == 6 and self.faces:
            return self.faces.pop(0)
        if hi is None and lo == 1:
            return 0
        return self.g.integers(lo, hi)

    def permutation(self, x):
        return self.g.permutation(x)


def start(seed=0):
    g = mythenv.make_game("theosis_v0", **COOP)
    s = g.new_initial_state(seed)
    while s.dec[0] == "pick":
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "prep"
    return s


def to_last_placement(s):
    """Turn 1 until one hero is left to place: seat 0's first hero on the Guardian golden slot,
    seat 1's on the Warmonger one (its Damage on an enemy hero), the second heroes on plain Quest
    slots (no reward), every reward with the first option."""
    for spot in ("guardian Quest (golden slot)", "warmonger Quest (golden slot)", "guardian Quest"):
        choose(s, f"send a hero to the {spot}")
        while s.dec[0] != "hp_spot":
            s.apply_action(s.legal_actions()[0])
    return s


def test_deceitful_quest_and_thieves_guild_closed_to_the_players():
    """TH § Hierapolis Preparation: "In case of nine or fewer Heroes, the three unchosen Heroes
    participate in order to hinder the preparation ... In this case, the Deceitful Quest and the
    Thieves' Guild are not accessible by the players' Heroes." Over random co-op preparations (4
    heroes) no placement offered to a player names the Deceitful Quest or the Thieves' Guild."""
    g = mythenv.make_game("theosis_v0", **COOP)
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = np.random.default_rng(seed)
        seen = 0
        while s.phase in ("select", "prep"):
            if s.dec[0] == "hp_spot":
                la = " ".join(say(s)).lower()
                assert "deceitful" not in la and "thieves" not in la, la
                seen += 1
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
        assert seen == 6 * 4


def test_enemy_heroes_act_last_deceitful_theft_from_the_richest_free_thieves_guild():
    """TH § Hierapolis Preparation: "The enemy Heroes always act last. The first enemy Hero is always
    assigned to the Deceitful Quest and steals gold from the richest player ... The third enemy Hero
    is assigned to the Thieves' Guild (without paying any cost)". With seat 0 holding 9 gold and
    seat 1 holding 2 when the last player's hero is placed, the enemies act after it: the first
    takes 3 of seat 0's gold into its own (3 + 3); the third pays nothing at the Thieves' Guild (its
    die shows the Initiative face, which does nothing to the players): its gold stays 3."""
    s = to_last_placement(start())
    s.purse[:] = [9, 2]
    s.rng = Die(4)
    eg = list(s.egold)
    choose(s, "send a hero to the guardian Quest")
    assert s.purse == [6, 2]
    assert s.egold[0] == eg[0] + 3 and s.egold[2] == eg[2]
    placed = max(i for i, m in enumerate(s.log) if "sends a hero" in m)
    acts = [i for i, m in enumerate(s.log) if m.startswith("enemy") and ("goes to" in m or "rolls" in m)]
    assert len(acts) == 3 and min(acts) > placed


def test_enemy_heroes_bid_all_their_gold_alone():
    """TH § Hierapolis Preparation: "At the end of the Bidding Phase, each enemy Hero will bid all
    their remaining gold for the Artifact. They cannot combine their gold." The enemy heroes hold
    3, 5 and 4 gold at the bidding: seat 0 bidding 6 wins (6 beats each bid of 5 at most, though
    not their sum 12); bidding 5 ties the enemy's 5 and the Artifact goes to the pouch. Every bid is
    paid: the enemies have nothing left."""
    for bid, wins in ((6, True), (5, False)):
        s = to_last_placement(start())
        s.rng = Die(4)
        s.purse[:] = [9, 2]
        art = ITEM_INDEX["dawnblade"]
        s.arow.remove(art)
        s.arow.insert(0, art)
        choose(s, "send a hero to the guardian Quest")
        s.egold[:] = [3, 5, 4]
        assert s.dec[0] == "hp_join", s.dec
        while s.dec[0] == "hp_join":
            choose(s, f"choice {int(s.dec[1] == 0)}")
        while s.dec[0] == "hp_bid":
            choose(s, f"choice {bid}")
        while s.phase == "prep" and s.dec[0] != "hp_spot":
            s.apply_action(s.legal_actions()[0])
        assert s.egold == [0, 0, 0]
        mine = any(art in s.eq[h] for h in range(rules.NH) if s.owner[h] == 0)
        assert mine == wins, bid
        if not wins:
            assert art in s.pouch and ITEMS[art].artifact


def test_ten_or_more_heroes_no_enemy_heroes_every_spot_open():
    """TH § Hierapolis Preparation: "In the case of 10-12 Heroes participating, the resources should
    be distributed among all Heroes so that balance is achieved. In case of nine or fewer Heroes, the
    three unchosen Heroes participate" — so with ten heroes (five players of two) nobody hinders:
    no enemy hero acts and the Deceitful Quest and the Thieves' Guild are open to the players."""
    g = mythenv.make_game("theosis_v0", num_players=5, mode="coop", encounter="p5_2", prep="hierapolis")
    s = g.new_initial_state(0)
    rng = np.random.default_rng(0)
    offered = set()
    while s.phase in ("select", "prep"):
        if s.dec[0] == "hp_spot":
            offered |= set(say(s))
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    assert "send a hero to the deceitful Quest (golden slot)" in offered
    assert "send a hero to the thieves guild" in offered
    assert s.ehero == [] and not any(m.startswith("enemy") for m in s.log)


def test_second_enemy_takes_the_market_weapon_with_the_most_damage():
    """TH § Hierapolis Preparation: "The second Hero is assigned to the Quest Location or, if this is
    not available, the Market, where they buy the weapon that inflicts the most damage (decide ties
    randomly)." The Market offers a Dagger (1), a Short Sword (2), a Greatsword (3) and three armors:
    the second enemy hero takes the Greatsword (armor inflicts no damage), which leaves the Market;
    the others stay."""
    s = to_last_placement(start())
    keys = ["dagger_a", "short_sword_a", "greatsword", "leather_jerkin", "chainmail", "plate_armor"]
    want = [ITEM_INDEX[k] for k in keys]
    s.pouch = sorted((set(s.pouch) | set(s.offer)) - set(want))
    s.offer = sorted(want)
    s.rng = Die(4)
    choose(s, "send a hero to the guardian Quest")
    assert s.dec[0] == "hp_join"
    assert sorted(s.offer) == sorted(i for i in want if i != ITEM_INDEX["greatsword"])
    assert ITEM_INDEX["greatsword"] not in s.pouch
