"""Theomachy scenario tests: setup, starting decks, the Starting Phase, the Prayer Phase, token
exchange and the end of the game (TM = 000_b58b559235c1f04d.txt)."""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.rules import PR, D

from .helpers import A, betting_state, decline_windows, do, make, set_tokens


def finish_hand(s):
    """Fold / pass / take the first Prayer option until the next Hand's first betting turn."""
    start = s.hands
    while not s.is_terminal() and (s.hands == start or s.step != rules.BET):
        la = s.legal_actions()
        if s.step == rules.BET and s.C.FOLD in la:
            s.apply_action(s.C.FOLD)
        else:
            s.apply_action(la[0])


def test_setup_cults_and_bank():
    """TM § Setup: 3 Prophets, 5 Priests and 8 Disciples per player, the rest forms the bank."""
    for n in (2, 4, 8):
        _, s = make(n)
        boxes = 1 if n <= 4 else 2
        for p in range(n):
            # the first Initial Ante (1 Disciple) is already in the Stake
            assert s.cult[p] == [7, 5, 3] and s.stake[p] == [1, 0, 0]
        assert s.bank == [45 * boxes - 8 * n, 30 * boxes - 5 * n, 20 * boxes - 3 * n]


def test_prebuilt_decks_two_players():
    """TM § First Method: 8-card decks marked I-IV; at 2-3 players the unused decks go back into the
    Prayer deck; each player shuffles his 8 cards and draws five."""
    _, s = make(2, seed=3)
    marks = []
    for p in range(2):
        cards = s.deck[p] + s.hand[p]
        assert len(cards) == 8 and len(s.hand[p]) == 5
        m = {rules.MARK_OF[c] for c in cards}
        assert len(m) == 1 and -1 not in m
        marks.append(m.pop())
    assert marks[0] != marks[1]
    in_deck = {rules.MARK_OF[c] for c in s.prayer + s.track if rules.MARK_OF[c] >= 0}
    assert in_deck == set(range(4)) - set(marks)
    assert len(s.prayer) + 6 == 120 - 16


def test_prebuilt_decks_four_players_use_all():
    """TM § First Method: one packet per player; at 4 players all four decks are dealt."""
    _, s = make(4, seed=1)
    assert sorted({rules.MARK_OF[c] for p in range(4) for c in s.deck[p] + s.hand[p]}) == [0, 1, 2, 3]
    assert all(rules.MARK_OF[c] == -1 for c in s.prayer)


@pytest.mark.parametrize("n,rounds,size", [(2, 6, 3), (3, 4, 4), (4, 3, 5), (8, 3, 5)])
def test_draft_rounds_and_sizes(n, rounds, size):
    """TM § Second Method: 2 players 6x3, 3 players 4x4, 4-8 players 3x5; pick one, pass the rest
    left, discard the last card; keep 8 of the 12; discards shuffled into the Prayer deck."""
    _, s = make(n, deck="draft", seed=2)
    assert s.step == rules.DRAFT_PICK and all(len(h) == size for h in s.draft_hand)
    picks_seen = 0
    while s.step == rules.DRAFT_PICK:
        assert s.current_player() == s.draft_seat
        do(s, "pick", rules.kid(s.draft_hand[s.draft_seat][0]))
        picks_seen += 1
    assert s.draft_round == rounds
    assert picks_seen == n * rounds * (size - 1)
    assert all(len(k) == 12 for k in s.picks)
    assert len(s.draft_disc) == n * rounds
    while s.step == rules.DRAFT_DROP:
        do(s, "drop", rules.kid(s.picks[s.draft_seat][0]))
    assert s.step == rules.BET
    assert all(len(s.deck[p]) + len(s.hand[p]) == 8 for p in range(n))
    assert s.draft_disc == [] and len(s.prayer) + 6 == s.ncards - 8 * n


def test_draft_pass_to_the_left():
    """TM § Second Method, step 3: the remaining cards go to the player on your left."""
    _, s = make(2, deck="draft", seed=5)
    h0, h1 = s.draft_hand[0][:], s.draft_hand[1][:]
    do(s, "pick", rules.kid(h0[0]), seat=0)
    x = s.picked_now[0]
    do(s, "pick", rules.kid(h1[0]), seat=1)
    y = s.picks[1][0]
    assert sorted(s.draft_hand[1]) == sorted(c for c in h0 if c != x)
    assert sorted(s.draft_hand[0]) == sorted(c for c in h1 if c != y)


