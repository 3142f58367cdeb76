"""Theomachy Advanced game: preparation (Pantheon, draft, secret God choice, Thor's Mjollnir), the
prebuilt-deck refusal, hidden information of the God choice, and random play with saved states
(TM = 000_b58b559235c1f04d.txt)."""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError
from mythenv.games.theomachy.pantheons import DEITIES, DEITY_INDEX, MYTH_INDEX, MYTHS, PANTHEONS
from mythenv.games.theomachy.rules import DRAFT_PICK, GOD, PANTHEON

from .helpers import GID, act, adv_game, names, prepared


@pytest.mark.parametrize("mode", ["advanced", "epic"])
def test_prebuilt_decks_are_refused_with_the_gods(mode):
    """TM § Second Method: "if you play with the Gods and Pantheons (Advanced and Epic modes), you MUST
    draft your decks - do NOT use the pre-built starting decks!"."""
    with pytest.raises(ConfigError, match="deck='draft'"):
        mythenv.make_game(GID, mode=mode)
    with pytest.raises(ConfigError, match="MUST be drafted"):
        mythenv.make_game(GID, mode=mode, deck="prebuilt", num_players=3)
    mythenv.make_game(GID, mode=mode, deck="draft")  # the draft is accepted


def test_pantheons_are_chosen_before_the_draft_in_seat_order():
    """TM § Choose a Pantheon: "Before building his starting deck, each player chooses one of the
    available Pantheons" and "takes the 5 Mythology cards associated with it, shuffles them to make a
    draw pile and places it in front of him, the top card face up"."""
    game = adv_game(2)
    s = game.new_initial_state(seed=3)
    assert s.step == PANTHEON and s.current_player() == 0
    assert set(names(s)) == {"pantheon"}
    act(s, "pantheon", 1)
    assert s.current_player() == 1
    # up to four players each Pantheon is taken once (one box)
    assert s.C.off["pantheon"] + 1 not in s.legal_actions()
    act(s, "pantheon", 0)
    assert s.step == DRAFT_PICK
    for p, j in ((0, 1), (1, 0)):
        assert sorted(s.myth_deck[p]) == sorted(PANTHEONS[j].myths)


def test_a_pantheon_may_be_taken_twice_with_two_boxes_but_not_three_times():
    """TM § Introduction: with both boxes "up to 8 players"; each box has the four Pantheons (TM §
    Pantheons), so at 5-8 players a Pantheon may be taken twice (designed: at most twice)."""
    if len(PANTHEONS) * 2 < 5:
        with pytest.raises(ConfigError, match="Pantheons"):
            adv_game(5)
        return
    game = adv_game(5)
    s = game.new_initial_state(seed=1)
    act(s, "pantheon", 0)
    act(s, "pantheon", 0)
    assert s.C.off["pantheon"] not in s.legal_actions()
    assert s.C.off["pantheon"] + 1 in s.legal_actions()


def test_the_god_choice_is_secret_until_all_have_chosen():
    """TM § Final Selection of the God: "each player secretly chooses one of the three Gods of his
    Pantheon and places it face down ... Once all players have made their choice, they
    simultaneously turn their chosen Deity Sheet face up". Sequential hidden commits: seat 1 sees
    neither seat 0's God in its observation, nor in the render, and resampling redraws it."""
    game = adv_game(2)
    s = game.new_initial_state(seed=5)
    act(s, "pantheon", 0)
    act(s, "pantheon", 1)
    while s.step != GOD:
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 0 and names(s) == ["god"] * 3
    act(s, "god", 2)  # Athena for seat 0
    chosen = s.deity[0]
    assert DEITIES[chosen].key == "athena" and not s.revealed
    ob = game.observer
    o1 = game.observation(s, 1)
    o0 = game.observation(s, 0)
    deity = ob.pieces["deity"]
    chosen_piece = ob.pieces["god_chosen"]
    nd = len(DEITIES)
    assert o0[deity.start + chosen] == 1.0                         # its owner sees it
    assert not o1[deity.start:deity.start + 2 * nd].any()         # seat 1 sees no God at all
    assert o1[chosen_piece.start + 1] == 1.0                      # ... only that seat 0 has chosen
    assert "Athena" not in s.render(1) and "Athena" not in "\n".join(s.log)
    gods = {s.resample_hidden(1, np.random.default_rng(i)).deity[0] for i in range(40)}
    assert gods == set(PANTHEONS[0].deities)
    assert {s.resample_hidden(0, np.random.default_rng(i)).deity[0] for i in range(10)} == {chosen}
    act(s, "god", 0)  # Thor for seat 1: everyone revealed
    assert s.revealed
    o1 = game.observation(s, 1)
    assert o1[deity.start + nd + chosen] == 1.0                   # row 1 = seat 0, seen from seat 1


