"""Scenario tests for Hera and Zeus. Each docstring cites ``002_19ba8e0b2fdbcdd1.txt`` (HZ)."""

import json

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import DataError, IllegalActionError
from mythenv.games.hera_zeus import cards as cards_mod
from mythenv.games.hera_zeus import rules
from mythenv.games.hera_zeus.rules import (
    A_DRAW,
    A_PEG_HAND,
    A_PERSEPHONE,
    A_REMOVE_FIG,
    A_SIRENS,
    A_SPY,
    FIELD_INDEX,
    KIND_OF,
    K,
    a_col,
    a_cr,
    a_kind,
    a_play,
)

from .builder import GAME, build, column, find, front


def play(key, c, i):
    return a_play(FIELD_INDEX[K[key]], c, i)


# ---------------------------------------------------------------- setup
def test_setup_nine_cards_no_hostage_first_row_of_three():
    """HZ § Setup: 9 hidden cards, a dealt hostage is shown, replaced and shuffled back;
    HZ § The Playing Field: each player lays 3 cards face down as the first row."""
    shown = 0
    for seed in range(40):
        s = GAME.new_initial_state(seed=seed)
        for p in range(2):
            assert len(s.hand[p]) == 9 and len(s.deck[p]) == 34
            assert all(KIND_OF[c] != K["hostage"] for c in s.hand[p])
        shown += any("shows" in m for m in s.log)
    assert shown > 0  # some deals hit a hostage, which went back into the deck
    s = GAME.new_initial_state(seed=1)
    for p in (0, 1):
        for _ in range(3):
            assert s.current_player() == p
            la = s.legal_actions()
            assert all(rules.DECODE[a][0] == "play" and rules.DECODE[a][1][2] == 0 for a in la)
            s.apply_action(la[0])
        assert all(len(col) == 1 and not s.up[col[0]] for col in s.field[p])
    assert s.current_player() == 0 and s.turns == [1, 0] and s.ap_left == 3


def test_first_player_config():
    """HZ § Game Play: Hera begins unless configured (the Greek-restaurant rule)."""
    assert mythenv.make_game("hera_zeus_v0", first_player="zeus").new_initial_state(seed=0).current_player() == 1
    assert GAME.new_initial_state(seed=0).current_player() == 0


# ---------------------------------------------------------------- action points
def test_action_points_equal_columns_and_four_with_figure():
    """HZ § Game Play: as many action points as columns at the start of the turn; 4 with the figure."""
    s = build(fields=((("s3",), (), ("s4",)), (("s2",), ("s2",), ("s2",))), turn_player=1)
    s.ap_left = 1
    s.apply_action(A_DRAW)  # Zeus' last point (a free Zeus card could still follow)
    s.apply_action(rules.A_END_TURN)  # Zeus' turn ends, Hera starts with 2 columns
    assert s.turn_player == 0 and s.ap_left == 2
    s = build(fields=((("FIG", "s3"), (), ()), (("s2",), ("s2",), ("s2",))), turn_player=1, ap=1)
    s.apply_action(A_DRAW)
    s.apply_action(rules.A_END_TURN)
    assert s.turn_player == 0 and s.ap_left == 4


def test_figure_card_gives_four_points_counting_used_ones():
    """HZ § Hera and Zeus: no action point to play; the turn counts as 4 points from its start."""
    s = build(hands=(("figure_card", "s2", "s3"), ()), fields=((("s5",), ("s4",), ()), (("s2",), (), ())))
    assert s.ap_left == 2
    s.apply_action(play("s2", 2, 0))  # 1 point used
    s.apply_action(a_col("figure", 0))
    assert s.ap_left == 3 and s.ap_used == 1
    assert column(s, 0, 0) == ["FIG", "s5"]
    assert KIND_OF[s.disc[0][-1]] == K["figure_card"]