def test_draft_picks_hidden_from_later_seats():
    """Simultaneous picks are sequential commits: seat 1 cannot see seat 0's face-down pick."""
    game, s = make(2, deck="draft", seed=5)
    before = game.observation_dict(s, 1)
    do(s, "pick", rules.kid(s.draft_hand[0][0]), seat=0)
    after = game.observation_dict(s, 1)
    for k in ("draft_packet", "draft_kept", "hand", "opp_hand_known"):
        assert np.array_equal(before[k], after[k])


def test_starting_phase_hand_track_constellation():
    """TM § The Starting Phase: five cards each, the Prayer Track (6 cards, first Hand only),
    3 face-up and 2 face-down Constellation cards, the Initial Ante of 1 Disciple."""
    game, s = make(3, seed=4)
    assert all(len(h) == 5 for h in s.hand)
    assert all(c >= 0 for c in s.track)
    assert len(s.const) == 5 and s.const_up == 3 and s.ante == 1
    obs = game.observation_dict(s, 0)["constellation"]
    assert obs[3, -1] == 1 and obs[4, -1] == 1 and obs[:3, -1].sum() == 0


def test_draw_reshuffles_discard_pile():
    """TM § Drawing Cards and Shuffling Your Deck: an empty draw pile is replaced at once by the
    shuffled discard pile, then drawing goes on."""
    _, s = make(2, seed=0)
    s.disc[0] = s.deck[0][1:]
    s.deck[0] = s.deck[0][:1]
    n_hand = len(s.hand[0])
    assert s._draw(0, 2) == 2
    assert len(s.hand[0]) == n_hand + 2 and s.disc[0] == [] and len(s.deck[0]) == 1
    s.check_invariants()


def test_essence_reshuffle_and_ante_marker():
    """TM § The Starting Phase: fewer than 5 Essence cards -> reshuffle everything; the Initial Ante
    marker goes to 2, then 3, and the Initial Ante never goes beyond 3."""
    _, s = make(2, seed=0)
    for expect in (2, 3, 3):
        s.ess_disc.extend(s.ess_deck[4:])
        del s.ess_deck[4:]
        finish_hand(s)
        assert s.ante == expect
        assert all(s.stake[p] == [expect, 0, 0] for p in range(2) if s.alive[p])
        assert len(s.ess_deck) == 24 - 5


def test_no_reshuffle_with_five_essence_cards():
    """TM § The Starting Phase: only fewer than 5 remaining cards trigger the reshuffle."""
    _, s = make(2, seed=0)
    s.ess_disc.extend(s.ess_deck[5:])
    del s.ess_deck[5:]
    finish_hand(s)
    assert s.ante == 1 and len(s.ess_deck) == 0


def test_ante_with_mandatory_exchange():
    """TM § Exchanging Tokens: moving your last Disciple into the Stake forces the Priest exchange,
    so 1 Disciple + 1 Priest still pay an Initial Ante of 2."""
    cult, bank = [1, 1, 0], [10, 10, 10]
    assert rules._pay(cult, bank, (2, 0, 0))
    assert cult == [1, 0, 0] and bank == [8, 11, 10]


def test_ante_elimination_and_last_player_standing():
    """TM § Losing and Winning: too few Disciples for the Initial Ante -> eliminated; the last
    player in the game wins (+1; the others -1)."""
    game, s = make(2, seed=0)
    s.ess_disc.extend(s.ess_deck[4:])
    del s.ess_deck[4:]
    s.ess_shuffles = 1
    s.ante = 2                           # the next reshuffle turns the marker to 3
    s.first = s.turn = 1
    set_tokens(s, 1, cult=[2, 0, 0])
    do(s, "fold", seat=1)                # seat 1 loses its Stake
    decline_windows(s)
    do(s, "blind", seat=0)
    do(s, "blind", seat=1)
    assert s.is_terminal()
    assert s.alive == [True, False] and s.returns() == [1.0, -1.0]
    assert s.cult[1] == [0, 0, 0]
    s.check_invariants()


def test_ante_paid_by_exchange_is_not_elimination():
    """TM § Losing and Winning + § Exchanging Tokens: a Priest is exchanged as the Disciples run out,
    so 1 Disciple + 1 Priest pay an Initial Ante of 2 and the player stays in."""
    game, s = make(2, seed=0)
    s.ess_disc.extend(s.ess_deck[4:])
    del s.ess_deck[4:]
    s.first = s.turn = 1
    set_tokens(s, 1, cult=[1, 1, 0])
    do(s, "fold", seat=1)
    decline_windows(s)
    do(s, "blind", seat=0)
    do(s, "blind", seat=1)
    assert not s.is_terminal() and s.ante == 2
    assert s.alive == [True, True] and s.stake[1] == [2, 0, 0] and s.cult[1] == [1, 0, 0]


