/* The finned-fish search of one band of base lines (finned.py, _band_fish)
 * in C: the same fish in the same order, about 10 times faster
 * (docs/benchmarks.md).  A logic solve searches again every digit whose
 * cells changed since the last round, and finds nothing in most.
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * finned.py falls back to its own Python search otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_finned_fish_c.py
 * checks that both give the same fish.  finned.py's docstrings have the
 * definition and the search; the comments here only say where C does it
 * differently.
 *
 *   band_fish(lines, band) -> [(size, stack, base, cover, fins, eliminations)]
 *       lines: nine 9-bit masks, the cross positions of each base line
 *       holding the digit; band: 0-2.  base: the base lines, ascending;
 *       cover: a 9-bit mask; fins: {band line: 9-bit mask} for the band's
 *       base lines; eliminations: [(base-kind index, cross index)].
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define FISH_MIN 2
#define FISH_MAX 4
#define MAX_RESTS 64        /* sets of up to 3 of the 6 lines outside the band: 20 at most */

static int STACKS[512];     /* 3-bit mask of the thirds of a 9-bit line mask */

static void init_tables(void) {
    for (int m = 0; m < 512; m++) {
        STACKS[m] = 0;
        for (int t = 0; t < 3; t++)
            if (m >> (3 * t) & 7) STACKS[m] |= 1 << t;
    }
}

typedef struct {
    int lines[4], n;    /* the base lines, ascending */
    int uni;            /* the cross positions they touch */
} Rest;

typedef struct {
    const int *outside;     /* the lines, those of the band left out (0) */
    int usable[9], n_usable, size;
    Rest *out;
    int count;
} Grow;

/* basic.base_sets(outside, size, 4), in lexicographic order of the lines */
static void grow(Grow *g, int start, Rest chosen) {
    for (int j = start; j < g->n_usable; j++) {
        int k = g->usable[j];
        int u = chosen.uni | g->outside[k];
        if (__builtin_popcount(u) > FISH_MAX) continue;
        Rest picked = chosen;
        picked.lines[picked.n++] = k;
        picked.uni = u;
        if (picked.n == g->size) {
            if (g->count < MAX_RESTS) g->out[g->count++] = picked;
        } else if (g->n_usable - j - 1 >= g->size - picked.n) {
            grow(g, j + 1, picked);
        }
    }
}

/* the sets of `size` lines outside the band (none: one empty set), sorted
 * by the number of cross positions they touch (stable, as Python's sort) */
static int rests_of(const int *outside, int size, Rest *out) {
    if (size == 0) {
        out[0] = (Rest){{0}, 0, 0};
        return 1;
    }
    Rest all[MAX_RESTS];
    Grow g = {outside, {0}, 0, size, all, 0};
    for (int k = 0; k < 9; k++)
        if (outside[k] && __builtin_popcount(outside[k]) <= FISH_MAX) g.usable[g.n_usable++] = k;
    if (g.n_usable >= size) grow(&g, 0, (Rest){{0}, 0, 0});
    int n = 0;
    for (int bits = 0; bits <= 9; bits++)
        for (int i = 0; i < g.count; i++)
            if (__builtin_popcount(all[i].uni) == bits) out[n++] = all[i];
    return n;
}

