"""Rituals in the Arena (issue 15, "The Rituals"): casting, every Ritual card's effect and number, the
placement limits, the terrain, the turn-1 starting triads. Docstrings cite ``001_4e95cd654d8b1058.txt``
(TH), its FAQ and errata.

Positions are built with ``builder.arena``; the Rituals a seat prepared at the Mage Tower are set in
``state.prepared`` directly (``[ritual, turn]`` pairs) and ``start`` begins an Arena turn (its Rituals
first); tokens already in the Arena are put down with ``state.r_put``."""

import numpy as np
import pytest

from mythenv.games.theosis import rules
from mythenv.games.theosis.observe import OBSERVER
from mythenv.games.theosis.rules.rituals import PLACE_AT, PLACEMENTS, RK
from tests.conformance.helpers import checked_observation

from .builder import act, arena, card, game, hero, hexi

G2 = game()
GE = game(expansion=True)
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
M_SET = ["entangling_roots", "hailstorm", "lightning_strike", "cleansing_rain", "rejuvenation", "blazing_sun"]


def pl(key, q, r, rot=0):
    """The placement index of Ritual ``key``'s token with its offset (0, 0) on hex (q, r), turned ``rot``."""
    i = hexi(q, r) * 6 + rot
    assert i in PLACE_AT[RK[key]], (key, q, r, rot)
    return i


def hexes(key, q, r, rot=0):
    """The (hexes, blocked hexes) of that placement."""
    return PLACE_AT[RK[key]][pl(key, q, r, rot)]


def put(s, key, q, r, rot=0, seat=0):
    s.r_put(RK[key], pl(key, q, r, rot), seat)
    s._legal = None


def start(s, turn, prepared=None, initiative=None):
    """Begin Arena turn ``turn``: its Rituals are cast, then the heroes act in Ranking order."""
    for p, lst in (prepared or {}).items():
        s.prepared[p] = [[RK[k], t] for k, t in lst]
    if initiative is not None:
        s.initiative = initiative
    s.turn = turn - 1
    s.q = [["turn_start"]]
    s.dec = None
    s._legal = None
    s._run()
    return s


def end_turn(s):
    """Skip to the end of the current Arena turn (the next one starts)."""
    s.dec, s.q, s._legal = None, [["turn_end"]], None
    s._run()


def duo(heroes=None, hands=None, g=G2, ranking=None, turn=2):
    heroes = heroes or {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1))}
    return arena(g, heroes, hands or {0: W_SET, 1: D_SET}, ranking=ranking or list(heroes), turn=turn)


def place(s, key, q, r, rot=0):
    """The caster, asked where its token goes, puts it there."""
    assert s.dec[0] == "r_place" and s.dec[2] == RK[key]
    s.apply_action(rules.A_RPLACE + pl(key, q, r, rot))


def logged(s, text):
    return any(text in line for line in s.log)


def attack(s, target, acard, dcard):
    """The hero to act stays, attacks ``target`` with ``acard`` face down; the target defends with ``dcard``."""
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero(target))
    act(s, "card", card(acard))
    act(s, "card", card(dcard))


def views(g, s):
    for p in range(s.n):
        checked_observation(g, s, p)  # the compiled encoder writes what the Python one writes


# ------------------------------------------------------------------------------------ casting


def test_ritual_cast_at_the_start_of_its_turn_before_heroes_act():
    """TH § Combat Turns: "The first thing that happens in the Arena each turn is the Rituals. If there
    is a Ritual with a turn marker matching the current turn, it is activated by the player casting
    it. Then each Hero acts". Consecration (TH § Rituals): "Remove all Blessings on all enemy Heroes
    and deal one Light Damage to them". Prepared for turn 3: nothing on turn 2; on turn 3 the card is
    revealed, the enemy loses Aegis and 1 Health, the caster's own hero is untouched, then the first
    hero of the Ranking decides."""
    s = duo()
    s.token[card("aegis")] = hero("rac")
    start(s, 2, {0: [("consecration", 3)]})
    assert s.hp[hero("rac")] == 9 and s.prepared[0] == [[RK["consecration"], 3]] and s.rshown == []
    end_turn(s)
    assert s.turn == 3
    assert s.hp[hero("rac")] == 8 and s.token[card("aegis")] == -1
    assert s.hp[hero("norn")] == 9
    assert s.prepared[0] == [] and s.rshown == [RK["consecration"]]
    assert s.dec[0] == "move" and s.dec[2] == hero("norn")
    views(G2, s)


@pytest.mark.parametrize("armor", ["frost_robe", "starweave_robe"])
def test_consecration_negated_by_light_resistance_or_protection(armor):
    """TH § Rituals, Consecration: "This Damage is negated if the target Heroes have Light protection
    or Light resistance" (Frost Robe: Light resistance; Starweave Robe: Light protection). The
    Blessings still go."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1), eq=[None, None, armor])})
    s.token[card("aegis")] = hero("rac")
    start(s, 2, {0: [("consecration", 2)]})
    assert s.hp[hero("rac")] == 9 and s.token[card("aegis")] == -1


@pytest.mark.parametrize("initiative, health", [(1, 9), (0, 8)])
def test_rituals_of_one_turn_resolve_in_initiative_order(initiative, health):
    """Designed order (FAQ: "Most ties in Theosis are resolved by initiative order"): the Rituals of
    one turn resolve seat by seat from the initiative holder clockwise. Norn (seat 0) at 8 Health;
    seat 0 casts Purification (heal 2), seat 1 Consecration (1 Light Damage). Consecration first:
    8 - 1 + 2 = 9; Purification first: 9 (at most 9) - 1 = 8."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1), hp=8), "rac": dict(owner=1, pos=(3, -1))})
    start(s, 2, {0: [("purification", 2)], 1: [("consecration", 2)]}, initiative=initiative)
    assert s.hp[hero("norn")] == health
    assert sorted(s.rshown) == sorted([RK["purification"], RK["consecration"]])


