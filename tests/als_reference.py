"""Plain, slow definitions of the ALS techniques for the tests: sets and
loops over every ALS, sharing nothing with the engine's search."""
from __future__ import annotations

from collections import deque
from itertools import combinations

from tutor.engine.grid import HOUSES, MASK_DIGITS, sees


def cands(pos, i) -> set[int]:
    return set(MASK_DIGITS[pos.cands[i]]) if not pos.values[i] else set()


def alses(pos) -> list[tuple[frozenset, frozenset]]:
    """Every ALS once: (cells, digits)."""
    found = {}
    for house in HOUSES:
        empty = [i for i in house if not pos.values[i]]
        for n in range(1, len(empty)):
            for group in combinations(empty, n):
                digits = set().union(*(cands(pos, i) for i in group))
                if len(digits) == n + 1:
                    found[frozenset(group)] = frozenset(digits)
    return sorted(found.items(), key=lambda kv: (len(kv[0]), sorted(kv[0])))


def holding(pos, cells, d) -> list[int]:
    return [i for i in cells if d in cands(pos, i)]


def seeing_all(pos, cells, d) -> frozenset:
    """Cells holding d that see every cell of `cells` holding d."""
    dc = holding(pos, cells, d)
    return frozenset(t for t in range(81) if d in cands(pos, t) and t not in dc
                     and all(sees(t, i) for i in dc))


def rccs(pos, a, b) -> set[int]:
    (ca, da), (cb, db) = a, b
    if ca & cb:
        return set()
    return {x for x in da & db
            if all(sees(p, q) for p in holding(pos, ca, x) for q in holding(pos, cb, x))}


def xz_effects(pos) -> dict[frozenset, int]:
    """{eliminations: how many pairs give them} for every ALS-XZ."""
    out: dict[frozenset, int] = {}
    als = alses(pos)
    for a, b in combinations(als, 2):
        r = rccs(pos, a, b)
        if not 1 <= len(r) <= 2:
            continue
        elims = set()
        if len(r) == 1:
            for z in (a[1] & b[1]) - r:
                elims |= {(t, z) for t in seeing_all(pos, a[0] | b[0], z)}
        else:
            for x in r:
                elims |= {(t, x) for t in seeing_all(pos, a[0] | b[0], x)}
            for cells, digits in (a, b):
                for d in digits - r:
                    elims |= {(t, d) for t in seeing_all(pos, cells, d)}
        if elims:
            key = frozenset(elims)
            out[key] = out.get(key, 0) + 1
    return out


def chain_effects(pos, max_alses=6) -> dict[tuple, int]:
    """{(z, frozenset of cells): the fewest ALSs of a chain giving it}, by a
    breadth-first search over (ALS, digit it lacks) from each start."""
    als = alses(pos)
    links = {k: [] for k in range(len(als))}
    for i, j in combinations(range(len(als)), 2):
        for x in rccs(pos, als[i], als[j]):
            links[i].append((j, x))
            links[j].append((i, x))
    best: dict[tuple, int] = {}
    for a, (ca, da) in enumerate(als):
        for z in da:
            ta = seeing_all(pos, ca, z)
            if not ta:
                continue
            dist = {(a, z): 1}
            todo = deque([(a, z)])
            while todo:
                k, x = todo.popleft()
                n = dist[(k, x)]
                if k != a and x != z and z in als[k][1]:
                    t = ta & seeing_all(pos, als[k][0], z)
                    if t:
                        key = (z, t)
                        best[key] = min(best.get(key, 99), n)
                if n == max_alses:
                    continue
                for j, y in links[k]:
                    if y != x and (j, y) not in dist:
                        dist[(j, y)] = n + 1
                        todo.append((j, y))
    return best


def sdc_effects(pos) -> dict[frozenset, int]:
    """{eliminations: how many (C, L, B) give them} for every Sue de Coq:
    C two or three unsolved cells of a line-box crossing with at least two
    more digits than cells, L cells of the line outside the box and B cells
    of the box outside the line, each holding more digits than cells and
    sharing a digit with C, sharing no digit with each other, all together
    as many digits as cells."""
    rows = [set(HOUSES[h]) for h in range(27)]
    out: dict[frozenset, int] = {}
    for box in range(18, 27):
        for line in range(18):
            cross = [i for i in rows[line] & rows[box] if not pos.values[i]]
            if len(cross) < 2:
                continue
            line_rest = [i for i in rows[line] - rows[box] if not pos.values[i]]
            box_rest = [i for i in rows[box] - rows[line] if not pos.values[i]]
            sets = []
            for rest in (line_rest, box_rest):
                found = []
                for n in range(1, len(rest) + 1):
                    for g in combinations(sorted(rest), n):
                        d = set().union(*(cands(pos, i) for i in g))
                        if len(d) > n:
                            found.append((set(g), d))
                sets.append(found)
            for size in (2, 3):
                for c in combinations(sorted(cross), size):
                    v = set().union(*(cands(pos, i) for i in c))
                    if len(v) < size + 2:
                        continue
                    for lc, ld in sets[0]:
                        for bc, bd in sets[1]:
                            if not ld & v or not bd & v or ld & bd:
                                continue
                            if len(v | ld | bd) != size + len(lc) + len(bc):
                                continue
                            both = v - ld - bd
                            elims = set()
                            for i in rows[line] - set(c) - lc:
                                elims |= {(i, d) for d in cands(pos, i) & (ld | both)}
                            for i in rows[box] - set(c) - bc:
                                elims |= {(i, d) for d in cands(pos, i) & (bd | both)}
                            if elims:
                                key = frozenset(elims)
                                out[key] = out.get(key, 0) + 1
    return out
