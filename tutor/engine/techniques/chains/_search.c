/* The chain search of search.py and paths.py in C: find_chains' first pass
 * (from every start node, the breadth-first layers of alternating walks, and
 * what each layer offers: strong loops, chains whose ends rule out a common
 * candidate, continuous loops to read back) and the read-back of chains
 * from those layers (paths.py: the shortest walks that use no candidate
 * twice, how many shortest walks there are, the second pass).  The same
 * answers as the Python code, in the same order (docs/benchmarks.md has
 * what it saves).
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * the Python code runs otherwise (or when SUDOKU_TUTOR_PURE_PYTHON is set);
 * tests/engine/test_chain_search_c.py checks that both give the same.
 * search.py's and paths.py's docstrings have the search; the comments here
 * say only where C does it differently.
 *
 * Sets are bytes objects of little-endian 64-bit words: a node set has
 * (n + 63) / 64 words, a candidate set EXCL_WORDS.
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
 *
 *   localise(n, width, nodes, strong, weak) -> (strong, weak, weak_on)
 *       paths.py's Local: the graph's n nodes with a strong link (`nodes`,
 *       a set of `width` bytes) numbered 0 ... n-1 in node order, and each
 *       one's strong and weak links (n sets of `width` bytes each, in node
 *       order) in those numbers; weak_on[x]: the weak partners of the
 *       nodes x is strongly linked to (search.py's _weak_on).
 *   walks(n, strong, weak, layers, s, t, depth) -> int
 *       paths.py's _walks: how many shortest walks lead from s to t
 *       (counted up to WALKS_CAP, far above what the caller compares).
 *   simple_walks(n, strong, weak, bits, layers, s, t, depth, first,
 *                budget) -> list | None
 *       paths.py's _simple_walks after its walk count: budget -1 for none.
 *   second_pass(n, strong, weak, bits, s, max_used_sets) -> dict
 *       paths.py's second pass from s, read back: {t: the chain s ... t
 *       (a tuple of nodes)} for every node it reaches on.
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

/* ------------------------------------------------------------ numbering */

static PyObject *k_localise(PyObject *self, PyObject *args) {
    int n, width;
    PyObject *nodes_o, *strong_o, *weak_o;
    if (!PyArg_ParseTuple(args, "iiOOO", &n, &width, &nodes_o, &strong_o, &weak_o)) return NULL;
    if (n < 0 || n > 1 << 16 || width < 8 || width % 8 || width > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "n: 0 to 65536 nodes; width: whole words");
        return NULL;
    }
    int gw = width / 8, w = (n + 63) / 64;
    const word *nodes, *strong, *weak;
    if (!read_sets(nodes_o, 1, gw, &nodes, "nodes") || !read_sets(strong_o, n, gw, &strong, "strong") ||
        !read_sets(weak_o, n, gw, &weak, "weak"))
        return NULL;
    int count = 0;
    int *before = PyMem_Malloc((size_t)gw * sizeof(int));      /* nodes in the words before */
    if (!before) return PyErr_NoMemory();
    for (int i = 0; i < gw; i++) {
        before[i] = count;
        count += __builtin_popcountll(nodes[i]);
    }
    if (count != n) {
        PyMem_Free(before);
        PyErr_SetString(PyExc_ValueError, "nodes: n of them");
        return NULL;
    }
    PyObject *out[3] = {NULL, NULL, NULL};
    for (int k = 0; k < 3; k++)
        if (!(out[k] = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n * w * sizeof(word)))) goto fail;
    word *ls = (word *)PyBytes_AS_STRING(out[0]), *lw = (word *)PyBytes_AS_STRING(out[1]);
    word *lo = (word *)PyBytes_AS_STRING(out[2]);
    memset(ls, 0, (size_t)n * w * sizeof(word));
    memset(lw, 0, (size_t)n * w * sizeof(word));
    memset(lo, 0, (size_t)n * w * sizeof(word));
    for (int x = 0; x < n; x++)
        for (int half = 0; half < 2; half++) {
            const word *g = (half ? weak : strong) + (size_t)x * gw;
            word *l = (half ? lw : ls) + (size_t)x * w;
            for (int i = 0; i < gw; i++)
                for (word m = g[i] & nodes[i]; m; m &= m - 1) {
                    int b = __builtin_ctzll(m);
                    int y = before[i] + __builtin_popcountll(nodes[i] & ((((word)1) << b) - 1));
                    l[y / 64] |= (word)1 << (y % 64);
                }
        }
    for (int x = 0; x < n; x++)
        for (int i = 0; i < w; i++)
            for (word m = ls[(size_t)x * w + i]; m; m &= m - 1) {
                int y = i * 64 + __builtin_ctzll(m);
                for (int k = 0; k < w; k++) lo[(size_t)x * w + k] |= lw[(size_t)y * w + k];
            }
    PyMem_Free(before);
    return Py_BuildValue("(NNN)", out[0], out[1], out[2]);
