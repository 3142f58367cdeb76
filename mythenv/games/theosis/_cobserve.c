/* The compiled observation encoder of Theosis (see mythenv/core/cobserve.h): the twin of
 * ``observe.encode`` in mythenv/games/theosis/observe.py, piece by piece in the same order (the small
 * pieces of ``_small``, the marks of ``_hero_marks``, the hero blocks of ``_heroes``, the piles and the
 * Power blocks of ``_pile``). Every offset and table comes from ``observe.c_layout``.
 *
 * Every write goes through ``put``, which checks the index against the buffer: a state whose values lie
 * outside their ranges raises an IndexError instead of writing out of bounds. */
#include "cobserve.h"

/* The enums (the layout's entries, the int32 table ``numbers``: where each piece and each field of a
 * hero's, Power's and monster's block starts, then the sizes and counts; the state's attributes, the keys
 * of its combat record, the Curses a monster can carry, the codes of ``prep_kind``) and the names
 * ``attr_names``, ``key_names`` are generated from observe.C_DECL into _clayout.h
 * (python -m mythenv.core.cheaders). */
#include "_clayout.h"

#define MAX_HEROES 64 /* stack arrays: the Ranking marks per hero */
#define MAX_TOKENS 32 /* token slots are bits of a mask */

typedef struct {
    int32_t num[N_NUMBERS];
    PyObject *phases;                /* dict: phase name -> index in the phase piece */
    PyObject *kinds;                 /* dict: decision kind -> index in the decision piece */
    const unsigned char *hero_arg;   /* per decision kind: i (hero at dec[1 + i]), 0 when none */
    const unsigned char *other_arg;  /* ... a second hero (dec_other) */
    const unsigned char *item_arg;   /* ... an item (dec_item) */
    const unsigned char *card_arg;   /* ... a Power (dec_card) */
    const unsigned char *rit_arg;    /* ... a Ritual (dec_ritual) */
    Py_ssize_t nkinds;
    const unsigned char *token_card; /* per token slot j: its Power card (observe._TOK) */
    const unsigned char *token_slot; /* per token: its slot j in a hero's token one-hots */
    Py_ssize_t ntokens;
    const float *speed;              /* per hero: speed / 8 (float32) */
    const unsigned char *prep_kind;  /* --- Hierapolis: per decision kind, its prep_dec code (prep_code enum) */
} Layout;

