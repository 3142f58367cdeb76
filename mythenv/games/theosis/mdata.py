"""The monster content now loads in ``cards.py`` (the game's one data loader); this module only
re-exports it for ``render.py``'s import (to go when render.py imports from ``cards``)."""

from .cards import (  # noqa: F401
    ENCOUNTERS,
    FACE_NAMES,
    MONSTER_INDEX,
    MONSTERS,
    STATUSES,
    TOKENS,
    Encounter,
    Face,
    Monster,
    Strike,
    Token,
    parse_encounter,
)
