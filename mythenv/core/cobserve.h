/* Shared code of the games' compiled observation encoders, mythenv/games/<game>/_cobserve.c (C extensions
 * built at install time). Game-agnostic: it knows nothing of any game; each game's file keeps its own
 * logic (which pieces it writes, from which attributes) and includes this header.
 *
 * The contract. A compiled encoder is a module with one function, ``encode(state, p, out, layout) ->
 * bool``, that writes seat ``p``'s view of ``state`` into ``out`` exactly as the game's Python encoder
 * (``observe.encode``) writes it into zeros, bit for bit, and returns True; it returns False and leaves
 * ``out`` untouched when ``out`` is not a writable C-contiguous float32 buffer of the observation's
 * size (the caller then encodes in Python). ``layout`` is the tuple the game's Python code builds once
 * per Game (``Game.compiled_layout``): piece offsets, lookup tables, config numbers. The C code reads
 * the state's attributes and calls its methods for anything that is a rule; it replaces only the
 * per-card loops and the writes. Malformed arguments, layouts or states raise (TypeError / ValueError /
 * IndexError / KeyError naming what was read), never crash. Only the public C API is used here. The
 * conformance suite checks every encoder against the Python one at every step of random games.
 *
 * Calls into Python. Reading an attribute (a property), calling a method (``current_player()``), hashing
 * or comparing an object of a Python class, its ``__bool__`` or ``__index__``: each may run any Python
 * code, which may empty or replace a list, a dict or a bytearray of the state. So an encoder makes all
 * such calls first (``get_attrs``, then the methods), holding new references to what they return, and
 * only then borrows items, sizes and byte pointers, after which nothing it calls runs Python code: the
 * readers here accept exact ints and strs where a value is looked up (``table_item``), bools and ints
 * where a truth is read (``truth_of``), compare dict keys in C (``dict_item``), and format an object
 * (``%R``) only on the way out with an error.
 *
 * What this header offers:
 * - the module: ``COBSERVE_MODULE(init)`` defines ``encode`` (the argument checks: 4 arguments, the
 *   layout read by the game's ``read_layout``, the seat ``p`` by ``read_seat``, ``out`` opened by
 *   ``obs_open``; then the game's ``write_obs``), the module ``_cobserve`` and its PyInit, which
 *   evaluates ``init`` (the game's name interning, with ``intern_names``) and sets ``sources``, the
 *   fingerprint of the sources it was built from (``cobserve_add_sources``).
 * - the buffer: ``ObsBuf``, ``obs_open`` / ``obs_close``, ``obs_put`` (a write checked against the size).
 * - numbers: ``as_long`` (THE checked int reader: every int of a state or layout is read through it),
 *   ``as_double``, ``read_seat``, ``pymod`` (Python's %), ``cap1`` (Python's min(x, 1.0) as float32).
 * - the state: ``get_attrs`` / ``release_refs`` (attributes by interned name), ``check_list``,
 *   ``flags_of`` (bytes / bytearray knowledge tables), ``seq_items`` / ``item_long`` / ``item_list``
 *   (list or tuple items, index-checked), ``str_eq`` / ``str_index`` (a str against interned names),
 *   ``dict_item`` / ``dict_long``.
 * - the layout: ``layout_tuple``, ``layout_long`` (range-checked), ``layout_bytes``, ``layout_array``
 *   (a packed int32 / float32 / float64 table of a checked length), ``layout_dict``.
 * - cards: ``Kinds`` (a card -> kind table) and ``card_kind`` (checks the card and its kind), ``Tally``
 *   (per-kind counts made in place in the zero piece they end in, visiting only the kinds met:
 *   ``tally_start`` / ``tally_add`` / ``tally_cards`` / ``tally_finish``) and ``count_kinds`` (one list
 *   of cards, optionally only those a knowledge table marks, written as ``values[count]``).
 */
#ifndef MYTHENV_COBSERVE_H
#define MYTHENV_COBSERVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------ the observation buffer */
typedef struct {
    Py_buffer view;
    float *w;
    Py_ssize_t size;
} ObsBuf;