static int read_layout(PyObject *layout, Layout *L, ObsShape *shape)
{
    const int32_t *nums;
    Py_ssize_t len2;
    if (layout_tuple(layout, LAYOUT_LEN) < 0
        || (nums = layout_array(layout, LAYOUT_NUMBERS, 4, N_NUMBERS, NULL)) == NULL)
        return -1;
    memcpy(L->num, nums, sizeof(L->num));
    if (L->num[N_HEROES] < 0 || L->num[N_HEROES] > MAX_HEROES || L->num[N_PLAYERS] < 1 || L->num[N_PLAYERS] > 63
        || L->num[N_SIZE] < 0) {
        PyErr_SetString(PyExc_ValueError, "layout: inconsistent numbers");
        return -1;
    }
    shape->seats = L->num[N_PLAYERS];
    shape->size = L->num[N_SIZE];
    if ((L->phases = layout_dict(layout, LAYOUT_PHASES)) == NULL || (L->kinds = layout_dict(layout, LAYOUT_KINDS)) == NULL
        || (L->hero_arg = layout_bytes(layout, LAYOUT_HERO_ARG, &L->nkinds)) == NULL
        || (L->token_card = layout_bytes(layout, LAYOUT_TOKEN_CARD, &L->ntokens)) == NULL
        || (L->token_slot = layout_array(layout, LAYOUT_TOKEN_SLOT, 1, L->ntokens, &len2)) == NULL
        || (L->speed = layout_array(layout, LAYOUT_SPEED, 4, L->num[N_HEROES], NULL)) == NULL
        || (L->other_arg = layout_array(layout, LAYOUT_OTHER_ARG, 1, L->nkinds, NULL)) == NULL
        || (L->item_arg = layout_array(layout, LAYOUT_ITEM_ARG, 1, L->nkinds, NULL)) == NULL
        || (L->card_arg = layout_array(layout, LAYOUT_CARD_ARG, 1, L->nkinds, NULL)) == NULL
        || (L->rit_arg = layout_array(layout, LAYOUT_RIT_ARG, 1, L->nkinds, NULL)) == NULL
        || (L->prep_kind = layout_array(layout, LAYOUT_PREP_KIND, 1, L->nkinds, NULL)) == NULL)
        return -1;
    if (L->num[N_RITUALS] < 0 || L->num[N_RITUALS] > 30 || L->num[N_HEX] < 0 || L->num[N_TURNS] < 0) {
        PyErr_SetString(PyExc_ValueError, "layout: inconsistent Ritual numbers");
        return -1;
    }
    if (L->ntokens > MAX_TOKENS) {
        PyErr_SetString(PyExc_ValueError, "layout: more tokens than the mask holds");
        return -1;
    }
    for (Py_ssize_t t = 0; t < L->ntokens; t++)
        if (L->token_slot[t] >= MAX_TOKENS) {
            PyErr_SetString(PyExc_ValueError, "layout: a token slot beyond the mask");
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ the state's attributes */
/* what an attribute must be: an int (read into ``iv``), a str, a list (of at least NH heroes' or n seats'
 * entries, of such lists), or None / a list, None / a dict; T_UNSET (0): an attribute of the attr enum
 * that attr_types leaves out, which ``fetch`` refuses */
enum { T_UNSET, T_INT, T_STR, T_LIST, T_HEROES, T_HERO_LISTS, T_SEAT_LISTS, T_LIST_OR_NONE, T_DICT_OR_NONE };

#define NFLAGS 5 /* A_ACTED .. A_FLIP_A */

/* what each attribute of the attr enum (_clayout.h) must be */
static const unsigned char attr_types[NATTR] = {
    [A_PHASE] = T_STR, [A_DEC] = T_LIST_OR_NONE, [A_WINNER] = T_INT, [A_N] = T_INT, [A_TEAM] = T_LIST,
    [A_TURN] = T_INT, [A_POOL] = T_LIST, [A_OFFER] = T_LIST, [A_CB] = T_DICT_OR_NONE, [A_VIS] = T_LIST,
    [A_BONDAGE] = T_INT, [A_WARD] = T_LIST, [A_PURSE] = T_LIST, [A_INITIATIVE] = T_INT,
    [A_RANKING] = T_LIST, [A_TOKEN] = T_LIST,
    /* per hero */
    [A_OWNER] = T_HEROES, [A_HP] = T_HEROES, [A_POS] = T_HEROES, [A_GOLD] = T_HEROES, [A_ARCH] = T_HEROES,
    [A_ACTED] = T_HEROES, [A_BLACKOUT] = T_HEROES, [A_STEALTH] = T_HEROES, [A_FLIP_W] = T_HEROES,
    [A_FLIP_A] = T_HEROES, [A_MANA] = T_HERO_LISTS, [A_EQ] = T_HERO_LISTS,
    /* per seat: the three piles */
    [A_HAND] = T_SEAT_LISTS, [A_DISC] = T_SEAT_LISTS, [A_INPLAY] = T_SEAT_LISTS,
    /* --- Rituals */
    [A_PREPARED] = T_SEAT_LISTS, [A_RSHOWN] = T_LIST, [A_RHEX] = T_LIST, [A_RIMM] = T_HEROES,
    [A_GAIA] = T_HEROES,
    /* --- Monsters */
    [A_MKIND] = T_LIST, [A_MPOS] = T_LIST, [A_MDOWN] = T_LIST, [A_MSTACK] = T_LIST, [A_MSTAT] = T_LIST,
    [A_MLAST] = T_LIST, [A_MGONE] = T_LIST, [A_MCB] = T_DICT_OR_NONE, [A_PARA] = T_HEROES,
    [A_SWAL] = T_HEROES, [A_ENSL] = T_HEROES, [A_ANCHOR] = T_HEROES, [A_KEPT] = T_SEAT_LISTS,
    /* --- Hierapolis */
    [A_PTURN] = T_INT, [A_PFIRST] = T_INT, [A_BREV] = T_INT, [A_BART] = T_INT, [A_MSEAT] = T_INT,
    [A_SPOTS] = T_LIST, [A_TRACK] = T_LIST, [A_MSUPPLY] = T_LIST, [A_BJOIN] = T_LIST, [A_BID] = T_LIST,
    [A_MDRAW] = T_LIST,
    /* --- Co-op Hierapolis */
    [A_EHERO] = T_LIST, [A_EGOLD] = T_LIST, [A_ESPOT] = T_LIST, [A_GONE] = T_LIST,
};

/* the interned names (module init): the only module-level state */
static PyObject *attr_str[NATTR];
static PyObject *key_str[NKEYS];

/* Fetch every attribute into ``a`` (new references; the caller releases them) and the ints into ``iv``.
 * Every attribute is read before any is checked: reading one may run Python code (a property) that
 * changes another (cobserve.h, "Calls into Python"). */
/* the slots of the state's fields (TheosisState's ``__slots__``), by type (cobserve.h ``get_slot_attrs``) */
static SlotCache slots;

static int fetch(PyObject *state, const Layout *L, PyObject **a, long *iv)
{
    if (get_slot_attrs(state, attr_str, NATTR, a, &slots) < 0)
        return -1;
    for (int i = 0; i < NATTR; i++) {
        PyObject *o = a[i];
        int t = attr_types[i], ok;
        switch (t) {
        case T_UNSET:
            PyErr_Format(PyExc_SystemError, "_cobserve.c: attr_types gives no type for state.%s", attr_names[i]);
            return -1;
        case T_INT:
            if (as_long(o, attr_names[i], &iv[i]) < 0)
                return -1;
            continue;
        case T_STR:
            ok = PyUnicode_Check(o);
            break;
        case T_LIST_OR_NONE:
            ok = o == Py_None || PyList_Check(o);
            break;
        case T_DICT_OR_NONE:
            ok = o == Py_None || PyDict_Check(o);
            break;
        default:
            ok = PyList_Check(o);
        }
        if (!ok) {
            PyErr_Format(PyExc_TypeError, "state.%s: unexpected type %.80s", attr_names[i], Py_TYPE(o)->tp_name);
            return -1;
        }
        if (t == T_HEROES || t == T_HERO_LISTS || t == T_SEAT_LISTS) {
            Py_ssize_t need = t == T_SEAT_LISTS ? iv[A_N] : L->num[N_HEROES]; /* n is fetched before */
            if (PyList_GET_SIZE(o) < need) {
                PyErr_Format(PyExc_IndexError, "state.%s: %zd entries, %zd needed", attr_names[i],
                             PyList_GET_SIZE(o), need);
                return -1;
            }
            if (t != T_HEROES)
                for (Py_ssize_t k = 0; k < need; k++)
                    if (!PyList_Check(PyList_GET_ITEM(o, k))) {
                        PyErr_Format(PyExc_TypeError, "state.%s: entries must be lists", attr_names[i]);
                        return -1;
                    }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ writes */
#define PUT(i, v)                          \
    do {                                   \
        if (obs_put(b, (i), (v)) < 0)      \
            return -1;                     \
    } while (0)
#define LONG(o, what, v)                   \
    do {                                   \
        if (as_long((o), (what), (v)) < 0) \
            return -1;                     \
    } while (0)


/* ------------------------------------------------------------------ the Ritual pieces (_rituals) */
static int write_rituals(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p, long myteam)
{
    const int32_t *N = L->num;
    long nr = N[N_RITUALS], n = iv[A_N], v;
    long cf = 2 + N[N_TURNS], hf = nr + 1;
    /* rit_board: the token on each hex, and the hexes no Hero may occupy */
    PyObject *rhex = a[A_RHEX];
    if (PyList_GET_SIZE(rhex) < N[N_HEX]) {
        PyErr_SetString(PyExc_IndexError, "state.rhex: an entry per hex needed");
        return -1;
    }
    for (long x = 0; x < N[N_HEX]; x++) {
        LONG(PyList_GET_ITEM(rhex, x), "rhex", &v);
        if (v >= 0) {
            long o = N[P_RIT_BOARD] + x * hf;
            PUT(o + (v >> 1), 1.0f);
            if (v & 1)
                PUT(o + nr, 1.0f);
        }
    }
    /* rit_cards: face up */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a[A_RSHOWN]); i++) {
        LONG(PyList_GET_ITEM(a[A_RSHOWN], i), "rshown", &v);
        PUT(N[P_RIT_CARDS] + v * cf, 1.0f);
    }
    /* rit_seats and rit_marks (the turn markers, public), and rit_cards for the team's own prepared Rituals */
    for (long q = 0; q < n; q++) {
        PyObject *prep = PyList_GET_ITEM(a[A_PREPARED], q);
        Py_ssize_t len = PyList_GET_SIZE(prep);
        long team, rel = pymod(q - p, n);
        if (len == 0)
            continue;
        PUT(N[P_RIT_SEATS] + rel, (float)((double)len / (double)N[N_TURNS]));
        if (item_long(a[A_TEAM], q, "team", &team) < 0)
            return -1;
        for (Py_ssize_t i = 0; i < len; i++) {
            PyObject *e = item_list(prep, i, "state.prepared's entries");
            long ri, t;
            if (e == NULL || item_long(e, 0, "prepared", &ri) < 0 || item_long(e, 1, "prepared", &t) < 0)
                return -1;
            PUT(N[P_RIT_MARKS] + rel * N[N_TURNS] + t - 1, 1.0f);
            if (team != myteam)
                continue;
            long o = N[P_RIT_CARDS] + ri * cf;
            PUT(o + 1, 1.0f);
            PUT(o + 1 + t, 1.0f);
        }
    }
    /* rit_heroes: Nature's Grace immunities, Gaia's Escutcheon */
    long turn = iv[A_TURN];
    for (long h = 0; h < N[N_HEROES]; h++) {
        long m, g;
        LONG(PyList_GET_ITEM(a[A_RIMM], h), "rimm", &m);
        LONG(PyList_GET_ITEM(a[A_GAIA], h), "gaia", &g);
        int gaia = g >= turn && turn > 0;
        if (!m && !gaia)
            continue;
        long o = N[P_RIT_HEROES] + h * hf;
        for (long ri = 0; ri < nr; ri++)
            if ((unsigned long)m >> ri & 1)
                PUT(o + ri, 1.0f);
        if (gaia)
            PUT(o + nr, 1.0f);
    }
    return 0;
}

/* ------------------------------------------------------------------ the small pieces (_small) */
static int write_small(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p, long myteam)
{
    const int32_t *N = L->num;
    long n = iv[A_N];
    /* phase */
    PyObject *ph = table_item(L->phases, a[A_PHASE], "state.phase");
    if (ph == NULL)
        return -1;
    long v;
    LONG(ph, "phase", &v);
    PUT(N[P_PHASE] + v, 1.0f);
    /* decision, to_move, decider, dec_heroes */
    PyObject *dec = a[A_DEC];
    if (dec != Py_None && iv[A_WINNER] == -2) {
        if (PyList_GET_SIZE(dec) < 2) {
            PyErr_SetString(PyExc_IndexError, "state.dec: a decision names its kind and its seat");
            return -1;
        }
        PyObject *kind = table_item(L->kinds, PyList_GET_ITEM(dec, 0), "state.dec's kind");
        if (kind == NULL)
            return -1;
        long k, seat;
        LONG(kind, "dec", &k);
        LONG(PyList_GET_ITEM(dec, 1), "dec", &seat);
        PUT(N[P_DECISION] + k, 1.0f);
        if (seat == p)
            PUT(N[P_TO_MOVE], 1.0f);
        PUT(N[P_DECIDER] + pymod(seat - p, n), 1.0f);
        if (k < 0 || k >= L->nkinds) {
            PyErr_SetString(PyExc_IndexError, "layout: decision kind outside the hero-argument table");
            return -1;
        }
        /* the decision's arguments (observe._DEC_ARGS): hero, second hero, item, Power, Ritual */
        const unsigned char *tab[5] = {L->hero_arg, L->other_arg, L->item_arg, L->card_arg, L->rit_arg};
        const long base[5] = {N[P_DEC_HEROES], N[P_DEC_OTHER], N[P_DEC_ITEM], N[P_DEC_CARD], N[P_DEC_RITUAL]};
        const long limit[5] = {N[N_HEROES], N[N_HEROES], N[N_ITEMS], N[N_CARDS], N[N_RITUALS]};
        for (int t = 0; t < 5; t++) {
            if (!tab[t][k])
                continue;
            Py_ssize_t at = 1 + tab[t][k];
            if (at >= PyList_GET_SIZE(dec)) {
                PyErr_SetString(PyExc_IndexError, "state.dec: an argument of the decision is missing");
                return -1;
            }
            PyObject *h = PyList_GET_ITEM(dec, at);
            if (!PyLong_Check(h)) /* isinstance(x, int) and 0 <= x < limit */
                continue;
            long hv;
            LONG(h, "dec", &hv);
            if (hv < 0 || hv >= limit[t])
                continue;
            if (t == 3) { /* a Power: shown to the decider's team and to seats that saw it */
                long team, seen;
                if (item_long(a[A_TEAM], seat, "team", &team) < 0)
                    return -1;
                if (team != myteam) {
                    if (item_long(a[A_VIS], hv, "vis", &seen) < 0)
                        return -1;
                    if (!((unsigned long)seen & (1UL << p)))
                        continue;
                }
            }
            PUT(base[t] + hv, 1.0f);
        }
    }
    /* turn */
    PUT(N[P_TURN] + (iv[A_TURN] < N[N_TURN_CAP] ? iv[A_TURN] : N[N_TURN_CAP]), 1.0f);
    /* pool */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a[A_POOL]); i++) {
        LONG(PyList_GET_ITEM(a[A_POOL], i), "pool", &v);
        PUT(N[P_POOL] + v, 1.0f);
    }
    /* offer */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a[A_OFFER]); i++) {
        LONG(PyList_GET_ITEM(a[A_OFFER], i), "offer", &v);
        PUT(N[P_OFFER] + v, 1.0f);
    }
    /* combat, combat_card */
    PyObject *cb = a[A_CB];
    if (cb != Py_None) {
        PyObject *o = dict_item(cb, key_str[K_ATT], "cb");
        if (o == NULL)
            return -1;
        LONG(o, "cb", &v);
        PUT(N[P_COMBAT] + v * 2, 1.0f);
        PyObject *targets = dict_item(cb, key_str[K_TARGETS], "cb");
        if (targets == NULL || check_list(targets, "state.cb's targets") < 0)
            return -1;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(targets); i++) {
            LONG(PyList_GET_ITEM(targets, i), "cb", &v);
            if (v < N[N_HEROES]) /* --- Monsters: a monster target (NH + m) is in its own block */
                PUT(N[P_COMBAT] + v * 2 + 1, 1.0f);
        }
        PyObject *du = dict_item(cb, key_str[K_DU], "cb");
        PyObject *src = du == NULL ? NULL : dict_item(cb, key_str[K_SRC], "cb");
        if (src == NULL)
            return -1;
        if (str_eq(src, key_str[K_SPELL])) {
            if ((o = dict_item(cb, key_str[K_SPELL], "cb")) == NULL)
                return -1;
            LONG(o, "cb", &v);
            PUT(N[P_COMBAT_CARD] + v, 1.0f);
        }
        if (du != Py_None) {
            if (!PyDict_Check(du)) {
                PyErr_SetString(PyExc_TypeError, "state.cb: the duel must be a dict or None");
                return -1;
            }
            unsigned long bit = 1UL << p;
            for (int key = K_AC; key <= K_DC; key++) {
                long c, seen;
                if ((o = dict_item(du, key_str[key], "cb")) == NULL)
                    return -1;
                LONG(o, "cb", &c);
                if (c >= 0) {
                    if (item_long(a[A_VIS], c, "vis", &seen) < 0)
                        return -1;
                    if ((unsigned long)seen & bit)
                        PUT(N[P_COMBAT_CARD] + c, 1.0f);
                }
            }
        }
    }
    /* misc: bondage active, spell ward on own team, own purse / 3, initiative is own seat */
    if (iv[A_BONDAGE] >= 0)
        PUT(N[P_MISC], 1.0f);
    long ward, purse;
    if (item_long(a[A_WARD], myteam, "ward", &ward) < 0 || item_long(a[A_PURSE], p, "purse", &purse) < 0)
        return -1;
    if (ward)
        PUT(N[P_MISC] + 1, 1.0f);
    PUT(N[P_MISC] + 2, cap1((double)purse / 3.0)); /* --- Hierapolis: capped */
    if (iv[A_INITIATIVE] == p)
        PUT(N[P_MISC] + 3, 1.0f);
    return write_rituals(b, L, a, iv, p, myteam);
}

