"""Collect the measured results of the runs in training/runs/ into training/results/ and docs.

For every ``training/runs/<game>/`` with a ``result.json`` (run directories are git-ignored: they
hold the models): copies the run's small logs (``config.json``, ``eval.jsonl``, ``result.json``,
TensorBoard events) to ``training/results/<game>/``, draws the learning curve from them
(``training/results/<game>_curve.png``), and writes ``training/results/summary.json`` and the
results table of ``docs/training.md`` (between the ``results:start`` / ``results:end`` markers).
Nothing in them is typed by hand.

    python training/report.py
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "training"))

from plot_curves import plot  # noqa: E402

START, END = "<!-- results:start -->", "<!-- results:end -->"


def copy_logs(run: Path, dest: Path) -> Path:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("config.json", "eval.jsonl", "result.json", "pretrain.json"):
        if (run / name).exists():
            shutil.copy2(run / name, dest / name)
    for ev in (run / "tb").rglob("events.out.tfevents.*"):
        target = dest / "tb" / ev.relative_to(run / "tb")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ev, target)
    return dest


def recipe(cfg: dict, pretrain: dict | None) -> str:
    if cfg.get("pretrain") and pretrain:
        pt = cfg["pretrain"]
        return (f"imitate {pt['teacher']} ({pretrain['games']} games, {pretrain['decisions']:,} decisions, "
                f"holdout accuracy {pretrain['holdout_accuracy']:.2f}), then PPO self-play")
    return "PPO self-play from scratch"


def collect(runs: Path = ROOT / "training" / "runs") -> list[dict]:
    """Rows of the runs on this machine; games without a run here keep their committed row."""
    summary = ROOT / "training" / "results" / "summary.json"
    kept = {r["game"]: r for r in json.loads(summary.read_text())} if summary.exists() else {}
    rows = []
    for res_path in sorted(runs.glob("*/result.json")):
        run = res_path.parent
        copy_logs(run, ROOT / "training" / "results" / run.name)
        res = json.loads(res_path.read_text())
        cfg = json.loads((run / "config.json").read_text())
        rel = run.relative_to(ROOT)
        games = {k: v["games"] for k, v in res.get("eval", {}).items()}
        res["command"] = res.get("command") or (
            f"mythenv train {res['game']} --out {rel} --eval-games {max(games.values()) if games else 0}")
        png = plot(ROOT / "training" / "results" / run.name, ROOT / "training" / "results" / f"{run.name}_curve.png")
        pt = json.loads((run / "pretrain.json").read_text()) if (run / "pretrain.json").exists() else None
        kept.pop(res["game"], None)
        rows.append({"run": str(rel), "game": res["game"], "steps": res["steps"], "recipe": recipe(cfg, pt),
                     "wall_time_s": res["wall_time_s"], "n_envs": res["n_envs"], "cpu_count": res.get("cpu_count"),
                     "command": res["command"], "opponents": cfg["opponents"], "eval": res.get("eval", {}),
                     "curve": str(png.relative_to(ROOT)), "logs": f"training/results/{run.name}/"})
    rows += [dict(r, recipe=r.get("recipe", "PPO self-play from scratch")) for r in kept.values()]
    return sorted(rows, key=lambda r: r["game"])


def table(rows: list[dict]) -> str:
    lines = ["| game | recipe | steps | wall time (2 CPU) | vs random | vs heuristic | curve | command |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        def cell(opp, r=r):
            e = r["eval"].get(opp)
            if not e:
                return "-"
            lo, hi = e["ci95"]
            return f"**{e['win_rate']:.3f}** [{lo:.2f}, {hi:.2f}] ({e['games']} games)"
        lines.append(f"| {r['game']} | {r['recipe']} | {r['steps']:,} | {r['wall_time_s'] / 60:.1f} min | {cell('random')} | "
                     f"{cell('heuristic')} | [png](../{r['curve']}) | `{r['command']}` |")
    return "\n".join(lines)


def main() -> int:
    rows = collect()
    out = ROOT / "training" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(rows, indent=2) + "\n")
    doc = ROOT / "docs" / "training.md"
    text = doc.read_text()
    if START in text and END in text:
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        doc.write_text(f"{head}{START}\n{table(rows)}\n{END}{tail}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
