/* The general fish walk of general.py in C: the same search, the same
 * answers, about 25 times faster (docs/benchmarks.md).
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * general.py falls back to its own Python walk otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_fish_walk.py checks
 * that both give the same fish, in the same order.  general.py's docstring
 * has the definition and the search; the comments here only say where C
 * does it differently.
 *
 *   walk(hm, digit_mask, fins_at, base_houses, cover_bits, admitted) -> list
 *       hm: the digit's candidates in each of the 27 houses (81-bit masks);
 *       fins_at[size]: the fins allowed at that size, -1 for a size not
 *       sought; base_houses: the base houses to try, ascending; cover_bits:
 *       the houses that may cover, one bit each; admitted: bit
 *       base_kinds * 8 + cover_kinds set for each pair of kinds of house
 *       (rows 1, columns 2, boxes 4) a fish may have.  Every such fish that
 *       removes something, as (size, base, cover, fins, eliminations), base
 *       and cover ascending tuples of house numbers, in the order
 *       general.py's walk finds them.
 *
 *   simplest(hm, digit_mask, fins_at, base_houses, cover_bits, admitted,
 *            min_fins) -> list
 *       The same walk, keeping one fish per (size, eliminations) among those
 *       with at least min_fins fins: the simplest (fewest fins, then boxes,
 *       then the lowest base houses, then cover houses), as (size, base,
 *       cover, fins, eliminations, merged), merged the number of fish kept
 *       for it; in no particular order.  general.py's simplest() is the same
 *       in Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../../u128.h"

#define MAX_SIZE 7

static u128 PEER[81];
static int HOUSES_OF[81][3];

static void init_tables(void) {
    for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9;
        HOUSES_OF[i][0] = r;
        HOUSES_OF[i][1] = 9 + c;
        HOUSES_OF[i][2] = 18 + (r / 3) * 3 + c / 3;
    }
    peer_masks(PEER);
}

/* rows 1, columns 2, boxes 4, or'ed */
static int kinds(unsigned house_bits) {
    return (house_bits & 0x1FF ? 1 : 0) | (house_bits >> 9 & 0x1FF ? 2 : 0) | (house_bits >> 18 ? 4 : 0);
}

static PyObject *house_tuple(unsigned house_bits) {
    PyObject *t = PyTuple_New(__builtin_popcount(house_bits));
    if (!t) return NULL;
    for (int k = 0; house_bits; k++) {
        int h = __builtin_ctz(house_bits);
        house_bits &= house_bits - 1;
        PyTuple_SET_ITEM(t, k, PyLong_FromLong(h));
    }
    return t;
}

/* Covers of one base set, as house bits; few, so a plain array. */
typedef struct {
    unsigned *items;
    int n, cap;
} Keys;

static int keys_add(Keys *k, unsigned cover) {
    for (int i = 0; i < k->n; i++)
        if (k->items[i] == cover) return 1;
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 16;
        unsigned *grown = PyMem_Realloc(k->items, cap * sizeof(unsigned));
        if (!grown) { PyErr_NoMemory(); return 0; }
        k->items = grown;
        k->cap = cap;
    }
    k->items[k->n++] = cover;
    return 1;
}

/* Python sorts the covers of one size as tuples of ascending houses: the
 * first house that differs decides, the lower one first. */
static int tuple_order(const void *a, const void *b) {
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    unsigned differ = x ^ y;
    if (!differ) return 0;
    unsigned first = differ & -differ;
    return (x & first) ? -1 : 1;
}

/* One (size, eliminations) of the simplest mode and its simplest fish so far. */
typedef struct {
    u128 elims, fins;
    unsigned base, cover;
    int size, fins_n, boxes;
    long merged;
} Entry;

/* Open addressing on the eliminations; kept at most half full. */
typedef struct {
    Entry *items;
    int cap, n;
} Table;

