"""Power scenario tests (TH § Appendix Powers, § Expansion Cards, errata); docstrings cite
``001_4e95cd654d8b1058.txt`` (TH)."""

from mythenv.games.theosis import rules

from .builder import act, arena, card, game, hero, hexi

G2 = game()
GE = game(expansion=True)
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
G_SET = ["blind", "neutralize", "pacify", "equalize", "healing", "aegis"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
V_SET = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
M_SET = ["entangling_roots", "hailstorm", "lightning_strike", "cleansing_rain", "rejuvenation", "blazing_sun"]
X_SET = ["incinerating_fury", "force_sunder", "combat_purloin", "tentacles_black", "thalassic_favour",
         "gaias_escutcheon"]


def duel(set0, set1, a=("norn", {}), d=("rac", {}), g=G2, discards=None, ranking=None):
    heroes = {a[0]: dict(owner=0, pos=(0, 0), **a[1]), d[0]: dict(owner=1, pos=(1, 0), **d[1])}
    return arena(g, heroes, {0: set0, 1: set1}, ranking=ranking or [a[0], d[0]], actor=a[0], discards=discards)


def attack(s, target, acard, dcard):
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero(target))
    act(s, "card", card(acard))
    act(s, "card", card(dcard))


def finish(s, seat_turn=2):
    while s.dec is not None and s.dec[0] == "yn" and s.turn == seat_turn:
        act(s, "num", 0)


def test_blind_and_neutralize_discard_from_the_hand():
    """Blind: look at the opponent's hand and discard a Power of your choice; Neutralize: a random
    one, looked at."""
    s = duel(G_SET, D_SET, a=("lug", {}))
    attack(s, "rac", "blind", "poison")
    assert s.dec[0] == "blind"
    assert all(s.vis[c] & 1 for c in s.hand[1])  # the attacker sees the whole hand
    act(s, "card", card("oppress"))
    assert card("oppress") in s.disc[1]
    s = duel(G_SET, D_SET, a=("lug", {}))
    attack(s, "rac", "neutralize", "poison")
    finish(s)
    assert len(s.hand[1]) == 4 and len(s.disc[1]) == 2


def test_curses_pacify_poison_terror_entangling():
    """Pacify (cannot attack), Poison (-1 Defense), Terror (-1 Attack), Entangling Roots (speed 1)
    are placed on a successful attack."""
    s = duel(G_SET, D_SET, a=("lug", {}))
    attack(s, "rac", "pacify", "poison")
    finish(s)
    rac = hero("rac")
    assert s.token[card("pacify")] == rac and s.pacified(rac)
    act(s, "done")
    assert rules.A_ROW + 4 not in s.legal_actions()
    s = duel(D_SET, W_SET, a=("raug", {}), d=("norn", {}))
    attack(s, "norn", "poison", "warcraft")
    finish(s)
    du = {"d": hero("norn"), "dc": card("spell_ward"), "d_eq": 0, "dbase": None, "dskill": "", "counter": 0}
    s.cb = {"aover": None}
    assert s.defense_total(du) == 4 - 1
    s = duel(V_SET, W_SET, a=("gurth", {}), d=("norn", {}))
    attack(s, "norn", "terror", "warcraft")
    finish(s)
    assert s.token[card("terror")] == hero("norn")
    s = duel(M_SET, W_SET, a=("edhel", {}), d=("norn", {}))
    attack(s, "norn", "entangling_roots", "warcraft")
    finish(s)
    assert s.speed(hero("norn")) == 1


def test_enervation_burns_all_mana():
    """Enervation: a successful attack makes the defeated hero discard all Mana gems."""
    s = duel(V_SET, W_SET, a=("gurth", {}), d=("norn", {"mana": [1, 1, 0]}))
    attack(s, "norn", "enervation", "warcraft")
    assert s.mana[hero("norn")] == [0, 0, 0]  # (no Counter Attack gem: no defense window)


def test_tactics_replaces_the_power():
    """Tactics: after the reveal, discard it and use a Power selected from the hand instead."""
    s = duel(W_SET, D_SET, ranking=["rac", "norn"])
    attack(s, "rac", "tactics", "frigid_night")
    assert s.dec[0] == "tactics"
    act(s, "card", card("warcraft"))
    assert any("4 vs 4 -> defended" in m for m in s.log)
    assert card("tactics") in s.disc[0] and card("warcraft") in s.disc[0]


