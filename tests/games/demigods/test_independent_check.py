"""Demigods, checked from the rulebook alone (DG = 004_fd352dc18fb78471.txt): copies of one kind.

Each expectation below was written from the rulebook text before looking at the rules code. Copies
of a kind are the same card at the table, so what a seat knows of another's hand after a card of
that kind leaves it may depend only on what it knew before and on the kind that left, never on
which engine id went. Each scenario is played in two worlds a watching seat cannot tell apart (they
differ only in cards it cannot see) and the seat's observation, render and the seat to move must
stay the same in both.
"""

import numpy as np
import pytest

from mythenv.games.demigods.rules import KINDS, K

from .builder import ACT, DRAW, act, build, game


def known(s, viewer: int, holder: int) -> dict:
    """The cards ``viewer`` knows to be in ``holder``'s hand, {kind key: count}, from its observation."""
    n = s.game.num_players
    row = s.game.observation_dict(s, viewer)["known_hands"][(holder - viewer) % n - 1]
    return {KINDS[k].key: int(round(v * 4)) for k, v in enumerate(row) if v}


def with_public(s, seat: int, key: str, copies: int):
    """``s`` with ``copies`` of the ``key`` cards in ``seat``'s hand known to every seat (as if each
    had been taken from the face-up discard pile), through the saved-state API."""
    d = s.to_dict()
    everyone = (1 << s.game.num_players) - 1
    done = 0
    for c in d["hand"][seat]:
        if done < copies and s.game.kind_of[c] == K[key]:
            d["vis"][c] = everyone
            done += 1
    assert done == copies
    return s.game.state_from_dict(d)


def same_view(a, b, seats):
    for q in seats:
        assert np.array_equal(a.game.observation(a, q), b.game.observation(b, q)), q
        assert a.render(q) == b.render(q), q
    assert a.current_player() == b.current_player()


@pytest.mark.parametrize("how", ["play", "discard"])
def test_three_copies_two_seen_one_private_one_leaves(how):
    """DG § FAQ: 'The pile is face up, so everyone can see what is coming.' DG § Turn: 'Play one
    card from your hand, or discard one card.' Seat 0 holds three Army 500s, two of which everyone
    saw it take from the pile. It plays (or discards) an Army 500: the others cannot tell which, so
    they know of exactly one Army 500 left, whether or not the third copy exists (world B holds a
    Wealth 500 in its place)."""
    g = game(num_players=3)
    a = with_public(build(g, hands={0: ["army_500", "army_500", "army_500"], 1: 4, 2: 4}, seed=5), 0, "army_500", 2)
    b = with_public(build(g, hands={0: ["army_500", "army_500", "wealth_500"], 1: 4, 2: 4}, seed=5), 0, "army_500", 2)
    for s in (a, b):
        assert known(s, 1, 0) == {"army_500": 2} and known(s, 2, 0) == {"army_500": 2}
        act(s, how, K["army_500"])
        assert known(s, 1, 0) == {"army_500": 1} and known(s, 2, 0) == {"army_500": 1}
        s.check_invariants()
    same_view(a, b, (1, 2))


def test_three_copies_one_seen_two_private_the_seen_one_is_no_longer_sure():
    """DG § FAQ: 'The pile is face up, so everyone can see what is coming.' Seat 0 took one Army 500
    from the pile and holds two more privately. After it plays an Army 500 the others cannot know
    whether the one they saw is still there: they know nothing of its hand, exactly as when the two
    private cards are of other kinds. Its second Army 500 play leaves them knowing nothing as well."""
    g = game(num_players=3)
    a = with_public(build(g, hands={0: ["army_500", "army_500", "army_500", "zeus"], 1: 4, 2: 4}, seed=2), 0, "army_500", 1)
    b = with_public(build(g, hands={0: ["army_500", "wealth_500", "wealth_1000", "zeus"], 1: 4, 2: 4}, seed=2), 0, "army_500", 1)
    for s in (a, b):
        act(s, "play", K["army_500"])
        assert known(s, 1, 0) == {} and known(s, 2, 0) == {}
    same_view(a, b, (1, 2))
    # seat 0 itself still sees what it holds
    assert g.observation_dict(a, 0)["my_hand"][K["army_500"]] == 0.5


