"""The checks and determinization of a Mythologies state: ``check_invariants`` (card conservation and
the flow's invariants; run by the generated ``from_dict``) and ``resample_hidden`` (a determinization
for search). ``clone``, ``to_dict`` / ``from_dict`` and the saved-state schema are generated from the
fields ``StateBase`` declares (``state.py``, ``mythenv.core.fields``); the text render is the Game's
(render.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mythenv.core.bookkeeping import check_conserved
from mythenv.core.errors import StateError
from mythenv.core.knowledge import check_known_by, check_known_to_all, masks_at, set_masks

from ..cards import DEITY, NCARDS
from .tables import (
    MYTH_OF,
    MYTHS,
    OFF,
    OVER,
    PLACE,
    SEL,
    TYPE_OF,
)

if TYPE_CHECKING:
    from . import MythologiesState


class Persist:
    """Invariants, determinization."""

    def check_invariants(self) -> None:
        where = []
        for x in self.piles:
            where.extend(x)
        where.extend(c for c in self.sanct if c >= 0)
        for p in range(self.n):
            for st in self.pan[p]:
                where.extend(st)
            where.extend(self.disc[p])
            where.extend(self.hand[p])
        where.extend(self.exile)
        where.extend(f["cid"] for f in self.stack if f["t"] == "place" and f["st"] < 2)
        check_conserved("mythologies_v0: card", where, (c for c in range(NCARDS) if MYTH_OF[c] in self.boards))
        for k, pile in enumerate(self.piles):
            # the draw piles of the four boards: 2b its Creatures, 2b + 1 its Deities
            myth, deity = self.boards[k // 2], k % 2 == 1
            if any(MYTH_OF[c] != myth or (TYPE_OF[c] == DEITY) != deity for c in pile):
                raise StateError(f"mythologies_v0: piles[{k}] holds a card that is not a "
                                 f"{MYTHS[myth]} {'Deity' if deity else 'Creature'}")
        what, known, n = "mythologies_v0: known", self.known, self.n
        for p in range(n):
            check_known_by(what, known, self.hand[p], p)
            check_known_to_all(what, known, self.disc[p] + [c for st in self.pan[p] for c in st], n,
                               f"seat {p}'s pantheon or discard pile")
        check_known_to_all(what, known, self.exile, n, "the exile")
        if min(self.fav + self.gem) < 0:
            raise StateError("mythologies_v0: negative Gems or Favors")
        for p in range(self.n):
            for st in self.pan[p]:
                for c in st[:-1]:
                    if TYPE_OF[c] == DEITY:
                        raise StateError("mythologies_v0: a Deity was crushed")
        if len(self.destiny) > 4 or any(len(x) > 2 for x in self.pawns) or any(len(h) > 2 for h in self.hand):
            raise StateError("mythologies_v0: too many Destiny cards, pawns or selected cards")
        if self.phase not in (SEL, PLACE, OVER):
            raise StateError(f"mythologies_v0: phase {self.phase!r} is none of {SEL} (selection), {PLACE} (placement), "
                             f"{OVER} (over)")
        if not 1 <= self.round <= 4:  # MY § Game Flow: a game is played over 4 rounds
            raise StateError(f"mythologies_v0: round {self.round} is not 1..4")
        if len(set(self.boards)) != 4:
            raise StateError(f"mythologies_v0: the four boards {self.boards} are not four mythologies")
        if (self.phase == OVER) != (self.final is not None):
            raise StateError("mythologies_v0: a final scoring exactly when the game is over")
        if self.phase == OVER:
            if self.dec is not None or self.stack:
                raise StateError("mythologies_v0: a finished game has a pending decision")
        elif self.dec is None or not self.dec[1] or not 0 <= self.dec[0] < self.n:
            raise StateError("mythologies_v0: a running game has no seat to act or no legal action")
        if self.phase != OVER and (self.phase == PLACE) != (self.sel_step == "done"):
            raise StateError(f"mythologies_v0: selection step {self.sel_step!r} in phase {self.phase}")
        if not self.destiny:  # MY § Selection Phase: a Destiny card is revealed before anyone is asked
            raise StateError("mythologies_v0: destiny: no Destiny card revealed this round")
        if self.dest_board != [(p + self.destiny[-1]) % 4 for p in range(self.n)]:
            # MY § Selection Phase: Destiny card k sends seat p to board (p + k) mod 4 (data/boards.toml)
            raise StateError(f"mythologies_v0: dest_board {self.dest_board} is not what the last Destiny card "
                             f"{self.destiny[-1]} assigns")
        if any(len(x) > len(self.destiny) for x in self.pawns):
            raise StateError(f"mythologies_v0: pawns {self.pawns}: more pawns than Destiny cards revealed")
        spots = [(b, pos) for q in range(self.n) for b, pos in self.pawns[q] if pos < 4]
        if len(set(spots)) != len(spots) or any(self.sanct[4 * b + pos] < 0 for b, pos in spots):
            raise StateError(f"mythologies_v0: pawns {self.pawns} share a sanctuary place or stand on an empty one "
                             f"(MY § Selection Phase: a pawn takes a free card)")
        if self.dec is not None and self.dec[1] != sorted(self.dec[1]):
            raise StateError(f"mythologies_v0: dec: the actions {self.dec[1]} are not in order")
        if self.phase == SEL:
            # MY § Selection Phase: the seat asked is the next to pick, or one still to commit
            if self.stack:
                raise StateError("mythologies_v0: effects are resolving during the selection phase")
            if any(self.hand):
                raise StateError(f"mythologies_v0: hand: cards {self.hand} in hand during the selection phase "
                                 f"(the selected cards are taken when it ends)")
            seat = self.dec[0]
            if self.sel_step == "pick" and self.queue[:1] != [seat]:
                raise StateError(f"mythologies_v0: seat {seat} is asked to pick, the queue is {self.queue}")
            if self.sel_step == "commit" and self.commits[seat] != -1:
                raise StateError(f"mythologies_v0: seat {seat} is asked to commit but has committed")
            if self.sel_step not in ("pick", "commit"):
                raise StateError(f"mythologies_v0: selection step {self.sel_step!r} asks nobody")
            want = self.sel_options(seat) if self.sel_step == "pick" else [OFF["commit"], OFF["commit"] + 1]
            if self.dec[1] != sorted(want):
                raise StateError(f"mythologies_v0: dec: seat {seat} is offered {self.dec[1]}, the selection "
                                 f"offers {sorted(want)}")
        elif self.phase == PLACE:
            if not self.stack or self.stack[0]["t"] != "turn":
                raise StateError("mythologies_v0: the placement phase has no turn being played")
            if any(self.pawns):
                raise StateError(f"mythologies_v0: pawns {self.pawns} stand in the sanctuary during the placement "
                                 f"phase (they are taken back when the selection ends)")
            top = self.stack[-1]
            if top["t"] == "turn" and top["st"] == 1 and "ans" not in top:
                want = sorted(self.turn_actions(top["c"]))
                if self.dec[0] != top["c"] or self.dec[1] != want:
                    raise StateError(f"mythologies_v0: dec: seat {self.dec[0]} is offered {self.dec[1]}; seat "
                                     f"{top['c']}'s turn offers {want}")
        if not 0 <= self.first < self.n:
            raise StateError(f"mythologies_v0: first player {self.first} is not a seat")

    def resample_hidden(self, player: int, rng: np.random.Generator) -> MythologiesState:
        """Re-deal every card ``player`` does not know among the hidden places (draw piles, other
        seats' cards drawn from a pile, face-down sanctuary cards), within each (mythology, type),
        and re-draw the other seats' hidden selection commits."""
        s = self.clone()
        bit = 1 << player
        groups: dict[tuple[int, int], list] = {}   # (mythology, type) -> (pile, index) places
        for pile in s.piles:
            for i, c in enumerate(pile):
                groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append((pile, i))
        for i, c in enumerate(s.sanct):
            if c >= 0 and not s.faceup[i] and not s.known[c] & bit:
                groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append((s.sanct, i))
        for q in range(s.n):
            for i, c in enumerate(s.hand[q]):
                if not s.known[c] & bit:
                    groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append((s.hand[q], i))
        for key in sorted(groups):
            places = groups[key]
            cards = sorted(pile[i] for pile, i in places)
            kept = masks_at(s.known, places)   # each place keeps what the table knows of it
            order = rng.permutation(len(cards))
            for (pile, i), j in zip(places, order):
                pile[i] = cards[j]
            set_masks(s.known, places, kept)
        for pile in s.piles:
            pile.sort()
        for q in range(s.n):
            s.hand[q].sort()
        if s.phase == SEL and s.sel_step == "commit":
            for q in range(s.n):
                if q != player and s.free[q] and s.commits[q] >= 0:
                    s.commits[q] = int(rng.integers(2))
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s
