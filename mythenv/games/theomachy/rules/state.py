"""The fields of a Theomachy position, declared once (``StateBasics.fields``: the core generates its
slots, defaults, ``clone``, ``to_dict`` / ``from_dict`` and the saved-state schema from them, see
``mythenv.core.fields``), and its basics: the State protocol's queries (whose turn, terminal,
returns), seat order (TM § First Player and Turn Order), Essence counting (TM § How to Play Action
Cards), hand and draw-pile moves (TM § Drawing Cards and Shuffling Your Deck), the Phase hook, and
the dispatch of legal actions and moves to the Step that owns them (to the ``@lister`` /
``@decision`` of the pending decision's kind when one is pending, ``mythenv.core.engine``)."""

from __future__ import annotations

from mythenv.core.bookkeeping import GameLog, log_field
from mythenv.core.fields import (
    SEATS,
    Const,
    Declared,
    Field,
    Fields,
    Flag,
    Int,
    Ints,
    Records,
    Rng,
    Row,
    Runtime,
    Seq,
    Text,
)
from mythenv.core.game import TERMINAL, take_copy
from mythenv.core.knowledge import everyone

from ..cards import ESSENCES
from ..pantheons import ND, NM, NP, WINDOWS
from .tables import (
    BET,
    BOX_CARDS,
    BOX_SUPPLY,
    CLOSING,
    DRAFT_DROP,
    DRAFT_PICK,
    GOD,
    MYTH,
    NE,
    NK,
    OVER,
    PANTHEON,
    POWER,
    PRAYER,
    START_CULT,
    codes,
    kid,
    kind,
)

MAX_POWER = 100_000  # End of Battle totals: a sum of card values, far below this
BIG = 1_000_000  # Miracles, bonus Power and the per-Hand counts: sums of plays, far below this


def _boxes(g) -> int:
    """TM § Setup: one box of cards and tokens, a second one from five players on."""
    return 1 if g.num_players <= 4 else 2


def _nc(g) -> int:
    return BOX_CARDS * _boxes(g)


def _last_seat(g) -> int:
    return g.num_players - 1


def _last_card(g) -> int:
    return _nc(g) - 1


def _max_hands(g) -> int:
    return g.config["max_hands"]


def _advanced(g) -> bool:
    """Config ``mode`` "advanced" or "epic": the Pantheons (rules/advanced.py, rules/myth.py)."""
    return g.config["mode"] != "basic"


def _supply(g) -> list[int]:
    return [s * _boxes(g) for s in BOX_SUPPLY]


_SEAT = Int(0, _last_seat)
_CARD = Int(0, _last_card)
_CARDS = Ints(0, _last_card, max_len=_nc, setlike=True)  # a pile of Prayer cards (each in one place)
_SEATS = Ints(0, _last_seat, max_len=SEATS, setlike=True)  # seats, each once
_LEFT = Ints(0, _last_seat, max_len=SEATS, setlike=True, as_tuple=True)  # the seats still to be asked
_TOKENS = Ints(0, lambda g: max(_supply(g)), length=3)  # a token vector [disciples, priests, prophets]
_PER_TYPE = Row(*(Int(0, lambda g, t=t: _supply(g)[t]) for t in range(3)))  # tokens, bounded per type
_MYTHS = Ints(0, NM - 1, max_len=5, setlike=True)  # a seat's Mythology cards (ids into MYTHS)
_ADV = "advanced"  # the Advanced and Epic modes' own fields


