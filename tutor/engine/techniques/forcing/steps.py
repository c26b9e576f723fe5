"""Words and drawing data for forcing chains and nets (forcing.py finds
them; this module turns one proof into a Step).

A proof is (size, branch count, kind order, kind, premise, branches, item),
so proofs compare simplest first:

* kind 'contradiction': premise (lit,); the branches start at lit and end
  at the two halves of the clash (chains: on(x) and off(x)) or, for a net,
  one branch ends at the net's contradiction;
* kind 'cell': premise (cell,), one branch per candidate of the cell;
* kind 'house': premise (house, digit), one branch per place of the digit;
* item: the literal proved (on: a placement, off: an elimination).

A branch is (premise literal, goal): goal is a literal, or for a net the
contradiction tuple.

Roles (ForcingRoles): the kind (chain or net, contradiction, cell or
house), the premise, the branches (chains: one `roles.Chain` per branch,
its nodes on or off; nets: a `NetBranch` per branch, the premise, its key
implications and its end), the size (links, or placements for a net) and
how many proofs of the same effect were found.  Their JSON: `kind` (the
step's label), `rule`, `length`, `chains` and `eureka` or `nets`,
`branches` (one readable line per branch), `merged`, `premise` (text).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...grid import CELL_NAMES, HOUSES, MASK_DIGITS, cell_name, house_name
from ...roles import CLASH, IMPLICATION, PREMISE, Chain, Node, Part, Roles, made_once, number_char
from ...step import make_step
from .implications import NAKED, PREMISE as PREMISE_RULE, Consequences, Net, lit_text

KINDS = {
    ("chain", "contradiction"): "Forcing Chain Contradiction",
    ("chain", "cell"): "Cell Forcing Chain",
    ("chain", "house"): "House Forcing Chain",
    ("net", "contradiction"): "Forcing Net Contradiction",
    ("net", "cell"): "Cell Forcing Net",
    ("net", "house"): "House Forcing Net",
}
TECHNIQUE = {"chain": "forcing-chain", "net": "forcing-net"}


def _cell_of(lit: int) -> int:
    return (lit >> 1) // 9


def _digit_of(lit: int) -> int:
    return (lit >> 1) % 9 + 1


# ------------------------------------------------------------------ chains

def chain_of(path: list[int]) -> Chain:
    """A branch's literals as a chain: from an on node the link to the next
    is weak (-), from an off node strong (=)."""
    last = len(path) - 1
    return Chain(tuple(Node((_cell_of(lit),), _digit_of(lit),
                            "" if n == last else ("-" if lit & 1 else "="), bool(lit & 1))
                       for n, lit in enumerate(path)))


def arrows(chain: Chain) -> str:
    """'r1c2=3 -> r1c5<>3 -> ...'."""
    return " -> ".join(f"{CELL_NAMES[n.cells[0]]}{'=' if n.on else '<>'}{n.digit}"
                       for n in chain.nodes)


# ------------------------------------------------------------------ nets

def net_proof(c: Consequences, net: Net, goal) -> list[tuple[int, int, int]]:
    """The placements (cell, digit, rule) a fact or a contradiction of the
    net rests on, in the order made.  goal: a literal or
    net.contradiction."""
    base = c.cands
    placed = {(i, d): t for t, (i, d, _) in enumerate(net.queue)}
    premise_off = None if net.premise & 1 else net.premise >> 1
    need: set[int] = set()          # queue indexes

    after = net.after

    def off_cause(j: int, e: int):
        k = 9 * j + e - 1
        if premise_off == k:
            return
        # the placement that removed it: the first whose off mask holds it
        # (the masks only grow)
        if not after or not after[-1] >> k & 1:
            raise ValueError(f"{cell_name(j)}<>{e} is not in the net")
        lo, hi = 0, len(after) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if after[mid] >> k & 1:
                hi = mid
            else:
                lo = mid + 1
        on_cause(lo)  # noqa: F821 (deleted below)

    def on_cause(t: int):
        if t in need:
            return
        need.add(t)
        i, d, rule = net.queue[t]
        if rule == NAKED:
            for e in MASK_DIGITS[base[i]]:
                if e != d:
                    off_cause(i, e)  # noqa: F821 (deleted below)
        elif rule != PREMISE_RULE:
            for j in HOUSES[rule]:
                if j != i and not c.values[j] and base[j] >> (d - 1) & 1:
                    off_cause(j, d)  # noqa: F821 (deleted below)

    if isinstance(goal, tuple):
        kind = goal[0]
        if kind == "cell":
            for e in MASK_DIGITS[base[goal[1]]]:
                off_cause(goal[1], e)
        elif kind == "house":
            _, h, d = goal
            for j in HOUSES[h]:
                if not c.values[j] and base[j] >> (d - 1) & 1:
                    off_cause(j, d)
        else:
            _, i, d = goal
            on_cause(placed[(i, d)])
            off_cause(i, d)
    elif goal & 1:
        i, e = divmod(goal >> 1, 9)
        on_cause(placed[(i, e + 1)])
    else:
        i, e = divmod(goal >> 1, 9)
        off_cause(i, e + 1)
    # the two helpers refer to each other: drop them now rather than leave
    # the cycle to the GC
    del on_cause, off_cause
    return [net.queue[t] for t in sorted(need)]


def contradiction_text(c) -> str:
    """A net's contradiction in words."""
    if c[0] == "cell":
        return f"{cell_name(c[1])} has no candidate left"
    if c[0] == "house":
        return f"{c[2]} has no place left in {house_name(c[1])}"
    return f"{cell_name(c[1])} must be {c[2]} but has lost {c[2]}"


