"""The finned-fish search of one band (fish/finned.py) in C and in Python:
the same fish, in the same order, for every digit, band and base kind of
positions along logic-solve paths; and the C side refuses input it cannot
read instead of reading past it."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.common import digit_masks
from tutor.engine.techniques.fish import finned
from tutor.engine.techniques.fish.basic import line_masks

needs_c = pytest.mark.skipif(finned._finned is None, reason="the C search is not built here")


def test_the_compiled_search_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert finned.COMPILED


@needs_c
def test_both_searches_find_the_same_fish_in_the_same_order():
    picks = sampled_positions(qqwing("expert")[:30], per_puzzle=5, seed=9)
    picks.append(("empty", parse_position("." * 81)))
    fish = {2: 0, 3: 0, 4: 0}
    for _, pos in picks:
        for digit_mask in digit_masks(pos)[1:]:
            for lines in line_masks(digit_mask):
                for band in range(3):
                    fast = finned._finned.band_fish(lines, band)
                    assert fast == list(finned._band_fish(lines, band))
                    for size, *_ in fast:
                        fish[size] += 1
    assert all(n >= 10 for n in fish.values())          # every size has fish to compare


@needs_c
def test_the_finders_give_the_same_steps_either_way(monkeypatch):
    picks = sampled_positions(qqwing("expert")[30:50], per_puzzle=4, seed=4)
    finders = (finned.finned_x_wing, finned.finned_swordfish, finned.finned_jellyfish)

    def steps():
        finned._MEMO.clear()
        return [[s.to_json() for s in f(pos.copy())] for _, pos in picks for f in finders]

    fast = steps()
    monkeypatch.setattr(finned, "COMPILED", False)
    assert steps() == fast and any(fast)


@needs_c
@pytest.mark.parametrize("args, error", [
    (([0] * 8, 0), ValueError),                 # a line short
    (([0] * 8 + [512], 0), ValueError),         # a cross position past 9
    (([0] * 8 + [-1], 0), ValueError),
    (([0] * 9, 3), ValueError),                 # bands are 0-2
    (([0] * 8 + ["1"], 0), TypeError),
    ((None, 0), TypeError),
])
def test_input_it_cannot_read_raises_a_python_error(args, error):
    with pytest.raises(error):
        finned._finned.band_fish(*args)
