"""W-Wing (family `wings`): two cells with the same pair, bridged by a strong link.

Two bivalue cells A and B hold the same pair {x,y} and do not see each
other.  A strong link on x (a house where x has exactly two places L1 and
L2, neither of them A or B) has L1 seeing A and L2 seeing B.  If a cell
that sees A and B held y, A and B would both be x; then neither L1 nor L2
could be x and the link's house would have no x at all.  So y goes from
every cell that sees both A and B.

One instance is (A, B, x).  Several links on x give the same elimination:
the step shows the first one (houses in order, rows, columns, then boxes)
and lists every one in its roles' `links`, so a learner may name any of them.
The same pair of cells may also be bridged on y; that is another step,
removing x.  Two cells with the same pair that see each other are a Naked
Pair, never a W-Wing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast
from itertools import combinations

from ...registry import EntryKeys, PatternQuery, PatternReport, technique
from ...grid import MASK_DIGITS, PEER_MASK, POPCOUNT, SINGLE_DIGIT, cell_bits, cell_name, house_name
from ...position import Position
from ...roles import LINK, WING, Z, Part, Roles
from ...step import Step, make_step
from ..common import bivalue_pairs, conjugate_links, digit_masks, once_per_position
from ..patterns import count_cells, fail_on, holds, mask_list, named_cells, removal_reasons


def w_wing_links(pos: Position, a: int, b: int, x: int) -> list[tuple[int, int, int]]:
    """(l1, l2, house) for every strong link on x, neither end a or b, with
    l1 seeing a and l2 seeing b (a pair of cells linked in two houses comes
    once, with the first)."""
    links = []
    done = set()
    pa, pb = PEER_MASK[a], PEER_MASK[b]
    for u, v, h in conjugate_links(digit_masks(pos)[x]):
        if u in (a, b) or v in (a, b) or (u, v) in done:
            continue
        done.add((u, v))
        if pa >> u & 1 and pb >> v & 1:
            links.append((u, v, h))
        elif pa >> v & 1 and pb >> u & 1:
            links.append((v, u, h))
    return links


@once_per_position
def _w_wings(pos: Position) -> tuple:
    steps = []
    masks = digit_masks(pos)
    for pair, cells in bivalue_pairs(pos).items():
        for a, b in combinations(cells, 2):
            if PEER_MASK[a] >> b & 1:
                continue                      # a Naked Pair, not a W-Wing
            both = PEER_MASK[a] & PEER_MASK[b]
            for x in MASK_DIGITS[pair]:
                y = SINGLE_DIGIT[pair & ~(1 << (x - 1))]
                targets = both & masks[y]
                if targets:
                    links = w_wing_links(pos, a, b, x)
                    if links:
                        steps.append(_w_step(a, b, x, y, links, targets))
    steps.sort(key=lambda s: (s.cells[:2], s.roles.x))
    return tuple(steps)


def _w_step(a, b, x, y, links, targets):
    l1, l2, h = links[0]
    return make_step("w-wing", WWingRoles(x, y, tuple(links)), cells=(a, b, l1, l2),
                     digits=tuple(sorted((x, y))), houses=(h,),
                     eliminations=[(i, y) for i in cell_bits(targets)])


@dataclass(frozen=True)
class WWingRoles(Roles):
    """The step's cells are the two wing cells, then the link shown (the
    first of `links`, every (l1, l2, house) that bridges them on x); y (z)
    leaves the cells that see both wing cells."""
    x: int
    z: int
    links: tuple[tuple[int, int, int], ...]

    def name(self, step) -> str:
        a, b, l1, l2 = (cell_name(c) for c in step.cells)
        return (f"W-Wing: {self.x}/{self.z} in {a}, {b} connected by {self.x} in {l1}={l2} "
                f"({house_name(step.houses[0])})")

    def json(self, step) -> dict:
        a, b, l1, l2 = (cell_name(c) for c in step.cells)
        return {"wings": [a, b], "link": [l1, l2], "link_house": house_name(step.houses[0]),
                "link_digit": self.x, "z": self.z,
                "links": [[cell_name(u), cell_name(v), house_name(k)] for u, v, k in self.links]}

    def parts(self, step):
        return (Part(WING, cells=step.cells[:2], digits=step.digits),
                Part(LINK, cells=step.cells[2:], digits=(self.x,)),
                Part(Z, cells=step.cells[:2], digits=(self.z,)))


# ---------------------------------------------------------------- pattern check

def _link_problem(pos: Position, a: int, b: int, x: int, l1: int, l2: int) -> str:
    """Why l1, l2 is not a strong link on x bridging a and b ('' if it is)."""
    for c in (l1, l2):
        if not pos.has(c, x):
            return f"{cell_name(c)} has no candidate {x}"
    if not any({u, v} == {l1, l2} for u, v, _ in conjugate_links(digit_masks(pos)[x])):
        return (f"{cell_name(l1)} and {cell_name(l2)} are not the only places for {x} in any "
                f"house, so they are no strong link")
    if not any({u, v} == {l1, l2} for u, v, _ in w_wing_links(pos, a, b, x)):
        return (f"the link {cell_name(l1)}={cell_name(l2)} does not reach both wing cells: one "
                f"end must see {cell_name(a)}, the other {cell_name(b)}")
    return ""


def check_w_wing(pos: Position, query: PatternQuery) -> PatternReport:
    label = "W-Wing"
    cells = named_cells(query)
    cands = pos.cands
    if len(cells) not in (2, 4):
        return fail_on(label, cells, f"a W-Wing names its two bivalue cells (and, if you like, the "
                    f"two cells of its strong link), not {count_cells(cells)}")
    link = None
    if len(cells) == 4:
        pairs = [(a, b) for a, b in combinations(cells, 2)
                 if cands[a] == cands[b] and POPCOUNT[cands[a]] == 2 and not pos.values[a]]
        pairs.sort(key=lambda ab: bool(PEER_MASK[ab[0]] >> ab[1] & 1))
        if not pairs:
            return fail_on(label, cells, "no two of these cells are bivalue cells with the same "
                        "pair: a W-Wing needs two")
        a, b = pairs[0]
        link = tuple(c for c in cells if c not in (a, b))
    else:
        a, b = cells
    for c in (a, b):
        if POPCOUNT[cands[c]] != 2 or pos.values[c]:
            return fail_on(label, cells, f"{holds(pos, c)}: a W-Wing cell needs two candidates", [c])
    if cands[a] != cands[b]:
        return fail_on(label, cells, f"{holds(pos, a)} and {holds(pos, b)}: the two W-Wing "
                    f"cells must hold the same pair", [a, b])
    if PEER_MASK[a] >> b & 1:
        return fail_on(label, cells, f"{cell_name(a)} and {cell_name(b)} see each other: two cells "
                    f"with one pair there are a Naked Pair, not a W-Wing", [a, b])
    pair = MASK_DIGITS[cands[a]]
    other = sorted(set(query.digits) - set(pair))
    if other:
        return fail_on(label, cells, f"{cell_name(a)} and {cell_name(b)} hold "
                    f"{mask_list(cands[a])}, not {','.join(map(str, other))}")
    # the link digit: the other digit of a claimed one (or of one named) first
    claimed = [d for _, d, placing in query.claim if not placing and d in pair]
    if not claimed and len(query.digits) == 1:
        claimed = list(query.digits)
    order = [e for d in claimed for e in pair if e != d] + list(pair)
    order = list(dict.fromkeys(order))
    reach, problems = {}, []
    for x in order:
        y = pair[0] if x == pair[1] else pair[1]
        if link:
            problem = _link_problem(pos, a, b, x, *link)
        else:
            found = w_wing_links(pos, a, b, x)
            problem = "" if found else f"no strong link on {x} joins {cell_name(a)} and {cell_name(b)}"
        if problem:
            problems.append(problem)
        else:
            reach[y] = [a, b]
            if claimed:
                break
    if not reach:
        return fail_on(label, cells, problems[0], list(link or ()))
    both = PEER_MASK[a] & PEER_MASK[b]
    masks = digit_masks(pos)
    removes = {(i, y) for y in reach for i in cell_bits(both & masks[y])}
    return PatternReport(True, label, cells, digits=tuple(pair), removes=removes,
                         why_not=removal_reasons(pos, label, cells, reach))


def w_entry_keys(step: Step) -> EntryKeys:
    """The two bivalue cells, alone or with any link's two cells; digits, when
    named, must include the removed one."""
    a, b = step.cells[:2]
    roles = cast(WWingRoles, step.roles)
    with_links = tuple(frozenset((a, b, u, v)) for u, v, _ in roles.links)
    return EntryKeys(frozenset((a, b)), alternatives=with_links,
                     digits=frozenset((roles.z,)), more_digits=frozenset((roles.x,)))


@technique(
    "w-wing", "W-Wing", "wings", rank=150, weight=150, label="W-Wing",
    prerequisites=('naked-subset', 'skyscraper'), distractors=('xy-wing', 'remote-pair', 'skyscraper', 'turbot-fish'),
    aliases=("w wing", "wwing"),
    check=check_w_wing, entry_keys=w_entry_keys,
    confusions=(
        ("xy-wing", "W-Wing vs XY-Wing",
         "a W-Wing is two cells with the same pair bridged by a strong link; an XY-Wing is "
         "three bivalue cells holding three different digits"),
        ("remote-pair", "W-Wing vs Remote Pair",
         "both join two cells with one pair; a W-Wing bridges them with a strong link on one digit "
         "and removes the other, a Remote Pair walks through more cells with that pair and "
         "removes both"),
    ),
)
def w_wing(pos: Position):
    return list(_w_wings(pos))
