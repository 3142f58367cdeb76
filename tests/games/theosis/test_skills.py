"""Skill scenario tests: every attack Skill of the 24 archetypes (bonus, area, damage type) and the
special texts; docstrings cite ``001_4e95cd654d8b1058.txt`` (TH § Appendix Skills, errata)."""

import pytest

from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import HEROES, SKILLS

from .builder import act, arena, card, game, hero, hexi

G2 = game()
SET0 = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
SET1 = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
PROTECT = {rules.PHYS: "plate_armor", rules.ICE: "frost_robe", rules.FIRE: "ember_robe",
           rules.VOID: "dusk_robe", rules.LIGHT: "starweave_robe"}
ATTACKS = [s for s in SKILLS if s.kind == "attack"]


def setup_attack(sk, armor=None, target_hp=9):
    h = HEROES[sk.hero].key
    target = "norn" if h != "norn" else "lug"
    mana = [0, 0, 0]
    mana[sk.slot] = 1
    if sk.key == "translocation":
        mana = [1, 0, 0]
    s = arena(G2, {h: dict(owner=0, arch=sk.archetype, pos=(0, 0), mana=mana),
                   target: dict(owner=1, pos=(1, 0), hp=target_hp, eq=[None, None, armor])},
              {0: SET0, 1: SET1}, ranking=[h, target], actor=h)
    return s, hero(h), hero(target)


def run_attack(s, sk, acard="bloodthirst", dcard="terror"):
    """Move (stay), row six, the Skill, aim (target / direction), commits; then decline every
    optional follow-up."""
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", sk.slot)
    if s.dec[0] == "move":
        act(s, "done")
    if sk.area == "single":
        act(s, "hero", s.legal_actions()[0] - rules.A_HERO)
    elif sk.area in ("line", "cone"):
        act(s, "dir", 0)
    act(s, "card", card(acard))
    act(s, "card", card(dcard))
    while s.dec is not None and s.dec[0] in ("yn", "pull", "shock_give", "mana_gain", "dtype", "teleport",
                                             "steal_from") and s.turn == 2 and s.dec[1] in (0, 1):
        la = s.legal_actions()
        done = rules.A_DONE if rules.A_DONE in la else None
        s.apply_action(rules.A_NUM if rules.A_NUM in la else (done if done is not None else la[0]))


@pytest.mark.parametrize("sk", ATTACKS, ids=[s.key for s in ATTACKS])
def test_attack_skill_bonus_and_damage(sk):
    """TH § Appendix Skills: each attack Skill adds its printed Attack Bonus / Penalty to the face-
    down Power's value (Bloodthirst 2 here
    its text is not used with a Skill) and inflicts the
    Skill's damage type: Protection of that type cuts the Damage to the minimum of one."""
    s, a, t = setup_attack(sk)
    run_attack(s, sk)
    if sk.key == "chocking":
        at = s.log  # a d4 replaces the card's Attack value
        assert any("vs 0" in m for m in at)
        return
    base = 2
    bonus = sk.bonus + (2 if sk.key in ("rend", "flaming_arrow") else 0)
    expected = base + bonus
    assert any(f"attacks {HEROES[t].name}: {expected} vs 0" in m for m in s.log), s.log
    if sk.key in ("heart_seeker",):
        assert s.hp[t] == 0  # 0 vs 0, the higher-ranked attacker wins: the target is killed
        return
    if sk.key == "pain_brutality":
        assert s.hp[t] == 8  # no damage taken yet: 0, at least one
        return
    assert s.hp[t] == 9 - expected
    dt = rules.FIRE if sk.key == "flaming_arrow" else sk.dtype
    s, a, t = setup_attack(sk, armor=rules.ITEMS[rules.ITEMS.index(next(i for i in rules.ITEMS
                                                                     if i.key == PROTECT[dt]))].key)
    run_attack(s, sk)
    if sk.key == "ferocity":
        assert s.hp[t] == 9 - expected  # not reduced by Physical Protection
    else:
        assert s.hp[t] == 8


