"""Monster abilities, statuses and the special faces (issue 16). Docstrings cite
``001_4e95cd654d8b1058.txt`` (TH) § Monster Stat Blocks and the FAQ; expected outcomes come from the
quoted text."""

from mythenv.games.theosis.cards import ITEM_INDEX

from .builder import card, hero
from .mbuilder import NH, TOK, act, logged, marena, mgame

SET = ["warcraft", "spell_ward", "blind", "neutralize", "tactics", "pain_spike"]
NORN, EDHEL, GURTH = hero("norn"), hero("edhel"), hero("gurth")
STACK = ["plain_3", "plain_4", "plain_2"]


def two(key, dice, norn=(1, 0), edhel=(-3, 0), stack=STACK, mode="solo", n=1, owner_e=0, **kw):
    g = mgame(mode=mode, n=n, encounter=f"{key}:{len(stack)}", heroes_per_player=2)
    heroes = {"norn": dict(owner=0, pos=norn, **kw.get("norn_kw", {})),
              "edhel": dict(owner=owner_e, pos=edhel, **kw.get("edhel_kw", {}))}
    if kw.get("alone"):
        del heroes["edhel"]
        kw["ranking"] = ["norn"]
    return marena(g, heroes, {0: SET, 1: SET} if n > 1 else {0: SET}, ranking=kw.get("ranking", ["norn", "edhel"]),
                  monsters=[(key, (0, 0), stack)], dice=dice, actor=kw.get("actor"))


# ---------------------------------------------------------------- strike abilities
def test_paralyze_skips_the_next_turn():
    """Kotronas, Earth's Grab: "Hero hit flips their Ranking Token and will not act for the next
    turn." Warcraft (Defense 0) against 1 + 3: a hit; in the next turn Norn does not act, Edhel does."""
    s = two("kotronas", [4, 1])
    act(s, "card", card("warcraft"))
    assert logged(s, "Norn the Dwarf Barbarian: paralyze")
    assert s.turn == 3 and s.dec[0] == "move" and s.dec[2] == EDHEL  # Norn's turn was skipped
    assert logged(s, "Norn the Dwarf Barbarian is paralyzed this turn") and s.para[NORN] == 0


def test_swallow_loses_d4_and_is_freed_when_a_token_falls():
    """Voax, Swallow Whole: "Hero is swallowed and loses 1D4 HP at end of Turn. Freed when Stamina
    Token is removed." Norn (9) is hit (1 + 2 against 0: 3 Damage, 6 left) and swallowed; at the end
    of that turn he loses the d4's 2 (4 left). Edhel then removes a 2-Damage token: Norn is back next
    to Voax. (Voax picks Norn: his Greatsword makes him the most dangerous, TH § Monster Priority List.)"""
    s = two("voax", [3, 1, 2], stack=["plain_2", "plain_3"], edhel_kw=dict(eq=["shortbow", None, None]),
            norn_kw=dict(eq=["greatsword", None, None]))
    act(s, "card", card("warcraft"))
    assert s.swal[NORN] == 1 and s.pos[NORN] == -1
    assert s.hp[NORN] == 9 - 3 - 2
    assert s.turn == 3 and s.dec[2] == EDHEL  # the swallowed hero does not act
    s.rng.vals = [1]  # Voax's defence die: 2 + 1 = 3
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("blind"))  # 4 against 3: (4 - 3) + Shortbow 2 = 3 >= 2
    from mythenv.games.theosis.rules import DIST
    assert s.swal[NORN] == 0 and DIST[s.pos[NORN]][s.mpos[0]] == 1


def test_enslaved_hero_attacks_its_closest_ally_for_a_d4():
    """Mikitas, Enslave: "Enslaved Hero acts on their turn, attacking their closest ally for 1d4
    damage"; FAQ: "a normal attack by playing a Power Card ... The defender then will also play a
    Power Card to defend. If the attack is successful, the attacker rolls a D4 and the result is the
    final Damage this attack deals. Do not adjust it with weapon modifiers." Norn (Greatsword) is
    enslaved; next turn he attacks Edhel, the closest ally: Blind 4 against Spell Ward 4 is a tie
    won by Norn (higher rank); the d4 shows 3: Edhel loses 3, not 4 - 4 + 3."""
    s = two("mikitas", [3, 1, 3], norn_kw=dict(eq=["greatsword", None, None]), edhel=(3, 0))
    act(s, "card", card("warcraft"))  # 1 + 3 against 0: hit, enslaved
    assert logged(s, "Norn the Dwarf Barbarian: enslave")
    assert s.dec[0] == "commit" and s.dec[2] == NORN and s.cb["targets"] == [EDHEL]
    act(s, "card", card("blind"))  # Norn's attack (Warcraft defended the Enslave)
    act(s, "card", card("spell_ward"))
    assert logged(s, "attacks Edhel the Elven Huntress: 4 vs 4 -> hit")
    assert s.hp[EDHEL] == 9 - 3


