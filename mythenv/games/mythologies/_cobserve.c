/* The compiled observation encoder of Mythologies, the twin of ``observe.encode`` (see
 * mythenv/core/cobserve.h): seat p's view of a MythologiesState, written bit for bit as the Python
 * encoder writes it into zeros. Whose move it is comes from the state's ``current_player()``; the rest
 * is public zones and knowledge bits read from the state and written piece by piece, in the order of
 * observe.encode. Everything about the config (piece offsets, card -> design, the count tables, the
 * effects' primitives) comes from the layout tuple built by ``observe.c_layout``.
 */
#include "cobserve.h"

#define NSLOT 9  /* slots of a Pantheon (rules.NSLOT) */
#define MAXREG 4 /* regions in a board record (observe._MAXREG): B_REGIONS spans 2 * MAXREG bytes */

/* The enums (layout entries, pieces, phases, decision entries, the trait / board / completion records of
 * observe._trial_tables and c_layout, measures, interned names) and the name tables attr_names, str_names
 * are generated from observe.C_DECL into _clayout.h (python -m mythenv.core.cheaders). */
#include "_clayout.h"

typedef struct {
    Py_ssize_t n, nd;
    Py_ssize_t at[NPIECES];
    Kinds design;                   /* card -> design (checked where read: card_kind) */
    const float *thirds;            /* count -> float32 count / 3 capped at 1 (THIRDS) */
    const float *halves;            /* count -> float32 count / 2 */
    Py_ssize_t nthirds, nhalves;
    long sel, place, over;          /* rules.SEL, PLACE, OVER */
    PyObject *decision_of;          /* observe._DECISION_OF (borrowed from the layout) */
    long k_commit, k_pick, k_over;  /* DECISIONS indices of the selection steps and of the end */
    long maxe, maxpc;               /* most effects of a design, most primitives of an effect */
    /* per design a block of 1 + maxe * (1 + maxpc) bytes: its number of effects, then per effect its
     * number of primitives and their OPS indices (observe.c_layout: EFFECTS[d][e].ops[pc]["op"]) */
    const unsigned char *effects;
    Py_ssize_t neffects;
    const unsigned char *traits, *boards; /* observe._trial_tables: trait / board records (T_*, B_*) */
    Py_ssize_t nboards;
    const unsigned char *completion; /* the completion record: CG_PLANE, CG_COLUMN (Favors, Gems) */
} Layout;

#define BIG (1L << 24)

