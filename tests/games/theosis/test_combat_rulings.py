"""Combat-maths rulings of Theosis (issue 21, part 2) and the rulebook's worked combat examples not
covered elsewhere. Docstrings cite ``001_4e95cd654d8b1058.txt`` (TH), FAQ and errata included; the
expected numbers are worked out from the quoted text."""

import pytest

from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import HEROES, SKILLS

from .builder import act, arena, card, game, hero, hexi

G2 = game()
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
G_SET = ["blind", "neutralize", "pacify", "equalize", "healing", "aegis"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
V_SET = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
M_SET = ["entangling_roots", "hailstorm", "lightning_strike", "cleansing_rain", "rejuvenation", "blazing_sun"]


def attack_with_power(s, target, acard, dcard):
    act(s, "done")            # no move
    act(s, "row", 4)          # attack with a Power face down (its text)
    act(s, "hero", hero(target))
    act(s, "card", card(acard))
    act(s, "card", card(dcard))


def decline_all(s, turn=2):
    while s.dec is not None and s.dec[0] == "yn" and s.turn == turn:
        act(s, "num", 0)


def logged(s, text):
    return any(text in m for m in s.log)


# ---------------------------------------------------------------- 1. Resistance halves the total
def test_resistance_halves_the_total_damage_greatsword():
    """TH § Damage and Resistances ("add: The difference between the Attack value and the Defense
    value, plus the Damage of the Weapon"; "Physical resistance: Negates half of Physical damage")
    and TH § Monsters ("Only half of the damage goes through and is always rounded down"): Warcraft
    4 against Cleansing Rain 1 (a Spell face down: no text) is a difference of 3, plus the
    Greatsword's 3 = 6 Physical; the leather jerkin's Physical resistance halves the total to 3
    (halving each part, 3 // 2 + 3 // 2, would give 2)."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), eq=["greatsword", None, None]),
                   "edhel": dict(owner=1, pos=(1, 0), eq=[None, None, "leather_jerkin"])},
              {0: W_SET, 1: M_SET}, ranking=["norn", "edhel"], actor="norn")
    attack_with_power(s, "edhel", "warcraft", "cleansing_rain")
    assert logged(s, "4 vs 1 -> hit")
    assert s.hp[hero("edhel")] == 9 - 3


@pytest.mark.parametrize("acard, at, dealt", [("neutralize", 6, 2), ("blind", 7, 3)])
def test_monster_defense_example_numbers(acard, at, dealt):
    """TH § Monsters, Monster Defense example, with a Hero in the Monster's place (the Arena has no
    Ritual or monster in this build): Power Attack Value 3 + Artifact 1 + Blessing 1 + Skill 1
    (Smite, Physical) = 6 (the printed 7 adds a Ritual's +1) against a Defense of 5 (Last Stand 4
    + Aegis 1), the printed difference of 1: "(Attack 7 - Defense 6) + Weapon Damage 4 = 5 ... Physical Resistance.
    Only half of the damage goes through and is always rounded down. Therefore Damage = 5/2 = 2.5
    rounded down to 2"; "Had the Attacker used a (4.0) card, his total damage would have been 6
    and therefore the half would have been 3"."""
    s = arena(G2, {"rochon": dict(owner=0, arch=0, pos=(0, 0), mana=[1, 0, 0], eq=["dawnblade", None, None]),
                   "garav": dict(owner=1, pos=(1, 0), eq=[None, None, "leather_jerkin"])},
              {0: ["warcraft", "fireball", "blind", "neutralize", "tactics", "nova"],
               1: ["last_stand", "poison", "vortex", "confusion", "oppress", "lifeswap"]},
              ranking=["rochon", "garav"], actor="rochon",
              discards={0: ["valor"], 1: ["aegis"]})
    s.token[card("valor")] = hero("rochon")     # Blessing +1 Attack
    s.token[card("aegis")] = hero("garav")      # Blessing +1 Defense
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 0)                           # Smite: +1 Attack, Physical
    act(s, "done")                              # (its charge: no move)
    act(s, "hero", hero("garav"))
    act(s, "card", card(acard))                 # 3.1 (Neutralize) or 4.0 (Blind), values only
    act(s, "card", card("last_stand"))
    assert logged(s, f"{at} vs 5 -> hit")
    assert s.hp[hero("garav")] == 9 - dealt


