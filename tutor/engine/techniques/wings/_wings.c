/* The WXYZ-Wing search of pivot_wings.py (four_cell_wings) in C: the same
 * search, the same wings in the same order, about 20 times faster
 * (docs/benchmarks.md).  A logic solve runs it once a round past the
 * simpler wings, and it finds nothing in most of them, so its whole search
 * is paid every time.
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * pivot_wings.py falls back to its own Python search otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_wings_c.py checks
 * that both give the same wings.  pivot_wings.py's docstrings have the
 * definition and the search; the comments here only say where C does it
 * differently.
 *
 *   four_cell_wings(cands, masks) -> [((a, b, c, d), z, targets)]
 *       cands: the 81 cells' candidate masks (9 bits); masks: ten 81-bit
 *       masks, masks[d] the empty cells holding d (masks[0] unused).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../../u128.h"

static u128 PEER[81];

/* the cells after cell i */
static u128 above(int i) { return ALL_CELLS & ~((((u128)2) << i) - 1); }

typedef struct {
    const int *cands;
    const u128 *masks;
    u128 pool;
    /* clear[c]: the cells no digit of c is loose with; loose_at[c][z]: the
     * same when z may be loose too (pivot_wings.four_cell_wings) */
    u128 clear[81], loose_at[81][10];
    u128 adding[512];           /* by digit mask, once `added` has its bit */
    unsigned char added[512];
    PyObject *found;
} Search;

/* pivot_wings._adding: the pool cells that make `digits` four digits exactly */
static u128 adding(Search *s, int digits) {
    if (!s->added[digits]) {
        u128 once = 0, twice = 0, thrice = 0;
        for (int d = 1; d <= 9; d++) {
            if (digits >> (d - 1) & 1) continue;
            u128 m = s->masks[d];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        int want = 4 - __builtin_popcount(digits);
        u128 got = want == 0 ? ~once : want == 1 ? once & ~twice : want == 2 ? twice & ~thrice : 0;
        s->adding[digits] = s->pool & got;
        s->added[digits] = 1;
    }
    return s->adding[digits];
}

static int sees(int i, int j) { return (int)(PEER[i] >> j & 1); }

/* pivot_wings._keep: add the wing when the four cells make one; 0 on error */
static int keep(Search *s, int x, int y, int w, int v, int z, u128 targets) {
    int c[4] = {x, y, w, v};
    for (int i = 1; i < 4; i++)          /* in cell order */
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j]; c[j] = c[j - 1]; c[j - 1] = t;
        }
    int m[4];
    for (int i = 0; i < 4; i++) m[i] = s->cands[c[i]];
    if (__builtin_popcount(m[0] | m[1] | m[2] | m[3]) != 4) return 1;
    for (int skip = 0; skip < 4; skip++) {   /* every three hold all four digits */
        int u = 0;
        for (int i = 0; i < 4; i++)
            if (i != skip) u |= m[i];
        if (__builtin_popcount(u) != 4) return 1;
    }
    int zb = 1 << (z - 1);
    int loose = 0;                      /* two holders of z apart */
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (m[i] & zb && m[j] & zb && !sees(c[i], c[j])) loose = 1;
    if (!loose) return 1;
    for (int i = 0; i < 4; i++)          /* two equal bivalue cells holding z */
        for (int j = i + 1; j < 4; j++)
            if (m[i] & zb && m[i] == m[j] && __builtin_popcount(m[i]) == 2) return 1;
    PyObject *item = Py_BuildValue("((iiii)iN)", c[0], c[1], c[2], c[3], z, make_mask(targets));
    if (!item) return 0;
    int failed = PyList_Append(s->found, item);
    Py_DECREF(item);
    return failed == 0;
}

