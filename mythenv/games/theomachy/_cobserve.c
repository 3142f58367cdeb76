/* The compiled observation encoder of Theomachy: the C twin of ``encode`` in observe.py, which stays the
 * reference (see mythenv/core/cobserve.h for the contract). It writes seat ``p``'s view of a
 * TheomachyState bit for bit as the Python encoder does, one block per observation piece in the same
 * order. The rules stay in Python: whose move it is (``current_player``), the seat's Essences
 * (``essence``), who is in the Battle (``active``) and its Power (``battle_power``) are the state's
 * methods, called before anything is written; the C code only counts cards and writes values.
 *
 * ``layout`` (built by ``c_layout`` in observe.py, once per Game):
 *   0 n          number of seats (must equal ``state.n``)
 *   1 size       observation size (floats)
 *   2 nsteps     number of game steps (STEP_NAMES)
 *   3 nk         number of Prayer card kinds (NK)
 *   4 ne         number of Essence cards (NE)
 *   5 bet        the betting step (BET)
 *   6 battle     the Battle step (BATTLE)
 *   7 max_hands  the Hand bound of the config (float)
 *   8 kind_of    bytes: Prayer card id (both boxes) -> kind
 *   9 offsets    bytes: int32 start of every piece, in the order of the enum below (_C_PIECES)
 *  10 cls        the state class (TheomachyState): plain instance attributes, no __getattribute__
 *  11 rules      (cls.current_player, cls.essence, cls.active, cls.battle_power), the functions
 * A state of exactly ``cls`` is read with the generic attribute lookup (what ``object.__getattribute__``
 * does: the class's ``__getattr__`` only builds a clone's ``rng``, which is never read here) and its
 * rules are called as the class's functions (no bound method per call); any other object goes through
 * the ordinary attribute and method lookups.
 * The piece extents implied by the offsets are checked against the shapes this file writes at every
 * call, so a changed Observer raises instead of writing out of place.
 */
#include "cobserve.h"
#include <stdint.h>

#define LAYOUT_LEN 12
#define MAXN 32 /* seats a stack array (and a knowledge bitmask) holds; the game has 2..8 */

/* the observation pieces, in the order of ``_C_PIECES`` (observe.py) = ``observer(n)`` */
enum {
    STEP, DECISION, TO_MOVE, BET_ROUND, ACTED_NOW, TO_CALL, ANTE, HAND, HAND_KNOWN, SET_ASIDE, DECK,
    DISCARD, DRAFT_PACKET, DRAFT_KEPT, OPP_HAND_KNOWN, CULT, STAKE, LAST_STAND_TOKENS, PAID, LEVEL, BANK,
    SEAT, SIZES, DISCARD_TOP, TABLE, PLACES, BATTLE_PIECE, CONSTELLATION, MY_ESSENCE, ESSENCE_DISCARD,
    ESSENCE_DECK, TRACK, PRAYER_DECK, PENDING_CARD, PENDING_SEATS, HANDS, NPIECES
};

/* ------------------------------------------------------------------ interned names */
enum {
    A_N, A_STEP, A_PENDING, A_ROUND, A_ACTED_NOW, A_TURN, A_TURN_PLAYED, A_LEVEL, A_ALIVE, A_PAID, A_ANTE,
    A_HAND, A_VIS, A_ASIDE, A_DECK, A_DISC, A_DRAFT_HAND, A_PICKED_NOW, A_PICKS, A_CULT, A_STAKE, A_LSK,
    A_FOLDED, A_LS, A_FIRST, A_ACTED, A_TABLE, A_PLACES, A_ATTACKS, A_BANK, A_PEEK, A_CONST_UP, A_CONST,
    A_ESS_DISC, A_ESS_DECK, A_TRACK, A_PRAYER, A_HANDS,
    M_CURRENT_PLAYER, M_ESSENCE, M_ACTIVE, M_BATTLE_POWER, K_TARGET, K_REACT, K_CLOSING, NNAMES
};
static const char *const NAMES[NNAMES] = {
    "n", "step", "pending", "round", "acted_now", "turn", "turn_played", "level", "alive", "paid", "ante",
    "hand", "vis", "aside", "deck", "disc", "draft_hand", "picked_now", "picks", "cult", "stake", "lsk",
    "folded", "ls", "first", "acted", "table", "places", "attacks", "bank", "peek", "const_up", "const",
    "ess_disc", "ess_deck", "track", "prayer", "hands",
    "current_player", "essence", "active", "battle_power", "target", "react", "closing",
};
static PyObject *S[NNAMES]; /* interned at module init, never changed */

/* ------------------------------------------------------------------ the layout */
typedef struct {
    long n, nsteps, nk, ne, bet, battle;
    Py_ssize_t size;
    double max_hands;
    const unsigned char *kind_of;
    Py_ssize_t nkind_of;
    int32_t off[NPIECES];
    PyTypeObject *cls;
    PyObject *rule[4]; /* current_player, essence, active, battle_power (order of M_*) */
} Layout;

