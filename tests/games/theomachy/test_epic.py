"""Scenario tests of the Epic game (``mode="epic"``: the Advanced game plus TM § Epic Game Mode):
Victory Points, no elimination (the re-created Cult), no Head-to-Head rule, the end at 10 Victory
Points, returns and scores (TM = 000_b58b559235c1f04d.txt)."""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError, StateError
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.rules import PH

from .helpers import GID, do, game_with, run_until, set_hand, set_tokens, to_battle

#: three Gods whose Abilities add no Power and ask for nothing in a betting turn (plain Hands)
PLAIN3 = ("danu", "ishtar", "thor")


def epic(gods=("danu", "ishtar"), **kw):
    return game_with(gods, mode="epic", **kw)


def lone_win(s) -> None:
    """The First Player passes, everyone else folds; the Hand is played out to the Prayer Phase."""
    w = s.first
    run_until(s, lambda s: s.step == rules.PRAYER or s.is_terminal())
    assert s.winners == [w]


def tie_battle(s) -> None:
    """Nobody holds a card, every Stake is one Disciple: the Battle is a tie between all of them."""
    for p in range(s.n):
        set_hand(s, p, [])
    to_battle(s)
    run_until(s, lambda s: s.step == rules.PRAYER or s.is_terminal())


def test_each_winner_of_a_hand_receives_one_victory_point():
    """TM § Epic Game Mode: "Each winner of a Hand receives one Victory Point" - a lone winner, and
    each of tied winners ("If two (or more) players are tied for the highest total, they all win",
    TM § The Closing Phase)."""
    _, s = epic()
    assert s.vp == [0, 0] and s.scores() == [0.0, 0.0]
    lone_win(s)
    assert s.vp == [1, 0] and s.scores() == [1.0, 0.0]
    _, s = epic(PLAIN3)
    tie_battle(s)
    assert sorted(s.winners) == [0, 1, 2] and s.vp == [1, 1, 1]


def test_no_head_to_head_rule_in_the_epic_game():
    """TM § Duel at the Summit: "This rule does not apply to the Epic mode since players cannot be
    eliminated there". At two players the lone winner still takes his Priest and, with no Prophet in
    his Cult, a Prophet (the Advanced game at two players gives nothing: the Duel rule)."""
    _, s = epic()
    set_tokens(s, 0, cult=[7, 5, 0])
    lone_win(s)
    assert s.cult[0] == [8, 6, 1]
    _, s = game_with(("danu", "ishtar"))
    set_tokens(s, 0, cult=[7, 5, 0])
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.cult[0] == [8, 5, 0]


def _last_stand_loss(s, loser: int = 1) -> None:
    """``loser`` calls a raise with a Last Stand (nothing left in its Cult) and loses the Battle to
    a Prophet in the First Player's Stake."""
    w = s.first
    set_hand(s, w, [])
    set_hand(s, loser, [])
    set_tokens(s, loser, cult=[0, 0, 0])
    do(s, "raise", PH, seat=w)  # an empty hand: the turn ends with the action
    assert s.C.LAST_STAND in s.legal_actions()
    do(s, "last_stand", seat=loser)
    # the Last Stand matched the bet from the bank: a Priest more in the First Player's Stake decides
    set_tokens(s, w, stake=[s.stake[w][0], s.stake[w][1] + 1, s.stake[w][2]])
    run_until(s, lambda s: s.step == rules.PRAYER or s.is_terminal())
    assert s.winners == [w]


def test_failed_last_stand_recreates_the_cult_and_gives_three_more_points():
    """TM § Epic Game Mode: "If a player is eliminated (because of a failed Last Stand ...), each winner
    of the Hand receives three Victory Points. Each eliminated player re-creates a Cult made up of one
    Prophet, two Priests and 4 Disciples"; "there is no elimination of players: everyone stays in the
    game until the end!" Designed reading: the three come on top of the winner's one (4 in all)."""
    _, s = epic()
    _last_stand_loss(s)
    assert s.alive == [True, True] and s.elim == [-1, -1]
    assert s.cult[1] == [4, 2, 1] and s.stake[1] == [0, 0, 0]
    assert s.vp == [4, 0]
    assert s.finished_seats() == {}
    # the re-created player plays on: the next Hand's Initial Ante comes from the new Cult
    run_until(s, lambda s: s.hands == 1 and s.step == rules.BET)
    assert s.stake[1] == [s.ante, 0, 0] and s.cult[1] == [4 - s.ante, 2, 1]


def test_an_unpaid_initial_ante_recreates_the_cult_and_scores_for_the_hand_just_won():
    """TM § Epic Game Mode: "If a player is eliminated (... because he cannot pay the next Initial Ante),
    each winner of the Hand receives three Victory Points". The Initial Ante is paid at the next
    Starting Phase (TM § The Starting Phase); the three points go to the winner of the Hand just
    played, and the re-created player pays the Ante from his new Cult."""
    _, s = epic()
    lone_win(s)
    assert s.vp == [1, 0]
    run_until(s, lambda s: s.step == rules.MYTH or (s.hands == 1 and s.step == rules.BET))
    # the Essence deck will be reshuffled: the Initial Ante marker turns to 2; one Disciple left
    s.ess_disc.extend(s.ess_deck[:-4])
    del s.ess_deck[:-4]
    set_tokens(s, 1, cult=[1, 0, 0])
    run_until(s, lambda s: s.hands == 1 and s.step == rules.BET)
    assert s.ante == 2
    assert s.vp == [4, 0]
    assert s.cult[1] == [2, 2, 1] and s.stake[1] == [2, 0, 0] and s.alive[1]


