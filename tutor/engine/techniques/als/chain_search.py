"""The search behind ALS-XY-Wing and ALS chains (als_chain.py has the
rooms, their steps and the logic they rest on): chains of almost locked
sets found breadth-first over the restricted commons of als_index.py, and
the chain shown for each effect read back through the levels.

Search.  A state (k, x) says "ALS k lacks x (so it is locked)".  From it
the chain goes on to any ALS linked to k by a restricted common y != x,
reaching (k', y).  A chain starts in (A1, z) and ends in (An, x) with z in
An and x != z.  Every start is searched at once, breadth-first: each state
carries the bitset of the starts (A1, z) that reach it first at this length,
so every (A1, An, z) is met at its shortest length.

Which chain is shown for an effect (smaller end ALSs first, no overlap
within the first TRIES end pairs, then no ALS twice, then any) is said in
als_chain.py; ChainSearch.chain does it.
"""
from __future__ import annotations

from itertools import compress

from ...compiled import PURE_PYTHON, optional_module
from ...position import Position
from .index import AlsIndex, als_index
from ..common import once_per_position

TRIES = 8               # end pairs tried for a chain without overlap, then without repeats
LONGEST = 5             # links of the longest chain the rooms list (als/chain.py's MAX_CHAIN - 1)
APART, DISTINCT, ANY = range(3)

# The same search in C (_chains.c), where the machine built it: about five
# times faster (docs/benchmarks.md).  The Python below is the reference and
# the fallback, also for a position with more ALSs than the C takes
# (tests/engine/test_als_chains_c.py compares the two);
# SUDOKU_TUTOR_PURE_PYTHON=1 forces it.
_ABI = 1        # what _chains.c takes and gives (its ABI constant)
_chains = optional_module(f"{__package__}._chains", _ABI)
COMPILED = _chains is not None and not PURE_PYTHON


