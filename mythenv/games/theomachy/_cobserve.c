/* The compiled observation encoder of Theomachy: the C twin of ``encode`` in observe.py, which stays the
 * reference (see mythenv/core/cobserve.h for the contract). It writes seat ``p``'s view of a
 * TheomachyState bit for bit as the Python encoder does, one block per observation piece in the same
 * order. The rules stay in Python: whose move it is (``current_player``), the seat's Essences
 * (``essence``), who is in the Battle (``active``) and its Power (``battle_power``) are the state's
 * methods, called before anything is written; the C code only counts cards and writes values.
 *
 * ``layout`` (built by ``c_layout`` in observe.py, once per Game) holds the entries of the layout enum
 * (L_N .., declared in observe.C_DECL): the seats ``n`` (must equal ``state.n``), the observation
 * ``size``, the number of steps ``nsteps``, the numbers of Prayer card kinds ``nk`` and Essence cards
 * ``ne``, the betting and Battle steps ``bet`` and ``battle``, the Hand bound ``max_hands`` (a float),
 * ``kind_of`` (bytes: Prayer card id of both boxes -> kind), ``offsets`` (bytes: the int32 start of
 * every piece of the piece enum), ``adv`` (1 for the Advanced / Epic modes, whose pieces follow the
 * Basic ones, else 0), the numbers of Pantheons, Deities, Mythology cards and Phase windows ``np``,
 * ``nd``, ``nm``, ``nw``, and ``adv_offsets`` (bytes: the int32 start of every piece of the Advanced
 * piece enum; zeros when adv is 0).
 * The piece extents implied by the offsets are checked against the shapes this file writes at every
 * call, so a changed Observer raises instead of writing out of place.
 */
#include "cobserve.h"

#define MAXN 32 /* seats a stack array (and a knowledge bitmask) holds; the game has 2..8 */

/* The enums (the state's attributes and methods, the kinds of a pending decision, the decision
 * entries, the pieces, the layout entries) and NAMES are generated from observe.C_DECL into
 * _clayout.h (python -m mythenv.core.cheaders). */
#include "_clayout.h"

static PyObject *S[NNAMES]; /* interned at module init, never changed */

/* ------------------------------------------------------------------ the layout */
typedef struct {
    long n, nsteps, nk, ne, bet, battle;
    double max_hands;
    Kinds kinds;  /* Prayer card id (both boxes) -> kind, checked where read (card_kind) */
    int32_t off[NPIECES];
    long adv, np, nd, nm, nw;
    int32_t aoff[NADV_PIECES];
} Layout;

/* Read and check ``layout``: types, and the piece extents its offsets imply against the shapes written
 * here (the shapes of ``observer(n)``). 0, or -1 with an exception. */
