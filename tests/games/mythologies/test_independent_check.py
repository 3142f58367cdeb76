"""Mythologies, checked from the rulebook alone (MY = 003_4f78a05115d81413.txt): completion inside crush
reactions, Mogwai, Cyclops, Caiman and Cobra.

Each expectation below was written from the rulebook text before looking at the rules code: a
placement completes the lines it fills itself ("Complete: Add a card to the last empty slot of a
plane and/or a column ... If a player crushes a card in a plane/column, they do not re-complete the
plane/column"), each completion gain is collected once ("They are never put back in the Pantheon
and can therefore each only be collected once"), and the Mogwai answers every completion of its
plane or column ("The effect triggers even when a player completes a column or a plane for which
they had already obtained the completion gain").
"""

import numpy as np

from mythenv.games.mythologies.cards import MYTHS
from mythenv.games.mythologies.rules import MYTH_OF, OFF, PLACE
from tests.conformance.helpers import synced_resample

from .helpers import SLOT, A, names, new, placement, play, put, sanct_put, to_discard

CELESTIAL, TERRESTRIAL, ABYSSAL, COL1, COL2, COL3 = range(6)


def test_benou_call_completes_a_plane_and_a_column_once_each():
    """MY § Lexicon: Complete and Completion gains (as above); MY § Worked Examples, Example 2 (the
    Bénou's call resolves when it is crushed, before the crushing card's invocation gain); MY §
    Lexicon: Call ('A called card grants no invocation gain'). Seat 0: Bénou at c1 and a card at c2;
    c3 empty, t3 and a3 filled. A Scarab invoked on c1 crushes the Bénou (completing nothing), the
    Bénou calls a Scarab from seat 1's discard pile to c3: that one card completes the celestial
    plane (1 Gem) and the right column (1 Favor), once each. The Scarab invoked in the celestial plane
    gives its 1 Favor. Seat 1's Mogwai on its c3 (celestial plane, right column) gains 1 Gem per line
    completed: 2."""
    s = new(("egyptian", "chinese", "hindu", "greek"))
    put(s, 0, "c1", "Bénou")
    put(s, 0, "c2", "Asura")
    put(s, 0, "t3", "Râkshasa")
    put(s, 0, "a3", "Vetâla")
    put(s, 1, "c3", "Mogwai")
    called = to_discard(s, 1, "Scarab")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "c1"))                 # crushes the Bénou
    assert s.current_player() == 0
    s.apply_action(OFF["card"] + called)            # the Bénou calls the discarded Scarab ...
    s.apply_action(A("slot", "c3"))                 # ... onto the last empty slot of both lines
    assert names(s, 0)[0] == "Scarab" and names(s, 0)[2] == "Scarab"
    assert s.comp[0][CELESTIAL] == 0 and s.comp[0][COL3] == 0
    assert s.gem[0] == 1 and s.fav[0] == 1 + 1
    assert s.gem[1] == 2
    s.check_invariants()


def test_impundulu_invoke_completes_a_plane_and_a_column_once_each():
    """MY § Lexicon: Complete (as above); MY § Card Glossary 068 (Impundulu) and 050 ('If the Ukuku
    completes its own plane, its effect activates'). Seat 0: Ukuku at t1, Condor at t2, c3 and a3
    filled. The Impundulu crushes the Condor and invokes a Scarab onto t3, which completes the
    terrestrial plane and the right column, once each: Scarab's terrestrial 1 Gem + the plane's 1 Gem
    + Ukuku's 2 Gems + the Impundulu's terrestrial 1 Gem = 5 Gems, the column's 1 Favor. Seat 1's
    Mogwai on its t3 gains 2 Gems (two lines), not more."""
    s = new(("zulu", "egyptian", "inca", "chinese"))
    put(s, 0, "t1", "Ukuku")
    put(s, 0, "t2", "Condor")
    put(s, 0, "c3", "Caiman")
    put(s, 0, "a3", "Qilin")
    put(s, 1, "t3", "Mogwai")
    sanct_put(s, 1, 0, "Scarab")
    placement(s, 0, hand=["Impundulu"], favors=[0, 0], gems=[0, 0])
    play(s, "Impundulu")
    s.apply_action(A("slot", "t2"))
    s.apply_action(OFF["sanct"] + 4 * 1 + 0)
    s.apply_action(A("slot", "t3"))
    assert names(s, 0)[3:6] == ["Ukuku", "Impundulu", "Scarab"]
    assert s.gem[0] == 5 and s.fav[0] == 1
    assert s.comp[0][TERRESTRIAL] == 0 and s.comp[0][COL3] == 0
    assert s.gem[1] == 2
    s.check_invariants()