@pytest.mark.parametrize("rem_type, dealt", [(rules.PHYS, 4), (rules.ICE, 5)])
def test_mixed_damage_types_each_type_total_reduced(rem_type, dealt):
    """FAQ (dual wield): "You inflict both types of damage separately -- each weapon deals the amount
    and type of damage listed on it. You get to select which type of damage is the remainder";
    TH § Damage and Resistances: Resistance negates half of its type. Warcraft 4 vs Cleansing
    Rain 1: remainder 3, Dagger 1 Physical, Frost Blade 2 Ice, against Physical resistance only.
    Remainder Physical: Physical 3 + 1 = 4 -> 2, Ice 2 -> 4 in all. Remainder Ice: Physical 1 -> 0,
    Ice 3 + 2 = 5 -> 5 in all."""
    s = arena(G2, {"sauth": dict(owner=0, pos=(0, 0), eq=["dagger_a", "frost_blade", None]),
                   "edhel": dict(owner=1, pos=(1, 0), eq=[None, None, "leather_jerkin"])},
              {0: W_SET, 1: M_SET}, ranking=["sauth", "edhel"], actor="sauth")
    attack_with_power(s, "edhel", "warcraft", "cleansing_rain")
    assert s.dec[0] == "dtype"
    opts = s.remainder_types(s.cb["du"])
    assert opts == [rules.PHYS, rules.ICE]
    act(s, "num", opts.index(rem_type))
    assert s.hp[hero("edhel")] == 9 - dealt


# ---------------------------------------------------------------- 2. Spell Ward
def test_spell_ward_keeps_only_later_spells_off():
    """TH § Warmonger Powers, Spell Ward (errata p.38: "targeted" -> "affected"): "neither this Hero
    nor any other allied Heroes can be affected by an enemy's Spell Power. This Power does not
    affect Heroes who were attacked by a Spell Power before this Power was activated." Nova
    (3 / 1) hits Norn and Lug; Norn's Spell Ward (0 / 4) is revealed in the first duel, yet Lug,
    attacked by the same Nova, still defends: Nova 3 against Pacify's 2 is a hit, 1 Light Damage.
    Vortex cast later the same turn cannot pick the warded heroes."""
    g3 = game(num_players=3)
    s = arena(g3, {"rochon": dict(owner=0, pos=(-3, 0)),
                   "norn": dict(owner=1, pos=(2, 0)), "lug": dict(owner=1, pos=(3, -1)),
                   "rac": dict(owner=2, pos=(0, -3))},
              {0: R_SET, 1: ["spell_ward", "pacify", "blind", "neutralize", "equalize", "aegis"], 2: D_SET},
              ranking=["rochon", "norn", "lug", "rac"], actor="rochon")
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("nova"))
    act(s, "hex", hexi(2, 0))
    assert s.cb["targets"] == [hero("norn"), hero("lug")]
    act(s, "card", card("spell_ward"))     # Norn
    act(s, "card", card("pacify"))         # Lug
    decline_all(s)
    assert s.ward[s.hteam(hero("norn"))] == 1
    assert logged(s, "Rochon the Sacred Paladin attacks Lug the Dragon Warrior: 3 vs 2 -> hit")
    assert s.hp[hero("lug")] == 8
    # a Spell Rac (seat 2) casts later this turn cannot include the warded team
    assert s.spell_targets(hero("rac"), hexi(2, 0)) == []
    assert s.spell_targets(hero("rac"), hexi(-3, 0)) == [hero("rochon")]


