"""Scenario tests of the Celtic and Mesopotamian Pantheons (Advanced game): every Deity's Ability and
Request, every Mythology card and Hero, and the Rules Clarification on Lia Fail (TM =
000_b58b559235c1f04d.txt; the card texts are the designs in data/pantheons.toml)."""

import pytest

from mythenv.core.errors import IllegalActionError
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.pantheons import DEITY_INDEX, MYTH_INDEX
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import (
    adv_battle,
    decline_windows,
    do,
    game_with,
    in_battle,
    myth_a,
    own,
    pass_turns,
    run_until,
    set_const,
    set_hand,
    set_table,
    set_tokens,
    to_battle,
    window_open,
)

NO_EARTH = ["earth_chaos_1", "fire_chaos_1", "water_chaos_1", "air_chaos_2", "fire_chaos_2"]


def kinds(s, p):
    return sorted(rules.KINDS[rules.kid(c)].key for c in s.hand[p])


def playable(s):
    return {s.C.describe(a) for a in s.legal_actions()}


# ------------------------------------------------------------------ Celtic Deities
def test_danu_passive_counts_an_earth_power_card_throughout_the_hand():
    """TM § Divine Abilities: "Passive Abilities work permanently ... Danu's Ability takes effect
    throughout a Hand". Designed text: one more Earth Essence and two more Order orbs, as a Power of
    Earth (Order) in play. Constellation: one Earth, no Order orb. Citadel (1 Earth, 2 Order) can be
    built by Danu in the Betting Phase, Quicksand (2 Earth, 2 Order) played by her in the Battle;
    Marduk, with the same cards, can play neither."""
    _, s = game_with(("danu", "marduk"))
    set_const(s, NO_EARTH, 3)
    set_hand(s, 0, ["citadel", "quicksand"])
    set_hand(s, 1, ["citadel", "quicksand"])
    assert s.essence(0) == ([0, 2, 1, 1], [2, 3]) and s.essence(1) == ([0, 1, 1, 1], [0, 3])
    assert "play Citadel" in playable(s)
    do(s, "play", "citadel", seat=0)
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)
    assert s.current_player() == 1 and "play Citadel" not in playable(s)
    to_battle(s)
    assert s.step == rules.BATTLE and s.current_player() == 0
    assert "play Quicksand" in playable(s)
    do(s, "play", "quicksand", seat=0)  # her last card: the turn ends by itself
    assert s.current_player() == 1 and "play Quicksand" not in playable(s)


def test_danu_request_win_a_battle_with_an_earth_attack():
    """TM § God's Request: "When you fulfil the condition of your god's request, you gain a token. It
    is not possible to gain more than one Miracle token per Hand". Danu: win a Battle in which you
    played an Earth Attack (two Earth Attacks still give one Miracle)."""
    _, s = game_with(("danu", "marduk"))
    set_const(s, NO_EARTH, 3)
    set_hand(s, 0, ["quicksand", "rockslide"])
    set_hand(s, 1, ["hatred"])
    to_battle(s)
    do(s, "play", "quicksand", seat=0)
    do(s, "play", "rockslide", seat=0)
    pass_turns(s)
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [0] and s.miracles == [1, 0]


def _no_ability_offered(s):
    """The Ability family is never offered (a Passive Ability is no action)."""
    assert s.C.off["ability"] not in s.legal_actions()
    assert "ability" not in {s.C.decode[a][0] for a in s.legal_actions()}


