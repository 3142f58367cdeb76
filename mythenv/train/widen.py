"""Carry a trained policy over to a grown observation: the weights of every input that still exists are
kept, the new inputs start at weight zero, so the policy acts exactly as before until it is trained on
them.

An observation grows when a piece is added or a piece gets more entries (Mythologies' ``slot_preview``
went from 6 to 8 entries per slot). ``input_map`` matches the entries of the old and the new layout by
piece name and index; ``widen_state`` rewrites a recipe's saved state (``training/state/NAME``: the
policy and its opponent pool) in place and records it in its progress::

    python -m mythenv.train.widen mythologies_v0 slot_preview=9x6
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from mythenv.core.errors import ConfigError


def input_map(old: dict[str, tuple], new: dict[str, tuple]) -> np.ndarray:
    """For every entry of the new layout (pieces in order, C order within a piece) its index in the old
    layout, or -1 where it is new. ``old`` / ``new``: piece name -> shape, in layout order."""
    starts, at = {}, 0
    for name, shape in old.items():
        starts[name] = at
        at += int(np.prod(shape))
    out = []
    for name, shape in new.items():
        idx = np.full(shape, -1, np.int64)
        if name in old and len(old[name]) == len(shape):
            o = np.arange(int(np.prod(old[name]))).reshape(old[name]) + starts[name]
            box = tuple(slice(0, min(a, b)) for a, b in zip(old[name], shape))
            idx[box] = o[box]
        out.append(idx.ravel())
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def widen_columns(w: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """A first layer's weights (outputs x old inputs) over the new inputs: old columns moved to their new
    place, zeros for the new ones."""
    out = np.zeros((w.shape[0], len(idx)), w.dtype)
    keep = idx >= 0
    out[:, keep] = w[:, idx[keep]]
    return out


def widen_state(name: str, changed: dict[str, tuple], root: Path | None = None) -> dict:
    """Rewrite ``training/state/NAME`` (policy.pt and pool/*.npz) for the game's current observation,
    given the pieces whose shape changed (``changed``: piece -> its old shape; a piece the old layout did
    not have: shape ``()`` with size 0 is written as ``None``). Returns what was done (also appended to
    progress.json's ``history``)."""
    import torch

    from mythenv.core.registry import make_game

    from .recipe import RunDirs, load_recipe

    recipe = load_recipe(name)
    dirs = RunDirs(recipe, root=root)
    game = make_game(recipe.config.game, **recipe.config.game_config)
    new = {n: p.shape for n, p in game.observer.pieces.items()}
    unknown = sorted(set(changed) - set(new))
    if unknown:
        raise ConfigError(f"not pieces of {recipe.config.game}'s observation: {', '.join(unknown)}; "
                          f"pieces: {', '.join(new)}")
    old = {n: changed.get(n, s) for n, s in new.items() if changed.get(n, s) is not None}
    n_old = sum(int(np.prod(s)) for s in old.values())
    idx = input_map(old, new)
    pt = dirs.state / "policy.pt"
    sd = torch.load(pt, map_location="cpu")
    firsts = [k for k, v in sd.items() if k.endswith(".0.weight") and v.ndim == 2 and v.shape[1] == n_old]
    if not firsts:
        raise ConfigError(f"{pt}: no first layer takes {n_old} inputs (the old layout given); "
                          f"first layers: {[tuple(v.shape) for k, v in sd.items() if k.endswith('.0.weight')]}")
    for k in firsts:
        sd[k] = torch.from_numpy(widen_columns(sd[k].numpy(), idx))
    torch.save(sd, pt)
    snaps = sorted((dirs.state / "pool").glob("*.npz"))
    for f in snaps:
        z = dict(np.load(f, allow_pickle=False))
        if z["w0"].shape[1] == n_old:
            z["w0"] = widen_columns(z["w0"], idx)
            np.savez_compressed(f, **z)
    done = {"widened": {n: [list(old.get(n, ())), list(new[n])] for n in changed}, "inputs": [n_old, len(idx)],
            "layers": firsts, "snapshots": len(snaps)}
    prog_path = dirs.state / "progress.json"
    prog = json.loads(prog_path.read_text())
    prog.setdefault("history", []).append(done)
    prog_path.write_text(json.dumps(prog, indent=2) + "\n")
    return done


def _shape(text: str) -> tuple | None:
    if text in ("", "none", "None"):
        return None
    try:
        return tuple(int(x) for x in text.split("x"))
    except ValueError:
        raise ConfigError(f"a shape is written like 9x6 (or none for a piece that is new), got {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("recipe", help="a recipe name (training/state/NAME)")
    ap.add_argument("changed", nargs="+", metavar="PIECE=OLDSHAPE", help="a piece and its shape before, e.g. slot_preview=9x6")
    a = ap.parse_args(argv)
    try:
        changed = {}
        for item in a.changed:
            piece, sep, shape = item.partition("=")
            if not sep:
                raise ConfigError(f"{item!r}: write PIECE=OLDSHAPE, e.g. slot_preview=9x6")
            changed[piece] = _shape(shape)
        print(json.dumps(widen_state(a.recipe, changed)))
    except ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
