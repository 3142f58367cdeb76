"""``mythenv evaluate`` and the ladder (``python -m mythenv.eval.ladder``) on tiny budgets: every
report file with its structure, the markdown consistent with the JSON, every agent spec form, and
clear errors for bad specs."""

import json
import re
import textwrap
from pathlib import Path

import pytest
from PIL import Image

from mythenv import cli
from mythenv.agents import make_agent
from mythenv.agents.loaders import resolve_agent_spec
from mythenv.core.errors import ConfigError
from mythenv.eval import ladder, run_arena
from mythenv.eval.baselines import MONSTERS, headline
from mythenv.eval.evaluate import evaluate, render, write
from mythenv.eval.suite import SUITE, select

ISM = "ismcts:iterations=2"
OSP = "openspiel:bot=mcts:simulations=2"
CONFIGS = ["hera_zeus_v0", "theosis_v0:solo"]
TINY_AGENTS = f"random,heuristic,{ISM},ppo,{OSP}"


@pytest.fixture(scope="module")
def tiny_ladder(tmp_path_factory):
    """The ladder generator (``mythenv ladder``) on a tiny budget (2 games per pairing and seed, 1 with
    search, 2 seeds)."""
    out = tmp_path_factory.mktemp("ladder")
    doc = out / "training.md"
    doc.write_text("before\n<!-- baselines:start -->\nold\n<!-- baselines:end -->\nafter\n")
    rc = cli.main(["ladder", "--games", "2", "--search-games", "1", "--seeds", "0", "1", "--workers", "1", "--quiet",
                   "--out", str(out), "--quote", str(doc), "--configs", *CONFIGS, "--agents", TINY_AGENTS])
    assert rc == 0
    return out


def test_suite_is_every_default_config_and_the_shipped_ones():
    """The suite: each game's default config once, Theomachy Advanced at two seats, Theosis solo at one
    seat; keys and seeds unique (fixed, so two users play the same deals)."""
    import mythenv

    defaults = [c for c in SUITE if not c.config]
    assert sorted(c.game for c in defaults) == sorted(mythenv.list_games())
    extra = {c.key: c.make() for c in SUITE if c.config}
    assert extra["theomachy_v0:advanced"].config["mode"] == "advanced" and extra["theomachy_v0:advanced"].num_players == 2
    assert extra["theosis_v0:solo"].config["mode"] == "solo" and extra["theosis_v0:solo"].num_players == 1
    assert len({c.key for c in SUITE}) == len({c.seed for c in SUITE}) == len(SUITE)
    assert [c.key for c in select(["theosis_v0"])] == ["theosis_v0", "theosis_v0:solo"]
    with pytest.raises(ConfigError, match="not in the evaluation suite.*hera_zeus_v0"):
        select(["chess"])


def test_ladder_writes_md_json_plots_and_the_quote(tiny_ladder):
    rep = json.loads((tiny_ladder / "baselines.json").read_text())
    md = (tiny_ladder / "baselines.md").read_text()
    assert list(rep["games"]) == CONFIGS and rep["command"] in md and rep["full_command"] in md
    hz, solo = rep["games"]["hera_zeus_v0"], rep["games"]["theosis_v0:solo"]
    for g in (hz, solo):
        played = g["agents"]
        assert {"random", "heuristic", ISM, OSP} <= set(played)
        # the shipped policy either plays or is listed as skipped with its reason
        assert ("ppo" in played) != ("ppo" in g["skipped"])
        assert set(g["ratings"]) >= set(played)
        png = tiny_ladder / g["plot"]
        assert Image.open(png).format == "PNG" and f"]({g['plot']})" in md
    # every pair once, both directions; search pairings at --search-games, the others at --games
    for i, a in enumerate(hz["agents"]):
        for b in hz["agents"][i + 1:]:
            c, d = hz["cells"][f"{a}|{b}"], hz["cells"][f"{b}|{a}"]
            assert c["games"] == (2 if ladder.is_search(a) or ladder.is_search(b) else 4)
            assert c["win_rate"] + d["win_rate"] + c["draw_rate"] == pytest.approx(1.0)
            assert c["ci95"][0] <= c["win_rate"] <= c["ci95"][1] and len(c["per_seed_win_rate"]) == 2
    for a in solo["agents"]:
        c = solo["cells"][f"{a}|{MONSTERS}"]
        assert c["win_rate"] + solo["cells"][f"{MONSTERS}|{a}"]["win_rate"] + c["draw_rate"] == pytest.approx(1.0)
        assert f"| {a} | {ladder._cell_text(c)} |" in md
    assert MONSTERS in solo["ratings"]
    r = hz["ratings"]["heuristic"]
    assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"])
    quote = (tiny_ladder / "training.md").read_text()
    assert "old" not in quote and headline(rep, "hera_zeus_v0") in quote


