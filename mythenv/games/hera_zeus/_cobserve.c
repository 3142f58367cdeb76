/* The compiled observation encoder of Hera and Zeus (see mythenv/core/cobserve.h): the C twin of
 * ``observe.encode`` in mythenv/games/hera_zeus/observe.py, writing the same pieces in the same order.
 * Everything it knows of the config (piece offsets, the card -> kind table, the count values, deck /
 * board dimensions) comes from ``observe.c_layout``; the rule it needs (whose move it is) is the
 * state's ``current_player()``. */
#include "cobserve.h"

#define NSEATS 2 /* Hera and Zeus is a duel: the opponent of seat p is 1 - p */

/* ------------------------------------------------------------------ interned names */
enum {
    N_PHASE, N_PENDING, N_AP_LEFT, N_AP_USED, N_TURNS, N_TURN_PLAYER, N_HAND, N_DECK, N_FIELD, N_UP,
    N_VIS, N_DISC, N_MEMORY, NATTRS,                  /* state attributes, fetched at every call */
    N_CURRENT_PLAYER = NATTRS,                        /* the state's method */
    N_PEGCOL, N_ORDER, N_DIO,                         /* the kinds of a pending decision (pend[0]) */
    NNAMES
};
static const char *const NAMES[NNAMES] = {
    "phase", "pending", "ap_left", "ap_used", "turns", "turn_player", "hand", "deck", "field", "up",
    "vis", "disc", "memory", "current_player", "pegcol", "order", "dio",
};
static PyObject *names[NNAMES];

/* ------------------------------------------------------------------ ints */
/* The int ``o`` as a C long: 0, or -1 with a TypeError (not an int) or ValueError (out of range)
 * naming ``what``. The common case, an exact int of at most one digit (every card id, count and
 * index of a state), is read directly. */
static int as_long_slow(PyObject *o, const char *what, long *v)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, got %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    *v = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s is out of range", what);
        return -1;
    }
    return (*v == -1 && PyErr_Occurred()) ? -1 : 0;
}

static inline int as_long(PyObject *o, const char *what, long *v)
{
    if (PyLong_CheckExact(o)) {
#if PY_VERSION_HEX < 0x030C0000
        Py_ssize_t size = Py_SIZE(o);
        if (size >= -1 && size <= 1) {
            *v = size * (long)((PyLongObject *)o)->ob_digit[0];
            return 0;
        }
#else
        if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
            *v = (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
            return 0;
        }
#endif
    }
    return as_long_slow(o, what, v);
}

/* ------------------------------------------------------------------ the layout (observe.c_layout) */
enum {
    PC_PHASE, PC_TO_MOVE, PC_SIDE, PC_AP, PC_AP_USED, PC_MAY, PC_TURN, PC_MY_HAND, PC_MY_HAND_KNOWN,
    PC_MY_DECK, PC_MY_FIELD, PC_OPP_FIELD, PC_MY_DISC, PC_MY_DISC_TOP, PC_OPP_DISC, PC_OPP_DISC_UNKNOWN,
    PC_OPP_DISC_TOP, PC_OPP_HAND, PC_MEMORY, PC_SIZES, PC_PEND_CARD, PC_PEND_FROM, PC_ORDER,
    NPIECES /* the pieces of observe.OBSERVER, in its order */
};
enum { PH_SETUP, PH_TURN, PH_PEGCOL, PH_ORDER, PH_DIO, PH_OVER, NPHASE_SLOTS };
enum {
    L_SIZE, L_PIECES, L_KIND_OF, L_QUARTERS, L_NK, L_NCOL, L_NROW, L_FIG, L_HAND_LIMIT, L_DECK, L_SETUP,
    L_OVER, L_PHASE_SLOTS, LAYOUT_LEN
};
#define AP_MAX 4     /* action_points / ap_used: one-hot 0..4 (observe._write_head) */
#define TURN_CAP 50  /* turn: min(turns[p], 50) / 50 (observe._write_head) */

typedef struct {
    Py_ssize_t size;                    /* floats in an observation */
    int32_t start[NPIECES];             /* piece starts */
    const unsigned char *kind_of;       /* card -> kind (read through card_kind: checked there) */
    Py_ssize_t ncards;
    const float *quarters;              /* a count n -> min(n / 4, 1) as float32 */
    Py_ssize_t nquarters;
    long nk, ncol, nrow, fig, hand_limit, deck, setup, over;
    unsigned char phase_slot[NPHASE_SLOTS]; /* index in the phase piece of each decision kind */
} Layout;

