"""Theomachy Advanced game: every designed Ability, Request and Mythology card checked from its text
(mythenv/games/theomachy/data/pantheons.toml, the spec for designed cards) and the rulebook (TM =
../shared/seeds/000_b58b559235c1f04d.txt). Expectations were written from the texts before running the
code. Where a card's effect is a difference (a Mythology card used or not), two games with the same
seed and the same moves are compared.
"""

from __future__ import annotations

from mythenv.games.theomachy import rules
from mythenv.games.theomachy.pantheons import MYTH_INDEX
from mythenv.games.theomachy.rules import PH, PR, D

from .helpers import (
    A,
    act,
    after_closing,
    battle_end_window,
    battle_window,
    empty_hands,
    folds,
    game_with,
    in_battle,
    myth_a,
    own,
    plain,
    set_const,
    set_hand,
    set_tokens,
    to_myth,
    to_top,
    until,
    window,
)

#: face up in round 1: Air Order 1, Fire Order 2, Earth Chaos 3; the Turn and River: Water Order 1,
#: Water Chaos 2 (so the Battle has Air, Fire, Earth and two Water, 4 Order and 5 Chaos orbs)
CONST = ["air_order_1", "fire_order_2", "earth_chaos_3", "water_order_1", "water_chaos_2"]


def setup(gods, first=0, **kw):
    game, s = game_with(gods, first=first, **kw)
    set_const(s, CONST, 3)
    empty_hands(s)
    return game, s


def resolve(s) -> None:
    """Name the first target offered and decline every reaction window."""
    while s.pending and s.pending[-1][0] in ("target", "mtarget", "react"):
        la = s.legal_actions()
        act(s, s.C.DECLINE if s.C.DECLINE in la else la[0])


def play(s, key) -> None:
    from mythenv.games.theomachy.cards import KIND_INDEX
    act(s, A(s, "play", KIND_INDEX[key]))
    resolve(s)


def battle_played(gods, keys):
    """``setup(gods)``, then at the first Battle turn seat 0 holds the cards ``keys`` and plays them
    in this order."""
    game, s = setup(gods)
    until(s, in_battle)
    set_hand(s, 0, keys)
    for key in keys:
        play(s, key)
    return game, s


def hand_over(s, pol=plain) -> None:
    until(s, after_closing, pol)


def at_battle_start(s) -> None:
    """Stop at the first Battle turn or the Battle-start window."""
    until(s, lambda st: battle_window(st) or in_battle(st))


# ------------------------------------------------------------------ Greek
def test_poseidon_request_water_attack():
    """Poseidon's Request: 'Win a Battle in which you played a Water Attack.' Poseidon plays Undertow
    (Water) in the Battle and wins: one Miracle. His opponent, who played nothing, gets none."""
    game, s = battle_played(("poseidon", "odin"), ["undertow"])
    hand_over(s)
    assert s.winners == [0] and s.miracles == [1, 0]


def test_ares_request_three_attacks():
    """Ares' Request: 'Win a Battle in which you played three or more Attack cards.' Ares plays three
    Sparks and wins: one Miracle; with two Attacks only he would not (checked in a second game)."""
    for n_attacks, miracles in ((3, 1), (2, 0)):
        game, s = battle_played(("ares", "odin"), ["spark"] * n_attacks)
        hand_over(s)
        assert s.winners == [0] and s.miracles[0] == miracles


def test_athena_request_win_without_attacks():
    """Athena's Request: 'Win a Hand in which you played no Attack card.' Her opponent folds, she wins
    the Hand without a Battle and without an Attack: one Miracle."""
    game, s = setup(("athena", "odin"))
    hand_over(s, folds({1}))
    assert s.winners == [0] and s.miracles == [1, 0]


