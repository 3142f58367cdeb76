"""Theomachy on the core rule tables (mythenv.core.engine, issue 43): every kind of pending decision has
its ``@lister`` and ``@decision``, every Mythology window the ``@handles("resume", ...)`` that goes on
when it closes."""

from __future__ import annotations

from mythenv.games.theomachy.pantheons import WINDOWS
from mythenv.games.theomachy.rules import TheomachyState
from mythenv.games.theomachy.rules.myth import HOOK_WINDOWS


def test_each_pending_kind_has_its_lister_and_decision():
    kinds = set(TheomachyState.fields.by_name["pending"].kind.kinds)
    assert set(TheomachyState.handled("lister")) == kinds == set(TheomachyState.handled("decision"))


def test_each_window_has_its_resume():
    assert set(TheomachyState.handled("resume")) == set(WINDOWS) == set(HOOK_WINDOWS.values())
