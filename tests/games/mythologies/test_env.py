"""Observation pieces, hidden information, heuristic strength and the PettingZoo surface."""

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.games.mythologies import MythologiesGame
from mythenv.games.mythologies.cards import BY_NAME
from mythenv.games.mythologies.rules import OFF, SEL

from .helpers import new, placement, put


def test_observation_pieces_by_name():
    """Pantheon tops, covered cards and tokens are public (MY § Lexicon: Discard / Crush)."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 1, "t2", "Minotaur", "Centaur")
    placement(s, 0, favors=[3, 0], gems=[0, 6])
    g = s.game
    obs = g.observation_dict(s, 0)
    assert obs["pantheon_top"][1, 4, BY_NAME["Centaur"]] == 1
    assert obs["pantheon_below"][1, BY_NAME["Minotaur"]] > 0
    assert obs["tokens"][0, 0] == 3 / 30 and obs["tokens"][1, 1] == 6 / 30
    assert g.observation(s, 0).min() >= 0 and g.observation(s, 0).max() <= 1


def test_drawn_card_hidden_from_others_in_observation():
    """MY § A - Selection Phase: a card drawn from a pile is seen by its owner only."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    s.pawns = [[[1, 4], [0, 0]], [[2, 0], [3, 0]]]
    s.destiny = [0, 1]
    s._end_selection()
    g = s.game
    for seed in range(5):
        r = s.resample_hidden(1, np.random.default_rng(seed))
        assert np.array_equal(g.observation(s, 1), g.observation(r, 1))
    own = g.observation_dict(s, 0)["hand_own"]
    assert own.sum() == 1.0


def test_heuristic_beats_random():
    """The baseline wins clearly more than 1/n of the games against random seats."""
    for n in (2, 4):
        g = MythologiesGame(num_players=n)
        wins = 0.0
        games = 12
        for k in range(games):
            s = g.new_initial_state(500 + k)
            rng = np.random.default_rng(k)
            h = k % n
            while not s.is_terminal():
                p = s.current_player()
                if p == h:
                    a = g.heuristic(SeatView(g, s, p, rng), rng)
                else:
                    la = s.legal_actions()
                    a = la[int(rng.integers(len(la)))]
                s.apply_action(a)
            r = s.returns()
            if r[h] > 0:
                wins += 1 / sum(1 for x in r if x > 0)
        assert wins / games >= 2 / n


def test_env_plays_a_full_game_and_rewards():
    """PettingZoo AEC surface: agents player_0..; rewards at the end."""
    env = mythenv.make_env("mythologies_v0", num_players=3)
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        total[agent] += rew
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(total.values())[-1] == 1.0


def test_commit_not_visible_to_later_seat():
    """docs/design.md § Simultaneous choices: the selection commit stays hidden until revealed."""
    g = MythologiesGame(num_players=2)
    s = g.new_initial_state(11)
    assert s.phase == SEL and s.current_player() == 0
    a, b = s.clone(), s.clone()
    a.apply_action(OFF["commit"])
    b.apply_action(OFF["commit"] + 1)
    if a.current_player() == 1 and b.current_player() == 1:
        assert np.array_equal(g.observation(a, 1), g.observation(b, 1))
