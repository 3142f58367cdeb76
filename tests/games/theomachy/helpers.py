"""Builders for Theomachy scenario tests: put exact cards, tokens and Constellation in place; for the
Advanced / Epic games, play the preparation with chosen Pantheons and Gods, put Mythology cards in
play, and drive a game forward with a plain policy."""

from __future__ import annotations

import mythenv
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.cards import ESSENCES, KIND_INDEX
from mythenv.games.theomachy.pantheons import DEITIES, DEITY_INDEX, MYTH_INDEX, PANTHEONS, WINDOWS

GID = "theomachy_v0"
PAN = {p.key: p.index for p in PANTHEONS}


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


def public(game, s) -> tuple:
    """What the table sees of whose turn it is: the seat to act, every seat's ``decision`` and
    ``to_move`` pieces and the ansi header of every seat's view."""
    out = [s.current_player()]
    for p in range(s.n):
        ob = game.observation_dict(s, p)
        out.append(tuple(ob["decision"].tolist()) + tuple(ob["to_move"].tolist()))
        out.append(s.render(p).splitlines()[0])
    return tuple(out)


def declined_trace(game, s) -> list:
    """Decline every reaction / Closing window on top; the ``public`` trace of each step."""
    trace = [public(game, s)]
    while s.pending and s.pending[-1][0] in ("react", "closing"):
        s.apply_action(s.C.DECLINE)
        s.check_invariants()
        trace.append(public(game, s))
    return trace


# ------------------------------------------------------------------ Advanced / Epic games
def act(s, a, i: int = 0) -> None:
    """Apply action ``a`` (or, with a family name, that family's action ``i``), which must be legal."""
    if isinstance(a, str):
        a = s.C.off[a] + i
    assert a in s.legal_actions(), (s.C.describe(a), [s.C.describe(x) for x in s.legal_actions()])
    s.apply_action(a)
    s.check_invariants()


def names(s) -> list[str]:
    return [s.C.decode[a][0] for a in s.legal_actions()]


def myth_a(s, key: str) -> int:
    return A(s, "myth", MYTH_INDEX[key])


def adv_game(n: int = 2, mode: str = "advanced", **cfg):
    return mythenv.make_game(GID, num_players=n, deck="draft", mode=mode, **cfg)


def to_gods(n: int = 2, mode: str = "advanced", seed: int = 0, pans=None, **cfg):
    """A game at the Final Selection of the God (Pantheons chosen, the draft done by first choices)."""
    game = adv_game(n, mode, **cfg)
    s = game.new_initial_state(seed=seed)
    for p in range(n):
        assert s.current_player() == p
        act(s, "pantheon", pans[p])
    while s.step in (rules.DRAFT_PICK, rules.DRAFT_DROP):
        s.apply_action(s.legal_actions()[0])
    assert s.step == rules.GOD
    return game, s


def choose(s, god: str) -> None:
    d = DEITY_INDEX[god]
    act(s, "god", PANTHEONS[DEITIES[d].pantheon].deities.index(d))


def prepared(gods=("poseidon", "thor"), seed: int = 0, mode: str = "advanced", **cfg):
    """A new game whose seats chose the Pantheons and Gods of ``gods`` (seat order), the draft played
    with the first legal pick / drop; returns (game, state) at the first Hand."""
    game, s = to_gods(len(gods), mode, seed, [DEITIES[DEITY_INDEX[g]].pantheon for g in gods], **cfg)
    for g in gods:
        choose(s, g)
    return game, s


def game_with(gods=("danu", "marduk"), mode: str = "advanced", seed: int = 0, first: int = 0, **cfg):
    """A game whose seats play ``gods``, at the first betting turn of Hand 1 (windows declined) with
    ``first`` as First Player."""
    game, s = prepared(gods, seed, mode, **cfg)
    while s.pending and s.pending[-1][0] == "window":
        s.apply_action(s.C.DECLINE)
    assert s.step == rules.BET and not s.pending, (s.step, s.pending)
    s.first = first
    s.turn = first
    s._legal = None
    s.check_invariants()
    return game, s


WATER_UP = ["water_order_3", "fire_order_3", "air_order_3", "earth_order_3", "fire_chaos_3"]


def adv_betting(gods=("poseidon", "thor"), first: int = 0, hands=None, seed: int = 0, const=WATER_UP, **cfg):
    """The first Hand of a prepared Advanced game at the start of Betting Round 1, ``first`` the First
    Player, all five Constellation cards face up, the given hands."""
    game, s = game_with(gods, seed=seed, first=first, **cfg)
    set_const(s, const, up=5)
    for p in range(s.n):
        set_hand(s, p, (hands or {}).get(p, []))
    return game, s


