"""A person at the terminal: the seat's view, the numbered legal actions by name, a choice read from
stdin (asked again on bad input; nothing changes until a legal choice is made)."""

from __future__ import annotations

import sys
from typing import TextIO

from mythenv.core.errors import ConfigError, MythenvError
from mythenv.core.game import Game, seat_name
from mythenv.core.view import SeatView

from .base import Agent


class HumanAgent(Agent):
    """``mythenv play GAME --agents human,random``. Type the number of an action (``1``..``n``) or
    its exact name; ``q`` quits. ``stdin`` / ``stdout`` default to the process's streams."""

    name = "human"

    def __init__(self, game: Game, seed: int | None = None, stdin: TextIO | None = None,
                 stdout: TextIO | None = None):
        super().__init__(game, seed)
        self._in, self._out = stdin, stdout

    def _say(self, text: str) -> None:
        print(text, file=self._out or sys.stdout, flush=True)

    def act(self, view: SeatView) -> int:
        la = view.legal_actions
        if not la:
            raise ConfigError(f"the human agent was asked to act for seat {view.seat}, which has no legal action")
        names = [view.action_to_string(a) for a in la]
        self._say(f"\n--- your turn ({seat_name(view.seat)}) ---")
        self._say(view.render())
        self._say("legal actions:")
        for i, n in enumerate(names, 1):
            self._say(f"  {i:>3}. {n}")
        stream = self._in or sys.stdin
        while True:
            self._say(f"choose 1-{len(la)} (or q to quit): ")
            line = stream.readline()
            if not line:
                raise MythenvError("no more input: the human player's stdin was closed before a choice")
            choice = line.strip()
            if choice.lower() in ("q", "quit", "exit"):
                raise MythenvError("the human player quit the game")
            if choice.isdigit() and 1 <= int(choice) <= len(la):
                return la[int(choice) - 1]
            if choice in names:
                return la[names.index(choice)]
            self._say(f"{choice!r} is not a choice: type a number from 1 to {len(la)} "
                      "(or an action's exact name)")
