/* The compiled observation encoder of Mythologies, the twin of ``observe.encode`` (see
 * mythenv/core/cobserve.h): seat p's view of a MythologiesState, written bit for bit as the Python
 * encoder writes it into zeros. Whose move it is comes from the state's ``current_player()``; the rest
 * is public zones and knowledge bits read from the state and written piece by piece, in the order of
 * observe.encode. Everything about the config (piece offsets, card -> design, the count tables, the
 * effects' primitives) comes from the layout tuple built by ``observe.c_layout``.
 */
#include "cobserve.h"

/* ------------------------------------------------------------------ the layout (observe.c_layout) */
enum {
    L_SIZE, L_N, L_ND, L_OFFSETS, L_DESIGN_OF, L_THIRDS, L_HALVES, L_PHASES, L_DECISION_OF, L_DECISION_K,
    L_MAXE, L_MAXPC, L_EFFECTS, L_LEN
};

/* piece offsets, in the order of observe.C_PIECES */
enum {
    P_PHASE, P_TO_MOVE, P_ROUND, P_FIRST_PLAYER, P_TURN_SEAT, P_TOKENS, P_COMPLETION, P_TRIALS_DONE,
    P_PANTHEON_TOP, P_PANTHEON_HEIGHT, P_PANTHEON_BELOW, P_DISCARD, P_HAND_OWN, P_HAND_SIZE, P_HAND_KNOWN,
    P_SANCTUARY, P_SANCT_PAWN, P_BOARD_MYTH, P_PILES, P_DESTINY, P_DESTINED, P_COMMITS, P_PAWNS_PLACED,
    P_EXILED, P_EFFECT_SOURCE, P_EFFECT_OP, P_ORDER_OPTIONS, NPIECES
};

typedef struct {
    Py_ssize_t size, n, nd, ncards;
    Py_ssize_t at[NPIECES];
    const unsigned char *design_of; /* card -> design */
    const float *thirds;            /* count -> float32 count / 3 capped at 1 (THIRDS) */
    const float *halves;            /* count -> float32 count / 2 */
    Py_ssize_t nthirds, nhalves;
    long sel, place, over;          /* rules.SEL, PLACE, OVER */
    PyObject *decision_of;          /* observe._DECISION_OF (borrowed from the layout) */
    long k_commit, k_pick, k_over;  /* DECISIONS indices of the selection steps and of the end */
    Py_ssize_t maxe, maxpc;         /* most effects of a design, most primitives of an effect */
    /* per design a block of 1 + maxe * (1 + maxpc) bytes: its number of effects, then per effect its
     * number of primitives and their OPS indices (observe.c_layout: EFFECTS[d][e].ops[pc]["op"]) */
    const unsigned char *effects;
    Py_ssize_t neffects;
} Layout;

static Py_ssize_t ssize_item(PyObject *t, Py_ssize_t i)
{
    PyObject *o = PyTuple_GET_ITEM(t, i);
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "layout[%zd] must be an int", i);
        return -1;
    }
    return PyLong_AsSsize_t(o);
}

static const unsigned char *bytes_item(PyObject *t, Py_ssize_t i, Py_ssize_t *len)
{
    return bytes_of(PyTuple_GET_ITEM(t, i), len);
}

