"""Independent check of the Preparation Phase in Hierapolis (issue 15), written from the rulebook
text ``001_4e95cd654d8b1058.txt`` (TH) before reading the rules code's answers: TH § Preparation
Phase (Assigning Heroes to Locations, Quests, Hierapolis Locations, Artifacts, Alignment and
Ranking), the FAQ and the errata (pages 4, 6, 7, 10), TH § Expansion Cards. Each docstring quotes the
sentence and the expected outcome worked out from it.

Positions are reached by playing the Hero Phase and the assignments through the public actions
(taken by their layout label, ``builder.layout_label``); a few set a purse, a Health or a track by hand."""

import numpy as np

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import HERO_INDEX, ITEM_INDEX, ITEMS, POWERS, RITUALS
from tests.conformance.helpers import checked_observation

from .builder import choose, say

H = HERO_INDEX
FULL_SET = sorted([(4, 0), (3, 1), (2, 2), (1, 1), (1, 3), (0, 4)])


def new(picks, n=2, seed=0, **cfg):
    """A game after the Hero Phase: ``picks`` the hero keys in the order the seats are asked."""
    g = mythenv.make_game("theosis_v0", num_players=n, **cfg)
    s = g.new_initial_state(seed)
    for k in picks:
        assert s.dec[0] == "pick", s.dec
        s.apply_action(rules.A_PICK + H[k] * 2)
    assert s.phase == "prep", s.phase
    return g, s


def go(s, where):
    """The seat to act sends a hero to ``where`` (a name of ``SPOT_NAMES``)."""
    assert s.dec[0] == "hp_spot", s.dec
    return choose(s, f"send a hero to the {where}")


def settle(s, pick=None):
    """Answer every pending decision that is not a placement: with ``pick(s)`` (an action or None)
    where it answers, else the first legal action (a bid: not taking part)."""
    while s.phase == "prep" and s.dec[0] != "hp_spot":
        a = pick(s) if pick else None
        if a is None:
            la = s.legal_actions()
            a = rules.A_NUM if s.dec[0] == "hp_join" else la[0]
        s.apply_action(a)
    return s


def random_prep(g, seed):
    """A random game up to the Arena; yields the state before every action."""
    s = g.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    while s.phase in ("select", "prep", "gold", "place") and not s.is_terminal():
        yield s
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    yield s


# ------------------------------------------------------------------ Assigning Heroes to Locations


def test_first_hero_each_turn_takes_a_golden_slot_and_only_one_does():
    """Errata page 10: "When allocating your first Hero, you must choose one of the golden slots in
    the Quest Locations in order to gain a Power"; TH § Quests: "You can only assign one Hero each
    turn to the golden circle spaces below each quest". In random games (2 and 3 players), each
    turn a player's first placement is offered only golden slots, its later ones none."""
    for n in (2, 3):
        g = mythenv.make_game("theosis_v0", num_players=n)
        for seed in range(3):
            placed = {}
            for s in random_prep(g, seed):
                if s.phase != "prep" or s.dec[0] != "hp_spot":
                    continue
                p = s.dec[1]
                k = placed.setdefault((s.pturn, p), 0)
                golden = [x.endswith("(golden slot)") for x in say(s)]
                assert all(golden) if k == 0 else not any(golden), (n, seed, s.pturn, p, k, say(s))
                placed[(s.pturn, p)] = k + 1


def test_each_player_ends_with_the_full_set_of_values():
    """TH § Assigning Heroes to Locations: "All Powers chosen on the first round should have Values
    (4,0), then any extras should be removed so that second round Powers have Values of (3,1) etc.";
    TH § Order of Powers: the piles' order (4,0), (3,1), (2,2), (1,1), (1,3), (0,4). Whatever
    Quests the players choose, after six turns each player with a hero standing holds one Power of
    each value pair."""
    for n in (2, 3, 4):
        g = mythenv.make_game("theosis_v0", num_players=n)
        for seed in range(3):
            *_, s = random_prep(g, seed)
            for p in range(n):
                if not any(s.owner[h] == p and s.hp[h] > 0 for h in range(rules.NH)):
                    continue
                cards = s.hand[p] + s.disc[p]
                assert sorted((POWERS[c].attack, POWERS[c].defense) for c in cards) == FULL_SET, (n, seed, p)


PICKS2 = ("raug", "rochon", "aer", "rac")  # blitz, snake order: seat 0 Raug and Rac, seat 1 Rochon and Aer


