"""Card effects and glossary rulings, Inca / Chinese / Zulu / Celtic
(``003_4f78a05115d81413.txt``, cited MY § Section)."""

from mythenv.games.mythologies.rules import OFF, card_name

from .helpers import SLOT, A, names, new, placement, play, put, sanct_put, to_discard


def fg(s, p):
    return s.fav[p], s.gem[p]


def test_puma_gains_when_crushing_on_entry_and_when_crushed():
    """MY § Card Effects (Puma); MY § Card Glossary 045: also when the Puma itself is crushed."""
    s = new(("inca", "greek", "chinese", "hindu"))
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t3", "Minotaur")
    placement(s, 0, hand=["Puma", "Condor"], favors=[0, 0], gems=[0, 0])
    play(s, "Puma")
    s.apply_action(A("slot", "t1"))                 # crushes a Minotaur: 1 Gem + 1 Gem invocation
    assert s.gem[0] == 2
    play(s, "Condor")
    s.apply_action(A("slot", "t1"))                 # crushes the Puma: its effect still gives 1 Gem
    assert s.gem[0] == 2 + 1 + 1                    # + Condor's terrestrial Gem


def test_condor_gains_then_sacrifices_even_without_gain():
    """MY § Cost of Cards (Condor): gain the adjacent card's gain, then sacrifice it anyway."""
    s = new(("inca", "greek", "chinese", "hindu"))
    put(s, 0, "a1", "Centaur")                       # abyssal: no gain
    placement(s, 0, hand=["Condor"], favors=[0, 0], gems=[0, 0])
    play(s, "Condor")
    s.apply_action(A("slot", "t1"))
    assert names(s, 0)[SLOT["a1"]] is None and [card_name(c) for c in s.disc[0]] == ["Centaur"]
    assert fg(s, 0) == (0, 1)


