"""Theomachy Advanced game, checked from the rulebook and the designed card texts alone (TM =
../shared/seeds/000_b58b559235c1f04d.txt; designed texts: mythenv/games/theomachy/data/pantheons.toml).

Each expectation below was written from the quoted sentence (or card text) before running the code;
positions are built through the public state fields and actions only.
"""

from __future__ import annotations

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError
from mythenv.games.theomachy import rules
from mythenv.games.theomachy.cards import KIND_INDEX
from mythenv.games.theomachy.pantheons import DEITY_INDEX, MYTH_INDEX, PANTHEONS
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import (
    GID,
    PAN,
    A,
    act,
    add_place,
    battle_end_window,
    battle_window,
    choose,
    empty_hands,
    game_with,
    in_battle,
    myth_a,
    own,
    plain,
    set_const,
    set_hand,
    set_tokens,
    to_gods,
    to_myth,
    to_round,
    to_top,
    until,
    window,
)

GUST = KIND_INDEX["gust"]


# ------------------------------------------------------------------ Choose a Pantheon
def test_pantheons_need_drafted_decks():
    """TM § Second Method: 'IMPORTANT - if you play with the Gods and Pantheons (Advanced and Epic
    modes), you MUST draft your decks - do NOT use the pre-built starting decks!' Asking for the
    pre-built decks in those modes is refused with the project's ConfigError."""
    for mode in ("advanced", "epic"):
        with pytest.raises(ConfigError):
            mythenv.make_game(GID, num_players=2, deck="prebuilt", mode=mode)


def test_pantheon_chosen_before_the_draft_and_its_deck_top_face_up():
    """TM § Choose a Pantheon: 'Before building his starting deck, each player chooses one of the
    available Pantheons ... takes the 5 Mythology cards associated with it, shuffles them to make a
    draw pile and places it in front of him, the top card face up.' The first decision of the game is
    the Pantheon (before any draft pick); afterwards each seat holds its Pantheon's five cards and
    every seat sees each deck's top card, and only the top card."""
    game = mythenv.make_game(GID, num_players=3, deck="draft", mode="advanced")
    s = game.new_initial_state(seed=4)
    assert s.step == rules.PANTHEON
    la = s.legal_actions()
    assert all(s.C.decode[a][0] == "pantheon" for a in la) and len(la) == len(PANTHEONS)
    for key in ("greek", "norse", "celtic"):
        act(s, A(s, "pantheon", PAN[key]))
    assert s.step == rules.DRAFT_PICK
    for p, key in enumerate(("greek", "norse", "celtic")):
        assert sorted(s.myth_deck[p]) == sorted(PANTHEONS[PAN[key]].myths)
    for viewer in range(3):
        ob = game.observation_dict(s, viewer)
        for i in range(3):
            q = (viewer + i) % 3
            row = ob["myth_top"][i]
            assert row[s.myth_deck[q][-1]] == 1 and row.sum() == 1


def test_a_taken_pantheon_is_no_longer_available():
    """TM § Choose a Pantheon: 'each player chooses one of the available Pantheons ... In case of
    dispute, we recommend that the owner of the game decide the order'; TM § Box Contents: 5
    Mythology cards for each Pantheon, one deck each. With one box (2-4 players) a Pantheon taken by
    one seat is not offered to the next."""
    game = mythenv.make_game(GID, num_players=2, deck="draft", mode="advanced")
    s = game.new_initial_state(seed=1)
    act(s, A(s, "pantheon", PAN["celtic"]))
    assert A(s, "pantheon", PAN["celtic"]) not in s.legal_actions()
    assert len(s.legal_actions()) == len(PANTHEONS) - 1


# ------------------------------------------------------------------ Final Selection of the God
def _seat_view(game, s, p):
    ob = game.observation(s, p).copy()
    return (s.current_player(), tuple(s.legal_actions()) if s.current_player() == p else None,
            ob.tobytes(), s.render(p))


def test_god_choice_is_secret_until_everyone_has_chosen():
    """TM § Final Selection of the God: 'each player secretly chooses one of the three Gods of his
    Pantheon and places it face down ... Once all players have made their choice, they
    simultaneously turn their chosen Deity Sheet face up.' Seat 0's choice (any of three, Thor
    included, whose Mjollnir is taken only once he is revealed) leaves seat 1's observation, its
    legal actions, the ansi view and who acts next exactly the same; after seat 1 chooses, both Gods
    are seen by both seats."""
    views = []
    for god in ("thor", "odin", "freya"):
        game, s = to_gods(2, pans=[PAN["norse"], PAN["greek"]], seed=3)
        choose(s, god)
        views.append(_seat_view(game, s, 1))
        assert s.current_player() == 1
        choose(s, "athena")
        assert s.revealed
        for viewer in (0, 1):
            ob = game.observation_dict(s, viewer)
            me, other = (0, 1) if viewer == 0 else (1, 0)
            assert ob["deity"][0][s.deity[me]] == 1 and ob["deity"][1][s.deity[other]] == 1
    assert views[0] == views[1] == views[2]


