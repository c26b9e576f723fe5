"""Issue 25, the second walk: after `t` (try it) on a lesson example the
hint leads to the step the example is about (XY-Chains example 1: its
XY-Chain, not the W-Wing that is the simplest step there); where that
technique has no step any more, the simplest step, and the hint says so."""
from __future__ import annotations

from app_helpers import make, settle

from tutor.app.screens.lesson_links import play_example
from tutor.engine.registry import next_step, technique_name
from tutor.teaching.lessons import get_lesson


async def _hint_to_level(pilot, play, level: int):
    for _ in range(level):
        await pilot.press("H")
        await settle(pilot, 4)


async def test_the_hint_on_a_tried_example_leads_to_its_step():
    lesson = get_lesson("xy-chains")
    example = lesson.example(1)
    pos = example.position()
    assert next_step(pos).technique != example.technique       # the simplest step is another
    app = make()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert play_example(app, lesson, 1, highlight=False)
        await settle(pilot)
        play = app.play
        await _hint_to_level(pilot, play, 4)
        assert play.hint.step is not None and play.hint.step.technique == example.technique
        assert set(play.hint.step.eliminations) == set(example.eliminations)
        assert any(technique_name(example.technique) in line for line in play.log_lines[-6:])


async def test_the_hint_falls_back_to_the_simplest_step_and_says_so():
    """The example is being tried, but its technique has no step in the
    grid's position (here: a solved grid with three cells open)."""
    from app_helpers import EASY1
    from tutor.app.screens.lesson_links import LessonTry
    from tutor.engine.formats import parse_position
    solution = parse_position(EASY1).solution()
    nearly = "..." + "".join(map(str, solution[3:]))
    app = make(nearly)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        play = app.play
        play.lesson_try = LessonTry(get_lesson("xy-chains"), 1, None)
        await _hint_to_level(pilot, play, 1)
        assert play.hint.step is not None and play.hint.step.technique == next_step(
            play.game.engine_position()).technique
        assert "No XY-Chain here now: the simplest step instead." in play.log_lines
