"""Arena rules scenario tests for Theosis; docstrings cite ``001_4e95cd654d8b1058.txt`` (TH)."""

from mythenv.games.theosis import rules

from .builder import act, arena, card, game, hero, hexi

G2 = game()
W_SET = ["warcraft", "fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]
G_SET = ["blind", "neutralize", "pacify", "equalize", "healing", "aegis"]
D_SET = ["poison", "vortex", "confusion", "oppress", "lifeswap", "frigid_night"]
R_SET = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]
V_SET = ["terror", "enervation", "damnation", "raise_the_dead", "ungrave", "despair"]
M_SET = ["entangling_roots", "hailstorm", "lightning_strike", "cleansing_rain", "rejuvenation", "blazing_sun"]


def two(h0, h1, set0=W_SET, set1=D_SET, ranking=None, actor=None, turn=2, **kw):
    heroes = {h0[0]: dict(owner=0, **h0[1]), h1[0]: dict(owner=1, **h1[1])}
    heroes.update(kw.get("extra", {}))
    ranking = ranking or list(heroes)
    return arena(G2, heroes, {0: set0, 1: set1}, ranking=ranking, actor=actor or h0[0], turn=turn,
                 discards=kw.get("discards"))


def power_attack(s, target, acard, dcard):
    act(s, "done")
    act(s, "row", 4)
    act(s, "hero", hero(target))
    act(s, "card", card(acard))
    act(s, "card", card(dcard))


def test_move_through_allies_not_enemies():
    """FAQ: a hero can move through an allied hero but not through an enemy hero; speed bounds
    the move (TH § Movement)."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "lug": dict(owner=0, pos=(1, 0)),
                   "rac": dict(owner=1, pos=(-1, 0))}, {0: W_SET, 1: D_SET},
              ranking=["norn", "lug", "rac"], actor="norn")
    dests = s.reach(hero("norn"), 3)
    assert hexi(2, 0) in dests and hexi(3, 0) in dests      # through the ally
    assert hexi(-2, 0) in dests                              # around the enemy is fine (3 steps)
    assert hexi(-1, 0) not in dests and hexi(1, 0) not in dests
    s.pos[hero("rac")] = hexi(-1, 0)
    s.hp[hero("rac")] = 9
    assert all(rules.DIST[s.pos[hero("norn")]][x] <= 3 for x in dests)


def test_centre_hex_wins_at_end_of_turn_nine_and_tie_otherwise():
    """TH § Winning the Game (errata p.5): a hero on the centre hex at the end of the ninth turn
    wins; otherwise with several players standing it is a tie."""
    s = two(("norn", dict(pos=(0, 0))), ("rac", dict(pos=(3, 0))), turn=9, ranking=["norn", "rac"])
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("warcraft"))
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("poison"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    s = two(("norn", dict(pos=(1, 0))), ("rac", dict(pos=(3, 0))), turn=9, ranking=["norn", "rac"])
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("warcraft"))
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("poison"))
    assert s.is_terminal() and s.returns() == [0.0, 0.0]


def test_team_rewards_shared():
    """TH § Team vs Team: all players of a team win together."""
    g = game(num_players=4, mode="teams_2x2")
    s = arena(g, {"norn": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(3, 0)),
                  "lug": dict(owner=2, pos=(-3, 0)), "aer": dict(owner=3, pos=(0, 3))},
              {0: W_SET, 1: D_SET, 2: G_SET, 3: R_SET}, ranking=["norn", "rac", "lug", "aer"], actor="norn", turn=9)
    for _seat, c in ((0, "warcraft"), (1, "poison"), (2, "blind"), (3, "fiery_purge")):
        act(s, "done")
        act(s, "row", 0)
        act(s, "card", card(c))
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_starting_triad_shields_from_spells_on_turn_one():
    """Errata page 14: heroes on their starting triad on turn 1 cannot be harmed by area effects."""
    s = two(("curunir", dict(pos=(0, 0))), ("rac", dict(pos=(4, 0))), turn=1, ranking=["curunir", "rac"])
    s.triad[1] = [hexi(4, 0), hexi(4, -1), hexi(3, 0)]
    assert s.spell_targets(hero("curunir"), hexi(4, 0)) == []
    s.turn = 2
    assert s.spell_targets(hero("curunir"), hexi(4, 0)) == [hero("rac")]


def test_fireball_attack_four_on_the_witch_turn_and_weapon_adds():
    """TH § Warmonger Powers (Fireball 4 on the Elemental Witch's turn) and FAQ (a Spell adds the
    caster's weapon damage)."""
    s = two(("curunir", dict(pos=(0, 0), eq=["oak_staff", None, None])), ("rac", dict(pos=(3, 0))),
            ranking=["curunir", "rac"])
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("fireball"))
    act(s, "hex", hexi(3, 0))
    act(s, "card", card("poison"))  # defense 0
    while s.dec and s.dec[0] == "yn":
        act(s, "num", 0)
    assert any("4 vs 0 -> hit" in m for m in s.log)
    assert s.hp[hero("rac")] == 9 - (4 + 2)


