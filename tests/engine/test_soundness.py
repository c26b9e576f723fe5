"""Soundness as a property over every public QQWing puzzle: no step found
along the logic solve, and no instance find_all reports at sampled positions,
removes a solution digit or places a wrong one.  Covers every registered
technique, so each new family is checked the moment it registers."""
import random
from collections import Counter

import pytest

from puzzle_helpers import assert_sound, qqwing
from tutor.engine.registry import find_all, ladder
from tutor.engine.formats import parse_position
from tutor.engine.solve import logic_solve

LEVELS = ["easy", "intermediate", "expert"]


@pytest.mark.slow
def test_every_step_on_every_qqwing_puzzle_is_sound_and_every_technique_is_checked():
    """The property reaches every room of the ladder: each technique has
    steps checked on the 900 puzzles (along solves or at sampled positions).
    One test for the three levels: split, the coverage check would solve
    them all again on another test worker."""
    total: Counter = Counter()
    for level in LEVELS:
        checked = checked_steps(level)
        assert sum(checked.values()) > 0, level
        total += checked
    missing = [t.id for t in ladder() if total[t.id] == 0]
    # trial, the last resort, is never reached on them (a forcing chain always
    # comes first); test_forcing.py checks its steps along the tdoku solves
    assert missing in ([], ["trial"]), missing


def checked_steps(level: str) -> Counter:
    """Check every step of every solve of the level, and every instance at
    two points of each path; the number checked per technique."""
    rng = random.Random(level)
    checked: Counter = Counter()
    for text in qqwing(level):
        pos = parse_position(text)
        solution = pos.solution()
        result = logic_solve(pos)
        assert result.status in ("solved", "stuck"), result.problem
        assert_sound(pos, result.steps, solution)
        checked.update(s.technique for s in result.steps)
        # replay the path and look at everything available at two points on it
        walk = pos.copy()
        picks = {rng.randrange(len(result.steps) + 1), len(result.steps)}
        for k, step in enumerate(result.steps + [None]):
            if k in picks:
                steps = find_all(walk, None)
                assert_sound(walk, steps, solution)
                checked.update(s.technique for s in steps)
            if step:
                walk.apply(step)
    return checked
