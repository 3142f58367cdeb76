"""The docs hold: every Python block of docs/training.md runs, its config example is a valid config,
the figures it quotes are the generated ones, and the scripts that generate docs figures run."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import ismcts_compare
from mythenv.eval import baselines

ROOT = Path(__file__).resolve().parents[1]
TRAINING = (ROOT / "docs" / "training.md").read_text()
PY_BLOCKS = re.findall(r"```python\n(.*?)```", TRAINING, re.S)


def test_training_md_has_python_blocks():
    assert PY_BLOCKS, "docs/training.md lost its Python example"


@pytest.mark.parametrize("i", range(len(PY_BLOCKS)))
def test_training_md_python_block_runs(i, tmp_path, monkeypatch):
    """Each block runs as printed, in a fresh directory, with the budget the block itself shrinks
    when MYTHENV_DOCS_TINY is set (the calls are the same, only step and game counts differ)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MYTHENV_DOCS_TINY", "1")
    ns: dict = {}
    exec(compile(PY_BLOCKS[i], f"docs/training.md python block {i + 1}", "exec"), ns)
    if "result" in ns:  # the training example: a model, its evaluation, an agent that plays it
        assert (tmp_path / "runs" / "hz" / "final.zip").exists()
        assert set(ns["result"]["eval"]) == {"random", "heuristic"}
        assert ns["agent"].model.num_timesteps == ns["result"]["steps"]


def test_training_md_config_example_is_a_valid_config(tmp_path):
    """The TOML block under 'Config files' is accepted by load_config (unknown keys are refused)."""
    from mythenv.train import load_config

    block = re.search(r"```toml\n(.*?)```", TRAINING, re.S).group(1)
    path = tmp_path / "c.toml"
    path.write_text(block)
    cfg = load_config(path)
    assert cfg.game == "hera_zeus_v0" and cfg.steps == 1_200_000
    assert cfg.opponents == {"random": 0.15, "heuristic": 0.55, "self": 0.3}
    assert cfg.pretrain["games"] == 3000


def test_training_md_quotes_the_generated_baselines():
    """The heuristic-vs-random figures in docs/training.md are the block written from
    docs/baselines.json by its generator, several seeds per figure."""
    report = json.loads((ROOT / "docs" / "baselines.json").read_text())
    block = TRAINING.split("<!-- baselines:start -->\n", 1)[1].split("\n<!-- baselines:end -->", 1)[0]
    assert block == baselines.quote_block(report)  # the ladder's generator: tests/test_evaluate.py
    assert len(report["seeds"]) >= 3
    for gid, g in report["games"].items():
        if g["num_players"] == 1:  # Theosis solo: each agent against the monsters, nothing to quote
            assert "heuristic|monsters" in g["cells"] and gid not in block
            continue
        c = g["cells"]["heuristic|random"]
        assert len(c["seeds"]) == len(report["seeds"]) >= 3
        assert len(c["per_seed_win_rate"]) == len(c["seeds"]) and c["games"] % len(c["seeds"]) == 0
        assert c["win_rate"] == pytest.approx(sum(c["per_seed_win_rate"]) / len(c["seeds"]))
        # (1e-12: intervals written before wilson() clamped to the rate missed 1.0 by a rounding error)
        assert c["ci95"][0] - 1e-12 <= c["win_rate"] <= c["ci95"][1] + 1e-12
        assert gid in block
    assert report["command"] in (ROOT / "docs" / "baselines.md").read_text()
    # no hand-typed heuristic-vs-random percentage elsewhere in the page
    assert "wins 75%" not in TRAINING


def test_ismcts_compare_smoke(tmp_path):
    """benchmarks/ismcts_compare.py plays both ISMCTS bots head to head (2 games, 2 iterations) and
    writes its JSON: seats alternate, win rates with intervals, time per decision of each bot."""
    out = tmp_path / "c.json"
    doc = tmp_path / "agents.md"
    doc.write_text("x\n<!-- ismcts_compare:start -->\nold\n<!-- ismcts_compare:end -->\ny\n")
    r = subprocess.run([sys.executable, "-m", "benchmarks.ismcts_compare", "hera_zeus_v0", "--iterations", "2",
                        "--games", "2", "--seed", "3", "--out", str(out), "--doc", str(doc)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    rep = json.loads(out.read_text())
    g = rep["games"]["hera_zeus_v0"]
    assert g["games"] == 2 and g["iterations"] == 2
    assert [x["mythenv_seat"] for x in g["results"]] == [0, 1]
    assert [x["deal"] for x in g["results"]] == [3, 4]
    assert g["mythenv"]["wins"] + g["openspiel"]["wins"] + g["draws"] == 2
    for who in ("mythenv", "openspiel"):
        lo, hi = g[who]["ci95"]
        assert lo <= g[who]["win_rate"] <= hi
        assert g[who]["searched_decisions"] > 0 and g[who]["ms_per_decision_mean"] > 0
    assert "--iterations 2 --games 2 --seed 3" in rep["command"]
    assert "| hera_zeus_v0 | 2 |" in r.stdout
    assert doc.read_text() == ("x\n<!-- ismcts_compare:start -->\n" + ismcts_compare.doc_block(rep)
                               + "\n<!-- ismcts_compare:end -->\ny\n")
    bad = subprocess.run([sys.executable, "-m", "benchmarks.ismcts_compare", "no_such_game"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "unknown game ids" in bad.stderr


def test_agents_md_quotes_the_generated_comparison():
    """docs/agents.md's OpenSpiel-vs-mythenv ISMCTS table is the block written from
    benchmarks/ismcts_compare.json, at least 100 games on Hera and Zeus, seats alternated."""
    report = json.loads((ROOT / "benchmarks" / "ismcts_compare.json").read_text())
    text = (ROOT / "docs" / "agents.md").read_text()
    block = text.split("<!-- ismcts_compare:start -->\n", 1)[1].split("\n<!-- ismcts_compare:end -->", 1)[0]
    assert block == ismcts_compare.doc_block(report)
    assert set(report["games"]) == set(ismcts_compare.TWO_SEAT)
    assert report["games"]["hera_zeus_v0"]["games"] >= 100
    for g in report["games"].values():
        seats = [r["mythenv_seat"] for r in g["results"]]
        assert abs(seats.count(0) - seats.count(1)) <= 1
        assert g["mythenv"]["wins"] + g["openspiel"]["wins"] + g["draws"] == g["games"]
