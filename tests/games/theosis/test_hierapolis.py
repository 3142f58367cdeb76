"""Scenario tests of the Preparation Phase in Hierapolis (``prep="hierapolis"``, the default).

Every expected outcome is written from the rulebook ``../shared/seeds/001_4e95cd654d8b1058.txt``
(TH), FAQ and errata included, before looking at what the code does; each docstring cites its
sentence. Positions are reached by playing the Hero Phase, then set by hand where a test needs it.
"""

from __future__ import annotations

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import IllegalActionError
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import (
    ALIGNMENTS,
    HERO_INDEX,
    HIERAPOLIS,
    ITEM_INDEX,
    ITEMS,
    POWER_INDEX,
    POWERS,
)
from mythenv.games.theosis.rules.hierapolis import LOCATIONS, NQ

H, C, ITEM = HERO_INDEX, POWER_INDEX, ITEM_INDEX
A = rules


def golden(al: str) -> int:
    return A.A_SPOT + ALIGNMENTS.index(al)


def plain(al: str) -> int:
    return A.A_SPOT + NQ + ALIGNMENTS.index(al)


def loc(key: str) -> int:
    return A.A_SPOT + 2 * NQ + LOCATIONS.index(key)


class ForcedRng:
    """A generator whose next ``integers`` calls return the values given (dice, a pouch draw);
    everything else is the seeded generator's."""

    def __init__(self, values, seed=0):
        self.values = list(values)
        self.g = np.random.default_rng(seed)

    def integers(self, lo, hi=None, *a, **k):
        if self.values:
            v = self.values.pop(0)
            base = 0 if hi is None else lo
            return base + v
        return self.g.integers(lo, hi, *a, **k)

    def permutation(self, x):
        return self.g.permutation(x)


def start(picks=(("raug", 0), ("rochon", 1), ("aer", 1), ("rac", 0)), seed=0, **cfg):
    """A game after the Hero Phase: ``picks`` (hero key, seat) in the snake order the rules ask."""
    cfg.setdefault("variant", "blitz")
    g = mythenv.make_game("theosis_v0", **cfg)
    s = g.new_initial_state(seed)
    for key, seat in picks:
        assert s.current_player() == seat and s.dec[0] == "pick"
        s.apply_action(A.A_PICK + H[key] * 2)
    assert s.phase == "prep" and s.dec[0] == "hp_spot"
    return s


def play(s, *actions):
    for a in actions:
        s.apply_action(a)
    return s


def settle(s):
    """Answer the pending reward decisions (first legal action) until a hero is to be placed."""
    while s.phase == "prep" and s.dec[0] != "hp_spot":
        s.apply_action(s.legal_actions()[0])
    return s


def firsts(s, al0, al1):
    """Both players' first heroes on the golden slots of ``al0`` / ``al1``, rewards answered."""
    settle(play(s, golden(al0)))
    return settle(play(s, golden(al1)))


def finish_turn(s, seat_actions=None):
    """Play the rest of a turn with the first legal action (bids: join no)."""
    t = s.pturn
    while s.pturn == t and s.phase == "prep":
        la = s.legal_actions()
        if s.dec[0] == "hp_join":
            s.apply_action(A.A_NUM)
        else:
            s.apply_action(la[0])
    return s


# ------------------------------------------------------------------ defaults, assignment order
def test_default_prep_is_hierapolis_and_fast_stays():
    """Issue 15: ``prep="hierapolis"`` is the default; ``"fast"`` (TH § Fast Action Preparation)
    still drafts the Powers after the Hero Phase."""
    assert mythenv.make_game("theosis_v0").config["prep"] == "hierapolis"
    s = mythenv.make_game("theosis_v0", prep="fast", variant="blitz").new_initial_state(0)
    for key in ("raug", "rochon", "aer", "rac"):
        s.apply_action(A.A_PICK + H[key] * 2)
    assert s.dec[0] == "draft"


def test_start_gold_initiative_and_setup():
    """FAQ: "Each player starts the game with three gold"; TH § Assigning Heroes to Locations: "The
    player who chose their Hero first gets the initiative token" and places first; errata p.4: six
    Artifacts face down, six Weapon / Armor tokens in the Market, the rest in the pouch, the
    Alignment cubes on 0."""
    s = start()
    assert s.purse == [3, 3]
    assert s.initiative == 0 and s.current_player() == 0 and s.pturn == 1
    assert len(s.arow) == 6 and all(ITEMS[i].artifact for i in s.arow)
    assert len(s.offer) == 6 and not any(ITEMS[i].artifact for i in s.offer)
    assert sorted(s.pouch + s.arow + s.offer) == list(range(rules.NI))
    assert s.track == [0, 0, 0]