static int search(Search *s) {
    const int *cands = s->cands;
    const u128 *masks = s->masks;
    u128 pool = s->pool;
    u128 *clear = s->clear;
    u128 (*loose_at)[10] = s->loose_at;
    for (u128 left = pool; left; left &= left - 1) {
        int c = lowest(left);
        u128 sharing = 0;
        for (int d = 1; d <= 9; d++)
            if (cands[c] >> (d - 1) & 1) sharing |= masks[d];
        clear[c] = PEER[c] | ~sharing;
        for (int z = 1; z <= 9; z++) {
            if (!(cands[c] >> (z - 1) & 1)) continue;
            u128 other = 0;
            for (int d = 1; d <= 9; d++)
                if (d != z && cands[c] >> (d - 1) & 1) other |= masks[d];
            loose_at[c][z] = PEER[c] | ~other;
        }
    }
    for (int z = 1; z <= 9; z++) {
        u128 zm = masks[z];
        u128 holders = pool & zm;
        if (bits(holders) < 2) continue;
        u128 others = pool & ~zm;
        for (u128 xs = holders; xs; xs &= xs - 1) {
            int x = lowest(xs);
            u128 tx = PEER[x] & zm, fx = loose_at[x][z];
            for (u128 ys = holders & fx & above(x); ys; ys &= ys - 1) {
                int y = lowest(ys);
                u128 ty = tx & PEER[y];
                int u = cands[x] | cands[y];
                if (!ty || __builtin_popcount(u) > 4) continue;
                u128 fxy = fx & loose_at[y][z];
                u128 cxy = clear[x] & clear[y];
                u128 third = adding(s, u);
                /* a third cell with z, then a fourth with or without */
                for (u128 ws = holders & third & fxy & above(y); ws; ws &= ws - 1) {
                    int w = lowest(ws);
                    u128 tw = ty & PEER[w];
                    if (!tw) continue;
                    u128 fourth = third & adding(s, u | cands[w]);
                    for (u128 vs = holders & fourth & fxy & loose_at[w][z] & above(w); vs; vs &= vs - 1) {
                        int v = lowest(vs);
                        u128 tv = tw & PEER[v];
                        if (tv && !keep(s, x, y, w, v, z, tv)) return 0;
                    }
                    for (u128 vs = others & fourth & cxy & clear[w]; vs; vs &= vs - 1)
                        if (!keep(s, x, y, w, lowest(vs), z, tw)) return 0;
                }
                /* two cells without z */
                for (u128 ws = others & third & cxy; ws; ws &= ws - 1) {
                    int w = lowest(ws);
                    u128 fourth = third & adding(s, u | cands[w]);
                    for (u128 vs = others & fourth & cxy & clear[w] & above(w); vs; vs &= vs - 1)
                        if (!keep(s, x, y, w, lowest(vs), z, ty)) return 0;
                }
            }
        }
    }
    return 1;
}

static PyObject *k_four_cell_wings(PyObject *self, PyObject *args) {
    PyObject *cands_seq, *masks_seq;
    if (!PyArg_ParseTuple(args, "OO", &cands_seq, &masks_seq)) return NULL;
    int cands[81];
    u128 masks[10];
    if (!read_ints(cands_seq, cands, 81, 0x1FF, "cands")) return NULL;
    if (!read_masks(masks_seq, masks, 10, "masks")) return NULL;
    Search *s = PyMem_Calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    s->cands = cands;
    s->masks = masks;
    for (int i = 0; i < 81; i++) {
        int n = __builtin_popcount(cands[i]);
        if (n >= 2 && n <= 4) s->pool |= ((u128)1) << i;
    }
    PyObject *found = s->found = PyList_New(0);
    if (found && !search(s)) Py_CLEAR(found);
    PyMem_Free(s);
    return found;
}

static PyMethodDef METHODS[] = {
    {"four_cell_wings", k_four_cell_wings, METH_VARARGS,
     "four_cell_wings(cands, masks) -> [((a, b, c, d), z, targets)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_wings", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__wings(void) {
    peer_masks(PEER);
    PyObject *module = PyModule_Create(&MODULE);
    /* pivot_wings.py uses a build whose ABI it knows: bump both on any
     * change of what four_cell_wings takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
