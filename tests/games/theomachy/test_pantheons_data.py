"""Theomachy Pantheon data (``data/pantheons.toml``): structure, the behaviours the rulebook names, and
bad records refused with the project's DataError (TM = 000_b58b559235c1f04d.txt)."""

import re

import pytest

from mythenv.core.errors import DataError
from mythenv.games.theomachy import pantheons as P

SHIPPED = P.DATA_DIR / "pantheons.toml"


def test_every_pantheon_has_three_gods_and_five_cards_one_a_hero():
    """TM § Pantheons, Their Gods and Mythology Cards: "for each of them there is a deck of five
    Mythology cards as well as three gods or goddesses"; TM § Heroes: "Each set of Mythology cards
    contains a Hero"."""
    for pan in P.PANTHEONS:
        assert len(pan.deities) == 3 and len(pan.myths) == 5
        assert [m for m in pan.myths if P.MYTHS[m].use == "hero"] == [pan.hero]
    keys = {p.key for p in P.PANTHEONS}
    assert {"greek", "norse"} <= keys


def test_named_gods_and_cards_behave_as_the_rulebook_says():
    """TM § Divine Abilities (Poseidon passive for all his Battles; Ares once though he discards
    several cards), TM § Final Selection of the God (Thor takes Mjollnir), TM § Allowed Battle Actions
    (Mjollnir lets Attacks of other Essences be played), TM § The Myth Phase (Pandora's Box: immediate,
    then discarded)."""
    d = {x.key: x for x in P.DEITIES}
    m = {x.key: x for x in P.MYTHS}
    assert d["poseidon"].ability.kind == "passive" and d["poseidon"].ability.trigger == "battle"
    assert d["ares"].ability.kind == "active" and d["ares"].ability.uses == 1
    assert ("discard_any",) in d["ares"].ability.cost
    assert d["thor"].ability.op("take_myth") == ("take_myth", "mjollnir")
    assert m["mjollnir"].op("multi_essence") is not None
    assert m["pandoras_box"].use == "immediate"


def test_every_record_says_where_it_comes_from():
    for x in P.DEITIES + P.MYTHS:
        assert x.source in ("rulebook", "designed")


def _variant(tmp_path, old: str, new: str, count: int = 1):
    text = SHIPPED.read_text()
    assert old in text, old
    path = tmp_path / "pantheons.toml"
    path.write_text(text.replace(old, new, count))
    return path


@pytest.mark.parametrize("old,new,message", [
    ('ops = ["power 3"]', 'ops = ["power_up 3"]', "unknown op 'power_up 3'"),
    ('ops = ["power 3"]', 'ops = ["power"]', "takes 1 argument"),
    ('uses = 1\ncost = ["sacrifice disciple 1"]', 'uses = 99\ncost = ["sacrifice disciple 1"]',
     "an integer 0..20, got 99"),
    ('target = "opponent"\nops = ["peek_hand"]', 'ops = ["peek_hand"]', "act(s) on another player"),
    ('cost = ["discard_any"]', 'cost = ["discard_any", "discard 1"]', "at most one discard cost"),
    ('cost = ["discard_any"]', 'cost = ["pay 2"]', "unknown cost"),
    ('condition = ["attacks_at_least 3"]', 'condition = ["attacks_at_least x"]', "bad argument 'x'"),
    ('event = "win_battle"', 'event = "lunch"', "win_battle / win_hand"),
    ('window = "battle_end"', 'window = "tea_time"', "betting_start / betting_end"),
    ('trigger = "always"\nops = ["multi_essence"]', 'trigger = "battle"\nops = ["multi_essence"]',
     "'multi_essence' cannot act at trigger 'battle'"),
    ('hero_power = 8', 'hero_power = 99', "hero_power"),
    ('pantheon = "norse"\ncost = 1', 'pantheon = "greek"\ncost = 1', "Pantheon 'greek' has 3 Deities, 6"),
    ('ops = ["take_myth mjollnir"]', 'ops = ["take_myth achilles"]', "no Mythology card of its Pantheon"),
    ('use = "immediate"', 'use = "window"\nwindow = "prayer_end"', "Pandora's Box has an immediate effect"),
    ('uses = 1\ncost = ["discard_any"]', 'uses = 2\ncost = ["discard_any"]', "Ares' Ability is used once"),
    ('source = "designed"\nrationale = "the goddess', 'source = "designed"\nrationale2 = "the goddess',
     "rationale"),
])
def test_bad_records_are_refused(tmp_path, old, new, message):
    path = _variant(tmp_path, old, new)
    with pytest.raises(DataError, match=re.escape(message)):
        P.load(path)
