"""The teacher screen and the student's class link, driven with Textual's
Pilot against a real store file (the SSH end-to-end runs are in test_e2e.py)."""
from __future__ import annotations

import time

import pytest

from classroom_helpers import wait_until
from pilot_helpers import until as _until
from tutor.app import make_app
from tutor.classroom import events
from tutor.classroom.events import dashboard
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store
from tutor.teaching import learner

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"


async def open_push_dialog(pilot, app):
    """The teacher view's push dialog (`z`), once the class table is read."""
    assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
    await pilot.press("z")
    await pilot.pause()
    assert type(app.screen).__name__ == "PushDialog"
    return app.screen


def _student_history(path: str) -> None:
    s = Store.open(path)
    events.session_started(s, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
    events.session_started(s, "srv/2", "5B", "carol", "student", "127.0.0.1", "srv")
    s.set_activity("alice", "puzzle qqwing easy #4")
    s.record_hint("alice", "x-wing", 1)
    s.record_hint("alice", "x-wing", 3)
    s.record_attempt("alice", "x-wing", "eliminate", 1.0, 20, 0)
    s.record_claim("alice", "r5c7<>3", "proved", "skyscraper")
    s.close()


def _row(screen, user):
    table = screen.query_one("#teacher-table")
    return [str(c) for c in table.get_row(user)]


async def test_teacher_screen_shows_the_class_and_refreshes_live(db, monkeypatch):
    # the history happened a few seconds ago (the learner model folds an event once settled)
    monkeypatch.setattr("tutor.store.events._now_ms", lambda: int(time.time() * 1000) - 5000)
    _student_history(db)
    monkeypatch.undo()
    ratings = learner.load(Store.open(db)).learners["alice"].skills
    app = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        screen = app.screen
        assert type(screen).__name__ == "TeacherScreen"
        alice = _row(screen, "alice")
        assert alice[0] == "● alice · ssh" and "puzzle qqwing easy #4" in alice[1]
        # Mastery: the learner model's ratings (an x-wing result and a proved skyscraper
        # claim), not the mean score of the last ten ("x-wing 100%")
        assert sorted(alice[2].split()[::2]) == ["skyscraper", "x-wing"]
        assert f"x-wing {ratings['x-wing'].rating:.0f}" in alice[2]
        assert f"skyscraper {ratings['skyscraper'].rating:.0f}" in alice[2]
        assert _row(screen, "carol")[2] == ""
        assert alice[3].startswith("1 0 1 0 0")
        assert "r5c7<>3 ✓" in alice[4]
        assert _row(screen, "carol")[0] == "● carol · ssh"
        # a new claim shows up within 2 s; each refresh reads the board in one query
        # and the learner model's new events in another
        assert await _until(pilot, lambda: not screen._busy)       # no refresh half counted
        queries = []
        real = app.store.backend.query
        app.store.backend.query = lambda sql, params=(): queries.append(sql) or real(sql, params)
        before = screen.refreshes
        other = Store.open(db)
        other.record_claim("alice", "r1c1=5", "wrong", None)
        t0 = time.monotonic()
        assert await _until(pilot, lambda: "r1c1=5 ✗" in _row(screen, "alice")[4], 2.5)
        assert time.monotonic() - t0 < 2.5
        assert await _until(pilot, lambda: not screen._busy)
        refreshes = screen.refreshes - before
        boards = [q for q in queries if "UNION ALL" in q]
        news = [q for q in queries if q.lstrip().startswith("SELECT id, user_name, kind")]
        assert refreshes >= 1 and len(boards) == len(news) == refreshes == len(queries) // 2
        # a student who logs off is shown offline
        events.session_ended(other, "srv/2")
        assert await _until(pilot, lambda: _row(screen, "carol")[0] == "○ carol", 2.5)
        other.close()


async def test_teacher_pushes_a_quiz_and_ends_it(db):
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    app = make_app(pos, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        dialog = await open_push_dialog(pilot, app)
        dialog.query_one("#push-title").value = "Find all 25 LockedSets"
        dialog.query_one("#push-lock").value = 0
        await pilot.click("#push-ok")
        store = Store.open(db)
        assert await _until(pilot, lambda: events.latest_event(store, "5B") is not None)
        ev = events.latest_event(store, "5B")
        assert ev is not None and ev.active and ev.kind == "quiz"
        assert ev.title == "Find all 25 LockedSets" and ev.hint_limit == 0
        assert ev.payload["target"] == "locked-set" and ev.created_by == "mrs-b"
        assert ev.payload["total"] == 25
        assert parse_position(ev.payload["position"]).values == parse_position(pos).values
        # a student's result comes in and is shown
        events.session_started(store, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
        events.post_result(store, ev.id, "alice", {"found": 4, "total": 25, "wrong": 1}, 0.2)
        screen = app.screen
        assert await _until(pilot, lambda: "alice" in [str(k.value) for k in screen.query_one(
            "#teacher-table").rows] and _row(screen, "alice")[5] == "4/25 1✗", 2.5)
        assert "Running: Find all 25 LockedSets" in str(screen.query_one("#teacher-event").content)
        await pilot.press("e")
        assert await _until(pilot, lambda: not events.latest_event(store, "5B").active)
        # r runs it again (results kept); the event line says so
        await pilot.press("r")
        assert await _until(pilot, lambda: events.latest_event(store, "5B").active)
        assert events.latest_event(store, "5B").id == ev.id
        assert await _until(pilot, lambda: "Running: Find all 25" in str(
            screen.query_one("#teacher-event").render()), 3)
        store.close()


async def test_a_student_cannot_open_the_teacher_view(db):
    _student_history(db)
    app = make_app(EASY, store_path=db, user="alice", role="student", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: type(app.screen).__name__ == "TeacherScreen", 5)
        await pilot.pause(0.3)
        screen = app.screen
        assert "for teacher accounts" in str(screen.query_one("#teacher-head").content)
        assert screen.query_count == 0 and screen.query_one("#teacher-table").row_count == 0


@pytest.mark.smoke
async def test_student_follows_a_pushed_position_and_reports(db):
    store = Store.open(db)
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        ev = events.push_event(store, "5B", "position", {"position": EASY, "title": "warm-up",
                                                         "hint_limit": 1}, "mrs-b")
        assert await _until(pilot, lambda: app.play.game.name == "warm-up", 3)
        assert app.hint_limit == 1
        # hints stop at the locked level
        app.play.action_hint()
        assert await _until(pilot, lambda: app.play.hint.level == 1, 5)
        app.play.action_hint()
        await pilot.pause(0.2)
        assert app.play.hint.level == 1
        assert any("Hints stop at level 1" in line for line in app.play.log_lines)
        # progress reaches the store: place one right digit (the engine's solution)
        game = app.play.game
        sol = game.solution()
        cell = next(i for i, v in enumerate(game.position.values) if not v)
        app.play.after_change(game.place(cell, sol[cell]))
        assert await _until(pilot, lambda: events.results(store, ev.id).get("alice", {}).get(
            "result", {}).get("filled") == 1, 3)
        got = events.results(store, ev.id)["alice"]
        assert got["result"]["to_fill"] == EASY.count(".") and got["result"]["wrong"] == 0
        # the teacher ends it: hints come back
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: app.hint_limit is None, 3)
    store.close()


async def test_student_joins_a_running_push_but_not_an_ended_one(db):
    store = Store.open(db)
    events.push_event(store, "5B", "position", {"position": EASY, "title": "old one"}, "mrs-b")
    events.end_event(store, "5B")
    app = make_app(LOCKEDSET, store_path=db, user="carol", role="student", class_name="5B")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(1.5)
        assert app.play.game.name != "old one"
        events.push_event(store, "5B", "quiz", {"position": to_braces(apply_until_stuck(
            parse_position(LOCKEDSET), ["singles"])), "target": "locked-set",
            "title": "LockedSet hunt"}, "mrs-b")
        assert await _until(pilot, lambda: app.class_link.quiz is not None, 3)
        await pilot.pause(0.5)
        assert app.class_link.quiz.total == 25            # the engine's count for this position
        assert getattr(app.screen, "quiz", None) is app.class_link.quiz   # the quiz screen runs it
        assert app.screen.quiz.title == "LockedSet hunt"
    store.close()


@pytest.mark.slow
async def test_the_teachers_class_setting_switches_uniqueness_off_for_students(db):
    """Some teachers do not accept the uniqueness techniques: `u` in the
    teacher view turns them off for the whole class, over each student's own
    setting, and a pushed quiz counts without them."""
    teacher = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                       start_screen="teacher")
    async with teacher.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(teacher.screen, "refreshes", 0) >= 1)
        assert "uniqueness: each student's own" in str(teacher.screen.query_one("#teacher-head").render())
        await pilot.press("u")
        store = Store.open(db)
        assert await _until(pilot, lambda: events.class_settings(store, "5B") == {"uniqueness": "off"})
        assert await _until(pilot, lambda: "uniqueness: off" in str(
            teacher.screen.query_one("#teacher-head").render()), 3)
        assert dashboard(store, "5B").settings == {"uniqueness": "off"}
    student = make_app(EASY, store_path=db, user="alice", role="student", class_name="5B")
    async with student.run_test(size=(120, 40)) as pilot:
        assert await _until(pilot, lambda: student.setting("uniqueness") is False, 5)
        assert any("Your teacher set uniqueness techniques off" in line
                   for line in student.play.log_lines)
        # the student's own switch does not override the class
        student.set_setting("uniqueness", True)
        await pilot.pause(0.2)
        assert student.setting("uniqueness") is False
        assert store.settings("alice").get("uniqueness") is None
        # a quiz pushed now counts without the uniqueness techniques
        pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
        events.push_event(store, "5B", "quiz", {"position": pos, "title": "sets", "hint_limit": None,
                                                "quiz": "find-all", "target": "locked-set",
                                                "total": 25, "uniqueness": False}, "mrs-b")
        assert await _until(pilot, lambda: student.class_link.quiz is not None, 5)
        assert student.class_link.quiz.uniqueness is False
        # the teacher turns it back on: the student follows
        events.set_class_setting(store, "5B", "uniqueness", "on")
        assert await _until(pilot, lambda: student.setting("uniqueness") is True, 5)
    store.close()


