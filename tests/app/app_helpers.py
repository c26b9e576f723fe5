"""Shared data and helpers for the app tests."""
from __future__ import annotations


# The LockedSet reference puzzle after its singles: a Naked Pair 3,9 in r38c3
# removes 3 from r4c3 and r6c3.
LOCKEDSET = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
# A tdoku test puzzle where the ladder below the forcing rungs is stuck:
# r1c1<>7 is true (r1c1 is 6) but only a forcing chain proves it (tests that
# expect "true but unproved" take the forcing rungs out: without_forcing).
STUCK = ("{12567}{2457}{12467}{134679}{13459}{34567}{1379}{1359}8{15678}{578}3{16789}{1589}{5678}4"
         "{159}2{1578}9{147}{13478}2{34578}{137}6{157}{12358}{23458}{124}{348}79{1368}{13458}{1456}"
         "{35789}{34578}{479}{348}612{34589}{459}{1389}6{149}5{348}2{1389}7{149}{23679}{237}8"
         "{1234679}{1349}{3467}5{149}{14679}{3679}1{679}{346789}{34589}{345678}{6789}2{4679}4{27}5"
         "{126789}{189}{678}{16789}{189}3")
EASY1 = "..2..3.....7.....58...5.79.6.3..7.....8.....6..4......2...345...4..79.38.356....4"


def cell(name: str) -> int:
    r, c = int(name[1]), int(name[3])
    return (r - 1) * 9 + c - 1


async def settle(pilot, rounds: int = 3):
    """Let workers finish and their results reach the screen.  A worker the
    app cancelled (an exclusive one that a newer one replaced, as when a
    setting changes mid-rating) has finished too: waiting on it raises."""
    from textual.worker import WorkerCancelled
    for _ in range(rounds):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        await pilot.pause()


async def wait_rating(pilot, timeout: float = 10.0):
    """The rating starts on a timer after the first frame: wait until it is shown."""
    import asyncio
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pilot.app.play.rating:
        assert loop.time() < end, "no rating within the time allowed"
        await pilot.pause(0.05)
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def make(puzzle=None, store_path=None, **kw):
    from tutor.app import make_app
    return make_app(puzzle, store_path=store_path or ":memory:", user="tester", **kw)


async def try_first_example(pilot) -> None:
    """L, then t: the first lesson's first example, loaded on the play grid."""
    await pilot.press("L")
    await settle(pilot)
    await pilot.press("t")
    await settle(pilot)


def goto(app, name: str) -> None:
    """Put the cursor on a cell without key presses (keeps tests quick)."""
    app.play.move_cursor(cell(name))


def busy_class(path: str) -> None:
    """A class as a real lesson leaves it: long names, many techniques,
    claims, a quiz running with every kind of result."""
    import time
    from tutor.classroom import events
    from tutor.store import Store
    s = Store.open(path)
    events.ensure_schema(s)
    students = ["alexandra-kowalska", "benedikt", "chiara-de-luca", "dmitri"]
    for k, user in enumerate(students):
        events.session_started(s, f"srv/{k}", "5B", user, "student", "127.0.0.1", "srv")
        s.set_activity(user, "lesson locked-sets" if k % 2 else "quiz: Find them all (locked-set)")
        for t, score in (("naked-subset", 0.9), ("hidden-subset", 0.5), ("x-wing", 0.75),
                         ("pointing", 1.0), ("skyscraper", 0.25)):
            s.record_attempt(user, t, "find-all", score, 30.0)
        for level in (1, 2, 2, 3, 5):
            s.record_hint(user, "naked-subset", level)
        for claim, verdict in (("r6c3<>3, r4c3<>3", "proved"), ("r1c1<>7", "true-unproved"),
                               ("r2c8<>7", "false")):
            s.record_claim(user, claim, verdict, "naked-subset")
    ev = events.push_event(s, "5B", "quiz", {"title": "Find them all", "target": "locked-set",
                                             "quiz": "find-all", "total": 25}, "mrs-b")
    events.post_result(s, ev.id, students[0], {"found": 12, "total": 25, "wrong": 3,
                                              "gave_up": True}, 0.48, True)
    events.post_result(s, ev.id, students[1], {"found": 25, "total": 25, "wrong": 0}, 1.0, True)
    events.post_result(s, ev.id, students[2], {"found": 7, "total": 25, "wrong": 11}, 0.28)
    # fixed times, so the screen reads the same on every run
    hours_ago = int((time.time() - 9000) * 1000)
    s.backend.execute("UPDATE activity SET at_ms = ?", (hours_ago,))
    s.backend.execute("UPDATE class_events SET created_ms = ?", (hours_ago,))
    s.backend.execute("UPDATE events SET at_ms = ?", (hours_ago,))      # settled for the learner model
    s.close()
