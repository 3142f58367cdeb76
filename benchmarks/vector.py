"""The batched engine against the bare rules loop and the AEC API, decisions/s, in one run.

Per game and benchmark config (the default one and ``Game.benchmark_configs``), uniformly random play:

- **rules**: the bare rules loop, one game after another: the legal mask, a random legal action
  applied, the next observation encoded (the compiled encoder when built), nothing else;
- **AEC**: the PettingZoo AEC API (``agent_iter`` / ``last`` / ``step``, the loop of every AEC figure:
  ``benchmarks.bench.aec_steps``);
- **vector, W workers**: ``mythenv.make_vec(game, N, opponents="random", num_workers=W)``, the learner's
  actions drawn at random from ``action_masks()`` in one numpy pass per step, every seat's decisions
  counted (the learners' and the opponents', ``env.decisions``).

Per core (the rules loop, the AEC API, the engine in this process): this process's CPU time, which
other work on a shared machine does not inflate. Workers (the engine with 1 and with 2 worker
processes, the parent waiting on them): wall time. The measurements of one repeat run back to back; rates are the medians of the repeats, ratios the medians of each repeat's
ratios (pairing cancels the machine's drift). Ratios: the engine's rate over the rules loop's and over
the AEC's (per core, ``--num-envs`` rows; "more rows": ``--worker-envs`` rows, over which the
engine's fixed cost per step spreads thinner), and 2 workers over 1 (wall time, ``--worker-envs`` rows: a
step through Gymnasium's AsyncVectorEnv pays a fixed cost for its pipes, which only enough rows per
worker repay). "machine" is what two processes of a pure-Python loop get over one on the same machine
in the same run: the ceiling of "2 workers / 1".

    python -m benchmarks.vector [--seconds 2] [--repeats 5] [--num-envs 64] [--worker-envs 256] [--docs] [games ...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from pathlib import Path
from time import perf_counter, process_time

import numpy as np

import mythenv

from .bench import aec_steps

HERE = Path(__file__).parent


def rules_rate(game_id: str, config: dict, seconds: float, seed: int = 0, clock=process_time) -> float:
    """Decisions/s of the bare rules loop (mask + random legal action + apply + encode)."""
    game = mythenv.make_game(game_id, **config)
    rng = np.random.default_rng(seed)
    obs = np.zeros(game.observation_size, np.float32)
    mask = np.zeros(game.num_actions, np.int8)
    c, layout = game._c_encode, game.c_layout
    if type(game).observation is not mythenv.Game.observation:
        c = None
    n = 0
    t0 = clock()
    deadline = t0 + seconds
    while clock() < deadline:
        st = game.new_initial_state(seed=int(rng.integers(2**62)))
        p = st.current_player()
        while p >= 0:
            if c is None or not c(st, p, obs, layout):
                game.observation(st, p, obs)
            st.legal_mask(mask)
            la = st._legal_view()
            st._apply(la[int(rng.random() * len(la))])
            n += 1
            p = st.current_player()
    return n / (clock() - t0)


def aec_rate(game_id: str, config: dict, seconds: float, seed: int = 0, clock=process_time) -> float:
    """Decisions/s of random masked play through the AEC API (``benchmarks.bench.aec_steps``)."""
    play = aec_steps(mythenv.make_env(game_id, **config), seed)
    n = 0
    t0 = clock()
    deadline = t0 + seconds
    for _ in play:
        n += 1
        if n & 63 == 0 and clock() > deadline:
            break
    return n / (clock() - t0)


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of the bool ``(N, A)`` mask, in a few numpy passes:
    the legal actions of all rows in one array, each row's pick at its offset in it."""
    n, a = mask.shape
    legal = np.flatnonzero(mask)
    counts = np.count_nonzero(mask, axis=1)
    pick = np.cumsum(counts) - counts + (rng.random(n) * counts).astype(np.int64)
    return legal[pick] - np.arange(n) * a


def vector_rate(game_id: str, config: dict, seconds: float, num_envs: int, workers: int, seed: int = 0,
                clock=perf_counter) -> float:
    """Decisions/s (every seat's) of the vector engine with random opponents and random learners: the
    decisions over the time spent inside ``step`` (``clock``: ``process_time`` measures this process
    only, so only with ``workers=1``). The learners' draw of their actions from ``action_masks()`` is
    the learner's work, not the engine's, and is left out, as the bare rules loop leaves out
    everything but the mask, the apply and the encoding (its own draw, one ``rng.random()`` a
    decision, stays in it)."""
    env = mythenv.make_vec(game_id, num_envs, opponents="random", num_workers=workers, seed=seed, **config)
    try:
        rng = np.random.default_rng(seed)
        env.reset()
        for _ in range(3):   # warm up (the workers' first steps)
            env.step(random_actions(env.action_masks(), rng))
        d0 = env.decisions
        t0 = clock()
        deadline = t0 + seconds
        inside = 0.0
        while clock() < deadline:
            for _ in range(8):
                acts = random_actions(env.action_masks(), rng)
                t = clock()
                env.step(acts)
                inside += clock() - t
        return (env.decisions - d0) / inside
    finally:
        env.close()


