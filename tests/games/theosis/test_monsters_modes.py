"""The monster modes' setup, ends and returns, configs, hidden Stamina Tokens (issue 16). Docstrings
cite ``001_4e95cd654d8b1058.txt`` (TH) § Game Modes, § Monsters, errata p.20."""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError
from mythenv.games.theosis.cards import ENCOUNTERS, MONSTER_INDEX, TOKENS
from mythenv.games.theosis.observe import OBSERVER
from mythenv.games.theosis.rules import CENTER, DIST, TURNS

from .builder import card, hero
from .mbuilder import TOK, act, logged, marena, mgame

NORN, EDHEL = hero("norn"), hero("edhel")
SET = ["warcraft", "spell_ward", "blind", "neutralize", "tactics", "pain_spike"]
SET1 = ["fiery_purge", "nova", "valor", "resurrection", "tenacity", "last_stand"]


def play(g, seed, pick=None):
    rng = np.random.default_rng(seed)
    s = g.new_initial_state(seed)
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))] if pick is None else pick(s, la, rng))
    return s


# ---------------------------------------------------------------- configs
def test_every_row_of_the_encounter_table_is_a_config():
    """TH § Heroes Facing Monsters Modes: thirteen printed rows, the three 12-hero rows with "3
    monsters ... or 1 Boss": 16 encounters; each builds its game with the printed heroes per player,
    monsters and Stamina Tokens."""
    rows = {(e.players, e.heroes, e.monsters, e.tokens, e.boss) for e in ENCOUNTERS.values()}
    assert rows == {(1, 2, 1, 5, False), (1, 3, 1, 6, False), (1, 4, 1, 7, False), (2, 2, 1, 8, False),
                    (2, 3, 1, 9, False), (3, 2, 1, 11, False), (2, 4, 1, 10, False), (4, 2, 2, 5, False),
                    (3, 3, 2, 5, False), (5, 2, 2, 6, False), (3, 4, 3, 3, False), (3, 4, 1, 8, True),
                    (4, 3, 3, 4, False), (4, 3, 1, 9, True), (6, 2, 3, 4, False), (6, 2, 1, 10, True)}
    for e in ENCOUNTERS.values():
        g = mgame(mode="solo" if e.players == 1 else "coop", n=e.players, encounter=e.key)
        s = g.new_initial_state(1)
        assert s.hpp == e.heroes
        assert g.encounter_monsters == ((-1, e.tokens),) * e.monsters and g.encounter_boss == e.boss


@pytest.mark.parametrize("cfg, words", [
    (dict(num_players=2, mode="solo"), "one player"),
    (dict(num_players=1, mode="free_for_all"), "mode='solo'"),
    (dict(num_players=1, mode="coop"), "2-6 players"),
    (dict(num_players=1, mode="solo", encounter="p2_2"), "for 2 player"),
    (dict(num_players=1, mode="solo", encounter="solo_3", heroes_per_player=2), "3 heroes"),
    (dict(num_players=1, mode="solo", encounter="solo_3", monsters="dragon"), "unknown"),
    (dict(num_players=1, mode="solo", encounter="solo_3", monsters="apollyon"), "not bosses"),
    (dict(num_players=1, mode="solo", encounter="solo_3", monsters="voax,mikitas"), "fights 1"),
    (dict(num_players=1, mode="solo", encounter="kotronas:6"), "heroes_per_player"),
    (dict(num_players=1, mode="solo", encounter="kotronas:0", heroes_per_player=3), "1..13"),
    (dict(num_players=1, mode="solo", encounter="apollyon:5,voax:3", heroes_per_player=3), "alone"),
    (dict(num_players=1, mode="solo", encounter="kotronas:9,voax:9", heroes_per_player=3), "more than"),
    (dict(num_players=4, mode="coop", heroes_per_player=4), "no row"),
    (dict(num_players=2, encounter="p2_2"), "option of the monster modes"),
    (dict(num_players=1, mode="solo", variant="blitz"), "Player vs Player"),
])
def test_bad_monster_configs_are_refused(cfg, words):
    """Bad input gets a clear ConfigError (DESIGN: "Bad input gets a clear error")."""
    with pytest.raises(ConfigError, match=words):
        mythenv.make_game("theosis_v0", prep="fast", **cfg)


