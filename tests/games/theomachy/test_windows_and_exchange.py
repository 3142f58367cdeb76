"""Theomachy: who is asked to act must not reveal hands (reaction windows, Closing window, betting and
Battle turns), the ``windows`` config, the mandatory token exchange retried as soon as the bank can
pay, and Interruption answering an Effect played in the Closing Phase (TM = 000_b58b559235c1f04d.txt)."""

import json

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError
from mythenv.core.view import SeatView
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.heuristic import heuristic_action
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import (
    betting_state,
    decline_windows,
    declined_trace,
    do,
    play,
    public,
    set_const,
    set_hand,
    set_tokens,
)

#: two Earth and five Chaos face up (Interruption, TM § How to Play Action Cards: two Earth symbols and
#: four Chaos orbs) and a Water Order card (the designed Last Rites: one Water, one Order orb)
FUEL = ["earth_chaos_3", "earth_chaos_2", "water_order_1", "fire_order_2", "fire_chaos_2"]
#: all five face up, for the Battle (Earth, Air, Fire and Water Attacks can be fuelled)
BATTLE_CONST = ["earth_chaos_3", "air_order_3", "fire_chaos_3", "water_order_2", "earth_order_1"]


def _battle(n=2, first=0, hands=None, **cfg):
    game, s = betting_state(n, first=first, **cfg)
    set_const(s, BATTLE_CONST, up=5)
    for p in range(n):
        set_hand(s, p, (hands or {}).get(p, []))
    s.round = 3
    s._start_battle()
    return game, s


# ------------------------------------------------------------------ reaction windows
def _prophecy_window(holder: int, windows: str = "public"):
    """3 players, seat 0 First Player; seat 1 plays the Effect Prophecy; ``holder`` holds Interruption,
    the other opponent two cards that cannot react."""
    game, s = betting_state(3, first=0, windows=windows)
    set_const(s, FUEL, up=3)
    for q in (0, 2):
        set_hand(s, q, ["interruption", "gust"] if q == holder else ["spark", "gust"])
    set_hand(s, 1, ["prophecy", "spark"])
    do(s, "pass", seat=0)
    if s.current_player() == 0:          # "holders": the turn ended by itself (nothing playable)
        do(s, "end_turn", seat=0)
    do(s, "play", "prophecy", seat=1)
    return game, s


def test_reaction_window_asks_every_opponent_that_could_react():
    """TM § Playing a Card in Reaction to an Action: "These Effects can only be played in response to
    one of your opponents having just done the described action, whoever is currently playing ... If
    more than one player wants to use an Effect card in reaction, do so clockwise, starting with the
    First Player." Every opponent in the Hand holding cards is asked, clockwise from the First Player,
    and may pass; whether it really holds Interruption does not change who is asked."""
    for holder in (0, 2):
        game, s = _prophecy_window(holder)
        assert s.pending[-1][0] == "react" and s.current_player() == 0
        la = s.legal_actions()
        if holder == 0:
            assert sorted(la) == sorted([play(s, "interruption"), s.C.DECLINE])
        else:
            assert la == [s.C.DECLINE]       # Spark and Gust: it can only pass
        assert decline_windows(s) == [0, 2]
        assert s.peek[1] and s.current_player() == 1


def test_reaction_window_identical_to_the_table_whoever_holds_the_reaction():
    """TM § Playing a Card in Reaction to an Action (as above): the seat asked, each seat's
    ``decision`` piece and the ansi header are the same whether seat 0 or seat 2 holds Interruption."""
    traces = []
    for holder in (0, 2):
        game, s = _prophecy_window(holder)
        trace = declined_trace(game, s)
        assert not s.pending
        traces.append(trace)
    assert traces[0] == traces[1]
    assert "may react to Prophecy" in traces[0][0][2]


def test_reaction_window_skips_folded_and_empty_handed_seats():
    """TM § Folding: "A player who folds can no longer play any card ... until the end of the Betting
    Phase and the Battle Phase"; a seat with no card in hand (its hand size is public) cannot react."""
    game, s = betting_state(4, first=0)
    set_const(s, FUEL, up=3)
    set_hand(s, 2, [])
    do(s, "fold", seat=0)
    set_hand(s, 1, ["prophecy", "spark"])
    do(s, "play", "prophecy", seat=1)
    assert decline_windows(s) == [3]