def test_athena_ability_looks_at_a_hand_and_draws():
    """Athena's Ability: 'look at an opponent's hand and draw a card.' In a three-seat game she names
    seat 2: she now knows seat 2's cards, seat 1 does not; she holds one card more and pays nothing."""
    game, s = setup(("athena", "odin", "danu"))
    set_hand(s, 2, ["spark", "gust"])
    cult, bank, n = s.cult[0][:], s.bank[:], len(s.hand[0])
    act(s, A(s, "ability"))
    assert s.pending and s.pending[-1][0] == "mtarget"
    act(s, A(s, "target", 1))          # the player two seats to the left: seat 2
    assert s.cult[0] == cult and s.bank == bank and len(s.hand[0]) == n + 1
    assert all(s.vis[c] >> 0 & 1 for c in s.hand[2])
    assert not any(s.vis[c] >> 1 & 1 for c in s.hand[2])
    ob1 = game.observation_dict(s, 1)
    assert ob1["opp_hand_known"].sum() == 0


def test_oracle_of_delphi_sees_the_face_down_constellation():
    """Oracle of Delphi: 'At the start of the Betting Phase: look at the face-down Constellation
    cards.' Used in the window, its owner's view shows the two face-down cards, the other seat's
    view does not."""
    game, s = setup(("athena", "odin"))
    own(s, 0, "oracle_of_delphi")
    until(s, lambda st: window(st) == (0, "betting_start"))
    act(s, myth_a(s, "oracle_of_delphi"))
    const0 = [ln for ln in s.render(0).splitlines() if ln.startswith("Constellation")][0]
    const1 = [ln for ln in s.render(1).splitlines() if ln.startswith("Constellation")][0]
    assert "??" not in const0 and const1.count("??") == 2


def test_thunderbolt_of_zeus_takes_a_priest_before_any_attack():
    """Thunderbolt of Zeus: 'At the start of a Battle, before any Attack: an opponent in the Battle
    loses a Priest from his Stake.'"""
    game, s = setup(("athena", "odin"))
    own(s, 0, "thunderbolt_of_zeus")
    until(s, battle_window)
    set_tokens(s, 1, stake=[1, 2, 0])
    act(s, myth_a(s, "thunderbolt_of_zeus"))
    resolve(s)
    assert s.stake[1] == [1, 1, 0]


def test_golden_fleece_two_disciples_for_a_lone_win():
    """Golden Fleece: 'Whenever you alone win a Hand, take two Disciples from the bank.' The same game
    with and without the Fleece in play (seat 0 wins alone, seat 1 folds): two Disciples more."""
    game, s1 = setup(("athena", "odin"))
    own(s1, 0, "golden_fleece")
    hand_over(s1, folds({1}))
    game, s0 = setup(("athena", "odin"))
    hand_over(s0, folds({1}))
    assert s1.winners == s0.winners == [0]
    assert s1.cult[0][D] == s0.cult[0][D] + 2


def test_golden_fleece_not_for_a_shared_win():
    """Golden Fleece: 'Whenever you ALONE win a Hand'. Both seats tie the Battle (equal Stakes, no
    cards): the Fleece gives nothing."""
    game, s = setup(("athena", "odin"))
    own(s, 0, "golden_fleece")
    game, c = setup(("athena", "odin"))
    for st in (s, c):
        hand_over(st)
        assert st.winners == [0, 1]
    assert s.cult[0] == c.cult[0]


# ------------------------------------------------------------------ Norse
def test_mjollnir_attacks_of_any_essence_in_one_action():
    """TM § Allowed Battle Actions: 'All Attacks must be of the same type of Essence! You may play
    Attacks of another Essence ONLY if a card allows it (like Mjollnir).' Thor (Mjollnir taken at
    setup) plays Spark (Fire) then Gust (Air) in one Battle turn; Odin, without Mjollnir, may not
    play Gust after Spark."""
    from mythenv.games.theomachy.cards import KIND_INDEX
    for god, ok in (("thor", True), ("odin", False)):
        game, s = setup((god, "athena"))
        until(s, in_battle)
        set_hand(s, 0, ["spark", "gust"])
        play(s, "spark")
        assert (A(s, "play", KIND_INDEX["gust"]) in s.legal_actions()) == ok


def test_thor_request_two_essences():
    """Thor's Request: 'Win a Battle in which you played Attacks of two or more Essences.' Spark and
    Gust in one turn (Mjollnir), Thor wins: one Miracle."""
    game, s = battle_played(("thor", "athena"), ["spark", "gust"])
    hand_over(s)
    assert s.winners == [0] and s.miracles == [1, 0]