def test_first_hero_must_take_a_golden_slot_then_plain_spots_only():
    """Errata p.10: "When allocating your first Hero, you must choose one of the golden slots in the
    Quest Locations in order to gain a Power"; TH § Quests: "You can only assign one Hero each turn
    to the golden circle spaces". Clockwise, one hero at a time per player."""
    s = start()
    assert s.legal_actions() == [golden(a) for a in ALIGNMENTS]
    play(s, golden("guardian"))
    assert s.current_player() == 1
    assert golden("guardian") not in s.legal_actions() and len(s.legal_actions()) == 5  # one slot per Quest
    play(s, golden("merciful"), A.A_DONE)  # no gems taken ("up to two")
    assert s.current_player() == 0 and s.dec[0] == "hp_spot"
    second = s.legal_actions()
    assert not any(a in second for a in (golden(x) for x in ALIGNMENTS))
    assert plain("warmonger") in second and loc("tavern") in second
    with pytest.raises(IllegalActionError):
        s.apply_action(golden("warmonger"))


def test_power_piles_in_printed_order_unpicked_powers_removed():
    """TH § Order of Powers: "The top card is the Power with Values (4,0) followed by (3,1), (2,2),
    (1,1), (1,3), (0,4)"; § Assigning Heroes: "When all players have allocated their first Hero,
    remove any Power that was not selected for this round". Six turns give every player one Power
    of each value."""
    s = start()
    assert sorted(s.pool) == sorted(c for c in range(rules.NC)
                                    if (POWERS[c].attack, POWERS[c].defense) == (4, 0) and not POWERS[c].expansion)
    firsts(s, "warmonger", "righteous")
    assert s.hand[0] == [C["warcraft"]] and s.hand[1] == [C["fiery_purge"]]
    assert s.pool == []  # the other four (4,0) Powers left the game
    assert s.cowner[C["blind"]] == -1
    finish_turn(s)
    assert s.pturn == 2
    assert {(POWERS[c].attack, POWERS[c].defense) for c in s.pool} == {(3, 1)}
    while s.phase == "prep":
        finish_turn(s)
    for p in range(2):
        vals = sorted((POWERS[c].attack, POWERS[c].defense) for c in s.hand[p])
        assert vals == sorted([(4, 0), (3, 1), (2, 2), (1, 1), (1, 3), (0, 4)])


def test_expansion_choice_force_sunder_or_nova():
    """Errata p.4 (printed example): "At the beginning of the second round on the Righteous Quest
    there will be the Force Sunder Power card on top of the card pile. The first player places a
    Hero on that Quest Location can now choose to acquire either the Force Sunder card or the Nova
    card ... He chooses Force Sunder and removes Nova from the game." And TH § Expansion Cards: "If
    the Warmonger Quest is not completed in the first turn, then both cards are removed"."""
    s = start(expansion=True)
    assert C["incinerating_fury"] in s.pool and C["warcraft"] in s.pool
    firsts(s, "guardian", "deceitful")
    assert s.cowner[C["incinerating_fury"]] == -1 and s.cowner[C["warcraft"]] == -1 and not s.pool
    finish_turn(s)
    assert s.pturn == 2 and {C["force_sunder"], C["nova"]} <= set(s.pool)
    play(s, golden("righteous"))
    assert s.dec[0] == "hp_power" and s.legal_actions() == sorted([A.A_CARD + C["force_sunder"], A.A_CARD + C["nova"]])
    play(s, A.A_CARD + C["force_sunder"])
    assert C["force_sunder"] in s.hand[0] and C["nova"] not in s.pool and s.cowner[C["nova"]] == -1


# ------------------------------------------------------------------ the six Quests
def test_plain_quest_slot_only_steers_the_marker():
    """TH § Quests: on the non-gold spaces "your only reward is to move the Alignment Marker. You do
    not get an extra Power or gain the specific quest reward"; errata p.4: heroes "steer the markers
    left or right towards the Alignment they were placed"."""
    s = start()
    firsts(s, "deceitful", "vengeful")
    t = [tr["key"] for tr in HIERAPOLIS["tracks"]]
    dr, vm = t.index("deceitful_righteous"), t.index("vengeful_merciful")
    assert s.track[dr] == 1 and s.track[vm] == 1
    purse, hand = s.purse[:], [h[:] for h in s.hand]
    play(s, plain("righteous"))
    assert s.track[dr] == 0 and s.purse == purse and s.hand == hand


def test_warmonger_quest_gold_and_one_damage():
    """TH § Warmonger Quest: "Gain 4 Gold. Deal one Damage to any one enemy Hero"."""
    s = start()
    play(s, golden("warmonger"))
    assert s.purse[0] == 7 and s.dec[0] == "hp_hurt"
    assert s.legal_actions() == sorted([A.A_HERO + H["rochon"], A.A_HERO + H["aer"]])
    play(s, A.A_HERO + H["aer"])
    assert s.hp[H["aer"]] == 8