/* Read the layout tuple into ``L``: 0, or -1 with a TypeError / ValueError. */
static int read_layout(PyObject *lay, Layout *L, ObsShape *shape)
{
    long size, n, nd, at;
    if (layout_tuple(lay, L_LEN) < 0 || layout_long(lay, L_SIZE, 1, BIG, &size) < 0
        || layout_long(lay, L_N, 1, 64, &n) < 0 || layout_long(lay, L_ND, 1, 255, &nd) < 0
        || layout_long(lay, L_MAXE, 0, 255, &L->maxe) < 0 || layout_long(lay, L_MAXPC, 0, 255, &L->maxpc) < 0)
        return -1;
    shape->seats = L->n = n;
    shape->size = size;
    L->nd = nd;
    PyObject *off = PyTuple_GET_ITEM(lay, L_OFFSETS);
    if (layout_tuple(off, NPIECES) < 0)
        return -1;
    for (int i = 0; i < NPIECES; i++) {
        if (layout_long(off, i, 0, size, &at) < 0)
            return -1;
        L->at[i] = at;
    }
    L->design.nkinds = (int)nd;
    if ((L->design.of = layout_bytes(lay, L_DESIGN_OF, &L->design.ncards)) == NULL
        || (L->thirds = layout_array(lay, L_THIRDS, 4, -1, &L->nthirds)) == NULL
        || (L->halves = layout_array(lay, L_HALVES, 4, -1, &L->nhalves)) == NULL
        || (L->effects = layout_array(lay, L_EFFECTS, 1, nd * (1 + L->maxe * (1 + L->maxpc)), NULL)) == NULL
        || (L->decision_of = layout_dict(lay, L_DECISION_OF)) == NULL
        || (L->traits = layout_array(lay, L_TRAITS, 1, nd * TRAIT_BYTES, NULL)) == NULL
        || (L->boards = layout_array(lay, L_BOARDS, BOARD_BYTES, -1, &L->nboards)) == NULL
        || (L->completion = layout_array(lay, L_COMPLETION, 1, NCOMPLETION, NULL)) == NULL)
        return -1;
    PyObject *ph = PyTuple_GET_ITEM(lay, L_PHASES), *dk = PyTuple_GET_ITEM(lay, L_DECISION_K);
    if (layout_tuple(ph, NPHASES) < 0 || layout_tuple(dk, NDECISION_K) < 0
        || layout_long(ph, PH_SEL, -BIG, BIG, &L->sel) < 0 || layout_long(ph, PH_PLACE, -BIG, BIG, &L->place) < 0
        || layout_long(ph, PH_OVER, -BIG, BIG, &L->over) < 0 || layout_long(dk, K_COMMIT, 0, BIG, &L->k_commit) < 0
        || layout_long(dk, K_PICK, 0, BIG, &L->k_pick) < 0 || layout_long(dk, K_OVER, 0, BIG, &L->k_over) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ names read on the state */
/* the lists every seat has an entry in */
static const int per_seat[] = {A_FAV, A_GEM, A_COMP, A_TRIALS, A_PAN, A_DISC, A_HAND, A_DEST_BOARD,
                               A_COMMITS, A_FREE, A_PAWNS};

static PyObject *attr_str[NATTRS]; /* interned at module init (attr_names, str_names) */
static PyObject *str[NSTR];

/* ------------------------------------------------------------------ small checked readers */
/* the design of card c (DESIGN_OF[c]), or -1 with an IndexError / ValueError */
static inline int design(const Layout *L, long c) { return card_kind(&L->design, c); }

/* frame[key] of a stack frame (a dict) as a C long */
static inline int frame_long(PyObject *frame, PyObject *key, long *x)
{
    return dict_long(frame, key, "a stack frame", x);
}

/* isinstance(o, int) and 0 <= o < limit: the value, else -1 (never an exception) */
static long small_int(PyObject *o, long limit)
{
    if (o == NULL || !PyLong_Check(o))
        return -1;
    int overflow;
    long x = PyLong_AsLongAndOverflow(o, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return x >= 0 && x < limit ? x : -1;
}

/* observe._header's marks of what the effect frame ``f`` chose so far: effect_plane, effect_stage,
 * effect_slots */
static int effect_choices(ObsBuf *b, const Layout *L, PyObject *f)
{
    const Py_ssize_t *at = L->at;
    PyObject *v = dict_get(f, str[S_V]);
    if (v == NULL || !PyDict_Check(v))
        return 0;
    long x = small_int(dict_get(v, str[S_PLANE]), 3);
    if (x >= 0 && obs_put(b, at[P_EFFECT_PLANE] + x, 1) < 0)
        return -1;
    PyObject *o = dict_get(v, str[S_O]);
    if (o == NULL || !PyDict_Check(o))
        return 0;
    if ((x = small_int(dict_get(o, str[S_PLANE]), 3)) >= 0 && obs_put(b, at[P_EFFECT_PLANE] + x, 1) < 0)
        return -1;
    if ((x = small_int(dict_get(o, str[S_STAGE]), 3)) >= 0 && obs_put(b, at[P_EFFECT_STAGE] + x, 1) < 0)
        return -1;
    if ((x = small_int(dict_get(o, str[S_SRC]), NSLOT)) >= 0 && obs_put(b, at[P_EFFECT_SLOTS] + 3 * x, 1) < 0)
        return -1;
    PyObject *pend = dict_get(o, str[S_PEND]);
    if (pend != NULL && PyList_Check(pend))
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pend); i++) {
            PyObject *m = PyList_GET_ITEM(pend, i);
            if (!PyList_Check(m) || PyList_GET_SIZE(m) != 2)
                continue;
            for (int j = 0; j < 2; j++)
                if ((x = small_int(PyList_GET_ITEM(m, j), NSLOT)) >= 0
                    && obs_put(b, at[P_EFFECT_SLOTS] + 3 * x + j, 1) < 0)
                    return -1;
        }
    PyObject *picked = dict_get(o, str[S_PICKED]);
    if (picked != NULL && PyList_Check(picked))
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(picked); i++)
            if ((x = small_int(PyList_GET_ITEM(picked, i), NSLOT)) >= 0
                && obs_put(b, at[P_EFFECT_SLOTS] + 3 * x + 2, 1) < 0)
                return -1;
    return 0;
}

/* the counts per design of the list ``cards`` at w[at + design] as ``values[count]`` */
static int counts_at(ObsBuf *b, const Layout *L, Py_ssize_t at, PyObject *cards, const unsigned char *know,
                     unsigned bit, const float *values, Py_ssize_t nvalues)
{
    return count_kinds(b, at, cards, &L->design, know, bit, values, nvalues, "a card") < 0 ? -1 : 0;
}

