/* The compiled observation encoder of Demigods (see mythenv/core/cobserve.h): the C twin of
 * ``observe.encode`` in mythenv/games/demigods/observe.py, which stays the reference. It writes the
 * same pieces in the same order, bit for bit. ``layout`` is ``observe.c_layout(game)``: its entries
 * are listed in ``enum layout_entry`` below (same order and meaning as there).
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

/* ------------------------------------------------------------------ the layout (observe.c_layout) */
enum layout_entry {
    L_INTS,          /* int32[]: the config numbers (enum int_entry), then (start, size) of each piece */
    L_GOALS,         /* float64[2]: the totals' denominators, 2 x goal (1.0 for a goal of 0) */
    L_KIND_OF,       /* uint8[num_cards]: card -> kind */
    L_KINGDOM_SLOT,  /* uint8[NK]: kind -> RTYPE * 6 + VIDX * 2 (its kingdom class, unblessed); 255: none */
    L_FRONT_SLOT,    /* uint8[NK]: kind -> its place in a front (Guardian 0..4, curse 5..9, Athena 10); 255 */
    L_VALUE,         /* int32[NK]: kind -> VALUE (face value of an Army / Wealth card) */
    L_QUARTERS,      /* float32[]: QUARTERS (count -> value of a hand count) */
    L_TENTHS,        /* float32[]: TENTHS (count -> value of a kingdom / discard pile count) */
    L_LEN
};

enum int_entry {
    I_N,              /* players */
    I_SIZE,           /* observation size */
    I_NCARDS,         /* cards in the game */
    I_NK,             /* card kinds */
    I_DRAW, I_OVER,   /* the phases DRAW and OVER */
    I_ARMY_GOAL, I_WEALTH_GOAL, I_GUARDIANS,  /* the throne conditions (config, game.throne_guardians) */
    I_SILENCE_SLOT,   /* the front place of the Silence curse (is_silenced) */
    I_BLIND_SLOT,     /* the front place of the Blindness curse (is_blind) */
    I_ROUND_DEN,      /* max_rounds * players */
    I_EXPLICIT,       /* speech="explicit" */
    I_D_DRAW, I_D_ACT, I_D_BLIND, I_D_OVER,   /* decision index of draw, act, blind_act, over */
    I_D_PENDING,      /* decision index of each pending record (enum pending_kind order) */
    I_PIECES = I_D_PENDING + 7,  /* (start, size) of each piece (enum piece order) */
    I_LEN = I_PIECES + 2 * 22
};

/* The observation pieces, in make_observer's order (observe._C_PIECES). */
enum piece {
    DECISION, TO_MOVE, SEAT_TO_MOVE, TURN_SEAT, MY_HAND, MY_HAND_UNSEEN, HAND_SIZES, KNOWN_HANDS, KINGDOM,
    TOTALS, FRONT, CAN_CLAIM, DISCARD_TOP, DISCARD_PILE, DECK_SIZE, RESHUFFLED, PENDING_CARD,
    SPEECH_CONTEXT, PENDING_SEAT, HALVING, ROUND, SPEECH_MODE, NPIECES
};

/* The pending records that are decisions (observe._DEC), in this order (observe._C_PENDING). */
enum pending_kind { R_TARGET, R_SPEECH, R_STEAL, R_ATHENA, R_HALVE, R_OTYPE, R_TRADE, NPENDING };
static const char *const PENDING_NAMES[NPENDING] = {"target", "speech", "steal", "athena", "halve", "otype",
                                                    "trade"};

/* ------------------------------------------------------------------ interned names */
enum attr {
    A_PHASE, A_PENDING, A_TURN_PLAYER, A_HAND, A_KINGDOM, A_FRONT, A_BLESSED, A_VIS, A_DISCARD, A_DECK,
    A_TURNS, A_RESHUFFLED, NATTRS
};
static const char *const ATTR_NAMES[NATTRS] = {"phase", "pending", "turn_player", "hand", "kingdom", "front",
                                               "blessed", "vis", "discard", "deck", "turns", "reshuffled"};
enum method { M_CURRENT_PLAYER, M_GETATTRIBUTE, NMETHODS };
static const char *const METHOD_NAMES[NMETHODS] = {"current_player", "__getattribute__"};

static PyObject *attr_names[NATTRS];
static PyObject *method_names[NMETHODS];
static PyObject *pending_names[NPENDING];

