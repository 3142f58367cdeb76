"""Loading and validating game data files (TOML).

Every record must say ``source = "rulebook"`` (with the ``section`` it comes from) or
``source = "designed"`` (with a one-line ``rationale``). Errors name the file, the record and the
field.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import ConfigError, DataError

SOURCES = ("rulebook", "designed")
#: the fields of a record that say where its content comes from: text, checked by ``provenance()``
_NOTES = frozenset(("section", "rationale", "designed"))
_NOTE_ENDS = ("_section", "_rationale")

#: variant package name -> its data directory (``mythenv.variants``)
_VARIANT_DIRS: dict[str, Path] = {}
#: variant data directory -> the shipped data directory its missing files come from
_SHIPPED: dict[Path, Path] = {}


def register_variant_dir(package: str, data_dir: Path, shipped: Path) -> None:
    """Point the data loaders of the variant ``package`` at ``data_dir`` (see :mod:`mythenv.variants`)."""
    data_dir, shipped = Path(data_dir), Path(shipped)
    if _SHIPPED.get(data_dir, shipped) != shipped:
        raise ConfigError(f"{data_dir} already holds the data of another game; use one directory per game")
    _VARIANT_DIRS[package] = data_dir
    _SHIPPED[data_dir] = shipped


def data_dir(module: str, shipped: Path) -> Path:
    """The data directory of the game module ``module`` (``__name__`` of a game's ``cards.py``): the
    shipped one, or a variant's (whose missing files :func:`load_toml` reads from the shipped one)."""
    return _VARIANT_DIRS.get(module.rpartition(".")[0], shipped)


def is_variant_module(module: str) -> bool:
    """Whether the module ``module`` is part of a variant package (a game imported again with the data
    of a directory, registered by :func:`register_variant_dir`)."""
    return any(module == p or module.startswith(p + ".") for p in _VARIANT_DIRS)


def load_toml(path: str | Path) -> dict:
    path = Path(path)
    shipped = _SHIPPED.get(path.parent)
    if shipped is not None and not path.exists():
        path = shipped / path.name  # a variant replaces the files it holds, the others are the shipped ones
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError(f"{path}: data file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{path}: not valid TOML ({e})") from None
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{path}: cannot be read ({e})") from None


class RecordChecker:
    """Field-by-field validation of one record with messages naming file, record and field."""

    def __init__(self, path: str | Path, table: str, index: int, record: Any):
        self.path, self.table, self.index = Path(path), table, index
        if not isinstance(record, dict):
            self.fail("(record)", f"expected a table, got {type(record).__name__}")
        self.record = record
        key = record.get("key", record.get("name"))
        self.label = f"{table}[{index}]" + (f" ({key!r})" if key is not None else "")

    def fail(self, field: str, msg: str):
        label = getattr(self, "label", f"{self.table}[{self.index}]")
        raise DataError(f"{self.path.name}: record {label}, field {field!r}: {msg}")

    def get(self, field: str, types: type | tuple, check: Callable[[Any], bool] | None = None,
            expect: str = "", default: Any = ...) -> Any:
        if field not in self.record:
            if default is not ...:
                return default
            self.fail(field, "missing")
        v = self.record[field]
        if not isinstance(v, types) or isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            tn = types.__name__ if isinstance(types, type) else "/".join(t.__name__ for t in types)
            self.fail(field, f"expected {tn}, got {v!r}")
        try:
            ok = check is None or check(v)
        except Exception:  # noqa: BLE001 - a value the check cannot even compare is not what it expects
            ok = False
        if not ok:
            self.fail(field, f"expected {expect or 'another value'}, got {v!r}")
        return v

    def get_int(self, field: str, lo: int, hi: int, default: Any = ...) -> int:
        """An integer field in ``lo .. hi`` (bools refused)."""
        return self.get(field, int, lambda v: lo <= v <= hi, f"an integer {lo}..{hi}", default)

    def get_str_list(self, field: str, choices=None, default: Any = ..., min_len: int = 0,
                     max_len: int = 1000, unique: bool = False) -> list:
        """A list of strs (each one of ``choices`` when given)."""
        what = "a list of strs" + (f" among {sorted(choices)}" if choices is not None else "")
        return self.get(field, list, lambda v: min_len <= len(v) <= max_len and all(
            isinstance(x, str) and (choices is None or x in choices) for x in v)
            and (not unique or len(set(v)) == len(v)), what, default)

    def provenance(self) -> str:
        src = self.get("source", str, lambda s: s in SOURCES, " or ".join(map(repr, SOURCES)))
        for f in self.record:  # the provenance notes (section, rationale, designed, curse_section, ...) are text
            if f in _NOTES or f.endswith(_NOTE_ENDS):
                self.get(f, str, lambda s: bool(s.strip()), "a non-empty str")
        if src == "rulebook":
            self.get("section", str, lambda s: bool(s.strip()), "the rulebook section it comes from")
        else:
            self.get("rationale", str, lambda s: bool(s.strip()), "a one-line rationale for the design")
        return src


def records(path: str | Path, data: dict, table: str, unique: str | None = "auto",
            max_records: int = 10_000) -> list[RecordChecker]:
    """The records of ``[[table]]``, checked to be tables; ``unique``: the field no two records may
    share (``"auto"``: ``key`` or else ``name`` when the records have one; ``None``: no check).
    Whatever ``unique`` says, no record may repeat an earlier one field for field (a record copied
    twice into a file whose records have no id)."""
    rows = data.get(table)
    if not isinstance(rows, list) or not rows:
        raise DataError(f"{Path(path).name}: expected a non-empty array of tables [[{table}]]")
    if len(rows) > max_records:
        raise DataError(f"{Path(path).name}: [[{table}]] has {len(rows)} records, at most {max_records}")
    out = [RecordChecker(path, table, i, r) for i, r in enumerate(rows)]
    if unique == "auto":
        unique = "key" if all("key" in r for r in rows) else "name" if all("name" in r for r in rows) else None
    if unique is not None:
        seen: dict = {}
        for rec in out:
            v = rec.record.get(unique)
            if unique in rec.record and (type(v) is not str or not v.strip()):
                rec.fail(unique, f"expected a non-empty str (the record's id), got {v!r}")
            first = seen.setdefault(v, rec.index)
            if first != rec.index:
                rec.fail(unique, f"duplicates record {table}[{first}]: every record needs its own {unique}")
    same: dict[str, int] = {}
    for rec in out:
        first = same.setdefault(json.dumps(rec.record, sort_keys=True, default=repr), rec.index)
        if first != rec.index:
            rec.fail("(record)", f"repeats record {table}[{first}] field for field: every record is listed once")
    return out
