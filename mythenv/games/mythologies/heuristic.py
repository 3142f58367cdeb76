"""A rule-based Mythologies baseline.

Selection: place a pawn when the best card offered is worth it (or when forced), and take the card
with the best static value (best plane gain, a bonus for a placement effect, Deities only when the
4 Gems are in reach). Placement: every top-level option (play a card, discard it, use an effect, end
the turn) is tried on a copy of the determinized state and followed greedily until the next
top-level choice; the option with the best evaluation (own Favors + Gems / 3 + Trial progress,
minus half the opponents' average) is taken. Choices inside effects are greedy one-step.
"""

from __future__ import annotations

from .cards import DEITY
from .rules import DECODE, EFFECTS_OF, GAINS_OF, SEL, TYPE_OF


def _score(s, p) -> float:
    v = s.fav[p] + s.gem[p] / 3.0 + 0.3 * sum(1 for st in s.pan[p] if st)
    for t in (0, 1):
        if not s.trials[p][t] and s.trial_met(p, t):
            w = 1.0 if s.round >= 3 + t else 0.4
            v += w * s.trial_favors(t)
    return v


def evaluate(s, p) -> float:
    if s.is_terminal():
        return 100.0 * s.returns()[p] if s.game.config["reward"] == "win" else s.returns()[p]
    mine = _score(s, p)
    others = [_score(s, q) for q in range(s.n) if q != p]
    return mine - 0.5 * sum(others) / len(others)


def card_value(s, p, c: int) -> float:
    fav_gem = max(f + g / 3.0 for f, g in GAINS_OF[c])
    bonus = 0.8 if any(e.when in ("place", "endgame") for e in EFFECTS_OF[c]) else 0.4
    if TYPE_OF[c] == DEITY:
        if s.gem[p] + 2 < 4:
            return 0.7
        return fav_gem + bonus + 0.6
    return fav_gem + bonus


def _rollout(s, p, limit: int = 12):
    """Follow greedy one-step choices of seat ``p`` until the next top-level turn choice."""
    for _ in range(limit):
        if s.is_terminal() or s.current_player() != p or (s.stack and s.stack[-1]["t"] == "turn"):
            break
        best, ba = None, None
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            v = evaluate(c, p)
            if best is None or v > best:
                best, ba = v, a
        s.apply_action(ba)
    return evaluate(s, p)


def option_value(s, p, a) -> tuple:
    """A placement option looked ahead: a copy of ``s`` after action ``a`` and seat ``p``'s greedy
    choices up to its next turn-level choice, and its evaluation (ending the turn costs 0.05, as in
    the heuristic's own choice). For teachers that rate the options with something more."""
    return _option(s, p, a, _rollout)


def _option(s, p, a, score) -> tuple:
    """A copy of ``s`` after action ``a`` and its rating by ``score`` (less 0.05 for ending the turn)."""
    c = s.clone()
    c.apply_action(a)
    return c, score(c, p) - (0.05 if DECODE[a][0] == "end_turn" else 0.0)


def heuristic_action(view, rng):
    return _act(view, rng, deep=True)


def heuristic_ties(view, rng) -> tuple[int, list[int]]:
    """The heuristic's action and every action its evaluation rates as high (the random tie-break
    picked one of them): a distillation target that does not make the student learn the tie-break."""
    return _choose(view, rng, deep=True)


def rollout_action(view, rng):
    """The same policy with one-step evaluations only (cheaper, for search rollouts)."""
    return _act(view, rng, deep=False)


def _act(view, rng, deep: bool) -> int:
    return _choose(view, rng, deep)[0]


def _choose(view, rng, deep: bool) -> tuple[int, list[int]]:
    """The action and the actions rated as high as it (only itself outside the evaluated choices)."""
    a = _pick(view, rng, deep)
    return a if isinstance(a, tuple) else (a, [a])


def _pick(view, rng, deep: bool):
    la = view.legal_actions
    if len(la) == 1:
        return la[0]
    s = view.known
    p = view.seat
    if s.phase == SEL:
        if DECODE[la[0]][0] == "commit":
            b = s.dest_board[p]
            vals = []
            for pos in range(4):
                c = s.sanct[4 * b + pos]
                if c >= 0 and s.faceup[4 * b + pos]:
                    vals.append(card_value(s, p, c))
            best = max(vals) if vals else 1.0
            left = 4 - len(s.destiny)
            need = 2 - len(s.pawns[p])
            threshold = 2.2 if left > need else 0.0
            return la[1] if best >= threshold else la[0]
        best, ba = None, la[0]
        for a in la:
            name, i = DECODE[a]
            if name == "sanct" and s.faceup[i]:
                v = card_value(s, p, s.sanct[i])
            else:
                v = 1.2
            v += float(rng.random()) * 1e-3
            if best is None or v > best:
                best, ba = v, a
        return ba
    top = s.stack[-1]["t"] if s.stack else "turn"
    if top == "turn" and not deep:
        plays = [a for a in la if DECODE[a][0] == "play"]
        if plays:
            return max(plays, key=lambda a: card_value(s, p, s.hand[p][DECODE[a][1]]))
        for fam in ("discard", "end_turn"):
            for a in la:
                if DECODE[a][0] == fam:
                    return a
    score = _rollout if deep and top == "turn" else evaluate
    vals = [_option(s, p, a, score)[1] for a in la]
    best, ba = None, la[0]
    for a, v in zip(la, vals):
        v += float(rng.random()) * 1e-6
        if best is None or v > best:
            best, ba = v, a
    top_v = max(vals)  # the actions rated equal to the best, which the 1e-6 tie-break chose among
    return ba, [a for a, v in zip(la, vals) if v >= top_v - 1e-9]
