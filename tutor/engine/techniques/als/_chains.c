/* The ALS chain search of chain_search.py in C: the same effects, each with
 * the same chain shown, about five times faster (docs/benchmarks.md).
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * chain_search.py falls back to its own Python otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set, or for a position with more ALSs than
 * MAX_ALSES).  tests/engine/test_als_chains_c.py checks that both give the
 * same chains.  chain_search.py's docstrings have the search and the choice
 * of the chain shown; the comments here only say how C holds things.
 *
 *   chains(n, cells, rcc, targets, holding, max_length) -> list
 *       n ALSs; cells[k] its cells (81-bit); rcc[k] {y: bitset of the ALSs
 *       linked to k by the restricted common y}; targets {k * 10 + z: cells
 *       outside k holding z that see every z of k}; holding[(z - 1) * 81 +
 *       cell]: bitset of the ALSs holding z whose every z sees the cell.
 *       Every effect whose shortest chain has 2 to max_length links (3 to
 *       max_length + 1 ALSs), as (z, cells, length, alses, links, count):
 *       ChainSearch.effects and ChainSearch.chain in one, in no particular
 *       order.
 *
 * A start (A, z) is bit A of block z - 1 of a start set: nine blocks of WN
 * words each (Python packs the blocks without gaps; only the bit tests
 * differ).  A state (k, x) is key k * 10 + x.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long word;
typedef unsigned __int128 u128;

#define MAX_ALSES 640           /* larger positions take the Python search */
#define MAX_LENGTH 7             /* a read-back marks (state, level) as state * 8 + level */
#define TRIES 8                 /* end pairs tried for a chain apart, then distinct */
enum { APART, DISTINCT, ANY };

static int lowest_cell(u128 m) {
    unsigned long long lo = (unsigned long long)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(m >> 64));
}

/* ------------------------------------------------------------ reading ints */

static int read_words(PyObject *o, word *out, int words) {
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "bitsets are ints");
        return 0;
    }
    unsigned char bytes[8 * (MAX_ALSES / 64 + 2)];
    size_t n = (size_t)8 * words;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(o, bytes, (Py_ssize_t)n, Py_ASNATIVEBYTES_LITTLE_ENDIAN
                                           | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) return 0;
    if ((size_t)need > n) {
        PyErr_SetString(PyExc_ValueError, "a bitset wider than its table");
        return 0;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)o, bytes, n, 1, 0) < 0) return 0;
#endif
    for (int w = 0; w < words; w++) {
        word v = 0;
        for (int j = 0; j < 8; j++) v |= (word)bytes[8 * w + j] << (8 * j);
        out[w] = v;
    }
    return 1;
}

static int read_cells(PyObject *o, u128 *out) {
    word w[2];
    if (!read_words(o, w, 2)) return 0;
    if (w[1] >> 17) {
        PyErr_SetString(PyExc_ValueError, "cells are 81-bit masks");
        return 0;
    }
    *out = (u128)w[1] << 64 | w[0];
    return 1;
}

static PyObject *cells_int(u128 m) {
    unsigned char bytes[16];
    for (int j = 0; j < 16; j++) bytes[j] = (unsigned char)(m >> (8 * j));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
}

/* ------------------------------------------------------------ the search */

typedef struct {
    u128 t;                     /* the end's targets */
    int z;
    word *every;                /* WN words: the ALSs sharing a target with it (itself too) */
    int n_groups;               /* -1 until partitioned */
    u128 *group_cells;
    word *group_firsts;         /* n_groups x WN */
} Split;

typedef struct {
    int z, key, split;
} End;

typedef struct {
    int z, length, n_ends, cap;
    u128 cells;
    int *end_m;
    word *end_firsts;           /* n_ends x WN */
} Effect;

typedef struct {
    int n_keys;
    int *keys;                  /* ascending */
    int *slot;                  /* [10 n]: position in keys, or -1 */
    word *bits;                 /* n_keys x WS */
    word *present;              /* WN: the ALSs with a state here */
} Level;

typedef struct {
    int n, wn, ws, max_length;
    u128 *cells;
    int *size;
    word *rcc;                  /* [10 n] x WN: rcc[k * 10 + y] */
    unsigned *rcc_digits;       /* [n] 9-bit */
    word *hold;                 /* [810] x WN */
    End *ends;                  /* ends of each ALS: ends[end_at[m] .. end_at[m + 1]) */
    int *end_at;
    Split *splits;
    int n_splits;
    word *seen, *done, *next;   /* [10 n] x WS each */
    unsigned short *next_blocks;    /* [10 n]: the blocks of next set (0: the key was not reached) */
    Level levels[MAX_LENGTH + 1];
    int n_levels;
    Effect *effects;            /* open addressing on (z, cells), never more than half full */
    int effects_cap, n_effects;
    /* read-back */
    int path[MAX_LENGTH + 2], path_n;
    word *dead;                 /* bit key * 8 + level */
    word *scratch;              /* (MAX_LENGTH + 2) x 2 x WN: per depth, used and maybe */
    int failed;
} Search;