def test_damage_at_zero_removes_the_hero_from_the_game():
    """TH § Warmonger Quest: "If the Hero's Health is reduced to zero then they are removed from the
    game": it places no hero from then on and never enters the Arena."""
    s = start()
    s.hp[H["aer"]] = 1
    play(s, golden("warmonger"), A.A_HERO + H["aer"])
    assert s.hp[H["aer"]] == 0
    play(s, golden("merciful"))  # seat 1 plays on with its other hero
    finish_turn(s)
    assert s.pquota == [2, 1]
    while s.phase != "arena" and not s.is_terminal():
        la = s.legal_actions()
        s.apply_action(A.A_NUM if s.dec[0] == "hp_join" else la[0])
    assert s.pos[H["aer"]] == -1 and s.pos[H["rochon"]] >= 0


def test_guardian_quest_initiative_takes_effect_next_turn():
    """TH § Guardian Quest: "Gain 4 Gold. Gain the Initiative Marker. This action does not affect
    this turn; it takes effect at the beginning of the next turn"."""
    s = start()
    settle(play(s, golden("righteous")))
    play(s, golden("guardian"))
    assert s.purse[1] == 7 and s.initiative == 1
    assert s.current_player() == 0  # this turn's order is unchanged
    finish_turn(s)
    assert s.pturn == 2 and s.current_player() == 1 and s.pfirst == 1


def test_deceitful_quest_steals_up_to_three():
    """TH § Deceitful Quest: "Choose a player. You may steal up to three gold tokens from that
    player"; a player with two gold loses both."""
    s = start()
    s.purse[1] = 2
    play(s, golden("deceitful"))
    assert s.dec[0] == "hp_steal" and s.legal_actions() == [A.A_SEAT + 1]
    play(s, A.A_SEAT + 1)
    assert s.purse == [5, 0]


def test_righteous_quest_draw_keep_or_discard():
    """TH § Righteous Quest: "Gain 3 Gold. Mix all Weapons, Armor and artifacts in the pouch and
    randomly select one. If you decide to keep it, you must immediately equip it on one of your
    Hero's mats. Otherwise Discard it back to the pouch"."""
    s = start()
    bow = ITEM["longbow"]  # nobody here can use a bow (Raug, Rac): it can only go back
    staff = ITEM["oak_staff"]  # Rac can
    for it in (bow, staff):
        if it not in s.pouch:
            s.offer.remove(it)
            s.pouch = sorted(s.pouch + [it])
    s.rng = ForcedRng([s.pouch.index(staff)])
    play(s, golden("righteous"))
    assert s.purse[0] == 6 and s.dec[0] == "hp_keep" and s.pdraw == staff
    assert s.legal_actions() == [A.A_HERO + H["rac"], A.A_DONE]
    play(s, A.A_HERO + H["rac"])
    assert s.eq[H["rac"]][rules.W] == staff and staff not in s.pouch
    s2 = start()
    if bow not in s2.pouch:
        s2.offer.remove(bow)
        s2.pouch = sorted(s2.pouch + [bow])
    s2.rng = ForcedRng([s2.pouch.index(bow)])
    play(s2, golden("righteous"))
    assert s2.dec[0] == "hp_keep" and s2.legal_actions() == [A.A_DONE]  # shown; only "discard it back"
    play(s2, A.A_DONE)
    assert s2.current_player() == 1 and s2.dec[0] == "hp_spot" and bow in s2.pouch and s2.pdraw == -1


def test_vengeful_quest_steals_a_market_item_replacing_one():
    """TH § Vengeful Quest: "Gain 2 Gold. Look at the Weapons and Armor in the Market and choose one
    to steal. If you decide to do so, you must immediately equip it in your Hero mat. You may replace
    a Weapon or Armor currently equipped. Discard the replaced token into the pouch"."""
    s = start()
    robe, old = ITEM["dusk_robe"], ITEM["ember_robe"]
    for it in (robe, old):
        if it in s.offer:
            s.offer.remove(it)
        if it in s.pouch:
            s.pouch.remove(it)
    s.offer = sorted(s.offer[:5] + [robe])
    s.pouch = sorted(set(range(rules.NI)) - set(s.offer) - set(s.arow) - {old})
    s.eq[H["rac"]][rules.ARM] = old
    play(s, golden("vengeful"))
    assert s.purse[0] == 5 and s.dec[0] == "hp_market" and A.A_DONE in s.legal_actions()
    play(s, A.A_ITEM + robe)
    assert s.dec[0] == "hp_keep" and A.A_DONE not in s.legal_actions()
    play(s, A.A_HERO + H["rac"])
    assert s.eq[H["rac"]][rules.ARM] == robe and old in s.pouch and robe not in s.offer


