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


def test_each_pantheon_name_has_its_rule():
    """The Pantheons' texts are names (``pantheons.py``); each is a rule of the state's tables, so no
    name is interpreted by an if/elif chain: every condition and cost, and every op that acts at once
    (an active Ability, a window card, a Hero joining, an Attack's passive, the win / lose / Hand-start
    triggers) as a Prayer card's ``card_op`` or the Pantheon's own ``myth_op``, never both."""
    from mythenv.games.theomachy.cards import OPS as CARD_OPS
    from mythenv.games.theomachy.pantheons import CONDITIONS, COSTS, INSTANT, TRIGGER_OPS

    assert set(TheomachyState.handled("condition")) == set(CONDITIONS)
    assert set(TheomachyState.handled("cost_ok")) == set(COSTS) == set(TheomachyState.handled("pay_cost"))
    card, myth = set(TheomachyState.handled("card_op")), set(TheomachyState.handled("myth_op"))
    assert not card & myth
    assert card <= set(CARD_OPS)
    acting = set(INSTANT) | {op for t in ("win", "lose", "hand_start") for op in TRIGGER_OPS[t]}
    assert acting <= card | myth
