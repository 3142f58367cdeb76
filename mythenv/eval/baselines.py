"""Generate ``docs/baselines.md`` and ``docs/baselines.json``: for every game (default config) the
win-rate matrix of the baselines (random, heuristic, ismcts), with 95% confidence intervals, games
played and the command that reproduces it. Nothing in the table is typed by hand.

    python -m mythenv.eval.baselines --games 200 --search-games 0 --seeds 0 1 2 3 4 --workers 2
    python -m mythenv.eval.baselines ... --only theosis_v0 --update   # re-measure one game, keep the rest

Every game's entry records the command and the commit it was measured with (``--update`` re-measures
the ``--only`` games and keeps the other games' entries as they were, each with its own command).

Every pairing is played once per seed in ``--seeds`` (``--games`` games per seed, or
``--search-games`` when ISMCTS plays; each seed deals its own independent games). A cell reports the
win rate over all of its games (the mean of the per-seed rates, which have equal weight), the 95%
Wilson interval of that pooled rate, the number of games, and each seed's own rate, so a headline
figure never rests on one seed. The heuristic-vs-random figures are also written into the marked
block of ``docs/training.md`` (``--quote``), which quotes them from here.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from itertools import combinations
from pathlib import Path

import mythenv
from mythenv.core.errors import ConfigError

from .arena import run_arena, wilson


def matrix(game_id: str, agents: list[str], games: int, search_games: int, seeds: list[int],
           workers: int) -> dict:
    cells = {}
    timing = {}
    for a, b in combinations(agents, 2):
        n = search_games if ("ismcts" in a or "ismcts" in b) else games
        if n <= 0:
            continue
        t0 = time.perf_counter()
        wins = {a: [], b: []}
        draws = moves = 0
        for seed in seeds:
            res = run_arena(game_id, [a, b], games=n, seed=seed, workers=workers)
            s = res.summary()
            for x in (a, b):
                wins[x].append(round(s["win_rate"][x] * n))
            draws += s["draws"]
            moves += sum(r.length for r in res.records)
        dt = time.perf_counter() - t0
        timing[f"{a} vs {b}"] = {"seconds": dt, "actions": moves}
        total = n * len(seeds)
        for x, y in ((a, b), (b, a)):
            k = sum(wins[x])
            cells[f"{x}|{y}"] = {"win_rate": k / total, "ci95": list(wilson(k, total)), "games": total,
                                 "draw_rate": draws / total, "seeds": list(seeds),
                                 "per_seed_win_rate": [w / n for w in wins[x]]}
    return {"cells": cells, "timing": timing}


def headline(report: dict, game_id: str, a: str = "heuristic", b: str = "random") -> str:
    """``a``'s win rate against ``b`` in ``game_id`` as the docs quote it: pooled rate, interval,
    games and seeds, and the per-seed range."""
    c = report["games"][game_id]["cells"][f"{a}|{b}"]
    ps = c["per_seed_win_rate"]
    return (f"{c['win_rate']:.3f} [{c['ci95'][0]:.3f}, {c['ci95'][1]:.3f}] over {c['games']} games "
            f"({len(c['seeds'])} seeds, per seed {min(ps):.2f}-{max(ps):.2f})")


def _game_command(report: dict, gid: str) -> str:
    return report["games"][gid].get("command", report["command"])


def quote_block(report: dict) -> str:
    """The marked block of docs/training.md: every game's heuristic-vs-random figure, with the command."""
    cmds = {_game_command(report, gid) for gid in report["games"]}
    if len(cmds) == 1:
        lines = [f"Generated into this block by `{cmds.pop()}` (docs/baselines.json, "
                 "[baselines.md](baselines.md)); the rule-based baseline's win rate against a random player, "
                 "seats rotated, 95% Wilson interval:", ""]
    else:
        lines = ["Generated into this block by `python -m mythenv.eval.baselines` (docs/baselines.json, "
                 "[baselines.md](baselines.md), which names each game's command and commit); the rule-based "
                 "baseline's win rate against a random player, seats rotated, 95% Wilson interval:", ""]
    lines += [f"- {gid}: {headline(report, gid)}" for gid in report["games"]
              if "heuristic|random" in report["games"][gid]["cells"]]
    return "\n".join(lines)