def _rule_text(rule: int) -> str:
    if rule == NAKED:
        return "naked single"
    return f"hidden single in {house_name(rule)}"


class NetBranch(NamedTuple):
    """One branch of a net: the premise literal, the placements (cell,
    digit, rule) the end rests on, in the order made, and the end (a
    literal, or the contradiction tuple)."""
    premise: int
    implications: tuple[tuple[int, int, int], ...]
    goal: int | tuple

    def end(self) -> str:
        goal = self.goal
        if isinstance(goal, tuple):
            return contradiction_text(goal)
        if goal & 1 and self.implications:
            i, d, rule = self.implications[-1]     # the last placement is the conclusion itself
            return f"{cell_name(i)}={d} ({_rule_text(rule)})"
        return lit_text(goal)

    def line(self) -> str:
        steps = [f"{cell_name(i)}={d} ({_rule_text(rule)})" for i, d, rule in self.implications]
        if not isinstance(self.goal, tuple) and self.goal & 1 and steps:
            steps.pop()
        return (f"{lit_text(self.premise)}: " + (", ".join(steps) + ", so " if steps else "so ")
                + self.end())

    def json(self) -> dict:
        return {"premise": lit_text(self.premise),
                "implications": [{"fact": f"{cell_name(i)}={d}", "rule": _rule_text(rule)}
                                 for i, d, rule in self.implications],
                "end": self.end()}

    def cells(self) -> set[int]:
        cells = {_cell_of(self.premise)} | {i for i, _, _ in self.implications}
        if not isinstance(self.goal, tuple):
            cells.add(_cell_of(self.goal))
        elif self.goal[0] != "house":
            cells.add(self.goal[1])
        return cells


def net_branch(c: Consequences, lit: int, goal) -> NetBranch:
    """The branch of a net from lit to goal."""
    key = net_proof(c, c.net(lit), goal)
    return NetBranch(lit, tuple((i, d, rule) for i, d, rule in key if rule != PREMISE_RULE), goal)


# ------------------------------------------------------------------ one step

def premise_cells(kind: str, premise: tuple, c: Consequences) -> list[int]:
    if kind == "house":
        h, d = premise
        return [i for i in HOUSES[h] if c.digit_cells[d] >> i & 1]
    if kind == "cell":
        return [premise[0]]
    return [_cell_of(premise[0])]


