"""The free Hera / Zeus card after the last action point, and the designed strengths of Medusa,
Pandora, Io and Argus. Each docstring cites ``002_19ba8e0b2fdbcdd1.txt`` (HZ § Section)."""

import numpy as np
import pytest

from mythenv.core.errors import DataError
from mythenv.games.hera_zeus import cards as cards_mod
from mythenv.games.hera_zeus import rules
from mythenv.games.hera_zeus.rules import (
    A_DRAW,
    A_END_TURN,
    A_PEG_HAND,
    A_SIRENS,
    DECK,
    FIELD_INDEX,
    INITIATE,
    KIND_OF,
    KINDS,
    K,
    a_col,
    a_play,
)

from .builder import GAME, build, column, front


def play(key, c, i):
    return a_play(FIELD_INDEX[K[key]], c, i)


def _figure_drawn_last(drawn="figure_card"):
    """Hera has 2 columns (2 points): she plays a card, then draws ``drawn`` with her last point."""
    deck = ("figure_card", "s1") if drawn == "s1" else ("s1", "figure_card")  # the last card is drawn
    s = build(hands=(("s2",), ()), fields=((("s5",), ("s4",), ()), (("s3",), ("s3",), ())),
              decks=(deck, ("s1", "s1")))
    assert s.ap_left == 2
    s.apply_action(play("s2", 0, 1))
    s.apply_action(A_DRAW)
    return s


# ---------------------------------------------------------------- the free figure card
def test_free_card_drawn_with_the_last_point_may_still_be_played():
    """HZ § Hera and Zeus: "If the card is played after the player has used one or more action
    points, he does not get four more but treats his turn as though he had four to start with.
    The player pays no action points to play the card." Drawn with the last of 2 points, the card
    may still be played; the turn then has 4 - 2 = 2 points left, and the figure goes in front of
    a non-empty column that has fewer than 4 cards, pushing that column back."""
    s = _figure_drawn_last()
    assert s.current_player() == 0 and s.ap_left == 0
    assert sorted(s.legal_actions()) == sorted([a_col("figure", 0), a_col("figure", 1), A_END_TURN])
    s.apply_action(a_col("figure", 1))
    assert s.current_player() == 0 and s.turn_player == 0
    assert s.ap_left == 2 and s.ap_used == 2
    assert column(s, 0, 1) == ["FIG", "s4"]
    assert KIND_OF[s.disc[0][-1]] == K["figure_card"]
    # the two points must be spent (HZ § Game Play): the turn goes on with ordinary actions
    assert A_END_TURN not in s.legal_actions()


def test_free_card_is_optional():
    """HZ § Game Play: "A player must spend all action points he is allowed"; the Hera / Zeus card
    costs none (HZ § Hera and Zeus), so with every point spent the player may also keep it: he ends
    the turn and the opponent's turn begins, the card still in his hand."""
    s = _figure_drawn_last()
    s.apply_action(A_END_TURN)
    assert s.turn_player == 1 and s.current_player() == 1
    assert any(KIND_OF[c] == K["figure_card"] for c in s.hand[0])


def test_free_card_after_three_points_leaves_one_then_the_turn_ends():
    """HZ § Hera and Zeus: the turn "counts as though he had four to start with": after 3 points
    on 3 columns the card gives exactly 1 more point; once that is spent the turn ends (the figure
    is on the field, so no free card is left to play)."""
    s = build(hands=(("figure_card",), ()), fields=((("s5",), ("s4",), ("s3",)), (("s3",), (), ())),
              decks=(("s1", "s2", "s3", "s4"), ("s1",)))
    assert s.ap_left == 3
    for _ in range(3):
        s.apply_action(A_DRAW)
    assert s.turn_player == 0 and s.ap_left == 0
    s.apply_action(a_col("figure", 2))
    assert s.ap_left == 1 and column(s, 0, 2) == ["FIG", "s3"]
    s.apply_action(A_DRAW)
    assert s.turn_player == 1