def test_initiative_marker_last_holder_at_the_turns_beginning_plays_first():
    """TH § Guardian Quest / Tavern: "Gain the Initiative Marker. This action does not affect this
    turn; it takes effect at the beginning of the next turn. Whoever manages to hold onto the
    Initiative Marker until the beginning of a turn plays first." Turn 1 (seat 0 first): seat 1's
    first hero takes the Guardian Quest (the marker): seat 0 still places next. If seat 0 then takes
    it back at the Tavern, seat 0 plays first on turn 2; if not, seat 1 does."""
    for tavern, first in ((True, 0), (False, 1)):
        _g, s = new(PICKS2, variant="blitz")
        assert s.dec[1] == 0
        settle(go(s, "warmonger Quest (golden slot)"))
        settle(go(s, "guardian Quest (golden slot)"))
        assert s.dec[0] == "hp_spot" and s.dec[1] == 0, s.dec
        settle(go(s, "tavern" if tavern else "mercenary camp"))
        settle(go(s, "righteous Quest"))
        assert s.pturn == 2 and s.dec[0] == "hp_spot" and s.dec[1] == first, (tavern, s.dec)


PICKS3 = ("raug", "rochon", "norn", "curunir", "aer", "rac", "nimloth", "edhel", "lug")
# 3 players, 3 heroes each, snake order 0 1 2 2 1 0 0 1 2: seat 0 Raug, Rac, Nimloth (the example's
# Deviant Succubus, Horrid Necromancer, Ancient Druid); seat 1 Rochon, Aer, Edhel; seat 2 Norn,
# Curunir, Lug


def simple_turn(s):
    """One preparation turn: every first hero on the first golden slot offered, the others at the
    Mercenary Camp (else the first spot offered); rewards with the first option; no bids."""
    t = s.pturn
    while s.phase == "prep" and s.pturn == t:
        if s.dec[0] == "hp_spot":
            la = say(s)
            s.apply_action(s.legal_actions()[la.index("send a hero to the mercenary camp")]
                           if "send a hero to the mercenary camp" in la else s.legal_actions()[0])
        settle(s)
    return s


def to_last_turn(s):
    while s.pturn < 6:
        simple_turn(s)
    assert s.pturn == 6 and s.dec[0] == "hp_spot"
    return s


def play_turn(s, goldens):
    """One turn: the first heroes take the golden slots of ``goldens`` in placement order, the others
    a location of ``QUIET`` (none steers a track); rewards with the first option."""
    goldens = list(goldens)
    t = s.pturn
    while s.phase == "prep" and s.pturn == t:
        if s.dec[0] != "hp_spot":
            settle(s)
            continue
        la = [x.lower() for x in say(s)]
        if la[0].endswith("(golden slot)"):
            choose(s, f"send a hero to the {goldens.pop(0)} quest (golden slot)")
        else:
            choose(s, next(f"send a hero to the {x}" for x in QUIET if f"send a hero to the {x}" in la))
        settle(s)
    return s


QUIET = ("mercenary camp", "market", "cathedral", "mage tower", "tavern")  # spots that steer no track


def _example_end():
    """Three players (PICKS3) at the end of turn 6 with the Deceitful - Righteous marker at +2
    towards Deceitful and the Vengeful - Merciful marker at +1 towards Vengeful (the example's
    "you lost on the Vengeful - Merciful Axis"); Warmonger - Guardian at 0."""
    _g, s = new(PICKS3, n=3)
    to_last_turn(s)
    s.track[:] = [0, 2, 2]
    play_turn(s, ["warmonger", "guardian", "merciful"])  # +1 -1 on the first track, -1 on the third
    assert s.track == [0, 2, 1]
    return s


def test_alignment_bonus_example_twenty_each():
    """TH § Alignment and Ranking, Step 1 example: "The Alignment marker ended on +2 towards
    Deceitful against Righteous. This means that if the Deviant Succubus or Nefarious Necromancer,
    both of whom favor the Deceitful Alignment are in play, they both gain 20 gold ... The Celestial
    Priestess and Sacred Paladin who favor the Righteous Alignment receive nothing." Raug and Rac
    20 each; Aer and Rochon 0; Nimloth (Merciful, the lost axis) 0; the heroes of the Warmonger -
    Guardian axis at 0 nothing."""
    s = _example_end()
    assert s.dec[0] == "gold"
    gold = {k: s.gold[H[k]] for k in PICKS3}
    assert gold == {"raug": 20, "rac": 20, "rochon": 0, "aer": 0, "nimloth": 0, "edhel": 0, "norn": 0,
                    "curunir": 0, "lug": 0}


