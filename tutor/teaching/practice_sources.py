"""What a practice position is, and the shipped puzzles practice positions
may also come from (the puzzle sets in puzzles/ and the technique cases'
positions).

A variant (a position redrawn by a Sudoku symmetry, see practice_variants.py)
keeps its source's name behind VARIANT_PREFIX and the exact symmetry in
`variant`, so the shipped puzzle it comes from can always be found again.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.formats import parse_position, to_braces, to_givens
from ..engine.position import Position, PositionError
from ..paths import data_dir
from .symmetry import Symmetry

VARIANT_PREFIX = "variant of "


@dataclass(frozen=True)
class PracticePosition:
    technique: str
    position: Position
    source: str                # 'qqwing-expert.txt:12' - where the puzzle came from
    puzzle: str                # the starting position: 81-char givens (or a brace grid)
    step_index: int = 0        # how many solve steps led here
    route: str = "first"       # which solve path: first / batch / last / random:N
    variant: str = ""          # for a variant: the symmetry code (see tutor.teaching.symmetry)
    instances: int = 0         # the technique's real steps there (0: not counted)

    @property
    def braces(self) -> str:
        return to_braces(self.position, mark_placed=True)   # placed digits `+`: not givens

    @property
    def is_variant(self) -> bool:
        return bool(self.variant)

    @property
    def symmetry(self) -> Symmetry | None:
        return Symmetry.parse(self.variant) if self.variant else None

    @property
    def origin(self) -> str:
        """The shipped puzzle this position comes from ('qqwing-expert.txt:12'),
        for a variant too."""
        if self.variant and self.source.startswith(VARIANT_PREFIX):
            return self.source[len(VARIANT_PREFIX):].split(" (", 1)[0]
        return self.source

    @property
    def origin_puzzle(self) -> str:
        """The shipped starting puzzle (a variant's `puzzle` is redrawn)."""
        if not self.variant:
            return self.puzzle
        return redraw_puzzle(self.puzzle, self.symmetry.inverse())


def redraw_puzzle(puzzle: str, sym: Symmetry) -> str:
    """A starting puzzle (81-char givens or a brace grid) redrawn by a
    symmetry, in the same format."""
    pos = sym.position(parse_position(puzzle))
    return to_braces(pos) if "{" in puzzle else to_givens(pos)


# ------------------------------------------------------------ puzzles

def _puzzle_files() -> list[tuple[str, str]]:
    """(label, relative path) of every shipped puzzle set, in a fixed order."""
    return [
        ("qqwing-easy.txt", "qqwing-easy.txt"),
        ("qqwing-intermediate.txt", "qqwing-intermediate.txt"),
        ("qqwing-expert.txt", "qqwing-expert.txt"),
        ("diabolical-40.txt", "sudoku-exchange/diabolical-40.txt"),
        ("tdoku-test-puzzles.txt", "tdoku/test-puzzles.txt"),
    ]


def _puzzle_of_line(line: str) -> str | None:
    """The 81-char puzzle on a line of any shipped set, or None."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if ":" in line:                       # tdoku: puzzle:count:solution
        head, count, *_ = line.split(":") + [""]
        return head if count.strip() == "1" and len(head) == 81 else None
    parts = line.split()
    for p in parts:                       # sudoku-exchange: id puzzle rating
        if len(p) == 81 and all(ch in ".0123456789" for ch in p):
            return p.replace("0", ".")
    return None


def _case_positions(root: Path) -> list[tuple[str, str]]:
    """Mid-solve positions of the MIT technique cases whose candidates still
    hold the (unique) solution: real positions, so fine places to start."""
    path = root / "technique-cases" / "cases.tsv"
    out = []
    if not path.is_file():
        return out
    import csv
    with open(path, encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f, delimiter="\t"), 2):
            text = (row.get("position") or "").strip()
            try:
                pos = parse_position(text)
                count, sol = pos.solution_info()
            except (PositionError, ValueError):
                continue
            if count != 1 or any(not pos.values[i] and not pos.has(i, sol[i]) for i in range(81)):
                continue
            out.append((f"technique-cases/cases.tsv:{n}", text))
    return out


_PUZZLES: list[tuple[str, str]] | None = None


def shipped_puzzles(cases: bool = True) -> list[tuple[str, str]]:
    """[(source, puzzle)] for every valid puzzle shipped in puzzles/: the
    puzzle sets (unique puzzles only), then the technique cases' positions."""
    global _PUZZLES
    if _PUZZLES is None:
        root = data_dir("puzzles")
        out = []
        for label, rel in _puzzle_files():
            path = root / rel
            if not path.is_file():
                continue
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    p = _puzzle_of_line(line)
                    if p:
                        out.append((f"{label}:{n}", p))
        out.extend(_case_positions(root))
        _PUZZLES = out
    if cases:
        return list(_PUZZLES)
    return [p for p in _PUZZLES if not p[0].startswith("technique-cases/")]