def test_merciful_quest_two_gems_split():
    """TH § Merciful Quest: "Gain 3 Gold. Take up to two Mana gems. You must immediately equip them
    on your Heroes' mats. You may equip both on one Hero or split them between two different
    Heroes"."""
    s = start()
    play(s, golden("merciful"))
    assert s.purse[0] == 6 and s.dec[0] == "hp_gem"
    play(s, A.A_HERO + H["raug"], A.A_SLOT + 0, A.A_HERO + H["rac"], A.A_SLOT + 2)
    assert s.mana[H["raug"]] == [1, 0, 0] and s.mana[H["rac"]] == [0, 0, 1]
    assert s.current_player() == 1 and s.dec[0] == "hp_spot"


# ------------------------------------------------------------------ the locations
def _second_hero(s, seat0="righteous", seat1="guardian"):
    firsts(s, seat0, seat1)
    assert s.current_player() == 0
    return s


def test_tavern_initiative_next_turn():
    """TH § Tavern: "Gain the Initiative Marker. This action does not affect this turn; it takes
    effect at the beginning of the next turn. Whoever manages to hold onto the Initiative Marker
    until the beginning of a turn plays first"."""
    s = start()
    firsts(s, "righteous", "vengeful")
    assert s.current_player() == 0
    play(s, plain("righteous"))
    play(s, loc("tavern"))
    assert s.initiative == 1
    finish_turn(s)
    assert s.current_player() == 1 and s.pfirst == 1


def test_cathedral_gems_to_supply_and_full_heal():
    """TH § Cathedral: "Take up to two Mana gems ... Then completely Heal any one Hero, setting his or
    her Health to 9"; FAQ: the gems go "into the player's supply" (placed at the end of the
    preparation: designed)."""
    s = _second_hero(start())
    s.hp[H["rac"]] = 3
    play(s, loc("cathedral"))
    assert s.msupply[0] == 2 and s.dec[0] == "hp_heal"
    play(s, A.A_HERO + H["rac"])
    assert s.hp[H["rac"]] == 9 and s.mana[H["rac"]] == [0, 0, 0]


def _thieves(s, face_key):
    faces = [f["key"] for f in HIERAPOLIS["faces"]]
    s.rng = ForcedRng([faces.index(face_key)])
    play(s, loc("thieves_guild"))
    return s


def test_thieves_guild_costs_and_steal_mana():
    """TH § Thieves Guild, "Steal one Mana: Target one enemy Hero's skill containing a Mana gem and
    remove it. Immediately place it in one of your Hero's skills"; entering costs 1 gold (designed:
    the co-op rules send enemy heroes there "without paying any cost")."""
    s = _second_hero(start())
    s.mana[H["aer"]] = [0, 1, 1]
    before = s.purse[0]
    _thieves(s, "steal_mana")
    assert s.purse[0] == before - 1 and s.dec[0] == "hp_mtarget"
    assert s.legal_actions() == [A.A_HERO + H["aer"]]
    play(s, A.A_HERO + H["aer"], A.A_SLOT + 2, A.A_HERO + H["raug"], A.A_SLOT + 1)
    assert s.mana[H["aer"]] == [0, 1, 0] and s.mana[H["raug"]] == [0, 1, 0]


def test_thieves_guild_steal_mana_without_empty_skill_discards_and_nobody_to_rob():
    """"If you do not have an empty skill for the Mana gem, then discard it. If there are no Heroes
    with Mana to target then you cannot steal a gem"."""
    s = _second_hero(start())
    s.mana[H["aer"]] = [1, 0, 0]
    s.mana[H["raug"]] = [1, 1, 1]
    s.mana[H["rac"]] = [1, 1, 1]
    _thieves(s, "steal_mana")
    play(s, A.A_HERO + H["aer"])
    assert s.mana[H["aer"]] == [0, 0, 0] and s.current_player() == 1 and s.dec[0] == "hp_spot"
    s = _second_hero(start())
    _thieves(s, "steal_mana")
    assert s.current_player() == 1 and s.dec[0] == "hp_spot"


def test_thieves_guild_three_damage():
    """"Deal three Damage: You deal three Damage to any one enemy Hero ... If that Hero's Health is
    reduced to 0, then that Hero is removed from the game"."""
    s = _second_hero(start())
    s.hp[H["rochon"]] = 2
    _thieves(s, "damage")
    play(s, A.A_HERO + H["rochon"])
    assert s.hp[H["rochon"]] == 0 and not s.standing(H["rochon"])


@pytest.mark.parametrize("face,amount", [("steal_gold_2", 2), ("steal_gold_4", 4)])
def test_thieves_guild_steal_gold(face, amount):
    """"Steal two or four gold: You decide from which player to steal gold. Steal as many gold tokens
    as they have up to two or four according to the roll result"."""
    s = _second_hero(start())
    s.purse = [5, 3]
    _thieves(s, face)
    play(s, A.A_SEAT + 1)
    got = min(amount, 3)
    assert s.purse == [5 - 1 + got, 3 - got]