/* ------------------------------------------------------------------ the pieces (observe.py's blocks) */
/* observe._header: phase (the kind of decision), to_move, round, first_player, turn_seat, destiny,
 * effect_source and effect_op (the innermost effect being resolved), reacting, placing, order_options */
static int slot_preview(ObsBuf *b, const Layout *L, PyObject *const *a, PyObject *frame, long q, int d);

static int header(ObsBuf *b, const Layout *L, PyObject *const *a, const unsigned char *known, long p, long n,
                  long cur)
{
    const Py_ssize_t *at = L->at;
    long phase, k, x;
    if (as_long(a[A_PHASE], "phase", &phase) < 0)
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
            if (!(PyDict_Check(top) && PyDict_GET_SIZE(top) == 0) && (t = dict_item(top, str[S_T], "a stack frame")) == NULL)
                return -1;
        }
        PyObject *kk = table_item(L->decision_of, t, "a stack frame's t"); /* _DECISION_OF[t] */
        if (kk == NULL)
            return -1;
        if (as_long(kk, "a decision index", &k) < 0)
            return -1;
    }
    if (obs_put(b, at[P_PHASE] + k, 1) < 0)
        return -1;
    /* to_move: the rules say whose move it is (state.current_player(), called in write_obs) */
    if (cur == p && obs_put(b, at[P_TO_MOVE], 1) < 0)
        return -1;
    /* round, first_player, turn_seat (relative seats) */
    if (as_long(a[A_ROUND], "round", &x) < 0 || obs_put(b, at[P_ROUND] + (x < 4 ? x : 4) - 1, 1) < 0)
        return -1;
    if (as_long(a[A_FIRST], "first", &x) < 0 || obs_put(b, at[P_FIRST_PLAYER] + pymod(x - p, n), 1) < 0)
        return -1;
    if (phase == L->place) {
        if (as_long(a[A_TURN_SEAT], "turn_seat", &x) < 0)
            return -1;
        if (x >= 0 && obs_put(b, at[P_TURN_SEAT] + pymod(x - p, n), 1) < 0)
            return -1;
    }
    /* destiny: Destiny cards revealed this round */
    if (obs_put(b, at[P_DESTINY] + PyList_GET_SIZE(a[A_DESTINY]), 1) < 0)
        return -1;
    if (ns == 0)
        return 0;
    /* effect_source, effect_op: the innermost "eff" frame */
    for (Py_ssize_t j = ns - 1; j >= 0; j--) {
        PyObject *f = PyList_GET_ITEM(stack, j), *t = dict_item(f, str[S_T], "a stack frame");
        if (t == NULL)
            return -1;
        if (!str_eq(t, str[S_EFF]))
            continue;
        long src, e, pc;
        int d;
        if (frame_long(f, str[S_SRC], &src) < 0 || (d = design(L, src)) < 0 ||
            obs_put(b, at[P_EFFECT_SOURCE] + d, 1) < 0)
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
            if (obs_put(b, at[P_EFFECT_OP] + ops[1 + pc], 1) < 0)
                return -1;
        }
        if (effect_choices(b, L, f) < 0)
            return -1;
        break;
    }
    /* order_options: the effects to order (at most 8), by source design (nd: a moved card's gain) */
    PyObject *top = PyList_GET_ITEM(stack, ns - 1), *t = dict_item(top, str[S_T], "a stack frame");
    if (t == NULL)
        return -1;
    /* reacting: the top frame is a reaction window */
    if (str_eq(t, str[S_REACT])) {
        if (obs_put(b, at[P_REACTING], 1) < 0)
            return -1;
    }
    else if (str_eq(t, str[S_PLACE])) {
        /* placing: the card whose slot is chosen, for its placer or a seat that knows it */
        long c, cid;
        int d;
        /* design() checks 0 <= cid < ncards, and known holds at least ncards bytes (flags_of) */
        if (frame_long(top, str[S_C], &c) < 0 || frame_long(top, str[S_CID], &cid) < 0 || (d = design(L, cid)) < 0)
            return -1;
        if ((c == p || (known[cid] & (1u << p))) &&
            (obs_put(b, at[P_PLACING] + d, 1) < 0 || slot_preview(b, L, a, top, c, d) < 0))
            return -1;
    }
    if (str_eq(t, str[S_ORDER])) {
        PyObject *frames = dict_item(top, str[S_FRAMES], "a stack frame");
        if (frames == NULL || check_list(frames, "an order frame's frames") < 0)
            return -1;
        Py_ssize_t nf = PyList_GET_SIZE(frames);
        for (Py_ssize_t i = 0; i < nf && i < 8; i++) {
            PyObject *fr = PyList_GET_ITEM(frames, i), *ft = dict_item(fr, str[S_T], "a stack frame");
            long src;
            int d;
            if (ft == NULL)
                return -1;
            if (str_eq(ft, str[S_GAINF]))
                d = (int)L->nd;
            else if (frame_long(fr, str[S_SRC], &src) < 0 || (d = design(L, src)) < 0)
                return -1;
            if (obs_put(b, at[P_ORDER_OPTIONS] + i * (L->nd + 1) + d, 1) < 0)
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
    if (item_long(a[A_FAV], q, "fav", &fav) < 0 || item_long(a[A_GEM], q, "gem", &gem) < 0)
        return -1;
    if (obs_put(b, at[P_TOKENS] + 2 * i, cap1(fav / 30.0)) < 0 || obs_put(b, at[P_TOKENS] + 2 * i + 1, cap1(gem / 30.0)) < 0)
        return -1;
    PyObject *comp = item_list(a[A_COMP], q, "comp"), *tr = item_list(a[A_TRIALS], q, "trials");
    if (comp == NULL || tr == NULL)
        return -1;
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(comp); j++) {
        double x;
        if (as_double(PyList_GET_ITEM(comp, j), "comp", &x) < 0 || obs_put(b, at[P_COMPLETION] + 6 * i + j, (float)x) < 0)
            return -1;
    }
    if (PyList_GET_SIZE(tr) < 2) {
        PyErr_SetString(PyExc_IndexError, "trials: 2 entries per seat");
        return -1;
    }
    for (Py_ssize_t j = 0; j < 2; j++) {
        double x;
        if (as_double(PyList_GET_ITEM(tr, j), "trials", &x) < 0 || obs_put(b, at[P_TRIALS_DONE] + 2 * i + j, (float)x) < 0)
            return -1;
    }
    return 0;
}

