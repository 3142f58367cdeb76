"""A small TOML writer for the data-file tests (the standard library only reads TOML): top-level
values and arrays of tables, with strs, ints, floats, bools, lists and inline tables inside."""

from __future__ import annotations

import json
import math


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"no TOML for {type(v).__name__}")


def dumps(data: dict) -> str:
    lines = []
    tables = []
    for k, v in data.items():
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            tables.append((k, v))
        elif isinstance(v, dict):
            tables.append((k, [v, None]))
        else:
            lines.append(f"{json.dumps(k)} = {_value(v)}")
    for k, rows in tables:
        if len(rows) == 2 and rows[1] is None:  # a plain table
            lines.append(f"\n[{json.dumps(k)}]")
            lines.extend(f"{json.dumps(f)} = {_value(x)}" for f, x in rows[0].items())
            continue
        for row in rows:
            lines.append(f"\n[[{json.dumps(k)}]]")
            lines.extend(f"{json.dumps(f)} = {_value(x)}" for f, x in row.items())
    return "\n".join(lines) + "\n"
