"""Wings: XY-Wing, XYZ-Wing, WXYZ-Wing and W-Wing.

Hand-checked positions with their complete list of steps, the MIT technique
cases, every finder against a plain search written from the definitions,
the pattern checks' failing conditions, and the rooms' registry fields."""
from __future__ import annotations

from itertools import combinations

import pytest

from puzzle_helpers import (
    assert_sound, effects_of, expected_set, qqwing, sampled_positions, technique_cases,
)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSES, cell_name, parse_cell, sees
from tutor.engine.registry import REGISTRY, PatternQuery, check_pattern, get
from tutor.engine.solve import apply_until_stuck

# Techniques applied before looking for wings in the hand-checked positions
# (a fixed list, so these positions stay put when the ladder grows).
BASE = ["singles", "locked-candidates", "locked-set", "fish", "single-digit"]
WINGS = ("w-wing", "xy-wing", "xyz-wing", "wxyz-wing")
EXPERT = qqwing("expert")


def expert(line: int, after=BASE):
    """Line `line` (1-based) of qqwing-expert.txt with the `after` techniques applied."""
    return apply_until_stuck(parse_position(EXPERT[line - 1]), after)


def texts(pos, tid):
    return [s.text for s in find_all(pos, [tid])]


def cells(names: str):
    return tuple(parse_cell(n) for n in names.split())


def check(pos, tid, names, digits=(), claim=()):
    return check_pattern(pos, PatternQuery(tid, cells=cells(names), digits=tuple(digits),
                                           claim=tuple(claim)))


# ------------------------------------------------------------------ XY-Wing

def test_xy_wing_in_expert_3():
    pos = expert(3)
    # Bivalue cells: r1c23 57, r2c79 45, r4c8 49, r4c9 24, r5c79 35, r7c3 78,
    # r7c7 27, r7c9 28, r8c2 57, r8c6 58, r8c7 47, r8c8 46, r9c6 58, r9c7 39,
    # r9c8 69, r9c9 38.  The pivot r8c2 (5,7) sees r8c6 (5,8) in row 8 and
    # r7c3 (7,8) in box 7, which do not see each other: one of them is 8.
    # r8c3 sees both and loses 8.  Two more wings have nothing to remove:
    # r8c7 (4,7) with r2c7 (4,5) and r8c2 (5,7), and r9c9 (3,8) with r5c9
    # (3,5) and r9c6 (5,8): no cell holding 5 sees both pincers.  r7c3
    # (7,8) with r7c7 (2,7) and r7c9 (2,8) is three cells of row 7 (a
    # triple); r8c8 (4,6) with r8c7 (4,7) and r9c8 (6,9) has no common z.
    assert texts(pos, "xy-wing") == ["XY-Wing: 5/7/8 in r8c2 (pivot), r8c6, r7c3 => r8c3<>8"]
    step, = find_all(pos, ["xy-wing"])
    assert step.cells == cells("r8c2 r8c6 r7c3")
    assert step.digits == (5, 7, 8)
    assert step.roles.json(step) == {"z": 8, "z_cells": ["r8c6", "r7c3"], "pivot": "r8c2",
                          "pincers": ["r8c6", "r7c3"]}
    assert step.to_json()["pivot"] == "r8c2"
    assert step.name == "XY-Wing: 5/7/8 in r8c2, r8c6, r7c3"
    from tutor.engine.techniques.wings.pivot_wings import three_cell_wings
    assert [(p, set(ab), z) for p, ab, z in three_cell_wings(pos)] == [
        (parse_cell("r8c2"), set(cells("r8c6 r7c3")), 8),
        (parse_cell("r8c7"), set(cells("r2c7 r8c2")), 5),
        (parse_cell("r9c9"), set(cells("r5c9 r9c6")), 5)]
    # applied, it leaves no XY-Wing behind
    pos.apply(step)
    assert texts(pos, "xy-wing") == []


