"""The table's texts (issue 45): each action in the rulebook's words (``action_to_string``), what the
other seats saw of it (``public_action_text``), the decision in words (``decision_text``) and the end
(``ending_text``). Places as the picture draws them: the Sanctuary's four Mythology boards by their
mythology (2 on top for the 1st Trial, 2 below for the 2nd), each with its 1st to 3rd Creature and its
Deity; a Pantheon's slots by plane (celestial, terrestrial, abyssal) and column (left, middle, right)."""

from __future__ import annotations

from mythenv.core.game import seat_name

from ..cards import MYTHS
from .tables import CODEC, COL, DECODE, EFFECTS_OF, OVER, PLANE_NAMES, ROW, SEL, card_name

COLUMN_NAMES = ("left", "middle", "right")
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def myth_name(m: int) -> str:
    return MYTHS[m].capitalize()


def slot_text(s: int) -> str:
    """Slot ``s`` of a Pantheon as drawn: "the celestial plane, left column"."""
    return f"the {PLANE_NAMES[ROW[s]]} plane, {COLUMN_NAMES[COL[s]]} column"


def _nth(items: list, i: int) -> str:
    """" (2nd copy)" when ``items[i]`` already appeared earlier in ``items``, else ""."""
    k = items[:i].count(items[i])
    return f" ({ORDINAL[min(k, 7)]} copy)" if k else ""


