"""Theomachy Advanced game: the Greek and Norse Gods - every Ability and Request as the rulebook and the
designed texts (data/pantheons.toml) say (TM = 000_b58b559235c1f04d.txt, § Divine Abilities, § God's
Request)."""

from mythenv.games.theomachy.cards import KIND_INDEX
from mythenv.games.theomachy.pantheons import MYTH_INDEX
from mythenv.games.theomachy.rules import BATTLE, BET

from .helpers import act, adv_battle, adv_betting, do, names, pass_battle


# ------------------------------------------------------------------ Poseidon
def test_poseidon_adds_power_in_every_battle_he_takes_part_in():
    """TM § Divine Abilities: "Poseidon's works for all the Battles in which the player takes part ...
    Passive Abilities since the player does not have to do or say anything". Designed text: +2 Power.
    Equal Stakes (2 Disciples = 4): Poseidon 6 against 4, without any action."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    assert s.battle_power(0) == 6 and s.battle_power(1) == 4
    assert "ability" not in names(s)           # nothing to announce: passive
    pass_battle(s)
    assert s.power[:2] == [6, 4] and s.winners == [0]


def test_poseidon_request_needs_a_water_attack_in_a_won_battle():
    """Designed Request: "Win a Battle in which you played a Water Attack" -> one Miracle token (TM §
    God's Request: "When you fulfil the condition of your god's request, you gain a token")."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["undertow"]}, stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    do(s, "play", "undertow", seat=0)
    pass_battle(s)
    assert s.winners == [0] and s.miracles[0] == 1
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["spark"]}, stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    do(s, "play", "spark", seat=0)             # Fire: the Request is not met
    pass_battle(s)
    assert s.winners == [0] and s.miracles[0] == 0


def test_at_most_one_miracle_per_hand():
    """TM § God's Request: "It is not possible to gain more than one Miracle token per Hand even if you
    manage to fulfil the Request condition several times"."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["undertow"]}, stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    do(s, "play", "undertow", seat=0)
    s.winners = [0]
    s._request(0, "win_battle")
    s._request(0, "win_battle")
    assert s.miracles[0] == 1 and s.req_done[0]


# ------------------------------------------------------------------ Ares
def test_ares_discards_several_cards_once_per_hand():
    """TM § Divine Abilities: "Ares may do so only once, even though he may discard several cards";
    active Abilities are announced and their condition met ("often you will have to discard a card"),
    only on your turn. Designed text: +3 Power per card discarded, on his Battle turn."""
    _, s = adv_battle(("ares", "odin"), hands={0: ["insight", "prophecy", "citadel", "spark"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    assert s.current_player() == 0 and "ability" in names(s)
    act(s, "ability")
    assert s.pending[-1][0] == "cost" and set(names(s)) == {"discard"}   # at least one card
    act(s, "discard", KIND_INDEX["insight"])
    assert s.C.DECLINE in s.legal_actions()
    act(s, "discard", KIND_INDEX["prophecy"])
    s.apply_action(s.C.DECLINE)                                           # stop after two
    assert not s.pending and s.bonus[0] == 6 and len(s.hand[0]) == 2
    assert s.battle_power(0) == 4 + 6
    assert "ability" not in names(s)                                      # once per Hand
    pass_battle(s)
    assert s.power[0] == 10 and s.winners == [0]


def test_ares_ability_is_not_for_the_betting_rounds_nor_the_opponents_turn():
    """TM § Divine Abilities: "only when it is your turn to play"; the designed text: on his Battle turn."""
    _, s = adv_betting(("ares", "odin"), first=0, hands={0: ["insight", "spark"], 1: ["spark"]})
    assert s.step == BET and "ability" not in names(s)
    _, s = adv_battle(("ares", "odin"), first=1, hands={0: ["insight"], 1: ["spark"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    assert s.current_player() == 1 and s.step == BATTLE
    assert not s._ability_ok(0)


# ------------------------------------------------------------------ Athena
def test_athena_looks_at_a_hand_and_draws_once_per_hand():
    """Designed Ability: "You may, once per Hand on your betting turn, look at an opponent's hand and
    draw a card" (TM § Divine Abilities: announced, once per Hand, only on your turn); no cost."""
    _, s = adv_betting(("athena", "thor"), first=0, hands={0: [], 1: ["spark", "gust"]})
    cult, bank = s.cult[0][:], s.bank[:]
    act(s, "ability")
    assert s.cult[0] == cult and s.bank == bank and len(s.hand[0]) == 1
    assert all(s.vis[c] & 1 for c in s.hand[1])
    assert "ability" not in names(s)
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)                  # the drawn card could still be played
    assert s.current_player() == 1 and not s._ability_ok(0)