def test_mana_surge_offers_up_to_four_gems_to_allies():
    """TH § Rituals, Mana Surge: "Offer to any number of allied Heroes a total of up to four Mana gems
    distributed as you like. The receiving Heroes must place the Mana gems in skills immediately"."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "lug": dict(owner=0, pos=(-3, 2)),
             "rac": dict(owner=1, pos=(3, -1))})
    start(s, 2, {0: [("mana_surge", 2)]})
    assert s.dec[0] == "r_surge"
    assert set(s.legal_actions()) == {rules.A_HERO + hero("norn"), rules.A_HERO + hero("lug"), rules.A_DONE}
    views(G2, s)
    for h, slot in (("norn", 0), ("norn", 1), ("lug", 2), ("lug", 0)):
        act(s, "hero", hero(h))
        assert s.dec[0] == "mana_gain" and s.dec[2] == hero(h)
        act(s, "slot", slot)
    assert s.mana[hero("norn")] == [1, 1, 0] and s.mana[hero("lug")] == [1, 0, 1]
    assert s.dec[0] == "move"  # four gems given: no fifth


def test_mana_surge_may_give_fewer():
    """Mana Surge: "a total of up to four": the caster may stop after one."""
    s = duo()
    start(s, 2, {0: [("mana_surge", 2)]})
    act(s, "hero", hero("norn"))
    act(s, "slot", 2)
    act(s, "done")
    assert s.mana[hero("norn")] == [0, 0, 1] and s.dec[0] == "move"


def test_purification_heals_allies_and_removes_their_curses():
    """TH § Rituals, Purification: "All allied Heroes with at least one Health Heal two Damage and all
    Curse tokens on their Hero mats are removed"; the enemy keeps its Health and Curse."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1), hp=5), "rac": dict(owner=1, pos=(3, -1), hp=5)})
    s.token[card("poison")] = hero("norn")
    s.token[card("terror")] = hero("rac")
    start(s, 2, {0: [("purification", 2)]})
    assert s.hp[hero("norn")] == 7 and s.token[card("poison")] == -1
    assert s.hp[hero("rac")] == 5 and s.token[card("terror")] == hero("rac")


