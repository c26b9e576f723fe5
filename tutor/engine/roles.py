"""What each part of a step is: typed roles, in one encoding every room uses.

A room builds its step with a record of its own (a frozen dataclass
subclassing `Roles`: a fish's digit, base and cover lines and fins, a
wing's pivot and pincers, a net's premise and implications).  Everything
else reads that record through the few methods below, so the views never
decode a room's data:

* `parts()`: the roles the grid draws, each a `Part` (a role, its cells,
  digits or houses, and a short tag when parts of one role must be told
  apart: an ALS's letter, a colour's, an implication's number);
* `chains()`: the chains the grid numbers, each a `Chain` of `Node`s (one
  encoding for every chain-like room: X-Cycle, the two-link patterns,
  Remote Pair, XY-Chain, AIC, ALS wings and chains, forcing chains);
* `name(step)` and `lead(step)`: the step's name and the pattern part of its
  one-line text, made when shown (see step.py);
* `json(step)`: the technique keys of `step.to_json()` (the list in docs/cli.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .grid import CELL_NAMES, cells_name

# ------------------------------------------------------------------ the roles

# houses
BASE = "base"              # the houses a pattern is confined to (a fish's base lines, Pointing's box)
COVER = "cover"            # the houses it clears (cover lines, Pointing's line)
HOUSE = "house"            # a house the pattern lives in (a subset's, an Empty Rectangle's box)
# cells (with the digits they play)
PIVOT = "pivot"            # the cell every other cell of a wing sees
HINGE = "hinge"            # a WXYZ-Wing's cell that sees the other three
PINCER = "pincer"          # a wing's other cells
WING = "wing"              # a W-Wing's two bivalue cells
LINK = "link"              # the two cells of a strong link that joins a pattern
FIN = "fin"                # a finned fish's candidates outside its cover lines
STEM = "stem"              # a Death Blossom's stem cell
PETAL = "petal"            # a Death Blossom's petal (an ALS, tagged by its stem digit)
ALS = "als"                # an almost locked set (tagged A, B, C, ...)
CORNER = "corner"          # a rectangle's corners (tagged by what they hold)
SUBSET = "subset"          # cells that close a subset with others (UR type 3, Sue de Coq)
TEMPLATE = "template"      # cells some template of a digit uses (Template Set and Delete)
Z = "z"                    # the candidates of the digit a pattern removes
COLOUR = "colour"          # one colour of a colouring (tagged a/A, b/B)
PREMISE = "premise"        # what a forcing chain or net, or a trial, assumes
IMPLICATION = "implication"  # a fact a net's premise leads to (tagged by its order)
CLASH = "clash"            # where a net's premise breaks the rules

ROLES = (BASE, COVER, HOUSE, PIVOT, HINGE, PINCER, WING, LINK, FIN, STEM, PETAL, ALS, CORNER,
         SUBSET, TEMPLATE, Z, COLOUR, PREMISE, IMPLICATION, CLASH)
HOUSE_ROLES = frozenset((BASE, COVER, HOUSE))


@dataclass(frozen=True)
class Part:
    """One role of a step: a house role holds houses, the others cells and
    the digits they play there.  `tag` tells parts of one role apart ('A'
    and 'B' of two ALSs, 'a'/'A' of two colours, '3' of the third
    implication); `on` says what a premise assumes (the digit true or false)."""
    role: str
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()
    tag: str = ""
    on: bool = True


# ------------------------------------------------------------------ chains

class Node(NamedTuple):
    """One candidate (or group) of a chain: its cells, its digit, the link to
    the next node ('=' strong, '-' weak, '' after the last) and what the
    chain makes of it (`on`: true).  An ALS node also carries the ALS's
    digits (`als`).  (A named tuple: chains have many nodes, made fast.)"""
    cells: tuple[int, ...]
    digit: int
    link: str = ""
    on: bool = False
    als: tuple[int, ...] = ()

    def json(self, with_on: bool = False) -> dict:
        """The node as the JSON of the chain rooms writes it."""
        out: dict = {"cells": [CELL_NAMES[c] for c in self.cells]}
        if self.als:
            out["digits"] = list(self.als)
            out["als"] = True
        out["digit"] = self.digit
        out["link"] = self.link or None
        if with_on:
            out["on"] = self.on
        return out


class made_once:
    """A property made on first use and then kept in the instance (frozen
    dataclasses too), as functools.cached_property without its lock: the
    words of a step are made once, when first shown."""

    def __init__(self, make):
        self.make = make
        self.name = make.__name__
        self.__doc__ = make.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.make(obj)
        return value


@dataclass(frozen=True)
class Chain:
    nodes: tuple[Node, ...]

    def json(self, with_on: bool = False) -> list[dict]:
        return [n.json(with_on) for n in self.nodes]

    @made_once
    def eureka(self) -> str:
        """The chain in Eureka notation, `(4=8)r3c2-(8)r3c7`."""
        return eureka([(n.digit, n.cells, n.link or None) for n in self.nodes])


NUMBERS = "123456789abcdefghijklmnopqrstuvwxyz"


def number_char(k: int) -> str:
    """The k-th term of a chain (or fact of a net) as one character, k from
    0: 1-9, then a-z, then '*'."""
    return NUMBERS[k] if k < len(NUMBERS) else "*"


def alternating(terms) -> Chain:
    """The chain of [(digit, cells, link to next or None)] whose links say
    what each node is: a strong link into a node makes it true, a weak one
    false; the first node is what its own link needs the other way round
    (a strong link starts from a false node, a weak one from a true one)."""
    nodes = []
    link_in = None
    for d, cells, link in terms:
        on = (link == "-") if link_in is None else link_in == "="
        nodes.append(Node(tuple(cells), d, link or "", on))
        link_in = link
    return Chain(tuple(nodes))


def eureka(terms) -> str:
    """Eureka text of [(digit, cells, link to next)]: consecutive nodes on the
    same cells share one term, `(4=8)r3c2-(8)r3c7`."""
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


# ------------------------------------------------------------------ the record

class Roles:
    """What a room's record answers (a frozen dataclass in the room).  The
    class attributes are defaults a record may hold as fields (such fields
    come last in the record: the default makes them optional)."""
    size: int | None = None                    # a sized pattern's size (subsets, fish)
    leans_on: tuple[tuple[int, int], ...] = ()  # pending singles (cell, digit) the pattern stands on

    def name(self, step) -> str:
        raise NotImplementedError

    def lead(self, step) -> str:
        """The pattern part of the step's text (before '=>'): its name
        (the step's, made once: a step's JSON shows both)."""
        return step.name

    def json(self, step) -> dict:
        return {}

    def parts(self, step) -> tuple[Part, ...]:
        return ()

    def chains(self, step) -> tuple[Chain, ...]:
        return ()

    def ends(self, step) -> tuple[int, ...]:
        """A chain's two ends: a learner may name them instead of every cell."""
        return ()

    def premise(self, step) -> Part | None:
        """What the step assumes (forcing chains and nets, trial), or None."""
        return None