def test_odin_ability_discard_peek_and_draw():
    """Odin's Ability: 'discard a card from your hand: look at the face-down Constellation cards and
    draw a card.' His hand keeps its size (one discarded, one drawn), the discarded card tops his
    discard pile, and only his view shows the face-down cards."""
    game, s = setup(("odin", "athena"))
    set_hand(s, 0, ["spark", "gust"])
    act(s, A(s, "ability"))
    la = s.legal_actions()
    assert all(s.C.decode[a][0] == "discard" for a in la)
    from mythenv.games.theomachy.cards import KIND_INDEX
    act(s, A(s, "discard", KIND_INDEX["gust"]))
    assert len(s.hand[0]) == 2 and rules.kid(s.disc[0][-1]) == KIND_INDEX["gust"]
    const0 = [ln for ln in s.render(0).splitlines() if ln.startswith("Constellation")][0]
    const1 = [ln for ln in s.render(1).splitlines() if ln.startswith("Constellation")][0]
    assert "??" not in const0 and const1.count("??") == 2


def test_odin_request_two_effects_and_a_battle():
    """Odin's Request: 'Take part in a Battle having played two or more Effect cards this Hand.' Odin
    plays two Insights in the Betting Phase, then loses the Battle: still one Miracle (the Request
    asks to take part, not to win)."""
    game, s = setup(("odin", "athena"))
    set_hand(s, 0, ["insight", "insight"])
    play(s, "insight")
    play(s, "insight")
    until(s, battle_window if False else in_battle)
    set_tokens(s, 1, stake=[1, 0, 1])
    hand_over(s)
    assert s.winners == [1] and s.miracles[0] == 1


def test_freya_per_disciple_and_request_even_when_losing():
    """Freya's Ability: 'in every Battle you take part in as the First Player, +1 Power per Disciple
    in your Stake at the End of Battle'; her Request: 'End a Battle with eight or more tokens in your
    Stake.' Freya is the First Player with eight Disciples in her Stake: her Power is 16 + 8 = 24;
    the opponent (Marduk, two Prophets and a Priest, 25) wins, Freya still gains her Miracle
    (Marduk, not the First Player, none)."""
    game, s = setup(("freya", "marduk"))
    until(s, in_battle)
    set_tokens(s, 0, stake=[8, 0, 0])
    set_tokens(s, 1, stake=[0, 1, 2])
    assert s.battle_power(0) == 24 and s.battle_power(1) == 25
    hand_over(s)
    assert s.winners == [1] and s.miracles == [1, 0]


def test_freya_not_first_player_no_bonus():
    """Freya's Ability acts only 'as the First Player': with Marduk the First Player, her eight
    Disciples count their face value alone (16)."""
    game, s = setup(("freya", "marduk"), first=1)
    until(s, in_battle)
    set_tokens(s, 0, stake=[8, 0, 0])
    assert s.battle_power(0) == 16


def test_gjallarhorn_and_yggdrasil_hand_sizes():
    """Yggdrasil: 'At the start of each Hand, draw until you hold six cards.' In Hand 2 its owner holds
    six cards when betting starts, the other seat five."""
    game, s = game_with(("odin", "athena"))     # full hands: both decks hold enough cards for Hand 2
    own(s, 0, "yggdrasil")
    until(s, lambda st: st.hands == 1 and st.step == rules.BET)
    assert len(s.hand[0]) == 6 and len(s.hand[1]) == 5


def test_gungnir_plus_four():
    """Gungnir: 'At the end of a Battle, before the Power totals: +4 Power.'"""
    game, s = setup(("odin", "athena"))
    own(s, 0, "gungnir")
    until(s, battle_end_window)
    before = s.battle_power(0)
    act(s, myth_a(s, "gungnir"))
    assert s.battle_power(0) == before + 4


