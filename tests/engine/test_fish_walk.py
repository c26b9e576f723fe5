"""The general fish walk (fish/general.py) in C and in Python: the same fish,
in the same order, for every kind of base and cover set the rungs use and
wider ones (fins, every house on both sides)."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.common import digit_masks
from tutor.engine.techniques.fish import general
from tutor.engine.techniques.fish.franken import ORIENTATIONS

EVERY_HOUSE = (tuple(range(27)), frozenset(range(27)))
# (base houses, cover houses, {size: fins at most})
SEARCHES = [(*ORIENTATIONS[0], {2: 0, 3: 0, 4: 0}), (*ORIENTATIONS[1], {2: 2, 3: 2, 4: 2}),
            (*EVERY_HOUSE, {2: 1, 3: 1, 4: 1}), (*EVERY_HOUSE, {3: 2}),
            (tuple(range(9)), frozenset(range(9, 18)), {2: 0, 3: 1, 4: 2, 5: 0})]


def _admit_all(base_kinds, cover_kinds):
    return True


def _boxes_in_base(base_kinds, cover_kinds):
    return bool(base_kinds & general.BOXES)


def test_the_compiled_walk_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert general.COMPILED


@pytest.mark.skipif(general._walk is None, reason="the C walk is not built here")
@pytest.mark.parametrize("search", range(len(SEARCHES)))
def test_both_walks_find_the_same_fish_in_the_same_order(search):
    base, cover, fins = SEARCHES[search]
    picks = sampled_positions(qqwing("expert")[search * 6:(search + 1) * 6], per_puzzle=2)
    picks.append(("empty", parse_position("." * 81)))
    found = 0
    for _, pos in picks:
        for digit_mask in digit_masks(pos)[1:]:
            for admit in (_admit_all, _boxes_in_base):
                fast = general.fish_of_digit_c(digit_mask, fins, base, cover, admit)
                slow = general.fish_of_digit_py(digit_mask, fins, base, cover, admit)
                assert fast == slow
                found += sum(len(fishes) for fishes in fast.values())
    assert found >= 20          # the sample holds fish to compare


@pytest.mark.skipif(general._walk is None, reason="the C walk is not built here")
@pytest.mark.parametrize("search", range(len(SEARCHES)))
def test_both_walks_keep_the_same_simplest_fish_per_effect(search):
    base, cover, fins = SEARCHES[search]
    picks = sampled_positions(qqwing("expert")[search * 6 + 3:search * 6 + 6], per_puzzle=2)
    merged = 0
    for _, pos in picks:
        for d, digit_mask in enumerate(digit_masks(pos)[1:]):
            for min_fins in (d % 2,):
                fast = general.simplest_fish_of_digit_c(digit_mask, fins, base, cover, _admit_all, min_fins)
                slow = general.simplest_fish_of_digit_py(digit_mask, fins, base, cover, _admit_all, min_fins)
                assert sorted(fast) == sorted(slow)
                assert all(fish[3].bit_count() >= min_fins for fish in fast)
                merged += sum(fish[5] > 1 for fish in fast)
    assert merged >= 2          # effects several fish share: the choice among them is compared


@pytest.mark.skipif(general._walk is None, reason="the C walk is not built here")
def test_the_compiled_walk_refuses_what_it_cannot_read():
    hm = [0] * 27
    with pytest.raises(ValueError):
        general._walk.walk(hm[:26], 0, [-1, -1, 0], [0], 1 << 9, -1 & (1 << 64) - 1)
    with pytest.raises(ValueError):
        general._walk.walk(hm, 0, [-1, -1, 0], [27], 1 << 9, 1)
    with pytest.raises(OverflowError):
        general._walk.walk([-1] + hm[1:], 0, [-1, -1, 0], [0], 1 << 9, 1)
    assert general._walk.walk(hm, 0, [-1, -1, 0], [0, 1], 1 << 9, 1) == []
    assert general._walk.simplest(hm, 0, [-1, -1, 0], [0, 1], 1 << 9, 1, 0) == []