def test_pain_anchor_diverts_attacks_until_wounded():
    """Mikitas, Pain Anchor: "Hero Hit receives Stamina Token facedown. Any attack on Mikitas is
    diverted to this Hero until they're wounded"; FAQ: "until the next time the Heroes take any
    amount of damage". Norn is anchored (the hit itself wounds him first); Edhel's attack on Mikitas
    becomes a combat against Norn; once Norn takes Damage the anchor is gone."""
    s = two("mikitas", [4, 1], edhel=(3, 0), ranking=["edhel", "norn"])
    act(s, "card", card("warcraft"))
    assert s.anchor[NORN] == 1
    assert s.dec[0] == "move" and s.dec[2] == EDHEL
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    assert s.cb["targets"] == [NORN]  # diverted
    act(s, "card", card("blind"))
    act(s, "card", card("spell_ward"))  # 4 vs 4: Edhel ranks higher and wins; Norn is wounded
    assert s.anchor[NORN] == 0


def test_godslaying_spear_slays_and_devour_cannot_be_resurrected():
    """Godslayer, Godslaying Spear: "if successful, automatically kills the target Hero"; Apollyon,
    Devour the Soul: "slay Hero. They can not be resurrected. Gain 1 Stamina Tile"."""
    s = two("godslayer", [0, 1, 3, 1], stack=["plain_3"])
    act(s, "card", card("spell_ward"))  # the Dragon's bite: 4 vs 4, defended
    act(s, "card", card("warcraft"))  # the spear: 4 vs 0
    assert s.hp[NORN] == 0 and s.martyr[NORN] == 0
    s = two("apollyon", [3, 1, 0], stack=["plain_3"])
    act(s, "card", card("warcraft"))
    assert s.hp[NORN] == 0 and s.martyr[NORN] == 1
    assert len(s.mstack[0]) == 2  # gained one tile from the unused tokens


def test_destroy_weapon_armor_and_burn_mana():
    """Godslayer's Rider: Smite Weapon "Hero Hit removes their Weapon"; Sunder Armor "removes their
    Armor and Shield"; Night of the Mage Slayer "Heroes Hit remove all their Mana Gems"."""
    gear = dict(eq=["short_sword_a", "wooden_shield", "chainmail"], mana=[1, 1, 0])
    for face, check in ((0, lambda s: s.eq[NORN] == [-1, ITEM_INDEX["wooden_shield"], ITEM_INDEX["chainmail"]]),
                        (1, lambda s: s.eq[NORN] == [ITEM_INDEX["short_sword_a"], -1, -1]),
                        (2, lambda s: s.mana[NORN] == [0, 0, 0])):
        s = two("godslayer", [0, 1, face, 4], norn_kw=gear, alone=True)
        act(s, "card", card("spell_ward"))  # the Dragon's bite: 4 vs 4 + 0 (no artifact), defended
        act(s, "card", card("warcraft"))  # 4 + 3 against 0
        assert check(s), face


def test_spit_and_impale_second_strike_bonus_after_a_hit():
    """Keratosauros, Spit and Impale: "If first is successful, the second on the same target gets +1
    Attack Bonus": die 1 + 1 against Warcraft 0 hits; the impale is 1 + 1 + 1 = 3 against Blind's 0."""
    s = two("keratosauros", [1, 1, 1])
    act(s, "card", card("warcraft"))
    act(s, "card", card("blind"))
    assert logged(s, "Spit and Impale on Norn the Dwarf Barbarian: 2 vs 0 -> hit")
    assert logged(s, "Spit and Impale on Norn the Dwarf Barbarian: 3 vs 0 -> hit")


