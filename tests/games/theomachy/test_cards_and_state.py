"""Theomachy: designed card primitives, bank limits, serialization of pending windows and hidden
information (TM = 000_b58b559235c1f04d.txt)."""

import json

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import StateError
from mythenv.core.fields import Declared
from mythenv.games.theomachy.rules import PH, PR, D, TheomachyState  # noqa: F401

from .helpers import (
    add_place,
    betting_state,
    decline_windows,
    do,
    make,
    play,
    set_const,
    set_hand,
    set_tokens,
)
from .test_betting_battle import ALL_UP, battle_state


def test_aegis_blocks_attacks_not_effects():
    """Designed Aegis (continuous): Attacks cannot remove tokens from your Stake; Effects still can."""
    _, s = betting_state(2, first=0)
    set_const(s, ["earth_order_3", "earth_chaos_3", "fire_order_1", "air_order_1", "water_order_1"], up=3)
    set_hand(s, 1, ["aegis"])
    set_hand(s, 0, ["pestilence"])
    set_tokens(s, 1, stake=[3, 0, 0])
    do(s, "pass", seat=0)
    do(s, "end_turn", seat=0)
    do(s, "play", "aegis", seat=1)
    do(s, "pass", seat=1)
    assert s.round == 1
    do(s, "play", "pestilence", seat=0)      # an Effect: not blocked by Aegis
    assert s.stake[1] == [2, 0, 0]
    set_hand(s, 0, ["plague"])
    set_hand(s, 1, ["power_air_order"])
    s.round = 3
    s._start_battle()
    do(s, "play", "plague", seat=0)          # an Attack: blocked
    assert s.stake[1] == [2, 0, 0] and s.current_player() == 1


def test_stake_removal_takes_last_stand_tokens_first():
    """Designed: Stake removals take the bank tokens on a Last Stand card first."""
    _, s = betting_state(2, first=0)
    set_const(s, ["water_chaos_3", "earth_chaos_3", "fire_order_3", "air_order_1", "earth_order_2"], up=5)
    set_hand(s, 0, ["drown"])
    set_hand(s, 1, ["power_air_order"])
    s.stake[1][D] += 2
    s.lsk[1][D] = 2
    s.bank[D] -= 2
    s.ls[1] = True
    s.check_invariants()
    s.round = 3
    s._start_battle()
    do(s, "play", "drown", seat=0)
    decline_windows(s, [1])              # the target may answer the Attack
    assert s.current_player() == 1 and s.lsk[1] == [0, 0, 0] and s.stake[1] == [1, 0, 0]


def test_earthquake_needs_a_place_and_damages_all():
    """Designed Earthquake: every Place of the target takes a damage; no Place, no target."""
    _, s = betting_state(2, first=0)
    set_const(s, ["earth_chaos_3", "earth_chaos_2", "fire_order_1", "air_order_1", "water_order_1"], up=3)
    set_hand(s, 0, ["earthquake"])
    assert play(s, "earthquake") not in s.legal_actions()
    add_place(s, 1, "citadel")
    add_place(s, 1, "shrine", damaged=1)
    bank = s.bank[:]
    do(s, "play", "earthquake", seat=0)
    decline_windows(s, [1])
    assert len(s.places[1]) == 1 and s.places[1][0][1] == 1 and s.bank[D] == bank[D] + 1


def test_reinforcements_and_smite():
    """Designed Attacks: Reinforcements brings two Disciples from the bank into your Stake; Smite
    sends one Priest of an opponent's Stake to the bank (both resolved at once)."""
    const = ["water_order_3", "fire_order_3", "fire_order_2", "air_order_1", "earth_order_2"]
    _, s = battle_state(2, hands={0: ["reinforcements"], 1: ["smite"]}, const=const,
                        stakes={0: [1, 0, 0], 1: [1, 0, 0]})
    set_tokens(s, 0, stake=[1, 1, 0])
    do(s, "play", "reinforcements", seat=0)
    assert s.stake[0] == [3, 1, 0]
    do(s, "play", "smite", seat=1)
    # the Priest went to the bank at once; End of Battle: 3 Disciples = 6 against 2
    assert s.power == [6, 2] and s.winners == [0]


def test_shrine_win_gain_and_oracle_hand_size():
    """Designed Places: Shrine (a lone winner also takes a Disciple), Oracle of the Winds (draw up to
    six at the start of a Hand)."""
    _, s = betting_state(2, first=0)
    add_place(s, 1, "shrine")
    add_place(s, 1, "oracle")
    cult = s.cult[1][:]
    do(s, "fold", seat=0)
    decline_windows(s, [0])
    # Disciple from the Shrine + the Stake's Disciple back (duel: no Priest)
    assert s.cult[1] == [cult[0] + 2, cult[1], cult[2]]
    do(s, "blind", seat=1)
    do(s, "blind", seat=0)
    assert len(s.hand[1]) == 6 and len(s.hand[0]) == 5


def test_bank_shortage_loses_the_gain():
    """Designed bank limit: a free token the bank does not have is not given."""
    _, s = betting_state(3, first=0)
    set_const(s, ALL_UP, up=5)
    for p in range(3):
        set_hand(s, p, [])
    set_tokens(s, 0, stake=[3, 0, 0], cult=[5, 5, 0])
    moved = s.bank[PH]
    s.cult[1][PH] += moved
    s.bank[PH] = 0
    s.round = 3
    s._start_battle()
    assert s.winners == [0] and s.cult[0][PH] == 0