def test_free_card_after_four_points_leaves_none():
    """HZ § Hera and Zeus: the player "may remove his figure as one of his actions"; a Hera card
    taken back (HZ § Hades) and played after all 4 points still counts the turn as four, so no
    point is left and the turn ends."""
    s = build(hands=(("figure_card",), ()), fields=((("FIG", "s5"), ("s4",), ()), (("s3",), (), ())),
              decks=(("s1", "s2", "s3"), ("s1",)))
    assert s.ap_left == 4
    s.apply_action(rules.A_REMOVE_FIG)
    for _ in range(3):
        s.apply_action(A_DRAW)
    assert s.turn_player == 0 and s.ap_left == 0 and a_col("figure", 0) in s.legal_actions()
    s.apply_action(a_col("figure", 0))
    assert s.turn_player == 1 and column(s, 0, 0) == ["FIG", "s5"]


def test_who_is_asked_after_the_last_point_does_not_reveal_the_hand():
    """docs/design.md "Whose turn it is is public", with HZ § Setup (the hand "is kept hidden from his
    opponent"): whether Hera drew the Hera card or a plain card with her last point, Zeus sees the
    same position and the same seat to move; Hera is asked in both cases (with only end_turn when
    she holds no Hera card). Zeus's determinizations keep Hera to move."""
    with_card = _figure_drawn_last("figure_card")
    without = _figure_drawn_last("s1")
    assert without.legal_actions() == [A_END_TURN]
    assert with_card.current_player() == without.current_player() == 0
    assert np.array_equal(GAME.observation(with_card, 1), GAME.observation(without, 1))
    assert with_card.render(1) == without.render(1)
    rng = np.random.default_rng(5)
    for _ in range(10):
        r = with_card.resample_hidden(1, rng)
        assert r.current_player() == 0 and A_END_TURN in r.legal_actions()


@pytest.mark.parametrize("case", ["figure_on_field", "empty_hand", "card_on_discard", "no_column"])
def test_turn_ends_at_zero_points_when_the_free_card_is_publicly_impossible(case):
    """HZ § Hera and Zeus: the figure "may not be played in an empty column", not in a column of 4
    cards, and only one figure is in play; with the figure already in the 1st row, an empty hand,
    the Hera card seen on the discard pile, or no column that can take the figure, no free card can
    follow the last point and the turn passes to the opponent at once."""
    opp = (("s3",), ("s3",), ())
    if case == "figure_on_field":
        s = build(hands=(("s2",), ()), fields=((("FIG", "s5"), (), ()), opp), decks=(("figure_card", "s1"), ("s1",)),
                  ap=1)
        s.apply_action(A_DRAW)
    elif case == "empty_hand":
        s = build(hands=(("s2",), ()), fields=((("s5",), (), ()), opp), decks=(("figure_card",), ("s1",)))
        s.apply_action(play("s2", 1, 0))
    elif case == "card_on_discard":
        s = build(hands=(("s2",), ()), fields=((("s5",), (), ()), opp), discards=(("figure_card",), ()),
                  decks=(("s1",), ("s1",)))
        s.apply_action(A_DRAW)
    else:
        s = build(hands=(("s2",), ()), fields=((("s5", "s4", "s3", "s2"), (), ()), opp),
                  decks=(("figure_card", "s1"), ("s1",)))
        s.apply_action(A_DRAW)
    assert s.turn_player == 1 and s.current_player() == 1


# ---------------------------------------------------------------- designed strengths
def test_only_numbered_cards_lie_on_the_table():
    """HZ § The Cards: numbered cards "are played face down when first played"; cards with "the
    mythological symbol only ... but no numbers ... are never played on the table". So Medusa,
    Pandora, Io and Argus, which lie on the field, carry a number 0-7 (designed, marked so), and the
    loader refuses a field card without one or a numbered card kept off the table."""
    for k in KINDS:
        assert k.field == (k.strength != cards_mod.NO_STRENGTH), k.key
    for key in ("medusa", "pandora", "hostage"):
        kind = KINDS[K[key]]
        assert 0 <= kind.strength <= 7 and kind.source == "designed"
    text = cards_mod.DATA_FILE.read_text()
    bad = text.replace('key = "medusa"\nnames = ["Medusa", "Medusa"]\ncount = 1\nstrength = 6',
                       'key = "medusa"\nnames = ["Medusa", "Medusa"]\ncount = 1\nstrength = "none"')
    assert bad != text
    with pytest.raises(DataError, match="'medusa'.*'field'"):
        cards_mod.load_cards(_write(bad))
    bad = text.replace('key = "hades"\nnames = ["Hades", "Hades"]\ncount = 1\nstrength = "none"',
                       'key = "hades"\nnames = ["Hades", "Hades"]\ncount = 1\nstrength = 3')
    assert bad != text
    with pytest.raises(DataError, match="'hades'.*'field'"):
        cards_mod.load_cards(_write(bad))