static unsigned long long entry_hash(u128 elims, int size) {
    unsigned long long h = (unsigned long long)elims * 0x9E3779B97F4A7C15ull;
    h ^= (unsigned long long)(elims >> 64) * 0xC2B2AE3D27D4EB4Full + (unsigned long long)size;
    return h ^ (h >> 29);
}

static Entry *table_slot(Table *t, u128 elims, int size) {
    unsigned long long i = entry_hash(elims, size) & (unsigned long long)(t->cap - 1);
    while (t->items[i].size && (t->items[i].size != size || t->items[i].elims != elims))
        i = (i + 1) & (unsigned long long)(t->cap - 1);
    return &t->items[i];
}

static int table_grow(Table *t) {
    int cap = t->cap ? 2 * t->cap : 256;
    Entry *old = t->items, *items = PyMem_Calloc(cap, sizeof(Entry));
    if (!items) { PyErr_NoMemory(); return 0; }
    int old_cap = t->cap;
    t->items = items;
    t->cap = cap;
    for (int i = 0; i < old_cap; i++)
        if (old[i].size) *table_slot(t, old[i].elims, old[i].size) = old[i];
    PyMem_Free(old);
    return 1;
}

typedef struct {
    u128 hm[27];
    u128 digit_mask;
    u128 reach[81];
    int options[81][3], n_options[81];
    int fins_at[MAX_SIZE + 1];
    int top, limit;
    unsigned cover_bits;
    unsigned long long admitted;
    int usable[27], n_usable;
    PyObject *found;
    Keys keys;
    /* the simplest mode: a table instead of the list */
    int simplest, min_fins;
    Table table;
    int failed;
    /* the base set being covered */
    int size, max_fins;
    u128 base_mask, inside;
} Walk;

/* general.py's _filled: the chosen covers, filled up by any further cover
 * houses holding a base candidate. */
static void filled(Walk *w, unsigned chosen, unsigned taken, int n_chosen) {
    if (n_chosen == w->size) {
        if (!keys_add(&w->keys, chosen)) w->failed = 1;
        return;
    }
    int spare[27], n = 0;
    for (int h = 0; h < 27; h++)
        if ((w->cover_bits >> h & 1) && !(taken >> h & 1) && (w->hm[h] & w->base_mask)) spare[n++] = h;
    int need = w->size - n_chosen, pick[MAX_SIZE];
    if (need > n) return;
    for (int i = 0; i < need; i++) pick[i] = i;
    for (;;) {
        unsigned cover = chosen;
        for (int i = 0; i < need; i++) cover |= 1u << spare[pick[i]];
        if (!keys_add(&w->keys, cover)) { w->failed = 1; return; }
        int i = need - 1;
        while (i >= 0 && pick[i] == n - need + i) i--;
        if (i < 0) return;
        pick[i]++;
        for (int j = i + 1; j < need; j++) pick[j] = pick[j - 1] + 1;
    }
}

/* Whether m has at most k cells: cheaper than counting them where k is
 * small (a build for any x86-64 has no popcount instruction). */
static int at_most(u128 m, int k) {
    while (m && k-- > 0) m &= m - 1;
    return !m;
}