def test_figure_not_in_empty_or_full_column_and_only_one():
    """HZ § Hera and Zeus: not in an empty column nor one with 4 cards."""
    s = build(hands=(("figure_card",), ()), fields=((("s1", "s2", "s3", "s4"), ("s5",), ()), (("s2",), (), ())))
    figs = [a for a in s.legal_actions() if rules.DECODE[a][0] == "figure"]
    assert figs == [a_col("figure", 1)]


def test_must_spend_all_points_or_lose():
    """HZ § End of the Game: a player who cannot use all his action points loses."""
    s = build(hands=((), ()), fields=((("medusa",), ("s2",), ()), (("s3",), (), ())), decks=((), ("s1",)),
              turn_player=0, turns=(2, 2))
    # Hera: 2 points, no hand, no deck, Medusa cannot initiate, column 1 has no opponent card
    s._legal = None
    s._after_action()
    assert s.is_terminal() and s.winner == 1 and "cannot use" in s.reason


def test_not_obliged_to_challenge_unless_nothing_else():
    """HZ § The Challenge: no duty to challenge unless no other action is possible."""
    s = build(hands=(("s2",), ()), fields=((("s5",), (), ()), (("s3",), (), ())))
    assert A_DRAW in s.legal_actions() and a_col("challenge", 0) in s.legal_actions()


# ---------------------------------------------------------------- draw / play
def test_draw_hand_limit_and_empty_deck():
    """HZ § 1. Draw One Card: at most 12 cards in hand; not from an exhausted deck."""
    s = build(hands=(["s2"] * 4 + ["s3"] * 4 + ["s4"] * 4, ()), fields=((("s5",), (), ()), (("s3",), (), ())))
    assert A_DRAW not in s.legal_actions()
    s = build(hands=(("s2",), ()), fields=((("s5",), (), ()), (("s3",), (), ())), decks=((), ("s1",)))
    assert A_DRAW not in s.legal_actions()


def test_play_front_between_behind_and_column_limit():
    """HZ § 2. Play a Card: front, behind or between; columns close up; at most 4 per column."""
    s = build(hands=(("s6", "s1"), ()), fields=((("s2", "s3"), ("s1", "s1", "s2", "s3"), ()), (("s3",), (), ())))
    plays = {rules.DECODE[a][1][1:] for a in s.legal_actions() if rules.DECODE[a][0] == "play"}
    assert plays == {(0, 0), (0, 1), (0, 2), (2, 0)}  # column 1 is full
    s.apply_action(play("s6", 0, 1))
    assert column(s, 0, 0) == ["s2", "s6", "s3"]
    assert not s.up[s.field[0][0][1]]


def test_no_card_in_front_of_the_figure():
    """HZ § Hera and Zeus: the figure may not be moved, so nothing goes in front of it."""
    s = build(hands=(("s6",), ()), fields=((("FIG", "s2"), (), ()), (("s3",), (), ())))
    plays = {rules.DECODE[a][1][1:] for a in s.legal_actions() if rules.DECODE[a][0] == "play"}
    assert (0, 0) not in plays and (0, 1) in plays and (0, 2) in plays


# ---------------------------------------------------------------- challenges
def test_no_challenge_on_first_turn_and_never_diagonal():
    """HZ § 3. Challenge: from the second turn only; HZ § The Challenge: never diagonally."""
    s = build(hands=(("pegasus",), ()), fields=((("s5",), ("s5",), ()), (("s3",), (), ("s2",))), turns=(1, 1))
    assert not any(rules.DECODE[a][0] in ("challenge", "pegasus_field", "pegasus_hand") for a in s.legal_actions())
    s.turns = [2, 1]
    s._legal = None
    ch = [a for a in s.legal_actions() if rules.DECODE[a][0] == "challenge"]
    assert ch == [a_col("challenge", 0)]  # column 1 faces nothing, column 2 has nothing of ours


@pytest.mark.parametrize("key", ["hostage", "medusa", "pandora"])
def test_cards_that_never_initiate(key):
    """HZ § The Challenge: Io, Argus, Medusa and Pandora may never initiate a challenge."""
    s = build(fields=(((key, "s2"), (), ()), (("s3",), (), ())))
    assert a_col("challenge", 0) not in s.legal_actions()


