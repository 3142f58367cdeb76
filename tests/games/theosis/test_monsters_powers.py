"""Powers, Skills and items against monsters (issue 16). Docstrings cite ``001_4e95cd654d8b1058.txt``
(TH) § Monster Battles, § Weapons Slaying, § Armor Green Shield Resistance; expected numbers are worked
out from the quoted text."""

from mythenv.games.theosis.rules import DIST

from .builder import card, hero
from .mbuilder import NH, TOK, act, logged, marena, mgame

NORN, EDHEL = hero("norn"), hero("edhel")
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
G_SET = ["blind", "neutralize", "pacify", "equalize", "healing", "aegis"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
V_SET = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
M_SET = ["entangling_roots", "hailstorm", "lightning_strike", "cleansing_rain", "rejuvenation", "blazing_sun"]


def hero_turn(hand, dice, stack=("plain_4", "plain_3", "plain_2"), eq=None, key="kotronas", monsters=None,
              norn=(1, 0), mana=(0, 0, 0), arch=0):
    """Norn's turn next to a monster on the centre (Edhel waits his turn far away)."""
    g = mgame(encounter=f"{key}:3", heroes_per_player=2)
    mons = monsters or [(key, (0, 0), list(stack))]
    return marena(g, {"norn": dict(owner=0, pos=norn, eq=eq or [None, None, None], mana=list(mana), arch=arch),
                      "edhel": dict(owner=0, pos=(-4, 0))},
                  {0: hand}, ranking=["norn", "edhel"], monsters=mons, actor="norn", dice=dice)


def attack(s, c, m=0):
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", m)
    act(s, "card", card(c))


def monster_turn(hand, dice, eq=None, key="kotronas", stack=("plain_4", "plain_3", "plain_2"), mana=(0, 0, 0)):
    g = mgame(encounter=f"{key}:3", heroes_per_player=2)
    return marena(g, {"norn": dict(owner=0, pos=(1, 0), eq=eq or [None, None, None], mana=list(mana))},
                  {0: hand}, ranking=["norn"], monsters=[(key, (0, 0), list(stack))], dice=dice)


def test_warcraft_is_a_five_zero_power_against_monsters():
    """"Warcraft is considered a (5.0) Power Card against monsters": 5 against 2 + 3."""
    s = hero_turn(W_SET, [3])
    attack(s, "warcraft")
    assert logged(s, "attacks Kotronas: 5 vs 5 (die 3) -> hit")


def test_tactics_picks_another_power_after_the_die_roll():
    """"Tactics enables you to select another card after the monster die roll is made": the die shows
    3 (Defense 5); Norn swaps Tactics (1) for Warcraft (5.0) and ties, which the hero wins."""
    s = hero_turn(W_SET, [3])
    attack(s, "tactics")
    assert s.dec[0] == "m_tactics"
    act(s, "card", card("warcraft"))
    assert logged(s, "attacks Kotronas: 5 vs 5 (die 3) -> hit")


def test_tactics_defending_against_a_monster():
    """Tactics while defending: after the monster's attack die (Brutal Punch 1 + 2 = 3), Norn replaces
    Tactics (Defense 1) with Spell Ward (Defense 4) and the punch misses."""
    s = monster_turn(W_SET, [0, 1])
    act(s, "card", card("tactics"))
    assert s.dec[0] == "m_tactics"
    act(s, "card", card("spell_ward"))
    assert logged(s, "Brutal Punch on Norn the Dwarf Barbarian: 3 vs 4 -> defended")


def test_pain_spike_may_remove_a_stamina_token():
    """"Pain Spike may end up removing a Stamina Token": "that Opponent also receives half (rounded
    down) of that Damage. This ignores any Resistance". Earthquake 4 + 2 = 6 against Pain Spike's 3:
    3 + 6 = 9 Physical, halved by Norn's leather (Physical Resistance) to 4; Kotronas takes 2: its
    2-Damage token falls."""
    s = monster_turn(W_SET, [2, 4], eq=[None, None, "leather_jerkin"], stack=("plain_2", "plain_3", "plain_4"))
    act(s, "card", card("pain_spike"))
    assert s.hp[NORN] == 5 and logged(s, "Pain Spike: Kotronas takes 2")
    assert s.mstack[0] == [TOK["plain_3"], TOK["plain_4"]]


def test_blind_moves_the_active_token_to_the_bottom():
    """"Blind allows you to move the active Stamina Tile to the bottom of Stamina Pile after damage is
    calculated": 4 against 2 + 1 is 1 Damage, not enough for the 4-Damage token, which goes under."""
    s = hero_turn(G_SET, [1])
    attack(s, "blind")
    assert s.dec[0] == "yn" and s.dec[2] == "m_bottom"
    act(s, "num", 1)
    assert s.mstack[0] == [TOK["plain_3"], TOK["plain_2"], TOK["plain_4"]]


def test_equalize_turns_a_die_roll_into_a_one():
    """"Equalize allows you to turn a die roll into a 1": attacking, Kotronas defends with 2 + 1;
    defending, Brutal Punch attacks with 1 + 2 whatever the die showed."""
    s = hero_turn(G_SET, [4])
    attack(s, "equalize")
    assert logged(s, "attacks Kotronas: 1 vs 3 (die 1) -> defended")
    s = monster_turn(G_SET, [0, 4])
    act(s, "card", card("equalize"))
    assert logged(s, "Brutal Punch on Norn the Dwarf Barbarian: 3 vs 1 -> hit")


def test_confusion_and_oppress_force_a_reroll():
    """"Confusion and Oppress allow you to force the monster to reroll the die": the defence die 4 is
    rerolled to 1 (Confusion 2 against 2 + 1); the attack die 4 is rerolled to 1 (1 + 2 against
    Oppress's 1)."""
    s = hero_turn(D_SET, [4, 1])
    attack(s, "confusion")
    act(s, "num", 1)
    assert logged(s, "attacks Kotronas: 2 vs 3 (die 1) -> defended")
    s = monster_turn(D_SET, [0, 4, 1])
    act(s, "card", card("oppress"))
    act(s, "num", 1)
    assert logged(s, "Brutal Punch on Norn the Dwarf Barbarian: 3 vs 1 -> hit")


def test_lifeswap_may_move_the_active_token_to_the_bottom():
    """"Lifeswap may move the active Stamina Token to the bottom of the Pile" (when Damage is applied,
    as the card says): a miss (Lifeswap 1 against 2 + 1) offers nothing; a hit (Lifeswap 1 + Fang of
    Winter 1 + Valor 1 = 3 against 3, a tie the hero wins) of 3 Damage leaves the 4-Damage token,
    which Norn sends under the pile."""
    s = hero_turn(D_SET, [1], stack=("plain_4", "plain_3", "plain_2"), eq=["greatsword", None, None])
    attack(s, "lifeswap")
    assert logged(s, "attacks Kotronas: 1 vs 3 (die 1) -> defended")
    s = hero_turn(D_SET, [1], stack=("plain_4", "plain_3", "plain_2"), eq=["dawnblade", None, None])
    attack(s, "lifeswap")  # 1 + 1 (artifact) = 2 vs 3: defended; Lifeswap needs a hit
    s = hero_turn(D_SET, [1], stack=("plain_4", "plain_3", "plain_2"), eq=["fang_of_winter", None, None])
    s.token[card("valor")] = NORN  # 1 + 1 + 1 = 3 vs 3: the hero wins the tie; 0 + 3 < 4
    attack(s, "lifeswap")
    assert s.dec[0] == "yn" and s.dec[2] == "m_bottom"
    act(s, "num", 1)
    assert s.mstack[0][-1] == TOK["plain_4"]


def test_fiery_purge_adds_one_damage_to_the_next_successful_attack():
    """"An active Fiery Purge Curse will add one damage to the next successful attack against a
    monster. The Curse is then removed." Norn's Fiery Purge 4 against 2 + 1: 1 Damage, and the Curse
    lies on Kotronas; Edhel's Nova (3, face down) with a Shortbow against 2 + 1 deals 0 + 2 + 1 = 3."""
    g = mgame(encounter="kotronas:3", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0)), "edhel": dict(owner=0, pos=(-4, 0), eq=["shortbow", None, None])},
               {0: R_SET}, ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_4", "plain_3"])],
               actor="norn", dice=[1, 1])
    attack(s, "fiery_purge")
    assert logged(s, "Kotronas takes 1") and s.token[card("fiery_purge")] == NH + 0
    attack(s, "nova")
    assert logged(s, "Kotronas takes 3") and s.token[card("fiery_purge")] == -1