def test_gold_allocation_order_and_the_example():
    """TH § Alignment and Ranking, Step 2: "Starting with the player to the right of the player
    holding the Initiative Marker and continuing counter-clockwise, each player will allocate their
    gold ... the player holding the Initiative Marker will allocate gold last". Example: "You have
    three gold ... 20 gold on the Deviant Succubus and 20 on the Nefarious Necromancer ... zero gold
    on the Ancient Druid. You choose to allocate one gold to the Deviant Succubus for a total of 21
    gold on her and two gold to the Ancient Druid for a total of two gold on him." Step 3: "The
    Hero who has the highest amount of gold ... is allocated to position 1 on the Ranking and so
    on." The holder is seat 0 (its first hero took the Guardian Quest): seats 2, 1, then 0 allocate;
    seat 0 with three gold ends Raug 21, Rac 20, Nimloth 2, ranked in that order."""
    s = _example_end()
    holder = s.initiative
    asked = []
    while s.phase == "gold":
        p = s.dec[1]
        if not asked or asked[-1] != p:
            asked.append(p)
        if p == 0:
            s.purse[0] = 3
            for k in ("raug", "nimloth", "nimloth"):
                choose(s, f"hero {rules.HEROES[H[k]].name}")
            while s.phase == "gold" and s.dec[1] == 0:
                choose(s, "done / none")
        else:
            choose(s, "done / none")
    assert asked == [(holder - 1) % 3, (holder - 2) % 3, holder]
    assert [s.gold[H[k]] for k in ("raug", "rac", "nimloth")] == [21, 20, 2]
    r = [s.ranking.index(H[k]) for k in ("raug", "rac", "nimloth")]
    assert r == sorted(r)


def test_ranking_ties_in_initiative_order():
    """FAQ: "When two or more heroes have the same amount of gold, they are placed in the Ranking in
    order of initiative." Nobody allocates any gold: every hero of seats 1 and 2 has 0, as do
    seat 0's Nimloth; the 0-gold heroes stand in the Ranking seat by seat from the holder
    clockwise."""
    s = _example_end()
    holder = s.initiative
    while s.phase == "gold":
        choose(s, "done / none")
    order = [(holder + k) % 3 for k in range(3)]
    zeros = [h for h in s.ranking if s.gold[h] == 0]
    seats = [s.owner[h] for h in zeros]
    assert seats == sorted(seats, key=order.index), (holder, seats)


# ------------------------------------------------------------------ TH § Artifacts: the bidding


def to_bidding(artifact="dawnblade"):
    """Two players (PICKS2) at the end of turn 1's assignments (nobody at the Market), the leftmost
    face-down Artifact set to ``artifact`` (Raug and Rac, seat 0, can wield the one-handed
    Dawnblade)."""
    _g, s = new(PICKS2, variant="blitz")
    a = ITEM_INDEX[artifact]
    s.arow.remove(a)
    s.arow.insert(0, a)
    settle(go(s, "warmonger Quest (golden slot)"))
    settle(go(s, "guardian Quest (golden slot)"))
    settle(go(s, "mercenary camp"))
    go(s, "mercenary camp")
    assert s.dec[0] == "hp_join", s.dec
    return s


def bid_round(s, joins, bids):
    """``joins[p]``: seat p takes part; ``bids[p]``: its sealed bid (one digit: purses below 10)."""
    while s.dec[0] == "hp_join":
        choose(s, f"choice {int(joins[s.dec[1]])}")
    while s.dec[0] == "hp_bid":
        assert max(s.purse) < 10
        choose(s, f"choice {bids[s.dec[1]]}")
    return s


def test_all_bids_paid_the_highest_wins():
    """TH § Artifacts: "The highest bid wins the Artifact. All gold from all bids, winning or losing,
    is returned to the gold pile." Seat 0 bids 3, seat 1 bids 1: both pay their bids, seat 0 gets
    the Dawnblade on one of its heroes."""
    s = to_bidding()
    before = list(s.purse)
    bid_round(s, [1, 1], [3, 1])
    settle(s)
    assert s.purse == [before[0] - 3, before[1] - 1]
    dawn = ITEM_INDEX["dawnblade"]
    assert any(dawn in s.eq[H[k]] for k in ("raug", "rac")) and dawn not in s.pouch


def test_bidding_tie_discards_and_still_costs_everyone():
    """TH § Artifacts: "In the case of a tie, the Artifact is discarded into the pouch and all gold
    from all bids is again removed from each participating player." Both bid 2: both pay 2, the
    Dawnblade goes to the pouch, no hero has it."""
    s = to_bidding()
    before = list(s.purse)
    bid_round(s, [1, 1], [2, 2])
    settle(s)
    assert s.purse == [before[0] - 2, before[1] - 2]
    dawn = ITEM_INDEX["dawnblade"]
    assert dawn in s.pouch and not any(dawn in e for e in s.eq)


def test_a_player_not_taking_part_pays_nothing():
    """TH § Artifacts: "Any players who want to participate in the optional bidding process"; only
    bids are paid. Seat 1 stays out, seat 0 bids 1: seat 0 pays 1 and wins, seat 1 keeps its purse."""
    s = to_bidding()
    before = list(s.purse)
    bid_round(s, [1, 0], [1, 0])
    settle(s)
    assert s.purse == [before[0] - 1, before[1]]