def test_thieves_guild_initiative_and_designed_fence():
    """"Gain Initiative ... it takes effect at the beginning of the next turn"; the sixth face
    (designed, data/hierapolis.toml): a token from the pouch, kept and equipped or discarded."""
    s = _second_hero(start())
    _thieves(s, "initiative")
    assert s.initiative == 0 and s.pfirst == 0
    s = _second_hero(start(), seat1="guardian")
    assert s.initiative == 1
    _thieves(s, "initiative")
    assert s.initiative == 0
    s = _second_hero(start())
    staff = ITEM["shadow_staff"]
    if staff not in s.pouch:
        s.offer.remove(staff)
        s.pouch = sorted(s.pouch + [staff])
    faces = [f["key"] for f in HIERAPOLIS["faces"]]
    s.rng = ForcedRng([faces.index("fence"), s.pouch.index(staff)])
    play(s, loc("thieves_guild"))
    assert s.dec[0] == "hp_keep" and s.pdraw == staff
    play(s, A.A_HERO + H["rac"])
    assert s.eq[H["rac"]][rules.W] == staff


def test_mercenary_camp_d4_gold():
    """TH § Mercenary Camp: "Roll the four-sided die and earn that much gold as the result"."""
    s = _second_hero(start())
    before = s.purse[0]
    s.rng = ForcedRng([2])  # the third face: 3
    play(s, loc("mercenary_camp"))
    assert s.purse[0] == before + 3


def test_market_select_and_equip_at_once():
    """TH § Market: "Select and gain one Market item. You must immediately equip it in your Hero mat.
    You may replace a Weapon or Armor currently equipped; Discard the replaced token into the
    pouch"."""
    s = _second_hero(start())
    staff = ITEM["ember_staff"]
    if staff not in s.offer:
        s.pouch.remove(staff)
        s.pouch.append(s.offer.pop(0))
        s.pouch.sort()
        s.offer = sorted(s.offer + [staff])
    play(s, loc("market"))
    assert s.dec[0] == "hp_market" and A.A_DONE not in s.legal_actions()
    play(s, A.A_ITEM + staff)
    play(s, A.A_HERO + H["rac"])
    assert s.eq[H["rac"]][rules.W] == staff and staff not in s.offer


def test_mage_tower_keeps_one_ritual_face_down_under_a_public_turn_marker():
    """TH § Mage Tower: "randomly take six ... Study the Rituals and select one to prepare. Shuffle
    the rest of the Rituals back into the deck. Place the Ritual you are preparing face down ...
    Select one turn token and place it on top of your Ritual": the Ritual is hidden from the other
    players, the turn marker lying on it is not."""
    s = _second_hero(start())
    deck = len(s.rdeck)
    play(s, loc("mage_tower"))
    assert s.dec[0] == "hp_ritual" and len(s.mdraw) == min(6, deck) and len(s.rdeck) == deck - len(s.mdraw)
    r = s.mdraw[1]
    o1 = s.observation(1) if hasattr(s, "observation") else None
    play(s, A.A_RITUAL + r)
    assert len(s.rdeck) == deck - 1 and s.dec[0] == "hp_rturn"
    play(s, A.A_NUM + 4)
    assert s.prepared[0] == [[r, 4]]
    del o1
    g = s.game
    obs = {}
    other = (r + 1) % len(s.rdeck + [r])
    for rr, t in ((r, 4), (other, 4), (r, 7)):
        x = s.clone()
        x.prepared[0] = [[rr, t]]
        x.rdeck = sorted(set(s.rdeck + [r]) - {rr})
        out = np.zeros(g.observer.size, np.float32)
        g.encode(x, 1, out)
        obs[rr, t] = out
    assert np.array_equal(obs[r, 4], obs[other, 4])  # which card: hidden
    assert not np.array_equal(obs[r, 4], obs[r, 7])  # which marker: seen
    assert g.observer.piece(obs[r, 7], "rit_marks")[1][7 - 1] == 1  # seat 0 is seat 1's relative seat 1


def test_mage_tower_deck_running_low():
    """"... or if the deck is running low, as many as are available"."""
    s = _second_hero(start())
    s.rdeck = s.rdeck[:2]
    play(s, loc("mage_tower"))
    assert len(s.mdraw) == 2 and s.rdeck == []


# ------------------------------------------------------------------ the Artifact bidding
def _to_bidding(s):
    while s.dec[0] != "hp_join":
        s.apply_action(s.legal_actions()[0])
    return s


def _bid(s, value):
    """Write a bid digit by digit, as many digits as the purse has."""
    digits = str(value).rjust(len(str(s.purse[s.current_player()])), "0")
    for d in digits:
        s.apply_action(A.A_NUM + int(d))


