"""The Ritual cards (``data/rituals.toml``, ``cards.RITUALS``): TH § Components List, § Rituals (printed
pages 44-45), the FAQ (Death Swamp), the errata (page 45) and § Expansion Cards (Flesh and Blood).
Docstrings cite ``001_4e95cd654d8b1058.txt`` (TH)."""

import tomllib

import pytest

from mythenv.core.errors import DataError
from mythenv.games.theosis import cards
from mythenv.games.theosis.cards import DATA, DTYPES, RITUAL_INDEX, RITUALS, load_rituals
from tests.robustness.toml_write import dumps


def test_nine_ritual_cards_six_tokens_and_the_expansion_card():
    """TH § Components List: "9x Ritual Cards", "6x Arena Effects" (the tokens). TH § Rituals prints
    seven, the FAQ names Death Swamp, the ninth is designed (marked so); Flesh and Blood is the
    Expansion card "[Ritual]" (TH § Expansion Cards)."""
    basic = {r.key for r in RITUALS if not r.expansion}
    assert len(basic) == 9
    assert {"consecration", "mana_surge", "purification", "banner_of_victory", "fortifications",
            "guardian_angel", "wall_of_fire", "death_swamp"} < basic
    assert [r.key for r in RITUALS if r.expansion] == ["flesh_and_blood"]
    assert sum(r.token for r in RITUALS) == 6
    data = tomllib.loads((DATA / "rituals.toml").read_text())["ritual"]
    ninth = [d for d in data if d["key"] not in ("consecration", "mana_surge", "purification",
                                                  "banner_of_victory", "fortifications", "guardian_angel",
                                                  "wall_of_fire", "death_swamp", "flesh_and_blood")]
    assert len(ninth) == 1 and ninth[0]["source"] == "designed" and ninth[0]["rationale"]
    # every token shape is a picture in the rulebook: designed, with its rationale
    assert all(d["source"] == "designed" and d["rationale"] for d in data if d["kind"] == "token")


def test_the_printed_numbers():
    """TH § Rituals: Consecration "one Light Damage"; Mana Surge "up to four Mana gems"; Purification
    "Heal two Damage"; the Banner of Victory "one Hex that a Hero cannot occupy ... the other three
    Hexes gains a +1 Attack bonus"; Fortifications "two Hexes that Heroes cannot occupy ... the other
    three Hexes gains a +1 Defense bonus"; Guardian Angel "one Hex, the center one ... the other six
    Hexes", healing two by the errata (page 45); Wall of Fire "four Fire Damage"; FAQ: two Movement to
    enter a Death Swamp hex."""
    r = {x.key: x for x in RITUALS}
    assert (r["consecration"].damage, r["consecration"].dtype) == (1, DTYPES.index("light"))
    assert r["mana_surge"].mana == 4 and r["purification"].heal == 2
    b = r["banner_of_victory"]
    assert (b.attack, len(b.blocked), len(b.hexes) - len(b.blocked)) == (1, 1, 3)
    f = r["fortifications"]
    assert (f.defense, len(f.blocked), len(f.hexes) - len(f.blocked)) == (1, 2, 3)
    g = r["guardian_angel"]
    assert (g.heal, g.blocked, len(g.hexes)) == (2, ((0, 0),), 7)
    assert set(g.hexes) == {(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}  # the centre and six
    w = r["wall_of_fire"]
    assert (w.damage, w.dtype, w.blocked) == (4, DTYPES.index("fire"), ())
    assert r["death_swamp"].move_cost == 2
    assert cards.RITUALS[RITUAL_INDEX["wall_of_fire"]] is w


def _write(tmp_path, mutate):
    data = tomllib.loads((DATA / "rituals.toml").read_text())
    mutate({d["key"]: d for d in data["ritual"]}, data)
    p = tmp_path / "rituals.toml"
    p.write_text(dumps(data))
    return p


@pytest.mark.parametrize("mutate, needle", [
    (lambda r, d: r["guardian_angel"].update(heal=1), "'guardian_angel', field 'heal'"),  # errata page 45
    (lambda r, d: r["wall_of_fire"].update(damage=3), "'wall_of_fire', field 'damage'"),
    (lambda r, d: r["banner_of_victory"].update(blocked=[[0, 0], [1, 0]]), "'banner_of_victory', field 'nblocked'"),
    (lambda r, d: r["fortifications"].update(blocked=[[5, 0]]), "field 'blocked'"),
    (lambda r, d: r["death_swamp"].update(hexes=[[0, 0], [2, 0]]), "field 'hexes'"),  # not connected
    (lambda r, d: r["mana_surge"].update(hexes=[[0, 0]]), "an instant Ritual places no token"),
    (lambda r, d: r["wall_of_fire"].update(hexes=[[1, 0], [2, 0]]), "field 'hexes'"),  # no [0, 0]
    (lambda r, d: r["mana_spring"].pop("rationale"), "field 'rationale'"),
    (lambda r, d: d["ritual"].pop(), "the Ritual 'flesh_and_blood' is missing"),
    (lambda r, d: r["purification"].update(kind="ritual"), "field 'kind'"),
])
def test_malformed_ritual_files_are_refused(tmp_path, mutate, needle):
    """The loader refuses every change of a printed number and every malformed token with a
    DataError naming the file, the record and the field."""
    with pytest.raises(DataError) as e:
        load_rituals(_write(tmp_path, mutate))
    assert str(e.value).startswith("rituals.toml") and needle in str(e.value), str(e.value)