def test_resample_redraws_a_face_down_god_but_never_ones_own():
    """TM § Final Selection of the God: the chosen sheet lies face down until all have chosen. A
    determinization for seat 1 before the reveal must not keep seat 0's real God (it draws among the
    three of seat 0's Pantheon), and keeps seat 0's own choice when determinizing for seat 0."""
    game, s = to_gods(2, pans=[PAN["greek"], PAN["norse"]], seed=5)
    choose(s, "ares")
    rng = np.random.default_rng(0)
    seen = {s.resample_hidden(1, rng).deity[0] for _ in range(60)}
    assert seen == set(PANTHEONS[PAN["greek"]].deities)
    assert {s.resample_hidden(0, rng).deity[0] for _ in range(20)} == {DEITY_INDEX["ares"]}


def test_thor_takes_mjollnir_then_shuffles_the_rest():
    """TM § Final Selection of the God, Thor's Tip: 'if you choose ME, look through your Mythology
    deck and take Mjollnir (because that is my Ability). Then, shuffle the rest of your Mythology deck
    and put it back on the table.' After the reveal Thor has Mjollnir in play and four cards in his
    deck; nobody knows their order (a determinization for the Thor seat itself reorders the four
    below the top); Mjollnir lets his Attacks of any Essence be played in one Battle action."""
    game, s = to_gods(2, pans=[PAN["norse"], PAN["greek"]], seed=2)
    choose(s, "thor")
    assert MYTH_INDEX["mjollnir"] in s.myth_deck[0]
    choose(s, "poseidon")
    assert s.myth_own[0] == [MYTH_INDEX["mjollnir"]]
    assert len(s.myth_deck[0]) == 4 and MYTH_INDEX["mjollnir"] not in s.myth_deck[0]
    rng = np.random.default_rng(1)
    orders = {tuple(s.resample_hidden(0, rng).myth_deck[0]) for _ in range(40)}
    assert len(orders) > 1 and all(o[-1] == s.myth_deck[0][-1] for o in orders)


# ------------------------------------------------------------------ the Myth Phase
def test_myth_phase_order_one_action_and_the_tower_of_babel_costs_one_miracle():
    """TM § The Myth Phase: 'each player, starting with the First Player, take one (and only one) of
    the following three actions: Buy the visible Mythology card ... by discarding a number of Miracle
    Tokens equal to its cost (for example the Tower of Babel costs one Miracle). Once the cost is paid
    the card becomes active ... placed in front of your Deity Sheet.' Seat 1 wins the Hand, so it is
    the First Player and acts first; with one Miracle it buys the Tower of Babel (Miracles 1 -> 0,
    the card in play, the next card face up), and then the Myth Phase passes to seat 0."""
    game, s = game_with(("odin", "marduk"), first=1)
    to_top(s, 1, "tower_of_babel")
    s.miracles[1] = 1
    to_myth(s)
    assert s.first == 1 and s.current_player() == 1
    act(s, A(s, "myth_buy"))
    assert s.miracles[1] == 0 and MYTH_INDEX["tower_of_babel"] in s.myth_own[1]
    assert len(s.myth_deck[1]) == 4
    assert s.step != rules.MYTH or s.current_player() == 0


def test_buying_needs_the_miracles():
    """TM § The Myth Phase: buy 'by discarding a number of Miracle Tokens equal to its cost'. A seat
    with fewer Miracles than the top card's cost cannot buy it (it may still move it or leave it)."""
    game, s = game_with(("odin", "marduk"), first=1)
    to_top(s, 1, "gilgamesh")       # cost 3
    s.miracles[1] = 2
    to_myth(s)
    assert s.current_player() == 1
    la = s.legal_actions()
    assert A(s, "myth_buy") not in la
    assert A(s, "myth_bottom") in la and A(s, "myth_leave") in la