def test_morrigan_is_passive_and_acts_several_times_with_no_action_and_no_card():
    """TM § Divine Abilities: "Passive Abilities ... the player does not have to do or say anything
    to benefit from these bonuses"; "If the text does not specify otherwise, then a god's Ability may
    be used only once per Hand ... Morrigan's Passive Ability specifies that her power may be used
    several times". Designed text: whenever an Air or Water Attack she plays takes effect, every
    opponent in the Battle loses a Disciple from his Stake. Two Gusts (Air) in her first Battle turn,
    an Undertow (Water) in her next (TM § Allowed Battle Actions: one Essence per action): three
    Disciples from Marduk's Stake to the bank, no action but the plays, no card but the three Attacks
    leaves her hand, nothing goes to her discard pile, and `ability` is never offered."""
    _, s = adv_battle(("morrigan", "marduk"), hands={0: ["gust", "gust", "undertow", "insight"], 1: ["insight"]},
                      stakes={0: [4, 0, 0], 1: [4, 0, 0]}, seed=2)  # seed 2: no Gust in Marduk's first hand
    assert in_battle(s) and s.current_player() == 0
    bank, disc = s.bank[D], len(s.disc[0])
    for i, key in enumerate(("gust", "gust", "undertow")):
        if key == "undertow":
            do(s, "end_turn", seat=0)
            do(s, "pass", seat=1)
        _no_ability_offered(s)
        do(s, "play", key, seat=0)
        assert not s.pending  # nothing to decide, no target to name, no card to pick
        assert s.stake[1][D] == 3 - i and s.ab_uses[0] == i + 1
        assert len(s.hand[0]) == 3 - i  # only the Attack played left the hand
    assert kinds(s, 0) == ["insight"] and len(s.disc[0]) == disc and s.bank[D] == bank + 3
    assert s.stake[0] == [4, 0, 0]  # her own Stake is untouched
    _no_ability_offered(s)


@pytest.mark.parametrize("attack,strips", [("gust", 1), ("undertow", 1), ("spark", 0), ("rockslide", 0)])
def test_morrigan_acts_for_her_air_and_water_attacks_only(attack, strips):
    """Designed text (Morrigan): "whenever an Air or Water Attack you play takes effect": Gust (Air)
    and Undertow (Water) take a Disciple from Marduk's Stake, Spark (Fire) and Rockslide (Earth)
    none (each adds its own 2 Power alone)."""
    _, s = adv_battle(("morrigan", "marduk"), hands={0: [attack, "insight"], 1: ["insight"]},
                      stakes={0: [4, 0, 0], 1: [4, 0, 0]}, const=["water_order_3", "fire_order_3", "air_order_3",
                                                               "earth_chaos_3", "fire_chaos_3"])
    power = s.battle_power(0)
    do(s, "play", attack, seat=0)
    assert s.stake[1][D] == 4 - strips and s.ab_uses[0] == strips and s.h_stripped[0] == strips
    assert s.battle_power(0) == power + 2


def test_morrigan_acts_only_for_her_own_attacks_that_take_effect():
    """TM § Divine Abilities: a god's Ability acts "only when it is your turn to play"; designed text:
    "whenever an Air or Water Attack you play takes effect". Marduk's Gust (Air) does not call her
    Ability (both Stakes keep their Disciples); his Deflection (play when an opponent plays an Attack
    targeting you: it is cancelled) cancels her Drown (Water), which then takes no effect, nor does
    her Ability."""
    _, s = adv_battle(("morrigan", "marduk"), first=1, hands={0: ["drown", "insight"], 1: ["gust", "deflection"]},
                      stakes={0: [4, 0, 0], 1: [4, 0, 0]}, const=["water_chaos_3", "fire_order_3", "air_order_3",
                                                               "earth_order_3", "water_order_3"])
    assert s.current_player() == 1
    do(s, "play", "gust", seat=1)
    do(s, "end_turn", seat=1)
    assert s.stake == [[4, 0, 0], [4, 0, 0]] and s.ab_uses == [0, 0]
    do(s, "play", "drown", seat=0)
    assert s.pending[-1][0] == "react" and s.current_player() == 1
    do(s, "play", "deflection", seat=1)
    assert s.stake == [[4, 0, 0], [4, 0, 0]] and s.ab_uses == [0, 0]


