"""Theomachy, checked from the rulebook alone (TM = 000_b58b559235c1f04d.txt): who is asked to act, the
retried token exchange, Interruption in the Closing Phase.

Each expectation below was written from the rulebook text before looking at the rules code. Whose
turn it is is public at the table: two worlds that differ only in a private hand must ask the same
seats in the same order (compared on ``current_player``, every seat's ``decision`` / ``to_move``
pieces and the ansi header of every seat's view).
"""

import numpy as np

from mythenv.games.theomachy import rules
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import betting_state, declined_trace, do, play, public, set_const, set_hand, set_tokens

#: Earth x2 and Chaos x5 face up (Interruption: two Earth symbols and four Chaos orbs, TM § How to Play
#: Action Cards), Water Order (Last Rites, Prophecy)
FUEL = ["earth_chaos_3", "earth_chaos_2", "water_order_1", "fire_order_2", "fire_chaos_2"]
#: no Earth face up: Interruption needs two Earth Power cards from the hand
NO_EARTH = ["water_order_1", "fire_order_2", "air_chaos_3", "earth_chaos_3", "earth_chaos_2"]


# ------------------------------------------------------------------ betting and Battle turns
def test_betting_turn_without_power_cards_is_not_cut_short():
    """TM § Actions: 'Whether or not you played a card, at the end of your turn you must take an
    action ... Remember that you may play Effect, Place and Power cards before or after taking your
    action'; TM § How to Play Power Cards: 'On your turn, you may freely play Power cards'. After its
    pass the seat is still the one to act, whether its hand holds Power cards or only Attacks it
    cannot use in the Betting Phase, until it says its turn is over."""
    traces = []
    for hand in (["power_fire_order", "spark"], ["gust", "spark"]):
        game, s = betting_state(3, first=0)
        set_const(s, FUEL, up=3)
        set_hand(s, 0, hand)
        set_hand(s, 1, ["gust"])
        set_hand(s, 2, ["spark"])
        trace = [public(game, s)]
        do(s, "pass", seat=0)
        trace.append(public(game, s))
        assert s.current_player() == 0 and s.C.off["end_turn"] in s.legal_actions()
        do(s, "end_turn", seat=0)
        trace.append(public(game, s))
        assert s.current_player() == 1
        traces.append(trace)
    assert traces[0] == traces[1]


def test_betting_turn_with_an_empty_hand_ends_with_the_action():
    """TM § Actions (as above): with no card in hand (a public fact) nothing can be played after the
    action, so the next player acts: 'The next player acts only when you have completely finished
    your action and any cards you wish to play.'"""
    game, s = betting_state(3, first=0)
    set_hand(s, 0, [])
    do(s, "pass", seat=0)
    assert s.current_player() == 1


def test_battle_turn_without_a_playable_attack_is_asked_and_may_pass():
    """TM § Allowed Battle Actions: 'When it is your turn, you may: Pass ... Play as many Attack
    and/or Power cards as you wish.' The First Player is asked whether its hand holds an Attack it
    can fuel or not; the same seats are asked in the same order."""
    traces = []
    for hand in (["rockslide", "power_air_order"], ["hatred", "power_air_order"]):
        game, s = betting_state(2, first=0)
        set_const(s, ["earth_chaos_3", "air_order_3", "fire_order_1", "water_order_2", "earth_order_1"], up=5)
        set_hand(s, 0, hand)
        set_hand(s, 1, ["gust"])
        s.round = 3
        s._start_battle()
        trace = [public(game, s)]
        assert s.current_player() == 0 and s.C.PASS in s.legal_actions()
        do(s, "pass", seat=0)
        trace.append(public(game, s))
        assert s.current_player() == 1
        traces.append(trace)
    assert traces[0] == traces[1]


# ------------------------------------------------------------------ reaction windows
def test_reaction_window_skips_the_folded_and_the_empty_handed():
    """TM § Folding: 'A player who folds can no longer play any card, or take any action until the
    end of the Betting Phase and the Battle Phase.' TM § Playing a Card in Reaction to an Action: 'If
    more than one player wants to use an Effect card in reaction, do so clockwise, starting with the
    First Player.' Seat 1 plays an Effect: seat 0 is asked (it may pass), seat 2 (folded, though it
    holds Interruption) and seat 3 (no card, a public fact) are not, whether seat 0's cards include
    Interruption or not."""
    traces = []
    for hand0 in (["interruption", "gust"], ["spark", "gust"]):
        game, s = betting_state(4, first=0)
        set_const(s, FUEL, up=3)
        set_hand(s, 0, hand0)
        set_hand(s, 1, ["prophecy", "spark"])
        set_hand(s, 2, ["interruption", "gust"])
        set_hand(s, 3, [])
        do(s, "pass", seat=0)
        do(s, "end_turn", seat=0)
        do(s, "pass", seat=1)
        do(s, "end_turn", seat=1)
        do(s, "fold", seat=2)
        do(s, "pass", seat=3)
        # round 1 is over; round 2 starts with seat 0
        do(s, "pass", seat=0)
        do(s, "end_turn", seat=0)
        do(s, "play", "prophecy", seat=1)
        assert s.pending[-1][0] == "react"
        trace = declined_trace(game, s)
        assert [t[0] for t in trace[:-1]] == [0]
        assert s.current_player() == 1
        traces.append(trace)
    assert traces[0] == traces[1]


