"""Card effects and glossary rulings, Greek / Norse / Egyptian / Hindu
(``003_4f78a05115d81413.txt``, cited MY § Section)."""

import numpy as np

from mythenv.games.mythologies.rules import OFF, card_name

from .helpers import SLOT, A, names, new, placement, play, put, sanct_put, to_discard

GENH = ("greek", "egyptian", "norse", "hindu")


def fg(s, p):
    return s.fav[p], s.gem[p]


def test_zeus_each_opponent_gives_one_gem():
    """Designed Zeus (MY § About the Theme: Greek): each opponent gives you 1 Gem, if they have one."""
    s = new(("greek", "egyptian", "chinese", "hindu"), n=3)
    placement(s, 0, hand=["Zeus"], round_=2, favors=[0, 0, 0], gems=[4, 2, 0])
    play(s, "Zeus")
    s.apply_action(A("slot", "a1"))               # abyssal: 2 Gems of invocation
    assert s.gem == [0 + 2 + 1, 1, 0]


def test_poseidon_includes_itself():
    """MY § Card Glossary 002 - Poseidon: the effect also applies to Poseidon."""
    s = new(GENH)
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    placement(s, 0, hand=["Poseidon"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Poseidon")
    s.apply_action(A("slot", "c3"))
    # invocation 1F1G + plane token 1G, then Minotaur 1F + Centaur 1F + Poseidon 1F1G
    assert fg(s, 0) == (1 + 3, 1 + 1 + 1)


def test_athena_moves_stacks_onto_one_slot_in_chosen_order():
    """MY § Card Glossary 003 - Athena: several stacks onto the same slot, in the order of your
    choice; her own stack may move."""
    s = new(GENH)
    put(s, 0, "c1", "Minotaur", "Centaur")
    a1 = put(s, 0, "a1", "Gorgon")
    placement(s, 0, hand=["Athena"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Athena")
    s.apply_action(A("slot", "c3"))
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "t2"))
    assert [card_name(c) for c in s.pan[0][SLOT["t2"]]] == ["Gorgon", "Minotaur", "Centaur"]
    assert not s.pan[0][SLOT["c1"]] and not s.pan[0][SLOT["a1"]] and a1 in s.pan[0][SLOT["t2"]]


def test_naga_blocks_adjacent_stacks():
    """MY § Card Glossary 036 - Nâga: also blocks the movement of adjacent stacks (Athena)."""
    s = new(GENH)
    put(s, 0, "c1", "Minotaur", "Centaur")
    put(s, 0, "t1", "Nâga")
    put(s, 0, "a3", "Gorgon")
    placement(s, 0, hand=["Athena"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Athena")
    s.apply_action(A("slot", "c3"))
    la = s.legal_actions()
    assert A("slot", "c1") not in la and A("slot", "a3") in la and A("slot", "t1") in la


def test_hades_steals_opponents_completion_gains():
    """MY § Card Glossary 004 - Hades: opponents do not obtain completion gains; you obtain theirs."""
    s = new(GENH)
    put(s, 1, "c1", "Hades")
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Minotaur")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "c3"))
    assert fg(s, 0) == (1, 0) and fg(s, 1) == (0, 1) and s.comp[0][0] == 0


def test_ra_steals_completion_gains():
    """MY § Card Glossary 021 - Râ: same ruling as Hades."""
    s = new(GENH)
    put(s, 1, "t3", "Râ")
    put(s, 0, "a1", "Minotaur")
    put(s, 0, "a2", "Minotaur")
    placement(s, 0, hand=["Gorgon"], favors=[0, 0], gems=[0, 0])
    play(s, "Gorgon")
    s.apply_action(A("slot", "a3"))
    assert s.gem == [1, 1]          # Gorgon's own abyssal Gem; the plane's Gem went to Râ's owner


def test_hades_moves_two_creatures_simultaneously():
    """MY § Card Glossary 004 / 052: Hades moves several cards simultaneously (a swap is possible)."""
    s = new(GENH)
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    placement(s, 0, hand=["Hades"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Hades")
    s.apply_action(A("slot", "a1"))
    do = s.apply_action
    for slot in ("c1", "c2", "c2", "c1"):
        do(A("slot", slot))
    assert names(s, 0)[0] == "Centaur" and names(s, 0)[1] == "Minotaur"
    assert [len(x) for x in s.pan[0][:2]] == [1, 1]     # simultaneous: nothing was crushed


def test_minotaur_moves_horizontally():
    """MY § Card Glossary 005 - Minotaur: horizontally = any other slot of the same plane."""
    s = new(GENH)
    put(s, 0, "t1", "Centaur")
    placement(s, 0, hand=["Minotaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Minotaur")
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "t1"))
    assert set(s.legal_actions()) == {A("slot", "t2"), A("slot", "t3")}
    s.apply_action(A("slot", "t3"))
    assert names(s, 0)[SLOT["t3"]] == "Centaur" and s.gem[0] == 1


def test_centaur_opponents_sacrifice_even_if_you_cannot():
    """MY § Card Glossary 006 - Centaur: orthogonal move; with no other Creature to sacrifice on the
    new plane, opponents must still sacrifice a Creature on that plane if they can."""
    s = new(GENH)
    put(s, 1, "t2", "Minotaur")
    put(s, 1, "c2", "Gorgon")
    placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Centaur")
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "t1"))                  # move down to the terrestrial plane
    assert names(s, 0)[SLOT["t1"]] == "Centaur"
    assert names(s, 1)[SLOT["t2"]] is None and names(s, 1)[SLOT["c2"]] == "Gorgon"


def test_gorgon_sacrifices_below_or_gains_nothing():
    """MY § Cost of Cards (Gorgon): it must sacrifice the card below to gain 2 Gems; with nothing
    below, no Gems (MY § Card Glossary 007)."""
    s = new(GENH)
    put(s, 0, "t1", "Zeus")
    placement(s, 0, hand=["Gorgon", "Gorgon"], favors=[0, 0], gems=[0, 0])
    play(s, "Gorgon")
    s.apply_action(A("slot", "c1"))
    assert names(s, 0)[SLOT["t1"]] is None and s.gem[0] == 2     # a Deity is sacrificeable too
    play(s, "Gorgon")
    s.apply_action(A("slot", "c3"))
    assert s.gem[0] == 2


def test_cyclops_pay_with_completion_gem_own_turn_only():
    """MY § Card Glossary 008 - Cyclops: completing its plane or column, pay 1 Gem (the completion
    Gem may pay it); not when the completion happens during an opponent's turn."""
    s = new(GENH)
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t3", "Minotaur")
    placement(s, 0, hand=["Cyclops"], favors=[0, 0], gems=[0, 0])
    play(s, "Cyclops")
    s.apply_action(A("slot", "t2"))                 # 2 Gems terrestrial + 1 plane Gem
    assert s.legal_actions() == sorted([OFF["opt"], OFF["stop"]])
    s.apply_action(OFF["opt"])
    assert fg(s, 0) == (2, 2)


def test_cyclops_not_during_opponents_turn():
    """MY § Card Glossary 008: completion caused during an opponent's turn (Tianlong's mirror) gives
    no Cyclops effect."""
    s = new(("greek", "chinese", "norse", "hindu"))
    put(s, 1, "t1", "Cyclops")
    put(s, 1, "t2", "Minotaur")
    put(s, 1, "c3", "Minotaur")
    put(s, 0, "c3", "Minotaur")
    placement(s, 0, hand=["Tianlong"], favors=[0, 0], gems=[1, 0])
    play(s, "Tianlong")
    s.apply_action(A("slot", "a1"))
    s.apply_action(OFF["opt"])                      # pay 1 Gem
    s.apply_action(A("slot", "c3"))
    s.apply_action(A("slot", "t3"))                 # seat 1 mirrors: completes its terrestrial plane
    assert names(s, 1)[SLOT["t3"]] == "Minotaur"
    assert s.fav[1] == 0 and s.gem[1] == 1          # the plane's Gem, but no Cyclops Favors


def test_griffin_once_per_turn_one_gem_no_retrigger():
    """MY § Card Effects (Griffin): optional, once per turn, 1 Gem each time; a moved card does not
    trigger its download effect again (MY § Card Effects)."""
    s = new(GENH)
    put(s, 0, "c1", "Griffin")
    put(s, 0, "t2", "Asura")
    placement(s, 0, hand=["Minotaur"], favors=[0, 0], gems=[2, 0])
    assert A("activate", "c1") in s.legal_actions()
    s.apply_action(A("activate", "c1"))
    assert s.gem[0] == 1
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("slot", "a3"))                 # may change column
    assert names(s, 0)[SLOT["a3"]] == "Asura" and s.gem[0] == 1
    assert A("activate", "c1") not in s.legal_actions()


def test_chimera_invoked_creature_crushes_it():
    """MY § Card Glossary 010 - Chimera: the invoked Creature is required to crush the Chimera."""
    s = new(GENH)
    sanct_put(s, 1, 0, "Scarab")
    placement(s, 0, hand=["Chimera"], favors=[0, 0], gems=[0, 0])
    play(s, "Chimera")
    s.apply_action(A("slot", "t2"))
    s.apply_action(OFF["sanct"] + 4)
    assert [card_name(c) for c in s.pan[0][SLOT["t2"]]] == ["Chimera", "Scarab"]
    assert fg(s, 0) == (0, 1 + 1)                  # Chimera 1G, Scarab 1G (terrestrial)


def test_thor_rulings():
    """MY § Card Glossary 012 - Thor: each opponent chooses; forced when only one is possible; with
    only 1 Favor and a Deity they must sacrifice the Deity; with 1 Favor and no Deity they give it."""
    s = new(GENH, n=4)
    put(s, 1, "c1", "Zeus")
    put(s, 2, "c1", "Athena")
    placement(s, 0, hand=["Thor"], round_=2, favors=[0, 3, 1, 1], gems=[4, 0, 0, 0])
    play(s, "Thor")
    s.apply_action(A("slot", "a1"))
    assert s.current_player() == 1 and s.legal_actions() == [OFF["opt"], OFF["opt"] + 1]
    s.apply_action(OFF["opt"])                     # seat 1 gives 2 Favors
    # seat 2 (1 Favor, a Deity) sacrificed Athena; seat 3 (1 Favor, no Deity) gave it
    assert s.fav == [1 + 2 + 1, 1, 1, 0]
    assert names(s, 2)[0] is None and names(s, 1)[0] == "Zeus"


def test_draugr_rulings():
    """MY § Card Glossary 015 - Draugr: a protected Creature (Morrigan) cannot be sacrificed; fewer
    than 2 Gems forces a sacrifice; no Gems and nothing sacrificeable: give 1 Gem if any."""
    s = new(("norse", "celtic", "greek", "hindu"), n=4)
    put(s, 1, "c1", "Morrigan")
    put(s, 1, "c2", "Minotaur")                    # protected by Morrigan
    put(s, 2, "t1", "Minotaur")
    placement(s, 0, hand=["Draugr"], favors=[0, 0, 0, 0], gems=[0, 5, 1, 1])
    play(s, "Draugr")
    s.apply_action(A("slot", "t1"))
    # seat 1: its Creature is protected -> gives 2 Gems; seat 2: 1 Gem -> sacrifices;
    # seat 3: 1 Gem, no Creature -> gives its 1 Gem
    assert s.gem == [1 + 2 + 1, 3, 1, 0]
    assert names(s, 2)[SLOT["t1"]] is None and names(s, 1)[SLOT["c2"]] == "Minotaur"


def test_fenrir_takes_what_is_left():
    """MY § Card Glossary 019 - Fenrir: an opponent with only 1 Gem or 1 Favor loses it anyway."""
    s = new(GENH, n=3)
    placement(s, 0, hand=["Fenrir"], favors=[0, 1, 5], gems=[0, 1, 5])
    play(s, "Fenrir")
    s.apply_action(A("slot", "a1"))
    assert s.fav == [0, 0, 3] and s.gem == [1, 0, 3]


def test_alf_from_a_corner_reaches_the_opposite_corner():
    """MY § Card Glossary 020 - Alf; MY § Lexicon: Diagonal (the card's diagonal)."""
    s = new(GENH)
    put(s, 0, "t2", "Minotaur")
    placement(s, 0, hand=["Alf"], favors=[0, 0], gems=[0, 0])
    play(s, "Alf")
    s.apply_action(A("slot", "c1"))                 # only one Creature, only one target: forced
    assert names(s, 0)[SLOT["a3"]] == "Minotaur"


def test_loki_face_down_sanctuary_seen_by_owner_only():
    """MY § Card Glossary 013 - Loki: the sanctuary is completed with face-down cards at once; the
    owner looks at them, others do not; later refills are face up."""
    s = new(("norse", "egyptian", "greek", "hindu"))
    s.disc[1].append(s.sanct[0])
    s.sanct[0] = -1
    placement(s, 0, hand=["Loki"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Loki")
    s.apply_action(A("slot", "c1"))
    c = s.sanct[0]
    assert c >= 0 and not s.faceup[0] and s.known[c] == 1
    assert card_name(c) in s.render(0).split("\n  Egyptian board")[0]   # the Norse board, and what is above it
    assert "(face-down)" in s.render(1).split("\n  Egyptian board")[0]
    g = s.game
    r = s.resample_hidden(1, np.random.default_rng(0))
    assert np.array_equal(g.observation(s, 1), g.observation(r, 1))


def test_isis_once_per_turn_and_fenghuang_reaction():
    """MY § Card Glossary 057 - Fenghuang: it is crushed first, then its effect; that triggers Isis
    (designed: 1 Favor, once per turn)."""
    s = new(("egyptian", "chinese", "greek", "hindu"))
    put(s, 0, "c1", "Isis")
    put(s, 0, "t1", "Fenghuang")
    put(s, 0, "t2", "Fenghuang")
    placement(s, 0, hand=["Minotaur", "Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Minotaur")
    s.apply_action(A("slot", "t1"))                  # crush a Fenghuang: +2 (Fenghuang) +1 (Isis)
    f0 = s.fav[0]
    assert f0 == 3
    s.apply_action(A("slot", "t1"))                  # Minotaur moves itself (horizontal) ...
    s.apply_action(A("slot", "t3"))
    play(s, "Scarab")
    s.apply_action(A("slot", "t2"))                  # crush the other: +2, Isis already used
    assert s.fav[0] == f0 + 2


def test_anubis_invokes_two_from_own_discard():
    """MY § Card Glossary 062 (as with Anubis): invocations one after the other, with their gains."""
    s = new(("egyptian", "chinese", "greek", "hindu"))
    a = to_discard(s, 0, "Minotaur")
    b = to_discard(s, 0, "Centaur")
    to_discard(s, 1, "Gorgon")
    placement(s, 0, hand=["Anubis"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Anubis")
    s.apply_action(A("slot", "a2"))
    assert set(s.legal_actions()) == {OFF["card"] + a, OFF["card"] + b}
    s.apply_action(OFF["card"] + b)
    s.apply_action(A("slot", "c1"))                  # Centaur invoked: 1 Favor, then its effect
    s.apply_action(A("slot", "t1"))                  # Centaur moves down
    s.apply_action(A("slot", "c3"))                  # the only card left (Minotaur) is forced
    assert {card_name(c) for _, c in s.visible(0)} == {"Anubis", "Centaur", "Minotaur"}


def test_scarab_replaces_one_of_several_sacrifices():
    """MY § Card Glossary 025 - Scarab: in a simultaneous multiple sacrifice (Fée) the Scarab may be
    sacrificed instead of another Creature."""
    s = new(("celtic", "egyptian", "greek", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    put(s, 0, "a3", "Scarab")
    placement(s, 0, hand=["Fée"], favors=[0, 0], gems=[0, 0])
    play(s, "Fée")
    s.apply_action(A("slot", "t1"))
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "c2"))
    assert A("slot", "c1") in s.legal_actions() and OFF["stop"] in s.legal_actions()
    s.apply_action(A("slot", "c1"))                  # protect the Minotaur
    assert names(s, 0)[0] == "Minotaur" and names(s, 0)[SLOT["a3"]] is None
    assert sorted(card_name(c) for c in s.disc[0]) == ["Centaur", "Scarab"] and s.fav[0] == 3


def test_sphinx_crushes_and_gains_moved_creatures_gain():
    """MY § Card Glossary 027 - Sphinx: the invocation gain is that of the Creature moved."""
    s = new(("egyptian", "chinese", "greek", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "t3", "Centaur")
    placement(s, 0, hand=["Sphinx"], favors=[0, 0], gems=[0, 0])
    play(s, "Sphinx")
    s.apply_action(A("slot", "a1"))                  # nothing
    s.apply_action(A("slot", "c1"))
    assert set(s.legal_actions()) == {A("slot", "t3"), A("slot", "a1")}   # onto a Creature only
    s.apply_action(A("slot", "t3"))
    assert [card_name(c) for c in s.pan[0][SLOT["t3"]]] == ["Centaur", "Minotaur"]
    assert fg(s, 0) == (0, 1)                        # Minotaur's terrestrial gain: 1 Gem


def test_cobra_same_mythology_as_the_sacrificed_card():
    """MY § Card Glossary 028 - Cobra: the mythology of the sacrificed card, not the Cobra's."""
    s = new(("egyptian", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Qilin")
    sanct_put(s, 2, 1, "Mogwai")
    placement(s, 0, hand=["Cobra"], favors=[0, 0], gems=[0, 0])
    play(s, "Cobra")
    s.apply_action(A("slot", "t1"))
    legal = s.legal_actions()
    assert all(a in range(OFF["sanct"] + 8, OFF["sanct"] + 12) for a in legal)   # Chinese board only
    s.apply_action(OFF["sanct"] + 9)
    s.apply_action(A("slot", "c2"))
    assert names(s, 0)[SLOT["c2"]] == "Mogwai" and [card_name(c) for c in s.disc[0]] == ["Qilin"]


def test_vishnu_gains_a_sanctuary_deitys_gain_for_its_plane():
    """MY § Card Glossary 032 - Vishnu."""
    s = new(("hindu", "greek", "chinese", "egyptian"))
    sanct_put(s, 1, 3, "Hades")                       # abyssal 3G, terrestrial 1F1G
    placement(s, 0, hand=["Vishnu"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Vishnu")
    s.apply_action(A("slot", "t1"))                   # 1F1G + Hades' terrestrial 1F1G
    assert fg(s, 0) == (2, 2)


def test_asura_counts_destined_board():
    """MY § Card Glossary 035 - Asura: the board of the last Destiny card; up to 4 Gems."""
    s = new(("hindu", "greek", "chinese", "egyptian"))
    sanct_put(s, 2, 3, "Nuwa")
    s.dest_board = [2, 3]
    placement(s, 0, hand=["Asura"], favors=[0, 0], gems=[0, 0])
    play(s, "Asura")
    s.apply_action(A("slot", "a1"))
    assert s.gem[0] == 4


def test_rakshasa_several_times_per_turn_call_without_gain():
    """MY § Card Glossary 037 - Râkshasa: several times in the same turn; a call grants no gain."""
    s = new(("hindu", "greek", "chinese", "egyptian"))
    put(s, 0, "a1", "Râkshasa")
    sanct_put(s, 3, 0, "Ushabti")
    sanct_put(s, 3, 1, "Ushabti")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[4, 0])
    for k in range(2):
        s.apply_action(A("activate", "a1"))
        s.apply_action(OFF["sanct"] + 12 + k)
        s.apply_action(A("slot", "c1") + k)
    assert fg(s, 0) == (0, 0) and names(s, 0)[:2] == ["Ushabti", "Ushabti"]
    assert A("activate", "a1") not in s.legal_actions()


def test_garuda_sacrifices_on_the_chosen_plane():
    """MY § Card Glossary 038 - Garuda: the chosen plane is the one sacrificed from."""
    s = new(("hindu", "greek", "chinese", "egyptian"))
    put(s, 0, "a1", "Minotaur")
    put(s, 0, "a2", "Centaur")
    put(s, 0, "t1", "Gorgon")
    placement(s, 0, hand=["Garuda"], favors=[0, 0], gems=[0, 0])
    play(s, "Garuda")
    s.apply_action(A("slot", "c1"))
    s.apply_action(OFF["opt"] + 2)                    # abyssal
    assert set(s.legal_actions()) == {A("slot", "a1"), A("slot", "a2"), OFF["stop"]}
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "a2"))
    assert s.gem[0] == 4 and names(s, 0)[SLOT["t1"]] == "Gorgon"


def test_vetala_moves_the_same_card_twice():
    """MY § Card Glossary 039 - Vetâla: the same card may move several times, in the chosen order."""
    s = new(("hindu", "greek", "chinese", "egyptian"))
    put(s, 0, "c1", "Minotaur")
    placement(s, 0, hand=["Vetâla"], favors=[0, 0], gems=[0, 0])
    play(s, "Vetâla")
    s.apply_action(A("slot", "a3"))
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("slot", "a1"))
    assert names(s, 0)[SLOT["a1"]] == "Minotaur"


def test_sphinx_order_with_crushed_benou():
    """MY § Card Glossary 027 - Sphinx: when the crushed card triggers an 'if crushed' effect, the
    player chooses the order of that effect and the Sphinx's gain."""
    s = new(("egyptian", "chinese", "greek", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "t3", "Bénou")
    to_discard(s, 1, "Gorgon")
    placement(s, 0, hand=["Sphinx"], favors=[0, 0], gems=[0, 0])
    play(s, "Sphinx")
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "t3"))
    assert s.legal_actions() == [OFF["opt"], OFF["opt"] + 1]
    s.apply_action(OFF["opt"] + 0)                   # the Sphinx's gain first
    assert s.gem[0] == 1
    assert OFF["stop"] in s.legal_actions()          # then the Bénou may call
