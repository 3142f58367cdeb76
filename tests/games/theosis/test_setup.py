"""Hero Phase, Fast Action Preparation, Ranking and placement; docstrings cite
``001_4e95cd654d8b1058.txt`` (TH)."""

import pytest

from mythenv.core.errors import ConfigError
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import ITEMS, POWERS, VALUES

from .builder import game


def first_until(s, phase):
    while s.phase != phase and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    return s


def test_snake_order_hero_selection():
    """TH § Hero Phase: clockwise, then counter-clockwise from the last player, then again from the
    first player for a third hero; each hero comes with one of its two archetypes."""
    g = game(num_players=3)
    s = g.new_initial_state(0)
    seats = []
    while s.phase == "select":
        seats.append(s.current_player())
        s.apply_action(s.legal_actions()[-1])  # the last legal pick: highest hero, archetype 2
    assert seats == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert sum(1 for h in range(12) if s.owner[h] >= 0) == 9
    assert all(s.arch[h] == 1 for h in range(12) if s.owner[h] >= 0)


@pytest.mark.parametrize("n,mode,variant,hpp", [(2, "free_for_all", "normal", 3), (4, "free_for_all", "blitz", 2),
                                                (5, "free_for_all", "normal", 2), (4, "teams_2x2", "normal", 3),
                                                (6, "teams_2x3", "normal", 2), (6, "teams_3x2", "normal", 2)])
def test_heroes_per_mode(n, mode, variant, hpp):
    """TH § Game Modes: heroes per player for each Player vs Player and Team vs Team mode."""
    s = game(num_players=n, mode=mode, variant=variant).new_initial_state(0)
    assert s.hpp == hpp and len(s.order) == n * hpp


def test_bad_mode_combinations_rejected():
    """TH § Game Modes lists which modes exist: 2x2 needs 4 players, 2x3 / 3x2 have no blitz."""
    with pytest.raises(ConfigError):
        game(num_players=2, mode="teams_2x2")
    with pytest.raises(ConfigError):
        game(num_players=6, mode="teams_2x3", variant="blitz")


def test_draft_gives_a_full_set_and_one_mana_per_hero():
    """TH § Fast Action Preparation: every player drafts a full set (4.0 / 3.1 / 2.2 / 1.1 / 1.3 /
    0.4); then each Hero gets one Mana crystal in a skill of the player's choice."""
    for n, exp in ((2, False), (6, False), (4, True)):
        s = first_until(game(num_players=n, expansion=exp, prep="fast").new_initial_state(1), "artifact")
        for p in range(n):
            assert sorted(POWERS[c].value_slot for c in s.hand[p]) == list(range(6))
        for h in range(12):
            if s.owner[h] >= 0:
                assert sum(s.mana[h]) == 1


def test_artifact_and_item_offers():
    """TH § Fast Action Preparation: one Artifact per Hero (six at most), then two items per Hero,
    taken in turns and equipped at once; no Rituals."""
    s = first_until(game(num_players=2, prep="fast").new_initial_state(2), "artifact")
    assert len(s.offer) == 6 and all(ITEMS[i].artifact for i in s.offer)
    s = first_until(s, "item")
    assert len(s.offer) == 12 and not any(ITEMS[i].artifact for i in s.offer)
    s = first_until(s, "gold")
    equipped = [i for h in range(12) for i in s.eq[h] if i >= 0]
    assert equipped and all(any(i in s.can_equip(h, i) or True for h in range(12)) for i in equipped)
    for h in range(12):
        for slot, i in enumerate(s.eq[h]):
            if i >= 0:
                assert slot in s.can_equip(h, i)


def test_gold_order_and_ranking_ties_by_initiative():
    """TH § Alignment and Ranking (step 2 from the player right of the initiative holder,
    counter-clockwise
    step 3 most gold ranks first) with the 3 starting gold (errata p.6)
    FAQ:
    equal gold is ranked by initiative."""
    g = game(num_players=3, variant="blitz", prep="fast")
    s = first_until(g.new_initial_state(3), "gold")
    seats = []
    while s.phase == "gold":
        p = s.current_player()
        if not seats or seats[-1] != p:
            seats.append(p)
        la = s.legal_actions()
        s.apply_action(la[-1] if p != 1 else la[0])  # seat 1 puts its gold on its first hero
    assert seats == [2, 1, 0]
    first1 = s.heroes_of(1)[0]
    assert s.gold[first1] == 3 and s.ranking[0] == first1
    rest = s.ranking[1:]
    owners = [s.owner[h] for h in rest]
    assert owners == sorted(owners, key=lambda o: (o - s.initiative) % 3)


def test_placement_ascending_rank_in_own_triad():
    """Errata page 14: the lowest ranked hero is placed first, each player's heroes on its own
    triad of starting hexes."""
    s = first_until(game(num_players=2, prep="fast").new_initial_state(4), "place")
    placed = []
    while s.phase == "place":
        placed.append(s.dec[2])
        s.apply_action(s.legal_actions()[0])
    assert placed == list(reversed(s.ranking))
    for h in placed:
        assert s.pos[h] in s.triad[s.owner[h]]
    assert len({tuple(t) for t in s.triad}) == 2


def test_board_has_centre_and_disjoint_triads():
    """TH § Arena Board: a centre hex and starting hexes (designed layout)."""
    assert rules.HEXES[rules.CENTER] == (0, 0) and rules.NHEX == 61
    cells = [x for t in rules.TRIADS for x in t]
    assert len(set(cells)) == 18
    for t in rules.TRIADS:
        assert all(rules.DIST[a][b] == 1 for a in t for b in t if a != b)
    assert all(v in VALUES for v in [(p.attack, p.defense) for p in POWERS])
