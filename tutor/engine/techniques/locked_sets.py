"""LockedSets: naked and hidden subsets of 2 to 7 cells in a house.

Naked: k cells of a house hold only k digits between them, so those digits
leave the rest of the house (and of any other house the k cells share).
Hidden: k digits of a house fit only in k cells, so those cells drop every
other digit.  In a house with n empty cells a naked set of k cells and the
hidden set on the other n-k cells are two views of one split: we find every
split whose smaller side is a naked or a hidden set, then report both sides.
A split whose other side is a single cell is a naked or hidden single and is
left to the singles.
"""
from __future__ import annotations

from ..finder import technique
from ..grid import HOUSES, HOUSE_MASK, MASK_DIGITS, POPCOUNT, cells_name, digits_text
from ..position import Position
from ..step import make_step
from .common import per_position

MIN_SIZE, MAX_SIZE = 2, 7
SIZE_WORD = {2: "Pair", 3: "Triple", 4: "Quartet"}
PLAIN_WORD = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint", 6: "Sextuple", 7: "Septuple"}


def _closed_groups(masks: list[int], limit: int):
    """Index subsets of size 1..limit whose masks together have exactly as
    many bits as members.  Over cells (masks = candidates) these are naked
    sets; over digits (masks = the cells a digit can use) hidden sets."""
    out = []
    n = len(masks)

    def grow(start, chosen, union):
        for k in range(start, n):
            u = union | masks[k]
            bits = u.bit_count()
            if bits > limit:
                continue
            picked = chosen + [k]
            if bits == len(picked):
                out.append(picked)
            if len(picked) < limit:
                grow(k + 1, picked, u)

    grow(0, [], 0)
    return out


def _splits(pos: Position, house: int):
    """Yield (naked_cells, naked_digits, hidden_cells, hidden_digits) for every
    split of the house's empty cells into a naked and a hidden side."""
    empty = [i for i in HOUSES[house] if not pos.values[i]]
    n = len(empty)
    if n < 3:
        return
    cands = [pos.cands[i] for i in empty]
    half = n // 2
    seen = set()
    # naked side small: search over cells
    for picked in _closed_groups(cands, half):
        seen.add(frozenset(picked))
    # hidden side small: the same search over digits, with the cells each
    # digit occupies playing the part of candidates
    all_digits = 0
    for m in cands:
        all_digits |= m
    digits = list(MASK_DIGITS[all_digits])
    places = []
    for d in digits:
        p = 0
        for k, m in enumerate(cands):
            if m >> (d - 1) & 1:
                p |= 1 << k
        places.append(p)
    for picked in _closed_groups(places, half):
        hidden_cells = 0
        for k in picked:
            hidden_cells |= places[k]
        seen.add(frozenset(k for k in range(n) if not hidden_cells >> k & 1))
    for naked in seen:
        if not 0 < len(naked) < n:
            continue
        naked_cells = [empty[k] for k in sorted(naked)]
        hidden_cells = [empty[k] for k in range(n) if k not in naked]
        naked_digits = 0
        for k in naked:
            naked_digits |= cands[k]
        if POPCOUNT[naked_digits] != len(naked):
            continue
        hidden_digits = all_digits & ~naked_digits
        # useful only when the naked digits still appear on the hidden side
        if any(pos.cands[i] & naked_digits for i in hidden_cells):
            yield naked_cells, naked_digits, hidden_cells, hidden_digits


def _houses_of_all(cells) -> list[int]:
    bits = 0
    for i in cells:
        bits |= 1 << i
    return [h for h in range(27) if HOUSE_MASK[h] & bits == bits]


def set_name(size: int, hidden: bool, cells, digits) -> str:
    word = SIZE_WORD.get(size)
    label = f"Locked {word}[{size}D]" if word else f"Locked Set[{size}D]"
    tag = " (hidden)" if hidden else ""
    return f"{label}{tag} {cells_name(cells)} #{digits_text(digits)}"


def _naked_step(pos, cells, dmask):
    digits = MASK_DIGITS[dmask]
    houses = _houses_of_all(cells)
    elims = [(i, d) for h in houses for i in HOUSES[h] if i not in cells
             for d in digits if pos.cands[i] >> (d - 1) & 1]
    size = len(cells)
    plain = f"Naked {PLAIN_WORD[size]}"
    return make_step(
        "naked-subset", set_name(size, False, cells, digits),
        cells=cells, digits=digits, houses=houses, eliminations=elims,
        lead=f"{plain}: {','.join(map(str, digits))} in {cells_name(cells)}",
        extra={"size": size, "hidden": False, "kind": plain},
    )


def _hidden_step(pos, cells, dmask, house):
    digits = MASK_DIGITS[dmask]
    elims = [(i, d) for i in cells for d in MASK_DIGITS[pos.cands[i] & ~dmask]]
    houses = [h for h in _houses_of_all(cells) if _confined(pos, h, cells, dmask)]
    size = len(cells)
    plain = f"Hidden {PLAIN_WORD[size]}"
    return make_step(
        "hidden-subset", set_name(size, True, cells, digits),
        cells=cells, digits=digits, houses=houses or [house], eliminations=elims,
        lead=f"{plain}: {','.join(map(str, digits))} in {cells_name(cells)}",
        extra={"size": size, "hidden": True, "kind": plain},
    )


def _confined(pos, house, cells, dmask) -> bool:
    return not any(pos.cands[i] & dmask for i in HOUSES[house] if i not in cells)


@per_position
def _all_sets(pos: Position):
    naked: dict[tuple, tuple] = {}
    hidden: dict[tuple, tuple] = {}
    for h in range(27):
        for n_cells, n_digits, h_cells, h_digits in _splits(pos, h):
            if MIN_SIZE <= len(n_cells) <= MAX_SIZE:
                naked.setdefault((tuple(n_cells), n_digits), (n_cells, n_digits))
            if MIN_SIZE <= len(h_cells) <= MAX_SIZE:
                hidden.setdefault((tuple(h_cells), h_digits), (h_cells, h_digits, h))
    return naked, hidden


def _order(step):
    return (step.extra["size"], step.cells, step.digits)


@technique("naked-subset", "Naked Subset (LockedSet)", "locked-set")
def naked_subsets(pos: Position):
    naked, _ = _all_sets(pos)
    return sorted((_naked_step(pos, c, d) for c, d in naked.values()), key=_order)


@technique("hidden-subset", "Hidden Subset (LockedSet)", "locked-set")
def hidden_subsets(pos: Position):
    _, hidden = _all_sets(pos)
    return sorted((_hidden_step(pos, c, d, h) for c, d, h in hidden.values()), key=_order)

