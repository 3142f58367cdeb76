"""The table's texts (issue 45): each action in the rulebook's words (``action_to_string``), what the
other seats saw of it (``public_action_text``), the decision in words (``decision_text``) and the end
(``ending_text``).

Places as the picture draws them: the Arena's hexes by row (counted from the top) and by place in
the row (counted from the left), the centre by name; directions as drawn (right, up-right, ...);
heroes by name and player; skill slots by the skill on them; equipment slots as weapon, off-hand
and armour. Power cards played or kept face down, drafted or taken, a Ritual prepared and a secret
bid are not named to the other seats."""

from __future__ import annotations

from mythenv.core.game import seat_name

from ..cards import HEROES, MONSTERS, POWERS, RITUALS, SKILLS
from .actions import (  # noqa: F401 - the places' words live with the action labels that use them
    DECODE,
    DIR_NAMES,
    DT_NAMES,
    HEX_PLACE,
    ORDINAL,
    ROW_NAMES,
    SPOT_NAMES,
    describe_action,
    hex_text,
    item_name,
)

EQUIP_SLOTS = ("weapon", "off-hand", "armour")
_SKILL_NAME = {s.key: s.name for s in SKILLS}
_POWER_NAME = {p.key: p.name for p in POWERS}


def hero_short(h: int) -> str:
    return HEROES[h].name.split()[0]


