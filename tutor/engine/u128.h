/* 81-bit cell masks in C, for the engine's compiled modules (fish/_walk.c,
 * wings/_wings.c, sue_de_coq/_crossing.c): one bit a cell (bit i for cell
 * i, as the Python side has them) in an unsigned 128-bit int (GCC and
 * Clang), and the few conversions from and to Python ints they need.  Included by the modules that use it; every
 * function is static, so each module keeps its own copy. */
#ifndef SUDOKU_TUTOR_U128_H
#define SUDOKU_TUTOR_U128_H

#include <Python.h>

typedef unsigned __int128 u128;

#define ALL_CELLS ((((u128)1) << 81) - 1)

static inline int bits(u128 m) {
    return __builtin_popcountll((unsigned long long)m) + __builtin_popcountll((unsigned long long)(m >> 64));
}

/* the lowest cell of a mask that is not empty */
static inline int lowest(u128 m) {
    unsigned long long lo = (unsigned long long)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(m >> 64));
}

/* peer[i]: the cells that share a row, a column or a box with cell i */
static inline void peer_masks(u128 *peer) {
    for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9;
        peer[i] = 0;
        for (int j = 0; j < 81; j++) {
            int rj = j / 9, cj = j % 9;
            if (j != i && (r == rj || c == cj || (r / 3 == rj / 3 && c / 3 == cj / 3)))
                peer[i] |= ((u128)1) << j;
        }
    }
}

/* One 81-bit mask from a Python int; 0 with an exception set when it is
 * not a non-negative int below 2**81. */
static inline int read_mask(PyObject *o, u128 *out) {
    static PyObject *sixty_four = NULL;     /* made once, kept */
    if (!sixty_four && !(sixty_four = PyLong_FromLong(64))) return 0;
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "masks are ints");
        return 0;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(o);
    PyObject *high = PyNumber_Rshift(o, sixty_four);
    if (!high) return 0;
    /* what is left above bit 64 fits an unsigned long long (a negative or
     * wider int raises here) */
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    if (hi >> 17) {
        PyErr_SetString(PyExc_ValueError, "masks are 81-bit");
        return 0;
    }
    *out = ((u128)hi << 64) | lo;
    return 1;
}

/* n masks from a Python sequence of exactly n ints */
static inline int read_masks(PyObject *seq, u128 *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    if (!ok) PyErr_Format(PyExc_ValueError, "%s: %zd masks wanted", what, n);
    for (Py_ssize_t i = 0; ok && i < n; i++) ok = read_mask(PySequence_Fast_GET_ITEM(fast, i), &out[i]);
    Py_DECREF(fast);
    return ok;
}

/* n small ints (0..limit) from a Python sequence of exactly n */
static inline int read_ints(PyObject *seq, int *out, Py_ssize_t n, long limit, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    if (!ok) PyErr_Format(PyExc_ValueError, "%s: %zd ints wanted", what, n);
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) ok = 0;
        else if (v < 0 || v > limit) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            ok = 0;
        } else out[i] = (int)v;
    }
    Py_DECREF(fast);
    return ok;
}

/* a Python int from a mask */
static inline PyObject *make_mask(u128 m) {
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)m);
    if (!(m >> 64)) return lo;
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(m >> 64));
    PyObject *shift = PyLong_FromLong(64);
    PyObject *up = (lo && hi && shift) ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *both = up ? PyNumber_Or(up, lo) : NULL;
    Py_XDECREF(lo);
    Py_XDECREF(hi);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return both;
}

#endif