def test_reaction_window_not_opened_when_no_hand_could_fuel_it():
    """TM § How to Play Action Cards: Interruption needs two Earth symbols and four Chaos orbs, counted
    over the revealed Constellation and your played Power cards; each Power card adds one Essence and
    two orbs. With no Earth face up, a one-card hand can hold Interruption but never fuel it, which is
    public: nobody is asked; with two cards (a Power card could come first) the seat is asked."""
    const = ["air_order_1", "fire_order_1", "water_order_1", "fire_order_2", "fire_chaos_2"]
    game, s = betting_state(2, first=1)
    set_const(s, const, up=3)
    set_hand(s, 0, ["spark"])
    set_hand(s, 1, ["prophecy"])
    do(s, "play", "prophecy", seat=1)
    assert not s.pending and s.peek[1]
    game, s = betting_state(2, first=1)
    set_const(s, const, up=3)
    set_hand(s, 0, ["spark", "gust", "hatred"])   # 2 Power cards + Interruption would be needed
    set_hand(s, 1, ["prophecy"])
    do(s, "play", "prophecy", seat=1)
    assert decline_windows(s) == [0]


def test_deflection_window_asks_the_target_without_deflection():
    """Designed Deflection (an Effect played during a Battle, TM § Glossary EFFECT) under TM § Playing
    a Card in Reaction to an Action: the target of an Attack is asked whether or not it holds
    Deflection, and passing lets the Attack resolve."""
    outs = []
    for hand in (["deflection", "spark"], ["spark", "gust"]):
        game, s = _battle(2, first=0, hands={0: ["plague"], 1: hand})
        set_tokens(s, 1, stake=[4, 0, 0])
        do(s, "play", "plague", seat=0)
        outs.append(public(game, s))
        assert s.pending[-1][0] == "react" and s.current_player() == 1
        do(s, "decline", seat=1)
        assert s.stake[1] == [0, 0, 0]
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ turns
def test_betting_turn_goes_on_until_the_player_ends_it():
    """TM § Actions: "The next player acts only when you have completely finished your action and any
    cards you wish to play. Remember that you may play Effect, Place and Power cards before or after
    taking your action." After its action, a seat holding any card ends its turn itself (a Power card
    could always be played); the turn passes by itself only from an empty hand."""
    outs = []
    for hand in (["interruption"], ["power_air_order"]):
        game, s = betting_state(2, first=0)
        set_hand(s, 0, hand)
        do(s, "pass", seat=0)
        outs.append(public(game, s))
        assert s.current_player() == 0 and s.C.END in s.legal_actions()
        do(s, "end_turn", seat=0)
        assert s.current_player() == 1
    assert outs[0] == outs[1]
    game, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    do(s, "pass", seat=0)
    assert s.current_player() == 1


def test_battle_turn_is_not_skipped_without_a_playable_attack():
    """TM § Allowed Battle Actions: "When it is your turn, you may: Pass - simply pass the turn to the
    next player ... Play as many Attack and/or Power cards as you wish." A seat with no playable Attack
    still gets its turn (and passes); only an empty hand, which everyone sees, passes by itself."""
    outs = []
    for hand in (["interruption"], ["rockslide"]):
        game, s = _battle(2, first=0, hands={0: ["spark"], 1: hand})
        do(s, "pass", seat=0)
        outs.append(public(game, s))
        assert s.current_player() == 1 and s.C.PASS in s.legal_actions()
        if hand == ["interruption"]:
            assert s.legal_actions() == [s.C.PASS]
    assert outs[0] == outs[1]
    game, s = _battle(2, first=0, hands={0: ["spark"], 1: []})
    do(s, "pass", seat=0)
    # seat 1 holds nothing: its turn is a pass, and two passes in a row end the Battle
    assert s.step != rules.BATTLE


