"""Write one picture per game (``Game.picture``) to a directory: the PNGs under ``docs/images/``.

    python examples/pictures.py docs/images

Each is a seeded random game a few dozen moves in, drawn from the acting seat's view and scaled to
800 pixels wide to keep the files small.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image

import mythenv

SHOTS = (  # game, config, moves
    ("hera_zeus_v0", {}, 40),
    ("demigods_v0", {"num_players": 4}, 120),
    ("mythologies_v0", {"num_players": 3}, 60),
    ("theomachy_v0", {"num_players": 4, "mode": "advanced", "deck": "draft"}, 150),
    ("theosis_v0", {"num_players": 2, "mode": "coop", "encounter": "p2_2", "monsters": "mikitas", "prep": "fast"}, 60),
)


def main(out: str) -> None:
    Path(out).mkdir(parents=True, exist_ok=True)
    for gid, cfg, moves in SHOTS:
        game = mythenv.make_game(gid, **cfg)
        state = game.new_initial_state(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        seat = state.current_player() if not state.is_terminal() else 0
        img = game.picture(state, seat)
        img = img.resize((800, round(img.height * 800 / img.width)), Image.LANCZOS)
        path = Path(out) / f"{gid.removesuffix('_v0')}.png"
        img.save(path, optimize=True)
        print(path, img.size)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