fail:
    PyMem_Free(before);
    for (int k = 0; k < 3; k++) Py_XDECREF(out[k]);
    return NULL;
}

/* ------------------------------------------------------------ read-back */

#define WALKS_CAP (1LL << 50)
#define MAX_DEPTH 4096

typedef struct {
    int n, w, s, t, first;
    const word *strong, *weak, *bits, *layers;
    int n_layers;
    long long left;
    PyObject *found;
    int path[MAX_DEPTH + 1];
    int failed;
} Reader;

static const word *set_of(const word *sets, int k, int w) { return sets + (size_t)k * w; }

/* The links that lead into layer j: strong into an on layer (odd j), weak
 * into an off one. */
static const word *link_into(const Reader *r, int node, int j) {
    return set_of(j % 2 ? r->strong : r->weak, node, r->w);
}

static int read_reader(Reader *r, int n, PyObject *strong, PyObject *weak, PyObject *bits, PyObject *layers) {
    if (n < 1 || n > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "n: 1 to 65536 nodes");
        return 0;
    }
    r->n = n;
    r->w = (n + 63) / 64;
    if (!read_sets(strong, n, r->w, &r->strong, "strong") || !read_sets(weak, n, r->w, &r->weak, "weak"))
        return 0;
    if (bits && !read_sets(bits, n, EXCL_WORDS, &r->bits, "bits")) return 0;
    if (layers) {
        if (!PyBytes_Check(layers) || PyBytes_GET_SIZE(layers) % (r->w * (Py_ssize_t)sizeof(word))) {
            PyErr_SetString(PyExc_ValueError, "layers: whole sets as bytes");
            return 0;
        }
        r->layers = (const word *)PyBytes_AS_STRING(layers);
        r->n_layers = (int)(PyBytes_GET_SIZE(layers) / (r->w * (Py_ssize_t)sizeof(word)));
    }
    return 1;
}

static int check_ends(const Reader *r, int depth) {
    if (r->s < 0 || r->s >= r->n || r->t < 0 || r->t >= r->n || depth < 1 || depth >= r->n_layers ||
        depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_ValueError, "s and t: nodes; depth: 1 to the last layer");
        return 0;
    }
    return 1;
}

static PyObject *k_walks(PyObject *self, PyObject *args) {
    int n, depth;
    PyObject *strong, *weak, *layers;
    Reader r = {0};
    if (!PyArg_ParseTuple(args, "iOOOiii", &n, &strong, &weak, &layers, &r.s, &r.t, &depth)) return NULL;
    if (!read_reader(&r, n, strong, weak, NULL, layers) || !check_ends(&r, depth)) return NULL;
    int w = r.w;
    if (depth == 1) return PyLong_FromLong(set_of(r.strong, r.t, w)[r.s / 64] >> (r.s % 64) & 1);
    /* forward over the layers: ways[p] for p in layer j - 1, then the
     * nodes of layer j from them; the end t last, from layer depth - 1 */
    long long *ways = PyMem_Calloc((size_t)n, sizeof(long long));
    long long *next = PyMem_Calloc((size_t)n, sizeof(long long));
    if (!ways || !next) {
        PyMem_Free(ways);
        PyMem_Free(next);
        return PyErr_NoMemory();
    }
    ways[r.s] = 1;
    long long total = 0;
    for (int j = 1; j <= depth; j++) {
        const word *before = set_of(r.layers, j - 1, w), *here = set_of(r.layers, j, w);
        for (int i = 0; i < w; i++) {
            word m = j < depth ? here[i] : (i == r.t / 64 ? (word)1 << (r.t % 64) : 0);
            for (; m; m &= m - 1) {
                int x = i * 64 + __builtin_ctzll(m);
                const word *link = link_into(&r, x, j);
                long long sum = 0;
                for (int k = 0; k < w; k++)
                    for (word b = before[k] & link[k]; b; b &= b - 1) {
                        sum += ways[k * 64 + __builtin_ctzll(b)];
                        if (sum > WALKS_CAP) sum = WALKS_CAP;
                    }
                if (j < depth) next[x] = sum;
                else total = sum;
            }
        }
        if (j < depth) {
            /* only layer j's nodes are read at the next step */
            long long *swap = ways;
            ways = next;
            next = swap;
            memset(next, 0, (size_t)n * sizeof(long long));
        }
    }
    PyMem_Free(ways);
    PyMem_Free(next);
    return PyLong_FromLongLong(total);
}

