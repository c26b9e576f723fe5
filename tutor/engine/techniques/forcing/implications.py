"""Each candidate's consequences when it is set on or off: built once per
position and shared by forcing chains, forcing nets, trial and the judge.

A candidate is k = 9 * cell + digit - 1; a literal is a candidate with a
truth value, lit = 2 * k + 1 for "on" (the digit is placed there) and
2 * k for "off" (the candidate is removed).  Sets of candidates are
729-bit ints.

Two ways of following a premise:

* Chain (`Consequences.chain`): single implications only, each along one
  link.  On -> off along a weak link (the cell's other candidates, the
  digit's other candidates in the cell's houses); off -> on along a strong
  link (the other candidate of a bivalue cell, the other place of a digit
  that has two places in a house).  The closure is found breadth-first, so
  the level a literal first appears at is the length of the shortest chain
  to it, and `chain_path` walks one back.
* Net (`Consequences.net`): full singles propagation from the premise,
  naked and hidden singles, where one fact may need several others (a
  cell's last candidate needs all the others gone).  Placements are made in
  the order they are found (first found, first made), so each fact has an
  index: how many placements it took (forcing_steps.net_proof gives the
  placements a fact rests on).  A net follows what its premise sets off:
  a single the position already held before the premise is not made (it
  holds whatever the premise, and the ladder takes it first).

Both stop at nothing but exhaustion (a net stops at its first
contradiction: a cell with no candidate, a digit with no place in a house,
or a cell forced to a digit already removed from it).  Nothing is bounded
here; the rooms decide what to search (forcing.py).
"""
from __future__ import annotations

from ...compiled import PURE_PYTHON, optional_module
from ...grid import HOUSE_MASK, HOUSES_OF, MASK_DIGITS, PEER_MASK, PEERS, cell_name
from ...position import Position
from ..common import once_per_position

# The same chains and nets in C (_propagate.c), where the machine built it:
# about ten times faster (docs/benchmarks.md).  The Python below is the
# reference and the fallback (tests/engine/test_propagate_c.py compares the
# two); SUDOKU_TUTOR_PURE_PYTHON=1 forces it.
_ABI = 1        # what _propagate.c takes and gives (its ABI constant)
_propagate = optional_module(f"{__package__}._propagate", _ABI)
COMPILED = _propagate is not None and not PURE_PYTHON

NAKED = 27          # net rule of a placement: a naked single (0..26: hidden single in that house)
PREMISE = -1        # net rule of the premise itself

_WEAK: list[int] = []
# per cell: (house, 81-bit mask of its cells) for its three houses
_CELL_HOUSES = [tuple((h, HOUSE_MASK[h]) for h in HOUSES_OF[i]) for i in range(81)]


def weak_table() -> list[int]:
    """WEAK[k]: every candidate a weak link joins to k (same cell, other
    digit; same digit, a peer cell), present or not.  Built on first use."""
    if not _WEAK:
        table = []
        for k in range(729):
            i, e = divmod(k, 9)
            m = 0
            for f in range(9):
                if f != e:
                    m |= 1 << (9 * i + f)
            for j in PEERS[i]:
                m |= 1 << (9 * j + e)
            table.append(m)
        _WEAK[:] = table
    return _WEAK


def lit_text(lit: int) -> str:
    """'r4c5=7' for an on literal, 'r4c5<>7' for an off one."""
    return _LIT_TEXT[lit]


_LIT_TEXT = tuple(f"{cell_name(k // 9)}{'=' if on else '<>'}{k % 9 + 1}"
                  for k in range(729) for on in (0, 1))


def bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


class Chain:
    """What a premise implies along single links: `on`, `off` (candidate
    masks) and `levels` [(on, off) new at each step]."""
    __slots__ = ("on", "off", "levels")

    def __init__(self, on: int, off: int, levels: list):
        self.on, self.off, self.levels = on, off, levels

    def depth(self, lit: int) -> int:
        """Links from the premise to a literal it reaches."""
        return self.depths(1 << (lit >> 1), lit & 1)[lit >> 1]

    def depths(self, mask: int, side: int) -> dict[int, int]:
        """{candidate: links from the premise} for the candidates of mask the
        chain makes on (side 1) or off (side 0); one walk over the levels."""
        out: dict[int, int] = {}
        for t, level in enumerate(self.levels):
            hit = level[1 - side] & mask
            if hit:
                mask ^= hit
                for x in bits(hit):
                    out[x] = t
                if not mask:
                    break
        return out

    def add_sizes(self, mask: int, side: int, sizes: dict) -> None:
        """sizes[x] += links to x, for every candidate x of mask the chain
        makes on (side 1) or off (side 0)."""
        for t, level in enumerate(self.levels):
            hit = level[1 - side] & mask
            if hit:
                mask ^= hit
                while hit:
                    low = hit & -hit
                    sizes[low.bit_length() - 1] += t
                    hit ^= low
                if not mask:
                    return

    def shortest_clash(self) -> tuple[int, int]:
        """(links, candidate): a candidate made both on and off with the
        fewest links in its two chains (the lowest on a tie), or (0, -1).
        Looked for by sums of depths, smallest first: a candidate new on at
        level a and new off at level b takes a + b links."""
        clash = self.on & self.off
        if not clash:
            return 0, -1
        ons = [level[0] & clash for level in self.levels]
        offs = [level[1] & clash for level in self.levels]
        last = len(ons) - 1
        for total in range(2 * last + 1):
            hit = 0
            for a in range(max(0, total - last), min(total, last) + 1):
                if ons[a]:
                    hit |= ons[a] & offs[total - a]
            if hit:
                return total, (hit & -hit).bit_length() - 1
        return 0, -1        # not reached: every clash has its two levels

    @property
    def clash(self) -> int:
        """Candidates the premise makes both on and off."""
        return self.on & self.off


