"""Build the compiled observation encoders (C extensions; see mythenv/core/cobserve.h).

One per game, mythenv/games/<game>/_cobserve.c; everything else is in pyproject.toml. The extensions are optional: without a C compiler the install
goes on and the games encode observations in Python (same values, slower). Each is built with the
SHA-256 of its sources (the game's observe.py, _cobserve.c and generated _clayout.h, core/cobserve.h): a game does not use a
compiled encoder built from other sources than those beside it (mythenv.core.observe.compiled_module),
and an edit to any of them makes `python setup.py build_ext --inplace` rebuild it.
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

COMPILED = ("hera_zeus", "demigods", "mythologies", "theomachy", "theosis")  # mythenv/games/<g>/_cobserve.c
HERE = Path(__file__).resolve().parent


def _sha256(path: str) -> str:
    return hashlib.sha256((HERE / path).read_bytes()).hexdigest()


def _extension(g: str) -> Extension:
    src, obs, header = f"mythenv/games/{g}/_cobserve.c", f"mythenv/games/{g}/observe.py", "mythenv/core/cobserve.h"
    generated = f"mythenv/games/{g}/_clayout.h"  # generated from observe.C_DECL (python -m mythenv.core.cheaders)
    sha = [("COBSERVE_SHA256_OBSERVE_PY", _sha256(obs)), ("COBSERVE_SHA256_COBSERVE_C", _sha256(src)),
           ("COBSERVE_SHA256_COBSERVE_H", _sha256(header))]
    if (HERE / generated).exists():
        sha.append(("COBSERVE_SHA256_CLAYOUT_H", _sha256(generated)))
    return Extension(f"mythenv.games.{g}._cobserve", [src], include_dirs=["mythenv/core"],
                     depends=[header, obs] + [generated] * (len(sha) == 4), define_macros=sha,
                     extra_compile_args=["-O2", "-Wall", "-Wno-unused-function"], optional=True)


setup(ext_modules=[_extension(g) for g in COMPILED])
