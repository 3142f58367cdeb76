"""Scenario tests of the Hierapolis preparation in the monster modes (``rules/coop_prep.py``).

Every expected outcome is written from the rulebook ``../shared/seeds/001_4e95cd654d8b1058.txt`` (TH),
§ Game Modes, "Hierapolis Preparation" (the paragraphs up to "When all six rounds of preparation are
over"), with § Preparation Phase and the errata, before looking at what the code does; each docstring
cites its sentence. The readings chosen where the text is open are in docs/games/theosis.md.
"""

from __future__ import annotations

import numpy as np

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import ALIGNMENTS, HERO_INDEX, ITEM_INDEX
from mythenv.games.theosis.rules.coop_prep import ENEMY_GOLD
from mythenv.games.theosis.rules.hierapolis import LOCATIONS, NQ, THIEVES

from .test_hierapolis import ForcedRng

H, ITEM, A = HERO_INDEX, ITEM_INDEX, rules


def golden(al):
    return A.A_SPOT + ALIGNMENTS.index(al)


def plain(al):
    return A.A_SPOT + NQ + ALIGNMENTS.index(al)


def loc(key):
    return A.A_SPOT + 2 * NQ + LOCATIONS.index(key)


def solo(picks=("norn", "lug", "edhel"), seed=0):
    """A solo_3 game after the Hero Phase (prep="hierapolis", the default)."""
    g = mythenv.make_game("theosis_v0", num_players=1, mode="solo", encounter="solo_3")
    s = g.new_initial_state(seed)
    for k in picks:
        s.apply_action(A.A_PICK + H[k] * 2)
    assert s.phase == "prep" and s.dec[0] == "hp_spot"
    return s


def coop(n, encounter, seed=0):
    g = mythenv.make_game("theosis_v0", num_players=n, mode="coop", encounter=encounter)
    s = g.new_initial_state(seed)
    while s.dec[0] == "pick":
        s.apply_action(s.legal_actions()[0])
    return s


def enemy_pos(s, seat_purses=None, offer=None, values=()):
    """Set the purses, the Market and a forced generator (``values``: the next ``integers``
    results) before the enemy heroes act."""
    if seat_purses is not None:
        s.purse = list(seat_purses)
    if offer is not None:
        s.pouch = sorted(set(s.pouch) | set(s.offer))
        s.offer = sorted(offer)
        s.pouch = sorted(set(s.pouch) - set(offer))
    s.rng = ForcedRng(values)
    return s


def settle(s):
    while s.phase == "prep" and s.dec[0] != "hp_spot":
        s.apply_action(s.legal_actions()[0])
    return s


# ------------------------------------------------------------------ the options
def test_monster_modes_play_the_hierapolis_preparation():
    """TH § Game Modes, Hierapolis Preparation: "all players participate in the worker allocation
    phase in Hierapolis. Heroes perform quests, gather loot, and equip weapons and armor just like in
    the competitive game": a monster mode with the default prep goes from the Hero Phase to
    Hierapolis; prep="fast" keeps Fast Action Preparation."""
    s = solo()
    assert s.pturn == 1 and len(s.arow) == 6 and len(s.offer) == 6
    g = mythenv.make_game("theosis_v0", num_players=1, mode="solo", encounter="solo_3", prep="fast")
    f = g.new_initial_state(0)
    for k in ("norn", "lug", "edhel"):
        f.apply_action(A.A_PICK + H[k] * 2)
    assert f.dec[0] == "draft" and f.ehero == []


# ------------------------------------------------------------------ which heroes hinder
def test_nine_heroes_the_three_unchosen_are_the_enemies():
    """"In case of nine or fewer Heroes, the three unchosen Heroes participate in order to hinder the
    preparation": with nine heroes chosen (3 players x 3), the enemy heroes are exactly the other
    three, each with its own 3 gold (errata p.6: "All Players start with 3 Gold pieces"; "They cannot
    combine their gold")."""
    s = coop(3, "p3_3")
    free = {h for h in range(A.NH) if s.owner[h] < 0}
    assert len(free) == 3 and set(s.ehero) == free
    assert s.egold == [ENEMY_GOLD] * 3 == [3, 3, 3]