#define ALS_SET(s, p, k) ((p) + (size_t)(k) * (s)->wn)
#define START_SET(s, p, k) ((p) + (size_t)(k) * (s)->ws)

static int has(const word *b, int i) { return b[i >> 6] >> (i & 63) & 1; }
static void put(word *b, int i) { b[i >> 6] |= 1ull << (i & 63); }

static int none(const word *a, int w) {
    for (int i = 0; i < w; i++)
        if (a[i]) return 0;
    return 1;
}

static void *take(Search *s, size_t bytes) {
    void *p = PyMem_Calloc(1, bytes ? bytes : 1);
    if (!p) s->failed = 1;
    return p;
}

/* The hash of a set of cells and a digit: the effects' and the splits' tables. */
static unsigned long long cells_hash(u128 cells, int z) {
    unsigned long long h = ((unsigned long long)cells * 0x9E3779B97F4A7C15ull)
                           ^ ((unsigned long long)(cells >> 64) * 0xC2B2AE3D27D4EB4Full) ^ (unsigned)z;
    return h ^ (h >> 29);
}

static Effect *effect_slot(Search *s, int z, u128 cells) {
    unsigned long long h = cells_hash(cells, z);
    int mask = s->effects_cap - 1;
    for (int i = (int)(h & (unsigned)mask);; i = (i + 1) & mask)
        if (!s->effects[i].z || (s->effects[i].z == z && s->effects[i].cells == cells)) return &s->effects[i];
}

static int effects_grow(Search *s) {
    int old_cap = s->effects_cap, cap = old_cap ? 2 * old_cap : 256;
    Effect *old = s->effects, *items = PyMem_Calloc(cap, sizeof(Effect));
    if (!items) return 0;
    s->effects = items;
    s->effects_cap = cap;
    for (int i = 0; i < old_cap; i++)
        if (old[i].z) *effect_slot(s, old[i].z, old[i].cells) = old[i];
    PyMem_Free(old);
    return 1;
}

static int effect_add_end(Search *s, Effect *e, int m, const word *firsts) {
    if (e->n_ends == e->cap) {
        int cap = e->cap ? 2 * e->cap : 4;
        int *ms = PyMem_Realloc(e->end_m, cap * sizeof(int));
        if (!ms) return 0;
        e->end_m = ms;
        word *fs = PyMem_Realloc(e->end_firsts, (size_t)cap * s->wn * sizeof(word));
        if (!fs) return 0;
        e->end_firsts = fs;
        e->cap = cap;
    }
    e->end_m[e->n_ends] = m;
    memcpy(ALS_SET(s, e->end_firsts, e->n_ends), firsts, s->wn * sizeof(word));
    e->n_ends++;
    return 1;
}

/* chain_search.py's _partition: the end's starts split by the targets they
 * share with it */
static int partition(Search *s, Split *sp) {
    int wn = s->wn, cap = 4, n = 1;
    u128 *cells = PyMem_Calloc(cap, sizeof(u128));
    word *firsts = PyMem_Calloc((size_t)cap * wn, sizeof(word));
    word *inside = PyMem_Calloc(wn, sizeof(word)), *outside = PyMem_Calloc(wn, sizeof(word));
    if (!cells || !firsts || !inside || !outside) goto fail;
    memcpy(firsts, sp->every, wn * sizeof(word));
    for (u128 t = sp->t; t; t &= t - 1) {
        int cell = lowest_cell(t);
        u128 tb = (u128)1 << cell;
        const word *holding = ALS_SET(s, s->hold, (sp->z - 1) * 81 + cell);
        int before = n;
        for (int g = 0; g < before; g++) {
            word *f = ALS_SET(s, firsts, g);
            int any_in = 0, any_out = 0;
            for (int w = 0; w < wn; w++) {
                inside[w] = f[w] & holding[w];
                outside[w] = f[w] & ~holding[w];
                any_in |= inside[w] != 0;
                any_out |= outside[w] != 0;
            }
            if (!any_in) continue;
            if (!any_out) {
                cells[g] |= tb;
                continue;
            }
            /* the part inside takes the place (as Python lists it first);
             * the rest goes to the end, then moved back in order below */
            if (n == cap) {
                cap *= 2;
                u128 *c2 = PyMem_Realloc(cells, cap * sizeof(u128));
                if (!c2) goto fail;
                cells = c2;
                word *f2 = PyMem_Realloc(firsts, (size_t)cap * wn * sizeof(word));
                if (!f2) goto fail;
                firsts = f2;
                f = ALS_SET(s, firsts, g);
            }
            memcpy(ALS_SET(s, firsts, n), outside, wn * sizeof(word));
            cells[n] = cells[g];
            n++;
            memcpy(f, inside, wn * sizeof(word));
            cells[g] |= tb;
        }
    }
    PyMem_Free(inside);
    PyMem_Free(outside);
    sp->n_groups = n;
    sp->group_cells = cells;
    sp->group_firsts = firsts;
    return 1;
fail:
    PyMem_Free(cells);
    PyMem_Free(firsts);
    PyMem_Free(inside);
    PyMem_Free(outside);
    return 0;
}