def test_raise_the_dead_uses_discarded_values():
    """Raise the Dead: use the Attack and Defense values of a Power in the discard pile, which
    stays there."""
    s = duel(["raise_the_dead", "terror", "enervation", "damnation", "ungrave"], W_SET, a=("gurth", {}),
             d=("norn", {}), discards={0: ["despair"]})
    s.disc[0] = [card("despair")]
    s.cowner[card("despair")] = 0
    s.hand[0].remove(card("despair")) if card("despair") in s.hand[0] else None
    attack(s, "norn", "raise_the_dead", "spell_ward")
    assert s.dec[0] == "raise"
    act(s, "card", card("despair"))
    assert any("0 vs 4" in m for m in s.log)


def test_spells_healing_cleansing_rain_ungrave_damnation():
    """Healing (+4 to allies), Cleansing Rain (+1 and curses removed), Ungrave (a discarded Power
    back to the hand), Damnation (removes Blessings of every hero it hits)."""
    s = arena(G2, {"lug": dict(owner=0, pos=(0, 0), hp=3), "edhel": dict(owner=0, pos=(-3, 3), hp=8),
                   "rac": dict(owner=1, pos=(3, 0), hp=2)}, {0: G_SET, 1: D_SET}, ranking=["lug", "edhel", "rac"],
              actor="lug")
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("healing"))
    assert s.hp[hero("lug")] == 7 and s.hp[hero("edhel")] == 9 and s.hp[hero("rac")] == 2
    s = arena(G2, {"edhel": dict(owner=0, pos=(0, 0), hp=3), "rac": dict(owner=1, pos=(3, 0))},
              {0: M_SET, 1: D_SET}, ranking=["edhel", "rac"], actor="edhel")
    s.token[card("poison")] = hero("edhel")
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("cleansing_rain"))
    assert s.hp[hero("edhel")] == 4 and s.token[card("poison")] == -1
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: ["ungrave", "terror", "enervation", "damnation", "raise_the_dead"], 1: D_SET},
              ranking=["gurth", "rac"], actor="gurth", discards={0: ["despair"]})
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("ungrave"))
    act(s, "card", card("despair"))
    assert card("despair") in s.hand[0] and s.disc[0] == [card("ungrave")]
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: V_SET, 1: D_SET}, ranking=["gurth", "rac"], actor="gurth")
    s.token[card("aegis")] = hero("rac")
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("damnation"))
    act(s, "hex", hexi(3, 0))
    act(s, "card", card("poison"))
    finish(s)
    assert s.token[card("aegis")] == -1 and s.hp[hero("rac")] == 9 - 1  # 2 vs 0 + Aegis


def test_rejuvenation_before_fiery_purge_and_aegis_valor():
    """Rejuvenation heals one at the end of the turn, resolved before Fiery Purge; Aegis +1
    Defense, Valor +1 Attack."""
    s = arena(G2, {"edhel": dict(owner=0, pos=(0, 0), hp=9), "rac": dict(owner=1, pos=(3, 0))},
              {0: M_SET, 1: D_SET}, ranking=["edhel", "rac"], actor="edhel")
    s.token[card("fiery_purge")] = hero("edhel")
    act(s, "done")
    act(s, "row", 2)
    act(s, "card", card("rejuvenation"))
    act(s, "hero", hero("edhel"))
    assert s.hp[hero("edhel")] == 8  # full Health: the heal does nothing, then Fiery Purge
    s = duel(R_SET, G_SET, a=("rochon", {}), d=("lug", {}))
    s.token[card("valor")] = hero("rochon")
    s.token[card("aegis")] = hero("lug")
    attack(s, "lug", "fiery_purge", "blind")
    assert any("5 vs 1" in m for m in s.log)


def test_spell_ward_does_not_shield_targets_the_spell_already_attacks():
    """Spell Ward (errata: "affected"): once its text is active, allied heroes are not affected by
    an enemy's Spell; "This Power does not affect Heroes who were attacked by a Spell Power before
    this Power was activated": every target of the Spell being resolved was attacked at the cast."""
    s = arena(G2, {"curunir": dict(owner=0, pos=(0, 0)), "norn": dict(owner=1, pos=(3, 0)),
                   "lug": dict(owner=1, pos=(3, -1))}, {0: W_SET, 1: G_SET + []},
              ranking=["curunir", "norn", "lug"], actor="curunir")
    s.hand[1] = sorted([card("spell_ward")] + [card(k) for k in ("blind", "neutralize", "pacify", "equalize", "aegis")])
    for c in s.hand[1]:
        s.cowner[c] = 1
    s.hand[0] = sorted(card(k) for k in ("fireball", "warcraft", "bloodthirst", "tactics", "pain_spike", "healing"))
    for c in s.hand[0]:
        s.cowner[c] = 0
    s.cowner[card("spell_ward")] = 1
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("fireball"))
    act(s, "hex", hexi(3, 0))
    first, second = s.cb["targets"]
    act(s, "card", card("spell_ward"))
    act(s, "card", card("aegis"))
    finish(s)
    # both targets lose (4 vs 4, the caster ranks higher: one Damage each): the Ward revealed in
    # the first duel does not shield the second target of the same Fireball
    assert s.hp[first] == 8 and s.hp[second] == 8 and s.ward[1] == 1
    # a later enemy Spell cannot affect the warded team
    assert s.spell_targets(hero("curunir"), hexi(3, 0)) == []