class ChainSearch:
    """The breadth-first search of the module docstring, grown one length at
    a time as the rooms ask (`upto`).  levels[L] maps ALS k to {x: starts}:
    the starts reaching the state (k, x) first after L links, as a bitset
    with bit (z - 1) * n + A for the start (A, z).  best[z] maps each effect
    (z, cells mask) by its cells to [L, {last ALS: bitset of the first
    ALSs}] for its shortest length L."""

    def __init__(self, idx: AlsIndex):
        self.idx = idx
        n = idx.n
        # out[k]: (y, state keys j * 10 + y of the ALSs j linked to k by y);
        # link_digits[k]: those y as a 9-bit mask
        out = []
        link_digits = [0] * n
        for k in range(n):
            row = []
            for y, partners in idx.rcc(k).items():
                keys = []
                while partners:
                    low = partners & -partners
                    partners ^= low
                    keys.append((low.bit_length() - 1) * 10 + y)
                row.append((y, keys))
                link_digits[k] |= 1 << (y - 1)
            out.append(row)
        self.out = out
        # ends[m]: (z, m * 10 + z, shared) for each z that m can clear and
        # that a chain can reach it with (by a link other than z);
        # shared = [the starts (A, z) sharing a target of z with m, m's own
        # included (a bitset of starts), [(target bit, ALSs whose every z
        # sees it)], those starts' ALSs split by the targets they share with
        # m (made by _partition when first met), shift of z's starts].  ALSs
        # of one house often have the same targets of z: they share one.
        idx.holding_sees(1, 0)
        hold = idx.holding_table
        assert hold is not None         # built by the call above
        ends: list[list] = [[] for _ in range(n)]
        start: dict[int, dict[int, int]] = {}
        seen = [0] * (10 * n)
        # done[m * 10 + z]: the starts met by m's end for z already (m's own
        # start from the outset: m's targets shared with itself are no effect)
        done = [0] * (10 * n)
        split: dict[int, list] = {}
        for key, t in idx.target_table.items():
            if not t:
                continue
            m, z = divmod(key, 10)
            if not link_digits[m] & ~(1 << (z - 1)):
                continue        # no chain enters or leaves m but by z
            shift = (z - 1) * n
            got = split.get(t * 10 + z)
            if got is None:
                base = z * 81 - 82
                tlist = []
                every = 0
                rest = t
                while rest:
                    low = rest & -rest
                    rest ^= low
                    h = hold[base + low.bit_length()]
                    tlist.append((low, h))
                    every |= h
                got = split[t * 10 + z] = [every << shift, tlist, None, shift]
            bit = 1 << (shift + m)
            if got[0] != bit:
                ends[m].append((z, key, got))
                start.setdefault(m, {})[z] = bit
                seen[key] = done[key] = bit
        self.ends = ends
        self.levels = [start]
        self.totals = {m: _total(ins) for m, ins in start.items()}
        self.present = [_mask_of(start)]    # per level: bitset of the ALSs in it
        self.seen = seen
        self.done = done
        self.best: list[dict[int, list]] = [{} for _ in range(10)]

    def upto(self, length: int) -> None:
        while len(self.levels) <= length and self.levels[-1]:
            self._grow()

    def _grow(self) -> None:
        out = self.out
        totals = self.totals
        nxt = [0] * len(self.seen)
        for k, ins in self.levels[-1].items():
            total = totals[k]
            if len(ins) == 1:
                # one way into k (the usual case): every other link passes
                # all its starts on
                x, = ins
                for y, keys in out[k]:
                    if y != x:
                        for key in keys:
                            nxt[key] |= total
                continue
            for y, keys in out[k]:
                send = total
                if y in ins:
                    send = 0
                    for x, bits in ins.items():
                        if x != y:
                            send |= bits
                    if not send:
                        continue
                for key in keys:
                    nxt[key] |= send
        level: dict[int, dict[int, int]] = {}
        totals = {}
        seen = self.seen
        for key in compress(range(len(nxt)), nxt):     # the keys reached, in order
            bits = nxt[key] & ~seen[key]
            if bits:
                seen[key] |= bits
                k, x = divmod(key, 10)
                got = level.get(k)
                if got is None:
                    level[k] = {x: bits}
                    totals[k] = bits
                else:
                    got[x] = bits
                    totals[k] |= bits
        self.levels.append(level)
        self.totals = totals
        self.present.append(_mask_of(level))
        self._meet(len(self.levels) - 1, level)

    def _meet(self, length: int, level: dict) -> None:
        """Record the chains of this length that end in a state of level."""
        done = self.done
        best = self.best
        all_ends = self.ends
        totals = self.totals
        n = self.idx.n
        met = []
        for m, ins in level.items():
            ends = all_ends[m]
            if not ends:
                continue
            total = totals[m]
            for z, ck, shared in ends:
                every = shared[0]
                hits = total & every
                if not hits:
                    continue
                if z in ins:
                    # a chain entering m by z does not end there
                    hits = 0
                    for x, bits in ins.items():
                        if x != z:
                            hits |= bits
                    hits &= every
                hits &= ~done[ck]
                if not hits:
                    continue
                met.append((ck, hits))
                groups = shared[2]
                if groups is None:
                    groups = shared[2] = _partition(shared)
                firsts_met = hits >> (z - 1) * n
                best_z = best[z]
                for cells, firsts in groups:
                    firsts &= firsts_met
                    if firsts:
                        got = best_z.get(cells)
                        if got is None:
                            best_z[cells] = [length, {m: firsts}]
                        elif got[0] == length:
                            # (m meets each effect once a level: the groups'
                            # cells differ)
                            got[1][m] = firsts
        for ck, hits in met:
            done[ck] |= hits

    # ------------------------------------------------------------ chains back
    def chains(self, lengths) -> list:
        """[(z, cells, length, ALSs, links, count)]: each effect whose
        shortest chain has a number of links in lengths, with the chain
        shown for it (`chain`)."""
        self.upto(max(lengths))
        out = []
        for z, cells, length, ends in self.effects(lengths):
            alses, links, count = self.chain(z, length, ends)
            out.append((z, cells, length, alses, links, count))
        return out

    def effects(self, lengths) -> list:
        """[(z, cells, length, ends)] for the effects whose shortest chain has
        a number of links in lengths."""
        return [(z, cells, length, ends) for z in range(1, 10)
                for cells, (length, ends) in self.best[z].items() if length in lengths]

    def chain(self, z: int, length: int, ends: dict):
        """(ALSs, links, pairs of end ALSs) of the chain shown for an effect:
        the first chain built back from the candidate ends, simplest ends
        first, whose ALSs share no cell except as neighbours; else the first
        with no ALS twice (each of these two looks at TRIES end pairs at
        most); else the first."""
        count = sum(firsts.bit_count() for firsts in ends.values())
        candidates = self._ends_of(z, length, ends)
        cells = self.idx.cells
        for mode in (APART, DISTINCT):
            for a, end_key in candidates:
                # two end ALSs sharing a cell are never apart (a chain has
                # three ALSs at least): no need to search
                if mode == APART and cells[a] & cells[end_key // 10]:
                    continue
                got = self._rebuild(a, z, end_key, length, mode)
                if got:
                    return got[0], got[1], count
        a, end_key = candidates[0]
        got = self._rebuild(a, z, end_key, length, ANY)
        return got[0], got[1], count

    def _ends_of(self, z: int, length: int, ends: dict) -> list:
        """(first ALS, last state) of the first TRIES chains of an effect,
        fewest cells in the two end ALSs first (then the lower ALS numbers)."""
        idx = self.idx
        size = idx.sizes
        base = (z - 1) * idx.n
        last = self.levels[length]
        pairs = []
        for m, firsts in ends.items():
            sm = size[m]
            while firsts:
                low = firsts & -firsts
                firsts ^= low
                a = low.bit_length() - 1
                pairs.append((size[a] + sm, a, m))
        pairs.sort()
        out = []
        for _, a, m in pairs:
            o = 1 << (base + a)
            for x, bits in last[m].items():
                if x != z and bits & o:
                    out.append((a, m * 10 + x))
            if len(out) >= TRIES:
                return out[:TRIES]
        return out

    def _rebuild(self, a: int, z: int, end_key: int, length: int, mode: int):
        """The ALSs and links of a chain from (a, z) to end_key, built
        backwards through the levels, smaller ALSs first; None if there is
        none in that mode (APART: no ALS shares a cell with one that is not
        its neighbour; DISTINCT: no ALS twice; ANY: always one, since each
        state holds only starts that reached it from the level before).  In
        the first two modes a state that led nowhere is not tried again
        from another path, which keeps the work small and may miss a chain:
        then the next mode shows one.

        Every state visited holds the start's bit o.  The states holding o
        one link from the start are known without looking at the levels
        (two_back), and from there the path's last step is (a, z) itself,
        so the last two steps down are bitset tests."""
        idx = self.idx
        cells = idx.cells
        levels = self.levels
        present = self.present
        rcc = idx.rcc
        o = 1 << ((z - 1) * idx.n + a)
        abit = 1 << a
        cells_a = cells[a]
        path = [end_key]
        apart, any_ = mode == APART, mode == ANY
        dead = set()        # state * 8 + level of its parent: states that led nowhere

        def back(key: int, lev: int, used: int, far: int) -> bool:
            # used: bitset of the ALSs on the path (bit j for ALS j); lev >= 2
            k, x = divmod(key, 10)
            maybe = rcc(k)[x]
            if not any_:
                maybe &= ~used
            down = far | cells[k] if apart else 0
            if lev == 2:
                return two_back(x, maybe, used, far, down)
            below = levels[lev - 1]
            maybe &= present[lev - 1]
            while maybe:
                low = maybe & -maybe
                maybe ^= low
                j = low.bit_length() - 1
                if apart and cells[j] & far:
                    continue
                for y, bits in below[j].items():
                    if y != x and bits & o:
                        nk = j * 10 + y
                        if nk * 8 + lev in dead:
                            continue
                        path.append(nk)
                        if back(nk, lev - 1, used | low, down):  # noqa: F821 (deleted below)
                            return True
                        path.pop()
                        if not any_:
                            dead.add(nk * 8 + lev)
            return False

        # The states holding o one link from the start are (j, y) for the
        # ALSs j linked to a by a digit y other than z; from them the path
        # leads to the start unless a is on it or too close to it.
        a_links = [(y, partners) for y, partners in rcc(a).items() if y != z]

        def two_back(x: int, maybe: int, used: int, far: int, down: int) -> bool:
            via = [(y, partners) for y, partners in a_links if y != x and partners & maybe]
            reach = 0
            for _, partners in via:
                reach |= partners
            reach &= maybe
            while reach:
                low = reach & -reach
                reach ^= low
                j = low.bit_length() - 1
                if apart and cells[j] & far:
                    continue
                ok = any_ or not ((used | low) & abit or cells_a & down)
                for y, partners in via:
                    if partners & low:
                        nk = j * 10 + y
                        if nk * 8 + 2 in dead:
                            continue
                        if ok:
                            path.extend((nk, a * 10 + z))
                            return True
                        dead.add(nk * 8 + 2)
            return False

        m = end_key // 10
        found = back(end_key, length, 1 << m, 0)
        del back        # it refers to itself: drop it now rather than leave the cycle to the GC
        if not found:
            return None
        states = path[::-1]
        return [s // 10 for s in states], [s % 10 for s in states[1:]]


def _partition(shared: list) -> list:
    """[(cells, first ALSs)]: the starts of an end split by the targets
    they share with it (as ALS bitsets)."""
    every, tlist, _, shift = shared
    groups = [(0, every >> shift)]
    for tb, holding in tlist:
        split = []
        for cells, firsts in groups:
            inside = firsts & holding
            if inside:
                split.append((cells | tb, inside))
                if inside != firsts:
                    split.append((cells, firsts & ~holding))
            else:
                split.append((cells, firsts))
        groups = split
    return groups


def _total(ins: dict) -> int:
    total = 0
    for bits in ins.values():
        total |= bits
    return total


def _mask_of(level: dict) -> int:
    got = 0
    for k in level:
        got |= 1 << k
    return got


class CompiledChainSearch:
    """ChainSearch's `chains` by _chains.c: the whole search at once, up to
    the longest length asked for so far, and at least LONGEST (the ALS
    rungs ask for wings, then chains: one search serves both)."""

    def __init__(self, idx: AlsIndex):
        self.idx = idx
        self._longest = 0
        self._found: list = []

    def chains(self, lengths) -> list:
        longest = max(lengths)
        if longest > self._longest:
            idx = self.idx
            idx.holding_sees(1, 0)
            longest = max(longest, LONGEST)
            self._found = _chains.chains(idx.n, idx.cells, [idx.rcc(k) for k in range(idx.n)],
                                         idx.target_table, idx.holding_table, longest)
            self._longest = longest
        return [found for found in self._found if found[2] in lengths]


@once_per_position
def chain_search(pos: Position) -> ChainSearch | CompiledChainSearch:
    """The position's chain search, shared by ALS-XY-Wing and ALS chains."""
    idx = als_index(pos)
    if COMPILED and idx.n <= _chains.MAX_ALSES:
        return CompiledChainSearch(idx)
    return ChainSearch(idx)