/* rules.Trials.trial_measure of Trial t for a Pantheon whose top design and stack height per slot are
 * topd / hgt (hgt 0: an empty slot), over its 'at least' capped at 1, in ``*x``: 0, or -1 with an exception */
static int trial_ratio(const Layout *L, PyObject *const *a, Py_ssize_t t, const int *topd, const Py_ssize_t *hgt,
                       double *x)
{
    long sb, eb;
    if (item_long(a[A_BOARDS], 2 * t, "boards", &sb) < 0 || item_long(a[A_BOARDS], 2 * t + 1, "boards", &eb) < 0)
        return -1;
    if (sb < 0 || sb >= L->nboards || eb < 0 || eb >= L->nboards) {
        PyErr_SetString(PyExc_IndexError, "boards: a board index out of range");
        return -1;
    }
    const unsigned char *S = L->boards + sb * BOARD_BYTES, *E = L->boards + eb * BOARD_BYTES;
    const int measure = S[B_MEASURE], at_least = S[B_AT_LEAST];
    Py_ssize_t best = 0;
    for (int r = 0; r < E[B_NREGIONS] && r < MAXREG; r++) {
        const unsigned mask = E[B_REGIONS + 2 * r] | (unsigned)E[B_REGIONS + 2 * r + 1] << 8;
        Py_ssize_t v = 0, wild = 0;
        unsigned char per_myth[256] = {0}; /* at most 9 cards per myth */
        for (int s = 0; s < NSLOT; s++) {
            if (!(mask >> s & 1) || hgt[s] == 0)
                continue;
            const unsigned char *D = L->traits + topd[s] * TRAIT_BYTES;
            switch (measure) {
            case M_INV_GEMS: v += D[T_GEMS + s / 3]; break;
            case M_INV_FAVORS: v += D[T_FAVORS + s / 3]; break;
            case M_CREATURES: v += D[T_DEITY] == 0; break;
            case M_DEITIES: v += D[T_DEITY] == 1; break;
            case M_DISTINCT_MYTHS: v += per_myth[D[T_MYTH]]++ == 0; break;
            case M_SAME_MYTH:
                if (D[T_ALL_MYTHS])
                    wild++;
                else if (++per_myth[D[T_MYTH]] > v)
                    v = per_myth[D[T_MYTH]];
                break;
            case M_ALL_CARDS: v += hgt[s]; break;
            default: v = hgt[s] > v ? hgt[s] : v; break; /* stack */
            }
        }
        v += wild;
        best = v > best ? v : best;
    }
    *x = at_least ? (double)(best < at_least ? best : at_least) / at_least : 1.0;
    return 0;
}

