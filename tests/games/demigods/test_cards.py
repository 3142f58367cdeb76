"""Demigods cards: blessing, the Power Gods, Guardians, curses and cures (DG = 004_fd352dc18fb78471.txt)."""

import numpy as np
import pytest

from mythenv.core.errors import IllegalActionError
from mythenv.games.demigods.rules import K

from .builder import DRAW, act, aid, build, game, kkeys, legal_names

FILL = 6


def test_blessing_doubles_and_is_lost_when_the_card_leaves():
    """DG § Blessing: 'A sideways 500 is 1,000. A sideways 2,000 is 4,000. A card can only be blessed
    once, and if it ever leaves your kingdom the blessing is lost.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["zeus"], 1: FILL}, kingdoms={0: [], 1: [("army_500", 1), ("army_2000", 1)]})
    assert s.total(1, 0) == 1000 + 4000
    act(s, "play", K["zeus"])
    act(s, "take", 0, 2, 1)          # the blessed 2,000
    assert s.total(0, 0) == 2000 and s.total(1, 0) == 1000
    assert not any(s.blessed[c] for c in s.kingdom[0])


def test_bless_gods_bless_every_unblessed_card_once():
    """DG § Gods: 'Bless every unblessed Army card in your kingdom. Rotate them all. Your whole army
    doubles at once.' / the same for Wealth; 'A card can only be blessed once'."""
    g = game(num_players=2)
    s = build(g, hands={0: ["ares", "plutus"], 1: FILL},
              kingdoms={0: ["army_500", ("army_1000", 1), "wealth_2000"]})
    act(s, "play", K["ares"])
    assert s.total(0, 0) == 1000 + 2000 and s.total(0, 1) == 2000
    assert kkeys(s, s.discard) == ["ares"]
    s2 = build(g, hands={0: ["plutus"], 1: FILL}, kingdoms={0: ["army_500", "wealth_2000", "wealth_500"]})
    act(s2, "play", K["plutus"])
    assert s2.total(0, 1) == 5000 and s2.total(0, 0) == 500


def test_zeus_steals_one_army_card_from_every_other_kingdom_owner_chooses():
    """DG § Gods: 'Steal one Army card from every other player's kingdom. You choose which card you
    take from each.' FAQ: 'Zeus, Hermes and Athena only take cards that are already face up in a
    kingdom. Hands are sacred.'"""
    g = game(num_players=4)
    s = build(g, hands={0: ["zeus"], 1: ["army_2000"], 2: FILL, 3: FILL},
              kingdoms={1: ["army_500", "army_1000", "wealth_2000"], 2: ["wealth_500"], 3: ["army_2000"]})
    act(s, "play", K["zeus"])
    rec = s.pending[-1]
    assert rec[0] == "steal" and rec[3] == (1, 3), "seat 2 has no Army card and is skipped"
    assert sorted(s.legal_actions()) == sorted([aid(s, "take", 0, 0, 0), aid(s, "take", 0, 1, 0)])
    act(s, "take", 0, 1, 0)          # the 1,000 from seat 1
    assert s.current_player() == 0
    act(s, "take", 0, 2, 0)          # the 2,000 from seat 3
    assert s.total(0, 0) == 3000 and s.total(1, 0) == 500 and s.total(3, 0) == 0
    assert kkeys(s, s.hand[1]) == ["army_2000"], "hands are sacred"
    assert s.total(1, 1) == 2000
    assert s.current_player() == 1


def test_hermes_steals_one_wealth_card_from_every_other_kingdom():
    """DG § Gods: 'Steal one Wealth card from every other player's kingdom. You choose which card
    you take from each.'"""
    g = game(num_players=3)
    s = build(g, hands={0: ["hermes"], 1: FILL, 2: FILL},
              kingdoms={1: ["wealth_500", ("wealth_2000", 1)], 2: ["wealth_1000", "army_2000"]})
    act(s, "play", K["hermes"])
    assert sorted(s.legal_actions()) == sorted([aid(s, "take", 1, 0, 0), aid(s, "take", 1, 2, 1)])
    act(s, "take", 1, 2, 1)
    act(s, "take", 1, 1, 0)
    assert s.total(0, 1) == 3000 and s.total(1, 1) == 500 and s.total(2, 1) == 0 and s.total(2, 0) == 2000


def test_athena_stays_in_front_of_her_owner():
    """DG § Gods: 'Athena stays face up in front of you for the rest of the game.' (speech="auto":
    every phrase is said with respect, so her steal never fires)"""
    g = game(num_players=2)
    s = build(g, hands={0: ["athena"], 1: ["zeus"]}, kingdoms={0: ["army_500"], 1: ["army_500"]})
    act(s, "play", K["athena"])
    assert kkeys(s, s.front[0]) == ["athena"] and s.athena_holder() == 0
    act(s, "draw_deck")
    act(s, "play", K["zeus"])
    act(s, "take", 0, 0, 0)
    assert kkeys(s, s.front[0]) == ["athena"] and not s.pending