def test_window_seat_that_cannot_pay_after_a_power_card_is_still_asked_and_may_pass():
    """TM § Playing a Card in Reaction to an Action: 'You are allowed to play Power cards before using
    your Effect.' TM § How to Play Action Cards (Interruption: two Earth symbols and four Chaos
    orbs). No Earth is face up; seat 0 holds Interruption and one Earth Power card: it plays the
    Power card in the window, still cannot pay Interruption, and is asked again (its decision is
    its own), and may pass; then the Effect resolves."""
    game, s = betting_state(3, first=0)
    set_const(s, NO_EARTH, up=3)
    set_hand(s, 0, ["interruption", "power_earth_chaos", "power_water_chaos", "gust"])
    set_hand(s, 1, ["prophecy", "spark"])
    set_hand(s, 2, [])
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)
    do(s, "play", "prophecy", seat=1)
    assert s.pending[-1][0] == "react" and s.current_player() == 0
    assert play(s, "interruption") not in s.legal_actions()
    do(s, "play", "power_earth_chaos", seat=0)
    assert s.pending[-1][0] == "react" and s.current_player() == 0
    assert play(s, "interruption") not in s.legal_actions()
    assert s.C.DECLINE in s.legal_actions()
    do(s, "decline", seat=0)
    assert not s.pending or s.pending[-1][0] != "react"
    assert s.current_player() == 1 and s.peek[1]


def test_same_declines_ask_the_same_seats_in_a_world_resampled_from_an_onlooker():
    """Whose turn it is is public: from a reaction window, in a world resampled from seat 3's view
    (every other hand redealt), declining at every step asks the same seats in the same order and
    seat 3 sees the same thing at each step."""
    game, s = betting_state(4, first=0)
    set_const(s, FUEL, up=3)
    set_hand(s, 0, ["interruption", "gust", "spark"])
    set_hand(s, 1, ["prophecy", "spark"])
    set_hand(s, 2, ["hatred", "gust"])
    set_hand(s, 3, ["interruption"])
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)
    do(s, "play", "prophecy", seat=1)
    for seed in range(12):
        a = s.clone()
        r = a.resample_hidden(3, np.random.default_rng(seed))
        assert np.array_equal(game.observation(a, 3), game.observation(r, 3))
        seq_a, seq_r = [], []
        for x, seq in ((a, seq_a), (r, seq_r)):
            while x.pending and x.pending[-1][0] == "react":
                seq.append((x.current_player(), game.observation(x, 3).tobytes()))
                x.apply_action(x.C.DECLINE)
            seq.append((x.current_player(), game.observation(x, 3).tobytes()))
        # Seat 1 played the Effect: its opponents clockwise from the First Player (seat 0), then seat 1
        assert [q for q, _ in seq_a] == [q for q, _ in seq_r] == [0, 2, 3, 1]
        assert seq_a == seq_r


# ------------------------------------------------------------------ the Closing Phase
def _battle_closing(hand0, hand2):
    """3 players, First Player seat 1. Seat 0 folds in the Betting Phase (its cards wait aside);
    seats 1 and 2 fight with equal Stakes, seat 1 plays Spark, so seat 1 wins and seats 0 and 2 lose."""
    game, s = betting_state(3, first=1)
    set_const(s, FUEL, up=3)
    set_hand(s, 0, hand0)
    set_hand(s, 1, ["gust", "spark"])
    set_hand(s, 2, hand2)
    do(s, "raise", PR, seat=1)
    do(s, "end_turn", seat=1)
    do(s, "call", seat=2)
    do(s, "end_turn", seat=2)
    do(s, "fold", seat=0)
    for _ in range(2):
        for q in (1, 2):
            do(s, "pass", seat=q)
            do(s, "end_turn", seat=q)
    assert s.step == rules.BATTLE
    do(s, "play", "spark", seat=1)
    do(s, "end_turn", seat=1)
    for q in (2, 1):
        do(s, "pass", seat=q)
    return game, s


