"""Independent check of the Monsters chapter (issue 16), written from the rulebook text
``001_4e95cd654d8b1058.txt`` (TH) before reading the rules code's answers: each printed example and
each tricky sentence of TH § Game Modes (Setting Up the Arena (Monster Modes), Light / Heavy Semi
Co-op) and TH § Monsters (Monster Stamina, Monster Defense, Monster Attacking, Monster Battles,
Weapons Slaying, Armor Green Shield Resistance) as its own situation. The expected outcome in each
docstring was worked out from the quoted sentence.

Positions are built with ``mbuilder.marena`` (scripted dice: a d6 face is 0..5 in the printed row
order dash, two pips, four pips, sword, lightning, spade; a d4 is 1..4); decisions are taken by their
layout label (``builder.layout_label``)."""

import numpy as np

from mythenv.games.theosis import rules
from mythenv.games.theosis.rules.board import DIST
from tests.conformance.helpers import checked_observation

from .builder import card, choose, hero, hexi, layout_label
from .mbuilder import NH, TOK, marena, mgame

SOLO = mgame("solo", 1, encounter="solo_3", monsters="kotronas")
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
NEAR = (0, -1)  # a hex adjacent to the centre, where the monster stands


def power(key):
    p = rules.POWERS[card(key)]
    return f"power {p.name} ({p.attack}/{p.defense})"


def decline_all(s):
    """Decline the optional yes/no texts until another kind of decision comes."""
    while s.dec is not None and s.dec[0] == "yn":
        choose(s, "choice 0")


def solo(heroes, hand, stack, dice, actor="rochon", monster="kotronas", g=SOLO, ranking=None, **kw):
    return marena(g, heroes, {0: hand}, ranking or list(heroes), [(monster, (0, 0), stack)], actor=actor,
                  dice=dice, **kw)


def attack_monster(s, key, skill_slot=None):
    """The acting hero stays and attacks monster 1 with Power ``key`` face down (row 4), or with the
    Skill of ``skill_slot`` (row 5); no charge move."""
    choose(s, "done / none")
    if skill_slot is None:
        choose(s, "action: " + rules.ROW_NAMES[4])
    else:
        choose(s, "action: " + rules.ROW_NAMES[5])
        choose(s, f"slot {skill_slot + 1}")
        if s.dec[0] == "move":
            choose(s, "done / none")
    choose(s, "monster 1")
    choose(s, power(key))
    decline_all(s)
    return s


def rochon(eq=(None, None, None), mana=(0, 0, 0), pos=NEAR, **kw):
    return {"rochon": dict(owner=0, pos=pos, eq=list(eq), mana=list(mana), **kw)}


def far(*keys):
    spots = [(-4, 4), (4, -4), (-4, 0)]
    return {k: dict(owner=0, pos=spots[i]) for i, k in enumerate(keys)}


# ------------------------------------------------------------------ TH § Monster Stamina


def test_damage_below_the_token_does_not_accumulate():
    """TH § Monster Stamina: each Token gives "the amount of damage required for this specific Stamina
    Token to be removed"; the example: "The two damage inflicted to the Monster is not enough to
    remove the Stamina Token ... The attack was successful but essentially has no effect." Two
    successful attacks of 2 Damage each on a 3-Damage token leave it in place: one attack must deal
    the whole amount. (d4 2: Defense 4; each (4.0) Power ties and wins: (4 - 4) + 2 = 2.)"""
    heroes = {**rochon(eq=("short_sword_a", None, None)),
              "gurth": dict(owner=0, pos=(1, -1), eq=["mace", None, None]), **far("aer")}
    hand = ["fiery_purge", "terror", "valor", "resurrection", "tenacity", "last_stand"]
    s = marena(SOLO, heroes, {0: hand}, ["rochon", "gurth", "aer"],
               [("kotronas", (0, 0), ["plain_3", "plain_2"])], actor="rochon", dice=(2, 2))
    attack_monster(s, "terror")
    assert s.mstack[0] == [TOK["plain_3"], TOK["plain_2"]]
    assert s.dec[2] == hero("gurth"), s.dec
    attack_monster(s, "fiery_purge")
    assert s.mstack[0] == [TOK["plain_3"], TOK["plain_2"]]


