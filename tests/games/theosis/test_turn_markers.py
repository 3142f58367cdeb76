"""The nine Turn Markers (issue 27, item 3). Rulebook ``001_4e95cd654d8b1058.txt``: § Components List
"9x Turn Markers"; § Mage Tower "Place the Ritual you are preparing face down next to your Hero mat.
Select one turn token and place it on top of your Ritual indicating the turn the Ritual will be cast
during the Arena Phase" (errata, page 5: "Turn Token" reads "Turn Marker"); § Combat Turns "Combat
in the Arena consists of nine turns ... If there is a Ritual with a turn marker matching the current
turn, it is activated".

One marker per Arena turn, shared by the table: a marker taken is gone for every seat, of every team.
A marker lies face up on top of a face-down card, so the table sees which markers are taken and on
whose Ritual (observation ``rit_marks``, render, mask), never the card under it (docs/games/theosis.md,
Readings)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mythenv.core.errors import IllegalActionError
from mythenv.games.theosis import rules
from mythenv.games.theosis.observe import OBSERVER
from tests.conformance.helpers import checked_observation

from .builder import choose, game
from .configs import ALL, random_game

ALL_TURNS = set(range(1, rules.TURNS + 1))


def first_visit(g, at=lambda s: s.dec[0] == "hp_ritual"):
    """A Hierapolis position of a seeded random game where ``at(s)`` first holds while nobody has
    prepared a Ritual yet: by default the first Mage Tower study."""
    for seed in range(50):
        s = g.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while s.phase in ("select", "prep") and not s.is_terminal():
            if not any(s.prepared) and at(s):
                return s
            s.apply_action(rnd.choice(s.legal_actions()))
    raise AssertionError("no such position met")


def can_go_to_the_mage_tower(s) -> bool:
    return s.dec[0] == "hp_spot" and any(s.action_to_string(a) == "send a hero to the mage tower"
                                         for a in s.legal_actions())


def lay(s, seat: int, turn: int) -> int:
    """Seat ``seat`` has prepared a Ritual of the deck under marker ``turn`` (every card in one place)."""
    ri = s.rdeck.pop(0)
    s.prepared[seat].append([ri, turn])
    s._legal = None
    s.check_invariants()
    return ri


def turns_offered(s) -> set[int]:
    assert s.dec[0] == "hp_rturn", s.dec
    return {a - rules.A_NUM for a in s.legal_actions()}


@pytest.mark.parametrize("cfg,others", [
    (dict(num_players=3), {1: 2, 2: 5}),  # free for all: both other players' markers
    (dict(num_players=4, mode="teams_2x2"), {1: 2, 2: 5, 3: 9}),  # the other team's and the team mate's
])
def test_a_marker_taken_by_any_seat_is_gone_for_everyone(cfg, others):
    """TH § Components List "9x Turn Markers" and § Mage Tower "Select one turn token": the seat
    studying at the Mage Tower is offered only the markers no seat has taken, whatever its team;
    taking a taken one is refused and changes nothing."""
    s = first_visit(game(**cfg))
    p = s.dec[1]
    for k, t in others.items():
        lay(s, (p + k) % s.n, t)
    s.apply_action(rules.A_RITUAL + s.mdraw[0])
    assert turns_offered(s) == ALL_TURNS - set(others.values())
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply_action(rules.A_NUM + 5)
    assert s.to_dict() == before
    choose(s, "choice 3")
    assert s.prepared[p][-1][1] == 3
    assert sorted(t for x in s.prepared for _r, t in x) == sorted([3, *others.values()])


def test_a_saved_state_with_two_rituals_under_one_marker_is_refused():
    """One marker per Arena turn: a save where two seats' Rituals lie under marker 4 is no position
    of the game."""
    from mythenv.core.errors import StateError
    s = first_visit(game(num_players=3))
    lay(s, 1, 4)
    d = s.to_dict()
    d["rdeck"].remove(d["rdeck"][0])
    d["prepared"][2] = [[s.rdeck[0], 4]]
    with pytest.raises(StateError, match="field prepared: two Rituals under one turn marker"):
        s.game.state_from_dict(d)


def test_with_every_marker_taken_the_mage_tower_prepares_nothing():
    """Nine markers and, with the expansion, ten Ritual cards: once the nine lie on prepared Rituals
    there is none to "place on top of your Ritual", so a study at the Mage Tower prepares nothing
    (designed: with the designed one slot a turn, six studies at most, it never happens in play)."""
    s = first_visit(game(num_players=2, expansion=True), can_go_to_the_mage_tower)
    for t in sorted(ALL_TURNS):
        lay(s, t % 2, t)
    assert len(s.rdeck) == 1
    choose(s, "send a hero to the mage tower")
    assert s.dec[0] != "hp_ritual" and s.mdraw == [] and len(s.rdeck) == 1


def test_the_markers_are_public_the_cards_under_them_are_not():
    """§ Mage Tower: the card lies "face down", the marker "on top of your Ritual". After seat 0
    prepares on marker 6, every seat's ``rit_marks`` (both encoders) shows marker 6 on seat 0's
    Ritual, and the other seats' observations do not depend on which card lies under it."""
    s = first_visit(game(num_players=3))
    p = s.dec[1]
    s.apply_action(rules.A_RITUAL + s.mdraw[0])
    choose(s, "choice 6")
    ri = s.prepared[p][0][0]
    other = s.clone()
    swap = other.rdeck[0]
    other.rdeck = sorted(set(other.rdeck) - {swap} | {ri})
    other.prepared[p][0][0] = swap
    other.check_invariants()
    for q in range(3):
        marks = OBSERVER.piece(checked_observation(s.game, s, q), "rit_marks")
        assert marks[(p - q) % 3].tolist() == [0, 0, 0, 0, 0, 1, 0, 0, 0]
        assert marks.sum() == 1
        same = np.array_equal(checked_observation(s.game, s, q), checked_observation(s.game, other, q))
        assert same == (q != p), q


HIERAPOLIS = [pytest.param(c, id="-".join(f"{k}={v}" for k, v in c.items()) or "default")
              for c in ALL if c.get("prep", "hierapolis") == "hierapolis"]


@pytest.mark.parametrize("cfg", HIERAPOLIS)
def test_the_mask_offers_exactly_the_markers_the_seat_sees_free(cfg):
    """Over seeded random games of every Hierapolis config: at every turn-marker choice the legal
    turns are exactly those no seat's ``rit_marks`` row shows taken in the choosing seat's own
    observation (so the mask follows from what the seat sees), and a determinization from any seat
    keeps every marker where it lies."""
    g = game(**cfg)
    met = [0]

    def check(s, step):
        if s.dec is None or s.dec[0] != "hp_rturn":
            return
        p = s.dec[1]
        marks = OBSERVER.piece(checked_observation(g, s, p), "rit_marks")
        seen_taken = {t + 1 for t in np.flatnonzero(marks.any(axis=0))}
        assert turns_offered(s) == ALL_TURNS - seen_taken
        q = (p + 1) % s.n
        r = s.resample_hidden(q, np.random.default_rng(step))
        assert [[t for _r, t in x] for x in r.prepared] == [[t for _r, t in x] for x in s.prepared]
        met[0] += 1

    for seed in range(3):
        random_game(g, seed, check)
    assert met[0] > 0