/* Open ``out`` as a writable C-contiguous float32 buffer of ``size`` floats and zero it: 1. Anything
 * else: 0, no exception set, ``out`` untouched (the caller returns False). */
static int obs_open(ObsBuf *b, PyObject *out, Py_ssize_t size)
{
    if (PyObject_GetBuffer(out, &b->view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return 0;
    }
    const char *f = b->view.format;
    if (f && (*f == '<' || *f == '=' || *f == '@'))
        f++;
    if (b->view.itemsize != 4 || f == NULL || strcmp(f, "f") != 0 || b->view.len != size * 4) {
        PyBuffer_Release(&b->view);
        return 0;
    }
    b->w = (float *)b->view.buf;
    b->size = size;
    memset(b->w, 0, (size_t)size * 4);
    return 1;
}

static void obs_close(ObsBuf *b) { PyBuffer_Release(&b->view); }

/* ``w[i] = v``, or -1 with an IndexError when ``i`` lies outside the observation (for encoders whose
 * indices come from the state's values rather than from extents checked in the layout). */
static inline int obs_put(ObsBuf *b, Py_ssize_t i, float v)
{
    if (i < 0 || i >= b->size) {
        PyErr_Format(PyExc_IndexError, "observation index %zd outside 0..%zd (a state value out of range)", i,
                     b->size - 1);
        return -1;
    }
    b->w[i] = v;
    return 0;
}

/* ------------------------------------------------------------------ numbers */
/* The int ``o`` (bools included) as a C long: 0, or -1 with a TypeError (not an int) or a ValueError
 * (beyond a C long) naming ``what``. Every int the encoders read (card ids, counts, indices: most of
 * their work) goes through here. PyLong_AsSsize_t reads an int of one digit directly, without the
 * reference counting of PyLong_AsLongAndOverflow (measured: about 7% of a Hera and Zeus call). */
static inline int as_long(PyObject *o, const char *what, long *v)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, got %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t x = PyLong_AsSsize_t(o);
    if ((x == -1 && PyErr_Occurred()) || x < LONG_MIN || x > LONG_MAX) {
        PyErr_Clear(); /* the OverflowError of a huge int */
        PyErr_Format(PyExc_ValueError, "%s is out of range", what);
        return -1;
    }
    *v = (long)x;
    return 0;
}

/* Python's ``bool(o)`` for a bool or an int: 0 / 1, or -1 with a TypeError naming ``what`` for any other
 * type (whose ``__bool__`` would run Python code in the middle of an encoding, see "Calls into Python"). */
static inline int truth_of(PyObject *o, const char *what)
{
    if (o == Py_True)
        return 1;
    if (o == Py_False)
        return 0;
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a bool or an int, got %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t x = PyLong_AsSsize_t(o);
    if (x == -1 && PyErr_Occurred()) { /* an int beyond a Py_ssize_t is not 0 */
        PyErr_Clear();
        return 1;
    }
    return x != 0;
}

