"""Small builders for Theomachy scenario tests: put exact cards, tokens and Constellation in place."""

from __future__ import annotations

import mythenv
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.cards import ESSENCES, KIND_INDEX

GID = "theomachy_v0"


def make(n: int = 2, deck: str = "prebuilt", seed: int = 0, **cfg):
    game = mythenv.make_game(GID, num_players=n, deck=deck, **cfg)
    return game, game.new_initial_state(seed=seed)


def _pull(s, c: int) -> None:
    """Take card ``c`` out of wherever it is (not from a pending decision)."""
    for lst in [s.prayer, s.boxed, s.draft_disc] + s.deck + s.hand + s.disc + s.table:
        if c in lst:
            lst.remove(c)
            return
    if c in s.track:
        s.track[s.track.index(c)] = -1
        return
    for p in range(s.n):
        for pl in s.places[p]:
            if pl[0] == c:
                s.places[p].remove(pl)
                s.bank[pl[2]] += 1
                return
    raise AssertionError(f"card {c} not found")


def card(s, key: str, exclude=()) -> int:
    """A copy of ``key`` that lies in no hand / table / Place (prefer the Prayer deck)."""
    k = KIND_INDEX[key]
    busy = set(exclude)
    for p in range(s.n):
        busy.update(s.hand[p])
        busy.update(s.table[p])
        busy.update(pl[0] for pl in s.places[p])
    for c in sorted(range(s.ncards), key=lambda c: (c not in s.prayer, c)):
        if rules.kid(c) == k and c not in busy:
            return c
    raise AssertionError(f"no free copy of {key}")


def set_hand(s, p: int, keys) -> list[int]:
    """Replace ``p``'s hand by one card of each key (old hand cards go to the Prayer deck)."""
    s.prayer.extend(s.hand[p])
    s.hand[p] = []
    out = []
    for key in keys:
        c = card(s, key)
        _pull(s, c)
        s.hand[p].append(c)
        s.vis[c] = 1 << p
        out.append(c)
    s._legal = None
    return out


def set_table(s, p: int, keys) -> list[int]:
    out = []
    for key in keys:
        c = card(s, key)
        _pull(s, c)
        s.table[p].append(c)
        s._public(c)
        out.append(c)
    s._legal = None
    return out


def add_place(s, p: int, key: str, damaged: int = 0) -> int:
    c = card(s, key)
    _pull(s, c)
    t = rules.kind(c).token
    s.bank[t] -= 1
    s.places[p].append([c, damaged, t])
    s._public(c)
    s._legal = None
    return c


def essence(key: str) -> int:
    for e in ESSENCES:
        if e.key == key:
            return e.index
    raise KeyError(key)


def set_const(s, keys, up: int) -> None:
    """The Constellation becomes these five Essence cards, ``up`` of them face up."""
    pool = s.ess_deck + s.ess_disc + s.const
    want = [essence(k) for k in keys]
    s.const = want
    rest = [e for e in pool if e not in want]
    s.ess_deck = rest
    s.ess_disc = []
    s.const_up = up
    s._legal = None


def set_tokens(s, p: int, cult=None, stake=None) -> None:
    """Set ``p``'s Cult / Stake, moving the difference to or from the bank."""
    for name, val in (("cult", cult), ("stake", stake)):
        if val is None:
            continue
        cur = getattr(s, name)[p]
        for t in range(3):
            s.bank[t] += cur[t] - val[t]
            cur[t] = val[t]
    s._legal = None


def A(s, name: str, i: int | None = None) -> int:
    off = s.C.off[name]
    return off if i is None else off + i


def play(s, key: str) -> int:
    return A(s, "play", KIND_INDEX[key])


def do(s, name: str, arg=None, seat: int | None = None) -> None:
    """Apply an action by family name (``arg``: a card key, a token type or an index)."""
    if seat is not None:
        assert s.current_player() == seat, f"seat {s.current_player()} to move, expected {seat}"
    if isinstance(arg, str):
        a = A(s, name, KIND_INDEX[arg])
    else:
        a = A(s, name, arg)
    s.apply_action(a)
    s.check_invariants()


def betting_state(n: int = 2, seed: int = 0, first: int = 0, **cfg):
    """A fresh first Hand at the start of Betting Round 1 with ``first`` as First Player."""
    game, s = make(n, seed=seed, **cfg)
    s.first = first
    s.turn = first
    s._legal = None
    return game, s


def decline_windows(s, seats=None) -> list[int]:
    """Decline every reaction / Closing window on top (all seats asked pass); returns who was asked.
    With ``seats``, check that exactly these seats are asked, in this order."""
    asked = []
    while s.pending and s.pending[-1][0] in ("react", "closing"):
        asked.append(s.current_player())
        s.apply_action(s.C.DECLINE)
        s.check_invariants()
    if seats is not None:
        assert asked == list(seats), f"asked {asked}, expected {list(seats)}"
    return asked