# ------------------------------------------------------------------ ranking: monsters below heroes


def test_hero_attack_tying_the_monster_defense_wins():
    """TH § Setting Up the Arena (Monster Modes): "when a Hero ties in combat with a monster, the Hero
    wins the encounter as they are higher in Ranking." Fiery Purge (4.0) against Kotronas 2 + d4 = 2
    (Defense 4): a tie, the Hero wins, (4 - 4) + 2 (Short Sword) = 2 Damage removes a 2-Damage
    token."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")}, R_SET, ["plain_2", "plain_3"],
             dice=(2,))
    attack_monster(s, "fiery_purge")
    assert s.mstack[0] == [TOK["plain_3"]]


def test_monster_strike_tying_the_hero_defense_misses():
    """TH § Monster Attacking: "If the Attack is greater than the Hero's Defense (remember that
    monsters have lower rank than Heroes), then Damage is calculated as normal." Brutal Punch (1D4+2)
    rolls 1: Attack 3 against Tenacity's Defense 3, a tie: the Hero wins, no Damage."""
    s = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["plain_3"], dice=(0, 1), actor=None)
    assert s.dec[0] == "m_commit" and s.dec[2] == hero("rochon"), s.dec
    choose(s, power("tenacity"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 9


def test_monster_hit_damage_is_difference_plus_strike_damage():
    """TH § Monster Attacking: "The damage the Monster will apply is (Monster Attack - Hero Defense) +
    Monster Attack Damage. Hero Resistances affect this damage normally." Brutal Punch (1D4+2, 5
    Physical) rolls 3 against Tenacity (Defense 3): (5 - 3) + 5 = 7; Chainmail's Physical Resistance
    halves it to 3: Health 9 -> 6."""
    s = solo(rochon(eq=(None, None, "chainmail")), R_SET, ["plain_3"], dice=(0, 3), actor=None)
    choose(s, power("tenacity"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 6


def test_monsters_act_after_all_heroes():
    """TH § Setting Up the Arena (Monster Modes): "The opposing monsters always act at the end of each
    turn after all Heroes have acted." The last hero in the Ranking ends its turn (does nothing); the
    monster's die is rolled and its strike asks a hero for a Defense before the next Arena turn
    begins."""
    heroes = {**rochon(), **far("aer", "edhel")}
    s = solo(heroes, R_SET, ["plain_3"], dice=(0, 2), actor="edhel", ranking=["rochon", "aer", "edhel"])
    turn = s.turn
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[0])
    choose(s, power("resurrection"))
    decline_all(s)
    assert s.turn == turn and s.dec[0] == "m_commit", (s.turn, s.dec)


# ------------------------------------------------------------------ TH § Monster Battles


def test_warcraft_is_five_zero_against_monsters():
    """TH § Monster Battles: "Warcraft is considered a (5.0) Power Card against monsters." Warcraft
    against Kotronas 2 + 3 = 5: a tie the Hero wins (printed 4 would lose); (5 - 5) + 2 = 2 removes a
    2-Damage token."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")},
             ["warcraft", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_2", "plain_3"], dice=(3,))
    attack_monster(s, "warcraft")
    assert s.mstack[0] == [TOK["plain_3"]]


def test_last_stand_is_zero_five_against_monsters():
    """TH § Monster Battles: "Last Stand is considered a (0.5) Power Card against monsters." Brutal
    Punch rolls 3: Attack 5 against Last Stand's Defense 5 (printed 4 would be hit): the Hero wins."""
    s = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["plain_3"], dice=(0, 3), actor=None)
    choose(s, power("last_stand"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 9


def test_enervation_doubles_weapon_damage_against_a_monster():
    """TH § Monster Battles: "Enervation deals double weapon damage to a monster instead of burning
    mana." Enervation (3.1) against 2 + 1 = 3: a tie the Hero wins; (3 - 3) + 2 x 2 (Short Sword) = 4
    removes a 4-Damage token (2 would not)."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")},
             ["enervation", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_4", "plain_3"],
             dice=(1,))
    attack_monster(s, "enervation")
    assert s.mstack[0] == [TOK["plain_3"]]


def test_slaying_weapon_doubles_weapon_damage():
    """TH § Weapons Slaying: "When damage is inflicted to a monster with a slaying weapon, apply double
    the weapon's damage." Fiery Purge ties Defense 4; the slaying Dagger (1 Damage) deals (4 - 4) +
    2 x 1 = 2 and removes a 2-Damage token; the plain Dagger deals 1 and does not."""
    for dagger, removed in (("dagger_b", True), ("dagger_a", False)):
        s = solo({**rochon(eq=(dagger, None, None)), **far("aer", "edhel")}, R_SET, ["plain_2", "plain_3"],
                 dice=(2,))
        attack_monster(s, "fiery_purge")
        assert (s.mstack[0] == [TOK["plain_3"]]) == removed, dagger


def test_fiery_purge_curse_adds_one_damage_then_leaves():
    """TH § Monster Battles: "An active Fiery Purge Curse will add one damage to the next successful
    attack against a monster. The Curse is then removed." Kotronas carries the Fiery Purge Curse;
    Nova (3.1) ties 2 + 1 = 3 and deals (3 - 3) + 2 (Short Sword) + 1 = 3, removing a 3-Damage
    token; the Curse is gone afterwards."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")}, R_SET, ["plain_3", "plain_2"],
             dice=(1,))
    s.token[card("fiery_purge")] = NH + 0
    attack_monster(s, "nova")
    assert s.mstack[0] == [TOK["plain_2"]]
    assert s.token[card("fiery_purge")] != NH + 0


def test_equalize_turns_the_monster_die_into_one():
    """TH § Monster Battles: "Equalize allows you to turn a die roll into a 1." Brutal Punch (1D4+2, 5
    Physical) rolls 4 (Attack 6) against Equalize's Defense 1; the roll turned into a 1 gives Attack
    3: hit for (3 - 1) + 5 = 7 (Health 9 -> 2), not (6 - 1) + 5 = 10 (which would kill)."""
    s = solo({**rochon(), **far("aer", "edhel")}, ["equalize", "nova", "valor", "resurrection", "tenacity",
                                                   "last_stand"], ["plain_3"], dice=(0, 4), actor=None)
    choose(s, power("equalize"))
    while s.dec is not None and s.dec[0] == "yn":
        choose(s, "choice 1")
    assert s.hp[hero("rochon")] == 2


def test_acid_is_mitigated_only_by_the_green_shield():
    """TH § Armor Green Shield Resistance: "Acid Damage ... is only mitigated by armor and shields with
    the green shield icon." Wrath of the Mountain (1D4+3 Ranged, 6 Acid) rolls 2: Attack 5 against
    Tenacity's 3, (5 - 3) + 6 = 8 Acid. Physical Protection (Plate Armor) or Physical Resistance
    (Leather Jerkin) does not reduce it (Health 9 -> 1); Hide Armor's Acid Resistance halves it to 4
    (Health 5)."""
    for who, armor, health in (("rochon", "plate_armor", 1), ("garav", "leather_jerkin", 1),
                               ("garav", "hide_armor", 5)):
        s = marena(SOLO, {who: dict(owner=0, pos=NEAR, eq=[None, None, armor])}, {0: R_SET}, [who],
                   [("kotronas", (0, 0), ["plain_3"])], dice=(3, 2))
        choose(s, power("tenacity"))
        decline_all(s)
        assert s.hp[hero(who)] == health, (who, armor)


def test_mana_and_item_texts_do_nothing_to_monsters():
    """TH § Monster Battles: "As monsters do not use Mana or Items, Powers, Rituals, and Skills that
    affect those do not have any effect in monsters." Neutralize (a random Power from the Opponent's
    hand) against Kotronas: the attack resolves as a plain (3.1) attack, no hand to take from and no
    error: 3 against 2 + 1 ties, (3 - 3) + 2 = 2 removes a 2-Damage token."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")},
             ["neutralize", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_2", "plain_3"],
             dice=(1,))
    attack_monster(s, "neutralize")
    assert s.mstack[0] == [TOK["plain_3"]]


# ------------------------------------------------------------------ hidden Stamina


def _two_stacks():
    a = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["plain_3", "plain_4", "fire_res_3"], dice=())
    b = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["plain_3", "fire_res_3", "plain_4"], dice=())
    return a, b


def test_stamina_below_the_top_is_not_observed():
    """TH § Monster Stamina: "The players are only able to see the top active Stamina Token. They
    cannot look through the stack to see what the monster resistances will be after the top Token is
    removed." Two positions differing only in the order of the tokens below the top give the same
    observation (both encoders), mask and render to the player."""
    a, b = _two_stacks()
    assert np.array_equal(checked_observation(SOLO, a, 0), checked_observation(SOLO, b, 0))
    assert a.legal_actions() == b.legal_actions()
    assert a.render(0) == b.render(0)


def test_resample_redraws_the_stamina_below_the_top():
    """TH § Monster Stamina (as above): a determinization from the player's view keeps the top token
    and redraws those below it (from the hidden tokens), so the order below the top is not fixed."""
    a, _ = _two_stacks()
    a.rng = np.random.default_rng(0)
    seen = set()
    for i in range(30):
        r = a.resample_hidden(0, np.random.default_rng(i))
        assert r.mstack[0][0] == TOK["plain_3"] and len(r.mstack[0]) == 3
        seen.add(tuple(r.mstack[0][1:]))
    assert len(seen) > 3


# ------------------------------------------------------------------ more of TH § Monster Battles


def accept_all(s):
    """Accept the optional yes/no texts until another kind of decision comes."""
    while s.dec is not None and s.dec[0] == "yn":
        choose(s, "choice 1")


def test_lightning_strike_hits_every_monster_as_five_zero():
    """TH § Monster Battles: "Lightning Strike will hit all monsters as a (5.0) Power Card as all
    monsters draw lightning to themselves like metal armor." Rochon attacks Kotronas with Lightning
    Strike (printed 2.2); Voax is struck too; both roll 3 (Defense 5): 5 ties and wins against each,
    (5 - 5) + 2 (Short Sword) = 2 removes each one's 2-Damage top token."""
    g = mgame("solo", 1, encounter="kotronas:2,voax:2", heroes_per_player=3)
    s = marena(g, {**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")},
               {0: ["lightning_strike", "nova", "valor", "resurrection", "tenacity", "last_stand"]},
               ["rochon", "aer", "edhel"],
               [("kotronas", (0, 0), ["plain_2", "plain_3"]), ("voax", (1, -1), ["plain_2", "plain_4"])],
               actor="rochon", dice=(3, 3))
    attack_monster(s, "lightning_strike")
    assert s.mstack[0] == [TOK["plain_3"]] and s.mstack[1] == [TOK["plain_4"]]


def test_blind_sends_the_active_token_to_the_bottom():
    """TH § Monster Battles: "Blind allows you to move the active Stamina Tile to the bottom of Stamina
    Pile after damage is calculated." Blind (4.0) ties 2 + 2 and wins; (4 - 4) + 2 = 2 does not remove
    the 3-Damage top token, which Rochon then sends to the bottom: the 2-Damage token is active."""
    s = solo({**rochon(eq=("short_sword_a", None, None)), **far("aer", "edhel")},
             ["blind", "nova", "valor", "resurrection", "tenacity", "last_stand"],
             ["plain_3", "plain_2", "plain_4"], dice=(2,))
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[4])
    choose(s, "monster 1")
    choose(s, power("blind"))
    accept_all(s)
    assert s.mstack[0] == [TOK["plain_2"], TOK["plain_4"], TOK["plain_3"]]


def test_pain_spike_may_remove_a_stamina_token():
    """TH § Monster Battles: "Pain Spike may end up removing a Stamina Token." Pain Spike: "that
    Opponent also receives half (rounded down) of that Damage. This ignores any Resistance or
    Protection". Brutal Punch rolls 3: 5 against Pain Spike's 3, Rochon takes (5 - 3) + 5 = 7
    (Health 2); Kotronas receives 3 ignoring the top token's Physical Resistance: the 3-Damage token
    goes."""
    s = solo(rochon(), ["pain_spike", "nova", "valor", "resurrection", "tenacity", "last_stand"],
             ["physical_res_3", "plain_2"], dice=(0, 3), actor=None)
    choose(s, power("pain_spike"))
    accept_all(s)
    assert s.hp[hero("rochon")] == 2
    assert s.mstack[0] == [TOK["plain_2"]]


def test_tactics_chooses_another_card_after_the_monster_die():
    """TH § Monster Battles: "Tactics enables you to select another card after the monster die roll is
    made." Brutal Punch rolls 3 (Attack 5) against Tactics (1.1); Rochon swaps in Last Stand (0.5
    against monsters): 5 against 5, the Hero wins the tie, no Damage."""
    s = solo(rochon(), ["tactics", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_3"],
             dice=(0, 3), actor=None)
    choose(s, power("tactics"))
    accept_all(s)
    assert s.dec is not None and s.dec[2] == hero("rochon"), s.dec
    choose(s, power("last_stand"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 9


def test_confusion_forces_the_monster_to_reroll():
    """TH § Monster Battles: "Confusion and Oppress allow you to force the monster to reroll the die."
    Brutal Punch rolls 4 (Attack 6) against Confusion's Defense 2: a hit for 9 would kill Rochon; he
    forces a reroll, 1: Attack 3, hit for (3 - 2) + 5 = 6 (Health 3)."""
    s = solo(rochon(), ["confusion", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_3"],
             dice=(0, 4, 1), actor=None)
    choose(s, power("confusion"))
    accept_all(s)
    assert s.hp[hero("rochon")] == 3


def test_entangling_roots_slow_a_monster():
    """TH § Monster Battles: "Entangling Roots will slow a monster down" (the Curse: "That Hero has a
    speed of 1"). Kotronas (Speed 4) rolls Brutal Punch (an adjacent attack) with Rochon three hexes
    away: free, it reaches him and strikes (he is asked for a Defense); under Entangling Roots it
    moves at most one hex and cannot reach him."""
    for roots in (False, True):
        s = solo(rochon(pos=(0, -3)), R_SET, ["plain_3"], dice=(0, 3), actor="rochon")
        if roots:
            s.token[card("entangling_roots")] = NH + 0
        choose(s, "done / none")
        choose(s, "action: " + rules.ROW_NAMES[0])
        choose(s, power("resurrection"))
        decline_all(s)
        if roots:
            assert DIST[hexi(0, 0)][s.mpos[0]] <= 1
            assert s.hp[hero("rochon")] == 9 and s.dec[0] != "m_commit"
        else:
            assert s.dec[0] == "m_commit" and DIST[s.mpos[0]][hexi(0, -3)] == 1


def test_a_face_down_top_token_is_hidden_too():
    """TH § Kotronas, Diamond Skin: "The monster's Stamina Token is not visible until attacked." With
    the top token face down, two positions whose top tokens differ look the same to the player, and a
    determinization redraws the top token too."""
    a = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["plain_3", "plain_4"], dice=())
    b = solo({**rochon(), **far("aer", "edhel")}, R_SET, ["fire_res_3", "plain_4"], dice=())
    for s in (a, b):
        s.mdown[0] = 1
        s._legal = None
    assert np.array_equal(checked_observation(SOLO, a, 0), checked_observation(SOLO, b, 0))
    assert a.render(0) == b.render(0)
    a.rng = np.random.default_rng(0)
    tops = {a.resample_hidden(0, np.random.default_rng(i)).mstack[0][0] for i in range(30)}
    assert len(tops) > 2


# ------------------------------------------------------------------ TH § Game Modes: the ends


def _pair(mode, stack, turn=2, dice=(2,)):
    g = mgame(mode, 2, encounter="p2_2", monsters="kotronas")
    heroes = {"rochon": dict(owner=1, pos=NEAR, eq=["short_sword_a", None, None]), "norn": dict(owner=0, pos=(-4, 4)),
              "aer": dict(owner=1, pos=(4, -4)), "gurth": dict(owner=0, pos=(-4, 0))}
    hands = {1: R_SET, 0: ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]}
    return marena(g, heroes, hands, ["rochon", "norn", "aer", "gurth"], [("kotronas", (0, 0), stack)],
                  actor="rochon", dice=dice, turn=turn)


def test_coop_all_win_when_every_monster_falls():
    """TH § Game Modes, Solo and Co-op: "Their goal is to defeat the opposing monsters before the nine
    Arena rounds end" (issue 16: co-op returns shared, +1 all). Seat 1's Rochon removes Kotronas's
    last token (Fiery Purge ties 2 + 2, (4 - 4) + 2 = 2 on a 2-Damage token): the game ends, both
    players +1."""
    s = _pair("coop", ["plain_2"])
    attack_monster(s, "fiery_purge")
    assert s.is_terminal() and s.returns() == [1.0, 1.0]


def test_coop_all_lose_when_a_monster_stands_after_turn_nine():
    """TH § Game Modes: "If the ninth round ends and any monster is still standing, the players have
    lost." (errata page 20: "If by that time any monster is still alive the Players lose.") Turn 9
    with Kotronas on two tokens: every hero does nothing (other decisions at random), Kotronas acts;
    at the end of turn 9 Kotronas stands and both players get -1."""
    s = _pair("coop", ["plain_4", "plain_3"], turn=9, dice=(2,) + (1, 1) * 20)
    rng = np.random.default_rng(0)
    steps = 0
    while not s.is_terminal() and steps < 300:
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))] if s.dec[0] != "row" else
                       next(a for a in la if layout_label(a) == "action: " + rules.ROW_NAMES[0]))
        steps += 1
    assert s.is_terminal() and s.m_alive(0)
    assert s.returns() == [-1.0, -1.0]


