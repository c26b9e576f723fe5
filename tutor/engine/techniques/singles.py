"""Naked singles (Full House when the cell is the last of a house) and hidden singles."""
from __future__ import annotations

from ..registry import family, technique
from ..grid import HOUSES, HOUSES_OF, MASK_DIGITS, SINGLE_DIGIT, cell_name, house_name
from ..position import Position
from ..step import make_step


family("singles", "Singles", "single")


@technique("naked-single", "Naked Single", "singles", rank=10, batched=True)
def naked_singles(pos: Position):
    steps = []
    values = pos.values
    cands = pos.cands
    # a quick pass picks the cells with one candidate (often none)
    for i in [i for i, m in enumerate(cands) if SINGLE_DIGIT[m]]:
        d = SINGLE_DIGIT[cands[i]]
        if values[i]:
            continue
        # the cell is a Full House when it is the only empty cell of a house
        full = [h for h in HOUSES_OF[i]
                if all(pos.values[j] for j in HOUSES[h] if j != i)]
        kind = "Full House" if full else "Naked Single"
        where = f" in {house_name(full[0])}" if full else ""
        steps.append(make_step(
            "naked-single", f"{kind}: {cell_name(i)}={d}",
            cells=(i,), digits=(d,), houses=tuple(full), placements=[(i, d)],
            lead=f"{kind}: {cell_name(i)} can only be {d}{where}",
            extra={"full_house": bool(full)},
        ))
    return steps


@technique("hidden-single", "Hidden Single", "singles", rank=20, batched=True)
def hidden_singles(pos: Position):
    found: dict[tuple[int, int], list[int]] = {}
    cands = pos.cands
    for h, cells in enumerate(HOUSES):
        once = twice = 0
        for i in cells:
            m = cands[i]
            twice |= once & m
            once |= m
        only = once & ~twice  # digits with exactly one place in the house
        if not only:
            continue
        for i in cells:
            for d in MASK_DIGITS[cands[i] & only]:
                found.setdefault((i, d), []).append(h)
    steps = []
    for (i, d), houses in sorted(found.items()):
        where = " and ".join(house_name(h) for h in houses)
        steps.append(make_step(
            "hidden-single", f"Hidden Single: {cell_name(i)}={d}",
            cells=(i,), digits=(d,), houses=tuple(houses), placements=[(i, d)],
            lead=f"Hidden Single: {d} has one place in {where}, {cell_name(i)}",
        ))
    return steps
