"""The learner model (tutor/teaching/learner.py) over the store's event log
(tutor/store/events.py): Glicko-2 as in Glickman's paper, a scripted
learner over many sessions, reviews that come due and go away, "practise
next", rebuilding from events, migration of an older store, no event lost
or doubled through the write queue; on SQLite and on PostgreSQL."""
from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.store import Store, StoreUnavailable
from tutor.store.queued import QueuedStore
from tutor.teaching import learner
from tutor.teaching import learner_view as view
from tutor.teaching.class_progress import class_csv, class_table, mastery_text
from tutor.teaching.glicko2 import Rating, expected, update

DAY = learner.DAY_MS
T0 = 1_700_000_000_000


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    target = str(tmp_path / "t.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    s = Store.open(target)
    yield s
    s.close()


@pytest.fixture
def clock(monkeypatch):
    """The store's clock, set by the test (events carry the time they happen)."""
    now = [T0]
    monkeypatch.setattr("tutor.store.events._now_ms", lambda: now[0])
    return now


def test_glicko2_reproduces_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, tau=0.5)
    assert round(new.rating, 2) == pytest.approx(1464.05, abs=0.02)    # the paper: 1464.06
    assert round(new.rd, 2) == 151.52
    assert new.sigma == pytest.approx(0.05999, abs=1e-5)
    # no games: only the deviation grows (step 6)
    idle = update(player, [])
    assert idle.rating == 1500 and idle.rd == pytest.approx(200.271, abs=1e-3)   # sqrt(phi^2 + sigma^2)
    assert expected(Rating(1500), Rating(1500)) == 0.5


def test_item_difficulty_is_seeded_from_the_engine():
    assert learner.base_rating("naked-single") < learner.base_rating("x-wing") < \
        learner.base_rating("forcing-net")
    one, many = (learner.item_difficulty("x-wing", n, 0.5) for n in (1, 4))
    assert many - one == 90.0                          # finding all of four is harder
    assert learner.item_difficulty("x-wing", 4, 0.5, many_is_harder=False) == one - 90.0
    assert learner.item_difficulty("x-wing", 1, 0.2) > one    # earlier: harder


def session(store, clock, day: float, confused: bool = True) -> None:
    """One session of the scripted learner: X-Wing claims (one after a
    hint), a quiz on X-Wing; Skyscraper claims proved by a 2-String Kite."""
    clock[0] = T0 + int(day * DAY)
    store.record_hint("ana", "x-wing", 1, position="p1")
    clock[0] += 60_000
    store.record_claim("ana", "r1c2<>3", "proved", "x-wing", named="x-wing", position="p1")
    clock[0] += 60_000
    store.record_claim("ana", "r5c2<>3", "proved", "x-wing", position="p2")
    clock[0] += 60_000
    store.record_attempt("ana", "x-wing", "find-all", 1.0, 30.0, 0, item="find-all:x-wing:q1",
                         difficulty=learner.item_difficulty("x-wing", 3, 0.5))
    if confused:
        clock[0] += 60_000
        store.record_claim("ana", "r7c7<>4", "proved-other", "two-string-kite",
                           named="skyscraper", position="p3")
        store.record_confusion("ana", "skyscraper", "two-string-kite")
    clock[0] += 60_000


def test_a_scripted_learner_rises_where_it_masters_and_falls_where_it_confuses(store, clock):
    ratings = []
    for day in range(8):
        session(store, clock, day)
        model = learner.load(store, now_ms=clock[0] + 10_000)
        ratings.append({r.technique: r for r in view.rows(model, "ana", clock[0])})
    xw = [r["x-wing"].rating for r in ratings]
    sky = [r["skyscraper"].rating for r in ratings]
    assert xw == sorted(xw) and xw[-1] > learner.base_rating("x-wing") + 250
    assert sky == sorted(sky, reverse=True) and sky[-1] < learner.base_rating("skyscraper") - 150
    last = ratings[-1]
    assert last["x-wing"].mastered and not last["skyscraper"].mastered
    assert last["x-wing"].deviation < 120 < last["skyscraper"].deviation
    assert last["x-wing"].attempts == 8 * 3 and last["x-wing"].hints == 8
    assert last["x-wing"].trend == tuple(round(r, 1) for r in
                                         [s for s in _history(ratings, "x-wing")][-12:])
    assert last["skyscraper"].confusions == ("took 2-String Kite for Skyscraper (16x)",)
    # the confused techniques are due at once; the mastered one is not
    assert last["skyscraper"].due and last["two-string-kite"].due and not last["x-wing"].due
    # the hint cut the first claim's credit: that claim counts 0.8, the next 1.0
    model = learner.load(store, now_ms=clock[0] + 10_000)
    assert model.learners["ana"].counts == {"hint": 8, "claim": 24, "attempt": 8, "confusion": 8}
    assert view.counted_text(model, "ana") == (
        "Counted: 24 claims, 8 hints, 8 quiz or practice results, 8 quiz mix-ups.")