/* An int or a float as Python's true division converts it: 0, or -1 with a TypeError naming ``what``. */
static inline int as_double(PyObject *o, const char *what, double *v)
{
    if (PyFloat_Check(o))
        *v = PyFloat_AS_DOUBLE(o);
    else if (PyLong_Check(o))
        *v = PyLong_AsDouble(o);
    else {
        PyErr_Format(PyExc_TypeError, "%s must be a number, got %.80s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    return (*v == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* The seat ``o`` (an int, or an integer-like object such as a numpy int) in ``0 .. nseats - 1``: 0, or
 * -1 with a TypeError (not an integer) or a ValueError (no such seat, negative included). */
static int read_seat(PyObject *o, long nseats, long *p)
{
    PyObject *i = PyNumber_Index(o);
    if (i == NULL)
        return -1;
    int err = as_long(i, "the seat p", p);
    Py_DECREF(i);
    if (err < 0)
        return -1;
    if (*p < 0 || *p >= nseats) {
        PyErr_Format(PyExc_ValueError, "seat %ld outside 0..%ld", *p, nseats - 1);
        return -1;
    }
    return 0;
}

/* Python's ``x % n`` for n > 0 (never negative). */
static inline long pymod(long x, long n)
{
    long r = x % n;
    return r < 0 ? r + n : r;
}

/* A float32 value as Python's ``float32(min(x, 1.0))`` stores it (x computed in double). */
static inline float cap1(double x) { return (float)(x < 1.0 ? x : 1.0); }

/* ------------------------------------------------------------------ names and the state's attributes */
/* Intern ``n`` names into ``slots`` (module init). 0 on success, -1 with an exception. */
static int intern_names(const char *const *names, PyObject **slots, int n)
{
    for (int i = 0; i < n; i++) {
        slots[i] = PyUnicode_InternFromString(names[i]);
        if (slots[i] == NULL)
            return -1;
    }
    return 0;
}

/* ``a[i] = getattr(state, names[i])`` for ``i < n`` (new references): 0, or -1 with the exception of the
 * first attribute missing. Release them with ``release_refs`` in both cases (``a`` starts zeroed). */
static int get_attrs(PyObject *state, PyObject *const *names, int n, PyObject **a)
{
    for (int i = 0; i < n; i++)
        if ((a[i] = PyObject_GetAttr(state, names[i])) == NULL)
            return -1;
    return 0;
}

/* ``get_attrs`` for a state whose fields are ``__slots__``: per attribute, the offset of its slot in the
 * object, found once per type (by version tag: a change to the class or a base gives it a new one and the
 * offsets are looked up again). A slot is read directly where ``getattr`` would return it: the type's
 * generic attribute lookup finds a member descriptor (a data descriptor: nothing else comes first) holding
 * an object; any other attribute, and an empty slot (so the AttributeError is Python's), goes through
 * ``PyObject_GetAttr``. ``c`` is the caller's own cache (a static, zeroed), for one list of names. */
#define MAX_SLOT_ATTRS 128
#ifdef Py_T_OBJECT_EX /* Python 3.12+: struct PyMemberDef and its constants are in descrobject.h */
#define SLOT_OBJECT_EX Py_T_OBJECT_EX
#define SLOT_AUDIT_READ Py_AUDIT_READ
typedef PyMemberDef SlotMember;
#else /* 3.11: they are in structmember.h, not included (its T_INT ... would clash with the encoders' names);
       * the head of the struct and the two constants, as structmember.h has them */
#define SLOT_OBJECT_EX 16 /* T_OBJECT_EX */
#define SLOT_AUDIT_READ 2 /* READ_RESTRICTED */
typedef struct {
    const char *name;
    int type;
    Py_ssize_t offset;
    int flags;
} SlotMember;
#endif
typedef struct {
    PyTypeObject *tp; /* a strong reference */
    unsigned int version;
    Py_ssize_t off[MAX_SLOT_ATTRS]; /* the slot's offset, or -1: PyObject_GetAttr */
} SlotCache;

static int slot_cache_valid(const SlotCache *c, PyTypeObject *tp)
{
    return c->tp == tp && c->version != 0 && tp->tp_version_tag == c->version
           && PyType_HasFeature(tp, Py_TPFLAGS_VALID_VERSION_TAG);
}

static void slot_cache_fill(SlotCache *c, PyTypeObject *tp, PyObject *const *names, int n)
{
    for (int i = 0; i < n; i++) {
        PyObject *d = tp->tp_getattro == PyObject_GenericGetAttr ? _PyType_Lookup(tp, names[i]) : NULL;
        c->off[i] = -1;
        if (d != NULL && Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            const SlotMember *m = (const SlotMember *)((PyMemberDescrObject *)d)->d_member;
            if (m->type == SLOT_OBJECT_EX && !(m->flags & SLOT_AUDIT_READ))
                c->off[i] = m->offset;
        }
    }
    if (!PyType_HasFeature(tp, Py_TPFLAGS_VALID_VERSION_TAG) || tp->tp_version_tag == 0) {
        c->version = 0; /* no tag to check against: looked up again next time */
        return;
    }
    Py_INCREF(tp);
    Py_XSETREF(c->tp, tp);
    c->version = tp->tp_version_tag;
}

static int get_slot_attrs(PyObject *state, PyObject *const *names, int n, PyObject **a, SlotCache *c)
{
    PyTypeObject *tp = Py_TYPE(state);
    if (n > MAX_SLOT_ATTRS)
        return get_attrs(state, names, n, a);
    if (!slot_cache_valid(c, tp))
        slot_cache_fill(c, tp, names, n);
    for (int i = 0; i < n; i++) {
        Py_ssize_t off = c->off[i];
        PyObject *v = off >= 0 ? *(PyObject **)((char *)state + off) : NULL;
        if (v != NULL)
            a[i] = Py_NewRef(v);
        else if ((a[i] = PyObject_GetAttr(state, names[i])) == NULL)
            return -1;
    }
    return 0;
}

static void release_refs(PyObject **a, int n)
{
    for (int i = 0; i < n; i++)
        Py_XDECREF(a[i]);
}

/* 0 when ``o`` is a list, else -1 with a TypeError naming ``what``. */
static inline int check_list(PyObject *o, const char *what)
{
    if (PyList_Check(o))
        return 0;
    PyErr_Format(PyExc_TypeError, "%s must be a list, got %.80s", what, Py_TYPE(o)->tp_name);
    return -1;
}

/* The bytes of a bytes or bytearray object of at least ``need`` bytes (a knowledge or flag table with
 * a byte per card; borrowed, valid while the object lives unchanged), its length in ``*len`` (may be
 * NULL); NULL with a TypeError / ValueError naming ``what`` otherwise. */
static const unsigned char *flags_of(PyObject *o, Py_ssize_t need, const char *what, Py_ssize_t *len)
{
    Py_ssize_t n;
    const unsigned char *s;
    if (PyBytes_Check(o)) {
        n = PyBytes_GET_SIZE(o);
        s = (const unsigned char *)PyBytes_AS_STRING(o);
    } else if (PyByteArray_Check(o)) {
        n = PyByteArray_GET_SIZE(o);
        s = (const unsigned char *)PyByteArray_AS_STRING(o);
    } else {
        PyErr_Format(PyExc_TypeError, "%s must be bytes or a bytearray, got %.80s", what, Py_TYPE(o)->tp_name);
        return NULL;
    }
    if (n < need) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, %zd needed", what, n, need);
        return NULL;
    }
    if (len != NULL)
        *len = n;
    return s;
}

/* ------------------------------------------------------------------ lists and tuples */
static PyObject *const COBS_NO_ITEMS[1] = {NULL}; /* the items of an empty list (never read) */

/* The items (borrowed) and length of a list or tuple; NULL with a TypeError naming ``what``. The array
 * stays valid while no Python code runs that could resize the list. */
static inline PyObject **seq_items(PyObject *o, Py_ssize_t *n, const char *what)
{
    if (PyList_Check(o)) {
        *n = PyList_GET_SIZE(o);
        return *n ? &PyList_GET_ITEM(o, 0) : (PyObject **)COBS_NO_ITEMS;
    }
    if (PyTuple_Check(o)) {
        *n = PyTuple_GET_SIZE(o);
        return &PyTuple_GET_ITEM(o, 0);
    }
    PyErr_Format(PyExc_TypeError, "%s must be a list or tuple, got %.80s", what, Py_TYPE(o)->tp_name);
    return NULL;
}

/* Item ``i`` (borrowed) of ``seq``, a list or tuple (the caller checked which), or NULL with an
 * IndexError naming ``what`` when ``i`` is outside it (``i`` is often a value read from the state). */
static inline PyObject *seq_item(PyObject *seq, Py_ssize_t i, const char *what)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (i < 0 || i >= n) {
        PyErr_Format(PyExc_IndexError, "%s has no item %zd (%zd items)", what, i, n);
        return NULL;
    }
    return PySequence_Fast_GET_ITEM(seq, i);
}

/* Item ``i`` of the list or tuple ``seq`` as a C long (``seq_item``, then ``as_long``). */
static inline int item_long(PyObject *seq, Py_ssize_t i, const char *what, long *v)
{
    PyObject *o = seq_item(seq, i, what);
    return o == NULL ? -1 : as_long(o, what, v);
}

/* Item ``i`` (borrowed) of the list or tuple ``seq``, which must itself be a list (a seat's hand ...). */
static inline PyObject *item_list(PyObject *seq, Py_ssize_t i, const char *what)
{
    PyObject *o = seq_item(seq, i, what);
    return o == NULL || check_list(o, what) < 0 ? NULL : o;
}

/* ------------------------------------------------------------------ strs and dicts */
/* Python's ``x == s`` for an interned str ``s``. */
static inline int str_eq(PyObject *x, PyObject *s)
{
    return x == s || (PyUnicode_Check(x) && PyUnicode_Compare(x, s) == 0);
}

/* The index of the interned str among ``names`` equal to ``x``, or -1 (no exception) for none. */
static inline int str_index(PyObject *x, PyObject *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (x == names[i])
            return i;
    if (PyUnicode_Check(x))
        for (int i = 0; i < n; i++)
            if (PyUnicode_Compare(x, names[i]) == 0)
                return i;
    return -1;
}

/* ``d.get(key)`` (borrowed) for an interned str ``key``: the value when ``d`` is a dict with a str key
 * equal to ``key``, else NULL, never an exception. The keys are compared here, in C: a dict lookup would
 * call the ``__eq__`` of a key of another type with the same hash (Python code, see "Calls into
 * Python"). The state's dicts are small. */
static PyObject *dict_get(PyObject *d, PyObject *key)
{
    if (!PyDict_Check(d))
        return NULL;
    Py_ssize_t pos = 0;
    PyObject *k, *v;
    while (PyDict_Next(d, &pos, &k, &v))
        if (k == key)
            return v;
    pos = 0;
    while (PyDict_Next(d, &pos, &k, &v))
        if (PyUnicode_CheckExact(k) && PyUnicode_Compare(k, key) == 0)
            return v;
    return NULL;
}

/* ``d[key]`` (borrowed) of a dict read from the state, as ``dict_get``: NULL with a TypeError naming
 * ``what`` when ``d`` is not a dict, with a KeyError when it has no such key. */
static PyObject *dict_item(PyObject *d, PyObject *key, const char *what)
{
    if (!PyDict_Check(d)) {
        PyErr_Format(PyExc_TypeError, "%s must be a dict, got %.80s", what, Py_TYPE(d)->tp_name);
        return NULL;
    }
    PyObject *v = dict_get(d, key);
    if (v == NULL)
        PyErr_Format(PyExc_KeyError, "%s has no key %U", what, key);
    return v;
}

/* ``table[key]`` (borrowed) of a dict of the layout (exact str or int keys), for a ``key`` read from the
 * state: the key must be an exact str or int (the hash and the comparison of any other type may run
 * Python code); NULL with a TypeError naming ``what``, or a KeyError. */
static PyObject *table_item(PyObject *table, PyObject *key, const char *what)
{
    if (!PyUnicode_CheckExact(key) && !PyLong_CheckExact(key)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str or an int, got %.80s", what, Py_TYPE(key)->tp_name);
        return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(table, key);
    if (v == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_KeyError, "%s: unknown value %R", what, key);
    return v;
}

static inline int dict_long(PyObject *d, PyObject *key, const char *what, long *v)
{
    PyObject *o = dict_item(d, key, what);
    return o == NULL ? -1 : as_long(o, what, v);
}

/* ------------------------------------------------------------------ the layout (observe.c_layout) */
/* 0 when ``o`` is a tuple of ``len`` entries, else -1 with a TypeError. */
static int layout_tuple(PyObject *o, Py_ssize_t len)
{
    if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == len)
        return 0;
    PyErr_Format(PyExc_TypeError, "layout must be the tuple of %zd entries built by observe.c_layout", len);
    return -1;
}

/* Entry ``i`` of the tuple ``t`` (the layout or a tuple in it) as an int in ``lo .. hi``. */
static int layout_long(PyObject *t, Py_ssize_t i, long lo, long hi, long *v)
{
    PyObject *o = PyTuple_GET_ITEM(t, i);
    if (as_long(o, "a layout number", v) < 0)
        return -1;
    if (*v < lo || *v > hi) {
        PyErr_Format(PyExc_ValueError, "layout entry %zd = %ld outside %ld..%ld", i, *v, lo, hi);
        return -1;
    }
    return 0;
}

/* Entry ``i`` of the layout as bytes (borrowed), its length in ``*len``; NULL with a TypeError. */
static const unsigned char *layout_bytes(PyObject *t, Py_ssize_t i, Py_ssize_t *len)
{
    PyObject *o = PyTuple_GET_ITEM(t, i);
    if (!PyBytes_Check(o)) {
        PyErr_Format(PyExc_TypeError, "layout entry %zd must be bytes, got %.80s", i, Py_TYPE(o)->tp_name);
        return NULL;
    }
    *len = PyBytes_GET_SIZE(o);
    return (const unsigned char *)PyBytes_AS_STRING(o);
}

/* Entry ``i`` of the layout as a packed table of ``count`` items of ``itemsize`` bytes (int32, float32,
 * float64 ...; ``count`` < 0: any number but 0), its number of items in ``*n`` (may be NULL); NULL with
 * a TypeError / ValueError. Bytes objects keep their data aligned for such items. */
static const void *layout_array(PyObject *t, Py_ssize_t i, Py_ssize_t itemsize, Py_ssize_t count, Py_ssize_t *n)
{
    Py_ssize_t len;
    const unsigned char *s = layout_bytes(t, i, &len);
    if (s == NULL)
        return NULL;
    if (len % itemsize || (count < 0 ? len == 0 : len != count * itemsize)) {
        PyErr_Format(PyExc_ValueError, "layout entry %zd holds %zd bytes, not a table of %zd items of %zd bytes",
                     i, len, count, itemsize);
        return NULL;
    }
    if (n != NULL)
        *n = len / itemsize;
    return s;
}

/* Entry ``i`` of the layout as a dict (borrowed); NULL with a TypeError. */
static PyObject *layout_dict(PyObject *t, Py_ssize_t i)
{
    PyObject *o = PyTuple_GET_ITEM(t, i);
    if (PyDict_Check(o))
        return o;
    PyErr_Format(PyExc_TypeError, "layout entry %zd must be a dict, got %.80s", i, Py_TYPE(o)->tp_name);
    return NULL;
}

/* ------------------------------------------------------------------ cards, kinds and counts */
/* A card -> kind table from the layout: ``of[c]`` for the cards ``0 .. ncards - 1``, kinds in
 * ``0 .. nkinds - 1`` (checked where read rather than by scanning the table at every call). */
typedef struct {
    const unsigned char *of;
    Py_ssize_t ncards;
    int nkinds;
} Kinds;

/* The kind of card ``c``: -1 with an IndexError for a card outside the table, a ValueError for a table
 * entry outside the kinds. */
static inline int card_kind(const Kinds *K, long c)
{
    if (c < 0 || c >= K->ncards) {
        PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, K->ncards - 1);
        return -1;
    }
    int k = K->of[c];
    if (k >= K->nkinds) {
        PyErr_Format(PyExc_ValueError, "layout: card %ld has kind %d outside 0..%d", c, k, K->nkinds - 1);
        return -1;
    }
    return k;
}

