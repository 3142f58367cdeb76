"""What every seat sees of the Trials' progress: ``trial_progress`` is the Trial's measure in the seat's
best region over its "at least", capped at 1, counted off the public Pantheons (MY § Trials). Checked
through both encoders (tests/conformance/helpers.checked_observation). Docstrings cite
``003_4f78a05115d81413.txt`` (MY)."""

import numpy as np

from tests.conformance.helpers import checked_observation

from .helpers import new, put

# MY § Trials, example: "at least 3 Gems of invocation" (greek start) + "in your terrestrial plane"
# (egyptian end); the 2nd Trial: norse start ("at least 2 Favors of invocation") + hindu end
MYTHS = ("greek", "egyptian", "norse", "hindu")


def progress(s, viewer):
    return checked_observation(s.game, s, viewer)[s.game._span["trial_progress"][0]:][:2 * s.n].reshape(s.n, 2)


def test_the_printed_trial_example_counts_up_to_met():
    """MY § Trials, example: Mickaël's Troll grants 1 Gem and his Nâga 2 in his terrestrial plane: 3 Gems
    of invocation, the Trial's condition. With the Nâga alone (2 of 3) the piece reads 2/3; with the
    Troll beside it, 1 (met), for every viewer at its seat's row."""
    s = new(MYTHS)
    put(s, 1, "t1", "Nâga")
    assert s.trial_measure(1, 0) == 2 and not s.trial_met(1, 0)
    for viewer in (0, 1):
        row = (1 - viewer) % 2
        got = progress(s, viewer)
        assert got[row, 0] == np.float32(2 / 3)
        assert got[1 - row, 0] == 0
    put(s, 1, "t2", "Troll")
    assert s.trial_measure(1, 0) == 3 and s.trial_met(1, 0)
    for viewer in (0, 1):
        assert progress(s, viewer)[(1 - viewer) % 2, 0] == 1


def test_only_the_region_of_the_end_board_counts():
    """MY § Trials: the sentence's end names where the start's measure is counted: the same Nâga in the
    celestial plane gives nothing towards "in your terrestrial plane"."""
    s = new(MYTHS)
    put(s, 0, "c1", "Nâga")
    assert s.trial_measure(0, 0) == 0
    assert progress(s, 0)[0, 0] == 0


def test_progress_is_capped_at_met():
    """More than the Trial asks still reads 1: the piece tells how far the seat is from the condition."""
    s = new(MYTHS)
    put(s, 0, "t1", "Nâga")
    put(s, 0, "t2", "Nâga")
    assert s.trial_measure(0, 0) == 4
    assert progress(s, 0)[0, 0] == 1