/* ------------------------------------------------------------------ the heroes (_hero_marks, _heroes) */
static int write_heroes(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p, long myteam)
{
    const int32_t *N = L->num;
    long nh = N[N_HEROES], n = iv[A_N];
    long owner[MAX_HEROES];
    for (long h = 0; h < nh; h++)
        LONG(PyList_GET_ITEM(a[A_OWNER], h), "owner", &owner[h]);
    /* marks: each chosen hero's first place in the Ranking, and the token slots on each hero */
    long first[MAX_HEROES];
    uint32_t toks[MAX_HEROES];
    for (long h = 0; h < nh; h++) {
        first[h] = -1;
        toks[h] = 0;
    }
    PyObject *ranking = a[A_RANKING];
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(ranking); i++) {
        long h;
        LONG(PyList_GET_ITEM(ranking, i), "ranking", &h);
        if (h >= 0 && h < nh && first[h] < 0 && owner[h] >= 0)
            first[h] = i;
    }
    for (Py_ssize_t t = 0; t < L->ntokens; t++) {
        long h;
        if (item_long(a[A_TOKEN], L->token_card[t], "token", &h) < 0)
            return -1;
        if (h >= 0 && h < nh && owner[h] >= 0)
            toks[h] |= 1u << L->token_slot[t];
    }
    /* the hero blocks */
    for (long h = 0; h < nh; h++) {
        long o = N[P_HEROES] + h * N[N_HF], own = owner[h];
        if (own < 0) {
            PUT(o + N[H_UNCHOSEN], 1.0f);
            continue;
        }
        long team, hp, pos, gold, arch, x;
        PUT(o + pymod(own - p, n), 1.0f);
        if (item_long(a[A_TEAM], own, "team", &team) < 0)
            return -1;
        PUT(o + (team == myteam ? N[H_ALLY] : N[H_ENEMY]), 1.0f);
        LONG(PyList_GET_ITEM(a[A_HP], h), "hp", &hp);
        LONG(PyList_GET_ITEM(a[A_POS], h), "pos", &pos);
        if (hp > 0 && pos >= 0) /* state.alive(h) (the owner is known to be set here) */
            PUT(o + N[H_ALIVE], 1.0f);
        PyObject *mana = PyList_GET_ITEM(a[A_MANA], h);
        for (long s = 0; s < 3; s++) {
            if (item_long(mana, s, "mana", &x) < 0)
                return -1;
            if (x)
                PUT(o + N[H_MANA] + s, 1.0f);
        }
        /* acted, blacked out, stealth, weapons flipped, armor flipped */
        for (int f = 0; f < NFLAGS; f++) {
            LONG(PyList_GET_ITEM(a[A_ACTED + f], h), attr_names[A_ACTED + f], &x);
            if (x)
                PUT(o + N[H_FLAGS] + f, 1.0f);
        }
        LONG(PyList_GET_ITEM(a[A_ARCH], h), "arch", &arch);
        PUT(o + N[H_ARCH] + arch, 1.0f);
        if (pos >= 0)
            PUT(o + N[H_HEX] + pos, 1.0f);
        PyObject *eq = PyList_GET_ITEM(a[A_EQ], h);
        for (Py_ssize_t s = 0; s < PyList_GET_SIZE(eq); s++) {
            LONG(PyList_GET_ITEM(eq, s), "eq", &x);
            if (x >= 0)
                PUT(o + N[H_ITEMS] + x, 1.0f);
        }
        if (first[h] >= 0)
            PUT(o + N[H_RANK] + first[h], 1.0f);
        for (uint32_t m = toks[h], j = 0; m; m >>= 1, j++)
            if (m & 1)
                PUT(o + N[H_TOKENS] + (long)j, 1.0f);
        LONG(PyList_GET_ITEM(a[A_GOLD], h), "gold", &gold);
        PUT(o + N[H_HEALTH], (float)((double)hp / 9.0));
        PUT(o + N[H_GOLD], (float)((double)(gold < 10 ? gold : 10) / 10.0));
        PUT(o + N[H_SPEED], L->speed[h]);
    }
    return 0;
}