def test_fewer_heroes_three_of_the_unchosen_drawn():
    """Solo with three heroes: nine heroes are unchosen; three of them hinder (drawn by the state's
    generator, so the same seed gives the same three), none of them a player's hero."""
    a, b = solo(seed=5), solo(seed=5)
    assert a.ehero == b.ehero and len(set(a.ehero)) == 3
    assert all(a.owner[h] < 0 for h in a.ehero)
    drawn = {tuple(solo(seed=k).ehero) for k in range(6)}
    assert len(drawn) > 1


def test_ten_or_more_heroes_no_enemy_and_every_quest_open():
    """"In the case of 10-12 Heroes participating" there are no unchosen heroes to hinder: the
    Deceitful Quest is open to the first hero (5 players x 2 heroes = 10)."""
    s = coop(5, "p5_2")
    assert s.ehero == []
    assert golden("deceitful") in s.legal_actions()


# ------------------------------------------------------------------ closed locations
def test_deceitful_quest_and_thieves_guild_closed_to_the_players():
    """"In this case, the Deceitful Quest and the Thieves' Guild are not accessible by the players'
    Heroes": neither the Deceitful golden slot for the first hero, nor the Deceitful plain slot or the
    Thieves' Guild for the others."""
    s = solo()
    la = s.legal_actions()
    assert golden("deceitful") not in la and len(la) == 5
    settle(s.apply_action(golden("warmonger")) or s)
    la = s.legal_actions()
    assert plain("deceitful") not in la and A.A_SPOT + THIEVES not in la
    assert plain("warmonger") in la and loc("market") in la


# ------------------------------------------------------------------ the enemy heroes' turn
def face(key):
    from mythenv.games.theosis.cards import HIERAPOLIS
    return [f["key"] for f in HIERAPOLIS["faces"]].index(key)


def last_place(s, purses=None, offer=None, values=(), first="guardian"):
    """Solo: place the first two heroes (``first``, the Tavern), set the position, then the third
    on a plain Warmonger slot (no reward, no die): the enemy heroes act at once with the forced
    generator ``values`` (a tie's draw, the Thieves' Guild die, its target hero...)."""
    settle(s.apply_action(golden(first)) or s)
    settle(s.apply_action(loc("tavern")) or s)
    enemy_pos(s, purses, offer, values)
    s.apply_action(plain("warmonger"))
    return s


NO_WEAPON = [ITEM["chainmail"], ITEM["wooden_shield"]]


def test_enemies_act_last_before_the_bidding():
    """"The enemy Heroes always act last": when the seat is asked about the Artifact bidding, the
    three enemy heroes have acted (the first on the Deceitful Quest, the second on the Vengeful
    Quest, the third on the Thieves' Guild), and nobody was asked anything for them."""
    s = solo()
    asked = []
    while s.dec[0] != "hp_join":
        asked.append(s.dec[0])
        assert s.espot == [-1, -1, -1]
        s.apply_action(s.legal_actions()[0])
    assert all(k.startswith("hp_") for k in asked)
    assert s.espot[0] == ALIGNMENTS.index("deceitful") and s.espot[2] == THIEVES
    assert s.espot[1] in (ALIGNMENTS.index("vengeful"), 2 * NQ + LOCATIONS.index("market"))


def test_first_enemy_deceitful_quest_steals_three_from_the_richest():
    """"The first enemy Hero is always assigned to the Deceitful Quest and steals gold from the
    richest player" (Deceitful Quest: "steal up to three gold tokens"); the Quest steers its marker
    towards Deceitful (errata p.4: "Heroes assigned to Quests will steer the markers")."""
    s = solo()
    track = s.track[1]
    last_place(s, purses=[10], offer=NO_WEAPON, values=[face("initiative")])
    assert s.purse == [7] and s.egold[0] == 3 + 3
    assert s.track[1] == track + 1  # the deceitful_righteous track, towards Deceitful


def test_richest_player_tie_drawn_by_the_generator():
    """"(randomly decide if two players are tied)": two players with 5 gold each; the generator's draw
    decides who loses 3."""
    base = coop(2, "p2_2")
    settle(base.apply_action(golden("guardian")) or base)
    settle(base.apply_action(golden("righteous")) or base)
    settle(base.apply_action(loc("tavern")) or base)
    assert base.current_player() == 1 and base.dec[0] == "hp_spot"
    for v, robbed in ((0, 0), (1, 1)):
        s = base.clone()
        enemy_pos(s, [5, 5], NO_WEAPON, [v, face("initiative")])
        s.apply_action(plain("warmonger"))
        assert s.purse[robbed] == 2 and s.purse[1 - robbed] == 5


