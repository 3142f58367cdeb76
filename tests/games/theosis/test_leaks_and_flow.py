"""Hidden information and flow of the Power hand (issue 21, parts 1 and 2): what each seat learns
from a recycle, Blind and Ungrave; what a determinization keeps; the immediate recycle, Bloodthirst
at 0 Health and the turn-1 starting triads. Docstrings cite ``001_4e95cd654d8b1058.txt`` (TH)."""

import numpy as np

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.observe import OBSERVER
from tests.conformance.helpers import checked_observation

from .builder import act, arena, card, game, hero

G2 = game()
G3 = game(num_players=3)
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
G_SET = ["blind", "neutralize", "pacify", "equalize", "healing", "aegis"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
V_SET = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
KNOWN_HAND, KNOWN_DISCARD, UNKNOWN = 9, 10, 12  # fields of a Power's block in the ``cards`` piece


def cards_view(g, s, p):
    """Seat ``p``'s ``cards`` piece, by the Python encoder; the compiled one must write the same."""
    out = checked_observation(g, s, p)
    return OBSERVER.piece(out, "cards")


def _seat_line(text, name):
    """The line of the text view that shows the seat ``name``'s hand and discard pile."""
    return next(ln for ln in text.splitlines() if ln.startswith(f" {name}") and ": hand" in ln)


def place_known(view, c):
    """Where the observer puts another seat's Power ``c``: "hand", "discard", "play" or None."""
    row = view[c]
    for k, name in ((KNOWN_HAND, "hand"), (KNOWN_DISCARD, "discard"), (KNOWN_HAND + 2, "play")):
        if row[k]:
            return name
    assert row[UNKNOWN] == 1.0
    return None


def finish(s):
    """Decline the optional yes/no texts (push back, ...) until someone else decides."""
    while s.dec is not None and s.dec[0] == "yn":
        act(s, "num", 0)


def applies_everywhere(s):
    """Every legal action of ``s`` applies (on a copy) without an error."""
    la = s.legal_actions()
    assert la
    for a in la:
        s.clone().apply_action(a)


# ---------------------------------------------------------------------------------------- part 1


def test_recycle_does_not_identify_the_face_down_discard():
    """TH § Power Management: "If you take one of the first two actions and Discard a Power without
    using it, no one else gets to know which Power you Discarded", and "whenever you use or discard
    the last Power in your hand, you immediately ... take the other five Power cards back ... The
    Power you just used or Discarded will remain in the Discard pile." Three of Norn's discarded
    Powers were used (seen by all), two were discarded face down; she discards her last one (Warcraft)
    face down. The opponent knows the three used Powers are back in her hand, and cannot tell which
    of the three others stayed in the pile."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: ["warcraft"], 1: D_SET}, ranking=["norn", "rac"], actor="norn",
              discards={0: ["fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]})
    used, face_down = ["fireball", "bloodthirst", "tactics"], ["pain_spike", "spell_ward", "warcraft"]
    for k in used:
        s.reveal(card(k))
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("warcraft"))
    assert s.disc[0] == [card("warcraft")] and len(s.hand[0]) == 5
    view = cards_view(G2, s, 1)
    assert {k: place_known(view, card(k)) for k in used} == {k: "hand" for k in used}
    assert {k: place_known(view, card(k)) for k in face_down} == {k: None for k in face_down}
    assert "discard [?]" in s.render(1)
    # a determinization from the opponent's view may leave any of the three in the pile
    rng = np.random.default_rng(0)
    stayed = {s.resample_hidden(1, rng).disc[0][0] for _ in range(60)}
    assert stayed == {card(k) for k in face_down}


def test_blind_choice_is_not_shown_to_a_third_player():
    """TH § Guardian Powers, Blind: "look at your Opponent's hand and select a Power. Discard this
    Power to your Opponent's Discard Pile"; TH § Power Management: "Powers are always placed facedown
    into your Discard pile regardless of why they are Discarded". With three players, Lug's player
    (who looked at the hand) and Rac's player know the discarded Oppress; the third player does not,
    and its determinizations place it anywhere among Rac's unknown Powers."""
    s = arena(G3, {"lug": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(1, 0)),
                   "norn": dict(owner=2, pos=(-3, 3))}, {0: G_SET, 1: D_SET, 2: W_SET},
              ranking=["lug", "rac", "norn"], actor="lug")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    act(s, "card", card("blind"))
    act(s, "card", card("poison"))   # 4 vs 4, Lug ranks higher: a hit
    assert s.dec[0] == "blind" and s.dec[1] == 0
    act(s, "card", card("oppress"))
    finish(s)
    opp = card("oppress")
    assert opp in s.disc[1]
    assert place_known(cards_view(G3, s, 0), opp) == "discard"
    assert place_known(cards_view(G3, s, 2), opp) is None
    assert "Oppress" in _seat_line(s.render(0), "Player 2")
    assert "Oppress" not in _seat_line(s.render(2), "Player 2")
    # the player who looked still knows the rest of the hand
    view0 = cards_view(G3, s, 0)
    assert all(place_known(view0, c) == "hand" for c in s.hand[1])
    rng = np.random.default_rng(1)
    where = set()
    for _ in range(40):
        r = s.resample_hidden(2, rng)
        where.add("disc" if opp in r.disc[1] else "hand")
    assert where == {"disc", "hand"}


