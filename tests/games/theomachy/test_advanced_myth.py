"""Theomachy Advanced game: the Greek and Norse Mythology cards and Heroes, the Phase windows and the
Myth Phase (TM = 000_b58b559235c1f04d.txt, § Mythology Cards and Their Abilities, § Heroes - Mythology
Cards, § The Myth Phase)."""

from mythenv.games.theomachy.cards import KIND_INDEX
from mythenv.games.theomachy.pantheons import MYTH_INDEX
from mythenv.games.theomachy.rules import BET, MYTH, PR, D

from .helpers import act, add_place, adv_battle, adv_betting, do, names, own, pass_battle, prepared, to_top


def _myth_phase(gods=("poseidon", "thor"), seed=0):
    """A prepared game moved to its Myth Phase with seat 0 as the First Player."""
    _, s = prepared(gods, seed=seed)
    s.first = 0
    s._start_myth()
    return s


# ------------------------------------------------------------------ the Myth Phase
def test_myth_phase_buy_the_visible_card():
    """TM § The Myth Phase: "Buy the visible Mythology card from the deck of their Pantheon, by
    discarding a number of Miracle Tokens equal to its cost ... the others are placed in front of your
    Deity Sheet"; one and only one action, starting with the First Player."""
    s = _myth_phase()
    m = to_top(s, 0, "golden_fleece")
    s.miracles[0] = 3
    assert s.step == MYTH and s.current_player() == 0
    assert set(names(s)) == {"myth_buy", "myth_bottom", "myth_leave"}
    act(s, "myth_buy")
    assert s.miracles[0] == 1 and m in s.myth_own[0] and m not in s.myth_deck[0]
    assert s.current_player() == 1 or s.step != MYTH   # seat 0's one action is done


def test_myth_phase_move_to_the_bottom_reveals_a_new_card_not_buyable_this_turn():
    """TM § The Myth Phase: "Move the visible Mythology card to the bottom of the deck (and thus reveal a
    new Mythology card). It cannot be bought on the same turn"."""
    s = _myth_phase()
    m = to_top(s, 0, "achilles")
    s.miracles[0] = 5
    below = s.myth_deck[0][-2]
    act(s, "myth_bottom")
    assert s.myth_deck[0][0] == m and s.myth_deck[0][-1] == below
    assert s.current_player() != 0 or s.step != MYTH          # no buy after the move
    assert s.miracles[0] == 5 and s.myth_known[0] == 1        # everyone saw where it went


def test_myth_phase_leave_keeps_the_card_and_a_seat_with_no_choice_is_skipped():
    """TM § The Myth Phase: "Leave the Mythology deck as it is. This lets you keep a Mythology card that
    interests you but that you cannot pay for at the moment". A seat with nothing it could do (an empty
    deck, or one card it cannot pay) is not asked (public facts)."""
    s = _myth_phase()
    top = s.myth_deck[0][-1]
    s.miracles[0] = 0
    act(s, "myth_leave")
    assert s.myth_deck[0][-1] == top
    _, t = prepared(seed=0)
    t.first = 0
    kept = t.myth_deck[0][-1]
    t.myth_out[0] = t.myth_deck[0][:-1]
    t.myth_deck[0] = [kept]
    t.myth_known[0] = 0
    t.miracles[0] = min(t.miracles[0], 0)
    t._start_myth()
    assert t.current_player() == 1           # one card it cannot pay for: nothing to decide


def test_pandoras_box_acts_at_once_then_is_discarded():
    """TM § The Myth Phase: "Some cards (such as Pandora's Box) have an immediate effect and are then
    discarded". Designed effect: every other player loses a Disciple from his Cult and each of his
    Places takes one damage."""
    s = _myth_phase(("poseidon", "thor"))
    m = to_top(s, 0, "pandoras_box")
    s.miracles[0] = 2
    c = add_place(s, 1, "citadel")
    cult = s.cult[1][D]
    act(s, "myth_buy")
    assert m in s.myth_out[0] and m not in s.myth_own[0]
    assert s.cult[1][D] == cult - 1
    assert [pl[0] for pl in s.places[1]] == [c] and s.places[1][0][1] == 1
    s.check_invariants()


# ------------------------------------------------------------------ windows
def test_a_card_offered_at_the_phase_start_is_refused_once_the_phase_has_begun():
    """TM § Mythology Cards and Their Abilities: "Each player, starting with the First Player, decides
    at the start and end of a Phase whether he wishes to use a Mythology card. Beware, once the Phase
    has really begun (via an action) it is no longer possible to play a Mythology card in this Phase".
    Oracle of Delphi (Betting Phase start): offered in the window; after a decline it is not legal
    in the betting turns, nor is any window opened again in this Phase."""
    _, s = adv_betting(("poseidon", "thor"), first=1, hands={0: ["spark"], 1: ["spark"]})
    m = own(s, 0, "oracle_of_delphi")
    assert s._phase_hook("betting", "start")
    assert s.pending[-1][0] == "window" and s.current_player() == 0
    assert s.C.off["myth"] + m in s.legal_actions()
    s.apply_action(s.C.DECLINE)
    assert not s.pending and s.current_player() == 1 and s.step == BET
    do(s, "pass", seat=1)
    do(s, "end_turn", seat=1)
    assert s.current_player() == 0
    assert all(s.C.decode[a][0] != "myth" for a in s.legal_actions())
    assert not s.peek[0]