def test_bidding_highest_wins_all_bids_paid():
    """TH § Artifacts: "the leftmost facedown Artifact is revealed ... Each player secretly selects a
    number of coins ... The highest bid wins the Artifact. All gold from all bids, winning or losing,
    is returned to the gold pile"."""
    s = _to_bidding(start())
    art = s.bart
    assert art >= 0 and ITEMS[art].artifact and len(s.arow) == 5
    s.purse = [6, 5]
    play(s, A.A_NUM + 1, A.A_NUM + 1)
    _bid(s, 4)
    _bid(s, 3)
    assert s.purse == [2, 2]
    if s.dec[0] == "hp_keep":
        assert s.current_player() == 0
        s.apply_action(s.legal_actions()[0])
        assert any(art in s.eq[h] for h in (H["raug"], H["rac"]))
    else:
        assert art in s.pouch  # neither of seat 0's heroes can use it


def test_bidding_tie_discards_the_artifact_to_the_pouch():
    """"In the case of a tie, the Artifact is discarded into the pouch and all gold from all bids is
    again removed from each participating player"."""
    s = _to_bidding(start())
    art = s.bart
    s.purse = [6, 5]
    play(s, A.A_NUM + 1, A.A_NUM + 1)
    _bid(s, 3)
    _bid(s, 3)
    assert s.purse == [3, 2] and art in s.pouch and s.bart == -1


def test_bids_are_hidden_until_revealed():
    """"Each player secretly selects a number of coins ... When all players are ready, all bids are
    simultaneously revealed": the second bidder's observation, mask and the seat asked next do not
    depend on the first bid; ``resample_hidden`` redraws it."""
    base = _to_bidding(start())
    base.purse = [9, 9]
    play(base, A.A_NUM + 1, A.A_NUM + 1)
    views = []
    for v in (1, 8):
        s = base.clone()
        _bid(s, v)
        assert s.current_player() == 1
        out = np.zeros(s.game.observer.size, np.float32)
        s.game.encode(s, 1, out)
        views.append((out, s.legal_actions(), s.render(1)))
    assert np.array_equal(views[0][0], views[1][0]) and views[0][1] == views[1][1] and views[0][2] == views[1][2]
    s = base.clone()
    _bid(s, 8)
    seen = {s.resample_hidden(1, np.random.default_rng(k)).bid[0] for k in range(40)}
    assert len(seen) > 3 and all(0 <= b <= 9 for b in seen)


def test_market_refresh_six_new_old_back_to_pouch():
    """TH § Market: "randomly choose six new Weapon and Armor tokens from the pouch to refresh the
    Market. If an artifact was randomly selected, show it ... then shuffle it back into the pouch.
    All unclaimed Weapons and Armor from this turn are shuffled back into the pouch after the new
    Weapons and Armors are drawn"."""
    s = start()
    old = set(s.offer)
    finish_turn(s)
    assert len(s.offer) == 6 and not any(ITEMS[i].artifact for i in s.offer)
    assert not (old & set(s.offer)) or len(old - set(s.offer)) > 0
    assert all(i in s.pouch or any(i in e for e in s.eq) for i in old - set(s.offer))
    assert all(i in s.pouch for i in s.aseen if i not in s.arow and i != s.bart
               and not any(i in e for e in s.eq))


# ------------------------------------------------------------------ after turn 6
def _to_end(s):
    while s.phase == "prep":
        la = s.legal_actions()
        s.apply_action(A.A_NUM if s.dec[0] == "hp_join" else la[0])
    return s


def test_alignment_bonus_example():
    """TH § Alignment and Ranking, step 1, example: "The Alignment marker ended on +2 towards
    Deceitful against Righteous. This means that if the Deviant Succubus or Nefarious Necromancer ...
    are in play, they both gain 20 gold ... The Celestial Priestess and Sacred Paladin who favor the
    Righteous Alignment receive nothing"."""
    s = start()
    s.pturn = 6
    s.q = [["hp_end"]]
    s.dec = None
    s.track = [0, 2, 0]
    s.msupply = [0, 0]
    s._run()
    assert s.gold[H["raug"]] == 20 and s.gold[H["rac"]] == 20
    assert s.gold[H["rochon"]] == 0 and s.gold[H["aer"]] == 0