def test_caiman_only_present_mythologies():
    """MY § Card Glossary 047 - Caiman: a mythology present in your Pantheon only."""
    s = new(("inca", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    put(s, 0, "a1", "Qilin")
    placement(s, 0, hand=["Caiman"], favors=[0, 0], gems=[0, 0])
    play(s, "Caiman")
    s.apply_action(A("slot", "t2"))
    from mythenv.games.mythologies.cards import MYTHS
    assert set(s.legal_actions()) == {OFF["opt"] + MYTHS.index(m) for m in ("greek", "chinese", "inca")}
    s.apply_action(OFF["opt"] + MYTHS.index("greek"))
    assert s.gem[0] == 1 + 2


def test_ukuku_completing_its_own_plane_activates():
    """MY § Card Glossary 050 - Ukuku: if the Ukuku completes its own plane, its effect activates."""
    s = new(("inca", "greek", "chinese", "hindu"))
    put(s, 0, "a1", "Minotaur")
    put(s, 0, "a2", "Minotaur")
    placement(s, 0, hand=["Ukuku"], favors=[0, 0], gems=[0, 0])
    play(s, "Ukuku")
    s.apply_action(A("slot", "a3"))
    assert s.gem[0] == 1 + 1 + 2                    # invocation, plane token, Ukuku


def test_yanluo_wang_exchanges_limited_by_empty_slots_and_gems():
    """MY § Card Glossary 051 - Yanluo Wang: order and number of exchanges chosen, within your Gems
    and the empty slots of each opponent's Pantheon."""
    s = new(("chinese", "greek", "inca", "hindu"), n=3)
    for sl, nm in enumerate(["Minotaur"] * 3 + ["Centaur"] * 3 + ["Gorgon"] * 2):
        put(s, 1, sl, nm)
    placement(s, 0, hand=["Yanluo Wang"], round_=2, favors=[0, 0, 0], gems=[7, 0, 0])
    play(s, "Yanluo Wang")
    s.apply_action(A("slot", "c1"))
    assert s.gem[0] == 3
    s.apply_action(OFF["opt"] + 1)                   # seat 1 has one empty slot: one exchange
    assert OFF["opt"] + 1 not in s.legal_actions()
    s.apply_action(OFF["opt"] + 2)
    s.apply_action(OFF["opt"] + 2)                   # Gems exhausted: it stops by itself
    assert s.gem == [0, 1, 2] and s.fav[0] == 2 + 3 * 2


def test_sun_wukong_one_favor_per_move_effect():
    """MY § Card Glossary 052 - Sun Wukong: a neighbour's simultaneous moves (Hades) give 1 Favor."""
    s = new(("greek", "chinese", "inca", "hindu"))
    put(s, 1, "c1", "Sun Wukong")
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    placement(s, 0, hand=["Hades"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Hades")
    s.apply_action(A("slot", "a1"))
    for sl in ("c1", "t1", "c2", "t2"):
        s.apply_action(A("slot", sl))
    assert s.fav[1] == 1


def test_tianlong_mirror_move_blocked_by_deity():
    """MY § Card Glossary 055 - Tianlong: pay 1 Gem to move (Tianlong included); opponents make the
    same move (same slots); a move onto an uncrushable card does not take place (MY § Lexicon: Move)."""
    s = new(("greek", "chinese", "inca", "hindu"), n=3)
    put(s, 1, "c1", "Minotaur")
    put(s, 2, "c1", "Minotaur")
    put(s, 2, "a3", "Zeus")
    placement(s, 0, hand=["Tianlong"], favors=[0, 0, 0], gems=[1, 0, 0])
    play(s, "Tianlong")
    s.apply_action(A("slot", "c1"))
    s.apply_action(OFF["opt"])                       # pay 1 Gem
    s.apply_action(A("slot", "a3"))                  # Tianlong itself moves c1 -> a3 (forced source)
    assert names(s, 0)[SLOT["a3"]] == "Tianlong"
    assert names(s, 1)[SLOT["a3"]] == "Minotaur" and names(s, 2)[SLOT["c1"]] == "Minotaur"


def test_tianlong_declined_cost_no_move():
    """MY § Cost of Cards: [cost]: effect is optional; not paying means no effect."""
    s = new(("greek", "chinese", "inca", "hindu"))
    placement(s, 0, hand=["Tianlong"], favors=[0, 0], gems=[1, 0])
    play(s, "Tianlong")
    s.apply_action(A("slot", "c1"))
    s.apply_action(OFF["stop"])
    assert s.gem[0] == 1 and names(s, 0)[0] == "Tianlong"


def test_mogwai_triggers_on_recompletion_without_token():
    """MY § Card Glossary 058 - Mogwai: it triggers even when the plane's token was already taken."""
    s = new(("greek", "chinese", "inca", "hindu"))
    put(s, 1, "t2", "Mogwai")
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t3", "Minotaur")
    s.comp[0][1] = 0
    placement(s, 0, hand=["Scarab"] if False else ["Condor"], favors=[0, 0], gems=[0, 0])
    play(s, "Condor")
    s.apply_action(A("slot", "t2"))                  # completes again: no token, Mogwai 1 Gem
    assert s.gem[1] == 1


def test_jiangshi_sacrifices_its_own_stack():
    """MY § Card Glossary 059 - Jiangshi: it may sacrifice its own stack."""
    s = new(("greek", "chinese", "inca", "hindu"))
    put(s, 0, "t2", "Minotaur", "Centaur")
    placement(s, 0, hand=["Jiangshi"], favors=[0, 0], gems=[0, 0])
    play(s, "Jiangshi")
    s.apply_action(A("slot", "t2"))
    assert s.pan[0][SLOT["t2"]] == [] and len(s.disc[0]) == 3 and s.gem[0] == 1 + 3


def test_inkosazana_two_invocations_one_after_the_other():
    """MY § Card Glossary 062 - Inkosazana: two invocations, the first fully resolved first."""
    s = new(("zulu", "greek", "chinese", "hindu"))
    sanct_put(s, 1, 0, "Minotaur")
    sanct_put(s, 1, 1, "Centaur")
    placement(s, 0, hand=["Inkosazana"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Inkosazana")
    s.apply_action(A("slot", "a2"))
    s.apply_action(OFF["sanct"] + 5)                 # Centaur
    s.apply_action(A("slot", "c1"))                  # 1 Favor; its effect: move orthogonally
    s.apply_action(A("slot", "t1"))
    s.apply_action(OFF["sanct"] + 4)                 # then the Minotaur
    s.apply_action(A("slot", "t3"))
    assert {card_name(c) for _, c in s.visible(0)} >= {"Inkosazana", "Centaur", "Minotaur"}


def test_inkanyamba_one_gem_per_moved_card_per_turn():
    """MY § Card Glossary 065 - Inkanyamba: at most 1 Gem per card triggering its move in a turn."""
    s = new(("zulu", "hindu", "chinese", "greek"))
    put(s, 0, "a1", "Inkanyamba")
    put(s, 0, "c1", "Minotaur")
    placement(s, 0, hand=["Vetâla"], favors=[0, 0], gems=[0, 0])
    play(s, "Vetâla")
    s.apply_action(A("slot", "a3"))
    for sl in ("c1", "c2", "c2", "c3"):
        s.apply_action(A("slot", sl))
    assert s.gem[0] == 1


def test_impundulu_crushing_benou_order_choice():
    """MY § Card Glossary 068 - Impundulu: crushing a card with an 'if crushed' effect (Bénou), the
    player chooses which resolves first."""
    s = new(("zulu", "egyptian", "chinese", "greek"))
    put(s, 0, "t1", "Bénou")
    to_discard(s, 1, "Minotaur")
    placement(s, 0, hand=["Impundulu"], favors=[0, 0], gems=[0, 0])
    play(s, "Impundulu")
    s.apply_action(A("slot", "t1"))
    assert s.legal_actions() == [OFF["opt"], OFF["opt"] + 1]
    s.apply_action(OFF["opt"] + 1)                   # the Impundulu's invocation first
    assert s.stack[-1]["t"] == "eff" and card_name(s.stack[-1]["src"]) == "Impundulu"


def test_hyena_man_sacrifices_even_without_a_call():
    """MY § Card Glossary 069 - Hyena-Man: even with nothing to call it must sacrifice a Creature; it
    may sacrifice itself."""
    s = new(("zulu", "egyptian", "chinese", "greek"))
    placement(s, 0, hand=["Hyena-Man"], favors=[0, 0], gems=[0, 0])
    play(s, "Hyena-Man")
    s.apply_action(A("slot", "t1"))
    assert names(s, 0)[SLOT["t1"]] is None and [card_name(c) for c in s.disc[0]] == ["Hyena-Man"]


def test_idlozi_moves_to_another_plane_and_gains():
    """MY § Card Effects (card 070); MY § Card Glossary 070: it may change column."""
    s = new(("zulu", "egyptian", "chinese", "greek"))
    put(s, 0, "a3", "Minotaur")
    placement(s, 0, hand=["Idlozi"], favors=[0, 0], gems=[0, 0])
    play(s, "Idlozi")
    s.apply_action(A("slot", "c2"))                  # 1 Favor
    s.apply_action(A("slot", "a3"))
    s.apply_action(A("slot", "c1"))                  # Minotaur celestial: 1 Favor
    assert fg(s, 0) == (2, 0)


def test_dagda_favor_per_card_involved_once_per_effect():
    """MY § Card Glossary 071 - Dagda: 1 Favor per Creature/Deity moved, crushed or sacrificed by an
    effect; a card moved and crushed by the same effect counts once."""
    s = new(("celtic", "egyptian", "chinese", "greek"))
    put(s, 0, "c1", "Dagda")
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t3", "Centaur")
    placement(s, 0, hand=["Sphinx"], favors=[0, 0], gems=[0, 0])
    play(s, "Sphinx")
    s.apply_action(A("slot", "a2"))
    s.apply_action(A("slot", "t1"))
    s.apply_action(A("slot", "t3"))                  # Minotaur moved, Centaur crushed: 2 Favors
    assert s.fav[0] == 2 and s.gem[0] == 1           # + Minotaur's terrestrial Gem (Sphinx)


def test_morrigan_protects_her_plane_not_moves_onto_it():
    """MY § Card Glossary 074 - Morrigan: Creatures of her plane cannot be sacrificed; Creatures may
    still be moved onto her plane."""
    s = new(("celtic", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Morrigan")
    put(s, 0, "c2", "Minotaur")
    put(s, 0, "t1", "Centaur")
    placement(s, 0, hand=["Gorgon", "Griffin"], favors=[0, 0], gems=[1, 0])
    assert 1 not in s._sac_candidates(0, "creature")
    play(s, "Gorgon")
    s.apply_action(A("slot", "a3"))                  # nothing below the abyssal plane
    play(s, "Griffin")
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("activate", "t2"))
    s.apply_action(A("slot", "t1"))
    assert A("slot", "c3") in s.legal_actions()


def test_dullahan_gains_when_crushed_by_its_own_effect():
    """MY § Card Glossary 080 - Dullahan: it grants itself 1 Gem if crushed by its own effect."""
    s = new(("celtic", "greek", "chinese", "hindu"))
    put(s, 0, "t1", "Minotaur")
    placement(s, 0, hand=["Dullahan"], favors=[0, 0], gems=[0, 0])
    play(s, "Dullahan")
    s.apply_action(A("slot", "t2"))                  # 1 Gem; the Minotaur (forced) crushes it
    assert [card_name(c) for c in s.pan[0][SLOT["t2"]]] == ["Dullahan", "Minotaur"]
    assert s.gem[0] == 2


def test_brigid_protects_tokens():
    """Designed Brigid (MY § About the Theme: Celtic, resources protected from aggression)."""
    s = new(("celtic", "norse", "chinese", "hindu"), n=3)
    put(s, 1, "c1", "Brigid")
    placement(s, 0, hand=["Fenrir"], favors=[0, 3, 3], gems=[0, 3, 3])
    play(s, "Fenrir")
    s.apply_action(A("slot", "t1"))
    assert (s.fav[1], s.gem[1]) == (3, 3) and (s.fav[2], s.gem[2]) == (1, 1)


def test_puca_is_uncrushable():
    """MY § Lexicon: Crush: an uncrushable card cannot be covered (designed Púca)."""
    s = new(("celtic", "greek", "chinese", "hindu"))
    put(s, 0, "t1", "Púca")
    placement(s, 0, hand=["Minotaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Minotaur")
    assert A("slot", "t1") not in s.legal_actions()


def test_reaction_window_griffin_before_centaur_sacrifice():
    """MY § Card Effects: a cost infinity effect may be used in reaction to an opponent's card; the
    window opens only for a seat that can act (here Griffin saves a Creature from the Centaur)."""
    s = new(("greek", "egyptian", "chinese", "hindu"))
    put(s, 1, "a1", "Griffin")
    put(s, 1, "t2", "Minotaur")
    placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 1])
    play(s, "Centaur")
    s.apply_action(A("slot", "c2"))
    s.apply_action(A("slot", "t2"))                  # the Centaur moves to the terrestrial plane
    assert s.current_player() == 1 and OFF["stop"] in s.legal_actions()
    s.apply_action(A("activate", "a1"))
    s.apply_action(A("slot", "t2"))
    s.apply_action(A("slot", "c2"))
    assert names(s, 1)[SLOT["c2"]] == "Minotaur" and s.gem[1] == 0 and not s.disc[1]


def test_banshee_if_crushed_each_opponent_loses_a_favor():
    """Designed Banshee: an 'if crushed' effect (MY § Lexicon: Crush)."""
    s = new(("celtic", "greek", "chinese", "hindu"))
    put(s, 0, "t1", "Banshee")
    placement(s, 0, hand=["Minotaur"], favors=[0, 2], gems=[0, 0])
    play(s, "Minotaur")
    s.apply_action(A("slot", "t1"))
    assert s.fav[1] == 1


def test_inkanyamba_limit_is_per_card_causing_the_moves():
    """MY § Card Glossary 065: 1 Gem per card triggering the move in a turn: the Vetâla moving two
    cards gives 1 Gem, the Griffin's move another."""
    s = new(("zulu", "hindu", "greek", "chinese"))
    put(s, 0, "a1", "Inkanyamba")
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c3", "Centaur")
    put(s, 0, "t1", "Griffin")
    placement(s, 0, hand=["Vetâla"], favors=[0, 0], gems=[1, 0])
    play(s, "Vetâla")
    s.apply_action(A("slot", "a3"))
    for sl in ("c1", "c2", "c3", "t3"):
        s.apply_action(A("slot", sl))
    assert s.gem[0] == 1 + 1
    s.apply_action(A("activate", "t1"))
    s.apply_action(A("slot", "c2"))
    s.apply_action(A("slot", "t2"))
    assert s.gem[0] == 1 + 1 - 1 + 1 + 1               # + the terrestrial plane token


def test_sun_wukong_one_favor_per_effect_not_per_move():
    """MY § Card Glossary 052: separate moves caused by different effects give a Favor each; the
    moves of one effect count once."""
    s = new(("hindu", "chinese", "greek", "zulu"))
    put(s, 1, "c1", "Sun Wukong")
    put(s, 0, "c1", "Minotaur")
    placement(s, 0, hand=["Vetâla", "Qilin"], favors=[0, 0], gems=[0, 0])
    play(s, "Vetâla")
    s.apply_action(A("slot", "a3"))
    for sl in ("c1", "c2", "c2", "c3"):
        s.apply_action(A("slot", sl))
    assert s.fav[1] == 1
    play(s, "Qilin")
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "c3"))
    s.apply_action(A("slot", "c2"))
    assert s.fav[1] == 2


def test_dagda_counts_effects_of_opponents_too():
    """MY § Card Glossary 071 - Dagda: an effect that makes you sacrifice (here an opponent's
    Centaur) counts."""
    s = new(("celtic", "greek", "chinese", "hindu"))
    put(s, 1, "c1", "Dagda")
    put(s, 1, "t2", "Minotaur")
    placement(s, 0, hand=["Centaur"], favors=[0, 0], gems=[0, 0])
    play(s, "Centaur")
    s.apply_action(A("slot", "c2"))
    s.apply_action(A("slot", "t2"))
    assert names(s, 1)[SLOT["t2"]] is None and s.fav[1] == 1


def test_stack_with_protected_top_is_not_sacrificed():
    """MY § Lexicon: Stack / Sacrifice: if the top card is unaffected by an effect targeting a stack,
    the rest of the stack is not affected either (Morrigan protects her plane's Creatures)."""
    s = new(("celtic", "chinese", "greek", "hindu"))
    put(s, 0, "c1", "Morrigan")
    put(s, 0, "c2", "Minotaur", "Centaur")
    put(s, 0, "a1", "Minotaur", "Centaur")
    placement(s, 0, hand=["Jiangshi"], favors=[0, 0], gems=[0, 0])
    play(s, "Jiangshi")
    s.apply_action(A("slot", "c3"))                  # on Morrigan's plane: its own stack is protected
    assert set(s.legal_actions()) == {A("slot", "c1"), A("slot", "a1")}   # a Deity is sacrificeable
    s.apply_action(A("slot", "a1"))
    assert s.pan[0][SLOT["a1"]] == [] and len(s.disc[0]) == 2 and s.gem[0] == 2 + 1   # + plane token
    assert len(s.pan[0][SLOT["c2"]]) == 2


def test_called_in_reaction_no_download_effect():
    """MY § Card Effects: download effects apply only during the active player's turn (a card called
    by Râkshasa in a reaction window is placed without its placement effect)."""
    s = new(("hindu", "norse", "greek", "chinese"))
    put(s, 1, "a1", "Râkshasa")
    sanct_put(s, 1, 0, "Fenrir")
    placement(s, 0, hand=["Zeus"], round_=2, favors=[0, 3], gems=[4, 3])
    play(s, "Zeus")
    s.apply_action(A("slot", "c1"))
    assert s.current_player() == 1                   # reaction window before Zeus takes a Gem
    s.apply_action(A("activate", "a1"))
    s.apply_action(OFF["sanct"] + 4)                 # call the Fenrir
    s.apply_action(A("slot", "t1"))
    assert names(s, 1)[SLOT["t1"]] == "Fenrir" and s.fav[0] == 2   # Fenrir's effect did not apply
    assert s.gem[1] == 0 and s.gem[0] == 1          # 1 Gem left: no more reaction, Zeus takes it