def test_battle_turn_after_an_attack_ends_when_the_player_says_so():
    """TM § Allowed Battle Actions (as above): after an Attack, a seat still holding cards ends its
    action itself, whether or not another Attack of the same Essence is left."""
    outs = []
    for rest in ("fireball", "spark"):          # Fireball cannot follow an Earth action, Spark neither
        game, s = _battle(2, first=0, hands={0: ["rockslide", rest], 1: ["gust"]})
        do(s, "play", "rockslide", seat=0)
        outs.append(public(game, s))
        assert s.current_player() == 0 and s.C.END in s.legal_actions()
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ the Closing window
def test_closing_window_asks_every_loser_holding_cards():
    """TM § The Closing Phase: "Some Effects may be played during the Closing phase ... These cards are
    used or played clockwise, starting with the First Player"; TM § Leaving a Hand in Progress: a
    player who folded "STILL TAKES PART in the Closing Phase ... returns them to his hand, may play
    them". Every loser holding cards is asked clockwise from the First Player, whether or not it holds
    Last Rites; the lone winner is not (the designed Last Rites is for losers)."""
    traces = []
    for hand in (["last_rites", "gust"], ["spark", "gust"]):
        game, s = betting_state(3, first=0)
        set_const(s, FUEL, up=3)
        set_hand(s, 0, ["spark", "hatred"])
        set_hand(s, 1, hand)
        set_hand(s, 2, ["last_rites"])
        do(s, "fold", seat=0)
        do(s, "fold", seat=1)
        assert s.winners == [2] and s.step == rules.CLOSING
        trace = declined_trace(game, s)
        assert not s.pending
        traces.append(trace)
        assert [t[0] for t in trace[:-1]] == [0, 1]
    assert traces[0] == traces[1]


def test_last_rites_then_the_window_stays_while_cards_remain():
    """TM § The Closing Phase (as above): a loser plays its Closing Effects one after the other and
    says when it is done; designed Last Rites: up to two Disciples of its own Stake go back to its
    Cult instead of the bank."""
    game, s = betting_state(2, first=1)
    set_const(s, FUEL, up=3)
    set_hand(s, 0, [])
    set_hand(s, 1, ["last_rites", "gust"])
    set_tokens(s, 1, cult=[4, 4, 3], stake=[3, 1, 0])
    do(s, "fold", seat=1)
    do(s, "play", "last_rites", seat=1)
    assert s.step == rules.CLOSING and s.current_player() == 1 and s.pending[-1][0] == "closing"
    do(s, "decline", seat=1)
    assert s.step == rules.PRAYER and s.cult[1] == [4 + 2, 4, 3]


# ------------------------------------------------------------------ Interruption in the Closing Phase
def test_interruption_cancels_last_rites_in_the_closing():
    """TM § The Closing Phase: "Some Effects may be played during the Closing phase"; TM § Playing a
    Card in Reaction to an Action: a reaction answers the described action of an opponent "whoever is
    currently playing"; Interruption (rulebook prerequisites, designed text): play when an opponent
    plays an Effect card, that Effect is cancelled. The winner cancels the loser's Last Rites, so the
    loser's whole Stake goes to the bank."""
    game, s = betting_state(2, first=1)
    set_const(s, FUEL, up=3)
    set_hand(s, 0, ["interruption"])
    set_hand(s, 1, ["last_rites"])
    set_tokens(s, 1, cult=[4, 4, 3], stake=[3, 1, 0])
    bank = s.bank[:]
    do(s, "fold", seat=1)
    assert s.winners == [0] and s.pending[-1][0] == "closing" and s.current_player() == 1
    do(s, "play", "last_rites", seat=1)
    assert s.pending[-1][0] == "react" and s.current_player() == 0
    assert game.observation_dict(s, 1)["decision"].tolist() == [0, 0, 1, 0]
    assert "Player 1 may react to Last Rites" in s.render(1).splitlines()[0]
    # a pending Closing reaction survives a JSON round trip
    r = game.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert r.to_dict() == s.to_dict() and r.legal_actions() == s.legal_actions()
    do(s, "play", "interruption", seat=0)
    assert s.step == rules.PRAYER
    assert s.cult[1] == [4, 4, 3] and s.bank[D] == bank[D] + 3 and s.bank[PR] == bank[PR] + 1
    assert any(rules.kind(c).key == "last_rites" for c in s.disc[1])


