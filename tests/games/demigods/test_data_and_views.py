"""Demigods data files, observations, hidden information and the env surface."""

import json
import shutil

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import DataError
from mythenv.games.demigods.cards import DATA_DIR, load_cards
from mythenv.games.demigods.rules import IS_ORACLE, K

from .builder import act, build, game


def _copy_data(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def test_every_record_says_where_it_comes_from():
    """DESIGN § Content the rulebooks leave out: each record is rulebook (with section) or designed
    (with rationale); the loader checks it."""
    cards = load_cards()
    assert {k.source for k in cards.kinds} == {"rulebook", "designed"}
    assert all(d.source == "designed" for d in cards.decks.values())
    assert cards.throne.army == 5000 and cards.throne.wealth == 5000 and cards.throne.guardians == 1


@pytest.mark.parametrize("fname,old,new,needle", [
    ("cards.toml", 'key = "zeus"\nname = "Zeus"\ncategory = "god"\ncopies = 1\nsource = "rulebook"',
     'key = "zeus"\nname = "Zeus"\ncategory = "god"\ncopies = 1\nsource = "made up"', "'source'"),
    ("cards.toml", 'blocks = "siege"', 'blocks = "plague"', "'blocks'"),
    ("decks.toml", "players = 2\narmy = [6, 5, 4]\nwealth = [6, 5, 4]\ncurse_copies = 1",
     "players = 2\narmy = [6, 5, 4]\nwealth = [6, 5, 4]\ncurse_copies = 2", "'curse_copies'"),
    ("cards.toml", 'key = "ares"\nname = "Ares"\ncategory = "god"\ncopies = 1',
     'key = "ares"\nname = "Ares"\ncategory = "god"\ncopies = 2', "god cards add up to 6"),
    ("throne.toml", 'key = "guardian"', 'key = "army"', "'key'"),
])
def test_malformed_data_names_file_record_and_field(tmp_path, fname, old, new, needle):
    d = _copy_data(tmp_path)
    text = (d / fname).read_text()
    assert old in text
    (d / fname).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_cards(d)
    assert fname in str(e.value) and needle in str(e.value)


def test_observation_hides_other_hands_and_shows_the_table():
    """A seat sees its hand, hand sizes, kingdoms, fronts and the discard pile, never the others'
    hand cards it has not been shown."""
    g = game(num_players=3)
    s = build(g, hands={0: ["zeus", "army_500"], 1: ["hermes", "army_2000"], 2: 6},
              kingdoms={1: [("wealth_2000", 1)]}, fronts={2: ["talos", "siege"]}, discard=["ares"])
    o = g.observation_dict(s, 0)
    assert o["my_hand"][K["zeus"]] == 0.25 and o["my_hand"][K["hermes"]] == 0
    assert o["known_hands"].sum() == 0
    assert o["kingdom"][1, 1, 2, 1] == pytest.approx(0.1)        # seat 1 = 1 to the left: blessed Wealth 2,000
    assert o["totals"][1, 1] == pytest.approx(4000 / 10000)
    assert o["front"][2, 0] == 1 and o["front"][2, 5] == 1        # Talos (blocks Siege) and Siege
    assert o["discard_top"][K["ares"]] == 1 and o["to_move"][0] == 1
    o1 = g.observation_dict(s, 1)
    assert o1["to_move"][0] == 0 and o1["seat_to_move"][2] == 1   # seat 0 is 2 to the left of seat 1
    assert o1["kingdom"][0, 1, 2, 1] == pytest.approx(0.1)


def test_resample_hidden_keeps_what_the_seat_knows_and_oracles_in_the_deck():
    """Determinization: hidden hands and the deck are reshuffled; known cards, sizes and the
    public table stay; Oracles never land in a hand."""
    g = game(num_players=4)
    s = g.new_initial_state(3)
    for seed in range(20):
        r = s.resample_hidden(0, np.random.default_rng(seed))
        r.check_invariants()
        assert r.hand[0] == s.hand[0] and [len(h) for h in r.hand] == [len(h) for h in s.hand]
        assert not any(IS_ORACLE[g.kind_of[c]] for h in r.hand for c in h)
        assert np.array_equal(g.observation(r, 0), g.observation(s, 0))


def test_pending_decisions_survive_json_round_trip():
    """to_dict / from_dict keep the pending stack (a Zeus theft half done) exactly."""
    g = game(num_players=3)
    s = build(g, hands={0: ["zeus"], 1: 6, 2: 6}, kingdoms={1: ["army_500"], 2: ["army_1000"]})
    act(s, "play", K["zeus"])
    d = json.loads(json.dumps(s.to_dict()))
    r = g.state_from_dict(d)
    assert r.to_dict() == s.to_dict() and r.pending == s.pending and r.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("n", [2, 5])
def test_env_plays_a_full_game(n):
    """The PettingZoo env drives every seat to the end; rewards are the returns."""
    from mythenv.games import demigods_v0

    env = demigods_v0.env(num_players=n, render_mode="ansi")
    env.reset(seed=n)
    rng = np.random.default_rng(n)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        total[agent] += rew
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    ret = env.unwrapped.game_state.returns()
    assert [total[a] for a in env.possible_agents] == ret
    assert "Demigods" in mythenv.make_env("demigods_v0", render_mode="ansi", num_players=n).game.info.name
