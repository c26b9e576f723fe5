/* The search of one line-box crossing of sue_de_coq.py (crossing_sets) in
 * C: the same patterns in the same order, about 10 times faster
 * (docs/benchmarks.md).  A logic solve searches again every crossing whose
 * line or box changed since the last round, and finds nothing in most.
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * sue_de_coq.py falls back to its own Python search otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_sue_de_coq_c.py
 * checks that both give the same patterns.  sue_de_coq.py's docstrings
 * have the definition and the search.
 *
 *   crossing(cands, values, line, box) -> [(c, lset, bset)]
 *       cands, values: the 81 cells' candidate masks and digits (0: empty);
 *       line, box: house numbers (rows 0-8, columns 9-17, boxes 18-26) that
 *       cross.  Every pattern with an effect, as 81-bit cell masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../../u128.h"

static int HOUSE_CELLS[27][9];
static u128 HOUSE[27];

static void init_tables(void) {
    for (int h = 0; h < 27; h++) {
        HOUSE[h] = 0;
        for (int k = 0; k < 9; k++) {
            int cell = h < 9 ? h * 9 + k
                     : h < 18 ? k * 9 + (h - 9)
                     : ((h - 18) / 3 * 3 + k / 3) * 9 + (h - 18) % 3 * 3 + k % 3;
            HOUSE_CELLS[h][k] = cell;
            HOUSE[h] |= ((u128)1) << cell;
        }
    }
}

typedef struct {
    u128 cells;
    int digits, n;
} Set;

/* sue_de_coq._rest_sets: the sets of unsolved cells of `house` outside
 * `other` holding more digits than cells, in the Python's order (each cell
 * doubles the list: without it, then with it) */
static int rest_sets(const int *cands, const int *values, int house, int other, Set *out) {
    Set all[64];
    int count = 1;
    all[0] = (Set){0, 0, 0};
    for (int k = 0; k < 9; k++) {
        int i = HOUSE_CELLS[house][k];
        if (HOUSE[other] >> i & 1 || values[i]) continue;
        for (int j = 0, was = count; j < was; j++)
            all[count++] = (Set){all[j].cells | ((u128)1) << i, all[j].digits | cands[i], all[j].n + 1};
    }
    int kept = 0;
    for (int j = 0; j < count; j++)
        if (__builtin_popcount(all[j].digits) > all[j].n) out[kept++] = all[j];
    return kept;
}

static int union_of(const int *cands, u128 cells) {
    int m = 0;
    for (; cells; cells &= cells - 1) m |= cands[lowest(cells)];
    return m;
}

/* whether some unsolved cell of `house` outside `inside` holds one of `digits` */
static int hits(const int *cands, const int *values, int house, u128 inside, int digits) {
    for (int k = 0; k < 9; k++) {
        int i = HOUSE_CELLS[house][k];
        if (!(inside >> i & 1) && !values[i] && cands[i] & digits) return 1;
    }
    return 0;
}

static PyObject *k_crossing(PyObject *self, PyObject *args) {
    PyObject *cands_seq, *values_seq;
    int line, box;
    if (!PyArg_ParseTuple(args, "OOii", &cands_seq, &values_seq, &line, &box)) return NULL;
    if (line < 0 || line >= 18 || box < 18 || box >= 27 || !(HOUSE[line] & HOUSE[box])) {
        PyErr_SetString(PyExc_ValueError, "line and box must cross");
        return NULL;
    }
    int cands[81], values[81];
    if (!read_ints(cands_seq, cands, 81, 0x1FF, "cands") || !read_ints(values_seq, values, 81, 9, "values"))
        return NULL;
    Set line_sets[64], box_sets[64];
    int n_line = rest_sets(cands, values, line, box, line_sets);
    int n_box = rest_sets(cands, values, box, line, box_sets);
    int cells[3], n = 0;
    for (u128 m = HOUSE[line] & HOUSE[box]; m; m &= m - 1)
        if (!values[lowest(m)]) cells[n++] = lowest(m);
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    /* the groups of two cells or more, as itertools.combinations gives them:
     * with three cells at most, ascending masks over their indices are the
     * same order */
    for (int size = 2; size <= n; size++) {
        for (int pick = 0; pick < 1 << n; pick++) {
            if (__builtin_popcount(pick) != size) continue;
            u128 c = 0;
            for (int k = 0; k < n; k++)
                if (pick >> k & 1) c |= ((u128)1) << cells[k];
            int v = union_of(cands, c), nv = __builtin_popcount(v);
            if (nv < size + 2) continue;
            int want = nv - size;
            for (int a = 0; a < n_line; a++) {
                const Set *l = &line_sets[a];
                if (!(l->digits & v)) continue;
                int gain = l->n - __builtin_popcount(l->digits & ~v);
                for (int b = 0; b < n_box; b++) {
                    const Set *s = &box_sets[b];
                    if (!(s->digits & v) || s->digits & l->digits) continue;
                    int box_gain = s->n - __builtin_popcount(s->digits & ~v);
                    if (box_gain < 0 || box_gain > want || box_gain != want - gain) continue;
                    int both = v & ~l->digits & ~s->digits;
                    if (!hits(cands, values, line, c | l->cells, l->digits | both)
                            && !hits(cands, values, box, c | s->cells, s->digits | both))
                        continue;
                    PyObject *item = Py_BuildValue("(NNN)", make_mask(c), make_mask(l->cells),
                                                   make_mask(s->cells));
                    if (!item || PyList_Append(found, item) < 0) {
                        Py_XDECREF(item);
                        Py_DECREF(found);
                        return NULL;
                    }
                    Py_DECREF(item);
                }
            }
        }
    }
    return found;
}

static PyMethodDef METHODS[] = {
    {"crossing", k_crossing, METH_VARARGS, "crossing(cands, values, line, box) -> [(c, lset, bset)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_crossing", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__crossing(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* sue_de_coq.py uses a build whose ABI it knows: bump both on any change
     * of what crossing takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
