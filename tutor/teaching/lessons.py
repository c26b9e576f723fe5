"""Lessons: the Markdown files in lessons/ and their front matter.

A lesson file starts with a small YAML-like header between two `---` lines:

    ---
    id: locked-sets
    title: LockedSets (naked and hidden subsets)
    short: LockedSets
    techniques: naked-subset, hidden-subset
    order: 3
    prerequisites: singles, locked-candidates
    check: 3
    examples:
      - id: 1
        puzzle: 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
        after: singles
        technique: naked-subset
        cells: r6c45
        digits: 38
        eliminations: r45c6<>38 r6c8<>38 r6c3<>3 r6c79<>8
    ---

`short` (optional) is the name used in lists.  Scalars are one line
(`key: value`); lists are comma separated, with or without brackets;
`key: |` starts a block of indented lines (handy for a pencil-mark grid).
`check` names the example the lesson's check-yourself claim is about.
An example gives its position either as `position:` (any format
tutor.engine.formats reads) or as `puzzle:` plus `after:` (the techniques
applied, simplest first, until none applies).  `technique`, `cells` and
`digits` name the engine step the text talks about; `eliminations` and
`placements` state its effect in standard notation.
Any other key of an example (e.g. `base: r348`) must match the step's
`extra` field of that name.

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

Lessons are numbered in ladder order by `order`; the loader sorts them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..engine.grid import parse_cells
from .frontmatter import FrontMatterError, split_front_matter
from ..paths import data_dir

LINK_SCHEMES = ("lesson", "example", "try", "claim", "quiz")

# Sections every lesson has (level-2 headings, matched by their start).
REQUIRED_SECTIONS = (
    "What to look for",
    "Why it works",
    "How to spot it",
    "Diagram",
    "Worked example",
    "Common mistakes",
    "Check yourself",
)

_EXAMPLE_KEYS = {"id", "title", "position", "puzzle", "after", "technique", "cells",
                 "digits", "eliminations", "placements"}


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


def _list(value) -> list[str]:
    if isinstance(value, list):
        return value
    text = str(value).strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    return [p.strip() for p in text.split(",") if p.strip()]


# ------------------------------------------------------------------ model

@dataclass
class Example:
    id: int
    lesson: str
    technique: str
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    eliminations: frozenset = frozenset()
    placements: frozenset = frozenset()
    position_text: str = ""
    puzzle: str = ""
    after: tuple[str, ...] = ()
    title: str = ""
    match: dict = field(default_factory=dict)
    _position: object = field(default=None, repr=False, compare=False)

    def position(self):
        """A fresh copy of the example's position (parse, then `after`)."""
        if self._position is None:
            from ..engine.formats import parse_position
            from ..engine.solve import apply_until_stuck
            pos = parse_position(self.position_text or self.puzzle)
            if self.after:
                pos = apply_until_stuck(pos, list(self.after))
            self._position = pos
        return self._position.copy()

    def _matches(self, step) -> bool:
        if step.technique != self.technique:
            return False
        if set(step.cells) != set(self.cells) or set(step.digits) != set(self.digits):
            return False
        for key, want in self.match.items():
            have = step.extra.get(key)
            if have is None or _norm(have) != _norm(want):
                return False
        return True

    def matching_steps(self, position=None) -> list:
        """Every engine step in the example's position that is the one the
        lesson names (technique, pattern cells, digits, extra keys)."""
        from ..engine.finder import find_all
        pos = position if position is not None else self.position()
        return [s for s in find_all(pos, [self.technique]) if self._matches(s)]

    def find_step(self, position=None):
        """The engine step this example talks about, or None."""
        found = self.matching_steps(position)
        if not found:
            return None
        for s in found:
            if set(s.eliminations) == set(self.eliminations) and set(s.placements) == set(self.placements):
                return s
        return found[0]

    @property
    def label(self) -> str:
        return self.title or f"Example {self.id}"


def _norm(value) -> str:
    if isinstance(value, (list, tuple)):
        value = "".join(str(v) for v in value)
    return re.sub(r"[\s,#:]", "", str(value)).lower()


@dataclass
class Heading:
    level: int
    text: str
    slug: str
    line: int          # line number inside the body (0-based)


