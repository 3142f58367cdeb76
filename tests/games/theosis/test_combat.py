"""Combat scenario tests for Theosis; docstrings cite ``001_4e95cd654d8b1058.txt`` (TH)."""

import numpy as np

from mythenv.games.theosis import rules

from .builder import act, arena, card, game, hero

G2 = game()
P0_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
P1_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]


def duel_state(paladin_eq=(None, None, None), rac_eq=(None, None, "frost_robe"), arch=1, mana=(0, 0, 0)):
    return arena(G2, {
        "rochon": dict(owner=0, arch=arch, pos=(0, 0), eq=list(paladin_eq), mana=list(mana)),
        "rac": dict(owner=1, arch=0, pos=(1, 0), eq=list(rac_eq)),
    }, {0: P0_SET, 1: P1_SET}, ranking=["rac", "rochon"], actor="rochon")


def attack_with_power(s, target, acard, dcard):
    act(s, "done")                    # no move
    act(s, "row", 4)                  # use a Power face down, its text
    act(s, "hero", hero(target))
    act(s, "card", card(acard))       # attacker's face-down commit
    act(s, "card", card(dcard))       # defender's face-down commit
    return s


def test_worked_example_tie_goes_to_higher_rank():
    """TH § Attack and Defense, example: Fiery Purge (4) against Frigid Night (4), no artifacts;
    the tie goes to the Necromancer, higher in Ranking, and no Damage is applied."""
    s = duel_state()
    attack_with_power(s, "rac", "fiery_purge", "frigid_night")
    assert s.hp[hero("rac")] == 9 and s.hp[hero("rochon")] == 9
    assert s.token[card("fiery_purge")] == -1
    assert any("4 vs 4 -> defended" in m for m in s.log)


def test_worked_example_artifact_sword_one_damage_and_curse():
    """TH § Damage and Resistances, example: the Paladin's Artifact sword (+1 Attack, 4 Damage):
    5 vs 4, damage 1 + 4 = 5 Fire
    Frigid Night protects from Fire, yet the loser takes at least one
    Damage (9 -> 8) and carries the Fiery Purge Curse, losing one Health at the end of his turn."""
    s = duel_state(paladin_eq=("dawnblade", None, None))
    attack_with_power(s, "rac", "fiery_purge", "frigid_night")
    assert any("5 vs 4 -> hit" in m for m in s.log)
    rac = hero("rac")
    assert s.hp[rac] == 8
    assert s.token[card("fiery_purge")] == rac
    du_chunks = [[1, rules.FIRE], [4, rules.FIRE]]
    # the damage of the example, all Fire (a Physical weapon deals the attack's type)
    fake = {"a": hero("rochon"), "d": rac, "askill": "", "ac": card("fiery_purge"), "counter": 0, "at": 5, "df": 4}
    s2 = s.clone()
    s2.cb = {"dbl": 0, "du": fake}
    assert s2.damage_chunks(fake) == du_chunks
    # push-back offer (melee win): decline; then the Necromancer's turn 3
    assert s.dec[0] == "yn" and s.dec[2] == "push"
    act(s, "num", 0)
    assert s.turn == 3 and s.dec[0] == "move" and s.dec[2] == rac
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("poison"))
    assert s.hp[rac] == 7  # Fiery Purge at the end of his turn, not reduced by protections


def test_corona_example_skill_bonus_light_damage_no_curse():
    """TH § Powers and Skills, example: Corona with Fiery Purge face down: 4 + 1 = 5 Attack, Light
    Damage from the Skill, and no Fiery Purge Curse since the Skill's text is used, not the Power's."""
    s = duel_state(mana=(0, 1, 0))
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)                 # Corona (a Ring attack on all adjacent heroes)
    act(s, "card", card("fiery_purge"))
    act(s, "card", card("frigid_night"))
    assert any("5 vs 4 -> hit" in m for m in s.log)
    rac = hero("rac")
    # 1 Light damage, Light resistance of the cloth armor halves it to 0, minimum one
    assert s.hp[rac] == 8
    assert s.token[card("fiery_purge")] == -1
    assert s.mana[hero("rochon")] == [0, 0, 0]


def test_protection_and_resistance_round_down():
    """TH § Damage and Resistances: Protection negates, Resistance halves rounded down."""
    s = duel_state()
    rac = hero("rac")
    assert s.reduce(rac, 5, rules.ICE) == 0          # Ice protection (frost robe)
    assert s.reduce(rac, 5, rules.LIGHT) == 2        # Light resistance: 5 / 2 rounded down
    assert s.reduce(rac, 5, rules.FIRE) == 5
    assert s.reduce(rac, 5, rules.FIRE, extra_prot=(rules.FIRE,)) == 0


