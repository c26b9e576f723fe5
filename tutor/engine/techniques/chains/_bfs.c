/* The first pass of search.py's find_chains in C: from every start node, the
 * breadth-first layers of alternating walks, and what each layer offers
 * (strong loops, chains whose ends rule out a common candidate, continuous
 * loops to read back).  The same answers as search.py's first_pass, in the
 * same order, about ten times faster (docs/benchmarks.md).
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * search.py falls back to its own Python pass otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set); tests/engine/test_chain_bfs.py checks
 * that both give the same.  search.py's docstring has the search.
 *
 *   first_pass(n, strong, weak, weak_on, excl, may_end, starts, flags)
 *       n nodes in local numbers; strong, weak, weak_on: n bit sets of
 *       n bits each, and excl: n bit sets of EXCL_WORDS words (the
 *       candidates a node rules out), all as one bytes object each,
 *       little-endian words of (n + 63) / 64 words a set; may_end: the
 *       nodes a chain from each node may end on, the same way; starts:
 *       the start nodes in the caller's order; flags: a bytes of one byte
 *       a node, bit 0 set when a walk back to the start places or removes
 *       something (search.py's strong-loop rule).
 *   -> (events, layers): events, in the order found, (0, s, s, depth) a
 *       strong loop, (1, s, t, depth) a chain whose ends share an
 *       exclusion, (2, s, t, depth) a continuous loop to read back;
 *       layers[s] the bytes of s's layers, one set after another (None
 *       for a node not started from).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define EXCL_WORDS 12       /* 729 candidate nodes */

typedef uint64_t word;

static int any(const word *a, int w) {
    for (int i = 0; i < w; i++)
        if (a[i]) return 1;
    return 0;
}

static int read_sets(PyObject *o, Py_ssize_t count, int w, const word **out, const char *what) {
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) != count * w * (Py_ssize_t)sizeof(word)) {
        PyErr_Format(PyExc_ValueError, "%s: %zd sets of %d words as bytes", what, count, w);
        return 0;
    }
    *out = (const word *)PyBytes_AS_STRING(o);
    return 1;
}

static int emit(PyObject *events, int code, int s, int t, int depth) {
    PyObject *e = Py_BuildValue("(iiii)", code, s, t, depth);
    if (!e) return 0;
    int ok = PyList_Append(events, e) == 0;
    Py_DECREF(e);
    return ok;
}