def test_dual_icy_claws_slay_when_both_hit():
    """Quietus, Dual Icy Claws: "If both are successful, then Hero is slain": 2 against 0 twice; the
    first deals 7 (Norn 9 -> 2) and the second slays."""
    s = two("quietus", [1, 1, 1])
    act(s, "card", card("warcraft"))
    assert s.hp[NORN] == 2
    act(s, "card", card("blind"))
    assert s.hp[NORN] == 0 and logged(s, "falls (Quietus's Dual Icy Claws)")


def test_dual_splash_needs_two_heroes_three_hexes_apart():
    """Voax, Dual Splash: "Two consecutive attacks on two different Heroes that must be at least three
    hexes apart": Norn and Edhel four hexes apart both get one; with them two hexes apart only one
    attack is made."""
    s = two("voax", [1, 1, 1], norn=(1, 0), edhel=(-3, 0))
    act(s, "card", card("spell_ward"))
    assert s.dec[0] == "m_commit" and s.dec[2] != s.mcb["prev"][0]
    s = two("voax", [1, 1], norn=(1, 0), edhel=(-1, 0))
    act(s, "card", card("spell_ward"))
    assert logged(s, "Dual Splash finds no target")


# ---------------------------------------------------------------- special faces
def test_diamond_skin_cleanses_and_hides_the_token_until_attacked():
    """Kotronas, Diamond Skin: "All Curses are removed. The monster's Stamina Token is not visible
    until attacked. If attack is successful, the Stamina Token is flipped visible again. It may now be
    removed on the next successful attack." Edhel's Longbow hit (7 Damage) only flips the token; the
    next hit removes it."""
    s = two("kotronas", [], stack=["plain_2", "plain_3"], edhel_kw=dict(eq=["longbow", None, None]),
            ranking=["edhel", "norn"], actor="edhel")
    s.token[card("poison")] = NH + 0
    s._m_special(0, "diamond_skin")
    assert s.token[card("poison")] == -1 and s.mdown[0] == 1
    s.rng.vals = [1]
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("blind"))
    assert s.mstack[0] == [TOK["plain_2"], TOK["plain_3"]] and s.mdown[0] == 0
    s.m_wound(0, 2, 0)
    assert s.mstack[0] == [TOK["plain_3"]]


def test_evolving_skin_returns_a_removed_token_to_the_top():
    """Voax, Evolving Skin: "All Curses are removed. Add one of the removed Stamina Tokens to the top
    of the Stamina Pile"."""
    s = two("voax", [], stack=["plain_2", "plain_3"], actor="norn")
    s.m_wound(0, 2, 0)
    assert s.mstack[0] == [TOK["plain_3"]]
    s.token[card("terror")] = NH + 0
    s._m_special(0, "evolving_skin")
    assert s.mstack[0] == [TOK["plain_2"], TOK["plain_3"]] and s.token[card("terror")] == -1


def test_thick_hide_and_feel_no_pain_last_until_the_monster_acts_again():
    """Keratosauros, Thick Hide: "Next turn, Keratosauros also has Physical Protection. Last until
    Keratosauros acts again"; Feel No Pain: "Next turn, Defence is upgraded to 3+1D4"."""
    s = two("keratosauros", [4], actor=None)
    assert s.mstat[0][0] == 1
    assert s.m_reduce(0, 7, 0) == 0 and s.m_reduce(0, 7, 2) == 7
    s.rng.vals = [0]  # its next action (Icy Tail Stomp) ends the Thick Hide
    s.mact = 0
    s.dec, s.q = None, [["m_act", 0, 0, 1]]
    s._run()
    assert s.mstat[0][0] == 0
    s = two("keratosauros", [5])
    assert s.mstat[0][1] == 1 and s.m_defence(0, 2) == 5


def test_flying_terror_and_shadow_in_darkness():
    """Quietus, Flying Terror: "only ranged attacks can hit Quietus"; Shadow in Darkness: "only area
    attacks can hit Quietus". Norn's adjacent Power attack cannot hit under either; Edhel's bow shot
    from afar hits under Flying Terror."""
    for face, norn_hits, edhel_hits in ((4, False, True), (5, False, False)):
        s = two("quietus", [face], ranking=["norn", "edhel"], edhel=(-3, 0))
        assert s.turn == 3 and s.dec[2] == NORN
        s.rng.vals = [1, 1]
        act(s, "done")
        act(s, "row", 4)
        act(s, "monster", 0)
        act(s, "card", card("blind"))
        assert logged(s, "attacks Quietus") == norn_hits
        act(s, "done")
        act(s, "row", 4)
        act(s, "monster", 0)
        act(s, "card", card("warcraft"))
        assert logged(s, "Edhel the Elven Huntress attacks Quietus") == edhel_hits, face


