"""Demigods: which copy of a kind leaves a hand (DG = 004_fd352dc18fb78471.txt).

Copies of one kind are the same card at the table: when a player plays, discards, plays blind or
trades away a card of a kind it holds twice, nobody (the player itself included, while blind) can
tell which of the two went. So what every seat knows afterwards depends only on what it knew
before and on the kind that left, never on the card ids the engine gives the copies.
"""

import numpy as np
import pytest

from mythenv.core.errors import StateError
from mythenv.games.demigods.rules import K

from .builder import DRAW, act, build, game


def _pile_then_play(first_card: str, how: str):
    """Seat 0 holds ``[first_card, Zeus]``, the discard pile's top is an Army 500; seat 0 takes it
    and plays (or discards) an Army 500."""
    g = game(num_players=2)
    s = build(g, hands={0: [first_card, "zeus"], 1: 6}, discard=["army_500"], phase=DRAW, seed=3)
    act(s, "draw_discard")
    act(s, how, K["army_500"])
    return g, s


@pytest.mark.parametrize("how", ["play", "discard"])
def test_pile_card_then_a_copy_leaves_seat_1_sees_the_same(how):
    """DG § FAQ: 'Only the top card, and only in place of your deck draw. The pile is face up, so
    everyone can see what is coming.' DG § Turn: 'Play one card from your hand, or discard one
    card.' Seat 1 saw the Army 500 go into seat 0's hand and sees an Army 500 leave it: whether seat 0
    also held a private Army 500 (the issue's repro: that copy has the lower id) or a Wealth 500,
    seat 1 is left knowing nothing of seat 0's hand, in its observation and in its ansi render."""
    g, a = _pile_then_play("army_500", how)
    _, b = _pile_then_play("wealth_500", how)
    for s in (a, b):
        assert s.current_player() == 1 and len(s.hand[0]) == 2
        assert g.observation_dict(s, 1)["known_hands"].sum() == 0
        assert "known:" not in s.render(1).splitlines()[2]
    assert np.array_equal(g.observation(a, 1), g.observation(b, 1))
    assert a.render(1) == b.render(1)
    # seat 0 itself still sees its whole hand
    assert g.observation_dict(a, 0)["my_hand"][K["army_500"]] == 0.25
    assert g.observation_dict(b, 0)["my_hand"][K["wealth_500"]] == 0.25


def test_another_kind_leaving_keeps_the_public_copy_known():
    """DG § FAQ: 'The pile is face up, so everyone can see what is coming.' When seat 0 plays a card
    of another kind (Zeus), the Army 500 everyone saw it take is still known to be in its hand."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500", "army_1000"], 1: 6}, discard=["army_500"], phase=DRAW)
    act(s, "draw_discard")
    act(s, "discard", K["army_1000"])
    known = g.observation_dict(s, 1)["known_hands"][0]
    assert known[K["army_500"]] == 0.25 and known.sum() == 0.25
    assert "(known: Army 500)" in s.render(1)


def test_resample_from_seat_1_then_the_same_play_gives_seat_1_the_same_view():
    """DG § FAQ: 'The pile is face up, so everyone can see what is coming.' From seat 1's view,
    seat 0's second card is unknown; in every determinization of that view, seat 0 playing an Army
    500 leaves seat 1 with the same observation and render as in the real game."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500", "zeus"], 1: 6}, discard=["army_500"], phase=DRAW)
    act(s, "draw_discard")
    play = g.codec.encode("play", K["army_500"])
    kinds_seen = set()
    for seed in range(12):
        r = s.resample_hidden(1, np.random.default_rng(seed))
        assert np.array_equal(g.observation(r, 1), g.observation(s, 1))
        kinds_seen.add(tuple(sorted(g.kind_of[c] for c in r.hand[0])))
        assert play in r.legal_actions()
        r.apply_action(play)
        real = s.clone()
        real.apply_action(play)
        assert np.array_equal(g.observation(r, 1), g.observation(real, 1))
        assert r.render(1) == real.render(1)
    assert len(kinds_seen) > 1, "the private card is resampled"


