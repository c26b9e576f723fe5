"""Multi-Colours (types 1 and 2): hand-checked positions, an independent
search from the definition, the pattern check, the room fields, soundness."""
from __future__ import annotations

from itertools import combinations

import pytest

from puzzle_helpers import (
    all_qqwing, assert_sound, conjugate_pairs, sampled_positions, technique_cases,
)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import parse_cells, sees
from tutor.engine.registry import PatternQuery, check_pattern, get
from tutor.engine.solve import apply_until_stuck

AFTER = ["singles", "locked-candidates", "locked-set", "fish", "single-digit", "uniqueness",
         "simple-colours"]
TYPE1 = "87..9............7493.....6.6.2...9....9.....2..7.8..5..84.5.6.......3.46.4.27.8."
TYPE2 = "4.........1..49.....215.....4.51...2.6.3.894.2..9...359......5..34....9.18....2.."


def stuck(puzzle):
    return apply_until_stuck(parse_position(puzzle), AFTER)


def test_type_1():
    """On 3: cluster a = r1c9,r6c8 / r5c9,r6c5 (pairs r6, b6, c9), cluster b =
    r7c2,r9c4 / r7c5,r9c2 (r7, c2, r9, b8).  r6c5 (a2) sees r7c5 (b2) in c5,
    so a1 or b1 holds the 3: r1c4 sees r1c9 (a1) and r9c4 (b1).  The third
    cluster r4c1/r5c1 meets only a2 and traps nothing."""
    pos = stuck(TYPE1)
    steps = find_all(pos, ["multi-colours"])
    assert [s.text for s in steps] == [
        "Multi-Colours 1: 3 (r1c9,r6c8) / (r5c9,r6c5), (r7c2,r9c4) / (r7c5,r9c2) => r1c4<>3"]
    assert steps[0].roles.json(steps[0]) == {
        "digit": 3, "type": 1, "meets": [["a2", "b2"]],
        "clusters": [[["r1c9", "r6c8"], ["r5c9", "r6c5"]], [["r7c2", "r9c4"], ["r7c5", "r9c2"]]]}
    assert steps[0].cells == tuple(parse_cells("r1c9 r5c9 r6c58 r7c25 r9c24"))


def test_type_2():
    """On 3: a = r1c3,r2c9 / r2c3, b = r1c5,r9c6 / r3c6,r7c5,r9c9.  r1c3 sees
    r1c5 (b1) and r2c9 sees r9c9 (b2): a1 sees both classes of b, so a1 is
    false."""
    pos = stuck(TYPE2)
    steps = find_all(pos, ["multi-colours"])
    assert [s.text for s in steps] == [
        "Multi-Colours 2: 3 (r1c3,r2c9) / (r2c3), (r1c5,r9c6) / (r3c6,r7c5,r9c9) => r1c3,r2c9<>3"]
    assert steps[0].to_json()["false_classes"] == ["a1"]
    assert steps[0].to_json()["meets"] == [["a1", "b1"], ["a1", "b2"]]


def test_a_position_with_none():
    pos = apply_until_stuck(parse_position(all_qqwing()[0]), ["singles"])
    assert find_all(pos, ["multi-colours"]) == []


# ------------------------------------------------------------------ the definition, independently

def reference(pos) -> set:
    """(digit, type, cells, eliminations) from conjugate pairs and the two
    rules, written apart from the finder."""
    out = set()
    for d in range(1, 10):
        pairs = conjugate_pairs(pos, d)
        colour: dict[int, tuple[int, int]] = {}
        comps = []
        for p in sorted(pairs, key=sorted):
            start = min(p)
            if start in colour:
                continue
            k = len(comps)
            colour[start] = (k, 0)
            todo, members = [start], [start]
            while todo:
                x = todo.pop()
                for q in pairs:
                    if x in q:
                        (y,) = q - {x}
                        if y not in colour:
                            colour[y] = (k, 1 - colour[x][1])
                            todo.append(y)
                            members.append(y)
            classes = [{i for i in members if colour[i][1] == c} for c in (0, 1)]
            if any(sees(x, y) for c in classes for x in c for y in c):
                continue        # wraps: Simple Colours' business
            comps.append(classes)
        for a, b in combinations(comps, 2):
            cls = [a[0], a[1], b[0], b[1]]
            meet = lambda i, j: any(sees(x, y) for x in cls[i] for y in cls[j])   # noqa: E731
            inside = set().union(*cls)
            cells = tuple(sorted(inside))
            t1 = set()
            for i, j in [(i, j) for i in (0, 1) for j in (2, 3) if meet(i, j)]:
                t1 |= {(c, d) for c in range(81) if pos.has(c, d) and c not in inside
                       and any(sees(c, x) for x in cls[1 - i])
                       and any(sees(c, y) for y in cls[5 - j])}
            if t1:
                out.add((d, 1, cells, frozenset(t1)))
            false = [k for k in range(4) if all(meet(k, m) if k < 2 else meet(m, k)
                                               for m in ((2, 3) if k < 2 else (0, 1)))]
            if false and {0, 1} - set(false) and {2, 3} - set(false):
                out.add((d, 2, cells, frozenset((c, d) for k in false for c in cls[k])))
    return out


