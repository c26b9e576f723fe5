"""Finned fish on one digit: Finned X-Wing (size 2), Swordfish (3),
Jellyfish (4), with their Sashimi forms; rows or columns as base.

Definition used here (the one of HoDoKu's "Finned/Sashimi Fish" and of
SudokuWiki, in our words):

* n *base lines* of one kind and n *cover lines* of the other; each cover
  line holds some base candidate of the digit (the cover is chosen among
  the lines the base candidates touch);
* the *fins* are the base candidates outside the cover lines; there is at
  least one (else it is a basic fish, `techniques/fish.py`) and all lie in
  one box, the *fin box*;
* if no fin holds the digit, the rest is a basic fish and the digit leaves
  the cover lines outside the base lines; if a fin holds it, every cell of
  the fin box sees that fin.  So the cells of the cover lines, outside the
  base lines, that lie in the fin box lose the digit either way.  A finned
  fish that removes nothing is not a step.
* *Sashimi*, as HoDoKu defines it: with the fins set aside, some base line
  keeps only one candidate, so the rest would not be a basic fish of its
  own (for an X-Wing: one base line holds a single cell of the cover).  The
  step says so: `"sashimi": true` and the name `Sashimi X-Wing`.  A
  Sashimi X-Wing is often a Skyscraper as well.

Choices worth knowing:

* Every base line holds the digit outside the fin box.  A base line whose
  candidates all lie in the fin box is locked in that box: Claiming removes
  every candidate such a fish removes (and more), so it is not reported;
  the pattern check names it.
* One instance is (digit, base lines, cover lines, fins).  The same base
  lines and fin box can be covered in several ways when the cover is
  completed with a column of the fin box (a row, for column fish); covers
  that remove the same candidates are one instance: the one with the
  fewest fins is kept (then the lowest cover lines), `also_cover`
  lists the others.
* Row-based and column-based fish are separate patterns (as for basic
  fish); a finned fish of size n may contain a smaller fish and is still
  reported.

The search reuses the base-set search of `fish.py`: for each band of base
lines it gives the sets of lines outside the band that fit few enough cover
lines; for each box of the band, one or two of the band's lines (a fin's
line among them, and one left for a target) join them with the box's cells
left out, and the cover is completed with lines through the fin box.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...compiled import PURE_PYTHON, optional_module
from ...grid import BOX, MASK_BITS, POPCOUNT, cell_name, cells_name, house_name, lines_text
from ...position import Position
from ...registry import EntryKeys, an, technique
from ...roles import BASE, COVER, FIN, Part, Roles
from ...step import make_step
from ..common import Memo, digit_masks
from .basic import FINNED_IDS, FISH_NAMES, base_sets, line_cell, line_masks
from .finned_check import check

SIZES = (2, 3, 4)
_MEMO = Memo()

_ABI = 1        # what _finned.c's band_fish takes and gives (its ABI constant)
_finned = optional_module(f"{__package__}._finned", _ABI)
COMPILED = _finned is not None and not PURE_PYTHON


# STACKS[m]: 3-bit mask of the thirds (stacks, or bands) of a 9-bit line mask m
STACKS = tuple(sum(1 << t for t in range(3) if m >> (3 * t) & 7) for m in range(512))


@lru_cache(maxsize=None)
def _fin_boxes(spread: int, band: int) -> tuple:
    """For a band whose three lines hold the digit in the thirds `spread`
    (3 bits per line), the boxes that may hold fins, each with the ways to
    take the band's lines as base lines:
    ((stack, ((base lines of the band, lines left for targets), ...)), ...).

    The box needs the digit on two of the band's lines (a fin's line, kept
    as a base line, and a target's line, left out); a base line must hold
    the digit outside the box too (a line wholly in the box is Claiming)."""
    out = []
    for stack in range(3):
        in_box = out_box = 0
        for j in range(3):
            thirds = spread >> (3 * j) & 7
            if thirds >> stack & 1:
                in_box |= 1 << j
            if thirds & ~(1 << stack):
                out_box |= 1 << j
        ways = tuple((tuple(3 * band + j for j in MASK_BITS[inner]),
                      tuple(3 * band + j for j in MASK_BITS[7 & ~inner]))
                     for inner in range(1, 8)
                     if not inner & ~out_box and inner & in_box and in_box & ~inner)
        if ways:
            out.append((stack, ways))
    return tuple(out)


def band_fish(lines, band: int) -> list:
    """_band_fish's fish as a list, in C where it is built (_finned.c): the
    same fish in the same order."""
    if COMPILED:
        return _finned.band_fish(lines, band)
    return list(_band_fish(lines, band))


def _band_fish(lines, band: int):
    """Every finned fish (sizes 2 to 4) whose fins lie in a box of one band
    of base lines, on one digit.

    lines[k]: 9-bit mask of the cross positions of base line k holding the
    digit.  A base set is one or two lines of the band (the fins' lines among them; a third is
    left for the targets) and the rest from outside the band, which fish.py's
    search gives once for the band.  Yields (size, stack of the fin box,
    base lines, cover mask, fin mask per band line, eliminations as
    (base-kind index, cross index))."""
    b0 = 3 * band
    boxes = _fin_boxes(STACKS[lines[b0]] | STACKS[lines[b0 + 1]] << 3
                       | STACKS[lines[b0 + 2]] << 6, band)
    if not boxes:
        return
    outside = [0 if k // 3 == band else lines[k] for k in range(9)]
    rests: dict = {}
    for stack, ways in boxes:
        seg = 7 << (3 * stack)
        for inner, free in ways:
            reduced = in_box = target_mask = 0
            for k in inner:
                reduced |= lines[k] & ~seg
                in_box |= lines[k] & seg
            for k in free:
                target_mask |= lines[k] & seg
            least = POPCOUNT[reduced]
            for size in SIZES:
                if size < least:
                    continue
                rest = rests.get(size - len(inner))
                if rest is None:
                    # narrowest first, so the loop can stop at the first too wide
                    rest = rests[size - len(inner)] = sorted(
                        base_sets(outside, size - len(inner), SIZES[-1]),
                        key=lambda r: POPCOUNT[r[1]]) if size > len(inner) else [((), 0)]
                for others, union in rest:
                    if POPCOUNT[union] > size:
                        break
                    union |= reduced
                    # the cover takes `need` of the box's cross lines, one must
                    # be left over for a fin, and a target must lie on the cover
                    need = size - POPCOUNT[union]
                    if need < 0 or POPCOUNT[in_box & ~union] <= need or \
                            not (union | in_box) & target_mask:
                        continue
                    for cover in _completions(union, in_box, size):
                        if cover & target_mask:
                            fins = {k: lines[k] & seg & ~cover for k in inner}
                            elims = [(k, c) for c in MASK_BITS[cover & target_mask]
                                     for k in free if lines[k] >> c & 1]
                            yield size, stack, tuple(sorted(inner + others)), cover, fins, elims


def _completions(union: int, in_box: int, size: int):
    """Covers of `size` cross lines made of `union` and lines through the
    fin box that hold base candidates there."""
    for extra in combinations(MASK_BITS[in_box & ~union], size - POPCOUNT[union]):
        cover = union
        for c in extra:
            cover |= 1 << c
        yield cover


def _digit_finned(digit_mask: int, d: int) -> dict:
    """{size: steps} for every finned fish on one digit (rows as base, then
    columns), one per (base lines, fin box, eliminations)."""
    rows, cols = line_masks(digit_mask)
    found: dict = {size: [] for size in SIZES}
    for by_rows in (True, False):
        lines = rows if by_rows else cols
        for band in range(3):
            kept: dict = {}
            for size, stack, base, cover, fins, elims in band_fish(lines, band):
                key = (size, stack, base, tuple(elims))
                nfins = sum(POPCOUNT[m] for m in fins.values())
                if key not in kept:
                    kept[key] = [nfins, cover, fins, elims, []]
                elif nfins < kept[key][0]:
                    old = kept[key]
                    kept[key] = [nfins, cover, fins, elims, old[4] + [old[1]]]
                else:
                    kept[key][4].append(cover)
            for (size, _, base, _), (_, cover, fins, elims, also) in sorted(
                    kept.items(), key=lambda kv: (kv[0][2], kv[1][1])):
                found[size].append(_step(d, size, by_rows, lines, base, cover, fins, elims,
                                         also))
    return {size: tuple(steps) for size, steps in found.items()}


def _step(d, size, by_rows, lines, base, cover, fins, elims, also):
    fin_cells = sorted(line_cell(by_rows, k, c) for k, m in fins.items() for c in MASK_BITS[m])
    body = {k: lines[k] & ~fins.get(k, 0) for k in base}
    sashimi = any(POPCOUNT[m] < 2 for m in body.values())
    cells = sorted(line_cell(by_rows, k, c) for k in base for c in MASK_BITS[lines[k]])
    off = 0 if by_rows else 9
    base_houses = [off + k for k in base]
    cover_houses = [9 - off + c for c in MASK_BITS[cover]]
    also_cover = tuple(tuple(9 - off + c for c in MASK_BITS[m]) for m in also)
    return make_step(
        FINNED_IDS[size], FinnedRoles(tuple(fin_cells), sashimi, also_cover, size),
        cells=cells, digits=(d,), houses=base_houses + cover_houses + [18 + BOX[fin_cells[0]]],
        eliminations=[(line_cell(by_rows, r, c), d) for r, c in elims])


@dataclass(frozen=True)
class FinnedRoles(Roles):
    """A finned fish: the step's houses are its base lines, its cover lines
    and its fin box; `also_cover` the other covers that remove the same."""
    fins: tuple[int, ...]
    sashimi: bool
    also_cover: tuple[tuple[int, ...], ...]
    size: int

    @property
    def word(self) -> str:
        return ("Sashimi " if self.sashimi else "Finned ") + FISH_NAMES[self.size]

    def _texts(self, step) -> tuple[str, str, str]:
        base, cover = step.houses[:self.size], step.houses[self.size:2 * self.size]
        fins = ("fin " if len(self.fins) == 1 else "fins ") + cells_name(self.fins)
        return lines_text(base), lines_text(cover), fins

    def name(self, step) -> str:
        base, cover, fins = self._texts(step)
        return f"{self.word} #{step.digits[0]} BaseSet:{base.upper()} CoverSet:{cover.upper()} {fins}"

    def lead(self, step) -> str:
        base, cover, fins = self._texts(step)
        return f"{self.word}: {step.digits[0]} {base} {cover} {fins}"

    def json(self, step) -> dict:
        base, cover, _ = self._texts(step)
        return {"digit": step.digits[0], "base": base, "cover": cover, "size": self.size,
                "fins": [cell_name(i) for i in self.fins], "fin_box": house_name(step.houses[-1]),
                "sashimi": self.sashimi, "pattern": cells_name(step.cells),
                "also_cover": [lines_text(c) for c in self.also_cover]}

    def parts(self, step):
        return (Part(BASE, houses=step.houses[:self.size], digits=step.digits),
                Part(COVER, houses=step.houses[self.size:2 * self.size], digits=step.digits),
                Part(FIN, cells=self.fins, digits=step.digits))


def _finned_steps(pos: Position, size: int):
    masks = digit_masks(pos)
    steps = []
    for d in range(1, 10):
        # the three sizes share one search, kept while the digit's cells stay
        steps.extend(_MEMO.get((d, masks[d]), _digit_finned, masks[d], d)[size])
    return steps


def _first_step(pos: Position, size: int):
    """[the finder's first step] or []: logic solve takes one step, so the
    search stops at the first digit that has one."""
    masks = digit_masks(pos)
    for d in range(1, 10):
        found = _MEMO.get((d, masks[d]), _digit_finned, masks[d], d)[size]
        if found:
            return [found[0]]
    return []


# ------------------------------------------------------------------ the rooms

def _entry_keys(step):
    size = step.roles.size
    lines = (tuple(step.houses[:size]), tuple(step.houses[size:2 * size]))
    # `Finned X-Wing #4 R27 C39 fin r2c8`: with base and cover named, the
    # fins name the rest (quiz matching takes any of the cells then)
    return EntryKeys(frozenset(step.cells), lines=lines, digits=frozenset(step.digits))


def _step_label(step) -> str:
    return step.roles.word


def _room(size):
    word = FISH_NAMES[size]
    low = word.lower()
    squeezed = low.replace("-", "").replace(" ", "")
    spaced = low.replace("-", " ")
    aliases = tuple(dict.fromkeys(
        f"{kind} {form}" for kind in ("finned", "sashimi") for form in (spaced, squeezed)))
    plain = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}[size]
    confusions = [(plain, f"Finned {word} vs {word}",
                   f"a Finned {word} has extra candidates (fins) outside its cover lines, all in "
                   f"one box, and removes only cover cells in that box; {an(word)} has no fin and "
                   f"clears its cover lines")]
    if size == 2:
        confusions.append(("skyscraper", "Finned X-Wing vs Skyscraper",
                           "a Sashimi X-Wing is often a Skyscraper too: the fish is named by "
                           "base and cover lines and its fin, the Skyscraper by its two strong "
                           "links; both remove the same cells of the fin box"))
    else:
        smaller = FINNED_IDS[size - 1]
        confusions.append((smaller, f"Finned {word} vs Finned {FISH_NAMES[size - 1]}",
                           f"count the base lines: {size} for a Finned {word}, {size - 1} for a "
                           f"Finned {FISH_NAMES[size - 1]}"))
    prerequisites = (plain,) if size == 2 else (plain, FINNED_IDS[size - 1])
    distractors = (plain, "skyscraper", FINNED_IDS[3 if size == 2 else size - 1], "empty-rectangle")
    return dict(label=f"Finned {word}", aliases=aliases, check=check, step_label=_step_label,
                entry_keys=_entry_keys, confusions=tuple(confusions),
                prerequisites=prerequisites, distractors=distractors)


@technique("finned-x-wing", "Finned X-Wing", "finned-fish", rank=220, weight=130, **_room(2))
def finned_x_wing(pos: Position):
    return _finned_steps(pos, 2)


@technique("finned-swordfish", "Finned Swordfish", "finned-fish", rank=230, weight=200, **_room(3))
def finned_swordfish(pos: Position):
    return _finned_steps(pos, 3)


@technique("finned-jellyfish", "Finned Jellyfish", "finned-fish", rank=240, weight=240, **_room(4))
def finned_jellyfish(pos: Position):
    return _finned_steps(pos, 4)


for _size, _finder in ((2, finned_x_wing), (3, finned_swordfish), (4, finned_jellyfish)):
    _finder.first = lambda pos, size=_size: _first_step(pos, size)