def test_ungrave_retrieves_a_power_unseen_by_the_other_team():
    """TH § Vengeful Powers, Ungrave: "search your Discard pile and select a Power. Take the
    selected Power to your hand." The pile is face down and nothing shows the Power to the others
    (TH § Power Management): the opponent, who had seen Terror used, no longer knows whether Terror
    or the face-down Despair came back."""
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: ["ungrave", "enervation", "damnation", "raise_the_dead"], 1: D_SET},
              ranking=["gurth", "rac"], actor="gurth", discards={0: ["despair", "terror"]})
    s.reveal(card("terror"))
    assert place_known(cards_view(G2, s, 1), card("terror")) == "discard"
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("ungrave"))
    assert s.dec[0] == "ungrave"
    act(s, "card", card("terror"))
    assert card("terror") in s.hand[0] and card("despair") in s.disc[0]
    view = cards_view(G2, s, 1)
    assert place_known(view, card("terror")) is None and place_known(view, card("despair")) is None
    assert place_known(view, card("ungrave")) == "discard"  # the Spell itself was used face up
    assert "Terror" not in s.render(1) and "Terror" in s.render(0)
    rng = np.random.default_rng(2)
    assert {card("terror") in s.resample_hidden(1, rng).disc[0] for _ in range(40)} == {True, False}


def test_resample_keeps_a_blessing_whose_target_is_being_chosen():
    """TH § Hero Actions chart ("Use a Blessing Power face up") and § Types of Powers: the Blessing
    is on the table while its target is chosen, so every determinization keeps it there and the
    target choice stays legal."""
    s = arena(G2, {"lug": dict(owner=0, pos=(0, 0)), "edhel": dict(owner=0, pos=(-3, 3)),
                   "rac": dict(owner=1, pos=(3, 0))}, {0: G_SET, 1: D_SET},
              ranking=["lug", "edhel", "rac"], actor="lug")
    act(s, "done")
    act(s, "row", 2)
    act(s, "card", card("aegis"))
    assert s.dec[0] == "bless_target"
    assert place_known(cards_view(G2, s, 1), card("aegis")) == "play"
    rng = np.random.default_rng(3)
    for _ in range(30):
        r = s.resample_hidden(1, rng)
        assert card("aegis") in r.inplay[0] and r.legal_actions() == s.legal_actions()
        applies_everywhere(r)
    act(s, "hero", hero("edhel"))
    assert s.token[card("aegis")] == hero("edhel") and s.disc[0] == [card("aegis")]


def test_resample_keeps_an_announced_blessing_or_spell_possible():
    """TH § Hero Actions chart: choosing the action "Use a Blessing Power face up" (or "Use a Spell
    Power face up") is seen by all, so the player holds such a Power: a determinization made while
    the Power is being chosen gives the hand one (the draw is repeated until it does), and every
    choice it offers applies. Lug's only Blessing is Aegis and only Spell is Healing; the other
    Powers' places are unknown to the opponent."""
    for row, kind in ((2, "blessing"), (3, "spell")):
        s = arena(G2, {"lug": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
                  {0: ["aegis", "healing", "blind"], 1: D_SET}, ranking=["lug", "rac"], actor="lug",
                  discards={0: ["neutralize", "pacify", "equalize"]})
        act(s, "done")
        act(s, "row", row)
        assert s.dec[0] == ("bless_card" if row == 2 else "spell_card")
        rng = np.random.default_rng(row)
        hands = set()
        for _ in range(60):
            r = s.resample_hidden(1, rng)
            assert any(rules.POWERS[c].type == kind for c in r.hand[0])
            applies_everywhere(r)
            hands.add(tuple(r.hand[0]))
        assert len(hands) > 1  # the rest of the hand is still redrawn


def test_resample_redraws_a_declined_defense_skill():
    """TH § Resolve Order (Defense Skill) and the hidden commit: a Defense Skill is chosen with the
    face-down Power and stays hidden until the reveal, so a determinization made before the reveal
    must not tell a declined Skill from a chosen one. Rac (Profane Armor ready) declines it while the
    Corona's second target is still to commit."""
    s = arena(G2, {"rochon": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 1, 0]),
                   "rac": dict(owner=1, arch=0, pos=(1, 0), mana=[0, 0, 1]),
                   "raug": dict(owner=1, pos=(-1, 0))},
              {0: R_SET, 1: D_SET}, ranking=["rochon", "rac", "raug"], actor="rochon")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)                     # Corona: both adjacent enemies defend
    act(s, "card", card("nova"))
    act(s, "card", card("frigid_night"))  # Rac's Power
    assert s.dec[0] == "defskill" and s.dec[2] == hero("rac")
    act(s, "done")                        # declines Profane Armor
    assert s.dec[0] == "commit" and s.dec[2] == hero("raug")
    rng = np.random.default_rng(4)
    drawn = set()
    for _ in range(40):
        r = s.resample_hidden(0, rng)
        drawn.add(r.cb["dskills"][0])
        applies_everywhere(r)
    assert drawn == {"", "profane_armor"}
    assert s.resample_hidden(1, rng).cb["dskills"][0] == ""  # its own team knows