def test_a_card_moved_to_the_bottom_cannot_be_bought_that_turn():
    """TM § The Myth Phase: 'Move the visible Mythology card to the bottom of the deck (and thus
    reveal a new Mythology card). It cannot be bought on the same turn'; 'one (and only one)'. Seat 1,
    rich in Miracles, moves Gilgamesh to the bottom: the next card is face up, seat 1 bought nothing
    and its Myth turn is over (seat 0 acts, or the Hand is over). Gilgamesh at the bottom is known to
    everybody: a determinization keeps it there."""
    game, s = game_with(("odin", "marduk"), first=1)
    to_top(s, 1, "gilgamesh")
    s.miracles[1] = 9
    to_myth(s)
    act(s, A(s, "myth_bottom"))
    assert s.myth_deck[1][0] == MYTH_INDEX["gilgamesh"] and s.myth_deck[1][-1] != MYTH_INDEX["gilgamesh"]
    assert s.miracles[1] == 9 and s.myth_own[1] == []
    assert not (s.step == rules.MYTH and s.current_player() == 1)
    rng = np.random.default_rng(0)
    for _ in range(10):
        assert s.resample_hidden(0, rng).myth_deck[1][0] == MYTH_INDEX["gilgamesh"]


def test_leaving_the_deck_changes_nothing():
    """TM § The Myth Phase: 'Leave the Mythology deck as it is. This lets you keep a Mythology card
    that interests you but that you cannot pay for at the moment.'"""
    game, s = game_with(("odin", "marduk"), first=1)
    to_top(s, 1, "gilgamesh")
    to_myth(s)
    deck = s.myth_deck[1][:]
    act(s, A(s, "myth_leave"))
    assert s.myth_deck[1] == deck and s.myth_own[1] == [] and s.miracles[1] == 0


def test_pandoras_box_acts_at_once_then_is_discarded():
    """TM § The Myth Phase: 'Some cards (such as Pandora's Box) have an immediate effect and are then
    discarded, while the others are placed in front of your Deity Sheet.' Designed text: 'When
    bought: every other player loses a Disciple from his Cult and each of his Places takes one
    damage. Then discard it.' Three seats: seat 0 (Greek) buys it; seats 1 and 2 each lose one
    Disciple; seat 1's intact Citadel becomes damaged, seat 2's damaged Shrine is destroyed (its
    token to the bank); seat 0 keeps its own Disciples and Place; the Box is not in play."""
    game, s = game_with(("ares", "odin", "marduk"), first=0)
    to_top(s, 0, "pandoras_box")
    s.miracles[0] = 2
    to_myth(s)
    assert s.current_player() == 0
    add_place(s, 0, "citadel")
    add_place(s, 1, "citadel")
    add_place(s, 2, "shrine", damaged=1)
    before = [c[:] for c in s.cult]
    act(s, A(s, "myth_buy"))
    m = MYTH_INDEX["pandoras_box"]
    assert m not in s.myth_own[0] and m not in s.myth_deck[0] and m in s.myth_out[0]
    assert s.miracles[0] == 0
    assert s.cult[0] == before[0]
    for q in (1, 2):
        assert s.cult[q][D] == before[q][D] - 1
    assert [pl[1] for pl in s.places[0]] == [0]
    assert [pl[1] for pl in s.places[1]] == [1]
    assert s.places[2] == []


# ------------------------------------------------------------------ Divine Abilities
def test_marduk_cannot_sacrifice_in_the_final_betting_round():
    """TM § Divine Abilities: 'Marduk's Ability lets him sacrifice a Priest to obtain a bonus, but he
    cannot do so during the final Betting Round.' Designed text: '+7 Power at the End of this Hand's
    Battle'. Marduk may announce it in rounds 1 and 2, not in round 3. Used in round 2: a Priest
    leaves his Cult for the bank, and at the End of Battle his Power is his Stake plus 7."""
    game, s = game_with(("marduk", "danu"), first=0)
    empty_hands(s)
    assert A(s, "ability") in s.legal_actions()
    to_round(s, 2)
    assert A(s, "ability") not in s.legal_actions()
    game, s = game_with(("marduk", "danu"), first=0)
    empty_hands(s)
    to_round(s, 1)
    cult, bank = s.cult[0][:], s.bank[:]
    act(s, A(s, "ability"))
    assert s.cult[0][PR] == cult[PR] - 1 and s.bank[PR] == bank[PR] + 1
    assert A(s, "ability") not in s.legal_actions()
    until(s, lambda st: st.step == rules.BATTLE)
    stake = s.stake[0][:]
    assert s.battle_power(0) == stake[D] * 2 + stake[PR] * 5 + stake[PH] * 10 + 7


