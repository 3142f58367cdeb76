"""Conformance: a seat's legal actions are a function of its observation.

Why it must hold: a policy (a trained network, a search agent, OpenSpiel's ISMCTSBot through the
bridge, whose information-state string is the observation) sees only the seat's observation and the
action mask. If two positions give the mover the same observation but different legal actions, the
mover cannot see what it is deciding about (which item it is equipping, which sphere its Battle turn
is bound to, which plane a card goes to): the mask then carries information the observation lacks,
a policy trained on observations cannot tell the two decisions apart, and a search keyed by the
observation meets one node with two action sets (OpenSpiel's ``ISMCTSBot`` stops with a
``KeyError`` unless ``allow_inconsistent_action_sets=True``). Since a seat's observation carries what
its player sees and remembers at the table, and the player can always tell what it may do, the mask
must be derivable from the observation.

The check, over every game and config of ``CASES``: seeded random games and a heuristic game; at
every position of the walk, the positions one action away (every legal action, or a sample of them)
and one random action further, and a world resampled from the mover's view
(``State.resample_hidden``), map the mover's observation bytes to its sorted legal actions; every
observation must map to one legal set. The branches are what find the gaps: the same walk rarely
meets one observation twice, but two sibling choices (item A or item B from the same offer) that
lead to the same observation do, exactly as a search tree does.

Limit: it is statistical. It sees only the positions the bounded walks reach, and two positions
only when they give the same observation bytes; a gap in a decision that random and heuristic play
rarely reach, or that needs two different histories to meet, may stay unseen. A pass means no
counterexample in that sample, not a proof.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

import mythenv
from mythenv.core.view import SeatView

from .cases import SUITE_CASES as CASES  # the test games too

#: per case: random games, heuristic games, steps per game, sibling actions per position, resample every k steps
RANDOM_GAMES, HEURISTIC_GAMES, MAX_STEPS, BRANCH, RESAMPLE_EVERY = 3, 1, 300, 4, 4


@dataclass
class Seen:
    legal: tuple[int, ...]
    where: tuple
    state: dict


def _decision(game, obs: np.ndarray) -> dict:
    """The nonzero entries of the observation's decision-kind piece (its name differs per game)."""
    out = {}
    for name in ("decision", "phase", "step"):
        if name in game.observer.pieces:
            out[name] = np.flatnonzero(game.observer.piece(obs, name)).tolist()
    return out


def observation_mask_conflicts(game, random_seeds, heuristic_seeds, max_steps=MAX_STEPS, branch=BRANCH,
                               resample_every=RESAMPLE_EVERY, limit=3, min_count=0) -> tuple[list[str], int]:
    """Walk the games (module docstring) and return up to ``limit`` descriptions of two positions with
    the same mover observation and different legal actions, and how many positions were compared.
    Fewer than ``min_count`` positions compared after the seeds given: more random games (the next
    seeds) until there are (a short game, such as Kuhn poker's three moves, needs many)."""
    seen: dict[bytes, Seen] = {}
    conflicts: list[str] = []
    count = 0

    def record(st, where) -> None:
        nonlocal count
        if st.is_terminal() or len(conflicts) >= limit:
            return
        p = st.current_player()
        obs = game.observation(st, p)
        legal = tuple(sorted(st.legal_actions()))
        key = obs.tobytes()
        count += 1
        prev = seen.get(key)
        if prev is None:
            seen[key] = Seen(legal, where, st.to_dict())
        elif prev.legal != legal:
            a, b = set(prev.legal), set(legal)
            name = st.action_to_string
            conflicts.append(
                f"{game.info.game_id} {game.config}: seat {p}'s observation at {prev.where} and at {where} "
                f"(mode, seed, step, how reached) is the same, the legal actions differ: only in the first "
                f"{[name(x) for x in sorted(a - b)]}, only in the second {[name(x) for x in sorted(b - a)]}; "
                f"decision {_decision(game, obs)}")

    def more_seeds():
        seed = max(random_seeds, default=-1) + 1
        while count < min_count and len(conflicts) < limit:
            yield seed
            seed += 1

    for mode, seeds in (("random", random_seeds), ("heuristic", heuristic_seeds), ("random", more_seeds())):
        for seed in seeds:
            state = game.new_initial_state(seed=seed)
            rng = np.random.default_rng(seed + 1000)
            step = 0
            while not state.is_terminal() and step < max_steps and len(conflicts) < limit:
                p = state.current_player()
                la = state.legal_actions()
                record(state, (mode, seed, step, "walk"))
                alts = la if len(la) <= branch else [la[i] for i in rng.choice(len(la), branch, replace=False)]
                for b in alts:
                    c = state.clone()
                    c.apply_action(b)
                    record(c, (mode, seed, step, f"action {b}"))
                    if not c.is_terminal():
                        l2 = c.legal_actions()
                        c.apply_action(l2[int(rng.integers(len(l2)))])
                        record(c, (mode, seed, step, f"action {b} then one more"))
                if resample_every and step % resample_every == 0:
                    record(state.resample_hidden(p, rng), (mode, seed, step, "resampled for the mover"))
                if mode == "random":
                    a = la[int(rng.integers(len(la)))]
                else:
                    a = game.heuristic(SeatView(game, state, p, rng), rng)
                state.apply_action(a)
                step += 1
    return conflicts, count


@pytest.mark.parametrize("gid,cfg", CASES)
def test_mover_observation_determines_its_legal_actions(gid, cfg):
    """Every mover observation met in the bounded walks maps to one set of legal actions (module
    docstring)."""
    game = mythenv.make_game(gid, **cfg)
    conflicts, count = observation_mask_conflicts(game, range(RANDOM_GAMES), range(HEURISTIC_GAMES), min_count=500)
    assert not conflicts, "\n".join(conflicts)
    assert count >= 500, count  # the walks compared positions, not only a few


def test_the_check_finds_a_mask_the_observation_does_not_determine(monkeypatch):
    """The check is not vacuous: when Hera and Zeus' observation is blanked (every position then
    looks the same to the mover), it reports positions with different legal actions."""
    game = mythenv.make_game("hera_zeus_v0")
    monkeypatch.setattr(type(game), "observation",
                        lambda self, state, p, out=None: np.zeros(self.observation_size, np.float32))
    conflicts, _ = observation_mask_conflicts(game, range(1), range(0), max_steps=20, limit=1)
    assert conflicts and "the legal actions differ" in conflicts[0], conflicts