/* ------------------------------------------------------------------ the layout, checked */
typedef struct {
    int v[I_LEN];  /* enum int_entry; a piece's start and size: START, PSIZE */
    double goals[2];
    const unsigned char *kind_of, *kingdom_slot, *front_slot;
    int value[256];
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

/* Bytes entry ``i`` of the layout, its length in ``*len``; NULL with a TypeError. */
static const unsigned char *layout_bytes(PyObject *layout, int i, Py_ssize_t *len)
{
    PyObject *o = PyTuple_GET_ITEM(layout, i);
    if (!PyBytes_Check(o)) {
        bad_layout("an entry is not bytes");
        return NULL;
    }
    *len = PyBytes_GET_SIZE(o);
    return (const unsigned char *)PyBytes_AS_STRING(o);
}

/* Read and check the layout tuple (its type and length were checked): 0, or -1 with a TypeError. */
static int read_layout(Layout *L, PyObject *layout)
{
    Py_ssize_t len;
    const unsigned char *b = layout_bytes(layout, L_INTS, &len);
    if (b == NULL)
        return -1;
    if (len != (Py_ssize_t)sizeof(L->v))
        return bad_layout("config numbers");
    memcpy(L->v, b, sizeof(L->v));
    const int *v = L->v;
    int n = v[I_N], nk = v[I_NK], size = v[I_SIZE];
    if (n < 2 || n > 8 || nk < 1 || nk > 255 || v[I_NCARDS] < 1 || size < 1)
        return bad_layout("config numbers");
    /* the pieces lie in the buffer, and those written by per-card loops have their designed sizes */
    int outside = 0;
    for (int k = 0; k < NPIECES; k++)
        outside |= START(L, k) < 0 || PSIZE(L, k) < 1 || START(L, k) > size - PSIZE(L, k);
    if (outside)
        return bad_layout("a piece outside the observation");
    if (PSIZE(L, MY_HAND) != nk || PSIZE(L, KNOWN_HANDS) != (n - 1) * nk || PSIZE(L, KINGDOM) != 12 * n
        || PSIZE(L, TOTALS) != 2 * n || PSIZE(L, FRONT) != 11 * n || PSIZE(L, DISCARD_PILE) != nk
        || PSIZE(L, HAND_SIZES) != n || PSIZE(L, CAN_CLAIM) != n || PSIZE(L, DISCARD_TOP) != nk + 1)
        return bad_layout("piece sizes");

    b = layout_bytes(layout, L_GOALS, &len);
    if (b == NULL)
        return -1;
    if (len != (Py_ssize_t)sizeof(L->goals))
        return bad_layout("goals");
    memcpy(L->goals, b, sizeof(L->goals));

    L->kind_of = layout_bytes(layout, L_KIND_OF, &len);
    if (L->kind_of == NULL)
        return -1;
    if (len != v[I_NCARDS])
        return bad_layout("kind_of");
    /* a card's kind is checked (< NK) where it is read: card_kind, count_cards */
    L->kingdom_slot = layout_bytes(layout, L_KINGDOM_SLOT, &len);
    if (L->kingdom_slot == NULL)
        return -1;
    if (len != nk)
        return bad_layout("kingdom slots");
    /* the slots are checked where they are read (write_seat, write_head) */
    L->front_slot = layout_bytes(layout, L_FRONT_SLOT, &len);
    if (L->front_slot == NULL)
        return -1;
    if (len != nk)
        return bad_layout("front slots");

    b = layout_bytes(layout, L_VALUE, &len);
    if (b == NULL)
        return -1;
    if (len != 4 * (Py_ssize_t)nk)
        return bad_layout("values");
    memcpy(L->value, b, (size_t)len);

    b = layout_bytes(layout, L_QUARTERS, &len);
    if (b == NULL)
        return -1;
    if (len < 4 || len % 4)
        return bad_layout("QUARTERS");
    L->quarters = (const float *)b;
    L->nquarters = len / 4;
    b = layout_bytes(layout, L_TENTHS, &len);
    if (b == NULL)
        return -1;
    if (len < 4 || len % 4)
        return bad_layout("TENTHS");
    L->tenths = (const float *)b;
    L->ntenths = len / 4;
    return 0;
}

/* ------------------------------------------------------------------ small helpers */
/* Python's ``x % n`` for n > 0 (never negative). */
static inline long pymod(long x, long n)
{
    long r = x % n;
    return r < 0 ? r + n : r;
}

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

/* A Python int as a C long: 0, or -1 with a TypeError naming ``what``. */
static int as_long(PyObject *o, long *x, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "demigods encode: %s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    *x = PyLong_AsLong(o);
    return (*x == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Item ``i`` of the pending record ``rec`` (a tuple or list) as a C long. */
static int rec_long(PyObject *rec, Py_ssize_t i, long *x)
{
    if (i >= PySequence_Fast_GET_SIZE(rec)) {
        PyErr_SetString(PyExc_IndexError, "demigods encode: pending record too short");
        return -1;
    }
    return as_long(PySequence_Fast_GET_ITEM(rec, i), x, "a pending record's entry");
}

/* Which decision record ``name`` is (enum pending_kind), or -1 with a KeyError (as observe._DEC). */
static int pending_kind(PyObject *name)
{
    for (int j = 0; j < NPENDING; j++)
        if (name == pending_names[j])
            return j;
    if (PyUnicode_Check(name))
        for (int j = 0; j < NPENDING; j++)
            if (PyUnicode_Compare(name, pending_names[j]) == 0)
                return j;
    PyErr_Format(PyExc_KeyError, "demigods encode: the pending record %R is not a decision", name);
    return -1;
}

/* A Python int as a C long, with a fast path for the small ints card ids are (PyLong_AsLong costs
 * more than the rest of a card's work): -1 with an exception set for anything that is not an int. */
static inline long small_long(PyObject *o)
{
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o))
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
#else
    if (PyLong_CheckExact(o) && (Py_SIZE(o) == 0 || Py_SIZE(o) == 1))
        return Py_SIZE(o) ? (long)((PyLongObject *)o)->ob_digit[0] : 0;
#endif
    return PyLong_AsLong(o);
}

/* Like count_kinds (cobserve.h), for the kinds ``0 .. nk - 1``: count the cards of the list ``cards``
 * per kind (only those with ``know[card] & bit`` when ``know`` is not NULL) and write
 * ``values[count]`` at ``w[kind]`` for every kind met; the number of cards left out by ``know``, or
 * -1 with an exception for a card outside ``0 .. ncards - 1``. The counts are zeroed per call (nk is
 * small) instead of searching the kinds met. */
static Py_ssize_t count_cards(float *w, PyObject *cards, const unsigned char *kind_of, long ncards, int nk,
                              const unsigned char *know, unsigned bit, const float *values, Py_ssize_t nvalues)
{
    int counts[256];
    unsigned char met[256];
    int nmet = 0;
    Py_ssize_t left_out = 0, n = PyList_GET_SIZE(cards);
    memset(counts, 0, (size_t)nk * sizeof(int));
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = small_long(PyList_GET_ITEM(cards, i));
        if (c < 0 || c >= ncards) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "demigods encode: card %ld outside 0..%ld", c, ncards - 1);
            return -1;
        }
        if (know != NULL && !(know[c] & bit)) {
            left_out++;
            continue;
        }
        unsigned char k = kind_of[c];
        if (k >= nk) {
            PyErr_SetString(PyExc_TypeError, "demigods encode: malformed layout (kind_of)");
            return -1;
        }
        if (counts[k]++ == 0)
            met[nmet++] = k;
    }
    for (int j = 0; j < nmet; j++) {
        int x = counts[met[j]];
        w[met[j]] = values[x < nvalues ? x : nvalues - 1];
    }
    return left_out;
}

