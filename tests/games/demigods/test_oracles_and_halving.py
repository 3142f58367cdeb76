"""Demigods Oracles and the halving rule (DG = 004_fd352dc18fb78471.txt)."""

import numpy as np

from .builder import DRAW, act, aid, build, game, kkeys


def test_halving_example_2000_2000_1000():
    """DG § Halving: 'Example: an army of 2,000 + 2,000 + 1,000 is 5,000, so your target is 2,500.
    Discard one 2,000 and you are left with 3,000. Discarding more would drop you under, so you stop.'"""
    g = game(num_players=2)
    s = build(g, hands={0: 6, 1: 6}, kingdoms={0: ["army_2000", "army_2000", "army_1000"]},
              deck_top=["oracle_army_fall"], phase=DRAW)
    act(s, "draw_deck")
    assert s.pending[-1] == ("halve", 0, 0, 4)            # 2,000 (four 500s) must go
    assert s.legal_actions() == [aid(s, "take", 0, 2, 0)], "only a 2,000 reaches the optimum"
    act(s, "take", 0, 2, 0)
    assert s.total(0, 0) == 3000 and kkeys(s, s.kingdom[0]) == ["army_1000", "army_2000"]
    assert not s.pending and s.phase == DRAW, "discarding more would drop under: the halving stops"
    assert kkeys(s, s.discard) == ["army_2000", "oracle_army_fall"]


def test_halving_counts_blessings_and_offers_every_optimal_choice():
    """DG § Halving: 'Total the resource, counting blessed cards double. Halve it. That is your
    target. You choose which cards to discard, until your remaining total is as close to the target
    as possible without falling below it.' The mask allows exactly the cards of optimal sets."""
    g = game(num_players=2)
    # Wealth: blessed 1,000 (=2,000) + 2,000 + 500 + 500 = 5,000, target 2,500: discard exactly 2,500
    s = build(g, hands={0: 6, 1: 6}, kingdoms={0: [("wealth_1000", 1), "wealth_2000", "wealth_500", "wealth_500"]},
              deck_top=["oracle_wealth_fall"], phase=DRAW)
    act(s, "draw_deck")
    assert s.pending[-1] == ("halve", 0, 1, 5)
    assert sorted(s.legal_actions()) == sorted([aid(s, "take", 1, 0, 0), aid(s, "take", 1, 1, 1),
                                                aid(s, "take", 1, 2, 0)])
    c = s.clone()
    act(c, "take", 1, 0, 0)                # a 500 first: then either 2,000-worth card
    assert sorted(c.legal_actions()) == sorted([aid(c, "take", 1, 1, 1), aid(c, "take", 1, 2, 0)])
    act(c, "take", 1, 2, 0)
    assert c.total(0, 1) == 2500 and not c.pending
    act(s, "take", 1, 1, 1)                # the blessed 1,000: then only a 500 completes the optimum
    assert s.legal_actions() == [aid(s, "take", 1, 0, 0)]
    act(s, "take", 1, 0, 0)
    assert s.total(0, 1) == 2500 and not s.pending
    assert all(not s.blessed[x] for x in s.discard), "the blessing is lost when the card leaves"


def test_halving_with_nothing_to_lose_skips_the_seat():
    """DG § Halving: '...as close to the target as possible without falling below it.' A lone 500
    (target 250) cannot lose anything."""
    g = game(num_players=3)
    s = build(g, hands={0: 6, 1: 6, 2: 6}, kingdoms={0: ["army_500"], 1: ["army_2000", "army_2000"], 2: []},
              deck_top=["oracle_army_fall"], phase=DRAW)
    act(s, "draw_deck")
    assert [r[:2] for r in s.pending] == [("halve", 1)]
    act(s, "take", 0, 2, 0)
    assert s.total(0, 0) == 500 and s.total(1, 0) == 2000 and s.current_player() == 0


def test_fall_oracles_halve_every_player_including_the_drawer():
    """DG § Oracles: 'Every player, including the one who drew it, halves their Wealth.' / '...
    halves their Army.' (from the drawer, clockwise)"""
    g = game(num_players=3)
    s = build(g, hands={0: 6, 1: 6, 2: 6}, turn=1,
              kingdoms={0: ["wealth_1000", "wealth_1000"], 1: ["wealth_2000", "wealth_2000"], 2: ["wealth_500", "wealth_500"]},
              deck_top=["oracle_wealth_fall"], phase=DRAW)
    act(s, "draw_deck")
    assert [r[1] for r in reversed(s.pending)] == [1, 2, 0]
    act(s, "take", 1, 2, 0)
    act(s, "take", 1, 0, 0)
    act(s, "take", 1, 1, 0)
    assert [s.total(q, 1) for q in range(3)] == [1000, 2000, 500]