/* Counts per slot (a kind, or whatever the caller indexes), made in place in the observation piece they
 * end in, which must be zero there: a count is a small exact float until ``tally_finish`` replaces it
 * by its value; only the slots met are visited. */
#define TALLY_MAX 512
typedef struct {
    float *w;
    int nslots, nmet;
    unsigned short met[TALLY_MAX]; /* the slots met, in order */
} Tally;

/* Start counting into the ``nslots`` floats at ``b->w[at]``: 0, or -1 with an IndexError when they lie
 * outside the observation. */
static inline int tally_start(Tally *t, ObsBuf *b, Py_ssize_t at, int nslots)
{
    if (at < 0 || nslots < 0 || nslots > TALLY_MAX || at > b->size - nslots) {
        PyErr_Format(PyExc_IndexError, "counts of %d slots at %zd outside the observation of %zd", nslots, at,
                     b->size);
        return -1;
    }
    t->w = b->w + at;
    t->nslots = nslots;
    t->nmet = 0;
    return 0;
}

/* Count one in slot ``k`` (the caller guarantees ``0 <= k < nslots``). */
static inline void tally_add(Tally *t, int k)
{
    if (t->w[k] == 0.0f)
        t->met[t->nmet++] = (unsigned short)k;
    t->w[k] += 1.0f;
}

