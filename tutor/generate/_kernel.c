/* The generator's hot loops in C: the exact solver (count, shared with the
 * engine: tutor/engine/exact_search.h), digging and the cheap pass.
 *
 * Built by `pip install` when the machine has a C compiler (setup.py,
 * optional); tutor/generate/kernel.py falls back to the engine's pure-Python
 * code otherwise.  Both give the same answers (tests/generate/test_kernel.py):
 *
 *   count(masks, limit) -> (count, first solution or None)
 *       masks: 81 candidate masks (a filled cell has one bit).  Singles
 *       propagation to its fixpoint, then the first cell with the fewest
 *       candidates, digits ascending: the same search as tutor/engine/exact.py,
 *       so the first solution is the same one.
 *
 *   cheap(values, cands) -> (level, values, cands)
 *       the closure of a position under the lowest rungs, one rung more at a
 *       time: naked singles (level 0), hidden singles (1), pointing (2),
 *       claiming (3), locked sets (4).  `level` is the first at which the
 *       closure solves the grid (-1: nothing to do), 5 when even locked sets
 *       leave it unsolved (values and cands are then where it got stuck),
 *       6 on a contradiction.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "../engine/exact_search.h"   /* the tables, the exact search and count() */

/* ------------------------------------------------------------ digging */

/* dig(grid, orbits) -> puzzle: the loop of kernel._dig_py.  An orbit stays
 * empty when no other grid fits the clues left: any other grid differs from
 * `grid` in the orbit, so one search per orbit cell, each with that cell's
 * digit ruled out, looks for one. */
static PyObject *k_dig(PyObject *self, PyObject *args) {
    PyObject *gseq, *orbits;
    if (!PyArg_ParseTuple(args, "OO", &gseq, &orbits)) return NULL;
    unsigned short grid[81];
    if (!read_masks(gseq, grid, "grid")) return NULL;
    PyObject *fast = PySequence_Fast(orbits, "orbits");
    if (!fast) return NULL;
    unsigned char value[81];
    unsigned short bits[81];
    for (int i = 0; i < 81; i++) {
        if (grid[i] < 1 || grid[i] > 9) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "grid: a solved grid of digits 1-9");
            return NULL;
        }
        value[i] = (unsigned char)grid[i];
        bits[i] = (unsigned short)(1u << (grid[i] - 1));
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *orbit = PySequence_Fast(PySequence_Fast_ITEMS(fast)[k], "orbit");
        if (!orbit) { Py_DECREF(fast); return NULL; }
        int cells[8], size = (int)PySequence_Fast_GET_SIZE(orbit);
        if (size < 1 || size > 8) size = 0;
        for (int c = 0; c < size; c++) {
            cells[c] = (int)PyLong_AsLong(PySequence_Fast_ITEMS(orbit)[c]);
            if (cells[c] < 0 || cells[c] > 80) size = 0;
        }
        Py_DECREF(orbit);
        if (!size) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "orbits: tuples of 1 to 8 cells 0-80");
            return NULL;
        }
        State s;
        memset(s.done, 0, sizeof s.done);
        for (int i = 0; i < 81; i++) s.m[i] = value[i] ? bits[i] : ALL;
        for (int c = 0; c < size; c++) s.m[cells[c]] = ALL;
        int found = 0;
        unsigned short other[81];
        for (int c = 0; c < size && !found; c++) {
            State t = s;
            t.m[cells[c]] = (unsigned short)(ALL & ~bits[cells[c]]);
            search(&t, 1, &found, other);
        }
        if (!found)
            for (int c = 0; c < size; c++) value[cells[c]] = 0;
    }
    Py_DECREF(fast);
    PyObject *out = PyList_New(81);
    if (!out) return NULL;
    for (int i = 0; i < 81; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(value[i]));
    return out;
}

/* ------------------------------------------------------------ cheap pass */

typedef struct {
    unsigned short cand[81];     /* candidates of an empty cell; 0 once filled */
    unsigned char value[81];
    int empty;
    int broken;
} Grid;