def test_flesh_and_blood_puts_every_item_out_of_play_for_the_turn():
    """TH § Expansion Cards, Flesh and Blood [Ritual]: "All Weapons, Armor, Shields, and Artifacts are
    flipped facedown for this turn and are considered to be out of play. Before the beginning of the
    next turn, they are flipped face up again and used as normal"."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1), eq=["greatsword", None, "chainmail"]),
             "rac": dict(owner=1, pos=(3, -1), eq=["oak_staff", None, "frost_robe"])}, g=GE)
    start(s, 2, {1: [("flesh_and_blood", 2)]})
    for h in ("norn", "rac"):
        assert s.weapons(hero(h)) == [] and s.armors(hero(h)) == [] and s.art_attack(hero(h)) == 0
    end_turn(s)
    assert s.turn == 3 and s.weapons(hero("norn")) and s.armors(hero("rac"))


# ------------------------------------------------------------------------------------ placement


def test_no_token_on_the_centre_hex_or_outside_the_arena():
    """TH § Placing Rituals: "The token may not occupy the center Arena Hex. Also, the Ritual must fit
    inside the Arena; no Hexes of the Ritual can be outside the Arena". A Guardian Angel around (1, 0)
    would cover the centre; a Wall of Fire from (2, 1) would leave the board at (4, 1)."""
    for opts in PLACEMENTS:
        for _i, cells, blocked in opts:
            assert rules.CENTER not in cells and set(blocked) <= set(cells)
    assert hexi(1, 0) * 6 not in PLACE_AT[RK["guardian_angel"]]
    assert hexi(2, 1) * 6 not in PLACE_AT[RK["wall_of_fire"]]
    assert hexi(1, 1) * 6 in PLACE_AT[RK["wall_of_fire"]]  # (1, 1), (2, 1), (3, 1) fits


def test_tokens_may_cover_heroes_but_not_with_a_blocked_hex():
    """TH § Placing Rituals: "you may place it anywhere including on top of Hexes occupied by other
    Heroes"; "Some tokens have Hexes that cannot be occupied by a Hero. You cannot place the token so a
    Hero is on top of those restricted Hexes". Norn stands on (1, 1): a Guardian Angel centred there
    (the Golden Light, blocked) is refused, one centred on (2, 1) (Norn under a free hex) is allowed."""
    s = duo({"norn": dict(owner=0, pos=(1, 1)), "rac": dict(owner=1, pos=(3, -1))})
    start(s, 2, {0: [("guardian_angel", 2)]})
    legal = {a - rules.A_RPLACE for a in s.legal_actions()}
    assert pl("guardian_angel", 1, 1) not in legal
    assert pl("guardian_angel", 2, 0) in legal and hexi(1, 1) in hexes("guardian_angel", 2, 0)[0]
    views(G2, s)
    place(s, "guardian_angel", 2, 0)
    assert s.rtok == [[RK["guardian_angel"], pl("guardian_angel", 2, 0), 0]]
    assert s.r_blocked(hexi(2, 0)) and not s.r_blocked(hexi(1, 1))


def test_tokens_never_overlap():
    """Errata page 44: "you cannot place a Ritual token in a way that it overlaps another Ritual
    token"; FAQ: "Ritual Tokens cannot overlap one another under any circumstances". With a Guardian
    Angel around (1, 1), a Wall of Fire on (0, 2), (1, 2), (2, 2) is refused; one on (-3, 3) is not."""
    s = duo()
    put(s, "guardian_angel", 1, 1)
    start(s, 2, {0: [("wall_of_fire", 2)]})
    legal = {a - rules.A_RPLACE for a in s.legal_actions()}
    assert pl("wall_of_fire", 0, 2) not in legal and pl("wall_of_fire", -3, 3) in legal
    angel = set(hexes("guardian_angel", 1, 1)[0])
    assert all(not set(PLACE_AT[RK["wall_of_fire"]][i][0]) & angel for i in legal)


# ------------------------------------------------------------------------------------ terrain


def test_blocked_hexes_stop_moves_pushes_and_teleports():
    """TH § Rituals: the Banner of Victory "has one Hex that a Hero cannot occupy, illustrated by a
    flag": no move ends on it or passes it (no Leap), a push back cannot go there, a Teleport cannot
    land there. Banner at (1, 1): flag (1, 1)."""
    s = duo({"norn": dict(owner=0, pos=(0, 1)), "rac": dict(owner=1, pos=(3, -1))})
    put(s, "banner_of_victory", 1, 1)
    flag = hexi(1, 1)
    assert flag not in s.reach(hero("norn"), 3)
    s.pos[hero("rac")] = hexi(1, 0)  # Norn at (0, 1) pushing Rac at (1, 0) ... along (1, -1): (2, -1)
    assert s._push_hex(hero("norn"), hero("rac")) == hexi(2, -1)
    s.pos[hero("norn")], s.pos[hero("rac")] = hexi(-1, 1), hexi(0, 1)  # pushed along (1, 0): the flag
    assert s._push_hex(hero("norn"), hero("rac")) == -1
    assert rules.A_HEX + flag not in s._options_teleport(0, hero("norn"))


def test_banner_of_victory_attack_bonus():
    """TH § Rituals, Banner of Victory: "Any Hero occupying one of the other three Hexes gains a +1
    Attack bonus while on one of those Hexes". Norn on (2, 0) (a free Banner hex) attacks with Warcraft
    (4/0) against Frigid Night (0/4): 5 vs 4."""
    s = duo({"norn": dict(owner=0, pos=(2, 0)), "rac": dict(owner=1, pos=(3, 0))})
    put(s, "banner_of_victory", 1, 1, seat=1)  # whoever placed it
    start(s, 2)
    assert s.ritual_attack_bonus(hero("norn")) == 1 and s.ritual_attack_bonus(hero("rac")) == 0
    attack(s, "rac", "warcraft", "frigid_night")
    assert logged(s, "attacks Rac the Horrid Necromancer: 5 vs 4 -> hit")


def test_fortifications_defense_bonus():
    """TH § Rituals, Fortifications: "Any Hero occupying one of the other three Hexes gains a +1
    Defense bonus while on one of those Hexes". Rac on (1, 2) behind the wall (1, 1), (2, 1): Warcraft
    (4/0) against Frigid Night (0/4) is 4 vs 5."""
    s = duo({"norn": dict(owner=0, pos=(0, 3)), "rac": dict(owner=1, pos=(1, 2))})
    put(s, "fortifications", 1, 1)
    start(s, 2)
    assert s.ritual_defense_bonus(hero("rac")) == 1
    attack(s, "rac", "warcraft", "frigid_night")
    assert logged(s, "4 vs 5 -> defended")


def test_guardian_angel_heals_two_at_the_end_of_the_heros_turn():
    """TH § Rituals, Guardian Angel, errata page 45: "Any Hero occupying one of the other six Hexes,
    heals two Damage at the end of their Turn as longs the Hero has at least one Health". Norn at 5
    Health on a free Angel hex does nothing: 7 after its turn; Rac, off the token, stays at 5."""
    s = duo({"norn": dict(owner=0, pos=(2, 0), hp=5), "rac": dict(owner=1, pos=(3, -1), hp=5)})
    put(s, "guardian_angel", 1, 1)
    start(s, 2)
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("tactics"))
    assert s.hp[hero("norn")] == 7 and s.hp[hero("rac")] == 5
    assert s.dec[0] == "move" and s.dec[2] == hero("rac")


@pytest.mark.parametrize("armor, health", [(None, 5), ("dusk_robe", 7), ("ember_robe", 9)])
def test_wall_of_fire_burns_the_heroes_it_is_placed_on(armor, health):
    """TH § Rituals, Wall of Fire: "You instantly deal four Fire Damage to any Heroes on top of the
    Wall of Fire. This Damage is negated if the Hero has Fire Protection or reduced by half if a Hero
    has Fire Resistance" (Dusk Robe: Fire resistance; Ember Robe: Fire protection)."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(2, 1), eq=[None, None, armor])})
    start(s, 2, {0: [("wall_of_fire", 2)]})
    place(s, "wall_of_fire", 1, 1)  # (1, 1), (2, 1), (3, 1)
    assert s.hp[hero("rac")] == health
    views(G2, s)