def _history(ratings, tid):
    return [ratings[-1][tid].trend[k] for k in range(len(ratings[-1][tid].trend))]


def test_hints_cut_the_credit_of_a_success(store, clock):
    store.record_claim("bo", "r1c2<>3", "proved", "x-wing", position="a")
    store.record_hint("cy", "x-wing", 1, position="b")
    store.record_hint("cy", "x-wing", 3, position="b")
    store.record_claim("cy", "r1c2<>3", "proved", "x-wing", position="b")
    store.record_hint("di", "x-wing", 5, position="c")
    store.record_claim("di", "r1c2<>3", "proved", "x-wing", position="c")
    model = learner.load(store, now_ms=clock[0] + 10_000)
    bo, cy, di = (model.learners[u].skills["x-wing"] for u in ("bo", "cy", "di"))
    base = learner.base_rating("x-wing")
    assert bo.rating > base > cy.rating > di.rating     # 1.0, then 0.4, then 0 credit
    assert (bo.hints, cy.hints, di.hints) == (0, 2, 1)


def test_a_guess_raises_no_rating_and_counts_as_unproved(store, clock):
    """An unnamed claim only a last resort proves is a guess: the judge now
    says true-unproved; an older store may hold it as proved by a forcing
    net.  Neither moves a rating; a forcing net named by the learner does."""
    store.record_claim("gus", "r1c4<>8", "true-unproved", None, position="k")
    store.record_claim("gus", "r1c2=7", "proved", "forcing-net", position="k")
    store.record_claim("ned", "r1c4<>8", "proved", "forcing-net", named="forcing-net", position="k")
    model = learner.load(store, now_ms=clock[0] + 10_000)
    gus, ned = model.learners["gus"], model.learners["ned"]
    assert all(s.rating == learner.base_rating(t) for t, s in gus.skills.items())
    assert gus.counts["unproved"] == 2
    assert view.counted_text(model, "gus") == "Counted: 2 claims, 2 of them true but unproved."
    assert ned.skills["forcing-net"].rating > learner.base_rating("forcing-net")