def test_ladder_update_keeps_other_configs_and_refuses_other_seeds(tiny_ladder, tmp_path):
    import shutil

    out = tmp_path / "l"
    shutil.copytree(tiny_ladder, out)
    before = json.loads((out / "baselines.json").read_text())
    # what the exploit runs stored (mythenv.eval.exploit) is the agents', not the ladder's: a rerun keeps it
    shipped = json.loads((Path(__file__).parents[1] / "docs" / "baselines.json").read_text())
    before["exploit"] = {k: shipped["exploit"][k] for k in ("demigods_v0|ppo",)}
    before["exploit_note"] = "what the runs say"
    (out / "baselines.json").write_text(json.dumps(before))
    rc = ladder.main(["--games", "2", "--search-games", "0", "--seeds", "0", "1", "--workers", "1", "--quiet",
                      "--out", str(out), "--quote", "", "--configs", "demigods_v0", "--update",
                      "--agents", "random,heuristic"])
    assert rc == 0
    after = json.loads((out / "baselines.json").read_text())
    assert (after["exploit"], after["exploit_note"]) == (before["exploit"], "what the runs say")
    assert list(after["games"]) == ["hera_zeus_v0", "demigods_v0", "theosis_v0:solo"]  # the suite's order
    assert after["games"]["hera_zeus_v0"] == before["games"]["hera_zeus_v0"]
    assert after["games"]["demigods_v0"]["command"].endswith("--update")
    md = (out / "baselines.md").read_text()
    assert "each config's command and commit under its heading" in md
    assert f"Measured by `{before['command']}`" in md and after["command"] in md
    with pytest.raises(SystemExit):
        ladder.main(["--seeds", "5", "--configs", "demigods_v0", "--update", "--out", str(out), "--quote", ""])
    with pytest.raises(SystemExit):
        ladder.main(["--configs", "nogame", "--out", str(out)])


def test_an_interrupted_ladder_update_keeps_the_configs_it_had_not_reached(tiny_ladder, tmp_path, monkeypatch):
    """``--update`` writes the JSON after every config it measures: interrupted while measuring a later
    config, the file still holds every config measured before, the earlier ones re-measured."""
    import shutil

    out = tmp_path / "l"
    shutil.copytree(tiny_ladder, out)
    before = json.loads((out / "baselines.json").read_text())
    real = ladder.measure

    def measure(cfg, *args, **kw):
        if cfg.key == "theosis_v0:solo":
            raise KeyboardInterrupt
        return real(cfg, *args, **kw)

    monkeypatch.setattr(ladder, "measure", measure)
    with pytest.raises(KeyboardInterrupt):
        ladder.main(["--games", "2", "--search-games", "0", "--seeds", "0", "1", "--workers", "1", "--quiet",
                     "--out", str(out), "--quote", "", "--configs", "hera_zeus_v0", "theosis_v0:solo", "--update",
                     "--agents", "random,heuristic"])
    after = json.loads((out / "baselines.json").read_text())
    assert list(after["games"]) == list(before["games"]) == ["hera_zeus_v0", "theosis_v0:solo"]
    assert after["games"]["hera_zeus_v0"]["command"].endswith("--update")
    assert after["games"]["theosis_v0:solo"] == before["games"]["theosis_v0:solo"]