def test_marduk_sacrifice_forces_the_exchange():
    """TM § Exchanging Tokens: 'If you have no more Priests but still have a Prophet, then discard the
    latter to the Bank and add two Priests to your Cult' ('at any moment ... you MUST exchange them
    immediately'). Marduk with one Priest and one Prophet in his Cult sacrifices the Priest: the
    Prophet is exchanged for two Priests at once."""
    game, s = game_with(("marduk", "danu"), first=0)
    empty_hands(s)
    set_tokens(s, 0, cult=[4, 1, 1])
    act(s, A(s, "ability"))
    assert s.cult[0] == [4, 2, 0]


def test_ability_only_on_your_own_turn_and_once_per_hand():
    """TM § Divine Abilities: 'If the text does not specify otherwise, then a god's Ability may be
    used only once per Hand, and only when it is your turn to play.' Athena (designed: 'once per Hand
    on your betting turn, look at an opponent's hand and draw a card') is offered on her betting
    turn only, once: after using it, not again in this Hand (nor in the later rounds); the next Hand
    offers it again."""
    game, s = game_with(("athena", "odin"), first=1)
    empty_hands(s)
    set_hand(s, 1, ["spark", "gust"])
    assert s.current_player() == 1
    act(s, s.C.PASS)
    until(s, lambda st: st.current_player() == 0 and st.step == rules.BET and not st.pending)
    assert A(s, "ability") in s.legal_actions()
    h0 = len(s.hand[0])
    act(s, A(s, "ability"))
    assert len(s.hand[0]) == h0 + 1
    for c in s.hand[1]:
        assert s.vis[c] >> 0 & 1
    until(s, lambda st: st.step != rules.BET or (st.current_player() == 0 and not st.pending and not st.acted_now
                                                  and A(st, "ability") not in st.legal_actions() and st.round == 2))
    assert s.step == rules.BET and s.round == 2
    # the next Hand (seat 1 folds so that the Hand ends quickly)
    until(s, lambda st: st.hands == 1 and st.step == rules.BET and not st.pending and st.current_player() == 0)
    assert A(s, "ability") in s.legal_actions()


def test_ability_not_offered_in_a_reaction_window_on_another_turn():
    """TM § Divine Abilities: 'only when it is your turn to play'. While seat 0 plays an Effect
    (Insight) on its betting turn and seat 1 is asked whether to react, seat 1 (Dagda, an active
    Ability usable on his betting turn, its Disciple cost payable) is not offered his Ability."""
    from .helpers import set_const
    game, s = game_with(("odin", "dagda"), first=0)
    set_const(s, ["air_order_1", "earth_chaos_3", "earth_chaos_2", "fire_order_2", "water_chaos_2"], 3)
    set_hand(s, 0, ["insight"])
    set_hand(s, 1, ["gust", "spark", "interruption"])
    act(s, A(s, "play", rules.kid(s.hand[0][0])))
    assert s.pending and s.pending[-1][0] == "react" and s.current_player() == 1
    assert A(s, "ability") not in s.legal_actions()
    act(s, s.C.DECLINE)
    assert s.current_player() == 0


def test_ares_once_even_with_several_cards():
    """TM § Divine Abilities: 'whereas Ares may do so only once, even though he may discard several
    cards.' Designed text: 'once per Hand on your Battle turn, discard any number of cards from your
    hand: +3 Power per card.' In the Battle Ares discards three cards (+9) and is not offered the
    Ability again in the Battle."""
    game, s = game_with(("ares", "odin"), first=0)
    empty_hands(s)
    until(s, in_battle)
    set_hand(s, 0, ["spark", "gust", "insight", "prophecy"])
    assert A(s, "ability") in s.legal_actions()
    base = s.battle_power(0)
    act(s, A(s, "ability"))
    for _ in range(3):
        la = s.legal_actions()
        act(s, next(a for a in la if s.C.decode[a][0] == "discard"))
    act(s, s.C.DECLINE)
    assert len(s.hand[0]) == 1
    assert s.battle_power(0) == base + 9
    assert A(s, "ability") not in s.legal_actions()