@dataclass
class Lesson:
    id: str
    title: str
    techniques: tuple[str, ...]
    order: int
    prerequisites: tuple[str, ...]
    examples: list[Example]
    body: str
    headings: list[Heading]
    check: int | None = None
    path: Path | None = None
    short: str = ""

    def __post_init__(self) -> None:
        if not self.short:
            self.short = self.title.split(":", 1)[0].split(" (", 1)[0].strip()

    def example(self, n: int) -> Example | None:
        for e in self.examples:
            if e.id == n:
                return e
        return None

    @property
    def practice_target(self) -> str:
        """What 'Practice' quizzes: the technique, or the family all the
        lesson's techniques share (e.g. 'fish'), else the first technique."""
        if len(self.techniques) == 1:
            return self.techniques[0]
        from ..engine.finder import REGISTRY, _load
        _load()
        families = {REGISTRY[t].family for t in self.techniques if t in REGISTRY}
        if len(families) == 1 and all(t in REGISTRY for t in self.techniques):
            return families.pop()
        return self.techniques[0]

    @property
    def check_example(self) -> Example | None:
        if self.check is not None:
            return self.example(self.check)
        return self.examples[0] if self.examples else None

    def links(self) -> list[tuple[str, str]]:
        """(text, href) of every Markdown link in the body."""
        return [(m.group(1), m.group(2)) for m in _LINK.finditer(self.body)]

    def toc(self, max_level: int = 3) -> list[Heading]:
        return [h for h in self.headings if 2 <= h.level <= max_level]

    def section_of(self, needle: str) -> str:
        """The text of the level-2/3 section(s) containing `needle`."""
        lines = self.body.splitlines()
        marks = [h.line for h in self.headings if h.level <= 3] + [len(lines)]
        out = []
        for a, b in zip(marks, marks[1:]):
            chunk = "\n".join(lines[a:b])
            if needle in chunk:
                out.append(chunk)
        return "\n".join(out)


_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


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
    options: tuple = ()         # quiz options: (('kind', 'find-all'),)


def parse_link(href: str) -> Link | None:
    """`lesson:locked-sets`, `example:2`, `try:1`, `claim:r6c9<>5`,
    `claim:2:r6c9<>5`, `quiz:fish?kind=find-all`; None for other links
    (web addresses, anchors)."""
    scheme, sep, rest = href.partition(":")
    if not sep or scheme not in LINK_SCHEMES or not rest:
        return None
    if scheme in ("example", "try"):
        if not rest.isdigit():
            return None
        return Link(scheme, rest, int(rest))
    if scheme == "claim":
        n, sep2, expr = rest.partition(":")
        if sep2 and n.isdigit():
            return Link(scheme, expr, int(n))
        return Link(scheme, rest, None)
    if scheme == "quiz":
        tech, _, query = rest.partition("?")
        opts = tuple(tuple(p.split("=", 1)) for p in query.split("&") if "=" in p)
        return Link(scheme, tech, None, opts)
    return Link(scheme, rest)


# ------------------------------------------------------------------ loading

def parse_lesson(text: str, path: Path | None = None) -> Lesson:
    where = path.name if path else "lesson"
    try:
        header, body, _ = split_front_matter(text, where)
    except FrontMatterError as e:
        raise LessonError(str(e)) from None
    for key in ("id", "title", "techniques", "order"):
        if not header.get(key):
            raise LessonError(f"{where}: front matter lacks '{key}'")
    try:
        order = int(header["order"])
    except ValueError:
        raise LessonError(f"{where}: order '{header['order']}' is not a whole number") from None
    examples = []
    raw_examples = header.get("examples") or []
    if not isinstance(raw_examples, list):
        raise LessonError(f"{where}: 'examples' must be a list of '- id: N' items")
    for raw in raw_examples:
        examples.append(_example(raw, header["id"], where))
    ids = [e.id for e in examples]
    if len(ids) != len(set(ids)):
        raise LessonError(f"{where}: two examples share an id")
    check = header.get("check")
    if check not in (None, "") and not str(check).isdigit():
        raise LessonError(f"{where}: check '{check}' is not an example number")
    return Lesson(
        id=header["id"], title=header["title"],
        techniques=tuple(_list(header["techniques"])), order=order,
        prerequisites=tuple(_list(header.get("prerequisites") or "")),
        examples=examples, body=body, headings=headings_of(body),
        check=int(check) if check not in (None, "") else None, path=path,
        short=header.get("short", ""),
    )


def _example(raw: dict, lesson_id: str, where: str) -> Example:
    if not isinstance(raw, dict) or "id" not in raw:
        raise LessonError(f"{where}: every example needs an 'id'")
    ex_where = f"{where}: example {raw.get('id')}"
    try:
        n = int(raw["id"])
    except ValueError:
        raise LessonError(f"{ex_where}: id is not a whole number") from None
    if not (raw.get("position") or raw.get("puzzle")):
        raise LessonError(f"{ex_where}: give 'position' or 'puzzle'")
    for key in ("technique", "cells", "digits"):
        if not raw.get(key):
            raise LessonError(f"{ex_where}: lacks '{key}'")
    if not (raw.get("eliminations") or raw.get("placements")):
        raise LessonError(f"{ex_where}: state its 'eliminations' and/or 'placements'")
    try:
        cells = tuple(parse_cells(raw["cells"]))
        elims = parse_effect_list(raw.get("eliminations", ""), "elimination")
        places = parse_effect_list(raw.get("placements", ""), "placement")
        digits = parse_digits(raw["digits"])
    except (LessonError, ValueError) as e:
        raise LessonError(f"{ex_where}: {e}") from None
    if raw.get("eliminations") and "<>" not in raw["eliminations"]:
        raise LessonError(f"{ex_where}: eliminations are written like r6c9<>5")
    if raw.get("placements") and "<>" in raw["placements"]:
        raise LessonError(f"{ex_where}: placements are written like r1c2=7")
    return Example(
        id=n, lesson=lesson_id, technique=raw["technique"].strip(), cells=cells, digits=digits,
        eliminations=frozenset(elims), placements=frozenset(places),
        position_text=raw.get("position", ""), puzzle=raw.get("puzzle", ""),
        after=tuple(_list(raw.get("after") or "")), title=raw.get("title", ""),
        match={k: v for k, v in raw.items() if k not in _EXAMPLE_KEYS},
    )


