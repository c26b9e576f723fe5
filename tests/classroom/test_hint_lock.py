"""During a locked class test every view that gives answers away is closed:
the Steps tab (and the palette's "Steps: ..." commands), lessons (their
examples may be the very position), practice quizzes, the Lesson tab; with
hints off also the mistake check and the hint ladder's first rungs; in the
class quiz, a new quiz and the reveal of missed instances.  Each try is
counted and the teacher sees the count.  When the test ends all comes back."""
from __future__ import annotations

import pytest

from pilot_helpers import until
from tutor.app import make_app
from tutor.app.commands import _commands
from tutor.app.screens.teacher_table import result_text
from tutor.classroom import events
from tutor.classroom.events import dashboard
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


async def _until(pilot, pred, timeout=6.0):
    return await until(pilot, pred, timeout)


def _tree_text(play) -> str:
    tree = play.query_one("#steps-tree")
    return " ".join(str(n.label) for n in tree.root.children)


@pytest.mark.slow
async def test_a_locked_position_push_closes_every_answer(db):
    store = Store.open(db)
    position = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause(0.3)
        play = app.play
        await pilot.press("s")                          # the Steps tab is open before the push ...
        assert await _until(pilot, lambda: len(play.steps) > 0, 10)
        ev = events.push_event(store, "5B", "position", {"position": position, "title": "test",
                                                         "hint_limit": 0}, "mrs-b")
        assert await _until(pilot, lambda: app.hint_limit == 0 and app.class_link.game is not None, 5)
        # ... and is emptied when the lock starts
        assert play.steps == [] and "closed during the class test" in _tree_text(play)
        tries = app.locked_tries
        await pilot.press("g")
        await pilot.press("s")                          # opening it again: refused, counted
        await pilot.pause(0.5)
        assert play.steps == [] and app.locked_tries == tries + 1
        steps_cmds = [c for c in _commands(app) if c.title.startswith("Steps: ")]
        steps_cmds[0].callback()                        # the palette's "Steps: ..." too
        await pilot.pause(0.5)
        assert play.steps == [] and app.locked_tries == tries + 2
        for key in ("L", "Q"):                          # lessons and practice quizzes
            await pilot.press(key)
            await pilot.pause(0.3)
            assert type(app.screen).__name__ == "PlayScreen"
        lesson_cmds = [c for c in _commands(app) if c.title.startswith("Lesson")]
        lesson_cmds[0].callback()
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "PlayScreen"
        assert app.locked_tries == tries + 5
        await pilot.press("H")                          # hints off: not even the mistake check
        await pilot.press("c")
        await pilot.pause(0.3)
        assert play.hint.level == 0 and app.locked_tries == tries + 7
        assert any("closed during the class test" in line for line in play.log_lines)
        # the teacher sees the tries
        assert await _until(pilot, lambda: events.results(store, ev.id).get("alice", {}).get(
            "result", {}).get("locked_tries") == app.locked_tries, 5)
        board = dashboard(store, "5B")
        row = next(st for st in board.students if st.user == "alice")
        assert f"{app.locked_tries} locked tries" in result_text(board.event, row)
        # the test ends: the Steps tab works again
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: app.hint_limit is None, 5)
        await pilot.press("g")
        await pilot.press("s")
        assert await _until(pilot, lambda: len(play.steps) > 0, 10)
    store.close()


async def test_a_partial_lock_lets_hints_up_to_the_level(db):
    store = Store.open(db)
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause(0.3)
        position = to_braces(app.play.game.position)
        events.push_event(store, "5B", "position", {"position": position, "title": "t2",
                                                    "hint_limit": 2}, "mrs-b")
        assert await _until(pilot, lambda: app.hint_limit == 2 and app.class_link.game is not None, 5)
        await pilot.press("c")                          # the check (level 0) is allowed
        await pilot.pause(0.2)
        assert app.locked_tries == 0
        await pilot.press("s")                          # the Steps tab is not
        await pilot.pause(0.3)
        assert app.locked_tries == 1
    store.close()


async def test_the_class_quiz_keeps_its_answers_until_the_test_ends(db):
    store = Store.open(db)
    position = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause(0.3)
        events.push_event(store, "5B", "quiz", {"position": position, "target": "locked-set",
                                                "title": "hunt", "hint_limit": 0}, "mrs-b")
        assert await _until(pilot, lambda: getattr(app.screen, "quiz", None) is app.class_link.quiz
                            and app.screen.query("#quiz-entry"), 8)
        screen, quiz = app.screen, app.class_link.quiz
        screen.action_new_quiz()                        # no new quiz on the same position
        assert screen.quiz is quiz
        screen.action_give_up()                         # giving up is allowed, the reveal is not
        assert quiz.gave_up and quiz.revealed == []
        screen.action_reveal()
        assert quiz.revealed == [] and app.locked_tries >= 2
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: app.hint_limit is None, 5)
        screen.action_reveal()
        assert len(quiz.revealed) == 1
    store.close()
