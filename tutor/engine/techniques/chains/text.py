"""Chains as text and data: Eureka notation, the step of a found chain, and
the reading of a chain a learner writes.

Eureka notation writes each node as `(digit)cells` and the links between
nodes as `=` (strong) and `-` (weak); nodes in one cell share one term, so
`(4=8)r3c2` is r3c2's 4 strongly linked to its 8:

    (4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2 => r5c2<>4

A step keeps the chain in its roles (`ChainRoles`) as a `roles.Chain`, the
nodes in order (a loop repeats its first node at the end), with the rule
('chain', 'strong' for a discontinuous loop that places, 'continuous' for a
loop), its links and how many chains of the same effect it stands for; its
JSON writes the nodes `{"cells": ["r3c2"], "digit": 4, "link": "=" | "-" |
None}` and the Eureka text (`eureka`, written by roles.py).
"""
from __future__ import annotations

import re

from dataclasses import dataclass

from ...grid import HOUSE_MASK, HOUSES_OF, MASK_DIGITS, cell_bits, cells_name
from ...roles import Chain, Roles, alternating
from ...step import make_step
from .links import GROUP_BASE, LinkGraph, low_bits


def chain_terms(graph: LinkGraph, chain) -> list[tuple[int, tuple[int, ...], str | None]]:
    """[(digit, cells, link to next)] of a found chain (a loop closes on its
    first node again)."""
    nodes = list(chain.nodes)
    if chain.kind == "continuous":
        nodes.append(nodes[0])
    last = len(nodes) - 1
    return [(n // 81 + 1 if n < GROUP_BASE else graph.digit(n),
             (n % 81,) if n < GROUP_BASE else tuple(graph.cell_list(n)),
             None if j == last else "=" if j % 2 == 0 else "-")
            for j, n in enumerate(nodes)]


TITLES = {"chain": "", "strong": " (discontinuous loop)", "continuous": " (continuous loop)"}


@dataclass(frozen=True)
class ChainRoles(Roles):
    """A chain of the chain rooms (XY-Chain, AIC, grouped AIC): its nodes,
    its rule ('chain'; 'strong' for a discontinuous loop that places,
    'continuous' for a loop), its links, how many chains of the same effect
    it stands for, how many of its nodes are groups and how many ALS nodes
    (an ALS entered on one digit and left on another counts twice); `label`
    names it."""
    label: str
    chain: Chain
    rule: str
    length: int
    merged: int
    groups: int
    als: int = 0

    def name(self, step) -> str:
        return f"{self.label}{TITLES[self.rule]}: {self.chain.eureka}"

    def json(self, step) -> dict:
        nodes = self.chain.nodes
        return {"chain": self.chain.json(), "eureka": self.chain.eureka, "rule": self.rule,
                "length": self.length, "merged": self.merged,
                "ends": [cells_name(nodes[0].cells), cells_name(nodes[-1].cells)],
                "groups": self.groups, "als": self.als}

    def chains(self, step):
        return (self.chain,)

    def ends(self, step):
        return self.chain.nodes[0].cells + self.chain.nodes[-1].cells


def chain_step(technique: str, label: str, graph: LinkGraph, chain):
    """The step of one found chain."""
    terms = chain_terms(graph, chain)
    # the houses of its links between cells: each house holding both ends
    houses = set()
    cells = 0
    digits = 0
    last_cells, last_mask = None, 0
    for d, cs, _ in terms:
        digits |= 1 << (d - 1)
        if cs != last_cells:
            mask = 0
            for c in cs:
                mask |= 1 << c
            if last_cells is not None:
                both = mask | last_mask
                for h in HOUSES_OF[cs[0]]:
                    if HOUSE_MASK[h] & both == both:
                        houses.add(h)
            cells |= mask
            last_cells, last_mask = cs, mask
    elims = [(n % 81, n // 81 + 1) for n in low_bits(chain.eliminations)]
    places = [] if chain.placement is None else [(chain.placement % 81, chain.placement // 81 + 1)]
    roles = ChainRoles(label, alternating(terms), chain.kind, chain.links, chain.merged,
                       sum(1 for n in chain.nodes if graph.is_group(n)),
                       sum(1 for n in chain.nodes if graph.is_als(n)))
    return make_step(technique, roles, cells=list(cell_bits(cells)), digits=MASK_DIGITS[digits],
                     houses=sorted(houses), eliminations=elims, placements=places)


# ---------------------------------------------------------------- reading a named chain

_TERM = re.compile(r"(?:\(([1-9](?:[=-][1-9])*)\))?((?:r[1-9]+c[1-9]+)(?:\s*r[1-9]+c[1-9]+)*)",
                   re.I)
_CELL_GROUP = re.compile(r"r([1-9]+)c([1-9]+)", re.I)


def _cells(text: str) -> tuple[int, ...]:
    out = set()
    for m in _CELL_GROUP.finditer(text):
        for r in m.group(1):
            for c in m.group(2):
                out.add((int(r) - 1) * 9 + int(c) - 1)
    return tuple(sorted(out))


def parse_eureka(text: str):
    """[(digit, cells, link to next)] from Eureka text (anything after '=>'
    is ignored), or None when the text is not Eureka notation.  A term may
    leave out its digit when it is the previous term's, as chains on one
    digit are often written: `(4)r1c9-r2c8=r3c8`."""
    text = text.split("=>")[0].strip()
    if not text.startswith("("):
        return None
    terms: list[list] = []
    pos = 0
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m:
            return None
        cells = _cells(m.group(2))
        inner = re.split(r"([=-])", m.group(1)) if m.group(1) else [str(terms[-1][0])]
        for k in range(0, len(inner), 2):
            link = inner[k + 1] if k + 1 < len(inner) else None
            terms.append([int(inner[k]), cells, link])
        pos = m.end()
        rest = text[pos:].lstrip()
        if not rest:
            break
        if rest[0] not in "=-":
            return None
        terms[-1][2] = rest[0]
        pos = len(text) - len(rest) + 1
        while pos < len(text) and text[pos] == " ":
            pos += 1
    if terms and terms[-1][2] is not None:
        return None
    return [tuple(t) for t in terms]


def parse_cell_order(text: str) -> list[int] | None:
    """Cells in the order written ('r3c2 r3c7 r5c7', 'r3c2-r3c7=r5c7'), or None."""
    found = _CELL_GROUP.findall(text)
    if not found:
        return None
    out = []
    for r, c in found:
        if len(r) != 1 or len(c) != 1:
            return None
        out.append((int(r) - 1) * 9 + int(c) - 1)
    return out