# ---------------------------------------------------------------- 3. Oppress / Confusion defending
@pytest.mark.parametrize("dcard, df, dealt", [("oppress", 1, 5), ("confusion", 2, 4)])
def test_oppress_confusion_defending_change_values_only(dcard, df, dealt):
    """TH § Deceitful Powers, Oppress / Confusion: "If you are defending, then your Opponent's Power
    text has already been resolved. You may still choose to discard your Opponent's revealed Power
    ... This new Power affects your Opponent's Attack and Defense Values, not the text or the Damage
    type." Rochon (Dawnblade +1 Attack, 4 Damage) attacks with Fiery Purge (4 / 0, Fire, Curse);
    the only other card in his hand is Tactics (1 / 1, Physical), which replaces it: Attack 1 + 1
    = 2 against Oppress 1 (hit, 1 + 4 = 5) or Confusion 2 (tie, Rochon ranks higher: 0 + 4 = 4).
    The Damage stays Fire, so Norn's plate armor (Physical protection) does not stop it; Fiery
    Purge's Curse still applies and Tactics' text is never offered."""
    s = arena(G2, {"rochon": dict(owner=0, pos=(0, 0), eq=["dawnblade", None, None]),
                   "norn": dict(owner=1, pos=(1, 0), eq=[None, None, "plate_armor"])},
              {0: ["fiery_purge", "tactics"], 1: D_SET}, ranking=["rochon", "norn"], actor="rochon",
              discards={0: ["nova", "valor", "resurrection", "tenacity"]})
    attack_with_power(s, "norn", "fiery_purge", dcard)
    assert s.dec[0] == "yn" and s.dec[2] == dcard + "_def"
    act(s, "num", 1)
    assert card("tactics") in s.inplay[0]
    assert logged(s, f"attacks Norn the Dwarf Barbarian: 2 vs {df} -> hit")
    assert not (s.dec is not None and s.dec[0] == "tactics")
    assert s.hp[hero("norn")] == 9 - dealt
    assert s.token[card("fiery_purge")] == hero("norn")


def test_oppress_defending_keeps_the_attackers_on_hit_text_not_the_new_ones():
    """TH § Deceitful Powers, Oppress (defending): the replacement gives "Attack and Defense Values,
    not the text". Rochon attacks with Warcraft (4 / 0: on a hit the target switches places with
    the Hero one slot below, errata p.38); the replacement is Poison (4 / 0, Curse: -1 Defense).
    4 vs 1 hits: Warcraft's text moves Norn down the Ranking, and no Poison Curse is placed."""
    s = arena(G2, {"rochon": dict(owner=0, pos=(0, 0)), "norn": dict(owner=1, pos=(1, 0)),
                   "lug": dict(owner=1, pos=(3, 0))},
              {0: ["warcraft", "poison"], 1: D_SET}, ranking=["rochon", "norn", "lug"], actor="rochon",
              discards={0: ["nova", "valor", "resurrection", "tenacity"]})
    attack_with_power(s, "norn", "warcraft", "oppress")
    act(s, "num", 1)
    assert logged(s, "4 vs 1 -> hit")
    decline_all(s)
    assert s.ranking == [hero("rochon"), hero("lug"), hero("norn")]
    assert s.token[card("poison")] == -1


# ---------------------------------------------------------------- 4. Equalize and Skills
def test_equalize_against_reckless_attack_uses_one():
    """TH § Guardian Powers, Equalize: "your Opponent's Power is considered to have an Attack and
    Defense value of 1"; Reckless Attack: "use the Defense Value of your Power Card instead of the
    Attack Value". Norn's Reckless Attack with Spell Ward (0 / 4) against Lug's Equalize (1 / 1):
    the Defense value read is 1, so 1 vs 1 (Lug ranks higher: defended), not 4 vs 1."""
    s = arena(G2, {"norn": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 0, 1]),
                   "lug": dict(owner=1, pos=(1, 0))},
              {0: W_SET, 1: G_SET}, ranking=["lug", "norn"], actor="norn")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)                     # Reckless Attack
    act(s, "hero", hero("lug"))
    act(s, "card", card("spell_ward"))
    act(s, "card", card("equalize"))
    assert s.dec[0] == "yn" and s.dec[2] == "equalize_def"
    act(s, "num", 1)
    assert logged(s, "Norn the Dwarf Barbarian attacks Lug the Dragon Warrior: 1 vs 1 -> defended")
    assert s.hp[hero("lug")] == 9


