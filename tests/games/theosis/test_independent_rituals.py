"""Independent check of the Rituals (issue 15, "The Rituals") written from the rulebook text
``001_4e95cd654d8b1058.txt`` (TH) before reading the rules code's answers: TH § Rituals (Placing
Rituals and each card), the FAQ (Death Swamp; no overlap), the errata (pages 14, 44, 45), the
Appendix Skills Nature's Grace / Equilibrium / Terrashaper, the Expansion cards, TH § Game Modes
(teams share Rituals) and the Kotronas example of TH § Monster Defense (its Ritual Effect Bonus).

Positions are built with ``builder.arena``; the Rituals a seat prepared at the Mage Tower are put in
``state.prepared`` (``[ritual, turn]`` pairs) and an Arena turn is begun by its ``turn_start`` task;
decisions are taken by their layout label (``builder.layout_label``)."""

import heapq

import numpy as np

from mythenv.games.theosis import rules
from mythenv.games.theosis.rules.board import CENTER, HEXES, NEIGH
from mythenv.games.theosis.rules.rituals import PLACE_AT, RK
from tests.conformance.helpers import checked_observation

from .builder import arena, card, choose, game, hero, hexi, say
from .mbuilder import TOK, marena, mgame

G2 = game()
GT = game(num_players=4, mode="teams_2x2", variant="blitz")
SOLO = mgame("solo", 1, encounter="solo_3", monsters="kotronas")
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]


def power(key):
    p = rules.POWERS[card(key)]
    return f"power {p.name} ({p.attack}/{p.defense})"


def decline_all(s):
    while s.dec is not None and s.dec[0] == "yn":
        choose(s, "choice 0")


def begin(s, turn, prepared=None):
    """Begin Arena turn ``turn`` (its Rituals first, then the heroes in Ranking order)."""
    for p, lst in (prepared or {}).items():
        s.prepared[p] = [[RK[k], t] for k, t in lst]
    s.turn = turn - 1
    s.q, s.dec, s._legal = [["turn_start"]], None, None
    s._run()
    return s


def placement(key, cells_wanted=(), free_wanted=()):
    """The first placement of ``key``'s token covering every hex of ``cells_wanted`` with the hexes of
    ``free_wanted`` among its free (occupiable) hexes."""
    ri = RK[key]
    cw = {hexi(*c) for c in cells_wanted}
    fw = {hexi(*c) for c in free_wanted}
    for i in sorted(PLACE_AT[ri]):
        cells, blocked = PLACE_AT[ri][i]
        if cw | fw <= set(cells) and not fw & set(blocked):
            return i
    raise AssertionError((key, cells_wanted, free_wanted))


def put(s, key, cells_wanted=(), free_wanted=(), seat=0):
    s.r_put(RK[key], placement(key, cells_wanted, free_wanted), seat)
    s._legal = None


def place_at(s, key, cells_wanted=(), free_wanted=()):
    """The caster, asked where its token goes, puts it on ``placement``."""
    assert s.dec[0] == "r_place", s.dec
    s.apply_action(rules.A_RPLACE + placement(key, cells_wanted, free_wanted))


def duo(heroes, hands=None, turn=2, ranking=None):
    return arena(G2, heroes, hands or {0: W_SET, 1: D_SET}, ranking=ranking or list(heroes), turn=turn)


# ------------------------------------------------------------------ TH § Monster Defense, the example


def _kotronas_example(power_key):
    near = (0, -1)
    s = marena(SOLO, {"rochon": dict(owner=0, pos=near, eq=["dawnblade", None, None], mana=[1, 0, 0]),
                      "aer": dict(owner=0, pos=(-4, 4)), "edhel": dict(owner=0, pos=(4, -4))},
               {0: R_SET}, ["rochon", "aer", "edhel"], [("kotronas", (0, 0), ["physical_res_3", "plain_3"])],
               actor="rochon", dice=(4,))
    put(s, "banner_of_victory", free_wanted=[near])
    s.token[card("valor")] = hero("rochon")  # "a Blessing granting him +1 to Attack"
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[5])
    choose(s, "slot 1")  # Smite: a Charge, then an attack with a +1 Attack Bonus, Physical Damage
    choose(s, "done / none")  # the charge stays (Rochon is already next to Kotronas)
    choose(s, "monster 1")
    choose(s, power(power_key))
    decline_all(s)
    return s


