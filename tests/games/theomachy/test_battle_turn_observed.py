"""What every seat sees of the Battle turn under way: the sphere its Attacks are bound to and whether
a multi-Essence Attack lifted the bound (the ``battle_turn`` piece), so the mover's legal Attacks are a
function of its observation (tests/conformance/test_observation_determines_mask.py). Docstrings cite
``000_b58b559235c1f04d.txt`` (TM)."""

import numpy as np

from mythenv.games.theomachy.cards import KIND_INDEX, KINDS, SPHERES
from mythenv.games.theomachy.observe import observer
from tests.conformance.helpers import checked_observation

from .helpers import do
from .test_betting_battle import battle_state

CONST = ["air_order_3", "fire_chaos_3", "earth_chaos_1", "water_order_1", "earth_order_1"]


def battle_turn(g, s, p):
    """Seat ``p``'s ``battle_turn`` piece by the Python encoder; the compiled one must write the same."""
    out = checked_observation(g, s, p)
    return observer(s.n).piece(out, "battle_turn")


def test_the_bound_sphere_and_its_lifting_are_public():
    """TM § Allowed Battle Actions: "All Attacks must be of the same type of Essence! You may play
    Attacks of another Essence ONLY if a card allows it". Attacks are played face up, so every seat
    sees the Essence the turn's first Attack bound it to (Gust: Air), then that deck IV's Warband
    lifted the bound, and at the next turn that no bound holds (the third Attack emptied seat 0's hand,
    which ends its turn)."""
    g, s = battle_state(2, hands={0: ["gust", "fireball", "warband"], 1: ["spark"]}, const=CONST)
    for p in range(2):
        assert battle_turn(g, s, p).tolist() == [0.0] * 5
    do(s, "play", "gust", seat=0)
    air = SPHERES.index("air")
    assert KINDS[KIND_INDEX["gust"]].sphere == air
    for p in range(2):
        assert np.flatnonzero(battle_turn(g, s, p)).tolist() == [air]
    do(s, "play", "warband", seat=0)
    for p in range(2):
        assert np.flatnonzero(battle_turn(g, s, p)).tolist() == [air, 4]
    do(s, "play", "fireball", seat=0)       # its last card: the turn passes to seat 1
    assert s.current_player() == 1
    for p in range(2):
        assert battle_turn(g, s, p).tolist() == [0.0] * 5


def test_two_turns_that_allow_different_attacks_look_different():
    """TM § Allowed Battle Actions: after a Gust (Air) the Air turn can only end (Fireball is Fire);
    at a fresh turn Fireball may be played. The mover's two observations differ in ``battle_turn``."""
    g, s = battle_state(2, hands={0: ["gust", "fireball", "spark"], 1: ["rockslide"]}, const=CONST)
    bound = s.clone()
    do(bound, "play", "gust", seat=0)
    assert np.flatnonzero(battle_turn(g, bound, 0)).tolist() == [SPHERES.index("air")]
    assert not battle_turn(g, s, 0).any()