def test_warcraft_errata_and_last_stand():
    """Errata p.38: Warcraft's target switches places with the hero one slot below; Last Stand: a
    successful defense raises the Ranking by one."""
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "rac": dict(owner=1, pos=(1, 0)),
                   "raug": dict(owner=1, pos=(-3, 3))}, {0: W_SET, 1: D_SET},
              ranking=["rac", "norn", "raug"], actor="norn")
    power_attack(s, "rac", "warcraft", "poison")
    assert s.ranking == [hero("norn"), hero("rac"), hero("raug")]
    s = arena(G2, {"norn": dict(owner=0, pos=(0, 0)), "rochon": dict(owner=1, pos=(1, 0))},
              {0: W_SET, 1: R_SET}, ranking=["norn", "rochon"], actor="norn")
    power_attack(s, "rochon", "tactics", "last_stand")
    if s.dec and s.dec[0] == "tactics":
        act(s, "done")
    assert s.ranking == [hero("rochon"), hero("norn")]


def test_bloodthirst_raises_attack_to_five():
    """TH § Warmonger Powers: Bloodthirst may deal 3 Damage to its own hero for an Attack of 5."""
    s = two(("norn", dict(pos=(0, 0))), ("rac", dict(pos=(1, 0))), ranking=["rac", "norn"], actor="norn")
    power_attack(s, "rac", "bloodthirst", "frigid_night")
    assert s.dec[0] == "yn" and s.dec[2] == "bloodthirst"
    act(s, "num", 1)
    assert s.hp[hero("norn")] == 6
    assert any("5 vs 4 -> hit" in m for m in s.log)


def test_equalize_sets_opponent_values_to_one():
    """TH § Guardian Powers, Equalize: the opponent's Power counts as Attack and Defense 1."""
    s = two(("lug", dict(pos=(0, 0))), ("rac", dict(pos=(1, 0))), set0=G_SET, ranking=["rac", "lug"], actor="lug")
    power_attack(s, "rac", "equalize", "frigid_night")
    act(s, "num", 1)
    assert any("1 vs 1 -> defended" in m for m in s.log)  # tie to the higher-ranked Necromancer


def test_lifeswap_and_despair():
    """TH § Deceitful / Vengeful Powers: Lifeswap exchanges Health before Damage; Despair halves
    the Damage (rounded down), at least one."""
    s = two(("norn", dict(pos=(0, 0), hp=3, eq=["greatsword", None, None])), ("rac", dict(pos=(1, 0), hp=8)),
            ranking=["norn", "rac"])
    power_attack(s, "rac", "warcraft", "lifeswap")  # 4 vs 3: hit, 1 + 3 = 4 Physical
    assert s.dec[0] == "yn" and s.dec[2] == "lifeswap" and s.dec[1] == 1
    act(s, "num", 1)
    assert s.hp[hero("norn")] == 8 and s.hp[hero("rac")] == 0  # 3 Health after the swap, 4 damage
    s = two(("norn", dict(pos=(0, 0), eq=["greatsword", None, None])), ("gurth", dict(pos=(1, 0))),
            set1=V_SET, ranking=["norn", "gurth"])
    power_attack(s, "gurth", "warcraft", "despair")  # 4 vs 4 tie to Norn: 0 + 3 = 3, halved to 1
    assert s.hp[hero("gurth")] == 8


