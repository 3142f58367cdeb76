"""Demigods spoken words (speech="explicit", our adaptation) and the throne (DG = 004_fd352dc18fb78471.txt)."""

import pytest

from mythenv.games.demigods.rules import NPHRASES, P_CLAIM, P_CURE, P_CURSE, K

from .builder import act, aid, build, game, kkeys, legal_names

THRONE = ["army_2000", "army_2000", "army_1000", "wealth_2000", "wealth_2000", "wealth_1000"]


def test_throne_needs_all_three_conditions_at_once():
    """DG: 'To claim the throne, your kingdom must hold all three of these at once. Not two. All
    three.' (designed conditions: Army >= 5,000, Wealth >= 5,000, a Guardian standing); DG § Turn:
    'Check for victory.' The claimant wins (+1), every other seat loses (-1)."""
    g = game(num_players=3)
    s = build(g, hands={0: ["army_500"], 1: 6, 2: 6},
              kingdoms={0: ["army_2000", "army_2000", "wealth_2000", "wealth_2000", "wealth_1000"]},
              fronts={0: ["talos"]})
    act(s, "play", K["army_500"])           # Army 4,500: two conditions of three
    assert not s.is_terminal()
    s = build(g, hands={0: ["army_1000"], 1: 6, 2: 6},
              kingdoms={0: ["army_2000", "army_2000", "wealth_2000", "wealth_2000", "wealth_1000"]},
              fronts={0: ["talos"]})
    act(s, "play", K["army_1000"])
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0, -1.0]
    s = build(g, hands={0: ["army_1000"], 1: 6, 2: 6},
              kingdoms={0: ["army_2000", "army_2000", "wealth_2000", "wealth_2000", "wealth_1000"]})
    act(s, "play", K["army_1000"])
    assert not s.is_terminal(), "no Guardian standing"


def test_blessed_cards_count_double_for_the_throne_and_goals_are_config():
    """DG § Blessing: 'A sideways 2,000 is 4,000.' (the throne totals count blessings, designed);
    the thresholds are the army_goal / wealth_goal options."""
    g = game(num_players=2)
    s = build(g, hands={0: ["ladon"], 1: 6}, kingdoms={0: [("army_2000", 1), "army_1000", ("wealth_2000", 1), "wealth_500", "wealth_500"]})
    act(s, "play", K["ladon"])
    assert s.winner == 0
    g2 = game(num_players=2, army_goal=10_000)
    s = build(g2, hands={0: ["ladon"], 1: 6}, kingdoms={0: [("army_2000", 1), "army_1000", ("wealth_2000", 1), "wealth_500", "wealth_500"]})
    act(s, "play", K["ladon"])
    assert not s.is_terminal()


def test_victory_is_checked_for_the_player_whose_turn_it_is():
    """DG § Turn: 'Check for victory. Play passes clockwise' (designed: at the victory check of its
    own turn a seat claims; a seat that meets the conditions on another's turn claims on its own)."""
    g = game(num_players=2)
    s = build(g, hands={0: ["zeus"], 1: 6}, kingdoms={0: ["army_500"], 1: THRONE + ["army_500"]},
              fronts={1: ["talos"]})
    # seat 1 already meets the throne, but seat 0 is playing
    act(s, "play", K["zeus"])
    act(s, "take", 0, 0, 0)
    assert not s.is_terminal() and s.current_player() == 1
    act(s, "draw_deck")
    act(s, "discard", s.game.kind_of[s.hand[1][0]])
    assert s.winner == 1


def speech_ids(s, phrase, honor=0):
    return aid(s, "speak", honor, phrase)


def test_explicit_god_needs_its_name_or_is_discarded():
    """DG § Gods: 'Every god demands to be named aloud: "I invoke Zeus." Forget, and the card is
    discarded and its power is lost.' DG: 'Fail to speak the words and the card is immediately
    discarded, its effect lost.'"""
    g = game(num_players=2, speech="explicit")
    base = dict(hands={0: ["zeus"], 1: 6}, kingdoms={1: ["army_2000"]})
    s = build(g, **base)
    act(s, "play", K["zeus"])
    assert legal_names(s) == ["speak"] * (2 * NPHRASES) + ["stay_silent"]
    act(s, "speak", 0, 0)                   # "I invoke Zeus."
    act(s, "take", 0, 2, 0)
    assert s.total(0, 0) == 2000
    for wrong in (aid(s, "speak", 0, 1), aid(s, "speak", 0, P_CURSE), aid(s, "stay_silent")):
        s = build(g, **base)
        act(s, "play", K["zeus"])
        s.apply_action(wrong)
        assert s.total(0, 0) == 0 and kkeys(s, s.discard) == ["zeus"] and s.current_player() == 1


def test_explicit_curse_needs_i_curse_you():
    """DG § Curses: 'Play a curse and you must point at your victim and say "I curse you." Forget,
    and it is discarded and nothing happens.'"""
    g = game(num_players=2, speech="explicit")
    s = build(g, hands={0: ["siege"], 1: 6})
    act(s, "play", K["siege"])
    act(s, "target", 0)
    act(s, "speak", 0, P_CURSE)
    assert kkeys(s, s.front[1]) == ["siege"]
    s = build(g, hands={0: ["siege"], 1: 6})
    act(s, "play", K["siege"])
    act(s, "target", 0)
    act(s, "speak", 0, 0)
    assert s.front[1] == [] and kkeys(s, s.discard) == ["siege"]