/* Read the layout tuple into ``L``: 0, or -1 with a TypeError / ValueError. */
static int read_layout(Layout *L, PyObject *lay)
{
    if (!PyTuple_Check(lay) || PyTuple_GET_SIZE(lay) != L_LEN) {
        PyErr_Format(PyExc_TypeError, "layout must be the tuple of %d entries observe.c_layout builds", L_LEN);
        return -1;
    }
    if ((L->size = ssize_item(lay, L_SIZE)) < 0 || (L->n = ssize_item(lay, L_N)) < 0 ||
        (L->nd = ssize_item(lay, L_ND)) < 0 || (L->maxe = ssize_item(lay, L_MAXE)) < 0 ||
        (L->maxpc = ssize_item(lay, L_MAXPC)) < 0)
        goto bad;
    PyObject *off = PyTuple_GET_ITEM(lay, L_OFFSETS);
    if (!PyTuple_Check(off) || PyTuple_GET_SIZE(off) != NPIECES) {
        PyErr_Format(PyExc_TypeError, "layout[%d] must be a tuple of %d piece offsets", L_OFFSETS, NPIECES);
        return -1;
    }
    for (int i = 0; i < NPIECES; i++)
        if ((L->at[i] = ssize_item(off, i)) < 0 || L->at[i] > L->size)
            goto bad;
    Py_ssize_t nt, nh;
    if ((L->design_of = bytes_item(lay, L_DESIGN_OF, &L->ncards)) == NULL ||
        (L->thirds = (const float *)bytes_item(lay, L_THIRDS, &nt)) == NULL ||
        (L->halves = (const float *)bytes_item(lay, L_HALVES, &nh)) == NULL ||
        (L->effects = bytes_item(lay, L_EFFECTS, &L->neffects)) == NULL)
        return -1;
    L->nthirds = nt / 4;
    L->nhalves = nh / 4;
    PyObject *ph = PyTuple_GET_ITEM(lay, L_PHASES), *dk = PyTuple_GET_ITEM(lay, L_DECISION_K);
    L->decision_of = PyTuple_GET_ITEM(lay, L_DECISION_OF);
    if (!PyTuple_Check(ph) || PyTuple_GET_SIZE(ph) != 3 || !PyTuple_Check(dk) || PyTuple_GET_SIZE(dk) != 3 ||
        !PyDict_Check(L->decision_of)) {
        PyErr_SetString(PyExc_TypeError, "layout: phases and decision indices must be 3-tuples, then a dict");
        return -1;
    }
    L->sel = PyLong_AsLong(PyTuple_GET_ITEM(ph, 0));
    L->place = PyLong_AsLong(PyTuple_GET_ITEM(ph, 1));
    L->over = PyLong_AsLong(PyTuple_GET_ITEM(ph, 2));
    L->k_commit = PyLong_AsLong(PyTuple_GET_ITEM(dk, 0));
    L->k_pick = PyLong_AsLong(PyTuple_GET_ITEM(dk, 1));
    L->k_over = PyLong_AsLong(PyTuple_GET_ITEM(dk, 2));
    if (PyErr_Occurred())
        return -1;
    /* the tables fit (the designs are checked where read) */
    if (L->nd > 255 || L->nthirds < 1 || L->nhalves < 1 || L->neffects != L->nd * (1 + L->maxe * (1 + L->maxpc)))
        goto bad;
    return 0;
bad:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "layout does not match this encoder");
    return -1;
}

/* ------------------------------------------------------------------ names read on the state */
enum {
    A_N, A_PHASE, A_SEL_STEP, A_STACK, A_ROUND, A_FIRST, A_TURN_SEAT, A_DESTINY, A_FAV, A_GEM, A_COMP,
    A_TRIALS, A_PAN, A_DISC, A_HAND, A_KNOWN, A_DEST_BOARD, A_COMMITS, A_FREE, A_PAWNS, A_SANCT, A_FACEUP,
    A_BOARDS, A_PILES, A_EXILE, NATTRS
};
static const char *const attr_names[NATTRS] = {
    "n", "phase", "sel_step", "stack", "round", "first", "turn_seat", "destiny", "fav", "gem", "comp",
    "trials", "pan", "disc", "hand", "known", "dest_board", "commits", "free", "pawns", "sanct", "faceup",
    "boards", "piles", "exile",
};
/* the lists every seat has an entry in */
static const int per_seat[] = {A_FAV, A_GEM, A_COMP, A_TRIALS, A_PAN, A_DISC, A_HAND, A_DEST_BOARD,
                               A_COMMITS, A_FREE, A_PAWNS};

enum {
    S_CURRENT_PLAYER, S_T, S_SRC, S_E, S_PC, S_FRAMES, S_TURN, S_EFF, S_ORDER, S_GAINF, S_COMMIT, S_PICK, NSTR
};
static const char *const str_names[NSTR] = {
    "current_player", "t", "src", "e", "pc", "frames", "turn", "eff", "order", "gainf", "commit", "pick",
};

static PyObject *attr_str[NATTRS]; /* interned at module init */
static PyObject *str[NSTR];

