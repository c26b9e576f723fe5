"""Pattern checks of XY-Chain, AIC and grouped AIC: a chain a learner names,
checked link by link.

A chain may be named three ways:

* Eureka text in `PatternQuery.text`: `(4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2`;
  a loop ends on its first node again; an ALS node (grouped AIC) is a term
  of the ALS's cells with the two digits it is entered and left on,
  `(5=6)r5c147`;
* cells in chain order in `PatternQuery.text` ('r3c2 r3c7 r5c7 r5c2'): the
  digits are worked out (every way the cells can carry an alternating chain
  is tried);
* only the cells (`PatternQuery.cells`, no order): every order is tried as
  well (up to MAX_UNORDERED cells).

The answer is the first condition that fails, in standard notation ("r3c7=
r5c7 is not a strong link on 8: r9c7 also holds 8", "r3c2 and r3c7 do not
share 8"); when digits or order had to be tried, the failure of the attempt
that got furthest.  A chain that holds reports what it removes or places,
worked out from the named nodes alone (never from the finders).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...grid import (
    BOX, COL, HOUSE_MASK, MASK_DIGITS, PEER_MASK, POPCOUNT, ROW, cell_name, cells_mask, cells_name,
)
from ...position import Position
from ...registry import PatternQuery, PatternReport
from ...roles import eureka
from .text import parse_cell_order, parse_eureka
from ..als.checks import als_problem, union_of



@dataclass(frozen=True)
class ChainKind:
    """Which chain a check is for: its label and the rules that set it apart
    from a plain AIC."""
    label: str
    bivalue: bool = False    # XY-Chain: bivalue cells, strong inside a cell, weak between cells
    groups: bool = False     # Grouped AIC: group nodes allowed, and at least one needed


XY_CHAIN = ChainKind("XY-Chain", bivalue=True)
AIC = ChainKind("AIC")
GROUPED_AIC = ChainKind("Grouped AIC", groups=True)
MAX_UNORDERED = 9


class Broken(Exception):
    """The first failing condition: a reason and its cells."""

    def __init__(self, reason: str, cells=()):
        super().__init__(reason)
        self.reason, self.cells = reason, list(cells)


def _name(node) -> str:
    return cells_name(node[0])


def _digit_cells(pos: Position, house: int, d: int) -> int:
    m = 0
    for c in range(81):
        if HOUSE_MASK[house] >> c & 1 and not pos.values[c] and pos.cands[c] >> (d - 1) & 1:
            m |= 1 << c
    return m


def _houses(cells) -> list[int]:
    m = cells_mask(cells)
    return [h for h in range(27) if HOUSE_MASK[h] & m == m]


def _als_nodes(nodes, marks) -> set[int]:
    """The indices of the nodes that stand for an ALS: a term of two or more
    cells written with two digits, `(5=6)r5c147` (its two nodes share the
    cells and differ in digit)."""
    out = set()
    for j in range(len(marks)):
        (ca, da), (cb, db) = nodes[j], nodes[j + 1]
        if ca == cb and len(ca) > 1 and da != db:
            out |= {j, j + 1}
    return out


def _live(pos: Position, node) -> tuple[int, ...]:
    """The cells of a node that hold its digit: all of them for a cell or a
    group, the digit's cells for an ALS node."""
    cells, d = node
    return tuple(c for c in cells if not pos.values[c] and pos.cands[c] >> (d - 1) & 1)


def _check_als_node(pos: Position, node, kind: ChainKind) -> None:
    cells, d = node
    if not kind.groups:
        raise Broken(f"{_name(node)} is an ALS node: a chain with one is a Grouped AIC", cells)
    for c in cells:
        if pos.values[c]:
            raise Broken(f"{cell_name(c)} is filled, so it is in no ALS", [c])
    problem = als_problem(pos, cells)
    if problem:
        raise Broken(problem, cells)
    if not _live(pos, node):
        raise Broken(f"the ALS {_name(node)} has no candidate {d}", cells)


def _check_node(pos: Position, node, kind: ChainKind) -> None:
    cells, d = node
    for c in cells:
        if not pos.cands[c] >> (d - 1) & 1 or pos.values[c]:
            raise Broken(f"{cell_name(c)} has no candidate {d}", [c])
    if len(cells) > 1:
        if not kind.groups:
            raise Broken(f"({d}){_name(node)} is a group node: a chain with one is a Grouped AIC",
                         cells)
        if len({BOX[c] for c in cells}) > 1 or (len({ROW[c] for c in cells}) > 1
                                                and len({COL[c] for c in cells}) > 1):
            raise Broken(f"{_name(node)} is not a group node: its cells do not lie in one box "
                         f"and one row or column", cells)
    elif kind.bivalue and POPCOUNT[pos.cands[cells[0]]] != 2:
        c = cells[0]
        raise Broken(f"{cell_name(c)} holds {','.join(map(str, MASK_DIGITS[pos.cands[c]]))}: an "
                     f"XY-Chain cell holds two candidates", [c])


