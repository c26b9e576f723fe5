"""A Sudoku position: givens, placed digits and candidates (bitmasks)."""
from __future__ import annotations

from .grid import (
    ALL_DIGITS, CELLS, HOUSES, HOUSES_OF, PEERS, MASK_DIGITS, POPCOUNT, bit, cell_name, house_name,
)


class PositionError(ValueError):
    """Bad input or an impossible position; the message says what and where."""


class Position:
    """values[i] is the digit in cell i (0 = empty); cands[i] the candidate
    mask of an empty cell (0 for a filled one); givens[i] marks clues."""

    __slots__ = ("values", "cands", "givens", "_solution")

    def __init__(self, values=None, cands=None, givens=None):
        self.values: list[int] = list(values) if values is not None else [0] * 81
        self.cands: list[int] = list(cands) if cands is not None else [0] * 81
        self.givens: list[bool] = list(givens) if givens is not None else [v != 0 for v in self.values]
        self._solution = None

    # ------------------------------------------------------------ building
    @classmethod
    def from_values(cls, values, givens=None) -> "Position":
        """Candidates are every digit no filled peer holds."""
        pos = cls(values, [0] * 81, givens)
        pos.fill_candidates()
        return pos

    def fill_candidates(self) -> None:
        vals = self.values
        for i in CELLS:
            if vals[i]:
                self.cands[i] = 0
                continue
            used = 0
            for j in PEERS[i]:
                if vals[j]:
                    used |= bit(vals[j])
            self.cands[i] = ALL_DIGITS & ~used
        self._solution = None

    def copy(self) -> "Position":
        p = Position(self.values, self.cands, self.givens)
        p._solution = self._solution
        return p

    # ------------------------------------------------------------ queries
    def empty_cells(self):
        return [i for i in CELLS if not self.values[i]]

    def is_solved(self) -> bool:
        return all(self.values)

    def candidates(self, i: int) -> tuple[int, ...]:
        return MASK_DIGITS[self.cands[i]]

    def has(self, i: int, digit: int) -> bool:
        return not self.values[i] and bool(self.cands[i] & bit(digit))

    def key(self) -> tuple:
        return tuple(self.values), tuple(self.cands)

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    # ------------------------------------------------------------ changes
    def place(self, i: int, digit: int) -> None:
        """Fill cell i and remove the digit from its empty peers."""
        self.values[i] = digit
        self.cands[i] = 0
        b = ~bit(digit)
        cands = self.cands
        for j in PEERS[i]:
            cands[j] &= b

    def eliminate(self, i: int, digit: int) -> None:
        self.cands[i] &= ~bit(digit)

    def apply(self, step) -> None:
        """Carry out a step's placements and eliminations (skipping stale ones)."""
        for i, d in step.placements:
            if not self.values[i]:
                self.place(i, d)
        for i, d in step.eliminations:
            if not self.values[i]:
                self.eliminate(i, d)

    # ------------------------------------------------------------ checks
    def contradiction(self) -> str | None:
        """Where the position is broken, in words; None when it is not (yet)."""
        values, cands = self.values, self.cands
        for i in CELLS:
            if not values[i] and not cands[i]:
                return f"{cell_name(i)} has no candidates left"
        for h, cells in enumerate(HOUSES):
            placed = 0
            free = 0
            forced: dict[int, int] = {}  # digit -> an empty cell left with only it
            for i in cells:
                v = values[i]
                if not v and POPCOUNT[cands[i]] == 1:
                    d = MASK_DIGITS[cands[i]][0]
                    if d in forced:
                        return (f"{cell_name(forced[d])} and {cell_name(i)} can both only be {d} "
                                f"in {house_name(h)}")
                    forced[d] = i
                if v:
                    b = 1 << (v - 1)
                    if placed & b:
                        first = next(j for j in cells if values[j] == v)
                        return f"{cell_name(first)} and {cell_name(i)} both hold {v} in {house_name(h)}"
                    placed |= b
                else:
                    free |= cands[i]
            missing = ALL_DIGITS & ~(free | placed)
            if missing:
                return f"{house_name(h)} has no place left for {MASK_DIGITS[missing][0]}"
        return None

    def allowed(self, i: int) -> int:
        """Mask of the digits no filled peer of cell i holds."""
        used = 0
        vals = self.values
        for j in PEERS[i]:
            if vals[j]:
                used |= bit(vals[j])
        return ALL_DIGITS & ~used

    def clashes(self, i: int) -> list[tuple[int, int]]:
        """(peer cell, house) pairs where the digit of cell i appears again."""
        v = self.values[i]
        if not v:
            return []
        return [(j, h) for h in HOUSES_OF[i] for j in HOUSES[h] if j != i and self.values[j] == v]

    def clashing_cells(self) -> set[int]:
        """Filled cells whose digit also sits in one of their peers."""
        vals = self.values
        return {i for i in CELLS if vals[i] and any(vals[j] == vals[i] for j in PEERS[i])}

    def mistakes(self, solution) -> tuple[list[int], list[int]]:
        """Against a solution: (cells holding a wrong digit, empty cells whose
        candidates lost the solution digit)."""
        wrong, missing = [], []
        for i in CELLS:
            v = self.values[i]
            if v:
                if v != solution[i]:
                    wrong.append(i)
            elif not self.cands[i] & bit(solution[i]):
                missing.append(i)
        return wrong, missing

    def conflicts_with_values(self) -> str | None:
        """A candidate that a filled peer rules out, described; else None."""
        for i in CELLS:
            if self.values[i] or not self.cands[i]:
                continue
            for j in PEERS[i]:
                v = self.values[j]
                if v and self.cands[i] & bit(v):
                    return (f"{cell_name(i)} lists candidate {v}, but its peer "
                            f"{cell_name(j)} already holds {v}")
        return None

    # ------------------------------------------------------------ solution
    def solution_info(self):
        """(count, solution) from the exact solver, counting up to 2; cached."""
        if self._solution is None:
            from .exact import solve_position
            self._solution = solve_position(self)
        return self._solution

    def solution(self) -> list[int] | None:
        """The unique solution, or None when there are none or several."""
        count, sol = self.solution_info()
        return sol if count == 1 else None

    def require_unique(self) -> list[int]:
        """The solution; raises PositionError when it is not unique."""
        count, sol = self.solution_info()
        if count == 0:
            raise PositionError("the position has no solution")
        if count > 1:
            raise PositionError("the puzzle has several solutions, so no digit can be called right or wrong")
        return sol

    # ------------------------------------------------------------ text
    def __str__(self) -> str:
        return to_braces(self)

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"


def to_braces(pos: Position, mark_placed: bool = False) -> str:
    """The position as a brace grid (`{249}{469}175...`): a digit bare, an
    empty cell's candidates in braces, as ../formats describes it.  With
    `mark_placed` a digit placed while solving is written `+5` (HoDoKu's
    library mark) so that reading it back keeps givens apart.  It lives
    here, not in formats.py, because a Position prints itself this way."""
    out = []
    for i in CELLS:
        if pos.values[i]:
            placed = mark_placed and not pos.givens[i]
            out.append(f"+{pos.values[i]}" if placed else str(pos.values[i]))
        else:
            out.append("{" + "".join(map(str, MASK_DIGITS[pos.cands[i]])) + "}")
    return "".join(out)