def test_sealed_bid_hidden_from_the_other_bidder():
    """TH § Artifacts: "Each player secretly selects a number of coins to hold in their closed fist
    ... When all players are ready, all bids are simultaneously revealed." While seat 1 is to write
    its bid, seat 0's (3 or 5) does not show in seat 1's observation (both encoders), render or
    legal actions, and a determinization from seat 1's view redraws it."""
    views = []
    for b in (3, 5):
        s = to_bidding()
        while s.dec[0] == "hp_join":
            choose(s, "choice 1")
        assert s.dec[0] == "hp_bid" and s.dec[1] == 0
        choose(s, f"choice {b}")
        assert s.dec[0] == "hp_bid" and s.dec[1] == 1
        views.append((checked_observation(s.game, s, 1), s.render(1), s.legal_actions()))
    assert np.array_equal(views[0][0], views[1][0]) and views[0][1:] == views[1][1:]
    drawn = {s.resample_hidden(1, np.random.default_rng(i)).bid[0] for i in range(30)}
    assert len(drawn) > 2


def test_market_refresh_six_new_then_the_old_back():
    """TH § Assigning Heroes to Locations: "As soon as Artifact bidding is over, randomly choose six
    new Weapon and Armor tokens from the pouch to refresh the Market. If an Artifact was randomly
    selected, show it to the rest of the players then shuffle it back into the pouch. All unclaimed
    Weapons and Armors from this turn are shuffled back into the pouch after the new Weapons and
    Armors are drawn". Nobody took from the Market on turn 1: the new Market holds six tokens, no
    Artifact, none of the six old ones, which are back in the pouch."""
    s = to_bidding()
    old = list(s.offer)
    assert len(old) == 6
    bid_round(s, [0, 0], [0, 0])
    settle(s)
    assert s.pturn == 2
    new_offer = list(s.offer)
    assert len(new_offer) == 6 and not set(new_offer) & set(old)
    assert not any(ITEMS[i].artifact for i in new_offer)
    assert set(old) <= set(s.pouch)


# ------------------------------------------------------------------ TH § Mage Tower


def at_mage_tower(deck=None):
    _g, s = new(PICKS2, variant="blitz")
    if deck is not None:
        s.rdeck[:] = sorted(deck)
    settle(go(s, "warmonger Quest (golden slot)"))
    settle(go(s, "guardian Quest (golden slot)"))
    go(s, "mage tower")
    assert s.dec[0] == "hp_ritual" and s.dec[1] == 0, s.dec
    return s


def test_mage_tower_six_drawn_one_kept_rest_back():
    """TH § Mage Tower: "Shuffle the Rituals and randomly take six ... Study the Rituals and select one
    to prepare. Shuffle the rest of the Rituals back into the deck. Place the Ritual you are
    preparing face down next to your Hero mat. Select one turn token and place it on top of your
    Ritual". Six of the nine are offered; the one kept lies in ``prepared`` with the turn chosen
    (7); the deck holds the other eight."""
    s = at_mage_tower()
    offered = [a - rules.A_RITUAL for a in s.legal_actions()]
    assert len(offered) == 6 and len(s.rdeck) == 3
    keep = offered[2]
    s.apply_action(rules.A_RITUAL + keep)
    choose(s, "choice 7")
    assert s.prepared[0] == [[keep, 7]]
    assert sorted(s.rdeck) == sorted(set(range(9)) - {keep})


def test_mage_tower_deck_running_low():
    """TH § Mage Tower: "randomly take six, or if the deck is running low, as many as are
    available". With three Rituals left in the deck, the three are offered."""
    s = at_mage_tower(deck=[1, 4, 7])
    assert sorted(a - rules.A_RITUAL for a in s.legal_actions()) == [1, 4, 7]


