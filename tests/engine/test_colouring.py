"""Simple Colours: MIT technique cases, step structure, soundness."""
from __future__ import annotations

import random

import pytest

from puzzle_helpers import (conjugate_pairs, all_qqwing, assert_sound, effects_of, expected_set, sampled_positions,
                      technique_cases)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import bit, parse_cell, sees
from tutor.engine.position import Position
from tutor.engine.solve import apply_until_stuck

SIMPLE = ["singles", "locked-candidates", "locked-set"]


CASES = technique_cases("simple_colouring")


def test_the_mit_cases_are_there():
    rules = {"trap" if "trap" in c["technique"] else "wrap" for c in CASES}
    assert len(CASES) >= 10 and rules == {"trap", "wrap"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["source"].rsplit("#", 1)[-1])
def test_mit_case_union_of_rule_eliminations(case):
    rule = "trap" if "trap" in case["technique"] else "wrap"
    pos = parse_position(case["position"])
    steps = find_all(pos, ["simple-colours"])
    assert effects_of([s for s in steps if s.to_json()["rule"] == rule]) == expected_set(case)
    assert_sound(pos, steps, pos.solution())


def check_step(pos, step):
    """Check a step against the definition, independently of the finder."""
    d = step.to_json()["digit"]
    assert step.digits == (d,)
    colours = [[parse_cell(c) for c in group] for group in step.to_json()["colours"]]
    a, b = set(colours[0]), set(colours[1])
    assert a and b and not a & b
    assert sorted(a | b) == list(step.cells)
    pairs = conjugate_pairs(pos, d)
    # the chain is connected through conjugate pairs, which always join colours
    for p in pairs:
        if p & (a | b):
            assert p <= a | b, "a conjugate pair leaves the chain"
            x, y = tuple(p)
            assert (x in a) != (y in a), "a conjugate pair joins one colour to itself"
    reached, todo = {colours[0][0]}, [colours[0][0]]
    while todo:
        x = todo.pop()
        for p in pairs:
            if x in p:
                (y,) = p - {x}
                if y not in reached:
                    reached.add(y)
                    todo.append(y)
    assert reached == a | b, "the chain is not one connected component"
    elims = {i for i, dd in step.eliminations}
    assert all(dd == d for _, dd in step.eliminations) and not step.placements and elims
    assert step.text.startswith(("Simple Colours Trap: ", "Simple Colours Wrap: "))
    assert " => " in step.text
    if step.to_json()["rule"] == "wrap":
        false = [a, b][step.to_json()["false_colour"]]
        assert elims == false
        assert any(sees(x, y) for x in false for y in false)
    else:
        assert not any(sees(x, y) for g in (a, b) for x in g for y in g)
        expected = {i for i in range(81) if pos.has(i, d) and i not in a | b
                    and any(sees(i, x) for x in a) and any(sees(i, y) for y in b)}
        assert elims == expected


def test_steps_match_the_definitions_on_the_mit_positions():
    checked = 0
    for case in CASES:
        pos = parse_position(case["position"])
        for step in find_all(pos, ["simple-colours"]):
            check_step(pos, step)
            checked += 1
    assert checked >= 10


def test_a_wrapping_chain_gives_no_trap_step():
    for case in CASES:
        pos = parse_position(case["position"])
        steps = find_all(pos, ["simple-colours"])
        wraps = {s.cells for s in steps if s.to_json()["rule"] == "wrap"}
        assert not [s for s in steps if s.to_json()["rule"] == "trap" and s.cells in wraps]
        keys = [(s.digits, s.cells, s.to_json()["rule"]) for s in steps]
        assert len(keys) == len(set(keys)), "one step per digit, chain and rule"


def test_step_json_carries_the_colouring():
    pos = parse_position(next(c for c in CASES if "trap" in c["technique"])["position"])
    step = find_all(pos, ["simple-colours"])[0]
    data = step.to_json()
    assert data["technique"] == "simple-colours"
    assert data["rule"] in ("trap", "wrap") and data["digit"] == step.digits[0]
    assert sorted(data["colours"][0] + data["colours"][1]) == sorted(data["cells"])
    assert "_size" not in data


def test_broken_positions_do_not_crash_and_only_touch_candidates():
    rng = random.Random(4)
    for _ in range(60):
        cands = [sum(1 << k for k in range(9) if rng.random() < 0.3) or 1 for _ in range(81)]
        pos = Position([0] * 81, cands, [False] * 81)
        for step in find_all(pos, ["simple-colours"]):
            assert all(pos.has(i, d) for i, d in step.eliminations)


def test_odd_loop_of_conjugate_pairs_is_skipped():
    # Digit 1 in five cells forming an odd loop of conjugate pairs:
    # r1c1=r1c4 (row 1), r1c4=r4c4 (col 4), r4c4=r4c2 (row 4),
    # r4c2=r2c2 (col 2), r2c2=r1c1 (box 1).  No two-colouring exists.
    cells = [parse_cell(c) for c in ("r1c1", "r1c4", "r4c4", "r4c2", "r2c2")]
    cands = [0b111111110] * 81
    for i in cells:
        cands[i] |= bit(1)
    pos = Position([0] * 81, cands, [False] * 81)
    pairs = conjugate_pairs(pos, 1)
    for k in range(5):
        assert frozenset((cells[k], cells[(k + 1) % 5])) in pairs
    assert [s for s in find_all(pos, ["simple-colours"]) if s.digits == (1,)] == []


@pytest.fixture(scope="module")
def qqwing_positions():
    puzzles = random.Random(11).sample(all_qqwing(), 300)
    out = [(t, apply_until_stuck(parse_position(t), SIMPLE)) for t in puzzles]
    out += sampled_positions(puzzles, SIMPLE + ["simple-colours"], per_puzzle=3, seed=5)
    return out


@pytest.mark.slow
def test_soundness_and_structure_over_qqwing(qqwing_positions):
    solutions = {}
    found = 0
    for text, pos in qqwing_positions:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        steps = find_all(pos, ["simple-colours"])
        assert_sound(pos, steps, solutions[text])
        for step in steps:
            check_step(pos, step)
        found += len(steps)
    assert found > 0, "the sample should exercise the finder"
