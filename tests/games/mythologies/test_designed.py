"""The designed cards (``data/cards.toml`` records with source = "designed"), each checked against
its printed text; mechanics cite ``003_4f78a05115d81413.txt`` (MY § Section)."""

from mythenv.games.mythologies.cards import MYTHS
from mythenv.games.mythologies.rules import OFF, card_name

from .helpers import SLOT, A, names, new, placement, play, put, to_discard


def fg(s, p):
    return s.fav[p], s.gem[p]


def end_of_game(s, favors, gems):
    """Run the last turn of round 4 with an empty hand: MY § End of Game and Final Scoring."""
    s.turn_idx = s.n
    placement(s, s.n - 1, round_=4, favors=favors, gems=gems)
    return s.final


def test_valkyrie_crush_then_favor():
    """Valkyrie: move a Creature onto another Creature, then gain 1 Favor (MY § Lexicon: Crush)."""
    s = new(("norse", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c3", "Centaur")
    placement(s, 0, hand=["Valkyrie"], favors=[0, 0], gems=[0, 0])
    play(s, "Valkyrie")
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "c3"))
    assert len(s.pan[0][SLOT["c3"]]) == 2 and s.fav[0] == 1


def test_jotunn_gem_per_stack():
    """Jotunn: 1 Gem per stack of 2 or more cards."""
    s = new(("norse", "greek", "chinese", "hindu"))
    put(s, 0, "c1", "Minotaur", "Centaur")
    put(s, 0, "a1", "Minotaur", "Centaur")
    placement(s, 0, hand=["Jotunn"], favors=[0, 0], gems=[0, 0])
    play(s, "Jotunn")
    s.apply_action(A("slot", "c1"))                  # crushes: now 2 stacks (one of 3)
    assert s.gem[0] == 2


def test_freyja_ushabti_ganesha_leprechaun_hourglass():
    """Hourglass effects (MY § Card Effects; MY § End of Game): Freyja (crushed cards, max 4),
    Ushabti (discard pile, max 3), Ganesha (distinct mythologies), Leprechaun (6 Gems -> 2 Favors)."""
    s = new(("norse", "egyptian", "hindu", "celtic"), n=2)
    put(s, 0, "c1", "Freyja")
    put(s, 0, "t1", "Troll", "Troll", "Troll", "Draugr", "Draugr", "Fenrir")   # 5 crushed
    put(s, 0, "a1", "Ushabti")
    for nm in ("Scarab", "Scarab", "Cobra", "Cobra"):
        to_discard(s, 0, nm)
    put(s, 1, "c1", "Ganesha")
    put(s, 1, "t1", "Leprechaun")
    put(s, 1, "a1", "Cobra")
    final = end_of_game(s, [0, 0], [0, 6])
    assert final[0][0] == 4 + 3
    assert final[1][0] == 3 + 2 + 2                  # 3 mythologies, Leprechaun, 6 Gems -> 2


