"""Theomachy scenario tests: betting with typed tokens, Last Stand, cards and prerequisites,
reactions, the Battle and the Closing Phase (TM = 000_b58b559235c1f04d.txt)."""


from mythenv.games.theomachy import rules
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import (
    A,
    add_place,
    betting_state,
    decline_windows,
    do,
    play,
    set_const,
    set_hand,
    set_table,
    set_tokens,
)

ALL_UP = ["air_chaos_3", "air_order_3", "earth_order_3", "earth_chaos_3", "fire_order_1"]


def battle_state(n=2, first=0, hands=None, stakes=None, const=ALL_UP, **cfg):
    """A Hand moved straight to its Battle with the given hands and Stakes."""
    game, s = betting_state(n, first=first, **cfg)
    set_const(s, const, up=5)
    for p in range(n):
        set_hand(s, p, (hands or {}).get(p, []))
        if stakes and p in stakes:
            set_tokens(s, p, stake=stakes[p])
    s.round = 3
    s._start_battle()
    return game, s


# ------------------------------------------------------------------ betting
def test_actions_when_nobody_raised():
    """TM § Actions: nobody increased the Stake -> pass or raise (a token of your choice); fold always."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    la = s.legal_actions()
    assert sorted(la) == sorted([s.C.PASS, A(s, "raise", D), A(s, "raise", PR), A(s, "raise", PH), s.C.FOLD])


def test_raise_then_call_exact_types():
    """TM § Actions: a raise adds one token of your choice; a call matches the maximum Stake with the
    same types of tokens (no Priest for two Disciples)."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    do(s, "raise", PR, seat=0)
    assert s.stake[0] == [1, 1, 0] and s.level == [1, 1, 0]
    la = s.legal_actions()
    assert s.C.PASS not in la and s.C.CALL in la and s.C.FOLD in la
    before = s.cult[1][:]
    do(s, "call", seat=1)
    assert s.stake[1] == [1, 1, 0] and s.cult[1] == [before[0], before[1] - 1, before[2]]


def test_call_impossible_without_the_type():
    """TM § Actions + § Last Stand: without the right token type you cannot call (only Last Stand,
    raise with what you have, or fold)."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    do(s, "raise", PH, seat=0)
    set_tokens(s, 1, cult=[6, 4, 0])
    la = s.legal_actions()
    assert s.C.CALL not in la and s.C.LAST_STAND in la and s.C.FOLD in la
    assert all(A(s, "raise", t) not in la for t in range(3))


def test_raise_is_call_plus_one():
    """TM § Actions: Raise - Call (as described above) then add one more token from your Cult."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    do(s, "raise", PR, seat=0)
    do(s, "raise", D, seat=1)
    assert s.stake[1] == [2, 1, 0] and s.level == [2, 1, 0]
    la = s.legal_actions()
    assert s.C.CALL in la
    do(s, "call", seat=0)
    assert s.stake[0] == [2, 1, 0]


def test_round_ends_when_everyone_passes():
    """TM § Ending a Betting Round: everyone passed -> the next Constellation card is turned (Turn)."""
    _, s = betting_state(3, first=1)
    for p in range(3):
        set_hand(s, p, [])
    do(s, "pass", seat=1)
    do(s, "pass", seat=2)
    assert s.const_up == 3
    do(s, "pass", seat=0)
    assert s.round == 1 and s.const_up == 4
    assert s.current_player() == 1      # each Round begins with the First Player


def test_round_ends_at_the_last_raiser():
    """TM § Ending a Betting Round: it is the last raiser's turn and everyone else called or folded."""
    _, s = betting_state(3, first=0)
    for p in range(3):
        set_hand(s, p, [])
    do(s, "pass", seat=0)
    do(s, "raise", D, seat=1)
    do(s, "call", seat=2)
    assert s.round == 0
    do(s, "fold", seat=0)
    assert s.round == 1 and s.const_up == 4 and s.current_player() == 1   # seat 0 folded: skipped