def test_wall_of_fire_every_step_onto_it_the_least_harmful_path():
    """TH § Rituals, Wall of Fire: "Every time a Hero steps onto a Hex with a Wall of Fire, they
    immediately suffer this Damage". Norn (speed 3) from (0, 1) to (2, 1) on the wall (1, 1), (2, 1),
    (3, 1): straight on it steps onto two wall hexes, round by (1, 0), (2, 0) onto one; the mover takes
    the path it prefers (designed), so 4 Damage. To (2, 0) by (1, 0): none."""
    s = duo({"norn": dict(owner=0, pos=(0, 1)), "rac": dict(owner=1, pos=(3, -2))})
    put(s, "wall_of_fire", 1, 1, seat=1)
    start(s, 2)
    assert s.r_paths(hero("norn"), 3)[hexi(2, 1)] == 1
    assert s.r_paths(hero("norn"), 3, worst=True)[hexi(2, 1)] >= 2
    act(s, "hex", hexi(2, 1))
    assert s.hp[hero("norn")] == 5 and s.pos[hero("norn")] == hexi(2, 1)
    s2 = duo({"norn": dict(owner=0, pos=(0, 1)), "rac": dict(owner=1, pos=(3, -2))})
    put(s2, "wall_of_fire", 1, 1, seat=1)
    start(s2, 2)
    act(s2, "hex", hexi(2, 0))
    assert s2.hp[hero("norn")] == 9


def test_wall_of_fire_burns_a_hero_starting_its_turn_there():
    """Errata page 45 (Wall of Fire): "Every time a Hero steps onto a Hex with a Wall of Fire or start
    their turn there, they immediately suffer this Damage": Norn on the wall when its turn begins loses
    4 before it moves."""
    s = duo({"norn": dict(owner=0, pos=(2, 1)), "rac": dict(owner=1, pos=(3, -2))})
    put(s, "wall_of_fire", 1, 1, seat=1)
    start(s, 2)
    assert s.hp[hero("norn")] == 5 and s.dec[0] == "move" and s.dec[2] == hero("norn")


def test_a_push_back_onto_a_wall_of_fire_burns():
    """A push back onto a Wall of Fire hex is stepping onto it (designed reading of "Every time a Hero
    steps onto a Hex with a Wall of Fire"; TH § Combat Ranges, Melee: "push the enemy Hero back one
    Hex in line"). Norn on (-1, 1) hits Rac on (0, 1) (Warcraft 4 against Frigid Night 4, the tie to
    the higher Ranking: at least one Damage) and pushes it along the line to (1, 1), a wall hex: 4 Fire
    more (Frigid Night's Fire protection was for that attack)."""
    s = duo({"norn": dict(owner=0, pos=(-1, 1)), "rac": dict(owner=1, pos=(0, 1))})
    put(s, "wall_of_fire", 1, 1, seat=1)  # (1, 1), (2, 1), (3, 1)
    start(s, 2)
    attack(s, "rac", "warcraft", "frigid_night")
    assert s.hp[hero("rac")] == 8
    assert s.dec[0] == "yn" and s.dec[2] == "push"
    act(s, "num", 1)
    assert s.dec[0] == "yn" and s.dec[2] == "follow"
    act(s, "num", 0)  # the Fire resolves after the attacker's choice to follow
    assert logged(s, "Rac the Horrid Necromancer loses 4 (Wall of Fire), health 4")
    # and Rac, beginning its own turn on the wall, burns again (errata page 45): 4 - 4 = 0
    assert logged(s, "Rac the Horrid Necromancer loses 4 (Wall of Fire), health 0") and not s.alive(hero("rac"))


def test_resonating_scales_against_a_wall_of_fire():
    """FAQ: Resonating Scales "If I take damage without being attacked (i.e. from a ritual), can I still
    use it? A: Yes. All Skills with the Defend keyword on the Hero Mat can be used whenever the hero is
    about to take damage": Lug under a Wall of Fire as it is placed uses Resonating Scales (Fire
    protection) and keeps 9 Health; the gem is spent. (Rac acts first: Lug's own turn, begun on the wall,
    would burn it again.)"""
    s = duo({"lug": dict(owner=0, arch=1, pos=(2, 1), mana=[0, 1, 0]), "rac": dict(owner=1, pos=(3, -2))},
            ranking=["rac", "lug"])
    start(s, 2, {1: [("wall_of_fire", 2)]})
    place(s, "wall_of_fire", 1, 1)
    assert s.dec[0] == "hurt_def" and s.dec[3] == hero("lug")
    act(s, "slot", 1)
    assert s.hp[hero("lug")] == 9 and s.mana[hero("lug")] == [0, 0, 0]