static int layout_long(PyObject *lay, int i, long lo, long hi, long *v)
{
    PyObject *o = PyTuple_GET_ITEM(lay, i);
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "layout[%d] must be an int", i);
        return -1;
    }
    if (as_long(o, "a layout number", v) < 0)
        return -1;
    if (*v < lo || *v > hi) {
        PyErr_Format(PyExc_ValueError, "layout[%d] = %ld outside %ld..%ld", i, *v, lo, hi);
        return -1;
    }
    return 0;
}

static const unsigned char *layout_bytes(PyObject *lay, int i, Py_ssize_t *len)
{
    PyObject *o = PyTuple_GET_ITEM(lay, i);
    if (!PyBytes_Check(o)) {
        PyErr_Format(PyExc_TypeError, "layout[%d] must be bytes", i);
        return NULL;
    }
    *len = PyBytes_GET_SIZE(o);
    return (const unsigned char *)PyBytes_AS_STRING(o);
}

/* Read and check the layout: every offset the encoder writes at ends inside the observation. */
static int parse_layout(PyObject *lay, Layout *L)
{
    if (!PyTuple_Check(lay) || PyTuple_GET_SIZE(lay) != LAYOUT_LEN) {
        PyErr_Format(PyExc_TypeError, "layout must be the tuple of %d items built by observe.c_layout",
                     LAYOUT_LEN);
        return -1;
    }
    long size;
    if (layout_long(lay, L_SIZE, 1, 1L << 24, &size) < 0 || layout_long(lay, L_NK, 1, 254, &L->nk) < 0
        || layout_long(lay, L_NCOL, 1, 64, &L->ncol) < 0 || layout_long(lay, L_NROW, 1, 64, &L->nrow) < 0
        || layout_long(lay, L_FIG, -1L << 30, 1L << 30, &L->fig) < 0
        || layout_long(lay, L_HAND_LIMIT, 1, 1L << 20, &L->hand_limit) < 0
        || layout_long(lay, L_DECK, 1, 1L << 20, &L->deck) < 0
        || layout_long(lay, L_SETUP, -1L << 30, 1L << 30, &L->setup) < 0
        || layout_long(lay, L_OVER, -1L << 30, 1L << 30, &L->over) < 0)
        return -1;
    L->size = size;
    Py_ssize_t n;
    const unsigned char *pieces = layout_bytes(lay, L_PIECES, &n);
    if (pieces == NULL)
        return -1;
    if (n != 2 * NPIECES * 4) {
        PyErr_SetString(PyExc_ValueError, "layout: pieces must be the (start, size) int32 pairs of the pieces");
        return -1;
    }
    int32_t ps[2 * NPIECES];
    memcpy(ps, pieces, sizeof ps);
    /* the size each piece must have (observe.OBSERVER) */
    const long nk = L->nk, cells = L->ncol * L->nrow;
    const long want[NPIECES] = {
        NPHASE_SLOTS, 1, NSEATS, AP_MAX + 1, AP_MAX + 1, 2, 1, nk, nk, nk, cells * (nk + 2), cells * (nk + 2),
        nk, nk + 1, nk, 1, nk + 1, nk, nk + 1, 4, nk, cells, nk,
    };
    for (int i = 0; i < NPIECES; i++) {
        if (ps[2 * i + 1] != want[i] || ps[2 * i] < 0 || (long)ps[2 * i] + want[i] > size) {
            PyErr_Format(PyExc_ValueError, "layout: piece %d does not fit this encoder", i);
            return -1;
        }
        L->start[i] = ps[2 * i];
    }
    L->kind_of = layout_bytes(lay, L_KIND_OF, &L->ncards);
    if (L->kind_of == NULL)
        return -1;
    const unsigned char *q = layout_bytes(lay, L_QUARTERS, &n);
    if (q == NULL)
        return -1;
    if (n < 4 || n % 4) {
        PyErr_SetString(PyExc_ValueError, "layout: quarters must be float32 values");
        return -1;
    }
    L->quarters = (const float *)q;
    L->nquarters = n / 4;
    const unsigned char *slots = layout_bytes(lay, L_PHASE_SLOTS, &n);
    if (slots == NULL)
        return -1;
    if (n != NPHASE_SLOTS) {
        PyErr_SetString(PyExc_ValueError, "layout: phase slots must be one byte per decision kind");
        return -1;
    }
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
/* Attribute ``name`` of the state (a new reference) as ``object.__getattribute__`` finds it; only
 * when that fails is it asked through getattr(), so the State's ``__getattr__`` hook (it builds a
 * clone's lazy rng, never read here) costs nothing on the way. */
static PyObject *state_attr(PyObject *state, PyObject *name)
{
    PyObject *v = PyObject_GenericGetAttr(state, name);
    if (v == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        v = PyObject_GetAttr(state, name);
    }
    return v;
}

/* The kind of the card ``c`` (in 0 .. ncards - 1); -1 with a ValueError when the layout's table gives
 * a kind outside 0 .. nk - 1 (checked where read rather than by scanning the table at every call). */
static inline int card_kind(const Layout *L, long c)
{
    int k = L->kind_of[c];
    if (k >= L->nk) {
        PyErr_Format(PyExc_ValueError, "layout: card %ld has kind %d outside 0..%ld", c, k, L->nk - 1);
        return -1;
    }
    return k;
}

/* Item ``i`` of the list ``outer`` (borrowed), which must itself be a list. */
static PyObject *list_item_list(PyObject *outer, Py_ssize_t i, const char *what)
{
    if (i >= PyList_GET_SIZE(outer)) {
        PyErr_Format(PyExc_IndexError, "state.%s has no item %zd", what, i);
        return NULL;
    }
    PyObject *o = PyList_GET_ITEM(outer, i);
    if (!PyList_Check(o)) {
        PyErr_Format(PyExc_TypeError, "state.%s[%zd] must be a list, got %.80s", what, i, Py_TYPE(o)->tp_name);
        return NULL;
    }
    return o;
}

/* Item ``i`` of the list ``lst`` as a card id (``fig`` allowed when ``allow_fig``), checked against
 * 0 .. ncards - 1; LONG_MIN with an exception on error. */
static long card_at(PyObject *lst, Py_ssize_t i, const Layout *L, int allow_fig)
{
    PyObject *o = PyList_GET_ITEM(lst, i);
    long c;
    if (as_long(o, "a card", &c) < 0)
        return LONG_MIN;
    if ((c < 0 || c >= L->ncards) && !(allow_fig && c == L->fig)) {
        PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, L->ncards - 1);
        return LONG_MIN;
    }
    return c;
}

