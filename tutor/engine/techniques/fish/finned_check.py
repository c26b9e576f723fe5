"""The pattern check of a finned fish: named base and cover lines (R27 C39)
and fins (or the pattern's cells) read as a Finned or Sashimi X-Wing,
Swordfish or Jellyfish, with one line saying what does not fit (the finder
and the definition are in finned.py)."""
from __future__ import annotations

from itertools import combinations

from ...grid import BOX, COL, ROW, cell_name, cells_name, house_name
from ...position import Position
from ...registry import PatternQuery, PatternReport, an
from ..common import digit_masks, query_digits
from ..patterns import WORDS
from .basic import FISH_NAMES, FINNED_IDS, line_cell


def _groups_of(query: PatternQuery):
    """(base houses, cover houses) as typed, or None when no lines are named."""
    groups = [tuple(sorted(g)) for g in query.lines if g]
    if not groups:
        return None
    return groups[0], (groups[1] if len(groups) > 1 else ())


def check(pos: Position, query: PatternQuery) -> PatternReport:
    """Check named base and cover lines (R27 C39) and fins (or pattern
    cells) as a finned fish of the query's size."""
    size = query.size or {v: k for k, v in FINNED_IDS.items()}.get(query.technique, 2)
    label = query.label or f"Finned {FISH_NAMES[size]}"
    cells = sorted(set(query.cells))
    named = _groups_of(query)
    options = [named] if named else _options_from_cells(cells, size)
    if not options:
        if not cells:
            return PatternReport(False, label, cells, f"name the base and cover lines of the "
                                 f"{label} (e.g. R27 C39) and its fins")
        rows, cols = len({ROW[i] for i in cells}), len({COL[i] for i in cells})
        return PatternReport(False, label, cells, f"{cells_name(cells)} lie in {rows} rows and "
                             f"{cols} columns: {an(label)} lies in {WORDS[size]} base rows or "
                             f"{WORDS[size]} base columns (its fins included)", fits=False)
    scored = [_check_one(pos, d, size, base, cover, cells, label)
              for d in query_digits(pos, query, cells) for base, cover in options]
    claim = {(i, d) for i, d, placing in query.claim if not placing}
    for _, r in scored:
        if r.ok and claim and claim <= r.removes:
            return r
    return max(scored, key=lambda sr: (sr[1].ok, sr[0]))[1]


def _options_from_cells(cells, size):
    """Base/cover pairs the named cells may mean: their rows (or columns) as
    base, any `size` of their columns (or rows) as cover."""
    out = []
    for off in (0, 9):
        base = sorted({(ROW[i] if off == 0 else COL[i]) + off for i in cells})
        crosses = sorted({(COL[i] if off == 0 else ROW[i]) + 9 - off for i in cells})
        if len(base) == size:
            out.extend((tuple(base), cover) for cover in combinations(crosses, size))
    return out


def _fail(score, label, cells, reason, failing, d):
    return score, PatternReport(False, label, list(cells), reason, list(failing), (d,))


