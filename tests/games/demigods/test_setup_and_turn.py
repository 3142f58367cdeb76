"""Demigods setup, turn structure, drawing and the deck (DG = 004_fd352dc18fb78471.txt)."""

import numpy as np
import pytest

from mythenv.core.errors import ConfigError, IllegalActionError
from mythenv.games.demigods.cards import CARDS
from mythenv.games.demigods.rules import IS_ORACLE, KINDS, OVER, DemigodsState, K

from .builder import ACT, DRAW, act, aid, build, game, kkeys, legal_names


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_six_and_shuffles_oracles_in_afterwards(n):
    """DG § Setup: 'Build the deck for your player count and set the five Oracles aside. Shuffle
    everything else and deal six cards to each player. Shuffle the Oracles into the remaining deck'."""
    g = game(num_players=n)
    for seed in range(5):
        s = g.new_initial_state(seed)
        assert all(len(h) == 6 for h in s.hand)
        assert not any(IS_ORACLE[g.kind_of[c]] for h in s.hand for c in h)
        assert sum(IS_ORACLE[g.kind_of[c]] for c in s.deck) == 5
        assert len(s.deck) == g.num_cards - 6 * n and not s.discard
        s.check_invariants()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_deck_for_the_player_count(n):
    """DG § Deck: 'Specials are 5 Power Gods, 5 Guardians, 10 Cures and 5 Oracles. At two players,
    use only one copy of each curse'; FAQ: 'Yes, there are two copies of each.' The resource
    breakdown is designed (data/decks.toml); five players lock up to sixty resource cards."""
    g = game(num_players=n)
    cats = {}
    for c in range(g.num_cards):
        cat = KINDS[g.kind_of[c]].category
        cats[cat] = cats.get(cat, 0) + 1
    assert cats["god"] == 5 and cats["guardian"] == 5 and cats["cure"] == 10 and cats["oracle"] == 5
    assert cats["curse"] == (5 if n == 2 else 10)
    deck = CARDS.decks[n]
    assert cats["army"] == sum(deck.army) and cats["wealth"] == sum(deck.wealth)
    if n == 5:
        assert cats["army"] + cats["wealth"] == 60


def test_first_player_option_and_clockwise_play():
    """DG § Setup: 'let the youngest player go first. Play passes clockwise.' (youngest-first
    becomes the first_player option); DG § Turn: 'Play passes clockwise to the demigod on your left.'"""
    g = game(num_players=3, first_player=2)
    s = g.new_initial_state(0)
    assert s.current_player() == 2 and s.phase == DRAW
    act(s, "draw_deck")
    a = s.legal_actions()[-1]  # a discard
    s.apply_action(a)
    assert s.current_player() == 0 and s.phase == DRAW
    firsts = {game(num_players=4).new_initial_state(seed).current_player() for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    with pytest.raises(ConfigError):
        game(num_players=2, first_player=3)


def test_take_top_of_deck_or_discard_pile():
    """DG § Turn: 'Take the top card of the deck, or the top card of the discard pile.' FAQ: 'Only
    the top card, and only in place of your deck draw. The pile is face up'."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500"] * 5, 1: ["wealth_500"] * 6}, discard=["zeus", "army_2000"],
              deck_top=["wealth_2000"], phase=DRAW)
    assert legal_names(s) == ["draw_deck", "draw_discard"]
    c = s.clone()
    act(c, "draw_discard")
    assert "army_2000" in kkeys(c, c.hand[0]) and kkeys(c, c.discard)[-1:] == ["zeus"]
    assert c.vis[c.hand[0][-1]] == 0b11, "everyone saw the card taken from the face-up pile"
    assert c.phase == ACT
    act(s, "draw_deck")
    assert "wealth_2000" in kkeys(s, s.hand[0]) and len(s.discard) == 2
    assert s.vis[s.hand[0][-1]] == 0b01, "a deck draw is seen by its drawer only"


def test_oracles_cannot_be_taken_from_the_discard():
    """FAQ: 'Oracles cannot be taken from the discard.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500"] * 6, 1: ["wealth_500"] * 6}, discard=["oracle_exchange"], phase=DRAW)
    assert legal_names(s) == ["draw_deck"]
    with pytest.raises(IllegalActionError):
        s.apply_action(aid(s, "draw_discard"))


def test_must_play_or_discard_never_pass():
    """DG § Turn: 'Play one card from your hand, or discard one card. You must do one or the other.'
    FAQ: 'You may discard instead. But you must do one or the other, and you cannot pass.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500", "siege", "cure_siege"], 1: ["wealth_500"] * 6})
    names = legal_names(s)
    assert "pass" not in names
    assert aid(s, "play", K["army_500"]) in s.legal_actions()
    assert aid(s, "play", K["cure_siege"]) not in s.legal_actions()   # no Curse of Siege to remove
    assert {aid(s, "discard", K[k]) for k in ("army_500", "siege", "cure_siege")} <= set(s.legal_actions())
    act(s, "discard", K["siege"])
    assert kkeys(s, s.discard) == ["siege"] and s.current_player() == 1


def test_oracle_resolves_at_once_and_the_drawer_draws_again():
    """DG § Turn: 'If it is an Oracle, resolve it at once, then carry on.' DG § Oracles: 'It does
    not use your action.' Designed: the Oracle goes to the discard pile and the drawer draws again."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500"] * 6, 1: ["army_1000"] * 4},
              kingdoms={0: ["wealth_2000", "wealth_2000", "wealth_1000"], 1: ["wealth_500"]},
              deck_top=["oracle_wealth_fall", "army_1000"], phase=DRAW)
    act(s, "draw_deck")
    assert kkeys(s, s.discard) == ["oracle_wealth_fall"]
    # seat 0 halves now: 5,000 -> discard one 2,000
    assert s.current_player() == 0 and s.pending[-1][0] == "halve"
    act(s, "take", 1, 2, 0)
    assert s.total(0, 1) == 3000 and s.total(1, 1) == 500
    assert s.phase == DRAW and s.current_player() == 0 and len(s.hand[0]) == 6
    act(s, "draw_deck")
    assert len(s.hand[0]) == 7 and s.phase == ACT