static int read_layout(PyObject *t, Layout *L, ObsShape *shape)
{
    long size;
    const int32_t *off;
    if (layout_tuple(t, LAYOUT_LEN) < 0 || layout_long(t, L_N, 2, MAXN, &L->n) < 0
        || layout_long(t, L_SIZE, 1, 1L << 24, &size) < 0
        || layout_long(t, L_NSTEPS, 1, 1L << 16, &L->nsteps) < 0 || layout_long(t, L_NK, 1, 255, &L->nk) < 0
        || layout_long(t, L_NE, 1, 1L << 16, &L->ne) < 0 || layout_long(t, L_BET, 0, 1L << 16, &L->bet) < 0
        || layout_long(t, L_BATTLE, 0, 1L << 16, &L->battle) < 0)
        return -1;
    shape->seats = L->n;
    shape->size = size;
    PyObject *mh = PyTuple_GET_ITEM(t, L_MAX_HANDS);
    if (!PyFloat_Check(mh)) {
        PyErr_Format(PyExc_TypeError, "layout[%d] (max_hands) must be a float", (int)L_MAX_HANDS);
        return -1;
    }
    L->max_hands = PyFloat_AS_DOUBLE(mh);
    L->kinds.nkinds = (int)L->nk;
    if ((L->kinds.of = layout_bytes(t, L_KIND_OF, &L->kinds.ncards)) == NULL
        || (off = layout_array(t, L_OFFSETS, 4, NPIECES, NULL)) == NULL)
        return -1;
    memcpy(L->off, off, sizeof(L->off));
    /* the shapes of observer(n), flattened */
    const long n = L->n, nk = L->nk, ne = L->ne;
    const long extent[NPIECES] = {
        [PC_STEP] = L->nsteps, [PC_DECISION] = NDECISIONS, [PC_TO_MOVE] = 1, [PC_BET_ROUND] = 3,
        [PC_ACTED_NOW] = 1, [PC_TO_CALL] = 3, [PC_ANTE] = 3, [PC_HAND] = nk, [PC_HAND_KNOWN] = nk,
        [PC_SET_ASIDE] = nk, [PC_DECK] = nk, [PC_DISCARD] = nk, [PC_DRAFT_PACKET] = nk, [PC_DRAFT_KEPT] = nk,
        [PC_OPP_HAND_KNOWN] = (n - 1) * nk, [PC_CULT] = n * 3, [PC_STAKE] = n * 3,
        [PC_LAST_STAND_TOKENS] = n * 3, [PC_PAID] = n * 3, [PC_LEVEL] = 3, [PC_BANK] = 3, [PC_SEAT] = n * 6,
        [PC_SIZES] = n * 3, [PC_DISCARD_TOP] = n * (nk + 1), [PC_TABLE] = n * nk, [PC_PLACES] = n * nk * 2,
        [PC_BATTLE] = n * 2, [PC_CONSTELLATION] = 5 * (ne + 1), [PC_MY_ESSENCE] = 6, [PC_ESSENCE_DISCARD] = ne,
        [PC_ESSENCE_DECK] = 1, [PC_TRACK] = 6 * (nk + 1), [PC_PRAYER_DECK] = 1, [PC_PENDING_CARD] = nk,
        [PC_PENDING_SEATS] = 2 * n, [PC_HANDS] = 1, [PC_BATTLE_TURN] = 5,
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
    const int32_t *aoff;
    if (layout_long(t, L_ADV, 0, 1, &L->adv) < 0 || layout_long(t, L_NP, 1, 255, &L->np) < 0
        || layout_long(t, L_ND, 1, 255, &L->nd) < 0 || layout_long(t, L_NM, 1, 255, &L->nm) < 0
        || layout_long(t, L_NW, 1, 255, &L->nw) < 0
        || (aoff = layout_array(t, L_ADV_OFFSETS, 4, NADV_PIECES, NULL)) == NULL)
        return -1;
    memcpy(L->aoff, aoff, sizeof(L->aoff));
    if (L->adv) {
        const long np = L->np, nd = L->nd, nm = L->nm;
        const long aext[NADV_PIECES] = {
            [PA_ADV_DECISION] = NADV_DECISIONS, [PA_PANTHEON] = n * np, [PA_DEITY] = n * nd,
            [PA_GOD_CHOSEN] = n, [PA_MIRACLES] = n, [PA_MYTH_TOP] = n * (nm + 1), [PA_MYTH_DECK] = n,
            [PA_MYTH_OWN] = n * nm, [PA_MYTH_USED] = n * nm, [PA_HERO_STAKE] = n * nm, [PA_MYTH_OUT] = n * nm,
            [PA_ABILITY] = n * 2, [PA_HAND_RECORD] = n * 5, [PA_WINDOW] = L->nw, [PA_PENDING_SOURCE] = nd + nm,
            [PA_COST_LEFT] = 2, [PA_VICTORY_POINTS] = n,
        };
        for (int i = 0; i < NADV_PIECES; i++) {
            if (L->aoff[i] != at) {
                PyErr_Format(PyExc_ValueError, "layout: Advanced piece %d starts at %ld, the C encoder expects "
                             "%ld (observer(n, True) and _cobserve.c disagree)", i, (long)L->aoff[i], at);
                return -1;
            }
            at += aext[i];
        }
    }
    if (at != size) {
        PyErr_Format(PyExc_ValueError, "layout: size %ld, the pieces cover %ld", size, at);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ reading the state */
/* New references taken during one call, released together at its end; ``got[a]`` is state.<a> once
 * read. Every attribute is read (``prefetch``) before any item is borrowed: reading one may run Python
 * code (a property) that empties a list whose items are borrowed, so after ``frozen`` no attribute is
 * read any more and no Python code runs. */
typedef struct {
    PyObject *ref[NNAMES];
    PyObject *got[NNAMES];
    int nref, frozen;
} Refs;

/* The truth of a bool or int: 0 / 1, or -1 with a TypeError naming ``what``. */
static int as_flag(PyObject *o, const char *what)
{
    if (o == Py_True)
        return 1;
    if (o == Py_False)
        return 0;
    long v;
    if (as_long(o, what, &v) < 0)
        return -1;
    return v != 0;
}

/* state.<a> (kept in ``r``); NULL with an exception. */
static PyObject *attr(Refs *r, PyObject *state, int a)
{
    if (r->got[a] != NULL)
        return r->got[a];
    if (r->frozen) { /* cannot happen: prefetch reads every attribute the encoder uses */
        PyErr_Format(PyExc_RuntimeError, "theomachy encoder: state.%s read after the prefetch", NAMES[a]);
        return NULL;
    }
    if (r->nref == NNAMES) { /* cannot happen: every attribute is read at most once per call */
        PyErr_SetString(PyExc_RuntimeError, "theomachy encoder: too many attributes held");
        return NULL;
    }
    PyObject *o = PyObject_GetAttr(state, S[a]);
    if (o != NULL)
        r->ref[r->nref++] = r->got[a] = o;
    return o;
}

/* Read every attribute this call uses (the betting ones in the betting step, ``turn_played``,
 * ``action_sphere`` and ``multi`` in a Battle, the Advanced ones when ``adv``), then freeze: 0, or -1
 * with the exception of the first one missing. */
static int prefetch(Refs *r, PyObject *state, int bet, int battle, int adv)
{
    for (int a = 0; a < (adv ? NATTRS : NBASIC_ATTRS); a++) {
        if (((a == A_ROUND || a == A_ACTED_NOW) && !bet) || (a == A_TURN && !bet && !battle)
            || ((a == A_TURN_PLAYED || a == A_ACTION_SPHERE || a == A_MULTI) && !battle))
            continue;
        if (attr(r, state, a) == NULL)
            return -1;
    }
    r->frozen = 1;
    return 0;
}

/* state.<m>(arg) (no argument when ``arg`` is NULL), ``m`` one of M_CURRENT_PLAYER .. M_BATTLE_POWER. */
static PyObject *rule(PyObject *state, int m, PyObject *arg)
{
    PyObject *args[2] = {state, arg};
    return PyObject_VectorcallMethod(S[m], args, (arg ? 2 : 1) | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

/* The items of state.<a>, a list or tuple of ``want`` items (any length when ``want`` < 0). */
static PyObject **attr_items(Refs *r, PyObject *state, int a, Py_ssize_t want, Py_ssize_t *len)
{
    PyObject *o = attr(r, state, a);
    if (o == NULL)
        return NULL;
    PyObject **it = seq_items(o, len, NAMES[a]);
    if (it != NULL && want >= 0 && *len != want) {
        PyErr_Format(PyExc_ValueError, "theomachy state.%s has %zd items, expected %zd", NAMES[a], *len, want);
        return NULL;
    }
    return it;
}

static int attr_long(Refs *r, PyObject *state, int a, long *v)
{
    PyObject *o = attr(r, state, a);
    return o == NULL ? -1 : as_long(o, NAMES[a], v);
}

static int attr_flag(Refs *r, PyObject *state, int a)
{
    PyObject *o = attr(r, state, a);
    return o == NULL ? -1 : as_flag(o, NAMES[a]);
}

/* ------------------------------------------------------------------ kernels */
/* count -> the Python _QUARTER[count] = min(count / 4, 1), and _QUARTER[2 * count] (places) */
static const float QUARTER[] = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
static const float HALF[] = {0.0f, 0.5f, 1.0f};
#define NQUARTER 5
#define NHALF 3

/* Count (``tally_add``) the kind of each card of ``cards`` (``n`` items) whose knowledge mask ``vis[c]``
 * (a list of ints) meets ``mask``. 0, or -1 with an exception. */
static int add_known_kinds(Tally *t, PyObject **cards, Py_ssize_t n, const Layout *L, PyObject **vis,
                           Py_ssize_t nvis, long mask, int a)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        long c, seen;
        int k;
        if (as_long(cards[i], NAMES[a], &c) < 0)
            return -1;
        if (c < 0 || c >= nvis) {
            PyErr_Format(PyExc_IndexError, "theomachy state.vis: card %ld out of range", c);
            return -1;
        }
        if (as_long(vis[c], "vis", &seen) < 0)
            return -1;
        if (!(seen & mask))
            continue;
        if ((k = card_kind(&L->kinds, c)) < 0)
            return -1;
        tally_add(t, k);
    }
    return 0;
}

/* _counts(w, cards, base): per-kind counts / 4 of a list of cards at the zero piece ``piece``. */
static int counts(ObsBuf *b, Py_ssize_t at, PyObject *cards, const Layout *L, int a)
{
    return count_kinds(b, at, cards, &L->kinds, NULL, 0, QUARTER, NQUARTER, NAMES[a]) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------ the Advanced pieces */
/* One-hot ``w[at + m]`` for every int of the list ``o`` (each in 0..lim-1). */
static int mark_list(float *w, long at, PyObject *o, long lim, const char *what)
{
    Py_ssize_t len;
    PyObject **it = seq_items(o, &len, what);
    if (it == NULL)
        return -1;
    for (Py_ssize_t j = 0; j < len; j++) {
        long m;
        if (as_long(it[j], what, &m) < 0)
            return -1;
        if (m < 0 || m >= lim) {
            PyErr_Format(PyExc_ValueError, "theomachy state.%s: %ld out of range", what, m);
            return -1;
        }
        w[at + m] = 1.0f;
    }
    return 0;
}

/* The Advanced / Epic pieces (observe.py ``_encode_adv``): the pending Advanced decision, then per seat
 * (relative rows) the Pantheon, the God (own, or everyone's once revealed), Miracles, the Mythology
 * decks' face-up top cards and sizes, the cards in play / used / Heroes in the Stake / out, the
 * Ability uses and Request, this Hand's record. */
static int fill_adv(ObsBuf *b, PyObject *state, long p, const Layout *L, Refs *r, PyObject **pend, int adv_dec)
{
    float *w = b->w;
    const long n = L->n, np = L->np, nd = L->nd, nm = L->nm;
    const int32_t *Q = L->aoff;
    Py_ssize_t len;
    long v;
    if (adv_dec >= 0) {
        long x;
        w[Q[PA_ADV_DECISION] + adv_dec] = 1.0f;
        if (as_long(pend[2], NAMES[A_PENDING], &x) < 0)
            return -1;
        if (x < 0 || x >= (adv_dec == ADEC_WINDOW ? L->nw : nd + nm)) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.pending: window / source out of range");
            return -1;
        }
        if (adv_dec == ADEC_WINDOW)
            w[Q[PA_WINDOW] + x] = 1.0f;
        else {
            w[Q[PA_PENDING_SOURCE] + x] = 1.0f;
            if (adv_dec == ADEC_COST) {
                long left, count;
                if (as_long(pend[3], NAMES[A_PENDING], &left) < 0 || as_long(pend[4], NAMES[A_PENDING], &count) < 0)
                    return -1;
                w[Q[PA_COST_LEFT]] = left < 0 ? 1.0f : cap1(left / 5.0);
                w[Q[PA_COST_LEFT] + 1] = cap1(count / 10.0);
            }
        }
    }
    int revealed = attr_flag(r, state, A_REVEALED);
    if (revealed < 0)
        return -1;
    PyObject **pan = attr_items(r, state, A_PANTHEON, n, &len);
    PyObject **deity = attr_items(r, state, A_DEITY, n, &len);
    PyObject **mir = attr_items(r, state, A_MIRACLES, n, &len);
    PyObject **deck = attr_items(r, state, A_MYTH_DECK, n, &len);
    PyObject **own = attr_items(r, state, A_MYTH_OWN, n, &len);
    PyObject **used = attr_items(r, state, A_MYTH_USED, n, &len);
    PyObject **hero = attr_items(r, state, A_HERO_STAKE, n, &len);
    PyObject **out = attr_items(r, state, A_MYTH_OUT, n, &len);
    PyObject **uses = attr_items(r, state, A_AB_USES, n, &len);
    PyObject **req = attr_items(r, state, A_REQ_DONE, n, &len);
    PyObject **hatt = attr_items(r, state, A_H_ATTACKS, n, &len);
    PyObject **hsph = attr_items(r, state, A_H_SPHERES, n, &len);
    PyObject **heff = attr_items(r, state, A_H_EFFECTS, n, &len);
    PyObject **hstr = attr_items(r, state, A_H_STRIPPED, n, &len);
    PyObject **bonus = attr_items(r, state, A_BONUS, n, &len);
    PyObject **vp = attr_items(r, state, A_VP, n, &len);
    if (!pan || !deity || !mir || !deck || !own || !used || !hero || !out || !uses || !req || !hatt || !hsph || !heff
        || !hstr || !bonus || !vp)
        return -1;
    for (long i = 0; i < n; i++) {
        long q = (p + i) % n, d;
        if (as_long(pan[q], NAMES[A_PANTHEON], &v) < 0 || as_long(deity[q], NAMES[A_DEITY], &d) < 0)
            return -1;
        if (v >= np || d >= nd) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.pantheon / deity out of range");
            return -1;
        }
        if (v >= 0)
            w[Q[PA_PANTHEON] + i * np + v] = 1.0f;
        if (d >= 0) {
            w[Q[PA_GOD_CHOSEN] + i] = 1.0f;
            if (revealed || q == p)
                w[Q[PA_DEITY] + i * nd + d] = 1.0f;
        }
        if (as_long(mir[q], NAMES[A_MIRACLES], &v) < 0)
            return -1;
        w[Q[PA_MIRACLES] + i] = cap1(v / 10.0);
        PyObject **dk = seq_items(deck[q], &len, NAMES[A_MYTH_DECK]);
        if (dk == NULL)
            return -1;
        long top = nm;
        if (len && as_long(dk[len - 1], NAMES[A_MYTH_DECK], &top) < 0)
            return -1;
        if (top < 0 || top > nm) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.myth_deck: card out of range");
            return -1;
        }
        w[Q[PA_MYTH_TOP] + i * (nm + 1) + top] = 1.0f;
        w[Q[PA_MYTH_DECK] + i] = cap1((double)len / 5.0);
        if (mark_list(w, Q[PA_MYTH_OWN] + i * nm, own[q], nm, NAMES[A_MYTH_OWN]) < 0
            || mark_list(w, Q[PA_MYTH_USED] + i * nm, used[q], nm, NAMES[A_MYTH_USED]) < 0
            || mark_list(w, Q[PA_HERO_STAKE] + i * nm, hero[q], nm, NAMES[A_HERO_STAKE]) < 0
            || mark_list(w, Q[PA_MYTH_OUT] + i * nm, out[q], nm, NAMES[A_MYTH_OUT]) < 0)
            return -1;
        int f;
        if (as_long(uses[q], NAMES[A_AB_USES], &v) < 0 || (f = as_flag(req[q], NAMES[A_REQ_DONE])) < 0)
            return -1;
        w[Q[PA_ABILITY] + i * 2] = cap1(v / 4.0);
        if (f)
            w[Q[PA_ABILITY] + i * 2 + 1] = 1.0f;
        long a, sp, e, st, bo;
        if (as_long(hatt[q], NAMES[A_H_ATTACKS], &a) < 0 || as_long(hsph[q], NAMES[A_H_SPHERES], &sp) < 0
            || as_long(heff[q], NAMES[A_H_EFFECTS], &e) < 0 || as_long(hstr[q], NAMES[A_H_STRIPPED], &st) < 0
            || as_long(bonus[q], NAMES[A_BONUS], &bo) < 0)
            return -1;
        int bits = 0;
        for (long x = sp; x > 0; x >>= 1)
            bits += (int)(x & 1);
        float *hb = w + Q[PA_HAND_RECORD] + i * 5;
        hb[0] = cap1(a / 10.0);
        hb[1] = cap1(bits / 4.0);
        hb[2] = cap1(e / 10.0);
        hb[3] = cap1(st / 10.0);
        hb[4] = cap1(bo / 20.0);
        /* victory_points: Victory Points / 10 (the Epic game; public) */
        if (as_long(vp[q], NAMES[A_VP], &v) < 0)
            return -1;
        w[Q[PA_VICTORY_POINTS] + i] = cap1(v / 10.0);
    }
    return 0;
}

/* ------------------------------------------------------------------ the encoder */
static int fill(ObsBuf *b, PyObject *state, long p, PyObject *py_p, const Layout *L, Refs *r)
{
    float *w = b->w;
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
    o = rule(state, M_CURRENT_PLAYER, NULL);
    if (o == NULL)
        return -1;
    int bad = as_long(o, NAMES[M_CURRENT_PLAYER], &cur);
    Py_DECREF(o);
    if (bad < 0)
        return -1;
    double ess[6]; /* spheres 0..3, Order and Chaos orbs */
    o = rule(state, M_ESSENCE, py_p);
    if (o == NULL)
        return -1;
    {
        PyObject **two = seq_items(o, &len, NAMES[M_ESSENCE]), **sph = NULL, **orbs = NULL;
        bad = two == NULL || len != 2 || (sph = seq_items(two[0], &len, NAMES[M_ESSENCE])) == NULL || len < 4
              || (orbs = seq_items(two[1], &len2, NAMES[M_ESSENCE])) == NULL || len2 < 2;
        for (int s = 0; !bad && s < 6; s++)
            bad = as_double(s < 4 ? sph[s] : orbs[s - 4], NAMES[M_ESSENCE], &ess[s]) < 0;
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
            o = rule(state, M_ACTIVE, q);
            in_battle[i] = o == NULL ? -1 : as_flag(o, NAMES[M_ACTIVE]);
            Py_XDECREF(o);
            if (in_battle[i] == 1) {
                o = rule(state, M_BATTLE_POWER, q);
                if (o == NULL || as_double(o, NAMES[M_BATTLE_POWER], &power[i]) < 0)
                    in_battle[i] = -1;
                Py_XDECREF(o);
            }
            Py_DECREF(q);
            if (in_battle[i] < 0)
                return -1;
        }
    }

    /* every attribute read now: no Python code runs from here on */
    if (prefetch(r, state, step == L->bet, battle, (int)L->adv) < 0)
        return -1;
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
    w[P[PC_STEP] + step] = 1.0f;
    /* decision: _PENDING[pending[-1][0]] (DEC_TARGET, DEC_REACT, DEC_CLOSING), DEC_TURN for an ordinary
     * turn; -1 for a pending Advanced decision, whose adv_decision entry is adv_dec (_ADV_PENDING) */
    PyObject **pend = NULL;
    Py_ssize_t npend_items = 0;
    int decision = DEC_TURN, adv_dec = -1;
    if (npend) {
        pend = seq_items(pending[npend - 1], &npend_items, NAMES[A_PENDING]);
        if (pend == NULL)
            return -1;
        PyObject *tag = npend_items >= 1 ? pend[0] : NULL;
        if (tag == NULL || !PyUnicode_Check(tag)) {
            PyErr_SetString(PyExc_TypeError, "theomachy state.pending: an entry must start with its kind");
            return -1;
        }
        /* the kinds of DEC_TARGET .., in order (both enums come from observe._DECISIONS) */
        int k = str_index(tag, S + K_TARGET, NBASIC_NAMES - K_TARGET);
        if (k >= 0)
            decision = DEC_TARGET + k;
        else if (L->adv && (adv_dec = str_index(tag, S + K_WINDOW, NNAMES - K_WINDOW)) >= 0)
            decision = -1; /* an Advanced decision: the adv_decision piece, not this one */
        else {
            PyErr_Format(PyExc_KeyError, "theomachy state.pending: unknown decision %R", tag);
            return -1;
        }
        if (npend_items < (decision == DEC_TARGET ? 3 : decision == DEC_REACT ? 5 : decision == DEC_CLOSING ? 1
                           : adv_dec == ADEC_COST ? 5 : 4)) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.pending: entry too short");
            return -1;
        }
    }
    if (decision >= 0)
        w[P[PC_DECISION] + decision] = 1.0f;
    /* to_move */
    if (cur == p)
        w[P[PC_TO_MOVE]] = 1.0f;
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
        w[P[PC_BET_ROUND] + (round < 2 ? round : 2)] = 1.0f;
        if (acted_now && turn == p)
            w[P[PC_ACTED_NOW]] = 1.0f;
    } else if (battle) {
        long turn;
        int played;
        if ((played = attr_flag(r, state, A_TURN_PLAYED)) < 0 || attr_long(r, state, A_TURN, &turn) < 0)
            return -1;
        if (played && turn == p)
            w[P[PC_ACTED_NOW]] = 1.0f;
    }
    /* to_call: level - paid[p] per type / 10, for a seat in the game */
    long lev[3];
    for (int t = 0; t < 3; t++)
        if (as_long(level[t], NAMES[A_LEVEL], &lev[t]) < 0)
            return -1;
    int f = as_flag(alive[p], NAMES[A_ALIVE]);
    if (f < 0)
        return -1;
    if (f) {
        PyObject **pp = seq_items(paid[p], &len, NAMES[A_PAID]);
        if (pp == NULL)
            return -1;
        if (len != 3) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.paid: 3 token types expected");
            return -1;
        }
        for (int t = 0; t < 3; t++) {
            if (as_long(pp[t], NAMES[A_PAID], &v) < 0)
                return -1;
            long d = lev[t] - v;
            if (d > 0)
                w[P[PC_TO_CALL] + t] = cap1(d / 10.0);
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
    w[P[PC_ANTE] + ante - 1] = 1.0f;
    /* hand, hand_known (own cards an opponent knows) */
    PyObject **cards = seq_items(hand[p], &len, NAMES[A_HAND]);
    const long bit = 1L << p, others = ((1L << n) - 1) ^ bit;
    Tally cnt;
    if (cards == NULL
        || count_kinds(b, P[PC_HAND], hand[p], &L->kinds, NULL, 0, QUARTER, NQUARTER, "hand") < 0
        || tally_start(&cnt, b, P[PC_HAND_KNOWN], (int)nk) < 0
        || add_known_kinds(&cnt, cards, len, L, vis, nvis, others, A_HAND) < 0)
        return -1;
    tally_finish(&cnt, QUARTER, NQUARTER);
    /* set_aside, deck, discard, draft_packet */
    if (counts(b, P[PC_SET_ASIDE], aside[p], L, A_ASIDE) < 0 || counts(b, P[PC_DECK], deck[p], L, A_DECK) < 0
        || counts(b, P[PC_DISCARD], disc[p], L, A_DISC) < 0
        || counts(b, P[PC_DRAFT_PACKET], draft_hand[p], L, A_DRAFT_HAND) < 0)
        return -1;
    /* draft_kept: picks[p] and the card picked this round */
    long now;
    if (as_long(picked_now[p], NAMES[A_PICKED_NOW], &now) < 0
        || tally_start(&cnt, b, P[PC_DRAFT_KEPT], (int)nk) < 0
        || (cards = seq_items(picks[p], &len, NAMES[A_PICKS])) == NULL
        || tally_cards(&cnt, cards, len, &L->kinds, NULL, 0, NAMES[A_PICKS]) < 0)
        return -1;
    if (now >= 0) {
        int k = card_kind(&L->kinds, now);
        if (k < 0)
            return -1;
        tally_add(&cnt, k);
    }
    tally_finish(&cnt, QUARTER, NQUARTER);
    /* opp_hand_known: the cards in an opponent's hand or set aside that this seat knows */
    for (long i = 1; i < n; i++) {
        long q = (p + i) % n;
        if (tally_start(&cnt, b, P[PC_OPP_HAND_KNOWN] + (i - 1) * nk, (int)nk) < 0
            || (cards = seq_items(hand[q], &len, NAMES[A_HAND])) == NULL
            || add_known_kinds(&cnt, cards, len, L, vis, nvis, bit, A_HAND) < 0
            || (cards = seq_items(aside[q], &len, NAMES[A_ASIDE])) == NULL
            || add_known_kinds(&cnt, cards, len, L, vis, nvis, bit, A_ASIDE) < 0)
            return -1;
        tally_finish(&cnt, QUARTER, NQUARTER);
    }
    /* per seat, relative: cult, stake, last_stand_tokens, paid, seat, sizes, discard_top, table, places,
     * battle */
    long first;
    if (attr_long(r, state, A_FIRST, &first) < 0)
        return -1;
    PyObject **const tokens_of[4] = {cult, stake, lsk, paid};
    const int token_attr[4] = {A_CULT, A_STAKE, A_LSK, A_PAID};
    const int token_piece[4] = {PC_CULT, PC_STAKE, PC_LAST_STAND_TOKENS, PC_PAID};
    for (long i = 0; i < n; i++) {
        long q = (p + i) % n;
        for (int j = 0; j < 4; j++) { /* token counts / 20, capped at 1 */
            PyObject **tok = seq_items(tokens_of[j][q], &len, NAMES[token_attr[j]]);
            if (tok == NULL)
                return -1;
            if (len != 3) {
                PyErr_Format(PyExc_ValueError, "theomachy state.%s: 3 token types expected", NAMES[token_attr[j]]);
                return -1;
            }
            for (int t = 0; t < 3; t++) {
                if (as_long(tok[t], NAMES[token_attr[j]], &v) < 0)
                    return -1;
                if (v)
                    w[P[token_piece[j]] + i * 3 + t] = v < 20 ? (float)(v / 20.0) : 1.0f;
            }
        }
        /* seat: in the game, folded, Last Stand, First Player, acted this round, to move */
        float *sb = w + P[PC_SEAT] + i * 6;
        PyObject **const flags[4] = {alive, folded, ls, acted};
        const int flag_attr[4] = {A_ALIVE, A_FOLDED, A_LS, A_ACTED};
        const int flag_at[4] = {0, 1, 2, 4};
        for (int j = 0; j < 4; j++) {
            if ((f = as_flag(flags[j][q], NAMES[flag_attr[j]])) < 0)
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
        if (seq_items(hand[q], &nhand, NAMES[A_HAND]) == NULL || seq_items(aside[q], &naside, NAMES[A_ASIDE]) == NULL
            || seq_items(deck[q], &ndeck, NAMES[A_DECK]) == NULL || (dc = seq_items(disc[q], &ndisc, NAMES[A_DISC])) == NULL)
            return -1;
        float *zb = w + P[PC_SIZES] + i * 3;
        zb[0] = cap1((double)(nhand + naside) / 10.0);
        zb[1] = cap1((double)ndeck / 30.0);
        zb[2] = cap1((double)ndisc / 60.0);
        /* discard_top (last = empty) */
        int top = (int)nk;
        if (ndisc) {
            if (as_long(dc[ndisc - 1], NAMES[A_DISC], &v) < 0 || (top = card_kind(&L->kinds, v)) < 0)
                return -1;
        }
        w[P[PC_DISCARD_TOP] + i * (nk + 1) + top] = 1.0f;
        /* table */
        if (counts(b, P[PC_TABLE] + i * nk, table[q], L, A_TABLE) < 0)
            return -1;
        /* places: [card, damaged 0/1, token] -> count / 2 at (kind, damaged) */
        Py_ssize_t npl;
        PyObject **pls = seq_items(places[q], &npl, NAMES[A_PLACES]);
        if (pls == NULL)
            return -1;
        if (npl) {
            if (tally_start(&cnt, b, P[PC_PLACES] + i * nk * 2, (int)(2 * nk)) < 0)
                return -1;
            for (Py_ssize_t j = 0; j < npl; j++) {
                long card, dmg;
                PyObject **pl = seq_items(pls[j], &len, NAMES[A_PLACES]);
                if (pl == NULL || (len < 2 && (PyErr_SetString(PyExc_ValueError, "theomachy state.places: "
                                                               "[card, damaged, token] expected"), 1))
                    || as_long(pl[0], NAMES[A_PLACES], &card) < 0 || as_long(pl[1], NAMES[A_PLACES], &dmg) < 0)
                    return -1;
                int k = card_kind(&L->kinds, card);
                if (k < 0)
                    return -1;
                if (dmg != 0 && dmg != 1) {
                    PyErr_SetString(PyExc_ValueError, "theomachy state.places: damaged must be 0 or 1");
                    return -1;
                }
                tally_add(&cnt, k * 2 + (int)dmg);
            }
            tally_finish(&cnt, HALF, NHALF); /* the Python _QUARTER[2 * count] */
        }
        /* battle: Attacks resolved / 10, current Power / 150, for a seat in the Battle */
        if (battle && in_battle[i]) {
            if (as_long(attacks[q], NAMES[A_ATTACKS], &v) < 0)
                return -1;
            w[P[PC_BATTLE] + i * 2] = cap1(v / 10.0);
            w[P[PC_BATTLE] + i * 2 + 1] = cap1(power[i] / 150.0);
        }
    }
    /* level / 20, bank / 100 */
    for (int t = 0; t < 3; t++) {
        if (as_long(bank[t], NAMES[A_BANK], &v) < 0)
            return -1;
        w[P[PC_LEVEL] + t] = cap1(lev[t] / 20.0);
        w[P[PC_BANK] + t] = cap1(v / 100.0);
    }
    /* constellation: revealed cards (and the face-down ones after a Prophecy); last = face down */
    long up;
    int seen_all = as_flag(peek[p], NAMES[A_PEEK]);
    PyObject **cons = attr_items(r, state, A_CONST, -1, &len);
    if (seen_all < 0 || cons == NULL || attr_long(r, state, A_CONST_UP, &up) < 0)
        return -1;
    if (len > 5) {
        PyErr_SetString(PyExc_ValueError, "theomachy state.const: at most 5 cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long e;
        if (as_long(cons[i], NAMES[A_CONST], &e) < 0)
            return -1;
        if (e < 0 || e >= ne) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.const: Essence card out of range");
            return -1;
        }
        w[P[PC_CONSTELLATION] + i * (ne + 1) + (i < up || seen_all ? e : ne)] = 1.0f;
    }
    /* my_essence: spheres / 5, Order and Chaos orbs / 20 */
    for (int s = 0; s < 4; s++)
        w[P[PC_MY_ESSENCE] + s] = cap1(ess[s] / 5.0);
    w[P[PC_MY_ESSENCE] + 4] = cap1(ess[4] / 20.0);
    w[P[PC_MY_ESSENCE] + 5] = cap1(ess[5] / 20.0);
    /* essence_discard */
    PyObject **ed = attr_items(r, state, A_ESS_DISC, -1, &len);
    if (ed == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < len; i++) {
        long e;
        if (as_long(ed[i], NAMES[A_ESS_DISC], &e) < 0)
            return -1;
        if (e < 0 || e >= ne) {
            PyErr_SetString(PyExc_ValueError, "theomachy state.ess_disc: Essence card out of range");
            return -1;
        }
        w[P[PC_ESSENCE_DISCARD] + e] = 1.0f;
    }
    /* essence_deck */
    if (attr_items(r, state, A_ESS_DECK, -1, &len) == NULL)
        return -1;
    w[P[PC_ESSENCE_DECK]] = cap1((double)len / (double)ne);
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
        if (as_long(track[i], NAMES[A_TRACK], &v) < 0 || (v >= 0 && (k = card_kind(&L->kinds, v)) < 0))
            return -1;
        w[P[PC_TRACK] + i * (nk + 1) + k] = 1.0f;
    }
    /* prayer_deck */
    if (attr_items(r, state, A_PRAYER, -1, &len) == NULL)
        return -1;
    w[P[PC_PRAYER_DECK]] = cap1((double)len / 240.0);
    /* pending_card, pending_seats: the card targeted / reacted to, its player and its target */
    if (decision == DEC_TARGET || decision == DEC_REACT) {
        long card, actor;
        int k;
        if (as_long(pend[2], NAMES[A_PENDING], &card) < 0 || (k = card_kind(&L->kinds, card)) < 0
            || as_long(pend[decision == DEC_TARGET ? 1 : 3], NAMES[A_PENDING], &actor) < 0)
            return -1;
        w[P[PC_PENDING_CARD] + k] = 1.0f;
        w[P[PC_PENDING_SEATS] + pymod(actor - p, n)] = 1.0f;
        if (decision == DEC_REACT) {
            long target;
            if (as_long(pend[4], NAMES[A_PENDING], &target) < 0)
                return -1;
            if (target >= 0)
                w[P[PC_PENDING_SEATS] + n + pymod(target - p, n)] = 1.0f;
        }
    }
    /* hands: Hands played / the Hand bound */
    long hands;
    if (attr_long(r, state, A_HANDS, &hands) < 0)
        return -1;
    w[P[PC_HANDS]] = cap1(hands / L->max_hands);
    /* battle_turn: the sphere the Battle turn's Attacks are bound to, a multi-Essence Attack */
    if (battle) {
        long sphere;
        int multi;
        if (attr_long(r, state, A_ACTION_SPHERE, &sphere) < 0 || (multi = attr_flag(r, state, A_MULTI)) < 0)
            return -1;
        if (sphere >= 0 && sphere < 4)
            w[P[PC_BATTLE_TURN] + sphere] = 1.0f;
        if (multi)
            w[P[PC_BATTLE_TURN] + 4] = 1.0f;
    }
    if (L->adv)
        return fill_adv(b, state, p, L, r, pend, adv_dec);
    return 0;
}

/* The observation (COBSERVE_MODULE). */
static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)
{
    PyObject *py_p = PyLong_FromLong(p); /* the seat, for state.essence(p) */
    if (py_p == NULL)
        return -1;
    Refs r = {.nref = 0};
    int err = fill(b, state, p, py_p, L, &r);
    for (int i = 0; i < r.nref; i++)
        Py_DECREF(r.ref[i]);
    Py_DECREF(py_p);
    return err;
}

COBSERVE_MODULE(intern_names(NAMES, S, NNAMES))
