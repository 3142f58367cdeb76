"""A rule-based Theosis baseline."""

from __future__ import annotations


def heuristic_action(view, rng):
    la = view.legal_actions
    return la[int(rng.integers(len(la)))]
