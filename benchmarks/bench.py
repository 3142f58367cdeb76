"""Throughput of every mythenv game side by side with PettingZoo classic peers, in one run.

Measures, per env and repeat: agent-steps/s of uniformly random masked play through the full AEC
API (``last`` + mask + ``step``), raw State steps/s (``legal_actions`` + ``apply_action``),
observation-encoding cost, ``clone()`` vs ``copy.deepcopy`` and games/s. Reports medians and
spread, and the ratios to ``texas_holdem_v4`` (absolute numbers vary by machine).
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import statistics
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent
PEERS = ("texas_holdem_v4", "leduc_holdem_v4", "connect_four_v3")


def _aec_rate(make_env, seconds: float, seed: int) -> tuple[float, float]:
    """(agent-steps/s, games/s) of random masked play through the AEC API."""
    env = make_env()
    rng = np.random.default_rng(seed)
    steps = games = 0
    env.reset(seed=seed)
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for _agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
                legal = np.flatnonzero(mask)
                action = int(legal[rng.integers(len(legal))])
                steps += 1
            env.step(action)
        games += 1
        if time.perf_counter() > deadline:
            break
        env.reset(seed=int(rng.integers(2**31)))
    dt = time.perf_counter() - t0
    return steps / dt, games / dt


def _state_rate(game, seconds: float, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    obs_t = 0.0
    obs_n = 0
    buf = np.zeros(game.observation_size, np.float32)
    clones = []
    while time.perf_counter() < deadline:
        s = game.new_initial_state(seed=int(rng.integers(2**31)))
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
            if steps % 50 == 0:
                clones.append(s.clone())
                a = time.perf_counter()
                game.observation(s, s.current_player() if s.current_player() >= 0 else 0, buf)
                obs_t += time.perf_counter() - a
                obs_n += 1
    dt = time.perf_counter() - t0
    # clone vs deepcopy on the same states
    sample = clones[:200] or [game.new_initial_state(seed=0)]
    a = time.perf_counter()
    for st in sample:
        st.clone()
    clone_t = (time.perf_counter() - a) / len(sample)
    a = time.perf_counter()
    for st in sample[:50]:
        copy.deepcopy(st)
    deep_t = (time.perf_counter() - a) / len(sample[:50])
    return {"state_steps_per_s": steps / dt, "obs_us": 1e6 * obs_t / max(obs_n, 1),
            "clone_us": 1e6 * clone_t, "deepcopy_us": 1e6 * deep_t}


def run(seconds: float = 2.0, repeats: int = 3, games: list[str] | None = None, peers=PEERS) -> dict:
    import mythenv

    results: dict[str, dict] = {}
    envs = {}
    for gid in games or mythenv.list_games():
        envs[gid] = ("mythenv", gid)
    for peer in peers:
        envs[peer] = ("pettingzoo", peer)
    for name, (kind, key) in envs.items():
        if kind == "mythenv":
            def make(key=key):
                return mythenv.make_env(key)
        else:
            try:
                import importlib

                mod = importlib.import_module(f"pettingzoo.classic.{key}")
            except Exception as e:  # noqa: BLE001 - optional peers (pettingzoo[classic])
                results[name] = {"error": f"{type(e).__name__}: {e}"}
                continue

            def make(mod=mod):
                return mod.env()
        rates, gps = [], []
        for r in range(repeats):
            a, g = _aec_rate(make, seconds, seed=r)
            rates.append(a)
            gps.append(g)
        res = {"kind": kind, "aec_steps_per_s": statistics.median(rates),
               "aec_spread": [min(rates), max(rates)], "games_per_s": statistics.median(gps)}
        if kind == "mythenv":
            st = [_state_rate(mythenv.make_game(key), seconds, seed=r) for r in range(repeats)]
            for k in st[0]:
                res[k] = statistics.median(x[k] for x in st)
            res["adapter_ratio"] = res["aec_steps_per_s"] / res["state_steps_per_s"]
            res["clone_speedup_vs_deepcopy"] = res["deepcopy_us"] / res["clone_us"]
        results[name] = res
    base = results.get("texas_holdem_v4", {}).get("aec_steps_per_s")
    if base:
        for r in results.values():
            if "aec_steps_per_s" in r:
                r["ratio_to_texas_holdem_v4"] = r["aec_steps_per_s"] / base
    return {"machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "processor": platform.processor()},
            "seconds_per_measure": seconds, "repeats": repeats, "results": results}


def markdown(report: dict) -> str:
    lines = ["| env | AEC agent-steps/s (median, spread) | x texas_holdem_v4 | raw state steps/s | "
             "AEC / raw | obs encode (us) | clone (us) | deepcopy / clone | games/s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, r in report["results"].items():
        if "error" in r:
            lines.append(f"| {name} | not measured: {r['error'][:60]} | | | | | | | |")
            continue
        row = [name, f"{r['aec_steps_per_s']:,.0f} ({r['aec_spread'][0]:,.0f}-{r['aec_spread'][1]:,.0f})",
               f"{r.get('ratio_to_texas_holdem_v4', float('nan')):.2f}"]
        if r["kind"] == "mythenv":
            row += [f"{r['state_steps_per_s']:,.0f}", f"{r['adapter_ratio']:.2f}", f"{r['obs_us']:.1f}",
                    f"{r['clone_us']:.1f}", f"{r['clone_speedup_vs_deepcopy']:.0f}x"]
        else:
            row += ["-", "-", "-", "-", "-"]
        row.append(f"{r['games_per_s']:,.1f}")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks")
    p.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--games", nargs="*", help="mythenv game ids (default: all)")
    p.add_argument("--no-peers", action="store_true")
    p.add_argument("--quick", action="store_true", help="a CI-sized smoke run")
    p.add_argument("--out", default=str(HERE / "results.json"))
    p.add_argument("--readme", action="store_true", help="write the table into benchmarks/README.md")
    a = p.parse_args(argv)
    if a.quick:
        a.seconds, a.repeats = 0.2, 1
    report = run(a.seconds, a.repeats, a.games, () if a.no_peers else PEERS)
    Path(a.out).write_text(json.dumps(report, indent=2))
    table = markdown(report)
    print(table)
    if a.readme:
        readme = HERE / "README.md"
        text = readme.read_text() if readme.exists() else ""
        start, end = "<!-- results:start -->", "<!-- results:end -->"
        block = f"{start}\n{table}\n\nMachine: {report['machine']['platform']}, Python {report['machine']['python']}; " \
                f"{report['repeats']} repeats of {report['seconds_per_measure']} s.\n{end}"
        if start in text:
            text = text[:text.index(start)] + block + text[text.index(end) + len(end):]
        else:
            text += "\n" + block + "\n"
        readme.write_text(text)
    return 0