/* observe._trial_progress: both Trials' ratios (trial_ratio) for the seat in relative row i */
static int trial_progress(ObsBuf *b, const Layout *L, PyObject *const *a, Py_ssize_t i, const int *topd,
                          const Py_ssize_t *hgt)
{
    for (Py_ssize_t t = 0; t < 2; t++) {
        double x;
        if (trial_ratio(L, a, t, topd, hgt, &x) < 0 || obs_put(b, L->at[P_TRIAL_PROGRESS] + 2 * i + t, (float)x) < 0)
            return -1;
    }
    return 0;
}

/* the lines (rules.LINES: planes 0-2, then columns 3-5) */
static const int lines[6][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}};

/* observe._slot_preview: seat q placing a card of design d (the place frame ``frame``), on each slot of
 * its Pantheon: the printed gain of the slot's plane / 3 (capped), the plane / column it completes with
 * a token left, the Trials' ratios with it there, its worth in Favors as gain / 6 and loss / 3 (capped;
 * the same double arithmetic, in the same order, as the Python encoder) */
static int slot_preview(ObsBuf *b, const Layout *L, PyObject *const *a, PyObject *frame, long q, int d)
{
    if (q < 0 || q >= L->n) {
        PyErr_SetString(PyExc_IndexError, "a place frame's seat out of range");
        return -1;
    }
    PyObject *mode = dict_item(frame, str[S_MODE], "a place frame");
    PyObject *pan = item_list(a[A_PAN], q, "pan"), *comp = item_list(a[A_COMP], q, "comp");
    PyObject *done = item_list(a[A_TRIALS], q, "trials");
    long round, done_t[2], sb[2], eb[2];
    if (mode == NULL || pan == NULL || comp == NULL || done == NULL || as_long(a[A_ROUND], "round", &round) < 0)
        return -1;
    const int invoke = str_eq(mode, str[S_INVOKE]);
    if (PyList_GET_SIZE(pan) < NSLOT || PyList_GET_SIZE(comp) < 6) {
        PyErr_SetString(PyExc_IndexError, "a pantheon has 9 slots and 6 completion tokens");
        return -1;
    }
    int topd[NSLOT];
    Py_ssize_t hgt[NSLOT];
    long tok[6];
    for (int s = 0; s < NSLOT; s++) {
        PyObject *st = item_list(pan, s, "pan[q]");
        long c;
        if (st == NULL)
            return -1;
        hgt[s] = PyList_GET_SIZE(st);
        if (hgt[s] && (item_long(st, hgt[s] - 1, "a card", &c) < 0 || (topd[s] = design(L, c)) < 0))
            return -1;
    }
    for (int k = 0; k < 6; k++)
        if (item_long(comp, k, "comp", &tok[k]) < 0)
            return -1;
    /* the other seats' Trolls: tolls[s] of them on slot s */
    int tolls[NSLOT] = {0};
    for (long x = 0; x < L->n; x++) {
        if (x == q)
            continue;
        PyObject *px = item_list(a[A_PAN], x, "pan");
        if (px == NULL)
            return -1;
        for (int s = 0; s < NSLOT && s < PyList_GET_SIZE(px); s++) {
            PyObject *st = item_list(px, s, "pan[q]");
            long c;
            int dx = 0;
            if (st == NULL)
                return -1;
            Py_ssize_t h = PyList_GET_SIZE(st);
            if (h && (item_long(st, h - 1, "a card", &c) < 0 || (dx = design(L, c)) < 0))
                return -1;
            if (h && L->traits[dx * TRAIT_BYTES + T_TOLL])
                tolls[s]++;
        }
    }
    /* each Trial: fulfilled already, met before the placement, the Favors it gives */
    int met[2];
    double favors[2];
    for (Py_ssize_t t = 0; t < 2; t++) {
        double x;
        if (item_long(done, t, "trials", &done_t[t]) < 0 || trial_ratio(L, a, t, topd, hgt, &x) < 0
            || item_long(a[A_BOARDS], 2 * t, "boards", &sb[t]) < 0
            || item_long(a[A_BOARDS], 2 * t + 1, "boards", &eb[t]) < 0)
            return -1;
        met[t] = x >= 1.0; /* trial_ratio checked the board indices */
        favors[t] = L->boards[sb[t] * BOARD_BYTES + B_START_FAVORS] + L->boards[eb[t] * BOARD_BYTES + B_END_FAVORS];
    }
    const double toll = 1.0 + 0.5 / (double)(L->n - 1);
    const unsigned char *D = L->traits + d * TRAIT_BYTES;
    Py_ssize_t o = L->at[P_SLOT_PREVIEW];
    for (int s = 0; s < NSLOT; s++, o += 8) {
        const int f = D[T_FAVORS + s / 3], g = D[T_GEMS + s / 3];
        if (obs_put(b, o, cap1(f / 3.0)) < 0 || obs_put(b, o + 1, cap1(g / 3.0)) < 0)
            return -1;
        double v = invoke ? f + g / 3.0 : 0.0;
        if (hgt[s] == 0) {
            v += 0.3;
            const int mine[2] = {s / 3, 3 + s % 3};
            for (int j = 0; j < 2; j++) {
                const int *ln = lines[mine[j]];
                int full = 1;
                for (int k = 0; k < 3; k++)
                    full &= ln[k] == s || hgt[ln[k]] > 0;
                if (tok[mine[j]] && full) {
                    if (obs_put(b, o + 2 + j, 1) < 0)
                        return -1;
                    const unsigned char *G = L->completion + (mine[j] < 3 ? CG_PLANE : CG_COLUMN);
                    v += G[0] + G[1] / 3.0;
                }
            }
        }
        v -= tolls[s] * toll;
        const int keep_d = topd[s];
        const Py_ssize_t keep_h = hgt[s];
        topd[s] = d;
        hgt[s] = keep_h + 1;
        for (Py_ssize_t t = 0; t < 2; t++) {
            double x;
            if (trial_ratio(L, a, t, topd, hgt, &x) < 0 || obs_put(b, o + 4 + t, (float)x) < 0)
                return -1;
            if (!done_t[t])
                v += (round >= 3 + t ? 1.0 : 0.4) * favors[t] * ((x >= 1.0) - met[t]);
        }
        topd[s] = keep_d;
        hgt[s] = keep_h;
        if (obs_put(b, o + 6, cap1((v > 0.0 ? v : 0.0) / 6.0)) < 0 || obs_put(b, o + 7, cap1((v < 0.0 ? -v : 0.0) / 3.0)) < 0)
            return -1;
    }
    return 0;
}

