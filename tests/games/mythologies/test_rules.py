"""Scenario tests of the round structure (``003_4f78a05115d81413.txt``, cited MY § Section)."""

import numpy as np

from mythenv.games.mythologies import MythologiesGame
from mythenv.games.mythologies.cards import MYTHS
from mythenv.games.mythologies.rules import DEITY, MYTH_OF, OFF, OVER, PLACE, SEL, TYPE_OF, card_name

from .helpers import SLOT, A, new, placement, play, put, sanct_put


def test_setup_first_game_preset_and_sanctuary():
    """MY § Overall Setup 1-4: the first-game mythologies; 3 face-up Creatures per board, no Deity."""
    g = MythologiesGame(num_players=3, mythologies="first_game")
    s = g.new_initial_state(1)
    assert sorted(MYTHS[m] for m in s.boards) == ["celtic", "egyptian", "greek", "inca"]
    for b in range(4):
        assert all(s.sanct[4 * b + i] >= 0 and TYPE_OF[s.sanct[4 * b + i]] == 0 for i in range(3))
        assert s.sanct[4 * b + 3] == -1
        assert len(s.piles[2 * b]) == 15 and len(s.piles[2 * b + 1]) == 4
    assert s.round == 1 and s.phase == SEL and len(s.destiny) == 1


def test_random_mythologies_are_four_distinct():
    """MY § Overall Setup 1: four of the eight mythologies at random."""
    g = MythologiesGame()
    seen = set()
    for seed in range(20):
        b = g.new_initial_state(seed).boards
        assert len(set(b)) == 4
        seen |= set(b)
    assert len(seen) == 8


def test_destiny_cards_give_each_seat_each_board_once():
    """MY § A - Selection Phase: the 4 Destiny cards let each player choose among the 4 mythologies."""
    g = MythologiesGame(num_players=4)
    s = g.new_initial_state(3)
    boards = [[] for _ in range(4)]
    for k in range(4):
        assigned = [(p + k) % 4 for p in range(4)]
        assert len(set(assigned)) == 4
        for p in range(4):
            boards[p].append(assigned[p])
    assert all(sorted(b) == [0, 1, 2, 3] for b in boards)
    assert len(set(s.dest_board)) == 4


def test_selection_commit_is_hidden_until_revealed():
    """MY § A - Selection Phase 2: pawns are chosen secretly; a later seat's view does not reveal an
    earlier seat's commit before all are revealed."""
    g = MythologiesGame(num_players=3)
    s = g.new_initial_state(5)
    assert s.current_player() == 0 and s.legal_actions() == [OFF["commit"], OFF["commit"] + 1]
    a, b = s.clone(), s.clone()
    a.apply_action(OFF["commit"])
    b.apply_action(OFF["commit"] + 1)
    assert a.current_player() == b.current_player() == 1
    assert np.array_equal(g.observation(a, 1), g.observation(b, 1))
    assert a.render(1) == b.render(1)


def test_selection_two_cards_from_two_mythologies():
    """MY § A - Selection Phase: each player must choose exactly 2 cards, one pawn per Destiny card,
    hence from 2 different mythologies."""
    for n in (2, 3, 4):
        g = MythologiesGame(num_players=n)
        for seed in range(10):
            s = g.new_initial_state(seed)
            rng = np.random.default_rng(seed)
            while s.phase == SEL:
                la = s.legal_actions()
                s.apply_action(la[int(rng.integers(len(la)))])
            for p in range(n):
                assert len(s.hand[p]) == 2
                assert MYTH_OF[s.hand[p][0]] != MYTH_OF[s.hand[p][1]]


def test_must_place_when_destiny_cards_run_out():
    """MY § A - Selection Phase, Important: players must choose 2 cards, so a seat with 2 pawns and
    only 2 Destiny cards left has no choice (it is not asked)."""
    g = MythologiesGame(num_players=3)
    s = g.new_initial_state(2)
    for _ in range(6):
        s.apply_action(OFF["commit"])        # everybody keeps the pawn on Destiny 1 and 2
    assert len(s.destiny) == 3 and s.phase == SEL
    assert s.sel_step == "pick" and s.commits == [1, 1, 1]     # forced: nobody was asked
    assert s.legal_actions()[0] >= OFF["sanct"] and s.legal_actions()[0] < OFF["play"]