def test_a_column_completed_again_after_its_slot_empties_pays_the_mogwai_not_the_token():
    """MY § Lexicon: Complete: 'If the slot becomes empty again, the player may complete the
    plane/column again'; Completion gains: 'can therefore each only be collected once'; MY § Card
    Glossary 058 (Mogwai, as above). Seat 0's Gorgon completes the left column (1 Favor), then
    sacrifices the card below it (2 Gems: MY § Cost of Cards, Gorgon); its Scarab fills that slot
    again: the column is completed a second time, seat 1's Mogwai (on its a1) gains again, and seat 0
    gets no second Favor."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "a1", "Centaur")
    put(s, 1, "a1", "Mogwai")
    placement(s, 0, hand=["Gorgon", "Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Gorgon")
    s.apply_action(A("slot", "c1"))
    # the column's Favor, the Gorgon's celestial 1 Favor, 2 Gems for the sacrifice below
    assert s.fav[0] == 2 and s.gem[0] == 2 and s.gem[1] == 1
    assert not s.pan[0][SLOT["t1"]]
    play(s, "Scarab")
    s.apply_action(A("slot", "t1"))
    assert s.comp[0][COL1] == 0
    assert s.fav[0] == 2 and s.gem[0] == 2 + 1       # no second column Favor; Scarab's terrestrial Gem
    assert s.gem[1] == 2
    s.check_invariants()


def test_mogwai_ignores_its_owners_own_completions():
    """MY § Worked Examples, Example 3: 'since Maxime completed Mickaël's terrestrial plane, Mickaël
    gains 1 more Gem' (the Mogwai answers an opponent's completion; designed card text: 'when an
    opponent completes'). Seat 0 completing its own terrestrial plane where its own Mogwai stands
    gives the Mogwai nothing; only the plane's Gem and the invocation gain."""
    s = new(("greek", "chinese", "egyptian", "hindu"))
    put(s, 0, "t1", "Mogwai")
    put(s, 0, "t2", "Minotaur")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "t3"))
    assert s.gem[0] == 1 + 1 and s.fav[0] == 0


def test_caiman_chooses_only_visible_mythologies():
    """MY § Card Glossary 047 - Caiman: 'You cannot choose a mythology that is not present in your
    Pantheon'; MY § Card Effects: 'A discarded (sacrificed) or covered (crushed) card is ignored from
    every point of view'. A Greek Minotaur crushed under an Egyptian Scarab is not present: the
    Caiman offers Inca (itself) and Egyptian only, and Egyptian counts the one visible Scarab."""
    s = new(("inca", "egyptian", "greek", "hindu"))
    put(s, 0, "c1", "Minotaur", "Scarab")
    placement(s, 0, hand=["Caiman"], favors=[0, 0], gems=[0, 0])
    play(s, "Caiman")
    s.apply_action(A("slot", "t2"))                  # 1 Gem of invocation
    assert set(s.legal_actions()) == {OFF["opt"] + MYTHS.index(m) for m in ("inca", "egyptian")}
    s.apply_action(OFF["opt"] + MYTHS.index("egyptian"))
    assert s.gem[0] == 1 + 1