/* ------------------------------------------------------------------ small checked readers / writers */
/* Attribute ``name`` of the state (a new reference) as ``object.__getattribute__`` finds it, and only
 * when that fails through getattr(): the State's ``__getattr__`` hook (a clone's lazy rng, never read
 * here) would otherwise make every lookup go through the slower hooked path. */
static PyObject *state_attr(PyObject *state, PyObject *name)
{
    PyObject *v = PyObject_GenericGetAttr(state, name);
    if (v == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        v = PyObject_GetAttr(state, name);
    }
    return v;
}

/* w[i] = v, or -1 with an IndexError outside the buffer */
static inline int put(ObsBuf *b, Py_ssize_t i, float v)
{
    if (i < 0 || i >= b->size) {
        PyErr_Format(PyExc_IndexError, "observation index %zd outside 0..%zd", i, b->size - 1);
        return -1;
    }
    b->w[i] = v;
    return 0;
}

static inline int as_long(PyObject *o, long *x, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, got %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    *x = PyLong_AsLong(o);
    return (*x == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* float(x) as a memoryview stores a number (ints without making a float object) */
static inline double as_double(PyObject *x)
{
    return PyLong_Check(x) ? PyLong_AsDouble(x) : PyFloat_AsDouble(x);
}

static inline int long_at(PyObject *list, Py_ssize_t i, long *x, const char *what)
{
    return as_long(PyList_GET_ITEM(list, i), x, what);
}

/* item i of a list that must itself be a list (borrowed), or NULL with a TypeError */
static inline PyObject *list_at(PyObject *list, Py_ssize_t i, const char *what)
{
    PyObject *o = PyList_GET_ITEM(list, i);
    if (!PyList_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must hold lists, got %.80s", what, Py_TYPE(o)->tp_name);
        return NULL;
    }
    return o;
}

/* the design of card c (DESIGN_OF[c]), or -1 with an IndexError */
static inline int design(const Layout *L, long c)
{
    if (c < 0 || c >= L->ncards) {
        PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, L->ncards - 1);
        return -1;
    }
    if (L->design_of[c] >= L->nd) {
        PyErr_Format(PyExc_ValueError, "layout: card %ld has a design outside 0..%zd", c, L->nd - 1);
        return -1;
    }
    return L->design_of[c];
}

/* Python's ``x == s`` for an interned str ``s`` */
static inline int str_eq(PyObject *x, PyObject *s)
{
    return x == s || (PyUnicode_Check(x) && PyUnicode_Compare(x, s) == 0);
}

/* frame[key] of a stack frame (a dict; borrowed), or NULL with a TypeError / KeyError */
static PyObject *frame_get(PyObject *frame, PyObject *key)
{
    if (!PyDict_Check(frame)) {
        PyErr_Format(PyExc_TypeError, "stack frames must be dicts, got %.80s", Py_TYPE(frame)->tp_name);
        return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(frame, key);
    if (v == NULL && !PyErr_Occurred())
        PyErr_SetObject(PyExc_KeyError, key);
    return v;
}

static int frame_long(PyObject *frame, PyObject *key, long *x)
{
    PyObject *v = frame_get(frame, key);
    return v == NULL ? -1 : as_long(v, x, "a stack frame's number");
}

/* Per-design counts of some cards (observe._thirds_at, pile_counts, the += 0.5 of _hands): the designs
 * met, in the order met, and their counts. */
typedef struct {
    int cnt[256];
    unsigned char met[256];
    int nmet;
} Tally;

/* Count the cards list[0 .. stop) (keeping only those with ``know[c] & bit`` when ``know`` is given) */
static int tally_add(Tally *t, const Layout *L, PyObject *list, Py_ssize_t stop, const unsigned char *know,
                     unsigned bit)
{
    for (Py_ssize_t j = 0; j < stop; j++) {
        long c;
        int d;
        if (long_at(list, j, &c, "a card") < 0 || (d = design(L, c)) < 0)
            return -1;
        if (know != NULL && !(know[c] & bit))
            continue;
        int m = 0;
        while (m < t->nmet && t->met[m] != d)
            m++;
        if (m == t->nmet) {
            t->met[t->nmet++] = (unsigned char)d;
            t->cnt[d] = 0;
        }
        t->cnt[d]++;
    }
    return 0;
}

/* w[base + design] = values[count] (the last value for larger counts) for every design met; empties t */
static int tally_put(ObsBuf *b, Tally *t, Py_ssize_t base, const float *values, Py_ssize_t nvalues)
{
    for (int m = 0; m < t->nmet; m++) {
        int x = t->cnt[t->met[m]];
        if (put(b, base + t->met[m], values[x < nvalues ? x : nvalues - 1]) < 0)
            return -1;
    }
    t->nmet = 0;
    return 0;
}

/* the counts of the whole list ``cards`` at w[base + design] */
static int counts_at(ObsBuf *b, const Layout *L, Py_ssize_t base, PyObject *cards, const unsigned char *know,
                     unsigned bit, const float *values, Py_ssize_t nvalues)
{
    Tally t;
    t.nmet = 0;
    if (tally_add(&t, L, cards, PyList_GET_SIZE(cards), know, bit) < 0)
        return -1;
    return tally_put(b, &t, base, values, nvalues);
}

/* ------------------------------------------------------------------ the pieces (observe.py's blocks) */
/* observe._header: phase (the kind of decision), to_move, round, first_player, turn_seat, destiny,
 * effect_source and effect_op (the innermost effect being resolved), order_options */
static int header(ObsBuf *b, const Layout *L, PyObject *state, PyObject *const *a, long p, long n)
{
    const Py_ssize_t *at = L->at;
    long phase, k, x;
    if (as_long(a[A_PHASE], &phase, "phase") < 0)
        return -1;
    PyObject *stack = a[A_STACK];
    Py_ssize_t ns = PyList_GET_SIZE(stack);
    /* phase */
    if (phase == L->over)
        k = L->k_over;
    else if (phase == L->sel)
        k = str_eq(a[A_SEL_STEP], str[S_COMMIT]) ? L->k_commit : L->k_pick;
    else {
        PyObject *t = str[S_TURN]; /* no frame (or an empty one): a seat's turn */
        if (ns > 0) {
            PyObject *top = PyList_GET_ITEM(stack, ns - 1);
            if (!(PyDict_Check(top) && PyDict_GET_SIZE(top) == 0) && (t = frame_get(top, str[S_T])) == NULL)
                return -1;
        }
        PyObject *kk = PyDict_GetItemWithError(L->decision_of, t); /* _DECISION_OF[t] */
        if (kk == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, t);
            return -1;
        }
        if (as_long(kk, &k, "a decision index") < 0)
            return -1;
    }
    if (put(b, at[P_PHASE] + k, 1) < 0)
        return -1;
    /* to_move: the rules say whose move it is */
    PyObject *cp = PyObject_CallMethodNoArgs(state, str[S_CURRENT_PLAYER]);
    if (cp == NULL)
        return -1;
    int mine = PyLong_Check(cp) && PyLong_AsLong(cp) == p;
    Py_DECREF(cp);
    if (PyErr_Occurred() || (mine && put(b, at[P_TO_MOVE], 1) < 0))
        return -1;
    /* round, first_player, turn_seat (relative seats) */
    if (as_long(a[A_ROUND], &x, "round") < 0 || put(b, at[P_ROUND] + (x < 4 ? x : 4) - 1, 1) < 0)
        return -1;
    if (as_long(a[A_FIRST], &x, "first") < 0 || put(b, at[P_FIRST_PLAYER] + ((x - p) % n + n) % n, 1) < 0)
        return -1;
    if (phase == L->place) {
        if (as_long(a[A_TURN_SEAT], &x, "turn_seat") < 0)
            return -1;
        if (x >= 0 && put(b, at[P_TURN_SEAT] + ((x - p) % n + n) % n, 1) < 0)
            return -1;
    }
    /* destiny: Destiny cards revealed this round */
    if (put(b, at[P_DESTINY] + PyList_GET_SIZE(a[A_DESTINY]), 1) < 0)
        return -1;
    if (ns == 0)
        return 0;
    /* effect_source, effect_op: the innermost "eff" frame */
    for (Py_ssize_t j = ns - 1; j >= 0; j--) {
        PyObject *f = PyList_GET_ITEM(stack, j), *t = frame_get(f, str[S_T]);
        if (t == NULL)
            return -1;
        if (!str_eq(t, str[S_EFF]))
            continue;
        long src, e, pc;
        int d;
        if (frame_long(f, str[S_SRC], &src) < 0 || (d = design(L, src)) < 0 ||
            put(b, at[P_EFFECT_SOURCE] + d, 1) < 0)
            return -1;
        /* ops = EFFECTS[d][e].ops; if pc < len(ops): OPS.index(ops[pc]["op"]) (Python's negative indices) */
        const unsigned char *blk = L->effects + (Py_ssize_t)d * (1 + L->maxe * (1 + L->maxpc));
        long neff = blk[0];
        if (frame_long(f, str[S_E], &e) < 0 || frame_long(f, str[S_PC], &pc) < 0)
            return -1;
        if (e < 0)
            e += neff;
        if (e < 0 || e >= neff || neff > L->maxe) {
            PyErr_Format(PyExc_IndexError, "effect %ld of design %d out of range", e, d);
            return -1;
        }
        const unsigned char *ops = blk + 1 + e * (1 + L->maxpc);
        long nops = ops[0];
        if (nops > L->maxpc) {
            PyErr_SetString(PyExc_ValueError, "layout: an effect longer than maxpc");
            return -1;
        }
        if (pc < nops) {
            if (pc < 0)
                pc += nops;
            if (pc < 0) {
                PyErr_SetString(PyExc_IndexError, "effect primitive index out of range");
                return -1;
            }
            if (put(b, at[P_EFFECT_OP] + ops[1 + pc], 1) < 0)
                return -1;
        }
        break;
    }
    /* order_options: the effects to order (at most 8), by source design (nd: a moved card's gain) */
    PyObject *top = PyList_GET_ITEM(stack, ns - 1), *t = frame_get(top, str[S_T]);
    if (t == NULL)
        return -1;
    if (str_eq(t, str[S_ORDER])) {
        PyObject *frames = frame_get(top, str[S_FRAMES]);
        if (frames == NULL)
            return -1;
        if (!PyList_Check(frames)) {
            PyErr_SetString(PyExc_TypeError, "an order frame's frames must be a list");
            return -1;
        }
        Py_ssize_t nf = PyList_GET_SIZE(frames);
        for (Py_ssize_t i = 0; i < nf && i < 8; i++) {
            PyObject *fr = PyList_GET_ITEM(frames, i), *ft = frame_get(fr, str[S_T]);
            long src;
            int d;
            if (ft == NULL)
                return -1;
            if (str_eq(ft, str[S_GAINF]))
                d = (int)L->nd;
            else if (frame_long(fr, str[S_SRC], &src) < 0 || (d = design(L, src)) < 0)
                return -1;
            if (put(b, at[P_ORDER_OPTIONS] + i * (L->nd + 1) + d, 1) < 0)
                return -1;
        }
    }
    return 0;
}

/* observe._tokens: Favors, Gems, completion tokens and Trials of seat q in relative row i */
static int tokens(ObsBuf *b, const Layout *L, PyObject *const *a, Py_ssize_t i, Py_ssize_t q)
{
    const Py_ssize_t *at = L->at;
    long fav, gem;
    if (long_at(a[A_FAV], q, &fav, "fav") < 0 || long_at(a[A_GEM], q, &gem, "gem") < 0)
        return -1;
    double f = fav / 30.0, g = gem / 30.0;
    if (put(b, at[P_TOKENS] + 2 * i, (float)(f < 1.0 ? f : 1.0)) < 0 ||
        put(b, at[P_TOKENS] + 2 * i + 1, (float)(g < 1.0 ? g : 1.0)) < 0)
        return -1;
    PyObject *comp = list_at(a[A_COMP], q, "comp"), *tr = list_at(a[A_TRIALS], q, "trials");
    if (comp == NULL || tr == NULL)
        return -1;
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(comp); j++) {
        double x = as_double(PyList_GET_ITEM(comp, j));
        if ((x == -1.0 && PyErr_Occurred()) || put(b, at[P_COMPLETION] + 6 * i + j, (float)x) < 0)
            return -1;
    }
    if (PyList_GET_SIZE(tr) < 2) {
        PyErr_SetString(PyExc_IndexError, "trials: 2 entries per seat");
        return -1;
    }
    for (Py_ssize_t j = 0; j < 2; j++) {
        double x = as_double(PyList_GET_ITEM(tr, j));
        if ((x == -1.0 && PyErr_Occurred()) || put(b, at[P_TRIALS_DONE] + 2 * i + j, (float)x) < 0)
            return -1;
    }
    return 0;
}