static PyObject *k_first_pass(PyObject *self, PyObject *args) {
    int n;
    PyObject *strong_o, *weak_o, *weak_on_o, *excl_o, *may_end_o, *starts_o, *flags_o;
    if (!PyArg_ParseTuple(args, "iOOOOOOO", &n, &strong_o, &weak_o, &weak_on_o, &excl_o, &may_end_o,
                          &starts_o, &flags_o))
        return NULL;
    if (n < 0 || n > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "n: 0 to 65536 nodes");
        return NULL;
    }
    int w = (n + 63) / 64;
    const word *strong, *weak, *weak_on, *excl, *may_end;
    if (!read_sets(strong_o, n, w, &strong, "strong") || !read_sets(weak_o, n, w, &weak, "weak") ||
        !read_sets(weak_on_o, n, w, &weak_on, "weak_on") || !read_sets(excl_o, n, EXCL_WORDS, &excl, "excl") ||
        !read_sets(may_end_o, n, w, &may_end, "may_end"))
        return NULL;
    if (!PyBytes_Check(flags_o) || PyBytes_GET_SIZE(flags_o) != n) {
        PyErr_SetString(PyExc_ValueError, "flags: one byte a node");
        return NULL;
    }
    const unsigned char *flags = (const unsigned char *)PyBytes_AS_STRING(flags_o);
    PyObject *starts = PySequence_Fast(starts_o, "starts: a sequence of nodes");
    if (!starts) return NULL;

    PyObject *events = PyList_New(0), *layers = PyList_New(n), *result = NULL;
    /* scratch: the layers of one start (at most 2n + 2 of them: each on or
     * off layer holds a node not seen before), and the running sets */
    word *buf = PyMem_Malloc(((size_t)(2 * n + 2) + 4) * (size_t)(w ? w : 1) * sizeof(word));
    if (!events || !layers || !buf) {
        if (!buf) PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < n; i++) {
        Py_INCREF(Py_None);
        PyList_SET_ITEM(layers, i, Py_None);
    }
    word *on_seen = buf, *off_seen = buf + w, *on = buf + 2 * w, *off = buf + 3 * w, *stack = buf + 4 * w;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(starts); k++) {
        long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(starts, k));
        if (s == -1 && PyErr_Occurred()) goto done;
        if (s < 0 || s >= n) {
            PyErr_SetString(PyExc_ValueError, "starts: nodes 0 to n - 1");
            goto done;
        }
        const word *es = excl + s * EXCL_WORDS, *ws = weak + s * w, *ends_ok = may_end + s * w;
        word sword = (word)1 << (s % 64);
        int sw = (int)(s / 64);
        int count = 1;                      /* layers so far */
        memset(stack, 0, (size_t)w * sizeof(word));
        stack[sw] = sword;
        memset(on_seen, 0, (size_t)w * sizeof(word));
        memcpy(off_seen, stack, (size_t)w * sizeof(word));
        word *front = stack;
        int depth = 1;
        for (;;) {
            memset(on, 0, (size_t)w * sizeof(word));
            memset(off, 0, (size_t)w * sizeof(word));
            for (int i = 0; i < w; i++)
                for (word m = front[i]; m; m &= m - 1) {
                    int x = i * 64 + __builtin_ctzll(m);
                    const word *a = strong + (size_t)x * w, *b = weak_on + (size_t)x * w;
                    for (int j = 0; j < w; j++) {
                        on[j] |= a[j];
                        off[j] |= b[j];
                    }
                }
            for (int j = 0; j < w; j++) on[j] &= ~on_seen[j];
            if (!any(on, w)) break;
            for (int j = 0; j < w; j++) on_seen[j] |= on[j];
            word *on_layer = stack + (size_t)count * w;
            memcpy(on_layer, on, (size_t)w * sizeof(word));
            count++;
            /* a walk back to the start: a strong loop */
            if ((on[sw] & ends_ok[sw] & sword) && (flags[s] & 1))
                if (!emit(events, 0, (int)s, (int)s, depth)) goto done;
            if (depth >= 3)
                for (int i = 0; i < w; i++)
                    for (word m = on[i] & ends_ok[i] & ws[i]; m; m &= m - 1)
                        if (!emit(events, 2, (int)s, i * 64 + __builtin_ctzll(m), depth)) goto done;
            for (int i = 0; i < w; i++) {
                word m = on[i] & ends_ok[i] & ~ws[i];
                if (i == sw) m &= ~sword;
                for (; m; m &= m - 1) {
                    int t = i * 64 + __builtin_ctzll(m);
                    const word *et = excl + (size_t)t * EXCL_WORDS;
                    int shared = 0;
                    for (int j = 0; j < EXCL_WORDS && !shared; j++) shared = (es[j] & et[j]) != 0;
                    if (shared && !emit(events, 1, (int)s, t, depth)) goto done;
                }
            }
            for (int j = 0; j < w; j++) {
                off[j] &= ~off_seen[j];
                off_seen[j] |= off[j];
            }
            word *off_layer = stack + (size_t)count * w;
            memcpy(off_layer, off, (size_t)w * sizeof(word));
            count++;
            front = off_layer;
            if (!any(front, w)) break;
            depth += 2;
        }
        PyObject *bytes = PyBytes_FromStringAndSize((const char *)stack, (Py_ssize_t)count * w * sizeof(word));
        if (!bytes) goto done;
        PyList_SetItem(layers, s, bytes);
    }
    result = Py_BuildValue("(OO)", events, layers);
done:
    Py_DECREF(starts);
    Py_XDECREF(events);
    Py_XDECREF(layers);
    PyMem_Free(buf);
    return result;
}

static PyMethodDef METHODS[] = {
    {"first_pass", k_first_pass, METH_VARARGS,
     "first_pass(n, strong, weak, weak_on, excl, may_end, starts, flags) -> (events, layers)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_bfs", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__bfs(void) {
    PyObject *module = PyModule_Create(&MODULE);
    /* search.py uses a build whose ABI it knows: bump both on any change of
     * what first_pass takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
