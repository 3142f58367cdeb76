"""Builders for Advanced / Epic scenario tests of the Celtic and Mesopotamian Pantheons and the Epic
mode: a position in the first Hand with chosen Pantheons and Gods, Mythology cards put in play."""

from __future__ import annotations

import mythenv
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.pantheons import DEITY_INDEX, MYTH_INDEX, PANTHEONS

from .helpers import GID

PAN_INDEX = {p.key: p.index for p in PANTHEONS}


def adv(gods=("danu", "marduk"), seed: int = 0, mode: str = "advanced", first: int = 0, **cfg):
    """A game in ``mode`` with one God per seat (its Pantheon chosen for it), drafted by taking the
    first card each time, at the first betting turn of Hand 1 with ``first`` as First Player."""
    n = len(gods)
    game = mythenv.make_game(GID, num_players=n, deck="draft", mode=mode, **cfg)
    s = game.new_initial_state(seed=seed)
    pans = []
    for g in gods:
        d = DEITY_INDEX[g]
        pans.append(next(p for p in PANTHEONS if d in p.deities))
    for p in range(n):
        assert s.current_player() == p
        s.apply_action(s.C.off["pantheon"] + pans[p].index)
    while s.step in (rules.DRAFT_PICK, rules.DRAFT_DROP):
        s.apply_action(s.legal_actions()[0])
    for p in range(n):
        s.apply_action(s.C.off["god"] + pans[p].deities.index(DEITY_INDEX[gods[p]]))
    assert s.step == rules.BET and not s.pending, (s.step, s.pending)
    s.first = first
    s.turn = first
    s._legal = None
    s.check_invariants()
    return game, s


def own(s, p: int, key: str) -> int:
    """Put Mythology card ``key`` of ``p``'s deck in play in front of ``p`` (bought earlier)."""
    m = MYTH_INDEX[key]
    s.myth_deck[p].remove(m)
    s.myth_own[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def myth(s, key: str) -> int:
    return s.C.off["myth"] + MYTH_INDEX[key]


def to_battle(s) -> None:
    """Everyone passes / calls / ends the turn through the three Betting Rounds (no cards played)."""
    C = s.C
    while s.step == rules.BET and not s.pending:
        la = s.legal_actions()
        for a in (C.PASS, C.CALL, C.END):
            if a in la:
                s.apply_action(a)
                break
        else:
            raise AssertionError(f"no pass / call / end_turn in {[C.decode[a] for a in la]}")
        s.check_invariants()


def pass_battle(s) -> None:
    """Every seat in the Battle passes until the End of Battle."""
    while s.step == rules.BATTLE and not s.pending:
        s.apply_action(s.C.PASS if s.C.PASS in s.legal_actions() else s.C.END)
        s.check_invariants()


def default_action(s) -> int:
    """A plain move for driving a game forward: the First Player stays in, the others fold; windows,
    Closing windows and Abilities are declined; the Prayer draw pile; the Mythology deck left alone."""
    C = s.C
    la = s.legal_actions()
    p = s.current_player()
    if s.step == rules.BET and not s.pending:
        if p != s.first and C.FOLD in la:
            return C.FOLD
        for a in (C.PASS, C.CALL, C.END):
            if a in la:
                return a
    if C.DECLINE in la:
        return C.DECLINE
    if s.step == rules.PRAYER and C.BLIND in la:
        return C.BLIND
    if s.step == rules.MYTH and C.off["myth_leave"] in la:
        return C.off["myth_leave"]
    for a in (C.PASS, C.END):
        if a in la:
            return a
    return la[0]


def run_until(s, pred, limit: int = 400) -> None:
    """Apply ``default_action`` until ``pred(s)`` holds (checked before each move)."""
    for _ in range(limit):
        if pred(s):
            return
        assert not s.is_terminal(), "the game ended first"
        s.apply_action(default_action(s))
        s.check_invariants()
    raise AssertionError("the position was not reached")


def window_open(s, name: str, seat: int | None = None) -> bool:
    from mythenv.games.theomachy.pantheons import WINDOWS

    if not s.pending or s.pending[-1][0] != "window" or WINDOWS[s.pending[-1][2]] != name:
        return False
    return seat is None or s.pending[-1][1] == seat