def test_mage_tower_draw_and_the_kept_ritual_hidden_from_the_other_seat():
    """TH § Mage Tower: the player "studies" the six Rituals and places the one prepared face down,
    then "Select one turn token and place it on top of your Ritual". While seat 0 chooses among its
    six, and after it keeps one under a turn marker, seat 1's observation (both encoders) and render
    are the same whichever six were drawn / whichever Ritual was kept, but not whichever marker (it
    lies face up on the card); a determinization from seat 1's view redraws the six and, after, the
    kept card, never its turn."""
    a = at_mage_tower()
    b = a.clone()
    b.mdraw = sorted(b.rdeck + b.mdraw[:3])
    b.rdeck = sorted(set(range(9)) - set(b.mdraw))
    b._legal = None
    assert sorted(a.mdraw) != sorted(b.mdraw)
    for x, y in ((a, b),):
        assert np.array_equal(checked_observation(a.game, x, 1), checked_observation(a.game, y, 1))
        assert x.render(1) == y.render(1)
    draws = {tuple(sorted(a.resample_hidden(1, np.random.default_rng(i)).mdraw)) for i in range(20)}
    assert len(draws) > 2
    c = b.clone()
    a.apply_action(rules.A_RITUAL + a.mdraw[0])
    choose(a, "choice 3")
    b.apply_action(rules.A_RITUAL + b.mdraw[-1])
    choose(b, "choice 3")
    c.apply_action(rules.A_RITUAL + c.mdraw[-1])
    choose(c, "choice 8")
    assert a.prepared[0][0] != b.prepared[0][0] and b.prepared[0][0][0] == c.prepared[0][0][0]
    assert np.array_equal(checked_observation(a.game, a, 1), checked_observation(a.game, b, 1))
    assert a.render(1) == b.render(1)
    assert not np.array_equal(checked_observation(a.game, b, 1), checked_observation(a.game, c, 1))
    assert "turn marker 3" in b.render(1) and "turn marker 8" in c.render(1)
    kept = {tuple(a.resample_hidden(1, np.random.default_rng(i)).prepared[0][0]) for i in range(20)}
    assert len(kept) > 2 and {t for _r, t in kept} == {3}


# ------------------------------------------------------------------ TH § Order of Powers, expansion


def card_of(key):
    return next(c for c, p in enumerate(POWERS) if p.key == key)


def owned(s, key):
    c = card_of(key)
    return any(c in s.hand[p] + s.disc[p] for p in range(s.n))


def test_second_round_powers_are_three_one_in_every_pile():
    """TH § Assigning Heroes to Locations: "When all players have allocated their first Hero, remove
    any Power that was not selected for this round. All Powers chosen on the first round should have
    Values (4,0), then any extras should be removed so that second round Powers have Values of (3,1)
    etc." Round 1 takes the Guardian and Righteous Powers only; on round 2 the Deceitful golden slot
    (whose Poison nobody took) gives Vortex (3,1), and Poison belongs to nobody."""
    _g, s = new(PICKS2, variant="blitz")
    play_turn(s, ["guardian", "righteous"])
    assert s.pturn == 2
    p = s.dec[1]
    play_turn(s, ["deceitful", "warmonger"])
    assert card_of("vortex") in s.hand[p] + s.disc[p]
    assert not owned(s, "poison")


def test_expansion_choice_in_the_first_round():
    """TH § Expansion Cards: "in the first turn in Hierapolis, if you choose to complete the Warmonger
    Quest, you will be able to choose between Warcraft or Incinerating Fury. You select one and the
    other is removed from the game." Seat 0 takes Incinerating Fury; Warcraft is nobody's at the end
    of the preparation."""
    _g, s = new(PICKS2, variant="blitz", expansion=True)
    go(s, "warmonger Quest (golden slot)")
    assert sorted(say(s)) == ["power Incinerating Fury (4/0)", "power Warcraft (4/0)"]
    choose(s, "power Incinerating Fury (4/0)")
    settle(s)
    while s.phase == "prep":
        simple_turn(s)
    assert owned(s, "incinerating_fury") and not owned(s, "warcraft")


def test_expansion_untaken_quest_removes_both_and_the_force_sunder_example():
    """TH § Expansion Cards: "If the Warmonger Quest is not completed in the first turn, then both
    cards are removed, and Fireball is the only available Power Card for the second turn." Errata
    p.4 example: "At the beginning of the second round on the Righteous Quest there will be the Force
    Sunder Power card on top of the card pile. The first player places a Hero on that Quest Location
    can now choose to acquire either the Force Sunder card or the Nova card which is the next on the
    pile. He chooses Force Sunder and removes Nova from the game." Round 1: Guardian and Deceitful
    only. Round 2: the Warmonger golden slot gives Fireball with no choice; the Righteous one offers
    Force Sunder or Nova; Force Sunder taken, Nova is nobody's at the end."""
    _g, s = new(PICKS2, variant="blitz", expansion=True)
    play_turn(s, ["guardian", "deceitful"])
    assert s.pturn == 2
    p = s.dec[1]
    go(s, "warmonger Quest (golden slot)")
    assert s.dec[0] != "hp_power", say(s)
    assert card_of("fireball") in s.hand[p]
    settle(s)
    go(s, "righteous Quest (golden slot)")
    assert sorted(say(s)) == ["power Force Sunder (3/1)", "power Nova (3/1)"]
    choose(s, "power Force Sunder (3/1)")
    settle(s)
    while s.phase == "prep":
        simple_turn(s)
    assert owned(s, "force_sunder") and not owned(s, "nova")
    assert not owned(s, "warcraft") and not owned(s, "incinerating_fury")


