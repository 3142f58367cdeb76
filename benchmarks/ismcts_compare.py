"""OpenSpiel's ISMCTS bot against mythenv's own ISMCTS, head to head at equal iterations.

    nice -n 10 python -m benchmarks.ismcts_compare --iterations 16 --games 100 --seed 0 --workers 2

Both searches run ``--iterations`` simulations per decision with random rollouts (one rollout per
simulation, played to the end of the game) and the same exploration constant ``--uct-c`` (both use
``mean + c * sqrt(log(parent visits) / child visits)``; mythenv's parent count is the availability
count of single-observer ISMCTS). Each takes the most visited root action.

- mythenv: ``mythenv.agents.ismcts.ISMCTSAgent(iterations=N, rollout="random", c=C)``: one tree whose
  edges are actions, a determinization per iteration (``State.resample_hidden``).
- OpenSpiel: ``open_spiel.python.algorithms.ismcts.ISMCTSBot(game, RandomRolloutEvaluator(1), C, N)``
  on the game registered by ``mythenv.openspiel`` (nodes keyed by the acting seat's information-state
  string, a ``resample_from_infostate`` per simulation), with ``allow_inconsistent_action_sets=True``
  (a node's children filtered to the actions legal in each determinization; it never stops on a
  node whose legal set differs, which the default mode would with a KeyError).

Game ``i`` deals with seed ``seed + i``; mythenv's bot sits at seat ``i % 2`` (seats alternate). Both
bots see the same state: the pyspiel state of the bridge, whose mythenv state mythenv's bot reads
through a ``SeatView``. The time of every decision of each bot is measured around its call (moves with
one legal action return at once in both and are counted apart). Writes ``--out`` (JSON); win rates come
with 95% Wilson intervals, draws count as neither side winning.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

import mythenv
from mythenv.eval.arena import wilson

HERE = Path(__file__).resolve().parent
TWO_SEAT = ["hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0", "theosis_v0"]


def _config(game_id: str) -> dict:
    """The default config with two seats (games without a num_players option have two)."""
    opts = {o.name for o in mythenv.game_class(game_id).info.options}
    return {"num_players": 2} if "num_players" in opts else {}


def play_one(args: tuple) -> dict:
    """One game; returns who won, the length, and each bot's decision times."""
    game_id, iterations, uct_c, seed, i = args
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import mythenv.openspiel as mos
    from mythenv.agents.ismcts import ISMCTSAgent
    from mythenv.core.view import SeatView

    cfg = _config(game_id)
    sgame = pyspiel.load_game(mos.short_name(game_id), cfg)
    mgame = sgame.mythenv_game
    deal = seed + i
    my_seat = i % 2
    mine = ISMCTSAgent(mgame, seed=deal, iterations=iterations, c=uct_c, rollout="random")
    mine.reset(my_seat, deal * 7919 + my_seat)
    rs = np.random.RandomState(deal)
    theirs = ismcts.ISMCTSBot(sgame, mcts.RandomRolloutEvaluator(1, np.random.RandomState(deal + 1)),
                              uct_c, iterations, random_state=rs, allow_inconsistent_action_sets=True)
    view_rng = np.random.default_rng(deal ^ 0x5EED)
    state = sgame.new_initial_state()
    state.apply_action(deal)                     # the opening chance node: mythenv seed ``deal``
    times = {"mythenv": [], "openspiel": []}      # seconds per decision with more than one legal action
    forced = {"mythenv": 0, "openspiel": 0}       # decisions with one legal action
    limit = mgame.max_game_length * 2
    steps = 0
    while not state.is_terminal():
        p = state.current_player()
        who = "mythenv" if p == my_seat else "openspiel"
        st = state.mythenv_state
        n_legal = len(st.legal_actions())
        t0 = time.perf_counter()
        if who == "mythenv":
            a = mine.act(SeatView(mgame, st, p, view_rng))
        else:
            a = int(theirs.step(state))
        dt = time.perf_counter() - t0
        if n_legal > 1:
            times[who].append(dt)
        else:
            forced[who] += 1
        state.apply_action(a)
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{game_id}: game with seed {deal} exceeded {limit} steps")
    ret = state.returns()
    if ret[my_seat] > ret[1 - my_seat]:
        winner = "mythenv"
    elif ret[my_seat] < ret[1 - my_seat]:
        winner = "openspiel"
    else:
        winner = "draw"
    return {"deal": deal, "mythenv_seat": my_seat, "winner": winner, "length": steps,
            "times": times, "forced": forced}


