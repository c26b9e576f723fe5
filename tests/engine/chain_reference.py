"""An exhaustive, slow search for alternating chains, written apart from the
engine's (tutor/engine/techniques/chains/search.py) to check it.

It lists every chain that uses no candidate twice, up to a number of links,
straight from the position's candidates: strong links are conjugate pairs
and bivalue cells, weak links two candidates of a cell or one digit in two
cells that see each other.  For each chain it works out the effect by the
textbook rules and keeps, per effect, the fewest links."""
from __future__ import annotations

from tutor.engine.grid import HOUSES, sees


def candidates(pos, bivalue_only=False):
    return [(c, d) for c in range(81) if not pos.values[c]
            for d in pos.candidates(c)
            if not bivalue_only or len(pos.candidates(c)) == 2]


def strong_linked(pos, a, b) -> bool:
    (ca, da), (cb, db) = a, b
    if ca == cb:
        return da != db and len(pos.candidates(ca)) == 2
    if da != db:
        return False
    for house in HOUSES:
        if ca in house and cb in house:
            if [c for c in house if pos.has(c, da)] == sorted((ca, cb)):
                return True
    return False


def weak_linked(a, b) -> bool:
    (ca, da), (cb, db) = a, b
    if ca == cb:
        return da != db
    return da == db and sees(ca, cb)


def rules_out(pos, a):
    """The candidates a true candidate a rules out."""
    return {x for x in candidates(pos) if x != a and weak_linked(a, x)}


def reference(pos, max_links: int, xy: bool = False):
    """({effect: fewest links} for chains and strong loops, set of every
    candidate some continuous loop removes).  effect: ('-', frozenset of
    (cell, digit)) or ('=', (cell, digit)).  xy: bivalue cells only, strong
    inside cells, weak between them, ends on one digit."""
    nodes = candidates(pos, bivalue_only=xy)
    strong = {a: [b for b in nodes if strong_linked(pos, a, b) and (not xy or a[0] == b[0])]
              for a in nodes}
    weak = {a: [b for b in nodes if weak_linked(a, b) and (not xy or a[0] != b[0])]
            for a in nodes}
    out = {}
    loop_removals = set()
    excl = {a: rules_out(pos, a) for a in nodes}

    def keep(key, links):
        if links < out.get(key, 99):
            out[key] = links

    def walk(path):
        links = len(path) - 1
        on = links % 2 == 1
        s, t = path[0], path[-1]
        if on and (not xy or s[1] == t[1]):
            if t in weak[s] and links >= 3:
                gone = set()
                for j in range(1, len(path), 2):
                    a, b = path[j], path[(j + 1) % len(path)]
                    gone |= excl[a] & excl[b]
                loop_removals.update(gone - set(path))
            elif t not in weak[s]:
                gone = excl[s] & excl[t]
                if gone:
                    keep(("-", frozenset(gone)), links)
        if links == max_links:
            return
        for nxt in (weak[t] if on else strong[t]):
            if nxt == s and not on and links >= 2 and not xy:
                keep(("=", s), links + 1)
            if nxt not in path:
                path.append(nxt)
                walk(path)
                path.pop()

    for s in nodes:
        if strong[s]:
            walk([s])
    return out, loop_removals
