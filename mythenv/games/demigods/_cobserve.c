/* The compiled observation encoder of Demigods (see mythenv/core/cobserve.h): the C twin of
 * ``observe.encode`` in mythenv/games/demigods/observe.py, which stays the reference. It writes the
 * same pieces in the same order, bit for bit. ``layout`` is ``observe.c_layout(game)``: its entries
 * are those of ``enum layout_entry`` (their meaning is c_layout's docstring), the config numbers of its
 * int32 table those of ``enum int_entry``, both generated into _clayout.h from observe.C_DECL.
 *
 * Rules stay in Python: whose move it is is asked of the state (``state.current_player()``). A seat's
 * Army / Wealth totals and whether it can claim the throne are needed for every seat at every
 * observation, and the Python calls cost more than the whole encoder, so they are computed here from
 * the kingdom and the front, mirroring ``DemigodsState.total`` and ``DemigodsState.can_claim``; so is
 * whether the seat to act is blind (``DemigodsState.is_blind``: the Blindness curse in its front, read
 * from the front the encoder reads anyway; the call cost a quarter of the encoder). The conformance
 * suite guards the equality.
 */
#include "cobserve.h"

/* The enums (layout entries, the int32 table's entries, pieces, pending records, state attributes and
 * methods) and the string tables PENDING_NAMES, ATTR_NAMES, METHOD_NAMES are generated from
 * observe.C_DECL into _clayout.h (python -m mythenv.core.cheaders). */
#include "_clayout.h"

/* ------------------------------------------------------------------ interned names */
static PyObject *attr_names[NATTRS];
static PyObject *method_names[NMETHODS];
static PyObject *pending_names[NPENDING];

/* ------------------------------------------------------------------ the layout, checked */
typedef struct {
    int v[I_LEN];  /* enum int_entry; a piece's start and size: START, PSIZE */
    double goals[2];
    Kinds kinds;   /* card -> kind, checked where read (card_kind) */
    const unsigned char *kingdom_slot, *front_slot;
    const int32_t *value;
    const float *quarters, *tenths;
    Py_ssize_t nquarters, ntenths;
} Layout;

#define START(L, k) ((L)->v[I_PIECES + 2 * (k)])
#define PSIZE(L, k) ((L)->v[I_PIECES + 2 * (k) + 1])

static int bad_layout(const char *what)
{
    PyErr_Format(PyExc_TypeError, "demigods encode: malformed layout (%s); use observe.c_layout(game)", what);
    return -1;
}