def test_gold_allocation_example_and_order():
    """Step 2: "Starting with the player to the right of the player holding the Initiative Marker and
    continuing counter-clockwise, each player will allocate their gold ... the player holding the
    Initiative Marker will allocate gold last". Example: three gold; the Succubus and the
    Necromancer hold 20 each, the Ancient Druid 0; one gold to the Succubus, two to the Druid:
    21 / 20 / 2."""
    picks = (("raug", 0), ("rochon", 1), ("gurth", 2), ("edhel", 2), ("aer", 1), ("rac", 0),
             ("nimloth", 0), ("sauth", 1), ("lug", 2))
    s = start(picks=picks, num_players=3, variant="normal")
    s.pturn = 6
    s.q = [["hp_end"]]
    s.dec = None
    s.initiative = 1
    s.track = [0, 2, 1]  # Deceitful +2; Vengeful +1: the Druid's Merciful side lost
    s.msupply = [0, 0, 0]
    s.purse = [3, 1, 1]
    s._run()
    assert s.gold[H["raug"]] == 20 and s.gold[H["rac"]] == 20 and s.gold[H["nimloth"]] == 0
    assert s.phase == "gold"
    asked = []
    for a in (A.A_HERO + H["raug"], A.A_HERO + H["nimloth"], A.A_HERO + H["nimloth"]):
        asked.append(s.current_player())
        play(s, a)
    assert (s.gold[H["raug"]], s.gold[H["rac"]], s.gold[H["nimloth"]]) == (21, 20, 2)
    while s.phase == "gold":
        asked.append(s.current_player())
        s.apply_action(s.legal_actions()[0])
    # right of the holder (seat 1) is seat 0, then counter-clockwise seat 2, the holder last
    assert [q for i, q in enumerate(asked) if i == 0 or asked[i - 1] != q] == [0, 2, 1]


def test_ranking_ties_by_initiative():
    """FAQ: "When two or more heroes have the same amount of gold, they are placed in the Ranking in
    order of initiative"; step 3: "The Hero who has the highest amount of gold ... position 1"."""
    s = start()
    s.pturn = 6
    s.q = [["hp_end"]]
    s.dec = None
    s.initiative = 1
    s.track = [0, 0, 0]
    s.purse = [0, 0]
    s.msupply = [0, 0]
    s.gold = [0] * rules.NH
    s.gold[H["raug"]] = 5
    s.gold[H["aer"]] = 5
    s.gold[H["rac"]] = 7
    s._run()
    assert s.ranking[:3] == [H["rac"], H["aer"], H["raug"]]  # the tie: seat 1 holds the initiative


def test_supply_gems_placed_when_the_preparation_ends():
    """FAQ: the Cathedral's gems go "into the player's supply"; designed: they are placed in empty
    skills when the preparation ends."""
    s = start()
    s.pturn = 6
    s.q = [["hp_end"]]
    s.dec = None
    s.msupply = [2, 0]
    s._run()
    assert s.dec[0] == "hp_gem" and s.current_player() == 0 and A.A_DONE not in s.legal_actions()
    play(s, A.A_HERO + H["rac"], A.A_SLOT + 0, A.A_HERO + H["rac"], A.A_SLOT + 1)
    assert s.mana[H["rac"]] == [1, 1, 0] and s.msupply == [0, 0]


def test_a_full_game_reaches_the_arena_with_six_powers_each():
    """After turn 6 the Heroes enter the Arena (TH § Preparation Phase) with the six Powers of the
    six Quest rounds."""
    s = _to_end(start())
    while s.phase != "arena" and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "arena"
    assert all(len(s.hand[p]) == 6 for p in range(2))
    s.check_invariants()


# ------------------------------------------------------------------ saves, bad input, hidden Rituals
def test_save_round_trip_and_corrupt_saves_refused():
    """A Hierapolis position mid-bidding saves and loads exactly; a save whose spot holds more heroes
    than its slots, or whose bid exceeds its purse, is refused with the project's StateError."""
    from mythenv.core.errors import StateError
    s = _to_bidding(start())
    s.purse = [6, 5]
    play(s, A.A_NUM + 1, A.A_NUM + 1)
    _bid(s, 4)
    g = s.game
    d = s.to_dict()
    t = g.state_from_dict(d)
    assert t.to_dict() == d and t.legal_actions() == s.legal_actions()
    bad = s.to_dict()
    bad["spots"][loc("tavern") - A.A_SPOT] = [0, 1]
    with pytest.raises(StateError):
        g.state_from_dict(bad)
    bad = s.to_dict()
    bad["bid"][0] = 99
    with pytest.raises(StateError):
        g.state_from_dict(bad)
    bad = s.to_dict()
    bad["track"][0] = 7
    with pytest.raises(StateError):
        g.state_from_dict(bad)


def test_bid_being_written_beyond_the_purse_refused():
    """A saved bid being written digit by digit stays within its purse: a pending or queued bid with
    more digits than the purse has, digits so far above it, or ``bpart`` not the digits of the
    pending bid is refused with a StateError naming the fields."""
    from mythenv.core.errors import StateError
    s = _to_bidding(start())
    s.purse = [15, 15]
    play(s, A.A_NUM + 1, A.A_NUM + 1, A.A_NUM + 1)  # both join; seat 0 writes its first digit
    g = s.game
    d = s.to_dict()
    assert d["dec"][0] == "hp_bid" and d["dec"][2:4] == [0, 1] and d["bpart"] == 1
    assert g.state_from_dict(d).to_dict() == d
    ask = next(i for i, t in enumerate(d["q"]) if t[0] == "hp_bid_ask")
    for field, path, v in (("dec and purse", ("dec", 3), 2), ("dec and purse", ("dec", 2), 2),
                           ("dec and bpart", ("bpart",), 0), ("q and purse", ("q", ask, 3), 2),
                           ("q and purse", ("q", ask, 2), 2)):
        bad = s.to_dict()
        at = bad
        for k in path[:-1]:
            at = at[k]
        at[path[-1]] = v
        if path == ("dec", 3):
            bad["bpart"] = v
        with pytest.raises(StateError, match=f"fields {field} disagree"):
            g.state_from_dict(bad)