def test_death_swamp_costs_two_movement_to_enter_one_to_leave():
    """FAQ: "Do I need to spend two Movement to step out of the Death Swamp Ritual? A: Not unless you
    are stepping in another Death Swamp hex. The extra movement tax is only needed when a Hero enters a
    Death Swamp hex, not when moving out of it". Swamp on (-2, 0), (-1, 0), (-1, -1), (-2, -1), (-3, 0);
    Norn has speed 3. From (-4, 1), (-1, 0) is 3 hexes away and every way ends entering the swamp:
    2 + 2 > 3. From (-2, 0) in the swamp, (-2, 3) is 3 hexes out (1 + 1 + 1), (0, -2) one swamp hex
    then one out (2 + 1), but (1, -3) needs a swamp hex and two more (2 + 1 + 1)."""
    s = duo({"norn": dict(owner=0, pos=(-4, 1)), "rac": dict(owner=1, pos=(3, -2))})
    assert hexi(-1, 0) in s.reach(hero("norn"), 3)
    put(s, "death_swamp", -2, 0)
    reach = s.reach(hero("norn"), 3)
    assert hexi(-1, 0) not in reach and hexi(-2, 1) in reach and hexi(-3, 0) in reach
    s.pos[hero("norn")] = hexi(-2, 0)
    reach = s.reach(hero("norn"), 3)
    assert hexi(-2, 3) in reach and hexi(0, -2) in reach and hexi(1, -3) not in reach
    put(s, "fortifications", 2, -2)  # the move's hexes are the same by both searches
    for at in ((-2, 0), (-4, 1), (1, -3), (0, 0)):
        s.pos[hero("norn")] = hexi(*at)
        for leap in (False, True):
            assert s.reach(hero("norn"), 3, leap) == sorted(s.r_paths(hero("norn"), 3, leap))


def test_mana_spring_gives_a_gem_at_the_end_of_the_turn():
    """The designed ninth Ritual, Mana Spring (data/rituals.toml): "Any Hero occupying one of the other
    three Hexes gains one Mana gem at the end of their Turn, placed in an empty Skill at once"."""
    s = duo({"norn": dict(owner=0, pos=(2, 0)), "rac": dict(owner=1, pos=(3, -2))})
    put(s, "mana_spring", 1, 1)
    start(s, 2)
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("tactics"))
    assert s.dec[0] == "mana_gain" and s.dec[2] == hero("norn")
    act(s, "slot", 1)
    assert s.mana[hero("norn")] == [0, 1, 0]


# ------------------------------------------------------------------------------------ turn 1


def test_starting_triads_shield_from_rituals_on_turn_one():
    """Errata page 14: "Heroes standing on the starting triads of Hexes during turn 1 cannot be harmed
    by any Rituals, Skills or Powers that have an Area of Effect (no Negative Tokens are received and
    no Damage is dealt)". Rac on its starting triad (-3, 0) on turn 1: neither Consecration nor a Wall
    of Fire placed under it harm it; starting turn 2 there, the wall burns it (errata page 45)."""
    s = duo({"norn": dict(owner=0, pos=(3, 1)), "rac": dict(owner=1, pos=(-3, 0))}, turn=1)
    assert hexi(-3, 0) in s.triad[1] or hexi(-3, 0) in s.triad[0]
    s.token[card("aegis")] = hero("rac")
    start(s, 1, {0: [("consecration", 1), ("wall_of_fire", 1)]})
    place(s, "wall_of_fire", -3, 0)  # (-3, 0), (-2, 0), (-1, 0)
    assert s.hp[hero("rac")] == 9 and s.token[card("aegis")] == hero("rac")
    end_turn(s)
    assert s.turn == 2
    act(s, "done")  # Norn
    act(s, "row", 0)
    act(s, "card", card("tactics"))
    assert s.hp[hero("rac")] == 5  # its turn 2 began on the wall


# ------------------------------------------------------------------------------------ play


def test_random_games_with_rituals_keep_encoders_identical_and_states_loadable():
    """Random play from positions where every seat prepared Rituals: every legal action applies, the
    compiled and Python encoders agree, a saved state loads back equal."""
    rng = np.random.default_rng(5)
    g = game(num_players=3, prep="fast")  # the prepared Rituals are set by hand (no Mage Tower deck)
    keys = [k for k in RK if k != "flesh_and_blood"]
    for seed in range(3):
        s = g.new_initial_state(seed)
        while s.phase != "arena":
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
        picks = rng.permutation(len(keys))
        turns = [2 + int(t) for t in rng.permutation(8)]  # one turn marker per Arena turn
        for p in range(3):
            s.prepared[p] = [[RK[keys[picks[2 * p]]], turns[2 * p]],
                             [RK[keys[picks[2 * p + 1]]], turns[2 * p + 1]]]
        s._legal = None
        steps = 0
        while not s.is_terminal() and steps < 600:
            if steps % 25 == 0:
                views(g, s)
                d = s.to_dict()
                assert g.state_from_dict(d).to_dict() == d
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
        assert s.rshown, "some Ritual was cast"


# ------------------------------------------------------------------------------------ the dependents
X_SET = ["incinerating_fury", "force_sunder", "combat_purloin", "tentacles_black", "thalassic_favour",
         "gaias_escutcheon"]