def test_pain_spike_returns_half():
    """Pain Spike (defending): the attacker who dealt damage takes half, ignoring protection."""
    s = duel(R_SET, W_SET, a=("rochon", {"eq": ["dawnblade", None, None]}), d=("norn", {}))
    s.ranking = [hero("rochon"), hero("norn")]
    attack(s, "norn", "fiery_purge", "pain_spike")
    finish(s)
    # 4+1 vs 3: 2 + 4 = 6 Fire to Norn; Pain Spike: 3 back
    assert s.hp[hero("norn")] == 3 and s.hp[hero("rochon")] == 6


def test_confusion_defending_rerolls_attack_values():
    """Confusion (defending): the attacker's Power is discarded and a random one from its hand
    gives the values (not the text or damage type)."""
    s = duel(R_SET, D_SET, a=("rochon", {}), d=("rac", {}))
    attack(s, "rac", "fiery_purge", "confusion")
    act(s, "num", 1)
    assert card("fiery_purge") in s.disc[0]
    new = [c for c in s.inplay[0]] + [c for c in s.disc[0] if c != card("fiery_purge")]
    assert new


def test_expansion_tentacles_thalassic_incinerating_force_sunder_purloin():
    """Expansion Powers: Tentacles Black (the caster moves the victim), Thalassic Favour (a gem at
    the end of each turn), Incinerating Fury (destroy own armor, double weapon damage next),
    Force Sunder (destroy the weapon instead of damage), Combat Purloin (steal an item)."""
    s = arena(GE, {"gurth": dict(owner=0, pos=(0, 0)), "norn": dict(owner=1, pos=(1, 0))},
              {0: X_SET, 1: W_SET}, ranking=["gurth", "norn"], actor="gurth")
    attack(s, "norn", "tentacles_black", "warcraft")
    finish(s)
    assert s.token[card("tentacles_black")] == hero("norn")
    assert s.dec[0] == "move" and s.dec[1] == 0 and s.dec[2] == hero("norn") and s.dec[3] == "tentacles"
    s = arena(GE, {"lug": dict(owner=0, pos=(0, 0), mana=[0, 0, 0]), "rac": dict(owner=1, pos=(3, 0))},
              {0: X_SET, 1: D_SET}, ranking=["lug", "rac"], actor="lug")
    act(s, "done")
    act(s, "row", 2)
    act(s, "card", card("thalassic_favour"))
    act(s, "hero", hero("lug"))
    assert s.dec[0] == "mana_gain"
    act(s, "slot", 0)
    assert s.mana[hero("lug")][0] == 1
    s = arena(GE, {"lug": dict(owner=0, pos=(0, 0), eq=["dawnblade", None, "plate_armor"]),
                   "norn": dict(owner=1, pos=(1, 0), eq=["greatsword", None, None])},
              {0: X_SET, 1: W_SET}, ranking=["lug", "norn"], actor="lug")
    attack(s, "norn", "force_sunder", "warcraft")
    act(s, "num", 1)
    assert s.eq[hero("norn")][rules.W] == -1 and s.hp[hero("norn")] == 9
    s = arena(GE, {"lug": dict(owner=0, pos=(0, 0), eq=["dawnblade", None, "plate_armor"]),
                   "norn": dict(owner=1, pos=(1, 0))}, {0: X_SET, 1: W_SET}, ranking=["lug", "norn"], actor="lug")
    attack(s, "norn", "incinerating_fury", "spell_ward")
    while s.dec[0] == "yn" and s.dec[2] != "incinerate":
        act(s, "num", 0)
    act(s, "num", 1)
    if s.dec[0] == "incinerate_slot":
        act(s, "slot", rules.ARM)
    assert s.dbl[hero("lug")] == 1 and s.eq[hero("lug")][rules.ARM] == -1
    s = arena(GE, {"raug": dict(owner=0, pos=(0, 0)), "sauth": dict(owner=1, pos=(1, 0),
                                                                      eq=["short_sword_a", None, None])},
              {0: X_SET, 1: W_SET}, ranking=["raug", "sauth"], actor="raug")
    attack(s, "sauth", "combat_purloin", "warcraft")
    act(s, "num", 1)
    act(s, "item", rules.ITEMS.index(next(i for i in rules.ITEMS if i.key == "short_sword_a")))
    assert s.eq[hero("raug")][rules.W] >= 0 and s.eq[hero("sauth")][rules.W] == -1