def _spin(n: int) -> float:
    t0 = perf_counter()
    s = 0
    for i in range(n):
        s += i * i
    return perf_counter() - t0


def machine_scaling(seconds: float) -> float:
    """What 2 processes give on this machine: the throughput of a pure-Python loop in 2 processes at
    once over 1 process alone (2.0 on two free cores; a shared or throttled machine gives less). The
    ceiling of the engine's "2 workers / 1" in the same run."""
    import multiprocessing as mp

    n = 200_000
    while _spin(n) < seconds / 4:
        n *= 2
    one = _spin(n)
    with mp.get_context().Pool(2) as pool:
        pool.map(_spin, [1000, 1000])   # started before the clock
        t0 = perf_counter()
        pool.map(_spin, [n, n])
        two = perf_counter() - t0
    return 2 * one / two


def cases(games: list[str]) -> list[tuple[str, dict]]:
    out = []
    for gid in games or mythenv.list_games():
        out.append((gid, {}))
        out.extend((gid, dict(c)) for c in mythenv.game_class(gid).benchmark_configs)
    return out


def label(gid: str, config: dict) -> str:
    return gid + ("" if not config else " " + ",".join(f"{k}={v}" for k, v in config.items()))


def table(rows: list[dict]) -> str:
    lines = ["| game (config) | rules loop | AEC API | vector | vector / rules | vector / AEC | vector / rules, more rows "
             "| vector, 1 worker (wall) | vector, 2 workers (wall) | 2 workers / 1 | machine: 2 processes / 1 |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        m, q = r["median"], r["ratios"]
        lines.append(f"| {r['case']} | {m['rules']:,.0f} | {m['aec']:,.0f} | {m['vector']:,.0f} "
                     f"| {q['vector/rules']:.2f} | {q['vector/aec']:.2f} | {q['vector_more/rules']:.2f} "
                     f"| {m['workers_1']:,.0f} | {m['workers_2']:,.0f} | {q['workers_2/1']:.2f} | {q['machine']:.2f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.vector")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    ap.add_argument("--repeats", type=int, default=5, help="rates: the median of this many; ratios: the median "
                    "of the ratios of each repeat's back-to-back measurements")
    ap.add_argument("--num-envs", type=int, default=64, help="rows of the engine in this process")
    ap.add_argument("--worker-envs", type=int, default=256, help="rows of the 1- and 2-worker measurements")
    ap.add_argument("--json", default=str(HERE / "vector.json"))
    ap.add_argument("--docs", action="store_true", help="write the table into docs/vector.md (the vector block)")
    a = ap.parse_args(argv)
    rows = []
    print(table([]), flush=True)
    for gid, cfg in cases(a.games):
        runs = []
        for rep in range(a.repeats):
            runs.append({
                "rules": rules_rate(gid, cfg, a.seconds, rep),
                "aec": aec_rate(gid, cfg, a.seconds, rep),
                "vector": vector_rate(gid, cfg, a.seconds, a.num_envs, 1, rep, process_time),
                "vector_more": vector_rate(gid, cfg, a.seconds, a.worker_envs, 1, rep, process_time),
                "workers_1": vector_rate(gid, cfg, a.seconds, a.worker_envs, 1, rep),
                "workers_2": vector_rate(gid, cfg, a.seconds, a.worker_envs, 2, rep),
                "machine": machine_scaling(a.seconds),
            })
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        ratios = {"vector/rules": statistics.median(r["vector"] / r["rules"] for r in runs),
                  "vector/aec": statistics.median(r["vector"] / r["aec"] for r in runs),
                  "vector_more/rules": statistics.median(r["vector_more"] / r["rules"] for r in runs),
                  "workers_2/1": statistics.median(r["workers_2"] / r["workers_1"] for r in runs),
                  "machine": med["machine"]}
        row = {"case": label(gid, cfg), "game": gid, "config": cfg, "median": med, "ratios": ratios, "runs": runs}
        rows.append(row)
        print(table([row]).splitlines()[-1], flush=True)
    cmd = "python -m benchmarks.vector " + " ".join(argv if argv is not None else sys.argv[1:])
    report = {"command": cmd.strip(), "num_envs": a.num_envs, "worker_envs": a.worker_envs, "seconds": a.seconds,
              "repeats": a.repeats, "cpus": os.cpu_count(), "load_average": os.getloadavg()[0],
              "python": platform.python_version(),
              "unit": "decisions/s (every seat's), medians of the repeats: CPU time of this process for rules / aec / "
                      "vector, wall time for workers_1 / workers_2",
              "rows": rows, "table": table(rows)}
    Path(a.json).write_text(json.dumps(report, indent=1) + "\n")
    if a.docs:
        docs_block(report)
    return 0


def docs_block(report: dict) -> None:
    """The table of ``report`` (a ``benchmarks/vector.json``) into docs/vector.md, with its command."""
    from .readme import write_block

    write_block("vector", f"`{report['command']}` ({report['cpus']} CPUs, load average {report['load_average']:.1f} "
                f"when it ended; decisions/s, medians of {report['repeats']} repeats):\n\n{report['table']}",
                HERE.parent / "docs" / "vector.md")


if __name__ == "__main__":
    raise SystemExit(main())