def test_explicit_cure_words_and_the_silent_cure_of_voice():
    """DG § Cures: 'Every other cure demands the words: "Because of the blessings of the gods, I am
    now cured." Forget them and the cure is discarded, wasted.' 'The Cure of Voice may be played in
    complete silence ... It is the only card in the game that may be played without speaking its phrase.'"""
    g = game(num_players=2, speech="explicit")
    s = build(g, hands={0: ["cure_siege"], 1: 6}, fronts={0: ["siege"]})
    act(s, "play", K["cure_siege"])
    act(s, "speak", 0, P_CURE)
    assert s.front[0] == []
    s = build(g, hands={0: ["cure_siege"], 1: 6}, fronts={0: ["siege"]})
    act(s, "play", K["cure_siege"])
    act(s, "stay_silent")
    assert kkeys(s, s.front[0]) == ["siege"] and kkeys(s, s.discard) == ["cure_siege"]
    s = build(g, hands={0: ["cure_silence"], 1: 6}, fronts={0: ["silence"]})
    act(s, "play", K["cure_silence"])
    assert s.front[0] == [] and s.current_player() == 1, "no speech step for the Cure of Voice"


def test_explicit_throne_claim_is_spoken():
    """DG § Silence: 'You also cannot claim the throne.' (the claim is spoken: with speech="explicit"
    the victory check asks for the words; designed phrase "I claim the throne.")"""
    g = game(num_players=2, speech="explicit")
    s = build(g, hands={0: ["talos"], 1: 6}, kingdoms={0: THRONE})
    act(s, "play", K["talos"])
    assert s.pending[-1][0] == "speech" and s.current_player() == 0
    c = s.clone()
    act(c, "stay_silent")
    assert not c.is_terminal() and c.current_player() == 1
    act(s, "speak", 0, P_CLAIM)
    assert s.winner == 0


def test_athena_steals_from_a_player_speaking_without_oh_my_goddess():
    """DG § Athena: 'every other player must address you with respect. Any time they speak, for any
    reason, they must begin with "Oh my goddess." Catch a player speaking without it before the next
    turn begins, and you steal one Army or Wealth card of your choice from their kingdom.'"""
    g = game(num_players=3, speech="explicit")
    s = build(g, hands={0: ["ares"], 1: 6, 2: 6}, kingdoms={0: ["army_500", "wealth_2000"]}, fronts={2: ["athena"]})
    act(s, "play", K["ares"])
    act(s, "speak", 0, 2)                   # "I invoke Ares." without the honorific
    assert s.pending[-1] == ("athena", 2, 0) and s.current_player() == 2
    assert sorted(s.legal_actions()) == sorted([aid(s, "take", 0, 0, 0), aid(s, "take", 1, 2, 0)])
    act(s, "take", 1, 2, 0)
    assert s.total(2, 1) == 2000 and s.total(0, 1) == 0
    assert s.total(0, 0) == 1000, "the words were right: Ares still blesses"
    s = build(g, hands={0: ["ares"], 1: 6, 2: 6}, kingdoms={0: ["army_500", "wealth_2000"]}, fronts={2: ["athena"]})
    act(s, "play", K["ares"])
    act(s, "speak", 1, 2)                   # "Oh my goddess, I invoke Ares."
    assert s.total(0, 0) == 1000 and s.total(0, 1) == 2000 and s.current_player() == 1


def test_athena_never_fires_in_auto_speech_or_for_her_owner_or_the_silenced():
    """DG § Athena: 'every other player must address you with respect' ... 'A player under the Curse
    of Silence never speaks, and so can never offend the goddess.' speech="auto" says every phrase
    with respect."""
    g = game(num_players=2, speech="explicit")
    s = build(g, hands={0: ["ares"], 1: 6}, kingdoms={0: ["army_500"]}, fronts={0: ["athena"]})
    act(s, "play", K["ares"])
    act(s, "speak", 0, 2)
    assert s.current_player() == 1 and s.total(0, 0) == 1000
    s = build(g, hands={0: ["army_500"], 1: 6}, kingdoms={0: ["army_500"]}, fronts={0: ["silence"], 1: ["athena"]})
    act(s, "play", K["army_500"])
    assert s.current_player() == 1 and s.total(0, 0) == 1000
    g = game(num_players=2)
    s = build(g, hands={0: ["ares"], 1: 6}, kingdoms={0: ["army_500"]}, fronts={1: ["athena"]})
    act(s, "play", K["ares"])
    assert s.current_player() == 1 and s.total(0, 0) == 1000 and not s.pending


@pytest.mark.parametrize("speech", ["auto", "explicit"])
def test_heuristic_beats_random(speech):
    """The baseline wins far more than its share against random seats (2 players)."""
    import numpy as np

    from mythenv.core.view import SeatView
    from mythenv.games.demigods.heuristic import heuristic_action
    g = game(num_players=2, speech=speech)
    wins = 0
    for i in range(30):
        s = g.new_initial_state(i)
        rng = np.random.default_rng(i)
        while not s.is_terminal():
            p = s.current_player()
            la = s.legal_actions()
            a = heuristic_action(SeatView(g, s, p, rng), rng) if p == i % 2 else la[int(rng.integers(len(la)))]
            s.apply_action(a)
        wins += s.winner == i % 2
    assert wins >= 24