/* observe._pantheon / _pantheon_at: seat q's top design per slot, stack heights / 5 (capped) and the
 * covered cards per design / 3 (THIRDS), in relative row i */
static int pantheon(ObsBuf *b, const Layout *L, PyObject *const *a, Py_ssize_t i, Py_ssize_t q)
{
    const Py_ssize_t nd = L->nd;
    PyObject *pan = item_list(a[A_PAN], q, "pan");
    if (pan == NULL)
        return -1;
    Tally below;
    if (tally_start(&below, b, L->at[P_PANTHEON_BELOW] + i * nd, (int)nd) < 0)
        return -1;
    Py_ssize_t nslots = PyList_GET_SIZE(pan);
    int topd[NSLOT];
    Py_ssize_t hgt[NSLOT] = {0};
    for (Py_ssize_t s = 0; s < nslots; s++) {
        PyObject *st = item_list(pan, s, "pan[q]");
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
        if (item_long(st, h - 1, "a card", &c) < 0 || (d = design(L, c)) < 0)
            return -1;
        topd[s] = d;
        hgt[s] = h;
        if (obs_put(b, L->at[P_PANTHEON_TOP] + (i * 9 + s) * nd + d, 1) < 0 ||
            obs_put(b, L->at[P_PANTHEON_HEIGHT] + i * 9 + s, cap1(h / 5.0)) < 0)
            return -1;
        if (tally_cards(&below, &PyList_GET_ITEM(st, 0), h - 1, &L->design, NULL, 0, "a card") < 0)
            return -1; /* the covered cards */
    }
    tally_finish(&below, L->thirds, L->nthirds);
    return trial_progress(b, L, a, i, topd, hgt);
}

/* observe._hands: own unplayed cards per design / 2, hand sizes / 2, the others' cards seat p knows */
static int hands(ObsBuf *b, const Layout *L, PyObject *const *a, const unsigned char *known, long p,
                 Py_ssize_t i, Py_ssize_t q)
{
    PyObject *hand = item_list(a[A_HAND], q, "hand");
    if (hand == NULL || obs_put(b, L->at[P_HAND_SIZE] + i, (float)(PyList_GET_SIZE(hand) / 2.0)) < 0)
        return -1;
    if (q == p) {
        if (counts_at(b, L, L->at[P_HAND_OWN], hand, NULL, 0, L->halves, L->nhalves) < 0)
            return -1;
        /* hand_slots: the first two cards by position (the play / discard actions' order) */
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(hand) && j < 2; j++) {
            long c;
            int d;
            if (item_long(hand, j, "a card", &c) < 0 || (d = design(L, c)) < 0 ||
                obs_put(b, L->at[P_HAND_SLOTS] + j * L->nd + d, 1) < 0)
                return -1;
        }
        return 0;
    }
    return counts_at(b, L, L->at[P_HAND_KNOWN] + i * L->nd, hand, known, 1u << p, L->halves, L->nhalves);
}