def test_higher_strength_wins_and_may_challenge_again():
    """HZ § The Challenge: face up, higher strength wins, loser discarded face up, winner stays face
    up in the first row and may challenge again; the column closes up."""
    s = build(fields=((("s6", "s1"), ("s2",), ()), (("s3", "s5"), ("s2",), ())))
    a = s.field[0][0][0]
    s.apply_action(a_col("challenge", 0))
    assert front(s, 0, 0) == "s6" and s.up[a]
    assert column(s, 1, 0) == ["s5"] and KIND_OF[s.disc[1][-1]] == K["s3"]
    assert a_col("challenge", 0) in s.legal_actions()  # challenge again
    s.apply_action(a_col("challenge", 0))
    assert column(s, 1, 0) == [] and front(s, 0, 0) == "s6"


def test_equal_strength_discards_both_and_lower_loses():
    """HZ § The Challenge: equal strength discards both; the lower card is discarded."""
    s = build(fields=((("s4", "s1"), ("s2",), ()), (("s4", "s7"), ("s5",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 0, 0) == ["s1"] and column(s, 1, 0) == ["s7"]
    s.apply_action(a_col("challenge", 1))
    assert column(s, 0, 1) == [] and front(s, 1, 1) == "s5"
    assert s.up[s.field[1][1][0]]


def test_medusa_defeats_all_but_hero_or_amazon():
    """HZ § Medusa: any challenger but Hero / Amazon loses; Hero or Amazon discards her."""
    s = build(fields=((("s7",), ("s1",), ()), (("medusa",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 0, 0) == [] and front(s, 1, 0) == "medusa" and s.up[s.field[1][0][0]]
    s = build(fields=((("hero",), ("s1",), ()), (("medusa",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 1, 0) == [] and front(s, 0, 0) == "hero"


def test_pythia_and_the_champions():
    """HZ § Pythia: Pythia beats Poseidon / Nemesis when she challenges, loses when they challenge
    her; they beat every other card."""
    s = build(fields=((("pythia",), ("s1",), ()), (("champion",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert front(s, 0, 0) == "pythia" and column(s, 1, 0) == []
    s = build(fields=((("champion",), ("s1",), ()), (("pythia",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert front(s, 0, 0) == "champion" and column(s, 1, 0) == []
    s = build(fields=((("champion",), ("s1",), ()), (("s7",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert front(s, 0, 0) == "champion" and column(s, 1, 0) == []
    s = build(fields=((("s7",), ("s1",), ()), (("champion",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 0, 0) == [] and front(s, 1, 0) == "champion"
    s = build(fields=((("champion",), ("s1",), ()), (("champion",), ("s1",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 0, 0) == [] and column(s, 1, 0) == []  # designed: the champions tie


def test_challenge_hostage_wins():
    """HZ § End of the Game: challenging the opponent's hostage in the first row wins."""
    s = build(fields=((("s0",), (), ()), (("hostage",), (), ())))
    s.apply_action(a_col("challenge", 0))
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]


def test_no_challenge_in_a_figure_column():
    """HZ § Hera and Zeus: nobody may initiate a challenge in a column with a figure in it."""
    s = build(hands=(("pegasus",), ()), fields=((("s7",), ("FIG", "s3"), ()), (("FIG", "s1"), ("s1",), ("s1",))))
    la = s.legal_actions()
    assert a_col("challenge", 0) not in la and a_col("challenge", 1) not in la
    assert a_col("pegasus_field", 1) not in la  # our figure's column: no Pegasus at their card
    assert a_col("pegasus_field", 0) in la      # but Pegasus may challenge their figure


# ---------------------------------------------------------------- Pandora
def test_pandora_wipes_the_column_and_owners_order_discards():
    """HZ § Pandora: all cards of that column are discarded; each player orders his own pile."""
    s = build(fields=((("s5", "s2", "s3"), ("s1",), ()), (("pandora", "s7"), ("s2",), ())))
    s.apply_action(a_col("challenge", 0))
    assert column(s, 0, 0) == [] and column(s, 1, 0) == []
    # the challenger orders first (three different cards), then the Pandora owner
    assert s.current_player() == 0 and s.pending[-1][0] == "order"
    s.apply_action(a_kind("discard_next", K["s2"]))
    s.apply_action(a_kind("discard_next", K["s5"]))  # the last one (s3) follows automatically
    assert [rules.KINDS[KIND_OF[c]].key for c in s.disc[0][-3:]] == ["s2", "s5", "s3"]
    assert s.current_player() == 1
    s.apply_action(a_kind("discard_next", K["s7"]))
    assert [rules.KINDS[KIND_OF[c]].key for c in s.disc[1][-2:]] == ["s7", "pandora"]
    assert s.current_player() == 0 and s.ap_left == 1


@pytest.mark.parametrize("mine,theirs,winner", [(False, True, 0), (True, False, 1), (True, True, 1)])
def test_pandora_with_hostages(mine, theirs, winner):
    """HZ § Pandora / End of the Game: losing your hostage to Pandora loses; if both hostages are in
    the column, the player who challenged Pandora loses."""
    s = build(fields=((("s5",) + (("hostage",) if mine else ()), ("s1",), ()),
                      (("pandora",) + (("hostage",) if theirs else ()), (), ())))
    s.apply_action(a_col("challenge", 0))
    assert s.is_terminal() and s.winner == winner
    s.check_invariants()


# ---------------------------------------------------------------- Pegasus
def _peg_hand(opp_hand, seed=0, opp_fields=(("s2",), (), ())):
    s = build(hands=(("pegasus", "s2"), opp_hand), fields=((("s5",), ("s4",), ("s3",)), opp_fields), seed=seed)
    s.apply_action(A_PEG_HAND)
    return s


def test_pegasus_hand_finds_hostage_wins():
    """HZ § Pegasus 1 / End of the Game: a hostage drawn from the hand wins at once."""
    s = _peg_hand(("hostage",))
    assert s.is_terminal() and s.winner == 0


def test_pegasus_hand_pandora_wipes_hand_and_hostage_in_hand_loses():
    """HZ § Pegasus 1 and Pandora: the opponent discards the whole hand in his order; with the
    hostage in that hand he loses."""
    s = _peg_hand(("pandora",))
    assert not s.is_terminal() and s.hand[1] == [] and KIND_OF[s.disc[1][-1]] == K["pandora"]
    for seed in range(30):
        s = _peg_hand(("pandora", "hostage"), seed=seed)
        if s.is_terminal():
            assert s.winner == 0
    seen_order = False
    for seed in range(30):
        s = _peg_hand(("pandora", "s4", "s5"), seed=seed)
        if s.pending and s.pending[-1][0] == "order":  # Pandora was picked: Zeus orders his hand
            assert s.current_player() == 1 and s.hand[1] == []
            seen_order = True
    assert seen_order


def test_pegasus_hand_symbol_card_discarded_strength_card_placed_face_up():
    """HZ § Pegasus 1: symbol cards (but Amazon / Hero) go to the discard pile; strength 2-7 cards
    go face up in the opponent's first row, in a column of the taker's choice (not a full column
    nor one with the figure), else to the discard pile."""
    s = _peg_hand(("pythia",))
    assert KIND_OF[s.disc[1][-1]] == K["pythia"] and s.hand[1] == []
    s = _peg_hand(("hero",), opp_fields=(("s2",), ("FIG", "s1"), ("s4", "s4", "s2", "s3")))
    # only column 0 is allowed: placed directly
    assert front(s, 1, 0) == "hero" and s.up[s.field[1][0][0]] and column(s, 1, 0) == ["hero", "s2"]
    s = _peg_hand(("s6",), opp_fields=(("s2",), (), ("s1",)))
    assert s.current_player() == 0 and s.pending[-1][0] == "pegcol"
    assert sorted(s.legal_actions()) == [a_col("pegasus_column", c) for c in range(3)]
    s.apply_action(a_col("pegasus_column", 1))
    assert column(s, 1, 1) == ["s6"] and s.up[s.field[1][1][0]]
    s = _peg_hand(("s6",), opp_fields=(("FIG", "s1"), ("s1", "s0", "s2", "s3"), ("s4", "s0", "s2", "s3")))
    assert KIND_OF[s.disc[1][-1]] == K["s6"]


def test_pegasus_field_turns_over_discards_weak_removes_figure():
    """HZ § Pegasus 2: the challenged card is turned face up; strength 0 or 1 is discarded, else it
    stays; a figure is removed and the cards behind move forward."""
    s = build(hands=(("pegasus", "pegasus", "pegasus"), ()), fields=((("s5",), ("s4",), ("s3",)),
                                                                     (("s1",), ("s5", "s2"), ("FIG", "s3"))))
    s.apply_action(a_col("pegasus_field", 0))
    assert column(s, 1, 0) == []
    s.apply_action(a_col("pegasus_field", 1))
    assert column(s, 1, 1) == ["s5", "s2"] and s.up[s.field[1][1][0]]
    s.apply_action(a_col("pegasus_field", 2))
    assert column(s, 1, 2) == ["s3"]
    assert [KIND_OF[c] for c in s.disc[0]].count(K["pegasus"]) == 3


def test_pegasus_on_the_field_is_a_strength_one_card():
    """HZ § Pegasus 3: played face down like any strength card; strength 1 in a normal challenge."""
    s = build(hands=(("pegasus",), ()), fields=((("pegasus",), (), ()), (("s0",), (), ())))
    s.apply_action(a_col("challenge", 0))
    assert front(s, 0, 0) == "pegasus" and column(s, 1, 0) == []


# ---------------------------------------------------------------- Pythia, Sirens, Hades, Persephone, Dionysus
def test_pythia_spy_shows_hand_and_discards_champions_and_is_remembered():
    """HZ § Pythia 1: the opponent shows his hand; Poseidon / Nemesis in it are discarded;
    the spying seat's observation remembers what it saw."""
    s = build(hands=(("pythia",), ("champion", "s3", "medusa")), fields=((("s5",), (), ()), (("s2",), (), ())))
    s.apply_action(A_SPY)
    assert sorted(KIND_OF[c] for c in s.hand[1]) == sorted([K["s3"], K["medusa"]])
    assert KIND_OF[s.disc[1][-1]] == K["champion"]
    obs = GAME.observer.split(GAME.observation(s, 0))
    assert obs["opp_hand_known"][K["medusa"]] > 0 and obs["pythia_memory"][K["champion"]] > 0
    assert obs["pythia_memory"][-1] == 1.0


def test_pythia_reveal_turns_over_a_column_without_effects():
    """HZ § Pythia 3: all face-down cards of one opponent column are turned over; no effect fires."""
    s = build(hands=(("pythia",), ()), fields=((("s5",), (), ()), (("pandora", "hostage", "s2^"), (), ())))
    s.apply_action(a_col("pythia_reveal", 0))
    assert all(s.up[c] for c in s.field[1][0]) and not s.is_terminal()
    obs = GAME.observer.split(GAME.observation(s, 0))
    assert obs["opp_field"][0, 1, K["hostage"]] == 1.0


def test_sirens_take_top_discard_of_strength_1_to_7():
    """HZ § Sirens: only a top card of strength 1-7 of the opponent's discard pile, into the hand."""
    s = build(hands=(("sirens",), ()), fields=((("s5",), (), ()), (("s2",), (), ())), discards=((), ("s0",)))
    assert A_SIRENS not in s.legal_actions()
    s = build(hands=(("sirens",), ()), fields=((("s5",), (), ()), (("s2",), (), ())), discards=((), ("s0", "s6")))
    s.apply_action(A_SIRENS)
    assert any(KIND_OF[c] == K["s6"] and c >= rules.DECK for c in s.hand[0])
    assert KIND_OF[s.disc[0][-1]] == K["sirens"] and KIND_OF[s.disc[1][-1]] == K["s0"]


def test_hades_takes_any_card_back_unseen():
    """HZ § Hades: any card of your discard pile back to hand; the opponent is not told which."""
    s = build(hands=(("hades",), ()), fields=((("s5",), (), ()), (("s2",), (), ())), discards=(("s7", "s1", "s2"), ()))
    assert {rules.DECODE[a][1][0] for a in s.legal_actions() if rules.DECODE[a][0] == "hades"} == {K["s7"], K["s1"], K["s2"]}
    s.apply_action(a_kind("hades", K["s7"]))
    got = find(s, 0, "s7")
    assert not s.vis[got] & 2  # Zeus does not know the card
    obs = GAME.observer.split(GAME.observation(s, 1))
    assert obs["opp_discard"].sum() == pytest.approx(0.25)  # only the top (Hades) is certain
    assert obs["opp_discard_unknown"][0] > 0


def test_persephone_up_to_three_pegasus_even_zero():
    """HZ § Persephone: up to 3 Pegasus from the discard pile; fewer (even 0) if there are fewer."""
    s = build(hands=(("persephone",), ()), fields=((("s5",), (), ()), (("s2",), (), ())),
              discards=(("pegasus",) * 4, ()))
    s.apply_action(A_PERSEPHONE)
    assert sum(KIND_OF[c] == K["pegasus"] for c in s.hand[0]) == 3
    s = build(hands=(("persephone",), ()), fields=((("s5",), (), ()), (("s2",), (), ())))
    assert A_PERSEPHONE in s.legal_actions()
    s.apply_action(A_PERSEPHONE)
    assert s.hand[0] == []


def test_dionysus_moves_a_card_within_or_between_columns_not_the_figure():
    """HZ § Dionysus: move one card to another column (not a full one) or within its column; never
    the figure."""
    s = build(hands=(("dionysus",), ()), fields=((("FIG", "s5"), ("s1", "s2", "s3", "s4"), ("s6",)),
                                                (("s2",), (), ())))
    picks = {rules.DECODE[a][1] for a in s.legal_actions() if rules.DECODE[a][0] == "dionysus"}
    assert (0, 0) not in picks and (0, 1) in picks and (1, 3) in picks
    s.apply_action(a_cr("dionysus", 2, 0))
    targets = {rules.DECODE[a][1] for a in s.legal_actions()}
    assert (1, 0) not in targets          # column 1 is full
    assert (0, 0) not in targets and (0, 1) in targets and (0, 2) in targets  # behind the figure only
    assert (2, 0) not in targets          # no move that leaves it where it was
    s.apply_action(a_cr("place_to", 0, 1))
    assert column(s, 0, 0) == ["FIG", "s6", "s5"] and column(s, 0, 2) == []


def test_remove_own_figure_is_an_action():
    """HZ § Hera and Zeus: the player may remove his figure as one of his actions."""
    s = build(fields=((("FIG", "s5", "s2"), (), ()), (("s2",), (), ())))
    s.apply_action(A_REMOVE_FIG)
    assert column(s, 0, 0) == ["s5", "s2"] and s.ap_left == 3


def test_no_cards_at_start_of_turn_loses():
    """HZ § End of the Game: no cards on your side at the beginning of your turn loses."""
    s = build(fields=((("s5",), (), ()), (("s2",), (), ())), turn_player=0, ap=1)
    s.apply_action(a_col("challenge", 0))
    assert s.is_terminal() and s.winner == 0 and "no cards" in s.reason


# ---------------------------------------------------------------- hidden information
def test_observation_hides_opponent_face_down_cards_but_shows_own():
    """HZ § 2. Play a Card / The Playing Field: cards are played face down; a player may look at his
    own face-down cards at any time."""
    s = build(fields=((("s5",), (), ()), (("s7", "hostage"), (), ())))
    me = GAME.observer.split(GAME.observation(s, 0))
    assert me["opp_field"][0, 0, :rules.NK].sum() == 0 and me["opp_field"][0, 0, rules.NK + 1] == 1
    them = GAME.observer.split(GAME.observation(s, 1))
    assert them["my_field"][0, 1, K["hostage"]] == 1


def test_render_from_a_seat_hides_the_other_hand():
    s = build(hands=(("s5",), ("hostage",)), fields=((("s5",), (), ()), (("s7",), (), ())))
    assert "Argus" not in s.render(0) and "Argus" in s.render(1) and "Argus" in s.render(None)


def test_state_round_trip_with_pending_decision():
    s = _peg_hand(("s6",), opp_fields=(("s2",), (), ("s1",)))
    d = json.loads(json.dumps(s.to_dict()))
    r = GAME.state_from_dict(d)
    assert r.legal_actions() == s.legal_actions() and r.to_dict() == s.to_dict()


def test_illegal_action_names_the_action_and_the_legal_ones():
    s = build(fields=((("s5",), (), ()), (("s2",), (), ())), turns=(1, 1))
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(a_col("challenge", 0))
    assert "challenge with your 1st-row card in the left column" in str(e.value) and "legal actions are" in str(e.value)


# ---------------------------------------------------------------- data
def test_deck_data_matches_rulebook_numbers():
    """HZ § The Cards: 43 cards per deck (86 in all); HZ § Persephone: at least 3 Pegasus."""
    cs = cards_mod.load_cards()
    assert sum(k.count for k in cs.kinds) == 43 and len(rules.KIND_OF) == 86
    assert cs.kinds[cs.index("pegasus")].count >= 3
    assert all(k.source in ("rulebook", "designed") for k in cs.kinds)


def test_malformed_data_file_names_file_record_and_field(tmp_path):
    text = cards_mod.DATA_FILE.read_text().replace('count = 3\nstrength = 6', 'count = 3\nstrength = 9', 1)
    bad = tmp_path / "cards.toml"
    bad.write_text(text)
    with pytest.raises(DataError) as e:
        cards_mod.load_cards(bad)
    assert "cards.toml" in str(e.value) and "'s6'" in str(e.value) and "'strength'" in str(e.value)
    bad.write_text(cards_mod.DATA_FILE.read_text().replace('\nsource = "designed"', '\nsource = "made up"', 1))
    with pytest.raises(DataError) as e:
        cards_mod.load_cards(bad)
    assert "'source'" in str(e.value)


def test_heuristic_beats_random():
    """The baseline plays sensibly: it wins clearly more often than a random player."""
    from mythenv.agents import make_agent
    from mythenv.core.view import SeatView

    wins, n = 0, 120
    for i in range(n):
        hs = i % 2
        agents = {hs: make_agent("heuristic", GAME, seed=i), 1 - hs: make_agent("random", GAME, seed=i + 7)}
        s = GAME.new_initial_state(seed=i)
        rng = np.random.default_rng(i)
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(agents[p].act(SeatView(GAME, s, p, rng)))
        wins += s.winner == hs
    assert wins / n >= 0.7


def test_rule_tables_cover_every_pending_tag_and_turn_action():
    """Issue 43: the rules are found in the tables of ``mythenv.core.engine``. Every tag the saved
    state's ``pending`` field declares has its lister and its decision; every turn action family has
    its rule (``end_turn`` is ``_apply``'s own; the three pending families are decisions)."""
    cls = rules.HeraZeusState
    tags = set(cls.fields["pending"].kind.kinds)
    assert cls.handled("lister").keys() == tags == cls.handled("decision").keys()
    families = {name for name, _ in rules.FAMILIES}
    assert cls.handled("turn_action").keys() == families - {"end_turn", "place_to", "pegasus_column",
                                                            "discard_next"}