def test_kotronas_example_with_the_banner_three_one_card():
    """TH § Monster Defense, example: "A Hero attacks a monster while standing in the Ritual Banner of
    Victory. He is holding an Artifact Weapon giving him +1 to Attack and 4 Damage. He has also a
    Blessing granting him +1 to Attack. He is using a Skill granting him +1 to Attack. He uses a Power
    Card (3.1). His total Attack is: Power Attack Value (3) + Artifact (1) + Blessing (1) + Ritual (1)
    + Skill (1) = 7 ... Kotronas who has an active Stamina Token of 3 Damage and Physical Resistance
    ... rolls a 4, so ... total Defense is 6 ... (Attack 7 - Defense 6) + Weapon Damage 4 = 5 ...
    rounded down to 2. The two damage inflicted to the Monster is not enough to remove the Stamina
    Token". Rochon on the Banner's free hex, Dawnblade, Valor, Smite, Nova (3.1): the token stays.
    (The charge's movement next to a monster with a Ritual token in the Arena is asked without an
    error: a monster occupying a hex is no hero's ally.)"""
    s = _kotronas_example("nova")
    assert s.mstack[0] == [TOK["physical_res_3"], TOK["plain_3"]]


def test_kotronas_example_with_the_banner_four_zero_card():
    """TH § Monster Defense, example: "Had the Attacker used a (4.0) card, his total damage would have
    been 6 and therefore the half would have been 3, enough for the Stamina Token to be removed."
    The same with Fiery Purge (4.0): the top token goes."""
    s = _kotronas_example("fiery_purge")
    assert s.mstack[0] == [TOK["plain_3"]]


# ------------------------------------------------------------------ TH § Placing Rituals


def test_placement_limits_from_the_text():
    """TH § Placing Rituals: "you may place it anywhere including on top of Hexes occupied by other
    Heroes ... The token may not occupy the center Arena Hex. Also, the Ritual must fit inside the
    Arena ... You cannot place the token so a Hero is on top of those restricted Hexes"; errata page
    44 / FAQ: "Ritual Tokens cannot overlap one another under any circumstances." Seat 0 casts
    Fortifications (two blocked hexes) with Rac on (2, -1) and a Wall of Fire already down: every
    offered placement lies inside the Arena, off the centre, off the wall, without Rac on a blocked
    hex; some offered placement has Rac on a free hex."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(2, -1))})
    put(s, "wall_of_fire", cells_wanted=[(-1, 3)], seat=1)
    wall = set(s.rtok and PLACE_AT[RK["wall_of_fire"]][s.rtok[0][1]][0])
    begin(s, 2, {0: [("fortifications", 2)]})
    assert s.dec[0] == "r_place"
    rac, offered = hexi(2, -1), [a - rules.A_RPLACE for a in s.legal_actions()]
    assert offered
    on_rac_free = False
    for i in offered:
        cells, blocked = PLACE_AT[RK["fortifications"]][i]
        assert None not in cells and CENTER not in cells and not wall & set(cells)
        assert rac not in blocked
        on_rac_free |= rac in cells
    assert on_rac_free


# ------------------------------------------------------------------ Wall of Fire (errata page 45)


def test_wall_of_fire_start_of_turn_and_each_step_onto_it():
    """Errata page 45, Wall of Fire: "Every time a Hero steps onto a Hex with a Wall of Fire or start
    their turn there, they immediately suffer this Damage" (four Fire Damage). Rac begins its turn on
    a wall hex (4: Health 5) and moves one hex along the wall onto another wall hex (4 again:
    Health 1)."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(0, -2))}, ranking=["rac", "norn"])
    put(s, "wall_of_fire", cells_wanted=[(0, -2), (1, -2)])
    begin(s, 3)
    assert s.dec[0] == "move" and s.dec[2] == hero("rac")
    assert s.hp[hero("rac")] == 5
    choose(s, "hex (1, -2)")
    assert s.hp[hero("rac")] == 1


def test_wall_of_fire_resistance_halves_protection_negates():
    """TH § Rituals, Wall of Fire: "You instantly deal four Fire Damage to any Heroes on top of the
    Wall of Fire. This Damage is negated if the Hero has Fire Protection or reduced by half if a Hero
    has Fire Resistance." Rochon in Scale Mail (Fire Resistance) loses 2; Rac in the Ember Robe (Fire
    Protection) loses none; Norn without armor loses 4."""
    s = duo({"norn": dict(owner=0, pos=(2, 1)), "rochon": dict(owner=0, pos=(-1, 1), eq=[None, None, "scale_mail"]),
             "rac": dict(owner=1, pos=(0, 1), eq=[None, None, "ember_robe"]), "gurth": dict(owner=1, pos=(1, 1))},
            ranking=["norn", "rochon", "rac", "gurth"])
    begin(s, 2, {1: [("wall_of_fire", 2)]})
    place_at(s, "wall_of_fire", cells_wanted=[(-1, 1), (0, 1), (1, 1)])
    decline_all(s)
    assert [s.hp[hero(k)] for k in ("rochon", "rac", "gurth", "norn")] == [7, 9, 5, 9]


