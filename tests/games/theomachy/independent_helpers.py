"""Builders for the independent Advanced / Epic checks of Theomachy: a game whose seats play chosen
Gods, Mythology cards put in play, a plain policy (pass, call, decline) to drive a game forward."""

from __future__ import annotations

import mythenv
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.pantheons import DEITIES, DEITY_INDEX, MYTH_INDEX, PANTHEONS, WINDOWS

from .helpers import GID, set_hand

PAN = {p.key: p.index for p in PANTHEONS}


def pantheon_of(god: str) -> int:
    return DEITIES[DEITY_INDEX[god]].pantheon


def to_gods(n: int = 2, mode: str = "advanced", seed: int = 0, pans=None, **cfg):
    """A game at the Final Selection of the God (Pantheons chosen, the draft done by first choices)."""
    game = mythenv.make_game(GID, num_players=n, deck="draft", mode=mode, **cfg)
    s = game.new_initial_state(seed=seed)
    for p in range(n):
        s.apply_action(s.C.off["pantheon"] + pans[p])
    while s.step in (rules.DRAFT_PICK, rules.DRAFT_DROP):
        s.apply_action(s.legal_actions()[0])
    assert s.step == rules.GOD
    return game, s


def choose(s, god: str) -> None:
    d = DEITY_INDEX[god]
    s.apply_action(s.C.off["god"] + PANTHEONS[DEITIES[d].pantheon].deities.index(d))
    s.check_invariants()


def game_with(gods, mode: str = "advanced", seed: int = 0, first: int = 0, **cfg):
    """A game whose seats play ``gods``, at the first betting turn of Hand 1 (windows declined)."""
    game, s = to_gods(len(gods), mode, seed, [pantheon_of(g) for g in gods], **cfg)
    for g in gods:
        choose(s, g)
    while s.pending and s.pending[-1][0] == "window":
        s.apply_action(s.C.DECLINE)
    s.first = first
    s.turn = first
    s._legal = None
    s.check_invariants()
    return game, s


def own(s, p: int, key: str) -> int:
    """``p`` has bought Mythology card ``key`` (in play in front of the Deity sheet)."""
    m = MYTH_INDEX[key]
    if m in s.myth_own[p]:
        return m
    s.myth_deck[p].remove(m)
    s.myth_own[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def top(s, p: int, key: str) -> int:
    """Mythology card ``key`` becomes the face-up top card of ``p``'s deck."""
    m = MYTH_INDEX[key]
    s.myth_deck[p].remove(m)
    s.myth_deck[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def A(s, name, i=None):
    return s.C.off[name] + (0 if i is None else i)


def myth_a(s, key):
    return A(s, "myth", MYTH_INDEX[key])


def act(s, a) -> None:
    assert a in s.legal_actions(), (s.C.decode[a], [s.C.decode[x] for x in s.legal_actions()])
    s.apply_action(a)
    s.check_invariants()


def window(s):
    """(seat, window name) of the open Mythology window, else None."""
    if s.pending and s.pending[-1][0] == "window":
        return s.pending[-1][1], WINDOWS[s.pending[-1][2]]
    return None


def plain(s) -> int:
    """Pass / call / end the turn, decline windows (no card, no Ability, no Mythology card)."""
    C = s.C
    la = s.legal_actions()
    for a in (C.DECLINE, C.PASS, C.CALL, C.END, C.BLIND, C.off["myth_leave"]):
        if a in la:
            return a
    raise AssertionError([C.decode[a] for a in la])


def until(s, pred, policy=plain, limit=300) -> None:
    for _ in range(limit):
        if pred(s):
            return
        assert not s.is_terminal()
        act(s, policy(s))
    raise AssertionError("position not reached")


def in_battle(s) -> bool:
    return s.step == rules.BATTLE and not s.pending


def battle_window(s) -> bool:
    return window(s) is not None and window(s)[1] == "battle_start"


def battle_end_window(s) -> bool:
    return window(s) is not None and window(s)[1] == "battle_end"


def empty_hands(s) -> None:
    """One Effect card each (a seat holding no card at all has its turns end by themselves)."""
    for p in range(s.n):
        set_hand(s, p, ["insight"])


def to_myth(s, first_wins: bool = True) -> None:
    """Play the Hand out: the second seat folds, the first seat wins; everyone takes the Prayer
    deck's top card; stop at the Myth Phase."""
    def pol(st):
        la = st.legal_actions()
        if st.step == rules.BET and not st.pending and st.current_player() != st.first and st.C.FOLD in la:
            return st.C.FOLD
        return plain(st)
    until(s, lambda st: st.step == rules.MYTH, pol)


def to_round(s, r: int) -> None:
    """Everyone passes until Betting Round ``r`` (0-based) begins (the First Player to act)."""
    until(s, lambda st: st.step == rules.BET and not st.pending and st.round == r
          and st.current_player() == st.first and not st.acted_now)