/* Count the kinds of the cards ``cards[0 .. n)`` (Python ints), only those with ``know[card] & bit``
 * when ``know`` is not NULL (a table of at least ``K->ncards`` bytes). The kinds must fit the tally
 * (``K->nkinds <= nslots``). Returns how many cards ``know`` left out, or -1 with an exception. */
static Py_ssize_t tally_cards(Tally *t, PyObject *const *cards, Py_ssize_t n, const Kinds *K,
                              const unsigned char *know, unsigned bit, const char *what)
{
    if (K->nkinds > t->nslots) {
        PyErr_SetString(PyExc_ValueError, "layout: more kinds than the counts' piece holds");
        return -1;
    }
    Py_ssize_t left_out = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long c;
        int k;
        if (as_long(cards[i], what, &c) < 0 || (k = card_kind(K, c)) < 0)
            return -1;
        if (know != NULL && !(know[c] & bit)) {
            left_out++;
            continue;
        }
        tally_add(t, k);
    }
    return left_out;
}

/* Replace every count met by ``values[count]`` (the last value for larger counts). */
static inline void tally_finish(Tally *t, const float *values, Py_ssize_t nvalues)
{
    for (int j = 0; j < t->nmet; j++) {
        Py_ssize_t x = (Py_ssize_t)t->w[t->met[j]];
        t->w[t->met[j]] = values[x < nvalues ? x : nvalues - 1];
    }
    t->nmet = 0;
}