@pytest.mark.slow
def test_the_finder_matches_the_definition():
    kinds = {1: 0, 2: 0}
    for _, pos in sampled_positions(all_qqwing()[::3], per_puzzle=3, seed=4) + \
            [(None, stuck(TYPE1)), (None, stuck(TYPE2))]:
        found = {(s.to_json()["digit"], s.to_json()["type"], s.cells, frozenset(s.eliminations))
                 for s in find_all(pos, ["multi-colours"])}
        assert found == reference(pos)
        for _, t, *_ in found:
            kinds[t] += 1
    assert kinds[1] and kinds[2]


def test_medusa_cases_stay_within_multi_colours():
    """3D Medusa colours across digits; Multi-Colours stays on one digit.  On
    the Medusa case positions every multi-colours step is one digit's and
    sound, and it never claims a Medusa elimination its own rules do not
    give (checked against the reference)."""
    rows = technique_cases("Medusa")
    assert rows
    for row in rows:
        pos = parse_position(row["position"])
        steps = find_all(pos, ["multi-colours"])
        assert_sound(pos, steps, pos.solution())
        assert all(len(s.digits) == 1 for s in steps)
        assert {(s.to_json()["digit"], s.to_json()["type"], s.cells, frozenset(s.eliminations))
                for s in steps} == reference(pos)


@pytest.mark.slow
def test_sound_on_sampled_positions():
    for text, pos in sampled_positions(all_qqwing()[1::6], per_puzzle=4, seed=9):
        assert_sound(pos, find_all(pos, ["multi-colours"]), parse_position(text).solution())


# ------------------------------------------------------------------ pattern check

def _check(pos, cells, digits=(3,)):
    return check_pattern(pos, PatternQuery("multi-colours", tuple(parse_cells(cells)), digits))


def test_check_holds():
    pos = stuck(TYPE1)
    report = _check(pos, "r1c9 r5c9 r6c58 r7c25 r9c24")
    assert report.ok and report.removes == {(parse_cells("r1c4")[0], 3)}
    assert report.why_not(parse_cells("r2c4")[0], 3, False) == \
        "Multi-Colours 1 on 3 gives r1c4<>3, not r2c4<>3"
    assert _check(pos, "r1c9 r5c9 r6c58 r7c25 r9c24", ()).ok     # the digit is inferred


@pytest.mark.parametrize("cells,digits,reason", [
    ("r1c9 r5c9 r6c58", (3,), "r15c9 r6c58 are one cluster of 3: that is Simple Colours; "
     "Multi-Colours needs two"),
    ("r1c9 r5c9 r6c58 r7c2", (3,), "the cluster of r7c2 also holds r7c5 r9c24: name every cell "
     "of both clusters"),
    ("r1c9 r5c9 r6c58 r7c25 r9c24 r4c1", (3,), "r15c9 r4c1 r6c58 r7c25 r9c24 touch 3 "
     "clusters of 3: Multi-Colours reads two"),
    ("r1c9 r5c9 r6c58 r1c4", (3,), "r1c4 is in no conjugate pair of 3, so it takes no colour"),
    ("r1c9 r3c3", (3,), "r3c3 is already solved (3), so it cannot be part of the pattern"),
    ("r1c9 r5c9 r6c58 r7c25 r9c24", (5,), "r1c9 has no candidate 5"),
    ("r1c9 r5c9 r6c58 r7c25 r9c24", (3, 5), "Multi-Colours works on one digit"),
    ("r7c25 r9c24 r45c1", (3,), "no cell of r45c1 sees a cell of r7c25 r9c24: the two clusters "
     "never meet"),
])
def test_check_fails(cells, digits, reason):
    report = _check(stuck(TYPE1), cells, digits)
    assert not report.ok and report.reason == reason


def test_room_fields():
    t = get("multi-colours")
    assert (t.rank, t.family) == (260, "colouring") and not t.uniqueness
    assert "multi colors" in t.aliases and "multicolours" in t.aliases
    assert t.confusions[0][0] == "simple-colours"
    step = find_all(stuck(TYPE2), ["multi-colours"])[0]
    assert t.label_of(step) == "Multi-Colours 2"
    assert t.entry_keys(step).cells == frozenset(step.cells) and t.entry_keys(step).digits == {3}