def test_two_xy_wings_on_the_same_digits():
    pos = expert(9)
    # r1c8 (2,7), r3c7 (2,5), r1c5 (5,7), r3c5 (5,7): each of the first two
    # is the pivot of a wing whose pincers are the other one and a cell of
    # the pair 5,7; the two wings remove different digits.
    assert texts(pos, "xy-wing") == [
        "XY-Wing: 2/7/5 in r1c8 (pivot), r3c7, r1c5 => r1c9,r3c5<>5",
        "XY-Wing: 2/5/7 in r3c7 (pivot), r1c8, r3c5 => r1c5,r3c9<>7",
    ]


def test_three_bivalue_cells_of_one_house_are_a_naked_triple_not_a_wing():
    pos = apply_until_stuck(parse_position(EXPERT[0]), ["singles"])
    # r7c1 (1,4), r7c2 (1,8), r7c6 (4,8) all lie in row 7
    assert not any(set(s.cells) == set(cells("r7c1 r7c2 r7c6")) for s in find_all(pos, ["xy-wing"]))
    r = check(pos, "xy-wing", "r7c1 r7c2 r7c6")
    assert not r.ok
    assert r.reason == ("r7c126 lie in one house (r7): three cells with three digits there are "
                        "a Naked Triple, not an XY-Wing")


# ------------------------------------------------------------------ XYZ-Wing

def test_xyz_wing_in_expert_7():
    pos = expert(7)
    # The pivot r1c3 (4,7,8) sees r1c1 (4,7) in row 1 and r9c3 (7,8) in
    # column 3; the pincers do not see each other.  7 is in one of the
    # three, so a cell seeing all three loses it: r2c3 and r3c3 (column 3
    # and box 1).
    assert texts(pos, "xyz-wing") == ["XYZ-Wing: 4/8/7 in r1c3 (pivot), r1c1, r9c3 => r23c3<>7"]
    step, = find_all(pos, ["xyz-wing"])
    assert step.to_json()["z_cells"] == ["r1c3", "r1c1", "r9c3"]


def test_xyz_wing_in_expert_11():
    pos = expert(11)
    # Pivot r1c9 (2,3,5), pincers r1c5 (2,3) in row 1 and r3c7 (3,5) in box
    # 3, apart from each other; of the cells seeing all three (row 1 in box
    # 3) only r1c8 still holds 3.
    assert texts(pos, "xyz-wing") == ["XYZ-Wing: 2/5/3 in r1c9 (pivot), r1c5, r3c7 => r1c8<>3"]


def test_no_xyz_wing_after_the_xyz_wing():
    pos = expert(7)
    pos.apply(find_all(pos, ["xyz-wing"])[0])
    assert texts(pos, "xyz-wing") == []


# ------------------------------------------------------------------ WXYZ-Wing

def test_wxyz_wings_in_expert_18():
    pos = expert(18)
    # Hinge r8c9 (2,3) sees r7c8 (1,2,5), r7c9 (1,2) in box 9 and r8c5
    # (3,5) in row 8: four cells, digits 1,2,3,5.  1 (r7c89), 2 (r7c89,
    # r8c9) and 3 (r8c59) are restricted; 5 sits in r7c8 and r8c5, which do
    # not see each other.  r7c4, r7c5, r7c6 see both (row 7, box 8).
    # The same hinge with r8c2, r8c3 (2,5,7) and r9c7 (3,5): 5 in three
    # cells, r9c1 sees them all.  z is in neither hinge.
    assert texts(pos, "wxyz-wing") == [
        "WXYZ-Wing: 1/2/3/5 in r8c9 (hinge), r7c8, r7c9, r8c5 => r7c456<>5",
        "WXYZ-Wing: 2/3/7/5 in r8c9 (hinge), r8c2, r8c3, r9c7 => r9c1<>5",
    ]
    assert [s.to_json()["z_in_hinge"] for s in find_all(pos, ["wxyz-wing"])] == [False, False]