def test_three_rounds_then_battle():
    """TM § Ending a Betting Round: after the third round (River turned) comes the Battle."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    for _ in range(3):
        do(s, "pass", seat=0)
        assert s.step == rules.BET
        do(s, "pass", seat=1)
    # nobody holds a card: the Battle ends at once (everyone passes) and the Closing Phase follows
    assert s.step == rules.PRAYER and s.winners == [0, 1]


def test_everyone_else_folds_goes_straight_to_closing():
    """TM § Ending a Betting Round: one player left -> Closing at once, no more rounds, no Battle;
    TM § Leaving a Hand in Progress: the folded hand is discarded at the end of the Closing Phase."""
    _, s = betting_state(2, first=0)
    hand = s.hand[0][:]
    do(s, "fold", seat=0)
    assert s.step == rules.CLOSING and s.winners == [1]
    decline_windows(s, [0])          # the loser is asked for Closing Effects (it holds cards)
    assert all(c in s.disc[0] for c in hand)
    assert s.step == rules.PRAYER and s.winners == [1] and s.first == 1


def test_cards_after_the_action_then_end_turn():
    """TM § Actions: Effect, Place and Power cards may be played before or after your action."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, ["power_air_order"])
    set_hand(s, 1, [])
    do(s, "pass", seat=0)
    assert s.current_player() == 0 and s.legal_actions() == [play(s, "power_air_order"), s.C.END]
    do(s, "play", "power_air_order", seat=0)
    assert s.current_player() == 1     # nothing left to play: the turn ends by itself


# ------------------------------------------------------------------ Last Stand
def _last_stand(winner_bonus_seat):
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    do(s, "raise", PH, seat=0)
    set_tokens(s, 1, cult=[6, 4, 0])
    bank = s.bank[:]
    do(s, "last_stand", seat=1)
    assert s.ls[1] and s.lsk[1] == [0, 0, 1] and s.stake[1] == [1, 0, 1] and s.bank[PH] == bank[PH] - 1
    assert s.cult[1] == [6, 4, 0]
    # next round: only call or pass for the Last Stand player
    do(s, "raise", D, seat=0)
    la = s.legal_actions()
    assert s.C.CALL in la and s.C.FOLD not in la and all(A(s, "raise", t) not in la for t in range(3))
    do(s, "call", seat=1)
    assert s.lsk[1] == [1, 0, 1] and s.cult[1] == [6, 4, 0]
    set_table(s, winner_bonus_seat, ["gust"])
    set_const(s, ALL_UP, up=5)
    s._start_battle()
    return s


def test_last_stand_loser_is_expelled():
    """TM § Last Stand: lose the Hand with a Last Stand card in play -> expelled from the game."""
    s = _last_stand(0)
    assert s.is_terminal() and s.alive == [True, False] and s.returns() == [1.0, -1.0]


def test_last_stand_winner_returns_bank_tokens():
    """TM § Last Stand: win -> the tokens on the Last Stand card go back to the bank."""
    s = _last_stand(1)
    assert not s.is_terminal() and s.winners == [1]
    assert s.lsk[1] == [0, 0, 0] and not s.ls[1]
    # own Disciples (ante + call) back into the Cult (minus the next Hand's ante); no Prophet gained
    assert s.cult[1][PH] == 0


def test_last_stand_cards_are_limited():
    """TM § Box Contents: 4 Last Stand cards (per box)."""
    _, s = betting_state(3, first=0)
    for p in range(3):
        set_hand(s, p, [])
    s.ls = [False, True, True]
    s.ls[1] = s.ls[2] = True
    s._legal = None
    assert s._ls_free() == 2