static int layout_long(PyObject *t, Py_ssize_t i, long lo, long *v)
{
    PyObject *o = PyTuple_GET_ITEM(t, i);
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "layout[%zd] must be an int", i);
        return -1;
    }
    *v = PyLong_AsLong(o);
    if (*v == -1 && PyErr_Occurred())
        return -1;
    if (*v < lo) {
        PyErr_Format(PyExc_ValueError, "layout[%zd] = %ld is below %ld", i, *v, lo);
        return -1;
    }
    return 0;
}

/* Read and check ``layout``: types, and the piece extents its offsets imply against the shapes written
 * here (the shapes of ``observer(n)``). 0, or -1 with an exception. */
static int parse_layout(PyObject *t, Layout *L)
{
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != LAYOUT_LEN) {
        PyErr_Format(PyExc_TypeError, "layout must be the tuple of %d items built by observe.c_layout",
                     LAYOUT_LEN);
        return -1;
    }
    long size;
    if (layout_long(t, 0, 2, &L->n) < 0 || layout_long(t, 1, 1, &size) < 0 || layout_long(t, 2, 1, &L->nsteps) < 0
        || layout_long(t, 3, 1, &L->nk) < 0 || layout_long(t, 4, 1, &L->ne) < 0
        || layout_long(t, 5, 0, &L->bet) < 0 || layout_long(t, 6, 0, &L->battle) < 0)
        return -1;
    if (L->n > MAXN || L->nk > 255) {
        PyErr_SetString(PyExc_ValueError, "layout: too many seats or card kinds");
        return -1;
    }
    L->size = size;
    PyObject *mh = PyTuple_GET_ITEM(t, 7);
    if (!PyFloat_Check(mh)) {
        PyErr_SetString(PyExc_TypeError, "layout[7] (max_hands) must be a float");
        return -1;
    }
    L->max_hands = PyFloat_AS_DOUBLE(mh);
    PyObject *kb = PyTuple_GET_ITEM(t, 8), *ob = PyTuple_GET_ITEM(t, 9);
    if (!PyBytes_Check(kb) || !PyBytes_Check(ob)) {
        PyErr_SetString(PyExc_TypeError, "layout[8] (kind_of) and layout[9] (offsets) must be bytes");
        return -1;
    }
    L->kind_of = (const unsigned char *)PyBytes_AS_STRING(kb);
    L->nkind_of = PyBytes_GET_SIZE(kb);
    if (PyBytes_GET_SIZE(ob) != (Py_ssize_t)sizeof(L->off)) {
        PyErr_Format(PyExc_TypeError, "layout[9] must hold %d int32 piece offsets", NPIECES);
        return -1;
    }
    memcpy(L->off, PyBytes_AS_STRING(ob), sizeof(L->off));
    PyObject *cls = PyTuple_GET_ITEM(t, 10), *rules = PyTuple_GET_ITEM(t, 11);
    if (!PyType_Check(cls) || !PyTuple_Check(rules) || PyTuple_GET_SIZE(rules) != 4) {
        PyErr_SetString(PyExc_TypeError, "layout[10] must be the state class, layout[11] its 4 rule functions");
        return -1;
    }
    L->cls = (PyTypeObject *)cls;
    for (int i = 0; i < 4; i++) {
        L->rule[i] = PyTuple_GET_ITEM(rules, i);
        if (!PyCallable_Check(L->rule[i])) {
            PyErr_SetString(PyExc_TypeError, "layout[11]: the rules must be callables");
            return -1;
        }
    }
    /* the shapes of observer(n), flattened */
    const long n = L->n, nk = L->nk, ne = L->ne;
    const long extent[NPIECES] = {
        [STEP] = L->nsteps, [DECISION] = 4, [TO_MOVE] = 1, [BET_ROUND] = 3, [ACTED_NOW] = 1, [TO_CALL] = 3,
        [ANTE] = 3, [HAND] = nk, [HAND_KNOWN] = nk, [SET_ASIDE] = nk, [DECK] = nk, [DISCARD] = nk,
        [DRAFT_PACKET] = nk, [DRAFT_KEPT] = nk, [OPP_HAND_KNOWN] = (n - 1) * nk, [CULT] = n * 3,
        [STAKE] = n * 3, [LAST_STAND_TOKENS] = n * 3, [PAID] = n * 3, [LEVEL] = 3, [BANK] = 3,
        [SEAT] = n * 6, [SIZES] = n * 3, [DISCARD_TOP] = n * (nk + 1), [TABLE] = n * nk,
        [PLACES] = n * nk * 2, [BATTLE_PIECE] = n * 2, [CONSTELLATION] = 5 * (ne + 1), [MY_ESSENCE] = 6,
        [ESSENCE_DISCARD] = ne, [ESSENCE_DECK] = 1, [TRACK] = 6 * (nk + 1), [PRAYER_DECK] = 1,
        [PENDING_CARD] = nk, [PENDING_SEATS] = 2 * n, [HANDS] = 1,
    };
    long at = 0;
    for (int i = 0; i < NPIECES; i++) {
        if (L->off[i] != at) {
            PyErr_Format(PyExc_ValueError, "layout: piece %d starts at %ld, the C encoder expects %ld "
                         "(observer(n) and _cobserve.c disagree)", i, (long)L->off[i], at);
            return -1;
        }
        at += extent[i];
    }
    if (at != size) {
        PyErr_Format(PyExc_ValueError, "layout: size %ld, the pieces cover %ld", size, at);
        return -1;
    }
    for (Py_ssize_t c = 0; c < L->nkind_of; c++)
        if (L->kind_of[c] >= nk) {
            PyErr_SetString(PyExc_ValueError, "layout: a card kind is out of range");
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ reading the state */
/* New references taken during one call, released together at its end. */
typedef struct {
    PyObject *ref[NNAMES];
    int nref;
    int plain; /* the state is exactly the layout's class: generic attribute lookup, direct rule calls */
    const Layout *L;
} Refs;

static void refs_release(Refs *r)
{
    for (int i = 0; i < r->nref; i++)
        Py_DECREF(r->ref[i]);
    r->nref = 0;
}

static PyObject *const NO_ITEMS[1] = {NULL}; /* the items of an empty sequence (never read) */

/* The items and length of a list or tuple (borrowed); NULL with a TypeError naming ``what``. No Python
 * code runs while the items are in use (every method is called before), so they stay valid. */
static PyObject **items_of(PyObject *o, Py_ssize_t *len, PyObject *what)
{
    if (!PyList_Check(o) && !PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "theomachy state.%U: expected a list or tuple, got %.80s", what,
                     Py_TYPE(o)->tp_name);
        return NULL;
    }
    *len = PySequence_Fast_GET_SIZE(o);
    PyObject **it = PySequence_Fast_ITEMS(o);
    return it != NULL ? it : (PyObject **)NO_ITEMS; /* an empty list has no item array */
}