def test_free_encounter_and_four_heroes_per_player():
    """TH § Heroes Facing Monsters Modes: "or even create your own combinations"; a player with four
    heroes (1 player selects 4 Heroes) needs two starting triads (designed: two neighbouring corners)."""
    g = mgame(encounter="voax:4,quietus:2", heroes_per_player=4)
    s = play(g, 3)
    assert s.mkind[:2] == [MONSTER_INDEX["voax"], MONSTER_INDEX["quietus"]]
    assert len(s.triad[0]) == 6


# ---------------------------------------------------------------- entering the Arena
def test_monsters_enter_adjacent_on_the_centre():
    """TH § Setting Up the Arena (Monster Modes): "The monsters occupy seven hexes with the same layout
    that a spell occupies, and enter at the center of the Arena ... all monsters are situated adjacent
    to each other"; the Stamina Tokens "are selected randomly"."""
    g = mgame(mode="coop", n=6, encounter="p6_2")
    rng = np.random.default_rng(0)
    s = g.new_initial_state(4)
    while s.phase != "arena":
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    ps = s.mpos
    assert ps[0] == CENTER and all(DIST[a][b] == 1 for a in ps for b in ps if a != b)
    assert [len(x) for x in s.mstack] == [4, 4, 4] and len(s.tpool) == len(TOKENS) - 12
    assert len(set(s.mkind)) == 3


def test_monsters_act_after_every_hero_and_lose_ties():
    """"The opposing monsters always act at the end of each turn after all Heroes have acted. This
    also means that when a Hero ties in combat with a monster, the Hero wins" (TH § Setting Up the
    Arena, Monster Modes)."""
    g = mgame(encounter="kotronas:3", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0)), "edhel": dict(owner=0, pos=(-3, 0))}, {0: SET},
               ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3"])], actor="edhel", dice=[0, 2])
    act(s, "done")
    act(s, "row", 0)
    act(s, "card", card("neutralize"))
    assert s.dec[0] == "m_commit"  # Edhel was the last hero: now Kotronas
    act(s, "card", card("spell_ward"))  # Brutal Punch 2 + 2 against 4: a tie
    assert logged(s, "Brutal Punch on Norn the Dwarf Barbarian: 4 vs 4 -> defended")


# ---------------------------------------------------------------- ends and returns
def test_coop_win_when_every_monster_falls():
    """TH § Game Modes (errata p.20): "the Heroes goal is to defeat the opposing Monsters before the
    ninth Arena round ends": removing the last Stamina Token ends the game, +1 for every player."""
    g = mgame(mode="coop", n=2, encounter="kotronas:1", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0), eq=["greatsword", None, None]), "edhel": dict(owner=1, pos=(-3, 0))},
               {0: SET, 1: SET1}, ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3"])],
               actor="norn", dice=[1])
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("warcraft"))  # 5 vs 3: 2 + 3 = 5 >= 3
    assert s.is_terminal() and s.returns() == [1.0, 1.0]


def test_coop_loss_at_the_end_of_turn_nine():
    """"If by that time any monster is still alive the Players lose" (errata p.20): -1 for all."""
    g = mgame(mode="coop", n=2, encounter="kotronas:2", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(4, -4)), "edhel": dict(owner=1, pos=(-4, 4))}, {0: SET, 1: SET1},
               ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3", "plain_4"])],
               turn=TURNS, dice=[5])  # Diamond Skin: no attack
    assert s.is_terminal() and s.returns() == [-1.0, -1.0] and "turn 9" in s.reason


