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
JSON field of that name (`step.to_json()`, the keys its roles write).

The body's notation, headings and links (`lesson:ID`, `example:N`, `try:N`,
`claim:EXPR`, `quiz:TECHNIQUE`) are read by lesson_text.py; each example is
checked against the engine by lesson_verify.py.

Lessons are numbered in ladder order by `order`; the loader sorts them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..engine.grid import parse_cells
from ..paths import data_dir
from .frontmatter import FrontMatterError, split_front_matter
from .lesson_text import Heading, LessonError, headings_of, links_of, parse_digits, parse_effect_list

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
            have = step.roles.json(step).get(key)
            if have is None or _norm(have) != _norm(want):
                return False
        return True

    def matching_steps(self, position=None) -> list:
        """Every engine step in the example's position that is the one the
        lesson names (technique, pattern cells, digits, its roles' JSON keys)."""
        from ..engine.registry import find_all
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
        from ..engine.registry import get
        known = [get(t) for t in self.techniques]
        families = {t.family for t in known if t is not None}
        if len(families) == 1 and all(known):
            return families.pop()
        return self.techniques[0]

    @property
    def check_example(self) -> Example | None:
        if self.check is not None:
            return self.example(self.check)
        return self.examples[0] if self.examples else None

    def links(self) -> list[tuple[str, str]]:
        """(text, href) of every Markdown link in the body."""
        return links_of(self.body)

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


@lru_cache(maxsize=1)
def example_keys() -> frozenset:
    """The position keys of every lesson example: practice leaves them out,
    since the lesson prints their answers."""
    return frozenset(e.position().key() for lesson in _cached() for e in lesson.examples)


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
    from ..engine.registry import technique_name
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