/* observe._pantheon / _pantheon_at: seat q's top design per slot, stack heights / 5 (capped) and the
 * covered cards per design / 3 (THIRDS), in relative row i */
static int pantheon(ObsBuf *b, const Layout *L, PyObject *const *a, Py_ssize_t i, Py_ssize_t q)
{
    const Py_ssize_t nd = L->nd;
    PyObject *pan = list_at(a[A_PAN], q, "pan");
    if (pan == NULL)
        return -1;
    Tally below;
    below.nmet = 0;
    Py_ssize_t nslots = PyList_GET_SIZE(pan);
    for (Py_ssize_t s = 0; s < nslots; s++) {
        PyObject *st = list_at(pan, s, "pan[q]");
        if (st == NULL)
            return -1;
        Py_ssize_t h = PyList_GET_SIZE(st);
        if (h == 0)
            continue;
        if (s >= 9) {
            PyErr_SetString(PyExc_IndexError, "a pantheon has 9 slots");
            return -1;
        }
        long c;
        int d;
        double height = h / 5.0;
        if (long_at(st, h - 1, &c, "a card") < 0 || (d = design(L, c)) < 0 ||
            put(b, L->at[P_PANTHEON_TOP] + (i * 9 + s) * nd + d, 1) < 0 ||
            put(b, L->at[P_PANTHEON_HEIGHT] + i * 9 + s, (float)(height < 1.0 ? height : 1.0)) < 0)
            return -1;
        if (tally_add(&below, L, st, h - 1, NULL, 0) < 0) /* the covered cards */
            return -1;
    }
    return tally_put(b, &below, L->at[P_PANTHEON_BELOW] + i * nd, L->thirds, L->nthirds);
}

