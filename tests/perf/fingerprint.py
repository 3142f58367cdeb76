"""Behaviour fingerprints of every game: sha256 over seeded random games of every test config.

Each step records, for every seat, the observation vector (encoded into a reused, dirty buffer and
into a fresh one), the legal action list, the int8 legal mask and ``to_dict()``. Performance work
on encoders, legal-action generation and rules must leave these hashes unchanged bit for bit.

    python -m tests.perf.fingerprint --games 200 --check tests/perf/fingerprints_200.json  # long check
    python -m tests.perf.fingerprint --games 5 --write   # rewrite tests/perf/fingerprints.json

``fingerprints.json`` (5 games per config) is what the test suite checks; ``fingerprints_200.json``
(200 games per config, ``--games 200 --out tests/perf/fingerprints_200.json``) is the long check to run by hand after
touching an encoder or the rules. Regenerate either only for an intended behaviour change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

import mythenv

HERE = Path(__file__).parent
FILE = HERE / "fingerprints.json"


def label(gid: str, cfg: dict) -> str:
    return gid + json.dumps(cfg, sort_keys=True)


def configs():
    for gid in mythenv.list_games():
        cls = mythenv.game_class(gid)
        cfgs = [dict(c) for c in cls.test_configs]
        if {} not in cfgs:
            cfgs.insert(0, {})
        for cfg in cfgs:
            yield gid, cfg


def fingerprint(gid: str, cfg: dict, games: int, with_dict: bool = True) -> str:
    game = mythenv.make_game(gid, **cfg)
    n = game.num_players
    h = hashlib.sha256()
    dirty = np.zeros(game.observation_size, np.float32)
    mask = np.zeros(game.num_actions, np.int8)
    for g in range(games):
        rng = np.random.default_rng(1000 + g)
        state = game.new_initial_state(seed=g)
        step = 0
        while True:
            for p in range(n):
                obs = game.observation(state, p, dirty)
                h.update(obs.tobytes())
                if step % 7 == 3:  # a fresh buffer must give the same vector
                    assert np.array_equal(game.observation(state, p), obs), (gid, cfg, g, step, p)
            if with_dict:
                h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
            if state.is_terminal():
                h.update(repr(state.returns()).encode())
                break
            cur = state.current_player()
            la = state.legal_actions()
            h.update(repr((cur, la)).encode())
            state.legal_mask(mask)
            h.update(mask.tobytes())
            h.update(repr(state.finished_seats()).encode())
            state.apply_action(la[int(rng.integers(len(la)))])
            step += 1
            # exercise clone / round trip mid-game (caches must survive them)
            if step % 23 == 0:
                state = state.clone()
            elif step % 61 == 0:
                state = game.state_from_dict(state.to_dict())
        h.update(str(step).encode())
    return h.hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", nargs="*", help="game ids")
    ap.add_argument("--write", action="store_true", help="write the fingerprints file")
    ap.add_argument("--out", default=None, help="write to this file instead")
    ap.add_argument("--check", default=None, help="compare against this file")
    a = ap.parse_args(argv)
    res = {}
    for gid, cfg in configs():
        if a.only and gid not in a.only:
            continue
        res[label(gid, cfg)] = fingerprint(gid, cfg, a.games)
        print(label(gid, cfg), res[label(gid, cfg)], flush=True)
    if a.check:
        ref = json.loads(Path(a.check).read_text())["fingerprints"]
        bad = [k for k in res if ref.get(k) != res[k]]
        print("MISMATCH:" if bad else "all identical", *bad)
        return 1 if bad else 0
    if a.write or a.out:
        Path(a.out or FILE).write_text(json.dumps({"games": a.games, "fingerprints": res}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
