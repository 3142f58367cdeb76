"""Rituals meet monsters: the co-op Hierapolis preparation has a Mage Tower, so Ritual tokens lie in a
monster game's Arena. Docstrings cite ``001_4e95cd654d8b1058.txt`` (TH), its FAQ and errata."""

from mythenv.games.theosis.rules.rituals import PLACE_AT, RK

from .builder import game, hero, hexi
from .mbuilder import marena

NORN, EDHEL = hero("norn"), hero("edhel")
SET = ["warcraft", "spell_ward", "blind", "neutralize", "tactics", "pain_spike"]


def position():
    g = game(num_players=1, mode="solo", encounter="kotronas:3", heroes_per_player=2, prep="hierapolis")
    s = marena(g, {"norn": dict(owner=0, pos=(2, 1)), "edhel": dict(owner=0, pos=(-3, 0))}, {0: SET},
               ranking=["norn", "edhel"], monsters=[("kotronas", (0, -3), ["plain_3", "plain_4", "plain_2"])])
    # a Wall of Fire cast on an earlier turn: its token covers Norn's hex (1, 1)-(2, 1)
    place = hexi(1, 1) * 6
    assert hexi(2, 1) in PLACE_AT[RK["wall_of_fire"]][place][0]
    s.r_put(RK["wall_of_fire"], place, 0)
    s._legal = None
    return s


def start_turn(s, turn):
    s.turn, s.q, s.dec, s._legal = turn - 1, [["turn_start"]], None, None
    s._run()


def test_a_paralysed_hero_still_burns_on_a_wall_of_fire():
    """Errata page 45 (Wall of Fire): "Every time a Hero steps onto a Hex with a Wall of Fire or start
    their turn there, they immediately suffer this Damage"; Kotronas' Earth's Grab: the hero "will not
    act for the next turn". A paralysed hero still starts its turn: Norn (9 Health) on the wall loses
    the wall's 4, does not act, and Edhel is the next to act."""
    s = position()
    s.para[NORN] = 1
    start_turn(s, 3)
    assert s.hp[NORN] == 5 and s.para[NORN] == 0
    assert s.dec[0] == "move" and s.dec[2] == EDHEL


def test_an_unparalysed_hero_burns_then_moves():
    """The same position without the paralysis: Norn loses 4 and then is asked to move (errata page 45)."""
    s = position()
    start_turn(s, 3)
    assert s.hp[NORN] == 5 and s.dec[0] == "move" and s.dec[2] == NORN