/* observe._hands: own unplayed cards per design / 2, hand sizes / 2, the others' cards seat p knows */
static int hands(ObsBuf *b, const Layout *L, PyObject *const *a, const unsigned char *known, long p,
                 Py_ssize_t i, Py_ssize_t q)
{
    PyObject *hand = list_at(a[A_HAND], q, "hand");
    if (hand == NULL || put(b, L->at[P_HAND_SIZE] + i, (float)(PyList_GET_SIZE(hand) / 2.0)) < 0)
        return -1;
    if (q == p)
        return counts_at(b, L, L->at[P_HAND_OWN], hand, NULL, 0, L->halves, L->nhalves);
    return counts_at(b, L, L->at[P_HAND_KNOWN] + i * L->nd, hand, known, 1u << p, L->halves, L->nhalves);
}

/* observe._commits: selection commits of seat q in relative row i (during the commit and pick steps) */
static int commits(ObsBuf *b, const Layout *L, PyObject *const *a, int commit_step, long p, Py_ssize_t i,
                   Py_ssize_t q)
{
    long cm;
    if (long_at(a[A_COMMITS], q, &cm, "commits") < 0)
        return -1;
    Py_ssize_t o = L->at[P_COMMITS] + 3 * i;
    if (!commit_step)
        return cm >= 0 ? put(b, o + 1 + cm, 1) : 0;
    int fr = PyObject_IsTrue(PyList_GET_ITEM(a[A_FREE], q));
    if (fr < 0)
        return -1;
    if (fr && cm >= 0 && q != p)
        return put(b, o, 1); /* committed, hidden */
    if (cm >= 0 && (q == p || !fr))
        return put(b, o + 1 + cm, 1);
    return 0;
}