def test_morrigan_several_times():
    """TM § Divine Abilities: 'Morrigan's Passive Ability specifies that her power may be used several
    times'; of Passive Abilities, 'the player does not have to do or say anything to benefit from
    these bonuses'. Designed text: 'whenever an Air or Water Attack you play takes effect, every
    opponent in the Battle loses a Disciple from his Stake (any number of times per Hand).' Three
    Gusts (Air) in one Battle turn take three Disciples from the opponent's Stake; no `ability` action is ever offered
    and no card but the Attacks leaves her hand."""
    game, s = game_with(("morrigan", "odin"), first=0)
    empty_hands(s)
    until(s, in_battle)
    set_hand(s, 0, ["gust", "gust", "gust", "insight"])
    set_tokens(s, 1, stake=[4, 0, 0])
    set_const(s, ["fire_order_1", "air_order_1", "earth_chaos_1", "water_order_1", "water_chaos_2"], 5)
    for k in range(3):
        assert A(s, "ability") not in s.legal_actions()
        act(s, A(s, "play", GUST))
        assert not s.pending and s.stake[1][D] == 3 - k
    assert [rules.kind(c).key for c in s.hand[0]] == ["insight"]


def test_poseidon_passive_every_battle():
    """TM § Divine Abilities: 'Poseidon's works for all the Battles in which the player takes part.
    These are Passive Abilities since the player does not have to do or say anything'. Designed
    text: '+2 Power at the End of Battle'. With equal Stakes and no cards, Poseidon wins the Battle
    by his 2 Power, without any Ability action ever being offered to him."""
    game, s = game_with(("poseidon", "odin"), first=0)
    empty_hands(s)
    until(s, in_battle)
    assert s.stake[0] == s.stake[1]
    assert s.battle_power(0) == s.battle_power(1) + 2
    assert A(s, "ability") not in s.legal_actions()
    until(s, lambda st: st.step != rules.BATTLE)
    assert s.winners == [0]


# ------------------------------------------------------------------ God's Request
def test_request_gives_one_miracle_per_hand():
    """TM § God's Request: 'When you fulfil the condition of your god's request, you gain a token. It
    is not possible to gain more than one Miracle token per Hand'. Marduk's designed Request 'Win a
    Battle as the First Player': Marduk, First Player, wins a Battle (his Ability's +7) and gains
    exactly one Miracle; the loser none."""
    game, s = game_with(("marduk", "danu"), first=0)
    empty_hands(s)
    act(s, A(s, "ability"))
    until(s, lambda st: st.step not in (rules.BET, rules.BATTLE, rules.CLOSING) or st.hands > 0)
    assert s.miracles == [1, 0]


# ------------------------------------------------------------------ Mythology card windows
def test_betting_start_window_first_player_first_and_closed_after_the_first_action():
    """TM § Mythology Cards and Their Abilities: 'Each player, starting with the First Player, decides
    at the start and end of a Phase whether he wishes to use a Mythology card. Beware, once the Phase
    has really begun (via an action) it is no longer possible to play a Mythology card in this
    Phase'. Both seats own Gjallarhorn / Oracle of Delphi (designed: 'At the start of the Betting
    Phase'); with seat 1 First Player, seat 1 is asked first, then seat 0. After the first bet no
    Mythology card is offered any more this Betting Phase (the second and third Betting Rounds are
    not Phase starts)."""
    game, s = game_with(("odin", "poseidon"), first=1)
    empty_hands(s)
    own(s, 0, "gjallarhorn")
    own(s, 1, "oracle_of_delphi")
    # the next Hand's betting start: play out Hand 1 with folds
    until(s, lambda st: st.hands == 1 and window(st) is not None and window(st)[1] == "betting_start")
    fp = s.first
    assert window(s)[0] == fp
    act(s, s.C.DECLINE)
    assert window(s) == (1 - fp, "betting_start")
    act(s, s.C.DECLINE)
    assert not s.pending and s.step == rules.BET
    act(s, s.C.PASS)
    for _ in range(30):
        if s.step != rules.BET:
            break
        assert window(s) is None
        assert all(s.C.decode[a][0] != "myth" for a in s.legal_actions())
        act(s, plain(s))


def test_gjallarhorn_draws_at_the_betting_start():
    """Designed text (Gjallarhorn): 'At the start of the Betting Phase: draw a card.' Used in the
    window, its owner's hand grows by one; it is used once per Hand."""
    game, s = game_with(("odin", "poseidon"), first=0)
    own(s, 0, "gjallarhorn")
    until(s, lambda st: st.hands == 1 and window(st) is not None and window(st)[1] == "betting_start")
    assert window(s)[0] == 0 or s.first != 0
    until(s, lambda st: window(st) == (0, "betting_start"))
    h = len(s.hand[0])
    act(s, myth_a(s, "gjallarhorn"))
    assert len(s.hand[0]) == h + 1
    assert window(s) is None or window(s)[0] != 0


