"""Theosis data files (issue 27, item 8): the loaders refuse every malformed field with a DataError
naming the file, the record and the field. The issue's cases: a list where ``arena.toml``'s board key
(a str) belongs, and a negative Skill bonus (``skills.toml``) on a Skill whose text prints none.

Every field of every record of every file is tried with values of the wrong class for its type (a
list, an int or an empty text where a str belongs; a str, a bool, a list or an absurd number where
an int belongs; a str or an int where a list or a table belongs); and every Skill with every other
bonus in range: its bonus must be the Attack Bonus or Penalty its printed text gives (Appendix:
Skills)."""

from __future__ import annotations

import copy
import tomllib

import pytest

from mythenv.core.errors import DataError
from mythenv.games.theosis import cards
from tests.robustness.toml_write import dumps

DATA = cards.DATA
LOADERS = {"heroes.toml": cards.load_heroes, "skills.toml": lambda p: cards.load_skills(cards.HEROES, p),
           "powers.toml": cards.load_powers, "items.toml": cards.load_items, "modes.toml": cards.load_modes,
           "arena.toml": cards.load_arena, "hierapolis.toml": cards.load_hierapolis,
           "rituals.toml": cards.load_rituals, "monsters.toml": cards.load_monsters,
           "stamina.toml": cards.load_tokens, "encounters.toml": cards.load_encounters}


def test_every_data_file_has_a_loader():
    assert sorted(LOADERS) == sorted(p.name for p in DATA.glob("*.toml"))


def wrong(v) -> list:
    """Values of the wrong class for a field holding ``v``."""
    if type(v) is str:
        return [["x"], 5, "", "  "]
    if type(v) is bool:
        return [1, "yes"]
    if type(v) is int:
        return ["1", True, [v], -10 ** 6, 10 ** 6]
    if type(v) is list:
        return ["x", 5]
    if type(v) is dict:
        return ["x", 5]
    raise AssertionError(f"a field of type {type(v).__name__}")


def shipped(name: str) -> dict:
    return tomllib.loads((DATA / name).read_text())


def refused(tmp_path, name: str, data: dict) -> str:
    p = tmp_path / name
    p.write_text(dumps(data))
    with pytest.raises(DataError) as e:
        LOADERS[name](p)
    return str(e.value)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_every_field_refuses_values_of_the_wrong_class(tmp_path, name):
    """Every field of the first and the last record of every table (the records of a table share
    their fields; the last is often the designed one)."""
    base = shipped(name)
    tried = 0
    for table, rows in base.items():
        assert isinstance(rows, list) and all(isinstance(r, dict) for r in rows), table
        for i in sorted({0, len(rows) - 1}):
            for field, v in rows[i].items():
                for bad in wrong(v):
                    d = copy.deepcopy(base)
                    d[table][i][field] = bad
                    msg = refused(tmp_path, name, d)
                    assert msg.startswith(name + ":"), msg
                    assert f"{table}[{i}]" in msg and repr(field) in msg, (table, i, field, bad, msg)
                    tried += 1
    assert tried > 20


def test_the_issue_cases(tmp_path):
    """A list where the board's key belongs; a -1 bonus on Whirlwind ("+1 Attack Bonus")."""
    d = shipped("arena.toml")
    d["board"][0]["key"] = ["arena"]
    assert "record board[0]" in refused(tmp_path, "arena.toml", d)
    d = shipped("skills.toml")
    assert d["skill"][0]["key"] == "whirlwind"
    d["skill"][0]["bonus"] = -1
    msg = refused(tmp_path, "skills.toml", d)
    assert "record skill[0] ('whirlwind'), field 'bonus'" in msg and "+1 Attack Bonus" in msg


def test_a_single_board_and_a_single_triads_record(tmp_path):
    for table in ("board", "triads"):
        d = shipped("arena.toml")
        d[table].append(dict(d[table][0], key="other"))
        assert f"one [[{table}]] record" in refused(tmp_path, "arena.toml", d)


def test_a_skill_bonus_is_the_one_its_text_prints(tmp_path):
    """Appendix: Skills. Assassinate's "-1 Attack Penalty", Heart Seeker's "-2 Attack Penalty",
    Whirlwind's "+1 Attack Bonus" are their bonuses; Rend's "If your target does not have a Shield
    equipped, then +2 Attack Bonus" is conditional (0, the rules add it). Every Skill given any other
    bonus in -3..3 is refused."""
    base = shipped("skills.toml")
    by = {r["key"]: r["bonus"] for r in base["skill"]}
    assert (by["assassinate"], by["heart_seeker"], by["whirlwind"], by["rend"]) == (-1, -2, 1, 0)
    for i, r in enumerate(base["skill"]):
        for b in range(-3, 4):
            if b == r["bonus"]:
                continue
            d = copy.deepcopy(base)
            d["skill"][i]["bonus"] = b
            msg = refused(tmp_path, "skills.toml", d)
            assert f"record skill[{i}]" in msg and "'bonus'" in msg, msg