static Level *level_new(Search *s, int n_keys) {
    Level *lv = &s->levels[s->n_levels++];
    lv->n_keys = 0;
    lv->keys = take(s, (size_t)n_keys * sizeof(int));
    lv->slot = take(s, (size_t)10 * s->n * sizeof(int));
    lv->bits = take(s, (size_t)n_keys * s->ws * sizeof(word));
    lv->present = take(s, (size_t)s->wn * sizeof(word));
    if (s->failed) return NULL;
    for (int k = 0; k < 10 * s->n; k++) lv->slot[k] = -1;
    return lv;
}

static word *level_add(Search *s, Level *lv, int key) {
    lv->slot[key] = lv->n_keys;
    lv->keys[lv->n_keys] = key;
    put(lv->present, key / 10);
    return START_SET(s, lv->bits, lv->n_keys++);
}

static const word *state_bits(const Search *s, const Level *lv, int key) {
    int i = lv->slot[key];
    return i < 0 ? NULL : START_SET(s, lv->bits, i);
}

/* _meet: record the chains of this length that end in a state of lv */
static void meet(Search *s, int length, const Level *lv) {
    int wn = s->wn, ws = s->ws;
    word *total = take(s, ws * sizeof(word)), *hits = take(s, wn * sizeof(word));
    word *f = take(s, wn * sizeof(word));
    /* the done bits to set once every end of the level is met */
    int met_cap = 64, met_n = 0;
    int *met_key = take(s, met_cap * sizeof(int)), *met_block = take(s, met_cap * sizeof(int));
    word *met_hits = take(s, (size_t)met_cap * wn * sizeof(word));
    if (s->failed) goto out;
    for (int i = 0; i < lv->n_keys && !s->failed;) {
        int m = lv->keys[i] / 10, first = i;
        while (i < lv->n_keys && lv->keys[i] / 10 == m) i++;
        if (s->end_at[m] == s->end_at[m + 1]) continue;
        memset(total, 0, ws * sizeof(word));
        for (int j = first; j < i; j++) {
            const word *b = START_SET(s, lv->bits, j);
            for (int w = 0; w < ws; w++) total[w] |= b[w];
        }
        for (int e = s->end_at[m]; e < s->end_at[m + 1] && !s->failed; e++) {
            End *end = &s->ends[e];
            Split *sp = &s->splits[end->split];
            int z = end->z, block = (z - 1) * wn;
            int any = 0;
            for (int w = 0; w < wn; w++) any |= (hits[w] = total[block + w] & sp->every[w]) != 0;
            if (!any) continue;
            if (state_bits(s, lv, m * 10 + z)) {
                /* a chain entering m by z does not end there */
                memset(hits, 0, wn * sizeof(word));
                for (int j = first; j < i; j++) {
                    if (lv->keys[j] % 10 == z) continue;
                    const word *b = START_SET(s, lv->bits, j) + block;
                    for (int w = 0; w < wn; w++) hits[w] |= b[w];
                }
                for (int w = 0; w < wn; w++) hits[w] &= sp->every[w];
            }
            const word *done = START_SET(s, s->done, end->key) + block;
            any = 0;
            for (int w = 0; w < wn; w++) any |= (hits[w] &= ~done[w]) != 0;
            if (!any) continue;
            if (met_n == met_cap) {
                met_cap *= 2;
                int *k2 = PyMem_Realloc(met_key, met_cap * sizeof(int));
                if (k2) met_key = k2;
                int *b2 = PyMem_Realloc(met_block, met_cap * sizeof(int));
                if (b2) met_block = b2;
                word *h2 = PyMem_Realloc(met_hits, (size_t)met_cap * wn * sizeof(word));
                if (h2) met_hits = h2;
                if (!k2 || !b2 || !h2) { s->failed = 1; break; }
            }
            met_key[met_n] = end->key;
            met_block[met_n] = block;
            memcpy(ALS_SET(s, met_hits, met_n), hits, wn * sizeof(word));
            met_n++;
            if (sp->n_groups < 0 && !partition(s, sp)) { s->failed = 1; break; }
            for (int g = 0; g < sp->n_groups; g++) {
                const word *gf = ALS_SET(s, sp->group_firsts, g);
                any = 0;
                for (int w = 0; w < wn; w++) any |= (f[w] = gf[w] & hits[w]) != 0;
                if (!any) continue;
                if (2 * (s->n_effects + 1) > s->effects_cap && !effects_grow(s)) { s->failed = 1; break; }
                Effect *eff = effect_slot(s, z, sp->group_cells[g]);
                if (!eff->z) {
                    eff->z = z;
                    eff->cells = sp->group_cells[g];
                    eff->length = length;
                    s->n_effects++;
                } else if (eff->length != length) {
                    continue;
                }
                if (!effect_add_end(s, eff, m, f)) { s->failed = 1; break; }
            }
        }
    }
    for (int j = 0; j < met_n && !s->failed; j++) {
        word *done = START_SET(s, s->done, met_key[j]) + met_block[j];
        const word *h = ALS_SET(s, met_hits, j);
        for (int w = 0; w < wn; w++) done[w] |= h[w];
    }
out:
    PyMem_Free(total);
    PyMem_Free(hits);
    PyMem_Free(f);
    PyMem_Free(met_key);
    PyMem_Free(met_block);
    PyMem_Free(met_hits);
}