async def test_the_teacher_view_counts_the_roster_not_only_who_came(db):
    """Issue 25: a roster of two students, nobody logged in yet, read
    `0 of 0 students online`."""
    s = Store.open(db)
    events.set_members(s, "5B", {"alice": "student", "carol": "student", "mrs-b": "teacher"})
    s.close()
    app = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        screen = app.screen
        assert str(screen.query_one("#teacher-event").render()).startswith("0 of 2 students online.")
        assert _row(screen, "alice")[0] == "○ alice" and _row(screen, "carol")[0] == "○ carol"
        s = Store.open(db)
        events.session_started(s, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
        s.close()
        assert await _until(pilot, lambda: str(screen.query_one("#teacher-event").render())
                            .startswith("1 of 2 students online."), 5)


async def test_the_server_writes_its_roster_for_the_teacher_view(start_server, tmp_path, roster_file):
    from tutor.classroom.roster import Roster
    room = await start_server()
    store = Store.open(str(tmp_path / "progress.db"))
    students = {st.user for st in dashboard(store, "5B").students if st.role == "student"}
    assert students == {"alice", "bob", "carol"}
    roster = Roster.load(roster_file)
    roster.remove("bob")
    roster.save(roster_file)
    room.current_roster()                                  # the server notices the change
    assert await wait_until(lambda: {st.user for st in dashboard(store, "5B").students
                                if st.role == "student"} == {"alice", "carol"})
    store.close()



async def test_an_idle_student_polls_without_waking_the_app(db, monkeypatch):
    """A hundred idle students poll a hundred times a second: a poll with no
    news stays in its thread; news still reaches the screen."""
    from tutor.app import classlink
    monkeypatch.setattr(classlink, "POLL_S", 0.1)
    woken = []
    polled = classlink.ClassLink._polled
    monkeypatch.setattr(classlink.ClassLink, "_polled", lambda self, *a, **k: (woken.append(a[0]),
                                                                               polled(self, *a, **k)))
    store = Store.open(db)
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: app.class_link.polls >= 8, 5)
        assert woken == [None]                  # the first answer (no event yet), then nothing
        ev = events.push_event(store, "5B", "position", {"position": EASY, "title": "warm-up"}, "mrs-b")
        assert await _until(pilot, lambda: app.play.game.name == "warm-up", 3)
        quiet = len(woken)
        polls = app.class_link.polls
        assert await _until(pilot, lambda: app.class_link.polls >= polls + 5, 5)
        assert len(woken) <= quiet + 1          # the result posted once, then quiet again
        assert ev.id in {w.id for w in woken if w is not None}
    store.close()