def _what(key: str) -> str:
    """A yes / no question's subject in words: the skill or Power it is named after."""
    base = key[2:] if key.startswith("m_") else key
    for suffix in ("_att", "_def"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    if base in _SKILL_NAME:
        return _SKILL_NAME[base]
    if base in _POWER_NAME:
        return _POWER_NAME[base]
    return base.replace("_", " ").capitalize()


#: the verb of a decision's hero choice
HERO_VERB = {
    "atk_target": "attack", "sk_target": "aim at", "blackout": "aim Blackout at", "bless_target": "bless",
    "holy_target": "aim Holy Surge at", "vile_target": "aim at", "lay_target": "lay hands on",
    "crimson_target": "ask for a Crimson Offering from", "equip_hero": "give the item to", "gold": "give the gold to",
    "hp_gem": "put a Mana gem on", "hp_heal": "heal", "hp_hurt": "let the Damage fall on", "hp_keep": "keep it for",
    "res_dead": "bring back", "res_mana": "give Mana to", "r_surge": "choose", "steal_from": "steal Mana from",
    "m_rank": "rank next", "hp_mtarget": "steal a Mana gem from", "uncurse": "lift a curse from",
}
#: what "none" means in a decision
DONE_TEXT = {
    "move": "stay", "defskill": "use no defence Skill", "m_defskill": "use no defence Skill",
    "gold": "give no gold", "hp_gem": "place no more Mana gems", "hp_keep": "keep no item",
    "hp_market": "buy nothing", "steal_from": "steal nothing", "r_surge": "choose nobody",
    "tactics": "play no Tactics card", "m_tactics": "play no Tactics card", "raise": "do not raise",
    "m_raise": "do not raise", "pull": "do not pull", "skill_use": "use no Skill", "ungrave": "take nothing back",
    "discard": "discard nothing", "uncurse": "lift no curse", "hurt_def": "use no defence Skill",
}
#: decisions whose Power card stays hidden from the other seats, and what they see of it
HIDDEN_CARD = {
    "draft": "drafts a Power card", "commit": "commits a Power card face down",
    "m_commit": "commits a Power card face down", "discard": "discards a Power card face down",
    "tactics": "plays a Power card face down", "m_tactics": "plays a Power card face down",
    "raise": "raises with a Power card face down", "m_raise": "raises with a Power card face down",
    "replace": "replaces a Power card", "ungrave": "takes a Power card back from the discard pile",
    "hp_power": "takes a Power card", "blind": "has a Power card discarded from the blinded hero's hand",
}
CARD_VERB = {
    "draft": "draft", "commit": "commit face down:", "m_commit": "commit face down:", "discard": "discard",
    "tactics": "play face down as Tactics:", "m_tactics": "play face down as Tactics:",
    "raise": "raise with", "m_raise": "raise with", "replace": "replace it with", "ungrave": "take back",
    "hp_power": "take", "blind": "discard from their hand:", "bless_card": "use the Blessing", "spell_card": "cast the Spell", "uncurse": "lift the curse",
}
HEX_VERB = {"move": "move to", "place": "place the hero on", "res_place": "bring the hero back on",
            "teleport": "teleport to", "spell_area": "centre the Spell on", "pull": "pull to"}
DECISION_TEXT = {
    "pick": "chooses a hero", "draft": "drafts a Power card", "mana": "places a Mana gem",
    "offer": "chooses an item", "equip_hero": "chooses who carries the item", "equip_slot": "chooses the item's slot",
    "gold": "gives gold", "place": "places a hero in the Arena", "row": "chooses an action",
    "move": "moves", "commit": "commits a Power card face down", "defskill": "may use a defence Skill",
    "dtype": "chooses the Damage type", "discard": "discards", "mana_gain": "places the Mana gem gained",
    "bless_card": "chooses the Blessing", "bless_target": "chooses whom to bless", "spell_card": "chooses the Spell",
    "spell_area": "aims the Spell", "atk_target": "chooses whom to attack", "yn": "decides",
    "skill_use": "chooses a Skill", "sk_target": "aims the Skill", "sk_dir": "chooses the direction",
    "teleport": "teleports", "tactics": "may play a Tactics card", "raise": "may raise",
    "hp_spot": "sends a hero into Hierapolis", "hp_power": "takes a Power card of the Quest",
    "hp_hurt": "chooses the hero who takes the Damage", "hp_steal": "chooses whom to rob",
    "hp_keep": "chooses who keeps the item", "hp_eslot": "chooses the item's slot",
    "hp_market": "may buy at the market", "hp_gem": "places Mana gems", "hp_gslot": "chooses the gem's Skill",
    "hp_mtarget": "chooses whose Mana gem to take", "hp_mslot": "chooses the Mana gem to take",
    "hp_heal": "chooses the hero to heal", "hp_ritual": "prepares a Ritual", "hp_rturn": "chooses the Ritual's turn",
    "hp_join": "decides whether to bid for the Artifact", "hp_bid": "writes a secret bid",
    "r_place": "places a Ritual token", "r_surge": "chooses a hero for the Ritual",
    "r_remove": "removes a Ritual token", "r_unused": "places an unused Ritual token",
    "m_commit": "commits a Power card face down", "m_defskill": "may use a defence Skill",
    "m_tactics": "may play a Tactics card", "m_raise": "may raise", "m_rank": "ranks the heroes",
    "res_mode": "chooses what Resurrection does", "res_mana": "chooses who gains Mana",
    "res_dead": "chooses the hero to bring back", "res_place": "places the hero brought back",
    "ungrave": "may take a Power card back", "replace": "replaces a Power card", "pull": "may pull",
    "steal_from": "chooses whom to steal Mana from", "steal_slot": "chooses the Mana gem to steal",
    "shock_give": "chooses the Mana gem to lose", "profane_slot": "chooses the Mana gem to remove",
    "incinerate_slot": "chooses the armour to burn", "purloin_item": "chooses the item to take",
    "uncurse": "may lift a curse", "blackout": "aims Blackout", "holy_target": "aims Holy Surge",
    "vile_target": "chooses the target", "lay_target": "chooses the target", "crimson_target": "asks an ally",
    "crimson_amount": "chooses the Damage of the Crimson Offering", "blind": "chooses the Power card Blind discards",
    "hurt_def": "may use a defence Skill against the Damage",
}


def _third_person(verb: str) -> str | None:
    """``verb`` as "he / she ..." says it ("take" -> "takes"); None when the text starts otherwise."""
    if verb in ("none", "the", "Resurrection:") or not verb.isalpha() or not verb.islower():
        return None
    if verb == "do":
        return "does"
    return verb + ("es" if verb.endswith(("ss", "sh", "ch", "x")) else "s")


class Texts:
    """The texts of a Theosis position."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    def _hero(self, h: int, viewer: int) -> str:
        o = self.owner[h]
        if o < 0:
            return hero_short(h)
        if o == viewer:
            return f"your {hero_short(h)}"
        return f"{hero_short(h)} ({seat_name(o)})" if self.n > 1 else hero_short(h)

    def _skill_slot(self, h: int, s: int) -> str:
        try:
            sk = self.skill(h, s)
            return f"{sk.name} ({ORDINAL[s]} Skill of {hero_short(h)})"
        except Exception:   # noqa: BLE001 - a hero without an archetype yet: the slot's number
            return f"the {ORDINAL[s]} Skill of {hero_short(h)}"

    def _label(self, action: int, viewer: int) -> str:
        fam, i = DECODE[action]
        dec = self.dec or ["", -1]
        kind, args = dec[0], dec[2:]
        if fam == "pick":
            h, ar = divmod(i, 2)
            return f"choose {HEROES[h].name}, {HEROES[h].archetypes[ar]}"
        if fam == "card":
            name = POWERS[i].name
            verb = CARD_VERB.get(kind, "choose")
            return f"{verb} {name}"
        if fam == "hero":
            if kind == "m_rank":
                return f"rank {self._hero(i, viewer)} next"
            return f"{HERO_VERB.get(kind, 'choose')} {self._hero(i, viewer)}"
        if fam == "monster":
            mk = self.mkind[i]
            name = MONSTERS[mk].name if mk >= 0 else "monster"
            same = [m for m in range(len(self.mkind)) if self.mkind[m] == mk]
            nth = f" ({ORDINAL[same.index(i)]})" if len(same) > 1 else ""
            return f"{'attack' if kind == 'atk_target' else 'aim at'} the {name}{nth}"
        if fam == "slot":
            if kind in ("equip_slot", "hp_eslot"):
                h = args[0]
                held = self.eq[h][i] if self.eq[h][i] >= 0 else -1
                was = f", replacing {item_name(held)}" if held >= 0 else ""
                return f"put it in {hero_short(h)}'s {EQUIP_SLOTS[i]} slot{was}"
            if kind == "incinerate_slot":
                it = self.eq[args[0]][i]
                return f"burn {item_name(it) if it >= 0 else 'the armour'} ({EQUIP_SLOTS[i]})"
            h = {"steal_slot": 1, "profane_slot": 1, "hurt_def": 1}.get(kind, 0)
            h = args[h] if len(args) > h else -1
            what = self._skill_slot(h, i) if h >= 0 else f"the {ORDINAL[i]} slot"
            verb = {"mana": "put the Mana gem on", "mana_gain": "put the Mana gem on", "skill_use": "use",
                    "defskill": "defend with", "m_defskill": "defend with", "hurt_def": "defend with", "hp_gslot": "put the Mana gem on",
                    "hp_mslot": "take the Mana gem from", "steal_slot": "steal the Mana gem from",
                    "shock_give": "lose the Mana gem from", "profane_slot": "remove the Mana gem from"}.get(kind, "choose")
            return f"{verb} {what}"
        if fam == "hex":
            if kind == "place" and args:
                return f"place {self._hero(args[0], viewer)} on {hex_text(i)}"
            return f"{HEX_VERB.get(kind, 'choose')} {hex_text(i)}"
        if fam == "dir":
            return f"aim {DIR_NAMES[i]}"
        if fam == "item":
            verb = {"offer": "take", "hp_market": "buy", "purloin_item": "take"}.get(kind, "choose")
            return f"{verb} {item_name(i)}"
        if fam == "row":
            return ROW_NAMES[i][0].upper() + ROW_NAMES[i][1:]
        if fam == "num":
            return self._num_text(kind, args, i)
        if fam == "done":
            return DONE_TEXT.get(kind, "choose none")
        if fam == "rplace":
            x, rot = divmod(i, 6)
            ri = args[0] if args else -1
            name = RITUALS[ri].name if 0 <= ri < len(RITUALS) else "the Ritual"
            return f"place {name} from {hex_text(x)}, turned {rot * 60} degrees"
        if fam == "ritual":
            verb = {"r_remove": "remove", "r_unused": "place the unused", "hp_ritual": "prepare"}.get(kind, "choose")
            return f"{verb} {RITUALS[i].name}"
        if fam == "spot":
            return f"send a hero to the {SPOT_NAMES[i]}"
        if fam == "seat":
            return f"rob {'yourself' if i == viewer else seat_name(i)}"
        return describe_action(action)

    def _num_text(self, kind: str, args: list, i: int) -> str:
        if kind == "yn":
            what = _what(args[0]) if args else "it"
            return f"use {what}" if i else f"do not use {what}"
        if kind == "res_mode":
            return "Resurrection: give Mana to a hero" if i == 0 else "Resurrection: bring a fallen hero back"
        if kind == "dtype":
            try:
                return f"deal {DT_NAMES[self.remainder_types(self.cb['du'])[i]]} Damage"
            except Exception:  # noqa: BLE001
                return f"the {ORDINAL[i]} Damage type"
        if kind == "hp_rturn":
            return f"cast it in turn {i}"
        if kind == "hp_join":
            return "bid for the Artifact" if i else "do not bid"
        if kind == "hp_bid":
            pos = args[0] if args else 0
            place = ("units", "tens", "hundreds", "thousands")[min(pos, 3)]
            return f"write {i} as the {place} digit of your bid"
        if kind == "crimson_amount":
            return f"take {i} Damage" if i != 1 else "take 1 Damage"
        return f"the {ORDINAL[i]} option"

    # ------------------------------------------------------------------ the protocol's texts
    def action_to_string(self, action: int) -> str:
        if self.winner != -2 or self.dec is None:
            return describe_action(action)
        return self._label(action, self.dec[1])

    def public_action_text(self, action: int) -> str:
        if self.winner != -2 or self.dec is None:
            return "makes a move"
        fam, _i = DECODE[action]
        kind = self.dec[0]
        if fam == "card" and kind in HIDDEN_CARD:
            return HIDDEN_CARD[kind]
        if kind in ("defskill", "m_defskill"):
            return "chooses a defence Skill, or none, in secret"
        if kind == "hp_bid":
            return "writes a digit of the secret bid"
        if kind == "hp_ritual":
            return "prepares a Ritual"
        if kind == "pick" and self.game.config.get("prep") == "hidden_pick":   # pragma: no cover
            return "chooses a hero"
        text = self._label(action, -1)
        first, _, rest = text.partition(" ")
        verb = None if fam == "row" else _third_person(first)
        if verb is None:
            return f"chooses: {text[0].lower() + text[1:] if fam == 'row' else text}"
        return f"{verb} {rest}".rstrip()

    def decision_text(self) -> str:
        if self.winner != -2 or self.dec is None:
            return ""
        return DECISION_TEXT.get(self.dec[0], "chooses")

    def ending_text(self) -> str:
        if self.winner == -2:
            return ""
        why = self.reason or "the game is over"
        if getattr(self, "mmode", None) and (self.mlost or getattr(self, "mphase", 0) != 1):
            team = "The players" if self.n > 1 else "You"
            verdict = f"{team} win" if self.winner == 0 and not self.mlost else f"{team} lose"
            sc = self.scores()
            score = ""
            if self.n > 1 and any(sc):
                score = " (Stamina Tokens kept: " + "; ".join(f"{seat_name(p)}: {sc[p]:g}" for p in range(self.n)) + ")"
            return f"{verdict}: {why}{score}."
        if self.winner == -1:
            return f"A tie: {why.removesuffix(': a tie')}."  # the saved reason says it too
        winners = [p for p in range(self.n) if self.team[p] == self.winner]
        names = " and ".join(seat_name(p) for p in winners)
        names = names[0].upper() + names[1:]
        return f"{names} {'wins' if len(winners) == 1 else 'win'}: {why}."