def test_blind_seat_three_copies_revealed_draw_then_blind_play():
    """DG § Curse of Blindness: 'Reveal each card you draw so Oracles still fire, then shuffle it in
    untracked. Each turn, take one card at random from your own hand and play it if you legally
    can.' Seat 0 is blind and holds three Army 500s, one of them revealed as it drew it (known to
    all, itself included). Whatever card the random pick takes is an Army 500, played face up; nobody
    (seat 0 included) can tell whether it was the revealed one, so nobody still knows of an Army 500
    in that hand."""
    g = game(num_players=3)
    for seed in range(6):
        s = build(g, hands={0: ["army_500", "army_500"], 1: 4, 2: 4}, fronts={0: ["blindness"]},
                  deck_top=["army_500"], phase=DRAW, seed=seed)
        d = s.to_dict()
        for c in d["hand"][0]:
            d["vis"][c] = 0          # the blind seat does not see its face-down hand
        s = g.state_from_dict(d)
        act(s, "draw_deck")
        assert known(s, 1, 0) == {"army_500": 1}
        assert g.observation_dict(s, 0)["my_hand"][K["army_500"]] == 0.25
        act(s, "blind_play")
        assert len(s.kingdom[0]) == 1
        assert known(s, 1, 0) == {} and known(s, 2, 0) == {}
        assert g.observation_dict(s, 0)["my_hand"].sum() == 0
        s.check_invariants()


def _exchange(hand1, seed):
    """3 players: seat 1 holds ``hand1`` with one Army 500 everyone saw it take from the pile; seat
    0 draws the Exchange Oracle."""
    g = game(num_players=3)
    s = build(g, hands={0: ["zeus", "hermes"], 1: hand1, 2: ["plutus", "ares"]},
              deck_top=["oracle_exchange", "army_2000"], phase=DRAW, seed=seed)
    s = with_public(s, 1, "army_500", 1)
    act(s, "draw_deck")
    return s


@pytest.mark.parametrize("seed", range(8))
def test_exchange_between_three_seats_what_each_knows(seed):
    """DG § Oracles (Exchange): 'Starting with the drawer and going clockwise, each player names an
    opponent and trades two cards blind, drawn face down from each other's shuffled hand.' Seat 0
    names seat 1, seat 1 names seat 2, seat 2 names seat 0. What follows from the text:

    * asking is public: the drawer, then clockwise, each names someone (the same seats in both
      worlds, whatever the hands hold);
    * after 0 <-> 1, seat 0 knows the two cards it gave and sees what it got: if it got no Army 500,
      the Army 500 everyone saw is still in seat 1's hand and seat 0 knows it; if it got an Army 500,
      it cannot tell whether that was the seen copy, so it knows of none. Seat 2 saw nothing of the
      trade and knows nothing of seat 1's hand;
    * after 1 <-> 2, seat 0 can no longer tell what stayed in seat 1's hand."""
    for hand1 in (["army_500", "army_500", "wealth_1000"], ["army_500", "wealth_500", "wealth_1000"]):
        s = _exchange(hand1, seed)
        assert s.current_player() == 0
        before = {c for c in s.hand[0]}
        act(s, "target", 0)                      # seat 0 names seat 1
        got = [c for c in s.hand[0] if c not in before]
        got_army = sum(s.game.kind_of[c] == K["army_500"] for c in got)
        gave = [c for c in s.hand[1] if c in before]
        assert len(got) == 2 and len(gave) == 2
        k01 = known(s, 0, 1)
        expect = {}
        for c in gave:
            key = next(kk for kk, v in K.items() if v == s.game.kind_of[c])
            expect[key] = expect.get(key, 0) + 1
        if got_army == 0:
            expect["army_500"] = expect.get("army_500", 0) + 1
        assert k01 == expect, (hand1, seed, k01, expect)
        assert known(s, 2, 1) == {}
        assert s.current_player() == 1
        act(s, "target", 0)                      # seat 1 names seat 2
        assert known(s, 0, 1) == {}
        assert s.current_player() == 2
        act(s, "target", 0)                      # seat 2 names seat 0
        s.check_invariants()