def test_last_stand_is_a_zero_five_power_against_monsters():
    """"Last Stand is considered a (0.5) Power Card against monsters": Earth's Grab 4 + 3 = 7 against
    Defense 5 hits for 2 + 4."""
    s = monster_turn(R_SET, [4, 4])
    act(s, "card", card("last_stand"))
    assert logged(s, "Earth's Grab on Norn the Dwarf Barbarian: 7 vs 5 -> hit")
    assert logged(s, "loses 6")


def test_enervation_and_slaying_double_weapon_damage():
    """"Enervation deals double weapon damage to a monster instead of burning mana"; TH § Weapons
    Slaying: "When damage is inflicted to a monster with a slaying weapon, apply double the weapon's
    damage." Enervation 3 + Greatsword against 2 + 1: (3 - 3) + 2 x 3 = 6; Terror 4 + Battle Axe
    (slaying, 3): (4 - 3) + 6 = 7; Terror + Greatsword: 1 + 3 = 4."""
    s = hero_turn(V_SET, [1], eq=["greatsword", None, None], stack=("plain_4",) * 1 + ("plain_3", "plain_2"))
    attack(s, "enervation")
    assert logged(s, "Kotronas takes 6")
    s = hero_turn(V_SET, [1], eq=["battle_axe", None, None])
    attack(s, "terror")
    assert logged(s, "Kotronas takes 7")
    s = hero_turn(V_SET, [1], eq=["greatsword", None, None])
    attack(s, "terror")
    assert logged(s, "Kotronas takes 4")