def test_light_semi_coop_the_remover_keeps_the_token():
    """TH § Game Modes, Light Semi Co-op: "when a Hero's attack removes a Stamina Token, the player
    controlling the Hero receives that Token. When all monsters are defeated, then all players are
    considered victorious. The Most Valuable Player is the person who has acquired the most Stamina
    Tokens." Seat 1's Rochon removes the last token: both players +1; seat 1 holds 1 token, seat 0
    none; seat 1 is the MVP."""
    s = _pair("semi_coop_light", ["plain_2"])
    attack_monster(s, "fiery_purge")
    assert s.is_terminal() and s.returns() == [1.0, 1.0]
    assert s.scores() == [0.0, 1.0] and s.mvp() == [1]


def test_heavy_semi_coop_goes_on_competitively():
    """TH § Game Modes, Heavy Semi Co-op: "after all monsters are eliminated, the normal competitive
    mode continues. Thus to achieve victory, a player must kill all other remaining Heroes or have a
    Hero standing in the Arena Center Tile at the end of the ninth turn." Rochon removes Kotronas's
    last token on turn 2: the game is not over, and the next hero to act is asked as usual."""
    s = _pair("semi_coop_heavy", ["plain_2"])
    attack_monster(s, "fiery_purge")
    assert not s.is_terminal()
    assert s.dec is not None and s.returns() == [0.0, 0.0]