/* Read and check the layout tuple: 0, or -1 with a TypeError / ValueError. */
static int read_layout(PyObject *layout, Layout *L, ObsShape *shape)
{
    const int32_t *ints;
    const double *goals;
    if (layout_tuple(layout, L_LEN) < 0 || (ints = layout_array(layout, L_INTS, 4, I_LEN, NULL)) == NULL
        || (goals = layout_array(layout, L_GOALS, 8, 2, NULL)) == NULL)
        return -1;
    memcpy(L->v, ints, sizeof(L->v));
    memcpy(L->goals, goals, sizeof(L->goals));
    const int *v = L->v;
    int n = v[I_N], nk = v[I_NK], size = v[I_SIZE];
    if (n < 2 || n > 8 || nk < 1 || nk > 255 || v[I_NCARDS] < 1 || size < 1)
        return bad_layout("config numbers");
    shape->seats = n;
    shape->size = size;
    /* the pieces lie in the buffer, and those written by per-card loops have their designed sizes */
    int outside = 0;
    for (int k = 0; k < NPIECES; k++)
        outside |= START(L, k) < 0 || PSIZE(L, k) < 1 || START(L, k) > size - PSIZE(L, k);
    if (outside)
        return bad_layout("a piece outside the observation");
    if (PSIZE(L, PC_MY_HAND) != nk || PSIZE(L, PC_KNOWN_HANDS) != (n - 1) * nk
        || PSIZE(L, PC_KINGDOM) != 12 * n || PSIZE(L, PC_TOTALS) != 2 * n || PSIZE(L, PC_FRONT) != 11 * n
        || PSIZE(L, PC_DISCARD_PILE) != nk || PSIZE(L, PC_HAND_SIZES) != n || PSIZE(L, PC_CAN_CLAIM) != n
        || PSIZE(L, PC_DISCARD_TOP) != nk + 1)
        return bad_layout("piece sizes");
    /* a card's kind is checked where it is read (card_kind), the slots too (write_seat, write_head) */
    L->kinds.nkinds = nk;
    if ((L->kinds.of = layout_array(layout, L_KIND_OF, 1, v[I_NCARDS], &L->kinds.ncards)) == NULL
        || (L->kingdom_slot = layout_array(layout, L_KINGDOM_SLOT, 1, nk, NULL)) == NULL
        || (L->front_slot = layout_array(layout, L_FRONT_SLOT, 1, nk, NULL)) == NULL
        || (L->value = layout_array(layout, L_VALUE, 4, nk, NULL)) == NULL
        || (L->quarters = layout_array(layout, L_QUARTERS, 4, -1, &L->nquarters)) == NULL
        || (L->tenths = layout_array(layout, L_TENTHS, 4, -1, &L->ntenths)) == NULL)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ small helpers */
/* ``w[start(piece) + i] = v``, with ``i`` checked against the piece's size (IndexError). */
static int put(ObsBuf *b, const Layout *L, int piece, long i, float v)
{
    if (i < 0 || i >= PSIZE(L, piece)) {
        PyErr_Format(PyExc_IndexError, "demigods encode: index %ld outside observation piece %d", i, piece);
        return -1;
    }
    b->w[START(L, piece) + i] = v;
    return 0;
}

/* Item ``i`` of the pending record ``rec`` (a tuple or list) as a C long. */
static int rec_long(PyObject *rec, Py_ssize_t i, long *x) { return item_long(rec, i, "a pending record", x); }

/* Which decision record ``name`` is (enum pending_kind), or -1 with a KeyError (as observe._DEC). */
static int pending_kind(PyObject *name)
{
    int j = str_index(name, pending_names, NPENDING);
    if (j < 0)
        PyErr_Format(PyExc_KeyError, "demigods encode: the pending record %R is not a decision", name);
    return j;
}

/* Card ``i`` of a zone (a list) in ``*c`` and its kind, both checked: the kind, or -1 with an exception. */
static int card_at(PyObject *list, Py_ssize_t i, const Layout *L, long *c)
{
    return as_long(PyList_GET_ITEM(list, i), "a card", c) < 0 ? -1 : card_kind(&L->kinds, *c);
}

/* The per-kind counts of a list of cards as ``values[count]`` at the piece ``piece`` (+ ``at``). */
static Py_ssize_t counts(ObsBuf *b, const Layout *L, int piece, Py_ssize_t at, PyObject *cards,
                         const unsigned char *know, unsigned bit, const float *values, Py_ssize_t nvalues)
{
    return count_kinds(b, START(L, piece) + at, cards, &L->kinds, know, bit, values, nvalues, "a card");
}

/* ------------------------------------------------------------------ the encoder */
/* observe._write_seat(w, i, _seat_block(state, q), P): relative seat ``i``'s kingdom counts, totals,
 * front and whether it can claim, from seat ``q``'s kingdom and front. The totals mirror
 * DemigodsState.total (blessed cards count double) and the claim DemigodsState.can_claim (not silenced,
 * both goals met, enough Guardians: guardians_of). */
static int write_seat(ObsBuf *b, const Layout *L, int i, PyObject *kingdom, PyObject *front,
                      const unsigned char *blessed)
{
    const int *v = L->v;
    /* kingdom: per (type, value, blessed) class, TENTHS of the count */
    int cnt[12] = {0};
    long total[2] = {0, 0};
    Py_ssize_t len = PyList_GET_SIZE(kingdom);
    for (Py_ssize_t j = 0; j < len; j++) {
        long c;
        int k = card_at(kingdom, j, L, &c);
        if (k < 0)
            return -1;
        unsigned slot = L->kingdom_slot[k], bl = blessed[c];
        if (slot > 10 || bl > 1) {  /* 255: not an Army / Wealth card */
            PyErr_Format(PyExc_ValueError, "demigods encode: card %ld cannot lie in a kingdom as it does", c);
            return -1;
        }
        cnt[slot + bl]++;
        total[slot / 6] += (long)L->value[k] * (bl ? 2 : 1);
    }
    float *w = b->w + START(L, PC_KINGDOM) + 12 * i;
    for (int j = 0; j < 12; j++)
        w[j] = L->tenths[cnt[j] < L->ntenths ? cnt[j] : L->ntenths - 1];
    /* totals: min(total / (2 x goal), 1.0) */
    w = b->w + START(L, PC_TOTALS) + 2 * i;
    w[0] = cap1((double)total[0] / L->goals[0]);
    w[1] = cap1((double)total[1] / L->goals[1]);
    /* front: Guardians blocking curse 0..4, curses 0..4, Athena */
    int guardians = 0, silenced = 0;
    w = b->w + START(L, PC_FRONT) + 11 * i;
    len = PyList_GET_SIZE(front);
    for (Py_ssize_t j = 0; j < len; j++) {
        long c;
        int k = card_at(front, j, L, &c);
        if (k < 0)
            return -1;
        unsigned slot = L->front_slot[k];
        if (slot > 10) {  /* 255: never in a front */
            PyErr_Format(PyExc_KeyError, "demigods encode: card %ld cannot lie in a front", c);
            return -1;
        }
        w[slot] = 1.0f;
        guardians += slot < 5;
        silenced |= (int)slot == v[I_SILENCE_SLOT];
    }
    /* can_claim */
    if (!silenced && total[0] >= v[I_ARMY_GOAL] && total[1] >= v[I_WEALTH_GOAL] && guardians >= v[I_GUARDIANS])
        b->w[START(L, PC_CAN_CLAIM) + i] = 1.0f;
    return 0;
}

/* observe._write_head: the decision being taken, who takes it, whose turn it is. */
static int write_head(ObsBuf *b, const Layout *L, PyObject *const *a, long phase, long p, long cur)
{
    const int *v = L->v;
    long n = v[I_N];
    if (phase == v[I_OVER])
        return put(b, L, PC_DECISION, v[I_D_OVER], 1.0f);
    PyObject *pending = a[A_PENDING];
    long dec;
    if (PyList_GET_SIZE(pending)) {
        PyObject *rec = PyList_GET_ITEM(pending, PyList_GET_SIZE(pending) - 1);
        PyObject *name = (PyTuple_Check(rec) || PyList_Check(rec)) && PySequence_Fast_GET_SIZE(rec)
                             ? PySequence_Fast_GET_ITEM(rec, 0) : NULL;
        int kind = name == NULL ? -1 : pending_kind(name);
        if (kind < 0) {
            if (name == NULL)
                PyErr_SetString(PyExc_TypeError, "demigods encode: a pending record must be a tuple");
            return -1;
        }
        dec = v[I_D_PENDING + kind];
    } else if (phase == v[I_DRAW]) {
        dec = v[I_D_DRAW];
    } else {
        /* DemigodsState.is_blind(cur): the Blindness curse lies in cur's front */
        int is_blind = 0;
        if (cur < 0 || cur >= n) {
            PyErr_Format(PyExc_IndexError, "demigods encode: current player %ld is not a seat", cur);
            return -1;
        }
        PyObject *front = PyList_GET_ITEM(a[A_FRONT], cur);
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(front) && !is_blind; j++) {
            long c;
            int k = card_at(front, j, L, &c);
            if (k < 0)
                return -1;
            is_blind = L->front_slot[k] == v[I_BLIND_SLOT];
        }
        dec = is_blind ? v[I_D_BLIND] : v[I_D_ACT];
    }
    long turn_player;
    if (put(b, L, PC_DECISION, dec, 1.0f) < 0
        || (cur == p && put(b, L, PC_TO_MOVE, 0, 1.0f) < 0)
        || put(b, L, PC_SEAT_TO_MOVE, pymod(cur - p, n), 1.0f) < 0
        || as_long(a[A_TURN_PLAYER], "state.turn_player", &turn_player) < 0
        || put(b, L, PC_TURN_SEAT, pymod(turn_player - p, n), 1.0f) < 0)
        return -1;
    return 0;
}