static void cover_search(Walk *w, unsigned chosen, int n_chosen, unsigned taken, u128 covered,
                         u128 fins, int n_fins, u128 common) {
    if (w->failed) return;
    u128 left = w->base_mask & ~covered & ~fins;
    if (!left) {
        filled(w, chosen, taken, n_chosen);
        return;
    }
    if (n_chosen == w->size) {
        if (!at_most(left, w->max_fins - n_fins)) return;
    } else {
        /* cells of `left` no cover house holds two of (each outside the
         * `reach` of those before it) need a house or a fin each: a branch
         * with fewer left cannot cover the base (the same fish are found) */
        int room = w->size - n_chosen + w->max_fins - n_fins, need = 0;
        for (u128 rest = left; rest; rest &= ~w->reach[lowest(rest)])
            if (++need > room) return;
    }
    u128 pick = (left & w->inside) ? (left & w->inside) : left;
    int x = lowest(pick);
    if (n_chosen < w->size) {
        int last = n_chosen == w->size - 1, spare = w->max_fins - n_fins;
        for (int k = 0; k < w->n_options[x]; k++) {
            int h = w->options[x][k];
            if (!(taken >> h & 1) && (!last || at_most(left & ~w->hm[h], spare)))
                cover_search(w, chosen | 1u << h, n_chosen + 1, taken | 1u << h, covered | w->hm[h],
                             fins, n_fins, common);
        }
    }
    if (n_fins < w->max_fins) {
        u128 peers = common & PEER[x];
        if (peers & w->digit_mask)
            cover_search(w, chosen, n_chosen, taken, covered, fins | ((u128)1) << x, n_fins + 1, peers);
    }
}

/* Is a fish simpler than an entry's: fewer fins, fewer boxes, then the
 * lower base houses, then the lower cover houses? */
static int simpler(int fins_n, int boxes, unsigned base, unsigned cover, const Entry *e) {
    if (fins_n != e->fins_n) return fins_n < e->fins_n;
    if (boxes != e->boxes) return boxes < e->boxes;
    if (base != e->base) return tuple_order(&base, &e->base) < 0;
    return cover != e->cover && tuple_order(&cover, &e->cover) < 0;
}

static int keep_simplest(Walk *w, int size, unsigned base, unsigned cover, u128 fins, u128 elims) {
    int fins_n = bits(fins);
    if (fins_n < w->min_fins) return 1;
    if (2 * (w->table.n + 1) > w->table.cap && !table_grow(&w->table)) return 0;
    int boxes = __builtin_popcount(base >> 18) + __builtin_popcount(cover >> 18);
    Entry *e = table_slot(&w->table, elims, size);
    if (!e->size) {
        w->table.n++;
        *e = (Entry){elims, fins, base, cover, size, fins_n, boxes, 1};
        return 1;
    }
    e->merged++;
    if (simpler(fins_n, boxes, base, cover, e)) {
        e->fins = fins;
        e->base = base;
        e->cover = cover;
        e->fins_n = fins_n;
        e->boxes = boxes;
    }
    return 1;
}

static void covers(Walk *w, unsigned base_bits, u128 base_mask, u128 inside, int size, int max_fins) {
    w->keys.n = 0;
    w->size = size;
    w->max_fins = max_fins;
    w->base_mask = base_mask;
    w->inside = inside;
    cover_search(w, 0, 0, base_bits, 0, 0, 0, ALL_CELLS);
    if (w->failed) return;
    if (w->keys.n > 1) qsort(w->keys.items, w->keys.n, sizeof(unsigned), tuple_order);
    int base_kinds = kinds(base_bits);
    for (int k = 0; k < w->keys.n; k++) {
        unsigned cover = w->keys.items[k];
        /* a fish of another kind: kept by neither walk, so skip it first */
        if (!(w->admitted >> (base_kinds * 8 + kinds(cover)) & 1)) continue;
        u128 cover_mask = 0, twice = 0;
        for (unsigned c = cover; c; c &= c - 1) {
            int h = __builtin_ctz(c);
            twice |= cover_mask & w->hm[h];
            cover_mask |= w->hm[h];
        }
        u128 fins = base_mask & ~cover_mask, see = ALL_CELLS;
        for (u128 f = fins; f; f &= f - 1) see &= PEER[lowest(f)];
        u128 elims = ((cover_mask & ~base_mask) | (twice & base_mask)) & see & ~fins;
        if (!elims) continue;
        if (w->simplest) {
            if (!keep_simplest(w, size, base_bits, cover, fins, elims)) { w->failed = 1; return; }
            continue;
        }
        PyObject *item = Py_BuildValue("(iNNNN)", size, house_tuple(base_bits), house_tuple(cover),
                                       make_mask(fins), make_mask(elims));
        if (!item || PyList_Append(w->found, item) < 0) {
            Py_XDECREF(item);
            w->failed = 1;
            return;
        }
        Py_DECREF(item);
    }
}

