"""Simple Colours (also called Singles Chains) on one digit.

For a digit, every house holding it in exactly two cells gives a conjugate
pair: one of the two cells holds the digit, the other does not.  Pairs that
share cells join into chains (connected components of the conjugate graph).
Along a chain the truth values alternate, so we can paint the chain with two
colours and know that one colour is entirely true and the other entirely
false, without knowing which.

Two rules use this:

* Colour wrap: two cells of the same colour share a house.  Both cannot hold
  the digit, so that colour is the false one and the digit leaves every cell
  of that colour.  (The other colour is then true; we report only the
  eliminations, and the placements of the true colour follow as singles.)
* Colour trap: a cell outside the chain that holds the digit and sees a cell
  of each colour.  Whichever colour is true, one of the cells it sees holds
  the digit, so the digit leaves the trapped cell.

A chain reports one step per rule that fires.  When a chain wraps we report
the wrap only: once the false colour is gone, the true colour is placed and
every trapped cell sees a placed digit, so a separate trap step would teach
nothing new.  A chain of a single conjugate pair is handled by the same code;
its traps are the eliminations of Locked Candidates (it can never wrap).
A chain that cannot be two-coloured (an odd loop of conjugate pairs) only
exists in a broken position; it is skipped, never reported.
"""
from __future__ import annotations


from dataclasses import dataclass
from itertools import combinations

from ...registry import PatternReport, technique
from ...grid import (
    HOUSES_OF, PEER_MASK, cell_bits, cell_name, cells_mask, cells_name, house_name,
    sees,
)
from ...position import Position
from ...roles import COLOUR, Part, Roles
from ...step import make_step
from ..common import Memo, conjugate_links, digit_masks
from ..patterns import (
    chain_entry_keys, components, digit_guard, one_digit, strong_graph, strong_house, weak_text,
)


def colour_chains(digit_mask: int):
    """Yield (colours, houses) for every two-colourable conjugate chain of a
    digit (given by the mask of its cells): colours is a pair of sorted cell lists (the first holds the chain's
    lowest cell), houses the sorted houses of its conjugate pairs."""
    links = conjugate_links(digit_mask)
    adj: dict[int, list[tuple[int, int]]] = {}
    for a, c, h in links:
        adj.setdefault(a, []).append((c, h))
        adj.setdefault(c, []).append((a, h))
    colour: dict[int, int] = {}
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        members = [start]
        houses = set()
        stack = [start]
        ok = True
        while stack:
            x = stack.pop()
            for y, h in adj[x]:
                houses.add(h)
                if y not in colour:
                    colour[y] = 1 - colour[x]
                    members.append(y)
                    stack.append(y)
                elif colour[y] == colour[x]:
                    ok = False      # odd loop of conjugate pairs: broken position
        if not ok:
            continue
        groups = (sorted(i for i in members if colour[i] == 0),
                  sorted(i for i in members if colour[i] == 1))
        yield groups, sorted(houses)


def seen_by(cells) -> int:
    m = 0
    for i in cells:
        m |= PEER_MASK[i]
    return m


def _clash_houses(cells) -> list[int]:
    """Houses holding two or more of the given cells."""
    count: dict[int, int] = {}
    for i in cells:
        for h in HOUSES_OF[i]:
            count[h] = count.get(h, 0) + 1
    return sorted(h for h, n in count.items() if n >= 2)


def colour_text(cells) -> str:
    return "(" + ",".join(cell_name(i) for i in cells) + ")"


# ------------------------------------------------------------------ pattern check

def _check_colours(pos, q, d):
    cells, label = list(q.cells), q.label
    if len(cells) < 2:
        return PatternReport(False, label, cells, "a colour chain needs at least two cells", [], (d,),
                             fits=False)
    edges = strong_graph(pos, cells, d)
    comps = components(cells, edges)
    if len(comps) > 1:
        comp_of = {i: k for k, comp in enumerate(comps) for i in comp}
        for a, b in combinations(cells, 2):
            if comp_of[a] != comp_of[b] and sees(a, b):
                _, _, others = strong_house(pos, a, b, d)
                return PatternReport(False, label, cells, weak_text(a, b, d, others), others, (d,))
        lone = min(comps, key=len)
        return PatternReport(False, label, cells, f"{cells_name(lone)} is not linked strongly on {d} "
                             f"to the rest of the chain", lone, (d,))
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

    return PatternReport(True, label, cells, digits=(d,), removes=removes, why_not=digit_guard(d, why))


