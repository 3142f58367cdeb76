"""``mythenv evaluate AGENT``: one agent against every baseline of the standard suite, one report.

    mythenv evaluate ppo:runs/hz/final.zip --configs hera_zeus_v0 --games 200 --workers 2 --out eval_hz
    mythenv evaluate my_agents.py --games 100 --out eval_mine       # a file defining one Agent subclass

AGENT is any form :func:`mythenv.agents.loaders.resolve_agent_spec` reads (a registered name, an SB3
zip, an RLlib checkpoint directory, a Python file or ``module:NAME``). In every config of
:mod:`mythenv.eval.suite` (each game's default config, Theomachy Advanced, Theosis solo) it plays
``games`` games against each opponent (random, heuristic, ISMCTS, the shipped policy where one ships),
seats rotated, from the config's fixed seed; a one-seat config (Theosis solo) reports its win rate
against the monsters. The report in ``--out``: ``report.md`` (win rates with 95% Wilson intervals
and the rating), ``report.json`` (everything behind it), ``report.png`` (the win rates with their
intervals). The rating is openskill's on the ladder's scale: the opponents start from, and keep,
their ratings stored in the ladder's JSON (``docs/baselines.json``, installed with the package as
``mythenv/eval/data/baselines.json``), and only the agent's moves.
"""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path
from typing import Any

from mythenv.agents.loaders import resolve_agent_spec
from mythenv.core.errors import ConfigError

from . import suite as S
from .arena import run_arena
from .baselines import MONSTERS
from .ladder import _commit, ratings_of

#: the ladder the package ships: a copy of docs/baselines.json that the ladder writes with it (an
#: installed wheel has no docs/; tests/test_wheel.py checks the two are identical)
DEFAULT_LADDER = Path(__file__).resolve().parent / "data" / "baselines.json"


def probe(spec: str, cfg: S.SuiteConfig) -> str | None:
    """None if ``spec`` builds for ``cfg`` and picks a legal first action, else why not (a policy made
    for another game or config fails here: its observation or action space differs)."""
    import numpy as np

    from mythenv.agents import make_agent
    from mythenv.core.view import SeatView

    game = cfg.make()
    why = S.available(spec, cfg, game)
    if why is not None:
        return why
    state = game.new_initial_state(seed=cfg.seed)
    seat = state.current_player()
    agent = make_agent(spec, game, seed=0)
    agent.reset(seat, 0)
    view = SeatView(game, state, seat, np.random.default_rng(0))
    try:
        a = agent.act(view)
    except Exception as e:  # noqa: BLE001 - any failure of the user's agent is reported, with its type
        return f"its first action raised {type(e).__name__}: {e}"
    if a not in view.legal_actions:
        return f"its first action {a!r} is not legal (legal: {view.legal_actions[:20]})"
    return None


def _stats(s: dict, name: str) -> dict:
    n = s["games"]
    w = s["win_rate"][name]
    return {"win_rate": w, "ci95": s["ci95"][name], "games": n, "wins": round(w * n), "draw_rate": s["draw_rate"],
            "loss_rate": max(0.0, 1.0 - w - s["draw_rate"]), "mean_return": s["mean_return"][name],
            "per_seat_win_rate": s["per_seat_win_rate"][name]}


def load_ladder(path: str | Path | None) -> dict:
    if path is None or not Path(path).exists():
        return {}
    try:
        return json.loads(Path(path).read_text())
    except json.JSONDecodeError as e:
        raise ConfigError(f"ladder {str(path)!r} is not JSON ({e})") from None