class Texts:
    """The texts of a Mythologies position."""

    # ------------------------------------------------------------------ pieces
    def _board(self, b: int) -> str:
        return f"the {myth_name(self.boards[b])} board"

    def _sanct_text(self, i: int, viewer: int) -> str:
        """Sanctuary position ``i`` (board ``i // 4``) as ``viewer`` (-1: every seat) sees it."""
        b, pos = divmod(i, 4)
        where = f"{self._board(b)}, {'Deity' if pos == 3 else f'{ORDINAL[pos]} Creature'}"
        c = self.sanct[i]
        if c < 0:
            return f"the empty place ({where})"
        if self.faceup[i] or viewer >= 0 and self.known[c] >> viewer & 1:
            return f"{card_name(c)} ({where}{'' if self.faceup[i] else ', face down'})"
        return f"the face-down card ({where})"

    def _slot_card(self, p: int, s: int) -> str:
        top = self.top(p, s)
        return f"{card_name(top)} on {slot_text(s)}" if top >= 0 else f"{slot_text(s)} (empty)"

    def _frame(self) -> dict | None:
        return self.stack[-1] if self.stack else None

    def _op(self, f: dict | None) -> str:
        if f is None or f["t"] != "eff":
            return ""
        ops = EFFECTS_OF[f["src"]][f["e"]].ops
        return ops[f["pc"]]["op"] if f["pc"] < len(ops) else ""

    def _label(self, action: int, viewer: int) -> str:
        """The action in words, naming only what ``viewer`` (-1: every seat) sees."""
        name, i = DECODE[action]
        p = self.current_player()
        f = self._frame()
        if name == "commit":
            b = self.dest_board[p] if p >= 0 else -1
            mine = f" of {self._board(b)}" if b >= 0 else ""
            return f"reveal a pawn: choose a card{mine}" if i else "reveal no pawn: wait for the next Destiny card"
        if name == "sanct":
            what = self._sanct_text(i, viewer)
            if f is None:
                return f"place your pawn on {what}"
            return f"invoke {what}" if self._op(f) == "invoke" else f"choose {what}"
        if name == "pile":
            return f"place your pawn on the Creature draw pile of {self._board(i)}"
        if name in ("play", "discard"):
            hand = self.hand[p]
            c = hand[i]
            names = [card_name(x) for x in hand]
            card = card_name(c) + _nth(names, i)
            return f"invoke {card}" if name == "play" else f"discard {card} for 2 Gems"
        if name == "slot":
            if f is not None and f["t"] == "place":
                top = self.top(f["c"], i)
                crush = f", crushing {card_name(top)}" if top >= 0 else ""
                return f"put {card_name(f['cid'])} on {slot_text(i)}{crush}"
            return self._slot_card(p, i)
        if name == "card":
            owner = next((q for q in range(self.n) if i in self.disc[q]), -1)
            pile = self.disc[owner] if owner >= 0 else []
            names = [card_name(x) for x in sorted(pile)]
            k = sorted(pile).index(i) if i in pile else 0
            where = f" from {'your' if owner == viewer else seat_name(owner) + chr(39) + 's'} discard pile" \
                if owner >= 0 else ""
            return f"{card_name(i)}{where}{_nth(names, k) if names else ''}"
        if name == "opt":
            return self._opt_text(f, i, p)
        if name == "activate":
            return f"activate {self._slot_card(p, i)}"
        if name == "stop":
            if f is not None and f["t"] == "react":
                return "let it happen (no effect in reaction)"
            if f is not None and f["t"] == "sac":
                return "protect nothing with the Scarab"
            op = self._op(f)
            return {"pay": "do not pay", "exchange": "stop exchanging"}.get(op, "stop (take no more)")
        if name == "end_turn":
            return "end the turn"
        return CODEC.describe(action)

    def _opt_text(self, f: dict | None, i: int, p: int) -> str:
        if f is not None and f["t"] == "order":
            frames = f["frames"]
            srcs = [card_name(fr["src"]) if "src" in fr else "the gain" for fr in frames]
            return f"resolve {srcs[i]}{_nth(srcs, i)} first" if i < len(srcs) else f"the {ORDINAL[i]} effect first"
        op_name = self._op(f)
        if f is not None and op_name:
            op = EFFECTS_OF[f["src"]][f["e"]].ops[f["pc"]]
            if op_name == "opp_choice":
                gems, favors = op.get("gems", 0), op.get("favors", 0)
                what = " and ".join(x for x in (f"{gems} Gem{'s' if gems != 1 else ''}" if gems else "",
                                                f"{favors} Favor{'s' if favors != 1 else ''}" if favors else "") if x)
                who = seat_name(f["c"])
                return f"give {what or 'nothing'} to {who}" if i == 0 else "sacrifice a Creature instead"
            if op_name == "choose_plane":
                return f"the {PLANE_NAMES[i]} plane"
            if op_name == "choose_myth":
                return f"the {myth_name(i)} mythology"
            if op_name == "exchange":
                return (f"exchange with {seat_name(i)}: {op.get('gems', 1)} Gem for "
                        f"{op.get('favors', 2)} Favors")
            if op_name == "pay":
                gems = op.get("gems", 0)
                return f"pay {gems} Gem{'s' if gems != 1 else ''}"
        return f"the {ORDINAL[i]} option"

    # ------------------------------------------------------------------ the protocol's texts
    def action_to_string(self, action: int) -> str:
        if self.phase == OVER or self.dec is None:
            return CODEC.describe(action)
        return self._label(action, self.current_player())

    def public_action_text(self, action: int) -> str:
        if self.phase == OVER or self.dec is None:
            return "makes a move"
        name, i = DECODE[action]
        if name == "commit":
            return "chooses a pawn in secret"
        text = self._label(action, -1)
        if name in ("sanct", "pile") and self._frame() is None:
            return "places a pawn on " + text.split(" on ", 1)[1]
        first, _, rest = text.partition(" ")
        verbs = {"invoke": "invokes", "discard": "discards", "activate": "activates", "end": "ends",
                 "put": "puts", "give": "gives", "sacrifice": "sacrifices", "exchange": "exchanges",
                 "pay": "pays", "resolve": "resolves", "do": "does", "stop": "stops", "let": "lets",
                 "protect": "protects", "choose": "chooses", "reveal": "reveals"}
        if first in verbs:
            return f"{verbs[first]} {rest}"
        return f"chooses {text}"

    def decision_text(self) -> str:
        if self.phase == OVER or self.dec is None:
            return ""
        p = self.dec[0]
        if self.phase == SEL:
            b = self.dest_board[p]
            where = f" ({self._board(b)})" if b >= 0 else ""
            if self.sel_step == "commit":
                return f"chooses in secret whether to reveal a pawn{where}"
            return f"places a selection pawn{where}"
        f = self._frame()
        if f is None:
            return ""
        t = f["t"]
        if t == "turn":
            return "plays the placement turn: invoke or discard each selected card"
        if t == "place":
            return f"chooses the slot for {card_name(f['cid'])}"
        if t == "react":
            return "may use an effect in reaction"
        if t == "order":
            return "chooses which effect resolves first"
        if t == "sac":
            return "may protect a Creature with the Scarab"
        src = card_name(f["src"]) if "src" in f else "an effect"
        what = {"opp_choice": "gives or sacrifices", "opp_sacrifice": "chooses the Creature to sacrifice",
                "sacrifice": "chooses what to sacrifice", "move": "chooses what to move and where",
                "invoke": "chooses the card to invoke", "gain_of": "chooses whose gain to take",
                "choose_plane": "chooses a plane", "choose_myth": "chooses a mythology",
                "exchange": "chooses the exchanges", "pay": "chooses whether to pay"}.get(self._op(f), "chooses")
        return f"{what} ({src})"

    def ending_text(self) -> str:
        if self.phase != OVER or self.final is None:
            return ""
        fin = self.final
        best = max(fin)
        winners = [q for q in range(self.n) if fin[q] == best]
        score = "; ".join(f"{seat_name(q)}: {v[0]} Favor{'s' if v[0] != 1 else ''}, {v[1]} Gem{'s' if v[1] != 1 else ''}, "
                          f"{v[2]} Deit{'ies' if v[2] != 1 else 'y'}, "
                          f"{v[3]} visible card{'s' if v[3] != 1 else ''}" for q, v in enumerate(fin))
        if len(winners) > 1:
            names = " and ".join(seat_name(q) for q in winners)
            return f"{names} share the victory, tied on every count ({score})."
        w = winners[0]
        rest = [fin[q] for q in range(self.n) if q != w]
        # the deepest count of the tie-break order (MY § End of Game) needed against the closest rival
        k = max(next(j for j in range(4) if best[j] != r[j]) for r in rest)
        why = ("with the most Favors", "tied on Favors, with the most Gems left",
               "tied on Favors and Gems, with the most Deities",
               "tied on Favors, Gems and Deities, with the most visible cards")[k]
        return f"{seat_name(w).capitalize()} wins {why} ({score})."
