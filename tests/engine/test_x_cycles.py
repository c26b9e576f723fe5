"""X-Cycles: MIT technique cases, loop structure, completeness against a
plain cycle enumeration, soundness over QQWing puzzles."""
from __future__ import annotations

import random

import pytest

from puzzle_helpers import (conjugate_pairs, all_qqwing, assert_sound, effects_of, expected_set, sampled_positions,
                      technique_cases)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import PEERS, cell_name, parse_cell, sees
from tutor.engine.position import Position
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.chains.x_cycle import MAX_LINKS, find_x_cycles

SIMPLE = ["singles", "locked-candidates", "locked-set"]
CASE_RULE = {
    "x_cycle_continuous(rule1)": "continuous",
    "x_cycle_discontinuous_strong(rule2)": "strong",
    "x_cycle_discontinuous_weak(rule3)": "weak",
}
CASES = [r for r in technique_cases("x_cycle") if r["technique"] in CASE_RULE]
# The grouped X-cycle cases (box segments as nodes) are grouped-aic's: see
# tests/engine/test_chains.py::test_grouped_x_cycle_cases.


def _id(row):
    return row["source"].rsplit("#", 1)[-1]


def test_the_mit_cases_are_there():
    assert {r["technique"] for r in CASES} == set(CASE_RULE)
    assert len(CASES) >= 6


@pytest.mark.parametrize("row", CASES, ids=_id)
def test_mit_case_union_of_rule_effects(row):
    rule = CASE_RULE[row["technique"]]
    pos = parse_position(row["position"])
    steps = find_all(pos, ["x-cycle"])
    assert effects_of([s for s in steps if s.to_json()["rule"] == rule]) == expected_set(row)
    assert_sound(pos, steps, pos.solution())
    for step in steps:
        check_step(pos, step)


# ------------------------------------------------------------ definitions

def _continuous_eliminations(pos, d, walk, roles):
    """Cells outside the loop holding d that see both ends of a weak link."""
    n = len(walk)
    out = set()
    for k in range(n):
        if roles[k] == "-":
            a, b = walk[k], walk[(k + 1) % n]
            out |= {(i, d) for i in range(81) if pos.has(i, d) and i not in walk
                    and sees(i, a) and sees(i, b)}
    return out


def _key(d, rule, walk, roles):
    if rule == "continuous":
        n = len(walk)
        return d, rule, frozenset((frozenset((walk[k], walk[(k + 1) % n])), roles[k])
                                  for k in range(n))
    return d, rule, walk[0], frozenset(walk)


def check_step(pos, step):
    """A step is a real loop of its rule, with the right effect."""
    d = step.to_json()["digit"]
    rule = step.to_json()["rule"]
    loop = step.to_json()["loop"]
    walk = [parse_cell(c) for c in loop[0::2]]
    roles = loop[1::2]
    assert walk[0] == walk[-1], "a loop ends where it starts"
    walk = walk[:-1]
    n = len(walk)
    assert len(set(walk)) == n, "a loop never revisits a cell"
    assert n == len(roles) == step.to_json()["length"] >= 3
    assert sorted(walk) == list(step.cells) and step.digits == (d,)
    assert all(pos.has(i, d) for i in walk)
    assert step.to_json()["eureka"] == f"({d})" + "".join(loop)
    assert step.name.endswith(step.to_json()["eureka"]) and step.name.startswith("X-Cycle (")
    pairs = conjugate_pairs(pos, d)
    for k in range(n):
        a, b = walk[k], walk[(k + 1) % n]
        assert a != b and sees(a, b), "every link joins two cells of one house"
        if roles[k] == "=":
            assert frozenset((a, b)) in pairs, f"{cell_name(a)}={cell_name(b)} is not a strong link"
    if rule == "continuous":
        assert n % 2 == 0 and n >= 4
        assert all(roles[k] != roles[k + 1] for k in range(n - 1)) and roles[-1] != roles[0]
        assert set(step.eliminations) == _continuous_eliminations(pos, d, walk, roles)
        assert step.eliminations and not step.placements
    else:
        assert n % 2 == 1
        mark = "=" if rule == "strong" else "-"
        assert roles[0] == roles[-1] == mark, "two links of the same kind meet at the break"
        assert all(roles[k] != roles[k + 1] for k in range(n - 1)), "alternates elsewhere"
        if rule == "strong":
            assert step.placements == ((walk[0], d),) and not step.eliminations
        else:
            assert step.eliminations == ((walk[0], d),) and not step.placements
    return _key(d, rule, walk, roles)


def check_all(pos, steps):
    keys = [check_step(pos, s) for s in steps]
    assert len(keys) == len(set(keys)), "every loop is reported once"
    lengths = [s.to_json()["length"] for s in steps]
    assert lengths == sorted(lengths), "shortest loops first"
    return set(keys)