static int disjoint(const word *a, const word *b) {
    for (int k = 0; k < EXCL_WORDS; k++)
        if (a[k] & b[k]) return 0;
    return 1;
}

/* paths.py's back(): `left` counts every step back, as there. */
static void back(Reader *r, int node, int j, const word *used) {
    if (r->failed) return;
    int w = r->w, s = r->s;
    const word *start_bits = set_of(r->bits, s, EXCL_WORDS);
    if (j == 1) {
        if ((set_of(r->strong, node, w)[s / 64] >> (s % 64) & 1) && (r->t == s || disjoint(start_bits, used))) {
            PyObject *walk = PyTuple_New(r->path[0] + 1);
            if (!walk) { r->failed = 1; return; }
            /* path[1..] holds the nodes of layers 1 ... depth */
            PyTuple_SET_ITEM(walk, 0, PyLong_FromLong(s));
            for (int k = 1; k <= r->path[0]; k++) PyTuple_SET_ITEM(walk, k, PyLong_FromLong(r->path[k]));
            if (PyList_Append(r->found, walk) < 0) r->failed = 1;
            Py_DECREF(walk);
        }
        return;
    }
    r->left -= 1;
    if (r->left == 0) return;
    const word *before = set_of(r->layers, j - 1, w), *link = link_into(r, node, j);
    word blocked[EXCL_WORDS], grown[EXCL_WORDS];
    for (int k = 0; k < EXCL_WORDS; k++) blocked[k] = used[k] | start_bits[k];
    for (int i = 0; i < w; i++)
        for (word m = before[i] & link[i]; m; m &= m - 1) {
            int p = i * 64 + __builtin_ctzll(m);
            const word *pb = set_of(r->bits, p, EXCL_WORDS);
            if (!disjoint(pb, blocked) || (r->first && PyList_GET_SIZE(r->found))) continue;
            for (int k = 0; k < EXCL_WORDS; k++) grown[k] = used[k] | pb[k];
            r->path[j - 1] = p;
            back(r, p, j - 1, grown);
            if (r->failed) return;
        }
}

static PyObject *k_simple_walks(PyObject *self, PyObject *args) {
    int n, depth, first;
    long long budget;
    PyObject *strong, *weak, *bits, *layers;
    Reader r = {0};
    if (!PyArg_ParseTuple(args, "iOOOOiiipL", &n, &strong, &weak, &bits, &layers, &r.s, &r.t, &depth, &first,
                          &budget))
        return NULL;
    if (!read_reader(&r, n, strong, weak, bits, layers) || !check_ends(&r, depth)) return NULL;
    r.first = first;
    r.left = budget >= 0 ? budget : -1;
    if (!(r.found = PyList_New(0))) return NULL;
    r.path[0] = depth;              /* the walk's length, then its nodes */
    r.path[depth] = r.t;
    word used[EXCL_WORDS] = {0};
    if (r.t != r.s) memcpy(used, set_of(r.bits, r.t, EXCL_WORDS), sizeof used);
    back(&r, r.t, depth, used);
    if (r.failed) {
        Py_DECREF(r.found);
        return NULL;
    }
    if (r.left <= 0 && budget >= 0 && !PyList_GET_SIZE(r.found)) {
        Py_DECREF(r.found);
        Py_RETURN_NONE;
    }
    return r.found;
}

