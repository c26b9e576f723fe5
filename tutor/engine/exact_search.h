/* The exact solver in C, shared by the engine's compiled solver
 * (tutor/engine/_exact.c, behind tutor/engine/exact.py) and the generator's
 * kernel (tutor/generate/_kernel.c), which digs with it.  The same search as
 * exact.py: singles propagation to its fixpoint, then the first cell with
 * the fewest candidates, digits ascending; so the first solution is the
 * same one.  Every function is static: each module that includes it keeps
 * its own copy.
 *
 *   count(masks, limit=2) -> (count, first solution or None)
 *       masks: 81 candidate masks (a filled cell has one bit); the solutions
 *       counted up to `limit`, and the first one found as 81 digits.
 */
#ifndef SUDOKU_TUTOR_EXACT_SEARCH_H
#define SUDOKU_TUTOR_EXACT_SEARCH_H

#include <Python.h>
#include <string.h>

#define ALL 0x1FF

static int HOUSE[27][9];
static int PEER[81][20];
static int HOUSE_OF[81][3];

static int popcount(unsigned m) { return __builtin_popcount(m); }

static void init_tables(void) {
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int i = r * 9 + c, b = (r / 3) * 3 + c / 3, k = (r % 3) * 3 + c % 3;
            HOUSE[r][c] = i;
            HOUSE[9 + c][r] = i;
            HOUSE[18 + b][k] = i;
            HOUSE_OF[i][0] = r;
            HOUSE_OF[i][1] = 9 + c;
            HOUSE_OF[i][2] = 18 + b;
        }
    for (int i = 0; i < 81; i++) {
        int n = 0;
        for (int j = 0; j < 81; j++) {
            if (j == i) continue;
            int ri = i / 9, ci = i % 9, rj = j / 9, cj = j % 9;
            if (ri == rj || ci == cj || (ri / 3 == rj / 3 && ci / 3 == cj / 3)) PEER[i][n++] = j;
        }
    }
}

/* ------------------------------------------------------------ exact search */

typedef struct {
    unsigned short m[81];
    unsigned char done[81];
} State;

/* Naked and hidden singles to their fixpoint; 0 on a contradiction. */
static int propagate(State *s) {
    for (;;) {
        int progress = 0;
        for (int i = 0; i < 81; i++) {
            if (s->done[i]) continue;
            unsigned m = s->m[i];
            if (!m) return 0;
            if (popcount(m) == 1) {
                s->done[i] = 1;
                progress = 1;
                for (int k = 0; k < 20; k++) {
                    int j = PEER[i][k];
                    unsigned pm = s->m[j];
                    if (pm & m) {
                        if (s->done[j]) return 0;
                        pm &= ~m;
                        if (!pm) return 0;
                        s->m[j] = (unsigned short)pm;
                    }
                }
            }
        }
        if (progress) continue;
        for (int h = 0; h < 27; h++) {
            unsigned once = 0, twice = 0;
            for (int k = 0; k < 9; k++) {
                unsigned m = s->m[HOUSE[h][k]];
                twice |= once & m;
                once |= m;
            }
            if (once != ALL) return 0;
            unsigned only = once & ~twice;
            if (!only) continue;
            for (int k = 0; k < 9; k++) {
                int i = HOUSE[h][k];
                unsigned m = s->m[i], hit = m & only;
                if (hit) {
                    if (popcount(hit) > 1) return 0;
                    if (m != hit) {
                        s->m[i] = (unsigned short)hit;
                        progress = 1;
                    }
                }
            }
        }
        if (!progress) return 1;
    }
}

static void search(State *s, int limit, int *found, unsigned short *first) {
    if (!propagate(s)) return;
    int best = -1, best_count = 10;
    for (int i = 0; i < 81; i++) {
        if (s->done[i]) continue;
        int c = popcount(s->m[i]);
        if (c < best_count) {
            best = i;
            best_count = c;
            if (c == 2) break;
        }
    }
    if (best < 0) {
        if (*found == 0) memcpy(first, s->m, sizeof s->m);
        (*found)++;
        return;
    }
    unsigned m = s->m[best];
    while (m && *found < limit) {
        unsigned low = m & -m;
        m ^= low;
        State trial = *s;
        trial.m[best] = (unsigned short)low;
        search(&trial, limit, found, first);
    }
}

static int read_masks(PyObject *seq, unsigned short *out, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    if (PySequence_Fast_GET_SIZE(fast) != 81) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: 81 masks expected", what);
        return 0;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int i = 0; i < 81; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        out[i] = (unsigned short)(v & ALL);
    }
    Py_DECREF(fast);
    return 1;
}

static int digit_of(unsigned m) { return __builtin_ctz(m) + 1; }

static PyObject *digits_list(const unsigned short *m) {
    PyObject *out = PyList_New(81);
    if (!out) return NULL;
    for (int i = 0; i < 81; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(digit_of(m[i])));
    return out;
}

static PyObject *k_count(PyObject *self, PyObject *args) {
    PyObject *seq;
    int limit = 2;
    if (!PyArg_ParseTuple(args, "O|i", &seq, &limit)) return NULL;
    State s;
    if (!read_masks(seq, s.m, "masks")) return NULL;
    memset(s.done, 0, sizeof s.done);
    int found = 0;
    unsigned short first[81];
    search(&s, limit, &found, first);
    if (!found) return Py_BuildValue("(iO)", 0, Py_None);
    PyObject *sol = digits_list(first);
    if (!sol) return NULL;
    return Py_BuildValue("(iN)", found, sol);
}

#endif
