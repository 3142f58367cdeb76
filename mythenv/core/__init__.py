"""The game-agnostic core every game stands on; it imports nothing above it (no agents, variants,
eval or game: what it needs from them is registered into it, see ``tests/core/test_layers.py``).

``game`` (Game, GameInfo / Option, the State protocol), ``actions`` (ActionCodec), ``observe``
(Observer, the seat count and pile counts the Python encoders use, loading the compiled encoders: an
observation is written by a game's Python encoder or by its compiled twin, nothing else), ``view``
(SeatView: what an agent is given), ``env`` (the one PettingZoo AEC env), ``gym`` (the single-agent
Gymnasium env and its registration), ``registry`` (game id -> Game class), ``data`` (TOML data
loading and validation), ``schema`` (the saved-state schemas), ``fields`` (a state's fields declared
once), ``engine`` (the rule tables: a game's tasks, decisions and listers registered by name),
``bookkeeping`` (the log, card conservation, the redeal of hidden cards), ``knowledge`` (who knows
which card: the checks of the per-card seat masks, the masks carried across a redeal), ``errors``
(the error types); ``cobserve.h`` the compiled encoders' helpers, ``clayout`` (what a compiled
encoder reads, declared once) and ``cheaders`` (writes each game's generated ``_clayout.h`` from
it).
"""
