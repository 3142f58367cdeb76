"""Theomachy Advanced game: hidden information end to end, checked from the rulebook (TM =
../shared/seeds/000_b58b559235c1f04d.txt). Two worlds that differ only in something a seat cannot see
must give that seat the same observation, the same ansi view and the same seat to act; a
determinization (``resample_hidden``) for a seat keeps what it knows and redraws what it does not.
"""

from __future__ import annotations

import numpy as np

from mythenv.games.theomachy import rules

from .helpers import A, act, game_with, myth_a, own, set_const, set_hand, until, window

CONST = ["air_order_1", "fire_order_2", "earth_chaos_3", "water_order_1", "water_chaos_2"]
OTHER = ["air_order_1", "fire_order_2", "earth_chaos_3", "fire_chaos_3", "air_chaos_1"]


def view(game, s, p):
    return (s.current_player(), game.observation(s, p).tobytes(), s.render(p),
            tuple(s.legal_actions()) if s.current_player() == p else None)


def test_mythology_deck_below_the_top_card_is_hidden_from_everyone():
    """TM § Choose a Pantheon: each player 'shuffles them to make a draw pile and places it in front of
    him, the top card face up'. Only the top card is known, to its owner as to the others: two worlds
    whose Mythology decks differ only below the top card look the same to both seats, and a
    determinization keeps every top card and reorders the rest."""
    views = []
    for perm in ((0, 1, 2, 3), (3, 1, 0, 2)):
        game, s = game_with(("odin", "marduk"))
        for q in range(2):
            deck = s.myth_deck[q]
            s.myth_deck[q] = [deck[i] for i in perm] + [deck[-1]]
        s._legal = None
        s.check_invariants()
        views.append([view(game, s, p) for p in range(2)])
    assert views[0] == views[1]
    rng = np.random.default_rng(3)
    orders = set()
    for _ in range(30):
        r = s.resample_hidden(0, rng)
        assert [d[-1] for d in r.myth_deck] == [d[-1] for d in s.myth_deck]
        orders.add(tuple(r.myth_deck[0][:-1]))
    assert len(orders) > 1


def test_tower_of_babel_shows_the_hand_to_its_owner_only():
    """TM § Quick Description: Effects 'give them information about opposing hands'; designed Tower of
    Babel: 'At the start of the Betting Phase: look at an opponent's hand.' Three seats; seat 0 looks
    at seat 1's hand. Seat 2 learns nothing: two worlds that differ only in seat 1's cards (same
    number) look the same to seat 2 and differ for seat 0. A determinization for seat 0 keeps seat
    1's hand; one for seat 2 may change it."""
    v0, v2, states = [], [], []
    for cards in (["spark", "gust", "insight"], ["plague", "drown", "prophecy"]):
        game, s = game_with(("marduk", "odin", "danu"))
        own(s, 0, "tower_of_babel")
        until(s, lambda st: window(st) == (0, "betting_start"))
        set_hand(s, 1, cards)
        act(s, myth_a(s, "tower_of_babel"))
        act(s, A(s, "target", 0))           # the player one seat to the left: seat 1
        v0.append(game.observation(s, 0).tobytes())
        v2.append(view(game, s, 2))
        states.append(s)
    assert v2[0] == v2[1]
    assert v0[0] != v0[1]
    s = states[0]
    rng = np.random.default_rng(0)
    assert all(sorted(s.resample_hidden(0, rng).hand[1]) == sorted(s.hand[1]) for _ in range(10))
    assert any(sorted(s.resample_hidden(2, rng).hand[1]) != sorted(s.hand[1]) for _ in range(10))


def test_odin_sees_the_face_down_constellation_nobody_else_does():
    """TM § Quick Description: 'Do not look at the face-down cards!'; designed Odin's Ability: 'look at
    the face-down Constellation cards'. After Odin looks, two worlds that differ only in the two
    face-down cards look the same to his opponent; a determinization for Odin keeps them, one for the
    opponent redraws them."""
    v1, states = [], []
    for const in (CONST, OTHER):
        game, s = game_with(("odin", "marduk"))
        set_const(s, const, 3)
        set_hand(s, 0, ["spark", "gust"])
        act(s, A(s, "ability"))
        act(s, s.legal_actions()[0])
        v1.append(view(game, s, 1))
        states.append(s)
    assert v1[0] == v1[1]
    s = states[0]
    rng = np.random.default_rng(1)
    assert all(s.resample_hidden(0, rng).const[3:] == s.const[3:] for _ in range(10))
    assert any(s.resample_hidden(1, rng).const[3:] != s.const[3:] for _ in range(10))


def test_gods_stay_hidden_through_an_env_until_the_reveal():
    """TM § Final Selection of the God: 'secretly chooses ... Once all players have made their choice,
    they simultaneously turn their chosen Deity Sheet face up.' Through the PettingZoo env: after
    player_0 chooses, player_1's observation, action mask and infos and the agent to act are the
    same whichever God player_0 took."""
    from mythenv.games import theomachy_v0

    seen = []
    for god_i in range(3):
        env = theomachy_v0.env(num_players=2, deck="draft", mode="advanced")
        env.reset(seed=7)
        s = env.unwrapped.game_state
        while s.step != rules.GOD:
            env.step(s.legal_actions()[0])
        env.step(s.C.off["god"] + god_i)
        assert env.agent_selection == "player_1"
        obs = env.observe("player_1")
        seen.append((env.agent_selection,
                     np.asarray(obs["observation"]).tobytes(), np.asarray(obs["action_mask"]).tobytes(),
                     repr(env.infos["player_1"])))
    assert seen[0] == seen[1] == seen[2]