static void place(Grid *g, int i, int d) {
    unsigned b = 1u << (d - 1);
    g->value[i] = (unsigned char)d;
    g->cand[i] = 0;
    g->empty--;
    for (int k = 0; k < 20; k++) {
        int j = PEER[i][k];
        if (g->value[j] == d) g->broken = 1;
        g->cand[j] &= (unsigned short)~b;
    }
}

static int naked_singles(Grid *g) {
    int changed = 0;
    for (int i = 0; i < 81; i++) {
        if (g->value[i]) continue;
        unsigned m = g->cand[i];
        if (!m) { g->broken = 1; return changed; }
        if (popcount(m) == 1) { place(g, i, digit_of(m)); changed = 1; }
    }
    return changed;
}

static int hidden_singles(Grid *g) {
    int changed = 0;
    for (int h = 0; h < 27; h++) {
        unsigned once = 0, twice = 0;
        for (int k = 0; k < 9; k++) {
            unsigned m = g->cand[HOUSE[h][k]];
            twice |= once & m;
            once |= m;
        }
        unsigned only = once & ~twice;
        for (int k = 0; only && k < 9; k++) {
            int i = HOUSE[h][k];
            unsigned hit = g->cand[i] & only;
            if (!hit) continue;
            if (popcount(hit) > 1) { g->broken = 1; return changed; }
            place(g, i, digit_of(hit));
            only &= ~hit;
            changed = 1;
        }
    }
    return changed;
}

/* Remove digit bit b from the cells of house h outside house `keep`. */
static int remove_outside(Grid *g, int h, int keep, unsigned b) {
    int changed = 0;
    for (int k = 0; k < 9; k++) {
        int i = HOUSE[h][k];
        if ((g->cand[i] & b) && HOUSE_OF[i][keep >= 18 ? 2 : keep >= 9 ? 1 : 0] != keep) {
            g->cand[i] &= (unsigned short)~b;
            changed = 1;
        }
    }
    return changed;
}

/* Inside house `from` a digit sits only where it meets one house of the
 * kind `kind` (0 row, 1 column, 2 box): the rest of that house loses it.
 * Pointing: from boxes to lines; claiming: from lines to boxes. */
static int intersections(Grid *g, int from_lo, int from_hi, int kind_lo, int kind_hi) {
    int changed = 0;
    for (int h = from_lo; h < from_hi; h++)
        for (int d = 1; d <= 9; d++) {
            unsigned b = 1u << (d - 1);
            for (int kind = kind_lo; kind <= kind_hi; kind++) {
                int target = -1, n = 0;
                for (int k = 0; k < 9; k++) {
                    int i = HOUSE[h][k];
                    if (!(g->cand[i] & b)) continue;
                    n++;
                    int t = HOUSE_OF[i][kind];
                    if (target < 0) target = t;
                    else if (target != t) { target = -2; break; }
                }
                if (n >= 2 && target >= 0) changed |= remove_outside(g, target, h, b);
            }
        }
    return changed;
}

/* Locked sets of 2 to 4 cells (naked) and of 2 to 4 digits (hidden): in a
 * house of at most nine empty cells one side of every split has at most
 * four, so together they reach every locked set. */