/* The items of a tuple or list (borrowed) and their number; NULL with a TypeError otherwise. */
static PyObject **seq_items(PyObject *o, Py_ssize_t *n, const char *what)
{
    if (PyTuple_Check(o)) {
        *n = PyTuple_GET_SIZE(o);
        return &PyTuple_GET_ITEM(o, 0);
    }
    if (PyList_Check(o)) {
        *n = PyList_GET_SIZE(o);
        return PyList_GET_SIZE(o) ? &PyList_GET_ITEM(o, 0) : NULL;
    }
    PyErr_Format(PyExc_TypeError, "%s must be a tuple or list, got %.80s", what, Py_TYPE(o)->tp_name);
    return NULL;
}

/* The kind of a pending decision: N_PEGCOL, N_ORDER, N_DIO, or -1 for another string. */
static int pending_kind(PyObject *s)
{
    for (int k = N_PEGCOL; k <= N_DIO; k++)
        if (s == names[k])
            return k;
    if (!PyUnicode_Check(s))
        return -1;
    for (int k = N_PEGCOL; k <= N_DIO; k++)
        if (PyUnicode_Compare(s, names[k]) == 0)
            return k;
    return -1;
}

/* ------------------------------------------------------------------ the pieces */
/* One own column (front first) as one-hot slots from ``w``: kind, figure, face up
 * (observe._write_my_col). */
static int write_my_col(float *w, PyObject *col, const Layout *L, const unsigned char *up)
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
        } else {
            int k = card_kind(L, x);
            if (k < 0)
                return -1;
            w[k] = 1.0f;
            if (up[x])
                w[L->nk + 1] = 1.0f;
        }
    }
    return 0;
}

/* One opponent column as one-hot slots from ``w``: kind if known, figure, face down
 * (observe._write_opp_col). */
static int write_opp_col(float *w, PyObject *col, const Layout *L, const unsigned char *vis, unsigned bit)
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
        } else if (vis[x] & bit) {
            int k = card_kind(L, x);
            if (k < 0)
                return -1;
            w[k] = 1.0f;
        } else {
            w[L->nk + 1] = 1.0f;
        }
    }
    return 0;
}

