"""The web app's fixed menu of opponents, each with validated, bounded options.

A request names an opponent as ``NAME`` or ``NAME:key=value:key=value``. NAME must be on the menu:
``random``, ``heuristic``, ``ismcts``, ``openspiel``, ``ppo`` (the policy the package ships for the
config) and the policies the person who started the server named on its command line
(``mythenv serve --policy NAME=PATH``). Every value is parsed by its option's type and checked
against its bounds; a part without ``=`` (a path), an unknown key or any other agent name is refused.
Nothing a request says is ever a path, a module or a file: the command-line policies are the only
files the web app loads, and they are chosen by the server's user, not by a request.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from mythenv.core.errors import ConfigError

_INT_RE = re.compile(r"^-?[0-9]{1,9}$")
_FLOAT_RE = re.compile(r"^-?[0-9]{1,9}(\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?$")
NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")


@dataclass(frozen=True)
class Opt:
    """One option of a menu entry: ``kind`` int | float | choice | bool, its default and bounds."""

    kind: str
    default: Any
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""
    #: the lower bound is excluded (uct_c > 0)
    open_lo: bool = False

    def parse(self, agent: str, key: str, text: str) -> Any:
        def bad(expected: str) -> ConfigError:
            return ConfigError(f"opponent {agent!r}: option {key}={text[:40]!r} is not allowed; expected {expected}")

        if self.kind == "bool":
            if text not in ("true", "false"):
                raise bad("true or false")
            return text == "true"
        if self.kind == "choice":
            if text not in self.choices:
                raise bad("one of " + ", ".join(self.choices))
            return text
        if self.kind == "int":
            rng = f"an integer {self.lo:g}..{self.hi:g}"
            if not _INT_RE.match(text):
                raise bad(rng)
            v = int(text)
        else:
            rng = f"a number {'>' if self.open_lo else ''}{self.lo:g}..{self.hi:g}"
            if not _FLOAT_RE.match(text):
                raise bad(rng)
            v = float(text)
            if not math.isfinite(v):
                raise bad(rng)
        if v < self.lo or v > self.hi or (self.open_lo and v == self.lo):
            raise bad(rng)
        return v

    def describe(self) -> dict:
        d: dict[str, Any] = {"type": self.kind, "default": self.default, "doc": self.doc}
        if self.kind in ("int", "float"):
            d.update(min=self.lo, max=self.hi, min_exclusive=self.open_lo)
        if self.kind == "choice":
            d["choices"] = list(self.choices)
        return d


@dataclass(frozen=True)
class Entry:
    """A menu entry: the agent spec it builds (a registered agent, or a command-line policy's spec)."""

    name: str
    spec: str
    doc: str
    options: dict[str, Opt] = field(default_factory=dict)
    #: the agent takes ``time_limit`` (seconds per decision)
    timed: bool = False
    #: the module the agent needs (an optional extra); without it the entry is listed as unavailable
    needs: str = ""
    #: its name in the setup form
    label: str = ""

    def available(self) -> bool:
        if not self.needs:
            return True
        import importlib.util

        try:
            return importlib.util.find_spec(self.needs) is not None
        except (ImportError, ValueError):
            return False


BUILTIN: dict[str, Entry] = {
    "random": Entry("random", "random", "uniform over the legal actions", label="Random player"),
    "heuristic": Entry("heuristic", "heuristic", "the game's rule-based baseline", label="Rule-based player"),
    "ismcts": Entry("ismcts", "ismcts", "information-set Monte Carlo tree search (never reads hidden cards)", {
        "iterations": Opt("int", 200, 1, 1000, doc="search iterations per decision"),
        "c": Opt("float", 0.7, 0, 10, doc="exploration constant of UCB1"),
        "rollout": Opt("choice", "random", choices=("random", "heuristic"), doc="who plays the rollouts"),
        "max_rollout": Opt("int", 2000, 1, 2000, doc="the longest rollout, in actions"),
    }, timed=True, label="Search (ISMCTS)"),
    "openspiel": Entry("openspiel", "openspiel", "OpenSpiel's MCTS or ISMCTS bot (openspiel extra)", {
        "bot": Opt("choice", "mcts", choices=("mcts", "ismcts"), doc="which OpenSpiel bot"),
        "simulations": Opt("int", 16, 2, 200, doc="simulations per decision"),
        "uct_c": Opt("float", 2.0, 0, 10, open_lo=True, doc="exploration constant"),
        "rollouts": Opt("int", 1, 1, 4, doc="random rollouts per leaf"),
    }, timed=True, needs="pyspiel", label="OpenSpiel search"),
    "ppo": Entry("ppo", "ppo", "the trained policy the package ships for this config", {
        "deterministic": Opt("bool", True, doc="greedy (true) or sampled from the policy (false)"),
    }, label="Trained policy (PPO)"),
}


class Menu:
    """The opponents one server offers: the built-in entries and the command-line policies."""

    def __init__(self, policies: dict[str, str] | None = None):
        self.entries: dict[str, Entry] = dict(BUILTIN)
        for name, spec in (policies or {}).items():
            if not isinstance(name, str) or not NAME_RE.match(name) or name in BUILTIN:
                raise ConfigError(f"--policy {name!r}: a policy's name is a letter then letters, digits, '_' "
                                  f"or '-' (40 at most), not one of {', '.join(BUILTIN)}")
            # an exported or SB3 policy plays greedily or samples; other agents take no options from the web
            opts = {"deterministic": BUILTIN["ppo"].options["deterministic"]} if spec.startswith("ppo:") else {}
            self.entries[name] = Entry(name, spec, f"a policy the server's user named ({name})", opts,
                                       label=f"Policy {name}")

    def names(self) -> list[str]:
        return list(self.entries)

    def describe(self) -> list[dict]:
        return [{"name": e.name, "label": e.label or e.name, "doc": e.doc, "available": e.available(),
                 "shipped_only": e.name == "ppo",  # plays only the configs a policy ships for (ppo_configs)
                 "options": {k: o.describe() for k, o in e.options.items()}}
                for e in self.entries.values()]

    def parse(self, text: Any) -> tuple[Entry, dict[str, Any]]:
        """(the entry, its validated options) for a request's opponent text, or ConfigError."""
        if not isinstance(text, str) or not 0 < len(text) <= 400:
            raise ConfigError("an opponent is a menu name with options, e.g. 'ismcts:iterations=100'")
        name, *parts = text.split(":")
        entry = self.entries.get(name)
        if entry is None:
            raise ConfigError(f"opponent {name[:40]!r} is not offered by this server; offered: "
                              + ", ".join(self.entries))
        kw: dict[str, Any] = {}
        for part in parts:
            key, eq, value = part.partition("=")
            if not eq:
                raise ConfigError(f"opponent {name!r}: {part[:40]!r} is not an option (key=value); "
                                  "the web app never loads a file a request names")
            opt = entry.options.get(key)
            if opt is None:
                allowed = ", ".join(entry.options) or "none"
                raise ConfigError(f"opponent {name!r}: unknown option {key[:40]!r}; its options: {allowed}")
            if key in kw:
                raise ConfigError(f"opponent {name!r}: option {key!r} given twice")
            kw[key] = opt.parse(name, key, value)
        return entry, kw


__all__ = ["BUILTIN", "Entry", "Menu", "NAME_RE", "Opt"]