def test_closing_window_asks_losers_clockwise_from_the_first_player_folded_included():
    """TM § The Closing Phase: 'Some Effects may be played during the Closing phase ... These cards
    are used or played clockwise, starting with the First Player.' TM § Leaving a Hand in Progress:
    'a player who folded STILL TAKES PART in the Closing Phase ... He takes back the cards ..., returns
    them to his hand, may play them.' Seat 1 (First Player) wins; the losers seat 2 then seat 0
    (folded) are asked, whether seat 2 holds Last Rites or not."""
    traces = []
    for hand2 in (["last_rites", "spark"], ["gust", "spark"]):
        game, s = _battle_closing(["gust", "hatred"], hand2)
        assert s.step == rules.CLOSING and s.winners == [1]
        trace = declined_trace(game, s)
        assert [t[0] for t in trace[:-1]] == [2, 0]
        assert s.step == rules.PRAYER
        traces.append(trace)
    assert traces[0] == traces[1]


def test_interruption_window_on_a_closing_effect_asks_the_winner_and_the_folded():
    """TM § Playing a Card in Reaction to an Action: a reaction answers the action of an opponent
    'whoever is currently playing ... clockwise, starting with the First Player'; TM § Leaving a Hand
    in Progress: the folded player 'may play them' in the Closing Phase. Seat 2 plays Last Rites in
    the Closing: the winner seat 1 (First Player) then the folded seat 0 are asked. When seat 0
    answers with Interruption, Last Rites has no effect and seat 2's whole Stake goes to the bank
    (TM § The Closing Phase: 'The losers then discard their Stakes to the Bank')."""
    for answer in (False, True):
        game, s = _battle_closing(["interruption", "gust"], ["last_rites", "spark"])
        cult2 = s.cult[2][:]
        stake2 = s.stake[2][:]
        assert s.current_player() == 2
        do(s, "play", "last_rites", seat=2)
        assert s.pending[-1][0] == "react" and s.current_player() == 1
        do(s, "decline", seat=1)
        assert s.pending[-1][0] == "react" and s.current_player() == 0
        if answer:
            do(s, "play", "interruption", seat=0)
        else:
            do(s, "decline", seat=0)
        while s.step == rules.CLOSING:
            do(s, "decline")
        assert s.step == rules.PRAYER
        # designed Last Rites: a loser keeps up to two Disciples of its own Stake
        kept = 0 if answer else min(2, stake2[D])
        assert stake2[D] >= 1 and s.cult[2] == [cult2[D] + kept, cult2[PR], cult2[PH]]


# ------------------------------------------------------------------ Exchanging Tokens
def test_losers_stakes_reach_the_bank_together_then_the_waiting_exchanges_go_clockwise():
    """TM § Exchanging Tokens: 'If at any moment of the game you no longer have ... Disciple tokens
    in your Cult, but you have tokens of higher value ..., then you MUST exchange them immediately.'
    TM § The Closing Phase: 'The losers then discard their Stakes to the Bank.' Seats 0 and 2 have no
    Disciple in their Cults and two Priests each; the bank holds one Disciple, so both wait. Both
    fold (one Disciple each in their Stakes) and seat 1 (First Player) wins: the two Stakes reach the
    bank together (three Disciples: one exchange), and the waiting Cults exchange clockwise from the
    First Player (the documented reading), so seat 2 exchanges and seat 0 goes on waiting."""
    game, s = betting_state(3, first=1)
    for p in range(3):
        set_hand(s, p, [])
    set_tokens(s, 0, cult=[0, 2, 0])
    set_tokens(s, 2, cult=[0, 2, 0])
    set_tokens(s, 1, cult=[s.cult[1][D] + s.bank[D] - 1, s.cult[1][PR], s.cult[1][PH]])
    assert s.bank[D] == 1 and s.stake[0][D] == s.stake[2][D] == 1
    do(s, "pass", seat=1)
    do(s, "fold", seat=2)
    do(s, "fold", seat=0)
    assert s.step == rules.PRAYER and s.winners == [1]
    assert s.cult[2] == [2, 1, 0]
    assert s.cult[0] == [0, 2, 0] and s.bank[D] == 1


