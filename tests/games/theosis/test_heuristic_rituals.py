"""The preparation heuristic visits the Mage Tower (TH § Hierapolis Locations: "Mage Tower: ...
select one to prepare"), so Rituals appear in heuristic play: each seat prepares its first Ritual
when the tower is free (worth more than a track step), and not a second one before the rest."""

import numpy as np

import mythenv
from mythenv.core.view import SeatView
from mythenv.games.theosis.heuristic import heuristic_action


def test_heuristic_players_prepare_rituals():
    g = mythenv.make_game("theosis_v0")
    prepared = 0
    for seed in range(6):
        s = g.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while s.dec[0] != "place":  # up to the Arena placement: the preparation is over
            s.apply_action(heuristic_action(SeatView(g, s, s.current_player(), rng), rng))
        assert all(len(x) <= 2 for x in s.prepared)
        prepared += sum(len(x) for x in s.prepared)
    # two seats, six games: the tower holds one hero a turn, so most seats get one Ritual
    assert prepared >= 6
