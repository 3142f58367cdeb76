"""The Celtic and Mesopotamian Pantheons in ``data/pantheons.toml``: what the rulebook names of them,
and the ``essence`` op's record checks (TM = 000_b58b559235c1f04d.txt)."""

import re

import pytest

from mythenv.core.errors import DataError
from mythenv.games.theomachy import pantheons as P

SHIPPED = P.DATA_DIR / "pantheons.toml"
DEI = {x.key: x for x in P.DEITIES}
MYT = {x.key: x for x in P.MYTHS}


def test_both_pantheons_have_three_gods_and_five_cards():
    """TM § Pantheons, Their Gods and Mythology Cards: "Each Theomachy box contains four different
    Pantheons; for each of them there is a deck of five Mythology cards as well as three gods"; TM §
    Heroes: "Each set of Mythology cards contains a Hero"."""
    pans = {p.key: p for p in P.PANTHEONS}
    assert len(P.PANTHEONS) == 4
    for key, gods, cards, hero in (
            ("celtic", {"danu", "morrigan", "dagda"},
             {"lia_fail", "gae_bolga", "cauldron_of_the_dagda", "sword_of_nuada", "cu_chulainn"}, "cu_chulainn"),
            ("mesopotamian", {"marduk", "ishtar", "shamash"},
             {"tower_of_babel", "tablet_of_destinies", "lamassu", "hanging_gardens", "gilgamesh"}, "gilgamesh")):
        pan = pans[key]
        assert {P.DEITIES[d].key for d in pan.deities} == gods
        assert {P.MYTHS[m].key for m in pan.myths} == cards
        assert P.MYTHS[pan.hero].key == hero and P.MYTHS[pan.hero].use == "hero"
        for m in pan.myths:
            assert 1 <= P.MYTHS[m].cost <= 3  # "a cost in Miracle tokens" (TM § Box Contents)


def test_named_behaviours():
    """TM § Divine Abilities: Danu's passive Ability "takes effect throughout a Hand"; Morrigan's
    "power may be used several times"; "Marduk's Ability lets him sacrifice a Priest to obtain a bonus,
    but he cannot do so during the final Betting Round". TM § Mythology Cards and Their Abilities:
    "Gae Bolga is played at the start of a Battle, before any Attack". TM § The Myth Phase: "the
    Tower of Babel costs one Miracle". TM § Rules Clarifications: Lia Fail gives a Prophet to a
    winner with no Prophet in his Cult, and "does not block the normal Prophet"."""
    danu = DEI["danu"].ability
    assert danu.kind == "passive" and danu.trigger == "always" and danu.op("essence") == ("essence", 1, 0, 2)
    mor = DEI["morrigan"].ability
    assert mor.kind == "passive" and mor.trigger == "attack" and mor.uses == 0  # 0: no limit per Hand
    assert mor.spheres == (P.SPHERES.index("air"), P.SPHERES.index("water"))
    assert mor.cost == () and mor.when == ""  # nothing to announce or pay
    mar = DEI["marduk"].ability
    assert mar.kind == "active" and mar.cost == (("sacrifice", 1, 1),) and ("not_final_round",) in mar.condition
    assert mar.op("power") == ("power", 7)
    assert MYT["gae_bolga"].use == "window" and MYT["gae_bolga"].window == "battle_start"
    assert MYT["tower_of_babel"].cost == 1
    lia = MYT["lia_fail"]
    assert lia.use == "passive" and lia.trigger == "win" and lia.condition == (("no_prophet_in_cult",),)
    assert lia.ops == (("gain", 2, 1),)


def test_every_design_says_why():
    """Every record says where it comes from; a designed text carries its rationale (docs/design.md)."""
    for x in [d for d in P.DEITIES if P.PANTHEONS[d.pantheon].key in ("celtic", "mesopotamian")] + \
             [m for m in P.MYTHS if P.PANTHEONS[m.pantheon].key in ("celtic", "mesopotamian")]:
        assert x.source in ("rulebook", "designed")
    text = SHIPPED.read_text()
    for key in ("danu", "morrigan", "dagda", "marduk", "ishtar", "shamash", "lia_fail", "gae_bolga",
                "cauldron_of_the_dagda", "sword_of_nuada", "cu_chulainn", "tower_of_babel",
                "tablet_of_destinies", "lamassu", "hanging_gardens", "gilgamesh"):
        block = text.split(f'key = "{key}"', 1)[1].split("[[", 1)[0]
        assert "rationale = " in block, key


def _variant(tmp_path, old: str, new: str):
    text = SHIPPED.read_text()
    assert old in text, old
    path = tmp_path / "pantheons.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize("old,new,message", [
    ('ops = ["essence earth order 2"]', 'ops = ["essence earth gold 2"]', "an orb colour (order / chaos)"),
    ('ops = ["essence earth order 2"]', 'ops = ["essence mud order 2"]', "bad argument 'mud'"),
    ('ops = ["essence earth order 2"]', 'ops = ["essence earth order"]', "takes 3 argument(s)"),
    ('trigger = "always"\nops = ["essence earth order 2"]', 'trigger = "battle"\nops = ["essence earth order 2"]',
     "'essence' cannot act at trigger 'battle'"),
    ('trigger = "attack"\nuses = 0', 'trigger = "attack"\nuses = 1', "her power may be used several times"),
    ('trigger = "attack"\nuses = 0', 'trigger = "attack"\nuses = 0\ncost = ["discard 1"]', "only an active Ability has it"),
    ('kind = "passive"\ntrigger = "attack"\nuses = 0', 'kind = "active"\nwhen = "battle"\nuses = 0',
     "Morrigan's Ability is Passive"),
    ('target = "all_opponents"\nops = ["strip disciple 1"]', 'target = "opponent"\nops = ["strip disciple 1"]',
     "a passive Ability names nobody"),
    ('spheres = ["air", "water"]', 'spheres = ["air", "mud"]', "a non-empty list of different Essences"),
    ('spheres = ["air", "water"]', 'spheres = []', "a non-empty list of different Essences"),
    ('trigger = "always"\nops = ["essence earth order 2"]', 'trigger = "always"\nspheres = ["air"]\nops = ["essence earth order 2"]',
     "only a passive Ability at trigger 'attack' has it"),
    ('trigger = "always"\nops = ["essence earth order 2"]', 'trigger = "always"\nuses = 2\nops = ["essence earth order 2"]',
     "acts at most once per Hand by itself"),
    ('cost = ["sacrifice priest 1"]\ncondition = ["not_final_round"]', 'cost = ["sacrifice priest 1"]',
     "not during the final Betting Round"),
    ('key = "tower_of_babel"\nname = "Tower of Babel"\npantheon = "mesopotamian"\ncost = 1',
     'key = "tower_of_babel"\nname = "Tower of Babel"\npantheon = "mesopotamian"\ncost = 2', "costs one Miracle"),
    ('window = "battle_start"\ndiscard = true', 'window = "battle_end"\ndiscard = true', "Gae Bolga is played"),
    ('condition = ["no_prophet_in_cult"]\nops = ["gain prophet 1"]', 'ops = ["gain prophet 1"]', "Lia Fail gives"),
])
def test_bad_records_are_refused(tmp_path, old, new, message):
    """A malformed or unfaithful record is refused with a DataError naming the problem."""
    with pytest.raises(DataError, match=re.escape(message)):
        P.load(_variant(tmp_path, old, new))