# ------------------------------------------------------------------ Quests and locations


class Forced:
    """A generator whose ``integers`` returns the scripted values first (the Thieves' Guild face as
    its index in ``data/hierapolis.toml``, 0 steal_mana .. 5 fence; the d4 as 1..4), then a seeded
    generator's."""

    def __init__(self, *vals, seed=0):
        self.vals = list(vals)
        self.g = np.random.default_rng(seed)

    def integers(self, lo, hi=None):
        return self.vals.pop(0) if self.vals else self.g.integers(lo, hi)

    def permutation(self, x):
        return self.g.permutation(x)


def after_firsts(golden0="guardian", golden1="righteous", **cfg):
    """Both first heroes placed (rewards answered with the first option): seat 0 to act."""
    _g, s = new(PICKS2, variant="blitz", **cfg)
    settle(go(s, f"{golden0} Quest (golden slot)"))
    settle(go(s, f"{golden1} Quest (golden slot)"))
    assert s.dec[1] == 0
    return s


def answer(s, *texts):
    for t in texts:
        choose(s, t)
    return s


def name(k):
    return rules.HEROES[H[k]].name


def test_warmonger_damage_to_zero_removes_the_hero():
    """TH § Warmonger Quest: "Deal one Damage to any one enemy Hero ... If the Hero's Health is
    reduced to zero then they are removed from the game." Rochon at 1 Health takes the Damage:
    Health 0; seat 1 places one hero fewer from turn 2 on, and Rochon is not on the board when the
    Arena begins (he stays a fallen hero; docs, Readings: Resurrection)."""
    _g, s = new(PICKS2, variant="blitz")
    s.hp[H["rochon"]] = 1
    answer(go(s, "warmonger Quest (golden slot)"), f"hero {name('rochon')}")
    assert s.hp[H["rochon"]] == 0
    settle(s)
    assert s.pturn == 1
    finish = []
    while s.phase not in ("arena", "over"):
        la = s.legal_actions()
        if s.phase == "prep" and s.pturn == 2 and s.dec[0] == "hp_spot":
            finish.append(s.dec[1])
        s.apply_action(rules.A_NUM if s.dec[0] == "hp_join" else la[0])
    assert finish.count(1) == 1 and finish.count(0) == 2
    assert s.pos[H["rochon"]] < 0 and not s.alive(H["rochon"])


def test_plain_quest_slot_gives_no_reward():
    """TH § Quests: "You can always assign your other Heroes to the non-gold spaces on a quest but
    your only reward is to move the Alignment Marker." Seat 0's second hero on the plain Deceitful
    slot: no theft (both purses unchanged), the Deceitful - Righteous marker one step towards
    Deceitful."""
    s = after_firsts()
    s.purse[1] = 2
    mine, track = s.purse[0], list(s.track)
    go(s, "deceitful Quest")
    assert s.purse == [mine, 2]
    assert s.track == [track[0], track[1] + 1, track[2]]


def test_deceitful_golden_slot_steals_up_to_three():
    """As above, from the golden slot: seat 1 (2 gold) loses 2, seat 0 gains 2."""
    _g, s = new(PICKS2, variant="blitz")
    s.purse[1] = 2
    go(s, "deceitful Quest (golden slot)")
    while s.dec[0] != "hp_spot":
        choose(s, "player 1") if s.dec[0] == "hp_steal" else s.apply_action(s.legal_actions()[-1])
    assert s.purse == [3 + 2, 0]


def test_thieves_guild_steal_mana_placed_or_discarded():
    """TH § Thieves Guild, Steal one Mana: "Target one enemy Hero's skill containing a Mana gem and
    remove it. Immediately place it in one of your Hero's skills. If you do not have an empty skill
    for the Mana gem, then discard it." Rochon holds gems in slots 1 and 3; seat 0 takes the first:
    with empty skills it goes to Raug; with every skill full it is discarded (one gem fewer in
    play)."""
    for full in (False, True):
        s = after_firsts()
        s.mana[H["rochon"]] = [1, 0, 1]
        if full:
            s.mana[H["raug"]] = [1, 1, 1]
            s.mana[H["rac"]] = [1, 1, 1]
        before = sum(map(sum, s.mana))
        s.rng = Forced(0)
        go(s, "thieves guild")
        answer(s, f"hero {name('rochon')}", "slot 1")
        while s.dec[0] != "hp_spot":
            s.apply_action(s.legal_actions()[0])
        assert s.mana[H["rochon"]] == [0, 0, 1]
        assert sum(map(sum, s.mana)) == before - full, full