def summarize(game_id: str, rows: list[dict], iterations: int, uct_c: float) -> dict:
    n = len(rows)
    out = {"config": _config(game_id), "iterations": iterations, "uct_c": uct_c, "games": n,
           "mean_length": float(np.mean([r["length"] for r in rows])) if rows else 0.0}
    for who in ("mythenv", "openspiel"):
        k = sum(r["winner"] == who for r in rows)
        ts = [t for r in rows for t in r["times"][who]]
        out[who] = {
            "wins": k, "win_rate": k / n if n else 0.0, "ci95": list(wilson(k, n)),
            "per_seat_win_rate": [
                (sum(r["winner"] == who for r in rows if (r["mythenv_seat"] == s) == (who == "mythenv"))
                 / max(1, sum((r["mythenv_seat"] == s) == (who == "mythenv") for r in rows)))
                for s in (0, 1)],
            "searched_decisions": len(ts),
            "forced_decisions": sum(r["forced"][who] for r in rows),
            "ms_per_decision_mean": 1000 * float(np.mean(ts)) if ts else 0.0,
            "ms_per_decision_median": 1000 * float(np.median(ts)) if ts else 0.0,
            "seconds_total": float(np.sum(ts)) if ts else 0.0,
        }
    d = sum(r["winner"] == "draw" for r in rows)
    out["draws"] = d
    out["draw_rate"] = d / n if n else 0.0
    m, o = out["mythenv"]["ms_per_decision_mean"], out["openspiel"]["ms_per_decision_mean"]
    out["openspiel_over_mythenv_time"] = o / m if m else None
    out["results"] = [{k: r[k] for k in ("deal", "mythenv_seat", "winner", "length")} for r in rows]
    return out


def _play(jobs: list[tuple], workers: int, deadline: float | None, min_games: int, log) -> list[dict]:
    """Results of ``jobs`` in order; with a deadline, the longest prefix finished by then (at least
    ``min_games``): games still running at the deadline are dropped, so the games kept are always the
    first deals."""
    rows: list[dict] = []
    pool = Pool(workers) if workers > 1 and len(jobs) > 1 else None
    try:
        it = pool.imap(play_one, jobs, chunksize=1) if pool else map(play_one, jobs)
        for r in it:
            rows.append(r)
            if len(rows) % 10 == 0:
                log(f"  {jobs[0][0]}: {len(rows)}/{len(jobs)} games", flush=True)
            if deadline is not None and len(rows) >= min_games and time.perf_counter() > deadline:
                break
    finally:
        if pool:
            pool.terminate()
            pool.join()
    return rows


def run(games: list[str], iterations: int, n_games: dict[str, int], seed: int, uct_c: float,
        workers: int, log=print, minutes: float | None = None, full: tuple[str, ...] = (),
        min_games: int = 2, save=None) -> dict:
    """Every game id in ``games``; with ``minutes``, the ids not in ``full`` share the time left
    after the ``full`` ones (played first, all their games) equally, each at least ``min_games``."""
    report = {"games": {}}
    start = time.perf_counter()
    order = [g for g in games if g in full] + [g for g in games if g not in full]
    for k, gid in enumerate(order):
        jobs = [(gid, iterations, uct_c, seed, i) for i in range(n_games[gid])]
        t0 = time.perf_counter()
        deadline = None
        if minutes is not None and gid not in full:
            left = [g for g in order[k:] if g not in full]
            deadline = t0 + max(0.0, (start + 60 * minutes - t0) / len(left))
        rows = _play(jobs, workers, deadline, min(min_games, len(jobs)), log)
        g = summarize(gid, rows, iterations, uct_c)
        g["wall_seconds"] = time.perf_counter() - t0
        g["games_requested"] = len(jobs)
        report["games"][gid] = g
        if save:
            save(report)
        log(f"{gid}: {g['games']} games, mythenv {g['mythenv']['win_rate']:.2f} "
            f"[{g['mythenv']['ci95'][0]:.2f}, {g['mythenv']['ci95'][1]:.2f}], "
            f"openspiel {g['openspiel']['win_rate']:.2f}, draws {g['draw_rate']:.2f}; ms/decision "
            f"mythenv {g['mythenv']['ms_per_decision_mean']:.1f}, "
            f"openspiel {g['openspiel']['ms_per_decision_mean']:.1f}; {g['wall_seconds']:.0f} s", flush=True)
    return report


def table(report: dict) -> str:
    lines = ["| game | games | mythenv ISMCTS wins (95% CI) | OpenSpiel ISMCTSBot wins (95% CI) | draws | "
             "ms per decision, mythenv | ms per decision, OpenSpiel | OpenSpiel / mythenv time |",
             "|---|---|---|---|---|---|---|---|"]
    for gid, g in report["games"].items():
        m, o = g["mythenv"], g["openspiel"]
        ratio = g["openspiel_over_mythenv_time"]
        lines.append(
            f"| {gid} | {g['games']} | {m['win_rate']:.2f} [{m['ci95'][0]:.2f}, {m['ci95'][1]:.2f}] | "
            f"{o['win_rate']:.2f} [{o['ci95'][0]:.2f}, {o['ci95'][1]:.2f}] | {g['draw_rate']:.2f} | "
            f"{m['ms_per_decision_mean']:.1f} | {o['ms_per_decision_mean']:.1f} | "
            f"{'-' if ratio is None else f'{ratio:.1f}x'} |")
    return "\n".join(lines)