def test_dual_wield_types_and_remainder_choice():
    """FAQ (dual wield): two one-handed weapons add their damage, each weapon deals its own type,
    and the attacker selects the type of the remainder."""
    s = arena(G2, {
        "sauth": dict(owner=0, pos=(0, 0), eq=["frost_blade", "ember_dagger", None]),
        "rac": dict(owner=1, pos=(1, 0)),
    }, {0: P0_SET, 1: P1_SET}, ranking=["sauth", "rac"], actor="sauth")
    assert sorted(s.weapons(hero("sauth"))) == sorted([rules.ITEMS.index(x) for x in rules.ITEMS
                                                       if x.key in ("frost_blade", "ember_dagger")])
    attack_with_power(s, "rac", "fiery_purge", "confusion")
    # Fiery Purge 4 vs Confusion 2: hit; Confusion's text (defending) may re-draw the attacker's values
    while s.dec[0] == "yn" and s.dec[2] == "confusion_def":
        act(s, "num", 0)
    assert s.dec[0] == "dtype"
    opts = s.remainder_types(s.cb["du"])
    assert opts == sorted({rules.FIRE, rules.ICE})
    act(s, "num", opts.index(rules.ICE))
    # 2 Ice remainder + 2 Ice (Frost Blade) + 1 Fire (Ember Dagger) = 5, no armor
    assert s.hp[hero("rac")] == 4


def test_area_attack_needs_a_different_power_per_defender_and_recycle_faq():
    """TH § Area Attacks and FAQ: each targeted hero defends with a different Power; when the last
    two cards land in the discard together, five return to the hand and the last one stays."""
    s = arena(G2, {
        "rochon": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 1, 0]),
        "rac": dict(owner=1, pos=(1, 0)),
        "raug": dict(owner=1, pos=(-1, 0)),
    }, {0: P0_SET, 1: ["oppress", "frigid_night"]}, ranking=["rochon", "rac", "raug"], actor="rochon",
        discards={1: ["poison", "vortex", "confusion", "lifeswap"]})
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)                     # Corona hits both adjacent enemies
    act(s, "card", card("nova"))          # 3 + 1 = 4 attack
    first, second = s.cb["targets"]
    assert s.dec[0] == "commit" and s.dec[2] == first
    act(s, "card", card("frigid_night"))
    assert s.dec[0] == "commit" and s.dec[2] == second
    assert rules.A_CARD + card("frigid_night") not in s.legal_actions()
    act(s, "card", card("oppress"))
    while s.dec is not None and s.dec[0] == "yn" and s.dec[2] == "oppress_def":
        act(s, "num", 0)
    assert sorted(s.disc[1]) == [card("oppress")] or sorted(s.disc[1]) == [card("frigid_night")]
    assert len(s.hand[1]) == 5 and len(s.disc[1]) == 1


def test_push_back_and_follow():
    """TH § Combat Ranges, Melee: a victorious melee attacker may push the enemy one hex back in
    line and then move into the vacated hex."""
    s = duel_state(paladin_eq=("dawnblade", None, None))
    attack_with_power(s, "rac", "fiery_purge", "oppress")
    while s.dec[0] == "yn" and s.dec[2] == "oppress_def":
        act(s, "num", 0)
    assert s.dec[2] == "push"
    act(s, "num", 1)
    act(s, "num", 1)  # follow
    from .builder import hexi
    assert s.pos[hero("rac")] == hexi(2, 0) and s.pos[hero("rochon")] == hexi(1, 0)


def test_tenacity_refuses_the_push():
    """TH § Righteous Powers, Tenacity: a defeated defender may choose not to be pushed back."""
    s = arena(G2, {
        "rac": dict(owner=1, pos=(0, 0), eq=["dawnblade", None, None]),
        "rochon": dict(owner=0, pos=(1, 0)),
    }, {0: P0_SET, 1: P1_SET}, ranking=["rochon", "rac"], actor="rac")
    s.eq[hero("rac")] = [-1, -1, -1]
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rochon"))
    act(s, "card", card("poison"))
    act(s, "card", card("tenacity"))
    assert s.dec[0] == "yn" and s.dec[2] == "tenacity"
    act(s, "num", 1)
    assert s.pos[hero("rochon")] == rules.HEX_INDEX[(1, 0)]
    assert s.token[card("poison")] == hero("rochon")


def test_hidden_commit_not_visible_to_opponent():
    """TH § Attack and Defense: Powers are placed face down; the defender does not see the
    attacker's choice before the reveal (sequential hidden commits)."""
    s = duel_state()
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    o1 = G2.observation(s, 1).copy()
    s2 = s.clone()
    act(s, "card", card("fiery_purge"))
    act(s2, "card", card("tenacity"))
    assert np.array_equal(G2.observation(s, 1), G2.observation(s2, 1))
    assert not np.array_equal(G2.observation(s, 1), o1)  # a card left the hand (pile sizes)
    assert s.render(1) == s2.render(1)


def test_heart_seeker_kills_and_death_removes_the_hero():
    """TH § Appendix (Heart Seeker): a successful attack kills a Hero instead of dealing damage;
    a hero at zero Health leaves the Arena; the last team standing wins (TH § Winning the Game)."""
    s = arena(G2, {
        "edhel": dict(owner=0, arch=0, pos=(0, 0), mana=[0, 0, 1]),
        "rac": dict(owner=1, pos=(3, 0)),
    }, {0: P0_SET, 1: P1_SET}, ranking=["edhel", "rac"], actor="edhel")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "hero", hero("rac"))
    act(s, "card", card("fiery_purge"))   # 4 - 2 = 2
    act(s, "card", card("poison"))        # defense 0
    assert s.hp[hero("rac")] == 0 and s.pos[hero("rac")] == -1
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