/* A side's field (a list of columns) from ``w``, own or opponent's. */
static int write_field(float *w, PyObject *field, const Layout *L, const unsigned char *flags, unsigned bit,
                       int own)
{
    Py_ssize_t ncol = PyList_GET_SIZE(field);
    if (ncol > L->ncol) {
        PyErr_SetString(PyExc_ValueError, "a field holds more columns than the board");
        return -1;
    }
    for (Py_ssize_t c = 0; c < ncol; c++) {
        PyObject *col = list_item_list(field, c, "field[side]");
        if (col == NULL)
            return -1;
        float *wc = w + c * L->nrow * (L->nk + 2);
        if ((own ? write_my_col(wc, col, L, flags) : write_opp_col(wc, col, L, flags, bit)) < 0)
            return -1;
    }
    return 0;
}

/* The top card's kind of a pile (``nk`` when empty) one-hot at ``w``; the pile's cards were checked
 * by ``counts``. */
static int write_top(float *w, PyObject *pile, const Layout *L)
{
    Py_ssize_t n = PyList_GET_SIZE(pile);
    int k = L->nk;
    if (n && (k = card_kind(L, PyLong_AsLong(PyList_GET_ITEM(pile, n - 1)))) < 0)
        return -1;
    w[k] = 1.0f;
    return 0;
}

/* Per-kind counts of the list ``cards`` (only the cards with ``know[card] & bit`` when ``know`` is not
 * NULL) written as ``quarters[count]`` at ``w[kind]`` for every kind met (``w`` zero there): what
 * observe._add_counts and pile_counts with _QUARTERS write. Returns the number of cards ``know`` left
 * out, or -1 with an exception. (cobserve.h's count_kinds with a count per kind instead of a list of
 * the kinds met: cheaper for decks and discard piles, and with the fast int read.) */
static Py_ssize_t counts(float *w, PyObject *cards, const Layout *L, const unsigned char *know, unsigned bit)
{
    int cnt[256];          /* count per kind, zeroed once (nk < 255) */
    unsigned char met[256]; /* the kinds met, in order */
    int nmet = 0;
    memset(cnt, 0, (size_t)L->nk * sizeof cnt[0]);
    Py_ssize_t n = PyList_GET_SIZE(cards), left_out = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long c;
        if (as_long(PyList_GET_ITEM(cards, i), "a card", &c) < 0)
            return -1;
        if (c < 0 || c >= L->ncards) {
            PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, L->ncards - 1);
            return -1;
        }
        if (know != NULL && !(know[c] & bit)) {
            left_out++;
            continue;
        }
        int k = card_kind(L, c);
        if (k < 0)
            return -1;
        if (cnt[k]++ == 0)
            met[nmet++] = (unsigned char)k;
    }
    const int last = (int)L->nquarters - 1;
    for (int j = 0; j < nmet; j++) {
        int x = cnt[met[j]];
        w[met[j]] = L->quarters[x < last ? x : last];
    }
    return left_out;
}