def _check_one(pos, d, size, base, cover, named, label):
    """(score, report) of one reading: how far it got, and the report."""
    dm = digit_masks(pos)[d]
    word = FISH_NAMES[size]
    kinds = {h // 9 for h in base}
    if len(kinds) != 1 or 2 in kinds:
        return _fail(0, label, named, f"the base lines {', '.join(map(house_name, base))} must be "
                     f"all rows or all columns", [], d)
    by_rows = 0 in kinds
    kind, other = ("row", "column") if by_rows else ("column", "row")
    if len(base) != size:
        return _fail(0, label, named, f"{an(label)} has {size} base {kind}s; "
                     f"{_houses_text(base)} has {len(base)}", [], d)
    if len(cover) != size or any(h // 9 != (1 if by_rows else 0) for h in cover):
        return _fail(0, label, named, f"{an(label)} has {size} cover {other}s crossing the base "
                     f"{kind}s; {_houses_text(cover) or 'none'} named", [], d)
    base_txt, cover_txt = _houses_text(base).upper(), _houses_text(cover).upper()
    base_idx, cover_idx = [h % 9 for h in base], {h % 9 for h in cover}
    line_of = (lambda i: ROW[i]) if by_rows else (lambda i: COL[i])
    cross_of = (lambda i: COL[i]) if by_rows else (lambda i: ROW[i])
    base_cells = {k: [line_cell(by_rows, k, c) for c in range(9) if dm >> line_cell(by_rows, k, c) & 1]
                  for k in base_idx}
    for k, cs in base_cells.items():
        if not cs:
            return _fail(1, label, named, f"{house_name(k + (0 if by_rows else 9))} has no "
                         f"candidate {d}", [], d)
    for i in named:
        if not dm >> i & 1:
            return _fail(1, label, named, f"{cell_name(i)} has no candidate {d}", [i], d)
        if line_of(i) not in base_idx:
            return _fail(1, label, named, f"{cell_name(i)} is not on the base {kind}s "
                         f"{base_txt}", [i], d)
    for c in sorted(cover_idx):
        if not any(cross_of(i) == c for cs in base_cells.values() for i in cs):
            return _fail(2, label, named, f"{house_name(c + (9 if by_rows else 0))} holds no candidate {d} "
                         f"of the base {kind}s {base_txt}", [], d)
    fins = [i for cs in base_cells.values() for i in cs if cross_of(i) not in cover_idx]
    if not fins:
        return _fail(2, label, named, f"{base_txt} {cover_txt} has no fin: that is a basic "
                     f"{word}", [], d)
    named_fins = [i for i in named if cross_of(i) not in cover_idx]
    boxes = {BOX[i] for i in (named_fins or fins)}
    if len(boxes) == 1:
        box = boxes.pop()
        stray = [i for i in fins if BOX[i] != box]
        if stray:
            return _fail(3, label, named, f"{cell_name(stray[0])} holds {d} outside the cover "
                         f"lines {cover_txt} and is not a fin", stray, d)
    else:
        src = named_fins or fins
        return _fail(3, label, named, f"the fins {_and(src)} are not in one box", src, d)
    for k, cs in base_cells.items():
        if all(BOX[i] == box for i in cs):
            return _fail(3, label, named, f"{house_name(k + (0 if by_rows else 9))} holds {d} "
                         f"only inside {house_name(18 + box)}: that is Claiming, not a "
                         f"finned fish", cs, d)
    removes = {(i, d) for c in cover_idx for i in range(81)
               if cross_of(i) == c and dm >> i & 1 and BOX[i] == box
               and line_of(i) not in base_idx}
    sashimi = any(sum(1 for i in cs if i not in fins) < 2 for cs in base_cells.values())
    name = f"{'Sashimi' if sashimi else 'Finned'} {word} #{d} {base_txt} {cover_txt}"
    fin_word = "fin" if len(fins) == 1 else "fins"
    bname = house_name(18 + box)
    if not removes:
        through = [c for c in cover_idx if c // 3 == (box % 3 if by_rows else box // 3)]
        why = (f"no cell of {cover_txt} in {bname} outside {base_txt} holds {d}" if through
               else f"no cover {other} crosses {bname}, the box of the {fin_word}")
        return _fail(4, label, named, f"{name} {fin_word} {cells_name(fins)} removes nothing: "
                     f"{why}", [], d)

    def why_not(i, e, placing):
        if placing:
            return "a finned fish only removes candidates"
        if e != d:
            return f"{name} is about {d}, not {e}"
        if cross_of(i) not in cover_idx:
            return f"{cell_name(i)} is not in the cover {other}s {cover_txt}"
        if line_of(i) in base_idx:
            return f"{cell_name(i)} lies on a base {kind} ({base_txt})"
        return f"{name} removes only cells of {bname} that see the {fin_word}"

    pattern = sorted(i for cs in base_cells.values() for i in cs)
    return 5, PatternReport(True, name.split(" #")[0], pattern, digits=(d,), removes=removes,
                            why_not=why_not)


def _houses_text(houses) -> str:
    if not houses:
        return ""
    return "rcb"[houses[0] // 9] + "".join(str(h % 9 + 1) for h in houses)


def _and(cells) -> str:
    names = [cell_name(i) for i in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
