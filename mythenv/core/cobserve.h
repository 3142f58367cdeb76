/* Helpers for a game's compiled observation encoder, mythenv/games/<game>/_cobserve.c (a C extension
 * built at install time; game-agnostic: it knows nothing of any game).
 *
 * A compiled encoder is a module with one function, ``encode(state, p, out, layout) -> bool``, that
 * writes seat ``p``'s view of ``state`` into ``out`` exactly as the game's Python encoder
 * (``observe.encode``) writes it into zeros, bit for bit, and returns True; it returns False and leaves
 * ``out`` untouched when ``out`` is not a writable C-contiguous float32 buffer of the observation's
 * size (the caller then encodes in Python). ``layout`` is the tuple the game's Python code builds once
 * per Game (``Game.compiled_layout``): piece offsets, lookup tables, config numbers. The C code reads
 * the state's attributes and calls its methods for anything that is a rule (never re-implements one);
 * it replaces only the per-card loops and the writes. The conformance suite checks it against the
 * Python encoder at every step of random games, for every seat and config.
 */
#ifndef MYTHENV_COBSERVE_H
#define MYTHENV_COBSERVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
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

/* ------------------------------------------------------------------ names, attributes, containers */
/* Intern ``n`` attribute names into ``slots`` (module init). 0 on success, -1 with an exception. */
static int intern_names(const char *const *names, PyObject **slots, int n)
{
    for (int i = 0; i < n; i++) {
        slots[i] = PyUnicode_InternFromString(names[i]);
        if (slots[i] == NULL)
            return -1;
    }
    return 0;
}

/* Item ``i`` of a list or tuple of Python ints, as a C long (no checks: the caller owns the types). */
static inline long list_long(PyObject *list, Py_ssize_t i) { return PyLong_AsLong(PyList_GET_ITEM(list, i)); }
static inline long tuple_long(PyObject *t, Py_ssize_t i) { return PyLong_AsLong(PyTuple_GET_ITEM(t, i)); }

/* The bytes of a bytes or bytearray object (borrowed; valid while the object lives unchanged), and
 * its length in ``*len``; NULL with a TypeError for anything else. */
static inline const unsigned char *bytes_of(PyObject *o, Py_ssize_t *len)
{
    if (PyBytes_Check(o)) {
        *len = PyBytes_GET_SIZE(o);
        return (const unsigned char *)PyBytes_AS_STRING(o);
    }
    if (PyByteArray_Check(o)) {
        *len = PyByteArray_GET_SIZE(o);
        return (const unsigned char *)PyByteArray_AS_STRING(o);
    }
    PyErr_Format(PyExc_TypeError, "expected bytes or bytearray, got %.80s", Py_TYPE(o)->tp_name);
    return NULL;
}

/* ------------------------------------------------------------------ kernels */
/* Count the cards of the list ``cards`` per kind (``kind_of[card]``), keeping only the cards with
 * ``know[card] & bit`` when ``know`` is not NULL, and write ``values[count]`` (the last value for
 * larger counts) at ``w[kind]`` for every kind met. ``w`` is assumed zero at those kinds; ``counts``
 * is scratch space of at least 256 ints. Returns the number of cards left out by ``know``, or -1 with
 * an exception for a card outside ``0 .. ncards - 1``. */
static Py_ssize_t count_kinds(float *w, PyObject *cards, const unsigned char *kind_of, Py_ssize_t ncards,
                              const unsigned char *know, unsigned bit, const float *values, Py_ssize_t nvalues)
{
    int counts[256];
    unsigned char met[256];
    int nmet = 0;
    Py_ssize_t left_out = 0;
    Py_ssize_t n = PyList_GET_SIZE(cards);
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = list_long(cards, i);
        if (c < 0 || c >= ncards) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "card %ld outside 0..%zd", c, ncards - 1);
            return -1;
        }
        if (know != NULL && !(know[c] & bit)) {
            left_out++;
            continue;
        }
        unsigned char k = kind_of[c];
        int j = 0;
        while (j < nmet && met[j] != k)
            j++;
        if (j == nmet) {
            met[nmet++] = k;
            counts[k] = 0;
        }
        counts[k]++;
    }
    for (int j = 0; j < nmet; j++) {
        int x = counts[met[j]];
        w[met[j]] = values[x < nvalues ? x : nvalues - 1];
    }
    return left_out;
}

/* A float32 value as Python's ``float32(min(x, 1.0))`` stores it (x computed in double). */
static inline float cap1(double x) { return (float)(x < 1.0 ? x : 1.0); }

#endif
