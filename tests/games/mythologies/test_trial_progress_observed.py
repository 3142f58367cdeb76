"""What every seat sees of the Trials' progress (``trial_progress``: the Trial's measure in the seat's
best region over its "at least", capped at 1, counted off the public Pantheons, MY § Trials) and what a
seat sees of the card being placed on each slot (``slot_preview``: printed gain, completion, Trials with
it there). Checked through both encoders (tests/conformance/helpers.checked_observation). Docstrings
cite ``003_4f78a05115d81413.txt`` (MY)."""

import numpy as np

from tests.conformance.helpers import checked_observation

from .helpers import SLOT, new, placement, play, put

# MY § Trials, example: "at least 3 Gems of invocation" (greek start) + "in your terrestrial plane"
# (egyptian end); the 2nd Trial: norse start ("at least 2 Favors of invocation") + hindu end
MYTHS = ("greek", "egyptian", "norse", "hindu")


def progress(s, viewer):
    return checked_observation(s.game, s, viewer)[s.game._P["trial_progress"]:][:2 * s.n].reshape(s.n, 2)


def test_the_printed_trial_example_counts_up_to_met():
    """MY § Trials, example: Mickaël's Troll grants 1 Gem and his Nâga 2 in his terrestrial plane: 3 Gems
    of invocation, the Trial's condition. With the Nâga alone (2 of 3) the piece reads 2/3; with the
    Troll beside it, 1 (met), for every viewer at its seat's row."""
    s = new(MYTHS)
    put(s, 1, "t1", "Nâga")
    assert s.trial_measure(1, 0) == 2 and not s.trial_met(1, 0)
    for viewer in (0, 1):
        row = (1 - viewer) % 2
        got = progress(s, viewer)
        assert got[row, 0] == np.float32(2 / 3)
        assert got[1 - row, 0] == 0
    put(s, 1, "t2", "Troll")
    assert s.trial_measure(1, 0) == 3 and s.trial_met(1, 0)
    for viewer in (0, 1):
        assert progress(s, viewer)[(1 - viewer) % 2, 0] == 1


def test_only_the_region_of_the_end_board_counts():
    """MY § Trials: the sentence's end names where the start's measure is counted: the same Nâga in the
    celestial plane gives nothing towards "in your terrestrial plane"."""
    s = new(MYTHS)
    put(s, 0, "c1", "Nâga")
    assert s.trial_measure(0, 0) == 0
    assert progress(s, 0)[0, 0] == 0


def test_progress_is_capped_at_met():
    """More than the Trial asks still reads 1: the piece tells how far the seat is from the condition."""
    s = new(MYTHS)
    put(s, 0, "t1", "Nâga")
    put(s, 0, "t2", "Nâga")
    assert s.trial_measure(0, 0) == 4
    assert progress(s, 0)[0, 0] == 1


def preview(s, viewer):
    return checked_observation(s.game, s, viewer)[s.game._P["slot_preview"]:][:72].reshape(9, 8)


def test_the_slot_preview_of_the_printed_trial_example():
    """MY § Trials, example: with the Nâga (2 Gems of invocation) already in the terrestrial plane, the
    Troll being placed (1 Gem on the terrestrial plane) would meet "3 Gems of invocation in your
    terrestrial plane" on a free terrestrial slot, and not on a celestial one (the Nâga alone: 2 of 3).
    Its printed terrestrial gain reads 1 Gem / 3 on the terrestrial slots."""
    s = new(MYTHS)
    put(s, 0, "t1", "Nâga")
    placement(s, 0, hand=["Troll"], round_=3, favors=[3, 3], gems=[6, 6])
    play(s, "Troll")
    assert s.stack[-1]["t"] == "place"
    got = preview(s, 0)
    assert got[SLOT["t2"], 4] == 1 and got[SLOT["t3"], 4] == 1
    assert got[SLOT["c1"], 4] == np.float32(2 / 3)
    assert got[SLOT["t2"], 1] == np.float32(1 / 3)
    # the Troll was drawn from a pile: the other seat does not know it, so sees no preview
    if not s.known[s.stack[-1]["cid"]] & 2:
        assert not preview(s, 1).any()


def test_the_slot_preview_marks_a_completion_only_while_its_token_is_there():
    """MY § Completion rule: completing a plane or a column gives its token once. With the celestial
    and abyssal slots of the middle column filled, the card being placed completes that column on t2
    (and not on t1); once the column's token is taken, the preview no longer marks it. A slot already
    covered completes nothing (the card crushes)."""
    s = new(MYTHS)
    put(s, 0, "c2", "Nâga")
    put(s, 0, "a2", "Nâga")
    placement(s, 0, hand=["Troll"], round_=1, favors=[3, 3], gems=[6, 6])
    play(s, "Troll")
    got = preview(s, 0)
    assert got[SLOT["t2"], 3] == 1 and got[SLOT["t1"], 3] == 0
    assert got[SLOT["c2"], 2:4].tolist() == [0, 0]
    s.comp[0][3 + 1] = 0
    assert preview(s, 0)[SLOT["t2"], 3] == 0


def worth(got):
    """``slot_preview``'s worth columns back in Favors (gain / 6, loss / 3)."""
    return got[:, 6].astype(float) * 6 - got[:, 7].astype(float) * 3