/* The blocks (digits z) of a start set that hold a bit, as a 9-bit mask:
 * a set is mostly empty blocks, which the loops below skip. */
static unsigned blocks_of(const word *set, int wn) {
    unsigned mask = 0;
    for (int b = 0; b < 9; b++)
        if (!none(set + b * wn, wn)) mask |= 1u << b;
    return mask;
}

/* _grow: the next level from the last */
static int grow(Search *s) {
    int n = s->n, wn = s->wn, ws = s->ws;
    const Level *lv = &s->levels[s->n_levels - 1];
    word *total = take(s, ws * sizeof(word)), *send = take(s, ws * sizeof(word));
    if (s->failed) goto fail;
    int reached = 0;
    for (int i = 0; i < lv->n_keys;) {
        int k = lv->keys[i] / 10, first = i;
        unsigned ins = 0;
        while (i < lv->n_keys && lv->keys[i] / 10 == k) ins |= 1u << (lv->keys[i++] % 10 - 1);
        memset(total, 0, ws * sizeof(word));
        for (int j = first; j < i; j++) {
            const word *b = START_SET(s, lv->bits, j);
            for (int w = 0; w < ws; w++) total[w] |= b[w];
        }
        unsigned total_blocks = blocks_of(total, wn);
        for (unsigned ys = s->rcc_digits[k]; ys; ys &= ys - 1) {
            int y = __builtin_ctz(ys) + 1;
            const word *out = total;
            unsigned out_blocks = total_blocks;
            if (ins >> (y - 1) & 1) {
                memset(send, 0, ws * sizeof(word));
                for (int j = first; j < i; j++) {
                    if (lv->keys[j] % 10 == y) continue;
                    const word *b = START_SET(s, lv->bits, j);
                    for (int w = 0; w < ws; w++) send[w] |= b[w];
                }
                out_blocks = blocks_of(send, wn);
                if (!out_blocks) continue;
                out = send;
            }
            const word *partners = ALS_SET(s, s->rcc, k * 10 + y);
            for (int w = 0; w < wn; w++)
                for (word p = partners[w]; p; p &= p - 1) {
                    int key = (64 * w + __builtin_ctzll(p)) * 10 + y;
                    word *nx = START_SET(s, s->next, key);
                    for (unsigned bs = out_blocks; bs; bs &= bs - 1) {
                        int at = __builtin_ctz(bs) * wn;
                        for (int v = at; v < at + wn; v++) nx[v] |= out[v];
                    }
                    if (!s->next_blocks[key]) reached++;
                    s->next_blocks[key] |= (unsigned short)out_blocks;
                }
        }
    }
    Level *nv = level_new(s, reached);
    if (!nv) goto fail;
    for (int key = 0; key < 10 * n; key++) {
        unsigned blocks = s->next_blocks[key];
        if (!blocks) continue;
        s->next_blocks[key] = 0;
        word *nx = START_SET(s, s->next, key), *seen = START_SET(s, s->seen, key);
        int any = 0;
        for (unsigned bs = blocks; bs; bs &= bs - 1) {
            int at = __builtin_ctz(bs) * wn;
            for (int w = at; w < at + wn; w++) any |= (nx[w] &= ~seen[w]) != 0;
        }
        if (any) {
            word *b = level_add(s, nv, key);      /* zeroed: only these blocks are set */
            for (unsigned bs = blocks; bs; bs &= bs - 1) {
                int at = __builtin_ctz(bs) * wn;
                for (int w = at; w < at + wn; w++) {
                    seen[w] |= nx[w];
                    b[w] = nx[w];
                }
            }
        }
        for (unsigned bs = blocks; bs; bs &= bs - 1) memset(nx + __builtin_ctz(bs) * wn, 0, wn * sizeof(word));
    }
    PyMem_Free(total);
    PyMem_Free(send);
    meet(s, s->n_levels - 1, nv);
    return !s->failed;
fail:
    PyMem_Free(total);
    PyMem_Free(send);
    return 0;
}

/* ------------------------------------------------------------ chains back */

typedef struct {
    int a, z, mode, length;
    int o_word;                 /* the start's bit: word and mask in a start set */
    word o_mask;
    u128 cells_a;
} Rebuild;

static int dead(const Search *s, int key, int lev) { return has(s->dead, key * 8 + lev); }
static void set_dead(Search *s, int key, int lev) { put(s->dead, key * 8 + lev); }

static int holds_start(const word *bits, const Rebuild *r) { return bits && (bits[r->o_word] & r->o_mask); }