def adv_battle(gods=("poseidon", "thor"), first: int = 0, hands=None, stakes=None, **kw):
    """A prepared Advanced Hand moved straight to its Battle (windows at its start may be open)."""
    game, s = adv_betting(gods, first, hands, **kw)
    for p, st in (stakes or {}).items():
        set_tokens(s, p, stake=st)
        s.paid[p] = [0, 0, 0]
    s.level = [0, 0, 0]
    s.round = 3
    s._start_battle()
    return game, s


def own(s, p: int, key: str) -> int:
    """``p`` has bought Mythology card ``key`` of its deck (in play in front of the Deity sheet)."""
    m = MYTH_INDEX[key]
    if m in s.myth_own[p]:
        return m
    if m in s.myth_out[p]:
        s.myth_out[p].remove(m)
    else:
        s.myth_deck[p].remove(m)
    s.myth_own[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def to_top(s, p: int, key: str) -> int:
    """Mythology card ``key`` becomes the face-up top card of ``p``'s deck."""
    m = MYTH_INDEX[key]
    s.myth_deck[p].remove(m)
    s.myth_deck[p].append(m)
    s.myth_known[p] = 0
    s._legal = None
    return m


def empty_hands(s) -> None:
    """One Effect card each (a seat holding no card at all has its turns end by themselves)."""
    for p in range(s.n):
        set_hand(s, p, ["insight"])


def window(s):
    """(seat, window name) of the open Mythology window, else None."""
    if s.pending and s.pending[-1][0] == "window":
        return s.pending[-1][1], WINDOWS[s.pending[-1][2]]
    return None


def window_open(s, name: str, seat: int | None = None) -> bool:
    w = window(s)
    return w is not None and w[1] == name and (seat is None or w[0] == seat)


def battle_window(s) -> bool:
    return window_open(s, "battle_start")


def battle_end_window(s) -> bool:
    return window_open(s, "battle_end")


def in_battle(s) -> bool:
    return s.step == rules.BATTLE and not s.pending


def after_closing(st) -> bool:
    """The Hand's Closing Phase is over (or the game)."""
    return st.is_terminal() or st.step in (rules.PRAYER, rules.MYTH) or st.hands > 0


def plain(s) -> int:
    """Pass / call / end the turn, decline windows (no card, no Ability, no Mythology card)."""
    C = s.C
    la = s.legal_actions()
    for a in (C.DECLINE, C.PASS, C.CALL, C.END, C.BLIND, C.off["myth_leave"]):
        if a in la:
            return a
    raise AssertionError([C.decode[a] for a in la])


def folds(seats):
    """``plain``, but the seats in ``seats`` fold when they may in the Betting Phase."""
    def pol(st):
        if (st.step == rules.BET and not st.pending and st.current_player() in seats
                and st.C.FOLD in st.legal_actions()):
            return st.C.FOLD
        return plain(st)
    return pol


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


def until(s, pred, policy=plain, limit: int = 400) -> None:
    """Apply ``policy`` until ``pred(s)`` holds (checked before each move)."""
    for _ in range(limit):
        if pred(s):
            return
        assert not s.is_terminal(), "the game ended first"
        act(s, policy(s))
    raise AssertionError("the position was not reached")


def run_until(s, pred) -> None:
    """``until`` with ``default_action`` (the First Player stays in, the others fold)."""
    until(s, pred, default_action)


def to_battle(s) -> None:
    """Everyone passes / calls / ends the turn through the three Betting Rounds (no cards played)."""
    C = s.C
    while s.step == rules.BET and not s.pending:
        la = s.legal_actions()
        for a in (C.PASS, C.CALL, C.END):
            if a in la:
                act(s, a)
                break
        else:
            raise AssertionError(f"no pass / call / end_turn in {[C.decode[a] for a in la]}")


def pass_turns(s) -> None:
    """Every seat in the Battle passes (or ends its turn) until the End of Battle or a decision."""
    while in_battle(s):
        act(s, s.C.PASS if s.C.PASS in s.legal_actions() else s.C.END)


def pass_battle(s, limit: int = 40) -> None:
    """Every seat passes (or ends its turn) until the Battle is over and the Closing Phase done;
    windows are declined."""
    for _ in range(limit):
        if s.step not in (rules.BATTLE, rules.CLOSING) or s.is_terminal():
            return
        if s.pending:
            s.apply_action(s.C.DECLINE)
            continue
        la = s.legal_actions()
        s.apply_action(s.C.PASS if s.C.PASS in la else s.C.END)
    raise AssertionError("the Battle did not end")


def to_myth(s) -> None:
    """Play the Hand out: the seats other than the First Player fold, the First Player wins; everyone
    takes the Prayer deck's top card; stop at the Myth Phase."""
    until(s, lambda st: st.step == rules.MYTH, folds(set(range(s.n)) - {s.first}))


def to_round(s, r: int) -> None:
    """Everyone passes until Betting Round ``r`` (0-based) begins (the First Player to act)."""
    until(s, lambda st: st.step == rules.BET and not st.pending and st.round == r
          and st.current_player() == st.first and not st.acted_now)
