"""Build the compiled observation encoders (C extensions; see mythenv/core/cobserve.h).

One per game, mythenv/games/<game>/_cobserve.c; everything else is in pyproject.toml. The extensions are optional: without a C compiler the install
goes on and the games encode observations in Python (same values, slower).
"""

from setuptools import Extension, setup

COMPILED = ("hera_zeus", "demigods", "mythologies", "theomachy", "theosis")  # mythenv/games/<g>/_cobserve.c

setup(ext_modules=[
    Extension(f"mythenv.games.{g}._cobserve", [f"mythenv/games/{g}/_cobserve.c"],
              include_dirs=["mythenv/core"], depends=["mythenv/core/cobserve.h"],
              extra_compile_args=["-O2", "-Wall", "-Wno-unused-function"], optional=True)
    for g in COMPILED
])
