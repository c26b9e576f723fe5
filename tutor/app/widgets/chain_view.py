"""A chain step as the grid draws it: numbered terms, each node's role, the
links, and the numbered Eureka line for the panel.

The app computes no Sudoku logic: everything comes from the step's data.
The rooms keep a chain in one of these forms (see chains.md):

* `extra["chain"]`, nodes in order `{"cells": [...], "digit": d, "link":
  "=" | "-" | None}` (AIC, XY-Chain, grouped AIC, ALS chains and wings);
* `extra["chains"]`, several such lists whose nodes carry `"on"` (the
  branches of a forcing chain), with one Eureka text per branch;
* Eureka text alone, possibly in the short form that writes the digit once,
  `(4)r1c9-r2c8=r3c8-r1c9` (`extra["eureka"]` of an X-Cycle,
  `extra["chain"]` of a Skyscraper, Kite or Turbot Fish);
* a list of cell names with `extra["pair"]` (a Remote Pair).

A *term* is what Eureka writes as one `(digits)cells` piece: consecutive
nodes on the same cells.  Terms are numbered 1-9, then a-z, in chain order
(a loop's closing term takes its first term's number); the grid shows that
number beside each node candidate (one per cell in the compact layout), and
the panel shows the Eureka text with the same numbers in front of the terms.

A node's role says what the chain makes of it: "on" when the link into it
is strong (if the previous node is false, this one is true), "off" when the
link into it is weak, and the first node "off" (the chain starts from
"suppose this is false"); a forcing chain's nodes say so themselves.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.grid import cells_name, parse_cells
from ...engine.techniques.chains.text import parse_eureka

NUMBERS = "123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class ChainMark:
    """One node candidate on the grid."""
    cell: int
    digit: int
    number: str        # its term's number, one character
    role: str          # "on", "off" or "" (unknown)
    link: str          # the link to the next node: "=", "-" or ""


@dataclass(frozen=True)
class ChainView:
    marks: tuple[ChainMark, ...]
    lines: tuple[str, ...]          # numbered Eureka text, one line per chain


def number_char(k: int) -> str:
    """The k-th term's number (k from 0): 1-9, then a-z, then '*'."""
    return NUMBERS[k] if k < len(NUMBERS) else "*"


# ------------------------------------------------------------ reading the step

def chain_view(step) -> ChainView | None:
    """The chain a step carries, or None when it carries none."""
    extra = getattr(step, "extra", None) or {}
    chains = _node_lists(extra)
    if not chains:
        return None
    marks: dict[tuple[int, int], ChainMark] = {}
    lines = []
    for nodes in chains:
        terms = _terms(nodes)
        parts = []
        first_key = None
        for k, term in enumerate(terms):
            key = (term[0]["cells"], tuple(n["digit"] for n in term))
            if k == 0:
                first_key = key
            closing = k == len(terms) - 1 and k > 0 and key[0] == first_key[0] and \
                key[1][0] == first_key[1][0]
            number = number_char(0 if closing else k)
            for n in term:
                for c in n["cells"]:
                    marks.setdefault((c, n["digit"]), ChainMark(c, n["digit"], number, n["role"],
                                                                n["link"] or ""))
            parts.append(number + _term_text(term))
        lines.append(" ".join(parts))
    return ChainView(tuple(marks.values()), tuple(lines))


def _node_lists(extra) -> list[list[dict]]:
    """The step's chains as lists of nodes {"cells": (cells), "digit", "link", "role"}."""
    if isinstance(extra.get("chains"), list):
        return [_nodes(ch) for ch in extra["chains"] if isinstance(ch, list) and ch]
    chain = extra.get("chain")
    if isinstance(chain, list) and chain and isinstance(chain[0], dict):
        return [_nodes(chain)]
    if isinstance(chain, list) and chain and isinstance(chain[0], str) and extra.get("pair"):
        return [_pair_nodes(chain, extra["pair"])]
    for text in (extra.get("eureka"), chain):
        if isinstance(text, str):
            nodes = parse_chain_text(text)
            if nodes:
                return [nodes]
    return []


def _nodes(raw: list[dict]) -> list[dict]:
    out = []
    prev_link = None
    for j, n in enumerate(raw):
        cells = tuple(parse_cells(" ".join(n["cells"])))
        if "on" in n:
            role = "on" if n["on"] else "off"
        else:
            role = _role(prev_link if j else None, n.get("link"))
        out.append({"cells": cells, "digit": int(n["digit"]), "link": n.get("link"),
                    "role": role})
        prev_link = n.get("link")
    return out


def _role(link_in: str | None, link_out: str | None) -> str:
    """What the chain makes of a node: a strong link into it makes it true,
    a weak one false; the first node is the opposite of what its own link
    needs (a strong link starts from a false node, a weak one from a true)."""
    if link_in is None:
        return "on" if link_out == "-" else "off"
    return "on" if link_in == "=" else "off"


def _pair_nodes(cells: list[str], pair) -> list[dict]:
    """A Remote Pair's cells as an alternating chain: (x=y)c1-(y=x)c2-..."""
    x, y = pair
    out = []
    for j, name in enumerate(cells):
        a, b = (x, y) if j % 2 == 0 else (y, x)
        cs = tuple(parse_cells(name))
        last = j == len(cells) - 1
        out.append({"cells": cs, "digit": a, "link": "=", "role": "off"})
        out.append({"cells": cs, "digit": b, "link": None if last else "-", "role": "on"})
    return out


def parse_chain_text(text: str) -> list[dict]:
    """Nodes of Eureka text ('(4=8)r3c2-(8)r3c7', or the short form
    '(4)r1c9-r2c8=r3c8' that writes the digit once); [] when it is not
    chain text.  Reading notation only: the links are taken as written."""
    terms = parse_eureka(text) or []
    return [{"cells": cells, "digit": d, "link": link,
             "role": _role(terms[j - 1][2] if j else None, link)}
            for j, (d, cells, link) in enumerate(terms)]


def _terms(nodes: list[dict]) -> list[list[dict]]:
    """Consecutive nodes on the same cells, as Eureka writes them."""
    terms: list[list[dict]] = []
    for n in nodes:
        if terms and terms[-1][-1]["cells"] == n["cells"] and terms[-1][-1]["link"] is not None:
            terms[-1].append(n)
        else:
            terms.append([n])
    return terms


def _term_text(term: list[dict]) -> str:
    digits = str(term[0]["digit"])
    for a, b in zip(term, term[1:]):
        digits += (a["link"] or "") + str(b["digit"])
    link = term[-1]["link"]
    return f"({digits}){cells_name(term[0]['cells'])}" + (f" {link}" if link else "")


def chain_text(lines) -> str:
    """The panel's text: the numbered chain(s), '' when there is none."""
    lines = list(lines)
    if not lines:
        return ""
    if len(lines) == 1:
        return "Chain: " + lines[0]
    return "Chains:\n" + "\n".join(f"{k}. {line}" for k, line in enumerate(lines, 1))