def test_sigurd_five_power_and_a_priest_for_a_win():
    """Sigurd: 'Hero. In your Stake his token counts 5 Power; if you win the Hand with him, take a
    Priest from the bank.' The same game with Sigurd sent into the Stake and without: 5 Power more
    in the Battle and, after the win, one Priest more in the Cult."""
    out = []
    for send in (True, False):
        game, s = setup(("odin", "athena"))
        own(s, 0, "sigurd")
        until(s, battle_window)
        base = s.battle_power(0)
        act(s, myth_a(s, "sigurd") if send else s.C.DECLINE)
        if send:
            assert s.battle_power(0) == base + 5
        until(s, lambda st: not st.pending)
        set_tokens(s, 0, stake=[1, 0, 1])       # seat 0 wins either way
        hand_over(s)
        assert s.winners == [0]
        out.append(s.cult[0][PR])
    assert out[0] == out[1] + 1


# ------------------------------------------------------------------ Celtic
def test_danu_counts_an_earth_essence_and_two_order_orbs():
    """Danu's Ability: 'throughout every Hand you count one more Earth Essence and two more Order
    orbs, as if a Power of Earth (Order) were in your play area.' With the same Constellation and no
    Power card played, Danu counts one Earth and two Order orbs more than her opponent."""
    game, s = setup(("danu", "athena"))
    sph0, orbs0 = s.essence(0)
    sph1, orbs1 = s.essence(1)
    assert sph0[1] == sph1[1] + 1 and [a - b for a, b in zip(sph0, sph1)] == [0, 1, 0, 0]
    assert orbs0[0] == orbs1[0] + 2 and orbs0[1] == orbs1[1]


def test_danu_fuels_a_card_the_constellation_alone_cannot():
    """Danu's Ability, TM § How to Play Action Cards: Quicksand needs two Earth symbols and two Order
    orbs (prerequisites); with one Earth face up and no Power card, Danu can play it in the Battle,
    her opponent with the same hand cannot."""
    from mythenv.games.theomachy.cards import KIND_INDEX
    for god, ok in (("danu", True), ("athena", False)):
        game, s = setup((god, "odin"))
        until(s, in_battle)
        set_hand(s, 0, ["quicksand"])
        assert (A(s, "play", KIND_INDEX["quicksand"]) in s.legal_actions()) == ok


def test_danu_request_earth_attack():
    """Danu's Request: 'Win a Battle in which you played an Earth Attack.' Rockslide (Earth), won."""
    game, s = battle_played(("danu", "odin"), ["rockslide"])
    hand_over(s)
    assert s.winners == [0] and s.miracles == [1, 0]


def test_morrigan_request_three_tokens_removed():
    """Morrigan's Request: 'Win a Battle in which you removed three or more tokens from opponents'
    Stakes.' Her Passive Ability ('whenever an Air or Water Attack you play takes effect, every
    opponent in the Battle loses a Disciple from his Stake') acts for each of three Gusts (Air): three
    Disciples; she wins: one Miracle."""
    game, s = setup(("morrigan", "odin"))
    until(s, in_battle)
    set_hand(s, 0, ["gust", "gust", "gust", "insight"])
    set_tokens(s, 1, stake=[4, 0, 0])
    set_tokens(s, 0, stake=[1, 0, 1])
    for _ in range(3):  # three Air Attacks in one Battle action
        play(s, "gust")
    assert s.stake[1] == [1, 0, 0] and len(s.hand[0]) == 1
    hand_over(s)
    assert s.winners == [0] and s.miracles == [1, 0]


def test_dagda_ability_two_cards_for_a_disciple():
    """Dagda's Ability: 'pay a Disciple from your Cult to the bank: draw two cards.'"""
    game, s = setup(("dagda", "odin"))
    h, d = len(s.hand[0]), s.cult[0][D]
    act(s, A(s, "ability"))
    assert len(s.hand[0]) == h + 2 and s.cult[0][D] == d - 1


def test_dagda_request_six_tokens_in_the_stake():
    """Dagda's Request: 'Win a Hand with six or more tokens in your Stake.' Six Disciples in his
    Stake, he wins the Battle: one Miracle; five tokens: none."""
    for tokens, mir in ((6, 1), (5, 0)):
        game, s = setup(("dagda", "odin"))
        until(s, in_battle)
        set_tokens(s, 0, stake=[tokens, 0, 0])
        hand_over(s)
        assert s.winners == [0] and s.miracles[0] == mir