def test_equalize_against_combat_kata_uses_one():
    """TH § Guardian Powers, Equalize; Combat Kata: "You can use the Attack Value of your Power Card
    for defense instead of the Defense Value". Rac attacks with Equalize (1 / 1); Lug defends with
    Warcraft (4 / 0) and Combat Kata: Equalize makes Warcraft 1 / 1, so 1 vs 1 (Lug ranks higher:
    defended), not 1 vs 4."""
    s = arena(G2, {"rac": dict(owner=0, pos=(0, 0)), "lug": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 1, 0])},
              {0: G_SET, 1: W_SET}, ranking=["lug", "rac"], actor="rac")
    attack_with_power(s, "lug", "equalize", "warcraft")
    assert s.dec[0] == "defskill"
    act(s, "slot", 1)                     # Combat Kata
    assert s.dec[0] == "yn" and s.dec[2] == "equalize_att"
    act(s, "num", 1)
    assert logged(s, "Rac the Horrid Necromancer attacks Lug the Dragon Warrior: 1 vs 1 -> defended")


def test_equalize_against_chocking_sets_the_die_value_to_one():
    """TH § Guardian Powers, Equalize (the opponent's Power values count as 1), Chocking ("you
    roll one d4 die for the Attack Value instead of using the card's Attack Value", errata p.34:
    "You must spend a Power Card") and TH § Monster Battles ("Equalize allows you to turn a die
    roll into a 1"): the Attack value Chocking uses counts as 1 under Equalize (reading chosen in
    docs/games/theosis.md)."""
    s = arena(G2, {"raug": dict(owner=0, arch=1, pos=(0, 0), mana=[1, 0, 0]), "lug": dict(owner=1, pos=(1, 0))},
              {0: W_SET, 1: G_SET}, ranking=["lug", "raug"], actor="raug")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 0)                     # Chocking
    act(s, "hero", hero("lug"))
    act(s, "card", card("warcraft"))
    act(s, "card", card("equalize"))
    act(s, "num", 1)
    assert logged(s, "Raug the Deviant Succubus attacks Lug the Dragon Warrior: 1 vs 1 -> defended")


# ---------------------------------------------------------------- 5. Defense Skill: Power values only
@pytest.mark.parametrize("dcard, lug_hp, rochon_hp", [("frigid_night", 4, 9), ("despair", 4, 9),
                                                      ("pain_spike", 3, 9)])
def test_defense_skill_uses_only_the_powers_values(dcard, lug_hp, rochon_hp):
    """TH § Powers and Skills: "When you use a Skill, you use the Skill icon for Damage and the
    Skill text for the ability that takes place. You only use the facedown Power for the Attack or
    Defense value." Lug defends with Combat Kata (the better of the card's values) and a Power
    whose text would protect him: Frigid Night (0 / 4, Fire protection), Despair (0 / 4, halves)
    or Pain Spike (1 / 3, half back). Rochon's Fiery Purge + Dawnblade: 5 vs 4 -> 1 + 4 = 5 Fire
    (Lug 9 -> 4), or 5 vs 3 -> 2 + 4 = 6 (Lug 9 -> 3); none of the texts applies."""
    s = arena(G2, {"rochon": dict(owner=0, pos=(0, 0), eq=["dawnblade", None, None]),
                   "lug": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 1, 0])},
              {0: R_SET, 1: ["frigid_night", "despair", "pain_spike", "poison", "vortex", "oppress"]},
              ranking=["rochon", "lug"], actor="rochon")
    attack_with_power(s, "lug", "fiery_purge", dcard)
    act(s, "slot", 1)                     # Combat Kata
    decline_all(s)
    assert s.hp[hero("lug")] == lug_hp and s.hp[hero("rochon")] == rochon_hp