def test_one_pawn_per_card_and_draw_pile_only_without_creature():
    """MY § A - Selection Phase, Remarks / Important: one pawn per visible card; the draw pile only
    when no Creature is available."""
    s = new(("greek", "egyptian", "chinese", "hindu"), n=3)
    s.dest_board = [0, 1, 0]
    s.pawns = [[[0, 0], [0, 1]], [], []]
    opts = s.sel_options(2)
    assert opts == [OFF["sanct"] + 2]
    s.pawns[0].append([0, 2])
    assert s.sel_options(2) == [OFF["pile"] + 0]
    sanct_put(s, 0, 3, "Zeus")
    assert s.sel_options(2) == [OFF["sanct"] + 3, OFF["pile"] + 0]


def test_odin_blocks_the_norse_board_but_not_its_pile():
    """MY § Card Glossary 011 - Odin: opponents may not select on that board but may take the top of
    the draw pile."""
    s = new(("norse", "egyptian", "chinese", "hindu"))
    put(s, 1, "c1", "Odin")
    s.dest_board = [0, 1]
    assert s.sel_options(0) == [OFF["pile"] + 0]
    s.dest_board = [1, 0]
    assert OFF["sanct"] + 0 in s.sel_options(1)   # Odin's owner is not affected


def test_selection_ends_early_and_destined_is_last_revealed():
    """MY § A - Selection Phase, Remarks; MY § Lexicon: Destined: if everyone has placed both pawns
    before the 4th Destiny card, no more are revealed; the destined board is the last one revealed."""
    g = MythologiesGame(num_players=2)
    s = g.new_initial_state(7)
    for _ in range(2):
        for _ in range(2):
            s.apply_action(OFF["commit"] + 1)
        for _ in range(2):
            s.apply_action(s.legal_actions()[0])
    assert s.phase == PLACE and len(s.destiny) == 2
    assert s.dest_board == [(p + s.destiny[-1]) % 4 for p in range(2)]
    assert all(len(h) == 2 for h in s.hand)


def test_draw_pile_card_is_known_only_to_its_owner():
    """MY § A - Selection Phase: several players on one draw pile each draw in turn order at the end
    of the phase; the drawn card stays hidden from the others until played."""
    s = new(("greek", "egyptian", "chinese", "hindu"), n=2)
    s.first = 0
    s.pawns = [[[1, 4], [0, 0]], [[1, 4], [2, 0]]]
    s.destiny = [0, 1]
    s._end_selection()
    a, b = s.hand[0], s.hand[1]
    drawn0 = [c for c in a if MYTH_OF[c] == MYTHS.index("egyptian")][0]
    drawn1 = [c for c in b if MYTH_OF[c] == MYTHS.index("egyptian")][0]
    assert s.known[drawn0] == 1 and s.known[drawn1] == 2
    seat0_view_of_1 = s.render(0).split("Player 2:")[1]
    assert "selected: ?" in seat0_view_of_1 or ", ?" in seat0_view_of_1
    assert card_name(drawn1) in s.render(1).split("You:")[1]


def test_two_player_exile():
    """MY § Additional Rule for 2 Players: on the k-th Destiny card the k-th Creature of the two
    unassigned boards is exiled; if it was selected, the Deity instead; none on the 4th."""
    s = new(("celtic", "chinese", "norse", "inca"))
    sanct_put(s, 0, 0, "Leprechaun")
    sanct_put(s, 3, 0, "Amaru")
    sanct_put(s, 0, 1, "Banshee")
    sanct_put(s, 3, 3, "Inti")
    s.dest_board = [1, 2]
    s.pawns = [[], []]
    s._two_player_exile(1)
    assert sorted(card_name(c) for c in s.exile) == ["Amaru", "Leprechaun"]
    assert s.sanct[0] == -1 and s.sanct[12] == -1
    s.pawns = [[[0, 1]], []]                # the Banshee was selected: the Deity would go instead
    sanct_put(s, 0, 3, "Dagda")
    s._two_player_exile(2)
    assert "Dagda" in [card_name(c) for c in s.exile] and s.sanct[1] >= 0
    before = list(s.exile)
    s._two_player_exile(4)
    assert s.exile == before