# ------------------------------------------------------------------ Guardian Angel (errata page 45)


def test_guardian_angel_heals_two_any_hero_on_it():
    """Errata page 45, Guardian Angel: "Any Hero occupying one of the other six Hexes, heals two Damage
    at the end of their Turn as longs the Hero has at least one Health." Seat 0's Guardian Angel; Rac
    (seat 1, an enemy of the caster) at 5 Health stands on it and ends its turn: 7."""
    s = duo({"rac": dict(owner=1, pos=(1, -2), hp=5), "norn": dict(owner=0, pos=(-3, 1))},
            ranking=["rac", "norn"])
    put(s, "guardian_angel", free_wanted=[(1, -2)], seat=0)
    begin(s, 3)
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[0])
    choose(s, power("poison"))
    decline_all(s)
    assert s.hp[hero("rac")] == 7


# ------------------------------------------------------------------ Death Swamp (FAQ)


def _oracle_reach(s, h, steps, swamp):
    """Hexes ``h`` can end on with ``steps`` Movement, from the text alone: one Movement per hex,
    two to enter a Death Swamp hex ("The extra movement tax is only needed when a Hero enters a Death
    Swamp hex, not when moving out of it"), through allies, never through enemies (FAQ), never onto
    an occupied hex."""
    occ = {s.pos[x]: x for x in range(rules.NH) if s.alive(x)}
    best = {s.pos[h]: 0}
    pq = [(0, s.pos[h])]
    while pq:
        c, x = heapq.heappop(pq)
        if c > best.get(x, 99):
            continue
        for y in NEIGH[x]:
            o = occ.get(y, -1)
            if o >= 0 and not s.allies(o, h):
                continue
            nc = c + (2 if y in swamp else 1)
            if nc <= steps and nc < best.get(y, 99):
                best[y] = nc
                heapq.heappush(pq, (nc, y))
    return sorted(y for y in best if y not in occ)


def test_death_swamp_movement_against_the_faq_oracle():
    """FAQ: "Do I need to spend two Movement to step out of the Death Swamp Ritual? A: Not unless you
    are stepping in another Death Swamp hex. The extra movement tax is only needed when a Hero enters
    a Death Swamp hex, not when moving out of it." The hexes a hero may reach, from many starting
    hexes in and around a Death Swamp, are those of a cost-2-to-enter shortest path (oracle above)."""
    i = placement("death_swamp", cells_wanted=[(0, 2)])
    swamp = set(PLACE_AT[RK["death_swamp"]][i][0])
    checked = 0
    for x in sorted(swamp | {y for c in swamp for y in NEIGH[c]}):
        if x == CENTER:
            continue
        s = duo({"norn": dict(owner=0, pos=HEXES[x]), "rac": dict(owner=1, pos=(-4, 0))}, ranking=["norn", "rac"])
        s.r_put(RK["death_swamp"], i, 1)
        s._legal = None
        want = _oracle_reach(s, hero("norn"), s.speed(hero("norn")), swamp)
        assert s.reach(hero("norn"), s.speed(hero("norn"))) == want, HEXES[x]
        checked += 1
    assert checked > 8


# ------------------------------------------------------------------ Consecration / Purification


