"""Kuhn poker's rules (``mythenv/games/kuhn_poker/rules.py``) against the known rules: H. W. Kuhn, "A
simplified form of poker" (1950), as OpenSpiel's ``kuhn_poker`` plays it (three cards J < Q < K, an
ante of 1, seat 0 first, pass or bet 1), and its chance event, exposed or drawn."""

import itertools
import re

import gymnasium
import numpy as np
import pytest

import mythenv
from mythenv.core.errors import IllegalActionError, StateError
from mythenv.core.game import CHANCE, TERMINAL
from mythenv.games import kuhn_poker
from mythenv.games.kuhn_poker.rules import BET, PASS

kuhn_poker.register()
GAME = mythenv.make_game("kuhn_poker_v0")
DEALS = list(itertools.permutations(range(3), 2))
#: every betting sequence, and what seat 0 wins: "sd" a showdown for that many chips, else a fold
SEQUENCES = {
    (PASS, PASS): ("sd", 1),           # both check: the higher card takes the antes
    (BET, PASS): ("fold", 1),          # seat 1 folds to a bet: seat 0 wins the ante
    (BET, BET): ("sd", 2),             # a bet called: showdown for ante + bet
    (PASS, BET, PASS): ("fold", -1),   # seat 0 checks, folds to seat 1's bet
    (PASS, BET, BET): ("sd", 2),       # seat 0 checks, calls seat 1's bet
}


def dealt(cards, seed=0):
    """A state with ``cards`` dealt, through the exposed chance event."""
    s = GAME.new_initial_state(seed=seed, chance_nodes=True)
    for c in cards:
        s.apply_action(c)
    return s


@pytest.mark.parametrize("cards", DEALS)
@pytest.mark.parametrize("seq", list(SEQUENCES))
def test_payoff_of_every_deal_and_betting_sequence(cards, seq):
    """Kuhn § the game: a fold loses what the folder put in; a showdown pays the pot's half to the
    higher card (K > Q > J); the returns are zero-sum."""
    s = dealt(cards)
    for i, a in enumerate(seq):
        assert not s.is_terminal() and s.current_player() == i % 2
        assert s.legal_actions() == [PASS, BET]
        s.apply_action(a)
    assert s.is_terminal() and s.current_player() == TERMINAL and s.legal_actions() == []
    kind, amount = SEQUENCES[seq]
    won = amount * (1 if cards[0] > cards[1] else -1) if kind == "sd" else amount
    assert s.returns() == [won, -won]


def test_the_same_payoffs_as_openspiels_kuhn_poker():
    """Every deal and sequence, against OpenSpiel's own C++ ``kuhn_poker`` (the reference)."""
    pyspiel = pytest.importorskip("pyspiel")
    ref = pyspiel.load_game("kuhn_poker")
    for cards, seq in itertools.product(DEALS, SEQUENCES):
        r = ref.new_initial_state()
        for a in cards + seq:
            r.apply_action(a)
        assert dealt(cards, 0).returns() == [0.0, 0.0]
        s = dealt(cards)
        for a in seq:
            s.apply_action(a)
        assert s.returns() == r.returns(), (cards, seq)


def test_exposed_chance_event_the_deal():
    """A state built with ``chance_nodes=True`` waits at the deal: the first card is one of three, the
    second one of the two left, each equally likely; the outcomes are the legal actions there."""
    s = GAME.new_initial_state(chance_nodes=True)
    assert s.current_player() == CHANCE and s.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert s.legal_actions() == [0, 1, 2] and s.action_to_string(2) == "deal K"
    s.apply_action(2)
    assert s.current_player() == CHANCE and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    with pytest.raises(IllegalActionError):
        s.apply_action(2)  # the King is dealt already
    s.apply_action(0)
    assert s.current_player() == 0 and s.chance_outcomes() == [] and s.cards == [2, 0]
    c = s.clone()
    assert c.chance_nodes and c.to_dict() == s.to_dict()
    assert GAME.state_from_dict(GAME.new_initial_state(chance_nodes=True).to_dict()).current_player() == CHANCE