def evaluate(agent: str, games: int = 100, configs: list[str] | None = None,
             opponents: tuple[str, ...] | list[str] = S.EVALUATE_OPPONENTS, workers: int = 1, seed: int = 0,
             ladder: str | Path | None = DEFAULT_LADDER, progress: bool = True, log=print) -> dict[str, Any]:
    """Play ``agent`` against every opponent in every config of the suite (``configs`` narrows it) and
    return the report (see the module docstring); nothing is written."""
    if games <= 0:
        raise ConfigError(f"games={games} must be positive")
    if workers <= 0:
        raise ConfigError(f"workers={workers} must be positive")
    spec = resolve_agent_spec(agent)
    opponents = [resolve_agent_spec(o) for o in opponents]  # a misspelt opponent is an error, not a skip
    if not opponents:
        raise ConfigError("no opponents given; the default ones: " + ", ".join(S.EVALUATE_OPPONENTS))
    todo = S.select(configs)
    stored = load_ladder(ladder)
    skipped = {}
    for cfg in todo:  # the agent builds and acts in every config before anything is played
        why = probe(spec, cfg)
        if why is not None:
            skipped[cfg.key] = why
            log(f"{cfg.key}: skipped: {agent} cannot play it: {why}")
    if len(skipped) == len(todo):
        raise ConfigError(f"agent {agent!r} cannot play any config of the suite: "
                          + "; ".join(f"{k}: {v}" for k, v in skipped.items()))
    report: dict[str, Any] = {
        "agent": agent, "spec": spec, "games_per_pairing": games, "seed": seed, "opponents": list(opponents),
        "ladder": str(ladder) if stored else None, "ladder_command": stored.get("command"),
        "machine": platform.platform(), "python": platform.python_version(), "commit": _commit(), "configs": {},
        "skipped_configs": skipped}
    t0 = time.perf_counter()
    for cfg in todo:
        if cfg.key in skipped:
            continue
        game = cfg.make()
        solo = game.num_players == 1
        entry: dict[str, Any] = {"game": cfg.game, "config": cfg.config, "label": cfg.label,
                                 "num_players": game.num_players, "seed": cfg.arena_seed(seed), "results": {},
                                 "skipped": {}}
        records: list = []
        opps = [MONSTERS] if solo else list(opponents)
        for opp in opps:
            if opp == spec:
                entry["skipped"][opp] = "the agent itself"
                continue
            if not solo:
                why = S.available(opp, cfg, game)
                if why is not None:
                    entry["skipped"][opp] = why
                    log(f"{cfg.key}: {opp} skipped: {why}")
                    continue
            res = run_arena(cfg.game, [spec] if solo else [spec, opp], games=games, seed=cfg.arena_seed(seed),
                            workers=workers, config=cfg.config, progress=progress)
            records += res.records
            st = _stats(res.summary(), spec)
            if solo:  # the seat wins with a positive return, the monsters with a negative one
                st["draw_rate"] = sum(r.returns[0] == 0 for r in res.records) / games
                st["loss_rate"] = sum(r.returns[0] < 0 for r in res.records) / games
            entry["results"][opp] = st
            log(f"{cfg.key}: {agent} vs {opp}: win rate {st['win_rate']:.3f} "
                f"[{st['ci95'][0]:.3f}, {st['ci95'][1]:.3f}] over {games} games")
        ref = stored.get("games", {}).get(cfg.key, {})
        anchors = {a: (r["mu"], r["sigma"]) for a, r in ref.get("ratings", {}).items()
                   if a != spec and (a in entry["results"] or (solo and a == MONSTERS))}
        if records:
            rated = ratings_of(records, [spec, *entry["results"]] if not solo else [spec], solo,
                               initial=anchors, fixed=tuple(anchors))
            entry["rating"] = {**rated[spec], "anchors": sorted(anchors),
                               "scale": "ladder" if anchors else "unanchored (no ladder ratings for these opponents)"}
        if solo:  # the baselines' own rates against the monsters, from the ladder, for comparison
            entry["ladder_win_rates"] = {k.split("|")[0]: c["win_rate"] for k, c in ref.get("cells", {}).items()
                                         if k.endswith(f"|{MONSTERS}")}
        report["configs"][cfg.key] = entry
    report["wall_seconds"] = time.perf_counter() - t0
    return report


def _cell(r: dict | None) -> str:
    if r is None:
        return "-"
    return f"{r['win_rate']:.2f} [{r['ci95'][0]:.2f}, {r['ci95'][1]:.2f}] n={r['games']}"