static int two_back(Search *s, const Rebuild *r, int x, const word *maybe, const word *used, u128 far,
                    u128 down) {
    int wn = s->wn, apart = r->mode == APART, any_mode = r->mode == ANY;
    /* via: the links of a other than by z and x that reach an ALS of maybe */
    int via[9], n_via = 0;
    word reach[MAX_ALSES / 64 + 1] = {0};
    for (unsigned ys = s->rcc_digits[r->a]; ys; ys &= ys - 1) {
        int y = __builtin_ctz(ys) + 1;
        if (y == r->z || y == x) continue;
        const word *partners = ALS_SET(s, s->rcc, r->a * 10 + y);
        int meets = 0;
        for (int w = 0; w < wn; w++) meets |= (partners[w] & maybe[w]) != 0;
        if (!meets) continue;
        via[n_via++] = y;
        for (int w = 0; w < wn; w++) reach[w] |= partners[w];
    }
    for (int w = 0; w < wn; w++) reach[w] &= maybe[w];
    for (int w = 0; w < wn; w++)
        for (word bitsw = reach[w]; bitsw; bitsw &= bitsw - 1) {
            int j = 64 * w + __builtin_ctzll(bitsw);
            if (apart && (s->cells[j] & far)) continue;
            int ok = any_mode || !(j == r->a || has(used, r->a) || (r->cells_a & down));
            for (int v = 0; v < n_via; v++) {
                int y = via[v];
                if (!has(ALS_SET(s, s->rcc, r->a * 10 + y), j)) continue;
                int nk = j * 10 + y;
                if (dead(s, nk, 2)) continue;
                if (ok) {
                    s->path[s->path_n++] = nk;
                    s->path[s->path_n++] = r->a * 10 + r->z;
                    return 1;
                }
                set_dead(s, nk, 2);
            }
        }
    return 0;
}

static int back(Search *s, const Rebuild *r, int key, int lev, int depth, u128 far) {
    int wn = s->wn, apart = r->mode == APART, any_mode = r->mode == ANY;
    int k = key / 10, x = key % 10;
    const word *used = s->scratch + (size_t)depth * 2 * wn;
    word *maybe = s->scratch + ((size_t)depth * 2 + 1) * wn;
    const word *rcc = ALS_SET(s, s->rcc, key);
    for (int w = 0; w < wn; w++) maybe[w] = any_mode ? rcc[w] : rcc[w] & ~used[w];
    u128 down = apart ? far | s->cells[k] : 0;
    if (lev == 2) return two_back(s, r, x, maybe, used, far, down);
    const Level *below = &s->levels[lev - 1];
    for (int w = 0; w < wn; w++) maybe[w] &= below->present[w];
    word *used_next = s->scratch + (size_t)(depth + 1) * 2 * wn;
    for (int w = 0; w < wn; w++)
        for (word bitsw = maybe[w]; bitsw; bitsw &= bitsw - 1) {
            int j = 64 * w + __builtin_ctzll(bitsw);
            if (apart && (s->cells[j] & far)) continue;
            for (int y = 1; y <= 9; y++) {
                if (y == x) continue;
                int nk = j * 10 + y;
                if (!holds_start(state_bits(s, below, nk), r) || dead(s, nk, lev)) continue;
                s->path[s->path_n++] = nk;
                memcpy(used_next, used, wn * sizeof(word));
                put(used_next, j);
                if (back(s, r, nk, lev - 1, depth + 1, down)) return 1;
                s->path_n--;
                if (!any_mode) set_dead(s, nk, lev);
            }
        }
    return 0;
}

static int rebuild(Search *s, int a, int z, int end_key, int length, int mode) {
    Rebuild r = {a, z, mode, length, 0, 0, s->cells[a]};
    int bit = (z - 1) * 64 * s->wn + a;
    r.o_word = bit >> 6;
    r.o_mask = 1ull << (bit & 63);
    memset(s->dead, 0, (((size_t)10 * s->n * 8) / 64 + 1) * sizeof(word));
    memset(s->scratch, 0, (size_t)s->wn * sizeof(word));
    put(s->scratch, end_key / 10);
    s->path_n = 0;
    s->path[s->path_n++] = end_key;
    return back(s, &r, end_key, length, 0, 0);
}

typedef struct {
    int cells, a, m;
} Pair;

static int pair_order(const void *p, const void *q) {
    const Pair *x = p, *y = q;
    if (x->cells != y->cells) return x->cells - y->cells;
    if (x->a != y->a) return x->a - y->a;
    return x->m - y->m;
}

