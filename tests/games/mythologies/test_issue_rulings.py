"""Mythologies: completions inside crush reactions, the Cobra and face-down cards, the Mogwai and
Caiman glossary rulings (``003_4f78a05115d81413.txt``, cited as MY § Section)."""

from mythenv.games.mythologies.cards import CREATURE, MYTHS
from mythenv.games.mythologies.rules import MYTH_OF, OFF, TYPE_OF, card_name

from .helpers import SLOT, A, names, new, placement, play, put, sanct_put, to_discard


def test_crush_reaction_completion_pays_the_mogwai_once():
    """MY § Lexicon: Complete: "If a player crushes a card in a plane/column, they do not re-complete
    the plane/column"; MY § Worked Examples, Example 2 (Nuwa crushes the Bénou, whose call resolves
    first). Bénou and Asura in the celestial plane, Nuwa invoked on the Bénou, the Bénou calls a Scarab
    to the third celestial slot: that call completes the plane once, so the opponent's Mogwai on its
    celestial plane gains 1 Gem (not 2) and Nuwa itself completes nothing."""
    s = new(("egyptian", "chinese", "hindu", "greek"))
    put(s, 0, "c1", "Bénou")
    put(s, 0, "c2", "Asura")
    put(s, 1, "c1", "Mogwai")
    scarab = to_discard(s, 1, "Scarab")
    placement(s, 0, hand=["Nuwa"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Nuwa")
    s.apply_action(A("slot", "c1"))                 # 4 Gems paid, the Bénou is crushed
    s.apply_action(OFF["card"] + scarab)            # the Bénou calls the Scarab ...
    s.apply_action(A("slot", "c3"))                 # ... onto the last empty celestial slot
    assert names(s, 0)[:3] == ["Nuwa", "Asura", "Scarab"]
    # Nuwa: the neighbour gives 1 Gem for its Mogwai or sacrifices it; it has the Mogwai's one Gem
    assert s.current_player() == 1 and s.gem[1] == 1
    assert s.gem[0] == 1 and s.fav[0] == 1          # the plane's Gem token (once), Nuwa's 1 Favor
    assert s.comp[0][0] == 0
    s.apply_action(OFF["opt"] + 0)                  # seat 1 gives its Gem
    assert s.gem == [2, 0] and s.fav == [1, 0]


def test_impundulu_invoked_card_completes_once_for_the_ukuku():
    """MY § Lexicon: Complete ("If a player crushes a card in a plane/column, they do not re-complete
    the plane/column"); MY § Card Glossary 050 (Ukuku) and 068 (Impundulu). Ukuku and Gorgon in the
    terrestrial plane; the Impundulu crushes the Gorgon and invokes a Scarab onto the last terrestrial
    slot: Scarab 1 Gem + the plane's 1 Gem + Ukuku 2 Gems + Impundulu 1 Gem = 5 Gems."""
    s = new(("zulu", "egyptian", "inca", "greek"))
    put(s, 0, "t1", "Ukuku")
    put(s, 0, "t2", "Gorgon")
    sanct_put(s, 1, 0, "Scarab")
    placement(s, 0, hand=["Impundulu"], favors=[0, 0], gems=[0, 0])
    play(s, "Impundulu")
    s.apply_action(A("slot", "t2"))                 # crushes the Gorgon: the Impundulu invokes
    s.apply_action(OFF["sanct"] + 4 * 1 + 0)        # the Scarab from the Egyptian board ...
    s.apply_action(A("slot", "t3"))                 # ... onto the last terrestrial slot
    assert names(s, 0)[3:6] == ["Ukuku", "Impundulu", "Scarab"]
    assert s.gem[0] == 5 and s.fav[0] == 0 and s.comp[0][1] == 0


def test_cyclops_pays_once_for_a_completion_inside_a_crush_reaction():
    """MY § Lexicon: Complete ("If a player crushes a card in a plane/column, they do not re-complete
    the plane/column"); MY § Card Glossary 008 - Cyclops. Cyclops and Bénou in the celestial plane, a
    Scarab crushes the Bénou, the Bénou calls an Ushabti to the last celestial slot: one completion,
    so the Cyclops is offered once (pay 1 Gem for 2 Favors), then the Scarab's 1 Favor."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Cyclops")
    put(s, 0, "c2", "Bénou")
    ushabti = to_discard(s, 0, "Ushabti")
    placement(s, 0, hand=["Scarab", "Scarab"], favors=[0, 0], gems=[2, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "c2"))                 # crushes the Bénou
    s.apply_action(OFF["card"] + ushabti)
    s.apply_action(A("slot", "c3"))                 # completes the celestial plane (+1 Gem)
    assert s.legal_actions() == sorted([OFF["opt"], OFF["stop"]])
    s.apply_action(OFF["opt"])                      # the Cyclops: pay 1 Gem, gain 2 Favors
    assert s.stack[-1]["t"] == "turn" and s.current_player() == 0
    assert OFF["play"] in s.legal_actions()         # back to the turn: no second Cyclops offer
    assert s.gem[0] == 2 + 1 - 1 and s.fav[0] == 2 + 1


def test_crushing_the_last_card_of_a_full_line_completes_nothing():
    """MY § Lexicon: Complete: "If a player crushes a card in a plane/column, they do not re-complete
    the plane/column": with the celestial plane full and its token already taken, a Scarab crushing
    a card of it is no completion, so the opponent's Mogwai gains nothing."""
    s = new(("egyptian", "chinese", "hindu", "greek"))
    for sl in ("c1", "c2", "c3"):
        put(s, 0, sl, "Asura")
    s.comp[0][0] = 0
    put(s, 1, "c1", "Mogwai")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "c2"))
    assert s.gem == [0, 0] and s.fav == [1, 0]