def test_serialize_inside_reaction_and_closing_windows():
    """Pending reaction / Closing windows survive clone and a JSON round trip exactly."""
    game, s = betting_state(2, first=1)
    set_const(s, ["earth_order_1", "air_chaos_3", "water_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["interruption", "power_earth_chaos"])
    set_hand(s, 1, ["prophecy"])
    do(s, "play", "prophecy", seat=1)
    for st in (s, s.clone()):
        d = json.loads(json.dumps(st.to_dict()))
        r = game.state_from_dict(d)
        assert r.to_dict() == s.to_dict() and r.legal_actions() == s.legal_actions()
    game, s = betting_state(2, first=1)
    set_const(s, ["water_order_1", "air_order_2", "earth_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 1, ["last_rites"])
    do(s, "fold", seat=1)
    assert s.pending[-1][0] == "closing"
    r = game.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert r.to_dict() == s.to_dict() and r.legal_actions() == s.legal_actions()


def test_insight_knowledge_survives_resampling():
    """Hidden information: cards seen with Insight stay put when the viewer resamples; unseen ones
    and set-aside cards are reshuffled without changing the viewer's observation."""
    game, s = betting_state(3, first=0)
    set_const(s, ["air_order_1", "air_order_2", "fire_order_1", "fire_order_2", "fire_chaos_2"], up=3)
    set_hand(s, 0, ["insight"])
    do(s, "play", "insight", seat=0)
    do(s, "target", 0, seat=0)            # seat 1
    decline_windows(s, [1, 2])
    seen = sorted(s.hand[1])
    do(s, "pass", seat=0)
    do(s, "fold", seat=1)
    for k in range(5):
        r = s.resample_hidden(0, np.random.default_rng(k))
        assert sorted(r.aside[1]) == seen
        assert np.array_equal(game.observation(r, 0), game.observation(s, 0))
        r.check_invariants()


def test_eliminated_followers_return_to_the_bank():
    """Designed: an eliminated seat's Cult, Stake and Place tokens go back to the bank."""
    _, s = make(3, seed=0)
    add_place(s, 2, "citadel")
    bank = s.bank[:]
    cult, stake = s.cult[2][:], s.stake[2][:]
    s._eliminate(2)
    assert s.bank == [bank[t] + cult[t] + stake[t] + (1 if t == D else 0) for t in range(3)]
    s.check_invariants()


def test_last_stand_needs_an_impossible_call():
    """TM § Last Stand: "If you want to Call a bet, but you do not have the right Tokens"."""
    _, s = betting_state(2, first=0)
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    do(s, "raise", PR, seat=0)
    assert s.C.LAST_STAND not in s.legal_actions()
    do(s, "call", seat=1)
    assert s.level == [1, 1, 0] and s.round == 1


def test_the_state_is_declared_once():
    """Issue 43: the fields are declared once (``rules/state.py``, ``mythenv.core.fields``): the copies,
    saved states and schema are generated, in the layout the hand-written ones had; the Advanced and
    Epic games' own fields exist and are saved in those modes only, and the schema of the other mode
    refuses them by name."""
    assert issubclass(TheomachyState, Declared)
    assert all(getattr(TheomachyState, m)._generated_from_fields for m in ("clone", "to_dict", "from_dict"))
    basic = mythenv.make_game("theomachy_v0")
    adv = mythenv.make_game("theomachy_v0", mode="advanced", deck="draft")
    d, a = basic.new_initial_state(seed=0).to_dict(), adv.new_initial_state(seed=0).to_dict()
    assert list(d) == [
        "game", "config", "version", "boxes", "ncards", "first", "turn", "round", "action_sphere", "passes",
        "const_up", "ante", "ess_shuffles", "draft_round", "draft_seat", "prayer_seat", "prayer_left", "hands",
        "step", "acted_now", "turn_played", "multi", "supply", "elim", "bank", "level", "attacks", "power", "vis",
        "prayer", "track", "boxed", "ess_deck", "ess_disc", "const", "picked_now", "draft_disc", "winners", "cult",
        "stake", "lsk", "paid", "deck", "hand", "disc", "table", "draft_hand", "picks", "once", "aside", "saved",
        "alive", "ls", "folded", "acted", "peek", "places", "pending", "result_kind", "log", "rng"]
    assert list(a) == list(d) + [
        "pick_seat", "myth_seat", "myth_left", "revealed", "pantheon", "deity", "miracles", "myth_known",
        "ab_uses", "bonus", "h_attacks", "h_spheres", "h_effects", "h_stripped", "vp", "req_done", "hand_multi",
        "hand_shield", "myth_deck", "myth_own", "myth_used", "hero_stake", "myth_out"]
    assert not hasattr(basic.new_initial_state(seed=0), "pantheon")
    with pytest.raises(StateError, match="pantheon"):
        basic.state_from_dict({**d, "pantheon": [-1, -1]})
    with pytest.raises(StateError, match="myth_out"):
        adv.state_from_dict({k: v for k, v in a.items() if k != "myth_out"})
    with pytest.raises(StateError, match=r"field pending\[0\]"):  # an Advanced decision in the Basic game
        basic.state_from_dict({**d, "pending": [["window", 0, 0, []]]})