def test_gae_bolga_before_any_attack_then_leaves_the_game():
    """TM § Mythology Cards and Their Abilities: 'Gae Bolga is played at the start of a Battle, before
    any Attack'. Designed text: 'an opponent in the Battle loses a Prophet from his Stake. Then Gae
    Bolga leaves the game.' At the Battle's start (nobody has had a Battle turn) the Celtic seat
    throws it: the opponent's Stake loses its Prophet, Gae Bolga is out of the game."""
    game, s = game_with(("danu", "odin"), first=0)
    empty_hands(s)
    own(s, 0, "gae_bolga")
    until(s, battle_window)
    assert window(s) == (0, "battle_start") and s.attacks == [0, 0]
    set_tokens(s, 1, stake=[1, 0, 1])
    act(s, myth_a(s, "gae_bolga"))
    assert s.stake[1] == [1, 0, 0]
    m = MYTH_INDEX["gae_bolga"]
    assert m in s.myth_out[0] and m not in s.myth_own[0]


def test_no_mythology_window_once_the_battle_has_begun():
    """TM § Mythology Cards and Their Abilities: 'once the Phase has really begun (via an action) it is
    no longer possible to play a Mythology card in this Phase'. Declining the Battle-start window,
    Gae Bolga is not offered during the Battle turns."""
    game, s = game_with(("danu", "odin"), first=0)
    empty_hands(s)
    own(s, 0, "gae_bolga")
    until(s, battle_window)
    act(s, s.C.DECLINE)
    while s.step == rules.BATTLE and not s.pending:
        assert all(s.C.decode[a][0] != "myth" for a in s.legal_actions())
        act(s, plain(s))


def test_gungnir_at_the_end_of_the_battle():
    """Designed text (Gungnir): 'At the end of a Battle, before the Power totals: +4 Power.' With equal
    Stakes and no cards, the Norse seat uses it in the Battle-end window and wins."""
    game, s = game_with(("odin", "athena"), first=0)
    empty_hands(s)
    own(s, 0, "gungnir")
    until(s, battle_end_window)
    assert window(s) == (0, "battle_end")
    act(s, myth_a(s, "gungnir"))
    until(s, lambda st: st.step != rules.BATTLE and not (st.pending and st.pending[-1][0] == "window"))
    assert s.winners == [0]


def test_a_folded_player_uses_no_mythology_card_in_the_battle():
    """TM § Folding: 'A player who folds can no longer play any card, or take any action until the end
    of the Betting Phase and the Battle Phase.' Three seats; seat 2 (Celtic, Gae Bolga in play)
    folds: it is not asked at the Battle's start."""
    game, s = game_with(("odin", "athena", "danu"), first=0)
    empty_hands(s)
    own(s, 2, "gae_bolga")

    def pol(st):
        if st.step == rules.BET and not st.pending and st.current_player() == 2 and st.C.FOLD in st.legal_actions():
            return st.C.FOLD
        return plain(st)
    until(s, lambda st: st.step == rules.BATTLE or st.hands > 0, pol)
    assert s.folded[2]
    assert window(s) is None or window(s)[0] != 2


# ------------------------------------------------------------------ Heroes
def test_hero_inactive_until_sent_then_counts_and_dies_with_a_lost_battle():
    """TM § Heroes: 'When you buy a Hero, place its card in front of you ... Your Hero is for the
    moment inactive ... To use a Hero, place its token in your Stake just before the start of a Battle
    ... Beware, if you lose the Battle, then your Hero dies: put its card and its token back in the
    box, it will never return.' Designed Achilles: 'In your Stake his token counts 8 Power'. Seat 0
    owns Achilles: before the Battle it adds nothing; sent into the Stake at the Battle's start it
    adds 8; seat 1 (Odin, with a Prophet put into its Stake) out-powers it and Achilles dies."""
    game, s = game_with(("ares", "odin"), first=0)
    empty_hands(s)
    own(s, 0, "achilles")
    until(s, battle_window)
    base = s.battle_power(0)
    assert window(s) == (0, "battle_start")
    act(s, myth_a(s, "achilles"))
    assert MYTH_INDEX["achilles"] in s.hero_stake[0]
    assert s.battle_power(0) == base + 8
    # the opponent gets ahead: a Prophet from the bank into its Stake
    set_tokens(s, 1, stake=[s.stake[1][D], s.stake[1][PR], s.stake[1][PH] + 1])
    until(s, lambda st: st.step not in (rules.BATTLE,) and not (st.pending and st.pending[-1][0] == "window"))
    assert s.winners == [1]
    until(s, lambda st: st.step in (rules.PRAYER, rules.MYTH) or st.hands > 0)
    m = MYTH_INDEX["achilles"]
    assert m not in s.myth_own[0] and m in s.myth_out[0] and m not in s.myth_deck[0]