def test_defense_skill_no_tenacity_or_lifeswap_question():
    """TH § Powers and Skills ("You only use the facedown Power for the Attack or Defense value"):
    with Combat Kata, Lug's Tenacity (may refuse the push) and Lifeswap (exchange Health) are not
    offered; Rochon's won melee attack leads straight to his push-back choice."""
    for dcard in ("tenacity", "lifeswap"):
        s = arena(G2, {"rochon": dict(owner=0, pos=(0, 0)),
                       "lug": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 1, 0], hp=3)},
                  {0: W_SET, 1: ["tenacity", "lifeswap", "poison", "vortex", "oppress", "confusion"]},
                  ranking=["rochon", "lug"], actor="rochon")
        attack_with_power(s, "lug", "warcraft", dcard)
        act(s, "slot", 1)                 # Combat Kata: max(1, 3) = 3 against Warcraft 4
        assert logged(s, "4 vs 3 -> hit")
        assert s.dec[0] == "yn" and s.dec[2] == "push", s.dec
        assert s.hp[hero("lug")] == 3 - 1 and s.hp[hero("rochon")] == 9  # 1 + 0 Physical, no swap


def test_counter_attack_against_a_skill_attacker_ignores_its_power_text():
    """TH § Powers and Skills (a Skill uses its Power "only ... for the Attack or Defense value")
    and Counter Attack ("Use the Power you are using for defense to instead attack your enemy who
    must use their Attack Power for defense"): Rochon attacks Norn with Smite and Despair (0 / 4)
    face down; Norn counters with Warcraft 4 and his Greatsword: 4 vs 4, Norn ranks higher, 0 + 3
    = 3 Physical. Despair's halving is not active (Rochon used a Skill): Rochon 9 -> 6. Had Rochon
    attacked with Despair's text (row five), its text halves the 3 to 1 (Rochon 9 -> 8)."""
    for row, rochon_hp in ((5, 6), (4, 8)):
        s = arena(G2, {"rochon": dict(owner=0, arch=0, pos=(0, 0), mana=[1, 0, 0]),
                       "norn": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 0, 1], eq=["greatsword", None, None])},
                  {0: V_SET, 1: W_SET}, ranking=["norn", "rochon"], actor="rochon")
        act(s, "done")
        act(s, "row", row)
        if row == 5:
            act(s, "slot", 0)             # Smite
            act(s, "done")                # no charge move
        act(s, "hero", hero("norn"))
        act(s, "card", card("despair"))
        act(s, "card", card("warcraft"))
        act(s, "slot", 2)                 # Counter Attack
        assert logged(s, "Norn the Dwarf Barbarian attacks Rochon the Sacred Paladin: 4 vs 4 -> hit")
        decline_all(s)
        assert s.hp[hero("rochon")] == rochon_hp and s.hp[hero("norn")] == 9


