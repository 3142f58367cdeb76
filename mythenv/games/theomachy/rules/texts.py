"""The table's texts (issue 45): each action in the rulebook's words (``action_to_string``), what the
other seats saw of it (``public_action_text``), the decision in words (``decision_text``) and the end
(``ending_text``). Players are named as the table names them (``seat_name``: "Player 3"); cards,
Gods and Mythology cards by name; what stays hidden: a card kept or put back in the draft, a God
chosen face down and the card taken blind from the Prayer draw pile."""

from __future__ import annotations

from mythenv.core.game import seat_name

from ..cards import KINDS
from ..pantheons import DEITIES, MYTHS, PANTHEONS, WINDOWS
from .myth import source_name
from .tables import (
    BATTLE,
    BET,
    DRAFT_DROP,
    DRAFT_PICK,
    GOD,
    MYTH,
    OVER,
    PANTHEON,
    PRAYER,
    TOKEN_NAMES,
    TRACK_COST,
    kind,
)

PHASE_WORDS = {"betting": "Betting", "battle": "Battle", "closing": "Closing", "prayer": "Prayer",
               "starting": "Starting", "myth": "Myth"}


def window_text(w: int) -> str:
    """A Mythology window (``betting_start``...) in words: "the start of the Betting Phase"."""
    phase, _, when = WINDOWS[w].partition("_")
    return f"the {when} of the {PHASE_WORDS.get(phase, phase.capitalize())} Phase"


def tokens_text(t) -> str:
    parts = [f"{n} {TOKEN_NAMES[i]}{'s' if n != 1 else ''}" for i, n in enumerate(t) if n]
    return ", ".join(parts) or "nothing"


