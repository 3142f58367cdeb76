"""MaskablePPO self-play on one machine (the same as ``mythenv train``).

    python training/train_sb3.py hera_zeus_v0                      # training/configs/hera_zeus_v0.toml
    python training/train_sb3.py demigods_v0 --steps 300000 --opponents random=0.3,heuristic=0.4,self=0.3
    python training/train_sb3.py hera_zeus_v0 --out runs/hz --resume

Writes OUT/final.zip (``make_agent("ppo:OUT/final.zip", game)``), TensorBoard logs in OUT/tb,
checkpoints, the snapshot pool, OUT/eval.jsonl and OUT/result.json; see ``mythenv/train/run.py``.
"""

import sys

from mythenv.cli import main

if __name__ == "__main__":
    sys.exit(main(["train", *sys.argv[1:]]))
