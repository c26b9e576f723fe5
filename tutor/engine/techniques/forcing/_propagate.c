/* The two ways of following a premise of implications.py, in C: the same
 * chains and nets, found about ten times faster (docs/benchmarks.md).
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * implications.py falls back to its own Python otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_propagate_c.py checks
 * that both give the same chain and the same net for every literal of many
 * positions.  implications.py's docstrings have the rules; the comments here
 * only say how C holds things.
 *
 *   prepare(values, cands) -> state
 *       values: 81 bytes, the digit of each cell or 0; cands: 81 little-endian
 *       16-bit candidate masks (bit d-1 for digit d).  The position as chain()
 *       and net() read it: candidates, each digit's cells, the digits each
 *       house has placed, the strong links.  A capsule (Python code cannot
 *       forge what it holds); made once a position.
 *
 *   chain(state, lit) -> (on, off, levels)
 *       Consequences._chain: levels [(on, off)] new at each step.
 *
 *   net(state, lit) -> (on, off, queue, done, after, contradiction)
 *       Consequences._net: queue [(cell, digit, rule)] in the order found,
 *       done how many were placed, after the off mask after each placement,
 *       contradiction None, ('cell', i), ('house', h, d) or ('clash', i, d).
 *
 * A set of candidates (k = 9 * cell + digit - 1) is 12 64-bit words; a set
 * of cells an unsigned __int128.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

typedef unsigned long long word;
typedef unsigned __int128 u128;

#define W 12                    /* words of a candidate set: 768 >= 729 bits */
#define NAKED 27                /* net rule of a naked single (0..26: hidden single there) */
#define PREMISE (-1)
#define MAX_PARTNERS 4          /* a candidate's strong links: its cell and its three houses */

static word WEAK[729][W];
static u128 PEER[81], HOUSE[27];
static int HOUSES_OF[81][3];

#define STATE_NAME "tutor.engine.techniques.forcing._propagate.State"

typedef struct {
    unsigned short cands[81];   /* 0 for a filled cell */
    unsigned short done[27];    /* digits placed in each house */
    u128 cells[10];             /* cells of each digit */
    word present[W];
    word has_strong[W];
    unsigned char n_partners[729];
    short partners[729][MAX_PARTNERS];
} State;

static void set_bit(word *s, int k) { s[k >> 6] |= 1ull << (k & 63); }
static int has_bit(const word *s, int k) { return s[k >> 6] >> (k & 63) & 1; }

static int any(const word *s) {
    for (int w = 0; w < W; w++)
        if (s[w]) return 1;
    return 0;
}

static int lowest_cell(u128 m) {
    unsigned long long lo = (unsigned long long)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(m >> 64));
}

static int cell_count(u128 m) {
    return __builtin_popcountll((unsigned long long)m) + __builtin_popcountll((unsigned long long)(m >> 64));
}

static void init_tables(void) {
    for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        HOUSES_OF[i][0] = r;
        HOUSES_OF[i][1] = 9 + c;
        HOUSES_OF[i][2] = 18 + b;
        HOUSE[r] |= (u128)1 << i;
        HOUSE[9 + c] |= (u128)1 << i;
        HOUSE[18 + b] |= (u128)1 << i;
    }
    for (int i = 0; i < 81; i++)
        for (int h = 0; h < 3; h++) PEER[i] |= HOUSE[HOUSES_OF[i][h]];
    for (int i = 0; i < 81; i++) PEER[i] &= ~((u128)1 << i);
    for (int k = 0; k < 729; k++) {
        int i = k / 9, e = k % 9;
        for (int f = 0; f < 9; f++)
            if (f != e) set_bit(WEAK[k], 9 * i + f);
        for (u128 p = PEER[i]; p; p &= p - 1) set_bit(WEAK[k], 9 * lowest_cell(p) + e);
    }
}

/* A candidate set as a Python int. */
static PyObject *set_int(const word *s) {
    unsigned char bytes[8 * W];
    for (int w = 0; w < W; w++)
        for (int j = 0; j < 8; j++) bytes[8 * w + j] = (unsigned char)(s[w] >> (8 * j));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, sizeof bytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
#endif
}