/* Card ``i`` of a zone and its kind, both checked: the kind, or -1 with an exception. */
static int card_kind(PyObject *list, Py_ssize_t i, const Layout *L, long *c)
{
    *c = small_long(PyList_GET_ITEM(list, i));
    if (*c < 0 || *c >= L->v[I_NCARDS]) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_IndexError, "demigods encode: card %ld outside 0..%d", *c, L->v[I_NCARDS] - 1);
        return -1;
    }
    int k = L->kind_of[*c];
    if (k >= L->v[I_NK])
        return bad_layout("kind_of");
    return k;
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
        int k = card_kind(kingdom, j, L, &c);
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
    float *w = b->w + START(L, KINGDOM) + 12 * i;
    for (int j = 0; j < 12; j++)
        w[j] = L->tenths[cnt[j] < L->ntenths ? cnt[j] : L->ntenths - 1];
    /* totals: min(total / (2 x goal), 1.0) */
    w = b->w + START(L, TOTALS) + 2 * i;
    w[0] = cap1((double)total[0] / L->goals[0]);
    w[1] = cap1((double)total[1] / L->goals[1]);
    /* front: Guardians blocking curse 0..4, curses 0..4, Athena */
    int guardians = 0, silenced = 0;
    w = b->w + START(L, FRONT) + 11 * i;
    len = PyList_GET_SIZE(front);
    for (Py_ssize_t j = 0; j < len; j++) {
        long c;
        int k = card_kind(front, j, L, &c);
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
        b->w[START(L, CAN_CLAIM) + i] = 1.0f;
    return 0;
}

