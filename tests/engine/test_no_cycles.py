"""The engine leaves no reference cycles behind: everything a `find_all`
builds (steps, chains, the per-position structures) is freed by reference
counting alone.  `steps --batch` relies on it to run CPython's cyclic
collector only now and then (tutor/cli_ladder.py); a recursive helper that
keeps a reference to itself would make every position leave garbage."""
from __future__ import annotations

import gc
import json

import pytest

from tutor.engine.formats import parse_position
from tutor.engine.registry import find_all
from tutor.engine.solve import apply_until_stuck, logic_solve
from tutor.engine.techniques.common import clear_memos

from tests.app.app_helpers import STUCK

# qqwing-expert.txt, line 2
EXPERT = "..8.42....1...8...2..35.68....53..64....89.2.13...4...9......4...6..58..35.....1."


def _positions():
    """A position stuck below the forcing rungs, one after singles, and one
    half way through a logic solve: between them every room has work."""
    start = parse_position(EXPERT)
    half = start.copy()
    steps = logic_solve(start).steps
    for step in steps[: len(steps) // 2]:
        half.apply(step)
    return [parse_position(STUCK), apply_until_stuck(start, ["singles"]), half]


@pytest.mark.slow
def test_find_all_and_its_json_leave_no_cyclic_garbage():
    positions = _positions()
    gc.collect()
    gc.disable()
    try:
        for pos in positions:
            clear_memos()
            steps = find_all(pos)
            assert steps
            json.dumps([s.to_json() for s in steps])
        del steps
        clear_memos()
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert unreachable == 0