def test_random_play_with_a_resample_at_every_step_never_breaks_a_legal_action():
    """DESIGN (determinization) and TH § Power Management: whatever seat a world is resampled from,
    at any step of a game, the seat to act, that seat's observation and its render stay the same,
    and every legal action of the resampled world applies."""
    for cfg, seeds in (({}, (2,)), ({"num_players": 3}, (1,)),
                       ({"num_players": 4, "mode": "teams_2x2", "variant": "blitz", "expansion": True}, (0,))):
        g = mythenv.make_game("theosis_v0", **cfg)
        for seed in seeds:
            s = g.new_initial_state(seed=seed)
            rng = np.random.default_rng(seed)
            while not s.is_terminal():
                cp = s.current_player()
                for p in range(g.num_players):
                    r = s.resample_hidden(p, rng)
                    assert r.current_player() == cp
                    a, b = (np.zeros(g.observation_size, np.float32) for _ in range(2))
                    g.encode(s, p, a)
                    g.encode(r, p, b)
                    assert np.array_equal(a, b) and r.render(p) == s.render(p)
                    applies_everywhere(r)
                la = s.legal_actions()
                s.apply_action(la[int(rng.integers(len(la)))])


# ---------------------------------------------------------------------------------------- part 2


def test_ungrave_as_the_last_power_finds_the_pile_empty():
    """TH § Power Management: "whenever you use or discard the last Power in your hand, you
    immediately, before anything else occurs, take the other five Power cards back into your hand";
    Ungrave: "If you do not have any Powers in your Discard pile this Spell has no effect. You may not
    retrieve this Power since when you activate this Power, it is not yet on the Discard pile."
    Ungrave cast as the last Power: the five come back first, so there is nothing to search."""
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: ["ungrave"], 1: D_SET}, ranking=["gurth", "rac"], actor="gurth",
              discards={0: ["terror", "enervation", "damnation", "raise_the_dead", "despair"]})
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("ungrave"))
    assert s.dec[0] != "ungrave" and s.dec[2] == hero("rac")  # Rac's turn: Ungrave did nothing
    assert s.disc[0] == [card("ungrave")]
    assert s.hand[0] == sorted(card(k) for k in ("terror", "enervation", "damnation", "raise_the_dead", "despair"))


def test_raise_the_dead_as_the_last_power_keeps_its_own_values():
    """TH § Power Management (the recycle happens "immediately, before anything else occurs") and
    Raise the Dead: "When this Power is revealed, you may search your Discard Pile and select a
    Power." Committed as the last Power, it recycles the pile before it is revealed: there is no
    Power to select (not Terror's 4 Attack) and it attacks with its own 1 (1 vs Spell Ward's 4)."""
    s = arena(G2, {"gurth": dict(owner=0, pos=(0, 0)), "norn": dict(owner=1, pos=(1, 0))},
              {0: ["raise_the_dead"], 1: W_SET}, ranking=["gurth", "norn"], actor="gurth",
              discards={0: ["terror", "enervation", "damnation", "ungrave", "despair"]})
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("norn"))
    act(s, "card", card("raise_the_dead"))
    assert len(s.hand[0]) == 5 and s.disc[0] == []
    act(s, "card", card("spell_ward"))
    assert s.dec[0] != "raise"
    assert any("1 vs 4 -> defended" in m for m in s.log)
    assert s.disc[0] == [card("raise_the_dead")] and len(s.hand[0]) == 5