/* observe._write_pending: the details of the decision on top of the pending stack. */
static int write_pending(ObsBuf *b, const Layout *L, PyObject *rec, long p)
{
    long n = L->v[I_N], x, y, z;
    int kind = pending_kind(PySequence_Fast_GET_ITEM(rec, 0));
    if (kind < 0)
        return -1;
    if (kind == R_TARGET || kind == R_SPEECH) {
        if (rec_long(rec, 2, &x) < 0)
            return -1;
        if (x >= 0) {
            int k = card_kind(&L->kinds, x);
            if (k < 0 || put(b, L, PC_PENDING_CARD, k, 1.0f) < 0)
                return -1;
        }
    }
    switch (kind) {
    case R_SPEECH:  /* (speech, p, card, ctx, victim) */
        if (rec_long(rec, 3, &x) < 0 || put(b, L, PC_SPEECH_CONTEXT, x, 1.0f) < 0 || rec_long(rec, 4, &y) < 0)
            return -1;
        if (y >= 0 && put(b, L, PC_PENDING_SEAT, pymod(y - p, n), 1.0f) < 0)
            return -1;
        break;
    case R_STEAL: { /* (steal, p, rtype, victims): the robbed seat is victims[0] */
        if (PySequence_Fast_GET_SIZE(rec) < 4) {
            PyErr_SetString(PyExc_IndexError, "demigods encode: pending record too short");
            return -1;
        }
        PyObject *victims = PySequence_Fast_GET_ITEM(rec, 3), *victim;
        if (!(PyTuple_Check(victims) || PyList_Check(victims))) {
            PyErr_SetString(PyExc_TypeError, "demigods encode: a steal's victims must be a list or tuple");
            return -1;
        }
        if ((victim = seq_item(victims, 0, "a steal's victims")) == NULL || as_long(victim, "a steal's victim", &x) < 0
            || put(b, L, PC_PENDING_SEAT, pymod(x - p, n), 1.0f) < 0 || rec_long(rec, 2, &y) < 0
            || put(b, L, PC_HALVING, y, 1.0f) < 0)
            return -1;
        break;
    }
    case R_ATHENA:  /* (athena, holder, offender) */
        if (rec_long(rec, 2, &x) < 0 || put(b, L, PC_PENDING_SEAT, pymod(x - p, n), 1.0f) < 0)
            return -1;
        break;
    case R_HALVE:   /* (halve, q, rtype, need): min(need / 40, 1) */
        if (rec_long(rec, 1, &x) < 0 || rec_long(rec, 2, &y) < 0 || rec_long(rec, 3, &z) < 0
            || put(b, L, PC_PENDING_SEAT, pymod(x - p, n), 1.0f) < 0 || put(b, L, PC_HALVING, y, 1.0f) < 0
            || put(b, L, PC_HALVING, 2, cap1(z / 40.0)) < 0)
            return -1;
        break;
    case R_OTYPE:   /* (otype, p, oracle kind) */
        if (rec_long(rec, 2, &x) < 0 || put(b, L, PC_PENDING_CARD, x, 1.0f) < 0)
            return -1;
        break;
    default:
        break;
    }
    return 0;
}