def test_blazing_sun_protects_but_loser_takes_one():
    """TH § Merciful Powers, Blazing Sun: Physical, Void and Ice protection; still at least one."""
    s = two(("norn", dict(pos=(0, 0), eq=["greatsword", None, None])), ("edhel", dict(pos=(1, 0))),
            set1=M_SET, ranking=["norn", "edhel"])
    power_attack(s, "edhel", "warcraft", "blazing_sun")
    assert s.hp[hero("edhel")] == 8


def test_lightning_strike_against_metal_physical_protection():
    """TH § Merciful Powers: Lightning Strike attacks at 5 against metal Armor granting Physical
    Protection."""
    s = two(("edhel", dict(pos=(0, 0))), ("lug", dict(pos=(2, 0), eq=[None, None, "plate_armor"])),
            set0=M_SET, set1=G_SET, ranking=["lug", "edhel"], actor="edhel")
    power_attack(s, "lug", "lightning_strike", "aegis")
    assert any("5 vs 4 -> hit" in m for m in s.log)


def test_blessing_token_moves_when_used_again():
    """TH § Types of Powers: a Blessing affects one hero at a time; using it again moves it."""
    s = arena(G2, {"rochon": dict(owner=0, pos=(0, 0)), "aer": dict(owner=0, pos=(2, 0)),
                   "rac": dict(owner=1, pos=(-3, 0))}, {0: R_SET, 1: D_SET},
              ranking=["rochon", "aer", "rac"], actor="rochon")
    act(s, "done")
    act(s, "row", 2)
    act(s, "card", card("valor"))
    act(s, "hero", hero("aer"))
    assert s.token[card("valor")] == hero("aer")
    s.hand[0].append(card("valor"))
    s.disc[0].remove(card("valor"))
    s.hand[0].sort()
    s.acted[hero("aer")] = 0
    s.q = [["hero_turn", hero("aer")], ["next_actor"]]
    s.dec = None
    s._run()
    act(s, "done")
    act(s, "row", 2)
    act(s, "card", card("valor"))
    act(s, "hero", hero("rochon"))
    assert s.token[card("valor")] == hero("rochon")


def test_mana_action_costs_one_damage_and_a_hidden_discard():
    """TH § Hero Actions (second row): place a Mana gem, discard a Power face down, take one Damage."""
    s = two(("norn", dict(pos=(0, 0))), ("rac", dict(pos=(3, 0))), ranking=["norn", "rac"])
    act(s, "done")
    act(s, "row", 1)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    n = hero("norn")
    assert s.mana[n] == [0, 0, 1] and s.hp[n] == 8
    assert not (s.vis[card("tactics")] >> 1 & 1)  # the opponent does not know which Power


def test_last_card_recycles_five():
    """TH § Power Management: using the last Power returns the other five; it stays discarded."""
    s = two(("norn", dict(pos=(0, 0))), ("rac", dict(pos=(3, 0))), set0=["warcraft"], ranking=["norn", "rac"],
            discards={0: ["fireball", "bloodthirst", "tactics", "pain_spike", "spell_ward"]})
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("warcraft"))
    assert s.disc[0] == [card("warcraft")] and len(s.hand[0]) == 5