def test_morrigan_strips_every_opponent_in_the_battle():
    """Designed text (Morrigan): "every opponent in the Battle loses a Disciple from his Stake". Three
    seats, both opponents in the Battle with four Disciples in their Stakes: one Attack takes one
    Disciple from each of them (two to the bank), with no opponent to name; a second Attack two
    more."""
    _, s = adv_battle(("morrigan", "marduk", "thor"), hands={0: ["gust", "gust", "insight"]},
                      stakes={0: [4, 0, 0], 1: [4, 0, 0], 2: [4, 0, 0]})
    assert in_battle(s) and s.current_player() == 0
    bank = s.bank[D]
    do(s, "play", "gust", seat=0)
    assert not s.pending
    assert s.stake[1][D] == 3 and s.stake[2][D] == 3 and s.bank[D] == bank + 2
    do(s, "play", "gust", seat=0)
    assert s.stake[1][D] == 2 and s.stake[2][D] == 2 and s.bank[D] == bank + 4 and s.h_stripped[0] == 4


def test_morrigan_is_no_attack_for_aegis():
    """Designed: Morrigan's Ability is an Ability, not an Attack, so Aegis ("Attacks cannot remove
    tokens from your Stake") does not stop it (as the Thunderbolt of Zeus): Marduk's Aegis keeps
    Drown's two Disciples in his Stake, not the one of her Ability."""
    _, s = adv_battle(("morrigan", "marduk"), hands={0: ["drown", "insight"]},
                      stakes={0: [4, 0, 0], 1: [4, 0, 0]}, const=["water_chaos_3", "fire_order_3", "air_order_3",
                                                               "earth_order_3", "water_order_3"])
    set_table(s, 1, ["aegis"])
    assert s._shielded(1)
    do(s, "play", "drown", seat=0)
    decline_windows(s)
    assert s.stake[1][D] == 3 and s.h_stripped[0] == 1


def test_morrigan_request_three_tokens_removed_and_a_battle_won():
    """TM § God's Request; Morrigan: win a Battle in which you removed three or more tokens from
    opponents' Stakes (two are not enough): three Air Attacks, three Disciples, one Miracle."""
    for keys, miracle in ((["gust", "gust", "chain_lightning"], 1), (["gust", "gust"], 0)):
        _, s = adv_battle(("morrigan", "marduk"), hands={0: keys + ["insight"], 1: ["insight"]},
                          stakes={0: [4, 0, 0], 1: [4, 0, 0]}, seed=2,
                          const=["air_chaos_3", "air_order_3", "fire_order_3", "earth_order_3", "water_order_3"])
        for key in keys:
            do(s, "play", key, seat=0)
        pass_turns(s)
        run_until(s, lambda s: s.step == rules.PRAYER)
        assert s.winners == [0] and s.h_stripped[0] == len(keys) and s.miracles[0] == miracle


def test_dagda_once_per_hand_a_disciple_for_two_cards():
    """TM § Divine Abilities: an Active Ability ("You may...") is announced, its condition met (here a
    Disciple paid to the bank), "only once per Hand, and only when it is your turn to play". Dagda:
    two cards for a Disciple, on his betting turn, not in the Battle."""
    _, s = game_with(("dagda", "marduk"))
    set_hand(s, 0, ["hatred"])
    cult, bank, deck = s.cult[0][:], s.bank[:], len(s.deck[0])
    assert s.C.off["ability"] in s.legal_actions()
    s.apply_action(s.C.off["ability"])
    s.check_invariants()
    assert s.cult[0] == [cult[0] - 1, cult[1], cult[2]] and s.bank[D] == bank[D] + 1
    assert len(s.hand[0]) == 3 and len(s.deck[0]) == deck - 2
    assert s.C.off["ability"] not in s.legal_actions()
    do(s, "pass", seat=0)
    assert s.C.off["ability"] not in s.legal_actions()   # still once per Hand
    s.apply_action(s.C.END)
    assert s.current_player() == 1 and s.C.off["ability"] in s.legal_actions()  # Marduk's own