def test_consecration_spares_the_casters_heroes_and_their_blessings():
    """TH § Rituals, Consecration: "Remove all Blessings on all enemy Heroes and deal one Light Damage
    to them." Seat 0 casts it: Rac (enemy) loses Aegis and 1 Health; Norn (the caster's) keeps Valor
    and her Health."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1))})
    s.token[card("aegis")] = hero("rac")
    s.token[card("valor")] = hero("norn")
    begin(s, 2, {0: [("consecration", 2)]})
    decline_all(s)
    assert (s.hp[hero("rac")], s.token[card("aegis")]) == (8, -1)
    assert (s.hp[hero("norn")], s.token[card("valor")]) == (9, hero("norn"))


def test_purification_heals_allies_only_and_removes_their_curses():
    """TH § Rituals, Purification: "All allied Heroes with at least one Health Heal two Damage and all
    Curse tokens on their Hero mats are removed." Seat 0 casts it: Norn (6 Health, Poisoned) -> 8 and
    no Curse; Rac (seat 1, 6 Health, Terror) keeps both."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1), hp=6), "rac": dict(owner=1, pos=(3, -1), hp=6)})
    s.token[card("poison")] = hero("norn")
    s.token[card("terror")] = hero("rac")
    begin(s, 2, {0: [("purification", 2)]})
    assert (s.hp[hero("norn")], s.token[card("poison")]) == (8, -1)
    assert (s.hp[hero("rac")], s.token[card("terror")]) == (6, hero("rac"))


# ------------------------------------------------------------------ turn 1 (errata page 14)


def test_turn_one_protection_is_only_on_the_starting_triads():
    """Errata page 14: "Heroes standing on the starting triads of Hexes during turn 1 cannot be harmed
    by any Rituals ..." A hero of the enemy standing off every starting triad on turn 1 is not
    shielded: Consecration deals it one Light Damage; the one on its triad keeps 9."""
    s = duo({"norn": dict(owner=0, pos=(0, -4)), "rac": dict(owner=1, pos=(4, 0)),
             "gurth": dict(owner=1, pos=(1, 1))}, turn=1, ranking=["norn", "rac", "gurth"])
    triads = {x for t in s.triad for x in t}
    assert hexi(4, 0) in triads and hexi(1, 1) not in triads
    begin(s, 1, {0: [("consecration", 1)]})
    assert s.hp[hero("rac")] == 9 and s.hp[hero("gurth")] == 8


# ------------------------------------------------------------------ Nature's Grace (Appendix)


def test_natures_grace_immunity_lasts_the_turn():
    """Appendix, Nature's Grace: "You may activate this Skill immediately after any Ritual Effect would
    affect you direct[ly] or indirectly. Gain immunity to that effect this turn. For example, you
    would not take any damage from a Ritual Effect". A Wall of Fire is placed on Nimloth (Shaper of
    Earth, Mana in Nature's Grace); she activates it: no Damage, and the Skill's gem is spent; the
    same turn she steps onto another wall hex without Damage."""
    s = duo({"norn": dict(owner=0, pos=(-3, 1)), "nimloth": dict(owner=1, arch=1, pos=(0, -1), mana=[1, 0, 0])},
            ranking=["nimloth", "norn"])
    begin(s, 2, {0: [("wall_of_fire", 2)]})
    place_at(s, "wall_of_fire", cells_wanted=[(0, -1), (1, -1)])
    assert s.dec[0] == "yn"
    choose(s, "choice 1")
    assert s.hp[hero("nimloth")] == 9 and s.mana[hero("nimloth")][0] == 0
    assert s.dec[0] == "move" and s.dec[2] == hero("nimloth"), s.dec
    choose(s, "hex (1, -1)")
    assert s.hp[hero("nimloth")] == 9


# ------------------------------------------------------------------ Terrashaper (Appendix)


def test_terrashaper_negates_the_prepared_ritual_of_the_placed_token():
    """Appendix, Terrashaper: "Remove a Ritual Effect that has a permanent token placed in the Arena.
    You immediately place any other currently unused permanent token from a Ritual Effect in the Arena
    wherever you want. This immediately negates the prepared Ritual with this effect and the Ritual
    card with the selected effect is turned faced up." Norn prepared Wall of Fire for turn 5; Nimloth
    removes the Fortifications and places the Wall of Fire token: Norn's prepared Ritual is gone and
    Wall of Fire is face up; nothing is cast on turn 5."""
    s = duo({"nimloth": dict(owner=1, arch=1, pos=(-3, 1), mana=[0, 0, 1]), "norn": dict(owner=0, pos=(3, -1))},
            ranking=["nimloth", "norn"])
    put(s, "fortifications", cells_wanted=[(2, 2)], seat=0)
    s.prepared[0] = [[RK["wall_of_fire"], 5]]
    begin(s, 3)
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[5])
    choose(s, "slot 3")
    choose(s, power("oppress"))  # the Power spent face down for the Skill
    choose(s, "ritual Fortifications")
    choose(s, "ritual Wall of Fire")
    assert s.dec[0] == "r_place"
    place_at(s, "wall_of_fire", cells_wanted=[(-2, -1)])
    decline_all(s)
    assert s.prepared[0] == [] and RK["wall_of_fire"] in s.rshown
    assert [t[0] for t in s.rtok] == [RK["wall_of_fire"]]