def test_mummy_calls_without_gain_brahma_invokes_with_gain():
    """Mummy calls (no gain), Brahma invokes (gain) from discard piles (MY § Lexicon: Call / Invoke)."""
    s = new(("egyptian", "hindu", "greek", "chinese"))
    to_discard(s, 0, "Minotaur")
    placement(s, 0, hand=["Mummy"], favors=[0, 0], gems=[0, 0])
    play(s, "Mummy")
    s.apply_action(A("slot", "t1"))                  # terrestrial: nothing
    s.apply_action(A("slot", "c1"))                  # Minotaur called; its effect: move horizontally
    assert names(s, 0)[0] == "Minotaur" and s.fav[0] == 0
    s = new(("egyptian", "hindu", "greek", "chinese"))
    to_discard(s, 1, "Gorgon")
    placement(s, 0, hand=["Brahma"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Brahma")
    s.apply_action(A("slot", "a3"))                  # 2 Gems
    s.apply_action(A("slot", "c1"))                  # Gorgon invoked: 1 Favor (celestial)
    assert fg(s, 0) == (1, 2)


def test_shiva_sacrifice_then_call():
    """Shiva: sacrifice a Creature, then call a Creature from a discard pile."""
    s = new(("hindu", "greek", "egyptian", "chinese"))
    put(s, 0, "t1", "Ushabti")
    placement(s, 0, hand=["Shiva"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Shiva")
    s.apply_action(A("slot", "c1"))                  # Ushabti sacrificed (forced), then called back
    s.apply_action(A("slot", "a1"))
    assert names(s, 0)[SLOT["a1"]] == "Ushabti" and not s.disc[0]


def test_vanara_gain_of_a_discarded_card():
    """Vanara: the invocation gain, for the Vanara's plane, of a card in a discard pile."""
    s = new(("hindu", "greek", "egyptian", "chinese"))
    to_discard(s, 1, "Cyclops")                       # terrestrial 2 Gems
    placement(s, 0, hand=["Vanara"], favors=[0, 0], gems=[0, 0])
    play(s, "Vanara")
    s.apply_action(A("slot", "t1"))
    assert fg(s, 0) == (0, 1 + 2)


def test_viracocha_and_pachamama():
    """Viracocha: up to 2 Creatures sacrificed, 3 Gems each; Pachamama: 1 Gem per own Creature
    sacrificed."""
    s = new(("inca", "greek", "egyptian", "chinese"))
    put(s, 0, "c1", "Pachamama")
    put(s, 0, "t1", "Minotaur")
    put(s, 0, "t2", "Centaur")
    placement(s, 0, hand=["Viracocha"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Viracocha")
    s.apply_action(A("slot", "a1"))                  # 2 Gems
    s.apply_action(A("slot", "t1"))
    s.apply_action(A("slot", "t2"))
    assert s.gem[0] == 2 + 6 + 2


def test_mama_quilla_amaru_apu():
    """Mama Quilla (Favor per discarded card), Amaru (if crushed: 2 Gems), Apu (sacrifice an adjacent
    Creature to gain 2 Favors; nothing adjacent, nothing)."""
    s = new(("inca", "greek", "egyptian", "chinese"))
    for nm in ("Minotaur", "Centaur"):
        to_discard(s, 0, nm)
    placement(s, 0, hand=["Mama Quilla"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Mama Quilla")
    s.apply_action(A("slot", "a3"))                  # 1 Favor + 2
    assert s.fav[0] == 3
    s = new(("inca", "greek", "egyptian", "chinese"))
    put(s, 0, "t1", "Amaru")
    put(s, 0, "t3", "Minotaur")
    placement(s, 0, hand=["Apu", "Apu"], favors=[0, 0], gems=[0, 0])
    play(s, "Apu")
    s.apply_action(A("slot", "t1"))                  # crushes Amaru: +2 Gems; no adjacent Creature
    assert fg(s, 0) == (0, 1 + 2)
    play(s, "Apu")
    s.apply_action(A("slot", "t2"))                  # adjacent: Apu (t1), Minotaur (t3)
    s.apply_action(A("slot", "t3"))
    assert fg(s, 0) == (2, 1 + 2 + 1 + 1)            # + plane token


def test_caishen_qilin_huli_jing_selkie():
    """Designed movers: Caishen (3 Gems, then 2 Gems: move), Qilin (adjacent move, 1 Gem), Huli Jing
    (move to an empty slot, 1 Favor), Selkie (move to another plane, 1 Favor)."""
    s = new(("chinese", "greek", "celtic", "hindu"))
    put(s, 0, "c1", "Minotaur")
    placement(s, 0, hand=["Caishen"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Caishen")
    s.apply_action(A("slot", "a3"))                  # 2G + 3G
    s.apply_action(OFF["opt"])                       # pay 2
    s.apply_action(A("slot", "c1"))
    s.apply_action(A("slot", "c2"))
    assert names(s, 0)[1] == "Minotaur" and s.gem[0] == 3
    s = new(("chinese", "greek", "celtic", "hindu"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "c2", "Centaur")
    placement(s, 0, hand=["Qilin", "Huli Jing"], favors=[0, 0], gems=[0, 0])
    play(s, "Qilin")
    s.apply_action(A("slot", "a3"))
    s.apply_action(A("slot", "c1"))
    assert A("slot", "c3") not in s.legal_actions() and A("slot", "t1") in s.legal_actions()
    s.apply_action(A("slot", "t1"))
    assert s.gem[0] == 2
    play(s, "Huli Jing")
    s.apply_action(A("slot", "a1"))
    s.apply_action(A("slot", "c2"))
    assert A("slot", "t1") not in s.legal_actions()
    s.apply_action(A("slot", "c3"))
    assert s.fav[0] == 1
    s = new(("chinese", "greek", "celtic", "hindu"))
    put(s, 0, "c1", "Minotaur")
    placement(s, 0, hand=["Selkie"], favors=[0, 0], gems=[0, 0])
    play(s, "Selkie")
    s.apply_action(A("slot", "c2"))
    s.apply_action(A("slot", "c1"))
    assert A("slot", "c3") not in s.legal_actions()
    s.apply_action(A("slot", "a1"))
    assert s.fav[0] == 2


def test_zulu_deities_and_tokoloshe():
    """Unkulunkulu (Gem per Creature), Nomkhubulwane (terrestrial Gems, celestial Favors),
    Umvelinqangi (1 Favor per invocation, once per turn), Tokoloshe (Gem per adjacent Creature)."""
    s = new(("zulu", "greek", "egyptian", "chinese"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "t1", "Centaur")
    put(s, 0, "t2", "Centaur")
    placement(s, 0, hand=["Unkulunkulu", "Tokoloshe"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Unkulunkulu")
    s.apply_action(A("slot", "a3"))
    assert s.gem[0] == 2 + 3
    play(s, "Tokoloshe")
    s.apply_action(A("slot", "c2"))
    assert fg(s, 0) == (1, 5 + 2)
    s = new(("zulu", "greek", "egyptian", "chinese"))
    put(s, 0, "c1", "Minotaur")
    put(s, 0, "t1", "Centaur")
    put(s, 0, "t2", "Centaur")
    placement(s, 0, hand=["Nomkhubulwane"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Nomkhubulwane")
    s.apply_action(A("slot", "a3"))
    assert fg(s, 0) == (1, 1 + 2)
    s = new(("zulu", "greek", "egyptian", "chinese"))
    put(s, 0, "a1", "Umvelinqangi")
    placement(s, 0, hand=["Gorgon", "Gorgon"], favors=[0, 0], gems=[0, 0])
    play(s, "Gorgon")
    s.apply_action(A("slot", "c3"))
    play(s, "Gorgon")
    s.apply_action(A("slot", "c2"))
    assert s.fav[0] == 1 + 1 + 1                     # two invocations, the Deity pays once


def test_unwabu_counts_as_every_mythology():
    """Unwabu: counts as a card of every mythology (Cernunnos, Caiman)."""
    s = new(("celtic", "zulu", "greek", "chinese"))
    put(s, 0, "t1", "Unwabu")
    put(s, 0, "t2", "Leprechaun")
    placement(s, 0, hand=["Cernunnos"], round_=2, favors=[0, 0], gems=[4, 0])
    play(s, "Cernunnos")
    s.apply_action(A("slot", "a3"))                  # 2 Gems; Favors: Unwabu, Leprechaun, Cernunnos
    assert s.fav[0] == 3


def test_every_designed_card_is_marked():
    """Every card record says where it comes from (docs/design.md § Content the rulebooks leave out)."""
    from mythenv.games.mythologies.cards import DESIGNS
    designed = [d.name for d in DESIGNS if d.source == "designed"]
    assert "Zeus" in designed and "Centaur" not in designed
    assert len(DESIGNS) == 80 and all(d.myth == (d.num - 1) // 10 for d in DESIGNS)
    assert MYTHS[DESIGNS[0].myth] == "greek" and card_name(0) == "Zeus"
