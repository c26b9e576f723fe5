"""LockedSets: naked and hidden subsets of 2 to 7 cells in a house.

Naked: k cells of a house hold only k digits between them, so those digits
leave the rest of the house (and of any other house the k cells share).
Hidden: k digits of a house fit only in k cells, so those cells drop every
other digit.  In a house with n empty cells a naked set of k cells and the
hidden set on the other n-k cells are two views of one split: we find every
split whose smaller side is a naked or a hidden set, then report each side
of 2 to 7 cells.  A side of one cell is a naked or hidden single, and the
split is that single, not a LockedSet: neither side is reported (on a
position where the singles are done no such split exists).
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from ...compiled import PURE_PYTHON, optional_module
from ...registry import PatternReport, technique
from ...grid import (
    HOUSES, MASK_BITS, MASK_DIGITS, POPCOUNT, bit, cell_name, cells_name, digits_text, mask_of,
)
from ...position import Position
from ...roles import HOUSE, Part, Roles
from ...step import make_step
from ..common import Memo, once_per_position
from ..patterns import (
    SET_WORDS as PLAIN_WORD, WORDS, an, common_houses, digit_cells, digits_list, fail,
    no_shared_house,
)

MIN_SIZE, MAX_SIZE = 2, 7

_ABI = 1        # what _sides.c's split_sides takes and gives (its ABI constant)
_sides = optional_module(f"{__package__}._sides", _ABI)
COMPILED = _sides is not None and not PURE_PYTHON


def _closed_groups(masks: list[int], limit: int) -> list[int]:
    """Index subsets (as bit masks) of size 2..limit whose masks together
    have exactly as many bits as members.  Over cells (masks = candidates)
    these are naked sets; over digits (masks = the cells a digit can use)
    hidden sets.  Depth-first, dropping a branch once its union is too big
    (and never starting from a member that alone is too big)."""
    out = []
    usable = [(1 << k, m) for k, m in enumerate(masks) if POPCOUNT[m] <= limit]
    n = len(usable)
    stack = [(0, 0, 0, 0)]
    while stack:
        start, sub, size, union = stack.pop()
        size += 1
        for j in range(start, n):
            b, m = usable[j]
            u = union | m
            bits = POPCOUNT[u]
            if bits > limit:
                continue
            picked = sub | b
            if bits == size and size > 1:
                out.append(picked)
            if size < limit:
                stack.append((j + 1, picked, size, u))
    return out


def split_sides(cands: list[int], half: int) -> list[int]:
    """The naked side (a mask over the indexes of `cands`, the candidates of
    a house's unsolved cells) of every split found with at most `half`
    cells on its smaller side, ascending.  In Python; _sides.c is the same
    in C."""
    full = (1 << len(cands)) - 1
    # naked side small: search over cells (a split is its naked side, as a
    # mask over the empty cells)
    seen = set(_closed_groups(cands, half))
    # hidden side small: the same search over digits, with the cells each
    # digit occupies playing the part of candidates
    all_digits = 0
    by_digit = [0] * 10
    for k, m in enumerate(cands):
        all_digits |= m
        b = 1 << k
        for d in MASK_DIGITS[m]:
            by_digit[d] |= b
    places = [by_digit[d] for d in MASK_DIGITS[all_digits]]
    for picked in _closed_groups(places, half):
        covered = 0
        for k in MASK_BITS[picked]:
            covered |= places[k]
        seen.add(full & ~covered)
    return sorted(seen)


def _house_splits(pos: Position, house: int) -> tuple:
    """(naked_cells, naked_digits, hidden_cells, hidden_digits) for every
    split of the house's empty cells into a naked and a hidden side of two
    cells or more (a side of one cell is a single)."""
    values, all_cands = pos.values, pos.cands
    empty = [i for i in HOUSES[house] if not values[i]]
    n = len(empty)
    if n < 4:
        return ()
    cands = [all_cands[i] for i in empty]
    half = n // 2
    full = (1 << n) - 1
    if COMPILED:
        sides = _sides.split_sides(cands, half)
    else:
        sides = split_sides(cands, half)
    all_digits = 0
    for m in cands:
        all_digits |= m
    out = []
    for naked in sides:
        inside = MASK_BITS[naked]
        naked_digits = 0
        for k in inside:
            naked_digits |= cands[k]
        if POPCOUNT[naked_digits] != len(inside):
            continue
        hidden_cells = tuple(empty[k] for k in MASK_BITS[full & ~naked])
        # useful only when the naked digits still appear on the hidden side
        if any(all_cands[i] & naked_digits for i in hidden_cells):
            out.append((tuple(empty[k] for k in inside), naked_digits, hidden_cells,
                        all_digits & ~naked_digits))
    return tuple(out)


def set_name(size: int, hidden: bool, cells, digits) -> str:
    """The step's name, in the words its text uses: 'Naked Pair r6c45 #38',
    'Hidden Pair r8c79 #57'."""
    return f"{'Hidden' if hidden else 'Naked'} {PLAIN_WORD[size]} {cells_name(cells)} #{digits_text(digits)}"


@dataclass(frozen=True)
class SubsetRoles(Roles):
    """A naked or hidden set of `size` cells (the step's cells) locked to as
    many digits (its digits) in the step's houses; `offer` its place in the
    order the sets are offered in (_offer)."""
    hidden: bool
    offer: float
    size: int           # (last: Roles gives it a default)

    @property
    def kind(self) -> str:
        """'Naked Pair', 'Hidden Triple'."""
        return f"{'Hidden' if self.hidden else 'Naked'} {PLAIN_WORD[self.size]}"

    def name(self, step) -> str:
        return set_name(self.size, self.hidden, step.cells, step.digits)

    def lead(self, step) -> str:
        return f"{self.kind}: {','.join(map(str, step.digits))} in {cells_name(step.cells)}"

    def json(self, step) -> dict:
        return {"size": self.size, "hidden": self.hidden, "kind": self.kind}

    def parts(self, step):
        return (Part(HOUSE, houses=step.houses),)


def _naked_step(pos, cells, dmask):
    digits = MASK_DIGITS[dmask]
    houses = common_houses(cells)
    elims = [(i, d) for h in houses for i in HOUSES[h] if i not in cells
             for d in digits if pos.cands[i] >> (d - 1) & 1]
    size = len(cells)
    offer = _offer(size, False, min(_other_side(pos, h, size) for h in houses))
    return make_step("naked-subset", SubsetRoles(False, offer, size), cells=cells, digits=digits,
                     houses=houses, eliminations=elims)


def _hidden_step(pos, cells, dmask, house):
    digits = MASK_DIGITS[dmask]
    elims = [(i, d) for i in cells for d in MASK_DIGITS[pos.cands[i] & ~dmask]]
    houses = [h for h in common_houses(cells) if _confined(pos, h, cells, dmask)]
    size = len(cells)
    offer = _offer(size, True, _other_side(pos, house, size))
    return make_step("hidden-subset", SubsetRoles(True, offer, size), cells=cells, digits=digits,
                     houses=houses or [house], eliminations=elims)


# The order a house's splits are offered in (hints, logic solve, the judge's
# proof).  The two views of one split share a tier and its smaller side comes
# first, the naked one on a tie; across splits, as HoDoKu's solver and
# SudokuWiki's list take them: naked pairs and triples, hidden pairs and
# triples, then quads.
_OFFER = {(2, False): 1, (3, False): 2, (2, True): 3, (3, True): 4, (4, False): 5, (4, True): 6}


def _other_side(pos, house: int, size: int) -> int:
    return sum(1 for i in HOUSES[house] if not pos.values[i]) - size


def _offer(size: int, hidden: bool, other: int) -> float:
    """A set's place in the offer order: its own, when it is the smaller side
    of its split (naked on a tie); else just after its smaller side's."""
    if size < other or size == other and not hidden:
        return _OFFER.get((size, hidden), 10 + size)
    return _OFFER.get((other, not hidden), 10 + other) + 0.5


def _confined(pos, house, cells, dmask) -> bool:
    return not any(pos.cands[i] & dmask for i in HOUSES[house] if i not in cells)


# Positions of one puzzle share many houses: a house's splits are also kept
# by its content, for the next position that holds it.
_HOUSE_MEMO = Memo(4096)
_HOUSE_GET = tuple(itemgetter(*cells) for cells in HOUSES)


@once_per_position
def _all_sets(pos: Position):
    naked: dict[tuple, tuple] = {}
    hidden: dict[tuple, tuple] = {}
    a = pos.analysis
    for h in range(27):
        # a house's splits depend on its own cells alone, and along a solve
        # most houses keep their candidates from one step to the next
        kept = a.house_kept(h)
        splits = kept.get(_house_splits)
        if splits is None:
            take = _HOUSE_GET[h]
            key = (h, take(pos.cands), take(pos.values))
            splits = kept[_house_splits] = _HOUSE_MEMO.get(key, _house_splits, pos, h)
        for n_cells, n_digits, h_cells, h_digits in splits:
            naked.setdefault((n_cells, n_digits), (n_cells, n_digits))
            hidden.setdefault((h_cells, h_digits), (h_cells, h_digits, h))
    return naked, hidden


def _order(step):
    return (step.roles.size, step.cells, step.digits)


# ------------------------------------------------------------------ pattern checks

def _label(q, hidden: bool) -> str:
    """'Naked Pair' from the size the name gave, else from the cells."""
    word = PLAIN_WORD.get(q.size or len(q.cells))
    return f"{'Hidden' if hidden else 'Naked'} {word}" if word else q.label


def _shape_problem(q, label):
    cells, size = list(q.cells), q.size
    if size and len(cells) != size:
        return fail(q, label, f"{an(label)} has {WORDS[size]} cells; "
                              f"{cells_name(cells)} has {WORDS.get(len(cells), len(cells))}", fits=False)
    if len(cells) < 2:
        return fail(q, label, f"a set needs at least two cells; {cells_name(cells)} is one cell "
                              f"(that would be a single)", fits=False)
    if len(cells) > 7:
        return fail(q, label, "a set has at most seven cells", fits=False)
    if not common_houses(cells):
        reason, failing = no_shared_house(cells)
        return fail(q, label, reason, failing)
    if q.digits and len(q.digits) != len(cells):
        return fail(q, label, f"{len(cells)} cells need {len(cells)} digits to be {an(label)}, "
                              f"#{digits_text(q.digits)} has {len(q.digits)}", fits=False)
    return None


def _start(pos, q, hidden: bool):
    """(label, cells, their candidates together), or the report of a set
    that has not even the shape of one."""
    label = _label(q, hidden)
    bad = _shape_problem(q, label)
    if bad:
        return bad
    union = 0
    for i in q.cells:
        union |= pos.cands[i]
    return label, list(q.cells), union


def check_naked(pos: Position, q) -> PatternReport:
    got = _start(pos, q, False)
    if isinstance(got, PatternReport):
        return got
    label, cells, union = got
    k = len(cells)
    if q.digits:                      # the digits as named
        keep = sorted(q.digits)
    elif POPCOUNT[union] > k:         # the digits most cells hold, the claimed ones first
        claimed = {d for _, d, _ in q.claim}
        count = {d: sum(1 for i in cells if pos.cands[i] & bit(d)) for d in MASK_DIGITS[union]}
        keep = sorted(MASK_DIGITS[union], key=lambda d: (-count[d], d not in claimed, d))[:k]
    else:
        keep = list(MASK_DIGITS[union])
    extra_mask = union & ~mask_of(keep)
    if extra_mask:
        holders = [i for i in cells if pos.cands[i] & extra_mask]
        first = min(holders, key=lambda i: (POPCOUNT[pos.cands[i] & extra_mask], i))
        return fail(q, label, f"{cell_name(first)} also holds "
                              f"{digits_list(MASK_DIGITS[pos.cands[first] & extra_mask])}, "
                              f"so {cells_name(cells)} is not locked to {digits_list(keep)}",
                    holders, tuple(keep))
    lacking = [d for d in keep if not union & bit(d)]
    if lacking:
        return fail(q, label, f"{lacking[0]} is not a candidate in {cells_name(cells)}", digits=keep)
    digits = MASK_DIGITS[union]
    removes = {(j, d) for h in common_houses(cells) for j in HOUSES[h] if j not in cells
               for d in digits if pos.has(j, d)}
    name = cells_name(cells)

    def why_not(i, d, placing):
        if placing:
            return f"{an(label)} removes candidates; it does not place {cell_name(i)}={d}"
        if i in cells:
            return f"{cell_name(i)} is part of the set {name} itself"
        if d not in digits:
            return f"{d} is not one of the digits {digits_list(digits)} of {name}"
        return f"{cell_name(i)} does not share a house with all of {name}"

    return PatternReport(True, label, cells, digits=digits, removes=removes, why_not=why_not)


def check_hidden(pos: Position, q) -> PatternReport:
    got = _start(pos, q, True)
    if isinstance(got, PatternReport):
        return got
    label, cells, union = got
    k, name = len(cells), cells_name(cells)
    lacking = [d for d in q.digits if not union & bit(d)]
    if lacking:
        return fail(q, label, f"{lacking[0]} is not a candidate in {name}", digits=sorted(q.digits))
    pool = sorted(q.digits) or MASK_DIGITS[union]
    claimed = {d for _, d, _ in q.claim}
    best = None
    for h in common_houses(cells):
        outside = {d: [j for j in digit_cells(pos, h, d) if j not in cells] for d in pool}
        confined = [d for d in pool if not outside[d]]
        if best is None or len(confined) > len(best[1]):
            best = (h, confined, outside)
    assert best is not None       # the cells share a house (checked above)
    h, confined, outside = best
    if len(confined) < k:
        rest = sorted((d for d in pool if d not in confined),
                      key=lambda d: (d in claimed, len(outside[d]), d))
        chosen = rest[:k - len(confined)]
        d = chosen[0]
        want = sorted(confined + chosen)
        return fail(q, label, f"{d} also fits {cells_name(outside[d])}, so {digits_list(want)} "
                              f"{'are' if len(want) > 1 else 'is'} not confined to {name}",
                    outside[d], tuple(want))
    digits = tuple(confined)
    removes = {(i, d) for i in cells for d in MASK_DIGITS[pos.cands[i]] if d not in digits}

    def why_not(i, d, placing):
        if placing:
            return f"{an(label)} removes candidates; it does not place {cell_name(i)}={d}"
        if i not in cells:
            return f"{cell_name(i)} is outside {name}; a hidden set only clears its own cells"
        return f"{d} is one of the hidden digits {digits_list(digits)}"

    return PatternReport(True, label, cells, digits=digits, removes=removes, why_not=why_not)


def _set_label(step) -> str:
    return step.roles.kind


# ------------------------------------------------------------------ finders

_SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))


