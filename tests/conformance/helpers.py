from dataclasses import dataclass
from functools import partial

import numpy as np


def random_walk(state, rng, max_steps, on_step=None):
    """Play uniformly random legal actions until the end (or ``max_steps``); returns the actions."""
    actions = []
    while not state.is_terminal() and len(actions) < max_steps:
        la = state.legal_actions()
        assert la, f"no legal action in a live state at step {len(actions)}"
        a = la[int(rng.integers(len(la)))]
        if on_step is not None:
            on_step(state, a, len(actions))
        state.apply_action(a)
        actions.append(a)
    return actions


def mask_of(game, state):
    m = np.zeros(game.num_actions, np.int8)
    state.legal_mask(m)
    return m


def python_observation(game, state, p: int) -> np.ndarray:
    """Seat ``p``'s observation by the game's Python encoder (the reference), whatever is compiled."""
    out = np.zeros(game.observation_size, np.float32)
    game.encode(state, p, out)
    return out


def checked_observation(game, state, p: int) -> np.ndarray:
    """Seat ``p``'s observation by the Python encoder, checked to equal the compiled one's (if built)."""
    out = python_observation(game, state, p)
    if game.compiled is not None:
        buf = np.zeros(game.observation_size, np.float32)
        assert game.compiled.encode(state, p, buf, game.c_layout) is True
        assert np.array_equal(buf, out)
    return out


# ----------------------------------------------------------------------------- what happens next
#: Observation pieces that say whose decision it is, what kind of decision, whom it concerns, and the
#: turn / round counters that move when a turn ends: what "whose turn it is" is made of. Whose turn it
#: is is public, so a difference confined to these pieces is a leak (see test_turn_order_leak.py).
#: Every other piece carries content (cards, tokens, dice, sizes).
TURN_PIECES = frozenset({
    "decision", "phase", "step", "to_move", "seat_to_move", "decider", "turn_seat", "seat",
    "turn", "round", "bet_round", "hands", "acted_now", "action_points", "ap_used",
    "speech_context", "halving", "dec_heroes", "effect_source", "effect_op", "order_options",
    "pending_seat", "pending_seats", "pending_from", "combat",
})


def turn_piece_mask(game) -> np.ndarray:
    """``bool[observation_size]``: True on the indices of the game's pieces named in ``TURN_PIECES``."""
    m = np.zeros(game.observation_size, bool)
    for name, piece in game.observer.pieces.items():
        if name in TURN_PIECES:
            m[piece.start:piece.stop] = True
    return m


def pieces_at(game, idx) -> list[str]:
    """The names of the observation pieces holding the flat indices ``idx`` (in layout order)."""
    idx = np.asarray(idx)
    return [n for n, pc in game.observer.pieces.items() if ((idx >= pc.start) & (idx < pc.stop)).any()]


def synced_resample(state, p: int, rng):
    """``state.resample_hidden(p, rng)`` with the chance generator of ``state`` (a copy of its bit
    generator state): the two worlds roll the same dice and shuffle alike as long as they draw alike."""
    from mythenv.core.game import rng_in_state

    r = state.resample_hidden(p, rng)
    r.rng = rng_in_state(state.rng.bit_generator.state)
    return r


def catch_up(game, ahead, behind, p: int, depth: int, budget: list) -> list | None:
    """Actions of the seats to move in ``behind`` alone (at most ``depth`` of them, ``budget[0]``
    positions tried at most) after which seat ``p`` observes ``behind`` exactly as ``ahead``, with the
    same seat to move: decisions one world asks for and the other does not. None if there are none."""
    want = game.observation(ahead, p)
    cp = ahead.current_player()
    frontier = [(behind, [])]
    for _ in range(depth):
        nxt = []
        for st, path in frontier:
            if st.is_terminal():
                continue
            for b in st.legal_actions():
                if budget[0] <= 0:
                    return None
                budget[0] -= 1
                c = st.clone()
                c.apply_action(b)
                seq = path + [(st.current_player(), st.action_to_string(b))]
                if c.current_player() == cp and np.array_equal(game.observation(c, p), want):
                    return seq
                nxt.append((c, seq))
        frontier = nxt
    return None


@dataclass
class Leak:
    """What :func:`follow_same_actions` found: after ``step`` same actions (the last one ``action``)
    the two worlds ask ``seats`` to move and seat ``seat`` tells them apart by ``pieces``. ``kind``:
    "seat to move" (observations identical), "turn only" (only turn pieces differ), "extra decisions"
    (one world asks for decisions the other does not, ``extra``), "content" (content differs though
    nothing new appeared), "mask" (the seat's own legal actions differ), "resample" (its observation
    differs already in the resample), "end" (the game ends in one world only). ``where``: the game,
    config, seed and step of the start state."""

    kind: str
    seat: int
    step: int
    action: str = ""
    seats: tuple = ()
    pieces: tuple = ()
    extra: tuple = ()
    where: str = ""

    def __str__(self) -> str:
        return (f"{self.where}: {self.kind}: seat {self.seat}, step {self.step} ({self.action}), seats to move "
                f"{self.seats}, differing pieces {list(self.pieces)}" + (f", extra {list(self.extra)}" if self.extra else ""))


