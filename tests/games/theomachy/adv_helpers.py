"""Builders for Theomachy Advanced-game scenario tests: play the preparation with chosen Pantheons and
Gods, then put exact Mythology cards, Miracles and windows in place."""

from __future__ import annotations

import mythenv
from mythenv.games.theomachy.pantheons import DEITIES, DEITY_INDEX, MYTH_INDEX, MYTHS, PANTHEONS

GID = "theomachy_v0"


def act(s, name: str, i: int = 0) -> None:
    """Apply the action of family ``name`` (index ``i``), which must be legal."""
    a = s.C.off[name] + i
    assert a in s.legal_actions(), (name, i, [s.C.describe(x) for x in s.legal_actions()])
    s.apply_action(a)


def names(s) -> list[str]:
    return [s.C.decode[a][0] for a in s.legal_actions()]


def adv_game(n: int = 2, mode: str = "advanced", **cfg):
    return mythenv.make_game(GID, num_players=n, deck="draft", mode=mode, **cfg)


def prepared(gods=("poseidon", "thor"), seed: int = 0, mode: str = "advanced", **cfg):
    """A new Advanced game whose seats chose the Pantheons and Gods of ``gods`` (seat order), the
    draft played with the first legal pick / drop; returns (game, state) at the first Hand."""
    game = adv_game(len(gods), mode, **cfg)
    s = game.new_initial_state(seed=seed)
    for g in gods:
        d = DEITIES[DEITY_INDEX[g]]
        act(s, "pantheon", d.pantheon)
    while s.step in (0, 1):  # the draft
        s.apply_action(s.legal_actions()[0])
    for g in gods:
        d = DEITY_INDEX[g]
        act(s, "god", PANTHEONS[DEITIES[d].pantheon].deities.index(d))
    return game, s


def give_myth(s, p: int, key: str) -> int:
    """Put Mythology card ``key`` of ``p``'s deck into play in front of its Deity sheet."""
    m = MYTH_INDEX[key]
    if m in s.myth_deck[p]:
        s.myth_deck[p].remove(m)
        s.myth_known[p] = min(s.myth_known[p], len(s.myth_deck[p]))
    elif m in s.myth_out[p]:
        s.myth_out[p].remove(m)
    if m not in s.myth_own[p]:
        s.myth_own[p].append(m)
    s._legal = None
    return m


def to_top(s, p: int, key: str) -> int:
    """Make ``key`` the face-up top card of ``p``'s Mythology deck."""
    m = MYTH_INDEX[key]
    s.myth_deck[p].remove(m)
    s.myth_deck[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def decline_all(s, limit: int = 50) -> None:
    """Decline every open Mythology window / reaction / Closing window."""
    for _ in range(limit):
        if not s.pending or s.pending[-1][0] not in ("window", "react", "closing"):
            return
        s.apply_action(s.C.DECLINE)
    raise AssertionError("windows did not close")


__all__ = ["MYTHS", "MYTH_INDEX", "act", "adv_game", "decline_all", "give_myth", "names", "prepared", "to_top"]


WATER_UP = ["water_order_3", "fire_order_3", "air_order_3", "earth_order_3", "fire_chaos_3"]


def adv_betting(gods=("poseidon", "thor"), first: int = 0, hands=None, seed: int = 0, const=WATER_UP, **cfg):
    """The first Hand of a prepared Advanced game at the start of Betting Round 1, ``first`` the First
    Player, all five Constellation cards face up, the given hands."""
    from .helpers import set_const, set_hand

    game, s = prepared(gods, seed=seed, **cfg)
    assert not s.pending
    s.first = first
    s.turn = first
    set_const(s, const, up=5)
    for p in range(s.n):
        set_hand(s, p, (hands or {}).get(p, []))
    s._legal = None
    return game, s


def adv_battle(gods=("poseidon", "thor"), first: int = 0, hands=None, stakes=None, **kw):
    """A prepared Advanced Hand moved straight to its Battle (windows at its start may be open)."""
    from .helpers import set_tokens

    game, s = adv_betting(gods, first, hands, **kw)
    for p, st in (stakes or {}).items():
        set_tokens(s, p, stake=st)
        s.paid[p] = [0, 0, 0]
    s.level = [0, 0, 0]
    s.round = 3
    s._start_battle()
    return game, s


def pass_battle(s, limit: int = 40) -> None:
    """Every seat passes (or ends its turn) until the Battle is over and the Closing Phase done;
    windows are declined."""
    for _ in range(limit):
        if s.step not in (3, 6) or s.is_terminal():
            return
        if s.pending:
            s.apply_action(s.C.DECLINE)
            continue
        la = s.legal_actions()
        s.apply_action(s.C.PASS if s.C.PASS in la else s.C.END)
    raise AssertionError("the Battle did not end")