# ------------------------------------------------------------------ Equilibrium (Appendix)


def test_equilibrium_heals_four_and_gives_two_gems():
    """Appendix, Equilibrium: "Remove a Ritual Effect that has a permanent token placed in the Arena.
    When you remove the Ritual Effect, you and any allies with at least one health Heal 4 damage and
    gain 2 Mana Gems to place into Skills immediately." Nimloth (4 Health) removes the Banner: the
    token leaves the Arena, she is at 8 and places two gems at once (her Skills were empty: the one
    gem she had powered Equilibrium)."""
    s = duo({"nimloth": dict(owner=1, arch=1, pos=(-3, 1), mana=[0, 1, 0], hp=4), "norn": dict(owner=0, pos=(3, -1))},
            ranking=["nimloth", "norn"])
    put(s, "banner_of_victory", cells_wanted=[(2, 2)], seat=0)
    begin(s, 3)
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[5])
    choose(s, "slot 2")
    choose(s, power("oppress"))
    choose(s, "ritual Banner of Victory")
    assert s.rtok == [] and s.hp[hero("nimloth")] == 8
    for slot in (1, 2):
        assert s.dec[0] == "mana_gain" and s.dec[2] == hero("nimloth"), s.dec
        choose(s, f"slot {slot}")
    assert s.mana[hero("nimloth")] == [1, 1, 0]


# ------------------------------------------------------------------ Flesh and Blood (Expansion)


def test_flesh_and_blood_items_out_this_turn_back_the_next():
    """Expansion cards, Flesh and Blood [Ritual]: "All Weapons, Armor, Shields, and Artifacts are
    flipped facedown for this turn and are considered to be out of play. Before the beginning of the
    next turn, they are flipped face up again and used as normal." Cast on turn 3: Rochon's Dawnblade
    (+1 Attack) and Plate Armor count for nothing on turn 3 and count again on turn 4."""
    g = game(expansion=True)
    s = arena(g, {"rochon": dict(owner=0, pos=(-3, 1), eq=["dawnblade", None, "plate_armor"]),
                  "rac": dict(owner=1, pos=(3, -1))}, {0: R_SET, 1: D_SET}, ranking=["rochon", "rac"])
    h = hero("rochon")
    assert s.art_attack(h) == 1 and s.weapons(h) and s.armors(h)
    begin(s, 3, {1: [("flesh_and_blood", 3)]})
    assert s.art_attack(h) == 0 and s.weapons(h) == [] and s.armors(h) == []
    begin(s, 4)
    assert s.art_attack(h) == 1 and s.weapons(h) and s.armors(h)


# ------------------------------------------------------------------ hidden Rituals


def _prepared_pair(g, heroes, seat, a, b, hands):
    out = []
    for lst in (a, b):
        s = arena(g, heroes, hands, ranking=list(heroes))
        s.prepared[seat] = [[RK[k], t] for k, t in lst]
        s._legal = None
        out.append(s)
    return out


def test_prepared_rituals_hidden_from_the_other_team():
    """TH § Mage Tower: "Place the Ritual you are preparing face down next to your Hero mat. Select one
    turn token and place it on top of your Ritual"; TH § Team vs Team: teammates "can however
    exchange any private information such as face down Powers or Rituals". Two 2x2 positions
    differing only in seat 1's prepared Ritual (Wall of Fire / Consecration, both under turn marker
    4): seats 0 and 2 (the other team) get the same observation (both encoders) and render; seat 3,
    seat 1's teammate, tells them apart. The marker on top is public: a Ritual under marker 6 is told
    apart by everyone."""
    heroes = {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1)),
              "aer": dict(owner=2, pos=(-3, 3)), "gurth": dict(owner=3, pos=(3, -3))}
    hands = {0: W_SET, 1: D_SET, 2: R_SET, 3: ["terror", "enervation", "damnation", "raise_the_dead", "ungrave",
                                              "despair"]}
    a, b = _prepared_pair(GT, heroes, 1, [("wall_of_fire", 4)], [("consecration", 4)], hands)
    _a, c = _prepared_pair(GT, heroes, 1, [("wall_of_fire", 4)], [("wall_of_fire", 6)], hands)
    assert GT.num_players == 4 and a.team[1] == a.team[3] != a.team[0]
    for p in (0, 2):
        assert np.array_equal(checked_observation(GT, a, p), checked_observation(GT, b, p)), p
        assert a.render(p) == b.render(p), p
        assert not np.array_equal(checked_observation(GT, a, p), checked_observation(GT, c, p)), p
        assert "turn marker 6" in c.render(p) and "Wall of Fire" not in c.render(p)
    assert not np.array_equal(checked_observation(GT, a, 3), checked_observation(GT, b, 3))