def test_wxyz_wing_with_z_in_the_hinge():
    pos = expert(8)
    # Hinge r6c5 (5,6,7,8) sees r2c5 (6,7) in column 5, r6c4 (7,8) and
    # r6c9 (5,8) in row 6.  5, 6 and 8 are restricted; 7 is in the hinge,
    # r2c5 and r6c4, and r2c5 does not see r6c4.  r5c5 sees all three
    # (column 5, box 5) and loses 7.
    assert texts(pos, "wxyz-wing") == [
        "WXYZ-Wing: 5/6/8/7 in r6c5 (hinge), r2c5, r6c4, r6c9 => r5c5<>7"]
    step, = find_all(pos, ["wxyz-wing"])
    assert step.to_json()["hinge"] == "r6c5" and step.to_json()["z_in_hinge"] is True
    assert step.to_json()["z_cells"] == ["r6c5", "r2c5", "r6c4"]


def test_wxyz_wing_with_z_in_three_pincers():
    pos = expert(5)
    # Hinge r5c2 (4,8); r1c2 (1,8) in column 2, r4c1 and r4c3 (1,4,6) in
    # box 4.  1 is in the three pincers and r1c2 sees neither r4c1 nor
    # r4c3; r6c2 sees all three and loses 1.
    assert texts(pos, "wxyz-wing") == [
        "WXYZ-Wing: 4/6/8/1 in r5c2 (hinge), r1c2, r4c1, r4c3 => r6c2<>1"]
    step, = find_all(pos, ["wxyz-wing"])
    assert step.to_json()["z_in_hinge"] is False


def test_wxyz_wing_without_a_hinge():
    pos = expert(12)
    # r3c4 (6,9), r6c4 (1,6), r6c3 (1,7), r4c3 (7,9): each sees the next
    # (column 4, row 6, column 3) and no cell sees the other three.  6, 1
    # and 7 are restricted; 9 is in r3c4 and r4c3, which do not see each
    # other, and r4c4 sees both.  (An XY-Wing, pivot r6c4, removes the
    # same candidate with other cells.)
    assert texts(pos, "wxyz-wing") == ["WXYZ-Wing: 1/6/7/9 in r3c4, r4c3, r6c3, r6c4 => r4c4<>9"]
    step, = find_all(pos, ["wxyz-wing"])
    assert step.to_json()["hinge"] is None and step.to_json()["z_in_hinge"] is False
    assert "XY-Wing: 1/6/9 in r6c4 (pivot), r5c5, r3c4 => r4c4<>9" in texts(pos, "xy-wing")


# ------------------------------------------------------------------ W-Wing

def test_w_wing_in_expert_16():
    pos = expert(16)
    # r5c5 and r8c6 hold 4,5 and do not see each other.  Row 1 has 4 only
    # in r1c5 (seeing r5c5, column 5) and r1c6 (seeing r8c6, column 6): if
    # both wing cells were 4, row 1 would have no 4.  So one of them is 5,
    # and r4c6, r8c5, r9c5 (each seeing both) lose 5.
    assert texts(pos, "w-wing") == [
        "W-Wing: 4/5 in r5c5, r8c6 connected by 4 in r1c5=r1c6 (r1) => r4c6,r89c5<>5"]
    step, = find_all(pos, ["w-wing"])
    assert step.cells == cells("r5c5 r8c6 r1c5 r1c6") and step.digits == (4, 5)
    assert step.to_json()["links"] == [["r1c5", "r1c6", "r1"]]
    assert {k: step.to_json()[k] for k in ("wings", "link", "link_house", "link_digit", "z")} == {
        "wings": ["r5c5", "r8c6"], "link": ["r1c5", "r1c6"], "link_house": "r1",
        "link_digit": 4, "z": 5}
    pos.apply(step)
    assert texts(pos, "w-wing") == []


def test_w_wings_in_expert_21_one_step_per_cells_and_link_digit():
    pos = expert(21)
    # 7,8 cells: r2c2, r5c4, r6c1, r6c2, r7c3, r7c7, r8c4.  Row 9 has 8 only
    # in r9c1 and r9c6 (r9c6 sees r8c4 in box 8): with r6c1 (column 1) and
    # with r7c3 (box 7) it bridges to r8c4, and r8c1 loses 7 both times.
    # For r7c3 and r8c4 column 7 gives a second link on 8, r7c7=r8c7: one
    # step, both links listed.  Row 5 has 7 only in r5c4 and r5c7, bridging
    # r7c7 (column 7) and r8c4 (column 4): r8c7 loses 8.
    assert texts(pos, "w-wing") == [
        "W-Wing: 8/7 in r6c1, r8c4 connected by 8 in r9c1=r9c6 (r9) => r8c1<>7",
        "W-Wing: 8/7 in r7c3, r8c4 connected by 8 in r9c1=r9c6 (r9) => r8c1<>7",
        "W-Wing: 7/8 in r7c7, r8c4 connected by 7 in r5c7=r5c4 (r5) => r8c7<>8",
    ]
    assert find_all(pos, ["w-wing"])[1].to_json()["links"] == [
        ["r9c1", "r9c6", "r9"], ["r7c7", "r8c7", "c7"]]


