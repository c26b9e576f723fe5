"""A student who leaves during a push and comes back (a dropped connection,
a closed idle or greedy session, a crash of their app) carries on where
they were: a pushed quiz with what they had found, a pushed position as the
class position; their stored result never goes down; and the game of their
own that a push replaced is kept for them to go back to."""
from __future__ import annotations

import pytest

from pilot_helpers import until
from tutor.app import make_app
from tutor.classroom import events
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store

LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
EASY = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"
FOUND = ["r6c45 #38", "r8c79 #57", "r38c3 #39"]     # three of the 25 LockedSets


async def _until(pilot, pred, timeout=6.0):
    return await until(pilot, pred, timeout)


def _quiz_payload(title="LockedSet hunt", **kw):
    pos = to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]))
    return {"position": pos, "target": "locked-set", "title": title, "total": 25, **kw}


def _student(db, puzzle=None):
    return make_app(puzzle, store_path=db, user="alice", role="student", class_name="5B")


@pytest.mark.slow
async def test_a_quiz_resumes_after_a_reconnect_and_the_result_never_drops(db):
    store = Store.open(db)
    ev = events.push_event(store, "5B", "quiz", _quiz_payload(), "mrs-b")
    app = _student(db, LOCKEDSET)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "quiz", None) is app.class_link.quiz
                            and app.screen.query("#quiz-entry"), 8)
        for text in FOUND + ["r1c1 #1"]:                   # three found, one wrong
            app.screen.submit_text(text)
        assert app.class_link.quiz.score().found == 3
        assert await _until(pilot, lambda: events.results(store, ev.id).get("alice", {}).get(
            "result", {}).get("found") == 3, 5)
    # the app is gone (a crash, a closed session); the student comes back
    seen = []
    again = _student(db)
    async with again.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: again.class_link.quiz is not None, 8)
        quiz = again.class_link.quiz
        assert quiz.score().found == 3 and quiz.score().wrong == 1
        assert await _until(pilot, lambda: getattr(again.screen, "quiz", None) is quiz
                            and again.screen.query("#quiz-entry"), 5)
        assert any("found 3/25" in line for line in again.play.log_lines)
        for _ in range(30):                                 # a few polls: the stored result holds
            await pilot.pause(0.1)
            seen.append(events.results(store, ev.id)["alice"]["result"]["found"])
        again.screen.submit_text("hidden r8c79 #57")       # already found before leaving
        assert "already found" in again.screen.log_lines[-1]
    assert min(seen) == 3
    store.close()


@pytest.mark.slow
async def test_a_position_push_resumes_as_the_class_position(db):
    store = Store.open(db)
    ev = events.push_event(store, "5B", "position", {"position": EASY, "title": "warm-up"}, "mrs-b")
    app = _student(db, LOCKEDSET)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: app.play.game.name == "warm-up", 5)
        game = app.play.game
        sol = game.solution()
        cells = [i for i, v in enumerate(game.position.values) if not v][:2]
        for c in cells:
            app.play.after_change(game.place(c, sol[c]))
        assert await _until(pilot, lambda: events.results(store, ev.id).get("alice", {}).get(
            "result", {}).get("filled") == 2, 5), (events.results(store, ev.id), app.class_link.game,
                                                   app.play.game.name)
    again = _student(db)
    async with again.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: again.class_link.game is not None, 6)
        assert again.class_link.game is again.play.game
        assert all(again.play.game.position.values[c] == sol[c] for c in cells)
        assert await _until(pilot, lambda: store.activity()["alice"][0] == "class: warm-up", 3)
        await pilot.pause(1.5)
        assert events.results(store, ev.id)["alice"]["result"]["filled"] == 2
    store.close()


@pytest.mark.slow
async def test_the_own_game_is_kept_and_comes_back_after_the_push(db):
    from tutor.app.commands import _commands
    store = Store.open(db)
    app = make_app(LOCKEDSET, store_path=db, user="alice", role="student", class_name="5B",
                   name="my own")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.3)
        own = app.play.game
        cell = next(i for i, v in enumerate(own.position.values) if not v)
        digit = own.solution()[cell]
        app.play.after_change(own.place(cell, digit))
        events.push_event(store, "5B", "position", {"position": EASY, "title": "warm-up"}, "mrs-b")
        assert await _until(pilot, lambda: app.play.game.name == "warm-up", 5)
        assert await _until(pilot, lambda: store.kept_game("alice") is not None, 3)
        assert store.kept_game("alice").puzzle_name == "my own"
        assert not [c for c in _commands(app) if c.title.startswith("Back to my own game")]
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: any("my own" in line and "kept" in line
                                               for line in app.play.log_lines), 5)
        back = [c for c in _commands(app) if c.title.startswith("Back to my own game")]
        assert len(back) == 1 and "my own" in back[0].title
        back[0].callback()
        await pilot.pause(0.3)
        assert app.play.game.name == "my own" and app.play.game.position.values[cell] == digit
        assert await _until(pilot, lambda: store.kept_game("alice") is None, 3)
        assert store.load_game("alice").puzzle_name == "my own"
    store.close()


@pytest.mark.slow
async def test_a_reopened_push_picks_up_where_it_was(db):
    store = Store.open(db)
    ev = events.push_event(store, "5B", "quiz", _quiz_payload(), "mrs-b")
    app = _student(db, LOCKEDSET)
    async with app.run_test(size=(120, 36)) as pilot:
        assert await _until(pilot, lambda: app.class_link.quiz is not None
                            and app.screen.query("#quiz-entry"), 8)
        app.screen.submit_text(FOUND[0])
        assert await _until(pilot, lambda: "alice" in events.results(store, ev.id), 5)
        events.end_event(store, "5B")
        assert await _until(pilot, lambda: app.hint_limit is None and not app.class_link.event.active, 5)
        events.reopen_event(store, "5B")
        assert await _until(pilot, lambda: app.class_link.event.active, 5)
        assert app.class_link.quiz.score().found == 1
    store.close()