def test_heavy_metal_doubles_weapon_damage():
    """Heavy Metal: on a successful attack the weapon damage (sum of two weapons) is doubled."""
    sk = next(s for s in ATTACKS if s.key == "heavy_metal")
    s, a, t = setup_attack(sk)
    s.eq[a][rules.W] = rules.ITEMS.index(next(i for i in rules.ITEMS if i.key == "greatsword"))
    s.pouch.remove(s.eq[a][rules.W])
    run_attack(s, sk)
    assert s.hp[t] == 9 - (2 + 6)


def test_pain_brutality_deals_damage_taken():
    """Pain Brutality: damage equals the damage the hero has taken, ignoring difference and weapon."""
    sk = next(s for s in ATTACKS if s.key == "pain_brutality")
    s, a, t = setup_attack(sk)
    s.hp[a] = 4
    run_attack(s, sk)
    assert s.hp[t] == 9 - 5


def test_reckless_attack_uses_defense_value():
    """Reckless Attack: the card's Defense Value is its Attack."""
    sk = next(s for s in ATTACKS if s.key == "reckless_attack")
    s, a, t = setup_attack(sk)
    run_attack(s, sk, acard="spell_ward")  # 0 / 4
    assert any("4 vs 0" in m for m in s.log)


def test_blood_drain_heals_the_damage_dealt():
    """Blood Drain: heal as much as the enemy took after Protection / Resistance."""
    sk = next(s for s in ATTACKS if s.key == "blood_drain")
    s, a, t = setup_attack(sk)
    s.hp[a] = 3
    run_attack(s, sk)
    assert s.hp[t] == 7 and s.hp[a] == 5


def test_sunder_weapon_and_armor_flip_until_next_turn():
    """Sunder Weapon / Sunder Armor: the hit hero's weapons / armor are face down this turn and
    flipped back before the next turn; Sunder Armor applies after the damage (FAQ)."""
    for key, field in (("sunder_weapon", "flip_w"), ("sunder_armor", "flip_a")):
        sk = next(s for s in ATTACKS if s.key == key)
        s, a, t = setup_attack(sk, armor="leather_jerkin")
        run_attack(s, sk)
        assert getattr(s, field)[t] == 1
        if key == "sunder_armor":
            assert s.hp[t] == 9 - 1  # 2 Physical halved by the jerkin: the armor still counted
        s.q = [["turn_end"]] + s.q
        s.dec = None
        s._run()
        assert getattr(s, field)[t] == 0


def test_translocation_swaps_positions():
    """Translocation: a successful attack exchanges the positions of attacker and target."""
    sk = next(s for s in ATTACKS if s.key == "translocation")
    s, a, t = setup_attack(sk)
    run_attack(s, sk)
    assert s.pos[a] == hexi(1, 0) and s.pos[t] == hexi(0, 0)


def test_shock_steals_a_mana_gem():
    """Shock: the hit hero gives one Mana gem to the attacker, placed in one of its Skills."""
    sk = next(s for s in ATTACKS if s.key == "shock")
    s, a, t = setup_attack(sk)
    s.mana[t] = [1, 0, 0]
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", sk.slot)
    act(s, "hero", t)
    act(s, "card", card("bloodthirst"))
    act(s, "card", card("terror"))
    assert s.dec[0] == "shock_give" and s.dec[1] == 1
    act(s, "slot", 0)
    assert s.dec[0] == "mana_gain" and s.dec[1] == 0
    act(s, "slot", 2)
    assert s.mana[t] == [0, 0, 0] and s.mana[a][2] == 1


def test_chains_of_sorrow_pulls_adjacent():
    """Chains of Sorrow: a ranged attack up to five hexes; on success the enemy is pulled to a hex
    adjacent to the attacker."""
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0), mana=[0, 1, 0]), "norn": dict(owner=1, pos=(4, 0))},
              {0: SET0, 1: SET1}, ranking=["gurth", "norn"], actor="gurth")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)
    act(s, "hero", hero("norn"))
    act(s, "card", card("bloodthirst"))
    act(s, "card", card("terror"))
    assert s.dec[0] == "pull"
    act(s, "hex", hexi(1, 0))
    assert s.pos[hero("norn")] == hexi(1, 0)