class StateBasics(GameLog, Declared):
    """Whose turn it is, the returns, seat order, Essence counting, hands and draw piles, the Phase hook
    and the action dispatch.

    Every field of every chapter is declared here, once, in saved order (the layout the saved states,
    records and fingerprints have); the rules package docstring says how the pending decisions and
    the token vectors are read, ``rules/advanced.py`` the Advanced fields (``only="advanced"``: saved
    only when the mode is not "basic")."""

    LOG_KEEP = 14  # the log's last lines (GameLog._log)

    fields = Fields(
        Field("boxes", Const(_boxes), "boxes of cards and tokens in play: 1, or 2 from five players on"),
        Field("ncards", Const(_nc), "Prayer cards in play: 120 per box (ids 0..ncards-1)"),
        Field("first", _SEAT, "the First Player of this Hand (TM § First Player and Turn Order)"),
        Field("turn", _SEAT, "the seat whose turn it is in the Betting or Battle Phase"),
        Field("round", Int(0, 3), "betting rounds played this Hand: the Flop, the Turn, the River, then the Battle"),
        Field("action_sphere", Int(-1, 3), "the Sphere of this turn's Action cards (-1: none yet)", default=-1),
        Field("passes", Int(0, SEATS), "passes in a row in the Battle Phase"),
        Field("const_up", Int(0, 5), "Constellation cards face up (the first const_up of const)"),
        Field("ante", Int(1, 3), "the Initial Ante (TM § The Starting Phase: 1 more per Essence reshuffle)"),
        Field("ess_shuffles", Int(0, lambda g: 5 * (_max_hands(g) + 1)), "times the Essence deck was reshuffled"),
        Field("draft_round", Int(0, 6), "draft rounds finished (TM § Second Method)"),
        Field("draft_seat", _SEAT, "the seat to pick or discard in the draft"),
        Field("prayer_seat", _SEAT, "the seat to take from the Prayer track"),
        Field("prayer_left", Int(0, SEATS), "seats still to take in the Prayer Phase"),
        Field("hands", Int(0, _max_hands), "Hands finished (the game is a draw at the config's max_hands)"),
        Field("step", Int(0, lambda g: MYTH if _advanced(g) else CLOSING),
              "the Step (STEP_NAMES; ADV_STEP_NAMES in the Advanced modes)", default=BET),
        Field("acted_now", Flag(), "the mover has bet, called or raised this Betting turn"),
        Field("turn_played", Flag(), "the mover has played a card this Battle turn"),
        Field("multi", Flag(), "this turn's Action cards may be of several Spheres"),
        Field("supply", Row(*(Const(lambda g, t=t: _supply(g)[t]) for t in range(3))),
              "follower tokens in the game per type (45, 30, 20 per box)"),
        Field("elim", Ints(-1, _max_hands, length=SEATS), "the Hand each seat was eliminated in (-1: still in)",
              default=lambda g: [-1] * g.num_players),
        Field("bank", _PER_TYPE, "tokens in the bank per type",
              default=lambda g: [s - g.num_players * c for s, c in zip(_supply(g), START_CULT)]),
        Field("level", _PER_TYPE, "the highest bet on the table per type (only grows within a Hand)"),
        Field("attacks", Ints(0, _nc, length=SEATS), "Attack cards each seat resolved this Battle"),
        Field("power", Ints(0, MAX_POWER, length=SEATS), "each seat's End of Battle total of the last Battle"),
        Field("vis", Ints(0, lambda g: everyone(g.num_players), length=_nc),
              "per Prayer card: bit p set when seat p knows the card where it is now"),
        Field("prayer", _CARDS, "the Prayer deck, top last", hidden=True),
        Field("track", Ints(-1, _last_card, length=6), "the Prayer track's six places (-1: empty)",
              default=lambda g: [-1] * 6),
        Field("boxed", _CARDS, "Prayer cards put back in the box"),
        Field("ess_deck", Ints(0, NE - 1, max_len=NE, setlike=True), "the Essence deck, top last",
              default=lambda g: list(range(NE)), hidden=True),
        Field("ess_disc", Ints(0, NE - 1, max_len=NE, setlike=True), "the Essence discard pile"),
        Field("const", Ints(0, NE - 1, max_len=5, setlike=True),
              "the Constellation: this Hand's Essence cards (face down from const_up on)", hidden=True),
        Field("picked_now", Ints(-1, _last_card, length=SEATS),
              "the card each seat picked this draft turn (-1: none yet)", default=lambda g: [-1] * g.num_players,
              hidden=True),
        Field("draft_disc", _CARDS, "the cards discarded in the draft", hidden=True),
        Field("winners", _SEATS, "the winners of the last Closing Phase (the seats sharing a draw at the end)"),
        Field("cult", _TOKENS, "each seat's Cult", per_seat=True,
              default=lambda g: [list(START_CULT) for _ in range(g.num_players)]),
        Field("stake", _TOKENS, "each seat's Stake", per_seat=True),
        Field("lsk", _TOKENS, "the tokens of each seat's Stake a Last Stand put in", per_seat=True),
        Field("paid", _TOKENS, "what each seat has put in this Hand (calls pay level - paid)", per_seat=True),
        Field("deck", _CARDS, "each seat's draw pile, top last", per_seat=True, hidden=True),
        Field("hand", _CARDS, "each seat's hand", per_seat=True, hidden=True),
        Field("disc", _CARDS, "each seat's discard pile, top last (face up, seen one card at a time)",
              per_seat=True, hidden=True),
        Field("table", _CARDS, "each seat's Power cards, continuous Effects and Attacks in play this Hand",
              per_seat=True),
        Field("draft_hand", _CARDS, "each seat's draft packet", per_seat=True, hidden=True),
        Field("picks", _CARDS, "the cards each seat kept in the draft", per_seat=True, hidden=True),
        Field("once", Ints(0, NK - 1, max_len=NK, setlike=True), "the once-per-Hand card kinds each seat played",
              per_seat=True),
        Field("aside", _CARDS, "a folded seat's cards, face down on its Stake", per_seat=True, hidden=True),
        Field("saved", _TOKENS, "the Stake tokens a losing seat keeps (Closing Effects)", per_seat=True),
        Field("alive", Flag(), "each seat is still in the game", per_seat=True,
              default=lambda g: [True] * g.num_players),
        Field("ls", Flag(), "each seat has made its Last Stand", per_seat=True),
        Field("folded", Flag(), "each seat has left the Hand in progress", per_seat=True),
        Field("acted", Flag(), "each seat has acted in this betting round", per_seat=True),
        Field("peek", Flag(), "each seat knows the face-down Constellation cards", per_seat=True),
        Field("places", Seq(Row(_CARD, Int(0, 1), Int(0, 2)), max_len=_nc),
              "each seat's Place cards in play: [card, damaged 0/1, the token type on it]", per_seat=True),
        Field("pending", Records({
            "target": (_SEAT, _CARD),  # the seat picks the target of the card it plays
            "closing": (_SEAT, Const(-1), _LEFT),  # a Closing window, the seats still to be asked
            "react": (_SEAT, _CARD, _SEAT, Int(-1, _last_seat), _LEFT),  # card, its actor, target, seats left
            "window": (_SEAT, Int(0, len(WINDOWS) - 1), _LEFT),  # a Phase window, the seats still to be asked
            "cost": (_SEAT, Int(0, ND - 1), Int(-1, lambda g: 5 * _nc(g)), Int(0, _nc)),  # discards owed (-1 any), made
            "mtarget": (_SEAT, Int(0, ND + NM - 1), Int(1, _nc)),  # a God's Ability or ND + a Mythology card, times
        }, what="pending decision", max_len=lambda g: 4 * g.num_players + 8,
            only={"window": _advanced, "cost": _advanced, "mtarget": _advanced}),
              "the pending decisions, top last: (kind, seat, arguments) (the rules package docstring)"),
        Field("result_kind", Text(choices=("", "winner", "shared", "bound", "victory")),
              "how the game ended: winner, shared, bound (the Hand bound), victory (Epic); '' while it runs"),
        log_field(),
        Field("rng", Rng(), "the state's chance (every shuffle, the First Player, a random card)"),
        # --- the Advanced and Epic modes (rules/advanced.py)
        Field("pick_seat", _SEAT, "the seat choosing its Pantheon or God", only=_ADV),
        Field("myth_seat", _SEAT, "the seat acting in the Myth Phase", only=_ADV),
        Field("myth_left", Int(0, SEATS), "seats still to act in the Myth Phase", only=_ADV),
        Field("revealed", Flag(), "the Gods are revealed", only=_ADV),
        Field("pantheon", Ints(-1, NP - 1, length=SEATS), "each seat's Pantheon (-1: not chosen yet)",
              default=lambda g: [-1] * g.num_players, only=_ADV),
        Field("deity", Ints(-1, ND - 1, length=SEATS), "each seat's God (-1: not chosen yet; secret until revealed)",
              default=lambda g: [-1] * g.num_players, hidden=True, only=_ADV),
        Field("miracles", Ints(0, BIG, length=SEATS), "each seat's Miracles", only=_ADV),
        Field("myth_known", Ints(0, 5, length=SEATS),
              "the cards at the bottom of each Mythology deck that were moved there in view of everyone", only=_ADV),
        Field("ab_uses", Ints(0, BIG, length=SEATS), "each seat's Ability uses this Hand", only=_ADV),
        Field("bonus", Ints(0, BIG, length=SEATS), "each seat's instant Power for this Hand's Battle", only=_ADV),
        Field("h_attacks", Ints(0, BIG, length=SEATS), "the Attack cards each seat played this Hand", only=_ADV),
        Field("h_spheres", Ints(0, 15, length=SEATS), "the Spheres of the cards each seat played this Hand (bits)",
              only=_ADV),
        Field("h_effects", Ints(0, BIG, length=SEATS), "the Effect cards each seat played this Hand", only=_ADV),
        Field("h_stripped", Ints(0, BIG, length=SEATS), "the tokens each seat removed from opponents' Stakes this Hand",
              only=_ADV),
        Field("vp", Ints(0, BIG, length=SEATS), "each seat's Victory Points (Epic game; 0 in the Advanced game)",
              only=_ADV),
        Field("req_done", Flag(), "each seat earned its God's Request Miracle this Hand", per_seat=True, only=_ADV),
        Field("hand_multi", Flag(), "each seat may play several Spheres this Hand", per_seat=True, only=_ADV),
        Field("hand_shield", Flag(), "each seat is shielded this Hand", per_seat=True, only=_ADV),
        Field("myth_deck", _MYTHS, "each seat's Mythology deck, the face-up top card last", per_seat=True,
              hidden=True, only=_ADV),
        Field("myth_own", _MYTHS, "each seat's Mythology cards in play (Heroes on their card included)",
              per_seat=True, only=_ADV),
        Field("myth_used", _MYTHS, "each seat's Mythology cards used this Hand", per_seat=True, only=_ADV),
        Field("hero_stake", _MYTHS, "each seat's Heroes whose token is in the Stake", per_seat=True, only=_ADV),
        Field("myth_out", _MYTHS, "each seat's Mythology cards out of the game", per_seat=True, only=_ADV),
        runtime=(
            Runtime("n", "the number of seats", lambda g: g.num_players),
            Runtime(_ADV, "config mode 'advanced' or 'epic': the Pantheons (rules/advanced.py, rules/myth.py)",
                    _advanced),
            Runtime("epic", "config mode 'epic': the Advanced game as a race to 10 Victory Points (rules/epic.py)",
                    lambda g: g.config["mode"] == "epic"),
            Runtime("C", "the action codes of this seat count and mode (tables.Codes)",
                    lambda g: codes(g.num_players, _advanced(g))),
            Runtime("public_windows", "config windows 'public': ask every seat that could act given public facts; "
                    "'holders' asks only seats holding a playable card (which leaks hand contents)",
                    lambda g: g.config["windows"] == "public"),
            Runtime("_obs_memo", "the observation encoder's cache, keyed by zone contents (observe.py)", None,
                    share=False),
        ),
    )

    def current_player(self) -> int:
        if self.step == OVER:
            return TERMINAL
        if self.pending:
            return self.pending[-1][1]
        if self.step in (DRAFT_PICK, DRAFT_DROP):
            return self.draft_seat
        if self.step == PRAYER:
            return self.prayer_seat
        if self.step >= PANTHEON:
            return self.myth_seat if self.step == MYTH else self.pick_seat
        return self.turn

    def is_terminal(self) -> bool:
        return self.step == OVER

    def finished_seats(self) -> dict[int, float]:
        """Seats eliminated while the game goes on: their -1 is final (the env terminates them)."""
        if self.step == OVER or all(self.alive):  # asked after every move: the common case first
            return {}
        return {p: -1.0 for p in range(self.n) if not self.alive[p]}

    def returns(self) -> list[float]:
        """+1 for the last player standing, -1 for every eliminated seat; at the Hand bound (or when
        the last players are eliminated together) the survivors / those last ones get 0."""
        if self.step != OVER:
            return [0.0] * self.n
        out = []
        for p in range(self.n):
            if self.alive[p]:
                out.append(1.0 if self.result_kind == "winner" else 0.0)
            elif self.result_kind == "shared" and self.elim[p] == self.hands and p in self.winners:
                out.append(0.0)
            else:
                out.append(-1.0)
        return out

    def name(self, p: int) -> str:
        return f"player_{p}"

    def active(self, p: int) -> bool:
        """In the game and in the current Hand (has not folded)."""
        return self.alive[p] and not self.folded[p]

    def _next(self, p: int, pred) -> int:
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if pred(q):
                return q
        return -1

    def _first_active(self) -> int:
        """TM § First Player and Turn Order: the First Player starts; folded / eliminated are skipped."""
        if self.active(self.first):
            return self.first
        return self._next(self.first, self.active)

    def _clockwise_from_first(self):
        return [(self.first + i) % self.n for i in range(self.n)]

    def essence(self, p: int):
        """(Essence count per sphere, [Order orbs, Chaos orbs]) over the revealed Constellation cards
        and ``p``'s played Power cards (TM § How to Play Action Cards)."""
        sph = [0, 0, 0, 0]
        orbs = [0, 0]
        for e in self.const[:self.const_up]:
            es = ESSENCES[e]
            sph[es.sphere] += 1
            orbs[es.orb] += es.orbs
        for c in self.table[p]:
            k = kind(c)
            if k.type == POWER:
                sph[k.sphere] += 1
                orbs[k.orb] += k.orbs
        if self.advanced and self.revealed:
            self._static_essence(p, sph, orbs)  # Danu's Ability (op ``essence``, rules/myth.py)
        return sph, orbs

    def _meets(self, p: int, k, extra=None) -> bool:
        sph, orbs = self.essence(p)
        if extra:
            for c in extra:
                kk = kind(c)
                sph[kk.sphere] += 1
                orbs[kk.orb] += kk.orbs
        if sph[k.sphere] < k.symbols:
            return False
        return k.orb < 0 or orbs[k.orb] >= k.orbs

    def _has(self, p: int, k: int) -> bool:
        for c in self.hand[p]:
            if kid(c) == k:
                return True
        return False

    def _take(self, p: int, k: int) -> int:
        """Remove a card of kind ``k`` from ``p``'s hand: one others know of first, then the lowest id."""
        return take_copy(self.hand[p], k, kid, self.vis, ((1 << self.n) - 1) ^ (1 << p))

    def _public(self, c: int) -> None:
        self.vis[c] = (1 << self.n) - 1

    def _to_disc(self, p: int, c: int) -> None:
        self.disc[p].append(c)
        self._public(c)

    def _draw(self, p: int, k: int) -> int:
        """Draw ``k`` cards; an empty draw pile is replaced by the shuffled discard pile at once
        (TM § Drawing Cards and Shuffling Your Deck). Returns the number drawn."""
        got = 0
        bit = 1 << p
        for _ in range(k):
            if not self.deck[p]:
                if not self.disc[p]:
                    break
                self.deck[p] = self.disc[p]
                self.disc[p] = []
                self.rng.shuffle(self.deck[p])
                for c in self.deck[p]:
                    self.vis[c] = bit
            c = self.deck[p].pop()
            self.hand[p].append(c)
            self.vis[c] = bit
            got += 1
        return got

    def _phase_hook(self, phase: str, when: str) -> bool:
        """Start / end of a Phase. The Basic game has nothing here; the Advanced and Epic modes
        (``MythMixin._phase_hook``, which comes first in the bases) hang Mythology cards, Abilities
        and Requests on these points (TM § Mythology Cards and Their Abilities: "at the start and
        end of a Phase", clockwise from the First Player). True when a window opened: the caller
        returns and the game goes on when the window closes."""
        return False

    def _compute_legal(self) -> list[int]:
        if self.step == OVER:
            return []
        C = self.C
        if self.pending:
            pend = self.pending[-1]
            return self.handlers["lister"][pend[0]](self, pend)
        if self.step == DRAFT_PICK:
            p = self.draft_seat
            return sorted({C.off["pick"] + kid(c) for c in self.draft_hand[p]})
        if self.step == DRAFT_DROP:
            p = self.draft_seat
            return sorted({C.off["drop"] + kid(c) for c in self.picks[p]})
        if self.step == PRAYER:
            return self._prayer_legal(self.prayer_seat)
        if self.step >= PANTHEON:
            if self.step == PANTHEON:
                return self._pantheon_legal(self.pick_seat)
            if self.step == GOD:
                return list(range(C.off["god"], C.off["god"] + 3))
            return self._myth_legal(self.myth_seat)
        p = self.turn
        plays = [C.off["play"] + k for k in self._playable_kinds(p)]
        if self.advanced and self._ability_ok(p):
            plays.append(C.off["ability"])
        if self.step == BET:
            if self.acted_now:
                return plays + [C.END]
            return plays + self._bet_legal(p)
        # battle
        return plays + [C.END if self.turn_played else C.PASS]

    def _apply(self, a: int) -> None:
        self._legal = None
        self._step(a)
        # TM § Exchanging Tokens "at any moment": whatever the action gave back to the bank
        self._settle()

    def _step(self, a: int) -> None:
        name, i = self.C.decode[a]
        if self.pending:
            self.handlers["decision"][self.pending[-1][0]](self, name, i)
            return
        if self.step == DRAFT_PICK:
            self._draft_pick(self.draft_seat, i)
            return
        if self.step == DRAFT_DROP:
            self._draft_drop(self.draft_seat, i)
            return
        if self.step == PRAYER:
            self._prayer_take(self.prayer_seat, name, i)
            return
        if self.step >= PANTHEON:
            if self.step == PANTHEON:
                self._choose_pantheon(self.pick_seat, i)
            elif self.step == GOD:
                self._choose_god(self.pick_seat, i)
            else:
                self._myth_apply(self.myth_seat, name)
            return
        p = self.turn
        if name == "play":
            self._play(p, i)
            return
        if name == "ability":
            self._use_ability(p)
            return
        if self.step == BET:
            if name == "end_turn":
                self._end_bet_turn()
            else:
                self._bet_action(p, name, i)
            return
        self._end_battle_turn(passed=(name == "pass"))