def test_w_wings_on_both_digits_of_a_pair_are_two_steps():
    pos = expert(9)
    # 5,7 cells r1c5, r3c5 (a pair in box 2) and r8c9.  Row 3 has 7 only in
    # r3c5 and r3c9: it bridges r1c5 (box 2) and r8c9 (column 9), and r1c9
    # loses 5.  Row 1 has 5 only in r1c5 and r1c9: it bridges r3c5 and r8c9,
    # and r3c9 loses 7.
    assert texts(pos, "w-wing") == [
        "W-Wing: 7/5 in r1c5, r8c9 connected by 7 in r3c5=r3c9 (r3) => r1c9<>5",
        "W-Wing: 5/7 in r3c5, r8c9 connected by 5 in r1c5=r1c9 (r1) => r3c9<>7",
    ]


# ------------------------------------------------------------------ MIT cases

CASE_IDS = {"YWing": "xy-wing", "XYZWing": "xyz-wing", "WXYZWing": "wxyz-wing"}
CASES = [r for r in technique_cases() if r["technique"] in CASE_IDS]


def test_the_mit_wing_cases_are_there():
    assert {r["technique"] for r in CASES} == set(CASE_IDS) and len(CASES) == 16


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("/", 1)[-1])
def test_mit_case_effects_match(row):
    # The source's WXYZ-Wing is the general four-cell one (one digit not
    # restricted); our finder agrees on all eight boards.
    pos = parse_position(row["position"])
    steps = find_all(pos, [CASE_IDS[row["technique"]]])
    assert effects_of(steps) == expected_set(row)
    assert_sound(pos, steps, pos.solution())


# ------------------------------------------------------------------ plain searches

def _holders(pos, d):
    return [i for i in range(81) if pos.has(i, d)]


def _seeing_all(pos, d, group):
    return frozenset(i for i in _holders(pos, d)
                     if i not in group and all(sees(i, c) for c in group))


def plain_xy_wings(pos):
    """{(pivot, pincers, z, eliminations)} straight from the definition."""
    out = set()
    bivalue = [i for i in range(81) if len(pos.candidates(i)) == 2]
    for p in bivalue:
        x, y = pos.candidates(p)
        for a in bivalue:
            for b in bivalue:
                if not (sees(a, p) and sees(b, p)) or sees(a, b) or a == b:
                    continue
                za = set(pos.candidates(a)) - {x}
                zb = set(pos.candidates(b)) - {y}
                if x in pos.candidates(a) and y in pos.candidates(b) and len(za) == 1 and za == zb \
                        and not za & {x, y}:
                    z, = za
                    elims = _seeing_all(pos, z, (a, b))
                    if elims:
                        out.add((p, frozenset((a, b)), z, elims))
    return out


def plain_xyz_wings(pos):
    out = set()
    bivalue = [i for i in range(81) if len(pos.candidates(i)) == 2]
    for p in range(81):
        pivot = set(pos.candidates(p))
        if len(pivot) != 3:
            continue
        for a, b in combinations(bivalue, 2):
            ca, cb = set(pos.candidates(a)), set(pos.candidates(b))
            if ca < pivot and cb < pivot and ca != cb and sees(a, p) and sees(b, p) \
                    and not sees(a, b):
                z, = ca & cb
                elims = _seeing_all(pos, z, (p, a, b))
                if elims:
                    out.add((p, frozenset((a, b)), z, elims))
    return out