static void grow(Walk *w, int start, int n_chosen, unsigned base_bits, u128 union_, u128 inside,
                 u128 reached, int need) {
    int size = n_chosen + 1;
    for (int j = start; j < w->n_usable && !w->failed; j++) {
        int h = w->usable[j];
        if (w->hm[h] & union_) continue;
        unsigned bits_now = base_bits | 1u << h;
        int narrowed = w->cover_bits >> h & 1;
        int grown_need = need;
        u128 grown_reached = reached, left = w->hm[h] & ~reached;
        while (left && grown_need <= w->limit) {
            int x = lowest(left);
            u128 r;
            if (narrowed) {
                r = ((u128)1) << x;
                for (int k = 0; k < w->n_options[x]; k++)
                    if (w->options[x][k] != h) r |= w->hm[w->options[x][k]];
            } else {
                r = w->reach[x];
            }
            left &= ~r;
            grown_reached |= r;
            grown_need++;
        }
        if (grown_need > w->limit) continue;
        int fins = w->fins_at[size];
        u128 grown_inside = narrowed ? inside | w->hm[h] : inside;
        if (fins >= 0 && grown_need <= size + fins)
            covers(w, bits_now, union_ | w->hm[h], grown_inside, size, fins);
        if (size < w->top)
            grow(w, j + 1, size, bits_now, union_ | w->hm[h], grown_inside, grown_reached, grown_need);
    }
}

/* The simplest mode's table as its list. */
static PyObject *table_list(Table *t) {
    PyObject *out = PyList_New(0);
    for (int i = 0; out && i < t->cap; i++) {
        Entry *e = &t->items[i];
        if (!e->size) continue;
        PyObject *item = Py_BuildValue("(iNNNNl)", e->size, house_tuple(e->base), house_tuple(e->cover),
                                       make_mask(e->fins), make_mask(e->elims), e->merged);
        if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
        Py_XDECREF(item);
    }
    return out;
}

