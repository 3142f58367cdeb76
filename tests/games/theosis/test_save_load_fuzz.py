"""Issue 27, item 5 ("Theosis save/load of a reachable position"): in the monster modes a finished
game could fail ``state_from_dict(to_dict())``, the schema refusing a Stamina "put it at the bottom?"
question (``["ask", "yn", seat, "m_bottom", m]``) left in the queue: the ``ask`` task was typed as
four ints, while it carries a whole decision record. Every position that play reaches, the last one
included, loads back and plays on as the state it was saved from, in every config."""

from __future__ import annotations

import json
import random

import pytest

from mythenv.core.errors import StateError

from .configs import CONFIGS, game, random_game


def reload(g, s):
    return g.state_from_dict(json.loads(json.dumps(s.to_dict())))


def play_on_together(a, b, seed: int, steps: int = 150) -> None:
    """Play ``a`` and ``b`` on with the same random actions; they agree at every step."""
    rnd = random.Random(seed)
    for _ in range(steps):
        assert a.is_terminal() == b.is_terminal() and a.current_player() == b.current_player()
        if a.is_terminal():
            break
        la = a.legal_actions()
        assert la == b.legal_actions()
        x = rnd.choice(la)
        a.apply_action(x)
        b.apply_action(x)
    assert a.to_dict() == b.to_dict()
    assert a.returns() == b.returns()


def test_the_issue_case_a_yes_no_question_in_the_queue_loads():
    """The refused case: a queued ``ask`` of the ``yn`` decision ``m_bottom`` (a str argument)."""
    g = game({"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"})
    s = g.new_initial_state(seed=0)
    rnd = random.Random(0)
    while not s.q:
        s.apply_action(rnd.choice(s.legal_actions()))
    d = s.to_dict()
    d["q"] = [["ask", "yn", 0, "m_bottom", 0]] + d["q"]
    t = g.state_from_dict(json.loads(json.dumps(d)))
    assert t.q[0] == ["ask", "yn", 0, "m_bottom", 0]
    d["q"][0] = ["ask", "yn", "0", "m_bottom", 0]  # the record is checked as a pending decision is
    with pytest.raises(StateError, match=r"field q\[0\]\[2\]: expected an int in 0\.\.0"):
        g.state_from_dict(d)
    d["q"][0] = ["ask", "no_such_decision", 0]
    with pytest.raises(StateError, match=r"field q\[0\]\[1\]: unknown decision kind"):
        g.state_from_dict(d)


@pytest.mark.parametrize("cfg", CONFIGS)
def test_every_reached_position_reloads_and_plays_on_identically(cfg):
    """Seeded random games of the config: every position of the first game, and the start, random
    steps and the end of two others, are saved (through JSON) and loaded to the same dict; at the
    start, the end and random steps both then play on with the same actions, with the same legal
    actions, dicts and returns. Twelve more games are checked so at their last position (a game
    may end with tasks still queued: the refused ``m_bottom`` question was one)."""
    g = game(cfg)
    done = []

    def check(s, step):
        every = seed == 0
        if every or step == 0 or s.is_terminal() or rnd.random() < 0.02:
            t = reload(g, s)
            assert t.to_dict() == s.to_dict(), f"step {step}"
            if step == 0 or s.is_terminal() or rnd.random() < (0.01 if every else 1.0):
                play_on_together(s.clone(), t, step)
                done.append(s.is_terminal())

    for seed in range(3):
        rnd = random.Random(seed)
        random_game(g, seed, check)
    assert done.count(True) == 3 and len(done) > 6
    for seed in range(3, 15):  # more last positions (a game may end with tasks still queued)
        s = random_game(g, seed)
        play_on_together(s, reload(g, s), seed)