def test_discard_pile_is_reshuffled_when_the_deck_runs_out():
    """DG § Oracles: 'because the discard pile is reshuffled, every Oracle comes back around'."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500"] * 6, 1: ["wealth_500"] * 6}, discard=["oracle_plague", "zeus"],
              deck_rest=False, phase=DRAW)
    # move everything to the discard pile: the deck is empty
    assert not s.deck
    n_disc = len(s.discard)
    act(s, "draw_deck")
    assert s.reshuffled
    total = len(s.deck) + len(s.discard) + len(s.hand[0])
    assert total == n_disc + 6
    s.check_invariants()


def test_turn_bound_is_a_draw():
    """Designed (the page has no end but the throne): after max_rounds rounds the game is a draw, 0 each."""
    g = game(num_players=2, max_rounds=1)
    s = g.new_initial_state(0)
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply_action([a for a in la if s.game.codec.decode(a)[0] in ("discard", "draw_deck")][-1]
                       if any(s.game.codec.decode(a)[0] == "discard" for a in la) else la[0])
    assert s.phase == OVER and s.winner == -1 and s.returns() == [0.0, 0.0] and s.turns == 2


def test_resource_cards_stay_in_the_kingdom():
    """FAQ: 'Once an Army or Wealth card is in your kingdom, it stays there until it is stolen or
    discarded by a halving.' (no action discards a kingdom card)."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_2000"], 1: ["wealth_500"] * 6}, kingdoms={0: ["army_1000"]})
    act(s, "play", K["army_2000"])
    assert kkeys(s, s.kingdom[0]) == ["army_1000", "army_2000"]
    names = {s.game.codec.decode(a)[0] for a in s.legal_actions()}
    assert names <= {"draw_deck", "draw_discard"}
    assert np.isfinite(s.total(0, 0))


def test_rule_tables_cover_every_pending_tag():
    """Issue 43: the rules are found in the tables of ``mythenv.core.engine``. Every tag the saved
    state's ``pending`` field declares is either a decision (with its lister) or an automatic task,
    never both."""
    cls = DemigodsState
    tags = set(cls.fields["pending"].kind.kinds)
    decisions, tasks = cls.handled("decision").keys(), cls.handled("task").keys()
    assert cls.handled("lister").keys() == decisions
    assert not decisions & tasks and decisions | tasks == tags
    assert tasks == {"effect", "claim", "endturn", "advance"}
