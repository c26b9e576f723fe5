"""The WXYZ-Wing search (wings/pivot_wings.py) in C and in Python: the same
wings, in the same order, along logic-solve paths; and the C side refuses
input it cannot read instead of reading past it."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.wings import pivot_wings

needs_c = pytest.mark.skipif(pivot_wings._wings is None, reason="the C search is not built here")


def test_the_compiled_search_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert pivot_wings.COMPILED


@needs_c
def test_both_searches_find_the_same_wings_in_the_same_order():
    picks = sampled_positions(qqwing("expert")[:40], per_puzzle=6, seed=11)
    picks.append(("empty", parse_position("." * 81)))
    wings = with_wings = 0
    for _, pos in picks:
        fast = pivot_wings._wings.four_cell_wings(pos.cands, pos.analysis.masks)
        slow = pivot_wings.four_cell_wings_py(pos)
        assert fast == slow
        wings += len(fast)
        with_wings += bool(fast)
    assert wings >= 30 and with_wings >= 10        # the sample holds wings to compare


@needs_c
def test_a_position_is_searched_in_c_when_it_is_built(monkeypatch):
    pos = sampled_positions(qqwing("expert")[:1], per_puzzle=1)[0][1]
    calls = []
    monkeypatch.setattr(pivot_wings, "_wings", Spy(pivot_wings._wings, calls))
    monkeypatch.setattr(pivot_wings, "COMPILED", True)
    assert pivot_wings.four_cell_wings(pos) == pivot_wings.four_cell_wings_py(pos)
    assert calls == ["four_cell_wings"]


class Spy:
    def __init__(self, module, calls):
        self.module, self.calls = module, calls

    def four_cell_wings(self, *args):
        self.calls.append("four_cell_wings")
        return self.module.four_cell_wings(*args)


@needs_c
@pytest.mark.parametrize("cands, masks, error", [
    ([3] * 80, [0] * 10, ValueError),                  # a cell short
    ([3] * 81, [0] * 9, ValueError),                   # a digit short
    ([3] * 80 + [512], [0] * 10, ValueError),          # a candidate mask past digit 9
    ([3] * 80 + [-1], [0] * 10, ValueError),
    ([3] * 81, [0] * 9 + [1 << 81], ValueError),       # a cell past r9c9
    ([3] * 81, [0] * 9 + [-1], OverflowError),
    ([3] * 80 + ["3"], [0] * 10, TypeError),
    ([3] * 81, [0] * 9 + [1.5], TypeError),
    (None, [0] * 10, TypeError),
])
def test_input_it_cannot_read_raises_a_python_error(cands, masks, error):
    with pytest.raises(error):
        pivot_wings._wings.four_cell_wings(cands, masks)
