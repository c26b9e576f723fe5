"""A chain step as the grid draws it: numbered terms, each node's role, the
links, and the numbered Eureka line for the panel.

The app computes no Sudoku logic: the chains are the step's typed roles
(`roles.Chain`, one encoding for every chain room: X-Cycle, Skyscraper,
Kite and Turbot Fish, Remote Pair, XY-Chain, AIC, grouped AIC, the ALS
wings and chains, a forcing chain's branches), each node with its cells,
digit, link to the next node and whether the chain makes it true.

A *term* is what Eureka writes as one `(digits)cells` piece: consecutive
nodes on the same cells.  Terms are numbered 1-9, then a-z, in chain order
(a loop's closing term takes its first term's number); the grid shows that
number beside each node candidate (one per cell in the compact layout: a
cell holding two terms shows SEVERAL, and the panel lists its numbers), and
the panel shows the Eureka text with the same numbers in front of the terms.
The larger grids draw a weak link as '~', so it never reads as the '-' of a
removed candidate; the panel's legend says which is which.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.grid import cell_name, cells_name
from ...engine.roles import number_char

SEVERAL = "&"                         # a compact cell that holds two terms or more
LINK_GLYPH = {"=": "=", "-": "~"}     # the grid's link cues: strong, weak
LEGEND = "Grid: = strong link, ~ weak link, - removed"


@dataclass(frozen=True)
class ChainMark:
    """One node candidate on the grid."""
    cell: int
    digit: int
    number: str        # its term's number, one character
    role: str          # "on" or "off": what the chain makes of it
    link: str          # the link to the next node: "=", "-" or ""


@dataclass(frozen=True)
class ChainView:
    marks: tuple[ChainMark, ...]
    lines: tuple[str, ...]          # numbered Eureka text, one line per chain


# ------------------------------------------------------------ reading the step

def chain_view(step) -> ChainView | None:
    """The chains a step carries, or None when it carries none."""
    chains = step.roles.chains(step)
    if not chains:
        return None
    marks: dict[tuple[int, int], ChainMark] = {}
    lines = []
    for chain in chains:
        terms = _terms(chain.nodes)
        parts = []
        first = terms[0][0]
        for k, term in enumerate(terms):
            closing = (k == len(terms) - 1 and k > 0 and term[0].cells == first.cells
                       and term[0].digit == first.digit)
            number = number_char(0 if closing else k)
            for n in term:
                for c in n.cells:
                    marks.setdefault((c, n.digit), ChainMark(c, n.digit, number,
                                                             "on" if n.on else "off", n.link))
            parts.append(number + _term_text(term))
        lines.append(" ".join(parts))
    return ChainView(tuple(marks.values()), tuple(lines))


def _terms(nodes) -> list[list]:
    """Consecutive nodes on the same cells, as Eureka writes them."""
    terms: list[list] = []
    for n in nodes:
        if terms and terms[-1][-1].cells == n.cells and terms[-1][-1].link:
            terms[-1].append(n)
        else:
            terms.append([n])
    return terms


def _term_text(term: list) -> str:
    digits = str(term[0].digit)
    for a, b in zip(term, term[1:]):
        digits += a.link + str(b.digit)
    link = term[-1].link
    return f"({digits}){cells_name(term[0].cells)}" + (f" {link}" if link else "")


def chain_text(lines) -> str:
    """The panel's text: the numbered chain(s), '' when there is none."""
    lines = list(lines)
    if not lines:
        return ""
    if len(lines) == 1:
        return "Chain: " + lines[0]
    return "Chains:\n" + "\n".join(f"{k}. {line}" for k, line in enumerate(lines, 1))


def chain_legend(marks) -> list[str]:
    """How the grid draws the chain, in words, and every cell that holds
    more than one term (the compact grid shows SEVERAL there)."""
    numbers: dict[int, set[str]] = {}
    for m in marks:
        numbers.setdefault(m.cell, set()).add(m.number)
    several = [f"{SEVERAL} {cell_name(c)}: terms {', '.join(sorted(n, key=_term_order))}"
               for c, n in sorted(numbers.items()) if len(n) > 1]
    return [LEGEND] + several


def _term_order(number: str) -> tuple[bool, str]:
    return (not number.isdigit(), number)          # 1-9 before a-z
