"""The text of a lesson: effects written in standard notation, digit
lists, the body's headings and its tutor links.

Effects: `r45c6<>38` (four eliminations), `r4c46,r6c6<>7`, `r1c2=7`.
Links inside a lesson body (Markdown `[text](scheme:target)`):

    lesson:ID            open another lesson
    example:N            show example N of this lesson, pattern highlighted
    try:N                load example N into the play grid (no highlight)
    claim:EXPR           load the lesson's check example (front matter
                         `check:`, else example 1) and judge the claim EXPR
                         as that example's technique
    claim:N:EXPR         the same on example N; EXPR like r6c9<>5 or r1c2=7
    quiz:TECHNIQUE       start a quiz on a technique id or family
                         (quiz:naked-subset, quiz:fish?kind=find-all)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.grid import parse_cells
from .frontmatter import FrontMatterError

LINK_SCHEMES = ("lesson", "example", "try", "claim", "quiz")


class LessonError(FrontMatterError):
    """A lesson file that cannot be read; the message names file and line."""


# ------------------------------------------------------------------ notation

_EFFECT = re.compile(r"((?:r[1-9]+c[1-9]+)(?:,r[1-9]+c[1-9]+)*)(<>|=)([1-9]+)")


def parse_effects(text: str) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Every `cells<>digits` / `cells=digit` in a text -> (eliminations,
    placements) as sets of (cell, digit).  Groups expand: r45c6<>38 is four
    eliminations; r4c46,r6c6<>7 is three."""
    elims: set[tuple[int, int]] = set()
    places: set[tuple[int, int]] = set()
    for m in _EFFECT.finditer(text):
        cells = parse_cells(m.group(1))
        target = elims if m.group(2) == "<>" else places
        for i in cells:
            for d in m.group(3):
                target.add((i, int(d)))
    return elims, places


def parse_effect_list(text: str, what: str = "effect") -> set[tuple[int, int]]:
    """A front-matter list such as 'r6c1<>3 r6c2<>38'; every word must be
    an effect in standard notation (one-line error otherwise)."""
    out: set[tuple[int, int]] = set()
    kind = None
    for word in re.split(r"\s+|,\s+", text.strip()):
        word = word.strip().rstrip(",")
        if not word:
            continue
        m = _EFFECT.fullmatch(word)
        if not m:
            raise LessonError(f"'{word}' is not an {what} in standard notation (e.g. r6c9<>5 or r1c2=7)")
        if kind and m.group(2) != kind:
            raise LessonError(f"'{word}': eliminations and placements go in separate keys")
        kind = m.group(2)
        e, p = parse_effects(word)
        out |= e | p
    return out


def parse_digits(text: str) -> tuple[int, ...]:
    digits = re.sub(r"[#,\s]", "", str(text))
    if not digits or not digits.isdigit() or "0" in digits:
        raise LessonError(f"'{text}' is not a list of digits (e.g. 38, 3,8 or #38)")
    return tuple(sorted({int(c) for c in digits}))


# ------------------------------------------------------------------ headings and links

@dataclass
class Heading:
    level: int
    text: str
    slug: str
    line: int          # line number inside the body (0-based)


_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def links_of(body: str) -> list[tuple[str, str]]:
    """(text, href) of every Markdown link in a body."""
    return [(m.group(1), m.group(2)) for m in _LINK.finditer(body)]


def slugify(text: str) -> str:
    s = re.sub(r"[^\w\s-]", "", text.lower()).strip()
    return re.sub(r"[\s_]+", "-", s)


def headings_of(body: str) -> list[Heading]:
    out = []
    fenced = False
    for n, line in enumerate(body.splitlines()):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        m = _HEADING.match(line)
        if m:
            out.append(Heading(len(m.group(1)), m.group(2), slugify(m.group(2)), n))
    return out


@dataclass(frozen=True)
class Link:
    scheme: str
    target: str                 # lesson id, example number, claim text, technique
    example: int | None = None  # for example/try/claim
    options: tuple = ()         # quiz options (('kind', 'find-all'),); a claim's (('pattern', 'r7c7'),)

    def option(self, name: str) -> str | None:
        return dict(self.options).get(name)


def parse_link(href: str) -> Link | None:
    """`lesson:locked-sets`, `example:2`, `try:1`, `claim:r6c9<>5`,
    `claim:2:r6c9<>5`, `claim:r1c8<>2?pattern=r7c7` (a forcing chain's claim
    names its premise), `quiz:fish?kind=find-all`; None for other links (web
    addresses, anchors)."""
    scheme, sep, rest = href.partition(":")
    if not sep or scheme not in LINK_SCHEMES or not rest:
        return None
    if scheme in ("example", "try"):
        if not rest.isdigit():
            return None
        return Link(scheme, rest, int(rest))
    target, _, query = rest.partition("?")
    opts = tuple(tuple(p.split("=", 1)) for p in query.split("&") if "=" in p)
    if scheme == "claim":
        n, sep2, expr = target.partition(":")
        if sep2 and n.isdigit():
            return Link(scheme, expr, int(n), opts)
        return Link(scheme, target, None, opts)
    if scheme == "quiz":
        return Link(scheme, target, None, opts)
    return Link(scheme, rest)
