"""Issue 25, the quiz placeholder: it shows the entry format of the
technique asked, on an example pattern that is not in the position (in the
reference quiz `r6c45 #38` was an answer, and typing the `X-Wing #5 r26 c37`
it offered counted as a wrong entry)."""
from __future__ import annotations

import re

from app_helpers import EASY1, make, settle

from tutor.engine.grid import parse_cells
from tutor.teaching.quiz import best_match, parse_entry


def example_of(placeholder: str) -> str:
    """The example in a placeholder 'e.g. <example>, Enter'."""
    m = re.fullmatch(r"e\.g\. (.+), Enter", placeholder)
    assert m, placeholder
    return m.group(1)


async def test_the_reference_quiz_shows_a_lockedset_that_is_not_in_its_position():
    app = make(EASY1, start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        quiz = screen.quiz
        example = example_of(screen.entry.placeholder)
        entry = parse_entry(example)
        assert entry.technique in ("naked-subset", "hidden-subset"), example
        assert entry.cells and entry.digits
        assert best_match(entry, quiz.instances) is None                # not in this position
        # typed as it is, it is neither an answer nor held against the learner
        screen.entry.value = example
        await pilot.press("enter")
        await settle(pilot, 2)
        assert quiz.found == [] and quiz.score().wrong == 0
        assert "example" in screen.log_lines[-1]


async def test_an_x_wing_quiz_shows_an_x_wing_by_its_lines():
    app = make(EASY1, start_screen="quiz", start_args={"target": "x-wing", "seed": 1})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        entry = parse_entry(example_of(screen.entry.placeholder))
        assert entry.technique == "x-wing" and len(entry.houses) == 2 and len(entry.digits) == 1
        assert best_match(entry, screen.quiz.instances) is None         # not in this position


async def test_an_elimination_quiz_shows_a_claim_that_cannot_be_an_answer_here():
    app = make(EASY1, start_screen="quiz", start_args={"target": "x-wing", "kind": "eliminate",
                                                      "seed": 2})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        example = example_of(screen.entry.placeholder)
        m = re.fullmatch(r"(r\dc\d)<>(\d)", example)
        assert m, example
        cell, digit = parse_cells(m.group(1))[0], int(m.group(2))
        assert not screen.quiz.position.has(cell, digit)
