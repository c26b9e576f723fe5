"""The teacher view's class progress (g): techniques by students from the
learner model, readable at 80 columns, and back to the live table."""
from __future__ import annotations

from test_teacher import LOCKEDSET, _until

from tutor.app import make_app
from tutor.classroom import events
from tutor.store import Store


async def test_g_shows_the_class_ratings_and_who_is_due(db):
    s = Store.open(db)
    events.session_started(s, "srv/1", "5B", "alice", "student", "127.0.0.1", "srv")
    events.session_started(s, "srv/2", "5B", "bob", "student", "127.0.0.1", "srv")
    s.record_attempt("alice", "x-wing", "find-all", 1.0, 20, 0)
    s.record_claim("alice", "r5c7<>3", "proved", "skyscraper")
    s.record_attempt("bob", "x-wing", "name", 0.0, 20, 0)           # failed: due at once
    s.record_hint("bob", "pointing", 2)
    s.close()
    app = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        screen = app.screen
        await pilot.press("g")
        assert await _until(pilot, lambda: "X-Wing" in getattr(screen, "progress_text", ""))
        lines = screen.progress_text.splitlines()
        assert lines[0].split() == ["technique", "alice", "bob"]
        assert all(len(line) <= 76 for line in lines)
        rows = {line.split()[0]: line.split()[1:] for line in lines[1:4]}
        assert set(rows) == {"Locked", "X-Wing", "Skyscraper"}
        alice, bob = rows["X-Wing"]
        assert float(alice) > 1340 > float(bob[:-1]) and bob.endswith("!")
        assert rows["Skyscraper"][1] == "-"
        assert not screen.query_one("#teacher-table").display
        await pilot.press("g")
        await pilot.pause()
        assert screen.query_one("#teacher-table").display
        assert not screen.query_one("#class-progress").display