def test_exchange_same_dice_same_hand_sizes_same_view_for_the_outsider():
    """DG § Oracles (Exchange): 'trades two cards blind, drawn face down from each other's shuffled
    hand.' Seat 2 takes no part in the first trade: with the same dice, whether seat 1's second card
    is a private Army 500 or a Wealth 500 changes nothing seat 2 observes, nor who is asked next."""
    a = _exchange(["army_500", "army_500", "wealth_1000"], 4)
    b = _exchange(["army_500", "wealth_500", "wealth_1000"], 4)
    for s in (a, b):
        act(s, "target", 0)
    assert np.array_equal(a.game.observation(a, 2), b.game.observation(b, 2))
    assert a.render(2) == b.render(2) and a.current_player() == b.current_player() == 1


def test_resample_from_a_watcher_then_the_same_plays_keep_its_view():
    """DG § FAQ: 'The pile is face up, so everyone can see what is coming.' From seat 1's view seat
    0's private cards could be anything: in a world resampled from seat 1's view, seat 0 playing the
    Army 500 everyone saw it take leaves seat 1 with the same observation and the same seat to move."""
    g = game(num_players=3)
    s = build(g, hands={0: ["army_500", "army_500", "zeus"], 1: 4, 2: 4}, discard=["army_500"], phase=DRAW, seed=9)
    act(s, "draw_discard")
    for seed in range(10):
        a = s.clone()
        r = a.resample_hidden(1, np.random.default_rng(seed))
        assert np.array_equal(g.observation(a, 1), g.observation(r, 1))
        for x in (a, r):
            assert x.phase == ACT
            act(x, "play", K["army_500"])
        assert np.array_equal(g.observation(a, 1), g.observation(r, 1))
        assert a.current_player() == r.current_player()


def test_exchange_with_a_blind_seat_the_sighted_partner_knows_what_it_gave():
    """DG § Oracles (Exchange): 'trades two cards blind, drawn face down from each other's shuffled
    hand'; DG § Curse of Blindness: 'hold it face down, and do not look at it'. Seat 0 (sighted)
    trades with the blind seat 1: seat 0 knows the two cards it gave are in seat 1's hand; seat 1
    sees none of its hand, the received cards included; seat 2 knows nothing of either hand."""
    g = game(num_players=3)
    for seed in range(5):
        s = build(g, hands={0: ["zeus", "hermes", "wealth_1000"], 1: ["army_500", "army_1000", "wealth_500"],
                            2: ["plutus", "ares"]},
                  fronts={1: ["blindness"]}, deck_top=["oracle_exchange", "army_2000"], phase=DRAW, seed=seed)
        d = s.to_dict()
        for c in d["hand"][1]:
            d["vis"][c] = 0
        s = g.state_from_dict(d)
        act(s, "draw_deck")
        before = set(s.hand[0])
        act(s, "target", 0)                      # seat 0 names seat 1
        gave = sorted(s.game.kind_of[c] for c in s.hand[1] if c in before)
        assert len(gave) == 2
        expect = {}
        for k in gave:
            expect[KINDS[k].key] = expect.get(KINDS[k].key, 0) + 1
        assert known(s, 0, 1) == expect
        assert g.observation_dict(s, 1)["my_hand"].sum() == 0
        assert known(s, 2, 1) == {} and known(s, 2, 0) == {}
        s.check_invariants()
