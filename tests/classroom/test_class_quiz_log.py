"""Issue 25, "The class": a student who drops mid-quiz and logs in again
gets the quiz back with its log (the entries and their verdicts), so they
can see which set they found; and the push dialog never closes silently
with nothing pushed (on QQWing easy #1 the singles solve everything)."""
from __future__ import annotations

from test_resume import _quiz_payload, _student, _until
from test_teacher import EASY, open_push_dialog

from tutor.app import make_app
from tutor.classroom import events
from tutor.store import Store


async def test_a_student_back_after_a_drop_sees_the_quiz_log(db):
    store = Store.open(db)
    events.push_event(store, "5B", "quiz", _quiz_payload(), "mrs-b")
    app = _student(db)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "quiz", None) is app.class_link.quiz
                            and app.screen.query("#quiz-entry"), 8)
        for text in ("r6c45 #38", "r6c45 #39"):           # one found, one wrong
            app.screen.submit_text(text)
        said = [line for line in app.screen.log_lines if line.startswith(("found", "not an"))]
        assert len(said) == 2
        assert await _until(pilot, lambda: len((events.saved_state(store, events.latest_event(
            store, "5B").id, "alice") or {}).get("entries", ())) == 2, 8)
    again = _student(db)                                  # logged in again
    async with again.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: getattr(again.screen, "quiz", None) is not None
                            and "Resumed where you left this quiz: found 1/25  wrong 1. Ctrl+G "
                                "gives up, Ctrl+R starts a new one." in again.screen.log_lines, 8)
        log = again.screen.log_lines
        assert "> r6c45 #38" in log and "> r6c45 #39" in log
        for line in said:
            assert line in log, (line, log)
    store.close()


async def test_the_push_dialog_stays_open_when_there_is_nothing_to_push(db):
    app = make_app(EASY, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        dialog = await open_push_dialog(pilot, app)
        assert "the singles alone solve it" in str(dialog.query_one("#push-singles").render())
        button = dialog.query_one("#push-ok")
        for _ in range(8):                                 # Tab on to the Push button
            if dialog.focused is button:
                break
            await pilot.press("tab")
        assert dialog.focused is button
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.screen is dialog                        # still open
        said = str(dialog.query_one("#push-error").render())
        assert "singles" in said and "nothing" in said, said
        store = Store.open(db)
        assert events.latest_event(store, "5B") is None    # and nothing pushed
        store.close()