/* ------------------------------------------------------------------ piles, cards (encode, _pile) */
static int write_piles(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p, long myteam)
{
    const int32_t *N = L->num;
    long n = iv[A_N];
    unsigned long bit = 1UL << p;
    for (long q = 0; q < n; q++) {
        long rel = pymod(q - p, n), team;
        if (item_long(a[A_TEAM], q, "team", &team) < 0)
            return -1;
        for (int j = 0; j < 3; j++) { /* hand, discard, in play */
            PyObject *pile = PyList_GET_ITEM(a[A_HAND + j], q);
            Py_ssize_t len = PyList_GET_SIZE(pile);
            PUT(N[P_PILES] + rel * 3 + j, (float)((double)len / 6.0));
            for (Py_ssize_t i = 0; i < len; i++) {
                long c, seen;
                LONG(PyList_GET_ITEM(pile, i), attr_names[A_HAND + j], &c);
                long o = N[P_CARDS] + c * N[N_CF];
                PUT(o + rel, 1.0f);
                if (team == myteam) {
                    PUT(o + N[C_OWN_PILE] + j, 1.0f);
                } else {
                    if (item_long(a[A_VIS], c, "vis", &seen) < 0)
                        return -1;
                    PUT(o + ((unsigned long)seen & bit ? N[C_KNOWN_PILE] + j : N[C_UNKNOWN]), 1.0f);
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ --- Monsters (observe._monsters) */
static int write_monsters(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p)
{
    const int32_t *N = L->num;
    long nh = N[N_HEROES], n = iv[A_N], maxm = N[N_MAXM], k, x;
    double ntok = (double)N[N_NTOK];
    if (PyList_GET_SIZE(a[A_MKIND]) < maxm) {
        PyErr_SetString(PyExc_IndexError, "state.mkind: fewer entries than monster slots");
        return -1;
    }
    LONG(PyList_GET_ITEM(a[A_MKIND], 0), "mkind", &k);
    if (k < 0)
        return 0;
    PyObject *targets = NULL;
    if (a[A_CB] != Py_None && (targets = dict_item(a[A_CB], key_str[K_TARGETS], "cb")) == NULL)
        return -1;
    for (long m = 0; m < maxm; m++) {
        long pos, down, len;
        LONG(PyList_GET_ITEM(a[A_MKIND], m), "mkind", &k);
        if (k < 0)
            continue;
        long o = N[P_MONSTERS] + m * N[N_MF];
        PUT(o + k, 1.0f);
        if (item_long(a[A_MPOS], m, "mpos", &pos) < 0)
            return -1;
        if (pos >= 0) {
            PUT(o + N[M_ALIVE], 1.0f);
            PUT(o + N[M_HEX] + pos, 1.0f);
        }
        PyObject *st = item_list(a[A_MSTACK], m, "mstack");
        if (st == NULL)
            return -1;
        len = PyList_GET_SIZE(st);
        if (len > 0 && pos >= 0) {
            if (item_long(a[A_MDOWN], m, "mdown", &down) < 0)
                return -1;
            if (down)
                PUT(o + N[M_DOWN], 1.0f);
            else {
                LONG(PyList_GET_ITEM(st, 0), "mstack", &x);
                PUT(o + N[M_TOP] + x, 1.0f);
            }
        }
        PUT(o + N[M_SIZE], (float)((double)len / ntok));
        PyObject *stat = item_list(a[A_MSTAT], m, "mstat");
        if (stat == NULL)
            return -1;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(stat); j++) {
            LONG(PyList_GET_ITEM(stat, j), "mstat", &x);
            if (x)
                PUT(o + N[M_STAT] + j, 1.0f);
        }
        for (int j = 0; j < NMCURSES; j++) {
            if (item_long(a[A_TOKEN], N[N_CURSE + j], "token", &x) < 0)
                return -1;
            if (x == nh + m)
                PUT(o + N[M_CURSE] + j, 1.0f);
        }
        PyObject *gone = item_list(a[A_MGONE], m, "mgone");
        if (gone == NULL)
            return -1;
        PUT(o + N[M_GONE], (float)((double)PyList_GET_SIZE(gone) / ntok));
        if (targets != NULL) {
            if (check_list(targets, "state.cb's targets") < 0)
                return -1;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(targets); i++) {
                LONG(PyList_GET_ITEM(targets, i), "cb", &x);
                if (x == nh + m) {
                    PUT(o + N[M_TARGET], 1.0f);
                    break;
                }
            }
        }
        PyObject *last = item_list(a[A_MLAST], m, "mlast");
        if (last == NULL)
            return -1;
        long f0, f1;
        if (item_long(last, 0, "mlast", &f0) < 0 || item_long(last, 1, "mlast", &f1) < 0)
            return -1;
        if (f0 >= 0)
            PUT(o + N[M_LAST0] + f0, 1.0f);
        if (f1 >= 0)
            PUT(o + N[M_LAST1] + f1, 1.0f);
    }
    /* the heroes' monster statuses: paralyzed, swallowed, enslaved, anchored */
    for (int j = 0; j < 4; j++)
        for (long h = 0; h < nh; h++) {
            LONG(PyList_GET_ITEM(a[A_PARA + j], h), attr_names[A_PARA + j], &x);
            if (x)
                PUT(N[P_MHEROES] + h * 4 + j, 1.0f);
        }
    for (long q = 0; q < n; q++)
        PUT(N[P_MKEPT] + pymod(q - p, n), (float)((double)PyList_GET_SIZE(PyList_GET_ITEM(a[A_KEPT], q)) / ntok));
    if (a[A_MCB] != Py_None) {
        PyObject *mt = dict_item(a[A_MCB], key_str[K_TARGETS], "mcb");
        if (mt == NULL || check_list(mt, "state.mcb's targets") < 0)
            return -1;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(mt); i++) {
            LONG(PyList_GET_ITEM(mt, i), "mcb", &x);
            PUT(N[P_MSTRIKE] + x, 1.0f);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ Hierapolis (observe._prep) */
static int write_prep(ObsBuf *b, const Layout *L, PyObject **a, const long *iv, long p, long myteam)
{
    const int32_t *N = L->num;
    long n = iv[A_N], v;
    PUT(N[P_PREP_TURN] + iv[A_PTURN], 1.0f);
    if (iv[A_PTURN])
        PUT(N[P_PREP_FIRST] + pymod(iv[A_PFIRST] - p, n), 1.0f);
    /* spots: heroes of each relative seat / 3 */
    PyObject *spots = a[A_SPOTS];
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(spots); i++) {
        PyObject *seats = PyList_GET_ITEM(spots, i);
        if (check_list(seats, "state.spots") < 0)
            return -1;
        long cnt[6] = {0};
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(seats); j++) {
            LONG(PyList_GET_ITEM(seats, j), "spots", &v);
            long r = pymod(v - p, n);
            if (r < 0 || r >= 6) {
                PyErr_SetString(PyExc_IndexError, "state.spots: a seat beyond six");
                return -1;
            }
            cnt[r]++;
        }
        for (long r = 0; r < 6; r++)
            if (cnt[r])
                PUT(N[P_SPOTS] + (long)i * 6 + r, cap1((double)cnt[r] / 3.0));
    }
    /* tracks */
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(a[A_TRACK]); t++) {
        LONG(PyList_GET_ITEM(a[A_TRACK], t), "track", &v);
        PUT(N[P_TRACKS] + (long)t * N[N_TRACK_W] + v + N[N_TRACK_LEN], 1.0f);
    }
    /* per seat: purse, supply, bids */
    for (long q = 0; q < n; q++) {
        long r = pymod(q - p, n), purse, sup, join, bid, team;
        if (item_long(a[A_PURSE], q, "purse", &purse) < 0 || item_long(a[A_MSUPPLY], q, "msupply", &sup) < 0
            || item_long(a[A_BJOIN], q, "bjoin", &join) < 0 || item_long(a[A_BID], q, "bid", &bid) < 0
            || item_long(a[A_TEAM], q, "team", &team) < 0)
            return -1;
        if (purse)
            PUT(N[P_PURSES] + r, cap1((double)purse / 30.0));
        if (sup)
            PUT(N[P_SUPPLY] + r, cap1((double)sup / 4.0));
        if (join)
            PUT(N[P_BIDS] + r * 3, 1.0f);
        if (bid >= 0) {
            PUT(N[P_BIDS] + r * 3 + 1, 1.0f);
            if (bid && (iv[A_BREV] || team == myteam))
                PUT(N[P_BIDS] + r * 3 + 2, cap1((double)bid / 30.0));
        }
    }
    if (iv[A_BART] >= 0)
        PUT(N[P_BID_ART] + iv[A_BART], 1.0f);
    if (iv[A_MSEAT] >= 0) {
        long team;
        if (item_long(a[A_TEAM], iv[A_MSEAT], "team", &team) < 0)
            return -1;
        if (team == myteam)
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a[A_MDRAW]); i++) {
                LONG(PyList_GET_ITEM(a[A_MDRAW], i), "mdraw", &v);
                PUT(N[P_PREP_DRAWN] + v, 1.0f);
            }
    }
    /* the pending decision's arguments */
    PyObject *dec = a[A_DEC];
    if (dec == Py_None || iv[A_WINNER] != -2)
        return 0;
    PyObject *kind = table_item(L->kinds, PyList_GET_ITEM(dec, 0), "state.dec's kind");
    long k;
    if (kind == NULL)
        return -1;
    LONG(kind, "dec", &k);
    if (k < 0 || k >= L->nkinds) {
        PyErr_SetString(PyExc_IndexError, "layout: decision kind outside the Hierapolis table");
        return -1;
    }
    int code = L->prep_kind[k]; /* its index in observe._PREP_CODES: the prep_code enum */
    if (code == PREP_NONE)
        return 0;
    Py_ssize_t len = PyList_GET_SIZE(dec);
    long x[4] = {0, 0, 0, 0}; /* dec[1], dec[2], dec[3], dec[-1] */
    if (len < 3) {
        PyErr_SetString(PyExc_IndexError, "state.dec: an argument of the decision is missing");
        return -1;
    }
    LONG(PyList_GET_ITEM(dec, 1), "dec", &x[0]);
    LONG(PyList_GET_ITEM(dec, 2), "dec", &x[1]);
    if (len > 3)
        LONG(PyList_GET_ITEM(dec, 3), "dec", &x[2]);
    LONG(PyList_GET_ITEM(dec, len - 1), "dec", &x[3]);
    long o = N[P_PREP_DEC];
    switch (code) {
    case PREP_SPOT: /* hp_spot: the first hero */
        if (x[1] == 0)
            PUT(o + 3, 1.0f);
        break;
    case PREP_POWER: /* hp_power: its Quest */
        PUT(o + 4 + x[1], 1.0f);
        break;
    case PREP_KEEP: /* hp_keep: optional */
        PUT(o + x[2], 1.0f);
        break;
    case PREP_MARKET: /* hp_market: optional */
        PUT(o + x[1], 1.0f);
        break;
    case PREP_GEM: /* hp_gem / hp_gslot: optional / mandatory / from the supply */
        PUT(o + x[3], 1.0f);
        break;
    case PREP_BID: { /* hp_bid: the digit, the bid so far (own team) */
        long team;
        PUT(o + 10 + x[1], 1.0f);
        if (item_long(a[A_TEAM], x[0], "team", &team) < 0)
            return -1;
        if (x[2] && team == myteam)
            PUT(o + 13, cap1((double)x[2] / 100.0));
        break;
    }
    case PREP_AMOUNT: /* hp_hurt / hp_steal: the amount */
        PUT(o + 14, cap1((double)x[1] / 4.0));
        break;
    }
    return 0;
}