def test_athena_request_is_a_hand_won_without_attacks():
    """Designed Request: "Win a Hand in which you played no Attack card"."""
    _, s = adv_betting(("athena", "thor"), first=0, hands={0: [], 1: []})
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)                  # its turn goes on while its Ability could be used
    do(s, "fold", seat=1)                      # seat 0 wins the Hand alone, no Attack played
    assert s.winners == [0] and s.miracles[0] == 1
    _, s = adv_battle(("athena", "thor"), hands={0: ["spark"]}, stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    do(s, "play", "spark", seat=0)
    pass_battle(s)
    assert s.winners == [0] and s.miracles[0] == 0


# ------------------------------------------------------------------ Thor and Mjollnir
def test_mjollnir_lets_thor_play_attacks_of_other_essences():
    """TM § Allowed Battle Actions: "All Attacks must be of the same type of Essence! You may play
    Attacks of another Essence ONLY if a card allows it (like Mjollnir)". Thor took Mjollnir at setup:
    Spark (Fire) then Gust (Air) in one action; Poseidon without it may not."""
    _, s = adv_battle(("poseidon", "thor"), first=1, hands={1: ["spark", "gust"], 0: ["spark", "gust"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    assert MYTH_INDEX["mjollnir"] in s.myth_own[1]
    do(s, "play", "spark", seat=1)
    assert s.C.off["play"] + KIND_INDEX["gust"] in s.legal_actions()
    do(s, "play", "gust", seat=1)
    assert s.current_player() == 0
    do(s, "play", "spark", seat=0)
    assert s.C.off["play"] + KIND_INDEX["gust"] not in s.legal_actions()


def test_thor_request_two_essences_in_a_won_battle():
    """Designed Request: "Win a Battle in which you played Attacks of two or more Essences"."""
    _, s = adv_battle(("poseidon", "thor"), first=1, hands={1: ["spark", "gust"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    do(s, "play", "spark", seat=1)
    do(s, "play", "gust", seat=1)
    pass_battle(s)
    assert s.winners == [1] and s.miracles[1] == 1


# ------------------------------------------------------------------ Odin
def test_odin_discards_a_card_to_see_the_face_down_constellation_and_draw():
    """Designed Ability: "once per Hand on your betting turn, discard a card from your hand: look at
    the face-down Constellation cards and draw a card"."""
    _, s = adv_betting(("athena", "odin"), first=1, hands={1: ["insight", "spark"]})
    s.const_up = 3
    act(s, "ability")
    assert s.pending[-1][0] == "cost" and s.C.DECLINE not in s.legal_actions()   # exactly one card
    act(s, "discard", KIND_INDEX["insight"])
    assert not s.pending and s.peek[1] and len(s.hand[1]) == 2
    assert s.disc[1][-1] != -1 and "ability" not in names(s)


def test_odin_request_two_effects_then_a_battle():
    """Designed Request: "Take part in a Battle having played two or more Effect cards this Hand"."""
    _, s = adv_battle(("athena", "odin"), first=1, hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    s.h_effects[1] = 2
    pass_battle(s)
    assert s.miracles[1] == 1                   # (Athena ties and wins without Attacks: hers too)
    _, s = adv_battle(("athena", "odin"), first=1, hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [1, 0, 0]})
    s.h_effects[1] = 1
    pass_battle(s)
    assert s.miracles[1] == 0 and s.miracles[0] == 1


# ------------------------------------------------------------------ Freya
def test_freya_disciples_fight_harder_when_she_leads_and_her_request_wants_a_full_stake():
    """Designed passive Ability (data/pantheons.toml): "in every Battle you take part in as the First
    Player, +1 Power per Disciple in your Stake at the End of Battle"; Request: "End a Battle with
    eight or more tokens in your Stake" (TM § God's Request: one Miracle token). Six Disciples (12):
    18 as the First Player, 12 otherwise, and six tokens earn no Miracle; eight Disciples (16, not
    the First Player) earn it, seven do not."""
    _, s = adv_battle(("athena", "freya"), first=1, hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 1, 0], 1: [6, 0, 0]})
    assert s.battle_power(1) == 12 + 6
    pass_battle(s)
    assert s.power[1] == 18 and s.miracles[1] == 0
    _, s = adv_battle(("athena", "freya"), first=0, hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 1, 0], 1: [6, 0, 0]})
    assert s.battle_power(1) == 12
    _, s = adv_battle(("athena", "freya"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [8, 0, 0]})
    pass_battle(s)
    assert s.power[1] == 16 and s.miracles[1] == 1
    _, s = adv_battle(("athena", "freya"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [7, 0, 0]})
    pass_battle(s)
    assert s.miracles[1] == 0


def test_a_folded_player_cannot_use_his_ability():
    """TM § Folding: "A player who folds can no longer play any card, or take any action until the end
    of the Betting Phase and the Battle Phase"."""
    _, s = adv_betting(("athena", "thor"), first=0, hands={0: ["spark"], 1: ["spark"]})
    assert s._ability_ok(0)
    do(s, "fold", seat=0)
    assert s.folded[0] and not s._ability_ok(0)
