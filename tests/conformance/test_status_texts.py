"""The status lines and the pictures name seats and decisions as the table does (issue 45).

Over seeded random games of the configs of ``test_action_texts`` (each mode, and a few more):

* ``Game.status(state, viewer)``, the status line the header of every picture and text view shows
  (and the web page's), is free of code (no ``player_0``, ``seat 0``, ``P0``, snake_case decision
  names, 0-based indices, hex coordinates, brackets) for every viewer at every step; it names the
  seat to act as ``seat_name`` does ("You ..." to that seat, "Player N ..." to the others) and says
  its decision in the game's ``decision_text``; at the end it is the game's ``ending_text``;
* every text a picture draws (its title, status, last move, score boxes, panels, tokens), captured
  as it is drawn, and the text view (``render``) name seats the same way: no seat codes, no
  snake_case names, no hex coordinates.

``mythenv.core.words`` builds them: its second-person forms and seat names are checked on their own.
"""

from __future__ import annotations

import numpy as np
import pytest

import mythenv
from mythenv.core import draw, words
from mythenv.core.game import seat_name

from .test_action_texts import CASES, COORD, SEAT_CODE, SNAKE, code_in

GAMES = 3            # seeded games per config
TEXT_EVERY = 3       # the text view is checked at every 3rd step (every seat)
PICTURE_EVERY = 15   # a picture is drawn at every 15th step and at the end (one view in turn)


def seat_code_in(text: str) -> list[str]:
    """Seat codes, snake_case names and hex coordinates in ``text`` (the checks every drawn text and
    the text view pass; card texts and lists may hold brackets and numbers from 0)."""
    return SEAT_CODE.findall(text) + SNAKE.findall(text) + COORD.findall(text)


def _check_status(game, s, where) -> None:
    n = game.num_players
    over = s.is_terminal()
    cur = -1 if over else s.current_player()
    for v in [*range(n), None]:
        context, to_act = game.status(s, v)
        for part in (context, to_act):
            assert isinstance(part, str) and not code_in(part), (where, v, part, code_in(part))
        if over:
            assert to_act == words.table_text(s.ending_text(), v), (where, v, to_act)
            continue
        assert context.strip() or game.status_renderer is None, (where, v)
        if cur < 0:
            continue
        decision = s.decision_text()
        if cur == v:
            assert to_act.startswith(("You ", "Your turn")), (where, v, to_act)
        else:
            assert to_act.startswith(seat_name(cur) + " "), (where, v, cur, to_act)
            if decision:
                assert to_act == f"{seat_name(cur)} {words.table_text(decision, v)[:1].lower()}" \
                    f"{words.table_text(decision, v)[1:]}", (where, v, to_act, decision)


class _Drawn:
    """Every text drawn on a canvas while it is installed (``Canvas.text`` and ``hexagon`` labels)."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        text, hexagon = draw.Canvas.text, draw.hexagon

        def spy_text(canvas, xy, s, *a, **k):
            self.texts.append(s)
            return text(canvas, xy, s, *a, **k)

        def spy_hexagon(c, center, size, *a, **k):
            label = k.get("text", a[2] if len(a) > 2 else "")
            if label:
                self.texts.append(label)
            return hexagon(c, center, size, *a, **k)

        monkeypatch.setattr(draw.Canvas, "text", spy_text)
        monkeypatch.setattr(draw, "hexagon", spy_hexagon)

    def take(self) -> list[str]:
        out, self.texts = self.texts, []
        return out


@pytest.mark.parametrize("gid,cfg", CASES)
def test_status_lines_and_pictures_speak_as_the_table(gid, cfg, monkeypatch):
    game = mythenv.make_game(gid, **cfg)
    n = game.num_players
    pictures = type(game).picture_renderer is not None
    drawn = _Drawn(monkeypatch)
    for g in range(GAMES):
        rng = np.random.default_rng(4600 + g)
        s = game.new_initial_state(seed=4600 + g)
        step = 0
        while True:
            where = f"game {g}, step {step}"
            _check_status(game, s, where)
            over = s.is_terminal()
            if step % TEXT_EVERY == 0 or over:
                for v in [*range(n), None]:
                    text = s.render(v)
                    assert not seat_code_in(text), (where, v, seat_code_in(text), text)
            if pictures and (step % PICTURE_EVERY == 0 or over):
                seat = [*range(n), "all"][(step // PICTURE_EVERY) % (n + 1)]
                game.picture(s, seat)
                seen = drawn.take()
                assert seen and words.view_title(seat) in seen[0], (where, seen[:3])  # the title first
                bad = {t: seat_code_in(t) for t in seen if seat_code_in(t)}
                assert not bad, (where, seat, bad)
                if seat != "all" and n > 1:
                    assert any(t.startswith("You") for t in seen), (where, seat, "the viewer is not named 'you'")
            if over:
                break
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1


@pytest.mark.parametrize("predicate,you", [
    ("plays or discards a card", "play or discard a card"),
    ("halves their Wealth: chooses the cards to discard", "halve your Wealth: choose the cards to discard"),
    ("has spent every action point: plays Hera or ends the turn",
     "have spent every action point: play Hera or end the turn"),
    ("buys, moves or leaves the visible Mythology card", "buy, move or leave the visible Mythology card"),
    ("speaks the words (or says nothing)", "speak the words (or say nothing)"),
    ("may react to Smite, played by Player 1", "may react to Smite, played by Player 1"),
    ("chooses where Dionysus puts the card", "choose where Dionysus puts the card"),
    ("passes", "pass"), ("is cured of the Curse of Silence", "are cured of the Curse of Silence"),
    ("reaches 10 Victory Points and wins", "reach 10 Victory Points and win"),
    ("failed to speak the words: Curse of Silence is discarded", "failed to speak the words: Curse of Silence is discarded"),
    ("cannot pay the Initial Ante of 3 and is eliminated", "cannot pay the Initial Ante of 3 and are eliminated"),
    ("plays blind: Cure of Voice cannot be played and is discarded",
     "play blind: Cure of Voice cannot be played and is discarded"),
    ("keeps its Army and its Gems", "keep your Army and its Gems"),
])
def test_you_form(predicate, you):
    assert words.you_form(predicate) == you


@pytest.mark.parametrize("line,viewer,said", [
    ("seat 0 discards Plutus", 0, "You discard Plutus"),
    ("seat 0 discards Plutus", 1, "Player 1 discards Plutus"),
    ("seat 0 curses seat 3 with Curse of Silence", 3, "Player 1 curses you with Curse of Silence"),
    ("player_1's Temple of War is destroyed", 1, "Your Temple of War is destroyed"),
    ("player_1's Temple of War is destroyed", 0, "Player 2's Temple of War is destroyed"),
    ("P0 bids, declaring 15 gold", 0, "You bid, declaring 15 gold"),
    ("seat 1 and seat 2 trade 2 and 2 cards blind", 1, "You and Player 3 trade 2 and 2 cards blind"),
    ("Player 1 (Hera) wins: Zeus has no cards on the playing field.", 0, "You (Hera) win: Zeus has no cards on the playing field."),
    ("Player 2 claims the throne and wins (Player 1: Army 500; Player 2: Army 5,000).", 1,
     "You claim the throne and win (Player 1: Army 500; you: Army 5,000)."),
    ("winner(s): player_1", None, "Winner(s): Player 2"),
])
def test_table_text(line, viewer, said):
    assert words.table_text(line, viewer) == said
