"""A fresh practice set pushed to the class (tutor/teaching/practice_set.py,
the teacher view's `f`): new positions of one technique from the
generator, the same for every student, pushed one after the other, with
the results per position; end to end over SSH."""
from __future__ import annotations

import asyncio

from classroom_helpers import connect, open_terminal, wait_until
from test_teacher import LOCKEDSET, _until

from tutor.app import make_app
from tutor.classroom import events
from tutor.engine.formats import parse_position
from tutor.generate.accept import simplest
from tutor.store import Store
from tutor.teaching.practice_set import fresh_set


def test_a_seed_gives_the_same_fresh_set_of_new_positions():
    a = fresh_set("skyscraper", 3, seed=7)
    assert [p.braces for p in a] == [p.braces for p in fresh_set("skyscraper", 3, seed=7)]
    assert [p.braces for p in a] != [p.braces for p in fresh_set("skyscraper", 3, seed=8)]
    assert len({p.position.key() for p in a}) == 3
    for p in a:
        assert p.source.startswith("generated:class:skyscraper:7:")
        assert simplest(p.position)[0].id == "skyscraper"


async def test_the_teacher_pushes_each_position_of_a_fresh_set_in_turn(db):
    app = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        assert await _until(pilot, lambda: getattr(app.screen, "refreshes", 0) >= 1)
        teacher = app.screen
        await pilot.press("f")
        await pilot.pause()
        assert type(app.screen).__name__ == "PushDialog"
        app.screen.query_one("#push-target").value = "skyscraper"
        await pilot.click("#push-ok")
        store = Store.open(db)
        assert await _until(pilot, lambda: events.latest_event(store, "5B") is not None, 60)
        first = events.latest_event(store, "5B")
        assert first.payload["set"]["index"] == 1 and first.title == "Fresh practice (1/5)"
        assert first.payload["target"] == "skyscraper"
        pos = parse_position(first.payload["position"])
        assert simplest(pos)[0].id == "skyscraper"
        await pilot.press("f")                      # the next position of the set
        assert await _until(pilot, lambda: events.latest_event(store, "5B").id != first.id, 30)
        second = events.latest_event(store, "5B")
        assert second.payload["set"]["index"] == 2 and second.payload["position"] != first.payload["position"]
        assert second.payload["set"]["seed"] == first.payload["set"]["seed"]
        assert await _until(pilot, lambda: "Fresh set of skyscraper: 1/5: 0 done of 0; 2/5: 0 done of 0"
                            in teacher.event_text(teacher.board, 0), 10)
        store.close()


async def test_a_fresh_set_reaches_the_students_over_ssh(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    room = await start_server(fake=False, db_url=db)
    async with await connect(room, "alice") as a, await connect(room, "carol") as c, \
            await connect(room, "mrs-b") as t:
        alice = await open_terminal(a, cols=120, rows=40)
        carol = await open_terminal(c, cols=120, rows=40)
        for student in (alice, carol):
            await student.wait_for("Press ? for help", timeout=30)
        teacher = await open_terminal(t, cols=160, rows=40)
        await teacher.wait_for("teacher view", timeout=30)
        await teacher.wait_for("● alice", timeout=10)
        teacher.send("f")
        await teacher.wait_for("Push a fresh practice set", timeout=10)
        await asyncio.sleep(0.3)
        teacher.send("\r")                           # the default title and technique (X-Wing)
        await teacher.wait_for("Running: Fresh practice (1/5)", timeout=60)
        for student in (alice, carol):
            await student.wait_for("Your teacher started: Fresh practice (1/5)", timeout=20)
        store = Store.open(db)
        first = events.latest_event(store, "5B")
        assert first.payload["target"] == "x-wing" and first.payload["set"]["index"] == 1
        assert await wait_until(lambda: {"alice", "carol"} <= set(events.results(store, first.id)), 10)
        teacher.send("f")
        await teacher.wait_for("Running: Fresh practice (2/5)", timeout=30)
        for student in (alice, carol):
            await student.wait_for("Your teacher started: Fresh practice (2/5)", timeout=20)
        await teacher.wait_for("Fresh set of x-wing: 1/5: 0 done of 2", timeout=10)
        store.close()