def test_second_enemy_vengeful_quest_takes_the_hardest_hitting_weapon():
    """"The second Hero is assigned to the Quest Location ... where they buy the weapon that inflicts
    the most damage": the Vengeful Quest (the Quest whose reward is a Market item; its 2 gold to the
    enemy hero); the Greatsword (3 Damage) leaves the Market, not the Short Sword (2) or the armour."""
    offer = [ITEM["greatsword"], ITEM["short_sword_a"], ITEM["chainmail"], ITEM["plate_armor"]]
    s = last_place(solo(), offer=offer, values=[face("initiative")])
    assert s.espot[1] == ALIGNMENTS.index("vengeful")
    assert ITEM["greatsword"] in s.gone and ITEM["greatsword"] not in s.pouch
    assert s.egold[1] == 3 + 2


def test_second_enemy_goes_to_the_market_when_the_quest_is_taken_and_ties_are_drawn():
    """"or, if this is not available, the Market ... (decide ties randomly)": the Vengeful golden slot
    is taken by the player's hero, so the enemy goes to the Market (no Quest gold); between two
    3-Damage weapons the generator's draw decides."""
    for v, taken in ((0, "greatsword"), (1, "battle_axe")):
        s = last_place(solo(), offer=[ITEM["greatsword"], ITEM["battle_axe"], ITEM["dagger_a"]],
                       values=[v, face("initiative")], first="vengeful")
        assert s.espot[1] == 2 * NQ + LOCATIONS.index("market") and s.egold[1] == 3
        other = "battle_axe" if taken == "greatsword" else "greatsword"
        assert ITEM[taken] in s.gone and ITEM[other] not in s.gone


def test_third_enemy_thieves_guild_without_cost_against_the_richest():
    """"The third enemy Hero is assigned to the Thieves' Guild (without paying any cost) and again
    targets the richest player": the die shows four gold ("Steal two or four gold"): the player
    (robbed of 3 by the first enemy) loses 4 more to the third, who paid nothing; on "Deal three
    Damage" a hero of the richest player loses 3 Health."""
    s = last_place(solo(), purses=[9], offer=NO_WEAPON, values=[face("steal_gold_4")])
    assert s.espot[2] == THIEVES and s.purse == [2] and s.egold[2] == 3 + 4
    s = solo()
    hp = s.hp[:]
    last_place(s, offer=NO_WEAPON, values=[face("damage"), 1])  # the die, then which hero
    assert [hp[h] - s.hp[h] for h in s.heroes_of(0)] == [0, 3, 0] and s.egold[2] == 3


def test_third_enemy_steals_a_mana_gem():
    """Thieves' Guild, "Steal one Mana: Target one enemy Hero's skill containing a Mana gem and remove
    it": the gem leaves the player's hero (the enemy hero keeps it: it never enters the Arena)."""
    s = solo()
    h = s.heroes_of(0)[0]
    s.mana[h] = [1, 0, 0]
    last_place(s, offer=NO_WEAPON, values=[face("steal_mana"), 0, 0])
    assert sum(sum(s.mana[x]) for x in s.heroes_of(0)) == 0


# ------------------------------------------------------------------ the bidding
def _bidding(s):
    """Run to the seat's bidding question (the enemies have acted)."""
    while s.dec[0] != "hp_join":
        s.apply_action(s.legal_actions()[0])
    return s


def test_each_enemy_bids_all_its_gold_separately():
    """"At the end of the Bidding Phase, each enemy Hero will bid all their remaining gold for the
    Artifact. They cannot combine their gold": enemies with 6, 5 and 3 gold against a player bidding
    4 (more than 3, less than 6 and 5 — their sum would be 14): the 6 wins; every bid is paid ("All
    gold from all bids, winning or losing, is returned to the gold pile"); the Artifact leaves with
    the enemy hero."""
    s = _bidding(solo())
    s.egold = [6, 5, 3]
    s.purse = [4]
    art = s.bart
    s.apply_action(A.A_NUM + 1)  # take part
    s.apply_action(A.A_NUM + 4)  # bid 4
    assert s.egold == [0, 0, 0] and s.purse == [0]
    assert art in s.gone and s.bart == -1


