"""One Analysis per position (tutor/engine/analysis.py): kept up to date by
the position's own changes, never stale after a change made by hand, its
contradiction the full scan's, freed with the position, and private to its
position (two threads on two positions do not disturb each other)."""
from __future__ import annotations

import gc
import random
import threading
import weakref

from puzzle_helpers import qqwing
from tutor.engine.analysis import Analysis
from tutor.engine.formats import parse_position
from tutor.engine.registry import find_all
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.chains.links import link_graph

from tests.app.app_helpers import STUCK


def bitboards(a: Analysis) -> tuple:
    return a.values, a.cands, a.masks, a.placed, a.empty


def test_the_analysis_follows_a_solve_step_by_step():
    for text in random.Random(4).sample(qqwing("expert"), 6):
        start = parse_position(text)
        walk = start.copy()
        a = walk.analysis
        for step in logic_solve(start).steps:
            walk.apply(step)
            assert walk.analysis is a                     # updated, not built again
            assert bitboards(a) == bitboards(Analysis(walk.values, walk.cands)), step.text
            assert a.contradiction(walk) is None


def test_a_contradiction_is_noticed_where_it_happens():
    """Random placements and removals, right or wrong: after each, the
    Analysis says what the full scan of the position says."""
    rng = random.Random(9)
    for text in rng.sample(qqwing("expert"), 10):
        pos = parse_position(text)
        a = pos.analysis
        assert a.contradiction(pos) is None
        for _ in range(40):
            empty = [i for i in range(81) if not pos.values[i]]
            if not empty:
                break
            i = rng.choice(empty)
            digits = pos.candidates(i) or (1,)
            roll = rng.random()
            if roll < 0.1:
                pos.place(i, rng.randint(1, 9))      # maybe not even a candidate
            elif roll < 0.35:
                pos.place(i, rng.choice(digits))
            else:
                pos.eliminate(i, rng.choice(digits))
            assert pos.analysis is a
            assert a.contradiction(pos) == pos.contradiction()
            if pos.contradiction() and rng.random() < 0.5:
                break


def test_a_change_by_hand_gives_a_new_analysis():
    pos = parse_position(STUCK)
    before = pos.analysis
    graph = link_graph(pos)
    i = next(i for i in range(81) if not pos.values[i])
    pos.cands[i] &= pos.cands[i] - 1                # drop the lowest candidate, by hand
    assert pos.analysis is not before
    assert bitboards(pos.analysis) == bitboards(Analysis(pos.values, pos.cands))
    assert link_graph(pos) is not graph


def test_a_copy_starts_its_own_analysis():
    pos = parse_position(STUCK)
    copy = pos.copy()
    assert copy.analysis is not pos.analysis
    i = next(i for i in range(81) if not pos.values[i])
    copy.eliminate(i, copy.candidates(i)[0])
    assert pos.analysis.cands == pos.cands and copy.analysis.cands == copy.cands


def test_the_analysis_is_freed_with_its_position():
    pos = parse_position(STUCK)
    assert find_all(pos)
    gone = weakref.ref(link_graph(pos))     # one of the structures it keeps
    gc.disable()
    try:
        del pos
        assert gone() is None               # reference counting alone: no cycle
    finally:
        gc.enable()


def test_two_threads_on_two_positions_keep_their_own_structures_and_steps():
    """Each thread takes its turn (a barrier between turns): each finds its
    own position's steps every time, and its position's link graph is still
    the one built on its first turn after the other thread worked."""
    texts = [STUCK, qqwing("expert")[1]]
    positions = [parse_position(t) for t in texts]
    expected = [[s.to_json() for s in find_all(parse_position(t))] for t in texts]
    turn = threading.Barrier(2)
    problems: list[str] = []

    def work(k: int) -> None:
        pos = positions[k]
        graph = None
        for round_ in range(3):
            for who in range(2):
                turn.wait()
                if who != k:
                    continue
                got = [s.to_json() for s in find_all(pos)]
                if got != expected[k]:
                    problems.append(f"thread {k}, round {round_}: other steps")
                if graph is None:
                    graph = link_graph(pos)
                elif link_graph(pos) is not graph:
                    problems.append(f"thread {k}, round {round_}: its link graph was built again")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert problems == []