# ------------------------------------------------------------ a plain enumeration

def reference_loops(pos, max_links):
    """Every loop the three rules accept, found by listing simple cycles of
    cells that share houses and trying every way of labelling their links."""
    found = set()
    for d in range(1, 10):
        cells = [i for i in range(81) if pos.has(i, d)]
        pairs = conjugate_pairs(pos, d)
        nbrs = {i: [j for j in PEERS[i] if pos.has(j, d)] for i in cells}

        def strong(a, b):
            return frozenset((a, b)) in pairs

        def classify(walk):
            n = len(walk)
            conj = [strong(walk[k], walk[(k + 1) % n]) for k in range(n)]
            if n % 2 == 0:
                for offset in (0, 1):
                    roles = ["=" if (k + offset) % 2 == 0 else "-" for k in range(n)]
                    if all(conj[k] for k in range(n) if roles[k] == "="):
                        if _continuous_eliminations(pos, d, walk, roles):
                            found.add(_key(d, "continuous", walk, roles))
                return
            for b in range(n):
                rot = walk[b:] + walk[:b]
                c = conj[b:] + conj[:b]
                if all(c[k] for k in range(0, n, 2)):
                    found.add(_key(d, "strong", rot, None))
                if all(c[k] for k in range(1, n, 2)):
                    found.add(_key(d, "weak", rot, None))

        def grow(path, on_path, loose_pairs, last_loose):
            # loose link: one that is not a conjugate pair.  Two loose links
            # in a row can only happen once in a loop (at a weak break).
            x = path[-1]
            for y in nbrs[x]:
                loose = not strong(x, y)
                pairs_now = loose_pairs + (loose and last_loose)
                if pairs_now > 1:
                    continue
                if y == path[0]:
                    first_loose = not strong(path[0], path[1])
                    if len(path) >= 3 and pairs_now + (loose and first_loose) <= 1:
                        classify(list(path))
                    continue
                if y < path[0] or y in on_path or len(path) >= max_links:
                    continue
                path.append(y)
                on_path.add(y)
                grow(path, on_path, pairs_now, loose)
                path.pop()
                on_path.discard(y)

        for s in cells:
            grow([s], {s}, 0, False)
    return found


def _stuck_positions(count, seed):
    rng = random.Random(seed)
    return [apply_until_stuck(parse_position(t), SIMPLE) for t in rng.sample(all_qqwing(), count)]


def test_finder_matches_a_plain_enumeration_of_loops_up_to_the_bound():
    positions = [parse_position(r["position"]) for r in CASES]
    positions += _stuck_positions(80, seed=2)
    total = 0
    for pos in positions:
        steps = find_x_cycles(pos, MAX_LINKS)
        keys = check_all(pos, steps)
        assert keys == reference_loops(pos, MAX_LINKS)
        total += len(keys)
    assert total > 20


def test_bound_is_at_least_twelve_links_and_is_honoured():
    assert MAX_LINKS >= 12
    pos = parse_position(next(r for r in CASES if "rule1" in r["technique"])["position"])
    assert all(s.to_json()["length"] <= 6 for s in find_x_cycles(pos, 6))
    assert {s.to_json()["length"] for s in find_x_cycles(pos, MAX_LINKS)} > {5, 6}


def test_broken_positions_do_not_crash_and_only_touch_candidates():
    rng = random.Random(9)
    for _ in range(25):
        cands = [sum(1 << k for k in range(9) if rng.random() < 0.25) or 1 for _ in range(81)]
        pos = Position([0] * 81, cands, [False] * 81)
        for step in find_all(pos, ["x-cycle"]):
            assert all(pos.has(i, d) for i, d in step.eliminations + step.placements)


@pytest.fixture(scope="module")
def qqwing_positions():
    puzzles = random.Random(13).sample(all_qqwing(), 300)
    out = [(t, apply_until_stuck(parse_position(t), SIMPLE)) for t in puzzles]
    out += sampled_positions(puzzles, SIMPLE + ["simple-colours", "x-cycle"], per_puzzle=3, seed=6)
    return out


@pytest.mark.slow
def test_soundness_and_structure_over_qqwing(qqwing_positions):
    solutions = {}
    rules = set()
    for text, pos in qqwing_positions:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        steps = find_all(pos, ["x-cycle", "simple-colours"])
        assert_sound(pos, steps, solutions[text])
        check_all(pos, [s for s in steps if s.technique == "x-cycle"])
        rules |= {s.to_json()["rule"] for s in steps if s.technique == "x-cycle"}
    assert rules == {"continuous", "strong", "weak"}, "the sample should exercise every rule"
