"""The table's texts (issue 45): what a person reads of the actions, of the moves and of the end.

Over seeded random games of every game (a sample of configs: each mode, see ``cases.WRAPPER_CASES``,
plus a few more), at every decision:

* the labels of the legal actions (``action_to_string``) are non-empty, unique and free of code:
  no snake_case names (``end_turn``), no seat codes (``player_0``, ``P0``, ``seat 0``), no brackets
  or braces, no 0-based indices (``column 0``, ``slot 0``, ``choice 0``), no hex coordinates;
* ``public_action_text`` is a non-empty string free of code, and it hides what the other seats
  cannot see: of two legal actions with different outcomes after which every other seat observes
  the same thing, neither
  public text shows a name (a card's, a number) by which their labels differ (``_leaked``), and a resampled world (``resample_hidden`` from another seat) gives the same text
  for the same action;
* ``decision_text`` is free of code;
* at the end, ``ending_text`` names the winner(s) (``seat_name``) and is free of code.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import mythenv
from mythenv.core.game import seat_name

from .cases import WRAPPER_CASES

EXTRA = [
    ("hera_zeus_v0", {"first_player": "zeus"}),
    ("demigods_v0", {"num_players": 4, "speech": "explicit"}),
    ("mythologies_v0", {"mythologies": "first_game"}),
    ("mythologies_v0", {"num_players": 4}),
    ("theomachy_v0", {"mode": "advanced", "deck": "draft", "num_players": 4, "max_hands": 6}),
    ("theomachy_v0", {"mode": "epic", "deck": "draft", "num_players": 3, "max_hands": 8}),
    ("theosis_v0", {"num_players": 1, "mode": "solo", "encounter": "solo_3"}),
    ("theosis_v0", {"num_players": 5, "mode": "coop", "encounter": "p5_2"}),
]
CASES = list(WRAPPER_CASES) + [pytest.param(g, c, id=f"{g}-" + "-".join(f"{k}={v}" for k, v in c.items()))
                               for g, c in EXTRA]

SNAKE = re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]+\b")
SEAT_CODE = re.compile(r"\bplayer_\d|\bP\d\b|\bseat \d", re.I)
ZERO_INDEX = re.compile(r"\b(column|row|position|slot|choice|option|index|hex|space|seat|board|player|"
                        r"pile|card|target|selected card|spot|region|track|pawn|hero|monster|deity) 0\b", re.I)
COORD = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")


def code_in(text: str) -> list[str]:
    """The pieces of ``text`` that read like code rather than words (empty: none)."""
    found = SNAKE.findall(text) + SEAT_CODE.findall(text) + ZERO_INDEX.findall(text) + COORD.findall(text)
    found += [ch for ch in "[]{}" if ch in text]
    return found


GAMES = 2          # seeded games per config
SCAN_EVERY = 3     # the (costly) indistinguishable-actions check runs at every 3rd decision
MAX_SCAN = 40      # ... over at most this many legal actions
RESAMPLE_EVERY = 7


#: where in a row a card goes is seen at the table but not always kept in an observation (two face-down
#: cards the other seats know nothing of look alike in either order): rows are not compared
PLACE = re.compile(r"\brow \d+\b")
WORD = re.compile(r"[A-Za-z]+|\d+")


def _names(text: str) -> set[str]:
    """The words of ``text`` that can name a card: capitalised words and numbers (not rows)."""
    return {w for w in WORD.findall(PLACE.sub("", text)) if w[0].isupper() or w.isdigit()}


def _leaked(label_a: str, label_b: str, pub_a: str) -> set[str]:
    """Names in the label of ``a`` but not in that of ``b`` (a move the other seats cannot tell from
    ``a``) that ``a``'s public text shows: what the table could not have seen. (An observation need
    not keep every public trace of a move, a column Pegasus challenged without effect say, so the
    public texts themselves may differ where they name places.)"""
    hidden = _names(label_a) - _names(label_b)
    return hidden & set(WORD.findall(pub_a))


def _truth(state) -> str:
    """The whole state but its log of texts."""
    d = state.to_dict()
    return json.dumps({k: v for k, v in d.items() if "log" not in k}, sort_keys=True, default=str)


def _others_see(game, state, mover: int) -> tuple:
    """What every other seat sees: its observation and its view of the table (``render``, which
    also shows public facts an observation may leave out, such as a discard pile's cards)."""
    return tuple((game.observation(state, o).tobytes(), state.render(o))
                 for o in range(game.num_players) if o != mover)


def _check_decision(game, s, step: int, rng) -> None:
    p = s.current_player()
    la = s.legal_actions()
    labels = [s.action_to_string(a) for a in la]
    where = f"step {step}, seat {p}"
    for a, t in zip(la, labels):
        assert isinstance(t, str) and t.strip(), (where, a, t)
        assert not code_in(t), (where, t, code_in(t))
    dup = {t for t in labels if labels.count(t) > 1}
    assert not dup, (where, sorted(dup), labels)
    dec = s.decision_text()
    assert isinstance(dec, str) and not code_in(dec), (where, dec, code_in(dec))
    pub = {a: s.public_action_text(a) for a in la}
    for a, t in pub.items():
        assert isinstance(t, str) and t.strip(), (where, labels[la.index(a)], t)
        assert not code_in(t), (where, t, code_in(t))
    if game.num_players > 1 and step % SCAN_EVERY == 0 and len(la) > 1:
        # actions the other seats cannot tell apart (each sees the same afterwards) read the same
        seen: dict[tuple, int] = {}
        truth: dict[int, str] = {}
        for a in la[:MAX_SCAN]:
            t = s.clone()
            t.apply_action(a)
            truth[a] = _truth(t)
            key = _others_see(game, t, p)
            b = seen.setdefault(key, a)
            if b != a and truth[a] != truth[b]:   # two moves with one outcome differ only in words
                for x, y in ((a, b), (b, a)):
                    leak = _leaked(s.action_to_string(x), s.action_to_string(y), pub[x])
                    assert not leak, (where, "the other seats cannot tell these moves apart, but the text shows",
                                      leak, s.action_to_string(x), pub[x], s.action_to_string(y), pub[y])
    if game.num_players > 1 and step % RESAMPLE_EVERY == 0:
        # the text is the same in every world the other seats think possible
        for o in range(game.num_players):
            if o == p:
                continue
            r = s.resample_hidden(o, rng)
            if r.current_player() != p:
                continue
            rla = set(r.legal_actions())
            for a in la:
                if a in rla:
                    assert r.public_action_text(a) == pub[a], (where, o, s.action_to_string(a), pub[a],
                                                               r.public_action_text(a))


@pytest.mark.parametrize("gid,cfg", CASES)
def test_action_and_ending_texts(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    for g in range(GAMES):
        rng = np.random.default_rng(4500 + g)
        s = game.new_initial_state(seed=4500 + g)
        step = 0
        while not s.is_terminal():
            _check_decision(game, s, step, rng)
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1
        end = s.ending_text()
        assert isinstance(end, str) and end.strip() and not code_in(end), (end, code_in(end))
        ret = s.returns()
        best = max(ret)
        winners = [q for q, r in enumerate(ret) if r == best]
        if len(winners) < len(ret):
            for q in winners:
                assert seat_name(q) in end, (end, ret)