def test_resample_redraws_the_other_teams_prepared_rituals():
    """As above: a determinization from seat 0's view keeps seat 0's own prepared Ritual and turn and
    redraws seat 1's card from those seat 0 has not seen (seat 1's and the Mage Tower deck's),
    keeping what is public: how many it holds and the turn marker on each (TH § Mage Tower)."""
    heroes = {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1))}
    s = arena(G2, heroes, {0: W_SET, 1: D_SET}, ranking=list(heroes))
    s.prepared[0] = [[RK["purification"], 3]]
    s.prepared[1] = [[RK["wall_of_fire"], 4]]
    s.rdeck = sorted(set(RK.values()) - {RK["purification"], RK["wall_of_fire"], RK["flesh_and_blood"]})
    s._legal = None
    seen = set()
    for i in range(25):
        r = s.resample_hidden(0, np.random.default_rng(i))
        assert r.prepared[0] == [[RK["purification"], 3]]
        assert len(r.prepared[1]) == 1 and r.prepared[1][0][1] == 4
        assert r.prepared[1][0][0] != RK["purification"]
        seen.add(r.prepared[1][0][0])
    assert len(seen) > 3


# ------------------------------------------------------------------ Nature's Grace against the Banner


def test_natures_grace_denies_an_enemys_banner_bonus():
    """Appendix, Nature's Grace: "... affect you direct[ly] or indirectly ... nor would enemies receive
    an Attack Bonus against you from Rituals." Norn on the Banner of Victory attacks Nimloth with
    Warcraft (4); Nimloth defends with Frigid Night (Defense 4). With the Banner's +1, 5 beats 4:
    Nimloth loses one Health; if she activates Nature's Grace, 4 ties 4 and Nimloth, higher in the
    Ranking, wins: no Damage."""
    for grace, health in (("choice 0", 8), ("choice 1", 9)):
        s = duo({"norn": dict(owner=0, pos=(1, -2)), "nimloth": dict(owner=1, arch=1, pos=(2, -2), mana=[1, 0, 0])},
                ranking=["nimloth", "norn"])
        put(s, "banner_of_victory", free_wanted=[(1, -2)], seat=0)
        begin(s, 3)
        choose(s, "done / none")  # Nimloth does nothing
        choose(s, "action: " + rules.ROW_NAMES[0])
        choose(s, power("oppress"))
        choose(s, "done / none")  # Norn stays on the Banner and attacks
        choose(s, "action: " + rules.ROW_NAMES[4])
        choose(s, "hero Nimloth the Ancient Druid")
        choose(s, power("warcraft"))
        choose(s, power("frigid_night"))
        assert s.dec[0] == "yn" and s.dec[2] == "grace", s.dec
        choose(s, grace)
        decline_all(s)
        assert s.hp[hero("nimloth")] == health, grace


# ------------------------------------------------------------------ Gaia's Escutcheon (Expansion)


def test_gaias_escutcheon_terrain_and_damage():
    """Expansion cards, Gaia's Escutcheon [Merciful]: "protects the Hero who used it from any negative
    Ritual Effect. That Hero can stand or walk over terrain effects without their movement being
    affected. They do not take any damage." Nimloth defends with Gaia's Escutcheon against Norn; on
    her own turn after it, a Death Swamp does not slow her (her reach is the plain reach) and
    stepping onto a Wall of Fire does not burn her."""
    ge = game(expansion=True)
    s = arena(ge, {"norn": dict(owner=0, pos=(-1, -1)), "nimloth": dict(owner=1, pos=(-1, -2))},
              {0: W_SET, 1: ["poison", "vortex", "confusion", "oppress", "lifeswap", "gaias_escutcheon"]},
              ranking=["norn", "nimloth"])
    put(s, "death_swamp", cells_wanted=[(-2, 0)], seat=0)
    put(s, "wall_of_fire", cells_wanted=[(1, -3)], seat=0)
    swamp = set(PLACE_AT[RK["death_swamp"]][s.rtok[0][1]][0])
    begin(s, 3)
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[4])
    choose(s, "hero Nimloth the Ancient Druid")
    choose(s, power("warcraft"))
    choose(s, power("gaias_escutcheon"))
    decline_all(s)
    while s.dec is not None and s.dec[2] != hero("nimloth"):
        choose(s, say(s)[-1])  # Norn's remaining choices (no push, ...)
        decline_all(s)
    h = hero("nimloth")
    assert s.dec[0] == "move", s.dec
    hp = s.hp[h]
    plain = _oracle_reach(s, h, s.speed(h), set())
    assert s.reach(h, s.speed(h)) == plain != _oracle_reach(s, h, s.speed(h), swamp)
    choose(s, "hex (1, -3)")
    assert s.hp[h] == hp