def test_dagda_request_six_tokens_in_the_winning_stake():
    """TM § God's Request; Dagda: win a Hand with six or more tokens in your Stake (five do not)."""
    for stake, miracle in (([4, 1, 1], 1), ([3, 1, 1], 0)):
        _, s = game_with(("dagda", "marduk"))
        set_tokens(s, 0, stake=stake)
        do(s, "pass", seat=0)
        s.apply_action(s.C.END)
        do(s, "fold", seat=1)
        run_until(s, lambda s: s.step == rules.PRAYER)
        assert s.winners == [0] and s.miracles[0] == miracle


# ------------------------------------------------------------------ Mesopotamian Deities
def test_marduk_sacrifices_a_priest_for_power_but_not_in_the_final_round():
    """TM § Divine Abilities: "Marduk's Ability lets him sacrifice a Priest to obtain a bonus, but he
    cannot do so during the final Betting Round". Designed bonus: +7 Power at the End of Battle.
    Once per Hand; in the third Betting Round it is refused."""
    _, s = game_with(("danu", "marduk"), first=1)
    assert s.C.off["ability"] in s.legal_actions()
    cult, bank = s.cult[1][:], s.bank[PR]
    before = s.battle_power(1)
    s.apply_action(s.C.off["ability"])
    s.check_invariants()
    assert s.cult[1][PR] == cult[PR] - 1 and s.bank[PR] == bank + 1
    assert s.battle_power(1) == before + 7
    assert s.C.off["ability"] not in s.legal_actions()
    # a fresh Hand with the third Betting Round reached: refused
    _, s = game_with(("danu", "marduk"), first=1)
    for _ in range(2):
        to_round = s.round + 1
        while s.round < to_round:
            s.apply_action(next(a for a in (s.C.PASS, s.C.CALL, s.C.END) if a in s.legal_actions()))
    assert s.round == 2 and s.current_player() == 1
    assert s.C.off["ability"] not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(s.C.off["ability"])


def test_marduk_request_win_a_battle_as_first_player():
    """TM § God's Request; Marduk: win a Battle as the First Player (a Hand won by folds does not
    count: no Battle took place)."""
    _, s = game_with(("danu", "marduk"), first=1)
    set_hand(s, 1, ["hatred"])
    set_hand(s, 0, ["spark"])
    set_const(s, ["fire_chaos_1", "water_chaos_1", "air_chaos_1", "air_chaos_2", "fire_chaos_2"], 3)
    to_battle(s)
    do(s, "play", "hatred", seat=1)
    pass_turns(s)
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [1] and s.miracles == [0, 1]
    _, s = game_with(("danu", "marduk"), first=1)
    do(s, "pass", seat=1)
    s.apply_action(s.C.END)
    do(s, "fold", seat=0)
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [1] and s.miracles == [0, 0]


def test_ishtar_keeps_a_priest_of_a_lost_stake():
    """TM § Divine Abilities (Passive: "the player does not have to do or say anything"); TM § The
    Closing Phase: "The losers then discard their Stakes to the Bank". Ishtar (designed): one Priest
    of her lost Stake goes back to her Cult instead."""
    _, s = game_with(("ishtar", "danu"))
    do(s, "raise", PR, seat=0)
    s.apply_action(s.C.END)
    do(s, "call", seat=1)
    s.apply_action(s.C.END)
    assert s.stake[0] == [1, 1, 0]
    cult = s.cult[0][:]
    do(s, "fold", seat=0)
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [1]
    assert s.cult[0][PR] == cult[PR] + 1 and s.cult[0][D] == cult[D]