# ------------------------------------------------------------------ cards
def test_pierre_interruption_prerequisites():
    """TM § How to Play Action Cards (Pierre): Interruption needs two Earth and four Chaos; one Earth
    card in the Constellation + an Air card with 3 Chaos: Pierre first plays his Earth Power card
    (2 Chaos) from his hand, then Interruption. TM § Playing a Card in Reaction: Power cards may be
    played before the reaction."""
    _, s = betting_state(2, first=1)
    set_const(s, ["earth_order_1", "air_chaos_3", "water_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["interruption", "power_earth_chaos"])
    set_hand(s, 1, ["prophecy"])
    assert not s._meets(0, rules.KINDS[rules.KIND_OF[s.hand[0][0] % 120]])
    do(s, "play", "prophecy", seat=1)
    assert s.current_player() == 0 and s.pending[-1][0] == "react"
    assert sorted(s.legal_actions()) == sorted([play(s, "power_earth_chaos"), s.C.DECLINE])
    do(s, "play", "power_earth_chaos", seat=0)
    assert play(s, "interruption") in s.legal_actions()
    sph, orbs = s.essence(0)
    assert sph[1] == 2 and orbs[1] == 5
    do(s, "play", "interruption", seat=0)
    assert not s.peek[1] and rules.kind(s.disc[1][-1]).key == "prophecy"
    assert s.current_player() == 1 and not s.pending
    # the Power card stays in front of Pierre until the end of the Hand
    assert [rules.kind(c).key for c in s.table[0]] == ["power_earth_chaos"]


def test_reaction_asked_clockwise_from_first():
    """TM § Playing a Card in Reaction: "If more than one player wants to use an Effect card in
    reaction, do so clockwise, starting with the First Player"."""
    _, s = betting_state(3, first=0)
    set_const(s, ["earth_chaos_3", "earth_chaos_2", "water_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["interruption"])
    set_hand(s, 2, ["interruption"])
    set_hand(s, 1, ["prophecy"])
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)        # it holds a card: its turn does not end by itself
    do(s, "play", "prophecy", seat=1)
    assert s.current_player() == 0
    do(s, "decline", seat=0)
    assert s.current_player() == 2
    do(s, "decline", seat=2)
    assert s.peek[1] and not s.pending and s.current_player() == 1
    # with one card in hand and no Earth at all, no hand could fuel Interruption (public facts):
    # nobody is asked
    _, s = betting_state(2, first=1)
    set_const(s, ["water_order_1", "air_order_1", "fire_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["interruption"])
    set_hand(s, 1, ["prophecy"])
    do(s, "play", "prophecy", seat=1)
    assert s.peek[1] and not s.pending


def test_prophecy_reveals_face_down_cards_to_caster_only():
    """Designed Prophecy: look at the face-down Constellation cards (remembered in the observation)."""
    game, s = betting_state(2, first=1)
    set_const(s, ["water_order_1", "air_order_1", "fire_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 1, ["prophecy"])
    set_hand(s, 0, [])
    do(s, "play", "prophecy", seat=1)
    assert game.observation_dict(s, 1)["constellation"][3, -1] == 0
    assert game.observation_dict(s, 0)["constellation"][3, -1] == 1


def test_insight_and_folded_players_cannot_be_targeted():
    """TM § Folding: a folded player can no longer be targeted; designed Insight looks at a hand."""
    game, s = betting_state(3, first=2)
    set_const(s, ["air_order_1", "air_order_2", "fire_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["insight"])
    do(s, "fold", seat=2)
    # only seat 1 can be targeted: no target choice
    do(s, "play", "insight", seat=0)
    decline_windows(s, [1])          # no target choice; seat 1 may answer the Effect
    assert not s.pending
    known = game.observation_dict(s, 0)["opp_hand_known"]
    assert known[0].sum() > 0 and known[1].sum() == 0


def test_target_choice_with_two_opponents():
    """Targeted cards name one opponent still in the Hand (a separate decision)."""
    _, s = betting_state(3, first=0)
    set_const(s, ["earth_chaos_3", "air_order_2", "fire_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["pestilence"])
    do(s, "play", "pestilence", seat=0)
    assert s.pending[-1][0] == "target"
    assert sorted(s.legal_actions()) == [A(s, "target", 0), A(s, "target", 1)]
    do(s, "target", 1, seat=0)           # two seats to the left: seat 2
    decline_windows(s, [1, 2])
    assert s.stake[2] == [0, 0, 0] and s.stake[1] == [1, 0, 0]


def test_place_needs_its_token_from_the_cult():
    """TM § Place Cards: the specific token comes from the Cult (never the Stake); without it the
    Place cannot be played. Places are never discarded until destroyed."""
    _, s = betting_state(2, first=0)
    set_const(s, ["fire_order_3", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["temple_of_war"])
    set_tokens(s, 0, cult=[7, 0, 0])
    assert play(s, "temple_of_war") not in s.legal_actions()
    set_tokens(s, 0, cult=[7, 1, 0])
    do(s, "play", "temple_of_war", seat=0)
    assert s.cult[0] == [7, 0, 0] and s.places[0][0][2] == PR and s.stake[0] == [1, 0, 0]


def test_hatred_needs_no_orbs():
    """TM § How to Play Action Cards: Hatred needs no Chaos or Order orbs, only its Essence."""
    _, s = battle_state(2, hands={0: ["hatred"], 1: []},
                        const=["fire_order_1", "air_order_1", "earth_order_1", "water_order_1", "air_order_2"])
    assert play(s, "hatred") in s.legal_actions()


def test_continuous_effect_stays_until_end_of_hand():
    """TM § Effect Cards: continuous Effects stay in play until the end of the Hand, then are discarded."""
    _, s = betting_state(2, first=0)
    set_const(s, ["fire_order_3", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["blessing"])
    do(s, "play", "blessing", seat=0)
    decline_windows(s, [1])
    c = s.table[0][0]
    assert rules.kind(c).key == "blessing"
    do(s, "fold", seat=0)
    decline_windows(s)
    assert c in s.disc[0] or c in s.hand[0] or c in s.deck[0]


# ------------------------------------------------------------------ battle
def test_frank_and_angela():
    """TM § End of Battle Step (worked example): 1 Prophet, 1 Priest, 4 Disciples each; Angela (First
    Player) plays Chain Lightning (+7) and Unity (+1 per token); Frank plays Plague (all her
    Disciples) and Quicksand (+6): Angela 15 + 2 + 7 = 24, Frank 23 + 6 = 29, Frank wins."""
    _, s = battle_state(2, first=0, hands={0: ["chain_lightning", "unity"], 1: ["plague", "quicksand"]},
                        stakes={0: [4, 1, 1], 1: [4, 1, 1]})
    do(s, "play", "chain_lightning", seat=0)
    do(s, "play", "unity", seat=0)
    assert s.current_player() == 1
    do(s, "play", "plague", seat=1)
    assert s.stake[0] == [0, 1, 1]
    do(s, "play", "quicksand", seat=1)
    assert s.power == [24, 29] and s.winners == [1]
    assert s.step == rules.PRAYER


def test_one_essence_per_action_and_multi_essence_attacks():
    """TM § Allowed Battle Actions: all Attacks of one action share an Essence unless a card allows
    more (deck IV's Warband, TM § Rules Clarifications)."""
    const = ["air_order_3", "fire_chaos_3", "earth_chaos_1", "water_order_1", "earth_order_1"]
    _, s = battle_state(2, hands={0: ["gust", "fireball", "warband"], 1: ["spark"]}, const=const)
    do(s, "play", "gust", seat=0)
    la = s.legal_actions()
    assert play(s, "fireball") not in la and play(s, "warband") in la
    do(s, "play", "warband", seat=0)
    assert play(s, "fireball") in s.legal_actions()
    do(s, "play", "fireball", seat=0)
    assert s.attacks[0] == 3


def test_new_action_new_essence():
    """TM § Allowed Battle Actions: the single-Essence limit is per action (turn)."""
    const = ["air_order_3", "fire_chaos_3", "earth_chaos_1", "water_order_1", "earth_order_1"]
    _, s = battle_state(2, hands={0: ["gust", "fireball"], 1: ["spark"]}, const=const)
    do(s, "play", "gust", seat=0)
    # Fireball (Fire) cannot join an Air action: the action can only end
    assert s.legal_actions() == [s.C.END]
    do(s, "end_turn", seat=0)
    do(s, "pass", seat=1)
    do(s, "play", "fireball", seat=0)
    assert s.attacks[0] == 2


def test_battle_ends_after_consecutive_passes():
    """TM § Allowed Battle Actions: the End of Battle comes once all participants passed in a row."""
    const = ["air_order_3", "fire_chaos_3", "earth_chaos_1", "water_order_1", "earth_order_1"]
    _, s = battle_state(2, hands={0: ["gust", "spark"], 1: ["rockslide"]}, const=const)
    do(s, "pass", seat=0)
    do(s, "play", "rockslide", seat=1)     # not a pass: the count restarts
    assert s.step == rules.BATTLE and s.passes == 0
    do(s, "play", "gust", seat=0)          # Spark is Fire: the Air action can only end
    do(s, "end_turn", seat=0)
    # seat 1 holds no card (its turn is a pass); seat 0 still holds Spark
    assert s.step == rules.BATTLE and s.current_player() == 0 and s.passes == 1
    do(s, "pass", seat=0)
    assert s.step != rules.BATTLE and s.power == [2 + 2, 2 + 2]


def test_feint_discards_a_random_card():
    """TM § Rules Clarifications: Feint makes an opponent discard a card at random from his hand."""
    _, s = battle_state(2, hands={0: ["feint"], 1: ["spark", "gust", "hatred"]})
    hand = s.hand[1][:]
    do(s, "play", "feint", seat=0)
    decline_windows(s, [1])              # the target may answer the Attack (Deflection)
    assert len(s.hand[1]) == 2 and s.disc[1][-1] in hand


def test_deflection_cancels_an_attack():
    """Designed reaction (TM § Playing a Card in Reaction): Deflection cancels an Attack aimed at you."""
    const = ["air_order_3", "earth_chaos_3", "water_order_2", "water_order_1", "earth_order_1"]
    _, s = battle_state(2, hands={0: ["plague"], 1: ["deflection"]}, const=const,
                        stakes={0: [4, 0, 0], 1: [4, 0, 0]})
    do(s, "play", "plague", seat=0)
    assert s.current_player() == 1
    do(s, "play", "deflection", seat=1)
    # Plague is cancelled: both Stakes stay at 8 and the Battle ends in a tie
    assert s.attacks[0] == 0 and s.power == [8, 8] and s.winners == [0, 1]


def test_temple_of_war_and_citadel():
    """Designed Places: Temple of War +1 Power per Attack played, Citadel +3 (TM § Rules
    Clarifications: the Temple of War suits several mediocre Attacks)."""
    const = ["air_order_3", "fire_chaos_3", "earth_chaos_1", "water_order_1", "earth_order_1"]
    _, s = battle_state(2, hands={0: ["gust", "storm_of_blades", "fireball"], 1: []}, const=const,
                        stakes={0: [1, 0, 0], 1: [1, 0, 0]})
    add_place(s, 0, "temple_of_war")
    add_place(s, 1, "citadel")
    s._start_battle()
    do(s, "play", "gust", seat=0)
    do(s, "play", "storm_of_blades", seat=0)
    do(s, "play", "fireball", seat=0)
    # 2 + (2 + 1 + 4) + 3 attacks x 1 = 12 against 2 + 3 = 5
    assert s.power == [12, 5] and s.winners == [0]


# ------------------------------------------------------------------ closing
def test_losers_lose_stakes_and_places_take_damage():
    """TM § The Closing Phase: losers' Stakes go to the bank; their Places are turned, and an already
    damaged Place is discarded with its token to the bank."""
    _, s = betting_state(2, first=0)
    intact = add_place(s, 1, "citadel")
    damaged = add_place(s, 1, "shrine", damaged=1)
    bank = s.bank[:]
    s.turn = 1
    s._legal = None
    do(s, "fold", seat=1)
    decline_windows(s, [1])
    assert s.bank[D] == bank[D] + 1 + 1          # the Stake's Disciple + the Shrine's token
    assert [pl[0] for pl in s.places[1]] == [intact] and s.places[1][0][1] == 1
    assert damaged in s.disc[1] or damaged in s.hand[1] or damaged in s.deck[1]


def test_sole_winner_prophet_only_when_cult_has_none():
    """TM § The Closing Phase + Rules Clarifications: only your Cult counts for the free Prophet."""
    game, s = betting_state(3, first=0)
    set_const(s, ALL_UP, up=5)
    for p in range(3):
        set_hand(s, p, [])
    set_tokens(s, 0, cult=[7, 5, 0], stake=[1, 0, 1])
    set_tokens(s, 1, cult=[7, 5, 3], stake=[1, 0, 0])
    set_tokens(s, 2, cult=[7, 5, 3], stake=[1, 0, 0])
    s.hands = 0
    s.round = 3
    bank = s.bank[:]
    s.turn = 0
    s._start_battle()
    assert s.winners == [0]
    # Priest + Prophet from the bank, Stake back; then the next Hand's ante (1 Disciple) and a Prayer
    # card paid or not: check the Prophet and Priest flow before the Prayer Phase via the bank
    assert s.cult[0][PH] == 2            # one free Prophet + the Prophet of the Stake
    assert bank[PH] - s.bank[PH] == 1


def test_sole_winner_priest_with_prophet_in_cult():
    """TM § The Closing Phase: with a Prophet in the Cult the lone winner gets only the Priest."""
    _, s = battle_state(3, stakes={0: [1, 0, 1], 1: [1, 0, 0], 2: [1, 0, 0]})
    assert s.winners == [0] and s.step == rules.PRAYER
    assert s.cult[0] == [7 + 1, 5 + 1, 3 + 1]   # 3 Prophets in the Cult: no free Prophet


def test_tie_all_winners_no_gain_first_player_passes_clockwise():
    """TM § The Closing Phase: tied winners all win (keep their Stakes, no free tokens); the First
    Player passes the role to the winner closest to him clockwise."""
    _, s = battle_state(3, first=1, stakes={0: [2, 0, 0], 1: [1, 0, 0], 2: [2, 0, 0]})
    assert sorted(s.winners) == [0, 2] and s.first == 2
    assert s.cult[0] == [7 + 2, 5, 3] and s.cult[2] == [7 + 2, 5, 3]
    assert s.cult[1] == [7, 5, 3]


def test_duel_at_the_summit_no_free_tokens():
    """TM § Duel at the Summit: with two players left, the winner only keeps his Stake."""
    _, s = battle_state(2, stakes={0: [3, 0, 0], 1: [1, 0, 0]})
    assert s.winners == [0] and s.cult[0] == [7 + 3, 5, 3]


def test_closing_discards_hands_powers_and_constellation():
    """TM § The Closing Phase: hands, Power cards and continuous Effects are discarded (Places
    stay); the Constellation goes to the Essence discard pile, face-down cards revealed."""
    _, s = betting_state(2, first=0)
    set_const(s, ["fire_order_3", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["power_air_order", "citadel", "gust"])
    do(s, "play", "power_air_order", seat=0)
    do(s, "play", "citadel", seat=0)
    const = s.const[:]
    do(s, "fold", seat=0)
    # its one card could not be a Last Rites it can fuel (no Water, no Power card beside it)
    assert s.step == rules.PRAYER
    assert s.table[0] == [] and len(s.places[0]) == 1
    assert sorted(s.ess_disc) == sorted(const)


def test_folded_player_takes_part_in_prayer():
    """TM § Leaving a Hand in Progress: a folded player still takes part in the Prayer Phase."""
    _, s = betting_state(3, first=0)
    do(s, "fold", seat=0)
    do(s, "fold", seat=1)
    decline_windows(s, [0, 1])
    assert s.step == rules.PRAYER and s.current_player() == 2
    do(s, "blind", seat=2)
    assert s.current_player() == 0


def test_folded_cards_set_aside_then_back_for_the_closing():
    """TM § Leaving a Hand in Progress (later text than § Actions): the folded player's cards wait on
    his Stake, return to his hand in the Closing Phase, and are discarded with the other hands."""
    game, s = betting_state(3, first=0)
    hand = s.hand[0][:]
    do(s, "fold", seat=0)
    assert s.hand[0] == [] and sorted(s.aside[0]) == sorted(hand)
    assert game.observation_dict(s, 1)["sizes"][2, 0] == 0.5     # seat 0 seen from seat 1: 5 cards
    assert "set aside: 5 cards" in s.render(1)
    do(s, "fold", seat=1)
    assert s.aside[0] == [] and sorted(c for c in s.hand[0]) == sorted(hand)   # back for the Closing
    decline_windows(s, [0, 1])
    assert s.aside[0] == [] and all(c in s.disc[0] for c in hand)


def test_last_rites_played_by_a_folded_loser():
    """TM § The Closing Phase (Effects played during the Closing Phase) + § Leaving a Hand in
    Progress (a folded player may play them): designed Last Rites keeps two Disciples of the Stake."""
    _, s = betting_state(2, first=1)
    set_const(s, ["water_order_1", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 1, ["last_rites", "gust"])
    set_tokens(s, 1, cult=[4, 4, 3], stake=[3, 1, 0])
    bank = s.bank[:]
    do(s, "fold", seat=1)
    assert s.step == rules.CLOSING and s.pending[-1][0] == "closing" and s.current_player() == 1
    set_hand(s, 0, [])                   # the winner holds nothing that could answer the Effect
    do(s, "play", "last_rites", seat=1)
    assert s.step == rules.CLOSING and s.current_player() == 1   # it still holds a card
    do(s, "decline", seat=1)
    assert s.step == rules.PRAYER
    assert s.cult[1] == [4 + 2, 4, 3] and s.bank[D] == bank[D] + 1 and s.bank[PR] == bank[PR] + 1


def test_closing_window_clockwise_from_first_player_losers_only():
    """TM § The Closing Phase: Closing Effects are played clockwise starting with the First Player;
    the designed Last Rites is for losers only, so a winner holding it is not asked. Every loser
    holding cards is asked (seat 3 holds no Last Rites but others cannot know it)."""
    _, s = betting_state(5, first=3)
    set_const(s, ["water_order_1", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    for p in (0, 1, 2, 4):
        set_hand(s, p, ["last_rites"])
    for p in (3, 4, 0, 1):
        do(s, "fold", seat=p)
    assert s.winners == [2]
    order = []
    while s.step == rules.CLOSING:
        order.append(s.current_player())
        do(s, "decline")
    assert order == [3, 4, 0, 1]
