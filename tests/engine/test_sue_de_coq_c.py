"""Sue de Coq's search of one crossing (sue_de_coq/sue_de_coq.py) in C and
in Python: the same patterns, in the same order, for every crossing of
positions along logic-solve paths; and the C side refuses input it cannot
read instead of reading past it."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.sue_de_coq import sue_de_coq as sdc

needs_c = pytest.mark.skipif(sdc._crossing is None, reason="the C search is not built here")


def test_the_compiled_search_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert sdc.COMPILED


@needs_c
def test_both_searches_find_the_same_patterns_in_the_same_order():
    picks = sampled_positions(qqwing("expert")[:40], per_puzzle=6, seed=5)
    picks.append(("empty", parse_position("." * 81)))
    patterns = crossings_with = 0
    for _, pos in picks:
        for line, box, cross in sdc.CROSSINGS:
            inter = cross & pos.analysis.empty
            if inter.bit_count() < 2:
                continue
            fast = sdc._crossing.crossing(pos.cands, pos.values, line, box)
            assert fast == sdc.crossing_sets(pos, line, box, inter)
            patterns += len(fast)
            crossings_with += bool(fast)
    assert patterns >= 30 and crossings_with >= 10      # the sample holds patterns to compare


@needs_c
def test_the_finder_gives_the_same_steps_either_way(monkeypatch):
    picks = sampled_positions(qqwing("expert")[40:60], per_puzzle=4, seed=2)
    fast = [[s.to_json() for s in sdc.sue_de_coq(pos.copy())] for _, pos in picks]
    monkeypatch.setattr(sdc, "COMPILED", False)
    slow = [[s.to_json() for s in sdc.sue_de_coq(pos.copy())] for _, pos in picks]
    assert fast == slow and any(fast)


@needs_c
@pytest.mark.parametrize("args, error", [
    (([3] * 80, [0] * 81, 0, 18), ValueError),          # a cell short
    (([3] * 81, [0] * 80, 0, 18), ValueError),
    (([3] * 80 + [512], [0] * 81, 0, 18), ValueError),  # a candidate past digit 9
    (([3] * 81, [0] * 80 + [10], 0, 18), ValueError),   # a digit past 9
    (([3] * 81, [0] * 81, 0, 21), ValueError),          # row 1 does not cross box 4
    (([3] * 81, [0] * 81, 18, 19), ValueError),         # two boxes
    (([3] * 81, [0] * 81, -1, 18), ValueError),
    (([3] * 80 + ["3"], [0] * 81, 0, 18), TypeError),
    ((None, [0] * 81, 0, 18), TypeError),
])
def test_input_it_cannot_read_raises_a_python_error(args, error):
    with pytest.raises(error):
        sdc._crossing.crossing(*args)