def load_lesson(path: Path) -> Lesson:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise LessonError(f"{path}: cannot read ({e.strerror})") from None
    return parse_lesson(text, Path(path))


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lessons/*.md, in ladder order (then by id)."""
    folder = Path(folder) if folder else data_dir("lessons")
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.md")) if p.name.lower() != "readme.md"]
    seen: dict[str, Path] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonError(f"{lesson.path.name}: id '{lesson.id}' is also used by {seen[lesson.id].name}")
        seen[lesson.id] = lesson.path
    return sorted(lessons, key=lambda l: (l.order, l.id))


@lru_cache(maxsize=1)
def _cached() -> tuple[Lesson, ...]:
    return tuple(load_lessons())


def all_lessons() -> list[Lesson]:
    """The shipped lessons, loaded once per process."""
    return list(_cached())


def get_lesson(lesson_id: str) -> Lesson | None:
    for lesson in _cached():
        if lesson.id == lesson_id:
            return lesson
    return None


def lesson_for_technique(technique_id: str) -> Lesson | None:
    for lesson in _cached():
        if technique_id in lesson.techniques:
            return lesson
    return None


def search_lessons(query: str, lessons=None) -> list[Lesson]:
    """Lessons whose title, id, technique ids or names, or headings match
    every word of the query (case-insensitive), best match first."""
    from ..engine.finder import technique_name
    lessons = list(lessons if lessons is not None else _cached())
    words = [w for w in re.split(r"\s+", query.lower().strip()) if w]
    if not words:
        return lessons
    scored = []
    for lesson in lessons:
        title = lesson.title.lower()
        techs = " ".join(list(lesson.techniques) + [technique_name(t) for t in lesson.techniques]).lower()
        heads = " ".join(h.text for h in lesson.headings).lower()
        score = 0
        for w in words:
            if title.startswith(w) or lesson.id.startswith(w):
                score += 4
            elif w in title or w in lesson.id:
                score += 3
            elif w in techs:
                score += 2
            elif w in heads:
                score += 1
            else:
                score = 0
                break
        if score:
            scored.append((-score, lesson.order, lesson))
    return [l for _, _, l in sorted(scored, key=lambda t: (t[0], t[1]))]


# ------------------------------------------------------------------ verification

def verify_example(lesson: Lesson, example: Example) -> list[str]:
    """What is wrong with an example, as one-line messages (empty: fine).

    The engine must find exactly one step of the named technique on the
    named cells and digits (and extra keys), with exactly the stated
    eliminations and placements, sound against the solution; and the
    section of the lesson that links the example must state every one of
    those effects in standard notation."""
    from ..engine.step import effects_text
    where = f"{lesson.id} example {example.id}"
    problems: list[str] = []
    try:
        pos = example.position()
    except ValueError as e:
        return [f"{where}: position does not parse: {e}"]
    found = example.matching_steps(pos)
    if not found:
        problems.append(f"{where}: the engine finds no {example.technique} step on these cells and digits")
    elif len(found) > 1:
        problems.append(f"{where}: {len(found)} engine steps match: " + "; ".join(s.text for s in found))
    else:
        step = found[0]
        if set(step.eliminations) != set(example.eliminations) or \
                set(step.placements) != set(example.placements):
            problems.append(f"{where}: front matter says "
                            f"{effects_text(sorted(example.eliminations), sorted(example.placements))}"
                            f" but the engine says {step.text}")
        solution = pos.solution()
        if solution is None:
            problems.append(f"{where}: the position has no unique solution")
        else:
            bad = [(i, d) for i, d in step.eliminations if solution[i] == d]
            bad += [(i, d) for i, d in step.placements if solution[i] != d]
            if bad:
                problems.append(f"{where}: the step is unsound at {effects_text(bad)}")
    text = lesson.section_of(f"(example:{example.id})")
    if not text:
        problems.append(f"{where}: no section links (example:{example.id})")
    else:
        elims, places = parse_effects(text)
        missing_e = sorted(set(example.eliminations) - elims)
        missing_p = sorted(set(example.placements) - places)
        if missing_e or missing_p:
            problems.append(f"{where}: the text never states {effects_text(missing_e, missing_p)}")
    return problems
