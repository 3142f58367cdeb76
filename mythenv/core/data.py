"""Loading and validating game data files (TOML).

Every record must say ``source = "rulebook"`` (with the ``section`` it comes from) or
``source = "designed"`` (with a one-line ``rationale``). Errors name the file, the record and the
field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import DataError

SOURCES = ("rulebook", "designed")


def load_toml(path: str | Path) -> dict:
    path = Path(path)
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError(f"{path}: data file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{path}: not valid TOML ({e})") from None


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
        if check is not None and not check(v):
            self.fail(field, f"expected {expect}, got {v!r}")
        return v

    def provenance(self) -> str:
        src = self.get("source", str, lambda s: s in SOURCES, " or ".join(map(repr, SOURCES)))
        if src == "rulebook":
            self.get("section", str, lambda s: bool(s.strip()), "the rulebook section it comes from")
        else:
            self.get("rationale", str, lambda s: bool(s.strip()), "a one-line rationale for the design")
        return src


def records(path: str | Path, data: dict, table: str) -> list[RecordChecker]:
    rows = data.get(table)
    if not isinstance(rows, list) or not rows:
        raise DataError(f"{Path(path).name}: expected a non-empty array of tables [[{table}]]")
    return [RecordChecker(path, table, i, r) for i, r in enumerate(rows)]
