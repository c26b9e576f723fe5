"""Checking a pattern a learner names, straight from the candidates.

The judge calls `check_pattern` when the learner gives pattern cells and a
technique ("naked pair r6c45").  Each check works on the position alone (it
does not ask the technique finders) and answers with a PatternReport:

* ok=False and `reason`: the first condition of the pattern that fails, in
  a short sentence in standard notation ("r6c5 also holds 9, so r6c45 is
  not locked to 3,8"), with the cells where it fails in `failing`;
* ok=True: the pattern holds; `removes` is what it removes (when the check
  can work that out) and `misses(item)` says why it does not reach a claimed
  candidate ("r6c9 does not see both ends r1c2 and r5c8").

Techniques without a check here (death-blossom) return None; the judge then
relies on the steps the finders report.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable

from .grid import (
    BOX, COL, HOUSES, HOUSE_MASK, MASK_DIGITS, POPCOUNT, ROW, PEERS, bit, cell_name, cells_name,
    house_name, sees,
)
from .position import Position

WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
         8: "eight", 9: "nine"}
SET_WORDS = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint", 6: "Sextuple", 7: "Septuple"}
FISH_SIZE = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}


@dataclass
class PatternReport:
    ok: bool
    label: str                       # what the pattern was checked as: 'Naked Pair'
    cells: list[int]                 # the pattern cells as named
    reason: str = ""                 # failing condition (ok=False)
    failing: list[int] = field(default_factory=list)
    digits: tuple[int, ...] = ()     # the pattern's digits when known
    removes: set | None = None       # (cell, digit) eliminations, or None if not worked out
    places: set = field(default_factory=set)
    why_not: Callable[[int, int, bool], str] | None = None  # (cell, digit, is_placement) -> text

    def misses(self, items) -> str:
        """Why the (fine) pattern does not reach the first uncovered claim
        item; '' when it covers them all or cannot tell."""
        if not self.ok or self.removes is None:
            return ""
        for i, d, placing in items:
            hit = (i, d) in self.places if placing else (i, d) in self.removes
            if not hit:
                if self.why_not:
                    return self.why_not(i, d, placing)
                verb = "place" if placing else "remove"
                return f"{cells_name(self.cells)} does not {verb} {_item(i, d, placing)}"
        return ""

    def covers(self, items) -> bool:
        return self.ok and self.removes is not None and not self.misses(items)


def _item(i, d, placing):
    return f"{cell_name(i)}={d}" if placing else f"{cell_name(i)}<>{d}"


def _dcells(pos: Position, h: int, d: int) -> list[int]:
    b = bit(d)
    return [i for i in HOUSES[h] if pos.cands[i] & b and not pos.values[i]]


def _digits(ds) -> str:
    return ",".join(str(d) for d in sorted(ds))


def _cells_bits(cells) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def common_houses(cells) -> list[int]:
    m = _cells_bits(cells)
    return [h for h in range(27) if HOUSE_MASK[h] & m == m]


def _no_shared_house(cells) -> tuple[str, list[int]]:
    """The first two cells that share no house, as a failed report."""
    for a, b in combinations(cells, 2):
        if not sees(a, b):
            return f"{cell_name(a)} and {cell_name(b)} share no house", [a, b]
    return f"{cells_name(cells)} do not all share one house", list(cells)


def _lines_name(kind: str, idx) -> str:
    return kind + "".join(str(x + 1) for x in sorted(idx))


def _an(word: str) -> str:
    return ("an " if word[:1] in "AEIOUaeiou" or word.startswith("X-") else "a ") + word


# ------------------------------------------------------------------ entry

def check_pattern(pos: Position, tech: str, size: int | None, cells: list[int],
                  items: list[tuple[int, int, bool]], label: str) -> PatternReport | None:
    """Check `cells` as an instance of technique `tech` (size: subset or fish
    size when known).  items: the claim as (cell, digit, is_placement)."""
    cells = sorted(set(cells))
    for i in cells:
        if pos.values[i]:
            return PatternReport(False, label, cells, f"{cell_name(i)} is already solved "
                                 f"({pos.values[i]}), so it cannot be part of the pattern", [i])
    if tech == "naked-subset":
        return _naked(pos, cells, size, items, label)
    if tech == "hidden-subset":
        return _hidden(pos, cells, size, items, label)
    if tech == "naked-single":
        return _naked_single(pos, cells, items, label)
    if tech == "hidden-single":
        return _hidden_single(pos, cells, items, label)
    checker = _SINGLE_DIGIT.get(tech)
    if checker is None:
        return None
    # one-digit patterns: try each claimed digit all pattern cells hold
    digits = []
    for _, d, _ in items:
        if d not in digits:
            digits.append(d)
    if not digits:  # no claim to go by: every digit the cells share
        common = 0x1FF
        for i in cells:
            common &= pos.cands[i]
        digits = list(MASK_DIGITS[common]) or [1]
    held = [d for d in digits if all(pos.cands[i] & bit(d) for i in cells)]
    if not held:
        d = digits[0]
        lacking = [i for i in cells if not pos.cands[i] & bit(d)]
        return PatternReport(False, label, cells, f"{cell_name(lacking[0])} has no candidate {d}",
                             lacking, (d,))
    reports = [checker(pos, cells, d, tech, size, items, label) for d in held]
    for r in reports:
        if r.covers(items):
            return r
    for r in reports:
        if r.ok:
            return r
    # the cells may well form the pattern, on a digit the claim is not about
    common = 0x1FF
    for i in cells:
        common &= pos.cands[i]
    for e in MASK_DIGITS[common]:
        if e not in held:
            other = checker(pos, cells, e, tech, size, [], label)
            if other.ok:
                return PatternReport(False, label, cells,
                                     f"{cells_name(cells)} is {_an(label)} on {e}, not on "
                                     f"{_digits(held)}", [], (e,))
    return reports[0]


# ------------------------------------------------------------------ subsets

def _size_problem(cells, size, label):
    if size and len(cells) != size:
        return PatternReport(False, label, cells, f"{_an(label)} has {WORDS[size]} cells; "
                             f"{cells_name(cells)} has {WORDS.get(len(cells), len(cells))}")
    if len(cells) < 2:
        return PatternReport(False, label, cells, f"a set needs at least two cells; "
                             f"{cells_name(cells)} is one cell (that would be a single)")
    if len(cells) > 7:
        return PatternReport(False, label, cells, "a set has at most seven cells")
    houses = common_houses(cells)
    if not houses:
        reason, failing = _no_shared_house(cells)
        return PatternReport(False, label, cells, reason, failing)
    return None


def _naked(pos, cells, size, items, label):
    bad = _size_problem(cells, size, label)
    if bad:
        return bad
    k = len(cells)
    union = 0
    for i in cells:
        union |= pos.cands[i]
    if POPCOUNT[union] > k:
        claimed = {d for _, d, _ in items}
        count = {d: sum(1 for i in cells if pos.cands[i] & bit(d)) for d in MASK_DIGITS[union]}
        order = sorted(MASK_DIGITS[union], key=lambda d: (-count[d], d not in claimed, d))
        keep = order[:k]
        extra_mask = union & ~sum(bit(d) for d in keep)
        holders = [i for i in cells if pos.cands[i] & extra_mask]
        first = min(holders, key=lambda i: (POPCOUNT[pos.cands[i] & extra_mask], i))
        return PatternReport(
            False, label, cells,
            f"{cell_name(first)} also holds {_digits(MASK_DIGITS[pos.cands[first] & extra_mask])}, "
            f"so {cells_name(cells)} is not locked to {_digits(keep)}", holders, tuple(keep))
    digits = MASK_DIGITS[union]
    houses = common_houses(cells)
    removes = {(j, d) for h in houses for j in HOUSES[h] if j not in cells
               for d in digits if pos.has(j, d)}
    name = cells_name(cells)

    def why_not(i, d, placing):
        if placing:
            return f"{_an(label)} removes candidates; it does not place {cell_name(i)}={d}"
        if i in cells:
            return f"{cell_name(i)} is part of the set {name} itself"
        if d not in digits:
            return f"{d} is not one of the digits {_digits(digits)} of {name}"
        return f"{cell_name(i)} does not share a house with all of {name}"

    return PatternReport(True, label, cells, digits=digits, removes=removes, why_not=why_not)


def _hidden(pos, cells, size, items, label):
    bad = _size_problem(cells, size, label)
    if bad:
        return bad
    k = len(cells)
    union = 0
    for i in cells:
        union |= pos.cands[i]
    claimed = {d for _, d, _ in items}
    best = None
    for h in common_houses(cells):
        outside = {d: [j for j in _dcells(pos, h, d) if j not in cells] for d in MASK_DIGITS[union]}
        confined = [d for d in MASK_DIGITS[union] if not outside[d]]
        if best is None or len(confined) > len(best[1]):
            best = (h, confined, outside)
    h, confined, outside = best
    name = cells_name(cells)
    if len(confined) < k:
        pool = sorted((d for d in MASK_DIGITS[union] if d not in confined),
                      key=lambda d: (d in claimed, len(outside[d]), d))
        chosen = pool[:k - len(confined)]
        d = chosen[0]
        want = sorted(confined + chosen)
        return PatternReport(
            False, label, cells,
            f"{d} also fits {cells_name(outside[d])}, so {_digits(want)} "
            f"{'are' if len(want) > 1 else 'is'} not confined to {name}",
            outside[d], tuple(want))
    digits = tuple(confined)
    removes = {(i, d) for i in cells for d in MASK_DIGITS[pos.cands[i]] if d not in digits}

    def why_not(i, d, placing):
        if placing:
            return f"{_an(label)} removes candidates; it does not place {cell_name(i)}={d}"
        if i not in cells:
            return f"{cell_name(i)} is outside {name}; a hidden set only clears its own cells"
        return f"{d} is one of the hidden digits {_digits(digits)}"

    return PatternReport(True, label, cells, digits=digits, removes=removes, why_not=why_not)


# ------------------------------------------------------------------ singles

def _naked_single(pos, cells, items, label):
    if len(cells) != 1:
        return PatternReport(False, label, cells, f"a naked single is one cell, not {cells_name(cells)}")
    i = cells[0]
    if POPCOUNT[pos.cands[i]] > 1:
        return PatternReport(False, label, cells,
                             f"{cell_name(i)} still holds {_digits(MASK_DIGITS[pos.cands[i]])}", [i])
    d = MASK_DIGITS[pos.cands[i]][0]
    return _single_report(pos, label, cells, i, d)


def _hidden_single(pos, cells, items, label):
    if len(cells) != 1:
        return PatternReport(False, label, cells, f"a hidden single is one cell, not {cells_name(cells)}")
    i = cells[0]
    digits = [d for _, d, placing in items if placing] or [d for _, d, _ in items]
    d = digits[0]
    if not pos.has(i, d):
        return PatternReport(False, label, cells, f"{cell_name(i)} has no candidate {d}", [i])
    best = None
    for h in (ROW[i], 9 + COL[i], 18 + BOX[i]):
        others = [j for j in _dcells(pos, h, d) if j != i]
        if not others:
            return _single_report(pos, label, cells, i, d)
        if best is None or len(others) < len(best[1]):
            best = (h, others)
    h, others = best
    return PatternReport(False, label, cells, f"{d} also fits {cells_name(others)} in {house_name(h)}",
                         others, (d,))


def _single_report(pos, label, cells, i, d):
    removes = {(i, e) for e in MASK_DIGITS[pos.cands[i]] if e != d}
    removes |= {(j, d) for j in PEERS[i] if pos.has(j, d)}

    def why_not(j, e, placing):
        if placing:
            return f"the single places {cell_name(i)}={d}, not {cell_name(j)}={e}"
        return f"placing {cell_name(i)}={d} does not remove {cell_name(j)}<>{e}"

    return PatternReport(True, label, cells, digits=(d,), removes=removes, places={(i, d)},
                         why_not=why_not)


# ------------------------------------------------------------------ one digit

def _lacking(pos, cells, d):
    return [i for i in cells if not pos.cands[i] & bit(d)]


def _common_lines(cells) -> list[int]:
    return [h for h in common_houses(cells) if h < 18]


def _claim_line_order(lines, items):
    """Lines holding a claimed cell first."""
    claimed = {i for i, _, _ in items}
    return sorted(lines, key=lambda h: not any(HOUSE_MASK[h] >> i & 1 for i in claimed))


def _digit_guard(d, why):
    def wrapped(i, e, placing):
        if e != d:
            return f"the pattern is about {d}, not {e}"
        if placing:
            return f"it removes candidates; it does not place {cell_name(i)}={e}"
        return why(i)
    return wrapped


def _pointing(pos, cells, d, tech, size, items, label):
    boxes = sorted({BOX[i] for i in cells})
    if len(boxes) > 1:
        a = cells[0]
        b = next(i for i in cells if BOX[i] != BOX[a])
        return PatternReport(False, label, cells, f"{cell_name(a)} and {cell_name(b)} are not in one box",
                             [a, b], (d,))
    box = 18 + boxes[0]
    lines = _common_lines(cells)
    if not lines:
        return PatternReport(False, label, cells,
                             f"{cells_name(cells)} do not lie on one row or column", list(cells), (d,))
    box_d = _dcells(pos, box, d)
    fails = []
    for line in _claim_line_order(lines, items):
        off = [j for j in box_d if not HOUSE_MASK[line] >> j & 1]
        if not off:
            removes = {(j, d) for j in _dcells(pos, line, d) if 18 + BOX[j] != box}

            def why(i, line=line):
                if not HOUSE_MASK[line] >> i & 1:
                    return f"{cell_name(i)} is not on {house_name(line)}"
                return f"{cell_name(i)} is inside {house_name(box)}"
            on_line = [j for j in box_d]
            return PatternReport(True, label, on_line, digits=(d,), removes=removes,
                                 why_not=_digit_guard(d, why))
        fails.append((line, off))
    line, off = fails[0]
    return PatternReport(False, label, cells,
                         f"{d} also fits {cells_name(off)} in {house_name(box)}, "
                         f"so it is not confined to {house_name(line)}", off, (d,))


def _claiming(pos, cells, d, tech, size, items, label):
    lines = _common_lines(cells)
    if not lines:
        return PatternReport(False, label, cells,
                             f"{cells_name(cells)} do not lie on one row or column", list(cells), (d,))
    boxes = sorted({BOX[i] for i in cells})
    if len(boxes) > 1:
        a = cells[0]
        b = next(i for i in cells if BOX[i] != BOX[a])
        return PatternReport(False, label, cells, f"{cell_name(a)} and {cell_name(b)} are not in one box",
                             [a, b], (d,))
    box = 18 + boxes[0]
    fails = []
    for line in sorted(lines, key=lambda h: any(
            HOUSE_MASK[h] >> i & 1 for i, _, _ in items)):  # the claim is off the line
        line_d = _dcells(pos, line, d)
        off = [j for j in line_d if 18 + BOX[j] != box]
        if not off:
            removes = {(j, d) for j in _dcells(pos, box, d) if not HOUSE_MASK[line] >> j & 1}

            def why(i, line=line):
                if 18 + BOX[i] != box:
                    return f"{cell_name(i)} is not in {house_name(box)}"
                return f"{cell_name(i)} is on {house_name(line)} itself"
            return PatternReport(True, label, line_d, digits=(d,), removes=removes,
                                 why_not=_digit_guard(d, why))
        fails.append((line, off))
    line, off = fails[0]
    return PatternReport(False, label, cells,
                         f"{d} also fits {cells_name(off)} in {house_name(line)}, "
                         f"outside {house_name(box)}", off, (d,))


def _fish(pos, cells, d, tech, size, items, label):
    n = size or FISH_SIZE.get(tech) or max(len({ROW[i] for i in cells}), 2)
    rows = sorted({ROW[i] for i in cells})
    cols = sorted({COL[i] for i in cells})
    results = []
    for by_rows in (True, False):
        base, named_cover = (rows, cols) if by_rows else (cols, rows)
        kind, other = ("row", "column") if by_rows else ("column", "row")
        letter, oletter = ("r", "c") if by_rows else ("c", "r")
        results.append(_fish_side(pos, cells, d, n, label, base, named_cover, by_rows,
                                  kind, other, letter, oletter))
    for r in results:
        if r.covers(items):
            return r
    for r in results:
        if r.ok:
            return r
    # report the side whose cover lines the claim lies on
    claimed = [i for i, _, _ in items]
    if claimed:
        i = claimed[0]
        if ROW[i] in rows and COL[i] not in cols:
            return results[1]
    return results[0]


def _fish_side(pos, cells, d, n, label, base, named_cover, by_rows, kind, other, letter, oletter):
    off = 0 if by_rows else 9
    coff = 9 if by_rows else 0
    if len(base) != n:
        return PatternReport(False, label, cells,
                             f"{_an(label)} has {WORDS[n]} base {kind}s; {cells_name(cells)} "
                             f"spans {WORDS[len(base)]}", [], (d,))
    line_of = (lambda i: COL[i]) if by_rows else (lambda i: ROW[i])
    cover = set()
    for b in base:
        dc = _dcells(pos, off + b, d)
        name = house_name(off + b)
        if not dc:
            return PatternReport(False, label, cells, f"{name} has no candidate {d}", [], (d,))
        if len(dc) > n:
            need = "two" if n == 2 else f"at most {WORDS[n]}"
            outside = [j for j in dc if line_of(j) not in named_cover] or dc
            return PatternReport(False, label, cells,
                                 f"{name} holds {d} in {WORDS[len(dc)]} cells, "
                                 f"{_an(label)} base {kind} needs {need}", outside, (d,))
        cover |= {line_of(j) for j in dc}
    if len(cover) > n:
        ref = set(named_cover) if len(named_cover) <= n else set()
        for b in base:
            dc = _dcells(pos, off + b, d)
            outside = [j for j in dc if line_of(j) not in ref]
            if ref and outside:
                return PatternReport(False, label, cells,
                                     f"{house_name(off + b)} holds {d} at {cells_name(outside)}, "
                                     f"outside the cover {other}s {_lines_name(oletter, ref)}",
                                     outside, (d,))
        return PatternReport(False, label, cells,
                             f"the {d}s of {_lines_name(letter, base)} spread over "
                             f"{WORDS[len(cover)]} {other}s {_lines_name(oletter, cover)}", [], (d,))
    removes = {(j, d) for c in cover for j in _dcells(pos, coff + c, d)
               if (ROW[j] if by_rows else COL[j]) not in base}
    cover_name = _lines_name(oletter, cover)
    base_name = _lines_name(letter, base)

    def why(i):
        if line_of(i) not in cover:
            return f"{cell_name(i)} is not in the cover {other}s {cover_name}"
        return f"{cell_name(i)} lies on a base {kind} ({base_name})"

    fish_cells = [j for b in base for j in _dcells(pos, off + b, d)]
    return PatternReport(True, label, fish_cells, digits=(d,), removes=removes,
                         why_not=_digit_guard(d, why))


def _strong_house(pos, a, b, d, lines_only=False):
    """(house, is_strong, other d-cells) for the best house a and b share."""
    best = None
    for h in common_houses([a, b]):
        if lines_only and h >= 18:
            continue
        others = [j for j in _dcells(pos, h, d) if j not in (a, b)]
        cand = (h, not others, others)
        if best is None or (cand[1] and not best[1]) or (cand[1] == best[1] and len(others) < len(best[2])):
            best = cand
    return best


def _weak_text(a, b, d, others):
    verb = "holds" if len(others) == 1 else "hold"
    return (f"{cell_name(a)} and {cell_name(b)} are not linked strongly on {d}: "
            f"{cells_name(others)} also {verb} {d}")


def _two_links(pos, cells, d, tech, size, items, label):
    if len(cells) != 4:
        return PatternReport(False, label, cells,
                             f"{_an(label)} is two strong links: name their four cells "
                             f"({cells_name(cells)} is {WORDS.get(len(cells), len(cells))})", [], (d,))
    a, b, c, e = cells
    options = []
    for p1, p2 in (((a, b), (c, e)), ((a, c), (b, e)), ((a, e), (b, c))):
        h1 = _strong_house(pos, *p1, d)
        h2 = _strong_house(pos, *p2, d)
        if h1 is None or h2 is None:
            continue
        options.append((p1, h1, p2, h2))
    if not options:
        return PatternReport(False, label, cells,
                             f"{cells_name(cells)} cannot be split into two pairs that each share "
                             f"a house", list(cells), (d,))
    scored = [_two_links_option(pos, cells, d, tech, label, *o) for o in options]
    for _, r in scored:
        if r.covers(items):
            return r
    # a fine pairing first; else the one that got furthest explains best what fails
    return max(scored, key=lambda sr: sr[0])[1]


def _two_links_option(pos, cells, d, tech, label, p1, h1, p2, h2):
    """(score, report): 3 fine, 2 links fine but shape wrong, 1 one link weak, 0 both."""
    for (x, y), (h, strong, others) in ((p1, h1), (p2, h2)):
        if not strong:
            score = 1 if (h1[1] or h2[1]) else 0
            return score, PatternReport(False, label, cells, _weak_text(x, y, d, others), others, (d,))
    joins = [(x, y) for x in p1 for y in p2 if sees(x, y)]
    if not joins:
        return 2, PatternReport(False, label, cells,
                                f"no end of {cells_name(p1)} sees an end of {cells_name(p2)}, "
                                f"so the two links are not connected", list(cells), (d,))
    for end, pair in [(x, p2) for x in p1] + [(y, p1) for y in p2]:
        if all(sees(end, o) for o in pair):
            return 2, PatternReport(False, label, cells,
                                    f"{cell_name(end)} sees both ends of {cells_name(pair)}, which "
                                    f"removes {d} from {cell_name(end)} directly (Locked Candidates)",
                                    [end], (d,))
    if len(joins) > 1:
        return 2, PatternReport(False, label, cells,
                                f"the two links close into a loop (ends joined twice), which is an "
                                f"X-Wing or an X-Cycle rather than {_an(label)}", list(cells), (d,))
    if tech == "skyscraper":
        lines1 = [h for h in common_houses(p1) if h < 18 and not _dcells_other(pos, h, p1, d)]
        lines2 = [h for h in common_houses(p2) if h < 18 and not _dcells_other(pos, h, p2, d)]
        if not any((l1 < 9) == (l2 < 9) for l1 in lines1 for l2 in lines2):
            return 2, PatternReport(False, label, cells,
                                    "a Skyscraper needs its two strong links in parallel rows "
                                    "or parallel columns", list(cells), (d,))
    if tech == "two-string-kite":
        lines1 = {h // 9 for h in common_houses(p1) if h < 18 and not _dcells_other(pos, h, p1, d)}
        lines2 = {h // 9 for h in common_houses(p2) if h < 18 and not _dcells_other(pos, h, p2, d)}
        crossed = (0 in lines1 and 1 in lines2) or (1 in lines1 and 0 in lines2)
        boxed = any(BOX[x] == BOX[y] for x, y in joins)
        if not crossed or not boxed:
            return 2, PatternReport(False, label, cells,
                                    "a Two-String Kite joins a row link and a column link "
                                    "through one box", list(cells), (d,))
    removes = set()
    ends = []
    for x, y in joins:
        u = p1[1] if x == p1[0] else p1[0]
        v = p2[1] if y == p2[0] else p2[0]
        ends.append((u, v))
        for j in range(81):
            if j not in cells and pos.has(j, d) and sees(j, u) and sees(j, v):
                removes.add((j, d))

    def why(i):
        u, v = ends[0]
        return f"{cell_name(i)} does not see both ends {cell_name(u)} and {cell_name(v)}"

    return 3, PatternReport(True, label, cells, digits=(d,), removes=removes,
                            why_not=_digit_guard(d, why))


def _dcells_other(pos, h, pair, d):
    return [j for j in _dcells(pos, h, d) if j not in pair]


def _strong_graph(pos, cells, d):
    edges = {i: set() for i in cells}
    for a, b in combinations(cells, 2):
        hit = _strong_house(pos, a, b, d)
        if hit and hit[1]:
            edges[a].add(b)
            edges[b].add(a)
    return edges


def _components(cells, edges):
    seen, comps = set(), []
    for s in cells:
        if s in seen:
            continue
        comp, todo = [], [s]
        seen.add(s)
        while todo:
            x = todo.pop()
            comp.append(x)
            for y in edges[x]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        comps.append(sorted(comp))
    return comps


def _colours(pos, cells, d, tech, size, items, label):
    if len(cells) < 2:
        return PatternReport(False, label, cells, "a colour chain needs at least two cells", [], (d,))
    edges = _strong_graph(pos, cells, d)
    comps = _components(cells, edges)
    if len(comps) > 1:
        comp_of = {i: k for k, comp in enumerate(comps) for i in comp}
        for a, b in combinations(cells, 2):
            if comp_of[a] != comp_of[b] and sees(a, b):
                h, _, others = _strong_house(pos, a, b, d)
                return PatternReport(False, label, cells, _weak_text(a, b, d, others), others, (d,))
        lone = min(comps, key=len)
        return PatternReport(False, label, cells,
                             f"{cells_name(lone)} is not linked strongly on {d} to the rest "
                             f"of the chain", lone, (d,))
    colour = {cells[0]: 0}
    todo = [cells[0]]
    while todo:
        x = todo.pop()
        for y in edges[x]:
            if y not in colour:
                colour[y] = 1 - colour[x]
                todo.append(y)
    groups = [[i for i in cells if colour[i] == k] for k in (0, 1)]
    removes = set()
    for g in groups:
        if any(sees(a, b) for a, b in combinations(g, 2)):
            removes |= {(i, d) for i in g}
    for j in range(81):
        if j not in colour and pos.has(j, d) and all(any(sees(j, x) for x in g) for g in groups):
            removes.add((j, d))

    def why(i):
        if i in colour:
            return f"the two colours do not clash, so {cell_name(i)} keeps {d}"
        return f"{cell_name(i)} does not see both colours"

    return PatternReport(True, label, cells, digits=(d,), removes=removes,
                         why_not=_digit_guard(d, why))


def _x_cycle(pos, cells, d, tech, size, items, label):
    if len(cells) < 4:
        return PatternReport(False, label, cells, "an X-Cycle needs at least four cells", [], (d,))
    claimed = {i for i, _, _ in items}
    for i in cells:
        links = [j for j in cells if sees(i, j)]
        if len(links) < 2:
            return PatternReport(False, label, cells,
                                 f"{cell_name(i)} shares a house with {WORDS[len(links)]} other "
                                 f"cell{'s' if len(links) != 1 else ''} of the loop; a loop needs two",
                                 [i], (d,))
    edges = _strong_graph(pos, cells, d)
    for i in cells:
        if i in claimed or edges[i]:
            continue
        partners = [j for j in cells if sees(i, j)]
        j = partners[0]
        _, _, others = _strong_house(pos, i, j, d)
        return PatternReport(False, label, cells, _weak_text(i, j, d, others), others, (d,))
    return PatternReport(True, label, cells, digits=(d,), removes=None)


_SINGLE_DIGIT = {
    "pointing": _pointing,
    "claiming": _claiming,
    "x-wing": _fish, "swordfish": _fish, "jellyfish": _fish,
    "skyscraper": _two_links, "two-string-kite": _two_links, "turbot-fish": _two_links,
    "simple-colours": _colours,
    "x-cycle": _x_cycle,
}