def test_cobra_offers_the_sacrificed_cards_board_face_up_and_face_down_not_its_own():
    """MY § Card Glossary 028 - Cobra: 'The same mythology as that of the sacrificed card, not that of
    the Cobra'; 013 - Loki: 'Face-down cards are always considered Creatures or Deities'. Each
    Mythology board is refilled from its own piles (MY § C - Upkeep), so the face-down cards of the
    Greek board are Greek. Seat 0 sacrifices its Greek Minotaur (not its Egyptian Ushabti): the three
    Creatures of the Greek board are offered, face-up and face-down, and none of the Egyptian board."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Ushabti")
    for pos in (0, 2):                               # a Loki of seat 1 laid these face down
        c = s.sanct[pos]
        s.piles[0].append(c)
        s.sanct[pos] = -1
        s._refill(0, pos, faceup=False, seer=1 << 1)
    placement(s, 0, hand=["Cobra"], favors=[0, 0], gems=[0, 0])
    play(s, "Cobra")
    s.apply_action(A("slot", "t1"))
    # the sacrifice is the Cobra's cost: seat 0 picks the Creature
    assert s.current_player() == 0
    assert set(s.legal_actions()) == {A("slot", "c1"), A("slot", "c2")}
    minotaur = s.pan[0][SLOT["c1"]][-1]
    s.apply_action(A("slot", "c1"))
    assert minotaur in s.disc[0]
    assert set(s.legal_actions()) == {OFF["sanct"] + pos for pos in (0, 1, 2)}
    s.apply_action(OFF["sanct"] + 2)                 # a face-down Greek card
    s.apply_action(A("slot", "t2"))
    c = s.pan[0][SLOT["t2"]][-1]
    assert MYTH_OF[c] == MYTHS.index("greek") and s.known[c] == s.all
    s.check_invariants()


def test_cyclops_completing_its_own_plane_and_column_is_offered_per_line():
    """MY § Card Glossary 008 - Cyclops: 'If it completes its own plane or column, you may also use
    its effect by paying 1 Gem. You may use the completion Gem to pay for its effect.' MY § B -
    Placement Phase, Completion rule: 'if a plane and/or a column is complete, immediately collect
    the completion gain for that plane and/or that column' (step 3, before the invocation gain of step
    4). The Cyclops itself fills the last slot of its plane and of its column: two completions (the
    documented reading, as for the Mogwai), so its effect is offered once per line, and the plane's
    Gem pays the first one: 1 Gem (plane) + 1 Favor (column), 2 x (-1 Gem, +2 Favors), then its
    terrestrial 2 Gems."""
    s = new(("greek", "chinese", "egyptian", "hindu"))
    for sl, nm in (("t1", "Minotaur"), ("t3", "Minotaur"), ("c2", "Centaur"), ("a2", "Centaur")):
        put(s, 0, sl, nm)
    placement(s, 0, hand=["Cyclops"], favors=[0, 0], gems=[1, 0])
    play(s, "Cyclops")
    s.apply_action(A("slot", "t2"))
    assert s.gem[0] == 2 and s.fav[0] == 1
    # two triggered effects of one seat: it picks their order (MY § Card Glossary 027 / 068 reading)
    assert sorted(s.legal_actions()) == [OFF["opt"], OFF["opt"] + 1]
    s.apply_action(OFF["opt"])
    for _ in range(2):
        assert sorted(s.legal_actions()) == sorted([OFF["opt"], OFF["stop"]])
        s.apply_action(OFF["opt"])                   # pay 1 Gem, gain 2 Favors
    assert s.fav[0] == 1 + 2 * 2 and s.gem[0] == 2 - 2 + 2
    s.check_invariants()


def test_cyclops_not_offered_for_a_completion_during_an_opponents_turn():
    """MY § Card Glossary 008 - Cyclops: 'If you complete its plane or column because of a card played
    during an opponent's turn, you may not use the Cyclops's effect'; 055 - Tianlong: 'This move is
    then made identically by the opponents (same starting slot and same destination slot)'. Seat 0's
    Tianlong moves a3 -> c3 in both Pantheons: seat 1's celestial plane (Cyclops, Minotaur, and now
    the Centaur) is completed during seat 0's turn, so seat 1 takes the plane's Gem but is not
    offered the Cyclops."""
    s = new(("greek", "chinese", "egyptian", "hindu"))
    put(s, 1, "c1", "Cyclops")
    put(s, 1, "c2", "Minotaur")
    put(s, 1, "a3", "Centaur")
    put(s, 0, "a3", "Centaur")
    placement(s, 0, hand=["Tianlong"], favors=[0, 0], gems=[5, 5])
    play(s, "Tianlong")
    s.apply_action(A("slot", "t1"))                  # its terrestrial 1 Gem
    s.apply_action(OFF["opt"])                       # pay 1 Gem to move
    s.apply_action(A("slot", "a3"))
    s.apply_action(A("slot", "c3"))
    assert names(s, 1)[:3] == ["Cyclops", "Minotaur", "Centaur"]
    assert s.comp[1][CELESTIAL] == 0 and s.gem[1] == 5 + 1 and s.fav[1] == 0
    assert s.hand[0] == [] and s.gem[0] == 5
    # no decision was asked of seat 1 for its Cyclops: the placement phase is over
    assert s.phase != PLACE


def test_cobra_over_face_down_cards_asks_the_same_in_a_world_resampled_from_the_mover():
    """Whose turn it is is public (MY § B - Placement Phase: each player plays their cards in turn
    order); MY § Card Glossary 013 - Loki: only Loki's owner looks at the face-down cards. From seat
    0's view (not Loki's owner) the face-down Greek cards could be any Greek Creatures: in a world
    resampled from its view, the Cobra offers the same sanctuary choices, and after it invokes a
    face-down card (which it then sees, face up) the same seat is asked the same kind of decision."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Minotaur")
    for pos in (0, 2):
        c = s.sanct[pos]
        s.piles[0].append(c)
        s.sanct[pos] = -1
        s._refill(0, pos, faceup=False, seer=1 << 1)
    placement(s, 0, hand=["Cobra"], favors=[0, 0], gems=[0, 0])
    play(s, "Cobra")
    s.apply_action(A("slot", "t1"))                  # the Minotaur is the only other Creature
    game = s.game
    for seed in range(8):
        a = s.clone()
        r = synced_resample(a, 0, np.random.default_rng(seed))
        assert np.array_equal(game.observation(a, 0), game.observation(r, 0))
        assert a.legal_actions() == r.legal_actions() == [OFF["sanct"] + pos for pos in (0, 1, 2)]
        for x in (a, r):
            x.apply_action(OFF["sanct"] + 2)
        assert a.current_player() == r.current_player() == 0
        assert a.legal_actions() == r.legal_actions()
        for x in (a, r):
            x.apply_action(A("slot", "t2"))
            x.check_invariants()
        assert MYTH_OF[r.pan[0][SLOT["t2"]][-1]] == MYTHS.index("greek")
