"""Reproduce a shipped policy end to end: ``python training/reproduce.py NAME``.

NAME is a recipe in ``training/recipes/`` (``--list`` shows them with their progress). The script
runs every phase of the recipe that is not done yet (the warm start, the PPO phases and their
overrides), keeping what a resume needs in ``training/state/NAME/`` at every checkpoint, so it can
be stopped at any time and started again with the same command, on this machine or a new one. When
the phases are done it plays the final policy against every baseline (``final_eval_games`` games
each, seats rotated, 95% Wilson intervals) and exports it to ``mythenv/agents/policies/NAME.npz``
with the record of how it was made (config, algorithm, steps, seeds, wall time, commit, evaluation).

    python training/reproduce.py demigods_v0
    python training/reproduce.py demigods_v0 --eval-only      # re-evaluate and re-export
    python training/reproduce.py --list
    python training/reproduce.py --table                      # the docs' table of shipped policies
"""

from __future__ import annotations

import argparse
import shlex
import sys


def main(argv: list[str] | None = None) -> int:
    from mythenv.core.errors import MythenvError
    from mythenv.train.recipe import RunDirs, list_recipes, load_recipe, repo_root, reproduce, write_table

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", nargs="?", help="a recipe in training/recipes/ (or a path to one)")
    ap.add_argument("--list", action="store_true", help="the recipes and how far each has got")
    ap.add_argument("--eval-only", action="store_true", help="skip training; evaluate and export the final policy")
    ap.add_argument("--out", help="write the exported policy here instead of mythenv/agents/policies/NAME.npz")
    ap.add_argument("--table", action="store_true",
                    help="rewrite the shipped-policies table in docs/training.md and mythenv/agents/policies/README.md")
    ap.add_argument("--sync", action="store_true",
                    help="save training/state/NAME from the newest checkpoint in training/runs/NAME (every recipe "
                         "without NAME), for a run started without this script's hook")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        if args.table:
            sys.path.insert(0, str(repo_root() / "training"))
            from plot_curves import plot

            for n in list_recipes():
                state = RunDirs(load_recipe(n)).state
                if (state / "eval.jsonl").exists() and (state / "config.json").exists():
                    print(f"curve: {plot(state, repo_root() / 'docs' / 'images' / f'training_{n}.png')}")
            for doc in (repo_root() / "docs" / "training.md", repo_root() / "mythenv" / "agents" / "policies" / "README.md"):
                write_table(doc)
                print(f"wrote the table in {doc}")
            return 0
        if args.sync:
            for n in [args.name] if args.name else list_recipes():
                d = RunDirs(load_recipe(n))
                print(f"{n}: {'state saved, ' + str(d.progress()['steps']) + ' steps' if d.sync() else 'no run'}")
            return 0
        if args.list or not args.name:
            for n in list_recipes():
                r = load_recipe(n)
                p = RunDirs(r).progress()
                print(f"{n:28s} {r.config.game:16s} phases {p['phases_done']}/{len(r.phases)}, "
                      f"{p['steps']:,} of {r.phases[-1].steps:,} steps")
            return 0
        r = load_recipe(args.name)
        reproduce(r, progress=not args.quiet, eval_only=args.eval_only, out_policy=args.out,
                  command="python training/reproduce.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:])))
    except MythenvError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