def write_quote(path: Path, report: dict) -> None:
    text = path.read_text()
    start, end = "<!-- baselines:start -->", "<!-- baselines:end -->"
    if start not in text or end not in text:
        raise ConfigError(f"{path} has no {start} ... {end} block to write the figures into")
    head, rest = text.split(start, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(head + start + "\n" + quote_block(report) + "\n" + end + tail)


def render(report: dict) -> str:
    cmds = {_game_command(report, gid) for gid in report["games"]}
    by = (f"`{report['command']}`" if len(cmds) <= 1 else
          "`python -m mythenv.eval.baselines` (each game's command and commit under its heading)")
    out = ["# Baselines", "",
           f"Generated by {by} on {report['machine']} (Python {report['python']}"
           + (f", commit {report['commit']}" if report.get("commit") and len(cmds) <= 1 else "")
           + "); do not edit by hand.", "",
           "Each cell: the row agent's win rate against the column agent (seats rotated, every agent "
           "plays every seat equally; in games with more than two seats the two agents alternate "
           "around the table) over all its games, its 95% Wilson interval, the number of games and, "
           "in parentheses, the lowest and highest rate of the seeds it was played with (each seed "
           f"deals its own games; seeds {', '.join(map(str, report['seeds']))}). Draws count as "
           "neither side winning.", ""]
    for gid, g in report["games"].items():
        agents = g["agents"]
        out += [f"## {gid} ({g['num_players']} players, default config)", ""]
        if "command" in g:
            out += [f"`{g['command']}`" + (f" at commit {g['commit']}" if g.get("commit") else ""), ""]
        out.append("| row vs column | " + " | ".join(agents) + " |")
        out.append("|---|" + "---|" * len(agents))
        for a in agents:
            row = [a]
            for b in agents:
                if a == b:
                    row.append("-")
                    continue
                c = g["cells"].get(f"{a}|{b}")
                if c is None:
                    row.append("not played")
                    continue
                ps = c["per_seed_win_rate"]
                row.append(f"{c['win_rate']:.2f} [{c['ci95'][0]:.2f}, {c['ci95'][1]:.2f}] n={c['games']} "
                           f"({min(ps):.2f}-{max(ps):.2f})")
            out.append("| " + " | ".join(row) + " |")
        out.append("")
        for k, t in g["timing"].items():
            if "ismcts" in k:
                out.append(f"- {k}: {t['seconds']:.0f} s for {t['actions']} actions "
                           f"({t['seconds'] / max(t['actions'], 1) * 1000:.1f} ms per action, both seats)")
        out.append("")
    return "\n".join(out)


def _commit() -> str | None:
    """The checkout's commit (None outside a git checkout)."""
    import subprocess

    try:
        r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent,
                           capture_output=True, text=True, timeout=10)
    except OSError:
        return None
    return r.stdout.strip() or None


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m mythenv.eval.baselines")
    p.add_argument("--games", type=int, default=200, help="games per pairing and seed without search")
    p.add_argument("--search-games", type=int, default=2,
                   help="games per pairing and seed with ismcts (0: those pairings are not played)")
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--rollout", default="heuristic")
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4],
                   help="every pairing is played once per seed")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", nargs="*", help="game ids (default: all)")
    p.add_argument("--update", action="store_true",
                   help="keep the other games' entries of the existing --out JSON (re-measure only --only)")
    p.add_argument("--out", default="docs/baselines.md")
    p.add_argument("--quote", default="docs/training.md",
                   help="a doc whose <!-- baselines:start/end --> block gets the heuristic-vs-random "
                        "figures ('' for none)")
    a = p.parse_args(argv)
    if a.games <= 0 or a.search_games < 0:
        p.error("--games must be positive and --search-games at least 0")
    if len(set(a.seeds)) != len(a.seeds):
        p.error(f"--seeds {a.seeds} repeats a seed")
    ism = f"ismcts:iterations={a.iterations}:rollout={a.rollout}"
    agents = ["random", "heuristic"] + ([ism] if a.search_games else [])
    cmd = (f"python -m mythenv.eval.baselines --games {a.games} --search-games {a.search_games} "
           f"--iterations {a.iterations} --rollout {a.rollout} --seeds {' '.join(map(str, a.seeds))} "
           f"--workers {a.workers}" + (f" --only {' '.join(a.only)}" if a.only else "")
           + (" --update" if a.update else ""))
    out = Path(a.out)
    if a.update and not a.only:
        p.error("--update re-measures the --only games: name them")
    old = {}
    if a.update and out.with_suffix(".json").exists():
        old = json.loads(out.with_suffix(".json").read_text())
        if old.get("seeds") != list(a.seeds):
            p.error(f"--update: {out.with_suffix('.json')} was measured with seeds {old.get('seeds')}, "
                    f"not {list(a.seeds)}")
        for g in old["games"].values():  # entries older than per-game commands carry the report's
            g.setdefault("command", old["command"])
            if old.get("commit"):
                g.setdefault("commit", old["commit"])
    commit = _commit()
    report = {"command": cmd, "machine": platform.platform(), "python": platform.python_version(),
              "commit": commit, "seeds": list(a.seeds), "games": {}}
    t0 = time.perf_counter()
    todo = a.only or mythenv.list_games()
    for gid in mythenv.list_games() if a.update else todo:
        if gid not in todo:
            if gid in old.get("games", {}):
                report["games"][gid] = old["games"][gid]
            continue
        g = matrix(gid, agents, a.games, a.search_games, a.seeds, a.workers)
        g["agents"] = agents
        g["num_players"] = mythenv.make_game(gid).num_players
        g["command"], g["commit"] = cmd, commit
        report["games"][gid] = g
        print(f"{gid}: done", flush=True)
    report["wall_seconds"] = time.perf_counter() - t0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(report) + "\n")
    out.with_suffix(".json").write_text(json.dumps(report, indent=1))
    if a.quote:
        write_quote(Path(a.quote), report)
    print(out.read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