/* ------------------------------------------------------------------ encode */
static int write_all(float *w, PyObject *state, long p, const Layout *L, PyObject **a)
{
    const long o = 1 - p;
    const unsigned bit = 1u << p;
    for (int i = 0; i < NATTRS; i++) {
        a[i] = state_attr(state, names[i]);
        if (a[i] == NULL)
            return -1;
    }
    static const int lists[] = {N_PENDING, N_TURNS, N_HAND, N_DECK, N_FIELD, N_DISC, N_MEMORY};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        if (!PyList_Check(a[lists[i]])) {
            PyErr_Format(PyExc_TypeError, "state.%s must be a list", NAMES[lists[i]]);
            return -1;
        }
    }
    Py_ssize_t n;
    const unsigned char *vis = bytes_of(a[N_VIS], &n);
    if (vis == NULL || n < L->ncards) {
        if (vis != NULL)
            PyErr_SetString(PyExc_ValueError, "state.vis is shorter than the cards");
        return -1;
    }
    const unsigned char *up = bytes_of(a[N_UP], &n);
    if (up == NULL || n < L->ncards) {
        if (up != NULL)
            PyErr_SetString(PyExc_ValueError, "state.up is shorter than the cards");
        return -1;
    }
    long phase, ap_left, ap_used, tp, turn_p, turn_o;
    if (as_long(a[N_PHASE], "state.phase", &phase) < 0 || as_long(a[N_AP_LEFT], "state.ap_left", &ap_left) < 0
        || as_long(a[N_AP_USED], "state.ap_used", &ap_used) < 0
        || as_long(a[N_TURN_PLAYER], "state.turn_player", &tp) < 0)
        return -1;
    PyObject *turns = a[N_TURNS];
    if (PyList_GET_SIZE(turns) < NSEATS) {
        PyErr_SetString(PyExc_ValueError, "state.turns must hold a number per seat");
        return -1;
    }
    if (as_long(PyList_GET_ITEM(turns, p), "state.turns[p]", &turn_p) < 0
        || as_long(PyList_GET_ITEM(turns, o), "state.turns[o]", &turn_o) < 0)
        return -1;
    PyObject *pending = a[N_PENDING];
    Py_ssize_t npend = PyList_GET_SIZE(pending), plen = 0;
    PyObject **pend = NULL;
    int pkind = -1;
    if (npend) {
        pend = seq_items(PyList_GET_ITEM(pending, npend - 1), &plen, "state.pending[-1]");
        if (pend == NULL && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "state.pending[-1] is empty");
        if (pend == NULL || plen < 1) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "state.pending[-1] is empty");
            return -1;
        }
        pkind = pending_kind(pend[0]);
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
        h[L->phase_slot[pkind == N_PEGCOL ? PH_PEGCOL : pkind == N_ORDER ? PH_ORDER : PH_DIO]] = 1.0f;
    } else {
        h[L->phase_slot[phase == L->setup ? PH_SETUP : PH_TURN]] = 1.0f;
    }
    PyObject *cp = PyObject_CallMethodNoArgs(state, names[N_CURRENT_PLAYER]);
    if (cp == NULL)
        return -1;
    long mover;
    int bad = as_long(cp, "state.current_player()", &mover);
    Py_DECREF(cp);
    if (bad < 0)
        return -1;
    if (mover == p)
        w[L->start[PC_TO_MOVE]] = 1.0f;
    w[L->start[PC_SIDE] + p] = 1.0f;
    w[L->start[PC_AP] + (ap_left < 0 ? 0 : ap_left > AP_MAX ? AP_MAX : ap_left)] = 1.0f;
    if (ap_used < 0) {
        PyErr_SetString(PyExc_ValueError, "state.ap_used is negative");
        return -1;
    }
    w[L->start[PC_AP_USED] + (ap_used > AP_MAX ? AP_MAX : ap_used)] = 1.0f;
    if (turn_p >= 2 || (turn_p == 1 && tp != p && phase != L->setup))
        w[L->start[PC_MAY]] = 1.0f;
    if (turn_o >= 2 || (turn_o == 1 && tp != o && phase != L->setup))
        w[L->start[PC_MAY] + 1] = 1.0f;
    w[L->start[PC_TURN]] = (float)((double)(turn_p < TURN_CAP ? turn_p : TURN_CAP) / (double)TURN_CAP);

    /* my_hand, my_hand_known_to_opp (the cards whose vis has the opponent's bit), my_deck */
    PyObject *hand_p = list_item_list(a[N_HAND], p, "hand"), *hand_o = list_item_list(a[N_HAND], o, "hand");
    PyObject *deck_p = list_item_list(a[N_DECK], p, "deck"), *deck_o = list_item_list(a[N_DECK], o, "deck");
    if (hand_p == NULL || hand_o == NULL || deck_p == NULL || deck_o == NULL)
        return -1;
    if (counts(w + L->start[PC_MY_HAND], hand_p, L, NULL, 0) < 0
        || counts(w + L->start[PC_MY_HAND_KNOWN], hand_p, L, vis, 1u << o) < 0
        || counts(w + L->start[PC_MY_DECK], deck_p, L, NULL, 0) < 0)
        return -1;

    /* my_field (kind, figure, face up), opp_field (kind if this seat knows it, figure, face down) */
    PyObject *field_p = list_item_list(a[N_FIELD], p, "field"), *field_o = list_item_list(a[N_FIELD], o, "field");
    if (field_p == NULL || field_o == NULL || write_field(w + L->start[PC_MY_FIELD], field_p, L, up, 0, 1) < 0
        || write_field(w + L->start[PC_OPP_FIELD], field_o, L, vis, bit, 0) < 0)
        return -1;

    /* my_discard, my_discard_top (observe._write_my_discard) */
    PyObject *disc_p = list_item_list(a[N_DISC], p, "disc"), *disc_o = list_item_list(a[N_DISC], o, "disc");
    if (disc_p == NULL || disc_o == NULL || counts(w + L->start[PC_MY_DISC], disc_p, L, NULL, 0) < 0)
        return -1;
    if (write_top(w + L->start[PC_MY_DISC_TOP], disc_p, L) < 0)
        return -1;

    /* opp_discard (the cards this seat knows), opp_discard_unknown, opp_discard_top
     * (observe._write_opp_discard) */
    Py_ssize_t unknown = counts(w + L->start[PC_OPP_DISC], disc_o, L, vis, bit);
    if (unknown < 0)
        return -1;
    w[L->start[PC_OPP_DISC_UNKNOWN]] = (float)((double)unknown / (double)L->deck);
    if (write_top(w + L->start[PC_OPP_DISC_TOP], disc_o, L) < 0)
        return -1;

    /* opp_hand_known: the opponent's hand cards this seat knows */
    if (counts(w + L->start[PC_OPP_HAND], hand_o, L, vis, bit) < 0)
        return -1;

    /* pythia_memory (observe._write_memory): min(v / 4, 1) per kind, then "has looked" */
    if (PyList_GET_SIZE(a[N_MEMORY]) <= p) {
        PyErr_SetString(PyExc_IndexError, "state.memory has no item for this seat");
        return -1;
    }
    PyObject *mem = PyList_GET_ITEM(a[N_MEMORY], p);
    if (mem != Py_None) {
        if (!PyList_Check(mem) || PyList_GET_SIZE(mem) > L->nk) {
            PyErr_SetString(PyExc_TypeError, "state.memory[p] must be None or a list of a count per kind");
            return -1;
        }
        float *wm = w + L->start[PC_MEMORY];
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(mem); k++) {
            long v;
            if (as_long(PyList_GET_ITEM(mem, k), "state.memory[p][k]", &v) < 0)
                return -1;
            if (v) {
                double x = (double)v / 4.0;
                wm[k] = (float)(1.0 < x ? 1.0 : x); /* Python's min(x, 1.0) */
            }
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
    if (pkind == N_PEGCOL || pkind == N_DIO) {
        long card, c, r;
        if (plen < (pkind == N_DIO ? 5 : 3)) {
            PyErr_SetString(PyExc_ValueError, "state.pending[-1] is too short");
            return -1;
        }
        if (as_long(pend[2], "the pending card", &card) < 0)
            return -1;
        if (card < 0 || card >= L->ncards) {
            PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", card, L->ncards - 1);
            return -1;
        }
        if (vis[card] >> p & 1) {
            int k = card_kind(L, card);
            if (k < 0)
                return -1;
            w[L->start[PC_PEND_CARD] + k] = 1.0f;
        }
        if (pkind == N_DIO) {
            if (as_long(pend[3], "the pending column", &c) < 0 || as_long(pend[4], "the pending row", &r) < 0)
                return -1;
            if (c < 0 || c >= L->ncol || r < 0 || r >= L->nrow) {
                PyErr_SetString(PyExc_IndexError, "the pending place is off the board");
                return -1;
            }
            w[L->start[PC_PEND_FROM] + c * L->nrow + r] = 1.0f;
        }
    } else if (pkind == N_ORDER) {
        if (plen < 3 || !PyList_Check(pend[2])) {
            PyErr_SetString(PyExc_TypeError, "state.pending[-1][2] must be the list of cards to order");
            return -1;
        }
        if (counts(w + L->start[PC_ORDER], pend[2], L, NULL, 0) < 0)
            return -1;
    }
    return 0;
}

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(state, p, out, layout) takes 4 arguments");
        return NULL;
    }
    Layout L;
    if (parse_layout(args[3], &L) < 0)
        return NULL;
    long p;
    if (as_long(args[1], "p", &p) < 0)
        return NULL;
    if (p < 0 || p >= NSEATS) {
        PyErr_Format(PyExc_ValueError, "seat %ld outside 0..%d", p, NSEATS - 1);
        return NULL;
    }
    ObsBuf b;
    if (!obs_open(&b, args[2], L.size))
        Py_RETURN_FALSE;
    PyObject *a[NATTRS] = {NULL};
    int err = write_all(b.w, args[0], p, &L, a);
    for (int i = 0; i < NATTRS; i++)
        Py_XDECREF(a[i]);
    obs_close(&b);
    if (err < 0)
        return NULL;
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, p, out, layout) -> bool: seat p's view of state written into out (see observe.encode)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cobserve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__cobserve(void)
{
    if (intern_names(NAMES, names, NNAMES) < 0)
        return NULL;
    return PyModule_Create(&module);
}