/* The state's attributes, checked: 0, or -1 with a TypeError / ValueError naming the attribute. */
static int read_state(PyObject *state, PyObject **a, const Layout *L, long *cur)
{
    if (get_attrs(state, attr_names, NATTRS, a) < 0)
        return -1;
    /* state.current_player(), the one call into Python after the attributes: made before anything is
     * checked or borrowed, since it may run any code (emptying a list the rest reads) */
    PyObject *o = PyObject_VectorcallMethod(method_names[M_CURRENT_PLAYER], &state,
                                            1 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (o == NULL)
        return -1;
    int err = as_long(o, "current_player()", cur);
    Py_DECREF(o);
    if (err < 0)
        return -1;
    static const int lists[] = {A_PENDING, A_HAND, A_KINGDOM, A_FRONT, A_DISCARD, A_DECK};
    for (size_t j = 0; j < sizeof(lists) / sizeof(lists[0]); j++)
        if (check_list(a[lists[j]], ATTR_NAMES[lists[j]]) < 0)
            return -1;
    static const int seats[] = {A_HAND, A_KINGDOM, A_FRONT};
    for (size_t j = 0; j < sizeof(seats) / sizeof(seats[0]); j++) {
        PyObject *o = a[seats[j]];
        if (PyList_GET_SIZE(o) != L->v[I_N]) {
            PyErr_Format(PyExc_ValueError, "demigods encode: state.%s must list %d seats", ATTR_NAMES[seats[j]],
                         L->v[I_N]);
            return -1;
        }
        for (Py_ssize_t q = 0; q < PyList_GET_SIZE(o); q++)
            if (check_list(PyList_GET_ITEM(o, q), ATTR_NAMES[seats[j]]) < 0)
                return -1;
    }
    return 0;
}

/* The pieces of seat ``p``'s view, from the state's attributes ``a`` (enum attr). */
static int write_pieces(ObsBuf *b, const Layout *L, PyObject **a, long p, long cur)
{
    const int *v = L->v;
    long n = v[I_N], ncards = v[I_NCARDS], nk = v[I_NK], phase, turns;
    Py_ssize_t len;
    const unsigned char *vis = flags_of(a[A_VIS], ncards, "state.vis", NULL);
    const unsigned char *blessed = flags_of(a[A_BLESSED], ncards, "state.blessed", NULL);
    unsigned bit = 1u << p;
    if (vis == NULL || blessed == NULL || as_long(a[A_PHASE], "state.phase", &phase) < 0)
        return -1;

    /* decision .. turn_seat */
    if (write_head(b, L, a, phase, p, cur) < 0)
        return -1;

    /* my_hand (QUARTERS of the counts this seat sees), my_hand_unseen */
    PyObject *hands = a[A_HAND];
    Py_ssize_t unseen = counts(b, L, PC_MY_HAND, 0, PyList_GET_ITEM(hands, p), vis, bit, L->quarters,
                               L->nquarters);
    if (unseen < 0)
        return -1;
    b->w[START(L, PC_MY_HAND_UNSEEN)] = cap1(unseen / 10.0);

    /* per relative seat: hand_sizes, known_hands (others), kingdom, totals, front, can_claim */
    for (long i = 0; i < n; i++) {
        long q = (p + i) % n;
        PyObject *h = PyList_GET_ITEM(hands, q);
        b->w[START(L, PC_HAND_SIZES) + i] = cap1(PyList_GET_SIZE(h) / 10.0);
        if (i && counts(b, L, PC_KNOWN_HANDS, (i - 1) * nk, h, vis, bit, L->quarters, L->nquarters) < 0)
            return -1;
        if (write_seat(b, L, (int)i, PyList_GET_ITEM(a[A_KINGDOM], q), PyList_GET_ITEM(a[A_FRONT], q),
                       blessed) < 0)
            return -1;
    }

    /* discard_top, discard_pile (TENTHS of the counts) */
    PyObject *pile = a[A_DISCARD];
    len = PyList_GET_SIZE(pile);
    long top = nk;
    if (len) {
        long c;
        top = card_at(pile, len - 1, L, &c);
        if (top < 0)
            return -1;
    }
    b->w[START(L, PC_DISCARD_TOP) + top] = 1.0f;
    if (counts(b, L, PC_DISCARD_PILE, 0, pile, NULL, 0, L->tenths, L->ntenths) < 0)
        return -1;

    /* deck_size, reshuffled */
    b->w[START(L, PC_DECK_SIZE)] = (float)((double)PyList_GET_SIZE(a[A_DECK]) / (double)ncards);
    long reshuffled; /* a bool or an int (no __bool__ of another type: no Python code runs here) */
    if (as_long(a[A_RESHUFFLED], "state.reshuffled", &reshuffled) < 0)
        return -1;
    if (reshuffled)
        b->w[START(L, PC_RESHUFFLED)] = 1.0f;

    /* pending_card .. halving: the decision's details */
    PyObject *pending = a[A_PENDING];
    if (PyList_GET_SIZE(pending) && phase != v[I_OVER]) {
        PyObject *rec = PyList_GET_ITEM(pending, PyList_GET_SIZE(pending) - 1);
        if (!(PyTuple_Check(rec) || PyList_Check(rec)) || PySequence_Fast_GET_SIZE(rec) < 1) {
            PyErr_SetString(PyExc_TypeError, "demigods encode: a pending record must be a tuple");
            return -1;
        }
        if (write_pending(b, L, rec, p) < 0)
            return -1;
    }

    /* round, speech_mode */
    if (as_long(a[A_TURNS], "state.turns", &turns) < 0)
        return -1;
    if (v[I_ROUND_DEN] == 0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "demigods encode: max_rounds is 0");
        return -1;
    }
    b->w[START(L, PC_ROUND)] = cap1((double)turns / (double)v[I_ROUND_DEN]);
    if (v[I_EXPLICIT])
        b->w[START(L, PC_SPEECH_MODE)] = 1.0f;

    return 0;
}

/* The observation (COBSERVE_MODULE): the state's attributes, held for the call, then the pieces. */
static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)
{
    PyObject *a[NATTRS] = {NULL};
    long cur;
    int err = read_state(state, a, L, &cur) < 0 || write_pieces(b, L, a, p, cur) < 0 ? -1 : 0;
    release_refs(a, NATTRS);
    return err;
}

COBSERVE_MODULE(intern_names(ATTR_NAMES, attr_names, NATTRS) < 0 || intern_names(METHOD_NAMES, method_names, NMETHODS) < 0
                        || intern_names(PENDING_NAMES, pending_names, NPENDING) < 0 ? -1 : 0)