def test_thor_takes_mjollnir_at_setup():
    """TM § Final Selection of the God, Thor's Tip: "if you choose ME, look through your Mythology deck
    and take Mjollnir (because that is my Ability). Then, shuffle the rest of your Mythology deck"."""
    _, s = prepared(("poseidon", "thor"), seed=2)
    mj = MYTH_INDEX["mjollnir"]
    assert mj in s.myth_own[1] and mj not in s.myth_deck[1]
    assert len(s.myth_deck[1]) == 4 and s.myth_known[1] == 0
    assert mj not in s.myth_own[0] and len(s.myth_deck[0]) == 5


def test_odin_does_not_take_mjollnir():
    _, s = prepared(("athena", "odin"), seed=2)
    assert s.myth_own[1] == [] and MYTH_INDEX["mjollnir"] in s.myth_deck[1]
    assert DEITIES[s.deity[1]].key == "odin" and DEITY_INDEX["odin"] == s.deity[1]


@pytest.mark.parametrize("mode", ["advanced"])
def test_random_games_keep_the_invariants_and_save(mode):
    game = adv_game(2, mode, max_hands=15)
    for seed in range(6):
        s = game.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not s.is_terminal():
            s.apply_action(int(rng.choice(s.legal_actions())))
            k += 1
            if k % 23 == 0:
                s.check_invariants()
                d = s.to_dict()
                assert game.state_from_dict(d).to_dict() == d
                if not s.is_terminal():
                    s.resample_hidden(s.current_player(), rng).check_invariants()
        assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_mythology_deck_order_below_the_top_is_hidden_and_resampled():
    """TM § Choose a Pantheon: the Mythology cards are shuffled into a draw pile "the top card face up":
    the order below is nobody's knowledge (its owner's neither), except a card moved to the bottom in
    view of all (TM § The Myth Phase). The observation shows the top card only; ``resample_hidden``
    redraws the middle and keeps the top and the known bottom card."""
    game, s = prepared(("poseidon", "thor"), seed=4)
    deck = s.myth_deck[0]
    top = deck[-1]
    ob = game.observer
    o = game.observation(s, 1)
    piece = ob.pieces["myth_top"]
    nm = len(MYTHS)
    seat0 = o[piece.start + (nm + 1):piece.start + 2 * (nm + 1)]   # seen from seat 1, seat 0 is row 1
    assert seat0[top] == 1.0 and seat0.sum() == 1.0                # the top card, nothing below it
    seen = set()
    for i in range(30):
        r = s.resample_hidden(0, np.random.default_rng(i))
        assert r.myth_deck[0][-1] == top and sorted(r.myth_deck[0]) == sorted(deck)
        seen.add(tuple(r.myth_deck[0]))
    assert len(seen) > 1
    s.myth_deck[0].insert(0, s.myth_deck[0].pop())   # the top card moved to the bottom, publicly
    s.myth_known[0] = 1
    bottom = s.myth_deck[0][0]
    for i in range(10):
        r = s.resample_hidden(1, np.random.default_rng(i))
        assert r.myth_deck[0][0] == bottom and r.myth_deck[0][-1] == s.myth_deck[0][-1]
