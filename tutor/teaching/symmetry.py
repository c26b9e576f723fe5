"""Sudoku symmetries: ways to redraw a position without changing its logic.

Swapping two bands, two stacks, two rows of one band or two columns of one
stack, mirroring the grid in its main diagonal (transposing) and renaming
the digits all keep every house a house and every peer a peer.  So a
position and its image hold the same patterns: each step of one is a step
of the other, with its cells, digits and eliminations carried across.  The
practice generator uses this to make more positions for techniques that the
shipped puzzles reach only rarely (see `tutor.teaching.practice`).

A `Symmetry` is stored as a short code, e.g. `T r213456789 c123456789
d912345678`: `T` (transposed) or `-`, then for each new row (column) the old
row (column) it takes, then for each old digit 1..9 the digit it becomes.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..engine.position import Position

IDENTITY = tuple(range(9))
_CODE = re.compile(r"^([T-]) r([1-9]{9}) c([1-9]{9}) d([1-9]{9})$")


class SymmetryError(ValueError):
    """A symmetry code or permutation that is not a Sudoku symmetry."""


def _is_line_perm(perm: tuple[int, ...]) -> bool:
    """A permutation of 0..8 that moves whole bands (stacks) and keeps the
    three lines of a band (stack) together."""
    if sorted(perm) != list(IDENTITY):
        return False
    return all(len({perm[3 * b + k] // 3 for k in range(3)}) == 1 for b in range(3))


def _inverse_perm(perm: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * len(perm)
    for new, old in enumerate(perm):
        out[old] = new
    return tuple(out)


def _shuffle_lines(rng: random.Random) -> tuple[int, ...]:
    """A random band-preserving permutation of nine lines."""
    bands = [0, 1, 2]
    rng.shuffle(bands)
    out = []
    for b in bands:
        inner = [3 * b, 3 * b + 1, 3 * b + 2]
        rng.shuffle(inner)
        out.extend(inner)
    return tuple(out)


@dataclass(frozen=True)
class Symmetry:
    """New cell (R, C) takes old cell (rows[R], cols[C]), or (cols[C],
    rows[R]) when transposed; old digit d becomes digits[d - 1]."""
    transpose: bool = False
    rows: tuple[int, ...] = IDENTITY
    cols: tuple[int, ...] = IDENTITY
    digits: tuple[int, ...] = tuple(range(1, 10))

    def __post_init__(self):
        if not _is_line_perm(tuple(self.rows)):
            raise SymmetryError(f"rows {self.rows} do not keep bands together")
        if not _is_line_perm(tuple(self.cols)):
            raise SymmetryError(f"columns {self.cols} do not keep stacks together")
        if sorted(self.digits) != list(range(1, 10)):
            raise SymmetryError(f"digits {self.digits} are not a relabelling of 1-9")
        # old cell -> new cell, filled in once (the dataclass is frozen)
        source = []
        for r in range(9):
            for c in range(9):
                a, b = self.rows[r], self.cols[c]
                source.append(b * 9 + a if self.transpose else a * 9 + b)
        target = [0] * 81
        for new, old in enumerate(source):
            target[old] = new
        object.__setattr__(self, "_source", tuple(source))
        object.__setattr__(self, "_target", tuple(target))

    # ------------------------------------------------------------ making
    @classmethod
    def random(cls, rng: random.Random) -> "Symmetry":
        """A seeded random symmetry other than the identity."""
        while True:
            digits = list(range(1, 10))
            rng.shuffle(digits)
            sym = cls(rng.random() < 0.5, _shuffle_lines(rng), _shuffle_lines(rng), tuple(digits))
            if not sym.is_identity():
                return sym

    @classmethod
    def parse(cls, code: str) -> "Symmetry":
        m = _CODE.match(code.strip())
        if not m:
            raise SymmetryError(f"not a symmetry code: '{code}' (expected like "
                                f"'T r123456789 c123456789 d123456789')")
        t, r, c, d = m.groups()
        return cls(t == "T", tuple(int(ch) - 1 for ch in r), tuple(int(ch) - 1 for ch in c),
                   tuple(int(ch) for ch in d))

    @property
    def code(self) -> str:
        return (("T" if self.transpose else "-")
                + " r" + "".join(str(x + 1) for x in self.rows)
                + " c" + "".join(str(x + 1) for x in self.cols)
                + " d" + "".join(map(str, self.digits)))

    def is_identity(self) -> bool:
        return self == Symmetry()

    def inverse(self) -> "Symmetry":
        rinv, cinv = _inverse_perm(self.rows), _inverse_perm(self.cols)
        dinv = [0] * 9
        for old, new in enumerate(self.digits, 1):
            dinv[new - 1] = old
        if self.transpose:
            return Symmetry(True, cinv, rinv, tuple(dinv))
        return Symmetry(False, rinv, cinv, tuple(dinv))

    def describe(self) -> str:
        """In a few words, e.g. 'transposed, bands and columns reordered,
        digits relabelled' (the code has the details)."""
        moved = []
        for perm, outer, inner in ((self.rows, "bands", "rows"), (self.cols, "stacks", "columns")):
            if any(perm[3 * b + k] % 3 != k for b in range(3) for k in range(3)):
                moved.append(inner)              # lines moved inside their band (stack)
            elif perm != IDENTITY:
                moved.append(outer)              # whole bands (stacks) only
        parts = ["transposed"] if self.transpose else []
        if moved:
            parts.append(" and ".join(moved) + " reordered")
        if self.digits != tuple(range(1, 10)):
            parts.append("digits relabelled")
        return ", ".join(parts) or "unchanged"

    # ------------------------------------------------------------ mapping
    def cell(self, i: int) -> int:
        """Where old cell i goes."""
        return self._target[i]

    def digit(self, d: int) -> int:
        return self.digits[d - 1] if d else 0

    def mask(self, m: int) -> int:
        out = 0
        for d in range(1, 10):
            if m & (1 << (d - 1)):
                out |= 1 << (self.digits[d - 1] - 1)
        return out

    def house(self, h: int) -> int:
        """Where old house h (rows 0-8, columns 9-17, boxes 18-26) goes."""
        kind, k = divmod(h, 9)
        if kind == 2:                              # a box: follow its top-left cell
            cell = self.cell((k // 3) * 27 + (k % 3) * 3)
            return 18 + (cell // 27) * 3 + (cell % 9) // 3
        if self.transpose:
            kind = 1 - kind
        perm = self.rows if kind == 0 else self.cols
        return kind * 9 + perm.index(k)

    def values(self, values) -> list[int]:
        """An 81-digit grid (0 = empty) redrawn."""
        return [self.digit(values[self._source[n]]) for n in range(81)]

    def position(self, pos: Position) -> Position:
        src = self._source
        return Position([self.digit(pos.values[src[n]]) for n in range(81)],
                        [self.mask(pos.cands[src[n]]) for n in range(81)],
                        [pos.givens[src[n]] for n in range(81)])

    def pairs(self, pairs) -> tuple[tuple[int, int], ...]:
        """(cell, digit) pairs (eliminations, placements) redrawn, sorted."""
        return tuple(sorted((self.cell(i), self.digit(d)) for i, d in pairs))

    def step_key(self, step) -> tuple:
        """What a step says, redrawn: technique, pattern cells, digits,
        houses, eliminations and placements (sorted, names left out)."""
        return (step.technique,
                tuple(sorted(self.cell(i) for i in step.cells)),
                tuple(sorted(self.digit(d) for d in step.digits)),
                tuple(sorted(self.house(h) for h in step.houses)),
                self.pairs(step.eliminations),
                self.pairs(step.placements))


def step_key(step) -> tuple:
    """`Symmetry.step_key` under the identity: for comparing steps."""
    return _IDENTITY.step_key(step)


_IDENTITY = Symmetry()