/* _ends_of and chain(): the effect's chain as (alses, links, count) */
static PyObject *chain_of(Search *s, const Effect *e) {
    int wn = s->wn, z = e->z, length = e->length;
    long count = 0;
    int n_pairs = 0;
    for (int i = 0; i < e->n_ends; i++)
        for (int w = 0; w < wn; w++) n_pairs += __builtin_popcountll(ALS_SET(s, e->end_firsts, i)[w]);
    count = n_pairs;
    Pair *pairs = PyMem_Calloc(n_pairs ? n_pairs : 1, sizeof(Pair));
    if (!pairs) return PyErr_NoMemory();
    int p = 0;
    for (int i = 0; i < e->n_ends; i++) {
        const word *f = ALS_SET(s, e->end_firsts, i);
        int m = e->end_m[i];
        for (int w = 0; w < wn; w++)
            for (word b = f[w]; b; b &= b - 1) {
                int a = 64 * w + __builtin_ctzll(b);
                pairs[p++] = (Pair){s->size[a] + s->size[m], a, m};
            }
    }
    qsort(pairs, n_pairs, sizeof(Pair), pair_order);
    int cand_a[TRIES], cand_key[TRIES], n_cand = 0;
    const Level *last = &s->levels[length];
    for (int i = 0; i < n_pairs && n_cand < TRIES; i++) {
        int a = pairs[i].a, m = pairs[i].m, bit = (z - 1) * 64 * wn + a;
        for (int x = 1; x <= 9 && n_cand < TRIES; x++) {
            const word *b = state_bits(s, last, m * 10 + x);
            if (x != z && b && (b[bit >> 6] >> (bit & 63) & 1)) {
                cand_a[n_cand] = a;
                cand_key[n_cand++] = m * 10 + x;
            }
        }
    }
    PyMem_Free(pairs);
    if (!n_cand) {
        PyErr_SetString(PyExc_RuntimeError, "an effect with no chain to read back");
        return NULL;
    }
    int found = 0;
    for (int mode = APART; mode <= DISTINCT && !found; mode++)
        for (int c = 0; c < n_cand && !found; c++) {
            /* two end ALSs sharing a cell are never apart */
            if (mode == APART && (s->cells[cand_a[c]] & s->cells[cand_key[c] / 10])) continue;
            found = rebuild(s, cand_a[c], z, cand_key[c], length, mode);
        }
    if (!found) found = rebuild(s, cand_a[0], z, cand_key[0], length, ANY);
    if (!found) {
        PyErr_SetString(PyExc_RuntimeError, "a chain that could not be read back");
        return NULL;
    }
    int states = s->path_n;
    PyObject *alses = PyTuple_New(states), *links = PyTuple_New(states - 1);
    if (!alses || !links) {
        Py_XDECREF(alses);
        Py_XDECREF(links);
        return NULL;
    }
    for (int i = 0; i < states; i++) {
        int key = s->path[states - 1 - i];
        PyTuple_SET_ITEM(alses, i, PyLong_FromLong(key / 10));
        if (i) PyTuple_SET_ITEM(links, i - 1, PyLong_FromLong(key % 10));
    }
    PyObject *cells = cells_int(e->cells);
    if (!cells) {
        Py_DECREF(alses);
        Py_DECREF(links);
        return NULL;
    }
    return Py_BuildValue("(iNiNNl)", z, cells, length, alses, links, count);
}

/* ------------------------------------------------------------ setting up */

/* Reads an ALS set; refuses one naming an ALS past the n there are. */
static int read_alses(const Search *s, PyObject *o, word *out) {
    if (!read_words(o, out, s->wn)) return 0;
    int w = s->n / 64;
    if (out[w] >> (s->n % 64)) {
        PyErr_SetString(PyExc_ValueError, "a set names an ALS that is not there");
        return 0;
    }
    return 1;
}

