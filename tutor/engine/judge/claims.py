"""Claims: what a learner says a position allows ('r6c9<>5', 'r1c2=7')."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..grid import cell_name


class ClaimError(ValueError):
    """A malformed claim; the message names the bad part."""


@dataclass(frozen=True)
class Claim:
    eliminations: tuple[tuple[int, int], ...] = ()   # (cell, digit), sorted
    placements: tuple[tuple[int, int], ...] = ()     # (cell, digit), sorted

    def text(self) -> str:
        parts = [f"{cell_name(i)}<>{d}" for i, d in self.eliminations]
        parts += [f"{cell_name(i)}={d}" for i, d in self.placements]
        return ", ".join(parts)

    def items(self) -> list[tuple[int, int, bool]]:
        """(cell, digit, is_placement) for every claimed item."""
        return [(i, d, False) for i, d in self.eliminations] + [(i, d, True) for i, d in self.placements]

    def __str__(self) -> str:
        return self.text()


_CELLS = r"[rR][0-9]+[cC][0-9]+"
_PART = re.compile(rf"(?P<cells>{_CELLS}(?:\s+{_CELLS})*)\s*(?P<op><>|!=|≠|=)\s*#?(?P<digits>\S*)")
_CELL_GROUP = re.compile(rf"{_CELLS}")
_EXAMPLE = "write e.g. r6c9<>5, r6c9<>58, r6c89<>5 or r1c2=7"


def _cut(text: str, limit: int = 40) -> str:
    """A part of a claim as quoted in a message: a huge one cut short."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


# two separators in a row, or one at either end
_EMPTY_PART = re.compile(r"^[,;]|[,;]\s*[,;]|[,;]$")
# a claim of every candidate of a position, one part each, is about 6,000
# characters; longer text is refused before it is read
MAX_CLAIM_CHARS = 8000


def parse_claim(text: str) -> Claim:
    """'r6c9<>5', 'r6c9<>5,r6c8<>5', 'r6c9<>58', 'r6c89<>5', 'r1c2=7' -> Claim.

    Parts are separated by commas, semicolons or spaces.  Raises ClaimError
    naming the bad part."""
    if text is None or not str(text).strip():
        raise ClaimError(f"the claim is empty: {_EXAMPLE}")
    text = str(text).strip()
    if len(text) > MAX_CLAIM_CHARS:
        raise ClaimError(f"the claim is {len(text):,} characters long; a claim is at most "
                         f"{MAX_CLAIM_CHARS:,}")
    gap = _EMPTY_PART.search(text)
    if gap:
        raise ClaimError(f"'{gap.group().strip()}' leaves an empty part in the claim: {_EXAMPLE}")
    raw = [t for t in re.split(r"[,;]|\s+(?=[rR]\d)", text) if t.strip()]
    # glue back 'r4c7 r5c79<>5' (cells listed with spaces) and 'r6c9<>5,8'
    parts: list[str] = []
    pending = ""
    for tok in (t.strip() for t in raw):
        if re.fullmatch(rf"{_CELLS}", tok):
            pending = f"{pending} {tok}".strip()
            continue
        if tok.isdigit() and parts and pending == "" and "<>" in parts[-1]:
            parts[-1] += tok
            continue
        parts.append(f"{pending} {tok}".strip() if pending else tok)
        pending = ""
    if pending:
        raise ClaimError(f"'{_cut(pending)}' says no digit: {_EXAMPLE}")
    elims: set[tuple[int, int]] = set()
    places: set[tuple[int, int]] = set()
    for part in parts:
        m = _PART.fullmatch(part)
        if not m:
            raise ClaimError(f"'{_cut(part)}' is not a claim: {_EXAMPLE}")
        cells = _claim_cells(m.group("cells"), part)
        digits = m.group("digits")
        if not digits:
            raise ClaimError(f"'{_cut(part)}' names no digit: {_EXAMPLE}")
        if not re.fullmatch(r"[1-9]+", digits):
            raise ClaimError(f"'{_cut(part)}': digits run from 1 to 9")
        if m.group("op") == "=":
            if len(cells) != 1:
                raise ClaimError(f"'{_cut(part)}' places a digit in {len(cells)} cells; a placement names one cell")
            if len(set(digits)) != 1:
                raise ClaimError(f"'{_cut(part)}' places {len(set(digits))} digits in one cell; name one")
            places.add((cells[0], int(digits[0])))
        else:
            for i in cells:
                for ch in digits:
                    elims.add((i, int(ch)))
    return Claim(tuple(sorted(elims)), tuple(sorted(places)))


def _claim_cells(text: str, part: str) -> list[int]:
    cells: list[int] = []
    for group in _CELL_GROUP.findall(text):
        m = re.fullmatch(r"[rR]([0-9]+)[cC]([0-9]+)", group)
        assert m is not None       # _CELL_GROUP found it
        rows, cols = m.group(1), m.group(2)
        if "0" in rows + cols:
            raise ClaimError(f"'{_cut(group)}' in '{_cut(part)}' is not a cell: rows and columns run from 1 to 9")
        if len(set(rows)) < len(rows) or len(set(cols)) < len(cols):
            raise ClaimError(f"'{_cut(group)}' in '{_cut(part)}' names a row or column twice")
        for r in rows:
            for c in cols:
                i = (int(r) - 1) * 9 + int(c) - 1
                if i not in cells:
                    cells.append(i)
    return cells
