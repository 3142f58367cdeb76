"""mythenv.core.bookkeeping: the log that keeps its last lines, the conservation check and the redeal."""

import numpy as np
import pytest

from mythenv.core.bookkeeping import GameLog, check_conserved, log_field, redeal
from mythenv.core.errors import StateError


class _Logged(GameLog):
    __slots__ = ("log",)
    LOG_KEEP = 3

    def __init__(self):
        self.log = []


def test_log_keeps_the_last_lines():
    s = _Logged()
    for i in range(5):
        s._log(f"line {i}")
    assert s.log == ["line 2", "line 3", "line 4"]
    s.log = [f"old {i}" for i in range(6)]  # a saved log longer than the game keeps
    s._log("new")
    assert s.log == ["old 4", "old 5", "new"]


def test_log_field_is_a_bounded_list_of_text():
    f = log_field()
    assert f.name == "log"


def test_conserved_accepts_each_card_once():
    check_conserved("g: card", [2, 0, 1], 3)
    check_conserved("g: card", [5, 7], [7, 5])


@pytest.mark.parametrize("placed, msg", [([0, 1], "2 placed, 2 distinct, 3 expected"),
                                         ([0, 1, 1], "3 placed, 2 distinct, 3 expected"),
                                         ([0, 1, 2, 2], "4 placed, 3 distinct, 3 expected"),
                                         ([0, 1, 3], "3 placed, 3 distinct, 3 expected")])
def test_conserved_refuses_a_missing_repeated_or_foreign_card(placed, msg):
    with pytest.raises(StateError, match=rf"g: card conservation broken \({msg}\)"):
        check_conserved("g: card", placed, 3)


def test_redeal_is_a_permutation_that_ignores_where_the_cards_sat():
    a, b = [10, 11, 12], [13, 14]
    places = [(a, 0), (a, 2), (b, 1)]
    rest = redeal(places, np.random.default_rng(7), rest=[20, 21])
    assert sorted([a[0], a[2], b[1]] + rest) == [10, 12, 14, 20, 21]
    assert (a[1], b[0], len(rest)) == (11, 13, 2)
    # the same cards in other places give the same deal: nothing leaks through the hidden order
    c, d = [12, 11, 14], [13, 10]
    rest2 = redeal([(c, 0), (c, 2), (d, 1)], np.random.default_rng(7), rest=[21, 20])
    assert [c[0], c[2], d[1]] + rest2 == [a[0], a[2], b[1]] + rest