static void add_link(State *st, int a, int b) {
    for (int n = 0; n < st->n_partners[a]; n++)
        if (st->partners[a][n] == b) return;
    st->partners[a][st->n_partners[a]++] = (short)b;
    set_bit(st->has_strong, a);
}

static void free_state(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, STATE_NAME));
}

static PyObject *k_prepare(PyObject *self, PyObject *args) {
    Py_buffer values, cands;
    if (!PyArg_ParseTuple(args, "y*y*", &values, &cands)) return NULL;
    PyObject *out = NULL;
    if (values.len != 81 || cands.len != 162) {
        PyErr_SetString(PyExc_ValueError, "prepare: 81 values and 81 16-bit candidate masks");
        goto done;
    }
    State *st = PyMem_Calloc(1, sizeof(State));
    if (!st) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyCapsule_New(st, STATE_NAME, free_state);
    if (!out) {
        PyMem_Free(st);
        goto done;
    }
    const unsigned char *v = values.buf, *c = cands.buf;
    for (int i = 0; i < 81; i++) {
        if (v[i] > 9) {
            PyErr_SetString(PyExc_ValueError, "prepare: a value is a digit or 0");
            Py_CLEAR(out);
            goto done;
        }
        if (v[i]) {
            for (int h = 0; h < 3; h++) st->done[HOUSES_OF[i][h]] |= 1u << (v[i] - 1);
            continue;
        }
        unsigned m = (c[2 * i] | c[2 * i + 1] << 8) & 0x1FF;
        st->cands[i] = (unsigned short)m;
        for (int e = 0; e < 9; e++)
            if (m >> e & 1) {
                set_bit(st->present, 9 * i + e);
                st->cells[e + 1] |= (u128)1 << i;
            }
    }
    /* the strong links: a bivalue cell's two candidates, a digit's two
     * places in a house */
    for (int i = 0; i < 81; i++) {
        unsigned m = st->cands[i];
        if (m && __builtin_popcount(m) == 2) {
            int a = 9 * i + __builtin_ctz(m), b = 9 * i + 31 - __builtin_clz(m);
            add_link(st, a, b);
            add_link(st, b, a);
        }
    }
    for (int d = 1; d <= 9; d++)
        for (int h = 0; h < 27; h++) {
            u128 m = st->cells[d] & HOUSE[h];
            if (cell_count(m) == 2) {
                int a = 9 * lowest_cell(m) + d - 1, b = 9 * lowest_cell(m & (m - 1)) + d - 1;
                add_link(st, a, b);
                add_link(st, b, a);
            }
        }
done:
    PyBuffer_Release(&values);
    PyBuffer_Release(&cands);
    return out;
}

static const State *read_state(PyObject *o) {
    if (!PyCapsule_IsValid(o, STATE_NAME)) {
        PyErr_SetString(PyExc_ValueError, "a state made by prepare()");
        return NULL;
    }
    return PyCapsule_GetPointer(o, STATE_NAME);
}

/* chain() and net()'s arguments: a state and a literal (NULL on error) */
static const State *read_args(PyObject *args, int *lit) {
    PyObject *state_obj;
    if (!PyArg_ParseTuple(args, "Oi", &state_obj, lit)) return NULL;
    const State *st = read_state(state_obj);
    if (st && (*lit < 0 || *lit >= 2 * 729)) {
        PyErr_SetString(PyExc_ValueError, "a literal is 0 to 1457");
        return NULL;
    }
    return st;
}

static PyObject *pair_of_sets(const word *a, const word *b) {
    PyObject *x = set_int(a), *y = set_int(b);
    if (!x || !y) {
        Py_XDECREF(x);
        Py_XDECREF(y);
        return NULL;
    }
    return Py_BuildValue("(NN)", x, y);
}