static int set_up(Search *s, PyObject *cells_seq, PyObject *rcc_seq, PyObject *targets, PyObject *holding_seq) {
    int n = s->n, wn = s->wn;
    if (PySequence_Fast_GET_SIZE(cells_seq) != n || PySequence_Fast_GET_SIZE(rcc_seq) != n
        || PySequence_Fast_GET_SIZE(holding_seq) != 810) {
        PyErr_SetString(PyExc_ValueError, "n cells, n rcc tables and 810 holding sets");
        return 0;
    }
    s->cells = take(s, (size_t)n * sizeof(u128));
    s->size = take(s, (size_t)n * sizeof(int));
    s->rcc = take(s, (size_t)10 * n * wn * sizeof(word));
    s->rcc_digits = take(s, (size_t)n * sizeof(unsigned));
    s->hold = take(s, (size_t)810 * wn * sizeof(word));
    s->end_at = take(s, (size_t)(n + 1) * sizeof(int));
    if (s->failed) return 0;
    for (int k = 0; k < n; k++) {
        if (!read_cells(PySequence_Fast_GET_ITEM(cells_seq, k), &s->cells[k])) return 0;
        s->size[k] = __builtin_popcountll((word)s->cells[k]) + __builtin_popcountll((word)(s->cells[k] >> 64));
        PyObject *table = PySequence_Fast_GET_ITEM(rcc_seq, k), *y_obj, *partners;
        if (!PyDict_Check(table)) {
            PyErr_SetString(PyExc_TypeError, "rcc[k] is a dict");
            return 0;
        }
        Py_ssize_t pos = 0;
        while (PyDict_Next(table, &pos, &y_obj, &partners)) {
            long y = PyLong_AsLong(y_obj);
            if (y < 1 || y > 9) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a restricted common is a digit");
                return 0;
            }
            if (!read_alses(s, partners, ALS_SET(s, s->rcc, k * 10 + y))) return 0;
            s->rcc_digits[k] |= 1u << (y - 1);
        }
    }
    for (int i = 0; i < 810; i++)
        if (!read_alses(s, PySequence_Fast_GET_ITEM(holding_seq, i), ALS_SET(s, s->hold, i))) return 0;
    /* the ends (chain_search.py's __init__), with their splits: one per
     * (targets, z), shared by the ALSs that have them */
    if (!PyDict_Check(targets)) {
        PyErr_SetString(PyExc_TypeError, "targets is a dict");
        return 0;
    }
    Py_ssize_t n_targets = PyDict_Size(targets);
    End *ends = take(s, (size_t)(n_targets ? n_targets : 1) * sizeof(End));
    s->splits = take(s, (size_t)(n_targets ? n_targets : 1) * sizeof(Split));
    int *end_owner = take(s, (size_t)(n_targets ? n_targets : 1) * sizeof(int));
    if (s->failed) {
        PyMem_Free(ends);
        PyMem_Free(end_owner);
        return 0;
    }
    int n_ends = 0;
    Py_ssize_t pos = 0;
    /* the splits by (targets, z): open addressing, at most half full; slot
     * value split number + 1, 0 for free */
    int split_cap = 16;
    while (split_cap < 2 * n_targets) split_cap *= 2;
    int *split_at = take(s, (size_t)split_cap * sizeof(int));
    if (s->failed) goto fail;
    PyObject *key_obj, *t_obj;
    Level *start = level_new(s, (int)(n_targets ? n_targets : 1));
    if (!start) goto fail;
    while (PyDict_Next(targets, &pos, &key_obj, &t_obj)) {
        long key = PyLong_AsLong(key_obj);
        u128 t;
        if (key < 1 || key >= 10L * n || key % 10 == 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a target key is k * 10 + z");
            goto fail;
        }
        if (!read_cells(t_obj, &t)) goto fail;
        int m = (int)(key / 10), z = (int)(key % 10);
        if (!t || !(s->rcc_digits[m] & ~(1u << (z - 1)))) continue;
        int slot = (int)(cells_hash(t, z) & (unsigned long long)(split_cap - 1));
        while (split_at[slot] && !(s->splits[split_at[slot] - 1].t == t && s->splits[split_at[slot] - 1].z == z))
            slot = (slot + 1) & (split_cap - 1);
        int sp_i = split_at[slot] - 1;
        if (sp_i < 0) {
            split_at[slot] = s->n_splits + 1;
            Split *sp = &s->splits[s->n_splits];
            sp->t = t;
            sp->z = z;
            sp->n_groups = -1;
            sp->every = take(s, (size_t)wn * sizeof(word));
            if (s->failed) goto fail;
            for (u128 c = t; c; c &= c - 1) {
                const word *h = ALS_SET(s, s->hold, (z - 1) * 81 + lowest_cell(c));
                for (int w = 0; w < wn; w++) sp->every[w] |= h[w];
            }
            sp_i = s->n_splits++;
        }
        /* an end no other ALS shares a target with is none */
        const word *every = s->splits[sp_i].every;
        int only_m = 1;
        for (int w = 0; w < wn && only_m; w++)
            only_m = every[w] == (w == m / 64 ? 1ull << (m % 64) : 0);
        if (only_m) continue;
        ends[n_ends] = (End){z, (int)key, sp_i};
        end_owner[n_ends++] = m;
        int bit = (z - 1) * 64 * wn + m;
        word *b = level_add(s, start, (int)key);
        put(b, bit);
        put(START_SET(s, s->seen, key), bit);
        put(START_SET(s, s->done, key), bit);
    }
    /* the start level's keys ascending, and the ends grouped by their ALS */
    {
        int *order = take(s, (size_t)(start->n_keys ? start->n_keys : 1) * sizeof(int));
        word *bits = take(s, (size_t)(start->n_keys ? start->n_keys : 1) * s->ws * sizeof(word));
        if (s->failed) {
            PyMem_Free(order);
            PyMem_Free(bits);
            goto fail;
        }
        int c = 0;
        for (int key = 0; key < 10 * n; key++)
            if (start->slot[key] >= 0) {
                memcpy(START_SET(s, bits, c), START_SET(s, start->bits, start->slot[key]), s->ws * sizeof(word));
                order[c] = key;
                start->slot[key] = c++;
            }
        PyMem_Free(start->keys);
        PyMem_Free(start->bits);
        start->keys = order;
        start->bits = bits;
    }
    s->ends = take(s, (size_t)(n_ends ? n_ends : 1) * sizeof(End));
    if (s->failed) goto fail;
    for (int i = 0; i < n_ends; i++) s->end_at[end_owner[i] + 1]++;
    for (int m = 0; m < n; m++) s->end_at[m + 1] += s->end_at[m];
    {
        int *fill = take(s, (size_t)(n + 1) * sizeof(int));
        if (s->failed) goto fail;
        memcpy(fill, s->end_at, (size_t)(n + 1) * sizeof(int));
        for (int i = 0; i < n_ends; i++) s->ends[fill[end_owner[i]]++] = ends[i];
        PyMem_Free(fill);
    }
    PyMem_Free(ends);
    PyMem_Free(end_owner);
    PyMem_Free(split_at);
    return 1;
fail:
    PyMem_Free(ends);
    PyMem_Free(end_owner);
    PyMem_Free(split_at);
    return 0;
}