def _check_link(pos: Position, a, b, strong: bool, kind: ChainKind, als=(False, False)) -> None:
    """Whether a and b are linked (strongly when `strong`); Broken if not.
    als: whether a and b are ALS nodes (a link with one uses the ALS's cells
    of the link's digit)."""
    (ca, da), (cb, db) = a, b
    if all(als) and ca == cb:
        if not strong:
            raise Broken(f"({da}-{db}){_name(a)}: inside an ALS, two of its digits are linked "
                         f"strongly (if one is not in the ALS, the other is)", ca)
        return
    if any(als):
        if da != db:
            raise Broken(f"({da}){_name(a)} and ({db}){_name(b)} are on different digits: a link "
                         f"between nodes stays on one digit", list(ca) + list(cb))
        if set(ca) & set(cb):
            raise Broken(f"{_name(a)} and {_name(b)} overlap", sorted(set(ca) & set(cb)))
        la, lb = _live(pos, a), _live(pos, b)
        if not strong:
            far = [c for c in lb if any(not PEER_MASK[c] >> e & 1 for e in la)]
            if far:
                raise Broken(f"{cells_name(far)} does not see every {da} of {_name(a)}: not a "
                             f"weak link", far)
            return
        a, b, ca, cb = (la, da), (lb, db), la, lb
    if ca == cb:
        if len(ca) > 1 or da == db:
            raise Broken(f"({da}){_name(a)} and ({db}){_name(b)} are one node twice", ca)
        c = ca[0]
        if strong and POPCOUNT[pos.cands[c]] != 2:
            others = [d for d in MASK_DIGITS[pos.cands[c]] if d not in (da, db)]
            raise Broken(f"({da}={db}){cell_name(c)} is not a strong link: {cell_name(c)} also "
                         f"holds {','.join(map(str, others))}", [c])
        if kind.bivalue and not strong:
            raise Broken(f"({da}-{db}){cell_name(c)}: an XY-Chain links the two digits of a cell "
                         f"strongly and moves between cells on weak links", [c])
        return
    if da != db:
        cell = cb[0] if not pos.cands[cb[0]] >> (da - 1) & 1 else ca[0]
        raise Broken(f"{_name(a)} and {_name(b)} do not share {da}" if cell in cb else
                     f"({da}){_name(a)} and ({db}){_name(b)} are on different digits: a link "
                     f"between cells stays on one digit", [cell])
    if set(ca) & set(cb):
        raise Broken(f"{_name(a)} and {_name(b)} overlap", sorted(set(ca) & set(cb)))
    houses = _houses(ca + cb)
    if not houses:
        raise Broken(f"{_name(a)} and {_name(b)} share no house", list(ca) + list(cb))
    if kind.bivalue and strong:
        raise Broken(f"{_name(a)}={_name(b)}: an XY-Chain moves between cells on weak links, "
                     f"inside its cells on strong ones", list(ca) + list(cb))
    if strong:
        both = cells_mask(ca + cb)
        outside = min((_digit_cells(pos, h, da) & ~both for h in houses), key=int.bit_count)
        if outside:
            rest = [c for c in range(81) if outside >> c & 1]
            verb = "holds" if len(rest) == 1 else "hold"
            raise Broken(f"{_name(a)}={_name(b)} is not a strong link on {da}: "
                         f"{cells_name(rest)} also {verb} {da}", rest)


def _excl(pos: Position, node, als: bool = False) -> set:
    """The candidates the node rules out when true (an ALS node: the digit
    wherever it sees all the ALS's cells of that digit)."""
    cells, d = node
    out = set()
    if als:
        cells = _live(pos, node)
        seen = ~cells_mask(node[0])
        for c in cells:
            seen &= PEER_MASK[c]
        return {(c, d) for c in range(81) if seen >> c & 1 and not pos.values[c]
                and pos.cands[c] >> (d - 1) & 1}
    if len(cells) == 1:
        c = cells[0]
        out |= {(c, e) for e in MASK_DIGITS[pos.cands[c]] if e != d}
    seen = ~0
    for c in cells:
        seen &= PEER_MASK[c]
    seen &= ~cells_mask(cells)
    out |= {(c, d) for c in range(81) if seen >> c & 1 and not pos.values[c]
            and pos.cands[c] >> (d - 1) & 1}
    return out


