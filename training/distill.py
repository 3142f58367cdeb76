"""Distil a teacher into a policy and measure both: the experiment behind a recipe's ``imitate`` phase.

Starts from a recipe's saved policy (``--from-state NAME``, training/state/NAME) or an SB3 zip
(``--from``), collects ``--games`` games of the teacher, fits the policy to its decisions (to all of
its tied best actions when the teacher names them, unless ``--no-ties``), saves the student and
evaluates it (and, with ``--eval-teacher``, the teacher on the same seeds) against the baselines.
Everything goes to ``OUT/result.json`` with the command. The Mythologies runs of docs/training.md:

    python training/distill.py --from-state mythologies_v0 --teacher python:training/teachers/mythologies_v0.py:HybridTeacher \\
        --teacher-policy --games 10000 --opponents heuristic=0.8,random=0.2 --epochs 4 --lr 3e-4 \\
        --seed 300 --eval-games 200 --eval-teacher --out runs/myth_distill
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    from mythenv.core.errors import MythenvError

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--from-state", metavar="NAME", help="a recipe whose training/state/NAME policy is the start")
    src.add_argument("--from", dest="from_zip", metavar="MODEL.zip", help="an SB3 MaskablePPO zip to start from")
    ap.add_argument("--game", help="the game id (default: the recipe's)")
    ap.add_argument("--teacher", required=True, help="an agent spec: heuristic, python:FILE.py, ...")
    ap.add_argument("--teacher-policy", action="store_true",
                    help="hand the starting policy to the teacher in TEACHER_POLICY (exported to OUT/teacher.npz)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--opponents", default="heuristic=0.5,random=0.5", help="the other seats: NAME=WEIGHT,...")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--batch-size", type=int, default=512)
    ap.add_argument("--no-ties", action="store_true", help="fit the teacher's one action even if it names ties")
    ap.add_argument("--seed", type=int, default=0, help="the demonstrations' seed")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--eval-seed", type=int, default=777)
    ap.add_argument("--eval-opponents", default="heuristic,random")
    ap.add_argument("--eval-teacher", action="store_true", help="evaluate the teacher on the same seeds too")
    ap.add_argument("--out", required=True, help="a directory for teacher.npz, student.zip, student.npz, result.json")
    a = ap.parse_args(argv)
    try:
        return _run(a, argv)
    except MythenvError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _run(a, argv) -> int:
    from sb3_contrib import MaskablePPO

    from mythenv.agents.numpy_policy import export_sb3
    from mythenv.eval import run_arena
    from mythenv.train.config import parse_opponents
    from mythenv.train.imitation import imitate
    from mythenv.train.recipe import RunDirs, load_recipe, resolve_teacher
    from mythenv.train.run import evaluate

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    game_config: dict = {}
    if a.from_state:
        recipe = load_recipe(a.from_state)
        game, game_config = recipe.config.game, recipe.config.game_config
        model, venv = RunDirs(recipe).state_model(recipe.config)
        venv.close()
    else:
        model = MaskablePPO.load(a.from_zip, device="cpu")
        game = a.game
    game = a.game or game
    if not game:
        raise SystemExit("--game is needed with --from")
    command = "python training/distill.py " + " ".join(shlex.quote(x) for x in (argv or sys.argv[1:]))
    res: dict = {"command": command, "game": game, "game_config": game_config, "from_steps": int(model.num_timesteps)}
    teacher = resolve_teacher(a.teacher)
    teacher_pol = None
    if a.teacher_policy:
        teacher_pol = (out / "teacher.npz").resolve()
        export_sb3(model, teacher_pol, {"game": game, "game_config": game_config,
                                        "steps": int(model.num_timesteps), "teacher_policy": True})
        os.environ["TEACHER_POLICY"] = str(teacher_pol)  # for the teacher's evaluation below
    opps = [o for o in a.eval_opponents.split(",") if o]
    if a.eval_teacher:
        res["teacher_eval"] = {}
        for o in opps:
            s = run_arena(game, [teacher, o], games=a.eval_games, seed=a.eval_seed, workers=a.workers,
                          config=game_config).summary()
            res["teacher_eval"][o] = {"win_rate": s["win_rate"][teacher], "ci95": s["ci95"][teacher], "games": s["games"]}
            print(f"teacher vs {o}: {s['win_rate'][teacher]:.3f} {s['ci95'][teacher]}", flush=True)
    stats = imitate(model, game, teacher, parse_opponents(a.opponents), a.games, seed=a.seed,
                    game_config=game_config, workers=a.workers, epochs=a.epochs, batch_size=a.batch_size,
                    learning_rate=a.lr, holdout=0.03, ties=not a.no_ties, teacher_policy=teacher_pol,
                    on_collected=lambda d, sec: print(f"{len(d):,} decisions from {a.games:,} games in {sec:.0f} s",
                                                      flush=True),
                    log=lambda r: print(r, flush=True))
    res["fit"] = stats
    model.save(out / "student.zip")
    export_sb3(model, out / "student.npz", {"game": game, "game_config": game_config, "distilled_from": a.teacher,
                                             "command": command})
    ev = evaluate(str(out / "student.zip"), game, opps, a.eval_games, seed=a.eval_seed, game_config=game_config,
                  workers=a.workers)
    res["student_eval"] = ev
    for k, v in ev.items():
        print(f"student vs {k}: {v['win_rate']:.3f} {v['ci95']}", flush=True)
    (out / "result.json").write_text(json.dumps(res, indent=2) + "\n")
    print(f"wrote {out / 'result.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
