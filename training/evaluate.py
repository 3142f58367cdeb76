"""Arena evaluation of a trained policy against baselines (seats rotated, seeded).

    python training/evaluate.py training/runs/hera_zeus_v0/final.zip hera_zeus_v0 --games 400 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model")
    p.add_argument("game")
    p.add_argument("--opponents", default="random,heuristic")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", help="write the result JSON here too")
    a = p.parse_args(argv)

    from mythenv.train import evaluate

    args = sys.argv[1:] if argv is None else list(argv)
    res = {"model": a.model, "game": a.game, "seed": a.seed, "command": "python training/evaluate.py " + " ".join(args),
           "eval": evaluate(a.model, a.game, [o for o in a.opponents.split(",") if o], a.games, a.seed,
                            workers=a.workers)}
    text = json.dumps(res, indent=2)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