static PyObject *k_chain(PyObject *self, PyObject *args) {
    int lit;
    const State *st = read_args(args, &lit);
    if (!st) return NULL;
    word on[W] = {0}, off[W] = {0}, f_on[W] = {0}, f_off[W] = {0};
    set_bit(lit & 1 ? on : off, lit >> 1);
    set_bit(lit & 1 ? f_on : f_off, lit >> 1);
    PyObject *levels = PyList_New(0);
    if (!levels) return NULL;
    while (any(f_on) || any(f_off)) {
        PyObject *level = pair_of_sets(f_on, f_off);
        if (!level || PyList_Append(levels, level) < 0) {
            Py_XDECREF(level);
            Py_DECREF(levels);
            return NULL;
        }
        Py_DECREF(level);
        word n_off[W] = {0}, n_on[W] = {0};
        for (int w = 0; w < W; w++)
            for (word m = f_on[w]; m; m &= m - 1) {
                const word *weak = WEAK[64 * w + __builtin_ctzll(m)];
                for (int v = 0; v < W; v++) n_off[v] |= weak[v];
            }
        for (int w = 0; w < W; w++)
            for (word m = f_off[w] & st->has_strong[w]; m; m &= m - 1) {
                int k = 64 * w + __builtin_ctzll(m);
                for (int n = 0; n < st->n_partners[k]; n++) set_bit(n_on, st->partners[k][n]);
            }
        for (int w = 0; w < W; w++) {
            n_off[w] &= st->present[w] & ~off[w];
            n_on[w] &= ~on[w];
            on[w] |= n_on[w];
            off[w] |= n_off[w];
            f_on[w] = n_on[w];
            f_off[w] = n_off[w];
        }
    }
    PyObject *on_int = set_int(on), *off_int = set_int(off);
    if (!on_int || !off_int) {
        Py_XDECREF(on_int);
        Py_XDECREF(off_int);
        Py_DECREF(levels);
        return NULL;
    }
    return Py_BuildValue("(NNN)", on_int, off_int, levels);
}

/* One cell and digit that lost a candidate, as the net's singles check reads it. */
typedef struct {
    int cell, digit, open;      /* open: the cell is still unfilled */
} Lost;

typedef struct {
    unsigned short cands[81], done[27];
    u128 cells[10];
    word queued[W];
    int qcell[729], qdigit[729], qrule[729], queued_n;
} Net;

static void enqueue(Net *n, int cell, int digit, int rule) {
    int k = 9 * cell + digit - 1;
    if (has_bit(n->queued, k)) return;
    set_bit(n->queued, k);
    n->qcell[n->queued_n] = cell;
    n->qdigit[n->queued_n] = digit;
    n->qrule[n->queued_n++] = rule;
}

