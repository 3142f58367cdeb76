"""Theomachy Advanced game: the rule-based baseline plays the Pantheons (Abilities, Mythology cards,
Heroes, the Myth Phase) and beats random play clearly; the compiled encoder matches the Python one
along its games."""

import collections

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.games.theomachy import observe
from mythenv.games.theomachy.heuristic import heuristic_action
from mythenv.games.theomachy.pantheons import DEITIES, DEITY_INDEX, PANTHEONS
from mythenv.games.theomachy.rules import BATTLE, GOD, PANTHEON

from .test_heuristic_and_env import _arena

ADV = {"mode": "advanced", "deck": "draft"}


def test_heuristic_beats_random_in_the_advanced_game():
    """Two players: far more than 1/2 of the games (measured 96 % over 200, see the doc page)."""
    assert _arena(ADV, 30) >= 0.75


def test_heuristic_beats_random_at_four_players():
    """Four players: far more than 1/4 (measured 93 % over 100)."""
    assert _arena({**ADV, "num_players": 4}, 16) >= 0.5


def test_heuristic_uses_abilities_mythology_cards_and_the_myth_phase():
    game = mythenv.make_game("theomachy_v0", **ADV, max_hands=30)
    rng = np.random.default_rng(0)
    used = collections.Counter()
    for seed in range(8):  # seeds 0-5 all draw passive Gods (Shamash, Freya, Ishtar, Poseidon, Morrigan)
        s = game.new_initial_state(seed=seed)
        while not s.is_terminal():
            p = s.current_player()
            if s.pending and s.pending[-1][0] in ("window", "cost"):
                obs = game.observation(s, p)
                ref = np.zeros(game.observation_size, np.float32)
                observe.encode(s, p, ref)
                assert np.array_equal(obs, ref)
            a = heuristic_action(SeatView(game, s, p, rng), rng)
            used[s.C.decode[a][0]] += 1
            s.apply_action(a)
    for family in ("ability", "myth", "myth_buy", "god", "pantheon"):
        assert used[family] > 0, (family, used)


def test_heuristic_plays_morrigan_her_passive_acting_in_its_battles():
    """TM § Divine Abilities: Morrigan's Passive Ability "may be used several times" and asks nothing
    of its player. The heuristic, seated as Morrigan (the Pantheons and Gods imposed as in
    benchmarks/theomachy_balance.py), plays whole games; its Attacks call her Ability, several times
    in some Hand, without it ever being offered as an action."""
    mor = DEITY_INDEX["morrigan"]
    gods = (mor, DEITY_INDEX["poseidon"])
    game = mythenv.make_game("theomachy_v0", **ADV, max_hands=12)
    rng = np.random.default_rng(0)
    most, battles = 0, 0
    for seed in range(3):
        s = game.new_initial_state(seed=seed)
        while not s.is_terminal():
            p = s.current_player()
            if s.step == PANTHEON:
                a = s.C.off["pantheon"] + DEITIES[gods[p]].pantheon
            elif s.step == GOD:
                a = s.C.off["god"] + PANTHEONS[DEITIES[gods[p]].pantheon].deities.index(gods[p])
            else:
                assert p != 0 or s.C.off["ability"] not in s.legal_actions()
                a = heuristic_action(SeatView(game, s, p, rng), rng)
            was_battle = s.step == BATTLE
            s.apply_action(a)
            most = max(most, s.ab_uses[0])
            battles += was_battle and s.step != BATTLE
    assert s.deity[0] == mor and battles > 0
    assert most >= 2, most