static PyObject *int_tuple(const int *items, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(items[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* one fish as finned.py's _band_fish yields it; 0 on error */
static int add_fish(PyObject *found, const int *lines, int size, int stack, const int *inner, int n_inner,
                    const int *free_lines, int n_free, const Rest *others, int cover, int seg, int target_mask) {
    int base[FISH_MAX], n = 0;
    for (int i = 0; i < n_inner; i++) base[n++] = inner[i];
    for (int i = 0; i < others->n; i++) base[n++] = others->lines[i];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && base[j - 1] > base[j]; j--) {
            int t = base[j]; base[j] = base[j - 1]; base[j - 1] = t;
        }
    PyObject *fins = PyDict_New(), *elims = PyList_New(0), *base_t = int_tuple(base, n), *item = NULL;
    if (!fins || !elims || !base_t) goto done;
    for (int i = 0; i < n_inner; i++) {
        int k = inner[i];
        PyObject *key = PyLong_FromLong(k), *mask = PyLong_FromLong(lines[k] & seg & ~cover);
        int failed = !key || !mask || PyDict_SetItem(fins, key, mask) < 0;
        Py_XDECREF(key);
        Py_XDECREF(mask);
        if (failed) goto done;
    }
    for (int c = 0; c < 9; c++) {
        if (!((cover & target_mask) >> c & 1)) continue;
        for (int i = 0; i < n_free; i++) {
            int k = free_lines[i];
            if (!(lines[k] >> c & 1)) continue;
            PyObject *e = Py_BuildValue("(ii)", k, c);
            int failed = !e || PyList_Append(elims, e) < 0;
            Py_XDECREF(e);
            if (failed) goto done;
        }
    }
    item = Py_BuildValue("(iiOiOO)", size, stack, base_t, cover, fins, elims);
done:
    Py_XDECREF(fins);
    Py_XDECREF(elims);
    Py_XDECREF(base_t);
    if (!item) return 0;
    int failed = PyList_Append(found, item) < 0;
    Py_DECREF(item);
    return !failed;
}

static PyObject *k_band_fish(PyObject *self, PyObject *args) {
    PyObject *lines_seq;
    int band;
    if (!PyArg_ParseTuple(args, "Oi", &lines_seq, &band)) return NULL;
    if (band < 0 || band > 2) {
        PyErr_SetString(PyExc_ValueError, "band is 0, 1 or 2");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(lines_seq, "lines");
    if (!fast) return NULL;
    int lines[9];
    int ok = PySequence_Fast_GET_SIZE(fast) == 9;
    if (!ok) PyErr_SetString(PyExc_ValueError, "lines: nine masks wanted");
    for (int k = 0; ok && k < 9; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) ok = 0;
        else if (v < 0 || v > 0x1FF) {
            PyErr_SetString(PyExc_ValueError, "lines are 9-bit masks");
            ok = 0;
        } else lines[k] = (int)v;
    }
    Py_DECREF(fast);
    if (!ok) return NULL;
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    int b0 = 3 * band;
    int spread = STACKS[lines[b0]] | STACKS[lines[b0 + 1]] << 3 | STACKS[lines[b0 + 2]] << 6;
    int outside[9];
    for (int k = 0; k < 9; k++) outside[k] = k / 3 == band ? 0 : lines[k];
    Rest rests[FISH_MAX][MAX_RESTS];    /* by the number of lines outside the band */
    int n_rests[FISH_MAX], made[FISH_MAX] = {0};
    for (int stack = 0; stack < 3; stack++) {
        /* finned._fin_boxes */
        int in_box = 0, out_box = 0;
        for (int j = 0; j < 3; j++) {
            int thirds = spread >> (3 * j) & 7;
            if (thirds >> stack & 1) in_box |= 1 << j;
            if (thirds & ~(1 << stack)) out_box |= 1 << j;
        }
        int seg = 7 << (3 * stack);
        for (int ways = 1; ways < 8; ways++) {
            if (ways & ~out_box || !(ways & in_box) || !(in_box & ~ways)) continue;
            int inner[3], n_inner = 0, free_lines[3], n_free = 0;
            for (int j = 0; j < 3; j++) {
                if (ways >> j & 1) inner[n_inner++] = b0 + j;
                else free_lines[n_free++] = b0 + j;
            }
            int reduced = 0, box_part = 0, target_mask = 0;
            for (int i = 0; i < n_inner; i++) {
                reduced |= lines[inner[i]] & ~seg;
                box_part |= lines[inner[i]] & seg;
            }
            for (int i = 0; i < n_free; i++) target_mask |= lines[free_lines[i]] & seg;
            int least = __builtin_popcount(reduced);
            for (int size = FISH_MIN; size <= FISH_MAX; size++) {
                if (size < least) continue;
                int more = size - n_inner;
                if (more < 0) continue;         /* never: two of the band's lines at most */
                if (!made[more]) {
                    n_rests[more] = rests_of(outside, more, rests[more]);
                    made[more] = 1;
                }
                for (int r = 0; r < n_rests[more]; r++) {
                    const Rest *others = &rests[more][r];
                    if (__builtin_popcount(others->uni) > size) break;
                    int uni = others->uni | reduced;
                    int need = size - __builtin_popcount(uni);
                    if (need < 0 || __builtin_popcount(box_part & ~uni) <= need || !((uni | box_part) & target_mask))
                        continue;
                    /* finned._completions: `need` more cross lines through
                     * the box, in itertools.combinations order */
                    int spare[3], n_spare = 0;
                    for (int c = 0; c < 9; c++)
                        if ((box_part & ~uni) >> c & 1) spare[n_spare++] = c;
                    int picks[3] = {0, 1, 2};
                    while (1) {
                        int cover = uni;
                        for (int i = 0; i < need; i++) cover |= 1 << spare[picks[i]];
                        if (cover & target_mask && !add_fish(found, lines, size, stack, inner, n_inner, free_lines,
                                                             n_free, others, cover, seg, target_mask)) {
                            Py_DECREF(found);
                            return NULL;
                        }
                        /* the next combination of `need` of the n_spare */
                        int i = need - 1;
                        while (i >= 0 && picks[i] == n_spare - need + i) i--;
                        if (i < 0) break;
                        picks[i]++;
                        for (int j = i + 1; j < need; j++) picks[j] = picks[j - 1] + 1;
                    }
                }
            }
        }
    }
    return found;
}

static PyMethodDef METHODS[] = {
    {"band_fish", k_band_fish, METH_VARARGS,
     "band_fish(lines, band) -> [(size, stack, base, cover, fins, eliminations)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_finned", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__finned(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* finned.py uses a build whose ABI it knows: bump both on any change of
     * what band_fish takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
