"""The action space of Theosis and the constants every chapter of the rules shares: the action
families and their offsets (``A_*``), Damage types, Health, turns, equipment slots, seats and teams.
"""

from __future__ import annotations

from mythenv.core.actions import ActionCodec

from ..cards import HEROES, HP_LOCATIONS, ITEMS, MODES, POWER_INDEX, POWERS, RITUALS, SKILLS
from .board import HEXES, NHEX

__all__ = [
    "NH", "NC", "NI", "PHYS", "LIGHT", "FIRE", "VOID", "ICE", "ACID", "DT_NAMES", "MAXHP", "TURNS", "W",
    "OFF", "ARM", "FAMILIES", "LABELS", "CODEC", "NUM_ACTIONS", "A_PICK", "A_CARD", "A_HERO", "A_SLOT", "A_HEX",
    "A_DIR", "A_ITEM", "A_ROW", "A_NUM", "A_DONE", "DECODE", "ROW_NAMES", "SPELL_HERO", "ATTACK_SPELLS",
    "PK", "SK", "DEF_SKILLS", "describe_action", "team_of_seat", "heroes_per_player",
    "A_RPLACE", "A_RITUAL",  # --- Rituals
    "A_MON", "MONSTER_MODES",  # --- Monsters
    "A_SPOT", "A_SEAT", "SPOT_NAMES",  # --- Hierapolis
]

NH = len(HEROES)
NC = len(POWERS)
NI = len(ITEMS)
PHYS, LIGHT, FIRE, VOID, ICE, ACID = range(6)
DT_NAMES = ("Physical", "Light", "Fire", "Void", "Ice", "Acid")
MAXHP = 9
TURNS = 9
W, OFF, ARM = 0, 1, 2  # equipment slots (ranged heroes leave OFF empty)


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
    ("monster", (3,)),      # a monster slot (the target of an attack)
    # --- Hierapolis
    ("spot", (18,)),        # a Hierapolis spot: golden Quest slots 0..5, plain Quest slots 6..11, locations 12..17
    ("seat", (6,)),         # a player (the one robbed of gold)
]
LABELS = {
    "pick": lambda h, ar: f"pick {HEROES[h].name} ({HEROES[h].archetypes[ar]})",
    "card": lambda c: f"power {POWERS[c].name} ({POWERS[c].attack}/{POWERS[c].defense})",
    "hero": lambda h: f"hero {HEROES[h].name}",
    "slot": lambda i: f"slot {i + 1}",
    "hex": lambda x: f"hex {HEXES[x]}",
    "dir": lambda d: f"direction {d}",
    "item": lambda i: f"item {ITEMS[i].name}",
    "row": lambda r: f"action: {ROW_NAMES[r]}",
    "num": lambda i: f"choice {i}",
    "done": "done / none",
    "rplace": lambda x, rot: f"ritual token at hex {HEXES[x]}, turned {rot}",  # --- Rituals
    "ritual": lambda r: f"ritual {RITUALS[r].name}",
    "monster": lambda m: f"monster {m + 1}",  # --- Monsters
    "spot": lambda i: f"send a hero to the {SPOT_NAMES[i]}",  # --- Hierapolis
    "seat": lambda p: f"player {p}",
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