def test_exchange_rules():
    """TM § Exchanging Tokens: no Disciple but a Priest -> Priest for two Disciples; no Priest but a
    Prophet -> Prophet for two Priests; the Stake is never exchanged."""
    cult, bank = [0, 1, 2], [10, 10, 10]
    rules._exchange(cult, bank)
    # no Disciple: the Priest goes for two Disciples; then no Priest: a Prophet goes for two Priests
    assert cult == [2, 2, 1] and bank == [8, 9, 11]
    cult, bank = [3, 0, 1], [10, 10, 10]
    rules._exchange(cult, bank)
    assert cult == [3, 2, 0] and bank == [10, 8, 11]


def _to_prayer(s):
    """2 players: the First Player folds -> Closing -> Prayer Phase."""
    do(s, "fold", seat=s.first)
    decline_windows(s)
    assert s.step == rules.PRAYER


def test_prayer_track_prices_and_mandatory_take():
    """TM § The Prayer Track: spaces 1-2 cost a Priest, 3-4 a Disciple, 5-6 are free, or the top card
    of the Prayer deck; taking a card is mandatory (no 'take nothing' action)."""
    _, s = betting_state(2, first=0)
    _to_prayer(s)
    p = s.current_player()
    assert p == 1     # the winner is the new First Player and chooses first
    la = s.legal_actions()
    assert sorted(la) == [A(s, "track", i) for i in range(6)] + [s.C.BLIND]
    assert s.C.PASS not in la and s.C.END not in la
    cult = s.cult[1][:]
    bank = s.bank[:]
    c = s.track[0]
    do(s, "track", 0, seat=1)
    assert s.cult[1][PR] == cult[PR] - 1 and s.bank[PR] == bank[PR] + 1 and s.disc[1][-1] == c
    cult = s.cult[0][:]
    c = s.track[2]
    do(s, "track", 2, seat=0)
    # the last take ends the Prayer Phase; the next Hand has started and took its Initial Ante
    assert s.hands == 1 and s.cult[0][D] == cult[D] - 1 - 1
    assert c in s.hand[0] + s.deck[0] + s.disc[0]


def test_prayer_cannot_pay_missing_token_and_blind_draw():
    """TM § The Prayer Track: paying means discarding a token of that type; the blind draw is free."""
    _, s = betting_state(2, first=0)
    _to_prayer(s)
    set_tokens(s, 1, cult=[3, 0, 0])
    s._legal = None
    la = s.legal_actions()
    assert A(s, "track", 0) not in la and A(s, "track", 1) not in la
    assert A(s, "track", 2) in la and s.C.BLIND in la
    top = s.prayer[-1]
    do(s, "blind", seat=1)
    assert s.disc[1][-1] == top and s.cult[1] == [3, 0, 0]


def test_prayer_clean_up_shift_and_refill():
    """TM § Clean-up Step: cards left on the free spaces go back in the box, the others shift right
    (becoming cheaper), the empty spaces on the left are refilled from the Prayer deck."""
    _, s = betting_state(2, first=0)
    _to_prayer(s)
    a, b, c, d, e, f = s.track
    do(s, "track", 1, seat=1)            # b (Priest space)
    do(s, "track", 4, seat=0)            # e (free space)
    assert f in s.boxed
    assert s.track[3:] == [a, c, d]
    assert all(x >= 0 for x in s.track[:3]) and b not in s.track and f not in s.track


def test_winner_becomes_first_player():
    """TM § First Player and Turn Order: the winner of the previous Hand is the First Player."""
    _, s = betting_state(3, first=0)
    do(s, "fold", seat=0)
    do(s, "fold", seat=1)
    decline_windows(s, [0, 1])
    assert s.first == 2


def test_hand_bound_is_a_draw():
    """Designed (doc § Rewards): after ``max_hands`` Hands the survivors draw (0 each)."""
    _, s = make(2, seed=0, max_hands=1)
    finish_hand(s)
    assert s.is_terminal() and s.result_kind == "bound" and s.returns() == [0.0, 0.0]


def test_config_errors():
    """Configs: 2-8 players, deck prebuilt | draft, mode basic only."""
    for bad in ({"num_players": 1}, {"num_players": 9}, {"deck": "random"}, {"mode": "epic"},
                {"mode": "advanced"}, {"max_hands": 0}):
        with pytest.raises(ConfigError):
            mythenv.make_game("theomachy_v0", **bad)