def test_folded_player_interrupts_a_closing_effect():
    """TM § Leaving a Hand in Progress: a player who folded "STILL TAKES PART in the Closing Phase ...
    may play them and be the target of Effects of cards played by others"; TM § Playing a Card in
    Reaction to an Action (as above). Seat 0 folded holding Interruption and answers seat 1's Last
    Rites; declining instead lets Last Rites keep two Disciples."""
    for answer in (True, False):
        game, s = betting_state(3, first=0)
        set_const(s, FUEL, up=3)
        set_hand(s, 0, ["interruption"])
        set_hand(s, 1, ["last_rites"])
        set_hand(s, 2, [])
        set_tokens(s, 1, cult=[4, 4, 3], stake=[3, 0, 0])
        do(s, "fold", seat=0)
        do(s, "fold", seat=1)
        assert s.winners == [2]
        do(s, "decline", seat=0)                 # its own Closing window: it has no Closing Effect
        do(s, "play", "last_rites", seat=1)
        assert s.pending[-1][0] == "react" and s.current_player() == 0
        if answer:
            do(s, "play", "interruption", seat=0)
        else:
            do(s, "decline", seat=0)
        assert s.step == rules.PRAYER
        assert s.cult[1] == ([4, 4, 3] if answer else [6, 4, 3])


# ------------------------------------------------------------------ the old behaviour, opt-in
def test_windows_holders_asks_only_seats_that_hold_a_playable_card():
    """Config ``windows="holders"`` (documented as leaking hand contents): only seats holding a
    reaction they can fuel are asked, a betting turn without a playable card ends by itself, a Battle
    turn without a playable Attack is skipped, the Closing window opens only for a Last Rites holder.
    Who is asked then depends on the hand: the leak the default avoids (TM § Playing a Card in
    Reaction to an Action: every player who wants to react may)."""
    game, s = _prophecy_window(2, windows="holders")
    assert decline_windows(s) == [2]
    game, s = _prophecy_window(0, windows="holders")
    assert decline_windows(s) == [0]
    # betting: holding only an Interruption, the turn ends by itself after the action
    game, s = betting_state(2, first=0, windows="holders")
    set_hand(s, 0, ["interruption"])
    do(s, "pass", seat=0)
    assert s.current_player() == 1
    # Battle: no playable Attack -> the turn is skipped
    game, s = _battle(2, first=0, hands={0: ["spark"], 1: ["interruption"]}, windows="holders")
    do(s, "pass", seat=0)
    assert s.step != rules.BATTLE
    # Closing: a loser holding no Last Rites is not asked
    game, s = betting_state(2, first=1, windows="holders")
    set_const(s, FUEL, up=3)
    set_hand(s, 1, ["spark", "gust"])
    do(s, "fold", seat=1)
    assert s.step == rules.PRAYER


def test_windows_config_values():
    """The ``windows`` option takes "public" (default) or "holders"; anything else is a ConfigError."""
    assert mythenv.make_game("theomachy_v0").config["windows"] == "public"
    assert mythenv.make_game("theomachy_v0", windows="holders").config["windows"] == "holders"
    with pytest.raises(ConfigError):
        mythenv.make_game("theomachy_v0", windows="all")


def _next_seat_mismatches(windows: str, games: int, n: int) -> int:
    """Random play; at every position and for every seat ``p``: resample what ``p`` cannot see, take
    the action of the real game in both when it is legal in both, and count how often the next seat
    to act (or its ``decision`` piece) differs, unless a Constellation card turned face up differs
    (chance that ``p`` observes)."""
    game = mythenv.make_game("theomachy_v0", num_players=n, windows=windows, max_hands=6)
    rng = np.random.default_rng(7)
    bad = 0
    for g in range(games):
        s = game.new_initial_state(seed=100 + g)
        while not s.is_terminal():
            la = s.legal_actions()
            a = la[int(rng.integers(len(la)))]
            for p in range(n):
                r = s.resample_hidden(p, np.random.default_rng(int(rng.integers(1 << 30))))
                if r.current_player() != s.current_player():
                    bad += 1
                    continue
                if a not in r.legal_actions():
                    continue
                s2 = s.clone()
                s2.apply_action(a)
                r.apply_action(a)
                if s2.is_terminal() or r.is_terminal() or s2.const[:s2.const_up] != r.const[:r.const_up]:
                    continue     # over, or a revealed Constellation card differs: observed chance
                if (r.current_player() != s2.current_player()
                        or not np.array_equal(game.observation_dict(r, p)["decision"],
                                              game.observation_dict(s2, p)["decision"])):
                    bad += 1
            s.apply_action(a)
    return bad