class Net:
    """What a premise implies under singles: `on`, `off` (candidate masks),
    `queue` [(cell, digit, rule)] in the order found, `done` how many of them
    were placed, `after` the off mask after each placement, and
    `contradiction`: None, ('cell', i), ('house', h, d) or ('clash', i, d)."""
    __slots__ = ("premise", "on", "off", "queue", "done", "after", "contradiction")

    def __init__(self, premise, on, off, queue, done, after, contradiction):
        self.premise, self.on, self.off = premise, on, off
        self.queue, self.done, self.after, self.contradiction = queue, done, after, contradiction

    def add_sizes(self, mask: int, side: int, sizes: dict) -> None:
        """sizes[x] += placements made until x held (plus one), for every
        candidate x of mask the net makes on (side 1) or off (side 0)."""
        if side:
            for t in range(self.done):
                i, d, _ = self.queue[t]
                if mask >> (9 * i + d - 1) & 1:
                    sizes[9 * i + d - 1] += t + 1
            return
        if not self.premise & 1 and mask >> (self.premise >> 1) & 1:
            sizes[self.premise >> 1] += 1
            mask &= ~(1 << (self.premise >> 1))
        for t, off in enumerate(self.after):
            hit = off & mask
            if hit:
                mask ^= hit
                while hit:
                    low = hit & -hit
                    sizes[low.bit_length() - 1] += t + 1
                    hit ^= low
                if not mask:
                    return