def follow_same_actions(game, s, r, p: int, rng, max_steps: int, turn_mask=None, stats=None,
                        script=None, catch_up_depth: int = 2, catch_up_budget: int = 80):
    """Play the same actions in the worlds ``s`` and ``r`` (two worlds seat ``p`` cannot tell apart;
    both are moved on) while some action is legal in both, chosen uniformly among those (or the
    actions of ``script``, then stop); stop at the first step after which seat ``p`` observes a
    revealed difference (see test_turn_order_leak.py for the rules). Returns a :class:`Leak` or None.
    ``stats``: a dict counting why the walks stopped ("end", "no common action", "revealed",
    "steps") and the steps compared ("compared")."""
    if stats is None:
        stats = {}
    if turn_mask is None:
        turn_mask = turn_piece_mask(game)

    def stop(why, steps):
        stats[why] = stats.get(why, 0) + 1
        stats["compared"] = stats.get("compared", 0) + steps

    pre = game.observation(s, p)
    pre_r = game.observation(r, p)
    if not np.array_equal(pre, pre_r):
        return Leak("resample", p, 0, pieces=tuple(pieces_at(game, np.flatnonzero(pre != pre_r))))
    if script is not None:
        max_steps = len(script)
    for step in range(max_steps):
        if s.is_terminal() or r.is_terminal():
            if s.is_terminal() != r.is_terminal():
                return Leak("end", p, step, seats=(s.current_player(), r.current_player()))
            stop("end", step)
            return None
        cp = s.current_player()
        la_s, la_r = s.legal_actions(), r.legal_actions()
        if cp == p and sorted(la_s) != sorted(la_r):
            return Leak("mask", p, step, seats=(cp, cp),
                        extra=tuple(s.action_to_string(a) for a in sorted(set(la_s) ^ set(la_r))[:8]))
        common = sorted(set(la_s) & set(la_r))
        if script is not None:
            a = script[step]
            assert a in common, f"scripted action {s.action_to_string(a)} is not legal in both worlds"
        elif not common:
            stop("no common action", step)
            return None
        else:
            a = common[int(rng.integers(len(common)))]
        s.apply_action(a)
        r.apply_action(a)
        post_s, post_r = game.observation(s, p), game.observation(r, p)
        cp_s, cp_r = s.current_player(), r.current_player()
        diff = post_s != post_r
        found = partial(Leak, seat=p, step=step, action=game.action_to_string(a), seats=(cp_s, cp_r),
                        pieces=tuple(pieces_at(game, np.flatnonzero(diff))))
        if not diff.any() and cp_s == cp_r:
            pre = post_s
            continue
        if not diff.any():
            return found("seat to move")
        content = np.flatnonzero(diff & ~turn_mask)
        if content.size == 0:
            return found("turn only")
        if cp_s != cp_r or (diff & turn_mask).any():
            budget = [catch_up_budget]
            for ahead, behind in ((r, s), (s, r)):
                seq = catch_up(game, ahead, behind, p, catch_up_depth, budget)
                if seq is not None:
                    return found("extra decisions", extra=tuple(seq))
        appeared = content[(post_s[content] > pre[content]) | (post_r[content] > pre[content])]
        if appeared.size:  # p sees something new that differs between the worlds: observed chance
            stop("revealed", step + 1)
            return None
        return found("content")
    stop("steps", max_steps)
    return None


def turn_order_leaks(game, seeds, starts: int, max_steps: int, rng_seed: int = 0,
                     first_only: bool = True, stats=None) -> list[Leak]:
    """Run :func:`follow_same_actions` from ``starts`` states spread evenly over each seeded random
    game, for every seat against a world resampled from its view (``synced_resample``); the leaks
    found (only the first with ``first_only``), each with ``where`` it started."""
    rng = np.random.default_rng(rng_seed)
    turn_mask = turn_piece_mask(game)
    leaks = []
    for seed in seeds:
        s = game.new_initial_state(seed=seed)
        walk = np.random.default_rng([rng_seed, seed])
        length = len(random_walk(s.clone(), np.random.default_rng([rng_seed, seed]), game.max_game_length))
        every = max(1, length // starts)
        step = 0
        while not s.is_terminal():
            if step % every == 0:
                for p in range(game.num_players):
                    leak = follow_same_actions(game, s.clone(), synced_resample(s, p, rng), p, rng,
                                               max_steps, turn_mask, stats)
                    if leak is not None:
                        leak.where = f"{game.info.game_id} {game.config} seed {seed} start step {step}"
                        leaks.append(leak)
                        if first_only:
                            return leaks
            la = s.legal_actions()
            s.apply_action(la[int(walk.integers(len(la)))])
            step += 1
    return leaks
