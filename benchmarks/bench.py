"""Throughput and memory of every mythenv game side by side with peer environments, in one run.

Per env and repeat: agent-steps/s of uniformly random masked play through the full AEC API
(``last`` + mask + ``step``) and games/s; for mythenv games also raw State steps/s
(``legal_actions`` + ``apply_action``), observation-encoding cost, ``clone()`` against
``copy.deepcopy``, ``resample_hidden()`` cost and memory (RSS of one env, per additional env).
Peers: PettingZoo classic (``texas_holdem_v4``, ``leduc_holdem_v4``, ``hanabi_v5``,
``connect_four_v3``) and OpenSpiel's C++ games through pyspiel (``leduc_poker``, ``hanabi``,
``gin_rummy``, ``backgammon``) with an observation tensor per step. Medians and spread of several
repeats; ratios to ``texas_holdem_v4`` and to OpenSpiel ``hanabi`` are the headline numbers.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent
PZ_PEERS = ("texas_holdem_v4", "leduc_holdem_v4", "hanabi_v5", "connect_four_v3")
OS_PEERS = ("leduc_poker", "hanabi", "gin_rummy", "backgammon")


# ----------------------------------------------------------------------------- AEC loops
def aec_steps(env, seed: int):
    """Random masked play through the AEC API (``last()`` + mask + ``step()``), game after game:
    yields after every agent-step the number of games finished so far. The loop of every AEC
    figure (this table, ``breakdown``, ``instructions``, ``interleaved``)."""
    rng = np.random.default_rng(seed)
    games = 0
    env.reset(seed=seed)
    while True:
        for _agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            yield games
        games += 1
        env.reset(seed=int(rng.integers(2**31)))


def openspiel_steps(name: str, seed: int):
    """Random play through pyspiel with an observation tensor (else the information-state tensor)
    per decision, chance outcomes sampled and not counted: yields after every agent-step the
    number of games finished so far (``aec_steps`` for OpenSpiel's C++ games)."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(seed)
    use_obs = game.get_type().provides_observation_tensor
    games = 0
    while True:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                i = rng.choice(len(outcomes), p=[p for _, p in outcomes])
                st.apply_action(outcomes[i][0])
                continue
            p = st.current_player()
            if use_obs:
                np.asarray(st.observation_tensor(p), np.float32)
            else:
                np.asarray(st.information_state_tensor(p), np.float32)
            legal = st.legal_actions(p)
            st.apply_action(legal[int(rng.integers(len(legal)))])
            yield games
        games += 1


def timed_rate(steps, seconds: float) -> tuple[float, float]:
    """(agent-steps/s, games/s) of the play ``steps`` (``aec_steps`` / ``openspiel_steps``) for
    about ``seconds``; the clock is read every 64 steps."""
    n = games = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    for finished in steps:
        n += 1
        if n & 63 == 0 and time.perf_counter() > deadline:
            games = finished
            break
    dt = time.perf_counter() - t0
    return n / dt, games / dt


def aec_rate(make_env, seconds: float, seed: int) -> tuple[float, float]:
    """(agent-steps/s, games/s) of random masked play through the AEC API."""
    return timed_rate(aec_steps(make_env(), seed), seconds)


def openspiel_rate(name: str, seconds: float, seed: int) -> tuple[float, float]:
    """(agent-steps/s, games/s) of random play through pyspiel (``openspiel_steps``)."""
    return timed_rate(openspiel_steps(name, seed), seconds)


# ----------------------------------------------------------------------------- state-level costs
def state_costs(game, seconds: float, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:  # raw steps: nothing else in the timed loop
        s = game.new_initial_state(seed=int(rng.integers(2**31)))
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
    dt = time.perf_counter() - t0
    samples = []  # positions for the per-call costs, collected untimed: every 37th of some games
    for _ in range(200):
        s = game.new_initial_state(seed=int(rng.integers(2**31)))
        n = 0
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            n += 1
            if n % 37 == 0 and not s.is_terminal():
                samples.append(s.clone())
        if len(samples) >= 300:
            break
    samples = samples[:300]
    if not samples:
        samples = [game.new_initial_state(seed=0)]
    buf = np.zeros(game.observation_size, np.float32)

    def per_call(fn, items, reps=1):
        a = time.perf_counter()
        for _ in range(reps):
            for st in items:
                fn(st)
        return 1e6 * (time.perf_counter() - a) / (len(items) * reps)

    obs_us = per_call(lambda st: game.observation(st, st.current_player(), buf), samples, 3)
    clone_us = per_call(lambda st: st.clone(), samples, 3)
    deep_us = per_call(copy.deepcopy, samples[:60])
    r = np.random.default_rng(1)
    resample_us = per_call(lambda st: st.resample_hidden(st.current_player(), r), samples)
    return {"state_steps_per_s": steps / dt, "obs_us": obs_us, "clone_us": clone_us,
            "deepcopy_us": deep_us, "resample_us": resample_us}


def memory(game_id: str, config: dict) -> dict:
    """RSS of one env (after reset and a few steps) and per additional env, in a fresh process."""
    code = f"""
import json, gc, psutil, os, numpy as np, mythenv
proc = psutil.Process(os.getpid())
gc.collect(); base = proc.memory_info().rss
def one(seed):
    e = mythenv.make_env({game_id!r}, **{config!r}); e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(50):
        obs, r, t, tr, i = e.last()
        if t or tr: break
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e
first = one(0); gc.collect(); one_env = proc.memory_info().rss - base
more = [one(i) for i in range(1, 101)]; gc.collect()
per = (proc.memory_info().rss - base - one_env) / 100
print(json.dumps({{"one_env_mb": one_env / 2**20, "per_extra_env_kb": per / 1024}}))
"""
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    except Exception as e:  # noqa: BLE001 - psutil is in the bench extra
        return {"memory_error": f"{type(e).__name__}: {str(e)[:80]}"}


def soak(game_id: str, steps: int) -> dict:
    """RSS before and after ``steps`` agent-steps of random play in one env (leak check)."""
    import psutil

    import mythenv

    proc = psutil.Process(os.getpid())
    env = mythenv.make_env(game_id)
    rng = np.random.default_rng(0)
    done = 0
    rss = []
    while done < steps:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            done += 1
            if done % max(steps // 10, 1) == 0:
                gc.collect()
                rss.append(proc.memory_info().rss / 2**20)
    return {"steps": done, "rss_mb_samples": rss, "growth_mb": rss[-1] - rss[1] if len(rss) > 2 else 0.0}


def vec_rate(game_id: str, seconds: float) -> dict:
    """Steps/s of the Gymnasium wrapper under SB3's SubprocVecEnv with 2 workers (random masked actions)."""
    try:
        from stable_baselines3.common.vec_env import SubprocVecEnv
    except ImportError:
        return {"vec_error": "stable-baselines3 not installed (train extra)"}
    from mythenv.core.gym import SingleAgentEnv

    def make(i):
        def f():
            return SingleAgentEnv(game_id, opponent="random")
        return f

    venv = SubprocVecEnv([make(i) for i in range(2)])
    venv.seed(0)
    venv.reset()
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        masks = np.stack(venv.env_method("action_masks"))
        acts = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        venv.step(np.array(acts))
        steps += 2
    dt = time.perf_counter() - t0
    venv.close()
    return {"subproc2_steps_per_s": steps / dt}


# ----------------------------------------------------------------------------- driver
def targets(games=None, all_configs: bool = False) -> list[tuple[str, str, dict]]:
    """(label, game id, config) of every measured config: each game's default and its
    ``benchmark_configs`` (``all_configs``: its ``test_configs``)."""
    import mythenv

    out = []
    for gid in games or mythenv.list_games():
        cls = mythenv.game_class(gid)
        cfgs = [{}] + [dict(c) for c in (cls.test_configs if all_configs else cls.benchmark_configs) if c]
        for cfg in cfgs:
            label = gid + ("" if not cfg else "[" + ",".join(f"{k}={v}" for k, v in cfg.items()) + "]")
            out.append((label, gid, cfg))
    return out


def run(seconds: float, repeats: int, games=None, all_configs=False, peers=True, mem=True, vec=True) -> dict:
    import mythenv

    results: dict[str, dict] = {}
    for label, gid, cfg in targets(games, all_configs):
        rates, gps, st, ratios = [], [], [], []
        game = mythenv.make_game(gid, **cfg)
        for r in range(repeats):  # AEC and raw measured back to back: the ratio of each pair
            a, g = aec_rate(lambda gid=gid, cfg=cfg: mythenv.make_env(gid, **cfg), seconds, r)
            rates.append(a)
            gps.append(g)
            st.append(state_costs(game, seconds, r))
            ratios.append(a / st[-1]["state_steps_per_s"])
        res = {"kind": "mythenv", "aec_steps_per_s": statistics.median(rates),
               "aec_spread": [min(rates), max(rates)], "games_per_s": statistics.median(gps)}
        for k in st[0]:
            res[k] = statistics.median(x[k] for x in st)
        res["adapter_ratio"] = statistics.median(ratios)  # AEC / raw, median of the paired repeats
        res["adapter_ratio_spread"] = [min(ratios), max(ratios)]
        res["clone_speedup_vs_deepcopy"] = res["deepcopy_us"] / res["clone_us"]
        if mem and not cfg:
            res.update(memory(gid, cfg))
        if vec and not cfg:
            res.update(vec_rate(gid, seconds))
        results[label] = res
        print(f"measured {label}", file=sys.stderr, flush=True)
    if peers:
        for name in PZ_PEERS:
            try:
                mod = importlib.import_module(f"pettingzoo.classic.{name}")
            except Exception as e:  # noqa: BLE001 - optional peers (pettingzoo[classic])
                results[name] = {"kind": "pettingzoo", "error": f"{type(e).__name__}: {e}"}
                continue
            rates, gps = zip(*[aec_rate(mod.env, seconds, r) for r in range(repeats)])
            results[name] = {"kind": "pettingzoo", "aec_steps_per_s": statistics.median(rates),
                             "aec_spread": [min(rates), max(rates)], "games_per_s": statistics.median(gps)}
        for name in OS_PEERS:
            try:
                rates, gps = zip(*[openspiel_rate(name, seconds, r) for r in range(repeats)])
            except Exception as e:  # noqa: BLE001 - optional peers (open-spiel)
                results[f"openspiel:{name}"] = {"kind": "openspiel", "error": f"{type(e).__name__}: {e}"}
                continue
            results[f"openspiel:{name}"] = {"kind": "openspiel", "aec_steps_per_s": statistics.median(rates),
                                            "aec_spread": [min(rates), max(rates)],
                                            "games_per_s": statistics.median(gps)}
    for base_name, key in (("texas_holdem_v4", "x_texas_holdem_v4"), ("openspiel:hanabi", "x_openspiel_hanabi")):
        base = results.get(base_name, {}).get("aec_steps_per_s")
        if base:
            for r in results.values():
                if "aec_steps_per_s" in r:
                    r[key] = r["aec_steps_per_s"] / base
    return {"machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "cpus": os.cpu_count()},
            "seconds_per_measure": seconds, "repeats": repeats, "results": results}


def markdown(report: dict) -> str:
    lines = ["| env | agent-steps/s (median, spread) | x texas_holdem_v4 | x OpenSpiel hanabi | raw state steps/s | "
             "AEC / raw (paired median, spread) | obs (us) | clone (us) | deepcopy / clone | resample (us) | games/s | env MB | KB / extra env | "
             "SubprocVecEnv(2) steps/s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in report["results"].items():
        if "error" in r:
            lines.append(f"| {name} | not measured: {r['error'][:70]} |" + " |" * 13)
            continue

        def f(key, fmt, r=r):
            return fmt.format(r[key]) if key in r else "-"

        row = [name, f"{r['aec_steps_per_s']:,.0f} ({r['aec_spread'][0]:,.0f}-{r['aec_spread'][1]:,.0f})",
               f("x_texas_holdem_v4", "{:.2f}"), f("x_openspiel_hanabi", "{:.2f}"),
               f("state_steps_per_s", "{:,.0f}"),
               f("adapter_ratio", "{:.2f}") + (" ({:.2f}-{:.2f})".format(*r["adapter_ratio_spread"])
                                               if "adapter_ratio_spread" in r else ""),
               f("obs_us", "{:.1f}"),
               f("clone_us", "{:.1f}"), f("clone_speedup_vs_deepcopy", "{:.0f}x"), f("resample_us", "{:.1f}"),
               f("games_per_s", "{:,.1f}"), f("one_env_mb", "{:.2f}"), f("per_extra_env_kb", "{:.0f}"),
               f("subproc2_steps_per_s", "{:,.0f}")]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def bar_chart(report: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    items = [(k, v["aec_steps_per_s"], v["kind"]) for k, v in report["results"].items() if "aec_steps_per_s" in v]
    items.sort(key=lambda x: x[1])
    colors = {"mythenv": "tab:purple", "pettingzoo": "tab:gray", "openspiel": "tab:green"}
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(items) + 1.2))
    ax.barh([k for k, _, _ in items], [v for _, v, _ in items], color=[colors[c] for _, _, c in items])
    ax.set_xlabel("agent-steps per second, random masked play (higher is better)")
    ax.set_xscale("log")
    ax.set_title("mythenv (purple), PettingZoo classic (grey), OpenSpiel via pyspiel (green)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    p.add_argument("--repeats", type=int, default=3, help="measurements per figure; the median is reported (default %(default)s)")
    p.add_argument("--games", nargs="*", help="mythenv game ids (default: all)")
    p.add_argument("--all-configs", action="store_true",
                   help="every config in each game's test_configs (default: the default config and its benchmark_configs)")
    p.add_argument("--no-peers", action="store_true", help="skip the peer environments (PettingZoo classic, OpenSpiel)")
    p.add_argument("--no-memory", action="store_true", help="skip the memory measurements")
    p.add_argument("--no-vec", action="store_true", help="skip the batched engine (mythenv.make_vec)")
    p.add_argument("--soak", type=int, default=0, help="also run N agent-steps per game and report RSS growth")
    p.add_argument("--quick", action="store_true", help="a CI-sized smoke run")
    p.add_argument("--out", default=str(HERE / "results.json"), help="the results JSON (default benchmarks/results.json)")
    p.add_argument("--readme", action="store_true", help="write the table and chart into benchmarks/README.md")
    a = p.parse_args(argv)
    if a.quick:
        a.seconds, a.repeats = 0.15, 1
    # every argument checked before the (long) run, each refused the argparse way (exit code 2)
    if not a.repeats >= 1:
        p.error(f"argument --repeats: expected an integer >= 1, got {a.repeats}")
    if not (a.seconds > 0 and a.seconds < float("inf")):
        p.error(f"argument --seconds: expected a positive number of seconds, got {a.seconds}")
    if a.soak < 0:
        p.error(f"argument --soak: expected an integer >= 0, got {a.soak}")
    out_dir = Path(a.out).resolve().parent
    if not out_dir.is_dir():
        p.error(f"argument --out: directory {str(out_dir)!r} does not exist")
    if a.games:
        import mythenv

        unknown = [g for g in a.games if g not in mythenv.list_games()]
        if unknown:
            p.error(f"argument --games: unknown game(s) {', '.join(map(repr, unknown))}; "
                    f"available: {', '.join(mythenv.list_games())}")
    report = run(a.seconds, a.repeats, a.games, a.all_configs, not a.no_peers, not a.no_memory, not a.no_vec)
    if a.soak:
        import mythenv

        report["soak"] = {gid: soak(gid, a.soak) for gid in (a.games or mythenv.list_games())}
    Path(a.out).write_text(json.dumps(report, indent=2))
    table = markdown(report)
    print(table)
    if a.readme:
        chart = HERE / "throughput.png"
        bar_chart(report, chart)
        readme = HERE / "README.md"
        text = readme.read_text() if readme.exists() else ""
        start, end = "<!-- results:start -->", "<!-- results:end -->"
        soak_txt = ""
        if "soak" in report:
            soak_txt = "\n\nMemory over a long run (RSS growth between the 2nd and last of ten samples): " + ", ".join(
                f"{g}: {v['growth_mb']:+.1f} MB over {v['steps']:,} steps" for g, v in report["soak"].items())
        block = (f"{start}\n{table}\n\n![throughput](throughput.png)\n\nMachine: {report['machine']['platform']}, "
                 f"{report['machine']['cpus']} CPUs, Python {report['machine']['python']}; {report['repeats']} repeats "
                 f"of {report['seconds_per_measure']} s per measurement.{soak_txt}\n{end}")
        if start in text:
            text = text[:text.index(start)] + block + text[text.index(end) + len(end):]
        else:
            text += "\n" + block + "\n"
        readme.write_text(text)
    return 0