def test_reviews_come_due_and_go_away_when_passed_and_practise_next_follows(store, clock):
    def table(at):
        return view.rows(learner.load(store, now_ms=at), "eve", at)

    store.record_attempt("eve", "naked-single", "find-all", 1.0, 5.0)
    store.record_attempt("eve", "x-wing", "find-all", 1.0, 5.0)
    rows = {r.technique: r for r in table(T0 + DAY // 2)}
    assert rows["x-wing"].next_review == T0 + DAY and not rows["x-wing"].due
    pick, why = view.practise_next(list(rows.values()))
    assert why == "next on the ladder" and pick.technique == "naked-single"   # not mastered yet

    at = T0 + DAY + 3600_000
    rows = {r.technique: r for r in table(at)}
    assert rows["x-wing"].due and rows["naked-single"].due
    pick, why = view.practise_next(table(at))
    assert why == "a review is due" and pick.technique in ("naked-single", "x-wing")
    clock[0] = at
    store.record_attempt("eve", "naked-single", "find-all", 1.0, 5.0)
    store.record_attempt("eve", "x-wing", "name", 0.0, 5.0)            # x-wing review failed
    after = at + 10_000
    rows = {r.technique: r for r in table(after)}
    assert not rows["naked-single"].due and rows["naked-single"].next_review == at + 2 * DAY
    assert rows["x-wing"].due and rows["x-wing"].next_review == at
    assert view.practise_next(table(after))[0].technique == "x-wing"
    clock[0] = at + 20_000
    store.record_attempt("eve", "x-wing", "find-all", 1.0, 5.0)       # passed: back in a day
    rows = {r.technique: r for r in table(at + 30_000)}
    assert not rows["x-wing"].due and rows["x-wing"].next_review == at + 20_000 + DAY
    pick, why = view.practise_next(list(rows.values()))
    assert why == "next on the ladder" and not pick.due
    # a lesson read meets its techniques: a review a day later, no rating yet
    store.mark_lesson_read("eve", "fish", techniques=("swordfish",))
    rows = {r.technique: r for r in table(at + 40_000)}
    assert rows["swordfish"].attempts == 0 and rows["swordfish"].actions == 1
    assert rows["swordfish"].next_review == at + 20_000 + DAY


def test_rebuilding_from_events_gives_exactly_the_stored_state(store, clock):
    for day in range(5):
        session(store, clock, day, confused=day % 2 == 0)
        store.record_claim("finn", "r1c1<>1", "false", None, named="x-wing", position="q")
        store.record_attempt("finn", "skyscraper", "name", 0.5, 9.0, 1, item="name:sky:1")
        learner.load(store, now_ms=clock[0] + 5_000)          # the snapshot grows session by session
    stored = store.derived(learner.SNAPSHOT)
    assert stored[0] == store.events()[-1].id
    again = learner.rebuild(store, now_ms=clock[0] + 5_000)
    assert again.to_json() == stored[1]
    assert store.derived(learner.SNAPSHOT) == stored
    # a fresh fold of every event in memory is the same too
    fresh = learner.Model()
    for e in store.events():
        fresh.apply(e)
    assert fresh.to_json() == stored[1]


def test_an_unreadable_snapshot_is_folded_again(store, clock):
    store.record_attempt("kim", "x-wing", "find-all", 1.0, 5.0)
    store.save_derived(learner.SNAPSHOT, 10 ** 9, "{not json")
    later = T0 + learner.SETTLE_MS
    model = learner.load(store, now_ms=later)
    assert model.learners["kim"].skills["x-wing"].attempts == 1
    assert store.derived(learner.SNAPSHOT) == (store.events()[-1].id, model.to_json())


def test_recent_events_are_shown_but_not_kept_in_the_snapshot(store, clock):
    store.record_attempt("gus", "x-wing", "find-all", 1.0, 5.0)
    model = learner.load(store, now_ms=T0 + 500)               # younger than SETTLE_MS
    assert model.learners["gus"].skills["x-wing"].attempts == 1
    assert store.derived(learner.SNAPSHOT) is None
    learner.load(store, now_ms=T0 + learner.SETTLE_MS)
    assert store.derived(learner.SNAPSHOT)[0] == store.events()[-1].id


def test_following_the_model_reads_only_the_new_settled_events_and_writes_nothing(store, clock):
    """The teacher's table follows the model every second: from the
    snapshot once, then one query for the events after it, no write."""
    store.record_attempt("ida", "x-wing", "find-all", 1.0, 5.0)
    learner.load(store, now_ms=T0 + learner.SETTLE_MS)                # a snapshot with it
    clock[0] = T0 + DAY
    store.record_attempt("ida", "x-wing", "find-all", 0.0, 5.0)
    store.record_claim("ida", "r1c1<>1", "proved", "pointing")
    calls, real_query, real_execute = [], store.backend.query, store.backend.execute
    store.backend.query = lambda sql, params=(): calls.append(sql) or real_query(sql, params)
    store.backend.execute = lambda sql, params=(): calls.append(sql) or real_execute(sql, params)
    model = learner.follow(store, now_ms=clock[0] + 500)       # the new events are not settled yet
    assert [c.split()[0] for c in calls] == ["SELECT", "SELECT"]          # the snapshot, the events
    assert model.learners["ida"].skills["x-wing"].attempts == 1 and "pointing" not in model.learners["ida"].skills
    calls.clear()
    assert learner.follow(store, model, now_ms=clock[0] + learner.SETTLE_MS) is model
    assert len(calls) == 1 and calls[0].startswith("SELECT id, user_name, kind")
    fresh = learner.Model()
    for e in store.events():
        fresh.apply(e)
    assert model.to_json() == fresh.to_json()
    store.backend.query, store.backend.execute = real_query, real_execute


def test_the_teachers_mastery_cell_shows_ratings_furthest_above_the_base_first(store, clock):
    for ok in (1, 1, 1, 1, 1, 1):
        store.record_attempt("jo", "x-wing", "find-all", float(ok), 5.0)
    store.record_attempt("jo", "pointing", "find-all", 1.0, 5.0)
    store.record_attempt("jo", "skyscraper", "find-all", 0.0, 5.0)
    store.record_attempt("jo", "naked-subset", "find-all", 0.5, 5.0)
    store.record_hint("jo", "swordfish", 1)                   # met, no result: not listed
    now = clock[0] + 10_000
    model = learner.load(store, now_ms=now)
    skills = model.learners["jo"].skills
    ahead = sorted(skills, key=lambda t: learner.base_rating(t) - skills[t].rating)
    assert ahead[:2] == ["x-wing", "pointing"] and ahead[-1] == "skyscraper"
    text = mastery_text(model, "jo", now_ms=now)
    assert text.split()[::2] == ["x-wing", "pointing", "naked-subset", "+1"]
    assert text.startswith(f"x-wing {skills['x-wing'].rating:.0f}*")         # mastered
    assert f"pointing {skills['pointing'].rating:.0f} " in text             # neither due nor weak
    assert mastery_text(model, "nobody", now_ms=now) == ""
    # a failure makes the review due at once: '!'
    assert mastery_text(model, "jo", shown=4, now_ms=now).split()[-1] == f"{skills['skyscraper'].rating:.0f}!"


def test_an_older_store_migrates_by_replaying_what_it_holds(tmp_path):
    path = str(tmp_path / "old.db")
    s = Store.open(path)
    b = s.backend
    b.execute("DELETE FROM meta WHERE name = 'events'")
    b.execute("INSERT INTO attempts (user_name, technique, kind, score, seconds, hints, at_ms)"
              " VALUES ('old', 'x-wing', 'find-all', 1.0, 3.0, 0, 5)")
    b.execute("INSERT INTO claims (user_name, claim, verdict, technique, at_ms)"
              " VALUES ('old', 'r1c1<>1', 'proved', 'pointing', 6)")
    b.execute("INSERT INTO hints (user_name, technique, level, at_ms) VALUES ('old', 'x-wing', 2, 7)")
    b.execute("INSERT INTO confusions (user_name, said, actual, at_ms)"
              " VALUES ('old', 'skyscraper', 'x-wing', 8)")
    b.execute("INSERT INTO lessons_read (user_name, lesson, at_ms) VALUES ('old', 'fish', 9)")
    s.close()
    for _ in range(2):                                          # migrated once, not twice
        s = Store.open(path)
        assert [(e.kind, e.technique, e.detail) for e in s.events("old")] == [
            ("attempt", "x-wing", "find-all"), ("claim", "pointing", "proved"),
            ("hint", "x-wing", ""), ("confusion", "x-wing", ""), ("lesson", "", "fish")]
        s.close()
    rows = {r.technique: r for r in view.rows(learner.load(Store.open(path)), "old", 10)}
    assert rows["x-wing"].attempts == 1 and rows["pointing"].attempts == 1


class FlakyAfterEvent:
    """A backend that loses the connection right after the event insert, once."""

    def __init__(self, backend):
        self.inner, self.failed = backend, False
        self.serial_key, self.location = backend.serial_key, backend.location

    def execute(self, sql, params=()):
        self.inner.execute(sql, params)
        if sql.startswith("INSERT INTO hints") and not self.failed:
            self.failed = True
            raise StoreUnavailable("connection lost")

    def query(self, sql, params=()):
        return self.inner.query(sql, params)

    def close(self):
        self.inner.close()


def test_a_retried_write_through_the_queue_stores_its_event_once(store, monkeypatch):
    monkeypatch.setattr("tutor.store.queued.RETRY_FIRST", 0.01)
    store.backend = FlakyAfterEvent(store.backend)
    q = QueuedStore(store)
    q.record_hint("hal", "x-wing", 1, position="p")
    q.record_claim("hal", "r1c2<>3", "proved", "x-wing", position="p")
    assert q.flush(10)
    assert store.backend.failed and q.failures == 1
    assert [e.kind for e in q.events("hal")] == ["hint", "claim"]
    assert q.event_counts("hal") == {"hint": 1, "claim": 1}


def test_two_sessions_of_one_learner_lose_no_event(store, tmp_path):
    other = Store.open(store.location if "://" not in store.location else store.backend.url)
    try:
        for k in range(10):
            (store if k % 2 else other).record_attempt("ivy", "x-wing", "name", 1.0, 1.0)
        assert store.event_counts("ivy") == {"attempt": 10}
    finally:
        other.close()


def test_the_cli_prints_progress_and_the_class_table(tmp_path, capsys, clock):
    path = str(tmp_path / "c.db")
    s = Store.open(path)
    for day in range(3):
        session(s, clock, day)
    s.record_attempt("jo", "pointing", "name", 0.0, 4.0)
    s.close()
    assert main(["progress", "--db", path, "--user", "ana", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["technique"] for d in data][:3] == ["naked-single", "hidden-single", "locked-subset"]
    xw = next(d for d in data if d["technique"] == "x-wing")
    assert xw["attempts"] == 9 and xw["rating"] > 1340 and xw["deviation"] < 350
    assert {"technique", "rating", "deviation", "attempts", "next_review"} <= set(xw)
    assert main(["progress", "--db", path, "--user", "ana", "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rebuilt from 19 events.\nProgress of ana. Practise next: Skyscraper")
    assert "X-Wing" in out and "Mix-up: " in out and "took 2-String Kite for Skyscraper" in out
    assert main(["class-progress", "--db", path, "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("user,technique,rating,deviation,attempts")
    assert [tuple(line.split(",")[:2]) for line in lines[1:]] == [
        ("ana", "x-wing"), ("ana", "skyscraper"), ("ana", "two-string-kite"), ("jo", "pointing")]
    assert main(["class-progress", "--db", path]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["technique", "ana", "jo"]
    assert all(len(line) <= 80 for line in table)
    assert [line.split()[0] for line in table[1:5]] == ["Locked", "X-Wing", "Skyscraper", "2-String"]


def test_the_class_table_fits_80_columns_and_marks_who_is_due(store, clock):
    for k in range(12):
        store.record_attempt(f"student{k:02}", "x-wing", "find-all", 1.0 if k % 3 else 0.0, 9.0)
    model = learner.load(store, now_ms=clock[0] + 10_000)
    users = sorted(model.learners)
    text = class_table(model, users, 80, now_ms=clock[0] + 10_000)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].split()[1:] == [u[:6] for u in users[:8]]
    assert lines[1].startswith("X-Wing") and lines[1].count("!") == 3   # the failed ones: due
    assert "4 more students" in lines[-1]
    assert class_csv(model, users, clock[0] + 10_000).count("\n") == 13


def test_practice_positions_are_picked_near_the_learners_rating():
    from tutor.engine.registry import find_all
    from tutor.teaching.practice import practice_positions

    def difficulty(p):
        filled = sum(1 for v in p.position.values if v) / 81
        return learner.item_difficulty("x-wing", len(find_all(p.position, ["x-wing"])), filled)
    cands = practice_positions("x-wing", 6, 0)
    levels = sorted(difficulty(p) for p in cands)
    assert levels[0] < levels[-1]
    assert difficulty(view.pick_position("x-wing", 1000, 0)) == levels[0]
    assert difficulty(view.pick_position("x-wing", 2000, 0)) == levels[-1]
    middle = view.pick_position("x-wing", 1335, 0)
    assert abs(difficulty(middle) - 1335) == min(abs(d - 1335) for d in levels)
    assert view.pick_position("no-such-technique", 1500) is None


def test_a_review_date_reads_the_same_a_moment_later():
    """A review set a day ahead reads 'in 1 d' at once and a millisecond
    later (the snapshot of the progress screen depends on it); under an
    hour reads 'in 1 h', not 'in 0 h'."""
    from tutor.teaching.learner_view import when_text
    day, hour = 86_400_000, 3_600_000
    assert when_text(1_000 + day, 1_000) == when_text(1_000 + day, 1_001) == "in 1 d"
    assert when_text(5 * hour, 0) == "in 5 h"
    assert when_text(hour // 5, 0) == "in 1 h"
    assert when_text(3 * day - 1, 0) == "in 3 d"
    assert when_text(0, 5) == "due" and when_text(None) == "-"