def _judge(pos: Position, nodes, marks, kind: ChainKind):
    """Check a fixed chain (nodes, link marks); returns (rule, removes,
    places) or raises Broken at the first failing condition."""
    loop = len(nodes) > 2 and nodes[0] == nodes[-1]
    core = nodes[:-1] if loop else nodes
    seen = set()
    for node in core:
        if node in seen:
            raise Broken(f"({node[1]}){_name(node)} comes twice in the chain", node[0])
        seen.add(node)
    als = _als_nodes(nodes, marks)
    if loop and len(nodes) - 1 in als:
        als.add(0)
    for j, node in enumerate(core):
        if j in als:
            _check_als_node(pos, node, kind)
        else:
            _check_node(pos, node, kind)
    for j, mark in enumerate(marks):
        k = (j + 1) % len(core) if loop else j + 1
        _check_link(pos, nodes[j], nodes[j + 1], mark == "=", kind, (j in als, k in als))

    def excl(j: int) -> set:
        return _excl(pos, nodes[j], j % len(core) in als)

    links = len(marks)
    for j in range(1, links):
        if marks[j] == marks[j - 1]:
            a, b = nodes[j - 1], nodes[j + 1]
            strength = "strong" if marks[j] == "=" else "weak"
            raise Broken(f"two {strength} links in a row at ({nodes[j][1]}){_name(nodes[j])}: the "
                         f"links must alternate (between {_name(a)} and {_name(b)})",
                         nodes[j][0])
    if kind.groups and all(len(c) == 1 for c, _ in core):
        raise Broken("the chain has no group node: without one it is a plain AIC")
    if kind.bivalue:
        for j in range(0, len(core) - 1, 2):
            if nodes[j][0] != nodes[j + 1][0]:
                raise Broken(f"{_name(nodes[j])}: an XY-Chain goes through both digits of each of "
                             f"its cells", nodes[j][0])
    if loop:
        if marks[0] == marks[-1] == "=":
            if kind.bivalue:
                raise Broken("an XY-Chain loop alternates all the way round")
            cells, d = nodes[0]
            if len(cells) == 1:
                return "strong", set(), {(cells[0], d)}
            return "strong", excl(0), set()
        if marks[0] == marks[-1] == "-":
            if kind.bivalue:
                raise Broken("an XY-Chain loop alternates all the way round")
            return "weak", {(c, nodes[0][1]) for c in _live(pos, nodes[0])}, set()
        inside = {(c, d) for cs, d in core for c in cs}
        removes = set()
        for j, mark in enumerate(marks):
            if mark == "-":
                removes |= excl(j) & excl(j + 1)
            elif {j, (j + 1) % len(core)} <= als:
                # exactly one of the two digits is in the ALS: the others are locked in it
                cells, _ = nodes[j]
                for e in MASK_DIGITS[union_of(pos, cells)]:
                    if e not in (nodes[j][1], nodes[j + 1][1]):
                        removes |= _excl(pos, (cells, e), True)
        return "continuous", removes - inside, set()
    if marks[0] != "=" or marks[-1] != "=":
        end = nodes[0] if marks[0] != "=" else nodes[-1]
        raise Broken(f"the chain must start and end with a strong link; at "
                     f"({end[1]}){_name(end)} it ends on a weak one", end[0])
    if kind.bivalue and nodes[0][1] != nodes[-1][1]:
        raise Broken(f"the chain starts on {nodes[0][1]} ({_name(nodes[0])}) and ends on "
                     f"{nodes[-1][1]} ({_name(nodes[-1])}): an XY-Chain ends on the digit it "
                     f"starts with", [nodes[0][0][0], nodes[-1][0][0]])
    return "chain", excl(0) & excl(len(nodes) - 1), set()


# ---------------------------------------------------------------- named by cells