# ---------------------------------------------------------------- 6. Area Skills and allies
def test_corona_example_all_enemy_heroes_defend_allies_do_not():
    """TH § Powers and Skills, example: "If the Paladin was to use his Skill Corona with the facedown
    Power Fiery Purge ... He would Attack all enemy Heroes in a Ring and all enemy Heroes would have
    to defend with a Power. His total Attack ... 4 (Power) + 1 (Corona Skill) = 5 ... Light from
    the Corona Skill ... he would not apply the Curse of Fiery Purge." Two adjacent enemies defend
    (Ranking order); the adjacent ally Aer is not attacked and her player commits nothing."""
    s = arena(G2, {"rochon": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 1, 0]),
                   "aer": dict(owner=0, pos=(-1, 0)),
                   "rac": dict(owner=1, pos=(1, 0)), "raug": dict(owner=1, pos=(0, 1))},
              {0: R_SET, 1: D_SET}, ranking=["raug", "rochon", "rac", "aer"], actor="rochon")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)                     # Corona
    assert s.cb["targets"] == [hero("raug"), hero("rac")]
    act(s, "card", card("fiery_purge"))
    assert s.dec[0] == "commit" and s.dec[1] == 1
    act(s, "card", card("poison"))        # Raug: 0
    act(s, "card", card("frigid_night"))  # Rac: 4
    decline_all(s)
    assert logged(s, "attacks Raug the Deviant Succubus: 5 vs 0 -> hit")
    assert logged(s, "attacks Rac the Horrid Necromancer: 5 vs 4 -> hit")
    assert s.hp[hero("raug")] == 9 - 5 and s.hp[hero("rac")] == 9 - 1 and s.hp[hero("aer")] == 9
    assert s.token[card("fiery_purge")] == -1


AREA_SKILLS = [sk for sk in SKILLS if sk.kind == "attack" and sk.area in ("ring", "line", "cone")]


@pytest.mark.parametrize("sk", AREA_SKILLS, ids=[sk.key for sk in AREA_SKILLS])
def test_every_area_skill_attacks_enemies_only(sk):
    """TH § Appendix Skills: every Ring / Line / Cone Skill reads "Attack all (adjacent) enemies ..."
    / "... on all enemies in a straight line / cone"; the Corona example (TH § Powers and Skills)
    has "all enemy Heroes would have to defend". An ally in the area is not attacked; the enemy
    behind or beside it is."""
    me = HEROES[sk.hero].key
    ally, enemy = [k for k in ("norn", "lug", "rac", "aer") if k != me][:2]
    x = hexi(0, 0)
    if sk.area == "ring":
        cells = [rules.HEX_INDEX[(1, 0)], rules.HEX_INDEX[(-1, 0)]]
    elif sk.area == "line":
        cells = rules.LINE[x][0][:2]
    else:
        cells = rules.CONE[x][0][:2]
    mana = [0, 0, 0]
    mana[sk.slot] = 1
    s = arena(G2, {me: dict(owner=0, arch=sk.archetype, pos=(0, 0), mana=mana),
                   ally: dict(owner=0, pos=rules.HEXES[cells[0]]),
                   enemy: dict(owner=1, pos=rules.HEXES[cells[1]])},
              {0: W_SET, 1: V_SET}, ranking=[me, ally, enemy], actor=me)
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", sk.slot)
    if sk.area != "ring":
        assert rules.A_DIR + 0 in s.legal_actions()
        act(s, "dir", 0)
    assert s.cb["targets"] == [hero(enemy)]


def test_spells_keep_friendly_fire():
    """TH § Combat Ranges, Spell: "A Spell Attack may also affect your other Heroes with friendly
    Fire" (no Spell text narrows it to enemies) and TH § Area Attacks: "after you assign the
    Attacker's Power, you must also assign Powers for your targeted Heroes". Curunir's Fireball
    on a hex holding an enemy next to her ally hits both; her own seat defends for the ally."""
    s = arena(G2, {"curunir": dict(owner=0, pos=(-3, 0)), "norn": dict(owner=0, pos=(2, 0)),
                   "rac": dict(owner=1, pos=(3, 0))},
              {0: W_SET, 1: D_SET}, ranking=["curunir", "norn", "rac"], actor="curunir")
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("fireball"))
    act(s, "hex", hexi(3, 0))
    assert s.cb["targets"] == [hero("norn"), hero("rac")]
    assert s.dec[0] == "commit" and s.dec[1] == 0 and s.dec[2] == hero("norn")