def test_natures_grace_immunity_to_a_wall_of_fire_this_turn():
    """TH § Appendix Skills, Nature's Grace (errata page 37): "You may activate this Skill immediately
    after any Ritual Effect would affect you directly or indirectly. Gain immunity to that effect this
    turn. For example, you would not take any damage from a Ritual Effect". A Wall of Fire placed
    under Nimloth: it activates Nature's Grace and takes no Damage, neither then nor when its turn
    begins on the wall; on the next turn the immunity is over."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "nimloth": dict(owner=1, arch=1, pos=(2, 1), mana=[1, 0, 0])})
    start(s, 2, {0: [("wall_of_fire", 2)]})
    place(s, "wall_of_fire", 1, 1)
    assert s.dec[0] == "yn" and s.dec[1] == 1 and s.dec[2] == "grace"
    views(G2, s)
    act(s, "num", 1)
    assert s.hp[hero("nimloth")] == 9 and s.mana[hero("nimloth")] == [0, 0, 0]
    assert s.rimm[hero("nimloth")] == 1 << RK["wall_of_fire"]
    act(s, "done")  # Norn
    act(s, "row", 0)
    act(s, "card", card("tactics"))
    assert s.dec[0] == "move" and s.dec[2] == hero("nimloth") and s.hp[hero("nimloth")] == 9
    end_turn(s)
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("fireball"))
    assert s.turn == 3 and s.hp[hero("nimloth")] == 5 and s.rimm[hero("nimloth")] == 0


def test_natures_grace_against_a_banner_bonus():
    """Nature's Grace: "nor would enemies receive an Attack Bonus against you from Rituals". Norn on the
    Banner of Victory attacks Nimloth with Warcraft (4/0) against Frigid Night (0/4): Nimloth activates
    Nature's Grace after the reveal, so 4 vs 4, not 5 vs 4."""
    s = duo({"norn": dict(owner=0, pos=(2, 0)), "nimloth": dict(owner=1, arch=1, pos=(3, 0), mana=[1, 0, 0])})
    put(s, "banner_of_victory", 1, 1)
    start(s, 2)
    attack(s, "nimloth", "warcraft", "frigid_night")
    assert s.dec[0] == "yn" and s.dec[2] == "grace" and s.dec[4] == RK["banner_of_victory"]
    act(s, "num", 1)
    assert logged(s, "attacks Nimloth the Ancient Druid: 4 vs 4")


def test_natures_grace_against_a_death_swamp():
    """Nature's Grace against a Death Swamp (its Ritual Effect would affect the move): asked before the
    move, the swamp then costs Nimloth no extra Movement this turn (FAQ: two Movement to enter)."""
    s = duo({"nimloth": dict(owner=0, arch=1, pos=(-4, 1), mana=[1, 0, 0]), "rac": dict(owner=1, pos=(3, -2))})
    put(s, "death_swamp", -2, 0, seat=1)
    start(s, 2)
    assert s.dec[0] == "yn" and s.dec[2] == "grace"
    act(s, "num", 1)
    assert s.dec[0] == "move" and rules.A_HEX + hexi(-1, 0) in s.legal_actions()


def test_equilibrium_removes_a_token_heals_and_gives_gems():
    """TH § Appendix Skills, Equilibrium: "Remove a Ritual Effect that has a permanent token placed in
    the Arena. When you remove the Ritual Effect, you and any allies with at least one health Heal 4
    damage and gain 2 Mana Gems to place into Skills immediately". Nimloth at 3, Norn at 5: 7 and 9,
    two gems each; the Guardian Angel leaves the Arena; the enemy gets nothing."""
    s = duo({"nimloth": dict(owner=0, arch=1, pos=(-3, 1), hp=3, mana=[0, 1, 0]),
             "norn": dict(owner=0, pos=(-3, 2), hp=5), "rac": dict(owner=1, pos=(3, -2), hp=5)})
    assert not s._skill_ok(hero("nimloth"), 1)  # no token in the Arena
    put(s, "guardian_angel", 1, 1, seat=1)
    start(s, 2)
    act(s, "done")
    assert rules.A_ROW + 5 in s.legal_actions()
    act(s, "row", 5)
    act(s, "slot", 1)
    act(s, "card", card("tactics"))  # the Skill uses a Power face down for its values (chart row six)
    assert s.dec[0] == "r_remove" and s.legal_actions() == [rules.A_RITUAL + RK["guardian_angel"]]
    s.apply_action(rules.A_RITUAL + RK["guardian_angel"])
    assert s.rtok == [] and s.rhex == [-1] * rules.NHEX
    assert s.hp[hero("nimloth")] == 7 and s.hp[hero("norn")] == 9 and s.hp[hero("rac")] == 5
    for h in ("nimloth", "nimloth", "norn", "norn"):
        assert s.dec[0] == "mana_gain" and s.dec[2] == hero(h)
        s.apply_action(s.legal_actions()[0])
    assert sum(s.mana[hero("nimloth")]) == 2 and sum(s.mana[hero("norn")]) == 2


def test_terrashaper_moves_tokens_and_negates_the_prepared_ritual():
    """TH § Appendix Skills, Terrashaper: "Remove a Ritual Effect that has a permanent token placed in
    the Arena. You immediately place any other currently unused permanent token from a Ritual Effect in
    the Arena wherever you want. This immediately negates the prepared Ritual with this effect and the
    Ritual card with the selected effect is turned faced up". Nimloth removes the Banner and places the
    Wall of Fire seat 1 had prepared for turn 5 on Rac (4 Fire); seat 1's Ritual is negated, face up."""
    s = duo({"nimloth": dict(owner=0, arch=1, pos=(-3, 1), mana=[0, 0, 1]), "rac": dict(owner=1, pos=(2, 1))})
    put(s, "banner_of_victory", -2, 2, seat=1)
    start(s, 2, {1: [("wall_of_fire", 5)]})
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    assert s.dec[0] == "r_remove"
    s.apply_action(rules.A_RITUAL + RK["banner_of_victory"])
    assert s.dec[0] == "r_unused"
    unused = {a - rules.A_RITUAL for a in s.legal_actions()}
    assert unused == {RK[k] for k in ("fortifications", "guardian_angel", "wall_of_fire", "death_swamp",
                                      "mana_spring")}  # "any other": not the Banner just removed
    views(G2, s)
    s.apply_action(rules.A_RITUAL + RK["wall_of_fire"])
    place(s, "wall_of_fire", 1, 1)
    assert logged(s, "Rac the Horrid Necromancer loses 4 (Wall of Fire), health 5")
    assert s.prepared[1] == [] and RK["wall_of_fire"] in s.rshown
    assert [t[0] for t in s.rtok] == [RK["wall_of_fire"]]