def test_two_last_powers_in_play_five_return_and_the_last_placed_stays():
    """FAQ (Area of Effect answer): "When all your Power Cards are in your discard pile, you always
    return five of them to your hand, and the last card to be placed in your discard pile stays
    there"; TH § Power Management: the Power "you just used" remains. Rac and Raug defend a Corona
    with the player's last two Powers: Frigid Night first, Oppress last; Oppress stays, five return."""
    s = arena(G2, {"rochon": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 1, 0]),
                   "rac": dict(owner=1, pos=(1, 0)), "raug": dict(owner=1, pos=(-1, 0))},
              {0: R_SET, 1: ["oppress", "frigid_night"]}, ranking=["rochon", "rac", "raug"], actor="rochon",
              discards={1: ["poison", "vortex", "confusion", "lifeswap"]})
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)
    act(s, "card", card("nova"))
    act(s, "card", card("frigid_night"))
    act(s, "card", card("oppress"))      # the last Power: the four discarded come back at once
    assert sorted(s.hand[1]) == sorted(card(k) for k in ("poison", "vortex", "confusion", "lifeswap"))
    while s.dec is not None and s.dec[0] == "yn" and s.dec[1] == 1:
        act(s, "num", 0)
    assert s.cb is None
    assert s.disc[1] == [card("oppress")]
    assert sorted(s.hand[1]) == sorted(card(k) for k in ("poison", "vortex", "confusion", "lifeswap",
                                                         "frigid_night"))


def test_bloodthirst_attack_resolves_before_the_hero_falls():
    """TH § Warmonger Powers, Bloodthirst: "You may deal three Damage to your Hero. This Attack
    continues even if this drops your Hero's Health to less than one. If you choose to deal this
    Damage, the Attack of this Power is considered 5 instead of 2." Norn (3 Health, her player's last
    hero) pays: her attack of 5 against Frigid Night's 4 still hits Rac for 1 (he may be pushed back,
    a melee win), then she falls and Rac's team is the last one standing (TH § Winning the Game)."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), hp=3), "rac": dict(owner=1, pos=(1, 0))},
              {0: W_SET, 1: D_SET}, ranking=["rac", "norn"], actor="norn")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    act(s, "card", card("bloodthirst"))
    act(s, "card", card("frigid_night"))
    assert s.dec[0] == "yn" and s.dec[2] == "bloodthirst"
    act(s, "num", 1)
    assert not s.is_terminal()
    assert any("5 vs 4 -> hit" in m for m in s.log)
    assert s.hp[hero("rac")] == 8
    assert s.dec[0] == "yn" and s.dec[2] == "push"   # the attack goes on: the push back
    act(s, "num", 1)
    act(s, "num", 0)                                  # no follow
    assert s.pos[hero("rac")] == rules.HEX_INDEX[(2, 0)]
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    assert s.hp[hero("norn")] == 0 and not s.alive(hero("norn"))


def test_bloodthirst_attack_that_kills_the_last_enemy_ends_with_no_team_standing():
    """TH § Warmonger Powers, Bloodthirst ("This Attack continues even if this drops your Hero's
    Health to less than one") and § Winning the Game: the attack of a hero brought to 0 Health still
    kills Rac (1 Health); then neither player has a hero standing, so nobody wins (a tie)."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0), hp=2), "rac": dict(owner=1, pos=(1, 0), hp=1)},
              {0: W_SET, 1: D_SET}, ranking=["rac", "norn"], actor="norn")
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero("rac"))
    act(s, "card", card("bloodthirst"))
    act(s, "card", card("frigid_night"))
    act(s, "num", 1)
    assert s.hp[hero("rac")] == 0 and s.hp[hero("norn")] == 0
    assert s.is_terminal() and s.returns() == [0.0, 0.0]


def test_turn_one_protection_on_any_starting_triad():
    """Errata page 14: "Heroes standing on the starting triads of Hexes during turn 1 cannot be
    harmed by any Rituals, Skills or Powers that have an Area of Effect" (any player's triad: TH §
    Combat Ranges, Spell: a Spell "cannot affect the initial positions of the Heroes on turn 1").
    Rac stands on the other player's starting triad on turn 1: a Spell and a Ring Skill pass him by."""
    s = arena(G2, {"curunir": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0))},
              {0: W_SET, 1: D_SET}, ranking=["curunir", "rac"], actor="curunir", turn=1)
    x = s.triad[0][0]
    s.pos[hero("rac")] = x
    assert s.spell_targets(hero("curunir"), x) == []
    assert s.area_targets(hero("curunir"), [x]) == []
    s.turn = 2
    assert s.spell_targets(hero("curunir"), x) == [hero("rac")]
    assert s.area_targets(hero("curunir"), [x]) == [hero("rac")]
