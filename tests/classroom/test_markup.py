"""Text that comes from a person is shown as text, never parsed as markup.

A push title such as `Week 3 [/] pairs` or `[/b]` used to crash the teacher's
app and every student's app (Rich/Textual markup errors at render time).
Each place that shows such text is driven here with Pilot: push titles
(teacher dialog, teacher event line, student notice, quiz prompt), the class
name, student activity and claims in the teacher's table, puzzle names, quiz
entries."""
from __future__ import annotations

import pytest

from pilot_helpers import until as _until
from tutor.app import make_app
from tutor.classroom import events
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"
NASTY = ["Week 3 [/] pairs", "[/b]", "[b]bold", "[@click=app.screenshot]x[/]", "[link=file:///etc]y"]


@pytest.mark.slow
async def test_student_survives_markup_in_push_titles(db):
    store = Store.open(db)
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    quiz_pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        for k, title in enumerate(NASTY):
            kind = "quiz" if k % 2 else "position"
            payload = {"position": quiz_pos if kind == "quiz" else EASY, "title": title,
                       "target": "locked-set", "hint_limit": 1}
            ev = events.push_event(store, "5B", kind, payload, "mrs-b")
            assert await _until(pilot, lambda: app.class_link.event is not None
                                and app.class_link.event.id == ev.id, 3)
            await pilot.pause(0.3)
            await pilot.press("right")                 # the next key repaints: still alive
            await pilot.pause(0.1)
            assert title in app.export_screenshot().replace("&#160;", " ") or kind == "position"
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: app.hint_limit is None, 3)
        await pilot.press("left")
        await pilot.pause(0.2)
        assert app.is_running and not app.internal_errors
    store.close()


@pytest.mark.slow
async def test_teacher_survives_markup_everywhere(db):
    s = Store.open(db)
    events.session_started(s, "srv/1", "5B [/]", "alice", "student", "127.0.0.1", "srv")
    s.set_activity("alice", "class: [/] pairs")
    s.record_claim("alice", "[/b] r1c1=5", "wrong", None)
    s.close()
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    app = make_app(pos, store_path=db, user="mrs-b", role="teacher", class_name="5B [/]",
                   start_screen="teacher", name="[/i] my grid")
    async with app.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        screen = app.screen
        await pilot.press("z")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#push-title").value = "Week 3 [/] pairs"
        await pilot.click("#push-ok")
        await pilot.pause(0.3)
        assert await _until(pilot, lambda: "Running: Week 3 [/] pairs" in str(
            screen.query_one("#teacher-event").render()), 3)
        await pilot.press("down")
        await pilot.pause(0.2)
        shot = app.export_screenshot()
        assert "[/b] r1c1=5" in shot.replace("&#160;", " ")
        await pilot.press("e")                        # end it: the notice names the title
        await pilot.pause(0.3)
        await pilot.press("escape")                   # the teacher's own grid, named with markup
        await pilot.pause(0.2)
        await pilot.press("e")                        # the export dialog shows the name
        await pilot.pause(0.3)
        assert "[/i] my grid" in app.export_screenshot().replace("&#160;", " ")
        assert app.is_running and not app.internal_errors


@pytest.mark.slow
async def test_quiz_entries_with_markup_are_text(db):
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    app = make_app(LOCKEDSET, store_path=db, user="tester", start_screen="quiz",
                   start_args={"position": parse_position(pos), "target": "locked-set"})
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: type(app.screen).__name__ == "QuizScreen"
                            and app.screen.query("#quiz-entry"), 20)
        screen = app.screen
        for text in ("[/b] r1c1", "[b]r6c45 #38", "[/]"):
            screen.entry.focus()
            await pilot.pause(0.1)
            screen.entry.value = text
            await pilot.pause(0.1)
            await pilot.press("enter")
            assert await _until(pilot, lambda: f"> {text}" in screen.log_lines, 5), screen.log_lines
        assert await _until(pilot, lambda: any("[/b] r1c1" in line for line in screen.log_lines), 5)
        await pilot.press("tab")
        await pilot.pause(0.1)
        assert app.is_running