def test_three_points_per_eliminated_player():
    """TM § Epic Game Mode (designed reading: per eliminated player): two players fail their Last
    Stand in the same Hand, the winner receives 1 + 3 + 3 Victory Points."""
    _, s = epic(PLAIN3)
    for p in (0, 1, 2):
        set_hand(s, p, [])
    set_tokens(s, 1, cult=[0, 0, 0])
    set_tokens(s, 2, cult=[0, 0, 0])
    do(s, "raise", PH, seat=0)
    do(s, "last_stand", seat=1)
    do(s, "last_stand", seat=2)
    set_tokens(s, 0, stake=[1, 1, 1])
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [0] and s.vp == [7, 0, 0]
    assert s.cult[1] == [4, 2, 1] and s.cult[2] == [4, 2, 1]


def test_the_game_stops_at_once_at_ten_points():
    """TM § Epic Game Mode: "As soon as a player reaches at least 10 Victory Points the game stops
    immediately and he triumphs". No Prayer Phase follows; returns +1 to the winner, -1 to the
    others; scores() are the Victory Points."""
    _, s = epic()
    s.vp = [9, 3]
    lone_win(s)
    assert s.is_terminal() and s.result_kind == "victory" and s.step == rules.OVER
    assert s.vp == [10, 3] and s.hands == 0 and not s.pending
    assert s.returns() == [1.0, -1.0] and s.scores() == [10.0, 3.0]
    assert s.legal_actions() == []


def test_ten_or_more_with_the_elimination_bonus():
    """"at least 10": 8 Victory Points and a failed Last Stand of the loser (1 + 3) make 12."""
    _, s = epic()
    s.vp = [8, 0]
    _last_stand_loss(s)
    assert s.is_terminal() and s.vp == [12, 0] and s.returns() == [1.0, -1.0]


def test_a_tie_shares_the_victory():
    """TM § Epic Game Mode: "(in case of a tie, the two players fraternally share the victory)". Both
    tied winners reach 10 together: both get +1."""
    _, s = epic(PLAIN3)
    s.vp = [9, 9, 9]
    set_tokens(s, 2, cult=[7, 5, 3])
    for p in range(3):
        set_hand(s, p, [])
    do(s, "pass", seat=0)
    do(s, "pass", seat=1)
    do(s, "fold", seat=2)
    to_battle(s)
    run_until(s, lambda s: s.is_terminal())
    assert sorted(s.winners) == [0, 1] and s.vp == [10, 10, 9]
    assert s.returns() == [1.0, 1.0, -1.0]


def test_the_hand_bound_is_a_draw():
    """The Hand bound ``max_hands`` (not in the rulebook) ends an Epic game nobody won as a draw: every
    return 0; scores() still report the Victory Points."""
    _, s = epic(max_hands=1)
    lone_win(s)
    run_until(s, lambda s: s.is_terminal())
    assert s.result_kind == "bound" and s.returns() == [0.0, 0.0] and s.scores() == [1.0, 0.0]


def test_victory_points_are_saved():
    """Victory Points survive a save / load, a clone and a determinization (they are public: TM § Epic
    Game Mode counts them with markers on the table)."""
    game, s = epic()
    s.vp = [3, 7]
    t = game.state_from_dict(s.to_dict())
    assert t.vp == [3, 7] and t.clone().vp == [3, 7]
    assert s.resample_hidden(0, np.random.default_rng(1)).vp == [3, 7]
    d = s.to_dict()
    d["vp"] = [3, -1]
    with pytest.raises(StateError, match="vp"):
        game.state_from_dict(d)


def test_epic_needs_drafted_decks():
    """TM § Second Method: "if you play with the Gods and Pantheons (Advanced and Epic modes), you MUST
    draft your decks"."""
    with pytest.raises(ConfigError):
        mythenv.make_game(GID, mode="epic", deck="prebuilt")


def test_basic_and_advanced_have_no_victory_points():
    """Victory Points belong to the Epic mode only: the Basic and Advanced games keep their
    elimination returns and report no points."""
    _, s = game_with(("danu", "ishtar"))
    assert not s.epic and s.scores() == s.returns()
    lone_win(s)
    assert s.vp == [0, 0] and s.scores() == s.returns() == [0.0, 0.0]


def test_victory_points_are_public():
    """Victory Points are counted with markers on the table (TM § Epic Game Mode): every seat sees
    everyone's in the observation piece ``victory_points`` (relative seats, / 10), in the Python
    and the compiled encoder alike."""
    game, s = epic()
    s.vp = [3, 7]
    views = [game.observation_dict(s, p)["victory_points"] for p in range(2)]
    assert list(views[0]) == pytest.approx([0.3, 0.7]) and list(views[1]) == pytest.approx([0.7, 0.3])
    for p in range(2):
        out = np.zeros(game.observer.size, np.float32)
        game.encode(s, p, out)
        assert np.array_equal(out, game.observation(s, p))