def test_who_acts_next_does_not_depend_on_hidden_cards():
    """Whose turn it is is public at the table: from a position and any resample of what one seat
    cannot see, the same action leads to the same seat to act, for every seat and position of random
    games; with ``windows="holders"`` the same check finds positions where it does not."""
    assert _next_seat_mismatches("public", 4, 3) == 0
    assert _next_seat_mismatches("holders", 4, 3) > 0


# ------------------------------------------------------------------ the token exchange
def test_waiting_exchange_happens_as_soon_as_the_bank_can_pay():
    """TM § Exchanging Tokens: "If at any moment of the game you no longer have Priest or Disciple
    tokens in your Cult, but you have tokens of higher value ..., then you MUST exchange them
    immediately; it is not optional. If you have no more Disciples but still have a Priest, then
    discard the latter to the Bank and add two Disciples to your Cult." Seat 1 has 3 Priests and no
    Disciple while the bank has none; once the bank holds two Disciples (seat 0 pays a Prayer Track
    space with one) the exchange is made at once, and seat 1 pays the next Initial Ante instead of
    being eliminated (TM § Losing and Winning)."""
    game, s = betting_state(2, first=1)
    set_hand(s, 1, [])
    set_tokens(s, 1, cult=[0, 3, 0])
    set_tokens(s, 0, cult=[s.cult[0][D] + s.bank[D], s.cult[0][PR], s.cult[0][PH]])
    assert s.bank[D] == 0
    do(s, "fold", seat=1)                # its Stake (1 Disciple) goes to the bank: 1 is not enough
    assert s.step == rules.PRAYER and s.bank[D] == 1 and s.cult[1] == [0, 3, 0]
    bank_pr = s.bank[PR]
    do(s, "track", 2, seat=0)            # a Disciple space: the bank now holds two Disciples
    assert s.cult[1] == [2, 2, 0] and s.bank[D] == 0 and s.bank[PR] == bank_pr + 1
    do(s, "blind", seat=1)
    assert s.step == rules.BET and s.alive == [True, True]
    assert s.stake[1] == [s.ante, 0, 0] and s.cult[1] == [2 - s.ante, 2, 0]


def test_waiting_exchanges_clockwise_from_the_first_player():
    """TM § Exchanging Tokens (as above) when two Cults wait and the bank can pay only one: designed,
    the seats exchange clockwise from the First Player (the rulebook's order for simultaneous plays,
    TM § The Closing Phase)."""
    game, s = betting_state(3, first=2)
    set_tokens(s, 0, cult=[0, 2, 0])
    set_tokens(s, 1, cult=[0, 2, 0])
    rest = s.bank[D] - 2
    set_tokens(s, 2, cult=[s.cult[2][D] + rest, s.cult[2][PR], s.cult[2][PH]])
    assert s.bank[D] == 2
    s._settle()
    assert s.cult[0] == [2, 1, 0] and s.cult[1] == [0, 2, 0] and s.bank[D] == 0
    s.check_invariants()


# ------------------------------------------------------------------ agents
def test_heuristic_passes_when_it_has_nothing_to_play():
    """The heuristic declines a window, ends a betting turn and passes a Battle turn when it holds no
    card it can use (those decisions are now asked of it)."""
    rng = np.random.default_rng(0)
    game, s = _prophecy_window(2)
    assert s.current_player() == 0
    assert heuristic_action(SeatView(game, s, 0, rng), rng) == s.C.DECLINE
    game, s = betting_state(2, first=0)
    set_hand(s, 0, ["interruption"])
    do(s, "pass", seat=0)
    assert heuristic_action(SeatView(game, s, 0, rng), rng) == s.C.END
    game, s = _battle(2, first=0, hands={0: ["spark"], 1: ["interruption"]})
    do(s, "pass", seat=0)
    assert heuristic_action(SeatView(game, s, 1, rng), rng) == s.C.PASS