/* The per-kind counts of the list or tuple ``cards`` written as ``values[count]`` into the zero piece
 * of ``K->nkinds`` floats at ``b->w[at]``, counting only the cards with ``know[card] & bit`` when
 * ``know`` is not NULL. Returns how many cards ``know`` left out, or -1 with an exception naming
 * ``what``. */
static Py_ssize_t count_kinds(ObsBuf *b, Py_ssize_t at, PyObject *cards, const Kinds *K, const unsigned char *know,
                              unsigned bit, const float *values, Py_ssize_t nvalues, const char *what)
{
    Tally t;
    Py_ssize_t n, left_out;
    PyObject **items = seq_items(cards, &n, what);
    if (items == NULL || tally_start(&t, b, at, K->nkinds) < 0
        || (left_out = tally_cards(&t, items, n, K, know, bit, what)) < 0)
        return -1;
    tally_finish(&t, values, nvalues);
    return left_out;
}

/* ------------------------------------------------------------------ the module */
/* The shape of an observation, as the game's ``read_layout`` finds it in the layout. */
typedef struct {
    long seats;      /* the seats p may name */
    Py_ssize_t size; /* floats in an observation */
} ObsShape;

/* ------------------------------------------------------------------ the sources' fingerprint */
/* setup.py builds each encoder with the SHA-256 (hex) of the sources it was built from:
 * COBSERVE_SHA256_OBSERVE_PY (the game's observe.py), COBSERVE_SHA256_COBSERVE_C (its _cobserve.c) and
 * COBSERVE_SHA256_COBSERVE_H (this header), and COBSERVE_SHA256_CLAYOUT_H (the game's generated
 * _clayout.h, mythenv.core.clayout) where it has one. The module keeps them as ``sources``, a dict keyed by each
 * file's path from the module's directory; at import the game compares them with the files beside it
 * and does not use an out-of-date module (mythenv.core.observe.compiled_module, stale_sources). A build
 * without them (not through setup.py) has no ``sources``, which counts as out of date. */
