"""Theomachy Epic game, checked from the rulebook alone (TM = ../shared/seeds/000_b58b559235c1f04d.txt,
§ Epic Game Mode). Expectations were written from the quoted sentences before running the code. The
text leaves open whether the three points for an elimination come on top of the one for winning;
docs/games/theomachy.md names the reading (on top, per eliminated player), and the tests below follow it.
"""

from __future__ import annotations

from mythenv.games.theomachy import rules
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import act, after_closing, empty_hands, folds, game_with, in_battle, set_tokens, until


def epic(gods=("odin", "athena"), first=0):
    game, s = game_with(gods, mode="epic", first=first)
    empty_hands(s)
    return game, s


def test_one_victory_point_per_winner_of_a_hand():
    """TM § Epic Game Mode: 'Each winner of a Hand receives one Victory Point'. A lone winner (the
    opponent folds): [1, 0]."""
    game, s = epic()
    until(s, after_closing, folds({1}))
    assert s.winners == [0] and s.vp == [1, 0]


def test_tied_winners_each_receive_a_point():
    """TM § Epic Game Mode: 'Each winner of a Hand receives one Victory Point'; TM § The Closing Phase:
    tied players 'all win'. Equal Stakes, no cards: both win, [1, 1]."""
    game, s = epic()
    until(s, after_closing)
    assert s.winners == [0, 1] and s.vp == [1, 1]


def test_no_head_to_head_in_the_epic_game():
    """TM § Duel at the Summit: 'winning a Battle no longer earns the winner a Priest or Prophet token
    ... This rule does not apply to the Epic mode'. Two players: the lone Epic winner takes the
    free Priest (and, with no Prophet in his Cult, a Prophet); the same Hand in the Advanced game
    (two players left: the Duel at the Summit) gives neither."""
    cults = {}
    for mode in ("epic", "advanced"):
        game, s = game_with(("odin", "athena"), mode=mode)
        empty_hands(s)
        set_tokens(s, 0, cult=[6, 4, 0])
        until(s, after_closing, folds({1}))
        assert s.winners == [0]
        cults[mode] = s.cult[0][:]
    assert cults["epic"][PR] == cults["advanced"][PR] + 1
    assert cults["epic"][PH] == cults["advanced"][PH] + 1


def _last_stand_loss(vp0=0):
    """Seat 0 raises with a Prophet; seat 1 has none and calls under a Last Stand; seat 0 wins."""
    game, s = epic()
    s.vp[0] = vp0
    set_tokens(s, 1, cult=[1, 0, 0])
    act(s, s.C.off["raise"] + PH)
    act(s, s.C.END)
    assert s.current_player() == 1
    act(s, s.C.LAST_STAND)
    assert s.ls[1]
    until(s, in_battle)
    set_tokens(s, 0, stake=[s.stake[0][D], s.stake[0][PR] + 1, s.stake[0][PH]])
    until(s, after_closing)
    return s


def test_a_failed_last_stand_scores_three_more_and_the_cult_is_recreated():
    """TM § Epic Game Mode: 'If a player is eliminated (because of a failed Last Stand ...), each
    winner of the Hand receives three Victory Points. Each eliminated player re-creates a Cult made
    up of one Prophet, two Priests and 4 Disciples'; 'there is no elimination of players: everyone
    stays in the game'. Seat 1 loses under a Last Stand: it stays in the game with a Cult of exactly
    4 Disciples, 2 Priests and 1 Prophet; the winner has 1 + 3 = 4 Victory Points."""
    s = _last_stand_loss()
    assert s.winners == [0]
    assert all(s.alive) and not s.is_terminal()
    assert s.cult[1] == [4, 2, 1]
    assert s.vp == [4, 0]


