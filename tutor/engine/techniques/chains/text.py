"""Chains as text and data: Eureka notation, the step of a found chain, and
the reading of a chain a learner writes.

Eureka notation writes each node as `(digit)cells` and the links between
nodes as `=` (strong) and `-` (weak); nodes in one cell share one term, so
`(4=8)r3c2` is r3c2's 4 strongly linked to its 8:

    (4=8)r3c2-(8)r3c7=(8-5)r5c7=(5)r5c2 => r5c2<>4

A step keeps the chain in `extra["chain"]` as a list of nodes in order,
`{"cells": ["r3c2"], "digit": 4, "link": "=" | "-" | None}` (the link to the
next node; None on the last; a loop repeats its first node at the end), the
text in `extra["eureka"]`, the rule in `extra["rule"]` ('chain', 'strong'
for a discontinuous loop that places, 'continuous' for a loop), its links in
`extra["length"]` and how many chains of the same effect it stands for in
`extra["merged"]`.
"""
from __future__ import annotations

import re

from ...grid import CELL_NAMES, HOUSE_MASK, HOUSES_OF, MASK_DIGITS, cell_bits, cells_name
from ...step import make_step
from .links import GROUP_BASE, LinkGraph, low_bits


def eureka(terms) -> str:
    """Eureka text of [(digit, cells, link to next)]: consecutive nodes on the
    same cells share one term."""
    out = []
    j = 0
    while j < len(terms):
        d, cells, link = terms[j]
        digits = str(d)
        while link is not None and j + 1 < len(terms) and terms[j + 1][1] == cells:
            j += 1
            digits += link + str(terms[j][0])
            link = terms[j][2]
        out.append(f"({digits}){CELL_NAMES[cells[0]] if len(cells) == 1 else cells_name(cells)}")
        if link is not None:
            out.append(link)
        j += 1
    return "".join(out)


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


def chain_step(technique: str, label: str, graph: LinkGraph, chain):
    """The step of one found chain."""
    terms = chain_terms(graph, chain)
    text = eureka(terms)
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
    lead = f"{label}{TITLES[chain.kind]}: {text}"
    return make_step(
        technique, lead, cells=list(cell_bits(cells)), digits=MASK_DIGITS[digits],
        houses=sorted(houses), eliminations=elims, placements=places, lead=lead,
        extra={"chain": [{"cells": [CELL_NAMES[c] for c in cs], "digit": d, "link": link}
                         for d, cs, link in terms],
               "eureka": text, "rule": chain.kind, "length": chain.links,
               "merged": chain.merged, "ends": [cells_name(terms[0][1]), cells_name(terms[-1][1])],
               "groups": sum(1 for n in chain.nodes if n >= GROUP_BASE),
               "_nodes": tuple(chain.nodes)},
    )


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