# ------------------------------------------------------------------ finder

@technique("simple-colours", "Simple Colours", "colouring", rank=250, weight=150,
           noun="Simple Colours step",
           aliases=("simple colour", "simple color", "simple colouring", "simple coloring",
                    "colouring", "coloring", "colour", "color"),
           check=one_digit(_check_colours), entry_keys=chain_entry_keys,
           confusions=(("x-cycle", "colouring vs X-Cycle",
                        "colouring uses strong links only; an X-Cycle is a closed loop mixing strong "
                        "and weak links"),),
           prerequisites=("skyscraper",),
           distractors=("x-cycle", "turbot-fish", "two-string-kite", "skyscraper"))
def simple_colours(pos: Position):
    steps = []
    masks = digit_masks(pos)
    for d in range(1, 10):
        # a digit's chains depend on its cells alone: reuse them while those stay
        steps.extend(_MEMO.get((d, masks[d]), _digit_colours, d, masks[d]))
    steps.sort(key=lambda s: (len(s.cells), s.roles.rule != "wrap", s.digits, s.cells))
    return steps


_MEMO = Memo()


def _digit_colours(d: int, digit_cells: int) -> tuple:
    """The wrap and trap steps of every chain of one digit."""
    steps = []
    for groups, houses in colour_chains(digit_cells):
        masks = (cells_mask(groups[0]), cells_mask(groups[1]))
        clashes = [has_clash(g, m) for g, m in zip(groups, masks)]
        if clashes[0] and clashes[1]:
            continue    # both colours false: broken position, nothing sound to say
        if not (clashes[0] or clashes[1]):
            trapped = digit_cells & ~(masks[0] | masks[1]) & seen_by(groups[0]) & seen_by(groups[1])
            if not trapped:
                continue    # most chains: nothing to say (the text is built only for steps)
        chain = sorted(groups[0] + groups[1])
        colours = (tuple(groups[0]), tuple(groups[1]))
        if clashes[0] or clashes[1]:
            false = 0 if clashes[0] else 1
            roles = ColourRoles("wrap", colours, false, tuple(_clash_houses(groups[false])))
            steps.append(make_step("simple-colours", roles, cells=chain, digits=(d,), houses=houses,
                                   eliminations=[(i, d) for i in groups[false]]))
            continue
        steps.append(make_step("simple-colours", ColourRoles("trap", colours), cells=chain,
                               digits=(d,), houses=houses,
                               eliminations=[(i, d) for i in cell_bits(trapped)]))
    return tuple(steps)


@dataclass(frozen=True)
class ColourRoles(Roles):
    """One chain of conjugate pairs in its two colours (the step's digit);
    a wrap says which colour is false and the houses where it clashes."""
    rule: str                                   # 'wrap' or 'trap'
    colours: tuple[tuple[int, ...], tuple[int, ...]]
    false_colour: int = -1
    clash_houses: tuple[int, ...] = ()

    def name(self, step) -> str:
        a, b = self.colours
        return (f"Simple Colours {self.rule.title()}: {step.digits[0]} {colour_text(a)} / "
                f"{colour_text(b)}")

    def json(self, step) -> dict:
        out = {"digit": step.digits[0], "rule": self.rule,
               "colours": [[cell_name(i) for i in g] for g in self.colours]}
        if self.rule == "wrap":
            out["false_colour"] = self.false_colour
            out["clash_houses"] = [house_name(h) for h in self.clash_houses]
        return out

    def parts(self, step):
        return tuple(Part(COLOUR, cells=g, digits=step.digits, tag=tag)
                     for g, tag in zip(self.colours, COLOUR_TAGS))


COLOUR_TAGS = ("a", "A", "b", "B")      # two colours of a cluster, then of a second


def has_clash(cells, mask: int) -> bool:
    """Whether two of the cells (mask: the same cells) share a house."""
    return any(PEER_MASK[i] & mask for i in cells)