def test_the_slot_preview_worth_of_the_printed_trial_example():
    """MY § Trials, example, in round 3 (the 1st Trial is checked at its end): the Troll on a free
    terrestrial slot meets "3 Gems of invocation in your terrestrial plane", so its worth there is its
    invocation gain (Favors + Gems / 3), 0.3 for a slot newly filled, and the Trial's Favors (start +
    end board); on a celestial slot only the gain and the slot. The differences between slots are the
    rule-based baseline's own one-step evaluation (heuristic.evaluate) of placing there."""
    from mythenv.games.mythologies.heuristic import evaluate
    from mythenv.games.mythologies.rules.tables import GAINS_OF, OFF, ROW

    s = new(MYTHS)
    put(s, 0, "t1", "Nâga")
    placement(s, 0, hand=["Troll"], round_=3, favors=[3, 3], gems=[6, 6])
    play(s, "Troll")
    troll = s.stack[-1]["cid"]
    got = worth(preview(s, 0))
    for slot, trial in (("t2", True), ("c1", False)):
        f, g = GAINS_OF[troll][ROW[SLOT[slot]]]
        want = f + g / 3 + 0.3 + (s.trial_favors(0) if trial else 0)
        assert abs(got[SLOT[slot]] - want) < 1e-5, (slot, got[SLOT[slot]], want)
    after = {}
    for slot in ("t2", "c1", "a3"):
        c = s.clone()
        c.apply_action(OFF["slot"] + SLOT[slot])
        after[slot] = evaluate(c, 0)
    for x, y in (("t2", "c1"), ("t2", "a3"), ("c1", "a3")):
        assert abs((after[x] - after[y]) - (got[SLOT[x]] - got[SLOT[y]])) < 1e-5


def test_the_slot_preview_worth_counts_a_completion_token():
    """MY § Completion rule: the card that completes the middle column on t2 takes the column's token
    (1 Favor, MY Worked Example 1); on t1 it completes nothing. Round 1: no Trial is in play."""
    from mythenv.games.mythologies.rules.tables import COLUMN_GAIN, GAINS_OF, ROW

    s = new(MYTHS)
    put(s, 0, "c2", "Nâga")
    put(s, 0, "a2", "Nâga")
    placement(s, 0, hand=["Troll"], round_=1, favors=[3, 3], gems=[6, 6])
    play(s, "Troll")
    troll = s.stack[-1]["cid"]
    got = worth(preview(s, 0))
    f, g = GAINS_OF[troll][ROW[SLOT["t2"]]]
    assert abs(got[SLOT["t2"]] - (f + g / 3 + 0.3 + COLUMN_GAIN[0] + COLUMN_GAIN[1] / 3)) < 1e-5
    assert abs(got[SLOT["t1"]] - (f + g / 3 + 0.3)) < 1e-5
    f, g = GAINS_OF[troll][ROW[SLOT["c2"]]]
    assert abs(got[SLOT["c2"]] - (f + g / 3)) < 1e-5  # crushes the Nâga: no new slot, no completion


def test_the_slot_preview_worth_is_the_heuristics_evaluation_where_no_effect_intervenes():
    """Over heuristic games: wherever a card with no placement or event effect is placed on empty slots
    and the placement resolves at once (no reaction, the turn goes on), the worth of each such slot
    differs from another's exactly as the heuristic's one-step evaluation of placing there."""
    from mythenv.core.registry import make_game
    from mythenv.core.view import SeatView
    from mythenv.games.mythologies.heuristic import evaluate, heuristic_action
    from mythenv.games.mythologies.rules.tables import EFFECTS_OF, OFF

    g = make_game("mythologies_v0")
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(40):
        s = g.new_initial_state(seed=seed)
        while not s.is_terminal():
            p = s.current_player()
            view = SeatView(g, s, p, rng)
            la = view.legal_actions
            top = s.stack[-1] if s.stack else None
            if top is not None and top["t"] == "place" and len(la) > 1 and \
                    all(e.when not in ("place", "event") for e in EFFECTS_OF[top["cid"]]):
                got = worth(preview(s, p))
                pairs = []
                for a in la:
                    c = s.clone()
                    c.apply_action(a)
                    if [f["t"] for f in c.stack] == ["turn"] and c.current_player() == p and not s.pan[p][a - OFF["slot"]]:
                        pairs.append((got[a - OFF["slot"]], evaluate(c, p)))
                checked += len(pairs) > 1
                for w, v in pairs:
                    assert abs((w - pairs[0][0]) - (v - pairs[0][1])) < 1e-4, pairs
            s.apply_action(heuristic_action(view, rng))
    assert checked >= 10


def test_the_slot_preview_worth_pays_a_trolls_toll():
    """MY § Card Effects, card 018 (Troll): placing on the slot where an opponent's Troll stands costs a
    Favor, paid to that opponent; the worth counts it as the heuristic does (one Favor lost, half a
    Favor for the opponent's gain in a two-player game)."""
    from mythenv.games.mythologies.rules.tables import GAINS_OF, ROW

    s = new(MYTHS)
    put(s, 1, "t2", "Troll")
    placement(s, 0, hand=["Nâga"], round_=1, favors=[3, 3], gems=[6, 6])
    play(s, "Nâga")
    naga = s.stack[-1]["cid"]
    assert s.toll(0, SLOT["t2"]) == [1] and s.toll(0, SLOT["t1"]) == []
    got = worth(preview(s, 0))
    f, g = GAINS_OF[naga][ROW[SLOT["t2"]]]
    assert abs(got[SLOT["t1"]] - (f + g / 3 + 0.3)) < 1e-5
    assert abs(got[SLOT["t2"]] - (f + g / 3 + 0.3 - 1.5)) < 1e-5