def test_loss_when_every_hero_falls():
    """The monsters win when no hero is left (TH § Solo and Co-op: the players have lost)."""
    g = mgame(encounter="quietus:2", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0), hp=1)}, {0: SET}, ranking=["norn"],
               monsters=[("quietus", (0, 0), ["plain_3", "plain_4"])], dice=[0, 4])
    act(s, "card", card("warcraft"))
    assert s.is_terminal() and s.returns() == [-1.0]


def test_light_semi_coop_keeps_tokens_and_names_the_mvp():
    """TH § Light Semi Co-op Mode: "when a Hero's attack removes a Stamina Token, the player
    controlling the Hero receives that Token. When all monsters are defeated, then all players are
    considered victorious. The Most Valuable Player is the person who has acquired the most Stamina
    Tokens." scores() counts them."""
    g = mgame(mode="semi_coop_light", n=2, encounter="kotronas:2", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0), eq=["greatsword", None, None]),
                   "edhel": dict(owner=1, pos=(-3, 0), eq=["longbow", None, None])},
               {0: SET, 1: SET1}, ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3", "plain_2"])],
               actor="norn", dice=[1, 1])
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("warcraft"))
    assert s.kept == [[TOK["plain_3"]], []] and s.scores() == [1.0, 0.0]
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("fiery_purge"))
    assert s.is_terminal() and s.returns() == [1.0, 1.0] and s.scores() == [1.0, 1.0]
    assert s.mvp() == [0, 1]
    assert s.final_info() == {"monsters_defeated": True, "stamina_tokens": [1, 1], "mvp": [0, 1]}


def test_heavy_semi_coop_turns_competitive_after_the_monsters():
    """TH § Heavy Semi Co-op Mode: "after all monsters are eliminated, the normal competitive mode
    continues. Thus to achieve victory, a player must kill all other remaining Heroes or have a Hero
    standing in the Arena Center Tile at the end of the ninth turn." After the last token falls the
    players are no longer allies: Norn's next attack may target Edhel."""
    g = mgame(mode="semi_coop_heavy", n=2, encounter="kotronas:1", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0), eq=["greatsword", None, None]), "edhel": dict(owner=1, pos=(2, 0)),
                   "aer": dict(owner=0, pos=(-4, 0)), "rac": dict(owner=1, pos=(-4, 4))},
               {0: SET, 1: SET1}, ranking=["norn", "edhel", "aer", "rac"], monsters=[("kotronas", (0, 0), ["plain_3"])],
               actor="norn", dice=[1])
    assert not s.single_targets(NORN, 1)
    act(s, "done")
    act(s, "row", 4)
    act(s, "monster", 0)
    act(s, "card", card("warcraft"))
    assert not s.is_terminal() and s.mphase == 1 and s.team == [0, 1]
    assert s.single_targets(EDHEL, 1) == [NORN]
    s.rng = np.random.default_rng(0)  # the scripted dice are used up
    d = s.to_dict()
    s2 = g.state_from_dict(d)
    assert s2.team == [0, 1] and s2.nteams == 2 and s2.to_dict() == d


def test_heavy_semi_coop_loss_is_shared():
    """Heavy semi co-op "starts out just like in the co-op mode": monsters standing at the end of
    turn 9 beat everybody."""
    g = mgame(mode="semi_coop_heavy", n=2, encounter="kotronas:2", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(4, -4)), "edhel": dict(owner=1, pos=(-4, 4))}, {0: SET, 1: SET1},
               ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3", "plain_4"])],
               turn=TURNS, dice=[5])
    assert s.is_terminal() and s.returns() == [-1.0, -1.0]