def test_thieves_guild_three_damage_kills_at_zero():
    """TH § Thieves Guild, Deal three Damage: "If that Hero's Health is reduced to 0, then that Hero
    is removed from the game." Aer at 3 Health: 0."""
    s = after_firsts()
    s.hp[H["aer"]] = 3
    s.rng = Forced(1)
    go(s, "thieves guild")
    answer(s, f"hero {name('aer')}")
    assert s.hp[H["aer"]] == 0 and not s.standing(H["aer"])


def test_thieves_guild_steals_as_many_as_they_have():
    """TH § Thieves Guild: "Steal as many gold tokens as they have up to two or four according to the
    roll result." Seat 1 holds 3: the four face takes 3; the two face takes 2. Seat 0 pays the
    designed 1 gold to enter."""
    for face, taken in ((3, 3), (2, 2)):
        s = after_firsts()
        s.purse[1] = 3
        mine = s.purse[0]
        s.rng = Forced(face)
        go(s, "thieves guild")
        while s.dec[0] == "hp_steal":
            choose(s, "player 1")
        assert s.purse == [mine - 1 + taken, 3 - taken], face


def test_cathedral_heals_one_hero_completely():
    """TH § Cathedral: "Take up to two Mana gems ... Then completely Heal any one Hero, setting his or
    her Health to 9"; FAQ: the gems go "into the player's supply". Raug at 4 Health is healed to 9;
    the two gems wait in seat 0's supply."""
    s = after_firsts()
    s.hp[H["raug"]] = 4
    go(s, "cathedral")
    while s.dec[0] != "hp_spot":
        choose(s, f"hero {name('raug')}") if s.dec[0] == "hp_heal" else s.apply_action(s.legal_actions()[0])
    assert s.hp[H["raug"]] == 9 and s.msupply[0] == 2


def test_mercenary_camp_d4_gold():
    """TH § Mercenary Camp: "Roll the four-sided die and earn that much gold as the result of the
    roll." The die shows 3: seat 0 gains 3."""
    s = after_firsts()
    mine = s.purse[0]
    s.rng = Forced(3)
    go(s, "mercenary camp")
    assert s.purse[0] == mine + 3


def test_vengeful_quest_steals_from_the_market_the_replaced_token_to_the_pouch():
    """TH § Vengeful Quest: "Gain 2 Gold. Look at the Weapons and Armor in the Market and choose one
    to steal. If you decide to do so, you must immediately equip it in your Hero mat. You may replace
    a Weapon or Armor currently equipped. Discard the replaced token into the pouch." Raug wields a
    Dagger; seat 0 takes a Short Sword from the Market into Raug's main hand: +2 gold, the Short
    Sword in her hand and gone from the Market, the Dagger in the pouch."""
    _g, s = new(PICKS2, variant="blitz")
    dagger, sword = ITEM_INDEX["dagger_a"], ITEM_INDEX["short_sword_a"]
    if sword not in s.offer:  # the Market's six are random: put a Short Sword on offer
        s.pouch.append(s.offer.pop())
        s.pouch.remove(sword)
        s.offer.append(sword)
    s.eq[H["raug"]][0] = dagger
    s.pouch.remove(dagger)
    gold = s.purse[0]
    go(s, "vengeful Quest (golden slot)")
    s.apply_action(rules.A_ITEM + sword)
    answer(s, f"hero {name('raug')}", "slot 1")
    assert s.purse[0] == gold + 2
    assert s.eq[H["raug"]][0] == sword and sword not in s.offer
    assert dagger in s.pouch


def test_merciful_quest_two_gems_split_between_two_heroes():
    """TH § Merciful Quest: "Gain 3 Gold. Take up to two Mana gems. You must immediately equip them on
    your Heroes' mats. You may equip both on one Hero or split them between two different Heroes."
    Seat 0: +3 gold, one gem on Raug, one on Rac, at once."""
    _g, s = new(PICKS2, variant="blitz")
    gold = s.purse[0]
    go(s, "merciful Quest (golden slot)")
    answer(s, f"hero {name('raug')}", "slot 1", f"hero {name('rac')}", "slot 2")
    assert s.purse[0] == gold + 3
    assert s.mana[H["raug"]] == [1, 0, 0] and s.mana[H["rac"]] == [0, 1, 0]


def test_righteous_quest_draw_kept_and_equipped_or_back_in_the_pouch():
    """TH § Righteous Quest: "Gain 3 Gold. Mix all Weapons, Armor and artifacts in the pouch and
    randomly select one. If you decide to keep it, you must immediately equip it on one of your
    Hero's mats. Otherwise Discard it back to the pouch." The draw is a Mace (a scripted draw):
    kept, it is in Raug's hand; declined, it is back in the pouch."""
    for keep in (True, False):
        _g, s = new(PICKS2, variant="blitz")
        mace = ITEM_INDEX["mace"]
        if mace in s.offer:
            s.offer.remove(mace)
            s.pouch.append(mace)
            s.offer.append(next(i for i in s.pouch if not ITEMS[i].artifact and i != mace))
            s.pouch.remove(s.offer[-1])
        s.rng = Forced(s.pouch.index(mace))
        gold = s.purse[0]
        go(s, "righteous Quest (golden slot)")
        assert s.purse[0] == gold + 3
        if keep:
            answer(s, f"hero {name('raug')}")
            while s.dec[0] == "hp_eslot":
                choose(s, "slot 1")
            assert s.eq[H["raug"]][0] == mace and mace not in s.pouch
        else:
            choose(s, "done / none")
            assert mace in s.pouch and not any(mace in e for e in s.eq)