def test_auto_damage_skills_spare_allies():
    """TH § Appendix Skills, Rain of Fire: "All Enemies automatically take two Fire Damage": the
    allied hero takes nothing, the enemy 2."""
    s = arena(G2, {"curunir": dict(owner=0, arch=1, pos=(-3, 0), mana=[0, 0, 1]), "norn": dict(owner=0, pos=(2, 0)),
                   "rac": dict(owner=1, pos=(3, 0))},
              {0: W_SET, 1: D_SET}, ranking=["curunir", "norn", "rac"], actor="curunir")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)                     # Rain of Fire
    act(s, "card", card("tactics"))       # the chart's sixth row spends a Power face down
    assert s.hp[hero("norn")] == 9 and s.hp[hero("rac")] == 7


# ---------------------------------------------------------------- worked example: Lifeswap
def test_lifeswap_example_seven_and_three():
    """TH § Deceitful Powers, Lifeswap: "if Hero A has 7 Health and Hero B has 3 Health, then if
    either one of these Heroes is going to take Damage, Hero A will now have 3 Health and Hero B
    will now have 7 Health. After the Lifeswap, Damage will be applied normally." Norn (A, 7)
    attacks Rac (B, 3) with Warcraft 4 against Lifeswap 3: 1 Physical; Rac ends with 7 - 1 = 6,
    Norn with 3."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), hp=7), "rac": dict(owner=1, pos=(1, 0), hp=3)},
              {0: W_SET, 1: D_SET}, ranking=["norn", "rac"], actor="norn")
    attack_with_power(s, "rac", "warcraft", "lifeswap")
    assert s.dec[0] == "yn" and s.dec[2] == "lifeswap"
    act(s, "num", 1)
    assert s.hp[hero("norn")] == 3 and s.hp[hero("rac")] == 6


# ---------------------------------------------------------------- FAQ worked examples (Skills)
def test_faq_panacea_gem_may_go_back_onto_panacea():
    """FAQ (Mana Crystal): "the Skill "PANACEA" heals 2 damage and generates a Mana Crystal. If Aer
    wants, she can place it back onto the "PANACEA" Skill so she is able to use it again next
    turn." Aer at 5 Health uses Panacea (a Power discarded face down, the chart's sixth row): 7
    Health, and the new gem may go into the emptied Panacea slot."""
    s = arena(G2, {"aer": dict(owner=0, arch=0, pos=(0, 0), hp=5, mana=[1, 0, 0]),
                   "rac": dict(owner=1, pos=(3, 0))},
              {0: W_SET, 1: D_SET}, ranking=["aer", "rac"], actor="aer")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 0)                     # Panacea
    act(s, "card", card("tactics"))
    assert s.hp[hero("aer")] == 7
    assert s.dec[0] == "mana_gain" and s.dec[2] == hero("aer")
    assert rules.A_SLOT + 0 in s.legal_actions()
    act(s, "slot", 0)
    assert s.mana[hero("aer")] == [1, 0, 0]


def test_faq_crimson_offering_the_willing_ally_chooses_not_below_one():
    """FAQ (Crimson Offering): "Since the hero receiving the damage must be willing, they choose how
    much damage they will take to heal Sauth"; errata p.36: "the damage cannot reduce him to lower
    than 1 hp"; the Skill: "Heal twice that damage". Edhel at 3 Health may give 0, 1 or 2; giving 2
    heals Sauth (4 Health) by 4."""
    s = arena(G2, {"sauth": dict(owner=0, arch=0, pos=(0, 0), hp=4, mana=[0, 0, 1]),
                   "edhel": dict(owner=0, pos=(1, 0), hp=3), "rac": dict(owner=1, pos=(-3, 0))},
              {0: W_SET, 1: D_SET}, ranking=["sauth", "edhel", "rac"], actor="sauth")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)                     # Crimson Offering
    act(s, "card", card("tactics"))
    act(s, "hero", hero("edhel"))
    assert s.dec[0] == "crimson_amount" and s.dec[1] == 0
    assert s.legal_actions() == [rules.A_NUM + k for k in (0, 1, 2)]
    act(s, "num", 2)
    assert s.hp[hero("edhel")] == 1 and s.hp[hero("sauth")] == 8
