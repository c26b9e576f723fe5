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

Step data (`extra`): `kind` (the step's label), `rule`, `premise` (text),
`branches` (one readable line per branch), `chains` (chains: one chain per
branch in the shared node format, `{"cells": [...], "digit": d, "link":
"=" | "-" | None, "on": bool}`), `eureka` (one Eureka text per branch),
`nets` (nets: per branch the premise, its key implications and its end),
`length` (links, or placements for a net) and `merged` (proofs of the same
effect found, when more than one).
"""
from __future__ import annotations

from ...grid import CELL_NAMES, HOUSES, MASK_DIGITS, cell_name, house_name
from ...step import make_step
from .implications import NAKED, PREMISE, Consequences, Net, lit_text

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

def chain_nodes(path: list[int]) -> list[dict]:
    """The chain in the shared node format: from an on node the link to the
    next is weak (-), from an off node strong (=)."""
    out = []
    last = len(path) - 1
    for n, lit in enumerate(path):
        link = None if n == last else ("-" if lit & 1 else "=")
        i, e = divmod(lit >> 1, 9)
        out.append({"cells": [CELL_NAMES[i]], "digit": e + 1, "link": link, "on": bool(lit & 1)})
    return out


def eureka(path: list[int]) -> str:
    """Eureka notation: nodes of one cell share a bracket, `(7=3)r4c1`."""
    text = []
    k = 0
    while k < len(path):
        cell = _cell_of(path[k])
        inner = str(_digit_of(path[k]))
        while k + 1 < len(path) and _cell_of(path[k + 1]) == cell:
            inner += ("-" if path[k] & 1 else "=") + str(_digit_of(path[k + 1]))
            k += 1
        text.append(f"({inner}){cell_name(cell)}")
        if k + 1 < len(path):
            text.append("-" if path[k] & 1 else "=")
        k += 1
    return "".join(text)


def arrows(path: list[int]) -> str:
    return " -> ".join(lit_text(lit) for lit in path)


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
        elif rule != PREMISE:
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


def net_branch(c: Consequences, lit: int, goal) -> tuple[str, dict, set]:
    """(readable line, data, cells) for one net branch from lit to goal."""
    net = c.net(lit)
    key = net_proof(c, net, goal)
    steps = []
    cells = {_cell_of(lit)}
    shown = []
    for i, d, rule in key:
        if rule == PREMISE:
            continue
        cells.add(i)
        shown.append({"fact": f"{cell_name(i)}={d}", "rule": _rule_text(rule)})
        steps.append(f"{cell_name(i)}={d} ({_rule_text(rule)})")
    if isinstance(goal, tuple):
        end = contradiction_text(goal)
        if goal[0] != "house":
            cells.add(goal[1])
    else:
        end = lit_text(goal)
        cells.add(_cell_of(goal))
        if goal & 1 and steps:
            steps.pop()        # the last placement is the conclusion itself
            end = shown[-1]["fact"] + f" ({shown[-1]['rule']})"
    line = f"{lit_text(lit)}: " + (", ".join(steps) + ", so " if steps else "so ") + end
    return line, {"premise": lit_text(lit), "implications": shown, "end": end}, cells


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
    label = KINDS[(via, kind)]
    lines, cells = [], set(premise_cells(kind, premise, c))
    extra = {"kind": label, "rule": kind, "length": size}
    if via == "chain":
        paths = [c.chain_path(start, goal) for start, goal in branches]
        lines = [arrows(p) for p in paths]
        for p in paths:
            cells.update(_cell_of(lit) for lit in p)
        extra["chains"] = [chain_nodes(p) for p in paths]
        extra["eureka"] = [eureka(p) for p in paths]
    else:
        nets = []
        for start, goal in branches:
            line, data, more = net_branch(c, start, goal)
            lines.append(line)
            nets.append(data)
            cells |= more
        extra["nets"] = nets
    extra["branches"] = lines
    if merged > 1:
        extra["merged"] = merged
    houses: tuple = ()
    digits: tuple[int, ...]
    if kind == "contradiction":
        lit = premise[0]
        digits = (_digit_of(lit),)
        extra["premise"] = lit_text(lit)
        if via == "chain":
            lead = f"{label}: {lines[0]} and {lines[1]}"
        else:
            lead = f"{label}: {lines[0]}"
    elif kind == "cell":
        i = premise[0]
        digits = tuple(_digit_of(start) for start, _ in branches)
        extra["premise"] = cell_name(i)
        lead = f"{label} on {cell_name(i)}: " + "; ".join(lines)
    else:
        h, d = premise
        digits = (d,)
        houses = (h,)
        extra["premise"] = f"{d} in {house_name(h)}"
        lead = f"{label} on {d} in {house_name(h)}: " + "; ".join(lines)
    extra["_premise_cells"] = tuple(premise_cells(kind, premise, c))
    extra["_proof"] = proof
    i, e = divmod(item >> 1, 9)
    effect = [(i, e + 1)]
    return make_step(TECHNIQUE[via], lead, cells=sorted(cells), digits=digits, houses=houses,
                     eliminations=() if item & 1 else effect, placements=effect if item & 1 else (),
                     lead=lead, extra=extra)