def test_deity_costs_four_gems_and_cannot_use_its_own_gain():
    """MY § Deities: 4 Gems when played, not payable with its own invocation gain; otherwise it must
    be discarded for 2 Gems."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    placement(s, 0, hand=["Hades", "Minotaur"], round_=2, favors=[0, 0], gems=[3, 0])
    hades = [i for i, c in enumerate(s.hand[0]) if card_name(c) == "Hades"][0]
    assert OFF["play"] + hades not in s.legal_actions()
    assert OFF["discard"] + hades in s.legal_actions()
    s.apply_action(OFF["discard"] + hades)
    assert s.gem[0] == 5 and [card_name(c) for c in s.disc[0]] == ["Hades"]


def test_deity_cannot_be_crushed():
    """MY § B - Placement Phase 2 / Deities: it is not possible to crush a Deity."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Zeus")
    put(s, 0, "c2", "Minotaur")
    placement(s, 0, hand=["Scarab"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    la = s.legal_actions()
    assert A("slot", "c1") not in la and A("slot", "c2") in la


def test_crushing_does_not_recomplete_and_gains_once():
    """MY § Lexicon: Complete / Completion gains: crushing does not re-complete; a token is only
    collected once."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Ushabti")
    put(s, 0, "c2", "Ushabti")
    placement(s, 0, hand=["Scarab", "Ushabti"], favors=[0, 0], gems=[0, 0])
    play(s, "Scarab")
    s.apply_action(A("slot", "c3"))
    assert (s.fav[0], s.gem[0]) == (1, 1)          # 1 Favor of invocation, the plane's 1 Gem
    g0, f0 = s.gem[0], s.fav[0]
    play(s, "Ushabti")
    s.apply_action(A("slot", "c1"))               # crush: no completion
    assert s.gem[0] - g0 == 0 and s.fav[0] - f0 == 1


def test_uncovered_card_is_active_again_without_gain():
    """MY § Lexicon: Crush: a card that becomes visible again grants no invocation gain and no
    download effect, but its infinity effect is active again (here the Troll's toll)."""
    s = new(("greek", "egyptian", "norse", "hindu"))
    put(s, 1, "t1", "Troll", "Scarab")
    placement(s, 0, hand=["Minotaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Minotaur")
    assert A("slot", "t1") in s.legal_actions()     # the Troll is covered: no toll
    assert s.toll(0, SLOT["t1"]) == []
    s.disc[1].append(s.pan[1][SLOT["t1"]].pop())     # the Scarab leaves: the Troll is visible again
    s.check_invariants()
    assert s.toll(0, SLOT["t1"]) == [1] and s.fav == [0, 0]


def test_upkeep_passes_first_player_and_refills_with_deity():
    """MY § C - Upkeep: the first-player marker passes left, the sanctuary is refilled face up, the
    Deity slot too as soon as round 1 ends; the Destiny cards are reshuffled."""
    s = new(("greek", "egyptian", "chinese", "hindu"), n=3)
    s.disc[0].append(s.sanct[0])
    s.sanct[0] = -1
    s.turn_idx = 3
    placement(s, 2, favors=[0, 0, 0], gems=[0, 0, 0])
    assert s.round == 2 and s.first == 1 and s.phase == SEL
    assert all(s.sanct[4 * b + pos] >= 0 for b in range(4) for pos in range(4))
    assert all(TYPE_OF[s.sanct[4 * b + 3]] == DEITY for b in range(4))
    assert len(s.destiny) == 1


def test_trials_rounds_and_once_only():
    """MY § Trials: 1st Trial from round 3, one Favor less in round 4; 2nd Trial only in round 4;
    each at most once per seat."""
    s = new(("greek", "egyptian", "norse", "hindu"))
    put(s, 0, "t1", "Troll")
    put(s, 0, "t2", "Nâga")
    s.turn_idx = 2
    placement(s, 0, round_=2, favors=[0, 0], gems=[0, 0])
    assert s.trials[0] == [0, 0] and s.fav[0] == 0      # not active in round 2
    s = new(("greek", "egyptian", "norse", "hindu"))
    put(s, 0, "t1", "Troll")
    put(s, 0, "t2", "Nâga")
    placement(s, 0, round_=4, favors=[0, 0], gems=[0, 0])
    assert s.trials[0][0] == 1 and s.fav[0] >= 3


def test_trial_one_fewer_favor_in_round_4_exact():
    """MY § Trials: the 1st Trial fulfilled in round 4 gives 1 fewer Favor."""
    s = new(("greek", "egyptian", "norse", "hindu"))
    put(s, 0, "t1", "Troll")
    put(s, 0, "t2", "Nâga")
    s.round = 4
    s.fav = [0, 0]
    s._check_trials(0)
    assert s.trials[0] == [1, 0] and s.fav[0] == 3
    s._check_trials(0)
    assert s.fav[0] == 3


def test_second_trial_only_round_4():
    """MY § Trials: the 2nd Trial (bottom boards) is active only in round 4."""
    s = new(("greek", "egyptian", "norse", "hindu"))   # 2nd: 2 Favors of invocation + single column
    assert s.trial_favors(1) == 2 + 1
    put(s, 0, "c1", "Minotaur")                        # 1 Favor celestial
    put(s, 0, "t1", "Draugr")                          # terrestrial: 1 Gem
    assert not s.trial_met(0, 1)
    put(s, 0, "a1", "Draugr")                          # abyssal: 1 Favor -> column 1 has 2 Favors
    assert s.trial_met(0, 1)
    s.round = 3
    s._check_trials(0)
    assert s.trials[0][1] == 0
    s.round = 4
    s.fav = [0, 0]
    s._check_trials(0)
    assert s.trials[0][1] == 1 and s.fav[0] == 3


def test_final_scoring_conversion_and_tiebreaks():
    """MY § End of Game and Final Scoring: Favors + hourglass + 3 Gems = 1 Favor; ties by Gems left,
    then Deities, then visible cards; otherwise shared victory."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 0, "c1", "Zeus")
    put(s, 1, "c1", "Minotaur")
    put(s, 1, "c2", "Minotaur")
    s.turn_idx = 2
    placement(s, 1, round_=4, favors=[5, 6], gems=[4, 1])
    assert s.phase == OVER
    assert s.final[0] == [6, 1, 1, 1] and s.final[1] == [6, 1, 0, 2]
    assert s.returns() == [1.0, -1.0]                 # tie on Favors and Gems: Deities decide
    s = new(("greek", "egyptian", "chinese", "hindu"))
    s.turn_idx = 2
    placement(s, 1, round_=4, favors=[5, 5], gems=[2, 2])
    assert s.returns() == [1.0, 1.0]                  # shared victory


def test_score_reward_is_favor_margin():
    """Designed option reward='score': the final Favor margin over the best opponent."""
    s = new(("greek", "egyptian", "chinese", "hindu"), reward="score")
    s.turn_idx = 2
    placement(s, 1, round_=4, favors=[5, 2], gems=[3, 0])
    assert s.returns() == [4.0, -4.0]


def test_osiris_and_inti_hourglass():
    """MY § Card Glossary 022 Osiris (up to 6 Favors, 2 need 2 planes), 044 Inti (Gems also
    convert): hourglass Favors are added before the conversion."""
    s = new(("egyptian", "inca", "chinese", "hindu"))
    put(s, 0, "c1", "Osiris")
    put(s, 0, "t1", "Puma")
    put(s, 0, "a1", "Puma")
    put(s, 1, "c1", "Inti")
    put(s, 1, "c2", "Osiris") if False else None
    s.turn_idx = 2
    placement(s, 1, round_=4, favors=[0, 0], gems=[0, 7])
    assert s.final[0][0] == 6                           # 3 planes -> 3 pairs -> 6 Favors
    assert s.final[1][:2] == [2 + 2, 1]                 # Inti 7 // 3 = 2, then conversion 2, 1 Gem left