def test_ishtar_request_a_lost_fight():
    """TM § God's Request; Ishtar: lose a Battle in which you played an Attack (a Miracle even in
    defeat); a Battle lost without an Attack, or a Hand lost by folding, earns none."""
    for attack, miracle in ((True, 1), (False, 0)):
        _, s = game_with(("ishtar", "danu"))
        set_const(s, NO_EARTH, 3)
        set_hand(s, 0, ["hatred"] if attack else [])
        set_hand(s, 1, [])
        set_tokens(s, 1, stake=[1, 1, 1])
        to_battle(s)
        if attack:
            do(s, "play", "hatred", seat=0)
        run_until(s, lambda s: s.step == rules.PRAYER)
        assert s.winners == [1] and s.miracles[0] == miracle
    _, s = game_with(("ishtar", "danu"), first=1)
    set_hand(s, 0, ["hatred"])
    run_until(s, lambda s: s.step == rules.PRAYER)  # Ishtar (not First Player) folds
    assert s.winners == [1] and s.miracles[0] == 0


def test_shamash_prophets_weigh_more_in_his_battles():
    """TM § Divine Abilities: a passive Ability like Poseidon's "works for all the Battles in which the
    player takes part". Shamash (designed): +2 Power, and +2 more per Prophet in his Stake, at the End
    of Battle."""
    _, s = game_with(("shamash", "danu"))
    to_battle(s)
    set_tokens(s, 0, stake=[1, 0, 2])
    set_tokens(s, 1, stake=[1, 0, 2])
    assert s.battle_power(0) == 2 + 20 + 2 + 4
    assert s.battle_power(1) == 2 + 20


def test_shamash_request_an_effect_then_a_battle_won():
    """TM § God's Request; Shamash: win a Battle having played an Effect card this Hand."""
    _, s = game_with(("shamash", "danu"))
    set_const(s, ["air_order_1", "fire_chaos_1", "water_chaos_1", "air_chaos_2", "fire_chaos_2"], 3)
    set_hand(s, 0, ["insight", "hatred"])
    set_hand(s, 1, ["spark"])
    do(s, "play", "insight", seat=0)
    to_battle(s)
    do(s, "play", "hatred", seat=0)
    pass_turns(s)
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [0] and s.miracles[0] == 1


# ------------------------------------------------------------------ Celtic Mythology cards
def _lone_win(s, winner: int = 0) -> None:
    """``winner`` (the First Player) passes, every other seat folds: ``winner`` alone wins the Hand."""
    assert s.first == winner
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [winner]


def test_lia_fail_both_prophets_are_yours():
    """TM § Rules Clarifications: "If you have no Prophet and you have Lia Fail in play, what happens
    if you win a Hand? ... Lia Fail does not block the normal Prophet since the exchange is made from
    the bank to your Stake (so you indeed have no prophet in your Cult when the card triggers). Both
    Prophets are yours!" The lone winner with no Prophet in his Cult ends with two (three players: at
    two the Duel at the Summit rule gives no Priest / Prophet, TM § Duel at the Summit)."""
    _, s = game_with(("danu", "marduk", "poseidon"))
    own(s, 0, "lia_fail")
    set_tokens(s, 0, cult=[7, 5, 0])
    bank = s.bank[PH]
    _lone_win(s)
    assert s.cult[0][PH] == 2 and s.bank[PH] == bank - 2
    assert s.cult[0][PR] == 6  # and the free Priest


def test_lia_fail_only_the_cult_counts_and_a_prophet_there_blocks_it():
    """TM § The Closing Phase: "only your Cult counts - if you have no Prophet in it, you take a new
    Prophet even if you have one or more Prophet(s) in your Stake". With a Prophet in the Stake only,
    both Prophets still come (three in all); with a Prophet in the Cult, neither does."""
    _, s = game_with(("danu", "marduk", "poseidon"))
    own(s, 0, "lia_fail")
    set_tokens(s, 0, cult=[7, 5, 0], stake=[1, 0, 1])
    _lone_win(s)
    assert s.cult[0][PH] == 3
    _, s = game_with(("danu", "marduk", "poseidon"))
    own(s, 0, "lia_fail")
    set_tokens(s, 0, cult=[7, 5, 1])
    _lone_win(s)
    assert s.cult[0][PH] == 1