def plain_wxyz_wings(pos):
    """Every four cells of 2+ candidates holding four digits, one digit not
    restricted, no 2 or 3 of them holding z within as many digits."""
    out = set()
    pool = [i for i in range(81) if 2 <= len(pos.candidates(i)) <= 4]
    for group in combinations(pool, 4):
        digits = set().union(*(pos.candidates(c) for c in group))
        if len(digits) != 4:
            continue
        loose = [d for d in digits
                 if not all(sees(a, b) for a, b in combinations(
                     [c for c in group if d in pos.candidates(c)], 2))]
        if len(loose) != 1:
            continue
        z, = loose
        if any(z in set().union(*(pos.candidates(c) for c in sub))
               and len(set().union(*(pos.candidates(c) for c in sub))) == k
               for k in (2, 3) for sub in combinations(group, k)):
            continue
        elims = _seeing_all(pos, z, [c for c in group if z in pos.candidates(c)])
        if elims:
            out.add((frozenset(group), z, elims))
    return out


def plain_w_wings(pos):
    """{(wing cells, link digit, eliminations)}: every strong link counts."""
    out = set()
    bivalue = [i for i in range(81) if len(pos.candidates(i)) == 2]
    for a, b in combinations(bivalue, 2):
        if pos.candidates(a) != pos.candidates(b) or sees(a, b):
            continue
        for x in pos.candidates(a):
            y, = set(pos.candidates(a)) - {x}
            linked = False
            for h in HOUSES:
                places = [i for i in h if pos.has(i, x)]
                if len(places) == 2 and not {a, b} & set(places):
                    u, v = places
                    linked |= (sees(u, a) and sees(v, b)) or (sees(v, a) and sees(u, b))
            elims = _seeing_all(pos, y, (a, b))
            if linked and elims:
                out.add((frozenset((a, b)), x, elims))
    return out


def found_xy(pos, tid):
    return {(s.cells[0], frozenset(s.cells[1:]), s.to_json()["z"],
             frozenset(i for i, _ in s.eliminations)) for s in find_all(pos, [tid])}


def samples():
    """Three positions along each of 40 expert solves (made when a test
    asks, not at collection; solved once, puzzle_helpers.solve_path)."""
    return sampled_positions(EXPERT[:40], per_puzzle=3, seed=12)


def test_three_cell_wings_match_the_definition():
    counts = [0, 0]
    for _, pos in samples():
        xy, xyz = plain_xy_wings(pos), plain_xyz_wings(pos)
        assert found_xy(pos, "xy-wing") == xy
        assert found_xy(pos, "xyz-wing") == xyz
        counts[0] += len(xy)
        counts[1] += len(xyz)
    assert min(counts) >= 5, counts


@pytest.mark.slow
def test_wxyz_wings_match_the_definition():
    total = 0
    for _, pos in samples()[::6]:
        want = plain_wxyz_wings(pos)
        got = {(frozenset(s.cells), s.to_json()["z"], frozenset(i for i, _ in s.eliminations))
               for s in find_all(pos, ["wxyz-wing"])}
        assert got == want
        total += len(want)
    assert total >= 3


def test_w_wings_match_the_definition():
    total = 0
    for _, pos in samples():
        want = plain_w_wings(pos)
        steps = find_all(pos, ["w-wing"])
        got = {(frozenset(s.cells[:2]), s.to_json()["link_digit"],
                frozenset(i for i, _ in s.eliminations)) for s in steps}
        assert got == want and len(steps) == len(got)
        total += len(want)
    assert total >= 10


def test_steps_are_unique_sorted_and_checked_by_their_room():
    for _, pos in samples():
        for tid in WINGS:
            steps = find_all(pos, [tid])
            # one step per set of cells (W-Wing: per wing cells and link digit)
            keys = [(s.cells[:2], s.to_json()["link_digit"]) if tid == "w-wing" else frozenset(s.cells)
                    for s in steps]
            assert len(set(keys)) == len(steps)
            assert [s.cells for s in steps] == sorted(s.cells for s in steps) or tid == "w-wing"
            for s in steps:
                assert s.eliminations and all(pos.has(i, d) for i, d in s.eliminations)
                names = " ".join(cell_name(c) for c in s.cells[:2 if tid == "w-wing" else 4])
                r = check(pos, tid, names, claim=[(i, d, False) for i, d in s.eliminations])
                assert r.ok, (s.text, r.reason)
                assert set(s.eliminations) <= r.removes