def _blind_draw_then_play(seed: int):
    """Seat 0 is blind with two unseen Army 500s, draws a third (revealed), then plays blind."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500", "army_500"], 1: 6}, fronts={0: ["blindness"]},
              deck_top=["army_500"], phase=DRAW, seed=seed)
    for c in s.hand[0]:
        s.vis[c] = 0
    act(s, "draw_deck")
    assert g.observation_dict(s, 0)["my_hand"][K["army_500"]] == 0.25
    assert g.observation_dict(s, 1)["known_hands"][0][K["army_500"]] == 0.25
    act(s, "blind_play")
    return g, s


def test_blind_play_of_a_copy_forgets_the_revealed_one():
    """DG § Blindness: 'Shuffle your hand, hold it face down, and do not look at it. Reveal each card
    you draw so Oracles still fire, then shuffle it in untracked. Each turn, take one card at random
    from your own hand and play it if you legally can.' The three face-down cards are all Army 500s;
    the one played is an Army 500, and neither the blind seat nor its opponent can tell whether it
    was the revealed one, so neither still counts an Army 500 it knows of in that hand, whichever
    card the random draw took."""
    views = set()
    for seed in range(16):
        g, s = _blind_draw_then_play(seed)
        assert g.kind_of[s.kingdom[0][0]] == K["army_500"] and len(s.hand[0]) == 2
        o0, o1 = g.observation_dict(s, 0), g.observation_dict(s, 1)
        assert o0["my_hand"].sum() == 0 and o0["my_hand_unseen"][0] == pytest.approx(0.2)
        assert o1["known_hands"].sum() == 0
        views.add((g.observation(s, 0).tobytes(), g.observation(s, 1).tobytes(), s.render(0), s.render(1)))
    assert len(views) == 1


def _exchange(seed: int):
    """3 players. Seat 0 holds a private Army 500 and a private Wealth 500, takes a public Army 500
    from the pile and discards Zeus; seat 1 (five Army 2000s) draws the Exchange and names seat 0."""
    g = game(num_players=3)
    s = build(g, hands={0: ["army_500", "wealth_500", "zeus"], 1: ["army_2000"] * 5, 2: 6},
              discard=["army_500"], deck_top=["oracle_exchange"], phase=DRAW, seed=seed)
    act(s, "draw_discard")
    act(s, "discard", K["zeus"])
    assert g.observation_dict(s, 1)["known_hands"][1][K["army_500"]] == 0.25   # row 1 = seat 0
    act(s, "draw_deck")
    assert s.pending[-1][:2] == ("trade", 1)
    act(s, "target", 1)                    # seat 1 names seat 0 (two places to its left)
    return g, s


def test_exchange_partner_does_not_keep_a_copy_it_received():
    """DG § Oracles: 'each player names an opponent and trades two cards blind, drawn face down from
    each other's shuffled hand.' Seat 1 knew one Army 500 (the pile card) in seat 0's hand; when
    it receives an Army 500 it cannot tell whether that was the pile card, so afterwards it knows
    only the two Army 2000s it gave, and its view depends only on the kinds it received."""
    by_received = {}
    for seed in range(24):
        g, s = _exchange(seed)
        received = tuple(sorted(g.kind_of[c] for c in s.hand[1] if g.kind_of[c] != K["army_2000"]))
        assert received in ((K["army_500"], K["army_500"]), (K["army_500"], K["wealth_500"]))
        known = g.observation_dict(s, 1)["known_hands"][1]
        assert known[K["army_2000"]] == 0.5 and known.sum() == 0.5
        # seat 2 saw nothing of either hand
        assert g.observation_dict(s, 2)["known_hands"].sum() == 0
        by_received.setdefault(received, set()).add((g.observation(s, 1).tobytes(), s.render(1)))
    assert len(by_received) == 2, "both {Army, Army} and {Army, Wealth} were received in some seed"
    for received, views in by_received.items():
        assert len(views) == 1, received


def test_knowledge_masks_that_cannot_arise_are_rejected():
    """DG § FAQ ('The pile is face up') and § Oracles ('trades two cards blind'): what seats can know
    of one hand is nested (everyone, the owner and its last trade partner, the owner), so a saved
    state in which two seats each know a different card of the same hand, each unknown to the other,
    is refused with StateError."""
    g = game(num_players=3)
    s = build(g, hands={0: ["army_500", "army_500"], 1: 6, 2: 6})
    d = s.to_dict()
    a, b = d["hand"][0]
    d["vis"][a], d["vis"][b] = 0b011, 0b101
    with pytest.raises(StateError, match="nested"):
        g.state_from_dict(d)
    d["vis"][a], d["vis"][b] = 0b011, 0b111
    assert g.state_from_dict(d).vis[b] == 0b111