/* observe._write_head: the decision being taken, who takes it, whose turn it is. */
static int write_head(ObsBuf *b, const Layout *L, PyObject *state, PyObject *const *a, long phase, long p)
{
    const int *v = L->v;
    long n = v[I_N];
    if (phase == v[I_OVER])
        return put(b, L, DECISION, v[I_D_OVER], 1.0f);
    PyObject *o = PyObject_VectorcallMethod(method_names[M_CURRENT_PLAYER], &state,
                                            1 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (o == NULL)
        return -1;
    long cur;
    int err = as_long(o, &cur, "current_player()");
    if (err < 0) {
        Py_DECREF(o);
        return -1;
    }
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
            Py_DECREF(o);
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
            Py_DECREF(o);
            return -1;
        }
        PyObject *front = PyList_GET_ITEM(a[A_FRONT], cur);
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(front) && !is_blind; j++) {
            long c;
            int k = card_kind(front, j, L, &c);
            if (k < 0) {
                Py_DECREF(o);
                return -1;
            }
            is_blind = L->front_slot[k] == v[I_BLIND_SLOT];
        }
        dec = is_blind ? v[I_D_BLIND] : v[I_D_ACT];
    }
    Py_DECREF(o);
    long turn_player;
    if (put(b, L, DECISION, dec, 1.0f) < 0
        || (cur == p && put(b, L, TO_MOVE, 0, 1.0f) < 0)
        || put(b, L, SEAT_TO_MOVE, pymod(cur - p, n), 1.0f) < 0
        || as_long(a[A_TURN_PLAYER], &turn_player, "turn_player") < 0
        || put(b, L, TURN_SEAT, pymod(turn_player - p, n), 1.0f) < 0)
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
            if (x >= L->v[I_NCARDS]) {
                PyErr_Format(PyExc_IndexError, "demigods encode: card %ld outside the game", x);
                return -1;
            }
            if (put(b, L, PENDING_CARD, L->kind_of[x], 1.0f) < 0)  /* put checks the kind */
                return -1;
        }
    }
    switch (kind) {
    case R_SPEECH:  /* (speech, p, card, ctx, victim) */
        if (rec_long(rec, 3, &x) < 0 || put(b, L, SPEECH_CONTEXT, x, 1.0f) < 0 || rec_long(rec, 4, &y) < 0)
            return -1;
        if (y >= 0 && put(b, L, PENDING_SEAT, pymod(y - p, n), 1.0f) < 0)
            return -1;
        break;
    case R_STEAL: { /* (steal, p, rtype, victims): the robbed seat is victims[0] */
        if (PySequence_Fast_GET_SIZE(rec) < 4) {
            PyErr_SetString(PyExc_IndexError, "demigods encode: pending record too short");
            return -1;
        }
        PyObject *victim = PySequence_GetItem(PySequence_Fast_GET_ITEM(rec, 3), 0);
        if (victim == NULL)
            return -1;
        int err = as_long(victim, &x, "a steal's victim");
        Py_DECREF(victim);
        if (err < 0 || put(b, L, PENDING_SEAT, pymod(x - p, n), 1.0f) < 0 || rec_long(rec, 2, &y) < 0
            || put(b, L, HALVING, y, 1.0f) < 0)
            return -1;
        break;
    }
    case R_ATHENA:  /* (athena, holder, offender) */
        if (rec_long(rec, 2, &x) < 0 || put(b, L, PENDING_SEAT, pymod(x - p, n), 1.0f) < 0)
            return -1;
        break;
    case R_HALVE:   /* (halve, q, rtype, need): min(need / 40, 1) */
        if (rec_long(rec, 1, &x) < 0 || rec_long(rec, 2, &y) < 0 || rec_long(rec, 3, &z) < 0
            || put(b, L, PENDING_SEAT, pymod(x - p, n), 1.0f) < 0 || put(b, L, HALVING, y, 1.0f) < 0
            || put(b, L, HALVING, 2, cap1(z / 40.0)) < 0)
            return -1;
        break;
    case R_OTYPE:   /* (otype, p, oracle kind) */
        if (rec_long(rec, 2, &x) < 0 || put(b, L, PENDING_CARD, x, 1.0f) < 0)
            return -1;
        break;
    default:
        break;
    }
    return 0;
}

