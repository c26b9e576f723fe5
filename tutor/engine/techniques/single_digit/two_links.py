"""Two strong links on one digit: Skyscraper, 2-String Kite, Turbot Fish.

A *strong link* on digit d is a pair of cells that are the only two places
left for d in some house (row, column or box): one of the two must be d.
The same pair may be a strong link in two houses at once (a row and a box);
a pair is one link whatever the number of houses behind it.

All three techniques are the same short chain

    x2 = x1 - y1 = y2        (x2 or y2 holds d)

made of two strong links {x1, x2} and {y1, y2} (four different cells) whose
ends x1 and y1 see each other (the weak link).  If x1 holds d, y1 cannot,
so y2 does; if x1 does not, x2 does.  Either way d sits in x2 or in y2, so
any other cell that sees both x2 and y2 loses d.

We require that exactly ONE of the four pairs (x_i, y_j) see each other:

* if two pairs do, the four cells form a closed loop: an X-Wing when both
  links are parallel lines joined by lines, otherwise a four-link X-cycle
  (technique `x-cycle`); those are left to their own techniques;
* if one end sees both ends of the other link, that end is already removed
  by Locked Candidates, a simpler technique.

With exactly one connected pair the pattern is fixed by the two links alone
(which ends are joined follows from them), so each instance is reported
once, never once per direction or per link order.  The connected ends never
see the far free end, so no pattern cell is ever eliminated.

Which id an instance gets (first rule that fits):

* `skyscraper`: both links lie in rows (or both in columns) and the joined
  ends share a column (resp. a row), the 'base' of the skyscraper;
* `two-string-kite`: one link lies in a row, the other in a column, and the
  joined ends share a box (the only way a row link and a column link can be
  joined once);
* `turbot-fish`: every other instance, i.e. at least one link is only a
  box link (its cells share a box but neither a row nor a column that holds
  just those two), or both links lie in parallel lines joined through a box
  instead of a cross line.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...registry import PatternReport, technique
from ...grid import (
    BOX, COL, PEER_MASK, ROW, cell_bits, cell_name, cells_name, house_name, sees, shared_houses,
)
from ...position import Position
from ...roles import Roles, alternating
from ...step import make_step
from ..common import Memo, clear_memos, conjugate_links, digit_masks, once_per_position
from ..patterns import (
    WORDS, an, chain_entry_keys, common_houses, digit_cells, digit_guard, one_digit, strong_house,
    weak_text,
)

# A digit's patterns depend on its cells alone, so they are kept per digit
# (keyed by the digit's cell mask) and reused while those cells stay; the
# three finders share them.
_MEMO = Memo()


def clear_cache() -> None:
    """Forget the kept results (benchmarks use it to time the full search);
    this clears what every finder keeps, not only these three."""
    clear_memos()


def strong_links(dm: int):
    """{(a, b): [houses]} for every pair of cells that are the only two
    places of a digit in a house (a < b), given the 81-bit mask of its
    cells."""
    links: dict[tuple[int, int], list[int]] = {}
    for a, c, h in conjugate_links(dm):
        links.setdefault((a, c), []).append(h)
    return links


def _kind(houses, kind):
    """The first house of a kind (0 row, 1 column, 2 box) in a list, or None."""
    for h in houses:
        if h // 9 == kind:
            return h
    return None


@dataclass(frozen=True)
class Shape:
    """What sets one of the three apart: its id, how its name reads (a
    format of d, the free ends x2 and y2 and their names joined as `free`,
    the joined ends x1 and y1 and `joined`, the weak link's house `weak`),
    whether the row link is shown first, and what its check asks of the
    links' lines."""
    id: str
    words: str
    row_link_first: bool = False
    parallel: bool = False          # both links in rows, or both in columns
    crossed: bool = False           # a row link and a column link joined in a box


SKYSCRAPER = Shape("skyscraper", "Skyscraper: {d} in {free} (connected by {joined})", parallel=True)
KITE = Shape("two-string-kite", "2-String Kite: {d} in {free} (connected by {x1},{y1} in {weak})",
             row_link_first=True, crossed=True)
TURBOT = Shape("turbot-fish", "Turbot Fish: {d} {x2} ={d}= {x1} -{d}- {y1} ={d}= {y2}")


def _classify(x1, hx, y1, hy):
    """The shape and the houses (link x, link y, weak link) to show."""
    for kind, cross in ((0, 9), (1, 0)):
        rx, ry = _kind(hx, kind), _kind(hy, kind)
        if rx is not None and ry is not None:
            # parallel lines; the joined ends must share the cross line
            same = COL[x1] == COL[y1] if kind == 0 else ROW[x1] == ROW[y1]
            if same:
                weak = cross + (COL[x1] if kind == 0 else ROW[x1])
                return SKYSCRAPER, rx, ry, weak
    for kx, ky in ((0, 1), (1, 0)):
        rx, ry = _kind(hx, kx), _kind(hy, ky)
        if rx is not None and ry is not None and BOX[x1] == BOX[y1]:
            return KITE, rx, ry, 18 + BOX[x1]
    sx = min(hx)  # lines before boxes
    sy = min(hy)
    return TURBOT, sx, sy, shared_houses(x1, y1)[0]


@once_per_position
def _all(pos: Position) -> dict[str, list]:
    found: dict[str, list] = {"skyscraper": [], "two-string-kite": [], "turbot-fish": []}
    masks = digit_masks(pos)
    for d in range(1, 10):
        for tid, steps in _MEMO.get((d, masks[d]), _digit_patterns, masks[d], d).items():
            found[tid].extend(steps)
    for steps in found.values():
        steps.sort(key=lambda s: (s.digits, sorted(s.cells)))
    return found


def _digit_patterns(dm: int, d: int) -> dict[str, tuple]:
    """Every two-strong-link pattern on one digit, by technique id."""
    found: dict[str, list] = {"skyscraper": [], "two-string-kite": [], "turbot-fish": []}
    links = strong_links(dm)
    items = list(links.items())
    n = len(items)
    for p in range(n):
        (a1, a2), ha = items[p]
        pa1, pa2 = PEER_MASK[a1], PEER_MASK[a2]
        for q in range(p + 1, n):
            (b1, b2), hb = items[q]
            if b1 == a1 or b1 == a2 or b2 == a1 or b2 == a2:
                continue
            s11 = pa1 >> b1 & 1
            s12 = pa1 >> b2 & 1
            s21 = pa2 >> b1 & 1
            s22 = pa2 >> b2 & 1
            if s11 + s12 + s21 + s22 != 1:
                continue
            # name the joined ends x1, y1 and the free ends x2, y2
            if s11:
                x1, x2, y1, y2 = a1, a2, b1, b2
            elif s12:
                x1, x2, y1, y2 = a1, a2, b2, b1
            elif s21:
                x1, x2, y1, y2 = a2, a1, b1, b2
            else:
                x1, x2, y1, y2 = a2, a1, b2, b1
            targets = PEER_MASK[x2] & PEER_MASK[y2] & dm
            if not targets:
                continue
            shape, hx, hy, weak = _classify(x1, ha, y1, hb)
            # the row link first (a kite), else the link with the lower free end
            if (hx // 9 == 1) if shape.row_link_first else y2 < x2:
                x1, x2, y1, y2, hx, hy = y1, y2, x1, x2, hy, hx
            found[shape.id].append(make_step(
                shape.id, TwoLinkRoles(shape), cells=(x2, x1, y1, y2), digits=(d,),
                houses=(hx, hy, weak), eliminations=[(i, d) for i in cell_bits(targets)]))
    return {tid: tuple(steps) for tid, steps in found.items() if steps}


@dataclass(frozen=True)
class TwoLinkRoles(Roles):
    """The chain x2 = x1 - y1 = y2: the step's cells are (x2, x1, y1, y2),
    its houses (link x's, link y's, the weak link's)."""
    shape: Shape

    def name(self, step) -> str:
        x2, x1, y1, y2 = (cell_name(c) for c in step.cells)
        return self.shape.words.format(d=step.digits[0], free=f"{x2},{y2}", x1=x1, x2=x2, y1=y1,
                                       y2=y2, joined=cells_name(step.cells[1:3]),
                                       weak=house_name(step.houses[2]))

    def json(self, step) -> dict:
        x2, x1, y1, y2 = (cell_name(c) for c in step.cells)
        hx, hy, weak = step.houses
        d = step.digits[0]
        return {"digit": d, "links": [[x1, x2], [y1, y2]],
                "link_houses": [house_name(hx), house_name(hy)],
                "connected_by": house_name(weak), "ends": [x2, y2],
                "chain": f"({d}){x2}={x1}-{y1}={y2}"}

    def chains(self, step):
        d = step.digits[0]
        x2, x1, y1, y2 = step.cells
        return (alternating([(d, (x2,), "="), (d, (x1,), "-"), (d, (y1,), "="), (d, (y2,), None)]),)

    def ends(self, step):
        return step.cells[0], step.cells[3]


# ------------------------------------------------------------------ pattern checks

def two_links_check(shape: Shape):
    """The check for one of the three, named by its four cells."""
    def check_digit(pos, q, d):
        cells, label = list(q.cells), q.label
        if len(cells) != 4:
            return PatternReport(False, label, cells,
                                 f"{an(label)} is two strong links: name their four cells "
                                 f"({cells_name(cells)} is {WORDS.get(len(cells), len(cells))})",
                                 [], (d,), fits=False)
        a, b, c, e = cells
        options = []
        for p1, p2 in (((a, b), (c, e)), ((a, c), (b, e)), ((a, e), (b, c))):
            h1 = strong_house(pos, *p1, d)
            h2 = strong_house(pos, *p2, d)
            if h1 is None or h2 is None:
                continue
            options.append((p1, h1, p2, h2))
        if not options:
            return PatternReport(False, label, cells,
                                 f"{cells_name(cells)} cannot be split into two pairs that each "
                                 f"share a house", list(cells), (d,))
        scored = [_two_links_option(pos, q, d, shape, *o) for o in options]
        for _, r in scored:
            if r.covers(q.claim):
                return r
        # a fine pairing first; else the one that got furthest explains best what fails
        return max(scored, key=lambda sr: sr[0])[1]
    return one_digit(check_digit)


def _two_links_option(pos, q, d, shape, p1, h1, p2, h2):
    """(score, report): 3 fine, 2 links fine but shape wrong, 1 one link weak, 0 both."""
    cells, label = list(q.cells), q.label

    def bad(score, reason, failing):
        return score, PatternReport(False, label, cells, reason, list(failing), (d,))
    for (x, y), (_h, strong, others) in ((p1, h1), (p2, h2)):
        if not strong:
            return bad(1 if (h1[1] or h2[1]) else 0, weak_text(x, y, d, others), others)
    joins = [(x, y) for x in p1 for y in p2 if sees(x, y)]
    if not joins:
        return bad(2, f"no end of {cells_name(p1)} sees an end of {cells_name(p2)}, so the two "
                      f"links are not connected", cells)
    for end, pair in [(x, p2) for x in p1] + [(y, p1) for y in p2]:
        if all(sees(end, o) for o in pair):
            return bad(2, f"{cell_name(end)} sees both ends of {cells_name(pair)}, which removes {d} "
                          f"from {cell_name(end)} directly (Locked Candidates)", [end])
    if len(joins) > 1:
        return bad(2, f"the two links close into a loop (ends joined twice), which is an X-Wing or "
                      f"an X-Cycle rather than {an(label)}", cells)
    lines1 = [h for h in common_houses(p1) if h < 18 and not _others(pos, h, p1, d)]
    lines2 = [h for h in common_houses(p2) if h < 18 and not _others(pos, h, p2, d)]
    if shape.parallel and not any((l1 < 9) == (l2 < 9) for l1 in lines1 for l2 in lines2):
        return bad(2, "a Skyscraper needs its two strong links in parallel rows or parallel columns",
                   cells)
    if shape.crossed:
        kinds1, kinds2 = {h // 9 for h in lines1}, {h // 9 for h in lines2}
        crossed = (0 in kinds1 and 1 in kinds2) or (1 in kinds1 and 0 in kinds2)
        if not crossed or not any(BOX[x] == BOX[y] for x, y in joins):
            return bad(2, "a Two-String Kite joins a row link and a column link through one box",
                       cells)
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
                            why_not=digit_guard(d, why))


def _others(pos, h, pair, d):
    return [j for j in digit_cells(pos, h, d) if j not in pair]


# ------------------------------------------------------------------ finders

_TURBOT_TIP = ("a Turbot Fish uses a box link (or joins its links through a box); a Skyscraper "
               "uses two parallel line links")


@technique("skyscraper", "Skyscraper", "single-digit", rank=100, weight=130,
           aliases=("sky scraper",),
           check=two_links_check(SKYSCRAPER), entry_keys=chain_entry_keys,
           confusions=(("x-wing", "X-Wing vs Skyscraper",
                        "an X-Wing's two links end in the same two cross lines; a Skyscraper's ends "
                        "are offset, only one end pair lines up"),
                       ("two-string-kite", "Skyscraper vs 2-String Kite",
                        "a Skyscraper's two links are both rows or both columns; a kite joins a row "
                        "link and a column link in a box"),
                       ("turbot-fish", "Skyscraper vs Turbot Fish", _TURBOT_TIP)),
           prerequisites=("pointing", "claiming", "x-wing"),
           distractors=("x-wing", "two-string-kite", "turbot-fish", "swordfish"))
def skyscraper(pos: Position):
    return list(_all(pos)["skyscraper"])


@technique("two-string-kite", "2-String Kite", "single-digit", rank=110, weight=150,
           aliases=("two string kite", "kite"), check=two_links_check(KITE),
           entry_keys=chain_entry_keys,
           confusions=(("turbot-fish", "2-String Kite vs Turbot Fish",
                        "a kite's two links are a row and a column joined in a box; a Turbot Fish "
                        "has a link that is only a box link"),),
           prerequisites=("skyscraper",),
           distractors=("skyscraper", "turbot-fish", "x-wing", "simple-colours"))
def two_string_kite(pos: Position):
    return list(_all(pos)["two-string-kite"])


@technique("turbot-fish", "Turbot Fish", "single-digit", rank=120, weight=120, aliases=("turbot",),
           check=two_links_check(TURBOT), entry_keys=chain_entry_keys,
           prerequisites=("skyscraper",),
           distractors=("skyscraper", "two-string-kite", "x-cycle", "x-wing"))
def turbot_fish(pos: Position):
    return list(_all(pos)["turbot-fish"])