# ------------------------------------------------------------------ statuses from the stat blocks


def test_enslaved_hero_attacks_its_closest_ally_for_a_d4():
    """TH § Mikitas, Enslave: "Enslaved Hero acts on their turn, attacking their closest ally for 1d4
    damage"; FAQ: "will make a normal attack by playing a Power Card from their hand to initiate
    combat. The defender then will also play a Power Card to defend. If the attack is successful, the
    attacker rolls a D4 and the result is the final Damage this attack deals. Do not adjust it with
    weapon modifiers." Enslaved Rochon (Greatsword) attacks Gurth (Plate Armor, Physical
    Protection) with Nova 3 against Resurrection 1: the d4 shows 3 and Gurth loses exactly 3."""
    g = mgame("solo", 1, encounter="solo_2", monsters="mikitas")
    s = marena(g, {"rochon": dict(owner=0, pos=(-2, 0), eq=["greatsword", None, None]),
                   "gurth": dict(owner=0, pos=(-3, 0), eq=[None, None, "plate_armor"])}, {0: R_SET},
               ["rochon", "gurth"], [("mikitas", (0, 0), ["plain_3"])], actor="rochon", dice=(3,))
    h = hero("rochon")
    s.ensl[h] = 1
    s.q, s.dec, s._legal = [["hero_turn", h], ["next_actor"]], None, None
    s._run()
    assert s.dec[0] == "commit" and s.dec[2] == h, s.dec
    choose(s, power("nova"))
    assert s.dec[0] == "commit" and s.dec[2] == hero("gurth"), s.dec
    choose(s, power("resurrection"))
    decline_all(s)
    assert s.hp[hero("gurth")] == 6