def test_oracle_of_delphi_in_its_window():
    """Designed Oracle of Delphi: at the start of the Betting Phase, look at the face-down Constellation."""
    _, s = adv_betting(("poseidon", "thor"), first=0, hands={0: ["spark"], 1: ["spark"]})
    s.const_up = 3
    m = own(s, 0, "oracle_of_delphi")
    s._phase_hook("betting", "start")
    act(s, "myth", m)
    assert s.peek[0] and m in s.myth_used[0] and not s.pending and s.current_player() == 0


def test_window_seats_are_asked_clockwise_from_the_first_player():
    """TM § Mythology Cards and Their Abilities: "Each player, starting with the First Player, decides"."""
    _, s = adv_betting(("poseidon", "thor"), first=1, hands={0: ["spark"], 1: ["spark"]})
    own(s, 0, "oracle_of_delphi")
    g = own(s, 1, "gjallarhorn")
    s._phase_hook("betting", "start")
    assert s.current_player() == 1
    act(s, "myth", g)
    assert len(s.hand[1]) == 2                  # Gjallarhorn: draw a card
    assert s.current_player() == 0 and s.pending[-1][0] == "window"
    s.apply_action(s.C.DECLINE)
    assert s.current_player() == 1 and not s.pending


def test_thunderbolt_of_zeus_at_the_start_of_a_battle():
    """Designed Thunderbolt of Zeus: at the start of a Battle, before any Attack (TM § Mythology Cards:
    "for example Gae Bolga is played at the start of a Battle, before any Attack"), an opponent in the
    Battle loses a Priest from his Stake."""
    _, s0 = prepared(("poseidon", "thor"))
    own(s0, 0, "thunderbolt_of_zeus")
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["spark"], 1: ["spark"]},
                      stakes={0: [2, 0, 0], 1: [2, 1, 0]})
    m = own(s, 0, "thunderbolt_of_zeus")
    s.pending = []
    s._start_battle()
    assert s.pending[-1][0] == "window" and s.current_player() == 0
    act(s, "myth", m)
    assert s.stake[1] == [2, 0, 0] and s.h_stripped[0] == 1
    assert s.current_player() == 0 and not s.pending and s.attacks == [0, 0]


def test_gungnir_at_the_end_of_the_battle_before_the_totals():
    """Designed Gungnir: "At the end of a Battle, before the Power totals: +4 Power" (TM § Mythology
    Cards: "Most Mythology cards are used just before the start of a Phase or at the end of it")."""
    _, s = adv_battle(("poseidon", "odin"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [3, 0, 0]})
    m = own(s, 1, "gungnir")
    s.apply_action(s.C.PASS)
    s.apply_action(s.C.PASS)
    assert s.pending[-1][0] == "window" and s.current_player() == 1   # the battle_end window
    act(s, "myth", m)
    pass_battle(s)
    assert s.power[:2] == [4 + 2, 6 + 4] and s.winners == [1]  # Poseidon's +2


def test_golden_fleece_when_you_alone_win():
    """Designed Golden Fleece (passive): "Whenever you alone win a Hand, take two Disciples"."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    own(s, 0, "golden_fleece")
    cult = s.cult[0][D]
    pass_battle(s)
    assert s.winners == [0]
    assert s.cult[0][D] == cult + 2 + 2         # two from the Fleece, the Stake's two back


def test_yggdrasil_hand_of_six():
    """Designed Yggdrasil (passive): "At the start of each Hand, draw until you hold six cards"."""
    _, s = adv_battle(("poseidon", "odin"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    own(s, 1, "yggdrasil")
    for _ in range(4):                           # enough cards in the draw pile for six
        c = s.prayer.pop()
        s.deck[1].append(c)
        s.vis[c] = 1 << 1
    pass_battle(s)
    for _ in range(60):                          # the Prayer and Myth Phases, to the next Hand
        if s.hands == 1 and s.step == BET:
            break
        s.apply_action(s.C.DECLINE if s.C.DECLINE in s.legal_actions() else s.legal_actions()[0])
    assert s.hands == 1 and s.step == BET
    assert len(s.hand[1]) == 6 and len(s.hand[0]) == 5


# ------------------------------------------------------------------ Heroes
def test_achilles_joins_the_stake_before_the_battle_and_dies_with_a_loss():
    """TM § Heroes: "To use a Hero, place its token in your Stake just before the start of a Battle ...
    When the token joins your Stake, the Hero's ability activates ... if you lose the Battle, then your
    Hero dies: put its card and its token back in the box, it will never return". Designed Achilles:
    his token counts 8 Power."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["gust"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    m = own(s, 0, "achilles")
    s.pending = []
    s._start_battle()
    assert s.pending[-1][0] == "window" and s.C.off["myth"] + m in s.legal_actions()
    act(s, "myth", m)
    assert s.hero_stake[0] == [m]
    assert s.battle_power(0) == 4 + 2 + 8  # Stake, Poseidon's +2, Achilles
    s.apply_action(s.C.PASS)
    do(s, "play", "gust", seat=1)               # 4 + 2 = 6 against 14
    pass_battle(s)
    assert s.winners == [0] and m in s.myth_own[0] and s.hero_stake[0] == []   # back on its card
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [1, 0, 0], 1: [2, 3, 0]})
    m = own(s, 0, "achilles")
    s.pending = []
    s._start_battle()
    act(s, "myth", m)
    pass_battle(s)
    assert s.winners == [1]
    assert m not in s.myth_own[0] and m in s.myth_out[0] and s.hero_stake[0] == []
    s.check_invariants()