def test_three_cults_wait_and_each_exchanges_as_soon_as_the_bank_can_pay():
    """TM § Exchanging Tokens (as above; 'If you have no more Disciples but still have a Priest, then
    discard the latter to the Bank and add two Disciples to your Cult'). Seats 1, 2 and 0 wait with the
    bank empty of Disciples (First Player seat 1). Each Disciple the bank receives is paid out as soon
    as two are there, clockwise from the First Player: seat 1, then seat 2, then seat 0."""
    game, s = betting_state(3, first=1)
    for p in range(3):
        set_hand(s, p, [])
    for p in range(3):
        set_tokens(s, p, cult=[0, 3, 1])
    # every spare Disciple sits in seat 1's Stake, so the bank holds none
    s.stake[1][D] += s.bank[D]
    s.bank[D] = 0
    got = []
    for _ in range(6):
        s.stake[1][D] -= 1           # one Disciple reaches the bank
        s.bank[D] += 1
        s._settle()
        got.append(tuple(s.cult[p][D] for p in range(3)))
    assert got == [(0, 0, 0), (0, 2, 0), (0, 2, 0), (0, 2, 2), (0, 2, 2), (2, 2, 2)]
    assert [s.cult[p][PR] for p in range(3)] == [2, 2, 2]


def test_initial_ante_with_only_priests_after_the_bank_refills():
    """TM § Losing and Winning: 'If you have too few disciples to provide the Initial Ante, you are
    eliminated from the game.' TM § Exchanging Tokens: the exchange is made 'at any moment', so a
    Cult of Priests that waited for the bank exchanges before the Initial Ante as soon as the bank
    holds two Disciples, and its player is not eliminated."""
    game, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    set_tokens(s, 1, cult=[0, 3, 0])
    set_tokens(s, 0, cult=[s.cult[0][D] + s.bank[D] - 1, s.cult[0][PR], s.cult[0][PH]])
    assert s.bank[D] == 1
    # seat 1 folds: its Stake (one Disciple) reaches the bank, two Disciples: it exchanges at once
    do(s, "pass", seat=0)
    do(s, "fold", seat=1)
    assert s.cult[1] == [2, 2, 0] and s.bank[D] == 0
    while s.step == rules.PRAYER:
        la = s.legal_actions()
        s.apply_action(s.C.off["blind"] if s.C.off["blind"] in la else la[0])
    assert s.alive == [True, True] and s.step == rules.BET
    assert s.stake[1][D] == s.ante


def test_initial_ante_paid_clockwise_from_the_first_player_when_the_bank_can_pay_one_exchange():
    """TM § The Starting Phase: 'Each player wagers Disciples from his Cult to form his starting
    Stake'; TM § Exchanging Tokens: 'If you move your last Disciple into your Stake, you will then
    have to exchange your Priest'; TM § Losing and Winning: 'If you have too few disciples to provide
    the Initial Ante, you are eliminated.' Initial Ante 2; seats 0 and 1 each hold one Disciple and a
    Priest, the bank two Disciples: only one of them can exchange after moving its last Disciple.
    Simultaneous plays go clockwise from the First Player (the documented reading), so the First
    Player seat 1 pays and seat 0 is eliminated."""
    game, s = betting_state(3, first=1)
    for p in range(3):
        set_hand(s, p, [])
        set_tokens(s, p, stake=[0, 0, 0])
    set_tokens(s, 0, cult=[1, 1, 0])
    set_tokens(s, 1, cult=[1, 1, 0])
    set_tokens(s, 2, cult=[s.cult[2][D] + s.bank[D] - 2, s.cult[2][PR], s.cult[2][PH]])
    assert s.bank[D] == 2
    # the next Hand starts as after a Closing Phase: Constellation discarded, Initial Ante 2
    s.ess_disc.extend(s.const)
    s.const, s.const_up = [], 0
    s.hands, s.ante = 1, 2
    s.winners = [2]  # a Closing Phase names the Hand's winners (check_invariants requires them)
    s._start_hand()
    s.check_invariants()
    assert s.alive == [False, True, True]
    assert s.stake[1] == [2, 0, 0] and s.cult[1] == [1, 0, 0]


def test_exchange_cascades_prophet_to_priests_to_disciples():
    """TM § Exchanging Tokens: 'If you have no more Priests but still have a Prophet, then discard the
    latter to the Bank and add two Priests to your Cult'; 'If you have no more Disciples but still
    have a Priest, then discard the latter to the Bank and add two Disciples'. A Cult of one Prophet
    becomes two Priests, then one Priest and two Disciples, with the bank paying both."""
    game, s = betting_state(2, first=0)
    set_tokens(s, 1, cult=[0, 0, 1])
    bank = s.bank[:]
    s._settle()
    assert s.cult[1] == [2, 1, 0]
    assert s.bank == [bank[D] - 2, bank[PR] - 2 + 1, bank[PH] + 1]
    s.check_invariants()
