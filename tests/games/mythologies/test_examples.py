"""The rulebook's worked examples, reproduced with the printed numbers
(``003_4f78a05115d81413.txt``, cited MY § Section)."""

from mythenv.games.mythologies.rules import OFF

from .helpers import SLOT, A, names, new, placement, play, put, to_discard


def test_example_1_centaur_terrestrial_gain_and_column_completion():
    """MY § Worked Examples, Example 1: a Centaur in the terrestrial plane gains 1 Gem; it completes
    a column, so the column's Favor token is collected; then its placement effect applies."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c2", "Ushabti")
    put(s, 0, "a2", "Ushabti")
    placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Centaur")
    s.apply_action(A("slot", "t2"))
    assert s.gem[0] == 1 and s.fav[0] == 1          # 1 Gem of invocation + the column's Favor
    assert s.comp[0][3 + 1] == 0 and s.comp[0][1] == 1  # column 2 token gone, terrestrial still there
    # ... then its placement effect: move the Centaur orthogonally
    assert set(s.legal_actions()) == {A("slot", x) for x in ("c2", "t1", "t3", "a2")}


def test_example_1_variant_plane_also_completed():
    """MY § Worked Examples, Example 1: had it also completed the terrestrial plane, the Gem token
    of that plane would have been collected too."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    for sl in ("c2", "a2", "t1", "t3"):
        put(s, 0, sl, "Ushabti" if sl in ("c2", "a2") else "Scarab")
    placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Centaur")
    s.apply_action(A("slot", "t2"))
    assert s.gem[0] == 2 and s.fav[0] == 1


def test_centaur_gains_per_plane():
    """MY § Worked Examples, Example 1: 1 Favor celestial, 1 Gem terrestrial, nothing abyssal."""
    for slot, fav, gem in (("c1", 1, 0), ("t1", 0, 1), ("a1", 0, 0)):
        s = new(("greek", "egyptian", "chinese", "hindu"))
        placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 0])
        play(s, "Centaur")
        s.apply_action(A("slot", slot))
        assert (s.fav[0], s.gem[0]) == (fav, gem)


def test_example_2_nuwa_crushes_benou():
    """MY § Worked Examples, Example 2: Nuwa (4 Gems) crushes a Bénou; the Bénou's effect triggers
    first (call a card from a discard pile), then Nuwa's 1 Favor of invocation, no completion gain,
    then each neighbour gives 1 Gem per Creature or sacrifices it."""
    s = new(("egyptian", "hindu", "chinese", "greek"), n=3)
    put(s, 0, "c1", "Bénou")
    put(s, 0, "c2", "Asura")
    put(s, 1, "t1", "Vanara")
    put(s, 1, "t2", "Ushabti")
    put(s, 2, "a3", "Minotaur")
    called = to_discard(s, 1, "Ushabti")
    placement(s, 0, hand=["Nuwa"], favors=[0, 0, 0], gems=[5, 1, 3])
    play(s, "Nuwa")
    s.apply_action(A("slot", "c1"))
    assert s.gem[0] == 1                              # 4 Gems paid
    # the Bénou reacts: call a Creature / Deity from a discard pile (optional)
    assert OFF["card"] + called in s.legal_actions() and OFF["stop"] in s.legal_actions()
    s.apply_action(OFF["card"] + called)
    s.apply_action(A("slot", "a1"))                   # the called card: no invocation gain
    assert names(s, 0)[SLOT["a1"]] == "Ushabti"
    assert (s.fav[0], s.gem[0]) == (1, 1)             # then Nuwa's invocation gain: 1 Favor, no completion
    # Nuwa: neighbours (seat 2 then seat 1) give 1 Gem per Creature or sacrifice it
    assert s.current_player() == 2
    s.apply_action(OFF["opt"] + 0)                    # seat 2 gives 1 Gem for its Minotaur
    assert s.current_player() == 1
    s.apply_action(OFF["opt"] + 0)                    # seat 1 gives its only Gem for the Vanara
    # ... and must sacrifice the Ushabti (no Gem left)
    assert names(s, 1)[SLOT["t2"]] is None and s.disc[1] and s.gem[0] == 3
    assert names(s, 1)[SLOT["t1"]] == "Vanara" and names(s, 2)[SLOT["a3"]] == "Minotaur"


def test_example_3_troll_unwabu_mogwai():
    """MY § Worked Examples, Example 3: Maxime pays Mickaël's Troll 1 Favor to invoke an Unwabu on
    that slot, gains 1 Favor of invocation and the terrestrial plane's 1 Gem; Mickaël's Mogwai on his
    terrestrial plane gains him 1 more Gem."""
    s = new(("zulu", "norse", "chinese", "greek"))
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t3", "Minotaur")
    put(s, 1, "t2", "Troll")
    put(s, 1, "t1", "Mogwai")
    placement(s, 0, hand=["Unwabu"], favors=[1, 0], gems=[0, 0])
    play(s, "Unwabu")
    s.apply_action(A("slot", "t2"))
    assert (s.fav[0], s.gem[0]) == (1, 1)      # -1 Favor to the Troll, +1 Favor invocation, +1 Gem plane
    assert (s.fav[1], s.gem[1]) == (1, 1)      # the Troll's Favor, the Mogwai's Gem


def test_troll_blocks_without_a_favor():
    """MY § Card Effects (Troll): without a Favor to pay, the Troll's slot cannot be invoked on."""
    s = new(("zulu", "norse", "chinese", "greek"))
    put(s, 1, "t2", "Troll")
    placement(s, 0, hand=["Unwabu"], favors=[0, 0], gems=[0, 0])
    play(s, "Unwabu")
    assert A("slot", "t2") not in s.legal_actions() and A("slot", "t1") in s.legal_actions()


def test_trial_example_troll_and_naga():
    """MY § Trials, example: '3 Gems of invocation' + 'in your terrestrial plane' = 2 + 2 Favors; a
    Troll (1) and a Nâga (2) in the terrestrial plane fulfil it at the end of the round-3 turn."""
    s = new(("greek", "egyptian", "norse", "hindu"))
    assert s.trial_favors(0) == 4
    placement(s, 0, hand=["Troll", "Nâga"], round_=3, favors=[0, 0], gems=[0, 0])
    play(s, "Nâga")
    s.apply_action(A("slot", "t2"))
    play(s, "Troll")
    s.apply_action(A("slot", "t1"))
    assert s.gem[0] == 3 and s.fav[0] == 4 and s.trials[0] == [1, 0]
