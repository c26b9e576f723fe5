"""Every lesson is checked against the engine: its examples must be the
steps the engine finds, with the effects the front matter and the text state."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engine.registry import ladder, resolve
from tutor.engine.grid import cell_name
from tutor.teaching.lesson_text import LessonError, parse_effect_list, parse_effects, parse_link
from tutor.teaching.lesson_verify import verify_example
from tutor.teaching.lessons import REQUIRED_SECTIONS, load_lessons, parse_lesson, search_lessons
from tutor.teaching.quiz import kind_ids

ROOT = Path(__file__).resolve().parents[2]
LADDER_RANKS = {t.id: t.rank for t in ladder()}
LESSONS = load_lessons(ROOT / "lessons")
BY_ID = {lesson.id: lesson for lesson in LESSONS}
EXAMPLES = [(lesson, ex) for lesson in LESSONS for ex in lesson.examples]


def test_lessons_exist_with_unique_ids():
    assert len(LESSONS) >= 8
    assert len(BY_ID) == len(LESSONS)


def test_every_ladder_technique_has_a_lesson():
    taught = {t for lesson in LESSONS for t in lesson.techniques}
    missing = sorted(set(LADDER_RANKS) - taught)
    assert not missing, f"no lesson teaches {missing}"


def test_lessons_are_in_ladder_order():
    for lesson in LESSONS:
        unknown = [t for t in lesson.techniques if t not in LADDER_RANKS]
        assert not unknown, f"{lesson.id}: unknown technique ids {unknown}"
    orders = [lesson.order for lesson in LESSONS]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    # a lesson's place follows the simplest technique it teaches
    by_rank = sorted(LESSONS, key=lambda l: min(LADDER_RANKS[t] for t in l.techniques))
    assert [l.id for l in by_rank] == [l.id for l in LESSONS]


def test_practice_targets():
    targets = {lesson.id: lesson.practice_target for lesson in LESSONS}
    assert targets["singles"] == "singles" and targets["fish"] == "fish"
    assert targets["locked-sets"] == "locked-set" and targets["skyscraper"] == "single-digit"
    assert targets["x-cycles"] == "x-cycle"
    for lesson in LESSONS:
        assert resolve([lesson.practice_target])


def test_prerequisites_exist_and_come_first():
    for lesson in LESSONS:
        for pre in lesson.prerequisites:
            assert pre in BY_ID, f"{lesson.id}: unknown prerequisite '{pre}'"
            assert BY_ID[pre].order < lesson.order, f"{lesson.id}: prerequisite {pre} comes later"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_required_sections(lesson):
    level2 = [h.text for h in lesson.headings if h.level == 2]
    for section in REQUIRED_SECTIONS:
        assert any(h.startswith(section) for h in level2), f"{lesson.id}: no '## {section}' section"
    assert any(h.level == 1 for h in lesson.headings), f"{lesson.id}: no title heading"
    diagram = lesson.section_of("## Diagram")
    assert "```" in diagram, f"{lesson.id}: the Diagram section has no text diagram"
    check = lesson.section_of("## Check yourself")
    kinds = {parse_link(href).scheme for _, href in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", check)
             if parse_link(href)}
    assert kinds & {"claim", "quiz"}, f"{lesson.id}: check-yourself opens no claim or quiz"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_code_block_names_its_language(lesson):
    """A fence with no language makes the Markdown view guess one (Pygments
    tries every lexer): a fifth of the time the lesson browser takes to open."""
    opening = [ln for ln in lesson.body.splitlines() if ln.startswith("```")][::2]
    assert all(ln.strip() != "```" for ln in opening), f"{lesson.id}: a ``` fence names no language"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_links_resolve(lesson):
    for text, href in lesson.links():
        link = parse_link(href)
        assert link is not None, f"{lesson.id}: link '{href}' has an unknown scheme"
        where = f"{lesson.id}: [{text}]({href})"
        if link.scheme == "lesson":
            assert link.target in BY_ID, f"{where}: no such lesson"
        elif link.scheme in ("example", "try"):
            assert lesson.example(link.example), f"{where}: no such example"
        elif link.scheme == "quiz":
            assert resolve([link.target]), f"{where}: no such technique"
            for key, value in link.options:
                assert key == "kind" and value in kind_ids(), f"{where}: unknown quiz option"
        elif link.scheme == "claim":
            ex = lesson.example(link.example) if link.example else lesson.check_example
            assert ex, f"{where}: no example to claim on"
            claimed = parse_effect_list(link.target.replace(",", " "))
            pos = ex.position()
            for i, d in claimed:
                assert not pos.values[i] and pos.has(i, d), \
                    f"{where}: {cell_name(i)} has no candidate {d} in example {ex.id}"


def test_check_yourself_claims_are_proved_by_the_lesson_technique():
    try:
        from tutor.engine import judge
    except ImportError:
        pytest.skip("the judge (tutor/engine/judge.py) is not there yet")
    claims = 0
    for lesson in LESSONS:
        for _, href in lesson.links():
            link = parse_link(href)
            if link is None or link.scheme != "claim":
                continue
            ex = lesson.example(link.example) if link.example else lesson.check_example
            verdict = judge.judge(ex.position(), judge.parse_claim(link.target), by=ex.technique,
                                  pattern=link.option("pattern"))
            assert verdict.kind == "proved", f"{lesson.id}: {link.target}: {verdict.message}"
            claims += 1
    assert claims >= len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda l: l.id)
def test_every_example_is_linked_from_the_text(lesson):
    linked = {parse_link(h).example for _, h in lesson.links()
              if parse_link(h) and parse_link(h).scheme in ("example", "try")}
    assert {e.id for e in lesson.examples} <= linked


@pytest.mark.parametrize("lesson,example", EXAMPLES,
                         ids=[f"{l.id}-{e.id}" for l, e in EXAMPLES])
def test_example_is_the_engine_step_and_the_text_states_it(lesson, example):
    """The engine finds exactly the step the lesson describes (technique,
    pattern cells, digits, extra keys) with exactly the front matter's
    eliminations and placements; the step is sound; and the section that
    links the example states every one of those effects."""
    assert verify_example(lesson, example) == []


def _drifted(lesson_id: str, old: str, new: str):
    lesson = BY_ID[lesson_id]
    text = lesson.path.read_text(encoding="utf-8")
    assert old in text
    return parse_lesson(text.replace(old, new, 1), lesson.path)


def test_drifted_examples_are_caught():
    # an extra elimination the engine does not make
    changed = _drifted("locked-candidates", "eliminations: r6c9<>5", "eliminations: r6c9<>5 r6c1<>5")
    problems = verify_example(changed, changed.example(1))
    assert problems and "engine says" in problems[0]
    # the wrong pattern cells
    changed = _drifted("fish", "cells: r34c38", "cells: r34c39")
    assert "finds no x-wing" in verify_example(changed, changed.example(1))[0]
    # front matter right, but the text forgets an elimination
    changed = _drifted("locked-sets", "**r14c9<>45** and", "**r1c9<>45** and")
    problems = verify_example(changed, changed.example(4))
    assert problems == ["locked-sets example 4: the text never states r4c9<>45"]


def test_own_words():
    tool = ROOT.parent / "shared" / "tools" / "own-words"
    if not tool.exists():
        pytest.skip(f"own-words check skipped: {tool} not found (../shared is not beside the repo)")
    run = subprocess.run([sys.executable, str(tool), str(ROOT / "lessons")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout


# ------------------------------------------------------------------ the parser itself

GOOD = """---
id: demo
title: Demo lesson
techniques: [pointing]
order: 5
prerequisites: singles, locked-sets
examples:
  - id: 1
    puzzle: .3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7..
    after: singles
    technique: pointing
    cells: r6c45
    digits: #5
    eliminations: r6c9<>5
    box: b5
  - id: 2
    position: |
      .3.1.5.8...........8.....2...
      9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7..
    technique: hidden-single
    cells: r2c8
    digits: 9
    placements: r2c8=9
