/* The two searches of a house split (locked_sets.py, split_sides) in C:
 * the same naked sides, about 7 times faster (docs/benchmarks.md).  A
 * logic solve splits again every house that changed since the last round.
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * locked_sets.py falls back to its own Python searches otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_subsets_c.py checks
 * that both give the same sides.
 *
 *   split_sides(cands, half) -> [naked side, ...]
 *       cands: the candidate masks of a house's unsolved cells (9 at most);
 *       every naked side of a split of them into a naked and a hidden set
 *       found with at most `half` cells on the smaller side, as a mask over
 *       their indexes, ascending.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* locked_sets._closed_groups: calls found(picked) for every subset of 2 to
 * `limit` of the masks whose union has as many bits as members */
typedef struct {
    int masks[9], n, limit;
    unsigned char seen[512];    /* naked sides, by their mask */
    int covered_of;             /* 1: a picked set of digits gives the side its places leave */
    int full;
} Groups;

static void add_side(Groups *g, int picked) {
    if (!g->covered_of) {
        g->seen[picked] = 1;
        return;
    }
    int covered = 0;
    for (int k = 0; k < g->n; k++)
        if (picked >> k & 1) covered |= g->masks[k];
    g->seen[g->full & ~covered] = 1;
}

static void grow(Groups *g, int start, int picked, int size, int uni) {
    for (int j = start; j < g->n; j++) {
        int m = g->masks[j];
        if (__builtin_popcount(m) > g->limit) continue;     /* never a member */
        int u = uni | m, bits = __builtin_popcount(u);
        if (bits > g->limit) continue;
        int with = picked | 1 << j;
        if (bits == size + 1 && size + 1 > 1) add_side(g, with);
        if (size + 1 < g->limit) grow(g, j + 1, with, size + 1, u);
    }
}

static PyObject *k_split_sides(PyObject *self, PyObject *args) {
    PyObject *seq;
    int half;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &half)) return NULL;
    PyObject *fast = PySequence_Fast(seq, "cands");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int cands[9];
    int ok = n <= 9;
    if (!ok) PyErr_SetString(PyExc_ValueError, "cands: a house has nine cells");
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) ok = 0;
        else if (v < 0 || v > 0x1FF) {
            PyErr_SetString(PyExc_ValueError, "cands are 9-bit masks");
            ok = 0;
        } else cands[i] = (int)v;
    }
    Py_DECREF(fast);
    if (!ok) return NULL;
    Groups g;
    memset(&g, 0, sizeof g);
    g.limit = half;
    g.full = (1 << n) - 1;
    /* the naked side small: over the cells */
    g.n = (int)n;
    for (int i = 0; i < n; i++) g.masks[i] = cands[i];
    grow(&g, 0, 0, 0, 0);
    /* the hidden side small: over the digits, each with the cells it can use */
    int all = 0;
    for (int i = 0; i < n; i++) all |= cands[i];
    g.n = 0;
    for (int d = 0; d < 9; d++) {
        if (!(all >> d & 1)) continue;
        int places = 0;
        for (int i = 0; i < n; i++)
            if (cands[i] >> d & 1) places |= 1 << i;
        g.masks[g.n++] = places;
    }
    g.covered_of = 1;
    grow(&g, 0, 0, 0, 0);
    PyObject *out = PyList_New(0);
    for (int side = 0; out && side < 512; side++) {
        if (!g.seen[side]) continue;
        PyObject *v = PyLong_FromLong(side);
        if (!v || PyList_Append(out, v) < 0) Py_CLEAR(out);
        Py_XDECREF(v);
    }
    return out;
}

static PyMethodDef METHODS[] = {
    {"split_sides", k_split_sides, METH_VARARGS, "split_sides(cands, half) -> [naked side, ...]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_sides", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__sides(void) {
    PyObject *module = PyModule_Create(&MODULE);
    /* locked_sets.py uses a build whose ABI it knows: bump both on any change
     * of what split_sides takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