def _write(text):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "cards.toml"
    path.write_text(text)
    return path


def test_sirens_take_a_discarded_medusa_who_keeps_her_power():
    """HZ § Sirens: "He can only take the topmost card if it is a card of strength 1 to 7. He
    places the card in his hand and may play it ... as if it were his own card." A discarded
    Medusa (strength 6) can be taken and played; HZ § Medusa: "When any card, except Hero or
    Amazon, challenges Medusa, the card loses the challenge and is discarded. Medusa remains
    face-up on the playing field." """
    s = build(hands=(("sirens",), ()), fields=((("s5",), ("s4",), ()), (("s7",), ("s3",), ())),
              discards=((), ("medusa",)))
    assert A_SIRENS in s.legal_actions()
    s.apply_action(A_SIRENS)
    medusa = [c for c in s.hand[0] if KIND_OF[c] == K["medusa"]]
    assert len(medusa) == 1 and medusa[0] >= DECK  # Zeus's Medusa, now in Hera's hand
    assert KIND_OF[s.disc[0][-1]] == K["sirens"] and s.disc[1] == []
    s.apply_action(play("medusa", 0, 0))
    assert s.turn_player == 1 and front(s, 0, 0) == "medusa"
    s.apply_action(a_col("challenge", 0))  # Zeus's 7 challenges her
    assert column(s, 1, 0) == [] and front(s, 0, 0) == "medusa" and s.up[s.field[0][0][0]]
    assert KIND_OF[s.disc[1][-1]] == K["s7"]


def test_sirens_take_a_discarded_pandora():
    """HZ § Sirens (top card of strength 1 to 7): Pandora (strength 2) can be taken into the hand."""
    s = build(hands=(("sirens",), ()), fields=((("s5",), (), ()), (("s3",), (), ())), discards=((), ("pandora",)))
    s.apply_action(A_SIRENS)
    assert any(KIND_OF[c] == K["pandora"] and c >= DECK for c in s.hand[0])


@pytest.mark.parametrize("top", ["s0", "dionysus", "figure_card", "hades"])
def test_sirens_refuse_strength_0_and_cards_without_a_number(top):
    """HZ § Sirens: "If the topmost card in the opponent's discard pile is not a card of strength
    1-7, a player may not play Sirens": a 0, or a card with a symbol and no number."""
    s = build(hands=(("sirens",), ()), fields=((("s5",), (), ()), (("s3",), (), ())), discards=((), ("s7", top)))
    assert A_SIRENS not in s.legal_actions()


