"""The engine's speed-ups must not change what it finds.

Finders keep results per digit and per house between calls, some offer a
cheaper `first` for the solver, and logic_solve uses those.  Here the
outputs are compared with the plain ways of getting them: a cold call,
the full finder list, and a solve written out with full finder lists.
"""
from __future__ import annotations

import random

import pytest

from puzzle_helpers import load_lines, qqwing, sampled_positions
from tutor.engine.registry import find_all, ladder, simplest, tiers
from tutor.engine.formats import parse_position
from tutor.engine.solve import _applicable, logic_solve
from tutor.engine.techniques.common import clear_memos


def puzzles() -> list[str]:
    rng = random.Random(11)
    diabolical = [line.split()[1] for line in load_lines("sudoku-exchange/diabolical-40.txt")]
    return rng.sample(qqwing("expert"), 12) + rng.sample(diabolical, 4)


def as_json(steps) -> list[dict]:
    return [s.to_json() for s in steps]


def plain_solve(position):
    """logic_solve's loop with the full finder lists (no `first`): tier by
    tier, the simplest step of a tier first."""
    pos = position.copy()
    texts = []
    while len(texts) < 2000 and not pos.contradiction() and not pos.is_solved():
        progress = False
        for group in tiers(ladder()):
            picked = simplest([(t, t.finder(pos)) for t in group])
            if picked is None:
                continue
            t, found = picked
            for step in (found if t.batched else found[:1]):
                if _applicable(pos, step):
                    pos.apply(step)
                    texts.append(step.text)
                    progress = True
            if progress:
                break
        if not progress:
            break
    return texts, str(pos)


def test_solve_matches_a_solve_with_full_finder_lists():
    for text in puzzles():
        pos = parse_position(text)
        result = logic_solve(pos)
        assert ([s.text for s in result.steps], str(result.position)) == plain_solve(pos), text


@pytest.mark.slow
def test_first_is_the_head_of_the_full_list():
    positions = sampled_positions(puzzles(), per_puzzle=3, seed=5)
    checked = 0
    for _, pos in positions:
        for t in ladder():
            first = getattr(t.finder, "first", None)
            if first is not None:
                assert as_json(first(pos)) == as_json(t.finder(pos)[:1]), (t.id, str(pos))
                checked += 1
    assert checked >= 5 * len(positions)


@pytest.mark.slow
def test_kept_results_change_nothing():
    positions = sampled_positions(puzzles(), per_puzzle=2, seed=8)
    warm = [as_json(find_all(pos)) for _, pos in positions]   # memos filled along the way
    for (_, pos), seen in zip(positions, warm):
        clear_memos()
        assert as_json(find_all(pos)) == seen, str(pos)


def test_release_positions_drops_the_last_position_but_keeps_answers_the_same():
    """`steps --batch` frees a position's shared structures after answering
    (release_positions): the next call rebuilds them, with the same steps."""
    from tutor.engine.techniques.als.index import als_index
    from tutor.engine.techniques.common import release_positions

    _, pos = sampled_positions(puzzles()[:1], per_puzzle=1, seed=3)[0]
    before = as_json(find_all(pos))
    kept = als_index(pos)
    assert als_index(pos) is kept                   # kept for the position
    release_positions()
    assert als_index(pos) is not kept               # dropped, built again
    assert as_json(find_all(pos)) == before