/* observe._pawns: pawns placed this round by seat q (one-hot count) and where */
static int pawns(ObsBuf *b, const Layout *L, PyObject *const *a, long n, Py_ssize_t i, Py_ssize_t q)
{
    PyObject *pw = list_at(a[A_PAWNS], q, "pawns");
    if (pw == NULL)
        return -1;
    Py_ssize_t np = PyList_GET_SIZE(pw);
    if (put(b, L->at[P_PAWNS_PLACED] + 3 * i + np, 1) < 0)
        return -1;
    for (Py_ssize_t j = 0; j < np; j++) {
        PyObject *x = PyList_GET_ITEM(pw, j);
        long b2, pos;
        if (!(PyList_Check(x) || PyTuple_Check(x)) || PySequence_Fast_GET_SIZE(x) != 2) {
            PyErr_SetString(PyExc_TypeError, "a pawn must be a (board, position) pair");
            return -1;
        }
        if (as_long(PySequence_Fast_GET_ITEM(x, 0), &b2, "a pawn's board") < 0 ||
            as_long(PySequence_Fast_GET_ITEM(x, 1), &pos, "a pawn's position") < 0 ||
            put(b, L->at[P_SANCT_PAWN] + (b2 * 5 + pos) * n + i, 1) < 0)
            return -1;
    }
    return 0;
}