#define COBSERVE_STR_(x) #x
#define COBSERVE_STR(x) COBSERVE_STR_(x)

static int cobserve_add_sources(PyObject *m)
{
#if defined(COBSERVE_SHA256_OBSERVE_PY) && defined(COBSERVE_SHA256_COBSERVE_C) && defined(COBSERVE_SHA256_COBSERVE_H)
    PyObject *d = Py_BuildValue("{s:s,s:s,s:s}", "observe.py", COBSERVE_STR(COBSERVE_SHA256_OBSERVE_PY),
                                "_cobserve.c", COBSERVE_STR(COBSERVE_SHA256_COBSERVE_C),
                                "../../core/cobserve.h", COBSERVE_STR(COBSERVE_SHA256_COBSERVE_H));
    if (d == NULL)
        return -1;
#ifdef COBSERVE_SHA256_CLAYOUT_H
    PyObject *h = PyUnicode_FromString(COBSERVE_STR(COBSERVE_SHA256_CLAYOUT_H));
    if (h == NULL || PyDict_SetItemString(d, "_clayout.h", h) < 0) {
        Py_XDECREF(h);
        Py_DECREF(d);
        return -1;
    }
    Py_DECREF(h);
#endif
    int err = PyObject_SetAttrString(m, "sources", d);
    Py_DECREF(d);
    return err;
#else
    (void)m;
    return 0;
#endif
}

