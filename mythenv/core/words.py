"""How the renders name seats and decisions to a person (issue 45): one way everywhere.

A seat is "you" to the seat that looks and "Player N", counted from 1, to everyone else
(:func:`~mythenv.core.game.seat_name`). The header of a picture or a text view says whose decision it
is with the game's own words for it (``State.decision_text``): "Player 2 bids for the turn order",
to that seat "You bid for the turn order"; at the end, the game's ``State.ending_text``
(:func:`to_act_text`). A game's log names seats in the codes of its rules (``seat 0``, ``player_0``,
``P0``); :func:`table_text` says a line of it (or any text naming "Player N") the same way, for the
seat that looks. Every game's render builds its status from these, so no game words it otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .game import seat_name

#: a seat in a text: a code of the rules, counted from 0 (``seat 0``, ``player_0``, ``P0``), or a name
#: as ``seat_name`` writes it, counted from 1 (``Player 1``); with an optional possessive ``'s``
SEAT_REF = re.compile(r"\b(?:(?:seat |player_|P)(?P<code>\d+)|Player (?P<name>\d+))\b(?P<s>'s)?")

#: verbs whose form after "you" differs beyond a dropped "s"; modal verbs keep theirs
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_VERB = re.compile(r"[a-z][a-z-]*")
#: where a verb of the subject may follow the first one: "plays or discards", "buys, moves or
#: leaves", "claims the throne and wins", "has spent every action point: plays ... or ends the turn"
_NEXT_VERB = re.compile(r"(?:(?<=, )|(?<=: )|(?<=\(or )|(?<= or )|(?<= and ))([a-z][a-z-]*s)\b")
#: words ending in "s" that are never a verb of the subject
_NOT_VERBS = frozenset({"its", "this", "his", "hers", "yours", "theirs", "ours", "always", "as", "thus", "less",
                        "unless", "perhaps", "cards", "points", "tokens", "gems", "favors"})


def _base(word: str) -> str:
    """A verb said of "he / she" as said of "you" ("chooses" -> "choose", "passes" -> "pass", "has"
    -> "have"); any other word as it is (a past tense, a modal verb: "failed", "may", "cannot")."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if (not _VERB.fullmatch(word) or not word.endswith("s") or word.endswith(("ss", "us", "is"))
            or word in _NOT_VERBS):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    return word[:-1]


def you_form(predicate: str) -> str:
    """``predicate``, said of a seat ("plays or discards a card", "halves their Army: chooses the cards
    to discard"), said of "you" ("play or discard a card", "halve your Army: choose the cards to
    discard"): its first verb, its possessive after it, the verbs joined to it ("and is eliminated"),
    and so on after a colon while the subject stays (not after "...: Zeus is discarded")."""
    parts = predicate.split(": ")
    out = [_you_clause(parts[0])]
    for k, part in enumerate(parts[1:], 1):
        m = _VERB.match(part)
        if m is None or _base(m.group(0)) == m.group(0):   # another subject, or no verb: as it is
            return ": ".join(out + parts[k:])
        out.append(_you_clause(part))
    return ": ".join(out)


def _you_clause(text: str) -> str:
    m = _VERB.match(text)
    if m is None:
        return text
    first, rest = m.group(0), text[m.end():]
    if rest.startswith(("(s)", "(es)")):   # "reach(es)": a verb for one seat or several
        rest = rest.partition(")")[2]
    base = _base(first)
    if base != first and rest.startswith((" its ", " their ")):
        rest = " your " + rest[1:].partition(" ")[2]
    return base + _NEXT_VERB.sub(lambda m: _base(m.group(1)), rest)


def possessive(seat: int, viewer: int | str | None = None) -> str:
    """Whose, for a seat: "your" to the seat itself, else "Player N's"."""
    return "your" if viewer == seat else f"{seat_name(seat)}'s"


def cap(text: str) -> str:
    """``text`` with a capital first letter (a sentence start, a label)."""
    return text[:1].upper() + text[1:]


def seat_mark(seat: int, viewer: int | str | None = None) -> str:
    """A seat on a small token of a picture (a pawn, a marker in the seat's colour): "you", else the
    player's number as a person counts ("2" for Player 2)."""
    return "you" if viewer == seat else str(seat + 1)


def table_text(text: str, viewer: int | str | None = None, words: Callable[[str], str] | None = None) -> str:
    """A line that names seats (a log entry of the rules, a game's text) in the table's words for
    ``viewer`` (None: nobody), with a capital first letter: each seat as ``seat_name`` names it, "your"
    for its "'s"; a line whose subject is the viewer itself in the second person ("seat 0 discards
    Plutus" -> "You discard Plutus"). ``words``, when given, first rewrites what else of the game's
    codes the line holds (places, numbers counted from 0)."""
    return cap(_named(words(text) if words is not None else text, viewer))


def recent_lines(log: list[str], viewer: int | str | None, k: int,
                 words: Callable[[str], str] | None = None) -> list[str]:
    """The last ``k`` lines of a game's log (``GameLog``) in the table's words for ``viewer``
    (``table_text``); none for ``k`` 0."""
    return [table_text(line, viewer, words) for line in log[-k:]] if k else []


def _seat_of(m: re.Match) -> int:
    return int(m.group("code")) if m.group("code") is not None else int(m.group("name")) - 1


def _named(text: str, viewer: int | str | None) -> str:
    """:func:`table_text` but for the capital at its start."""
    out = ""
    m = SEAT_REF.match(text)
    if m is not None and viewer is not None and _seat_of(m) == viewer and not m.group("s"):
        rest = text[m.end():]
        aside = re.match(r" \([^)]*\)", rest)   # "Player 1 (Hera) wins"
        head = aside.group(0) if aside else ""
        rest = rest[len(head):]
        if rest.startswith(" ") and not rest.startswith((" and ", " or ", ", ")):
            rest = " " + you_form(rest[1:])
        out, text = "you" + head, rest
    return out + SEAT_REF.sub(lambda m: possessive(_seat_of(m), viewer) if m.group("s")
                              else seat_name(_seat_of(m), viewer), text)


def to_act_text(state, viewer: int | str | None = None) -> str:
    """Whose decision it is and what it is, in words, for a header: "Player 2 bids for the turn
    order", to the seat itself "You bid for the turn order" (the game's ``decision_text``; "Player 2
    to move" / "Your turn" where it names none); once the game is over, its ``ending_text`` said for
    ``viewer``; "" where no seat is to act (a chance event)."""
    if state.is_terminal():
        return table_text(state.ending_text(), viewer)
    p = state.current_player()
    if p < 0:
        return ""
    what = _named(state.decision_text(), viewer)
    if p == viewer:
        return f"You {you_form(what)}" if what else "Your turn"
    return f"{seat_name(p)} {what}" if what else f"{seat_name(p)} to move"


def view_title(seat: int | str, role: str = "") -> str:
    """Whose view a picture or a text shows: "Player 2's view" (with the seat's ``role`` at the
    table: "Player 1's view (Hera)"), "omniscient view" for ``"all"`` / None (every card shown)."""
    if seat == "all" or seat is None:
        return "omniscient view"
    return f"{seat_name(seat)}'s view" + (f" ({role})" if role else "")


def status_text(context: str, to_act: str) -> str:
    """One line of a status: the game's public context ("Turn 4", "Hand 2, Betting Round 1") and whose
    decision it is (:func:`to_act_text`)."""
    return "; ".join(t for t in (context, to_act) if t)


def counted(n: int | float, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun as a person says it: "1 Gem", "3 Gems", "0 cards"."""
    return f"{n:g} {noun if n == 1 else (plural or noun + 's')}"