/* The second pass: states (node, candidates used), kept per node in the
 * order met (Python's dicts keep that order, and the chain read back takes
 * a node's first). */
typedef struct {
    word used[EXCL_WORDS];
    int parent, parent_state;       /* the node and its state it came from; -1 at the start */
} State;

typedef struct {
    State *items;
    int n, cap;
} States;

typedef struct {
    int *nodes;                     /* nodes in the order they were first reached */
    int n;
} Order;

static int states_add(States *st, const word *used, int parent, int parent_state) {
    for (int i = 0; i < st->n; i++)
        if (!memcmp(st->items[i].used, used, sizeof(word) * EXCL_WORDS)) return 1;      /* setdefault */
    if (st->n == st->cap) {
        int cap = st->cap ? 2 * st->cap : 4;
        State *grown = PyMem_Realloc(st->items, (size_t)cap * sizeof(State));
        if (!grown) { PyErr_NoMemory(); return 0; }
        st->items = grown;
        st->cap = cap;
    }
    State *x = &st->items[st->n++];
    memcpy(x->used, used, sizeof x->used);
    x->parent = parent;
    x->parent_state = parent_state;
    return 1;
}

/* paths.py's _reach: each state of node n (`from`) whose candidates miss
 * p's steps to p (p_bits NULL: p is the start, reached as it is), kept
 * once per set of candidates in the order met. */
static int reach(States *layer, Order *order, int p, const word *p_bits, int n, const States *from) {
    for (int i = 0; i < from->n; i++) {
        const word *used = from->items[i].used;
        word grown[EXCL_WORDS];
        int ok = 1;
        for (int k = 0; k < EXCL_WORDS; k++) {
            if (p_bits && (p_bits[k] & used[k])) { ok = 0; break; }
            grown[k] = used[k] | (p_bits ? p_bits[k] : 0);
        }
        if (!ok) continue;
        if (!layer[p].n) order->nodes[order->n++] = p;
        if (!states_add(&layer[p], grown, n, i)) return 0;
    }
    return 1;
}

