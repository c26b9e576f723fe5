"""The practice bank (tutor/teaching/practice_bank.py) and its worker
(bank_worker.py): positions served near the learner's rating and never
twice, topped up by the generator, on SQLite and on PostgreSQL, in the
background of the app and of the class server."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tutor.engine.formats import parse_position
from tutor.engine.registry import get, ladder
from tutor.generate.run import remake
from tutor.store import Store, bank
from tutor.teaching import bank_worker, practice_bank
from tutor.teaching.practice_cache import load_cache
from tutor.teaching.practice_walk import is_practice_position


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "bank.db")
    yield s
    s.close()


@pytest.mark.slow
@pytest.mark.parametrize("tid", [t.id for t in ladder()])
def test_practice_never_repeats_within_100_positions_for_every_rung(store, tid):
    drawn = [practice_bank.draw(store, "ann", tid, 1500) for _ in range(100)]
    assert len({p.position.key() for p in drawn}) == 100
    real = [p for p in drawn if not p.is_variant]
    # real positions first, then variants, labelled as such
    assert [p.is_variant for p in drawn] == [False] * len(real) + [True] * (100 - len(real))
    from tutor.teaching.lessons import example_keys
    # a rung whose only real positions are lesson examples is practised on their variants
    assert real or all(p.position.key() in example_keys() for p in load_cache(tid) if not p.is_variant)
    for p in drawn[len(real):]:
        assert p.source.startswith("variant of ") and p.symmetry is not None


def test_a_variant_is_a_practice_position_of_its_technique(store):
    """As its source is (variants come once the real positions are drawn)."""
    for tid in ("jellyfish", "xy-wing", "death-blossom"):
        v = next(p for p in (practice_bank.draw(store, "ann", tid, 1500) for _ in range(100)) if p.is_variant)
        assert is_practice_position(v.position, tid)


def test_the_draw_follows_the_rating(store):
    from tutor.teaching.learner import position_key
    low = [practice_bank.draw(store, "low", "skyscraper", 900).position for _ in range(5)]
    high = [practice_bank.draw(store, "high", "skyscraper", 2500).position for _ in range(5)]
    difficulty = {b.pkey: b.difficulty for b in bank.all_of(store, "skyscraper")}
    lows = [difficulty[position_key(p)] for p in low]
    highs = [difficulty[position_key(p)] for p in high]
    assert max(lows) <= min(highs) and lows == sorted(lows) and highs == sorted(highs, reverse=True)
    assert min(lows) == min(difficulty.values()) and max(highs) == max(difficulty.values())


def test_top_up_keeps_generated_positions_with_their_source(store):
    before = bank.counts(store).get("skyscraper", 0)
    practice_bank.seed(store, "skyscraper")
    seeded = bank.counts(store)["skyscraper"]
    assert seeded == len([p for p in load_cache("skyscraper") if not p.is_variant]) > before
    added = practice_bank.top_up(store, "skyscraper", budget=30, run_seed="bank-test", low=seeded + 5)
    assert added >= 5 and bank.counts(store)["skyscraper"] == seeded + added
    made = [b for b in bank.all_of(store, "skyscraper") if b.kind == "generated"]
    for b in made[:3]:
        assert b.source.startswith("generated:bank-test:")
        puzzle = "".join(str(v) if v else "." for v in remake(b.source))
        assert puzzle == b.puzzle
        pos = parse_position(b.position)
        assert is_practice_position(pos, "skyscraper")
        assert b.difficulty == practice_bank.difficulty("skyscraper", pos, b.instances)


def _two_rungs(monkeypatch):
    rungs = [get("skyscraper"), get("xy-wing")]
    monkeypatch.setattr(bank_worker, "ladder", lambda: rungs)
    return rungs


def test_the_worker_fills_every_rung_below_the_mark_on_both_stores(store_target, monkeypatch):
    rungs = _two_rungs(monkeypatch)
    store = Store.open(store_target)
    try:
        seeded = {t.id: len([p for p in load_cache(t.id) if not p.is_variant]) for t in rungs}
        low = max(seeded.values()) + 3
        got = bank_worker.fill(store, low=low, budget=60, run_seed="worker-test")
        assert all(got[t.id] >= low for t in rungs)
        assert bank.counts(store, ["generated"]) and bank.counts(store, ["seed"]) == seeded
    finally:
        store.close()


def test_a_rung_the_generator_misses_is_made_up_with_variants(store, monkeypatch):
    rungs = [get("jellyfish")]
    monkeypatch.setattr(bank_worker, "ladder", lambda: rungs)
    monkeypatch.setattr(bank_worker, "top_up", lambda *a, **k: 0)     # as if nothing came in time
    got = bank_worker.fill(store, low=60, budget=1)
    assert got["jellyfish"] + bank.counts(store, ["variant"])["jellyfish"] == 60


def _wait_for(cond, seconds=120.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.5)
    return False


@pytest.mark.slow
def test_the_worker_process_fills_the_bank_and_stops(store_target):
    proc = bank_worker.start(store_target, "--low", "1")
    try:
        store = Store.open(store_target)
        try:
            assert _wait_for(lambda: len(bank.counts(store)) == len(ladder()))
        finally:
            store.close()
        assert _wait_for(lambda: proc.poll() is not None)      # every rung above the mark: done
        assert proc.returncode == 0
    finally:
        bank_worker.stop(proc)


def test_a_worker_whose_starter_is_already_gone_ends_at_once(tmp_path):
    """A server killed while its worker was still importing: the worker,
    told who started it, does not go on filling the bank for init."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tutor.teaching.bank_worker", "--db",
                           str(tmp_path / "p.db"), "--parent", str(gone.pid)], timeout=60)
    assert done.returncode == 0 and time.monotonic() - started < 30
    store = Store.open(str(tmp_path / "p.db"))
    try:
        assert bank.counts(store) == {}              # nothing seeded, nothing generated
    finally:
        store.close()


