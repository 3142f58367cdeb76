"""Theomachy: the heuristic baseline, the once-per-Hand guard, PettingZoo / Gymnasium plumbing."""

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.heuristic import heuristic_action

from .helpers import betting_state, do, play, set_const, set_hand


def _arena(cfg, games, seed=0):
    g = mythenv.make_game("theomachy_v0", **cfg)
    n = g.num_players
    rng = np.random.default_rng(seed)
    wins = 0
    for i in range(games):
        s = g.new_initial_state(seed=1000 + i)
        h = i % n
        while not s.is_terminal():
            p = s.current_player()
            if p == h:
                a = heuristic_action(SeatView(g, s, p, rng), rng)
            else:
                la = s.legal_actions()
                a = la[int(rng.integers(len(la)))]
            s.apply_action(a)
        wins += s.returns()[h] == 1.0
    return wins / games


def test_heuristic_beats_random_two_players():
    """The baseline wins far more than 1/2 of two-player games against random play."""
    assert _arena({}, 40) >= 0.75


def test_heuristic_beats_random_four_players():
    """... and more than 2/n at four players."""
    assert _arena({"num_players": 4}, 24) >= 0.5


def test_inspiration_once_per_hand():
    """Designed guard (doc § Designed cards): Inspiration once per Hand per player, so two copies
    cannot redraw each other forever through the discard reshuffle (TM § Drawing Cards)."""
    _, s = betting_state(2, first=0)
    set_const(s, ["fire_chaos_3", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["inspiration", "inspiration"])
    s.prayer.extend(s.deck[0] + s.disc[0])
    s.deck[0] = []
    s.disc[0] = []
    do(s, "play", "inspiration", seat=0)
    assert play(s, "inspiration") not in s.legal_actions()


def test_module_env_plays_a_game():
    """``theomachy_v0.env()`` is a PettingZoo AEC env; eliminated seats simply never act again."""
    from mythenv.games import theomachy_v0

    env = theomachy_v0.env(num_players=3, max_hands=5)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    for _agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 0
    assert env.unwrapped.game_state.is_terminal()


def test_observation_pieces_by_name():
    """Observation pieces are addressable by name and lie in [0, 1]."""
    game, s = betting_state(4, first=0)
    obs = game.observation(s, 2)
    assert obs.min() >= 0.0 and obs.max() <= 1.0
    d = game.observation_dict(s, 2)
    assert d["cult"].shape == (4, 3) and d["seat"][0, 0] == 1 and d["seat"][2, 3] == 1
    assert d["step"][rules.BET] == 1