def test_blackout_skips_the_target_turn():
    """TH § Appendix (Blackout, errata p.34): the target simply flips its token and does nothing."""
    s = arena(G2, {"rac": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 1, 0]), "norn": dict(owner=1, pos=(3, 0))},
              {0: D_SET, 1: W_SET}, ranking=["rac", "norn"], actor="rac")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)
    act(s, "card", card("poison"))
    act(s, "hero", hero("norn"))
    assert s.turn == 3  # Norn's turn was skipped


def test_stealth_untargetable_and_assassinate_kills():
    """TH § Appendix (Stealth / Assassinate): only area attacks reach a hero in Stealth; attacking
    from Stealth with Assassinate kills on success and ends the Stealth."""
    s = arena(G2, {"sauth": dict(owner=0, arch=1, pos=(0, 0), mana=[1, 1, 0]), "rac": dict(owner=1, pos=(1, 0))},
              {0: V_SET, 1: D_SET}, ranking=["sauth", "rac"], actor="sauth")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 0)
    act(s, "card", card("despair"))
    assert s.stealth[hero("sauth")] == 1
    assert s.single_targets(hero("rac"), 5) == []
    # Rac's turn: he cannot attack her with a Power
    act(s, "done")
    assert rules.A_ROW + 4 not in s.legal_actions()
    act(s, "row", 0)
    act(s, "card", card("poison"))
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 1)
    act(s, "hero", hero("rac"))
    act(s, "card", card("terror"))
    act(s, "card", card("lifeswap"))
    assert s.hp[hero("rac")] == 0 and s.is_terminal()


def test_auto_damage_skill_reduced_by_armor():
    """TH § Appendix (Rain of Fire): all enemies take two Fire Damage, reduced by Fire Protection
    or Resistance on armor."""
    s = arena(G2, {"curunir": dict(owner=0, arch=1, pos=(0, 0), mana=[0, 0, 1]),
                   "rac": dict(owner=1, pos=(3, 0), eq=[None, None, "dusk_robe"]),
                   "raug": dict(owner=1, pos=(-3, 0))}, {0: W_SET, 1: D_SET},
              ranking=["curunir", "rac", "raug"], actor="curunir")
    act(s, "done")
    act(s, "row", 5)
    act(s, "slot", 2)
    act(s, "card", card("tactics"))
    assert s.hp[hero("rac")] == 8 and s.hp[hero("raug")] == 7


def test_oppress_attacking_forces_a_new_defense():
    """TH § Deceitful Powers, Oppress (attacking): the defender's revealed Power is discarded and
    the defender selects a different one."""
    s = two(("raug", dict(pos=(0, 0))), ("norn", dict(pos=(1, 0))), set0=D_SET, set1=W_SET,
            ranking=["norn", "raug"], actor="raug")
    power_attack(s, "norn", "oppress", "spell_ward")
    act(s, "num", 1)
    assert s.dec[0] == "replace" and s.dec[1] == 1
    assert rules.A_CARD + card("spell_ward") not in s.legal_actions()
    act(s, "card", card("warcraft"))
    assert card("spell_ward") in s.disc[1]
    assert any("1 vs 0 -> hit" in m for m in s.log)


def test_resurrection_brings_back_a_fallen_hero():
    """TH § Righteous Powers, Resurrection: a hero below one Health returns with four Health and
    no Mana, Blessings or Curses."""
    s = arena(G2, {"aer": dict(owner=0, pos=(0, 0)), "rochon": dict(owner=0, pos=(2, 2), hp=0),
                   "rac": dict(owner=1, pos=(-3, 0))}, {0: R_SET, 1: D_SET},
              ranking=["aer", "rochon", "rac"], actor="aer")
    s.pos[hero("rochon")] = -1
    act(s, "done")
    act(s, "row", 3)
    act(s, "card", card("resurrection"))
    if s.dec[0] == "res_mode":
        act(s, "num", 1)
    act(s, "hero", hero("rochon"))
    act(s, "hex", hexi(1, 0))
    assert s.hp[hero("rochon")] == 4 and s.pos[hero("rochon")] == hexi(1, 0)