@pytest.mark.parametrize("key", [KINDS[k].key for k in range(len(KINDS)) if INITIATE[k]])
def test_medusa_falls_only_to_hero_or_amazon_whatever_the_number(key):
    """HZ § Medusa: "Medusa may only be defeated in a challenge by Hero or Amazon. When any card,
    except Hero or Amazon, challenges Medusa, the card loses the challenge and is discarded." Her
    number (6) never decides: a 7 or Nemesis / Poseidon loses, a Hero of strength 4 wins."""
    s = build(fields=(((key,), ("s1",), ()), (("medusa",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    if key == "hero":
        assert column(s, 1, 0) == [] and front(s, 0, 0) == "hero"
    else:
        assert column(s, 0, 0) == [] and front(s, 1, 0) == "medusa"


def test_pegasus_field_challenge_leaves_medusa_face_up():
    """HZ § Pegasus 2: "If the challenged card has a strength of 0 or 1, it is discarded; otherwise,
    the card remains face-up", and Medusa "may only be defeated in a challenge by Hero or Amazon":
    Medusa (strength 6) is turned face up and stays; the Pegasus is discarded."""
    s = build(hands=(("pegasus",), ()), fields=((("s5",), (), ()), (("medusa",), ("s2",), ())))
    s.apply_action(a_col("pegasus_field", 0))
    assert front(s, 1, 0) == "medusa" and s.up[s.field[1][0][0]]
    assert KIND_OF[s.disc[0][-1]] == K["pegasus"] and s.disc[1] == []


def test_pegasus_field_challenge_on_pandora_wipes_the_column():
    """HZ § Pandora: "When any card challenges Pandora, all cards in that column are lost and
    discarded", whatever her number (2)."""
    s = build(hands=(("pegasus",), ()), fields=((("s5",), ("s4",), ()), (("pandora", "s6"), ("s2",), ())))
    s.apply_action(a_col("pegasus_field", 0))
    while s.pending:
        s.apply_action(s.legal_actions()[0])
    assert column(s, 1, 0) == [] and column(s, 0, 0) == []
    assert {KIND_OF[c] for c in s.disc[1]} == {K["pandora"], K["s6"]}


def test_pegasus_from_the_hand_discards_medusa_despite_her_number():
    """HZ § Pegasus 1: "If the selected card has a mythological symbol on it (except Amazon or
    Hero), he places the card on his opponent's discard pile" - the rule for strength 2 to 7 cards
    (face up into the 1st row) does not apply to Medusa, who has a symbol."""
    s = build(hands=(("pegasus",), ("medusa",)), fields=((("s5",), (), ()), (("s3",), (), ())))
    s.apply_action(A_PEG_HAND)
    assert s.hand[1] == [] and KIND_OF[s.disc[1][-1]] == K["medusa"]
    assert column(s, 1, 0) == ["s3"] and column(s, 1, 1) == []


def test_a_zero_still_wins_against_the_hostage():
    """HZ § End of the Game: "When a player challenges his opponent's hostage card (Io or Argus) in
    the opponent's 1st row with a card of strength 0 to 7, the player wins": the hostage's designed
    0 never makes it a tie."""
    s = build(fields=((("s0",), (), ()), (("hostage",), (), ())))
    s.apply_action(a_col("challenge", 0))
    assert s.is_terminal() and s.winner == 0


def test_determinizations_never_put_a_card_without_a_number_on_the_field():
    """HZ § The Cards: cards with a symbol and no number "are never played on the table", so a
    face-down field card is never one of them in any world the opponent imagines. Here Hera's
    Hades takes an Archer back unseen (HZ § Hades: "The player need not tell or show his opponent
    which card he took") from a pile of [Dionysus, Archer] and plays it face down with an empty
    hand left: in Zeus's determinizations the card missing from the pile may be either, but a
    Dionysus can only stay in the pile, so the face-down card is always a numbered one."""
    s = build(hands=(("hades",), ()), fields=((("s5",), ("s4",), ()), (("s3",), (), ())),
              discards=(("dionysus", "s3"), ()))
    s.apply_action(rules.a_kind("hades", K["s3"]))
    s.apply_action(play("s3", 2, 0))
    assert s.turn_player == 1 and s.hand[0] == []
    rng = np.random.default_rng(3)
    for _ in range(40):
        r = s.resample_hidden(1, rng)
        r.check_invariants()
        assert all(KINDS[KIND_OF[x]].field for col in r.field[0] for x in col)
        assert any(KIND_OF[x] == K["dionysus"] for x in r.disc[0])
        assert np.array_equal(GAME.observation(r, 1), GAME.observation(s, 1))


def _window_for_holders_only(self, p):
    """The leaking alternative: the turn goes on after the last point only when ``p`` really
    holds a playable Hera / Zeus card."""
    return (not self._has_figure(p) and bool(self._figure_columns(p))
            and any(KIND_OF[c] == K["figure_card"] for c in self.hand[p]))


def test_turn_order_check_catches_a_window_for_holders_only(monkeypatch):
    """docs/design.md "Whose turn it is is public": the conformance check of what happens next
    (tests/conformance/test_turn_order_leak.py) finds no leak with the public window, and reports
    one when the window opens only for a seat that holds the card (Zeus would learn Hera's hand
    from her being asked)."""
    from ...conformance.helpers import turn_order_leaks

    assert turn_order_leaks(GAME, range(3), 20, 25, rng_seed=3) == []
    monkeypatch.setattr(rules.HeraZeusState, "_free_figure_window", _window_for_holders_only)
    leaks = turn_order_leaks(GAME, range(3), 20, 25, rng_seed=3)
    assert leaks and leaks[0].kind == "extra decisions", leaks