/* observe._commits: selection commits of seat q in relative row i (during the commit and pick steps) */
static int commits(ObsBuf *b, const Layout *L, PyObject *const *a, int commit_step, long p, Py_ssize_t i,
                   Py_ssize_t q)
{
    long cm;
    if (item_long(a[A_COMMITS], q, "commits", &cm) < 0)
        return -1;
    Py_ssize_t o = L->at[P_COMMITS] + 3 * i;
    if (!commit_step)
        return cm >= 0 ? obs_put(b, o + 1 + cm, 1) : 0;
    int fr = truth_of(PyList_GET_ITEM(a[A_FREE], q), "state.free[q]");
    if (fr < 0)
        return -1;
    if (fr && cm >= 0 && q != p)
        return obs_put(b, o, 1); /* committed, hidden */
    if (cm >= 0 && (q == p || !fr))
        return obs_put(b, o + 1 + cm, 1);
    return 0;
}

/* observe._pawns: pawns placed this round by seat q (one-hot count) and where */
static int pawns(ObsBuf *b, const Layout *L, PyObject *const *a, long n, Py_ssize_t i, Py_ssize_t q)
{
    PyObject *pw = item_list(a[A_PAWNS], q, "pawns");
    if (pw == NULL)
        return -1;
    Py_ssize_t np = PyList_GET_SIZE(pw);
    if (obs_put(b, L->at[P_PAWNS_PLACED] + 3 * i + np, 1) < 0)
        return -1;
    for (Py_ssize_t j = 0; j < np; j++) {
        PyObject *x = PyList_GET_ITEM(pw, j);
        long b2, pos;
        if (!(PyList_Check(x) || PyTuple_Check(x)) || PySequence_Fast_GET_SIZE(x) != 2) {
            PyErr_SetString(PyExc_TypeError, "a pawn must be a (board, position) pair");
            return -1;
        }
        if (item_long(x, 0, "a pawn's board", &b2) < 0 ||
            item_long(x, 1, "a pawn's position", &pos) < 0 ||
            obs_put(b, L->at[P_SANCT_PAWN] + (b2 * 5 + pos) * n + i, 1) < 0)
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
        if (item_long(a[A_SANCT], pos, "sanct", &c) < 0)
            return -1;
        if (c < 0) {
            if (obs_put(b, so + nd + 1, 1) < 0)
                return -1;
            continue;
        }
        int up = truth_of(PyList_GET_ITEM(a[A_FACEUP], pos), "state.faceup[i]");
        if (up < 0)
            return -1;
        if (!up && c >= nknown) {
            PyErr_SetString(PyExc_IndexError, "known: card out of range");
            return -1;
        }
        int d = design(L, c);
        if (d < 0 || obs_put(b, so + ((up || (known[c] >> p) & 1) ? d : nd), 1) < 0)
            return -1;
    }
    return 0;
}