static PyObject *k_second_pass(PyObject *self, PyObject *args) {
    int n, s, max_sets;
    PyObject *strong_o, *weak_o, *bits_o;
    Reader r = {0};
    if (!PyArg_ParseTuple(args, "iOOOii", &n, &strong_o, &weak_o, &bits_o, &s, &max_sets)) return NULL;
    if (!read_reader(&r, n, strong_o, weak_o, bits_o, NULL)) return NULL;
    if (s < 0 || s >= n) {
        PyErr_SetString(PyExc_ValueError, "s: a node");
        return NULL;
    }
    int w = r.w;
    PyObject *result = NULL;
    /* on[x], off[x]: x's states, at the one length x is kept at (a node is
     * reached on once and off once at most: the seen sets) */
    States *on = PyMem_Calloc((size_t)n, sizeof(States)), *off = PyMem_Calloc((size_t)n, sizeof(States));
    int *kept_on = PyMem_Calloc((size_t)n, sizeof(int)), *kept_off = PyMem_Calloc((size_t)n, sizeof(int));
    Order front = {PyMem_Calloc((size_t)n, sizeof(int)), 0}, new_on = {PyMem_Calloc((size_t)n, sizeof(int)), 0};
    Order new_off = {PyMem_Calloc((size_t)n, sizeof(int)), 0};
    word *on_seen = PyMem_Calloc((size_t)w, sizeof(word)), *off_seen = PyMem_Calloc((size_t)w, sizeof(word));
    if (!on || !off || !kept_on || !kept_off || !front.nodes || !new_on.nodes || !new_off.nodes || !on_seen ||
        !off_seen) {
        PyErr_NoMemory();
        goto done;
    }
    if (!states_add(&off[s], set_of(r.bits, s, EXCL_WORDS), -1, -1)) goto done;
    kept_off[s] = 1;
    off_seen[s / 64] |= (word)1 << (s % 64);
    front.nodes[front.n++] = s;
    while (front.n) {
        new_on.n = 0;
        for (int f = 0; f < front.n; f++) {
            int x = front.nodes[f];
            const word *link = set_of(r.strong, x, w);
            for (int i = 0; i < w; i++)
                for (word m = link[i] & ~on_seen[i]; m; m &= m - 1) {
                    int p = i * 64 + __builtin_ctzll(m);
                    /* back to the start: a loop, not a repeat (used as it is) */
                    if (!reach(on, &new_on, p, p == s ? NULL : set_of(r.bits, p, EXCL_WORDS), x, &off[x]))
                        goto done;
                }
        }
        for (int k = 0; k < new_on.n; k++) {
            int p = new_on.nodes[k];
            on_seen[p / 64] |= (word)1 << (p % 64);
            kept_on[p] = on[p].n <= max_sets;
        }
        new_off.n = 0;
        for (int k = 0; k < new_on.n; k++) {
            int x = new_on.nodes[k];
            if (x == s || !kept_on[x]) continue;
            const word *link = set_of(r.weak, x, w);
            for (int i = 0; i < w; i++)
                for (word m = link[i] & ~off_seen[i]; m; m &= m - 1) {
                    int p = i * 64 + __builtin_ctzll(m);
                    if (!reach(off, &new_off, p, set_of(r.bits, p, EXCL_WORDS), x, &on[x])) goto done;
                }
        }
        front.n = 0;
        for (int k = 0; k < new_off.n; k++) {
            int p = new_off.nodes[k];
            off_seen[p / 64] |= (word)1 << (p % 64);
            if ((kept_off[p] = off[p].n <= max_sets)) front.nodes[front.n++] = p;
        }
    }
    /* read back: from a node's first state on, through the parents */
    if (!(result = PyDict_New())) goto done;
    for (int t = 0; t < n; t++) {
        if (!on[t].n || !kept_on[t]) continue;
        int chain[2 * MAX_DEPTH + 2], len = 0, x = t, state = 0, is_on = 1;
        while (x >= 0 && len < 2 * MAX_DEPTH + 2) {
            chain[len++] = x;
            const State *st = is_on ? &on[x].items[state] : &off[x].items[state];
            x = st->parent;
            state = st->parent_state;
            is_on = !is_on;
        }
        PyObject *walk = PyTuple_New(len);
        if (!walk) { Py_CLEAR(result); goto done; }
        for (int k = 0; k < len; k++) PyTuple_SET_ITEM(walk, k, PyLong_FromLong(chain[len - 1 - k]));
        PyObject *key = PyLong_FromLong(t);
        int bad = !key || PyDict_SetItem(result, key, walk) < 0;
        Py_XDECREF(key);
        Py_DECREF(walk);
        if (bad) { Py_CLEAR(result); goto done; }
    }
done:
    for (int x = 0; on && off && x < n; x++) {
        PyMem_Free(on[x].items);
        PyMem_Free(off[x].items);
    }
    PyMem_Free(on);
    PyMem_Free(off);
    PyMem_Free(kept_on);
    PyMem_Free(kept_off);
    PyMem_Free(front.nodes);
    PyMem_Free(new_on.nodes);
    PyMem_Free(new_off.nodes);
    PyMem_Free(on_seen);
    PyMem_Free(off_seen);
    return result;
}

static PyMethodDef METHODS[] = {
    {"first_pass", k_first_pass, METH_VARARGS,
     "first_pass(n, strong, weak, weak_on, excl, may_end, starts, flags) -> (events, layers)"},
    {"localise", k_localise, METH_VARARGS, "localise(n, width, nodes, strong, weak) -> (strong, weak, weak_on)"},
    {"walks", k_walks, METH_VARARGS, "walks(n, strong, weak, layers, s, t, depth) -> int"},
    {"simple_walks", k_simple_walks, METH_VARARGS,
     "simple_walks(n, strong, weak, bits, layers, s, t, depth, first, budget) -> list | None"},
    {"second_pass", k_second_pass, METH_VARARGS,
     "second_pass(n, strong, weak, bits, s, max_used_sets) -> {t: chain}"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_search", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__search(void) {
    PyObject *module = PyModule_Create(&MODULE);
    /* paths.py uses a build whose ABI it knows: bump both on any change of
     * what a function here takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 3) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