# ---------------------------------------------------------------- solo: one agent
def test_solo_is_a_single_agent_env():
    """TH § Solo and Co-op ("You can either play solo"): the env has one agent and the Gymnasium
    wrapper needs no opponent."""
    env = mythenv.make_env("theosis_v0", num_players=1, mode="solo", prep="fast")
    env.reset(seed=1)
    assert env.possible_agents == ["player_0"]
    import gymnasium
    genv = gymnasium.make("mythenv/Theosis-v0", num_players=1, mode="solo", prep="fast")
    obs, info = genv.reset(seed=0)
    done, steps = False, 0
    rng = np.random.default_rng(0)
    while not done:
        mask = info["action_mask"]
        a = int(rng.choice(np.flatnonzero(mask)))
        obs, r, term, trunc, info = genv.step(a)
        done = term or trunc
        steps += 1
    assert r in (-1.0, 1.0) and steps > 10
    assert info["monsters_defeated"] == (r > 0)  # the final info (State.final_info) reaches the env
    env = mythenv.make_env("theosis_v0", num_players=1, mode="solo", prep="fast")
    env.reset(seed=2)
    for _agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term or trunc:
            assert "monsters_defeated" in info
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# ---------------------------------------------------------------- hidden Stamina Tokens
def test_only_the_top_token_is_seen_and_the_rest_is_resampled():
    """TH § Monster Stamina: "The players are only able to see the top active Stamina Token. They
    cannot look through the stack". The observation shows the top token only; resample_hidden keeps
    it and redistributes the tokens below it and the unused ones."""
    g = mgame(encounter="kotronas:3", heroes_per_player=2)
    s = marena(g, {"norn": dict(owner=0, pos=(1, 0)), "edhel": dict(owner=0, pos=(-3, 0))}, {0: SET},
               ranking=["norn", "edhel"], monsters=[("kotronas", (0, 0), ["plain_3", "plain_4", "plain_2"])],
               actor="norn")
    s.rng = np.random.default_rng(0)
    obs = OBSERVER.views(g.observation(s, 0))["monsters"]
    from mythenv.games.theosis.observe import _M_TOP
    assert list(np.flatnonzero(obs[0][_M_TOP:_M_TOP + 13])) == [TOK["plain_3"]]
    seen = set()
    for k in range(20):
        r = s.resample_hidden(0, np.random.default_rng(k))
        assert r.mstack[0][0] == TOK["plain_3"] and len(r.mstack[0]) == 3
        r.check_invariants()
        seen.add(tuple(r.mstack[0][1:]))
        assert (g.observation(r, 0) == g.observation(s, 0)).all()
    assert len(seen) > 5
    s.mdown[0] = 2
    tops = {s.resample_hidden(0, np.random.default_rng(k)).mstack[0][0] for k in range(30)}
    assert len(tops) > 3  # a face-down top is hidden too


def test_arena_counts_a_solo_win_only_with_a_positive_return():
    """A one-seat game has no opponent to beat: the arena counts the seat's win when its return is
    positive (every monster fell), a draw otherwise."""
    from mythenv.agents import make_agent
    from mythenv.eval.arena import play_game
    g = mgame(encounter="solo_3")
    recs = [play_game(g, [make_agent("random", g, seed=k)], seed=k) for k in range(3)]
    assert all(r.winner == (0 if r.returns[0] > 0 else -1) for r in recs)
    assert any(r.winner == -1 for r in recs)  # random play loses against the monsters


def test_cooperating_players_choose_the_initiative_order():
    """TH § Setting Up the Arena (Monster Modes): "The cooperating players assign their Hero Initiative
    order as they prefer": no gold decides it; position by position the players (from the
    initiative holder, clockwise) place any hero, the last one taking the last place."""
    g = mgame(mode="coop", n=2, encounter="p2_2")
    s = g.new_initial_state(5)
    rng = np.random.default_rng(0)
    while s.dec[0] != "m_rank":
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    assert s.phase == "gold" and s.ranking == []
    heroes = sorted(h for h in range(12) if s.owner[h] >= 0)
    chosen = [heroes[3], heroes[0], heroes[2]]  # any hero, an ally's too
    for k, h in enumerate(chosen):
        assert s.dec[0] == "m_rank" and s.dec[1] == (s.initiative + k) % 2
        act(s, "hero", h)
    assert s.ranking == chosen + [heroes[1]] and s.phase == "place"