def test_a_player_outbidding_every_enemy_wins_and_enemy_ties_discard():
    """A player bidding 6 against enemies of 5, 3 and 3 wins the Artifact (and equips it at once);
    two enemies tied at the top ("In the case of a tie, the Artifact is discarded into the pouch")."""
    s = _bidding(solo())
    t = s.clone()
    t.egold, t.purse = [5, 3, 3], [6]
    art = t.bart
    t.apply_action(A.A_NUM + 1)
    t.apply_action(A.A_NUM + 6)
    assert t.purse == [0] and t.egold == [0, 0, 0]
    assert art not in t.gone and (t.dec[0] in ("hp_keep", "hp_eslot") or any(art in e for e in t.eq))
    t = s.clone()
    t.egold, t.purse = [5, 5, 2], [1]
    art = t.bart
    t.apply_action(A.A_NUM + 0)  # the player stays out
    assert art in t.pouch and art not in t.gone and t.egold == [0, 0, 0]


def test_allied_players_cannot_combine_gold():
    """"Each player has a single pool for gold for their Heroes, but allied players cannot combine
    their gold. Each player must manage to overcome the bidding individually": two allies bidding 4
    and 4 (8 together) lose to an enemy hero's 5."""
    s = _bidding(coop(2, "p2_2"))
    s.purse, s.egold = [4, 4], [5, 0, 0]
    art = s.bart
    for _ in range(2):
        p = s.current_player()
        s.apply_action(A.A_NUM + 1)
    while s.dec[0] == "hp_bid":
        s.apply_action(max(s.legal_actions()))
    assert p in (0, 1) and s.purse == [0, 0] and art in s.gone


# ------------------------------------------------------------------ wounding the enemy heroes
def test_warmonger_quest_wounds_an_enemy_hero_who_then_stops_acting():
    """Warmonger Quest: "Deal one Damage to any one enemy Hero ... If the Hero's Health is reduced to
    zero then they are removed from the game": the player's enemies are the three enemy heroes; one
    at 1 Health falls and does not act this turn."""
    s = solo()
    first = s.ehero[0]
    s.hp[first] = 1
    s.apply_action(golden("warmonger"))
    assert s.dec[0] == "hp_hurt" and sorted(s.legal_actions()) == sorted(A.A_HERO + h for h in s.ehero)
    s.apply_action(A.A_HERO + first)
    assert s.hp[first] == 0
    settle(s)
    settle(s.apply_action(loc("tavern")) or s)
    s.apply_action(plain("guardian"))
    assert s.espot[0] == -1 and s.egold[0] == 3 and s.espot[2] == THIEVES


# ------------------------------------------------------------------ ten to twelve heroes
def test_ten_heroes_mana_gems_balanced_at_the_end():
    """"In the case of 10-12 Heroes participating, the resources should be distributed among all
    Heroes so that balance is achieved" (designed rule, docs): when the preparation ends, gems move
    from the hero with the most to the one with the fewest until no hero has more than one gem above
    another. Ten heroes: one with 3 gems, one with 2, eight with none (5 gems) end with five heroes
    at one gem and five at none."""
    s = coop(5, "p5_2")
    hs = sorted((h for h in range(A.NH) if s.owner[h] >= 0), key=lambda h: s.pickno[h])
    for h in hs:
        s.mana[h] = [0, 0, 0]
    s.mana[hs[0]] = [1, 1, 1]
    s.mana[hs[1]] = [1, 1, 0]
    s._cp_balance()
    counts = [sum(s.mana[h]) for h in hs]
    assert sum(counts) == 5 and max(counts) - min(counts) <= 1
    assert counts == [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]  # the fewest, earliest selected first


# ------------------------------------------------------------------ whole games
def test_full_random_games_reach_the_monsters_and_save():
    """The six turns then the Arena: "When all six rounds of preparation are over, the players' Heroes
    enter the Arena"; the enemy heroes never do (not in the Ranking); a saved state loads back with
    its enemy heroes."""
    for n, enc in ((1, "solo_3"), (2, "p2_2")):
        g = mythenv.make_game("theosis_v0", num_players=n, mode="solo" if n == 1 else "coop", encounter=enc)
        s = g.new_initial_state(3)
        r = np.random.default_rng(3)
        saved = None
        while not s.is_terminal():
            if s.phase == "prep" and s.pturn == 3 and saved is None:
                saved = s.to_dict()
                assert g.state_from_dict(saved).to_dict() == saved
            if s.phase == "arena":
                assert not set(s.ehero) & set(s.ranking)
            la = s.legal_actions()
            s.apply_action(la[int(r.integers(len(la)))])
        assert saved["ehero"] and s.returns() in ([-1.0] * n, [1.0] * n)
