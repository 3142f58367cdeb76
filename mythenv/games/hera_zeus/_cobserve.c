/* The compiled observation encoder of Hera and Zeus (see mythenv/core/cobserve.h): the C twin of
 * ``observe.encode`` in mythenv/games/hera_zeus/observe.py, writing the same pieces in the same order.
 * Everything it knows of the config (piece offsets, the card -> kind table, the count values, deck /
 * board dimensions) comes from ``observe.c_layout``; the rule it needs (whose move it is) is the
 * state's ``current_player()``. */
#include "cobserve.h"

#define NSEATS 2 /* Hera and Zeus is a duel: the opponent of seat p is 1 - p */

/* The enums (interned names, pieces, phase slots, layout entries) and NAMES are generated from
 * observe.C_DECL into _clayout.h (python -m mythenv.core.cheaders). */
#include "_clayout.h"

static PyObject *names[NNAMES];

#define AP_MAX 4     /* action_points / ap_used: one-hot 0..4 (observe._write_head) */
#define TURN_CAP 50  /* turn: min(turns[p], 50) / 50 (observe._write_head) */

typedef struct {
    int32_t start[NPIECES];             /* piece starts */
    Kinds kinds;                        /* card -> kind (checked where read: card_kind) */
    const float *quarters;              /* a count n -> min(n / 4, 1) as float32 */
    Py_ssize_t nquarters;
    long nk, ncol, nrow, fig, hand_limit, deck, setup, over;
    unsigned char phase_slot[NPHASE_SLOTS]; /* index in the phase piece of each decision kind */
} Layout;

/* Read and check the layout: every offset the encoder writes at ends inside the observation. */
static int read_layout(PyObject *lay, Layout *L, ObsShape *shape)
{
    long size, nk;
    if (layout_tuple(lay, LAYOUT_LEN) < 0 || layout_long(lay, L_SIZE, 1, 1L << 24, &size) < 0
        || layout_long(lay, L_NK, 1, 254, &L->nk) < 0 || layout_long(lay, L_NCOL, 1, 64, &L->ncol) < 0
        || layout_long(lay, L_NROW, 1, 64, &L->nrow) < 0 || layout_long(lay, L_FIG, -(1L << 30), 1L << 30, &L->fig) < 0
        || layout_long(lay, L_HAND_LIMIT, 1, 1L << 20, &L->hand_limit) < 0
        || layout_long(lay, L_DECK, 1, 1L << 20, &L->deck) < 0
        || layout_long(lay, L_SETUP, -(1L << 30), 1L << 30, &L->setup) < 0
        || layout_long(lay, L_OVER, -(1L << 30), 1L << 30, &L->over) < 0)
        return -1;
    shape->seats = NSEATS;
    shape->size = size;
    const int32_t *ps = layout_array(lay, L_PIECES, 4, 2 * NPIECES, NULL); /* (start, size) pairs */
    if (ps == NULL)
        return -1;
    /* the size each piece must have (observe.OBSERVER) */
    nk = L->nk;
    const long cells = L->ncol * L->nrow;
    const long want[NPIECES] = {
        [PC_PHASE] = NPHASE_SLOTS, [PC_TO_MOVE] = 1, [PC_SIDE] = NSEATS, [PC_ACTION_POINTS] = AP_MAX + 1,
        [PC_AP_USED] = AP_MAX + 1, [PC_MAY_CHALLENGE] = 2, [PC_TURN] = 1, [PC_MY_HAND] = nk,
        [PC_MY_HAND_KNOWN_TO_OPP] = nk, [PC_MY_DECK] = nk, [PC_MY_FIELD] = cells * (nk + 2),
        [PC_OPP_FIELD] = cells * (nk + 2), [PC_MY_DISCARD] = nk, [PC_MY_DISCARD_TOP] = nk + 1, [PC_OPP_DISCARD] = nk,
        [PC_OPP_DISCARD_UNKNOWN] = 1, [PC_OPP_DISCARD_TOP] = nk + 1, [PC_OPP_HAND_KNOWN] = nk,
        [PC_PYTHIA_MEMORY] = nk + 1, [PC_SIZES] = 4, [PC_PENDING_CARD] = nk, [PC_PENDING_FROM] = cells,
        [PC_ORDER_LEFT] = nk,
    };
    for (int i = 0; i < NPIECES; i++) {
        if (ps[2 * i + 1] != want[i] || ps[2 * i] < 0 || (long)ps[2 * i] + want[i] > size) {
            PyErr_Format(PyExc_ValueError, "layout: piece %d does not fit this encoder", i);
            return -1;
        }
        L->start[i] = ps[2 * i];
    }
    L->kinds.nkinds = (int)nk;
    if ((L->kinds.of = layout_bytes(lay, L_KIND_OF, &L->kinds.ncards)) == NULL
        || (L->quarters = layout_array(lay, L_QUARTERS, 4, -1, &L->nquarters)) == NULL)
        return -1;
    const unsigned char *slots = layout_array(lay, L_PHASE_SLOTS, 1, NPHASE_SLOTS, NULL);
    if (slots == NULL)
        return -1;
    for (int i = 0; i < NPHASE_SLOTS; i++) {
        if (slots[i] >= NPHASE_SLOTS) {
            PyErr_SetString(PyExc_ValueError, "layout: a phase slot is out of range");
            return -1;
        }
        L->phase_slot[i] = slots[i];
    }
    return 0;
}