def test_hero_of_a_winner_survives_and_comes_back():
    """TM § Heroes: only 'if you lose the Battle, then your Hero dies'. Achilles' owner wins: the Hero
    stays in play (back on its card) and may join the Stake again in the next Battle."""
    game, s = game_with(("ares", "odin"), first=0)
    empty_hands(s)
    own(s, 0, "achilles")
    until(s, battle_window)
    act(s, myth_a(s, "achilles"))
    until(s, lambda st: st.step not in (rules.BATTLE,) and not (st.pending and st.pending[-1][0] == "window"))
    assert s.winners == [0]
    until(s, lambda st: st.step in (rules.PRAYER, rules.MYTH) or st.hands > 0)
    assert MYTH_INDEX["achilles"] in s.myth_own[0] and s.hero_stake[0] == []


def test_heroes_of_tied_winners_survive():
    """TM § The Closing Phase: 'If two (or more) players are tied for the highest total, they all win';
    TM § Heroes: a Hero dies only if its owner loses. Both seats send a Hero of equal worth (Cu
    Chulainn 5 with no Attack, Gilgamesh 5 after taking two Disciples): with the Stakes made equal,
    both win and both Heroes live."""
    game, s = game_with(("danu", "marduk"), first=0)
    empty_hands(s)
    own(s, 0, "cu_chulainn")
    own(s, 1, "gilgamesh")
    until(s, battle_window)
    act(s, myth_a(s, "cu_chulainn"))
    until(s, lambda st: window(st) == (1, "battle_start"))
    set_tokens(s, 0, stake=[3, 0, 0])
    act(s, myth_a(s, "gilgamesh"))
    while s.pending and s.pending[-1][0] == "mtarget":
        act(s, s.legal_actions()[0])
    assert s.stake[0] == [1, 0, 0]
    set_tokens(s, 1, stake=[1, 0, 0])
    assert s.battle_power(0) == s.battle_power(1) == 7
    until(s, lambda st: st.step in (rules.PRAYER, rules.MYTH) or st.hands > 0)
    assert s.winners == [0, 1]
    assert MYTH_INDEX["cu_chulainn"] in s.myth_own[0] and MYTH_INDEX["gilgamesh"] in s.myth_own[1]


# ------------------------------------------------------------------ Rules Clarifications: Lia Fail
def test_lia_fail_both_prophets_are_yours():
    """TM § Rules Clarifications: 'If you have no Prophet and you have Lia Fail in play, what happens
    if you win a Hand? ... Lia Fail does not block the normal Prophet since the exchange is made from
    the bank to your Stake (so you indeed have no prophet in your Cult when the card triggers). Both
    Prophets are yours!' Three seats (no Duel at the Summit); seat 0 with no Prophet in its Cult and
    Lia Fail in play wins the Hand alone (the others fold): its Cult ends with two Prophets (and the
    free Priest)."""
    game, s = game_with(("danu", "odin", "athena"), first=0)
    empty_hands(s)
    own(s, 0, "lia_fail")
    set_tokens(s, 0, cult=[6, 4, 0])

    def pol(st):
        if st.step == rules.BET and not st.pending and st.current_player() != 0 and st.C.FOLD in st.legal_actions():
            return st.C.FOLD
        return plain(st)
    stake = s.stake[0][:]
    until(s, lambda st: st.step == rules.PRAYER, pol)
    assert s.winners == [0]
    assert s.cult[0][PH] == 2 + stake[PH]
    assert s.cult[0][PR] == 4 + 1 + stake[PR]


def test_no_limit_to_active_mythology_cards():
    """TM § Mythology Cards and Their Abilities: 'There is no limit to the number of Mythology cards you
    may have active at one time.' A Celtic seat with Gae Bolga and the Sword of Nuada (both 'At the
    start of a Battle, before any Attack') uses both in the same window, one after the other: the
    opponent loses its Prophet and a random card; then the window passes on."""
    game, s = game_with(("danu", "odin"), first=0)
    own(s, 0, "gae_bolga")
    own(s, 0, "sword_of_nuada")
    until(s, battle_window)
    assert window(s) == (0, "battle_start")
    set_tokens(s, 1, stake=[1, 0, 1])
    set_hand(s, 1, ["spark", "gust"])
    act(s, myth_a(s, "gae_bolga"))
    assert window(s) == (0, "battle_start")
    act(s, myth_a(s, "sword_of_nuada"))
    assert s.stake[1] == [1, 0, 0] and len(s.hand[1]) == 1
    assert window(s) is None or window(s)[0] != 0


