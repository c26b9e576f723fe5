"""Issue 25, "See what the tutor said": after a lesson example's t, the
Lesson tab stays in front, and every hint and verdict shows under the status
line (the Log has it too); at 80x24 the lesson column stays readable."""
from __future__ import annotations

from app_helpers import EASY1, make, settle, try_first_example

from textual.widgets import TabbedContent
from textual.widgets._markdown import MarkdownParagraph


def shown(app, widget) -> bool:
    """On screen: displayed, with a region inside the terminal."""
    region = widget.region
    return widget.display and region.height > 0 and region.bottom <= app.size.height


async def test_hints_and_verdicts_show_beside_the_lesson_at_80x24():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        await try_first_example(pilot)
        play = app.play
        tabs = play.query_one("#tabs", TabbedContent)
        latest = play.query_one("#latest")
        assert tabs.active == "lesson"
        await pilot.press("H")
        await settle(pilot)
        assert tabs.active == "lesson"                 # the lesson stays in front
        assert latest.lines[0].startswith("Hint 1/5: ") and shown(app, latest)
        assert latest.region.y < play.query_one("#lesson-pane").region.y
        # a claim the judge rejects: its verdict leads, the note after it follows
        (i, d), = play.lesson_try.step.placements       # the example's single: i is d
        play.move_cursor(i)
        await pilot.press("x", str(d))
        await pilot.press("enter")
        await settle(pilot)
        assert latest.lines[0].startswith("✘ False: ") and shown(app, latest)
        assert latest.lines[1].startswith("Unmarked ")
        # with the Log in front the same words are there: the line steps aside
        await pilot.press("g")
        await pilot.pause()
        assert not latest.display
        assert play.log_lines[-2].startswith("✘ False: ")
        # a new game starts with nothing said yet
        await pilot.press("escape")
        play.load_position(EASY1, name="again")
        await pilot.pause()
        assert latest.lines == ["New game: again"]


async def test_the_lesson_column_is_readable_at_80x24():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        await try_first_example(pilot)
        await pilot.pause()
        paragraph = app.play.query_one("#lesson-pane").query(MarkdownParagraph).first()
        assert paragraph.content_region.width >= 23, paragraph.content_region
        assert paragraph.content_region.right <= 80