static PyObject *k_net(PyObject *self, PyObject *args) {
    int lit;
    const State *st = read_args(args, &lit);
    if (!st) return NULL;
    Net *n = PyMem_Malloc(sizeof(Net));
    word (*after)[W] = PyMem_Malloc(82 * sizeof *after);   /* a cell is placed once at most */
    if (!n || !after) {
        PyMem_Free(n);
        PyMem_Free(after);
        return PyErr_NoMemory();
    }
    memcpy(n->cands, st->cands, sizeof n->cands);
    memcpy(n->done, st->done, sizeof n->done);
    memcpy(n->cells, st->cells, sizeof n->cells);
    memset(n->queued, 0, sizeof n->queued);
    n->queued_n = 0;
    word on[W] = {0}, off[W] = {0};
    Lost lost[32];              /* a placement loses at most 8 + 20 candidates */
    int n_lost = 0, placed = 0;
    /* the contradiction: kind 0 none, 1 cell, 2 house, 3 clash */
    int kind = 0, where = 0, what = 0;
    int k0 = lit >> 1, i0 = k0 / 9, e0 = k0 % 9;
    if (lit & 1) {
        enqueue(n, i0, e0 + 1, PREMISE);
    } else {
        set_bit(off, k0);
        n->cands[i0] &= ~(1u << e0);
        n->cells[e0 + 1] &= ~((u128)1 << i0);
        lost[n_lost++] = (Lost){i0, e0 + 1, 1};
    }
    for (;;) {
        for (int x = 0; x < n_lost && !kind; x++) {
            int j = lost[x].cell, d = lost[x].digit;
            if (lost[x].open) {
                unsigned cj = n->cands[j];
                if (!cj) {
                    kind = 1, where = j;
                    break;
                }
                if (!(cj & (cj - 1))) enqueue(n, j, __builtin_ctz(cj) + 1, NAKED);
            }
            unsigned b = 1u << (d - 1);
            u128 cells = n->cells[d];
            for (int y = 0; y < 3; y++) {
                int h = HOUSES_OF[j][y];
                if (n->done[h] & b) continue;
                u128 hm = cells & HOUSE[h];
                if (!hm) {
                    kind = 2, where = h, what = d;
                    break;
                }
                if (!(hm & (hm - 1))) enqueue(n, lowest_cell(hm), d, h);
            }
        }
        if (kind || placed == n->queued_n) break;
        n_lost = 0;
        int i = n->qcell[placed], d = n->qdigit[placed];
        unsigned b = 1u << (d - 1), m = n->cands[i];
        if (!(m & b)) {
            kind = 3, where = i, what = d;
            break;
        }
        placed++;
        set_bit(on, 9 * i + d - 1);
        n->cands[i] = 0;
        for (int y = 0; y < 3; y++) n->done[HOUSES_OF[i][y]] |= (unsigned short)b;
        u128 not_i = ~((u128)1 << i);
        n->cells[d] &= not_i;
        for (unsigned others = m & ~b; others; others &= others - 1) {
            int e = __builtin_ctz(others) + 1;
            set_bit(off, 9 * i + e - 1);
            n->cells[e] &= not_i;
            lost[n_lost++] = (Lost){i, e, 0};
        }
        u128 peers = n->cells[d] & PEER[i];
        n->cells[d] &= ~peers;
        for (; peers; peers &= peers - 1) {
            int j = lowest_cell(peers);
            set_bit(off, 9 * j + d - 1);
            n->cands[j] &= (unsigned short)~b;
            lost[n_lost++] = (Lost){j, d, 1};
        }
        memcpy(after[placed - 1], off, sizeof off);
    }
    PyObject *queue = PyList_New(n->queued_n), *after_list = PyList_New(placed);
    PyObject *on_int = set_int(on), *off_int = set_int(off), *contradiction = NULL;
    int failed = !queue || !after_list || !on_int || !off_int;
    for (int t = 0; !failed && t < n->queued_n; t++) {
        PyObject *item = Py_BuildValue("(iii)", n->qcell[t], n->qdigit[t], n->qrule[t]);
        if (!item) failed = 1;
        else PyList_SET_ITEM(queue, t, item);
    }
    for (int t = 0; !failed && t < placed; t++) {
        PyObject *item = set_int(after[t]);
        if (!item) failed = 1;
        else PyList_SET_ITEM(after_list, t, item);
    }
    if (!failed) {
        if (kind == 1) contradiction = Py_BuildValue("(si)", "cell", where);
        else if (kind == 2) contradiction = Py_BuildValue("(sii)", "house", where, what);
        else if (kind == 3) contradiction = Py_BuildValue("(sii)", "clash", where, what);
        else contradiction = Py_NewRef(Py_None);
        failed = !contradiction;
    }
    PyMem_Free(n);
    PyMem_Free(after);
    if (failed) {
        Py_XDECREF(queue);
        Py_XDECREF(after_list);
        Py_XDECREF(on_int);
        Py_XDECREF(off_int);
        Py_XDECREF(contradiction);
        return NULL;
    }
    return Py_BuildValue("(NNNiNN)", on_int, off_int, queue, placed, after_list, contradiction);
}

static PyMethodDef METHODS[] = {
    {"prepare", k_prepare, METH_VARARGS, "prepare(values, cands) -> state (bytes)"},
    {"chain", k_chain, METH_VARARGS, "chain(state, lit) -> (on, off, levels)"},
    {"net", k_net, METH_VARARGS, "net(state, lit) -> (on, off, queue, done, after, contradiction)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_propagate", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__propagate(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* implications.py uses a build whose ABI it knows: bump both on any
     * change of what the functions take or give */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