/* observe._sanctuary: the 16 positions (design, face-down unknown to seat p, empty) */
static int sanctuary(ObsBuf *b, const Layout *L, PyObject *const *a, const unsigned char *known,
                     Py_ssize_t nknown, long p)
{
    const Py_ssize_t nd = L->nd;
    for (Py_ssize_t pos = 0; pos < 16; pos++) {
        Py_ssize_t so = L->at[P_SANCTUARY] + pos * (nd + 2);
        long c;
        if (long_at(a[A_SANCT], pos, &c, "sanct") < 0)
            return -1;
        if (c < 0) {
            if (put(b, so + nd + 1, 1) < 0)
                return -1;
            continue;
        }
        int up = PyObject_IsTrue(PyList_GET_ITEM(a[A_FACEUP], pos));
        if (up < 0)
            return -1;
        if (!up && c >= nknown) {
            PyErr_SetString(PyExc_IndexError, "known: card out of range");
            return -1;
        }
        int d = design(L, c);
        if (d < 0 || put(b, so + ((up || (known[c] >> p) & 1) ? d : nd), 1) < 0)
            return -1;
    }
    return 0;
}

/* observe._boards: board mythologies and draw pile sizes (Creatures / 18, Deities / 4) */
static int boards(ObsBuf *b, const Layout *L, PyObject *const *a)
{
    for (Py_ssize_t k = 0; k < 4; k++) {
        long m;
        PyObject *cr = list_at(a[A_PILES], 2 * k, "piles"), *de = list_at(a[A_PILES], 2 * k + 1, "piles");
        if (long_at(a[A_BOARDS], k, &m, "boards") < 0 || cr == NULL || de == NULL ||
            put(b, L->at[P_BOARD_MYTH] + 8 * k + m, 1) < 0 ||
            put(b, L->at[P_PILES] + 2 * k, (float)(PyList_GET_SIZE(cr) / 18.0)) < 0 ||
            put(b, L->at[P_PILES] + 2 * k + 1, (float)(PyList_GET_SIZE(de) / 4.0)) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ encode */
static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(state, p, out, layout) takes 4 arguments");
        return NULL;
    }
    PyObject *state = args[0];
    Layout L;
    if (read_layout(&L, args[3]) < 0)
        return NULL;
    if (!PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "p must be an int");
        return NULL;
    }
    long p = PyLong_AsLong(args[1]);
    if (p == -1 && PyErr_Occurred())
        return NULL;
    if (p < 0 || p >= L.n) {
        PyErr_Format(PyExc_ValueError, "seat %ld outside 0..%zd", p, L.n - 1);
        return NULL;
    }
    ObsBuf b;
    if (!obs_open(&b, args[2], L.size))
        Py_RETURN_FALSE;

    PyObject *a[NATTRS] = {NULL};
    PyObject *result = NULL;
    long n;
    for (int k = 0; k < NATTRS; k++)
        if ((a[k] = state_attr(state, attr_str[k])) == NULL)
            goto done;
    /* the types of what is read: lists, the knowledge bytes, a seat count matching the layout */
    for (int k = 0; k < NATTRS; k++) {
        if (k == A_N || k == A_PHASE || k == A_SEL_STEP || k == A_ROUND || k == A_FIRST || k == A_TURN_SEAT ||
            k == A_KNOWN)
            continue;
        if (!PyList_Check(a[k])) {
            PyErr_Format(PyExc_TypeError, "state.%s must be a list, got %.80s", attr_names[k],
                         Py_TYPE(a[k])->tp_name);
            goto done;
        }
    }
    Py_ssize_t nknown;
    const unsigned char *known = bytes_of(a[A_KNOWN], &nknown);
    if (known == NULL || as_long(a[A_N], &n, "n") < 0)
        goto done;
    if (n != L.n || nknown < L.ncards) {
        PyErr_SetString(PyExc_ValueError, "state does not match the layout (seats or cards)");
        goto done;
    }
    for (size_t k = 0; k < sizeof per_seat / sizeof per_seat[0]; k++)
        if (PyList_GET_SIZE(a[per_seat[k]]) < n) {
            PyErr_Format(PyExc_IndexError, "state.%s: one entry per seat", attr_names[per_seat[k]]);
            goto done;
        }
    if (PyList_GET_SIZE(a[A_SANCT]) < 16 || PyList_GET_SIZE(a[A_FACEUP]) < 16 ||
        PyList_GET_SIZE(a[A_BOARDS]) < 4 || PyList_GET_SIZE(a[A_PILES]) < 8) {
        PyErr_SetString(PyExc_IndexError, "state: 16 sanctuary positions, 4 boards, 8 draw piles");
        goto done;
    }

    /* phase, to_move, round, first_player, turn_seat, destiny, effect_source, effect_op, order_options */
    if (header(&b, &L, state, a, p, n) < 0)
        goto done;
    /* tokens, completion, trials_done */
    for (Py_ssize_t i = 0; i < n; i++)
        if (tokens(&b, &L, a, i, (p + i) % n) < 0)
            goto done;
    /* pantheon_top, pantheon_height, pantheon_below, discard */
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t q = (p + i) % n;
        PyObject *disc = list_at(a[A_DISC], q, "disc");
        if (pantheon(&b, &L, a, i, q) < 0 || disc == NULL ||
            counts_at(&b, &L, L.at[P_DISCARD] + i * L.nd, disc, NULL, 0, L.thirds, L.nthirds) < 0)
            goto done;
    }
    /* hand_own, hand_size, hand_known */
    for (Py_ssize_t i = 0; i < n; i++)
        if (hands(&b, &L, a, known, p, i, (p + i) % n) < 0)
            goto done;
    /* destined: the board each seat was assigned by the last Destiny card */
    for (Py_ssize_t i = 0; i < n; i++) {
        long d;
        if (long_at(a[A_DEST_BOARD], (p + i) % n, &d, "dest_board") < 0 ||
            (d >= 0 && put(&b, L.at[P_DESTINED] + 4 * i + d, 1) < 0))
            goto done;
    }
    /* commits: during the selection's commit and pick steps */
    long phase = PyLong_AsLong(a[A_PHASE]); /* an int: header checked it */
    if (phase == L.sel) {
        int commit_step = str_eq(a[A_SEL_STEP], str[S_COMMIT]);
        if (commit_step || str_eq(a[A_SEL_STEP], str[S_PICK]))
            for (Py_ssize_t i = 0; i < n; i++)
                if (commits(&b, &L, a, commit_step, p, i, (p + i) % n) < 0)
                    goto done;
    }
    /* pawns_placed, sanct_pawn */
    for (Py_ssize_t i = 0; i < n; i++)
        if (pawns(&b, &L, a, n, i, (p + i) % n) < 0)
            goto done;
    /* sanctuary, board_myth, piles, exiled */
    if (sanctuary(&b, &L, a, known, nknown, p) < 0 || boards(&b, &L, a) < 0 ||
        counts_at(&b, &L, L.at[P_EXILED], a[A_EXILE], NULL, 0, L.thirds, L.nthirds) < 0)
        goto done;
    result = Py_True;
    Py_INCREF(result);
done:
    for (int k = 0; k < NATTRS; k++)
        Py_XDECREF(a[k]);
    obs_close(&b);
    return result;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, p, out, layout) -> bool: seat p's view of state written into out (see observe.encode)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cobserve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__cobserve(void)
{
    if (intern_names(attr_names, attr_str, NATTRS) < 0 || intern_names(str_names, str, NSTR) < 0)
        return NULL;
    return PyModule_Create(&module);
}