def test_an_unpaid_initial_ante_scores_three_for_the_winners_and_the_cult_is_recreated():
    """TM § Epic Game Mode: 'If a player is eliminated (because ... he cannot pay the next Initial
    Ante), each winner of the Hand receives three Victory Points.' Seat 0 wins Hand 1 alone (1 point);
    seat 1 is left with one Disciple while the Initial Ante is 2: at the next Starting Phase it
    cannot pay, re-creates its Cult (1 Prophet, 2 Priests, 4 Disciples) and pays the Ante from it;
    Hand 1's winner receives three points (4 in all)."""
    game, s = epic()
    until(s, lambda st: st.step in (rules.PRAYER, rules.MYTH), folds({1}))
    assert s.vp == [1, 0]
    set_tokens(s, 1, cult=[1, 0, 0])
    s.ante = 2
    s.ess_shuffles = 1
    until(s, lambda st: st.hands == 1 and st.step == rules.BET)
    assert all(s.alive)
    assert s.cult[1] == [2, 2, 1] and s.stake[1] == [2, 0, 0]
    assert s.vp == [4, 0]


def test_the_game_stops_at_once_at_ten():
    """TM § Epic Game Mode: 'As soon as a player reaches at least 10 Victory Points the game stops
    immediately and he triumphs'. Seat 0 has 9 and wins a Hand: the game is over right after the
    Closing Phase (no Prayer Phase, no Myth Phase), seat 0 has won, seat 1 lost."""
    game, s = epic()
    s.vp[0] = 9
    until(s, lambda st: st.is_terminal() or st.step in (rules.PRAYER, rules.MYTH), folds({1}))
    assert s.is_terminal() and s.vp == [10, 0]
    assert s.returns() == [1.0, -1.0]


def test_an_elimination_can_reach_ten():
    """TM § Epic Game Mode: three points per winner for an elimination, 'as soon as a player reaches at
    least 10 Victory Points the game stops'. 6 points, then a failed Last Stand of the opponent:
    6 + 1 + 3 = 10, the game stops."""
    s = _last_stand_loss(vp0=6)
    assert s.is_terminal() and s.vp[0] == 10 and s.returns() == [1.0, -1.0]


def test_a_tie_at_ten_shares_the_victory():
    """TM § Epic Game Mode: 'in case of a tie, the two players fraternally share the victory'. Both
    have 9 and tie the Hand: both reach 10 and both triumph."""
    game, s = epic()
    s.vp = [9, 9]
    until(s, lambda st: st.is_terminal() or st.step in (rules.PRAYER, rules.MYTH))
    assert s.is_terminal() and s.vp == [10, 10]
    assert s.returns() == [1.0, 1.0]


def test_epic_keeps_the_myth_phase_and_the_pantheons():
    """TM § Epic Game Mode: 'Apply the normal rules, but during the Closing Phase, proceed as
    follows'; TM § The Myth Phase (Advanced and Epic game modes only). After the Prayer Phase of an
    Epic Hand comes the Myth Phase, and Requests earn Miracles (Athena wins without an Attack)."""
    game, s = epic(("athena", "odin"))
    until(s, lambda st: st.step == rules.MYTH, folds({1}))
    assert s.miracles[0] == 1 and s.vp == [1, 0]


def test_two_failed_last_stands_in_one_hand():
    """TM § Epic Game Mode: 'If a player is eliminated ..., each winner of the Hand receives three
    Victory Points' (read per eliminated player, docs/games/theomachy.md). Three seats; seat 0 raises
    with a Prophet, seats 1 and 2 have none and call under Last Stands, seat 0 wins: both re-create
    their Cults and seat 0 has 1 + 3 + 3 = 7 points."""
    game, s = epic(("odin", "athena", "danu"))
    set_tokens(s, 1, cult=[1, 0, 0])
    set_tokens(s, 2, cult=[1, 0, 0])
    act(s, s.C.off["raise"] + PH)
    act(s, s.C.END)
    for q in (1, 2):
        assert s.current_player() == q
        act(s, s.C.LAST_STAND)
        if s.current_player() == q and s.C.END in s.legal_actions():
            act(s, s.C.END)
    until(s, in_battle)
    set_tokens(s, 0, stake=[s.stake[0][D], s.stake[0][PR] + 1, s.stake[0][PH]])
    until(s, after_closing)
    assert s.winners == [0] and all(s.alive)
    assert s.cult[1] == s.cult[2] == [4, 2, 1]
    assert s.vp == [7, 0, 0]