def test_earths_grab_paralyses_for_the_next_turn():
    """TH § Kotronas, Earth's Grab: "1D4+3 Attack, 4 Physical Damage, Paralyze ... Hero hit flips
    their Ranking Token and will not act for the next turn." Rolled at the end of turn 2, the die 4
    (Attack 7) hits Rochon (Tenacity 3): (7 - 3) + 4 = 8 (Health 1); on turn 3 Rochon, first in the
    Ranking, does not act: Aer is the first hero asked."""
    s = solo({**rochon(), "aer": dict(owner=0, pos=(-4, 4))}, R_SET, ["plain_3"], dice=(4, 4), actor=None,
             ranking=["rochon", "aer"])
    assert s.dec[0] == "m_commit" and s.dec[2] == hero("rochon"), s.dec
    choose(s, power("tenacity"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 1
    assert s.turn == 3 and s.dec[2] == hero("aer"), (s.turn, s.dec)


def test_lightning_strike_defending_keeps_its_printed_defense():
    """TH § Monster Battles: "Lightning Strike will hit all monsters as a (5.0) Power Card as all
    monsters draw lightning to themselves like metal armor": its text (Attack 5 against metal armor)
    always holds against monsters; it says nothing of its Defense, which stays the printed 2.
    Brutal Punch rolls 1 (Attack 3) against Lightning Strike's Defense 2: a hit for (3 - 2) + 5 = 6
    (Health 3), not (3 - 0) + 5 = 8."""
    s = solo(rochon(), ["lightning_strike", "nova", "valor", "resurrection", "tenacity", "last_stand"], ["plain_3"],
             dice=(0, 1), actor=None)
    choose(s, power("lightning_strike"))
    decline_all(s)
    assert s.hp[hero("rochon")] == 3


def test_lightning_strike_under_a_skill_is_its_printed_values():
    """TH § Powers and Skills: "When you use a Skill, you use the Skill icon for Damage and the Skill
    text for the ability that takes place. You only use the facedown Power for the Attack or Defense
    value." Lightning Strike's 5 against monsters is its text ("like metal armor", the text's
    condition), so under a Skill it attacks with its printed 2 and strikes only the chosen monster.
    Smite (+1) with Lightning Strike face down against Kotronas 2 + 1: 3 ties 3, the Hero wins,
    (3 - 3) + 2 (Short Sword) = 2 does not remove the 4-Damage token (with 5: (6 - 3) + 2 = 5
    would); Voax is not struck."""
    g = mgame("solo", 1, encounter="kotronas:2,voax:2", heroes_per_player=3)
    s = marena(g, {**rochon(eq=("short_sword_a", None, None), mana=(1, 0, 0)), **far("aer", "edhel")},
               {0: ["lightning_strike", "nova", "valor", "resurrection", "tenacity", "last_stand"]},
               ["rochon", "aer", "edhel"],
               [("kotronas", (0, 0), ["plain_4", "plain_3"]), ("voax", (1, -1), ["plain_2", "plain_4"])],
               actor="rochon", dice=(1, 1))
    attack_monster(s, "lightning_strike", skill_slot=0)
    assert s.mstack[0] == [TOK["plain_4"], TOK["plain_3"]]
    assert s.mstack[1] == [TOK["plain_2"], TOK["plain_4"]]


def test_oppress_attacking_forces_the_defence_reroll():
    """TH § Monster Battles: "Confusion and Oppress allow you to force the monster to reroll the die."
    Rochon (Dawnblade +1, Valor +1) attacks with Oppress (1.1): 3 against Kotronas 2 + 4 = 6 loses;
    he forces the reroll, 1: Defense 3, a tie the Hero wins, (3 - 3) + 4 = 4 removes a 4-Damage
    token."""
    hand = ["oppress", "nova", "valor", "resurrection", "tenacity", "last_stand"]
    s = solo({**rochon(eq=("dawnblade", None, None)), **far("aer", "edhel")}, hand, ["plain_4", "plain_3"],
             dice=(4, 1))
    s.token[card("valor")] = hero("rochon")
    choose(s, "done / none")
    choose(s, "action: " + rules.ROW_NAMES[4])
    choose(s, "monster 1")
    choose(s, power("oppress"))
    accept_all(s)
    assert s.mstack[0] == [TOK["plain_3"]]


def test_lifeswap_defending_sends_the_active_token_to_the_bottom():
    """TH § Monster Battles: "Lifeswap may move the active Stamina Token to the bottom of the Pile";
    Lifeswap: "Regardless of whether this Power is used for Attack or Defense, if Damage will be
    applied to any of the Heroes engaged in combat". Brutal Punch rolls 3 (Attack 5) against
    Lifeswap's Defense 3: Rochon takes (5 - 3) + 5 = 7 (Health 2) and sends Kotronas's active token
    to the bottom."""
    hand = ["lifeswap", "nova", "valor", "resurrection", "tenacity", "last_stand"]
    s = solo(rochon(), hand, ["plain_3", "plain_4"], dice=(0, 3), actor=None)
    choose(s, power("lifeswap"))
    accept_all(s)
    assert s.hp[hero("rochon")] == 2
    assert s.mstack[0] == [TOK["plain_4"], TOK["plain_3"]]


def test_cooperating_players_set_the_initiative_order():
    """TH § Setting Up the Arena (Monster Modes): "The cooperating players assign their Hero
    Initiative order as they prefer." In a co-op game after Fast Action Preparation the players
    fill the Ranking position by position; the Ranking is exactly their choice (here: always the
    last hero offered), not an order by gold."""
    import mythenv
    g = mythenv.make_game("theosis_v0", num_players=2, mode="coop", encounter="p2_2", prep="fast")
    s = g.new_initial_state(1)
    rng = np.random.default_rng(0)
    while s.dec[0] != "m_rank":
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    chosen = []
    while s.dec[0] == "m_rank":
        a = s.legal_actions()[-1]
        chosen.append(a - rules.A_HERO)
        s.apply_action(a)
    assert s.ranking[:len(chosen)] == chosen and len(s.ranking) == 4