def test_gae_bolga_at_the_start_of_the_battle_before_any_attack():
    """TM § Mythology Cards and Their Abilities: "Most Mythology cards are used just before the start
    of a Phase or at the end of it (for example Gae Bolga is played at the start of a Battle, before
    any Attack)". Designed: an opponent in the Battle loses a Prophet from his Stake, then the spear
    leaves the game. It is offered before the First Player's first Attack, and never again."""
    _, s = game_with(("danu", "marduk"))
    m = own(s, 0, "gae_bolga")
    set_hand(s, 0, ["hatred"])
    to_battle(s)
    set_tokens(s, 1, stake=[1, 0, 1])
    assert window_open(s, "battle_start", seat=0)
    assert myth_a(s, "gae_bolga") in s.legal_actions()
    bank = s.bank[PH]
    s.apply_action(myth_a(s, "gae_bolga"))
    s.check_invariants()
    assert s.stake[1] == [1, 0, 0] and s.bank[PH] == bank + 1
    assert m in s.myth_out[0] and m not in s.myth_own[0]
    assert s.step == rules.BATTLE and not s.pending and s.current_player() == 0


def test_a_card_offered_at_the_battle_start_is_refused_once_the_battle_began():
    """TM § Mythology Cards and Their Abilities: "once the Phase has really begun (via an action) it is
    no longer possible to play a Mythology card in this Phase (and you will have to wait for the next
    Hand)". Gae Bolga declined at the start of the Battle cannot be thrown during it."""
    _, s = game_with(("danu", "marduk"))
    own(s, 0, "gae_bolga")
    set_hand(s, 0, ["hatred"])
    to_battle(s)
    assert window_open(s, "battle_start", seat=0)
    s.apply_action(s.C.DECLINE)
    assert s.step == rules.BATTLE and not s.pending
    assert myth_a(s, "gae_bolga") not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(myth_a(s, "gae_bolga"))


def test_sword_of_nuada_a_random_discard_before_any_attack():
    """TM § Mythology Cards and Their Abilities (used at the start of a Phase); TM § Rules
    Clarifications (Feint is weak without the initiative because Attacks are played first). Sword of
    Nuada (designed): at the start of the Battle an opponent discards a card at random."""
    _, s = game_with(("danu", "marduk"))
    own(s, 0, "sword_of_nuada")
    set_hand(s, 1, ["hatred", "spark"])
    to_battle(s)
    assert window_open(s, "battle_start", seat=0)
    disc = len(s.disc[1])
    s.apply_action(myth_a(s, "sword_of_nuada"))
    s.check_invariants()
    assert len(s.hand[1]) == 1 and len(s.disc[1]) == disc + 1
    assert rules.KINDS[rules.kid(s.disc[1][-1])].key in ("hatred", "spark")
    assert MYTH_INDEX["sword_of_nuada"] in s.myth_used[0]  # used this Hand, kept for the next


def _to_myth_phase(s, top: str, miracles: int, seat: int = 0) -> None:
    """Put ``top`` face up on ``seat``'s Mythology deck, give it ``miracles``, and play the Hand out
    (seat 0 wins alone) to ``seat``'s turn in the Myth Phase."""
    m = MYTH_INDEX[top]
    s.myth_deck[seat].remove(m)
    s.myth_deck[seat].append(m)
    s.myth_known[seat] = 0
    do(s, "pass", seat=0)
    s.apply_action(s.C.END)
    do(s, "fold", seat=1)
    run_until(s, lambda s: s.step in (rules.PRAYER, rules.MYTH) and not s.pending and s.step == rules.MYTH)
    s.miracles[seat] = miracles
    s._legal = None
    assert s.current_player() == seat