def test_northern_twin_strike_second_attack():
    """Northern Twin Strike: Charge, then an optional second attack on the same target."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), mana=[0, 1, 0]), "rac": dict(owner=1, pos=(3, 0))},
              {0: SET0, 1: SET1}, ranking=["norn", "rac"], actor="norn")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)
    assert s.dec[0] == "move" and s.dec[3] == "charge"
    act(s, "hex", hexi(2, 0))
    act(s, "hero", hero("rac"))
    act(s, "card", card("bloodthirst"))
    act(s, "card", card("terror"))
    while s.dec[0] == "yn" and s.dec[2] == "push":
        act(s, "num", 0)
    assert s.dec[0] == "yn" and s.dec[2] == "twin"
    act(s, "num", 1)
    act(s, "card", card("warcraft"))
    act(s, "card", card("despair"))
    assert s.hp[hero("rac")] == 9 - 2 - 1  # 2 Ice, then 4 vs 4 tie to Norn: 0, at least one


def test_counter_attack_turns_the_defense_into_an_attack():
    """Counter Attack: attacked from an adjacent hex, the defender's Power attacks instead and the
    attacker defends with its attack Power."""
    s = arena(G2, {"rac": dict(owner=0, pos=(0, 0)), "norn": dict(owner=1, pos=(1, 0), mana=[0, 0, 1])},
              {0: SET1, 1: SET0}, ranking=["rac", "norn"], actor="rac")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("norn"))
    act(s, "card", card("terror"))          # Rac attacks with 4 / 0
    act(s, "card", card("warcraft"))        # Norn answers with 4 / 0
    act(s, "slot", 2)                       # Counter Attack
    assert any("Norn the Dwarf Barbarian attacks Rac the Horrid Necromancer: 4 vs 0" in m for m in s.log)
    assert s.hp[hero("rac")] == 9 - 4 and s.hp[hero("norn")] == 9


def test_unholy_armor_and_regeneration():
    """Unholy Armor returns half the damage as Void; Regeneration heals 4 when still standing."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, arch=1, pos=(1, 0), mana=[0, 0, 1])},
              {0: SET0, 1: SET1}, ranking=["norn", "rac"], actor="norn")
    s.eq[hero("norn")][rules.W] = rules.ITEMS.index(next(i for i in rules.ITEMS if i.key == "greatsword"))
    s.pouch.remove(s.eq[hero("norn")][rules.W])
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    act(s, "card", card("warcraft"))
    act(s, "card", card("terror"))
    act(s, "slot", 2)
    assert s.hp[hero("rac")] == 9 - 7 and s.hp[hero("norn")] == 9 - 3
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "garav": dict(owner=1, arch=1, pos=(1, 0), mana=[0, 0, 1])},
              {0: SET0, 1: SET1}, ranking=["norn", "garav"], actor="norn")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("garav"))
    act(s, "card", card("warcraft"))
    act(s, "card", card("terror"))
    act(s, "slot", 2)
    assert s.hp[hero("garav")] == 9  # 4 damage, then healed 4


def test_crystal_soul_negates_a_curse_attack():
    """Crystal Soul: an attack that would apply a Curse is negated."""
    s = arena(G2, {"rac": dict(owner=0, pos=(0, 0)), "nimloth": dict(owner=1, pos=(1, 0), mana=[0, 0, 1])},
              {0: SET1, 1: SET0}, ranking=["rac", "nimloth"], actor="rac")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("nimloth"))
    act(s, "card", card("terror"))
    act(s, "card", card("warcraft"))
    act(s, "slot", 2)
    assert s.hp[hero("nimloth")] == 9 and s.token[card("terror")] == -1