def build_step(c: Consequences, via: str, proof, merged: int):
    """The Step for one proof; via is 'chain' or 'net'."""
    size, _, _, kind, premise, branches, item = proof
    cells = set(premise_cells(kind, premise, c))
    found: tuple
    if via == "chain":
        found = tuple(chain_of(c.chain_path(start, goal)) for start, goal in branches)
        for chain in found:
            cells.update(n.cells[0] for n in chain.nodes)
    else:
        found = tuple(net_branch(c, start, goal) for start, goal in branches)
        for branch in found:
            cells |= branch.cells()
    houses: tuple = ()
    digits: tuple[int, ...]
    if kind == "contradiction":
        digits = (_digit_of(premise[0]),)
    elif kind == "cell":
        digits = tuple(_digit_of(start) for start, _ in branches)
    else:
        digits = (premise[1],)
        houses = (premise[0],)
    roles = ForcingRoles(KINDS[(via, kind)], via, kind, premise,
                         tuple(premise_cells(kind, premise, c)), found, size, merged)
    i, e = divmod(item >> 1, 9)
    effect = [(i, e + 1)]
    return make_step(TECHNIQUE[via], roles, cells=sorted(cells), digits=digits, houses=houses,
                     eliminations=() if item & 1 else effect, placements=effect if item & 1 else ())


@dataclass(frozen=True)
class ForcingRoles(Roles):
    """A forcing chain or net: its label, `via` ('chain' or 'net'), its
    kind ('contradiction', 'cell', 'house'), its premise ((literal,),
    (cell,) or (house, digit)) and the cells that hold it, its branches
    (`Chain`s or `NetBranch`es), its size and how many proofs of the same
    effect were found."""
    label: str
    via: str
    kind: str
    premise_data: tuple
    premise_cells: tuple[int, ...]
    branches: tuple
    length: int
    merged: int

    @made_once
    def lines(self) -> list[str]:
        """One readable line per branch."""
        if self.via == "chain":
            return [arrows(chain) for chain in self.branches]
        return [branch.line() for branch in self.branches]

    def premise_text(self) -> str:
        if self.kind == "contradiction":
            return lit_text(self.premise_data[0])
        if self.kind == "cell":
            return cell_name(self.premise_data[0])
        h, d = self.premise_data
        return f"{d} in {house_name(h)}"

    def name(self, step) -> str:
        lines = self.lines
        if self.kind == "contradiction":
            if self.via == "chain":
                return f"{self.label}: {lines[0]} and {lines[1]}"
            return f"{self.label}: {lines[0]}"
        return f"{self.label} on {self.premise_text()}: " + "; ".join(lines)

    def json(self, step) -> dict:
        out: dict = {"kind": self.label, "rule": self.kind, "length": self.length}
        if self.via == "chain":
            out["chains"] = [chain.json(with_on=True) for chain in self.branches]
            out["eureka"] = [chain.eureka for chain in self.branches]
        else:
            out["nets"] = [branch.json() for branch in self.branches]
        out["branches"] = self.lines
        if self.merged > 1:
            out["merged"] = self.merged
        out["premise"] = self.premise_text()
        return out

    def premise(self, step) -> Part:
        if self.kind == "contradiction":
            lit = self.premise_data[0]
            return Part(PREMISE, cells=(_cell_of(lit),), digits=(_digit_of(lit),), on=bool(lit & 1))
        if self.kind == "cell":
            return Part(PREMISE, cells=self.premise_cells, digits=step.digits)
        return Part(PREMISE, cells=self.premise_cells, digits=step.digits,
                    houses=self.premise_data[:1])

    def parts(self, step):
        parts = [self.premise(step)]
        if self.via == "net":
            n = 0
            for branch in self.branches:
                for i, d, _ in branch.implications:
                    parts.append(Part(IMPLICATION, cells=(i,), digits=(d,), tag=number_char(n)))
                    n += 1
                goal = branch.goal
                if isinstance(goal, tuple):
                    parts.append(Part(CLASH, houses=(goal[1],)) if goal[0] == "house"
                                 else Part(CLASH, cells=(goal[1],)))
        return tuple(parts)

    def chains(self, step):
        return self.branches if self.via == "chain" else ()
