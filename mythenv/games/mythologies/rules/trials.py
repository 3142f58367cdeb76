"""MY § Trials: the two Trials formed by the boards (a start's measure over an end's region), checked
at the end of each seat's turn: the 1st from round 3 (one Favor less in round 4), the 2nd in round 4,
each at most once per seat."""

from __future__ import annotations

from ..cards import BOARDS, CREATURE, DEITY
from .tables import (
    FLAGS_OF,
    GAINS_OF,
    MYTH_OF,
    REGIONS,
    ROW,
    TYPE_OF,
)


class Trials:
    """The two Trials."""

    def trial_met(self, p: int, t: int) -> bool:
        """Trial ``t`` (0: top boards, 1: bottom boards): the start's measure over the end's region."""
        return self.trial_measure(p, t) >= BOARDS[self.boards[2 * t]].at_least

    def trial_measure(self, p: int, t: int, place: tuple[int, int] | None = None) -> int:
        """The start board's measure of Trial ``t`` in seat ``p``'s best region of the end board (the
        Trial is met when it reaches the start's "at least"; the observation's ``trial_progress``).
        ``place=(slot, card)``: as if ``card`` were placed on ``slot`` (the observation's ``slot_preview``)."""
        start = BOARDS[self.boards[2 * t]]
        end = BOARDS[self.boards[2 * t + 1]]
        pan = self.pan[p]
        if place is not None:
            pan = pan[:]
            pan[place[0]] = pan[place[0]] + [place[1]]
        best = 0
        for region in REGIONS[end.region]:
            cards = [(s, pan[s][-1]) for s in region if pan[s]]
            m = start.measure
            if m == "inv_gems":
                v = sum(GAINS_OF[c][ROW[s]][1] for s, c in cards)
            elif m == "inv_favors":
                v = sum(GAINS_OF[c][ROW[s]][0] for s, c in cards)
            elif m == "creatures":
                v = sum(1 for _, c in cards if TYPE_OF[c] == CREATURE)
            elif m == "deities":
                v = sum(1 for _, c in cards if TYPE_OF[c] == DEITY)
            elif m == "distinct_myths":
                v = len({MYTH_OF[c] for _, c in cards})
            elif m == "same_myth":
                wild = sum(1 for _, c in cards if "all_myths" in FLAGS_OF[c])
                v = max([sum(1 for _, c in cards if MYTH_OF[c] == mm and "all_myths" not in FLAGS_OF[c])
                         for mm in range(8)] + [0]) + wild
            elif m == "all_cards":
                v = sum(len(pan[s]) for s in region)
            else:
                v = max([len(pan[s]) for s in region] + [0])
            best = max(best, v)
        return best

    def trial_favors(self, t: int) -> int:
        return BOARDS[self.boards[2 * t]].start_favors + BOARDS[self.boards[2 * t + 1]].end_favors

    def _check_trials(self, p: int) -> None:
        """MY § Trials: 1st Trial from round 3 (one Favor less in round 4), 2nd Trial in round 4,
        each at most once per seat."""
        for t in (0, 1):
            if self.trials[p][t] or self.round < 3 + t:
                continue
            if self.trial_met(p, t):
                self.trials[p][t] = 1
                self.fav[p] += self.trial_favors(t) - (1 if t == 0 and self.round == 4 else 0)
                self._log(f"P{p} fulfils Trial {t + 1}")