def test_a_hero_on_its_card_is_inactive_and_only_joins_a_battle():
    """TM § Heroes: "Your Hero is for the moment inactive, its ability is not yet in play" until its
    token joins the Stake; the token joins "just before the start of a Battle"."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    own(s, 0, "achilles")
    assert s.battle_power(0) == 4 + 2  # Stake and Poseidon's +2, no Achilles
    _, s = adv_betting(("poseidon", "thor"), first=0, hands={0: ["spark"], 1: ["spark"]})
    own(s, 0, "achilles")
    assert not s._phase_hook("betting", "start")   # no window for a Hero outside a Battle


def test_sigurd_wins_a_priest():
    """Designed Sigurd (Hero): 5 Power in the Stake; "if you win the Hand with him, take a Priest" (TM §
    Heroes: "others at the end of the Battle")."""
    _, s = adv_battle(("poseidon", "thor"), hands={0: ["insight"], 1: ["insight"]},
                      stakes={0: [2, 0, 0], 1: [2, 0, 0]})
    m = own(s, 1, "sigurd")
    s.pending = []
    s._start_battle()
    assert s.current_player() == 1
    act(s, "myth", m)
    priests = s.cult[1][PR]
    pass_battle(s)
    assert s.power[1] == 4 + 5 and s.winners == [1]
    # Sigurd's Priest; no free Priest for the winner at two players (TM § Duel at the Summit)
    assert s.cult[1][PR] == priests + 1


def test_myth_cards_from_the_data_key_the_engine():
    assert KIND_INDEX["spark"] >= 0 and MYTH_INDEX["sigurd"] >= 0


def _window_card(monkeypatch, key: str, window: str) -> None:
    """Make the Mythology card ``key`` a card of ``window`` (the engine reads the data through MYTHS)."""
    import dataclasses

    from mythenv.games.theomachy.rules import myth

    cards = list(myth.MYTHS)
    m = MYTH_INDEX[key]
    cards[m] = dataclasses.replace(cards[m], window=window)
    monkeypatch.setattr(myth, "MYTHS", tuple(cards))


def test_the_starting_phase_has_its_start_and_end_windows(monkeypatch):
    """TM § Mythology Cards and Their Abilities: "Each player ... decides at the start and end of a
    Phase whether he wishes to use a Mythology card" - the Starting Phase is the first Phase of a Hand
    (TM § Overview of the Game). A card of the Starting Phase's end is offered after the Initial Ante,
    and the Betting Phase follows when the window closes."""
    _window_card(monkeypatch, "gjallarhorn", "starting_end")
    _, s = adv_betting(("poseidon", "odin"), first=0, hands={0: ["spark"], 1: ["spark"]})
    m = own(s, 1, "gjallarhorn")
    assert s._phase_hook("starting", "end")
    assert s.pending[-1][0] == "window" and s.current_player() == 1
    act(s, "myth", m)
    assert len(s.hand[1]) == 2 and not s.pending
    assert s.step == BET and s.round == 0 and s.current_player() == 0


def test_the_myth_phase_has_its_start_and_end_windows(monkeypatch):
    """TM § Overview of the Game: the Myth Phase is the sixth Phase of a Hand; its start and end are
    windows like every Phase's (TM § Mythology Cards and Their Abilities)."""
    _window_card(monkeypatch, "oracle_of_delphi", "myth_start")
    s = _myth_phase()
    assert s.current_player() == 0 and not s.pending
    _, s = prepared(("poseidon", "thor"))
    s.first = 0
    m = own(s, 0, "oracle_of_delphi")
    s._start_myth()
    assert s.pending[-1][0] == "window" and s.current_player() == 0
    act(s, "myth", m)
    assert s.peek[0] and s.step == MYTH and not s.pending