class Consequences:
    """The consequences of every candidate of one position, found lazily and
    kept: `chain(lit)` and `net(lit)`."""

    def __init__(self, pos: Position):
        self.values = list(pos.values)
        self.cands = list(pos.cands)
        present = 0
        digit_cells = [0] * 10
        for i in range(81):
            if not self.values[i]:
                for d in MASK_DIGITS[self.cands[i]]:
                    present |= 1 << (9 * i + d - 1)
                    digit_cells[d] |= 1 << i
        self.present = present
        self.digit_cells = digit_cells
        done = [0] * 27
        for i, v in enumerate(self.values):
            if v:
                for h in HOUSES_OF[i]:
                    done[h] |= 1 << (v - 1)
        self.house_done = done
        self.strong = self._strong_links()
        self.has_strong = 0
        for k in self.strong:
            self.has_strong |= 1 << k
        self._chains: dict[int, Chain] = {}
        self._nets: dict[int, Net] = {}
        self._state = self._c_state() if COMPILED else None
        # the solution's candidates (a 729-bit mask) when there is exactly
        # one solution, else None: see may_break
        sol = pos.solution()
        self.true = None if sol is None else sum(1 << (9 * i + sol[i] - 1) for i in range(81)
                                                 if not self.values[i])

    def may_break(self, lit: int) -> bool:
        """Whether assuming lit can lead to a contradiction.  A literal the
        solution agrees with (its digit on where the solution has it, off
        where it has another) cannot: everything that follows from it holds
        in the solution too.  So the forcing rooms follow a premise for a
        contradiction only where this is True; what they find is the same.
        Unknown (True) when the position has no unique solution."""
        if self.true is None:
            return True
        return bool(self.true >> (lit >> 1) & 1) != bool(lit & 1)

    def _c_state(self):
        """The position as _propagate.c reads it (an opaque capsule)."""
        values, cands = self.values, self.cands
        return _propagate.prepare(bytes(values), b"".join(
            (0 if values[i] else cands[i]).to_bytes(2, "little") for i in range(81)))

    def _strong_links(self) -> dict[int, int]:
        strong: dict[int, int] = {}

        def link(a: int, b: int) -> None:
            strong[a] = strong.get(a, 0) | 1 << b
            strong[b] = strong.get(b, 0) | 1 << a

        for i in range(81):
            ds = MASK_DIGITS[self.cands[i]]
            if len(ds) == 2 and not self.values[i]:
                link(9 * i + ds[0] - 1, 9 * i + ds[1] - 1)
        for d in range(1, 10):
            cells = self.digit_cells[d]
            for h in range(27):
                m = cells & HOUSE_MASK[h]
                if m and m.bit_count() == 2:
                    low = m & -m
                    link(9 * (low.bit_length() - 1) + d - 1, 9 * ((m ^ low).bit_length() - 1) + d - 1)
        return strong

    # ------------------------------------------------------------ chains
    def chain(self, lit: int) -> Chain:
        got = self._chains.get(lit)
        if got is None:
            got = self._chains[lit] = (Chain(*_propagate.chain(self._state, lit)) if self._state
                                       else self._chain(lit))
        return got

    def _chain(self, lit: int) -> Chain:
        weak = weak_table()
        strong, has_strong, present = self.strong, self.has_strong, self.present
        b = 1 << (lit >> 1)
        on, off = (b, 0) if lit & 1 else (0, b)
        f_on, f_off = on, off
        levels = []
        while f_on or f_off:
            levels.append((f_on, f_off))
            n_off = 0
            m = f_on
            while m:
                low = m & -m
                n_off |= weak[low.bit_length() - 1]
                m ^= low
            n_off &= present & ~off
            n_on = 0
            m = f_off & has_strong
            while m:
                low = m & -m
                n_on |= strong[low.bit_length() - 1]
                m ^= low
            n_on &= ~on
            on |= n_on
            off |= n_off
            f_on, f_off = n_on, n_off
        return Chain(on, off, levels)

    def chain_path(self, lit: int, target: int) -> list[int]:
        """A shortest chain of literals from the premise lit to target (both
        included): each step follows one weak (on -> off) or strong (off ->
        on) link; the lowest candidate is taken where several fit."""
        ch = self.chain(lit)
        t = ch.depth(target)
        path = [target]
        weak = weak_table()
        while t > 0:
            t -= 1
            cur = path[-1]
            k = cur >> 1
            if cur & 1:     # reached on: from an off with a strong link to it
                pool = ch.levels[t][1] & self.has_strong
                prev = next(2 * j for j in bits(pool) if self.strong[j] >> k & 1)
            else:           # reached off: from an on weakly linked to it
                prev = next(2 * j + 1 for j in bits(ch.levels[t][0]) if weak[j] >> k & 1)
            path.append(prev)
        return path[::-1]

    # ------------------------------------------------------------ nets
    def net(self, lit: int) -> Net:
        got = self._nets.get(lit)
        if got is None:
            got = self._nets[lit] = (Net(lit, *_propagate.net(self._state, lit)) if self._state
                                     else self._net(lit))
        return got

    def _net(self, lit: int) -> Net:
        cands = self.cands[:]
        dm = self.digit_cells[:]
        done = self.house_done[:]
        k0 = lit >> 1
        i0, e0 = divmod(k0, 9)
        queue: list[tuple[int, int, int]] = []
        queued = set()
        after: list[int] = []
        on = off = 0
        result: tuple | None = None
        lost: list[tuple[int, int, bool]] = []     # (cell, digit, cell still open)
        if lit & 1:
            queue.append((i0, e0 + 1, PREMISE))
            queued.add(k0)
        else:
            off = 1 << k0
            cands[i0] &= ~(1 << e0)
            dm[e0 + 1] &= ~(1 << i0)
            lost.append((i0, e0 + 1, True))
        t = 0
        houses_of = _CELL_HOUSES
        while True:
            # what the last removals force: a naked or hidden single, or a
            # contradiction (written out: this loop is the hot spot)
            for j, d, open_cell in lost:
                if open_cell:
                    cj = cands[j]
                    if not cj:
                        result = ("cell", j)
                        break
                    if not cj & (cj - 1):
                        k = 9 * j + cj.bit_length() - 1
                        if k not in queued:
                            queued.add(k)
                            queue.append((j, cj.bit_length(), NAKED))
                b = 1 << (d - 1)
                cells = dm[d]
                for h, house in houses_of[j]:
                    if not done[h] & b:
                        hm = cells & house
                        if not hm:
                            result = ("house", h, d)
                            break
                        if not hm & (hm - 1):
                            c = hm.bit_length() - 1
                            k = 9 * c + d - 1
                            if k not in queued:
                                queued.add(k)
                                queue.append((c, d, h))
                if result:
                    break
            if result is not None or t == len(queue):
                break
            lost = []
            i, d, _ = queue[t]
            b = 1 << (d - 1)
            m = cands[i]
            if not m & b:
                result = ("clash", i, d)
                break
            t += 1
            on |= 1 << (9 * i + d - 1)
            cands[i] = 0
            for h, _ in houses_of[i]:
                done[h] |= b
            nb = ~(1 << i)
            dm[d] &= nb
            others = m & ~b
            off |= others << (9 * i)
            for e in MASK_DIGITS[others]:
                dm[e] &= nb
                lost.append((i, e, False))
            peers = dm[d] & PEER_MASK[i]
            dm[d] &= ~peers
            not_d = ~b
            d1 = d - 1
            while peers:
                low = peers & -peers
                peers ^= low
                j = low.bit_length() - 1
                off |= 1 << (9 * j + d1)
                cands[j] &= not_d
                lost.append((j, d, True))
            after.append(off)
        return Net(lit, on, off, queue, t, after, result)


@once_per_position
def consequences(pos: Position) -> Consequences:
    """The position's Consequences (kept for the last position seen)."""
    return Consequences(pos)