def test_hero_phase_snake_order():
    """TH § Hero Phase: "each other player then selects a Hero. After the last player has selected a
    Hero, they select a second Hero; all other players continue to select Heroes in counter-clockwise
    order. If the game mode allows more than two Heroes, repeat the process starting again with the
    first player." Four players with three heroes each: seats 0 1 2 3, 3 2 1 0, 0 1 2 3; and every
    player starts with three gold (FAQ; errata p.6)."""
    g = mythenv.make_game("theosis_v0", num_players=4)
    s = g.new_initial_state(0)
    seats = []
    while s.dec[0] == "pick":
        seats.append(s.dec[1])
        s.apply_action(s.legal_actions()[0])
    assert seats == [0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3]
    assert s.purse == [3, 3, 3, 3]


def test_a_hero_fallen_in_hierapolis_is_not_in_play_for_the_bonus_or_the_gold():
    """TH § Alignment and Ranking, Step 1 example: the Deceitful heroes gain 20 "if [they] are in
    play"; TH § Quests: a hero at 0 "is removed from the game". Rac fell in Hierapolis: with the
    marker at +2 towards Deceitful Raug gains 20, Rac nothing, and seat 0 cannot allocate gold to
    Rac."""
    _g, s = new(PICKS3, n=3)
    to_last_turn(s)
    s.track[:] = [0, 2, 2]
    s.hp[H["rac"]] = 0
    play_turn(s, ["warmonger", "guardian", "merciful"])
    assert s.gold[H["raug"]] == 20 and s.gold[H["rac"]] == 0
    while s.phase == "gold":
        if s.dec[1] == 0:
            assert f"hero {name('rac')}" not in say(s) and f"hero {name('raug')}" in say(s)
        choose(s, "done / none")


def test_alignment_bonus_ten_and_thirty():
    """TH § Alignment and Ranking, Step 1: "Heroes receive 10, 20 or 30 gold depending on where the
    Alignment marker is." Warmonger - Guardian ends at +3 towards Warmonger (Norn and Curunir: 30
    each, Lug of the Guardian side nothing), Deceitful - Righteous at 1 towards Righteous (Rochon and
    Aer: 10 each; Raug and Rac nothing), Vengeful - Merciful at 0 (Nimloth and Edhel nothing)."""
    _g, s = new(PICKS3, n=3)
    to_last_turn(s)
    s.track[:] = [3, -2, 0]
    play_turn(s, ["vengeful", "merciful", "deceitful"])
    assert s.track == [3, -1, 0]
    assert {k: s.gold[H[k]] for k in PICKS3} == {"norn": 30, "curunir": 30, "lug": 0, "rochon": 10, "aer": 10,
                                                  "raug": 0, "rac": 0, "nimloth": 0, "edhel": 0}


def test_a_ritual_prepared_at_the_mage_tower_is_cast_at_the_start_of_its_turn():
    """TH § Mage Tower: the turn marker indicates "the turn the Ritual will be cast during the Arena
    Phase"; TH § Combat Turns: "The first thing that happens in the Arena each turn is the Rituals.
    If there is a Ritual with a turn marker matching the current turn, it is activated by the player
    casting it. Then each Hero acts". Seat 0 prepares Consecration for turn 2 at the Mage Tower (the
    deck holds only it); the game is played on (first options); when Arena turn 2 begins the card is
    face up, no longer prepared, and it was cast before any hero of turn 2 acted."""
    rk = next(r.index for r in RITUALS if r.key == "consecration")
    s = at_mage_tower(deck=[rk])
    s.apply_action(rules.A_RITUAL + rk)
    choose(s, "choice 2")
    assert s.prepared[0] == [[rk, 2]]
    while not (s.phase == "arena" and s.turn == 2) and not s.is_terminal():
        la = s.legal_actions()
        s.apply_action(rules.A_NUM if s.dec[0] == "hp_join" else la[0])
    assert s.prepared[0] == [] and rk in s.rshown
    i = max(k for k, m in enumerate(s.log) if "-- Arena turn 2" in m)
    after = s.log[i + 1:]
    assert after and "Consecration" in after[0], after