def test_cauldron_of_the_dagda_immediate_then_discarded():
    """TM § The Myth Phase: "Buy the visible Mythology card ... by discarding a number of Miracle Tokens
    equal to its cost ... Some cards (such as Pandora's Box) have an immediate effect and are then
    discarded". The Cauldron (cost 1, designed): two Disciples and a Priest from the bank."""
    _, s = game_with(("danu", "marduk"))
    _to_myth_phase(s, "cauldron_of_the_dagda", 1)
    cult = s.cult[0][:]
    s.apply_action(s.C.off["myth_buy"])
    s.check_invariants()
    assert s.cult[0][D] == cult[D] + 2 and s.cult[0][PR] == cult[PR] + 1
    assert s.miracles[0] == 0
    m = MYTH_INDEX["cauldron_of_the_dagda"]
    assert m in s.myth_out[0] and m not in s.myth_own[0] and m not in s.myth_deck[0]


def test_cu_chulainn_hero_joins_the_stake_and_grows_with_attacks():
    """TM § Heroes: "To use a Hero, place its token in your Stake just before the start of a Battle ...
    some abilities have power as soon as they join the Stake, others at the end of the Battle". Cu
    Chulainn (designed): 5 Power, +1 per Attack you played in the Battle."""
    _, s = game_with(("danu", "marduk"))
    m = own(s, 0, "cu_chulainn")
    set_const(s, ["fire_chaos_1", "water_chaos_1", "air_chaos_1", "air_chaos_2", "fire_chaos_2"], 3)
    set_hand(s, 0, ["hatred", "fireball"])
    to_battle(s)
    assert window_open(s, "battle_start", seat=0)
    base = s.battle_power(0)
    s.apply_action(myth_a(s, "cu_chulainn"))
    assert m in s.hero_stake[0] and s.battle_power(0) == base + 5
    do(s, "play", "hatred", seat=0)
    do(s, "play", "fireball", seat=0)
    assert s.battle_power(0) == base + 5 + 2 + 3 + 4


def test_a_hero_dies_when_its_owner_loses_the_battle():
    """TM § Heroes: "Beware, if you lose the Battle, then your Hero dies: put its card and its token
    back in the box, it will never return"."""
    _, s = game_with(("danu", "marduk"))
    m = own(s, 0, "cu_chulainn")
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    to_battle(s)
    set_tokens(s, 1, stake=[1, 1, 1])  # 17 Power against 2 + Cu Chulainn's 5
    s.apply_action(myth_a(s, "cu_chulainn"))
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.winners == [1] and s.power[:2] == [7, 17]
    assert m in s.myth_out[0] and m not in s.myth_own[0] and s.hero_stake[0] == []


# ------------------------------------------------------------------ Mesopotamian Mythology cards
def test_tower_of_babel_costs_one_miracle():
    """TM § The Myth Phase: "for example the Tower of Babel costs one Miracle". With one Miracle the
    Tower can be bought; with none it cannot (only moved to the bottom or left)."""
    _, s = game_with(("marduk", "danu"))
    _to_myth_phase(s, "tower_of_babel", 0, seat=0)
    assert s.C.off["myth_buy"] not in s.legal_actions()
    _, s = game_with(("marduk", "danu"))
    _to_myth_phase(s, "tower_of_babel", 1, seat=0)
    assert s.C.off["myth_buy"] in s.legal_actions()
    s.apply_action(s.C.off["myth_buy"])
    assert s.miracles[0] == 0 and MYTH_INDEX["tower_of_babel"] in s.myth_own[0]


def test_tower_of_babel_looks_at_a_hand_before_the_first_bet():
    """TM § Mythology Cards and Their Abilities: "It is very important to check which Mythology cards
    you might play before the first Bet". Tower of Babel (designed): at the start of the Betting Phase
    look at an opponent's hand."""
    _, s = game_with(("marduk", "danu"))
    own(s, 0, "tower_of_babel")
    _lone_win(s)
    run_until(s, lambda s: window_open(s, "betting_start"))
    assert s.pending[-1][1] == 0 and s.hands == 1
    s.apply_action(myth_a(s, "tower_of_babel"))
    s.check_invariants()
    assert s.hand[1] and all(s.vis[c] & 1 for c in s.hand[1])


