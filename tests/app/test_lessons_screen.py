"""The lesson browser with the Pilot: open it, open a lesson, follow links,
load examples (the grid shows the example and its pattern), go back."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, cell, make, settle

from textual.widgets import Markdown, OptionList

from tutor.app.screens import available
from tutor.app.screens.lesson_links import LessonMarkdown, palette_commands
from tutor.app.screens.lessons import LessonScreen
from tutor.teaching.lessons import all_lessons, get_lesson


async def open_browser(pilot, app) -> LessonScreen:
    await pilot.press("L")
    await settle(pilot)
    assert isinstance(app.screen, LessonScreen)
    return app.screen


async def try_example(pilot, app, lesson: str, example: int) -> None:
    """Open the lesson in the browser, pick the example and try it (t)."""
    screen = await open_browser(pilot, app)
    await click_link(pilot, screen, f"lesson:{lesson}")
    await pilot.press(str(example))
    await settle(pilot)
    await pilot.press("t")
    await settle(pilot)


async def click_link(pilot, screen, href: str) -> None:
    """What a mouse click on a Markdown link sends."""
    md = screen.query_one("#lesson-md", Markdown)
    md.post_message(Markdown.LinkClicked(md, href))
    await settle(pilot)


@pytest.mark.slow
async def test_browse_the_list_the_contents_and_search():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        # mastery comes from the progress store: the mean over the lesson's techniques
        app.store.record_attempt(app.user, "x-wing", "eliminate", 1.0, 12.0)
        app.store.record_attempt(app.user, "swordfish", "eliminate", 0.5, 30.0)
        screen = await open_browser(pilot, app)
        labels = screen.list_labels()
        lessons = all_lessons()
        assert len(labels) == len(lessons) >= 8
        for label, lesson in zip(labels, lessons):
            assert f"{lesson.order}." in label
        assert labels[0].startswith("· 1. Singles")        # opening a lesson is not reading it
        assert labels[1].startswith("· 2. Locked Candidates")
        assert labels[3].endswith(" 75%") and "%" not in labels[1]
        # the first lesson is shown with its table of contents
        assert screen.lesson.id == "singles"
        assert screen.query_one("#lesson-md", Markdown).source == lessons[0].body
        toc = [text for _, text, _ in screen.toc]
        assert toc == [h.text for h in lessons[0].toc()]
        assert "Why it works" in toc and "Check yourself" in toc

        # open a lesson from the list
        box = screen.query_one("#lesson-list", OptionList)
        box.focus()
        box.highlighted = 3                      # the fourth lesson: fish
        await pilot.press("enter")
        await settle(pilot)
        assert screen.lesson.id == "fish"
        assert "X-Wing" in screen.sub_title
        assert screen.list_labels()[3].startswith("· 4.")
        # contents: jump to "Common mistakes"
        scroll = screen.query_one("#lesson-scroll")
        assert scroll.scroll_y == 0
        k = [text for _, text, _ in screen.toc].index("Common mistakes")
        screen.goto_heading(k)
        await settle(pilot)
        assert scroll.scroll_y > 0

        # search by technique: only the lesson that teaches it is left
        await pilot.press("slash")
        await pilot.press(*"turbot")
        await settle(pilot)
        labels = screen.list_labels()
        assert len(labels) == 1 and "Skyscraper" in labels[0]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.lesson.id == "skyscraper"


@pytest.mark.slow
async def test_the_list_takes_the_arrow_keys_at_once():
    """Right after L: Down, Down, Enter opens the third lesson (no click and
    no Tab first); / still goes to the search box, Esc from there back to
    the list."""
    from textual.widgets import Input
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot, app)
        box = screen.query_one("#lesson-list", OptionList)
        assert app.focused is box
        assert screen.lesson.id == "singles"
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        third = all_lessons()[2]
        assert third.short == "LockedSets"
        assert screen.lesson.id == third.id
        assert screen.sub_title == third.title
        assert screen.query_one("#lesson-md", Markdown).source == third.body
        assert screen.list_labels()[2].startswith("· 3. LockedSets")
        await pilot.press("up", "enter")                 # still in the list
        await settle(pilot)
        assert screen.lesson.id == all_lessons()[1].id
        await pilot.press("slash")
        assert isinstance(app.focused, Input)
        await pilot.press("escape")
        assert app.focused is box


@pytest.mark.slow
async def test_links_examples_and_back_navigation():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_browser(pilot, app)
        await click_link(pilot, screen, "lesson:locked-sets")
        assert screen.lesson.id == "locked-sets"

        # an example link shows the position with the pattern highlighted
        await click_link(pilot, screen, "example:1")
        example = get_lesson("locked-sets").example(1)
        grid = screen.query_one("#example-grid")
        assert screen.query_one("#example-pane").display
        want = example.position()
        assert grid.position.values == want.values and grid.position.cands == want.cands
        hl = grid.highlight
        assert hl.cells == {cell("r6c4"), cell("r6c5")} and hl.digits == {3, 8}
        assert hl.eliminations == example.eliminations
        assert (cell("r4c6"), 3) in hl.eliminations
        caption = str(screen.query_one("#example-caption").render())
        assert "Naked Pair: 3,8 in r6c45" in caption
        # a digit key shows another example
        await pilot.press("2")
        await settle(pilot)
        assert screen.example_shown == 2
        assert grid.highlight.cells == {cell("r1c8"), cell("r9c8")}

        # follow a lesson link, then come back to the lesson and its example
        await click_link(pilot, screen, "lesson:fish")
        assert screen.lesson.id == "fish" and screen.example_shown is None
        await pilot.press("b")
        await settle(pilot)
        assert (screen.lesson.id, screen.example_shown) == ("locked-sets", 2)
        # Esc closes the preview first, not the lesson
        await pilot.press("escape")
        await settle(pilot)
        assert screen.example_shown is None and not screen.query_one("#example-pane").display
        assert screen.lesson.id == "locked-sets"
        # then goes back, then leaves the browser for the grid
        await pilot.press("backspace")
        await settle(pilot)
        assert screen.lesson.id == "singles"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.play


@pytest.mark.slow
async def test_try_it_and_the_links_in_the_play_lesson_tab():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await try_example(pilot, app, "locked-candidates", 3)
        play = app.play
        assert app.screen is play
        want = get_lesson("locked-candidates").example(3).position()
        assert play.game.position.values == want.values
        assert play.game.position.cands == want.cands
        assert not play.highlight                     # the learner finds it alone
        assert "example 3" in play.game.name
        # the lesson now sits in the Lesson tab, and its links work there
        md = play.query_one(LessonMarkdown)
        assert md.lesson.id == "locked-candidates"
        md.post_message(Markdown.LinkClicked(md, "example:1"))
        await settle(pilot)
        step = get_lesson("locked-candidates").example(1).find_step()
        assert play.highlight.cells == set(step.cells)
        assert play.highlight.eliminations == set(step.eliminations)
        md = play.query_one(LessonMarkdown)
        md.post_message(Markdown.LinkClicked(md, "lesson:locked-sets"))
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "locked-sets"


@pytest.mark.slow
async def test_claim_link_sends_the_claim_to_the_judge():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_browser(pilot, app)
        await click_link(pilot, screen, "lesson:locked-candidates")
        await click_link(pilot, screen, "claim:r6c3<>3")
        await settle(pilot, rounds=5)
        play = app.play
        assert app.screen is play
        want = get_lesson("locked-candidates").check_example.position()
        assert play.game.position.values == want.values
        assert "Claim: r6c3<>3 by pointing" in play.log_lines
        verdicts = [line for line in play.log_lines if "proved" in line.lower()]
        assert verdicts, play.log_lines[-5:]
        # a proved claim is applied to the grid
        assert not play.game.position.has(cell("r6c3"), 3)
        # a placement claim (the singles lesson) goes to the judge as well
        screen = await open_browser(pilot, app)
        await click_link(pilot, screen, "lesson:singles")
        before = len(play.log_lines)
        await click_link(pilot, screen, "claim:r4c9=6")
        await settle(pilot, rounds=5)
        new_lines = play.log_lines[before:]
        assert "Claim: r4c9=6 by hidden-single" in new_lines
        assert any("proved" in line.lower() for line in new_lines), new_lines


@pytest.mark.slow
async def test_practice_and_the_command_palette():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        # palette: lessons by title (listed at once) and by technique (when typed)
        commands = list(palette_commands(app))
        titles = [c.title for c in commands]
        assert "Lesson: Fish: X-Wing, Swordfish, Jellyfish" in titles
        by_tech = [c for c in commands if c.title.startswith("Lesson on Skyscraper")]
        assert len(by_tech) == 1 and not by_tech[0].discover
        # typing in the real palette finds a lesson by a technique name
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"lesson on turbot")
        await settle(pilot, rounds=6)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        screen = app.screen
        assert screen.lesson.id == "skyscraper"
        # inside the browser the same commands switch lessons
        next(c for c in commands if c.title.startswith("Lesson: ALS")).callback()
        await settle(pilot)
        assert screen.lesson.id == "death-blossom"
        # Practice: a quiz on the lesson's technique, or a notice until quizzes exist
        await pilot.press("p")
        await settle(pilot)
        if available("quiz"):
            assert type(app.screen).__name__ == "QuizScreen"
            assert (app.screen.target, app.screen.kind) == ("death-blossom", "eliminate")
        else:
            assert any("quiz screen is not available" in line for line in app.play.log_lines)


async def test_small_terminal_shows_the_example_beside_the_text():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot, app)
        await pilot.press("1")
        await settle(pilot)
        grid = screen.query_one("#example-grid")
        assert grid.grid_layout.name == "compact"
        assert not screen.query_one("#lessons-side").display    # side list makes room
        assert grid.region.right <= 80 and grid.region.bottom <= 23     # above the footer
        assert screen.query_one("#example-caption").region.x < grid.region.x
        await pilot.press("escape")
        await settle(pilot)
        assert screen.query_one("#lessons-side").display


async def test_question_mark_shows_the_browsers_keys():
    from tutor.app.screens.help import HelpScreen
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot, app)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.help_text()
        assert text.startswith("Lessons: keys (Esc closes)")
        for keys, what in (("Esc", "Close"), ("b, Backspace, ←", "Back"), ("k", "Links"),
                           ("t", "Try it"), ("?", "Keys")):
            assert f"  {keys:<18} {what}" in text, (keys, text)
        assert "Place a digit" not in text               # the grid's keys are not these
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


async def test_the_links_tab_by_keyboard_and_enter_at_once():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_browser(pilot, app)
        assert screen.links[0] == ("Load it", "example:1")
        await pilot.press("k")
        await settle(pilot)
        links = screen.query_one("#lesson-links", OptionList)
        assert app.focused is links
        await pilot.press("enter")                        # no Down first
        await settle(pilot)
        assert screen.example_shown == 1
        # the contents too: Enter goes to the first heading
        await pilot.press("escape", "o")
        await settle(pilot)
        assert app.focused is screen.query_one("#lesson-toc", OptionList)
        await pilot.press("end", "enter")
        await settle(pilot)
        assert screen.query_one("#lesson-scroll").scroll_y > 0


async def test_esc_closes_the_browser_and_back_steps_through_the_lessons_seen():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_browser(pilot, app)
        await pilot.press("down", "enter")
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        ids = [lesson.id for lesson in all_lessons()]
        assert screen.lesson.id == ids[2]
        await pilot.press("left")                         # back, from the list
        await settle(pilot)
        assert screen.lesson.id == ids[1]
        await pilot.press("backspace")
        await settle(pilot)
        assert screen.lesson.id == ids[0]
        await pilot.press("down", "down", "down", "enter")
        await settle(pilot)
        assert screen.lesson.id == ids[3] and screen.history
        await pilot.press("escape")                       # one press: back on the grid
        await settle(pilot)
        assert app.screen is app.play


async def test_l_after_trying_an_example_opens_that_lesson():
    """'That was this lesson's last example: L opens the lessons.' L then
    opens the lesson in the Lesson tab, not the first lesson (a walk)."""
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await try_example(pilot, app, "locked-candidates", 3)
        assert app.screen is app.play
        await pilot.press("L")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "locked-candidates"