def test_guardian_blocks_the_curse_on_arrival_then_both_are_discarded():
    """DG § Guardians: 'Placed face up and left there. Blocks the curse the moment it is played on
    you, then both cards are discarded.' (designed pairing: Talos blocks Siege)"""
    g = game(num_players=2)
    s = build(g, hands={0: ["siege"], 1: FILL}, fronts={1: ["talos"]})
    act(s, "play", K["siege"])
    act(s, "target", 0)
    assert s.front[1] == [] and kkeys(s, s.discard) == ["siege", "talos"]
    s = build(g, hands={0: ["poverty"], 1: FILL}, fronts={1: ["talos"]})
    act(s, "play", K["poverty"])
    act(s, "target", 0)
    assert kkeys(s, s.front[1]) == ["poverty", "talos"], "Talos does not block Poverty"


def test_twins_are_one_card_and_block_their_curse():
    """DG § Guardians: 'The twins stand as one card. Placed face up and left there, they block the
    curse on arrival.' (designed: the Dioscuri block Limitation)"""
    g = game(num_players=2)
    s = build(g, hands={0: ["dioscuri"], 1: ["limitation"]})
    act(s, "play", K["dioscuri"])
    assert kkeys(s, s.front[0]) == ["dioscuri"]
    act(s, "draw_deck")
    act(s, "play", K["limitation"])
    act(s, "target", 0)
    assert s.front[0] == [] and kkeys(s, s.discard) == ["dioscuri", "limitation"]


def test_guardian_cannot_lift_a_curse_already_landed():
    """DG § Guardians: 'A Guardian cannot lift a curse that is already in front of you. It must be
    placed in advance, and it does nothing while it sits in your hand. Only a Cure removes a curse
    that has landed.' FAQ: 'No. Guardians prevent, they do not remove.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["talos", "army_500"], 1: ["siege"]})
    act(s, "play", K["talos"])          # Talos placed
    s = build(g, hands={0: ["talos", "army_500"], 1: FILL}, fronts={0: ["siege"]})
    act(s, "play", K["talos"])
    assert kkeys(s, s.front[0]) == ["siege", "talos"]
    # in hand it does nothing: the curse lands
    s = build(g, hands={0: ["siege"], 1: ["talos"]})
    act(s, "play", K["siege"])
    act(s, "target", 0)
    assert kkeys(s, s.front[1]) == ["siege"]


def test_curse_targets_never_self_never_a_duplicate():
    """DG § Curses: 'You cannot curse yourself, and you cannot give a player a curse they already
    carry, though they may carry several different ones at once.' FAQ: 'a single player can never
    hold two of the same curse.'"""
    g = game(num_players=3)
    s = build(g, hands={0: ["siege"], 1: FILL, 2: FILL}, fronts={1: ["siege", "poverty"]})
    act(s, "play", K["siege"])
    assert s.legal_actions() == [aid(s, "target", 1)], "only seat 2 can receive it"
    act(s, "target", 1)
    assert kkeys(s, s.front[2]) == ["siege"]
    s = build(g, hands={0: ["limitation"], 1: FILL, 2: FILL}, fronts={1: ["siege", "poverty"]})
    act(s, "play", K["limitation"])
    act(s, "target", 0)
    assert kkeys(s, s.front[1]) == ["limitation", "poverty", "siege"]


@pytest.mark.parametrize("curse,blocked,allowed", [
    ("siege", ["army_500", "army_2000"], ["wealth_2000", "zeus", "talos"]),
    ("poverty", ["wealth_500", "wealth_1000"], ["army_2000", "hermes", "ladon"]),
    ("limitation", ["army_1000", "army_2000", "wealth_1000", "wealth_2000"],
     ["army_500", "wealth_500", "ares", "argus", "poverty"]),
])
def test_siege_poverty_limitation(curse, blocked, allowed):
    """DG § Curses: Siege 'You may not play Army cards.' Poverty 'You may not play Wealth cards.'
    Limitation 'You may only play 500 cards. Nothing larger.' FAQ: 'Siege blocks Army cards only.
    Poverty blocks Wealth cards only. Everything else is still permitted.'"""
    g = game(num_players=3)
    s = build(g, hands={0: blocked + allowed, 1: FILL, 2: FILL}, fronts={0: [curse]})
    la = set(s.legal_actions())
    for key in blocked:
        assert aid(s, "play", K[key]) not in la and aid(s, "discard", K[key]) in la
    for key in allowed:
        assert aid(s, "play", K[key]) in la


def test_silence_allows_only_army_wealth_the_cure_of_voice_or_discard():
    """DG § Silence: 'You may not speak. Every god, curse and cure needs a spoken phrase, so you may
    play none of them. Only Army and Wealth cards, or discard. You also cannot claim the throne.'
    DG § Cures: 'The Cure of Voice may be played in complete silence.'"""
    g = game(num_players=2)
    hand = ["army_2000", "wealth_500", "zeus", "poverty", "cure_siege", "talos", "cure_silence"]
    s = build(g, hands={0: hand, 1: FILL}, fronts={0: ["silence", "siege"]})
    plays = {s.game.codec.decode(a)[1][0] for a in s.legal_actions() if s.game.codec.decode(a)[0] == "play"}
    assert plays == {K["wealth_500"], K["cure_silence"]}   # Army blocked by Siege; no god/curse/cure/Guardian
    act(s, "play", K["cure_silence"])
    assert kkeys(s, s.front[0]) == ["siege"] and kkeys(s, s.discard) == ["cure_silence", "silence"]