def test_profane_armor_burns_attacker_mana():
    """Profane Armor: remove 2 Mana gems from the attacking hero."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), mana=[1, 1, 1]),
                   "rac": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 0, 1])},
              {0: SET0, 1: SET1}, ranking=["norn", "rac"], actor="norn")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    act(s, "card", card("warcraft"))
    act(s, "card", card("despair"))
    act(s, "slot", 2)
    assert s.dec[0] == "profane_slot"
    act(s, "slot", 0)
    assert s.dec[0] == "profane_slot"
    act(s, "slot", 1)
    assert s.mana[hero("norn")] == [0, 0, 1]


def test_utility_skills():
    """Lay on Hands, Cure, Cleansing Wind, Vile Surge, Holy Surge, Teleport, Bondage, Martyrdom,
    Crimson Offering (errata: the ally chooses, never below 1 Health)."""
    def one(h, arch, slot, allies=(), enemy_mana=(0, 0, 0), hp=5):
        heroes = {h: dict(owner=0, arch=arch, pos=(0, 0), mana=[int(i == slot) for i in range(3)], hp=hp)}
        for key, pos in allies:
            heroes[key] = dict(owner=0, pos=pos, hp=hp)
        heroes["norn" if h != "norn" else "lug"] = dict(owner=1, pos=(3, 0), mana=list(enemy_mana))
        s = arena(G2, heroes, {0: SET0, 1: SET1}, ranking=list(heroes), actor=h)
        act(s, "done")
        act(s, "row", 5)
        act(s, "slot", slot)
        act(s, "card", card("tactics"))
        return s
    s = one("rochon", 0, 1, allies=[("aer", (1, 0))])
    act(s, "hero", hero("aer"))
    assert s.hp[hero("aer")] == 9
    s = one("aer", 1, 0, allies=[("edhel", (-3, 3))])
    assert s.hp[hero("aer")] == 8 and s.hp[hero("edhel")] == 8
    s = one("rac", 0, 1, enemy_mana=(1, 1, 1))
    act(s, "hero", hero("norn"))
    assert s.mana[hero("norn")] == [0, 0, 0]
    s = one("aer", 0, 2, allies=[("edhel", (-3, 3))])
    act(s, "hero", hero("edhel"))
    assert s.mana[hero("edhel")] == [1, 1, 1]
    s = one("raug", 0, 1)
    act(s, "hex", hexi(-4, 4))
    assert s.pos[hero("raug")] == hexi(-4, 4)
    s = one("aer", 1, 2, allies=[("edhel", (-3, 3))])
    assert s.hp[hero("aer")] == 0 and s.martyr[hero("aer")] and s.hp[hero("edhel")] == 9
    assert s.mana[hero("edhel")] == [1, 1, 1]
    s = one("sauth", 0, 2, allies=[("edhel", (1, 0))], hp=4)
    act(s, "hero", hero("edhel"))
    assert s.dec[1] == 0 and max(a - rules.A_NUM for a in s.legal_actions()) == 3
    act(s, "num", 2)
    assert s.hp[hero("edhel")] == 2 and s.hp[hero("sauth")] == 8
    s = one("gurth", 0, 2, allies=[("edhel", (-3, 3))])
    assert s.bondage == hero("gurth")
    s.pos[hero("norn")] = hexi(1, 0)
    assert not s.can_move(hero("norn"))


def test_defense_skills_against_damage_outside_combat():
    """FAQ (Resonating Scales): Defense Skills can be used whenever the hero is about to take
    damage: Resonating Scales against Rain of Fire; Regeneration after the Fiery Purge loss."""
    s = arena(G2, {"curunir": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 0, 1]),
                   "lug": dict(owner=1, arch=1, pos=(3, 0), mana=[0, 1, 0])},
              {0: SET0, 1: SET1}, ranking=["curunir", "lug"], actor="curunir")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    assert s.dec[0] == "hurt_def" and s.dec[1] == 1
    act(s, "slot", 1)
    assert s.hp[hero("lug")] == 9 and s.mana[hero("lug")] == [0, 0, 0]
    s = arena(G2, {"garav": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 0, 1], hp=5),
                   "rac": dict(owner=1, pos=(3, 0))},
              {0: SET0, 1: SET1}, ranking=["garav", "rac"], actor="garav")
    s.token[card("fiery_purge")] = hero("garav")
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("tactics"))
    assert s.dec[0] == "hurt_def"
    act(s, "slot", 2)
    assert s.hp[hero("garav")] == 8