def test_drawn_chance_deals_every_pair_from_the_states_generator():
    """A state built without ``chance_nodes`` (every env's) deals at once from its generator: a seat
    acts first, the same seed deals the same cards, and the six deals come about equally often."""
    counts = {d: 0 for d in DEALS}
    for seed in range(1200):
        s = GAME.new_initial_state(seed=seed)
        assert s.current_player() == 0 and not s.chance_nodes and s.chance_outcomes() == []
        counts[tuple(s.cards)] += 1
    assert GAME.new_initial_state(seed=7).to_dict() == GAME.new_initial_state(seed=7).to_dict()
    assert all(150 <= n <= 250 for n in counts.values()), counts
    with pytest.raises(StateError):  # a saved state of a drawn game cannot wait at the deal
        GAME.state_from_dict({**GAME.new_initial_state(seed=0).to_dict(), "cards": [1]})


def test_the_state_is_declared_and_a_corrupt_save_is_refused():
    """The State declares its fields (``mythenv.core.fields``): its copies and saved states are generated
    from them, in the layout the hand-written ones had, and the schema they give refuses each corrupt
    field by name; ``check_invariants`` refuses the positions the fields alone allow but the game never
    reaches."""
    from mythenv.core.fields import Declared

    assert issubclass(kuhn_poker.rules.KuhnState, Declared)
    assert all(getattr(kuhn_poker.rules.KuhnState, m)._generated_from_fields for m in ("clone", "to_dict"))
    d = dealt((1, 0)).to_dict()
    assert list(d)[3:] == ["cards", "bets", "chance_nodes", "rng"]
    bad = {"cards[0]": {"cards": [True, 0]}, "cards[1]": {"cards": [1, 1]}, "bets": {"bets": [0, 1, 1, 0]},
           "chance_nodes": {"chance_nodes": 1}, "not a Kuhn poker position": {"bets": [1, 1, 0]}}
    for name, change in bad.items():
        with pytest.raises(StateError, match=re.escape(name)):
            GAME.state_from_dict({**d, **change})


def test_illegal_moves_are_refused_and_change_nothing():
    s = dealt((0, 1))
    before = s.to_dict()
    for bad in (2, -1, "bet", None, 1.0):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
    assert s.to_dict() == before
    s.apply_action(BET)
    s.apply_action(PASS)
    with pytest.raises(StateError):
        s.apply_action(PASS)  # the game is over


def test_a_seat_sees_its_card_and_the_moves_only():
    """The observation is OpenSpiel's information state (own card, every move) and whose turn it is;
    the other card stays hidden from the observation, the render and the resample."""
    s = dealt((2, 0))
    s.apply_action(PASS)
    obs = GAME.observation_dict(s, 1)
    assert obs["to_move"].tolist() == [1] and obs["seat"].tolist() == [0, 1]
    assert obs["card"].tolist() == [1, 0, 0] and obs["bets"].tolist() == [[1, 0], [0, 0], [0, 0]]
    assert s.render(1) == "cards ? J | moves pass" and s.render(None) == "cards K J | moves pass"
    rng = np.random.default_rng(0)
    seen = {s.resample_hidden(1, rng).cards[0] for _ in range(50)}
    assert seen == {1, 2}  # seat 1 holds the Jack: seat 0 holds the Queen or the King


def test_envs_never_show_a_chance_seat():
    """The AEC env, the Gymnasium env and the batched engine play drawn deals: only seats act."""
    env = mythenv.make_env("kuhn_poker_v0")
    env.reset(seed=3)
    for agent in env.agent_iter(20):
        assert agent in ("player_0", "player_1")
        obs, _, done, trunc, _ = env.last()
        env.step(None if done or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    env.reset(options={"state": GAME.new_initial_state(seed=5, chance_nodes=True).to_dict()})
    assert env.agent_selection == "player_0" and len(env.unwrapped.game_state.cards) == 2  # dealt by the env
    genv = gymnasium.make("mythenv/KuhnPoker-v0", opponent="heuristic")
    _, info = genv.reset(seed=1)
    assert info["action_mask"].tolist() == [1, 1]
    vec = mythenv.make_vec("kuhn_poker_v0", 4, seed=0)
    obs, info = vec.reset()
    for _ in range(10):
        assert obs.shape == (4, GAME.observation_size) and vec.action_masks().all()  # pass and bet
        obs, *_ = vec.step(np.zeros(4, np.int64))


def test_unlisted_test_game():
    """Registered by ``kuhn_poker.register()`` and found by id, never listed with the five games."""
    assert "kuhn_poker_v0" not in mythenv.list_games() and len(mythenv.list_games()) == 5
    assert mythenv.game_class("kuhn_poker_v0") is kuhn_poker.KuhnPokerGame