/* ``COBSERVE_MODULE(init)``, at the end of a game's _cobserve.c, after its definitions of
 *   Layout                                                      what it reads of the layout;
 *   static int read_layout(PyObject *layout, Layout *L, ObsShape *shape)   0, or -1 with an exception
 *                                                               (TypeError for a wrong tuple: layout_tuple);
 *   static int write_obs(ObsBuf *b, PyObject *state, long p, const Layout *L)   the pieces written into
 *                                                               the zeroed buffer: 0, or -1 with an exception;
 * defines ``encode(state, p, out, layout)`` (METH_FASTCALL: exactly 4 arguments, else TypeError; the
 * layout read first, then the seat, then ``out`` opened: False when it cannot be written) and the module
 * ``_cobserve``, whose init evaluates ``init`` (an int expression: the game's ``intern_names`` calls,
 * -1 with an exception on failure). */
#define COBSERVE_MODULE(init)                                                                                   \
    static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)                            \
    {                                                                                                           \
        Layout L;                                                                                               \
        ObsShape shape;                                                                                         \
        ObsBuf b;                                                                                               \
        long p;                                                                                                 \
        if (nargs != 4) {                                                                                       \
            PyErr_SetString(PyExc_TypeError, "encode(state, p, out, layout) takes 4 arguments");                \
            return NULL;                                                                                        \
        }                                                                                                       \
        if (read_layout(args[3], &L, &shape) < 0 || read_seat(args[1], shape.seats, &p) < 0)                    \
            return NULL;                                                                                        \
        if (!obs_open(&b, args[2], shape.size))                                                                 \
            Py_RETURN_FALSE;                                                                                    \
        int err = write_obs(&b, args[0], p, &L);                                                                \
        obs_close(&b);                                                                                          \
        if (err < 0)                                                                                            \
            return NULL;                                                                                        \
        Py_RETURN_TRUE;                                                                                         \
    }                                                                                                           \
                                                                                                                \
    static PyMethodDef cobserve_methods[] = {                                                                   \
        {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,                                          \
         "encode(state, p, out, layout) -> bool: seat p's view of state written into out (see observe.encode)"}, \
        {NULL, NULL, 0, NULL},                                                                                  \
    };                                                                                                          \
                                                                                                                \
    static struct PyModuleDef cobserve_module = {PyModuleDef_HEAD_INIT, "_cobserve", NULL, -1, cobserve_methods}; \
                                                                                                                \
    PyMODINIT_FUNC PyInit__cobserve(void)                                                                       \
    {                                                                                                           \
        if ((init) < 0)                                                                                         \
            return NULL;                                                                                        \
        PyObject *m = PyModule_Create(&cobserve_module);                                                        \
        if (m == NULL || cobserve_add_sources(m) < 0) {                                                         \
            Py_XDECREF(m);                                                                                      \
            return NULL;                                                                                        \
        }                                                                                                       \
        return m;                                                                                               \
    }

#endif