def test_lia_fail_only_without_a_prophet_in_the_cult():
    """Lia Fail: 'Whenever you win a Hand with no Prophet in your Cult, take a Prophet from the bank'.
    With a Prophet in the Cult, a win with Lia Fail gives the same Cult as without it."""
    out = []
    for with_lia in (True, False):
        game, s = setup(("danu", "odin", "athena"))
        if with_lia:
            own(s, 0, "lia_fail")
        hand_over(s, folds({1, 2}))
        out.append(s.cult[0][:])
    assert out[0] == out[1]


def test_sword_of_nuada_random_discard():
    """Sword of Nuada: 'At the start of a Battle, before any Attack: an opponent in the Battle discards
    a card at random.' The opponent's hand shrinks by one and his discard pile grows by one."""
    game, s = setup(("danu", "odin"))
    own(s, 0, "sword_of_nuada")
    until(s, battle_window)
    set_hand(s, 1, ["spark", "gust", "insight"])
    disc = len(s.disc[1])
    act(s, myth_a(s, "sword_of_nuada"))
    resolve(s)
    assert len(s.hand[1]) == 2 and len(s.disc[1]) == disc + 1


def test_cauldron_of_the_dagda_immediate():
    """Cauldron of the Dagda: 'When bought: take two Disciples and a Priest from the bank into your
    Cult. Then discard it.' Bought in the Myth Phase for one Miracle."""
    game, s = setup(("danu", "odin"))
    to_top(s, 0, "cauldron_of_the_dagda")
    s.miracles[0] = 1
    to_myth(s)
    assert s.current_player() == 0
    cult = s.cult[0][:]
    act(s, A(s, "myth_buy"))
    assert s.cult[0] == [cult[0] + 2, cult[1] + 1, cult[2]]
    m = MYTH_INDEX["cauldron_of_the_dagda"]
    assert m in s.myth_out[0] and m not in s.myth_own[0] and s.miracles[0] == 0


def test_cu_chulainn_five_and_one_per_attack():
    """Cu Chulainn: 'Hero. In your Stake his token counts 5 Power, and +1 Power per Attack you played in
    the Battle.' Sent in, then two Sparks (+2 each): the Stake value + 4 + 5 + 2."""
    game, s = setup(("danu", "odin"))
    own(s, 0, "cu_chulainn")
    until(s, battle_window)
    act(s, myth_a(s, "cu_chulainn"))
    until(s, in_battle)
    assert s.current_player() == 0
    set_hand(s, 0, ["spark", "spark"])
    play(s, "spark")
    play(s, "spark")
    st = s.stake[0]
    assert s.battle_power(0) == st[D] * 2 + st[PR] * 5 + st[PH] * 10 + 4 + 5 + 2


# ------------------------------------------------------------------ Mesopotamian
def test_ishtar_keeps_a_priest_of_a_lost_stake():
    """Ishtar's Ability: 'when you lose a Hand, one Priest of your Stake (not a Last Stand token) goes
    back to your Cult instead of the bank.' Ishtar loses with a Disciple and two Priests in her Stake:
    one Priest comes back to her Cult, the Disciple and the other Priest go to the bank."""
    game, s = setup(("odin", "ishtar"))
    until(s, in_battle)
    set_tokens(s, 1, stake=[1, 2, 0])
    set_tokens(s, 0, stake=[1, 0, 2])
    cult = s.cult[1][:]
    hand_over(s)
    assert s.winners == [0]
    assert s.cult[1][PR] == cult[PR] + 1 and s.cult[1][D] == cult[D]


def test_ishtar_request_a_lost_fight():
    """Ishtar's Request: 'Lose a Battle in which you played an Attack.' She plays a Spark and loses
    to two Prophets: one Miracle; losing without an Attack: none."""
    for attack, mir in ((True, 1), (False, 0)):
        game, s = setup(("ishtar", "odin"))
        until(s, in_battle)
        set_tokens(s, 1, stake=[1, 0, 2])
        if attack:
            set_hand(s, 0, ["spark"])
            play(s, "spark")
        hand_over(s)
        assert s.winners == [1] and s.miracles[0] == mir