/* observe._boards: board mythologies and draw pile sizes (Creatures / 18, Deities / 4) */
static int boards(ObsBuf *b, const Layout *L, PyObject *const *a)
{
    for (Py_ssize_t k = 0; k < 4; k++) {
        long m;
        PyObject *cr = item_list(a[A_PILES], 2 * k, "piles"), *de = item_list(a[A_PILES], 2 * k + 1, "piles");
        if (item_long(a[A_BOARDS], k, "boards", &m) < 0 || cr == NULL || de == NULL ||
            obs_put(b, L->at[P_BOARD_MYTH] + 8 * k + m, 1) < 0 ||
            obs_put(b, L->at[P_PILES] + 2 * k, (float)(PyList_GET_SIZE(cr) / 18.0)) < 0 ||
            obs_put(b, L->at[P_PILES] + 2 * k + 1, (float)(PyList_GET_SIZE(de) / 4.0)) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ encode */
/* The pieces of seat ``p``'s view, from the state's attributes ``a`` (enum order). */
static int write_pieces(ObsBuf *b, const Layout *L, PyObject *const *a, long p, long cur)
{
    long n, phase;
    /* the types of what is read: lists, the knowledge bytes, a seat count matching the layout */
    for (int k = 0; k < NATTRS; k++) {
        if (k == A_N || k == A_PHASE || k == A_SEL_STEP || k == A_ROUND || k == A_FIRST || k == A_TURN_SEAT ||
            k == A_KNOWN)
            continue;
        if (check_list(a[k], attr_names[k]) < 0)
            return -1;
    }
    Py_ssize_t nknown;
    const unsigned char *known = flags_of(a[A_KNOWN], L->design.ncards, "state.known", &nknown);
    if (known == NULL || as_long(a[A_N], "state.n", &n) < 0 || as_long(a[A_PHASE], "state.phase", &phase) < 0)
        return -1;
    if (n != L->n) {
        PyErr_SetString(PyExc_ValueError, "state does not match the layout (seats)");
        return -1;
    }
    for (size_t k = 0; k < sizeof per_seat / sizeof per_seat[0]; k++)
        if (PyList_GET_SIZE(a[per_seat[k]]) < n) {
            PyErr_Format(PyExc_IndexError, "state.%s: one entry per seat", attr_names[per_seat[k]]);
            return -1;
        }
    if (PyList_GET_SIZE(a[A_SANCT]) < 16 || PyList_GET_SIZE(a[A_FACEUP]) < 16 ||
        PyList_GET_SIZE(a[A_BOARDS]) < 4 || PyList_GET_SIZE(a[A_PILES]) < 8) {
        PyErr_SetString(PyExc_IndexError, "state: 16 sanctuary positions, 4 boards, 8 draw piles");
        return -1;
    }

    /* phase, to_move, round, first_player, turn_seat, destiny, effect_source, effect_op, order_options */
    if (header(b, L, a, known, p, n, cur) < 0)
        return -1;
    /* tokens, completion, trials_done */
    for (Py_ssize_t i = 0; i < n; i++)
        if (tokens(b, L, a, i, (p + i) % n) < 0)
            return -1;
    /* pantheon_top, pantheon_height, pantheon_below, discard */
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t q = (p + i) % n;
        PyObject *disc = item_list(a[A_DISC], q, "disc");
        if (pantheon(b, L, a, i, q) < 0 || disc == NULL ||
            counts_at(b, L, L->at[P_DISCARD] + i * L->nd, disc, NULL, 0, L->thirds, L->nthirds) < 0)
            return -1;
    }
    /* hand_own, hand_size, hand_known */
    for (Py_ssize_t i = 0; i < n; i++)
        if (hands(b, L, a, known, p, i, (p + i) % n) < 0)
            return -1;
    /* destined: the board each seat was assigned by the last Destiny card */
    for (Py_ssize_t i = 0; i < n; i++) {
        long d;
        if (item_long(a[A_DEST_BOARD], (p + i) % n, "dest_board", &d) < 0 ||
            (d >= 0 && obs_put(b, L->at[P_DESTINED] + 4 * i + d, 1) < 0))
            return -1;
    }
    /* commits: during the selection's commit and pick steps */
    if (phase == L->sel) {
        int commit_step = str_eq(a[A_SEL_STEP], str[S_COMMIT]);
        if (commit_step || str_eq(a[A_SEL_STEP], str[S_PICK]))
            for (Py_ssize_t i = 0; i < n; i++)
                if (commits(b, L, a, commit_step, p, i, (p + i) % n) < 0)
                    return -1;
    }
    /* pawns_placed, sanct_pawn */
    for (Py_ssize_t i = 0; i < n; i++)
        if (pawns(b, L, a, n, i, (p + i) % n) < 0)
            return -1;
    /* sanctuary, board_myth, piles, exiled */
    if (sanctuary(b, L, a, known, nknown, p) < 0 || boards(b, L, a) < 0 ||
        counts_at(b, L, L->at[P_EXILED], a[A_EXILE], NULL, 0, L->thirds, L->nthirds) < 0)
        return -1;
    return 0;
}

/* state.current_player() in ``*cur`` (left as is when it is not an int: Python's ``cp == p`` is then false):
 * 0, or -1 with an exception. Called right after the attributes are read, before anything is borrowed (it
 * may run any Python code: cobserve.h, "Calls into Python"). */
static int current_player(PyObject *state, long *cur)
{
    PyObject *cp = PyObject_CallMethodNoArgs(state, str[S_CURRENT_PLAYER]);
    if (cp == NULL)
        return -1;
    int err = PyLong_Check(cp) && as_long(cp, "current_player()", cur) < 0 ? -1 : 0;
    Py_DECREF(cp);
    return err;
}

/* The observation (COBSERVE_MODULE): the state's attributes, held for the call, then the pieces. */
static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)
{
    PyObject *a[NATTRS] = {NULL};
    long cur = -1;
    int err = get_attrs(state, attr_str, NATTRS, a) < 0 || current_player(state, &cur) < 0
              || write_pieces(b, L, a, p, cur) < 0 ? -1 : 0;
    release_refs(a, NATTRS);
    return err;
}

COBSERVE_MODULE(intern_names(attr_names, attr_str, NATTRS) < 0 || intern_names(str_names, str, NSTR) < 0 ? -1 : 0)