/* ------------------------------------------------------------------ --- Co-op Hierapolis (observe._enemies) */
static int write_enemies(ObsBuf *b, const Layout *L, PyObject **a)
{
    const int32_t *N = L->num;
    PyObject *ehero = a[A_EHERO];
    Py_ssize_t ne = PyList_GET_SIZE(ehero);
    if (ne == 0)
        return 0;
    PyObject *ph = table_item(L->phases, a[A_PHASE], "state.phase");
    long v;
    if (ph == NULL)
        return -1;
    LONG(ph, "phase", &v);
    if (v != N[N_PHASE_PREP])
        return 0;
    if (ne > 3) {
        PyErr_SetString(PyExc_IndexError, "state.ehero: three enemy heroes or none");
        return -1;
    }
    for (Py_ssize_t k = 0; k < ne; k++) {
        long h, hp, gold, spot, o = N[P_ENEMIES] + (long)k * N[N_EF];
        if (item_long(ehero, k, "ehero", &h) < 0)
            return -1;
        if (h < 0 || h >= N[N_HEROES]) {
            PyErr_SetString(PyExc_IndexError, "state.ehero: a hero out of range");
            return -1;
        }
        PUT(o + h, 1.0f);
        if (item_long(a[A_HP], h, "hp", &hp) < 0)
            return -1;
        if (hp > 0) {
            PUT(o + N[N_HEROES], 1.0f);
            PUT(o + N[N_HEROES] + 1, (float)((double)hp / 9.0));
        }
        if (item_long(a[A_EGOLD], k, "egold", &gold) < 0)
            return -1;
        if (gold)
            PUT(o + N[N_HEROES] + 2, cap1((double)gold / 30.0));
        if (item_long(a[A_ESPOT], k, "espot", &spot) < 0)
            return -1;
        if (spot >= 0)
            PUT(o + N[N_HEROES] + 3 + spot, 1.0f);
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a[A_GONE]); i++) {
        if (item_long(a[A_GONE], i, "gone", &v) < 0)
            return -1;
        if (v < 0 || v >= N[N_ITEMS]) {
            PyErr_SetString(PyExc_IndexError, "state.gone: an item out of range");
            return -1;
        }
        PUT(N[P_ENEMY_TOOK] + v, 1.0f);
    }
    return 0;
}

