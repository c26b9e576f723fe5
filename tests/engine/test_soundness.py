"""Soundness as a property over every public QQWing puzzle: no step found
along the logic solve, and no instance find_all reports at sampled positions,
removes a solution digit or places a wrong one.  Covers every registered
technique, so each new family is checked the moment it registers."""
import random

import pytest

from puzzle_helpers import assert_sound, qqwing
from tutor.engine.finder import find_all
from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve

LEVELS = ["easy", "intermediate", "expert"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_step_on_every_qqwing_puzzle_is_sound(level):
    rng = random.Random(level)
    checked = 0
    for text in qqwing(level):
        pos = parse_position(text)
        solution = pos.solution()
        result = logic_solve(pos)
        assert result.status in ("solved", "stuck"), result.problem
        assert_sound(pos, result.steps, solution)
        # replay the path and look at everything available at two points on it
        walk = pos.copy()
        picks = {rng.randrange(len(result.steps) + 1), len(result.steps)}
        for k, step in enumerate(result.steps + [None]):
            if k in picks:
                steps = find_all(walk, None)
                assert_sound(walk, steps, solution)
                checked += len(steps)
            if step:
                walk.apply(step)
    assert checked > 0