def _offer_key(step) -> float:
    return step.roles.offer


@technique("naked-subset", "Naked Subset (LockedSet)", "locked-set", rank=50, weight=60,
           label="Naked Subset", aliases=("naked subset", "naked set", "naked"), sizes=_SIZES,
           check=check_naked, step_label=_set_label, offer_key=_offer_key,
           confusions=(("hidden-subset", "naked vs hidden",
                        "naked: N cells hold only N digits; hidden: N digits fit only in N cells "
                        "of a house"),),
           prerequisites=("hidden-single", "pointing", "claiming"),
           distractors=("hidden-subset", "pointing", "claiming", "naked-single"))
def naked_subsets(pos: Position):
    naked, _ = _all_sets(pos)
    return sorted((_naked_step(pos, c, d) for c, d in naked.values()), key=_order)


# every split of a house is both a naked and a hidden set: the judge ranks the
# two views together, so that the smaller side wins
@technique("hidden-subset", "Hidden Subset (LockedSet)", "locked-set", rank=60, weight=70, tier=50,
           label="Hidden Subset", aliases=("hidden subset", "hidden set", "hidden"), sizes=_SIZES,
           check=check_hidden, step_label=_set_label, offer_key=_offer_key,
           prerequisites=("hidden-single", "pointing", "claiming"),
           distractors=("naked-subset", "claiming", "hidden-single", "pointing"))
def hidden_subsets(pos: Position):
    _, hidden = _all_sets(pos)
    return sorted((_hidden_step(pos, c, d, h) for c, d, h in hidden.values()), key=_order)


def _set_order(found) -> tuple:
    """_order of the step a (cells, digits, ...) entry makes, without building it."""
    return (len(found[0]), tuple(found[0]), MASK_DIGITS[found[1]])


# A solve applies one step at a time: build only the first (the keys above
# are unique, so the smallest entry makes the first step).
def _first_naked(pos: Position):
    naked, _ = _all_sets(pos)
    if not naked:
        return []
    c, d = min(naked.values(), key=_set_order)
    return [_naked_step(pos, c, d)]


def _first_hidden(pos: Position):
    _, hidden = _all_sets(pos)
    if not hidden:
        return []
    c, d, h = min(hidden.values(), key=_set_order)
    return [_hidden_step(pos, c, d, h)]


naked_subsets.first = _first_naked
hidden_subsets.first = _first_hidden

