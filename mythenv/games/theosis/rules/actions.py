"""The action space of Theosis and the constants every chapter of the rules shares: the action
families and their offsets (``A_*``), Damage types, Health, turns, equipment slots, seats and teams.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec
from mythenv.core.game import seat_name

from ..cards import HEROES, HP_LOCATIONS, ITEMS, MODES, POWER_INDEX, POWERS, RITUALS, SKILLS
from .board import CENTER, HEXES, NHEX, R

__all__ = [
    "NH", "NC", "NI", "PHYS", "LIGHT", "FIRE", "VOID", "ICE", "ACID", "DT_NAMES", "MAXHP", "TURNS", "W",
    "OFF", "ARM", "FAMILIES", "LABELS", "CODEC", "NUM_ACTIONS", "A_PICK", "A_CARD", "A_HERO", "A_SLOT", "A_HEX",
    "A_DIR", "A_ITEM", "A_ROW", "A_NUM", "A_DONE", "DECODE", "ROW_NAMES", "SPELL_HERO", "ATTACK_SPELLS",
    "PK", "SK", "DEF_SKILLS", "describe_action", "team_of_seat", "heroes_per_player",
    "A_RPLACE", "A_RITUAL",  # --- Rituals
    "A_MON", "MAXM", "MONSTER_MODES",  # --- Monsters
    "A_SPOT", "A_SEAT", "SPOT_NAMES",  # --- Hierapolis
    "ORDINAL", "DIR_NAMES", "HEX_PLACE", "hex_text", "item_name",  # the places and items in words
]

NH = len(HEROES)
NC = len(POWERS)
NI = len(ITEMS)
PHYS, LIGHT, FIRE, VOID, ICE, ACID = range(6)
DT_NAMES = ("Physical", "Light", "Fire", "Void", "Ice", "Acid")
MAXHP = 9
TURNS = 9
W, OFF, ARM = 0, 1, 2  # equipment slots (ranged heroes leave OFF empty)
MAXM = 3  # --- Monsters: at most three monsters in the Arena (their slots)


FAMILIES = [
    ("pick", (NH, 2)),      # hero selection: hero, archetype
    ("card", (NC,)),        # a Power card (draft, commit, discard, select)
    ("hero", (NH,)),        # a hero (target, equip, gold)
    ("slot", (3,)),         # a skill slot (mana, skill use) or an equipment slot
    ("hex", (NHEX,)),       # a hex (move, place, spell centre, teleport, pull)
    ("dir", (6,)),          # a direction (line, cone)
    ("item", (NI,)),        # an item of the artifact / item offer
    ("row", (6,)),          # one of the six actions of the chart
    ("num", (10,)),         # a number or a choice (0 = no / first option, 1 = yes, ...)
    ("done", (1,)),         # stop / stay / none
    # --- Rituals
    ("rplace", (NHEX, 6)),  # a Ritual token's placement: the hex of its offset (0, 0), its rotation
    ("ritual", (len(RITUALS),)),  # a Ritual (a token to remove, an unused token to place)
    # --- Monsters
    ("monster", (MAXM,)),   # a monster slot (the target of an attack)
    # --- Hierapolis
    ("spot", (18,)),        # a Hierapolis spot: golden Quest slots 0..5, plain Quest slots 6..11, locations 12..17
    ("seat", (6,)),         # a player (the one robbed of gold)
]
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "12th")
DIR_NAMES = ("right", "up-right", "up-left", "left", "down-left", "down-right")   # board.DIRS, pointy hexes
_ROWS: dict[int, list[int]] = {}
for _x, (_q, _r) in enumerate(HEXES):
    _ROWS.setdefault(_r, []).append(_x)
#: hex -> (row from the top, place from the left), both from 1, as the picture draws the Arena
HEX_PLACE = {x: (r + R + 1, sorted(xs, key=lambda y: HEXES[y][0]).index(x) + 1)
             for r, xs in _ROWS.items() for x in xs}
_ITEM_COPY = {i.index: (sum(1 for j in ITEMS if j.name == i.name and j.index < i.index),
                        sum(1 for j in ITEMS if j.name == i.name)) for i in ITEMS}


def hex_text(x: int) -> str:
    """Hex ``x`` as a person finds it on the picture: "the centre hex" or "row 3, 4th hex from the left"."""
    if x == CENTER:
        return "the centre hex"
    row, k = HEX_PLACE[x]
    return f"row {row}, {ORDINAL[k - 1]} hex from the left"


def item_name(i: int) -> str:
    """Item ``i`` by its name, and which copy where the box holds several ("Dagger (2nd of 2)")."""
    k, n = _ITEM_COPY[i]
    return ITEMS[i].name + (f" ({ORDINAL[k]} of {n})" if n > 1 else "")


#: each action in words without a position (``Game.action_to_string``); a state says it for its
#: decision (``rules/texts.py``: "attack Lug (Player 2)", "use Smite (1st Skill of Rochon)")
LABELS = {
    "pick": lambda h, ar: f"choose {HEROES[h].name}, {HEROES[h].archetypes[ar]}",
    "card": lambda c: f"choose the Power card {POWERS[c].name} ({POWERS[c].attack}/{POWERS[c].defense})",
    "hero": lambda h: f"choose {HEROES[h].name}",
    "slot": lambda i: f"choose the {ORDINAL[i]} Skill or equipment slot",
    "hex": lambda x: f"choose {hex_text(x)}",
    "dir": lambda d: f"aim {DIR_NAMES[d]}",
    "item": lambda i: f"choose {item_name(i)}",
    "row": lambda r: ROW_NAMES[r][0].upper() + ROW_NAMES[r][1:],
    "num": lambda i: f"choose the {ORDINAL[i]} option",
    "done": "choose nothing more (stop)",
    "rplace": lambda x, rot: f"place the Ritual token from {hex_text(x)}, turned {rot * 60} degrees",  # --- Rituals
    "ritual": lambda r: f"choose the Ritual {RITUALS[r].name}",
    "monster": lambda m: f"choose the {ORDINAL[m]} monster",  # --- Monsters
    "spot": lambda i: f"send a hero to the {SPOT_NAMES[i]}",  # --- Hierapolis
    "seat": lambda p: f"choose {seat_name(p)}",
}
CODEC = ActionCodec(FAMILIES, LABELS)
_OFF = CODEC.offsets
NUM_ACTIONS = CODEC.size
A_PICK, A_CARD, A_HERO, A_SLOT, A_HEX, A_DIR, A_ITEM, A_ROW, A_NUM, A_DONE = (
    _OFF[n] for n in ("pick", "card", "hero", "slot", "hex", "dir", "item", "row", "num", "done"))
DECODE = CODEC.flat_table
A_RPLACE, A_RITUAL = _OFF["rplace"], _OFF["ritual"]  # --- Rituals
A_MON = _OFF["monster"]  # --- Monsters
# --- Hierapolis
A_SPOT, A_SEAT = _OFF["spot"], _OFF["seat"]
_ALIGN = ("warmonger", "guardian", "deceitful", "righteous", "vengeful", "merciful")
SPOT_NAMES = tuple([f"{a} Quest (golden slot)" for a in _ALIGN] + [f"{a} Quest" for a in _ALIGN]
                   + [k.replace("_", " ") for k in HP_LOCATIONS])
ROW_NAMES = ("do nothing (discard a Power face down)", "place a Mana gem (discard face down, take 1 Damage)",
             "use a Blessing face up", "use a Spell face up", "attack with a Power face down (its text)",
             "use a Skill (a Power face down for values)")
SPELL_HERO = {POWER_INDEX["fireball"]: 1, POWER_INDEX["vortex"]: 5, POWER_INDEX["nova"]: 7,
              POWER_INDEX["hailstorm"]: 11}
ATTACK_SPELLS = frozenset(SPELL_HERO) | {POWER_INDEX["damnation"]}
PK = POWER_INDEX
SK = {s.key: (s.hero, s.archetype, s.slot) for s in SKILLS}
DEF_SKILLS = {s.key for s in SKILLS if s.kind == "defence"}


describe_action = CODEC.describe


MONSTER_MODES = ("solo", "coop", "semi_coop_light", "semi_coop_heavy")  # --- Monsters


def team_of_seat(mode: str, n: int, p: int) -> int:
    if mode in MONSTER_MODES:  # --- Monsters: the players cooperate as one team
        return 0
    t = MODES[mode]["teams"]
    return p if t == 0 else p % t


def heroes_per_player(mode: str, variant: str, n: int) -> int:
    if mode in MONSTER_MODES:  # --- Monsters: the encounter decides (TheosisGame.hpp)
        return 0
    m = MODES[mode]
    if n >= 5:
        return m["five_six"]
    return m["normal"] if variant == "normal" else m["blitz"]