/* ------------------------------------------------------------------ encode */
/* The observation (COBSERVE_MODULE): the state's attributes, held for the call, then the pieces. */
static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)
{
    PyObject *a[NATTR] = {NULL};
    long iv[NATTR] = {0}, myteam;
    int ok = fetch(state, L, a, iv) == 0;
    if (ok && iv[A_N] != L->num[N_PLAYERS]) {
        PyErr_Format(PyExc_ValueError, "encode: a state of %ld players for a layout of %d", iv[A_N],
                     (int)L->num[N_PLAYERS]);
        ok = 0;
    }
    ok = ok && item_long(a[A_TEAM], p, "team", &myteam) == 0 && write_small(b, L, a, iv, p, myteam) == 0 &&
         write_heroes(b, L, a, iv, p, myteam) == 0 && write_piles(b, L, a, iv, p, myteam) == 0 &&
         write_monsters(b, L, a, iv, p) == 0 && /* --- Monsters */
         write_prep(b, L, a, iv, p, myteam) == 0 && /* --- Hierapolis */
         write_enemies(b, L, a) == 0; /* --- Co-op Hierapolis */
    release_refs(a, NATTR);
    return ok ? 0 : -1;
}

COBSERVE_MODULE(intern_names(attr_names, attr_str, NATTR) < 0 || intern_names(key_names, key_str, NKEYS) < 0 ? -1 : 0)
