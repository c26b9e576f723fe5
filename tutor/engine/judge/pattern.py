"""The learner's pattern as typed: cells, a chain, or a fish's houses."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..grid import FIN_WORDS, cells_name, fish_houses, houses_of, lines_text, parse_cells
from ..techniques.chains.text import parse_cell_order, parse_eureka

# the longest pattern text read (a chain through every cell in Eureka is
# about 2,000 characters)
MAX_PATTERN_CHARS = 4000


_LINKED_CELLS = re.compile(r"r[1-9]c[1-9](\s*[-=]\s*r[1-9]c[1-9])+", re.I)


@dataclass(frozen=True)
class Pattern:
    """The learner's pattern as read: its cells, and for a fish named by its
    houses ('#3 r47b2 c145', fins as cells after them) the house groups in
    the order typed and the digits."""
    cells: list[int] = field(default_factory=list)
    lines: tuple[tuple[int, ...], ...] = ()
    digits: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cells or self.lines)

    def name(self) -> str:
        """'r6c45', or '#3 r47b2 c145' (with 'fin r7c6' after the houses)."""
        if not self.lines:
            return cells_name(self.cells)
        parts = ["#" + "".join(map(str, self.digits))] if self.digits else []
        parts += [lines_text(g) for g in self.lines]
        if self.cells:
            parts += ["fin" if len(self.cells) == 1 else "fins", cells_name(self.cells)]
        return " ".join(parts)


_DIGIT_MARK = re.compile(r"#?([1-9])")


def read_pattern(text: str, by_houses: bool = False) -> Pattern:
    """Cells or a chain (`pattern_cells`), else house groups with maybe a
    digit and fin cells ('#3 r47b2 c145', 'r27 c39 r3c8', 'r47b2 c145 fin
    r7c6').  by_houses: the technique is named by its houses, so two groups
    shaped like cells are its base and cover when they can be
    ('r3c9 r2b2': grid.fish_houses)."""
    if by_houses:
        fish = _fish_by_houses(text)
        if fish:
            return fish
    try:
        return Pattern(sorted(set(pattern_cells(text))))
    except ValueError as first:
        cells: set[int] = set()
        lines, digits, bad = [], [], []
        for token in re.split(r"[\s,]+", text.strip()):
            if _DIGIT_MARK.fullmatch(token):
                digits.append(int(token[-1]))
            elif token.lower() in FIN_WORDS:
                continue
            elif token:
                try:
                    cells.update(parse_cells(token))            # a fin: r3c8
                except ValueError:
                    try:
                        lines.append(tuple(houses_of(token)))    # r47b2
                    except ValueError:
                        bad.append(token)
        if not lines:
            raise first from None
        if bad:
            raise ValueError(f"'{bad[0]}' is not a cell group, a house group or a digit "
                             f"(a fish is named e.g. #3 r47b2 c145)") from None
        return Pattern(sorted(cells), tuple(lines), tuple(sorted(set(digits))))


def _fish_by_houses(text: str) -> Pattern | None:
    """'#3 r3c9 r2b2 fin r4c9' read as a fish's houses, or None."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    digits = [int(t[-1]) for t in tokens if _DIGIT_MARK.fullmatch(t)]
    tokens = [t for t in tokens if not _DIGIT_MARK.fullmatch(t)]
    words = [t.lower() for t in tokens]
    cut = next((k for k, w in enumerate(words) if w in FIN_WORDS), len(tokens))
    groups = fish_houses(tokens[:cut])
    if groups is None:
        return None
    try:
        fins = parse_cells(" ".join(tokens[cut + 1:])) if tokens[cut + 1:] else []
    except ValueError:
        return None
    return Pattern(fins, tuple(groups), tuple(sorted(set(digits))))


def pattern_cells(text: str) -> list[int]:
    """The cells of a pattern as typed: cell groups ('r6c45 r7c1'), a chain's
    cells with its links ('r3c2-r3c7=r5c7') or Eureka text
    ('(4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2')."""
    try:
        return parse_cells(text)
    except ValueError:
        terms = parse_eureka(text)
        if terms is not None:
            return sorted({c for _, cells, _ in terms for c in cells})
        if _LINKED_CELLS.fullmatch(text.strip()):
            return sorted(set(parse_cell_order(text) or ()))
        raise