static int subsets(Grid *g) {
    int changed = 0;
    for (int h = 0; h < 27; h++) {
        int cells[9], n = 0;
        unsigned free = 0;
        for (int k = 0; k < 9; k++)
            if (!g->value[HOUSE[h][k]]) {
                cells[n++] = HOUSE[h][k];
                free |= g->cand[HOUSE[h][k]];
            }
        if (n < 4) continue;            /* a split needs two cells a side */
        /* where[k]: the cells (bits over cells[]) of the house's k-th free digit */
        int digits[9], dn = 0;
        unsigned where[9];
        for (int d = 1; d <= 9; d++) {
            if (!(free >> (d - 1) & 1)) continue;
            where[dn] = 0;
            for (int c = 0; c < n; c++)
                if (g->cand[cells[c]] >> (d - 1) & 1) where[dn] |= 1u << c;
            digits[dn++] = d;
        }
        unsigned top = 1u << (n > dn ? n : dn);
        for (unsigned pick = 3; pick < top; pick++) {
            int size = popcount(pick);
            if (size < 2 || size > 4 || size > n - 2) continue;
            if (pick < (1u << n)) {         /* naked: `pick` as cells */
                unsigned naked = 0;
                for (int k = 0; k < n; k++)
                    if (pick >> k & 1) naked |= g->cand[cells[k]];
                if (popcount(naked) == size)
                    for (int k = 0; k < n; k++)
                        if (!(pick >> k & 1) && (g->cand[cells[k]] & naked)) {
                            g->cand[cells[k]] &= (unsigned short)~naked;
                            changed = 1;
                        }
            }
            if (pick < (1u << dn)) {        /* hidden: `pick` as free digits */
                unsigned dmask = 0, in = 0;
                for (int k = 0; k < dn; k++)
                    if (pick >> k & 1) {
                        dmask |= 1u << (digits[k] - 1);
                        in |= where[k];
                    }
                if (popcount(in) == size)
                    for (int c = 0; c < n; c++)
                        if ((in >> c & 1) && (g->cand[cells[c]] & ~dmask)) {
                            g->cand[cells[c]] &= (unsigned short)dmask;
                            changed = 1;
                        }
            }
        }
    }
    return changed;
}

/* One round of the rung `level`; 1 when it changed something. */
static int rung(Grid *g, int level) {
    switch (level) {
    case 0: return naked_singles(g);
    case 1: return hidden_singles(g);
    case 2: return intersections(g, 18, 27, 0, 1);
    case 3: return intersections(g, 0, 18, 2, 2);
    default: return subsets(g);
    }
}

static PyObject *k_cheap(PyObject *self, PyObject *args) {
    PyObject *vseq, *cseq;
    if (!PyArg_ParseTuple(args, "OO", &vseq, &cseq)) return NULL;
    unsigned short values[81];
    Grid g;
    if (!read_masks(vseq, values, "values") || !read_masks(cseq, g.cand, "cands")) return NULL;
    g.empty = 0;
    g.broken = 0;
    for (int i = 0; i < 81; i++) {
        if (values[i] > 9) { PyErr_SetString(PyExc_ValueError, "values: digits 0-9"); return NULL; }
        g.value[i] = (unsigned char)values[i];
        if (g.value[i]) g.cand[i] = 0;
        else g.empty++;
    }
    int level = -1;
    for (int top = 0; top <= 5 && g.empty && !g.broken; top++) {
        level = top;
        if (top == 5) break;
        /* simplest first, back to the simplest after every change */
        for (int r = 0; r <= top && !g.broken && g.empty;)
            r = rung(&g, r) ? 0 : r + 1;
    }
    if (g.broken) level = 6;
    PyObject *vals = PyList_New(81), *cands = PyList_New(81);
    if (!vals || !cands) { Py_XDECREF(vals); Py_XDECREF(cands); return NULL; }
    for (int i = 0; i < 81; i++) {
        PyList_SET_ITEM(vals, i, PyLong_FromLong(g.value[i]));
        PyList_SET_ITEM(cands, i, PyLong_FromLong(g.cand[i]));
    }
    return Py_BuildValue("(iNN)", level, vals, cands);
}

static PyMethodDef METHODS[] = {
    {"count", k_count, METH_VARARGS, "count(masks, limit=2) -> (solutions up to limit, first solution)"},
    {"dig", k_dig, METH_VARARGS, "dig(grid, orbits) -> puzzle (see grids.dig)"},
    {"cheap", k_cheap, METH_VARARGS, "cheap(values, cands) -> (level, values, cands)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_kernel", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__kernel(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* kernel.py uses a build whose ABI it knows: bump both on any change of
     * what the functions take or give */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