def test_silenced_player_cannot_claim_the_throne():
    """DG § Silence: 'You also cannot claim the throne.'"""
    g = game(num_players=2)
    kd = ["army_2000", "army_2000", "army_1000", "wealth_2000", "wealth_2000", "wealth_1000"]
    s = build(g, hands={0: ["army_500"], 1: FILL}, kingdoms={0: kd}, fronts={0: ["silence", "talos"]})
    act(s, "play", K["army_500"])
    assert not s.is_terminal() and s.current_player() == 1


def test_cures_remove_their_curse():
    """DG § Cures: 'Removes the Curse of Siege.' ... 'Only a Cure removes a curse that has landed.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["cure_siege", "cure_poverty"], 1: FILL}, fronts={0: ["siege", "limitation"]})
    assert aid(s, "play", K["cure_poverty"]) not in s.legal_actions()
    act(s, "play", K["cure_siege"])
    assert kkeys(s, s.front[0]) == ["limitation"] and kkeys(s, s.discard) == ["cure_siege", "siege"]


def test_blindness_plays_a_random_card_if_legal_else_discards_it():
    """DG § Blindness: 'You play blind. ... Each turn, take one card at random from your own hand and
    play it if you legally can. If you cannot, discard it.'"""
    g = game(num_players=2)
    played = discarded = 0
    for seed in range(40):
        s = build(g, hands={0: ["army_2000", "wealth_2000"], 1: FILL}, fronts={0: ["blindness", "siege"]}, seed=seed)
        assert legal_names(s) == ["blind_play"]
        with pytest.raises(IllegalActionError):
            s.apply_action(aid(s, "discard", K["army_2000"]))
        act(s, "blind_play")
        if kkeys(s, s.kingdom[0]) == ["wealth_2000"]:
            played += 1
        else:
            assert kkeys(s, s.discard) == ["army_2000"], "Army is illegal under Siege: discarded"
            discarded += 1
    assert played and discarded


def test_blindness_hides_the_hand_from_its_owner_and_reveals_draws():
    """DG § Blindness: 'Shuffle your hand, hold it face down, and do not look at it. Reveal each card
    you draw so Oracles still fire, then shuffle it in untracked.' A cure gives the sight back."""
    g = game(num_players=2)
    s = build(g, hands={1: ["blindness"], 0: ["army_500", "zeus", "cure_blindness"]}, turn=1,
              deck_top=["wealth_1000"])
    act(s, "play", K["blindness"])
    act(s, "target", 0)
    obs = g.observation_dict(s, 0)
    assert obs["my_hand"].sum() == 0 and obs["my_hand_unseen"][0] == pytest.approx(0.3)
    act(s, "draw_deck")
    obs = g.observation_dict(s, 0)
    assert obs["my_hand"][K["wealth_1000"]] == 0.25, "the drawn card was revealed"
    assert g.observation_dict(s, 1)["known_hands"][0][K["wealth_1000"]] == 0.25
    assert legal_names(s) == ["blind_play"]


def test_cure_of_sight_gives_the_hand_back():
    """DG § Cures: 'Removes the Curse of Blindness.'"""
    g = game(num_players=2)
    s = build(g, hands={0: ["cure_blindness"], 1: FILL}, fronts={0: ["blindness"]})
    for c in s.hand[0]:
        s.vis[c] = 0
    act(s, "blind_play")
    assert s.front[0] == [] and kkeys(s, s.discard) == ["blindness", "cure_blindness"]
    assert np.all(np.asarray(g.observation_dict(s, 0)["my_hand_unseen"]) == 0)


def test_blind_player_still_fires_oracles_and_its_hand_is_resampled_for_itself():
    """DG § Blindness: 'Reveal each card you draw so Oracles still fire, then shuffle it in
    untracked.' The blind seat's own unseen hand is hidden information for that seat too."""
    g = game(num_players=2)
    s = build(g, hands={0: ["army_500", "zeus", "talos"], 1: 6}, fronts={0: ["blindness"]},
              kingdoms={0: ["wealth_2000", "wealth_2000"]}, deck_top=["oracle_wealth_fall"], phase=DRAW)
    for c in s.hand[0]:
        s.vis[c] = 0
    act(s, "draw_deck")
    assert s.pending[-1][:2] == ("halve", 0), "the Oracle fired for the blind drawer"
    act(s, "take", 1, 2, 0)
    assert s.total(0, 1) == 2000
    obs = g.observation(s, 0)
    changed = False
    for seed in range(10):
        r = s.resample_hidden(0, np.random.default_rng(seed))
        assert np.array_equal(g.observation(r, 0), obs) and r.render(0) == s.render(0)
        changed |= sorted(r.hand[0]) != sorted(s.hand[0])
    assert changed, "the blind seat does not know its own hand"