def test_entangling_roots_slow_a_monster_down():
    """"Entangling Roots will slow a monster down" (the Curse: "a speed of 1")."""
    s = hero_turn(M_SET, [1])
    attack(s, "entangling_roots")
    assert s.token[card("entangling_roots")] == NH + 0
    spots = s._m_reach(0)
    assert max(spots.values()) == 1


def test_lightning_strike_hits_all_monsters_as_five_zero():
    """"Lightning Strike will hit all monsters as a (5.0) Power Card as all monsters draw lightning to
    themselves like metal armor": Norn attacks the adjacent Kotronas; Voax far away is attacked too."""
    s = hero_turn(M_SET, [1, 1], monsters=[("kotronas", (0, 0), ["plain_4"]), ("voax", (0, -3), ["plain_3"])])
    attack(s, "lightning_strike")
    assert logged(s, "attacks Kotronas: 5 vs 3 (die 1) -> hit") and logged(s, "attacks Voax: 5 vs 3 (die 1) -> hit")


def test_acid_is_only_mitigated_by_green_shield_armor():
    """TH § Armor Green Shield Resistance: "Acid Damage ... is only mitigated by armor and shields with
    the green shield icon" (the items whose resistances include Acid). Wrath of the Mountain 1 + 3
    against 0: 4 + 6 = 10 Acid; Plate Armor (Physical Protection) takes nothing off; Hide Armor (Acid
    Resistance) halves it to 5."""
    s = monster_turn(W_SET, [3, 1], eq=[None, None, "plate_armor"])
    act(s, "card", card("warcraft"))
    assert logged(s, "loses 10")
    s = monster_turn(W_SET, [3, 1], eq=[None, None, "hide_armor"])
    act(s, "card", card("warcraft"))
    assert logged(s, "loses 5") and s.hp[NORN] == 4


def test_mana_and_item_effects_do_nothing_to_monsters():
    """"As monsters do not use Mana or Items, Powers, Rituals, and Skills that affect those do not have
    any effect in monsters": Neutralize's hit takes nothing (a monster has no hand) and Vile Surge has
    no monster to aim at; the Damage still counts (3 + 0 against 2 + 1: 1)."""
    s = hero_turn(G_SET, [1])
    attack(s, "neutralize")
    assert logged(s, "Kotronas takes 1") and s.mstack[0][0] == TOK["plain_4"]
    rac = hero("rac")
    assert s._skill_ok(rac, 1) is False or s.owner[rac] < 0


def test_spells_area_and_automatic_skills_reach_monsters():
    """Spells "affect all Heroes in their range" and area Skills "all enemies": a monster in the area
    defends with its die (TH § Monster Defense); "All enemies automatically receive 2 Physical Damage"
    (Volley of Arrows) reaches the monster's token too (designed: a monster is an enemy)."""
    s = hero_turn(W_SET, [1])
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("fireball"))
    from mythenv.games.theosis.rules import HEX_INDEX
    act(s, "hex", HEX_INDEX[(0, -1)])
    act(s, "card", card("spell_ward")) if s.dec and s.dec[0] == "commit" else None
    assert logged(s, "attacks Kotronas: 3 vs 3 (die 1) -> hit")
    g = mgame(encounter="kotronas:3", heroes_per_player=2)
    s = marena(g, {"edhel": dict(owner=0, pos=(3, 0), arch=1, mana=[0, 0, 1]), "norn": dict(owner=0, pos=(-4, 0))},
               {0: W_SET}, ranking=["edhel", "norn"], monsters=[("kotronas", (0, 0), ["plain_2", "plain_3"])],
               actor="edhel", dice=[])
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    assert s.mstack[0] == [TOK["plain_3"]]
    assert DIST[s.pos[EDHEL]][s.mpos[0]] == 3


def test_raise_the_dead_against_a_monster():
    """Raise the Dead (TH § Vengeful Powers): "search your Discard Pile and select a Power. Use the
    Discarded Power's Attack value and Defense value instead of this Power's Values": with Terror (4/0)
    in the pile, Raise the Dead attacks Kotronas with 4 against 2 + 1."""
    g = mgame(encounter="kotronas:3", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0)), "edhel": dict(owner=0, pos=(-4, 0))},
               {0: ["enervation", "damnation", "raise_the_dead", "ungrave", "despair"]}, ranking=["norn", "edhel"],
               monsters=[("kotronas", (0, 0), ["plain_4", "plain_3"])], actor="norn", dice=[1])
    s.disc[0] = [card("terror")]
    s.cowner[card("terror")] = 0
    attack(s, "raise_the_dead")
    assert s.dec[0] == "m_raise"
    act(s, "card", card("terror"))
    assert logged(s, "attacks Kotronas: 4 vs 3 (die 1) -> hit")
