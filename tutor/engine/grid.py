"""Fixed geometry of the 9x9 board, computed once at import.

Cells are numbered 0..80 row by row.  Houses are numbered 0..26: rows 0-8,
columns 9-17, boxes 18-26.  A set of digits is a 9-bit mask (bit d-1 for
digit d); a set of cells is an 81-bit int (bit i for cell i).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

ALL_DIGITS = 0x1FF
DIGITS = range(1, 10)
CELLS = range(81)

ROW = tuple(i // 9 for i in CELLS)
COL = tuple(i % 9 for i in CELLS)
BOX = tuple((i // 27) * 3 + (i % 9) // 3 for i in CELLS)


def bit(digit: int) -> int:
    return 1 << (digit - 1)


HOUSES: tuple[tuple[int, ...], ...] = tuple(
    [tuple(r * 9 + c for c in range(9)) for r in range(9)]
    + [tuple(r * 9 + c for r in range(9)) for c in range(9)]
    + [tuple(i for i in CELLS if BOX[i] == b) for b in range(9)]
)
HOUSE_MASK = tuple(sum(1 << i for i in h) for h in HOUSES)
# The three houses of each cell: (row, column, box) house numbers.
HOUSES_OF = tuple((ROW[i], 9 + COL[i], 18 + BOX[i]) for i in CELLS)
PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({j for h in HOUSES_OF[i] for j in HOUSES[h]} - {i})) for i in CELLS
)
PEER_MASK = tuple(sum(1 << j for j in PEERS[i]) for i in CELLS)

POPCOUNT = tuple(bin(m).count("1") for m in range(512))
MASK_DIGITS = tuple(tuple(d for d in DIGITS if m & bit(d)) for m in range(512))
# The positions (0..8) of the set bits of a 9-bit mask, e.g. of a subset of
# a house's cells.
MASK_BITS = tuple(tuple(k for k in range(9) if m >> k & 1) for m in range(512))
# For a single-bit mask, the digit it stands for (0 otherwise).
SINGLE_DIGIT = tuple(MASK_DIGITS[m][0] if POPCOUNT[m] == 1 else 0 for m in range(512))

# Index subsets of a house (positions 0..8), by size, for subset searches.
INDEX_COMBOS = {k: tuple(combinations(range(9), k)) for k in range(1, 9)}


def mask_of(digits) -> int:
    m = 0
    for d in digits:
        m |= bit(d)
    return m


def cell_bits(mask: int):
    """Yield the cell numbers whose bits are set in an 81-bit cell mask."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells_mask(cells) -> int:
    """The 81-bit mask of some cells."""
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def shared_houses(a: int, b: int) -> list[int]:
    """The houses holding both cells: row, column, box order."""
    return [h for h in HOUSES_OF[a] if h in HOUSES_OF[b]]


def common_houses(cells) -> list[int]:
    """The houses holding every one of the cells, lowest first (rows, then
    columns, then boxes); [] for no cells."""
    m = cells_mask(cells)
    return [h for h in HOUSES_OF[cells[0]] if HOUSE_MASK[h] & m == m] if m else []


def one_house(cells) -> int | None:
    """A house holding every cell (a line before a box), or None."""
    houses = common_houses(cells)
    return houses[0] if houses else None


def sees(a: int, b: int) -> bool:
    """True when two different cells share a house."""
    return a != b and (PEER_MASK[a] >> b) & 1 == 1


# ---------------------------------------------------------------- naming

CELL_NAMES = tuple(f"r{ROW[i] + 1}c{COL[i] + 1}" for i in CELLS)


def cell_name(i: int) -> str:
    return CELL_NAMES[i]