def test_resample_keeps_the_teammates_prepared_rituals():
    """TH § Team vs Team: teammates share "face down Powers or Rituals". In a 2x2 game a
    determinization from seat 0's view keeps seat 2's (its teammate's) prepared Ritual and turn and
    redraws the cards of seats 1 and 3 (their turn markers are public: kept)."""
    heroes = {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1)),
              "aer": dict(owner=2, pos=(-3, 3)), "gurth": dict(owner=3, pos=(3, -3))}
    hands = {0: W_SET, 1: D_SET, 2: R_SET, 3: ["terror", "enervation", "damnation", "raise_the_dead", "ungrave",
                                              "despair"]}
    s = arena(GT, heroes, hands, ranking=list(heroes))
    mine = {0: [[RK["purification"], 3]], 2: [[RK["guardian_angel"], 5]]}
    s.prepared[0], s.prepared[2] = [list(x) for x in mine[0]], [list(x) for x in mine[2]]
    s.prepared[1] = [[RK["wall_of_fire"], 4]]
    s.prepared[3] = [[RK["consecration"], 7]]
    s.rdeck = sorted(set(RK.values()) - {RK[k] for k in ("purification", "guardian_angel", "wall_of_fire",
                                                             "consecration", "flesh_and_blood")})
    s._legal = None
    seen = set()
    for i in range(25):
        r = s.resample_hidden(0, np.random.default_rng(i))
        assert r.prepared[0] == mine[0] and r.prepared[2] == mine[2]
        assert len(r.prepared[1]) == len(r.prepared[3]) == 1
        assert r.prepared[1][0][1] == 4 and r.prepared[3][0][1] == 7
        seen.add((r.prepared[1][0][0], r.prepared[3][0][0]))
        used = [x[0] for p in range(4) for x in r.prepared[p]]
        assert len(set(used)) == len(used)
    assert len(seen) > 3


def test_fortifications_defense_counts_against_a_monster():
    """TH § Rituals, Fortifications: "Any Hero occupying one of the other three Hexes gains a +1
    Defense bonus while on one of those Hexes"; TH § Monster Attacking: "If the Attack is greater
    than the Hero's Defense ... then Damage is calculated as normal." Brutal Punch (1D4+2, 5
    Physical) rolls 2 (Attack 4) against Rochon's Tenacity (Defense 3): on a free Fortifications
    hex the Defense is 4, a tie the Hero wins (Health 9); off it, a hit for (4 - 3) + 5 = 6."""
    for fort, health in ((True, 9), (False, 3)):
        s = marena(SOLO, {"rochon": dict(owner=0, pos=(0, -1))}, {0: R_SET}, ["rochon"],
                   [("kotronas", (0, 0), ["plain_3"])], actor="rochon", dice=(0, 2))
        if fort:
            put(s, "fortifications", free_wanted=[(0, -1)])
        choose(s, "done / none")
        choose(s, "action: " + rules.ROW_NAMES[0])
        choose(s, power("resurrection"))
        decline_all(s)
        assert s.dec[0] == "m_commit", s.dec
        choose(s, power("tenacity"))
        decline_all(s)
        assert s.hp[hero("rochon")] == health, fort