# ------------------------------------------------------------------ pattern checks

# (qqwing-expert line, technique, cells as named, failing condition)
FAILING = [
    (3, "xy-wing", "r8c2 r8c6", "an XY-Wing has three cells (a pivot and two pincers), not 2 cells"),
    (3, "xy-wing", "r8c2 r8c3 r8c6", "r8c3 holds 5,6,7,8: an XY-Wing pincer needs two candidates"),
    (3, "xy-wing", "r8c8 r8c2 r9c8", "r8c2 shares no digit with the pivot r8c8"),
    (3, "xy-wing", "r8c8 r8c2 r9c9", "r8c2 and r9c9 share no digit with the pivot r8c8"),
    (3, "xy-wing", "r8c2 r1c2 r7c3",
     "r1c2 holds the pivot's own pair 5,7: a pincer holds one pivot digit and z"),
    (3, "xy-wing", "r8c2 r8c6 r8c7", "the pincers r8c6 and r8c7 share no digit z"),
    (3, "xy-wing", "r1c2 r8c6 r7c3", "r7c3 does not see the pivot r1c2"),
    (3, "xy-wing", "r7c3 r7c7 r7c9", "r7c379 lie in one house (r7): three cells with three "
                                     "digits there are a Naked Triple, not an XY-Wing"),
    (3, "xy-wing", "r8c2 r8c6 r8c4", "r8c4 is already solved (9), so it cannot be part of "
                                     "the pattern"),
    (7, "xy-wing", "r1c3 r1c1 r9c3", "r1c3 holds 4,7,8: an XY-Wing pivot needs two candidates "
                                     "(with three it would be an XYZ-Wing)"),
    (7, "xyz-wing", "r1c1 r9c3", "an XYZ-Wing has three cells (a pivot and two pincers), not 2 "
                                 "cells"),
    (7, "xyz-wing", "r1c3 r1c1 r5c1", "r5c1 holds 1,4,7,8: an XYZ-Wing cell holds two or three "
                                      "candidates"),
    (7, "xyz-wing", "r5c5 r1c1 r9c3", "no cell of r1c1 r5c5 r9c3 holds three candidates: an "
                                      "XYZ-Wing pivot holds x, y and z (three bivalue cells make "
                                      "an XY-Wing)"),
    (7, "xyz-wing", "r1c1 r2c3 r9c3", "r1c1 holds 4, which the pivot r2c3 does not: a pincer "
                                      "takes both digits from the pivot"),
    (7, "xyz-wing", "r1c3 r1c5 r9c3", "the pincers r1c5 and r9c3 hold the same pair 7,8: they "
                                      "must differ"),
    (7, "xyz-wing", "r1c3 r1c1 r4c1", "r4c1 does not see the pivot r1c3"),
    (18, "wxyz-wing", "r8c9 r7c8 r7c9", "a WXYZ-Wing has four cells, not 3 cells"),
    (18, "wxyz-wing", "r8c9 r7c8 r7c9 r9c7", "r7c89 r8c9 r9c7 lie in one house (b9): four cells "
                                             "with four digits there are a Naked Quad, not a "
                                             "WXYZ-Wing"),
    (18, "wxyz-wing", "r8c9 r7c8 r7c9 r8c6", "r8c6 is already solved (9), so it cannot be part of "
                                             "the pattern"),
    (18, "wxyz-wing", "r8c9 r7c8 r7c9 r8c2", "r7c89 r8c29 hold 1,2,3,5,7 together: a WXYZ-Wing's "
                                             "four cells hold exactly four digits"),
    (12, "wxyz-wing", "r3c4 r6c4 r5c5 r4c3", "r36c4 r5c5 already form an XY-Wing placing 9 among "
                                             "them: r4c3 is not needed"),
    (8, "wxyz-wing", "r8c5 r8c6 r9c1 r9c9", "every digit of r8c56 r9c19 is restricted (its cells "
                                            "see each other): there is no z to remove"),
    (16, "w-wing", "r5c5", "a W-Wing names its two bivalue cells (and, if you like, the two cells "
                           "of its strong link), not one cell"),
    (16, "w-wing", "r5c5 r8c5", "r8c5 holds 3,4,5,8: a W-Wing cell needs two candidates"),
    (16, "w-wing", "r5c5 r1c5", "r1c5 holds 4,8 and r5c5 holds 4,5: the two W-Wing cells must "
                                "hold the same pair"),
    (16, "w-wing", "r3c1 r3c3", "r3c1 and r3c3 see each other: two cells with one pair there are "
                                "a Naked Pair, not a W-Wing"),
    (16, "w-wing", "r5c5 r8c6 r1c5 r1c9", "r1c9 is already solved (1), so it cannot be part of the "
                                           "pattern"),
    (21, "w-wing", "r6c1 r7c7", "no strong link on 7 joins r6c1 and r7c7"),
    (21, "w-wing", "r6c1 r8c4 r7c7 r8c7", "r8c4 and r8c7 are not the only places for 7 in any "
                                          "house, so they are no strong link"),
]


