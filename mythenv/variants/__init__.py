"""Variant decks: a built-in game played with data files of your own.

``mythenv.make_game(game_id, data=DIR)`` (or ``make_env`` / ``gymnasium.make`` / ``--config
data=DIR`` on the command line) plays ``game_id`` with the TOML files found in the directory ``DIR``
in place of the shipped ones of the same name (``mythenv/games/<game>/data/*.toml``); files the
directory does not hold come from the shipped data. The files are checked by the same loaders as the
shipped ones (a malformed file is a :class:`~mythenv.core.errors.DataError` naming file, record and
field). The directory is part of the game's config (``game.config["data"]``, an absolute path), so
saved states and everything built from the config know which deck they belong to. Importing this
package registers :func:`variant_class` into the core (:func:`mythenv.core.game.register_variant_lookup`).

How: the game's package is imported a second time, under the module name
``mythenv.variants.<package>__<the directory, hex-encoded>``, with its loaders pointed at ``DIR``, so
every table the rules, observations, compiled encoder and agents derive from the data is the
variant's own; the shipped game is untouched. The name encodes the directory, so pickled variant
games and states load in any process that can read the directory (subprocess vector envs).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from pathlib import Path

from mythenv.core.data import register_variant_dir
from mythenv.core.errors import ConfigError, DataError
from mythenv.core.game import register_variant_lookup

PREFIX = __name__ + "."
_GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


def _package_of(game_cls) -> str:
    parts = game_cls.__module__.split(".")
    if parts[:2] == ["mythenv", "games"] and len(parts) >= 3:
        return parts[2]
    if parts[:2] == ["mythenv", "variants"] and len(parts) >= 3:
        return parts[2].partition("__")[0]
    raise ConfigError(f"{game_cls.info.game_id}: data=DIR plays variants of the built-in games only")


def module_name(package: str, data_dir: Path) -> str:
    """The module name of ``package`` played with the data in ``data_dir`` (an absolute path)."""
    return f"{PREFIX}{package}__{str(data_dir).encode('utf-8').hex()}"


class _VariantFinder(importlib.abc.MetaPathFinder):
    """Finds ``mythenv.variants.<package>__<hex dir>``: the built-in package's files under that name
    (its submodules are found through the package's ``__path__`` as usual)."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(PREFIX) or "." in fullname[len(PREFIX):]:
            return None
        package, sep, hexdir = fullname[len(PREFIX):].partition("__")
        src = _GAMES_DIR / package
        if not sep or not (src / "__init__.py").is_file():
            return None
        try:
            data_dir = Path(bytes.fromhex(hexdir).decode("utf-8"))
        except ValueError:
            return None
        register_variant_dir(fullname, data_dir, src / "data")
        return importlib.util.spec_from_file_location(fullname, src / "__init__.py",
                                                      submodule_search_locations=[str(src)])


if not any(isinstance(f, _VariantFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, _VariantFinder())


def variant_class(game_cls, data) -> type:
    """The Game class of ``game_cls``'s game played with the data files in the directory ``data``."""
    if not isinstance(data, (str, Path)) or not str(data):
        raise ConfigError(f"{game_cls.info.game_id}: data={data!r} is not allowed; expected the path of a "
                          "directory of data files (str)")
    data_dir = Path(data).expanduser().resolve()
    package = _package_of(game_cls)
    shipped = sorted(p.name for p in (_GAMES_DIR / package / "data").glob("*.toml"))
    if not data_dir.is_dir():
        raise ConfigError(f"{game_cls.info.game_id}: data={str(data)!r} is not a directory")
    mine = sorted(p.name for p in data_dir.glob("*.toml"))
    if not set(mine) & set(shipped):
        raise ConfigError(f"{game_cls.info.game_id}: data={str(data)!r} holds none of the game's data files "
                          f"({', '.join(shipped)})")
    name = module_name(package, data_dir)
    try:
        mod = importlib.import_module(name)
    except BaseException as e:
        for m in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[m]  # a malformed file: the next attempt reads the files again
        if isinstance(e, (DataError, KeyboardInterrupt, SystemExit, MemoryError)):
            raise
        # the loaders accepted every record, but a table the rules derive from them could not be built
        # (most often a record the rules name by its key was renamed or removed)
        files = ", ".join(n for n in mine if n in shipped)
        raise DataError(f"{files}: the rules of {game_cls.info.game_id} cannot be built from the files in "
                        f"{data_dir} ({type(e).__name__}: {e}); a record the rules name by its key may be "
                        "missing or renamed") from None
    cls = getattr(mod, game_cls.__name__)
    if cls.data_dir is None:
        cls.data_dir = str(data_dir)
        try:  # the game's default config must be playable with these files
            cls(data=cls.data_dir)
        except ConfigError as e:
            cls.data_dir = None
            del sys.modules[name]
            raise DataError(f"{', '.join(n for n in mine if n in shipped)}: the default config of "
                            f"{game_cls.info.game_id} cannot be played with the files in {data_dir} ({e})") from None
    return cls


register_variant_lookup(variant_class)