def house_name(h: int) -> str:
    return "rcb"[h // 9] + str(h % 9 + 1)


def house_kind(h: int) -> str:
    return ("row", "column", "box")[h // 9]


def digits_text(digits) -> str:
    return "".join(str(d) for d in sorted(digits))


def lines_text(houses) -> str:
    """'r348', 'c136', 'b5' from house numbers of one kind; a mixed group
    names each kind in turn, rows first: 'r3b1'."""
    return _lines_text(tuple(houses))


# Fish steps name the same few groups of houses over and over: keep them.
@lru_cache(maxsize=4096)
def _lines_text(houses: tuple) -> str:
    out = ""
    for kind in range(3):
        numbers = "".join(str(h % 9 + 1) for h in sorted(houses) if h // 9 == kind)
        if numbers:
            out += "rcb"[kind] + numbers
    return out


def cells_name(cells) -> str:
    """Compact name of a group of cells: r6c45, r25c3, r4c7 r56c79.

    Cells of one row share a name (r6c45); rows whose columns match are
    merged (r25c3).  When columns give a shorter form we use that instead.
    """
    return _cells_name(tuple(sorted(set(cells))))


# Step texts name the same groups again and again along a solve: keep them.
@lru_cache(maxsize=8192)
def _cells_name(cells: tuple[int, ...]) -> str:
    if not cells:
        return ""
    by_rows = _compact(cells, ROW, COL, "r", "c")
    by_cols = _compact(cells, COL, ROW, "c", "r")
    # Prefer the row-major form unless the column form is strictly shorter.
    return by_cols if len(by_cols) < len(by_rows) else by_rows


# The digits 1-9 of a 9-bit mask as text: 0b101 -> '13'
_MASK_TEXT = tuple("".join(str(x + 1) for x in range(9) if m >> x & 1) for m in range(512))


def _compact(cells, major, minor, major_letter, minor_letter) -> str:
    """The cells by major line (rows or columns), lines with the same
    minors merged, in order of their first line: 'r25c3 r4c79'."""
    lines = [0] * 9                     # major line -> its minors, as a mask
    for i in cells:
        lines[major[i]] |= 1 << minor[i]
    merged: dict[int, int] = {}         # minors -> the major lines that have them
    for m in range(9):
        if lines[m]:
            merged[lines[m]] = merged.get(lines[m], 0) | 1 << m
    if major_letter == "r":
        return " ".join(f"r{_MASK_TEXT[majors]}c{_MASK_TEXT[minors]}" for minors, majors in merged.items())
    return " ".join(f"r{_MASK_TEXT[minors]}c{_MASK_TEXT[majors]}" for minors, majors in merged.items())


def parse_cell(text: str) -> int:
    """'r3c7' -> cell number; raises ValueError with a readable message."""
    t = text.strip().lower()
    if len(t) == 4 and t[0] == "r" and t[2] == "c" and t[1] in "123456789" and t[3] in "123456789":
        return (int(t[1]) - 1) * 9 + int(t[3]) - 1
    raise ValueError(f"'{text}' is not a cell name (expected r1c1 .. r9c9)")


def houses_of(group: str) -> list[int]:
    """The houses of a group as typed: 'r348' rows 3, 4, 8; 'r47b2' rows 4
    and 7 and box 2 (a Franken fish's base) -> sorted house numbers."""
    import re

    if not re.fullmatch(r"(?:[rcbRCB][1-9]+)+", group):
        raise ValueError(f"'{group}' is not a house group (expected e.g. r348, c145 or r47b2)")
    out: set[int] = set()
    for kind, numbers in re.findall(r"([rcb])([1-9]+)", group.lower()):
        out.update("rcb".index(kind) * 9 + int(k) - 1 for k in numbers)
    return sorted(out)


# The words that put a fish's fin cells after its houses ('r47b2 c145 fin r7c6')
FIN_WORDS = frozenset({"fin", "fins"})


def fish_houses(groups: list[str]) -> list[tuple[int, ...]] | None:
    """A fish's base and cover as typed, when a group shaped like a cell
    ('r3c9') must stand for houses: HoDoKu names a Mutant fish 'r3c9 r2b2'
    (rows 3 and column 9 against row 2 and box 2).  Read so only when
    exactly two groups name as many houses each (2 to 4), else None (they
    are cells)."""
    if len(groups) != 2:
        return None
    try:
        base, cover = (tuple(houses_of(g)) for g in groups)
    except ValueError:
        return None
    return [base, cover] if len(base) == len(cover) and 2 <= len(base) <= 4 else None


def parse_cells(text: str) -> list[int]:
    """'r6c45', 'r4c7 r5c79', 'r25c3,r6c1' -> sorted cell numbers."""
    import re

    out: set[int] = set()
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not parts:
        raise ValueError("no cells given")
    for p in parts:
        m = re.fullmatch(r"[rR]([1-9]+)[cC]([1-9]+)", p)
        if not m:
            raise ValueError(f"'{p}' is not a cell group (expected e.g. r6c45 or r25c3)")
        for r in m.group(1):
            for c in m.group(2):
                out.add((int(r) - 1) * 9 + int(c) - 1)
    return sorted(out)
