"""Learning curves from a run's logs: TensorBoard scalars (training win rate per opponent kind)
and OUT/eval.jsonl (arena win rates of the greedy policy vs random and heuristic).

    python training/plot_curves.py training/runs/hera_zeus_v0 [--png curve.png]
    python training/plot_curves.py training/state/hera_zeus_v0   # the committed logs of a recipe
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def tb_scalars(tb_dir: Path) -> dict[str, list[tuple[int, float]]]:
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    out: dict[str, list[tuple[int, float]]] = {}
    for run in sorted({p.parent for p in tb_dir.rglob("events.out.tfevents.*")}):
        acc = EventAccumulator(str(run), size_guidance={"scalars": 0})
        acc.Reload()
        for tag in acc.Tags()["scalars"]:
            out.setdefault(tag, []).extend((e.step, e.value) for e in acc.Scalars(tag))
    return {k: sorted(v) for k, v in out.items()}


def smooth(ys: list[float], k: int = 5) -> list[float]:
    out = []
    for i in range(len(ys)):
        w = ys[max(0, i - k + 1): i + 1]
        out.append(sum(w) / len(w))
    return out


def plot(run_dir: str | Path, png: str | Path | None = None) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run = Path(run_dir)
    cfg = json.loads((run / "config.json").read_text())
    scalars = tb_scalars(run / "tb")
    evals = [json.loads(line) for line in (run / "eval.jsonl").read_text().splitlines()] \
        if (run / "eval.jsonl").exists() else []
    selfplay = {t: pts for t, pts in scalars.items() if t.startswith("selfplay/win_rate_vs_")}
    # training/state/NAME keeps no TensorBoard logs: then only the arena panel
    fig, axes = plt.subplots(1, 2 if selfplay else 1, figsize=(11 if selfplay else 6, 4), squeeze=False)
    axes = axes[0]
    if selfplay:
        ax = axes[0]
        for tag, pts in selfplay.items():
            xs, ys = zip(*pts)
            ax.plot(xs, smooth(list(ys)), label=tag.split("_vs_")[1])
        ax.set_title("training episodes: learner win rate by opponent (smoothed)")
        ax.set_xlabel("learner steps")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend()
    ax = axes[-1]
    for key in sorted({k for row in evals for k in row if "win_rate_vs_" in k}):
        xs = [r["steps"] for r in evals if key in r]
        ys = [r[key] for r in evals if key in r]
        ax.plot(xs, ys, marker="o", label=key.removeprefix("win_rate_vs_").replace("_win_rate_vs_", " vs "))
    ax.axhline(0.5, color="gray", lw=0.8, ls="--")
    ax.set_title(f"arena: greedy policy win rate ({cfg.get('eval_games')} games per point)")
    ax.set_xlabel("learner steps")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.suptitle(f"{cfg['game']}: MaskablePPO self-play")
    fig.tight_layout()
    png = Path(png) if png else run / "curve.png"
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=90)
    plt.close(fig)
    return png


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("run_dir")
    p.add_argument("--png")
    a = p.parse_args(argv)
    print(plot(a.run_dir, a.png))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