async def _until(cond, seconds=120.0):
    import asyncio
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        await asyncio.sleep(0.5)
    return False


async def test_the_app_fills_the_bank_in_the_background(tmp_path):
    from tutor.app import make_app
    app = make_app(store_path=str(tmp_path / "app.db"), user="ann", bank_worker=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        proc = app.bank_worker
        assert proc is not None and proc.poll() is None
        store = Store.open(tmp_path / "app.db")
        try:
            assert await _until(lambda: bank.has(store, "trial"))       # the last rung seeded
        finally:
            store.close()
    assert _wait_for(lambda: proc.poll() is not None, 10)         # stopped with the app


def test_the_next_position_comes_from_another_puzzle_than_the_last(store):
    """Two positions along one solve often hold the same step: right after
    one, the learner gets one from another puzzle (the nearest such), even
    when the other position of the same puzzle is nearer the rating."""
    a1, a2, b = [p for p in load_cache("x-wing") if not p.is_variant][:3]
    for k, (p, puzzle) in enumerate(((a1, "one"), (a2, "one"), (b, "another"))):   # as the generator keeps them
        bank.add(store, "x-wing", str(k), str(p.position), puzzle, p.source, "generated", 1000 + 10 * k, 1)
    drawn = [practice_bank.draw(store, "ann", "x-wing", 1000) for _ in range(3)]
    assert [str(d.position) for d in drawn] == [str(a1.position), str(b.position), str(a2.position)]


def test_practice_leaves_out_the_lessons_examples(store):
    """A lesson prints its examples' answers: practice and quizzes drawn
    from the bank never hand one back (the Mutant fish and Avoidable
    Rectangle lessons' examples are in their practice files)."""
    from tutor.teaching.lessons import example_keys
    from tutor.teaching.practice import practice_positions
    for tid in ("mutant-fish", "avoidable-rectangle"):
        assert any(p.position.key() in example_keys() for p in load_cache(tid)), tid
        drawn = [practice_bank.draw(store, "ann", tid, 1500) for _ in range(45)]
        assert not any(d.position.key() in example_keys() for d in drawn), tid
        assert not any(p.position.key() in example_keys() for p in practice_positions(tid, 45)), tid


def test_the_switch_keeps_the_app_and_serve_from_starting_a_worker(monkeypatch, tmp_path):
    import tutor.app
    import tutor.app.saving
    from tutor import cli
    from tutor.classroom import commands
    asked = []

    class Ran:
        return_code = 0

        def run(self):
            pass
    monkeypatch.setattr(tutor.app, "make_app", lambda puzzle=None, **options: asked.append(options) or Ran())
    monkeypatch.setattr(tutor.app.saving, "save_before_exit", lambda app: None)
    args = cli.build_parser().parse_args(["serve", "--port", "0", "--roster", str(tmp_path / "r.toml"),
                                          "--db", str(tmp_path / "p.db")])
    for value, on in (("off", False), ("OFF", False), ("0", False), ("on", True), ("", True)):
        monkeypatch.setenv(bank_worker.SWITCH, value)
        assert bank_worker.wanted() is on
        assert commands.config_from_args(args).bank_worker is on
        tutor.app.run_app()
        assert asked[-1]["bank_worker"] is on
