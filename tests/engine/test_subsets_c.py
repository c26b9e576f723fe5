"""The split of a house into locked sets (subsets/locked_sets.py) in C and
in Python: the same naked sides for every house of positions along
logic-solve paths, the same steps from the finders; and the C side refuses
input it cannot read."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.grid import HOUSES
from tutor.engine.techniques.subsets import locked_sets

needs_c = pytest.mark.skipif(locked_sets._sides is None, reason="the C search is not built here")


def test_the_compiled_search_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert locked_sets.COMPILED


@needs_c
def test_both_searches_find_the_same_sides():
    splits = 0
    for _, pos in sampled_positions(qqwing("expert")[:40], per_puzzle=6, seed=21):
        for house in HOUSES:
            cands = [pos.cands[i] for i in house if not pos.values[i]]
            for half in range(len(cands) // 2 + 1):
                fast = locked_sets._sides.split_sides(cands, half)
                assert fast == locked_sets.split_sides(cands, half)
                splits += len(fast)
    assert splits >= 100


@needs_c
def test_the_finders_give_the_same_steps_either_way(monkeypatch):
    picks = sampled_positions(qqwing("expert")[40:60], per_puzzle=4, seed=6)
    finders = (locked_sets.naked_subsets, locked_sets.hidden_subsets)

    def steps():
        locked_sets._HOUSE_MEMO.clear()
        return [[s.to_json() for s in f(pos.copy())] for _, pos in picks for f in finders]

    fast = steps()
    monkeypatch.setattr(locked_sets, "COMPILED", False)
    assert steps() == fast and any(fast)


@needs_c
@pytest.mark.parametrize("args, error", [
    (([3] * 10, 4), ValueError),            # more cells than a house
    (([3] * 8 + [512], 4), ValueError),     # a candidate past digit 9
    (([3] * 8 + [-1], 4), ValueError),
    (([3] * 8 + ["3"], 4), TypeError),
    ((None, 4), TypeError),
])
def test_input_it_cannot_read_raises_a_python_error(args, error):
    with pytest.raises(error):
        locked_sets._sides.split_sides(*args)