def test_demonic_haste_hides_the_tokens_until_attacked():
    """Apollyon, Demonic Haste: "all Stamina Tokens are randomized and flipped down. The players do not
    know Apollyon's defenses until he is attacked and the Token is revealed"."""
    s = two("apollyon", [4], stack=["plain_2", "plain_3", "plain_4"], norn_kw=dict(eq=["greatsword", None, None]))
    assert s.mdown[0] == 2 and s.mstat[0][4] == 1
    s.rng.vals = [1]
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("warcraft"))  # 5 (Warcraft against monsters) vs 3 + 1: revealed, 1 + 3 >= 2
    assert s.mdown[0] == 0 and len(s.mstack[0]) == 2


def test_agony_shield_inflicts_the_damage_on_the_attacker():
    """Apollyon, Agony Shield: "any damage received is also inflicted to Attacker"."""
    s = two("apollyon", [5], stack=["plain_4", "plain_3"])
    s.rng.vals = [1]
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("warcraft"))  # 5 vs 4: 1 Damage to Apollyon, 1 to Norn
    assert s.hp[NORN] == 8


def test_pandemonium_numbness_arcane_breath_rain_of_spines():
    """Mikitas, Pandemonium (errata p.47): "All Heroes receive Damage equal to the total Damage bonus of
    the weapons they have equipped. Resistance and Protection do not reduce this damage." Numbness:
    "All Heroes adjacent to Mikitas are Paralyzed". Godslayer, Arcane Breath: "2 Light 2 Void 2 Fire 2
    Ice Damage ... can be reduced by Armors and Shields"; Rain of Spines: "6 Physical Damage"."""
    s = two("mikitas", [2], norn_kw=dict(eq=["greatsword", None, "plate_armor"]))
    assert s.hp[NORN] == 9 - 3 and s.hp[EDHEL] == 9
    s = two("mikitas", [5])
    assert logged(s, "Norn the Dwarf Barbarian is paralyzed") and not logged(s, "Edhel the Elven Huntress is paralyzed")
    s = two("godslayer", [4, 0], norn_kw=dict(eq=[None, None, "chainmail"]))  # Light resisted: 1
    assert s.hp[NORN] == 9 - 7 and s.hp[EDHEL] == 9 - 8
    s = two("godslayer", [5, 0], norn_kw=dict(eq=[None, None, "plate_armor"]))
    assert s.hp[NORN] == 9 and s.hp[EDHEL] == 9 - 6


def test_heroic_might_and_symbiotic_regeneration():
    """Godslayer's Rider, Heroic Might: "Roll the Action Die again, once for the Dragon and once for the
    Rider"; Symbiotic Regeneration: "Add 2 Stamina Tiles and remove all Curses"."""
    s = two("godslayer", [4, 4, 0], stack=["plain_3"], norn_kw=dict(eq=[None, None, "plate_armor"]))
    # Dragon Arcane Breath; Rider Heroic Might -> the Dragon again (Scorching Bite), then the Rider
    assert logged(s, "(Rider) rolls Heroic Might") and logged(s, "(Dragon) rolls Scorching Bite")
    assert s.dec[0] == "m_commit"
    s = two("godslayer", [0, 1, 5, 0, 0], stack=["plain_3"], alone=True)
    s.token[card("poison")] = NH + 0
    act(s, "card", card("spell_ward"))  # the Dragon's bite, a tie
    assert logged(s, "(Rider) rolls Symbiotic Regeneration")
    assert len(s.mstack[0]) == 3 and s.token[card("poison")] == -1


def test_sick_duel_heroes_attack_each_other_with_their_highest_attack_power():
    """Mikitas, Sick Duel: "Target two Heroes that can both attack each other. Both Heroes must
    immediately attack each other simultaneously with their highest Attack Power Card." Norn and
    Edhel (adjacent) play Warcraft (4/0) each: 4 against 0 both ways, 4 Damage each."""
    s = two("mikitas", [1], norn=(1, 0), edhel=(2, 0))
    assert s.hp[NORN] == 5 and s.hp[EDHEL] == 5
    assert card("warcraft") in s.disc[0]