class Texts:
    """The texts of a Theomachy position."""

    def _target_seat(self, p: int, i: int) -> int:
        return (p + i + 1) % self.n

    def _label(self, action: int, p: int) -> str:
        name, i = self.C.decode[action]
        pend = self.pending[-1] if self.pending else None
        if name == "play":
            if pend is not None and pend[0] == "react":
                return f"play {KINDS[i].name} in reaction"
            return f"play {KINDS[i].name}"
        if name == "target":
            q = seat_name(self._target_seat(p, i))
            if pend is not None and pend[0] == "target":
                return f"play {kind(pend[2]).name} on {q}"
            if pend is not None and pend[0] == "mtarget":
                return f"aim {source_name(pend[2])} at {q}"
            return f"target {q}"
        if name == "pass":
            return "pass the turn" if self.step == BATTLE else "pass (add no tokens)"
        if name == "call":
            need = self._need(p) if hasattr(self, "_need") else None
            return f"call ({tokens_text(need)})" if need is not None and any(need) else "call"
        if name == "raise":
            return f"raise: call, then add a {TOKEN_NAMES[i]}"
        if name == "fold":
            return "fold"
        if name == "last_stand":
            return "take a Last Stand card and call from the bank"
        if name == "end_turn":
            return "end your turn"
        if name == "decline":
            if pend is not None:
                return {"react": "do not react", "closing": "play no more Closing-Phase Effects",
                        "window": "use no Mythology card", "cost": "discard no more"}.get(pend[0], "decline")
            return "decline"
        if name == "pick":
            return f"keep {KINDS[i].name}"
        if name == "drop":
            return f"put back {KINDS[i].name}"
        if name == "track":
            c = self.track[i]
            cost = TRACK_COST[i]
            pay = f", for a {TOKEN_NAMES[cost]}" if cost >= 0 else ""
            what = kind(c).name if c >= 0 else "the card"
            return f"take {what} from space {i + 1} of the Prayer Track{pay}"
        if name == "blind":
            return "take the top card of the Prayer draw pile"
        if name == "pantheon":
            return f"choose the {PANTHEONS[i].name} Pantheon"
        if name == "god":
            j = self.pantheon[p] if p >= 0 else -1
            if j >= 0:
                return f"choose {DEITIES[PANTHEONS[j].deities[i]].name} as your God"
            return f"choose the {('1st', '2nd', '3rd')[i]} God of your Pantheon"
        if name == "ability":
            d = self.deity[p] if p >= 0 else -1
            return f"announce {DEITIES[d].name}'s Ability" if d >= 0 else "announce your God's Ability"
        if name == "discard":
            src = f" for {source_name(pend[2])}" if pend is not None and pend[0] == "cost" else ""
            return f"discard {KINDS[i].name}{src}"
        if name == "myth":
            M = MYTHS[i]
            return f"send {M.name} into the Stake" if M.use == "hero" else f"use {M.name}"
        if name in ("myth_buy", "myth_bottom"):
            deck = self.myth_deck[p] if p >= 0 else []
            top = MYTHS[deck[-1]] if deck else None
            if name == "myth_buy":
                return f"buy {top.name} for {top.cost} Miracle{'s' if top.cost != 1 else ''}" if top else \
                    "buy the visible Mythology card"
            return f"move {top.name} to the bottom of the Mythology deck" if top else \
                "move the visible Mythology card to the bottom of the deck"
        if name == "myth_leave":
            return "leave the Mythology deck as it is"
        return self.C.describe(action)

    # ------------------------------------------------------------------ the protocol's texts
    def action_to_string(self, action: int) -> str:
        p = self.current_player()
        if p < 0:
            return self.C.describe(action)
        return self._label(action, p)

    def public_action_text(self, action: int) -> str:
        p = self.current_player()
        if p < 0:
            return "makes a move"
        name, i = self.C.decode[action]
        if name == "pick":
            return "keeps a card from the packet"
        if name == "drop":
            return "puts a kept card back"
        if name == "god":
            return "chooses a God face down"
        if name == "fold":
            return "folds"
        if name == "end_turn":
            return "ends the turn"
        if name == "pass":
            return "passes the turn" if self.step == BATTLE else "passes (adds no tokens)"
        if name == "raise":
            return f"raises: calls, then adds a {TOKEN_NAMES[i]}"
        if name == "last_stand":
            return "takes a Last Stand card and calls from the bank"
        text = self._label(action, p)
        first, _, rest = text.partition(" ")
        verbs = {"play": "plays", "aim": "aims", "target": "targets", "pass": "passes", "call": "calls",
                 "raise:": "raises:", "take": "takes", "do": "does", "use": "uses", "discard": "discards",
                 "keep": "keeps", "choose": "chooses", "announce": "announces", "send": "sends",
                 "buy": "buys", "move": "moves", "leave": "leaves"}
        if first in verbs:
            return f"{verbs[first]} {rest}"
        return f"chooses: {text}"

    def decision_text(self) -> str:
        if self.step == OVER:
            return ""
        if self.pending:
            pend = self.pending[-1]
            k = pend[0]
            if k == "target":
                return f"chooses the target of {kind(pend[2]).name}"
            if k == "react":
                _, _q, c, actor, target, _rest = pend
                on = f" on {seat_name(target)}" if target >= 0 else ""
                return f"may react to {kind(c).name}, played by {seat_name(actor)}{on}"
            if k == "closing":
                return "may play Closing-Phase Effects"
            if k == "window":
                return f"may use a Mythology card at {window_text(pend[2])}"
            if k == "cost":
                return f"discards cards for {source_name(pend[2])}"
            return f"chooses the target of {source_name(pend[2])}"
        if self.step == DRAFT_PICK:
            return "keeps a card from the packet (draft)"
        if self.step == DRAFT_DROP:
            return "puts kept cards back down to the deck of 8 (draft)"
        if self.step == PRAYER:
            return "takes a card in the Prayer Phase"
        if self.step == PANTHEON:
            return "chooses a Pantheon"
        if self.step == GOD:
            return "chooses a God face down"
        if self.step == MYTH:
            return "buys, moves or leaves the visible Mythology card"
        if self.step == BET:
            return f"bets (Betting Round {self.round + 1} of 3)"
        if self.step == BATTLE:
            return "acts in the Battle"
        return ""

    def ending_text(self) -> str:
        if self.step != OVER:
            return ""
        hands = f"after {self.hands} Hand{'s' if self.hands != 1 else ''}"
        if self.epic:
            vp = "; ".join(f"{seat_name(q)}: {self.vp[q]}" for q in range(self.n))
            top = [q for q in range(self.n) if self.returns()[q] > 0]
            if not top:
                return f"The Hand bound is reached {hands}: nobody has 10 Victory Points, a draw (Victory Points: {vp})."
            names = " and ".join(seat_name(q) for q in top)
            verb = "reaches" if len(top) == 1 else "reach"
            return f"{names[0].upper() + names[1:]} {verb} 10 Victory Points and win{'s' if len(top) == 1 else ''} {hands} (Victory Points: {vp})."
        alive = [q for q in range(self.n) if self.alive[q]]
        power = "; ".join(f"{seat_name(q)}: {tokens_text(self.cult[q])}" for q in alive)
        if self.result_kind == "winner":
            w = alive[0]
            return (f"{seat_name(w).capitalize()} wins, the last player standing {hands} "
                    f"(Cult: {tokens_text(self.cult[w])}).")
        if self.result_kind == "shared":
            names = " and ".join(seat_name(q) for q in self.winners)
            return f"{names[0].upper() + names[1:]} are eliminated together in the last Hand: a shared draw {hands}."
        names = " and ".join(seat_name(q) for q in alive)
        return (f"The Hand bound is reached {hands}: a draw between {names}, still standing "
                f"(Cults: {power}).")
