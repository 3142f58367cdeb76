"""OpenSpiel's exact algorithms on mythenv's Kuhn poker, through the bridge (``mythenv.openspiel``): the
deal is a real pyspiel chance node, so CFR sees the game's true tree. After the same iterations CFR's
average policy has the same NashConv as on OpenSpiel's own ``kuhn_poker``, and its value for seat 0
approaches the game value -1/18."""

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

import mythenv.openspiel as mos  # noqa: E402
from mythenv.games import kuhn_poker  # noqa: E402

kuhn_poker.register()
NAME = mos.register("kuhn_poker_v0")
ITERATIONS = 100


def cfr_average_policy(game):
    solver = cfr.CFRSolver(game)
    for _ in range(ITERATIONS):
        solver.evaluate_and_update_policy()
    return solver.average_policy()


def test_the_deal_is_a_pyspiel_chance_node():
    game = pyspiel.load_game(NAME)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (game.max_chance_outcomes(), game.num_distinct_actions(), game.max_game_length()) == (3, 2, 3)
    s = game.new_initial_state()
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert s.legal_actions() == [0, 1, 2] and s.action_to_string(s.current_player(), 1) == "deal Q"
    s.apply_action(1)
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 0.5), (2, 0.5)]
    s.apply_action(2)
    assert s.current_player() == 0 and s.legal_actions() == [0, 1]
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_cfr_reaches_the_game_value_and_openspiels_nash_conv():
    """CFR for ``ITERATIONS`` iterations on both games: the same NashConv (to 1e-9), and seat 0's value
    of the average policy within that NashConv of -1/18 (in a two-seat zero-sum game a profile's value
    is never further from the game value than its NashConv)."""
    ours, theirs = pyspiel.load_game(NAME), pyspiel.load_game("kuhn_poker")
    policy, ref_policy = cfr_average_policy(ours), cfr_average_policy(theirs)
    nash_conv, ref_nash_conv = exploitability.nash_conv(ours, policy), exploitability.nash_conv(theirs, ref_policy)
    assert nash_conv == pytest.approx(ref_nash_conv, abs=1e-9)
    assert 0 < nash_conv < 0.02  # 0.01645 after 100 iterations
    value = expected_game_score.policy_value(ours.new_initial_state(), [policy, policy])[0]
    assert value == pytest.approx(-1 / 18, abs=nash_conv)