/* A Python int (bools included) as a C long; -1 with a TypeError naming ``what`` for anything else. */
static int as_long(PyObject *o, long *v, PyObject *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "theomachy state.%U: expected an int, got %.80s", what,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    *v = PyLong_AsLong(o);
    return (*v == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* The truth of a bool or int: 0 / 1, or -1 with a TypeError naming ``what``. */
static int as_flag(PyObject *o, PyObject *what)
{
    if (o == Py_True)
        return 1;
    if (o == Py_False)
        return 0;
    long v;
    if (as_long(o, &v, what) < 0)
        return -1;
    return v != 0;
}

/* A number as Python's true division converts it (an int or a float); -1 with an error otherwise. */
static int as_double(PyObject *o, double *v, PyObject *what)
{
    if (PyFloat_Check(o))
        *v = PyFloat_AS_DOUBLE(o);
    else if (PyLong_Check(o))
        *v = PyLong_AsDouble(o);
    else {
        PyErr_Format(PyExc_TypeError, "theomachy state.%U: expected a number, got %.80s", what,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    return (*v == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* state.<a> (kept in ``r``); NULL with an exception. */
static PyObject *attr(Refs *r, PyObject *state, int a)
{
    if (r->nref == NNAMES) { /* cannot happen: every attribute is read at most once per call */
        PyErr_SetString(PyExc_RuntimeError, "theomachy encoder: too many attributes held");
        return NULL;
    }
    PyObject *o = r->plain ? PyObject_GenericGetAttr(state, S[a]) : PyObject_GetAttr(state, S[a]);
    if (o != NULL)
        r->ref[r->nref++] = o;
    return o;
}

/* state.<m>(arg) (no argument when ``arg`` is NULL), ``m`` one of M_CURRENT_PLAYER .. M_BATTLE_POWER:
 * the class's function called on the state, or the method looked up on any other object. */
static PyObject *rule(Refs *r, PyObject *state, int m, PyObject *arg)
{
    if (r->plain) {
        PyObject *args[2] = {state, arg};
        return PyObject_Vectorcall(r->L->rule[m - M_CURRENT_PLAYER], args, arg ? 2 : 1, NULL);
    }
    return arg ? PyObject_CallMethodOneArg(state, S[m], arg) : PyObject_CallMethodNoArgs(state, S[m]);
}

/* The items of state.<a>, a list or tuple of ``want`` items (any length when ``want`` < 0). */
static PyObject **attr_items(Refs *r, PyObject *state, int a, Py_ssize_t want, Py_ssize_t *len)
{
    PyObject *o = attr(r, state, a);
    if (o == NULL)
        return NULL;
    PyObject **it = items_of(o, len, S[a]);
    if (it != NULL && want >= 0 && *len != want) {
        PyErr_Format(PyExc_ValueError, "theomachy state.%U has %zd items, expected %zd", S[a], *len, want);
        return NULL;
    }
    return it;
}

static int attr_long(Refs *r, PyObject *state, int a, long *v)
{
    PyObject *o = attr(r, state, a);
    return o == NULL ? -1 : as_long(o, v, S[a]);
}

static int attr_flag(Refs *r, PyObject *state, int a)
{
    PyObject *o = attr(r, state, a);
    return o == NULL ? -1 : as_flag(o, S[a]);
}

/* Item ``i`` (known in range) of a seat-indexed or token list, as a long / list-or-tuple items. */
static int item_long(PyObject **it, Py_ssize_t i, long *v, int a) { return as_long(it[i], v, S[a]); }

static PyObject **item_items(PyObject **it, Py_ssize_t i, Py_ssize_t *len, int a)
{
    return items_of(it[i], len, S[a]);
}

/* ------------------------------------------------------------------ kernels */
/* The kind of Prayer card ``c`` (the Python KIND_OF[c % BOX_CARDS] over both boxes); -1 with an
 * IndexError for an id outside the table. */
static inline int kind_of(const Layout *L, long c)
{
    if (c < 0 || c >= L->nkind_of) {
        PyErr_Format(PyExc_IndexError, "theomachy: card %ld outside 0..%zd", c, L->nkind_of - 1);
        return -1;
    }
    return L->kind_of[c];
}

/* Card counts written in place into a zero piece ``w`` (counts are small exact floats), remembering
 * which entries were met so that ``cnt_finish`` visits only those. */
typedef struct {
    float *w;
    int n;
    short at[512]; /* entries met (a piece has at most 2 * 255 of them) */
} Counts;

static inline void cnt_start(Counts *c, float *w)
{
    c->w = w;
    c->n = 0;
}

static inline void cnt_add(Counts *c, int k)
{
    if (c->w[k] == 0.0f)
        c->at[c->n++] = (short)k;
    c->w[k] += 1.0f;
}

/* Turn the counts into ``min(count * scale, 1)`` (the Python _QUARTER[count] for scale 1/4). */
static inline void cnt_finish(Counts *c, double scale)
{
    for (int j = 0; j < c->n; j++)
        c->w[c->at[j]] = cap1((double)c->w[c->at[j]] * scale);
}

/* Count (``cnt_add``) the kind of each card of ``cards`` (``n`` items) whose knowledge mask ``vis[c]``
 * meets ``mask`` (every card when ``vis`` is NULL). 0, or -1 with an exception. */
static int add_kinds(Counts *w, PyObject **cards, Py_ssize_t n, const Layout *L, PyObject **vis,
                     Py_ssize_t nvis, long mask, int a)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        long c, seen;
        if (as_long(cards[i], &c, S[a]) < 0)
            return -1;
        if (vis != NULL) {
            if (c < 0 || c >= nvis) {
                PyErr_Format(PyExc_IndexError, "theomachy state.vis: card %ld out of range", c);
                return -1;
            }
            if (as_long(vis[c], &seen, S[A_VIS]) < 0)
                return -1;
            if (!(seen & mask))
                continue;
        }
        int k = kind_of(L, c);
        if (k < 0)
            return -1;
        cnt_add(w, k);
    }
    return 0;
}

/* _counts(w, cards, base): per-kind counts / 4 of a list of cards at ``w`` (zero). */
static int counts(float *w, PyObject *cards, const Layout *L, int a)
{
    Py_ssize_t n;
    Counts cnt;
    cnt_start(&cnt, w);
    PyObject **it = items_of(cards, &n, S[a]);
    if (it == NULL || add_kinds(&cnt, it, n, L, NULL, 0, 0, a) < 0)
        return -1;
    cnt_finish(&cnt, 0.25);
    return 0;
}

static inline long pymod(long a, long n) { return ((a % n) + n) % n; }

/* ------------------------------------------------------------------ the encoder */
static int fill(float *w, PyObject *state, long p, PyObject *py_p, const Layout *L, Refs *r)
{
    const long n = L->n, nk = L->nk, ne = L->ne;
    const int32_t *P = L->off;
    Py_ssize_t len, len2;
    long v, sn;
    PyObject *o;

    if (attr_long(r, state, A_N, &sn) < 0)
        return -1;
    if (sn != n) {
        PyErr_Format(PyExc_ValueError, "theomachy: state has %ld seats, the layout %ld", sn, n);
        return -1;
    }
    long step;
    if (attr_long(r, state, A_STEP, &step) < 0)
        return -1;
    if (step < 0 || step >= L->nsteps) {
        PyErr_Format(PyExc_ValueError, "theomachy state.step = %ld out of range", step);
        return -1;
    }
    const int battle = step == L->battle;

    /* the rules, called before any item is borrowed: state.current_player(), state.essence(p), and in a
     * Battle state.active(q) and state.battle_power(q) for every seat */
    long cur;
    o = rule(r, state, M_CURRENT_PLAYER, NULL);
    if (o == NULL)
        return -1;
    int bad = as_long(o, &cur, S[M_CURRENT_PLAYER]);
    Py_DECREF(o);
    if (bad < 0)
        return -1;
    double ess[6]; /* spheres 0..3, Order and Chaos orbs */
    o = rule(r, state, M_ESSENCE, py_p);
    if (o == NULL)
        return -1;
    {
        PyObject **two = items_of(o, &len, S[M_ESSENCE]), **sph = NULL, **orbs = NULL;
        bad = two == NULL || len != 2 || (sph = items_of(two[0], &len, S[M_ESSENCE])) == NULL || len < 4
              || (orbs = items_of(two[1], &len2, S[M_ESSENCE])) == NULL || len2 < 2;
        for (int s = 0; !bad && s < 6; s++)
            bad = as_double(s < 4 ? sph[s] : orbs[s - 4], &ess[s], S[M_ESSENCE]) < 0;
        if (bad && !PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "theomachy state.essence(p) must be (4 spheres, 2 orbs)");
        Py_DECREF(o);
        if (bad)
            return -1;
    }
    int in_battle[MAXN] = {0};
    double power[MAXN];
    if (battle) {
        for (long i = 0; i < n; i++) {
            PyObject *q = PyLong_FromLong((p + i) % n);
            if (q == NULL)
                return -1;
            o = rule(r, state, M_ACTIVE, q);
            in_battle[i] = o == NULL ? -1 : as_flag(o, S[M_ACTIVE]);
            Py_XDECREF(o);
            if (in_battle[i] == 1) {
                o = rule(r, state, M_BATTLE_POWER, q);
                if (o == NULL || as_double(o, &power[i], S[M_BATTLE_POWER]) < 0)
                    in_battle[i] = -1;
                Py_XDECREF(o);
            }
            Py_DECREF(q);
            if (in_battle[i] < 0)
                return -1;
        }
    }

    /* the state's containers (new references kept in r; items borrowed from here on) */
    Py_ssize_t npend, nvis;
    PyObject **pending = attr_items(r, state, A_PENDING, -1, &npend);
    PyObject **level = attr_items(r, state, A_LEVEL, 3, &len);
    PyObject **alive = attr_items(r, state, A_ALIVE, n, &len);
    PyObject **paid = attr_items(r, state, A_PAID, n, &len);
    PyObject **hand = attr_items(r, state, A_HAND, n, &len);
    PyObject **vis = attr_items(r, state, A_VIS, -1, &nvis);
    PyObject **aside = attr_items(r, state, A_ASIDE, n, &len);
    PyObject **deck = attr_items(r, state, A_DECK, n, &len);
    PyObject **disc = attr_items(r, state, A_DISC, n, &len);
    PyObject **draft_hand = attr_items(r, state, A_DRAFT_HAND, n, &len);
    PyObject **picked_now = attr_items(r, state, A_PICKED_NOW, n, &len);
    PyObject **picks = attr_items(r, state, A_PICKS, n, &len);
    PyObject **cult = attr_items(r, state, A_CULT, n, &len);
    PyObject **stake = attr_items(r, state, A_STAKE, n, &len);
    PyObject **lsk = attr_items(r, state, A_LSK, n, &len);
    PyObject **folded = attr_items(r, state, A_FOLDED, n, &len);
    PyObject **ls = attr_items(r, state, A_LS, n, &len);
    PyObject **acted = attr_items(r, state, A_ACTED, n, &len);
    PyObject **table = attr_items(r, state, A_TABLE, n, &len);
    PyObject **places = attr_items(r, state, A_PLACES, n, &len);
    PyObject **attacks = attr_items(r, state, A_ATTACKS, n, &len);
    PyObject **bank = attr_items(r, state, A_BANK, 3, &len);
    PyObject **peek = attr_items(r, state, A_PEEK, n, &len);
    if (!pending || !level || !alive || !paid || !hand || !vis || !aside || !deck || !disc || !draft_hand
        || !picked_now || !picks || !cult || !stake || !lsk || !folded || !ls || !acted || !table || !places
        || !attacks || !bank || !peek)
        return -1;

    /* step */
    w[P[STEP] + step] = 1.0f;
    /* decision: _PENDING[pending[-1][0]] (target 1, react 2, closing 3), 0 for an ordinary turn */
    PyObject **pend = NULL;
    Py_ssize_t npend_items = 0;
    int decision = 0;
    if (npend) {
        pend = items_of(pending[npend - 1], &npend_items, S[A_PENDING]);
        if (pend == NULL)
            return -1;
        PyObject *tag = npend_items >= 1 ? pend[0] : NULL;
        if (tag == NULL || !PyUnicode_Check(tag)) {
            PyErr_SetString(PyExc_TypeError, "theomachy state.pending: an entry must start with its kind");
            return -1;
        }
        for (int j = 0; j < 3 && !decision; j++)
            if (tag == S[K_TARGET + j] || PyUnicode_Compare(tag, S[K_TARGET + j]) == 0)
                decision = j + 1;
        if (!decision) {
            PyErr_Format(PyExc_KeyError, "theomachy state.pending: unknown decision %R", tag);
            return -1;
        }
        if (npend_items < (decision == 1 ? 3 : decision == 2 ? 5 : 1)) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.pending: entry too short");
            return -1;
        }
    }
    w[P[DECISION] + decision] = 1.0f;
    /* to_move */
    if (cur == p)
        w[P[TO_MOVE]] = 1.0f;
    /* bet_round, acted_now */
    if (step == L->bet) {
        long round, turn;
        int acted_now;
        if (attr_long(r, state, A_ROUND, &round) < 0 || (acted_now = attr_flag(r, state, A_ACTED_NOW)) < 0
            || attr_long(r, state, A_TURN, &turn) < 0)
            return -1;
        if (round < 0) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.round is negative");
            return -1;
        }
        w[P[BET_ROUND] + (round < 2 ? round : 2)] = 1.0f;
        if (acted_now && turn == p)
            w[P[ACTED_NOW]] = 1.0f;
    } else if (battle) {
        long turn;
        int played;
        if ((played = attr_flag(r, state, A_TURN_PLAYED)) < 0 || attr_long(r, state, A_TURN, &turn) < 0)
            return -1;
        if (played && turn == p)
            w[P[ACTED_NOW]] = 1.0f;
    }
    /* to_call: level - paid[p] per type / 10, for a seat in the game */
    long lev[3];
    for (int t = 0; t < 3; t++)
        if (item_long(level, t, &lev[t], A_LEVEL) < 0)
            return -1;
    int f = as_flag(alive[p], S[A_ALIVE]);
    if (f < 0)
        return -1;
    if (f) {
        PyObject **pp = item_items(paid, p, &len, A_PAID);
        if (pp == NULL)
            return -1;
        if (len != 3) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.paid: 3 token types expected");
            return -1;
        }
        for (int t = 0; t < 3; t++) {
            if (item_long(pp, t, &v, A_PAID) < 0)
                return -1;
            long d = lev[t] - v;
            if (d > 0)
                w[P[TO_CALL] + t] = cap1(d / 10.0);
        }
    }
    /* ante */
    long ante;
    if (attr_long(r, state, A_ANTE, &ante) < 0)
        return -1;
    if (ante < 1 || ante > 3) {
        PyErr_SetString(PyExc_ValueError, "theomachy state.ante must be 1..3");
        return -1;
    }
    w[P[ANTE] + ante - 1] = 1.0f;
    /* hand, hand_known (own cards an opponent knows) */
    PyObject **cards = item_items(hand, p, &len, A_HAND);
    const long bit = 1L << p, others = ((1L << n) - 1) ^ bit;
    Counts cnt, cnt2;
    cnt_start(&cnt, w + P[HAND]);
    cnt_start(&cnt2, w + P[HAND_KNOWN]);
    if (cards == NULL || add_kinds(&cnt, cards, len, L, NULL, 0, 0, A_HAND) < 0
        || add_kinds(&cnt2, cards, len, L, vis, nvis, others, A_HAND) < 0)
        return -1;
    cnt_finish(&cnt, 0.25);
    cnt_finish(&cnt2, 0.25);
    /* set_aside, deck, discard, draft_packet */
    if (counts(w + P[SET_ASIDE], aside[p], L, A_ASIDE) < 0 || counts(w + P[DECK], deck[p], L, A_DECK) < 0
        || counts(w + P[DISCARD], disc[p], L, A_DISC) < 0
        || counts(w + P[DRAFT_PACKET], draft_hand[p], L, A_DRAFT_HAND) < 0)
        return -1;
    /* draft_kept: picks[p] and the card picked this round */
    long now;
    cnt_start(&cnt, w + P[DRAFT_KEPT]);
    if (item_long(picked_now, p, &now, A_PICKED_NOW) < 0 || (cards = item_items(picks, p, &len, A_PICKS)) == NULL
        || add_kinds(&cnt, cards, len, L, NULL, 0, 0, A_PICKS) < 0)
        return -1;
    if (now >= 0) {
        int k = kind_of(L, now);
        if (k < 0)
            return -1;
        cnt_add(&cnt, k);
    }
    cnt_finish(&cnt, 0.25);
    /* opp_hand_known: the cards in an opponent's hand or set aside that this seat knows */
    for (long i = 1; i < n; i++) {
        long q = (p + i) % n;
        cnt_start(&cnt, w + P[OPP_HAND_KNOWN] + (i - 1) * nk);
        if ((cards = item_items(hand, q, &len, A_HAND)) == NULL
            || add_kinds(&cnt, cards, len, L, vis, nvis, bit, A_HAND) < 0
            || (cards = item_items(aside, q, &len, A_ASIDE)) == NULL
            || add_kinds(&cnt, cards, len, L, vis, nvis, bit, A_ASIDE) < 0)
            return -1;
        cnt_finish(&cnt, 0.25);
    }
    /* per seat, relative: cult, stake, last_stand_tokens, paid, seat, sizes, discard_top, table, places,
     * battle */
    long first;
    if (attr_long(r, state, A_FIRST, &first) < 0)
        return -1;
    PyObject **const tokens_of[4] = {cult, stake, lsk, paid};
    const int token_attr[4] = {A_CULT, A_STAKE, A_LSK, A_PAID};
    const int token_piece[4] = {CULT, STAKE, LAST_STAND_TOKENS, PAID};
    for (long i = 0; i < n; i++) {
        long q = (p + i) % n;
        for (int j = 0; j < 4; j++) { /* token counts / 20, capped at 1 */
            PyObject **tok = item_items(tokens_of[j], q, &len, token_attr[j]);
            if (tok == NULL)
                return -1;
            if (len != 3) {
                PyErr_Format(PyExc_ValueError, "theomachy state.%U: 3 token types expected", S[token_attr[j]]);
                return -1;
            }
            for (int t = 0; t < 3; t++) {
                if (item_long(tok, t, &v, token_attr[j]) < 0)
                    return -1;
                if (v)
                    w[P[token_piece[j]] + i * 3 + t] = v < 20 ? (float)(v / 20.0) : 1.0f;
            }
        }
        /* seat: in the game, folded, Last Stand, First Player, acted this round, to move */
        float *sb = w + P[SEAT] + i * 6;
        PyObject **const flags[4] = {alive, folded, ls, acted};
        const int flag_attr[4] = {A_ALIVE, A_FOLDED, A_LS, A_ACTED};
        const int flag_at[4] = {0, 1, 2, 4};
        for (int j = 0; j < 4; j++) {
            if ((f = as_flag(flags[j][q], S[flag_attr[j]])) < 0)
                return -1;
            if (f)
                sb[flag_at[j]] = 1.0f;
        }
        if (first == q)
            sb[3] = 1.0f;
        if (cur == q)
            sb[5] = 1.0f;
        /* sizes: hand (and set aside) / 10, draw pile / 30, discard pile / 60 */
        Py_ssize_t nhand, naside, ndeck, ndisc;
        PyObject **dc;
        if (item_items(hand, q, &nhand, A_HAND) == NULL || item_items(aside, q, &naside, A_ASIDE) == NULL
            || item_items(deck, q, &ndeck, A_DECK) == NULL || (dc = item_items(disc, q, &ndisc, A_DISC)) == NULL)
            return -1;
        float *zb = w + P[SIZES] + i * 3;
        zb[0] = cap1((double)(nhand + naside) / 10.0);
        zb[1] = cap1((double)ndeck / 30.0);
        zb[2] = cap1((double)ndisc / 60.0);
        /* discard_top (last = empty) */
        int top = (int)nk;
        if (ndisc) {
            if (as_long(dc[ndisc - 1], &v, S[A_DISC]) < 0 || (top = kind_of(L, v)) < 0)
                return -1;
        }
        w[P[DISCARD_TOP] + i * (nk + 1) + top] = 1.0f;
        /* table */
        if (counts(w + P[TABLE] + i * nk, table[q], L, A_TABLE) < 0)
            return -1;
        /* places: [card, damaged 0/1, token] -> count / 2 at (kind, damaged) */
        Py_ssize_t npl;
        PyObject **pls = item_items(places, q, &npl, A_PLACES);
        if (pls == NULL)
            return -1;
        if (npl) {
            cnt_start(&cnt, w + P[PLACES] + i * nk * 2);
            for (Py_ssize_t j = 0; j < npl; j++) {
                long card, dmg;
                PyObject **pl = items_of(pls[j], &len, S[A_PLACES]);
                if (pl == NULL || (len < 2 && (PyErr_SetString(PyExc_ValueError, "theomachy state.places: "
                                                               "[card, damaged, token] expected"), 1))
                    || as_long(pl[0], &card, S[A_PLACES]) < 0 || as_long(pl[1], &dmg, S[A_PLACES]) < 0)
                    return -1;
                int k = kind_of(L, card);
                if (k < 0)
                    return -1;
                if (dmg != 0 && dmg != 1) {
                    PyErr_SetString(PyExc_ValueError, "theomachy state.places: damaged must be 0 or 1");
                    return -1;
                }
                cnt_add(&cnt, k * 2 + (int)dmg);
            }
            cnt_finish(&cnt, 0.5); /* the Python _QUARTER[2 * count] */
        }
        /* battle: Attacks resolved / 10, current Power / 150, for a seat in the Battle */
        if (battle && in_battle[i]) {
            if (item_long(attacks, q, &v, A_ATTACKS) < 0)
                return -1;
            w[P[BATTLE_PIECE] + i * 2] = cap1(v / 10.0);
            w[P[BATTLE_PIECE] + i * 2 + 1] = cap1(power[i] / 150.0);
        }
    }
    /* level / 20, bank / 100 */
    for (int t = 0; t < 3; t++) {
        if (item_long(bank, t, &v, A_BANK) < 0)
            return -1;
        w[P[LEVEL] + t] = cap1(lev[t] / 20.0);
        w[P[BANK] + t] = cap1(v / 100.0);
    }
    /* constellation: revealed cards (and the face-down ones after a Prophecy); last = face down */
    long up;
    int seen_all = as_flag(peek[p], S[A_PEEK]);
    PyObject **cons = attr_items(r, state, A_CONST, -1, &len);
    if (seen_all < 0 || cons == NULL || attr_long(r, state, A_CONST_UP, &up) < 0)
        return -1;
    if (len > 5) {
        PyErr_SetString(PyExc_ValueError, "theomachy state.const: at most 5 cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long e;
        if (as_long(cons[i], &e, S[A_CONST]) < 0)
            return -1;
        if (e < 0 || e >= ne) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.const: Essence card out of range");
            return -1;
        }
        w[P[CONSTELLATION] + i * (ne + 1) + (i < up || seen_all ? e : ne)] = 1.0f;
    }
    /* my_essence: spheres / 5, Order and Chaos orbs / 20 */
    for (int s = 0; s < 4; s++)
        w[P[MY_ESSENCE] + s] = cap1(ess[s] / 5.0);
    w[P[MY_ESSENCE] + 4] = cap1(ess[4] / 20.0);
    w[P[MY_ESSENCE] + 5] = cap1(ess[5] / 20.0);
    /* essence_discard */
    PyObject **ed = attr_items(r, state, A_ESS_DISC, -1, &len);
    if (ed == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < len; i++) {
        long e;
        if (as_long(ed[i], &e, S[A_ESS_DISC]) < 0)
            return -1;
        if (e < 0 || e >= ne) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.ess_disc: Essence card out of range");
            return -1;
        }
        w[P[ESSENCE_DISCARD] + e] = 1.0f;
    }
    /* essence_deck */
    if (attr_items(r, state, A_ESS_DECK, -1, &len) == NULL)
        return -1;
    w[P[ESSENCE_DECK]] = cap1((double)len / (double)ne);
    /* track (last = empty space) */
    PyObject **track = attr_items(r, state, A_TRACK, -1, &len);
    if (track == NULL)
        return -1;
    if (len > 6) {
        PyErr_SetString(PyExc_ValueError, "theomachy state.track: 6 spaces expected");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        int k = (int)nk;
        if (as_long(track[i], &v, S[A_TRACK]) < 0 || (v >= 0 && (k = kind_of(L, v)) < 0))
            return -1;
        w[P[TRACK] + i * (nk + 1) + k] = 1.0f;
    }
    /* prayer_deck */
    if (attr_items(r, state, A_PRAYER, -1, &len) == NULL)
        return -1;
    w[P[PRAYER_DECK]] = cap1((double)len / 240.0);
    /* pending_card, pending_seats: the card targeted / reacted to, its player and its target */
    if (decision == 1 || decision == 2) {
        long card, actor;
        int k;
        if (as_long(pend[2], &card, S[A_PENDING]) < 0 || (k = kind_of(L, card)) < 0
            || as_long(pend[decision == 1 ? 1 : 3], &actor, S[A_PENDING]) < 0)
            return -1;
        w[P[PENDING_CARD] + k] = 1.0f;
        w[P[PENDING_SEATS] + pymod(actor - p, n)] = 1.0f;
        if (decision == 2) {
            long target;
            if (as_long(pend[4], &target, S[A_PENDING]) < 0)
                return -1;
            if (target >= 0)
                w[P[PENDING_SEATS] + n + pymod(target - p, n)] = 1.0f;
        }
    }
    /* hands: Hands played / the Hand bound */
    long hands;
    if (attr_long(r, state, A_HANDS, &hands) < 0)
        return -1;
    w[P[HANDS]] = cap1(hands / L->max_hands);
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
    PyObject *py_p = PyNumber_Index(args[1]); /* an int, or an integer-like (numpy) seat */
    if (py_p == NULL)
        return NULL;
    long p = PyLong_AsLong(py_p);
    if (p == -1 && PyErr_Occurred()) {
        Py_DECREF(py_p);
        return NULL;
    }
    if (p < 0 || p >= L.n) {
        PyErr_Format(PyExc_ValueError, "encode: seat %ld outside 0..%ld", p, L.n - 1);
        Py_DECREF(py_p);
        return NULL;
    }
    ObsBuf b;
    if (!obs_open(&b, args[2], L.size)) {
        Py_DECREF(py_p);
        Py_RETURN_FALSE;
    }
    Refs r = {.nref = 0, .plain = Py_IS_TYPE(args[0], L.cls), .L = &L};
    int err = fill(b.w, args[0], p, py_p, &L, &r);
    refs_release(&r);
    obs_close(&b);
    Py_DECREF(py_p);
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
    if (intern_names(NAMES, S, NNAMES) < 0)
        return NULL;
    return PyModule_Create(&module);
}