static void tear_down(Search *s) {
    PyMem_Free(s->cells);
    PyMem_Free(s->size);
    PyMem_Free(s->rcc);
    PyMem_Free(s->rcc_digits);
    PyMem_Free(s->hold);
    PyMem_Free(s->ends);
    PyMem_Free(s->end_at);
    for (int i = 0; i < s->n_splits; i++) {
        PyMem_Free(s->splits[i].every);
        PyMem_Free(s->splits[i].group_cells);
        PyMem_Free(s->splits[i].group_firsts);
    }
    PyMem_Free(s->splits);
    PyMem_Free(s->next_blocks);
    for (int i = 0; i < s->n_levels; i++) {
        PyMem_Free(s->levels[i].keys);
        PyMem_Free(s->levels[i].slot);
        PyMem_Free(s->levels[i].bits);
        PyMem_Free(s->levels[i].present);
    }
    for (int i = 0; i < s->effects_cap; i++) {
        PyMem_Free(s->effects[i].end_m);
        PyMem_Free(s->effects[i].end_firsts);
    }
    PyMem_Free(s->effects);
    PyMem_Free(s->dead);
    PyMem_Free(s->scratch);
}

/* seen, done and next: three tables of a start set per state, kept from
 * one call to the next and cleared for each (allocated afresh, their
 * hundreds of kilobytes came back from the system as new pages every call,
 * and the page faults cost more than the search).  The GIL is held
 * throughout a call, so one set of tables serves every thread. */
static word *TABLES;
static size_t TABLES_WORDS;

static int start_sets(Search *s) {
    size_t one = (size_t)10 * s->n * s->ws + 1, words = 3 * one;
    if (words > TABLES_WORDS) {
        word *grown = PyMem_Realloc(TABLES, words * sizeof(word));
        if (!grown) return 0;
        TABLES = grown;
        TABLES_WORDS = words;
    }
    memset(TABLES, 0, words * sizeof(word));
    s->seen = TABLES;
    s->done = TABLES + one;
    s->next = TABLES + 2 * one;
    return 1;
}

static PyObject *k_chains(PyObject *self, PyObject *args) {
    int n, max_length;
    PyObject *cells_obj, *rcc_obj, *targets, *holding_obj;
    if (!PyArg_ParseTuple(args, "iOOOOi", &n, &cells_obj, &rcc_obj, &targets, &holding_obj, &max_length))
        return NULL;
    if (n < 0 || n > MAX_ALSES || max_length < 2 || max_length > MAX_LENGTH) {
        PyErr_Format(PyExc_ValueError, "0 to %d ALSs, chains of 2 to %d links", MAX_ALSES, MAX_LENGTH);
        return NULL;
    }
    PyObject *result = NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.wn = n / 64 + 1;
    s.ws = 9 * s.wn;
    s.max_length = max_length;
    PyObject *cells_seq = PySequence_Fast(cells_obj, "cells: a sequence");
    PyObject *rcc_seq = PySequence_Fast(rcc_obj, "rcc: a sequence");
    PyObject *holding_seq = PySequence_Fast(holding_obj, "holding: a sequence");
    if (!cells_seq || !rcc_seq || !holding_seq) goto done;
    if (!start_sets(&s)) {
        PyErr_NoMemory();
        goto done;
    }
    s.next_blocks = take(&s, ((size_t)10 * n + 1) * sizeof(unsigned short));
    s.dead = take(&s, ((size_t)10 * n * 8 / 64 + 1) * sizeof(word));
    s.scratch = take(&s, (size_t)(MAX_LENGTH + 2) * 2 * s.wn * sizeof(word));
    if (s.failed || !effects_grow(&s)) {
        PyErr_NoMemory();
        goto done;
    }
    if (!set_up(&s, cells_seq, rcc_seq, targets, holding_seq)) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    while (s.n_levels <= max_length && s.levels[s.n_levels - 1].n_keys)
        if (!grow(&s)) {
            if (!PyErr_Occurred()) PyErr_NoMemory();
            goto done;
        }
    PyObject *out = PyList_New(0);
    if (!out) goto done;
    for (int i = 0; i < s.effects_cap; i++) {
        const Effect *e = &s.effects[i];
        if (!e->z || e->length < 2 || e->length > max_length) continue;
        PyObject *item = chain_of(&s, e);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            goto done;
        }
        Py_DECREF(item);
    }
    result = out;
done:
    Py_XDECREF(cells_seq);
    Py_XDECREF(rcc_seq);
    Py_XDECREF(holding_seq);
    tear_down(&s);
    return result;
}

static PyMethodDef METHODS[] = {
    {"chains", k_chains, METH_VARARGS,
     "chains(n, cells, rcc, targets, holding, max_length) -> [(z, cells, length, alses, links, count)]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_chains", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__chains(void) {
    PyObject *module = PyModule_Create(&MODULE);
    /* chain_search.py uses a build whose ABI it knows: bump both on any
     * change of what chains() takes or gives */
    if (module && (PyModule_AddIntConstant(module, "ABI", 1) < 0
                   || PyModule_AddIntConstant(module, "MAX_ALSES", MAX_ALSES) < 0)) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
