"""Scenario builder for Theosis tests: an Arena position with chosen heroes, hands and items."""

from __future__ import annotations

import mythenv
from mythenv.games.theosis import rules
from mythenv.games.theosis.cards import HERO_INDEX, ITEM_INDEX, POWER_INDEX, POWERS, RITUALS

H = HERO_INDEX
C = POWER_INDEX
ITEMS_BY_KEY = ITEM_INDEX
A = rules


def game(**cfg):
    return mythenv.make_game("theosis_v0", **cfg)


def default_set(alignment_keys):
    return alignment_keys


def hexi(q, r):
    return rules.HEX_INDEX[(q, r)]


def arena(g, heroes, hands, ranking, actor=None, turn=2, discards=None, seed=0):
    """heroes: {hero_key: dict(owner, arch=0, pos=(q, r), hp=9, mana=[..], eq=[item keys or None x3])};
    hands: {seat: [power keys]} (6 per seat unless discards completes the set)."""
    s = g.new_initial_state(seed)
    n = s.n
    s.phase = "arena"
    s.turn = turn
    s.owner = [-1] * rules.NH
    s.pos = [-1] * rules.NH
    s.hp = [9] * rules.NH
    s.mana = [[0, 0, 0] for _ in range(rules.NH)]
    s.eq = [[-1, -1, -1] for _ in range(rules.NH)]
    s.pouch = list(range(rules.NI))
    s.offer = []
    s.gone = []
    s.pool = []
    s.order = []
    for k, d in heroes.items():
        h = H[k]
        s.owner[h] = d["owner"]
        s.arch[h] = d.get("arch", 0)
        s.pickno[h] = h
        s.pos[h] = hexi(*d["pos"])
        s.hp[h] = d.get("hp", 9)
        s.mana[h] = list(d.get("mana", [0, 0, 0]))
        for slot, item in enumerate(d.get("eq", [None, None, None])):
            if item is not None:
                i = ITEMS_BY_KEY[item]
                s.eq[h][slot] = i
                s.pouch.remove(i)
    s.cowner = [-1] * rules.NC
    s.vis = [0] * rules.NC
    s.token = [-1] * rules.NC
    discards = discards or {}
    for p in range(n):
        s.hand[p] = sorted(C[k] for k in hands.get(p, []))
        s.disc[p] = [C[k] for k in discards.get(p, [])]
        s.inplay[p] = []
        for c in s.hand[p] + s.disc[p]:
            s.cowner[c] = p
            s.vis[c] = (1 << n) - 1 if c in s.hand[p] and not s.disc[p] else s.team_bits(p)
        for c in s.disc[p]:
            s.vis[c] = s.team_bits(p)
    s.ranking = [H[k] for k in ranking]
    s.acted = [0] * rules.NH
    if actor is not None:
        for h in s.ranking:
            if h == H[actor]:
                break
            s.acted[h] = 1
        s.acted[H[actor]] = 1
        s.q = [["hero_turn", H[actor]], ["next_actor"]]
    else:
        s.q = [["next_actor"]]
    s.dec = None
    s.cb = None
    s.winner = -2
    s._legal = None
    s._run()
    return s


def act(s, fam, *idx):
    """Apply the action of family ``fam`` (``"pick"`` takes hero, archetype)."""
    off = {"pick": A.A_PICK, "card": A.A_CARD, "hero": A.A_HERO, "slot": A.A_SLOT, "hex": A.A_HEX,
           "dir": A.A_DIR, "item": A.A_ITEM, "row": A.A_ROW, "num": A.A_NUM, "done": A.A_DONE}[fam]
    a = off + (idx[0] * 2 + idx[1] if fam == "pick" else (idx[0] if idx else 0))
    s.apply_action(a)
    return s


def card(key):
    return C[key]


def hero(key):
    return H[key]


def values(key):
    p = POWERS[C[key]]
    return p.attack, p.defense


#: the short layout label of each action family the tests name actions by: the family and its index
#: ("choice 1", "slot 2", "hex (1, -2)"), state-free (a person reads ``s.action_to_string``)
LAYOUT = {
    "pick": lambda h, ar: f"pick {rules.HEROES[h].name} ({rules.HEROES[h].archetypes[ar]})",
    "card": lambda c: f"power {POWERS[c].name} ({POWERS[c].attack}/{POWERS[c].defense})",
    "hero": lambda h: f"hero {rules.HEROES[h].name}",
    "slot": lambda i: f"slot {i + 1}",
    "hex": lambda x: f"hex {rules.HEXES[x]}",
    "dir": lambda d: f"direction {d}",
    "item": lambda i: f"item {rules.ITEMS[i].name}",
    "row": lambda r: f"action: {rules.ROW_NAMES[r]}",
    "num": lambda i: f"choice {i}",
    "done": "done / none",
    "rplace": lambda x, rot: f"ritual token at hex {rules.HEXES[x]}, turned {rot}",
    "ritual": lambda r: f"ritual {RITUALS[r].name}",
    "monster": lambda m: f"monster {m + 1}",
    "spot": lambda i: f"send a hero to the {rules.SPOT_NAMES[i]}",
    "seat": lambda p: f"player {p}",
}


def layout_label(a: int) -> str:
    """Action ``a`` by its layout label (``LAYOUT``)."""
    fam, idx = rules.CODEC.decode(a)
    label = LAYOUT[fam]
    return label if isinstance(label, str) else label(*idx)


def say(s):
    """The legal actions of ``s`` by their layout labels (``layout_label``)."""
    return [layout_label(a) for a in s.legal_actions()]


def choose(s, text):
    """Take the legal action whose layout label (``say``) is ``text`` (case-insensitive, exact)."""
    opts = [a for a in s.legal_actions() if layout_label(a).lower() == text.lower()]
    assert opts, (text, s.dec, say(s), [s.action_to_string(a) for a in s.legal_actions()])
    s.apply_action(opts[0])
    return s