---
# Demo
## Part one
text [x](example:1)
```
## not a heading
```
"""


def test_front_matter_parses():
    lesson = parse_lesson(GOOD)
    assert lesson.id == "demo" and lesson.order == 5
    assert lesson.techniques == ("pointing",)
    assert lesson.prerequisites == ("singles", "locked-sets")
    one, two = lesson.examples
    assert one.after == ("singles",) and one.digits == (5,) and one.match == {"box": "b5"}
    assert one.eliminations == {(5 * 9 + 8, 5)}
    assert two.position_text.count("\n") == 1 and two.placements == {(9 + 7, 9)}
    assert [h.text for h in lesson.headings] == ["Demo", "Part one"]
    assert one.find_step().text.endswith("r6c9<>5")
    assert two.find_step().placements == ((16, 9),)


@pytest.mark.parametrize("change,message", [
    (("---\nid: demo", "id: demo"), "starts with a '---'"),
    (("order: 5", "order: five"), "not a whole number"),
    (("eliminations: r6c9<>5", "eliminations: r6c9-5"), "standard notation"),
    (("eliminations: r6c9<>5", "eliminations: r6c9<>5 r1c1=2"), "separate keys"),
    (("    cells: r6c45\n", ""), "lacks 'cells'"),
    (("digits: #5", "digits: five"), "not a list of digits"),
    (("    box: b5", "\tbox: b5"), "tabs"),
    (("title: Demo lesson\n", ""), "lacks 'title'"),
])
def test_front_matter_errors_are_one_clear_line(change, message):
    old, new = change
    with pytest.raises(LessonError) as err:
        parse_lesson(GOOD.replace(old, new, 1))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_effect_notation_expands_groups():
    elims, places = parse_effects("so r45c6<>38, r4c46,r6c6<>7 and r1c2=7.")
    assert elims == {(27 + 5, 3), (27 + 5, 8), (36 + 5, 3), (36 + 5, 8),
                     (27 + 3, 7), (27 + 5, 7), (45 + 5, 7)}
    assert places == {(1, 7)}


def test_links_parse():
    assert parse_link("lesson:fish").target == "fish"
    assert parse_link("example:2").example == 2
    assert parse_link("try:3").scheme == "try"
    claim = parse_link("claim:2:r6c9<>5")
    assert (claim.example, claim.target) == (2, "r6c9<>5")
    assert parse_link("claim:r6c9<>5").example is None
    quiz = parse_link("quiz:fish?kind=find-all")
    assert (quiz.target, quiz.options) == ("fish", (("kind", "find-all"),))
    assert parse_link("https://example.org") is None
    assert parse_link("example:x") is None


def test_search_by_title_and_technique():
    assert search_lessons("locked sets", LESSONS)[0].id == "locked-sets"
    assert search_lessons("hidden-single", LESSONS)[0].id == "singles"
    assert search_lessons("pointing", LESSONS)[0].id == "locked-candidates"
    assert search_lessons("no such thing at all", LESSONS) == []
    assert search_lessons("", LESSONS) == LESSONS


def test_a_pencil_mark_grid_block_is_a_position():
    from tutor.engine.formats import format_position
    base = parse_lesson(GOOD).examples[0]
    grid = format_position(base.position(), "pm")
    block = "\n".join("      " + line for line in grid.splitlines())
    text = GOOD.replace(
        "    puzzle: .3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7..\n"
        "    after: singles\n", f"    position: |\n{block}\n", 1)
    example = parse_lesson(text).examples[0]
    assert example.position().cands == base.position().cands
    assert example.find_step().eliminations == ((5 * 9 + 8, 5),)