/* ------------------------------------------------------------------ reading the state */
/* Item ``i`` of the list ``lst`` as a card id (``fig`` allowed when ``allow_fig``), checked against
 * 0 .. ncards - 1; LONG_MIN with an exception on error. */
static long card_at(PyObject *lst, Py_ssize_t i, const Layout *L, int allow_fig)
{
    long c;
    if (as_long(PyList_GET_ITEM(lst, i), "a card", &c) < 0)
        return LONG_MIN;
    if ((c < 0 || c >= L->kinds.ncards) && !(allow_fig && c == L->fig)) {
        PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, L->kinds.ncards - 1);
        return LONG_MIN;
    }
    return c;
}

/* ------------------------------------------------------------------ the pieces */
/* One column (front first) as one-hot slots from ``w``: kind, figure, and a last flag. An own column
 * (``own``; ``flags`` is state.up) has every kind and "face up" (observe._write_my_col); an opponent's
 * (``flags`` is state.vis) has the kind when this seat (``bit``) knows it, else "face down"
 * (observe._write_opp_col). */
static int write_col(float *w, PyObject *col, const Layout *L, const unsigned char *flags, unsigned bit, int own)
{
    Py_ssize_t n = PyList_GET_SIZE(col);
    if (n > L->nrow) {
        PyErr_SetString(PyExc_ValueError, "a column holds more cards than rows");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++, w += L->nk + 2) {
        long x = card_at(col, i, L, 1);
        if (x == LONG_MIN)
            return -1;
        if (x == L->fig) {
            w[L->nk] = 1.0f;
            continue;
        }
        int known = own || (flags[x] & bit);
        if (known) {
            int k = card_kind(&L->kinds, x);
            if (k < 0)
                return -1;
            w[k] = 1.0f;
        }
        if (own ? flags[x] != 0 : !known)
            w[L->nk + 1] = 1.0f;
    }
    return 0;
}

/* A side's field (a list of columns) from ``w``, own or opponent's (write_col). */
static int write_field(float *w, PyObject *field, const Layout *L, const unsigned char *flags, unsigned bit,
                       int own)
{
    Py_ssize_t ncol = PyList_GET_SIZE(field);
    if (ncol > L->ncol) {
        PyErr_SetString(PyExc_ValueError, "a field holds more columns than the board");
        return -1;
    }
    for (Py_ssize_t c = 0; c < ncol; c++) {
        PyObject *col = item_list(field, c, "state.field[side][column]");
        if (col == NULL || write_col(w + c * L->nrow * (L->nk + 2), col, L, flags, bit, own) < 0)
            return -1;
    }
    return 0;
}