/* Whether ``o``'s type looks its attributes up as ``object.__getattribute__`` does (a ``__getattr__``
 * hook aside, like State's for a clone's unbuilt rng). */
static int plain_getattribute(PyObject *o)
{
    PyTypeObject *t = Py_TYPE(o);
    if (t->tp_getattro == PyObject_GenericGetAttr)
        return 1;
    PyObject *name = method_names[M_GETATTRIBUTE];
    PyObject *mine = _PyType_Lookup(t, name);
    return mine != NULL && mine == _PyType_Lookup(&PyBaseObject_Type, name);
}

/* The state's attributes, checked: 0, or -1 with a TypeError / ValueError naming the attribute. They
 * are read with the generic lookup when the type has the plain one: the ``__getattr__`` hook State
 * defines (only reached for a missing attribute) otherwise costs more than reading the slot. */
static int read_state(PyObject *state, PyObject **a, const Layout *L)
{
    int plain = plain_getattribute(state);
    for (int j = 0; j < NATTRS; j++) {
        a[j] = plain ? PyObject_GenericGetAttr(state, attr_names[j]) : NULL;
        if (a[j] == NULL) {
            if (plain && !PyErr_ExceptionMatches(PyExc_AttributeError))
                return -1;
            PyErr_Clear();
            a[j] = PyObject_GetAttr(state, attr_names[j]);  /* missing: through __getattr__, if any */
            if (a[j] == NULL)
                return -1;
        }
    }
    static const int lists[] = {A_PENDING, A_HAND, A_KINGDOM, A_FRONT, A_DISCARD, A_DECK};
    for (size_t j = 0; j < sizeof(lists) / sizeof(lists[0]); j++)
        if (!PyList_Check(a[lists[j]])) {
            PyErr_Format(PyExc_TypeError, "demigods encode: state.%s must be a list", ATTR_NAMES[lists[j]]);
            return -1;
        }
    static const int seats[] = {A_HAND, A_KINGDOM, A_FRONT};
    for (size_t j = 0; j < sizeof(seats) / sizeof(seats[0]); j++) {
        PyObject *o = a[seats[j]];
        if (PyList_GET_SIZE(o) != L->v[I_N]) {
            PyErr_Format(PyExc_ValueError, "demigods encode: state.%s must list %d seats", ATTR_NAMES[seats[j]],
                         L->v[I_N]);
            return -1;
        }
        for (Py_ssize_t q = 0; q < PyList_GET_SIZE(o); q++)
            if (!PyList_Check(PyList_GET_ITEM(o, q))) {
                PyErr_Format(PyExc_TypeError, "demigods encode: state.%s must be a list of lists",
                             ATTR_NAMES[seats[j]]);
                return -1;
            }
    }
    static const int flags[] = {A_BLESSED, A_VIS};
    for (size_t j = 0; j < 2; j++) {
        Py_ssize_t len;
        if (bytes_of(a[flags[j]], &len) == NULL)
            return -1;
        if (len < L->v[I_NCARDS]) {
            PyErr_Format(PyExc_ValueError, "demigods encode: state.%s must have a byte per card",
                         ATTR_NAMES[flags[j]]);
            return -1;
        }
    }
    return 0;
}

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(state, p, out, layout) takes 4 arguments");
        return NULL;
    }
    PyObject *state = args[0], *layout = args[3];
    if (!PyTuple_Check(layout) || PyTuple_GET_SIZE(layout) != L_LEN) {
        PyErr_Format(PyExc_TypeError, "demigods encode: layout must be a tuple of %d entries "
                     "(observe.c_layout(game))", (int)L_LEN);
        return NULL;
    }
    Layout L;
    if (read_layout(&L, layout) < 0)
        return NULL;
    const int *v = L.v;
    long p;
    if (as_long(args[1], &p, "p") < 0)
        return NULL;
    if (p < 0 || p >= v[I_N]) {
        PyErr_Format(PyExc_ValueError, "demigods encode: seat %ld outside 0..%d", p, v[I_N] - 1);
        return NULL;
    }
    ObsBuf b;
    if (!obs_open(&b, args[2], v[I_SIZE]))
        Py_RETURN_FALSE;
    PyObject *a[NATTRS] = {NULL};
    if (read_state(state, a, &L) < 0)
        goto fail;
    long n = v[I_N], ncards = v[I_NCARDS], nk = v[I_NK], phase, turns;
    Py_ssize_t len;
    const unsigned char *vis = bytes_of(a[A_VIS], &len), *blessed = bytes_of(a[A_BLESSED], &len);
    unsigned bit = 1u << p;
    if (as_long(a[A_PHASE], &phase, "phase") < 0)
        goto fail;

    /* decision .. turn_seat */
    if (write_head(&b, &L, state, a, phase, p) < 0)
        goto fail;

    /* my_hand (QUARTERS of the counts this seat sees), my_hand_unseen */
    PyObject *hands = a[A_HAND];
    Py_ssize_t unseen = count_cards(b.w + START(&L, MY_HAND), PyList_GET_ITEM(hands, p), L.kind_of, ncards, nk,
                                    vis, bit, L.quarters, L.nquarters);
    if (unseen < 0)
        goto fail;
    b.w[START(&L, MY_HAND_UNSEEN)] = cap1(unseen / 10.0);

    /* per relative seat: hand_sizes, known_hands (others), kingdom, totals, front, can_claim */
    for (long i = 0; i < n; i++) {
        long q = (p + i) % n;
        PyObject *h = PyList_GET_ITEM(hands, q);
        b.w[START(&L, HAND_SIZES) + i] = cap1(PyList_GET_SIZE(h) / 10.0);
        if (i && count_cards(b.w + START(&L, KNOWN_HANDS) + (i - 1) * nk, h, L.kind_of, ncards, nk, vis, bit,
                             L.quarters, L.nquarters) < 0)
            goto fail;
        if (write_seat(&b, &L, (int)i, PyList_GET_ITEM(a[A_KINGDOM], q), PyList_GET_ITEM(a[A_FRONT], q),
                       blessed) < 0)
            goto fail;
    }

    /* discard_top, discard_pile (TENTHS of the counts) */
    PyObject *pile = a[A_DISCARD];
    len = PyList_GET_SIZE(pile);
    long top = nk;
    if (len) {
        long c;
        top = card_kind(pile, len - 1, &L, &c);
        if (top < 0)
            goto fail;
    }
    b.w[START(&L, DISCARD_TOP) + top] = 1.0f;
    if (count_cards(b.w + START(&L, DISCARD_PILE), pile, L.kind_of, ncards, nk, NULL, 0, L.tenths, L.ntenths) < 0)
        goto fail;

    /* deck_size, reshuffled */
    b.w[START(&L, DECK_SIZE)] = (float)((double)PyList_GET_SIZE(a[A_DECK]) / (double)ncards);
    int reshuffled = PyObject_IsTrue(a[A_RESHUFFLED]);
    if (reshuffled < 0)
        goto fail;
    if (reshuffled)
        b.w[START(&L, RESHUFFLED)] = 1.0f;

    /* pending_card .. halving: the decision's details */
    PyObject *pending = a[A_PENDING];
    if (PyList_GET_SIZE(pending) && phase != v[I_OVER]) {
        PyObject *rec = PyList_GET_ITEM(pending, PyList_GET_SIZE(pending) - 1);
        if (!(PyTuple_Check(rec) || PyList_Check(rec)) || PySequence_Fast_GET_SIZE(rec) < 1) {
            PyErr_SetString(PyExc_TypeError, "demigods encode: a pending record must be a tuple");
            goto fail;
        }
        if (write_pending(&b, &L, rec, p) < 0)
            goto fail;
    }

    /* round, speech_mode */
    if (as_long(a[A_TURNS], &turns, "turns") < 0)
        goto fail;
    if (v[I_ROUND_DEN] == 0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "demigods encode: max_rounds is 0");
        goto fail;
    }
    b.w[START(&L, ROUND)] = cap1((double)turns / (double)v[I_ROUND_DEN]);
    if (v[I_EXPLICIT])
        b.w[START(&L, SPEECH_MODE)] = 1.0f;

    obs_close(&b);
    for (int j = 0; j < NATTRS; j++)
        Py_DECREF(a[j]);
    Py_RETURN_TRUE;

fail:
    obs_close(&b);
    for (int j = 0; j < NATTRS; j++)
        Py_XDECREF(a[j]);
    return NULL;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, p, out, layout) -> bool: seat p's view of state written into out (see observe.encode)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cobserve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__cobserve(void)
{
    if (intern_names(ATTR_NAMES, attr_names, NATTRS) < 0 || intern_names(METHOD_NAMES, method_names, NMETHODS) < 0
        || intern_names(PENDING_NAMES, pending_names, NPENDING) < 0)
        return NULL;
    return PyModule_Create(&module);
}