def test_favour_oracle_blesses_the_chosen_type():
    """DG § Oracles: 'The drawer chooses Army or Wealth, then blesses every unblessed card of that
    type in their own kingdom.'"""
    g = game(num_players=2)
    s = build(g, hands={0: 6, 1: 6}, kingdoms={0: ["army_500", "wealth_1000"], 1: ["wealth_2000"]},
              deck_top=["oracle_favour"], phase=DRAW)
    act(s, "draw_deck")
    assert s.pending[-1][0] == "otype" and s.current_player() == 0
    act(s, "choose_type", 1)
    assert s.total(0, 1) == 2000 and s.total(0, 0) == 500 and s.total(1, 1) == 2000


def test_plague_oracle_halves_every_other_player():
    """DG § Oracles: 'The drawer chooses Army or Wealth. Every other player halves it. The drawer
    walks away untouched.'"""
    g = game(num_players=3)
    s = build(g, hands={0: 6, 1: 6, 2: 6},
              kingdoms={0: ["army_2000", "army_2000"], 1: ["army_2000", "army_2000"], 2: ["army_1000", "army_1000"]},
              deck_top=["oracle_plague"], phase=DRAW)
    act(s, "draw_deck")
    act(s, "choose_type", 0)
    assert [r[1] for r in reversed(s.pending)] == [1, 2]
    act(s, "take", 0, 2, 0)
    act(s, "take", 0, 1, 0)
    assert [s.total(q, 0) for q in range(3)] == [4000, 2000, 1000]


def test_exchange_oracle_blind_two_card_trades_clockwise():
    """DG § Oracles: 'Starting with the drawer and going clockwise, each player names an opponent and
    trades two cards blind, drawn face down from each other's shuffled hand.' Each side of a trade
    knows what it gave; nobody else does."""
    g = game(num_players=3)
    s = build(g, hands={0: ["army_500"] * 6, 1: ["wealth_500"] * 6, 2: ["army_1000"] * 6}, turn=1,
              deck_top=["oracle_exchange"], phase=DRAW)
    act(s, "draw_deck")
    assert s.current_player() == 1 and sorted(s.legal_actions()) == [aid(s, "target", 0), aid(s, "target", 1)]
    act(s, "target", 0)                    # seat 1 names seat 2
    assert kkeys(s, s.hand[1]).count("army_1000") == 2 and kkeys(s, s.hand[2]).count("wealth_500") == 2
    known_by_1 = [c for c in s.hand[2] if s.vis[c] >> 1 & 1]
    assert kkeys(s, known_by_1) == ["wealth_500", "wealth_500"]
    assert not any(s.vis[c] >> 0 & 1 for c in s.hand[1] + s.hand[2])
    obs1 = g.observation_dict(s, 1)
    assert obs1["known_hands"][0][g.kind_of[known_by_1[0]]] == 0.5   # row 0 = seat 2 (1 to the left)
    assert s.current_player() == 2
    act(s, "target", 0)                    # seat 2 names seat 0
    assert s.current_player() == 0
    act(s, "target", 0)                    # seat 0 names seat 1
    assert s.phase == DRAW and s.current_player() == 1 and all(len(h) == 6 for h in s.hand)
    s.check_invariants()


def test_halving_mask_matches_brute_force():
    """DG § Halving, checked against brute force over random kingdoms: every masked-in card belongs
    to an optimal discard set and every optimal set can be completed from the mask."""
    import itertools

    from mythenv.games.demigods.rules import UNITS
    g = game(num_players=5)
    rng = np.random.default_rng(0)
    keys = ["army_500", "army_1000", "army_2000"]
    for _ in range(60):
        m = int(rng.integers(1, 7))
        kd = [(keys[int(rng.integers(3))], int(rng.integers(2))) for _ in range(m)]
        s = build(g, hands={0: 6, 1: 6, 2: 6, 3: 6, 4: 6}, kingdoms={0: kd})
        units = [UNITS[keys.index(k)] * (2 if b else 1) for k, b in kd]
        total = sum(units)
        best = max(sum(c) for r in range(m + 1) for c in itertools.combinations(units, r) if 2 * sum(c) <= total)
        assert s.halving_need(0, 0) == best
        if best:
            opts = {(vi, b) for vi, b in s.halving_options(0, 0, best)}
            brute = set()
            for r in range(1, m + 1):
                for idx in itertools.combinations(range(m), r):
                    if sum(units[i] for i in idx) == best:
                        brute.update((keys.index(kd[i][0]), kd[i][1]) for i in idx)
            assert opts == brute