def test_random_games_with_prepared_rituals_resample_within_each_seats_knowledge():
    """TH § Mage Tower (the prepared Ritual face down) and TH § Team vs Team (teams share Rituals),
    end to end: random games (free for all, 2x2 teams with the expansion, solo against a monster)
    where every seat prepared a Ritual for a turn of its own; at every fifth Arena step a
    determinization from each seat's view gives that seat the same observation and render, the
    same seat to act and, for the seat to act, the same legal actions (the fast preparation has
    no Mage Tower, so the Rituals are put in ``prepared`` when the game starts)."""
    from mythenv.games.theosis.cards import RITUALS
    cfgs = (dict(), dict(num_players=4, mode="teams_2x2", variant="blitz", expansion=True),
            dict(num_players=1, mode="solo", encounter="solo_3", prep="fast"))
    checks = 0
    for cfg in cfgs:
        g = game(**cfg)
        for seed in range(3):
            rng = np.random.default_rng(seed)
            s = g.new_initial_state(seed)
            cards = [r.index for r in RITUALS if not r.expansion or cfg.get("expansion")]
            turns = list(range(1, 10))
            rng.shuffle(cards)
            rng.shuffle(turns)
            for p in range(s.n):
                s.prepared[p] = [[cards[p], turns[p]]]
            s._legal = None
            steps = 0
            while not s.is_terminal() and steps < 1500:
                la = s.legal_actions()
                s.apply_action(la[int(rng.integers(len(la)))])
                steps += 1
                if steps % 5 or s.phase != "arena":
                    continue
                for p in range(s.n):
                    r = s.resample_hidden(p, np.random.default_rng(steps + p))
                    assert np.array_equal(g.observation(s, p), g.observation(r, p)), (cfg, seed, steps, p)
                    assert s.render(p) == r.render(p)
                    assert r.current_player() == s.current_player()
                    if s.current_player() == p:
                        assert sorted(r.legal_actions()) == sorted(s.legal_actions())
                    checks += 1
    assert checks > 300


def test_resample_keeps_every_turn_marker():
    """TH § Mage Tower: "Select one turn token and place it on top of your Ritual indicating the turn
    the Ritual will be cast"; TH § Components List: "9x Turn Markers", one per Arena turn, shared by
    the table. The markers lie face up on the face-down cards, so a determinization from seat 0's view
    keeps seat 1's markers (4 and 6) where they lie and redraws only the cards under them; no two
    prepared Rituals ever share a marker."""
    heroes = {"norn": dict(owner=0, pos=(-3, 1)), "rac": dict(owner=1, pos=(3, -1))}
    s = arena(G2, heroes, {0: W_SET, 1: D_SET}, ranking=list(heroes), turn=1)
    s.prepared[0] = [[RK["purification"], 3]]
    s.prepared[1] = [[RK["wall_of_fire"], 4], [RK["consecration"], 6]]
    s._legal = None
    for i in range(40):
        r = s.resample_hidden(0, np.random.default_rng(i))
        assert [t for _r, t in r.prepared[1]] == [4, 6]
        assert r.prepared[0] == [[RK["purification"], 3]]


def test_equilibrium_reaches_the_teammates_heroes():
    """Appendix, Equilibrium: "you and any allies with at least one health Heal 4 damage and gain 2
    Mana Gems to place into Skills immediately"; TH § Team vs Team: "All Powers and Skills that
    affect Allied Heroes, affect all Heroes of a team." 2x2 teams (seats 1 and 3 together): Nimloth
    (seat 1, 4 Health) and Gurth (seat 3, 3 Health) heal 4 (8 and 7) and gain two gems each, Gurth's
    placed by seat 3; the enemies Norn and Aer (5 Health) are untouched."""
    heroes = {"nimloth": dict(owner=1, arch=1, pos=(-3, 1), mana=[0, 1, 0], hp=4), "norn": dict(owner=0, pos=(3, -1)),
              "gurth": dict(owner=3, pos=(-3, 3), hp=3), "aer": dict(owner=2, pos=(3, -3), hp=5)}
    hands = {0: W_SET, 1: D_SET, 2: R_SET, 3: ["terror", "enervation", "damnation", "raise_the_dead", "ungrave",
                                              "despair"]}
    s = arena(GT, heroes, hands, ranking=["nimloth", "norn", "gurth", "aer"])
    put(s, "banner_of_victory", cells_wanted=[(2, 2)], seat=0)
    begin(s, 3)
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[5])
    choose(s, "slot 2")
    choose(s, power("oppress"))
    choose(s, "ritual Banner of Victory")
    placers = []
    while s.dec[0] == "mana_gain":
        placers.append(s.dec[1])
        s.apply_action(s.legal_actions()[0])
    assert sorted(placers) == [1, 1, 3, 3]
    assert [s.hp[hero(k)] for k in ("nimloth", "gurth", "norn", "aer")] == [8, 7, 9, 5]
    assert sum(s.mana[hero("gurth")]) == 2 and sum(s.mana[hero("aer")]) == 0