def doc_block(report: dict) -> str:
    """The generated block of docs/agents.md: the command, the machine and the table."""
    games = ", ".join(f"{gid} {g['games']}" + (f" of {g['games_requested']}" if g["games"] < g["games_requested"] else "")
                      for gid, g in report["games"].items())
    return (f"`nice -n 10 {report['command']}` ({report['machine']}, Python {report['python']}, "
            f"OpenSpiel {report['open_spiel']}; {report['wall_seconds'] / 60:.0f} min wall-clock; games per "
            f"game id: {games}); written with `--doc docs/agents.md` from `benchmarks/ismcts_compare.json`:"
            f"\n\n{table(report)}")


def write_doc(path: Path, report: dict) -> None:
    text = path.read_text()
    start, end = "<!-- ismcts_compare:start -->", "<!-- ismcts_compare:end -->"
    if start not in text or end not in text:
        raise SystemExit(f"{path} has no {start} ... {end} block")
    head, rest = text.split(start, 1)
    path.write_text(head + start + "\n" + doc_block(report) + "\n" + end + rest.split(end, 1)[1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.ismcts_compare", description=__doc__.split("\n")[0])
    p.add_argument("game_ids", nargs="*", metavar="GAME_ID",
                   help="game ids (default: the five two-seat games)")
    p.add_argument("--iterations", type=int, default=16, help="simulations per decision, both bots")
    p.add_argument("--games", type=int, default=100, help="games per game id")
    p.add_argument("--games-for", nargs="*", default=[], metavar="GAME_ID=N",
                   help="a different number of games for some game ids, e.g. theosis_v0=40")
    p.add_argument("--seed", type=int, default=0, help="game i deals with seed SEED + i")
    p.add_argument("--uct-c", type=float, default=0.7, help="exploration constant of both bots")
    p.add_argument("--workers", type=int, default=1, help="processes (games are split between them)")
    p.add_argument("--minutes", type=float, help="time budget: game ids not in --full share what is left after "
                   "the --full ones; each keeps the first deals that finished in its share (at least 2)")
    p.add_argument("--full", nargs="*", default=["hera_zeus_v0"], metavar="GAME_ID",
                   help="game ids that play all their games whatever --minutes says (played first)")
    p.add_argument("--out", default=str(HERE / "ismcts_compare.json"))
    p.add_argument("--doc", help="a doc whose <!-- ismcts_compare:start/end --> block gets the table")
    a = p.parse_args(argv)
    a.game_ids = a.game_ids or list(TWO_SEAT)
    if a.iterations <= 0 or a.games <= 0:
        p.error("--iterations and --games must be positive")
    unknown = [g for g in a.game_ids if g not in mythenv.list_games()]
    if unknown:
        p.error(f"unknown game ids {unknown}; known: {', '.join(mythenv.list_games())}")
    n_games = {g: a.games for g in a.game_ids}
    for item in a.games_for:
        gid, _, n = item.partition("=")
        if gid not in n_games or not n.isdigit() or int(n) <= 0:
            p.error(f"--games-for {item!r}: expected GAME_ID=N with GAME_ID among {a.game_ids}")
        n_games[gid] = int(n)
    cmd = ("python -m benchmarks.ismcts_compare"
           + (f" {' '.join(a.game_ids)}" if a.game_ids != TWO_SEAT else "")
           + f" --iterations {a.iterations} --games {a.games}"
           + (f" --games-for {' '.join(a.games_for)}" if a.games_for else "")
           + f" --seed {a.seed} --uct-c {a.uct_c} --workers {a.workers}"
           + (f" --minutes {a.minutes:g} --full {' '.join(a.full)}" if a.minutes is not None else ""))
    from importlib.metadata import version

    t0 = time.perf_counter()
    head = {"command": cmd, "machine": platform.platform(), "python": platform.python_version(),
            "open_spiel": version("open_spiel")}

    def save(rep):
        Path(a.out).write_text(json.dumps({**head, "wall_seconds": time.perf_counter() - t0, **rep}, indent=1) + "\n")

    report = run(a.game_ids, a.iterations, n_games, a.seed, a.uct_c, a.workers, minutes=a.minutes,
                 full=tuple(a.full), save=save)
    save(report)
    report = json.loads(Path(a.out).read_text())
    if a.doc:
        write_doc(Path(a.doc), report)
    print(table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
