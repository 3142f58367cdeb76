"""Data files and variant decks (issue 19, "Data files and custom decks").

``make_game(game_id, data=DIR)`` plays a game with the TOML files in ``DIR`` in place of the shipped
ones (mythenv.variants); the loaders refuse every malformed file with a DataError naming the file,
the record and the field. The example variant ``examples/variants/hera_zeus_three_heroes`` is played.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythenv
from mythenv.cli import main
from mythenv.core.errors import ConfigError, DataError, MythenvError, StateError
from tests.robustness.toml_write import dumps

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "variants" / "hera_zeus_three_heroes"
GAMES_DIR = ROOT / "mythenv" / "games"


def _shipped(gid: str, name: str) -> dict:
    return tomllib.loads((GAMES_DIR / gid.rsplit("_v", 1)[0] / "data" / name).read_text())


def _variant(tmp_path: Path, gid: str, name: str, data: dict) -> Path:
    d = tmp_path / f"{gid}-{name}"
    d.mkdir(exist_ok=True)
    (d / name).write_text(dumps(data))
    return d


def _play(game, steps: int = 400, seed: int = 0):
    state = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        for p in range(game.num_players):
            game.observation(state, p)
    return state


def check_refused(tmp_path, gid, name, data, *needles):
    with pytest.raises(DataError) as e:
        mythenv.make_game(gid, data=_variant(tmp_path, gid, name, data))
    msg = str(e.value)
    assert msg.startswith(name), msg
    for n in needles:
        assert n in msg, msg
    return msg


# ------------------------------------------------------------------ the example variant
def test_example_variant_plays_with_its_own_deck():
    """The example's cards.toml: three Amazons / Heroes per deck, one plain strength-1 card fewer
    (HZ § Medusa: only the Hero or the Amazon defeat her)."""
    game = mythenv.make_game("hera_zeus_v0", data=str(EXAMPLE))
    shipped = mythenv.make_game("hera_zeus_v0")
    assert game.config == {**shipped.config, "data": str(EXAMPLE.resolve())}
    cards = sys.modules[type(game).__module__ + ".cards"].CARDS
    base = sys.modules["mythenv.games.hera_zeus.cards"].CARDS
    hero = cards.index("hero")
    assert cards.kinds[hero].count == 3 and base.kinds[hero].count == 2
    assert cards.deck_size == base.deck_size == 43
    # a deck dealt by the variant holds three heroes (card ids -> kinds as the variant's rules lay them out)
    rules = sys.modules[type(game).__module__ + ".rules"]
    state = game.new_initial_state(seed=0)
    assert sum(1 for c in range(len(rules.KIND_OF)) if rules.KIND_OF[c] == hero) == 2 * 3
    for seed in range(3):
        end = _play(game, steps=5000, seed=seed)
        assert end.is_terminal()
    # the shipped game is untouched
    assert type(shipped).__module__ == "mythenv.games.hera_zeus"
    assert mythenv.game_class("hera_zeus_v0") is type(shipped)
    del state


def test_example_variant_saved_states_know_the_deck():
    game = mythenv.make_game("hera_zeus_v0", data=EXAMPLE)
    state = _play(game, steps=30)
    d = json.loads(json.dumps(state.to_dict()))
    assert d["config"]["data"] == str(EXAMPLE.resolve())
    again = mythenv.make_game(d["game"], **d["config"])
    assert type(again) is type(game)
    assert again.state_from_dict(d).to_dict() == state.to_dict()
    with pytest.raises(StateError, match="config"):
        mythenv.make_game("hera_zeus_v0").state_from_dict(d)


def test_example_variant_compiled_encoder_matches_python():
    game = mythenv.make_game("hera_zeus_v0", data=EXAMPLE)
    assert type(game).compiled is not None
    py = mythenv.make_game("hera_zeus_v0", data=EXAMPLE)
    py.use_compiled(False)
    state = game.new_initial_state(seed=4)
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        for p in range(2):
            assert np.array_equal(game.observation(state, p), py.observation(state, p))
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_example_variant_everywhere(capsys):
    env = mythenv.make_env("hera_zeus_v0", data=str(EXAMPLE))
    env.reset(seed=0)
    assert env.game.config["data"] == str(EXAMPLE.resolve())
    genv = gymnasium.make("mythenv/HeraZeus-v0", data=str(EXAMPLE))
    genv.reset(seed=0)
    assert genv.unwrapped.game.config["data"] == str(EXAMPLE.resolve())
    assert main(["play", "hera_zeus_v0", "--agents", "random", "--config", f"data={EXAMPLE}"]) == 0
    out = capsys.readouterr().out
    # the game was played to its end and the ending is said in words
    assert "game over" in out.lower()
    assert re.search(r"wins|draw", out.splitlines()[-1])


def test_variant_games_and_states_pickle_across_processes():
    game = mythenv.make_game("hera_zeus_v0", data=EXAMPLE)
    state = _play(game, steps=20)
    blob = pickle.dumps((game, state))
    script = ("import pickle, sys\n"
              "game, state = pickle.loads(sys.stdin.buffer.read())\n"
              "print(game.config['data'], len(state.legal_actions()))\n")
    r = subprocess.run([sys.executable, "-c", script], input=blob, capture_output=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr.decode()[-2000:]
    assert r.stdout.decode().split() == [str(EXAMPLE.resolve()), str(len(state.legal_actions()))]


def test_bad_data_options(tmp_path):
    for bad in (3, 1.5, ["x"], True, ""):
        with pytest.raises(ConfigError, match="data="):
            mythenv.make_game("hera_zeus_v0", data=bad)
    with pytest.raises(ConfigError, match="not a directory"):
        mythenv.make_game("hera_zeus_v0", data=tmp_path / "missing")
    (tmp_path / "other.toml").write_text("x = 1\n")
    with pytest.raises(ConfigError, match="none of the game's data files"):
        mythenv.make_game("hera_zeus_v0", data=tmp_path)


# ------------------------------------------------------------------ the malformed files
def test_hera_zeus_empty_strength(tmp_path):
    d = _shipped("hera_zeus_v0", "cards.toml")
    d["kind"][2]["strength"] = ""
    check_refused(tmp_path, "hera_zeus_v0", "cards.toml", d, "kind[2]", "'strength'")


def test_theomachy_ops_with_an_int(tmp_path):
    d = _shipped("theomachy_v0", "prayer.toml")
    d["card"][0]["ops"] = [3]
    check_refused(tmp_path, "theomachy_v0", "prayer.toml", d, "card[0]", "'ops'")


def test_theosis_triads_as_tables(tmp_path):
    d = _shipped("theosis_v0", "arena.toml")
    d["triads"][0]["players_2"] = [{"a": 1}, {"b": 2}]
    check_refused(tmp_path, "theosis_v0", "arena.toml", d, "triads[0]", "'players_2'")


@pytest.mark.parametrize("gid,name,table", [
    ("hera_zeus_v0", "cards.toml", "kind"), ("theomachy_v0", "prayer.toml", "card"),
    ("theomachy_v0", "essence.toml", "essence"), ("theosis_v0", "heroes.toml", "hero"),
    ("theosis_v0", "items.toml", "item"), ("theosis_v0", "powers.toml", "power"),
    ("theosis_v0", "modes.toml", "mode"), ("demigods_v0", "cards.toml", "kind"),
    ("mythologies_v0", "cards.toml", "card"), ("mythologies_v0", "boards.toml", "board"),
])
def test_duplicated_records(tmp_path, gid, name, table):
    d = _shipped(gid, name)
    d[table].append(dict(d[table][0]))
    check_refused(tmp_path, gid, name, d, f"{table}[")


@pytest.mark.parametrize("gid,name,table,i,field,value", [
    ("mythologies_v0", "boards.toml", "completion", 0, "favors", -1),
    ("mythologies_v0", "boards.toml", "completion", 0, "favors", 10**18),
    ("mythologies_v0", "boards.toml", "completion", 1, "gems", -3),
    ("theosis_v0", "items.toml", "item", 0, "attack_bonus", 10**18),
    ("theosis_v0", "items.toml", "item", 0, "defense_bonus", -5),
    ("theosis_v0", "modes.toml", "mode", 1, "teams", 10**18),
    ("theosis_v0", "modes.toml", "mode", 1, "teams", -1),
    ("theosis_v0", "modes.toml", "mode", 0, "heroes_normal", 10**18),
    ("theosis_v0", "modes.toml", "mode", 0, "players", [2, 3, 99]),
    ("demigods_v0", "throne.toml", "condition", 0, "threshold", 10**18),
    ("demigods_v0", "throne.toml", "condition", 2, "threshold", 6),
    ("demigods_v0", "decks.toml", "deck", 0, "army", [10**18, 0, 0]),
    ("hera_zeus_v0", "cards.toml", "kind", 2, "count", 10**18),
    ("theomachy_v0", "prayer.toml", "card", 0, "decks", {"I": -1}),
    ("theomachy_v0", "prayer.toml", "card", 0, "decks", {"I": "1"}),
])
def test_negative_and_absurd_values(tmp_path, gid, name, table, i, field, value):
    d = _shipped(gid, name)
    d[table][i][field] = value
    check_refused(tmp_path, gid, name, d, f"{table}[{i}]", repr(field))


def test_hera_zeus_absurd_deck_size(tmp_path):
    d = _shipped("hera_zeus_v0", "cards.toml")
    d["deck_size"] = 10**18
    check_refused(tmp_path, "hera_zeus_v0", "cards.toml", d, "deck_size")


def test_not_toml_and_not_tables(tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "cards.toml").write_text("this is [not toml\n")
    with pytest.raises(DataError, match="not valid TOML"):
        mythenv.make_game("hera_zeus_v0", data=bad)
    d = _shipped("hera_zeus_v0", "cards.toml")
    d["kind"] = [1, 2, 3]
    with pytest.raises(DataError, match="kind\\[0\\]"):
        mythenv.make_game("hera_zeus_v0", data=_variant(tmp_path, "hera_zeus_v0", "cards.toml", d))


# ------------------------------------------------------------------ generated malformed files
BAD_VALUES = st.one_of(
    st.sampled_from(["", "zzz", -1, 10**18, -(10**18), 1.5, True, [], {}, [{}], [1], ["x"], {"a": 1}]),
    st.integers(), st.text(max_size=5), st.lists(st.integers(-3, 100), max_size=3))

DATA_FILES = sorted((p.parent.parent.name + "_v0", p.name) for p in GAMES_DIR.glob("*/data/*.toml"))


@pytest.mark.parametrize("gid,name", DATA_FILES, ids=lambda v: v)
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_generated_malformed_records(tmp_path_factory, gid, name, data):
    """One field of one record set to a random value: the game either refuses the files with a
    DataError naming a file (this one, or another whose records refer to this one), or loads and
    plays (the value was a legal one)."""
    d = _shipped(gid, name)
    tables = [k for k, v in d.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    table = data.draw(st.sampled_from(tables))
    i = data.draw(st.integers(0, len(d[table]) - 1))
    field = data.draw(st.sampled_from(sorted(d[table][i])))
    d[table][i][field] = data.draw(BAD_VALUES)
    tmp = tmp_path_factory.mktemp("variant")
    (tmp / name).write_text(dumps(d))
    try:
        game = mythenv.make_game(gid, data=tmp)
    except DataError as e:
        # the message starts with the file it found wrong: this one, or one whose records refer to it
        files = {p.name for p in (GAMES_DIR / gid.rsplit("_v", 1)[0] / "data").glob("*.toml")}
        head = str(e).split(":")[0]
        assert name in head or any(f in head for f in files), str(e)
        return
    try:
        _play(game, steps=150)
    except MythenvError as e:  # the project's own error about a state is allowed; no other exception
        assert not isinstance(e, DataError), repr(e)


# ------------------------------------------------------------------ issue 27: the classes over every data file
def _tables(gid: str, name: str) -> list[str]:
    d = _shipped(gid, name)
    return [k for k, v in d.items() if isinstance(v, list) and v and isinstance(v[0], dict)]


TABLES = [(gid, name, t) for gid, name in DATA_FILES for t in _tables(gid, name)]


@pytest.mark.parametrize("gid,name,table", TABLES, ids=lambda v: v)
def test_every_table_refuses_a_repeated_record(tmp_path, gid, name, table):
    """Issue 27: a duplicate Destiny record (Mythologies ``boards.toml``) was accepted. In every table of
    every data file a record listed twice is a DataError naming the file and the second record: by its
    id (``key``, ``name`` or the field the loader names) or, in a table whose records have none, as a
    repeat of the first."""
    d = _shipped(gid, name)
    d[table].append(dict(d[table][-1]))
    check_refused(tmp_path, gid, name, d, f"{table}[{len(d[table]) - 1}]", "record")


def _field_mutations(v) -> list[tuple[str, object]]:
    """The wrong values of the classes for a shipped value ``v``: a list where a str belongs and a str
    where a list belongs, a bool where an int belongs, a negative number where a count (an int the
    shipped file has at 0 or above) belongs."""
    if type(v) is str:
        return [("list for str", [v])]
    if type(v) is int:
        return [("bool for int", v != 0), ("negative", -1 if v >= 0 else v - 1000)]
    if type(v) is list and v and all(type(x) is str for x in v):
        return [("str for list", v[0])]
    if type(v) is list and v and all(type(x) is int for x in v):
        return [("bool in list", [x != 0 for x in v]), ("negative in list", [-1] + v[1:])]
    return []


#: ``MYTHENV_DATA_FIELDS=all``: every field of the first and last record of every table; by default
#: one field per class and table (a different one per table, chosen by a seeded draw)
ALL_FIELDS = os.environ.get("MYTHENV_DATA_FIELDS", "") == "all"


def _field_cases():
    out = []
    for gid, name, table in TABLES:
        rows = _shipped(gid, name)[table]
        picked: dict[str, list] = {}
        for i in sorted({0, len(rows) - 1}):
            for field, v in sorted(rows[i].items()):
                for kind, bad in _field_mutations(v):
                    picked.setdefault(kind, []).append((i, field, bad))
        rnd = random.Random(f"{name}:{table}")
        for kind, options in sorted(picked.items()):
            for i, field, bad in options if ALL_FIELDS else [rnd.choice(options)]:
                out.append(pytest.param(gid, name, table, i, field, bad, id=f"{name}-{table}[{i}].{field}-{kind}"))
    return out


@pytest.mark.parametrize("gid,name,table,i,field,bad", _field_cases())
def test_wrong_types_and_negative_counts_are_refused(tmp_path, gid, name, table, i, field, bad):
    """Issue 27: a list where a board key is a str and a negative Skill bonus were accepted. Over every
    data file: a list for a str, a str for a list, a bool for an int (bool is an int subclass), a
    negative count is a DataError naming the file, the record and the field."""
    d = _shipped(gid, name)
    d[table][i][field] = bad
    check_refused(tmp_path, gid, name, d, f"{table}[{i}]", repr(field))


def test_records_without_ids_refuse_a_repeat_and_ids_are_text(tmp_path):
    """The core check (mythenv.core.data.records) that covers every loader: a record repeating an
    earlier one field for field in a table without ids, and an id (``key``) that is not a str."""
    from mythenv.core.data import records

    row = {"rule": "x", "source": "designed", "rationale": "r"}
    with pytest.raises(DataError, match=r"f\.toml: record t\[1\], field '\(record\)': repeats record t\[0\]"):
        records(tmp_path / "f.toml", {"t": [row, dict(row)]}, "t")
    assert len(records(tmp_path / "f.toml", {"t": [row, {**row, "rule": "y"}]}, "t")) == 2
    for bad in (["arena"], 3, True, ""):
        with pytest.raises(DataError, match=r"record t\[0\].*field 'key': expected a non-empty str"):
            records(tmp_path / "f.toml", {"t": [{"key": bad}]}, "t")