def test_gaias_escutcheon_shields_from_negative_ritual_effects():
    """TH § Expansion Cards, Gaia's Escutcheon: "protects the Hero who used it from any negative Ritual
    Effect. That Hero can stand or walk over terrain effects without their movement being affected.
    They do not take any damage. Attacks from the Banner of Victory do not have a bonus against them".
    Rac defends with Gaia's Escutcheon (its text is active when revealed): Norn on the Banner attacks
    with 4 against 4, not 5. Designed duration: to the end of the next Arena turn, so on turn 3 the
    swamp costs Rac no extra Movement and the Wall of Fire does not burn it; on turn 4 both do."""
    s = duo({"norn": dict(owner=0, pos=(2, 0)), "rac": dict(owner=1, pos=(3, 0))},
            hands={0: W_SET, 1: X_SET}, g=GE)
    put(s, "banner_of_victory", 1, 1)
    start(s, 2)
    attack(s, "rac", "warcraft", "gaias_escutcheon")
    assert logged(s, "attacks Rac the Horrid Necromancer: 4 vs 4")
    r = hero("rac")
    assert s.gaia[r] == 3
    s.turn = 3
    s.pos[r] = hexi(-4, 1)
    put(s, "death_swamp", -2, 0)
    assert hexi(-1, 0) in s.reach(r, 3)
    assert s.r_shielded(r, RK["wall_of_fire"]) and s.ritual_attack_bonus(hero("norn"), r) == 0
    s.turn = 4
    assert hexi(-1, 0) not in s.reach(r, 3) and not s.r_shielded(r, RK["wall_of_fire"])


# ------------------------------------------------------------------------------------ hidden information


def test_a_prepared_ritual_is_hidden_from_the_other_team_its_turn_marker_is_not():
    """TH § Mage Tower: "Place the Ritual you are preparing face down next to your Hero mat. Select one
    turn token and place it on top of your Ritual"; TH § Team vs Team: team mates "can however
    exchange any private information such as face down Powers or Rituals". Seat 0 prepared a Wall of
    Fire for turn 5: its team mate (seat 2) sees the card and its turn, the other team sees one
    face-down card under turn marker 5, in the observation and the render; ``resample_hidden`` redraws
    the card only (issue 27: the marker on top is public)."""
    g = game(num_players=4, mode="teams_2x2")
    s = arena(g, {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1)),
                  "lug": dict(owner=2, pos=(-3, 2)), "aer": dict(owner=3, pos=(3, -2))},
              {0: W_SET, 1: D_SET, 2: R_SET, 3: M_SET}, ranking=["norn", "rac", "lug", "aer"], turn=2)
    s.prepared[0] = [[RK["wall_of_fire"], 5]]
    s.prepared[1] = [[RK["purification"], 7]]
    s.rdeck = sorted(set(RK.values()) - {RK["wall_of_fire"], RK["purification"], RK["flesh_and_blood"]})
    row = RK["wall_of_fire"]
    for p, sees in ((0, True), (2, True), (1, False), (3, False)):
        obs = checked_observation(g, s, p)
        cards_piece = OBSERVER.piece(obs, "rit_cards")
        assert bool(cards_piece[row][1]) == sees and bool(cards_piece[row][1 + 5]) == sees
        seats = OBSERVER.piece(obs, "rit_seats")
        assert seats[(0 - p) % 4] == pytest.approx(1 / 9)  # everyone sees one card by seat 0's mat
        marks = OBSERVER.piece(obs, "rit_marks")
        assert marks[(0 - p) % 4].tolist() == [0, 0, 0, 0, 1, 0, 0, 0, 0]  # ... under turn marker 5
        assert marks[(1 - p) % 4].tolist() == [0, 0, 0, 0, 0, 0, 1, 0, 0]  # seat 1's under marker 7
        assert ("Wall of Fire" in s.render(p)) == sees
        assert sees or "1 face down (turn marker 5)" in s.render(p)
    rng = np.random.default_rng(1)
    cards_drawn = set()
    for _ in range(40):
        r = s.resample_hidden(1, rng)
        assert r.prepared[1] == [[RK["purification"], 7]]  # seat 1's own team's: kept
        (ri, t), = r.prepared[0]
        assert t == 5 and ri != RK["purification"]
        cards_drawn.add(ri)
    assert len(cards_drawn) > 1


# ------------------------------------------------------------------------------------ the heuristic


def test_heuristic_puts_a_wall_of_fire_on_enemies_and_a_banner_by_its_heroes():
    """The baseline (``heuristic/rituals.py``) places a Wall of Fire over enemy heroes, the Banner of
    Victory with its own hero on a free hex, and feeds Mana Surge to its heroes."""
    from mythenv.core.view import SeatView
    from mythenv.games.theosis.heuristic import heuristic_action
    rng = np.random.default_rng(0)
    s = duo({"norn": dict(owner=0, pos=(-1, 1)), "rac": dict(owner=1, pos=(2, 1))})
    start(s, 2, {0: [("wall_of_fire", 2), ("banner_of_victory", 2)]})
    a = heuristic_action(SeatView(G2, s, 0, rng), rng)
    assert hexi(2, 1) in PLACE_AT[RK["wall_of_fire"]][a - rules.A_RPLACE][0]
    s.apply_action(a)
    assert s.hp[hero("rac")] == 5
    a = heuristic_action(SeatView(G2, s, 0, rng), rng)
    cells, blocked = PLACE_AT[RK["banner_of_victory"]][a - rules.A_RPLACE]
    assert hexi(-1, 1) in cells and hexi(-1, 1) not in blocked
    s2 = duo()
    start(s2, 2, {0: [("mana_surge", 2)]})
    assert heuristic_action(SeatView(G2, s2, 0, rng), rng) == rules.A_HERO + hero("norn")