def _md_cells(md: str) -> dict[str, dict[str, str]]:
    lines = [line for line in md.splitlines() if line.startswith("| ")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    return {cells[0]: dict(zip(head[1:], cells[1:]))
            for cells in ([c.strip() for c in line.strip("|").split("|")] for line in lines[1:])}


def test_evaluate_report_files_and_values(tiny_ladder, tmp_path):
    """A tiny suite (2 games per pairing, tiny ISMCTS): report.md / .json / .png; the markdown cells are
    the JSON's numbers; the opponents' ratings are the ladder's, only the agent's moves."""
    rep = evaluate("heuristic", games=2, configs=CONFIGS, opponents=("random", "heuristic", ISM, "ppo"),
                   ladder=tiny_ladder / "baselines.json", progress=False, log=lambda *a: None)
    paths = write(rep, tmp_path / "ev", "mythenv evaluate heuristic --games 2")
    assert {p.name for p in paths.values()} == {"report.md", "report.json", "report.png"}
    assert Image.open(paths["png"]).format == "PNG"
    js = json.loads(paths["json"].read_text())
    assert js["command"] == "mythenv evaluate heuristic --games 2" and list(js["configs"]) == CONFIGS
    md = paths["md"].read_text()
    table = _md_cells(md)
    hz = js["configs"]["hera_zeus_v0"]
    assert hz["skipped"]["heuristic"] == "the agent itself"
    assert ("ppo" in hz["results"]) != ("ppo" in hz["skipped"])
    for opp in ("random", ISM):
        r = hz["results"][opp]
        assert r["games"] == 2 and r["wins"] == round(r["win_rate"] * 2)
        assert r["win_rate"] + r["draw_rate"] + r["loss_rate"] == pytest.approx(1.0)
        lo, hi = r["ci95"]
        assert table["hera_zeus_v0"][opp] == f"{r['win_rate']:.2f} [{lo:.2f}, {hi:.2f}] n=2"
    solo = js["configs"]["theosis_v0:solo"]
    assert list(solo["results"]) == [MONSTERS] and solo["num_players"] == 1
    s = solo["results"][MONSTERS]
    assert table["theosis_v0:solo"][MONSTERS].startswith(f"{s['win_rate']:.2f} [")
    assert solo["ladder_win_rates"]["heuristic"] == json.loads(
        (tiny_ladder / "baselines.json").read_text())["games"]["theosis_v0:solo"]["cells"][f"heuristic|{MONSTERS}"]["win_rate"]
    for key in CONFIGS:
        r = js["configs"][key]["rating"]
        assert r["scale"] == "ladder" and r["anchors"]
        assert table[key]["rating: ordinal (mu ± sigma)"] == f"{r['ordinal']:.2f} ({r['mu']:.2f} ± {r['sigma']:.2f})"
    assert js["configs"]["theosis_v0:solo"]["rating"]["anchors"] == [MONSTERS]
    # the same games give the same report: fixed seeds
    again = evaluate("heuristic", games=2, configs=["hera_zeus_v0"], opponents=("random",),
                     ladder=tiny_ladder / "baselines.json", progress=False, log=lambda *a: None)
    assert again["configs"]["hera_zeus_v0"]["results"]["random"] == hz["results"]["random"]


def test_cli_evaluate_with_workers_and_a_python_file(tmp_path, capsys):
    """The CLI writes the report; --workers plays in processes, which load the agent file themselves."""
    f = tmp_path / "first.py"
    f.write_text(textwrap.dedent("""
        from mythenv.agents import Agent

        class FirstLegal(Agent):
            def act(self, view):
                return view.legal_actions[0]
    """))
    out = tmp_path / "rep"
    rc = cli.main(["evaluate", str(f), "--games", "4", "--configs", "hera_zeus_v0", "--opponents", "random",
                   "--workers", "2", "--out", str(out), "--quiet", "--ladder", str(tmp_path / "none.json")])
    assert rc == 0
    js = json.loads((out / "report.json").read_text())
    r = js["configs"]["hera_zeus_v0"]["results"]["random"]
    assert js["spec"] == f"python:{f}" and r["games"] == 4
    assert js["configs"]["hera_zeus_v0"]["rating"]["scale"].startswith("unanchored")
    assert "report.md" in capsys.readouterr().out
    one = run_arena("hera_zeus_v0", [f"python:{f}", "random"], games=4, seed=SUITE[0].arena_seed(0)).summary()
    assert one["win_rate"][f"python:{f}"] == r["win_rate"]
    # errors are reported, not raised, and name what is allowed
    assert cli.main(["evaluate", "nobody", "--games", "1", "--out", str(out)]) == 2
    assert "SB3 zip" in capsys.readouterr().err
    assert cli.main(["evaluate", "random", "--configs", "chess", "--out", str(out)]) == 2
    assert cli.main(["evaluate", "random", "--games-filter", "hera_zeus_v0", "--configs", "demigods_v0",
                     "--out", str(out)]) == 2
    assert "leave no config" in capsys.readouterr().err
    assert cli.main(["evaluate", "random", "--opponents", "heuristc", "--out", str(out)]) == 2
    assert "unknown agent 'heuristc'" in capsys.readouterr().err


def _agent_module(tmp_path, monkeypatch):
    (tmp_path / "myagents.py").write_text(textwrap.dedent("""
        from mythenv.agents import Agent, RandomAgent

        class LastLegal(Agent):
            def __init__(self, game, seed=None, offset=0):
                super().__init__(game, seed)
                self.offset = offset

            def act(self, view):
                return view.legal_actions[-1 - self.offset]

        def make(game, seed=None):
            return RandomAgent(game, seed=seed)

        def not_an_agent(game, seed=None):
            return 42

        TWO = 2
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path / "myagents.py"


def test_every_agent_spec_form_loads(tmp_path, monkeypatch):
    path = _agent_module(tmp_path, monkeypatch)
    assert resolve_agent_spec("heuristic") == "heuristic"
    assert resolve_agent_spec("ismcts:iterations=3") == "ismcts:iterations=3"
    assert resolve_agent_spec("myagents:make") == "python:myagents:make"
    assert resolve_agent_spec(f"{path}:LastLegal") == f"python:{path}:LastLegal"
    for text, cls in (("myagents:make", "RandomAgent"), ("myagents:LastLegal", "LastLegal"),
                      (f"{path}:LastLegal", "LastLegal"), (f"{path}:make", "RandomAgent")):
        a = make_agent(resolve_agent_spec(text), "hera_zeus_v0", seed=0)
        assert type(a).__name__ == cls
    a = make_agent("python:myagents:LastLegal:offset=1", "hera_zeus_v0")
    assert a.offset == 1
    one = tmp_path / "one.py"
    one.write_text("from mythenv.agents import Agent\nclass Only(Agent):\n    def act(self, view):\n        return view.legal_actions[0]\n")
    assert type(make_agent(resolve_agent_spec(str(one)), "demigods_v0")).__name__ == "Only"
    res = run_arena("hera_zeus_v0", ["python:myagents:LastLegal", f"python:{one}"], games=2, seed=0)
    assert len(res.records) == 2


def test_sb3_zip_loads_as_a_spec(tmp_path):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from mythenv.train import make_env

    env = make_env("hera_zeus_v0", {"random": 1.0}, seed=0)()
    MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, policy_kwargs={"net_arch": [8]}, seed=0,
                device="cpu").save(tmp_path / "m.zip")
    for text in (str(tmp_path / "m.zip"), f"ppo:{tmp_path / 'm.zip'}"):
        spec = resolve_agent_spec(text)
        assert spec == f"ppo:{tmp_path / 'm.zip'}"
        assert type(make_agent(spec, "hera_zeus_v0")).__name__ == "SB3PolicyAgent"
    # a Hera and Zeus policy plays Hera and Zeus; another game (other observation size) is skipped with why
    rep = evaluate(str(tmp_path / "m.zip"), games=2, configs=["hera_zeus_v0", "demigods_v0"], opponents=("random",),
                   ladder=None, progress=False, log=lambda *a: None)
    assert rep["configs"]["hera_zeus_v0"]["results"]["random"]["games"] == 2
    assert list(rep["configs"]) == ["hera_zeus_v0"] and "raised" in rep["skipped_configs"]["demigods_v0"]
    assert "demigods_v0: not played: the agent cannot play it" in render(rep, "x")


def test_rllib_checkpoint_spec_without_ray(tmp_path):
    """A checkpoint directory resolves to ``rllib:DIR``; building it needs ray (skipped with it: the
    ray tests in tests/training/test_rllib.py load a real checkpoint)."""
    ck = tmp_path / "ckpt"
    (ck / "learner_group" / "learner" / "rl_module" / "shared").mkdir(parents=True)
    assert resolve_agent_spec(str(ck)) == f"rllib:{ck}"
    try:
        import ray.rllib  # noqa: F401
    except ImportError:
        with pytest.raises(ConfigError, match=r"ray\[rllib\]"):
            make_agent(f"rllib:{ck}", "hera_zeus_v0")
    with pytest.raises(ConfigError, match="not an RLlib checkpoint"):
        make_agent(f"rllib:{tmp_path}", "hera_zeus_v0")


@pytest.mark.parametrize("text,match", [
    ("nobody", "unknown agent 'nobody'; an agent is a registered agent name"),
    ("", "empty agent spec"),
    ("missing.zip", "no policy file"),
    ("missing.py", "no Python file"),
    ("missing.py:Agent", "no Python file"),
    ("no_such_module_xyz:make", "cannot import module 'no_such_module_xyz'"),
    ("myagents:nothing", "has no 'nothing'"),
    ("myagents:TWO", "is a int, not an Agent subclass or a factory"),
    ("myagents:not_an_agent", "returned int, which is not an Agent"),
    ("DIR", "not an RLlib checkpoint"),
    ("TWOCLASSES", "exactly one Agent subclass"),
    ("BROKEN", "failed to load: ZeroDivisionError"),
    ("RAISES", "cannot play any config of the suite: hera_zeus_v0: its first action raised RuntimeError: no"),
])
def test_bad_agent_specs_give_clear_errors(text, match, tmp_path, monkeypatch):
    _agent_module(tmp_path, monkeypatch)
    if text == "DIR":
        text = str(tmp_path)
    elif text == "TWOCLASSES":
        p = tmp_path / "two.py"
        p.write_text("from mythenv.agents import Agent\nclass A(Agent):\n    pass\nclass B(Agent):\n    pass\n")
        text = str(p)
    elif text == "BROKEN":
        p = tmp_path / "broken.py"
        p.write_text("x = 1 / 0\n")
        text = str(p)
    elif text == "RAISES":
        p = tmp_path / "raises.py"
        p.write_text("from mythenv.agents import Agent\nclass R(Agent):\n    def act(self, view):\n"
                     "        raise RuntimeError('no')\n")
        with pytest.raises(ConfigError, match=re.escape(match)):
            evaluate(str(p), games=1, configs=["hera_zeus_v0"], ladder=None, progress=False, log=lambda *a: None)
        return
    with pytest.raises(ConfigError, match=re.escape(match)):
        make_agent(resolve_agent_spec(text), "hera_zeus_v0")
    with pytest.raises(ConfigError):
        evaluate(text, games=1, configs=["hera_zeus_v0"], ladder=None, progress=False)


def test_openspiel_bot_agent_never_reads_hidden_information():
    """OpenSpiel's bot searches a determinization of the seat's view: with the same seeds, two states
    that differ only in what the seat cannot see give the same choice."""
    import numpy as np

    import mythenv
    from mythenv.core.view import SeatView

    game = mythenv.make_game("hera_zeus_v0")
    s = game.new_initial_state(seed=3)
    for a in (0, 1, 2):
        s.apply_action(s.legal_actions()[a % len(s.legal_actions())])
    p = s.current_player()
    other = s.resample_hidden(p, np.random.default_rng(7))
    picks = []
    for st in (s, other):
        ag = make_agent(OSP, game, seed=1)
        ag.reset(p, 1)
        picks.append(ag.act(SeatView(game, st, p, np.random.default_rng(9))))
    assert picks[0] == picks[1] and picks[0] in s.legal_actions()
    with pytest.raises(ConfigError, match="bot='alphazero' is not allowed"):
        make_agent("openspiel:bot=alphazero", game)


def test_docs_ladder_is_the_generated_one():
    """docs/baselines.md and its plots are what the generator wrote from docs/baselines.json."""
    root = Path(__file__).resolve().parents[1] / "docs"
    rep = json.loads((root / "baselines.json").read_text())
    assert (root / "baselines.md").read_text() == ladder.render(rep) + "\n"
    assert list(rep["games"]) == [c.key for c in SUITE]
    for g in rep["games"].values():
        assert (root / g["plot"]).exists()