@pytest.mark.parametrize("line,tid,names,reason", FAILING, ids=[f"{t}-{n}" for _, t, n, _ in FAILING])
def test_failing_conditions(line, tid, names, reason):
    r = check(expert(line), tid, names)
    assert not r.ok
    assert r.reason == reason


def test_failing_conditions_with_more_digits_in_the_pattern():
    pos = expert(18)
    r = check(pos, "wxyz-wing", "r7c8 r8c5 r8c2 r9c7")
    assert not r.ok and r.reason.startswith("r7c8 r8c25 r9c7 hold 1,2,3,5,7 together")
    # two loose digits: the pattern names both, with the cells that are apart
    pos = expert(12)
    r = check(pos, "wxyz-wing", "r3c4 r4c3 r6c3 r8c2")
    assert not r.ok and "digits are not restricted" in r.reason, r.reason


def test_a_holding_pattern_says_what_it_removes_and_why_not():
    pos = expert(3)
    r = check(pos, "xy-wing", "r7c3 r8c6 r8c2")          # any order
    assert r.ok and r.removes == {(parse_cell("r8c3"), 8)} and r.digits == (5, 7, 8)
    assert r.why_not(parse_cell("r9c3"), 8, False) == "r9c3 does not see r8c6, which holds 8"
    assert r.why_not(parse_cell("r8c3"), 5, False) == "this XY-Wing removes 8, not 5"
    assert r.why_not(parse_cell("r9c2"), 8, False) == "r9c2 has no candidate 8"
    assert r.why_not(parse_cell("r8c6"), 8, False) == "r8c6 is a cell of the XY-Wing itself"
    assert r.why_not(parse_cell("r9c3"), 8, True) == \
        "an XY-Wing only removes candidates; it does not place r9c3=8"
    wrong = check(pos, "xy-wing", "r8c2 r8c6 r7c3", digits=(4,))
    assert not wrong.ok and wrong.reason == "r7c3 r8c26 is an XY-Wing on 5,7,8, not on 4"
    # XYZ: the target must see the pivot too
    r = check(expert(7), "xyz-wing", "r1c3 r1c1 r9c3")
    assert r.ok and r.removes == {(parse_cell("r2c3"), 7), (parse_cell("r3c3"), 7)}
    # W-Wing with or without its link, and the claim picks the link digit
    pos = expert(16)
    both = {(parse_cell(n), 5) for n in ("r4c6", "r8c5", "r9c5")}
    assert check(pos, "w-wing", "r5c5 r8c6").removes == both
    assert check(pos, "w-wing", "r1c5 r1c6 r8c6 r5c5").removes == both
    r = check(pos, "w-wing", "r5c5 r8c6", claim=[(parse_cell("r9c5"), 4, False)])
    assert r.ok and r.why_not(parse_cell("r9c5"), 4, False) == "this W-Wing removes 5, not 4"
    assert r.why_not(parse_cell("r9c6"), 5, False) == "r9c6 has no candidate 5"
    r = check(pos, "w-wing", "r5c5 r8c6", digits=(7,))
    assert not r.ok and r.reason == "r5c5 and r8c6 hold 4,5, not 7"