def test_an_announced_ability_is_seen_by_everyone():
    """TM § Divine Abilities: 'you must announce to the other players that you are doing so'. After
    Dagda uses his Ability, the other seat's observation counts one Ability use for him, and its ansi
    view says so."""
    game, s = game_with(("dagda", "odin"), first=0)
    before = game.observation_dict(s, 1)["ability"][1][0]
    act(s, A(s, "ability"))
    ob = game.observation_dict(s, 1)
    assert ob["ability"][1][0] > before
    assert "Dagda's Ability" in s.render(1)


# ------------------------------------------------------------------ saved states
def test_saved_states_with_impossible_hero_tokens_or_used_cards_are_refused():
    """TM § Heroes: 'place its token in your Stake just before the start of a Battle ... if you lose
    the Battle, then your Hero dies'; TM § Mythology Cards and Their Abilities: a card is used at a
    Phase start / end, once per Hand. A Hero has one token, in a Stake only from the start of a Battle
    it takes part in to the Closing Phase; a card used this Hand is one of its owner's cards in play
    (or out of the game after its use). Saved states breaking this (Achilles' token twice in a Stake,
    counting 16 Power; his token in the Stake during the Betting Phase; a card used twice; a card used
    from the Mythology deck) are refused with the project's StateError."""
    import copy

    from mythenv.core.errors import StateError

    game, s = game_with(("ares", "marduk"))
    own(s, 0, "achilles")
    own(s, 0, "oracle_of_delphi")
    d = s.to_dict()
    a, o = MYTH_INDEX["achilles"], MYTH_INDEX["oracle_of_delphi"]
    bad = [
        lambda d: (d["hero_stake"].__setitem__(0, [a, a]), d["myth_used"].__setitem__(0, [a])),
        lambda d: (d["hero_stake"].__setitem__(0, [a]), d["myth_used"].__setitem__(0, [a])),
        lambda d: d["myth_used"].__setitem__(0, [o, o]),
        lambda d: d["myth_used"].__setitem__(0, [d["myth_deck"][0][0]]),
    ]
    game.state_from_dict(copy.deepcopy(d))
    for f in bad:
        dd = copy.deepcopy(d)
        f(dd)
        with pytest.raises(StateError):
            game.state_from_dict(dd)
    # in the Battle, a Hero sent at its start is a legal saved state
    until(s, battle_window)
    act(s, myth_a(s, "achilles"))
    game.state_from_dict(s.to_dict())


def test_saved_states_out_of_the_preparation_order_are_refused():
    """TM § Choose a Pantheon ('Before building his starting deck, each player chooses one of the
    available Pantheons'), § Final Selection of the God ('Once the starting decks are made, each
    player secretly chooses ... Once all players have made their choice, they simultaneously turn
    their chosen Deity Sheet face up'), § Divine Abilities ('only once per Hand'). Refused with
    StateError: Gods still face down in the Betting Phase (their Abilities would never act); a
    later seat's God chosen while an earlier seat is still choosing; Ares' once-per-Hand Ability
    used twice this Hand; a God chosen during the draft."""
    import copy

    from mythenv.core.errors import StateError

    game, s = game_with(("ares", "marduk"))
    d = s.to_dict()
    game.state_from_dict(copy.deepcopy(d))
    for f in (lambda d: d.__setitem__("revealed", False),
              lambda d: d["ab_uses"].__setitem__(0, 2)):
        dd = copy.deepcopy(d)
        f(dd)
        with pytest.raises(StateError):
            game.state_from_dict(dd)
    game, s = to_gods(2, pans=[PAN["greek"], PAN["norse"]])
    d = s.to_dict()
    game.state_from_dict(copy.deepcopy(d))
    dd = copy.deepcopy(d)
    dd["deity"][1] = DEITY_INDEX["odin"]
    with pytest.raises(StateError):
        game.state_from_dict(dd)
    game = mythenv.make_game(GID, num_players=2, deck="draft", mode="advanced")
    s = game.new_initial_state(seed=0)
    act(s, A(s, "pantheon", PAN["greek"]))
    act(s, A(s, "pantheon", PAN["norse"]))
    assert s.step == rules.DRAFT_PICK
    dd = s.to_dict()
    dd["deity"][0] = DEITY_INDEX["ares"]
    with pytest.raises(StateError):
        game.state_from_dict(dd)
