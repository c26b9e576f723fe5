"""The quiz screen with the Pilot: the 25-LockedSet quiz end to end (typed
entries, a grid selection, a duplicate, a wrong one with its reason, give
up, reveal, score, the attempt stored), the other two kinds, the progress
screen, and the `quiz` command's options."""
from __future__ import annotations

import pytest

from app_helpers import EASY1, cell, make, settle

from tutor.app.screens.progress import ProgressScreen
from tutor.app.screens.quiz import QuizScreen
from tutor.engine.grid import parse_cells


async def typed(pilot, text: str, keys: bool = False) -> None:
    """Enter a line in the entry: key by key (keys=True), or filled in at once
    and submitted with Enter (quicker on a busy machine)."""
    screen = pilot.app.screen
    if screen.focused is not screen.entry:
        await pilot.press("tab")
    if keys:
        await pilot.press(*text, "enter")
    else:
        screen.entry.value = text
        await pilot.press("enter")
    await settle(pilot, 2)


def counter(screen) -> str:
    return str(screen.query_one("#quiz-counter").render())


@pytest.mark.slow
async def test_lockedset_quiz_end_to_end(store_path):
    app = make(EASY1, store_path=store_path, start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        assert "25 LockedSets" in screen.prompt_text
        # the grid shows the reference position (the puzzle after its singles)
        assert screen.grid.position.values[:3] == [2, 7, 8]
        assert counter(screen).startswith("found 0/25")

        await typed(pilot, "r6c45 #38", keys=True)
        assert screen.log_lines[-1] == "found 1/25: Naked Pair r6c45 #38"
        assert screen.highlight.cells == frozenset(parse_cells("r6c45"))      # shown on the grid
        await typed(pilot, "hidden r8c79 #57")
        assert screen.log_lines[-1].startswith("found 2/25: Hidden Pair r8c79 #57")
        await typed(pilot, "Locked Quartet r8c1368 #2389")
        assert counter(screen).startswith("found 3/25")

        # a duplicate: the same pair again (named differently)
        await typed(pilot, "naked r6c45 #38")
        assert screen.log_lines[-1].startswith("already found (#1)")
        assert counter(screen).startswith("found 3/25")

        # a wrong one, with the failing condition
        await typed(pilot, "r6c45 #39", keys=True)
        assert "not an instance" in screen.log_lines[-1]
        assert "so r6c45 is not locked to 3,9" in screen.log_lines[-1]
        # an instance of another technique, named
        await typed(pilot, "Swordfish #3 R348 C136")
        assert screen.log_lines[-1].startswith("that is a Swordfish, not a LockedSet")
        assert "does not count against you" in screen.log_lines[-1]
        # bad input: one clear line, the quiz goes on
        await typed(pilot, "r6c45 #38 please")
        assert "'please'" in screen.log_lines[-1]

        # an entry picked on the grid: cells with Space, digits with 1-9, Enter
        await pilot.press("tab")
        assert screen.focused is screen.grid
        for name in ("r4c6", "r5c6"):
            screen.grid.update(cursor=cell(name))
            await pilot.press("space")
        await pilot.press("4", "5", "enter")
        await settle(pilot, 2)
        assert screen.log_lines[-1].startswith("found 4/25: Hidden Pair r45c6 #45")
        assert counter(screen).startswith("found 4/25  wrong 1")     # the Swordfish is not held against

        # give up, then the missed ones one by one on the grid
        await pilot.press("ctrl+g")
        await settle(pilot, 2)
        assert any("You gave up with 4/25 found; 21 missed" in ln for ln in screen.log_lines)
        assert "found 4/25 (recall 16%), 1 wrong (precision 80%), 1 repeated" in screen.log_lines
        first = screen.log_lines[-1]
        assert first.startswith("missed 1/21: ")
        shown = screen.quiz.instances[screen.quiz.revealed[0]]
        assert screen.highlight.cells == frozenset(shown.cells)
        await pilot.press("ctrl+n")
        await settle(pilot, 2)
        assert screen.log_lines[-1].startswith("missed 2/21: ") and screen.log_lines[-1] != first
        await typed(pilot, "next")
        assert screen.log_lines[-1].startswith("missed 3/21: ")
        screen.grid.focus()                      # n on the grid: ctrl+n's twin for browsers
        await pilot.press("n")
        await settle(pilot, 2)
        assert screen.log_lines[-1].startswith("missed 4/21: ")
        screen.entry.focus()

        # the attempt went to the progress store, per technique of the family
        mastery = app.store.mastery("tester")
        assert set(mastery) == {"naked-subset", "hidden-subset"}
        assert app.store.attempt_counts("tester") == {"naked-subset": 1, "hidden-subset": 1}
        assert 0 < mastery["hidden-subset"] < 1

        # the progress screen lists the ratings and a suggestion: a partial
        # score fails the review, so a technique of the quiz is due at once
        await pilot.press("tab")
        await pilot.press("M")
        await settle(pilot)
        assert isinstance(app.screen, ProgressScreen)
        text = app.screen.text
        rows = {r.technique: r for r in app.screen.table}
        assert rows["naked-subset"].attempts == rows["hidden-subset"].attempts == 1
        due = [t for t in ("naked-subset", "hidden-subset") if rows[t].due]
        assert due and "Hidden Subset" in text
        assert text.startswith(f"Practise next: {rows[due[0]].name} (a review is due; rating ")
        assert "Counted: 2 quiz or practice results" in text


@pytest.mark.smoke
async def test_find_the_elimination_quiz():
    app = make(EASY1, start_screen="quiz", start_args={"target": "x-wing", "kind": "eliminate",
                                                      "seed": 2})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        quiz = screen.quiz
        assert "X-Wing is the simplest step here" in screen.prompt_text
        sol = quiz.position.solution()
        i = next(k for k in range(81) if not quiz.position.values[k])
        await typed(pilot, f"r{i // 9 + 1}c{i % 9 + 1}<>{sol[i]}")
        assert not quiz.done and screen.log_lines[-1]
        k, d = quiz.answers[0].eliminations[0]
        await typed(pilot, f"r{k // 9 + 1}c{k % 9 + 1}<>{d}")
        assert quiz.done and screen.log_lines[-2].startswith("right:")
        assert app.store.attempt_counts("tester") == {"x-wing": 1}


@pytest.mark.slow
async def test_name_the_technique_quiz():
    app = make(EASY1, start_screen="quiz", start_args={"target": "pointing", "kind": "name",
                                                      "seed": 3})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        quiz = screen.quiz
        assert "Which technique is highlighted?" in screen.prompt_text
        assert screen.highlight.cells == frozenset(quiz.step.cells)
        assert "Pointing" not in screen.title and "Pointing" not in screen.sub_title
        await pilot.press("tab")                     # to the grid: 1-4 pick an option
        await pilot.press(str(quiz.options.index("pointing") + 1))
        await settle(pilot, 2)
        assert screen.log_lines[-2].startswith("right:")
        assert app.store.mastery("tester") == {"pointing": 1.0}
        # a new quiz of the same kind with the next seed
        await pilot.press("ctrl+r")
        await settle(pilot, 2)
        assert screen.quiz is not quiz and screen.quiz.kind == "name" and screen.seed == 4


async def test_quiz_key_with_nothing_worked_on_opens_the_quiz_chooser():
    """Q with no lesson in front and nothing practised: the palette's quiz
    entries to pick from (not always the LockedSets quiz)."""
    from textual.command import CommandPalette
    app = make(EASY1)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("escape", "Q")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one("Input").value == "Quiz: "
        await pilot.press("backspace", *"x-wing", "enter")     # 'Quiz: Find them all: X-Wing'
        await settle(pilot)
        assert isinstance(app.screen, QuizScreen) and app.screen.target == "x-wing"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.play
        await pilot.press("escape", "Q")                 # the quiz last opened, again
        await settle(pilot)
        assert isinstance(app.screen, QuizScreen) and app.screen.target == "x-wing"


async def test_quiz_key_opens_the_quiz_of_the_lesson_in_front():
    from tutor.teaching.lessons import get_lesson
    app = make(EASY1)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        from tutor.app.screens.lesson_links import play_example
        assert play_example(app, get_lesson("xy-chains"), 1, highlight=False)   # t: try it
        await settle(pilot)
        assert app.screen is app.play
        await pilot.press("Q")
        await settle(pilot)
        assert isinstance(app.screen, QuizScreen)
        assert app.screen.target == get_lesson("xy-chains").practice_target == "xy-chain"


def test_quiz_command_passes_its_options_to_the_app(monkeypatch):
    import tutor.app as app_pkg
    from tutor.cli import main
    got = {}
    monkeypatch.setattr(app_pkg, "run_app", lambda **kw: got.update(kw) or 0)
    assert main(["quiz", "--technique", "x-wing", "--kind", "name", "--seed", "5"]) == 0
    assert got == {"start_screen": "quiz",
                   "start_args": {"target": "x-wing", "kind": "name", "seed": 5}}


def test_quiz_command_bad_input_is_one_line(capsys):
    from tutor.cli import main
    assert main(["quiz", "--technique", "nope"]) == 2
    assert "unknown technique 'nope'" in capsys.readouterr().err
    assert main(["quiz", "--technique", "x-wing", "--kind", "guess"]) == 2
    assert "unknown quiz kind 'guess'" in capsys.readouterr().err