def _from_cells(pos: Position, cells, kind: ChainKind, ordered: bool, claim):
    """The chains the cells carry (in their order, or any order), walked
    depth-first with every link checked as it is added: the first that
    reaches the whole claim, else the first found; with none, the failure
    of the attempt that got furthest."""
    cands = pos.cands
    best: list = [None]
    found: list = []

    def failed(depth: int, e: Broken) -> None:
        if best[0] is None or depth > best[0][0]:
            best[0] = (depth, e)

    def add(nodes, marks, new) -> bool:
        role = "=" if len(marks) % 2 == 0 else "-"
        try:
            _check_node(pos, new, kind)
            _check_link(pos, nodes[-1], new, role == "=", kind)
        except Broken as e:
            failed(len(nodes) + 1, e)
            return False
        return extend(nodes + [new], marks + [role])

    def extend(nodes, marks) -> bool:
        cell, d = nodes[-1][0][0], nodes[-1][1]
        turned = len(nodes) > 1 and nodes[-2][0] == nodes[-1][0]
        placed = []
        for node in nodes:
            if node[0][0] not in placed:
                placed.append(node[0][0])
        if len(placed) == len(cells) and marks and marks[-1] == "=" and (turned or not kind.bivalue):
            try:
                found.append((nodes, marks, _judge(pos, nodes, marks, kind)))
            except Broken as e:
                failed(len(nodes) + 1, e)
            if len(found) >= 50 or _covers(found[-1:], claim):
                return True
        if not turned:
            for other in MASK_DIGITS[cands[cell]]:
                if other != d and add(nodes, marks, ((cell,), other)):
                    return True
        if len(placed) < len(cells) and (turned or not kind.bivalue):
            options = [cells[len(placed)]] if ordered else [c for c in cells if c not in placed]
            for c in options:
                if not cands[c] >> (d - 1) & 1:
                    failed(len(nodes) + 1, Broken(f"{cell_name(cell)} and {cell_name(c)} do not "
                                                  f"share {d}", [c]))
                    continue
                if add(nodes, marks, ((c,), d)):
                    return True
        return False

    for c in [cells[0]] if ordered else list(cells):
        for d in MASK_DIGITS[cands[c]]:
            try:
                _check_node(pos, ((c,), d), kind)
            except Broken as e:
                failed(1, e)
                continue
            if extend([((c,), d)], []):
                break
        else:
            continue
        break
    if found:
        return next((f for f in found if _covers([f], claim)), found[0])
    raise best[0][1] if best[0] else Broken("these cells do not line up as a chain")


def _covers(found, claim) -> bool:
    if not found or not claim:
        return False
    _, _, (_, removes, places) = found[0]
    return all(((i, d) in places) if placing else ((i, d) in removes) for i, d, placing in claim)


# ---------------------------------------------------------------- the check

def check_chain(pos: Position, q: PatternQuery, kind: ChainKind) -> PatternReport:
    label = q.label or kind.label
    cells = sorted(set(q.cells))
    try:
        terms = parse_eureka(q.text) if q.text else None
        if terms is not None:
            nodes = [(tuple(cs), d) for d, cs, _ in terms]
            marks = [link for _, _, link in terms[:-1]]
            rule, removes, places = _judge(pos, nodes, marks, kind)
        else:
            order = parse_cell_order(q.text) if q.text else None
            named = order or cells
            if len(named) < 2:
                return PatternReport(False, label, cells, "name the chain's cells in order (two at "
                                     "least) or write it as Eureka text",
                                     fits=False)
            if order is None and len(named) > MAX_UNORDERED:
                return PatternReport(False, label, cells, f"name the cells in chain order (or as "
                                     f"Eureka text): {len(named)} cells are too many to try "
                                     f"every order", fits=False)
            nodes, marks, (rule, removes, places) = _from_cells(pos, named, kind, order is not None,
                                                                q.claim)
    except Broken as e:
        return PatternReport(False, label, cells, e.reason, e.cells)
    chain_cells = sorted({c for cs, _ in nodes for c in cs})
    text = eureka([(d, cs, marks[j] if j < len(marks) else None)
                   for j, (cs, d) in enumerate(nodes)])
    return PatternReport(True, label, chain_cells, digits=tuple(sorted({d for _, d in nodes})),
                         removes=set(removes), places=set(places),
                         why_not=_why_not(pos, text, rule, removes, places))


def _why_not(pos: Position, text: str, rule: str, removes, places):
    def why(i: int, d: int, placing: bool) -> str:
        if placing:
            if places:
                (c, e), = places
                return f"{text} places {cell_name(c)}={e}, not {cell_name(i)}={d}"
            return f"{text} only removes candidates; it does not place {cell_name(i)}={d}"
        if not pos.cands[i] >> (d - 1) & 1 or pos.values[i]:
            return f"{cell_name(i)} has no candidate {d}"
        if rule == "continuous":
            return f"no weak link of the loop {text} has both ends ruling out {d} in {cell_name(i)}"
        if rule == "chain":
            return f"the ends of {text} do not both rule out {d} in {cell_name(i)}"
        return f"{text} does not remove {d} from {cell_name(i)}"
    return why


def check_xy_chain(pos: Position, q: PatternQuery) -> PatternReport:
    return check_chain(pos, q, XY_CHAIN)


def check_aic(pos: Position, q: PatternQuery) -> PatternReport:
    return check_chain(pos, q, AIC)


def check_grouped_aic(pos: Position, q: PatternQuery) -> PatternReport:
    return check_chain(pos, q, GROUPED_AIC)