def test_a_pattern_that_holds_may_remove_nothing():
    # r2c2 and r7c7 (7,8) are bridged by the 8s of column 3 (r2c3 sees
    # r2c2, r7c3 sees r7c7), but the cells seeing both, r2c7 (1,3) and r7c2
    # (solved), hold no 7
    r = check(expert(21), "w-wing", "r2c2 r7c7")
    assert r.ok and r.removes == set()


# ------------------------------------------------------------------ the rooms

def test_rooms_are_registered_with_every_field():
    for tid, rank, label in (("w-wing", 150, "W-Wing"), ("xy-wing", 160, "XY-Wing"),
                             ("xyz-wing", 170, "XYZ-Wing"), ("wxyz-wing", 248, "WXYZ-Wing")):
        t = get(tid)
        assert (t.family, t.rank, t.name, t.label) == ("wings", rank, label, label)
        assert t.check is not None and not t.uniqueness and not t.batched
        for alias in t.aliases:
            assert alias == alias.lower() and "-" not in alias
    assert get("xy-wing").aliases == ("xy wing", "xywing", "y wing", "ywing")
    assert {o for o, _, _ in get("xy-wing").confusions} == {"xyz-wing", "w-wing", "death-blossom"}
    tip = dict((o, t) for o, _, t in get("xy-wing").confusions)["death-blossom"]
    assert "simpler name" in tip
    assert {t.id for t in REGISTRY.values() if t.family == "wings"} == set(WINGS)


def test_entry_keys():
    pos = expert(3)
    step, = find_all(pos, ["xy-wing"])
    keys = get("xy-wing").entry_keys(step)
    assert keys.cells == frozenset(cells("r8c2 r8c6 r7c3"))
    assert keys.digits == {8} and keys.more_digits == {5, 7}
    step = find_all(expert(21), ["w-wing"])[1]
    keys = get("w-wing").entry_keys(step)
    assert keys.cells == frozenset(cells("r7c3 r8c4"))
    assert set(keys.alternatives) == {frozenset(cells("r7c3 r8c4 r9c1 r9c6")),
                                      frozenset(cells("r7c3 r8c4 r7c7 r8c7"))}
    assert keys.digits == {7} and keys.more_digits == {8}


def test_an_xy_wing_is_also_the_smallest_death_blossom():
    # the lesson's point: same cells, same removal, and the wing is the simpler name
    pos = expert(3)
    blossoms = [s for s in find_all(pos, ["death-blossom"]) if s.to_json()["stem"] == "r8c2"
                and [p["cells"] for p in s.to_json()["petals"]] == [["r8c6"], ["r7c3"]]]
    assert [s.elimination_texts() for s in blossoms] == [["r8c3<>8"]]
    assert get("xy-wing").rank < get("death-blossom").rank


def test_a_redrawn_grid_gives_the_redrawn_wings():
    # XY-, XYZ- and WXYZ-Wings are whole patterns; a W-Wing shows one of its
    # links, so for it the effects are compared
    import random
    from collections import Counter
    from tutor.teaching.symmetry import Symmetry, step_key
    for k, line in enumerate((3, 7, 8, 18, 21)):
        pos = expert(line)
        sym = Symmetry.random(random.Random(f"wings:{k}"))
        image = sym.position(pos)
        for tid in WINGS:
            before, after = find_all(pos, [tid]), find_all(image, [tid])
            assert Counter(sym.pairs(s.eliminations) for s in before) == \
                Counter(s.eliminations for s in after)
            if tid != "w-wing":
                assert Counter(map(sym.step_key, before)) == Counter(map(step_key, after))


@pytest.mark.slow
def test_sound_along_the_solve_paths_of_all_qqwing_puzzles():
    from puzzle_helpers import all_qqwing
    found = 0
    for text, pos in sampled_positions(all_qqwing(), per_puzzle=3, seed=21):
        steps = find_all(pos, list(WINGS))
        assert_sound(pos, steps, parse_position(text).solution())
        found += len(steps)
    assert found > 1000