def test_flesh_and_blood_spares_the_starting_triads_and_natures_grace():
    """Flesh and Blood on turn 1 (errata page 14: heroes on the starting triads "cannot be harmed by any
    Rituals"): Rac on its triad keeps its items; Nimloth, off the triads, activates Nature's Grace
    ("Gain immunity to that effect this turn") and keeps its items too; Norn loses them."""
    s = duo({"norn": dict(owner=0, pos=(0, 2), eq=["greatsword", None, None]),
             "nimloth": dict(owner=0, arch=1, pos=(0, -2), mana=[1, 0, 0], eq=["oak_staff", None, None]),
             "rac": dict(owner=1, pos=(-3, 0), eq=["shadow_staff", None, None])}, g=GE, turn=1)
    start(s, 1, {1: [("flesh_and_blood", 1)]})
    assert s.dec[0] == "yn" and s.dec[2] == "grace" and s.dec[3] == hero("nimloth")
    act(s, "num", 1)
    assert s.weapons(hero("norn")) == []
    assert s.weapons(hero("nimloth")) and s.weapons(hero("rac"))


def test_terrashaper_placing_a_token_nobody_prepared():
    """Terrashaper may place "any other currently unused permanent token": one nobody prepared goes
    down with no card turned face up (there is no prepared Ritual to negate)."""
    s = duo({"nimloth": dict(owner=0, arch=1, pos=(-3, 1), mana=[0, 0, 1]), "rac": dict(owner=1, pos=(3, -1))})
    put(s, "banner_of_victory", -2, 2, seat=1)
    start(s, 2)
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    s.apply_action(rules.A_RITUAL + RK["banner_of_victory"])
    s.apply_action(rules.A_RITUAL + RK["guardian_angel"])
    place(s, "guardian_angel", 1, 1)
    assert [t[0] for t in s.rtok] == [RK["guardian_angel"]] and s.rshown == []


def test_the_mage_tower_deck_holds_flesh_and_blood_only_with_the_expansion():
    """TH § Components List: nine Ritual cards; TH § Expansion Cards: Flesh and Blood [Ritual] is an
    optional Expansion card."""
    from mythenv.games.theosis.rules.rituals import ritual_deck
    assert len(ritual_deck(False)) == 9 and RK["flesh_and_blood"] not in ritual_deck(False)
    assert sorted(ritual_deck(True)) == sorted(ritual_deck(False) + [RK["flesh_and_blood"]])


def test_no_fortifications_bonus_against_natures_grace_or_gaias_escutcheon():
    """Nature's Grace: immunity to a Ritual Effect that affects Nimloth "directly or indirectly"; Gaia's
    Escutcheon: "Heroes using Fortifications do not get a bonus to their defense against the protected
    Hero". Nimloth (Warcraft 4/0) attacks Rac behind the Fortifications (Frigid Night 0/4): after the
    reveal Nimloth activates Nature's Grace, 4 vs 4 instead of 4 vs 5; a Hero under Gaia's Escutcheon
    gets no bonus against it either."""
    s = duo({"nimloth": dict(owner=0, arch=1, pos=(0, 3), mana=[1, 0, 0]), "rac": dict(owner=1, pos=(1, 2))})
    put(s, "fortifications", 1, 1, seat=1)
    start(s, 2)
    attack(s, "rac", "warcraft", "frigid_night")
    assert s.dec[0] == "yn" and s.dec[1] == 0 and s.dec[2] == "grace"
    act(s, "num", 1)
    assert logged(s, "4 vs 4")
    s2 = duo({"norn": dict(owner=0, pos=(0, 3)), "rac": dict(owner=1, pos=(1, 2))})
    put(s2, "fortifications", 1, 1, seat=1)
    assert s2.ritual_defense_bonus(hero("rac"), hero("norn")) == 1
    s2.gaia[hero("norn")] = 3
    assert s2.ritual_defense_bonus(hero("rac"), hero("norn")) == 0 and s2.ritual_defense_bonus(hero("rac")) == 1


def test_mage_tower_helpers_for_the_preparation_heuristic():
    """``heuristic.rituals.choose_ritual`` keeps the most wanted Ritual of a Mage Tower draw and
    ``choose_turn`` the free turn marker nearest its best turn (TH § Mage Tower: "select one to
    prepare ... Select one turn token")."""
    from mythenv.games.theosis.heuristic.rituals import choose_ritual, choose_turn
    s = duo()
    draw = [RK["mana_spring"], RK["wall_of_fire"], RK["purification"]]
    assert choose_ritual(s, 0, draw) == RK["wall_of_fire"]
    assert choose_turn(s, 0, RK["wall_of_fire"]) == 3
    assert choose_turn(s, 0, RK["wall_of_fire"], [1, 2, 5, 9]) == 2