def test_shamash_two_per_prophet_and_request_effect():
    """Shamash's Ability: '+2 Power, and +2 more per Prophet in your Stake, at the End of Battle'; his
    Request: 'Win a Battle having played an Effect card this Hand.' Insight in the Betting Phase, two
    Prophets and a Disciple in his Stake: Power 2 + 20 + 2 + 4 = 28; he wins: one Miracle."""
    game, s = setup(("shamash", "odin"))
    set_hand(s, 0, ["insight"])
    play(s, "insight")
    until(s, in_battle)
    set_tokens(s, 0, stake=[1, 0, 2])
    assert s.battle_power(0) == 28
    hand_over(s)
    assert s.winners == [0] and s.miracles == [1, 0]


def test_tower_of_babel_looks_at_a_hand():
    """Tower of Babel: 'At the start of the Betting Phase: look at an opponent's hand.'"""
    game, s = setup(("marduk", "odin"))
    own(s, 0, "tower_of_babel")
    until(s, lambda st: window(st) == (0, "betting_start"))
    act(s, myth_a(s, "tower_of_babel"))
    resolve(s)
    assert s.hand[1] and all(s.vis[c] >> 0 & 1 for c in s.hand[1])


def test_tablet_of_destinies_priest_into_the_stake():
    """Tablet of Destinies: 'At the end of a Battle, before the Power totals: a Priest from the bank
    joins your Stake.'"""
    game, s = setup(("marduk", "odin"))
    own(s, 0, "tablet_of_destinies")
    until(s, battle_end_window)
    st, bank = s.stake[0][:], s.bank[PR]
    act(s, myth_a(s, "tablet_of_destinies"))
    assert s.stake[0][PR] == st[PR] + 1 and s.bank[PR] == bank - 1


def plague_on_three_disciples(s) -> None:
    """At seat 1's first Battle turn, seat 0's Stake holds three Disciples and seat 1 plays Plague."""
    until(s, lambda st: in_battle(st) and st.current_player() == 1)
    set_tokens(s, 0, stake=[3, 0, 0])
    set_hand(s, 1, ["plague"])
    play(s, "plague")


def test_lamassu_attacks_cannot_strip_but_a_mythology_card_can():
    """Lamassu: 'At the start of a Battle: Attacks cannot remove tokens from your Stake for the rest of
    the Hand.' After Lamassu, the opponent's Plague (all the Disciples of a Stake) removes nothing from
    its owner's Stake."""
    game, s = setup(("marduk", "odin"))
    own(s, 0, "lamassu")
    until(s, battle_window)
    act(s, myth_a(s, "lamassu"))
    resolve(s)
    plague_on_three_disciples(s)
    assert s.stake[0] == [3, 0, 0]


def test_plague_strips_without_lamassu():
    """Control for the Lamassu test (TM § The Battle Phase, the Frank and Angela example: 'Plague
    (which removes all the disciples from Angela's Stake)')."""
    game, s = setup(("marduk", "odin"))
    plague_on_three_disciples(s)
    assert s.stake[0] == [0, 0, 0]


def test_hanging_gardens_a_disciple_each_hand():
    """Hanging Gardens: 'At the start of each Hand, take a Disciple from the bank into your Cult.' The
    same game with and without the Gardens: at the betting start of Hand 2 one Disciple more."""
    out = []
    for with_g in (True, False):
        game, s = setup(("marduk", "odin"))
        if with_g:
            own(s, 0, "hanging_gardens")
        until(s, lambda st: st.hands == 1 and st.step == rules.BET, folds({1}))
        out.append(s.cult[0][D] + s.cult[0][PR] * 10)
    assert out[0] == out[1] + 1


def test_thunderbolt_is_not_an_attack_so_lamassu_does_not_stop_it():
    """Lamassu: 'Attacks cannot remove tokens from your Stake'; Thunderbolt of Zeus is a Mythology
    card, not an Attack ('an opponent in the Battle loses a Priest from his Stake'). The First Player
    raises Lamassu at the Battle's start, the next seat's Thunderbolt still takes its Priest."""
    game, s = setup(("marduk", "athena"))
    own(s, 0, "lamassu")
    own(s, 1, "thunderbolt_of_zeus")
    until(s, battle_window)
    assert window(s)[0] == 0
    act(s, myth_a(s, "lamassu"))
    resolve(s)
    until(s, lambda st: window(st) == (1, "battle_start"))
    set_tokens(s, 0, stake=[1, 1, 0])
    act(s, myth_a(s, "thunderbolt_of_zeus"))
    resolve(s)
    assert s.stake[0] == [1, 0, 0]


