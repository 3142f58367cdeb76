"""mythenv as an installed wheel (issue 41): what the package reads at run time ships inside it.

The ladder ``mythenv evaluate`` rates on (``docs/baselines.json``) is installed as
``mythenv/eval/data/baselines.json`` and the per-game training configs (``training/configs``) as
``mythenv/train/configs``; these tests check the copies equal their sources, then build the wheel,
install it into a fresh venv (system site-packages for the dependencies, never the checkout's
editable install) and run ``mythenv evaluate`` and ``mythenv arena`` there, from a directory outside
the repository. Marked ``wheel`` (``-m "not wheel"`` leaves it out); it runs in the normal suite,
building once per session (about 20 s on two cores).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mythenv.eval import ladder as ladder_mod
from mythenv.eval.evaluate import DEFAULT_LADDER, load_ladder
from mythenv.train.config import PACKAGED_CONFIG_DIR, config_dir, load_config, repo_config_dir

ROOT = Path(__file__).resolve().parents[1]
#: what building the wheel needs from the checkout (copied, so the build writes nothing into the tree)
BUILD_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")


def test_packaged_ladder_is_docs_baselines_json():
    """``mythenv evaluate``'s default ladder is the package's copy, identical to docs/baselines.json
    (``python -m mythenv.eval.ladder --out docs`` writes both)."""
    assert DEFAULT_LADDER.is_relative_to(ROOT / "mythenv")
    assert DEFAULT_LADDER.read_bytes() == (ROOT / "docs" / "baselines.json").read_bytes(), (
        "docs/baselines.json changed without its packaged copy: cp docs/baselines.json mythenv/eval/data/")
    assert load_ladder(DEFAULT_LADDER)["games"]


def test_packaged_training_configs_are_training_configs():
    """``mythenv/train/configs`` holds exactly the files of ``training/configs``, byte for byte."""
    src = {p.name: p.read_bytes() for p in repo_config_dir().glob("*.toml")}
    shipped = {p.name: p.read_bytes() for p in PACKAGED_CONFIG_DIR.glob("*.toml")}
    assert src and shipped == src, ("training/configs and mythenv/train/configs differ: "
                                    "cp training/configs/*.toml mythenv/train/configs/")
    assert config_dir() == repo_config_dir()  # a checkout reads its own training/configs


def test_ladder_written_to_docs_updates_the_packaged_copy(tmp_path, monkeypatch):
    """The ladder's writer: into the checkout's docs/ it writes the packaged copy too; elsewhere
    (a trial run, the tests' tiny ladders) it leaves the package alone."""
    docs, packaged = tmp_path / "docs", tmp_path / "pkg" / "baselines.json"
    packaged.parent.mkdir()
    monkeypatch.setattr(ladder_mod, "CHECKOUT_DOCS", docs.resolve())
    monkeypatch.setattr(ladder_mod, "PACKAGED_LADDER", packaged)
    report = json.loads(DEFAULT_LADDER.read_text())
    ladder_mod._write(report, tmp_path / "elsewhere")
    assert not packaged.exists()
    ladder_mod._write(report, docs)
    assert packaged.read_bytes() == (docs / "baselines.json").read_bytes()
    assert json.loads(packaged.read_text()) == report


def test_configs_fall_back_to_the_packaged_copies(monkeypatch, tmp_path):
    """Without a checkout's training/configs, ``load_config(game=...)`` reads the packaged copy (not
    the defaults)."""
    import mythenv.train.config as C

    monkeypatch.setattr(C, "repo_config_dir", lambda: tmp_path / "no-checkout")
    assert C.config_dir() == PACKAGED_CONFIG_DIR
    cfg = load_config(game="hera_zeus_v0")
    assert cfg == C.TrainConfig.from_dict({**C.read_toml(PACKAGED_CONFIG_DIR / "hera_zeus_v0.toml", "x")})
    assert cfg != C.TrainConfig(game="hera_zeus_v0")


# ----- the wheel itself, in a venv outside the repository -----
def _clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env.update(PYTHONNOUSERSITE="1", MPLBACKEND="Agg", **extra)
    return env


def _run(cmd, cwd, timeout=300, **env):
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                       env=_clean_env(**env))
    assert r.returncode == 0, f"{' '.join(map(str, cmd))}\nstdout:\n{r.stdout[-3000:]}\nstderr:\n{r.stderr[-3000:]}"
    return r


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv python, venv bin dir, a working directory outside the repository)."""
    pytest.importorskip("setuptools")
    pytest.importorskip("wheel")
    base = tmp_path_factory.mktemp("wheel")
    src, dist, venv, work = base / "src", base / "dist", base / "venv", base / "work"
    shutil.copytree(ROOT / "mythenv", src / "mythenv",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.egg-info"))
    for f in BUILD_FILES:
        shutil.copy2(ROOT / f, src / f)
    work.mkdir()
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", str(src), "-w", str(dist)],
         cwd=base, timeout=600)
    wheel = next(dist.glob("mythenv-*.whl"))
    _run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], cwd=base)
    py = venv / "bin" / "python"
    _run([py, "-m", "pip", "install", "--no-deps", "--force-reinstall", "--no-index", "-q", str(wheel)], cwd=base,
         PIP_DISABLE_PIP_VERSION_CHECK="1")
    return py, venv / "bin", work, venv


@pytest.mark.wheel
def test_installed_wheel_is_the_one_imported(installed):
    """The venv imports the installed wheel (not the checkout's editable install), with the repository
    nowhere on sys.path, and finds the ladder and the training configs inside the package."""
    py, _, work, venv = installed
    code = ("import json, sys, mythenv\n"
            "from mythenv.eval.evaluate import DEFAULT_LADDER, load_ladder\n"
            "from mythenv.train.config import config_dir, load_config\n"
            "print(json.dumps({'file': mythenv.__file__, 'path': sys.path, 'ladder': str(DEFAULT_LADDER),\n"
            "  'games': sorted(load_ladder(DEFAULT_LADDER).get('games', {})), 'configs': str(config_dir()),\n"
            "  'steps': load_config(game='hera_zeus_v0').steps}))")
    out = json.loads(_run([py, "-c", code], cwd=work).stdout)
    assert Path(out["file"]).resolve().is_relative_to(venv.resolve()), out["file"]
    assert not any(p and Path(p).resolve() == ROOT for p in out["path"]), out["path"]
    assert Path(out["ladder"]).resolve().is_relative_to(venv.resolve())
    assert out["games"] == sorted(load_ladder(ROOT / "docs" / "baselines.json")["games"])
    assert Path(out["configs"]).resolve().is_relative_to(venv.resolve())
    assert out["steps"] == load_config(ROOT / "training" / "configs" / "hera_zeus_v0.toml").steps


@pytest.mark.wheel
def test_installed_evaluate_is_anchored_on_the_ladder(installed):
    """``mythenv evaluate`` from the wheel: the report names the packaged ladder and the rating is on
    the ladder's scale (with no ladder it would silently be 'unanchored')."""
    py, _, work, venv = installed
    out = work / "eval"
    _run([py, "-m", "mythenv.cli", "evaluate", "random", "--configs", "hera_zeus_v0", "--games", "2",
          "--opponents", "heuristic", "--out", out, "--quiet"], cwd=work)
    rep = json.loads((out / "report.json").read_text())
    assert rep["ladder"] and Path(rep["ladder"]).resolve().is_relative_to(venv.resolve()), rep["ladder"]
    assert rep["ladder_command"]
    ratings = [c["rating"]["scale"] for c in rep["configs"].values() if c.get("rating")]
    assert ratings and all(s == "ladder" for s in ratings), ratings


@pytest.mark.wheel
def test_installed_arena_prints_its_table(installed):
    """``mythenv arena`` (the console script of the wheel) plays and prints its table."""
    _, bindir, work, _ = installed
    r = _run([bindir / "mythenv", "arena", "hera_zeus_v0", "--agents", "heuristic,random", "--games", "2"], cwd=work)
    assert "heuristic" in r.stdout and "random" in r.stdout and "win" in r.stdout.lower(), r.stdout