static PyObject *run_walk(PyObject *hm_seq, PyObject *digit_obj, PyObject *fins_seq, PyObject *base_seq,
                          unsigned long cover_bits, unsigned long long admitted, int simplest, int min_fins) {
    Walk *w = PyMem_Calloc(1, sizeof(Walk));
    if (!w) return PyErr_NoMemory();
    w->simplest = simplest;
    w->min_fins = min_fins;
    PyObject *result = NULL;
    PyObject *hm_fast = PySequence_Fast(hm_seq, "hm: a sequence of 27 masks");
    PyObject *fins_fast = PySequence_Fast(fins_seq, "fins_at: a sequence of ints");
    PyObject *base_fast = PySequence_Fast(base_seq, "base_houses: a sequence of ints");
    if (!hm_fast || !fins_fast || !base_fast) goto done;
    if (PySequence_Fast_GET_SIZE(hm_fast) != 27 || cover_bits >> 27) {
        PyErr_SetString(PyExc_ValueError, "27 house masks and cover bits under 1 << 27");
        goto done;
    }
    Py_ssize_t n_fins = PySequence_Fast_GET_SIZE(fins_fast), n_base = PySequence_Fast_GET_SIZE(base_fast);
    if (n_fins < 1 || n_fins > MAX_SIZE + 1 || n_base > 27) {
        PyErr_SetString(PyExc_ValueError, "fins_at: sizes up to 7; base_houses: up to 27");
        goto done;
    }
    for (int h = 0; h < 27; h++)
        if (!read_mask(PySequence_Fast_GET_ITEM(hm_fast, h), &w->hm[h])) goto done;
    if (!read_mask(digit_obj, &w->digit_mask)) goto done;
    w->cover_bits = (unsigned)cover_bits;
    w->admitted = admitted;
    w->top = (int)n_fins - 1;
    w->limit = -1;
    for (int size = 0; size < n_fins; size++) {
        long f = PyLong_AsLong(PySequence_Fast_GET_ITEM(fins_fast, size));
        if (f == -1 && PyErr_Occurred()) goto done;
        if (f < -1 || f > 81) { PyErr_SetString(PyExc_ValueError, "fins_at: -1 to 81"); goto done; }
        w->fins_at[size] = (int)f;
        if (f >= 0 && size + f > w->limit) w->limit = size + (int)f;
    }
    for (int size = (int)n_fins; size <= MAX_SIZE; size++) w->fins_at[size] = -1;
    for (Py_ssize_t k = 0; k < n_base; k++) {
        long h = PyLong_AsLong(PySequence_Fast_GET_ITEM(base_fast, k));
        if (h == -1 && PyErr_Occurred()) goto done;
        if (h < 0 || h > 26) { PyErr_SetString(PyExc_ValueError, "houses are 0 to 26"); goto done; }
        w->usable[w->n_usable++] = (int)h;
    }
    for (int x = 0; x < 81; x++) {
        for (int k = 0; k < 3; k++)
            if (cover_bits >> HOUSES_OF[x][k] & 1) w->options[x][w->n_options[x]++] = HOUSES_OF[x][k];
        if (w->digit_mask >> x & 1) {
            w->reach[x] = ((u128)1) << x;
            for (int k = 0; k < w->n_options[x]; k++) w->reach[x] |= w->hm[w->options[x][k]];
        }
    }
    if (!(w->found = PyList_New(0))) goto done;
    if (simplest && !table_grow(&w->table)) goto done;
    grow(w, 0, 0, 0, 0, 0, 0, 0);
    if (w->failed) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        Py_CLEAR(w->found);
    }
    if (w->found && simplest) {
        Py_DECREF(w->found);
        w->found = table_list(&w->table);
    }
    result = w->found;
done:
    Py_XDECREF(hm_fast);
    Py_XDECREF(fins_fast);
    Py_XDECREF(base_fast);
    PyMem_Free(w->keys.items);
    PyMem_Free(w->table.items);
    PyMem_Free(w);
    return result;
}

static PyObject *k_walk(PyObject *self, PyObject *args) {
    PyObject *hm_seq, *digit_obj, *fins_seq, *base_seq;
    unsigned long cover_bits;
    unsigned long long admitted;
    if (!PyArg_ParseTuple(args, "OOOOkK", &hm_seq, &digit_obj, &fins_seq, &base_seq, &cover_bits, &admitted))
        return NULL;
    return run_walk(hm_seq, digit_obj, fins_seq, base_seq, cover_bits, admitted, 0, 0);
}

static PyObject *k_simplest(PyObject *self, PyObject *args) {
    PyObject *hm_seq, *digit_obj, *fins_seq, *base_seq;
    unsigned long cover_bits;
    unsigned long long admitted;
    int min_fins;
    if (!PyArg_ParseTuple(args, "OOOOkKi", &hm_seq, &digit_obj, &fins_seq, &base_seq, &cover_bits, &admitted,
                          &min_fins))
        return NULL;
    return run_walk(hm_seq, digit_obj, fins_seq, base_seq, cover_bits, admitted, 1, min_fins);
}

static PyMethodDef METHODS[] = {
    {"walk", k_walk, METH_VARARGS,
     "walk(hm, digit_mask, fins_at, base_houses, cover_bits, admitted) -> [(size, base, cover, fins, eliminations)]"},
    {"simplest", k_simplest, METH_VARARGS,
     "simplest(hm, digit_mask, fins_at, base_houses, cover_bits, admitted, min_fins) -> "
     "[(size, base, cover, fins, eliminations, merged)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_walk", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__walk(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* general.py uses a build whose ABI it knows: bump both on any change of
     * what walk takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 3) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