def test_thunderbolt_only_at_an_opponent_in_the_battle():
    """Thunderbolt of Zeus: 'an opponent IN THE BATTLE'; TM § Folding: a folded player 'can no longer be
    targeted'. Three seats, seat 1 folds: the Thunderbolt can only strike seat 2 (no choice of a
    target that includes seat 1)."""
    game, s = setup(("athena", "odin", "marduk"))
    own(s, 0, "thunderbolt_of_zeus")
    until(s, battle_window, folds({1}))
    assert s.folded[1]
    set_tokens(s, 1, stake=[1, 1, 0])
    set_tokens(s, 2, stake=[1, 1, 0])
    act(s, myth_a(s, "thunderbolt_of_zeus"))
    if s.pending and s.pending[-1][0] == "mtarget":
        assert s.legal_actions() == [A(s, "target", 1)]
        act(s, A(s, "target", 1))
    assert s.stake[1] == [1, 1, 0] and s.stake[2] == [1, 0, 0]


def test_no_battle_windows_when_only_one_player_is_left():
    """TM § The Battle Phase: 'If only one player remains in the Hand at the start of the Battle phase,
    do not play it and go directly to the Closing Phase'; TM § Ending a Betting Round: 'Only one player
    is still active ... proceed immediately to the Closing Phase without playing the remaining
    Betting Rounds or the Battle.' The opponent folds: neither Gae Bolga (start of a Battle) nor
    Gungnir (end of a Battle) is offered, and Gae Bolga stays in play for a later Battle."""
    game, s = setup(("danu", "odin"))
    own(s, 0, "gae_bolga")
    game2, s2 = setup(("odin", "danu"))
    own(s2, 0, "gungnir")
    for st in (s, s2):
        for _ in range(200):
            if after_closing(st):
                break
            assert window(st) is None or window(st)[1] not in ("battle_start", "battle_end")
            la = st.legal_actions()
            a = st.C.FOLD if (st.current_player() == 1 and st.step == rules.BET and not st.pending
                              and st.C.FOLD in la) else plain(st)
            act(st, a)
        assert st.winners == [0]
    assert MYTH_INDEX["gae_bolga"] in s.myth_own[0]


def test_an_effect_played_in_reaction_counts_for_shamash():
    """Shamash's Request: 'Win a Battle having played an Effect card this Hand' (the condition counts
    'Effect cards played this Hand'); TM § Playing a Card in Reaction to an Action: 'The text of some
    Effect cards begins with the words "Play when an opponent does ". These Effects can only be
    played in response'. Shamash answers Odin's Insight with Interruption (an Effect card he plays),
    then wins the Battle: one Miracle, and every seat's record shows one Effect played by him."""
    game, s = game_with(("odin", "shamash"), first=0)
    set_const(s, ["air_order_1", "earth_chaos_3", "earth_chaos_2", "water_order_1", "water_chaos_2"], 3)
    empty_hands(s)
    set_hand(s, 0, ["insight", "spark"])
    set_hand(s, 1, ["interruption", "gust"])
    from mythenv.games.theomachy.cards import KIND_INDEX
    act(s, A(s, "play", KIND_INDEX["insight"]))
    while s.pending and s.pending[-1][0] == "target":
        act(s, s.legal_actions()[0])
    assert s.pending and s.pending[-1][0] == "react" and s.current_player() == 1
    act(s, A(s, "play", KIND_INDEX["interruption"]))
    assert s.h_effects[1] == 1
    assert game.observation_dict(s, 0)["hand_record"][1][2] > 0
    until(s, in_battle)
    set_tokens(s, 1, stake=[1, 0, 1])
    hand_over(s)
    assert s.winners == [1] and s.miracles == [0, 1]
