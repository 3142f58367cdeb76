"""Mythologies on the core rule tables (mythenv.core.engine, issue 43): every frame kind of the stack is
run by its ``@task``, every effect primitive of the card data by its ``@handles("op", ...)``."""

from __future__ import annotations

import mythenv
from mythenv.games.mythologies.cards import EFFECTS, OPS
from mythenv.games.mythologies.rules import MythologiesState
from mythenv.games.mythologies.rules.state import _stack_spec


def test_each_frame_kind_of_the_stack_has_its_task():
    for n in (2, 3, 4):
        g = mythenv.make_game("mythologies_v0", num_players=n)
        assert set(MythologiesState.handled("task")) == set(_stack_spec(g).item.kinds)


def test_each_op_of_the_card_data_has_its_rule():
    used = {op["op"] for effs in EFFECTS for e in effs for op in e.ops}
    assert used <= set(MythologiesState.handled("op")) == set(OPS)