def test_illegal_actions_refused_and_nothing_changes():
    """Bad input changes nothing: a golden slot for a second hero, a spot already full, a bid above
    the purse."""
    s = start()
    firsts(s, "righteous", "guardian")
    d = s.to_dict()
    for a in (golden("warmonger"), A.A_SEAT + 1, A.A_HEX):
        with pytest.raises(IllegalActionError):
            s.apply_action(a)
    assert s.to_dict() == d
    s = _to_bidding(start())
    s.purse = [3, 3]
    play(s, A.A_NUM + 1, A.A_NUM)
    assert s.dec[0] == "hp_bid" and s.legal_actions() == [A.A_NUM + d for d in range(4)]
    with pytest.raises(IllegalActionError):
        s.apply_action(A.A_NUM + 4)


def test_mage_tower_draw_shared_by_the_team_hidden_from_the_others():
    """TH § Team vs Team: team mates "can exchange any private information such as face down Powers
    or Rituals": in 2 teams of 2, the Rituals a seat draws at the Mage Tower are seen by its mate, not
    by the opponents; ``resample_hidden`` redraws them from an opponent's view, never from the team's;
    the Ritual prepared is its team's only (``rit_cards``)."""
    picks = (("raug", 0), ("rochon", 1), ("aer", 2), ("rac", 3), ("lug", 3), ("gurth", 2), ("edhel", 1),
             ("nimloth", 0))
    s = start(picks=picks, num_players=4, mode="teams_2x2")
    firsts(s, "righteous", "guardian")
    settle(play(s, golden("warmonger")))
    settle(play(s, golden("merciful")))
    assert s.current_player() == 0
    play(s, loc("mage_tower"))
    assert s.dec[0] == "hp_ritual"
    g = s.game
    drawn = {}
    for seat in range(4):
        out = np.zeros(g.observer.size, np.float32)
        g.encode(s, seat, out)
        drawn[seat] = sorted(np.flatnonzero(g.observer.piece(out, "prep_drawn")).tolist())
    assert drawn[0] == drawn[2] == s.mdraw and drawn[1] == drawn[3] == []
    assert all(s.resample_hidden(2, np.random.default_rng(k)).mdraw == s.mdraw for k in range(10))
    assert len({tuple(s.resample_hidden(1, np.random.default_rng(k)).mdraw) for k in range(30)}) > 1
    r = s.mdraw[0]
    play(s, A.A_RITUAL + r, A.A_NUM + 3)
    assert s.prepared[0] == [[r, 3]]
    seen = {}
    for seat in range(4):
        out = np.zeros(g.observer.size, np.float32)
        g.encode(s, seat, out)
        seen[seat] = g.observer.piece(out, "rit_cards")[r].tolist()
    assert seen[0] == seen[2] and seen[0][1] == 1 and seen[1] == seen[3] and seen[1][1] == 0


# ------------------------------------------------------------------ the data file
@pytest.mark.parametrize("old,new,field", [
    ('key = "warmonger"\ngold = 4', 'key = "warmonger"\ngold = 5', "warmonger"),
    ('bonus = [10, 20, 30]', 'bonus = [10, 25, 30]', "bonus"),
    ('key = "mage_tower"\nslots = 1\ncost = 0\nsource = "designed"\nrationale = "nine',
     'key = "mage_tower"\nslots = 1\ncost = 0\nsource = "designed"\nrationale = "" # "nine', "rationale"),
    ('key = "quest_golden"\nslots = 1', 'key = "quest_golden"\nslots = 2', "quest_golden"),
])
def test_data_file_checked_with_the_printed_numbers(tmp_path, old, new, field):
    """The loader keeps ``data/hierapolis.toml`` consistent with every printed number (TH § Quests:
    the rewards; § Alignment and Ranking: 10 / 20 / 30 gold) and every design marked with its
    rationale; a bad file fails naming the file and the record."""
    from mythenv.core.data import DataError
    from mythenv.games.theosis import cards
    text = (cards.DATA / "hierapolis.toml").read_text()
    assert old in text
    bad = tmp_path / "hierapolis.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match="hierapolis.toml") as e:
        cards.load_hierapolis(bad)
    assert field in str(e.value)