def test_cobra_invokes_a_face_down_card_of_the_sacrificed_cards_mythology():
    """MY § Card Glossary 028 - Cobra (the mythology of the sacrificed card) and 013 - Loki ("Face-down
    cards are always considered Creatures or Deities"); MY § Overall Setup 3-4 and C - Upkeep 3: each
    Mythology board is filled from its own mythology's draw piles, so a face-down card on the Chinese
    board is a Chinese Creature and the Cobra may invoke it after sacrificing a Chinese Creature."""
    s = new(("egyptian", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Qilin")
    for pos in (1, 2):                               # a Loki of seat 1 laid these face down
        c = s.sanct[4 * 2 + pos]
        s.piles[2 * 2].append(c)
        s.sanct[4 * 2 + pos] = -1
        s._refill(2, pos, faceup=False, seer=1 << 1)
    hidden = [s.sanct[4 * 2 + pos] for pos in (1, 2)]
    placement(s, 0, hand=["Cobra"], favors=[0, 0], gems=[0, 0])
    play(s, "Cobra")
    s.apply_action(A("slot", "t1"))                  # sacrifices the Qilin (the only other Creature)
    assert [card_name(c) for c in s.disc[0]] == ["Qilin"]
    assert set(s.legal_actions()) == {OFF["sanct"] + 8, OFF["sanct"] + 9, OFF["sanct"] + 10}
    s.apply_action(OFF["sanct"] + 9)                 # a face-down Chinese Creature
    s.apply_action(A("slot", "c2"))
    c = s.pan[0][SLOT["c2"]][-1]
    assert c == hidden[0] and MYTH_OF[c] == MYTHS.index("chinese") and TYPE_OF[c] == CREATURE
    assert s.known[c] == s.all                       # invoked into a Pantheon: face up for everyone


def test_mogwai_triggers_on_its_column():
    """MY § Card Glossary 058 - Mogwai: "The effect triggers even when a player completes a column or a
    plane": an opponent completing, in their Pantheon, the column the Mogwai is on in yours gives
    the Mogwai's 1 Gem (the central column here), a column elsewhere gives nothing."""
    s = new(("greek", "chinese", "egyptian", "hindu"))
    put(s, 1, "c2", "Mogwai")
    put(s, 0, "c2", "Minotaur")
    put(s, 0, "t2", "Minotaur")
    put(s, 0, "c1", "Centaur")
    put(s, 0, "t1", "Centaur")
    placement(s, 0, hand=["Scarab", "Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "a1"))                  # completes the left column: not the Mogwai's
    assert s.gem[1] == 0 and s.fav[0] == 1           # the column's Favor token
    play(s, "Scarab")
    s.apply_action(A("slot", "a2"))                  # completes the central column
    assert s.gem[1] == 1
    assert s.fav[0] == 2 and s.gem[0] == 2          # two column Favors, two abyssal Gems


def test_mogwai_one_gem_per_completed_line():
    """MY § Card Glossary 058 - Mogwai ("completes a column or a plane") and MY § B - Placement Phase,
    Completion rule ("if a plane and/or a column is complete"): one card completing both the
    Mogwai's plane and its column is two completions, 1 Gem each."""
    s = new(("greek", "chinese", "egyptian", "hindu"))
    put(s, 1, "t2", "Mogwai")
    for sl, nm in (("t1", "Minotaur"), ("t3", "Minotaur"), ("c2", "Centaur"), ("a2", "Centaur")):
        put(s, 0, sl, nm)
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "t2"))
    assert s.gem[1] == 2
    assert s.gem[0] == 1 + 1 and s.fav[0] == 1       # Scarab's Gem, the plane's Gem; the column's Favor


def test_caiman_only_mythologies_present_not_through_the_unwabu():
    """MY § Card Glossary 047 - Caiman: "You cannot choose a mythology that is not present in your
    Pantheon". With a (Zulu) Unwabu and the (Inca) Caiman visible, only Zulu and Inca may be chosen;
    the Unwabu still counts for the chosen one (it counts as a card of every mythology)."""
    s = new(("inca", "zulu", "chinese", "hindu"))
    put(s, 0, "c1", "Unwabu")
    placement(s, 0, hand=["Caiman"], favors=[0, 0], gems=[0, 0])
    play(s, "Caiman")
    s.apply_action(A("slot", "t2"))                  # 1 Gem of invocation
    assert set(s.legal_actions()) == {OFF["opt"] + MYTHS.index(m) for m in ("inca", "zulu")}
    s.apply_action(OFF["opt"] + MYTHS.index("inca"))
    assert s.gem[0] == 1 + 2                         # the Caiman and the Unwabu