def test_tablet_of_destinies_a_priest_at_the_end_of_the_battle():
    """TM § Mythology Cards and Their Abilities (used "at the end of" a Phase); Tablet of Destinies
    (designed): at the end of the Battle, before the Power totals, a Priest from the bank joins your
    Stake (+5 Power, kept if you win)."""
    _, s = game_with(("marduk", "danu"))
    own(s, 0, "tablet_of_destinies")
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    to_battle(s)
    run_until(s, lambda s: window_open(s, "battle_end") or s.step != rules.BATTLE)
    assert window_open(s, "battle_end", seat=0)
    cult = s.cult[0][PR]
    s.apply_action(myth_a(s, "tablet_of_destinies"))
    run_until(s, lambda s: s.step == rules.PRAYER)
    assert s.power[:2] == [2 + 5, 2] and s.winners == [0]
    assert s.cult[0][PR] == cult + 1  # the Priest of the winning Stake (no free Priest in a Duel)


def test_lamassu_attacks_cannot_remove_tokens():
    """TM § Mythology Cards and Their Abilities; Lamassu (designed): at the start of the Battle, Attacks
    cannot remove tokens from your Stake for the rest of the Hand. Smite (an opponent loses a Priest)
    takes nothing."""
    _, s = game_with(("marduk", "danu"), first=1)
    own(s, 0, "lamassu")
    set_const(s, ["fire_order_3", "fire_chaos_1", "water_chaos_1", "air_chaos_2", "fire_chaos_2"], 3)
    set_hand(s, 1, ["smite"])
    to_battle(s)
    assert window_open(s, "battle_start", seat=0)
    s.apply_action(myth_a(s, "lamassu"))
    set_tokens(s, 0, stake=[1, 1, 0])
    assert s.current_player() == 1
    do(s, "play", "smite", seat=1)
    while s.pending:
        s.apply_action(s.C.DECLINE)
    assert s.stake[0] == [1, 1, 0]


def test_hanging_gardens_a_disciple_each_hand():
    """TM § Mythology Cards and Their Abilities; Hanging Gardens (designed, passive): at the start of
    each Hand a Disciple from the bank into your Cult."""
    _, s = game_with(("marduk", "danu"))
    own(s, 0, "hanging_gardens")
    _lone_win(s)
    cult = s.cult[0][D]
    run_until(s, lambda s: s.hands == 1 and s.step == rules.BET)
    # + 1 from the Gardens, - 1 for the Initial Ante
    assert s.cult[0][D] == cult + 1 - s.ante


def test_gilgamesh_strikes_as_he_joins_the_stake():
    """TM § Heroes: "When the token joins your Stake, the Hero's ability activates (some abilities have
    power as soon as they join the Stake ...)". Gilgamesh (designed): an opponent in the Battle loses
    two Disciples from his Stake as he joins; in the Stake he counts 5 Power."""
    _, s = game_with(("marduk", "danu"))
    m = own(s, 0, "gilgamesh")
    to_battle(s)
    set_tokens(s, 1, stake=[3, 0, 0])
    base = s.battle_power(0)
    s.apply_action(myth_a(s, "gilgamesh"))
    s.check_invariants()
    assert s.stake[1] == [1, 0, 0] and m in s.hero_stake[0] and s.battle_power(0) == base + 5


def test_every_new_design_is_covered_here():
    """Every Celtic / Mesopotamian Deity and Mythology card has a scenario test in this file."""
    import inspect
    import sys

    src = inspect.getsource(sys.modules[__name__])
    for key in list(DEITY_INDEX)[6:] + list(MYTH_INDEX)[10:]:
        assert f'"{key}"' in src, key