def table(report: dict) -> tuple[list[str], list[list[str]]]:
    """The report's table: one row per config, a column per opponent (and the monsters), the rating."""
    cols = list(report["opponents"])
    if any(e["num_players"] == 1 for e in report["configs"].values()):
        cols.append(MONSTERS)
    rows = []
    for key, e in report["configs"].items():
        cells = []
        for c in cols:
            if c in e["results"]:
                cells.append(_cell(e["results"][c]))
            elif c in e["skipped"]:
                cells.append("skipped")
            else:
                cells.append("-")
        r = e.get("rating")
        cells.append(f"{r['ordinal']:.2f} ({r['mu']:.2f} ± {r['sigma']:.2f})" if r else "-")
        rows.append([key, *cells])
    return ["config", *cols, "rating: ordinal (mu ± sigma)"], rows


def render(report: dict, command: str) -> str:
    head, rows = table(report)
    out = [f"# mythenv evaluate: `{report['agent']}`", "",
           f"Generated by `{command}` on {report['machine']} (Python {report['python']}"
           + (f", commit {report['commit']}" if report.get("commit") else "") + f") in {report['wall_seconds']:.0f} s. "
           f"The agent (`{report['spec']}`) played {report['games_per_pairing']} games against each opponent in "
           "each config of the standard suite (`mythenv/eval/suite.py`), seats rotated (it plays every seat "
           "equally), deals from each config's fixed seed"
           + (f" shifted by --seed {report['seed']}" if report["seed"] else "") + ". Each cell: its win rate, the "
           "95% Wilson interval and the games; draws count as neither side winning. One-seat configs: its "
           "win rate against the monsters.", "",
           "Rating: openskill Plackett-Luce (ordinal = mu - 3 sigma) "
           + (f"on the ladder's scale: the opponents keep their ratings from `{report['ladder']}` "
              f"(made by `{report['ladder_command']}`) and only the agent's rating moves."
              if report.get("ladder") else "with no ladder to anchor it (no ladder JSON): unanchored."), "",
           "| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    out.append("")
    for key, why in report.get("skipped_configs", {}).items():
        out.append(f"- {key}: not played: the agent cannot play it ({why})")
    for key, e in report["configs"].items():
        for opp, why in e["skipped"].items():
            out.append(f"- {key}: {opp} skipped ({why})")
        if e.get("ladder_win_rates"):
            out.append(f"- {key}: the baselines' win rates against the monsters on the ladder: "
                       + ", ".join(f"{a} {w:.2f}" for a, w in e["ladder_win_rates"].items()))
        if e.get("rating") and e["rating"]["scale"] != "ladder":
            out.append(f"- {key}: rating {e['rating']['scale']}")
    out += ["", "![win rates](report.png)", ""]
    return "\n".join(out)


def plot(report: dict, path: Path) -> None:
    """Grouped bars: per config, the agent's win rate against each opponent with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    keys = list(report["configs"])
    opps = list(dict.fromkeys(o for e in report["configs"].values() for o in e["results"]))
    fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(keys) + 2), 4))
    width = 0.8 / max(1, len(opps))
    for j, opp in enumerate(opps):
        xs, ys, lo, hi = [], [], [], []
        for i, k in enumerate(keys):
            r = report["configs"][k]["results"].get(opp)
            if r is None:
                continue
            xs.append(i + (j - (len(opps) - 1) / 2) * width)
            ys.append(r["win_rate"])
            lo.append(r["win_rate"] - r["ci95"][0])
            hi.append(r["ci95"][1] - r["win_rate"])
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=f"vs {opp.replace(':rollout=heuristic', '')}")
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xticks(np.arange(len(keys)), keys, rotation=20, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{report['agent']}: {report['games_per_pairing']} games per pairing", fontsize=10)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write(report: dict, out: str | Path, command: str) -> dict[str, Path]:
    """``report.md``, ``report.json`` and ``report.png`` in ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"md": out / "report.md", "json": out / "report.json", "png": out / "report.png"}
    paths["json"].write_text(json.dumps({**report, "command": command}, indent=1))
    paths["md"].write_text(render(report, command))
    plot(report, paths["png"])
    return paths


__all__ = ["DEFAULT_LADDER", "evaluate", "load_ladder", "plot", "probe", "render", "table", "write"]