/* The top card's kind of a pile (``nk`` when empty) one-hot at ``w``. */
static int write_top(float *w, PyObject *pile, const Layout *L)
{
    Py_ssize_t n = PyList_GET_SIZE(pile);
    long c;
    int k = (int)L->nk;
    if (n && (as_long(PyList_GET_ITEM(pile, n - 1), "a card", &c) < 0 || (k = card_kind(&L->kinds, c)) < 0))
        return -1;
    w[k] = 1.0f;
    return 0;
}

/* Per-kind counts of ``cards`` written as QUARTERS at the piece ``piece`` (observe._add_counts,
 * pile_counts), only the cards with ``know[card] & bit`` when ``know`` is not NULL: the number of cards
 * ``know`` left out, or -1. */
static Py_ssize_t counts(ObsBuf *b, int piece, PyObject *cards, const Layout *L, const unsigned char *know,
                         unsigned bit)
{
    return count_kinds(b, L->start[piece], cards, &L->kinds, know, bit, L->quarters, L->nquarters, "a card");
}

/* ------------------------------------------------------------------ encode */
/* The pieces of seat ``p``'s view, from the state's attributes ``a`` (enum order). */
static int write_pieces(ObsBuf *b, PyObject *state, long p, const Layout *L, PyObject *const *a)
{
    float *w = b->w;
    const long o = 1 - p;
    const unsigned bit = 1u << p;
    /* the one call into Python after the attributes were read (get_attrs), made before any item or byte
     * is borrowed: it may run any code, emptying a list or a bytearray the rest reads */
    PyObject *cp = PyObject_CallMethodNoArgs(state, names[N_CURRENT_PLAYER]);
    if (cp == NULL)
        return -1;
    long mover;
    int bad = as_long(cp, "state.current_player()", &mover);
    Py_DECREF(cp);
    if (bad < 0)
        return -1;
    static const int lists[] = {N_PENDING, N_TURNS, N_HAND, N_DECK, N_FIELD, N_DISC, N_MEMORY};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        if (check_list(a[lists[i]], NAMES[lists[i]]) < 0)
            return -1;
    const unsigned char *vis = flags_of(a[N_VIS], L->kinds.ncards, "state.vis", NULL);
    const unsigned char *up = flags_of(a[N_UP], L->kinds.ncards, "state.up", NULL);
    if (vis == NULL || up == NULL)
        return -1;
    long phase, ap_left, ap_used, tp, turn_p, turn_o;
    if (as_long(a[N_PHASE], "state.phase", &phase) < 0 || as_long(a[N_AP_LEFT], "state.ap_left", &ap_left) < 0
        || as_long(a[N_AP_USED], "state.ap_used", &ap_used) < 0
        || as_long(a[N_TURN_PLAYER], "state.turn_player", &tp) < 0)
        return -1;
    PyObject *turns = a[N_TURNS];
    if (item_long(turns, p, "state.turns[p]", &turn_p) < 0 || item_long(turns, o, "state.turns[o]", &turn_o) < 0)
        return -1;
    PyObject *pending = a[N_PENDING];
    Py_ssize_t npend = PyList_GET_SIZE(pending), plen = 0;
    PyObject **pend = NULL;
    int pkind = -1;
    if (npend) {
        pend = seq_items(PyList_GET_ITEM(pending, npend - 1), &plen, "state.pending[-1]");
        if (pend == NULL || plen < 1) {
            if (pend != NULL)
                PyErr_SetString(PyExc_ValueError, "state.pending[-1] is empty");
            return -1;
        }
        pkind = str_index(pend[0], names + N_PEGCOL, NPEND); /* PEND_PEGCOL, PEND_ORDER, PEND_DIO or -1 */
    }

    /* phase .. turn (observe._write_head) */
    float *h = w + L->start[PC_PHASE];
    if (phase == L->over) {
        h[L->phase_slot[PH_OVER]] = 1.0f;
    } else if (npend) {
        if (pkind < 0) {
            PyErr_SetObject(PyExc_KeyError, pend[0]);
            return -1;
        }
        h[L->phase_slot[PH_PEGASUS_COLUMN + pkind]] = 1.0f;
    } else {
        h[L->phase_slot[phase == L->setup ? PH_SETUP : PH_TURN]] = 1.0f;
    }
    if (mover == p)
        w[L->start[PC_TO_MOVE]] = 1.0f;
    w[L->start[PC_SIDE] + p] = 1.0f;
    w[L->start[PC_ACTION_POINTS] + (ap_left < 0 ? 0 : ap_left > AP_MAX ? AP_MAX : ap_left)] = 1.0f;
    if (ap_used < 0) {
        PyErr_SetString(PyExc_ValueError, "state.ap_used is negative");
        return -1;
    }
    w[L->start[PC_AP_USED] + (ap_used > AP_MAX ? AP_MAX : ap_used)] = 1.0f;
    if (turn_p >= 2 || (turn_p == 1 && tp != p && phase != L->setup))
        w[L->start[PC_MAY_CHALLENGE]] = 1.0f;
    if (turn_o >= 2 || (turn_o == 1 && tp != o && phase != L->setup))
        w[L->start[PC_MAY_CHALLENGE] + 1] = 1.0f;
    w[L->start[PC_TURN]] = (float)((double)(turn_p < TURN_CAP ? turn_p : TURN_CAP) / (double)TURN_CAP);

    /* my_hand, my_hand_known_to_opp (the cards whose vis has the opponent's bit), my_deck */
    PyObject *hand_p = item_list(a[N_HAND], p, "state.hand[p]"), *hand_o = item_list(a[N_HAND], o, "state.hand[o]");
    PyObject *deck_p = item_list(a[N_DECK], p, "state.deck[p]"), *deck_o = item_list(a[N_DECK], o, "state.deck[o]");
    if (hand_p == NULL || hand_o == NULL || deck_p == NULL || deck_o == NULL)
        return -1;
    if (counts(b, PC_MY_HAND, hand_p, L, NULL, 0) < 0
        || counts(b, PC_MY_HAND_KNOWN_TO_OPP, hand_p, L, vis, 1u << o) < 0
        || counts(b, PC_MY_DECK, deck_p, L, NULL, 0) < 0)
        return -1;

    /* my_field (kind, figure, face up), opp_field (kind if this seat knows it, figure, face down) */
    PyObject *field_p = item_list(a[N_FIELD], p, "state.field[p]"), *field_o = item_list(a[N_FIELD], o, "state.field[o]");
    if (field_p == NULL || field_o == NULL || write_field(w + L->start[PC_MY_FIELD], field_p, L, up, 0, 1) < 0
        || write_field(w + L->start[PC_OPP_FIELD], field_o, L, vis, bit, 0) < 0)
        return -1;

    /* my_discard, my_discard_top (observe._write_my_discard) */
    PyObject *disc_p = item_list(a[N_DISC], p, "state.disc[p]"), *disc_o = item_list(a[N_DISC], o, "state.disc[o]");
    if (disc_p == NULL || disc_o == NULL || counts(b, PC_MY_DISCARD, disc_p, L, NULL, 0) < 0)
        return -1;
    if (write_top(w + L->start[PC_MY_DISCARD_TOP], disc_p, L) < 0)
        return -1;

    /* opp_discard (the cards this seat knows), opp_discard_unknown, opp_discard_top
     * (observe._write_opp_discard) */
    Py_ssize_t unknown = counts(b, PC_OPP_DISCARD, disc_o, L, vis, bit);
    if (unknown < 0)
        return -1;
    w[L->start[PC_OPP_DISCARD_UNKNOWN]] = (float)((double)unknown / (double)L->deck);
    if (write_top(w + L->start[PC_OPP_DISCARD_TOP], disc_o, L) < 0)
        return -1;

    /* opp_hand_known: the opponent's hand cards this seat knows */
    if (counts(b, PC_OPP_HAND_KNOWN, hand_o, L, vis, bit) < 0)
        return -1;

    /* pythia_memory (observe._write_memory): min(v / 4, 1) per kind, then "has looked" */
    PyObject *mem = seq_item(a[N_MEMORY], p, "state.memory");
    if (mem == NULL)
        return -1;
    if (mem != Py_None) {
        if (!PyList_Check(mem) || PyList_GET_SIZE(mem) > L->nk) {
            PyErr_SetString(PyExc_TypeError, "state.memory[p] must be None or a list of a count per kind");
            return -1;
        }
        float *wm = w + L->start[PC_PYTHIA_MEMORY];
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(mem); k++) {
            long v;
            if (as_long(PyList_GET_ITEM(mem, k), "state.memory[p][k]", &v) < 0)
                return -1;
            if (v)
                wm[k] = cap1((double)v / 4.0);
        }
        wm[L->nk] = 1.0f;
    }

    /* sizes (observe._write_sizes) */
    float *ws = w + L->start[PC_SIZES];
    Py_ssize_t nho = PyList_GET_SIZE(hand_o);
    ws[0] = (float)((double)PyList_GET_SIZE(hand_p) / (double)L->hand_limit);
    ws[1] = (float)((double)PyList_GET_SIZE(deck_p) / (double)L->deck);
    ws[2] = (float)((double)(nho < L->hand_limit ? nho : L->hand_limit) / (double)L->hand_limit);
    ws[3] = (float)((double)PyList_GET_SIZE(deck_o) / (double)L->deck);

    /* pending_card, pending_from, order_left (observe._write_pending) */
    if (pkind == PEND_PEGCOL || pkind == PEND_DIO) {
        long card, c, r;
        if (plen < (pkind == PEND_DIO ? 5 : 3)) {
            PyErr_SetString(PyExc_ValueError, "state.pending[-1] is too short");
            return -1;
        }
        int k;
        if (as_long(pend[2], "the pending card", &card) < 0 || (k = card_kind(&L->kinds, card)) < 0)
            return -1;
        if (vis[card] >> p & 1)
            w[L->start[PC_PENDING_CARD] + k] = 1.0f;
        if (pkind == PEND_DIO) {
            if (as_long(pend[3], "the pending column", &c) < 0 || as_long(pend[4], "the pending row", &r) < 0)
                return -1;
            if (c < 0 || c >= L->ncol || r < 0 || r >= L->nrow) {
                PyErr_SetString(PyExc_IndexError, "the pending place is off the board");
                return -1;
            }
            w[L->start[PC_PENDING_FROM] + c * L->nrow + r] = 1.0f;
        }
    } else if (pkind == PEND_ORDER) {
        if (plen < 3 || !PyList_Check(pend[2])) {
            PyErr_SetString(PyExc_TypeError, "state.pending[-1][2] must be the list of cards to order");
            return -1;
        }
        if (counts(b, PC_ORDER_LEFT, pend[2], L, NULL, 0) < 0)
            return -1;
    }
    return 0;
}

/* The observation (COBSERVE_MODULE): the state's attributes, held for the call, then the pieces. */
static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)
{
    PyObject *a[NATTRS] = {NULL};
    int err = get_attrs(state, names, NATTRS, a) < 0 || write_pieces(b, state, p, L, a) < 0 ? -1 : 0;
    release_refs(a, NATTRS);
    return err;
}

COBSERVE_MODULE(intern_names(NAMES, names, NNAMES))
