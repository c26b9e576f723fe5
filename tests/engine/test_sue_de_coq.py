"""Sue de Coq: the MIT technique cases, complete lists on hand-checked
positions, a position with none, a plain search (als_reference.py), the
pattern check's failing conditions and the room's fields."""
from __future__ import annotations

import random

import pytest

from als_reference import sdc_effects
from puzzle_helpers import (
    assert_sound, effects_of, expected_set, load_lines, qqwing, sampled_positions,
    technique_cases, with_solutions,
)
from tutor.engine.registry import REGISTRY, find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import cell_name, parse_cell, parse_cells
from tutor.engine.judge import resolve_technique
from tutor.engine.registry import PatternQuery, check_pattern, families, ladder
from tutor.engine.solve import apply_until_stuck

BASIC = ["singles", "locked-candidates", "locked-set"]
BASIC_PUZZLE = ".6.82..194...5..32..51.........4.....3.9.....82.3...6.3..5.6....48..3..6.......2."
EXTENDED_PUZZLE = "900200006003080000006905320008000102050070030204000600069508700000040200800003005"
CASES = technique_cases("SueDeCoq")


def after_basic(puzzle):
    return apply_until_stuck(parse_position(puzzle), BASIC)


def texts(pos):
    return [(s.text, s.to_json().get("merged", 1), s.to_json()["extended"]) for s in find_all(pos, ["sue-de-coq"])]


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("#", 1)[-1])
def test_mit_cases(row):
    pos = parse_position(row["position"])
    steps = find_all(pos, ["sue-de-coq"])
    assert effects_of(steps) == expected_set(row)
    assert_sound(pos, steps, pos.solution())


def test_the_cases_are_there():
    assert len(CASES) == 3


def test_basic_position_complete_list():
    """Column 1 crosses box 7: r8c1 {159} and r9c1 {569} hold 1,5,6,9; r5c1
    {15} takes 1,5 in the column, r9c3 {69} takes 6,9 in the box.  So 1 and
    5 leave r4c1, 9 leaves r7c2 and r9c2.  No other crossing has two or
    three cells with two digits to spare and helpers that fit."""
    assert texts(after_basic(BASIC_PUZZLE)) == [
        ("Sue de Coq: r89c1 #1569, line r5c1 #15, box r9c3 #69 => r4c1<>15, r79c2<>9", 1, False)]


def test_extended_position_complete_list():
    """Row 9 crosses box 9: r9c7 {49} and r9c8 {1469}; r9c5 {69} takes 6,9
    in the row.  In the box either r7c8 {14} (basic) or r7c8 r7c9 {14,134}
    (an ALS bringing in 3) takes 1,4: two steps with different effects."""
    assert texts(after_basic(EXTENDED_PUZZLE)) == [
        ("Sue de Coq: r9c78 #1469, line r9c5 #69, box r7c8 #14 => r7c9<>14, r8c89<>1, r9c4<>6",
         1, False),
        ("Sue de Coq: r9c78 #1469, line r9c5 #69, box r7c89 #134 => r8c8<>1, r8c9<>13, r9c4<>6",
         2, True),
    ]


# Column 4 crosses box 2 in r123c4 {678}{79}{58}: five digits in three cells.
# r7c4 {59} takes 5,9 in the column; r1c5 {267} and r1c6 {278} take 2,6,7,8
# in the box: two cells with four digits, not an ALS, yet the six cells hold
# six digits and the two sets share none (HoDoKu's shape, issue 26).
WIDE_BOX_SET = ("{128}5{1678}{678}{267}{278}493{247}{267}{67}{679}{2479}3581{48}39{58}1{45}7629"
                "{27}{47}{3578}{34578}{4578}1{23}638{146}2{46}{14}975{127}{267}5{13679}{3679}{179}8"
                "{23}4{78}13{59}{259}{259}64{78}64{78}{137}{378}{178}2595924{78}631{78}")


def test_a_set_that_is_not_an_als():
    pos = parse_position(WIDE_BOX_SET)
    steps = find_all(pos, ["sue-de-coq"])
    assert "Sue de Coq: r123c4 #56789, line r7c4 #59, box r1c56 #2678 => r2c5<>27, r4c4<>5, " \
           "r6c4<>9" in [s.text for s in steps]
    assert_sound(pos, steps, pos.solution())
    r = check_pattern(pos, query("r123c4 r7c4 r1c56"))
    assert r.ok and {(parse_cell("r4c4"), 5), (parse_cell("r6c4"), 9)} <= r.removes
    r = check_pattern(pos, query("r123c4 r7c4 r1c5"))
    assert r.reason == "5 cells hold 6 digits: a Sue de Coq needs as many digits as cells"
    # with r1c56 down to {27} they would be a LockedSet of their own, not a part
    pos.eliminate(parse_cell("r1c5"), 6)
    pos.eliminate(parse_cell("r1c6"), 8)
    r = check_pattern(pos, query("r123c4 r7c4 r1c56"))
    assert not r.ok and r.reason == ("the box part r1c56 hold 2 digits: it needs more digits than cells "
                                     "(with as many it is a LockedSet of its own)")


def test_step_data():
    step = find_all(after_basic(BASIC_PUZZLE), ["sue-de-coq"])[0]
    data = step.to_json()
    assert data["intersection"] == {"cells": ["r8c1", "r9c1"], "digits": [1, 5, 6, 9]}
    assert data["line_set"] == {"cells": ["r5c1"], "digits": [1, 5]}
    assert data["box_set"] == {"cells": ["r9c3"], "digits": [6, 9]}
    assert data["line"] == "c1" and data["box"] == "b7" and data["houses"] == ["c1", "b7"]
    assert step.digits == (1, 5, 6, 9)


def test_a_position_with_none():
    pos = parse_position(PUZZLE_NONE)
    assert not pos.is_solved() and find_all(pos, ["sue-de-coq"]) == []


# plenty of open cells, every crossing checked: nothing fits
PUZZLE_NONE = ("{58}76{38}4921{35}9{58}1{38}{26}{26}{57}{357}4243{17}{17}5896{678}3{78}5914{678}21"
               "{569}2{67}843{57}{59}4{5689}{579}2{67}3{5679}{58}13{25689}{89}{16}{15}{26}{569}47"
               "{56}{25}49{235}71{356}8{57}1{579}4{356}8{569}2{359}")


def positions(n, seed):
    diabolical = [line.split()[1] for line in load_lines("sudoku-exchange/diabolical-40.txt")]
    puzzles = random.Random(seed).sample(diabolical, 10) + random.Random(seed).sample(qqwing("expert"), 10)
    return sampled_positions(puzzles, BASIC, per_puzzle=2, seed=seed)[:n]


def test_finder_matches_a_plain_search():
    checked = 0
    picks = positions(24, 6) + [(None, after_basic(EXTENDED_PUZZLE)), (None, after_basic(BASIC_PUZZLE))]
    for _, pos in picks:
        got = {frozenset(s.eliminations): s.to_json().get("merged", 1) for s in find_all(pos, ["sue-de-coq"])}
        assert got == sdc_effects(pos)
        checked += len(got)
    assert checked >= 3


def test_sound_along_solve_paths():
    for pos, solution in with_solutions(positions(40, 9)):
        assert_sound(pos, find_all(pos, ["sue-de-coq"]), solution)


# ------------------------------------------------------------ pattern check

def query(cells, claim=()):
    return PatternQuery("sue-de-coq", tuple(parse_cells(cells)), claim=tuple(claim), label="Sue de Coq")


def test_check_holds_with_what_it_removes():
    pos = after_basic(BASIC_PUZZLE)
    r = check_pattern(pos, query("r89c1 r5c1 r9c3"))
    assert r.ok and r.removes == {(parse_cell("r4c1"), 1), (parse_cell("r4c1"), 5),
                                  (parse_cell("r7c2"), 9), (parse_cell("r9c2"), 9)}
    assert r.why_not(parse_cell("r7c2"), 1, False) == "1 may sit in the line part r5c1, outside b7"
    assert r.why_not(parse_cell("r4c1"), 9, False) == "9 may sit in the box part r9c3, outside c1"
    assert r.why_not(parse_cell("r7c2"), 5, False) == "r7c2 has no candidate 5"
    assert r.why_not(parse_cell("r7c2"), 7, False) == "this Sue de Coq's digits are 1,5,6,9, not 7"
    assert r.why_not(parse_cell("r2c2"), 9, False) == "r2c2 is in neither c1 nor b7"
    assert r.why_not(parse_cell("r9c1"), 9, False) == "r9c1 is a cell of the Sue de Coq itself"


def test_check_failing_conditions():
    pos = after_basic(BASIC_PUZZLE)

    def reason(cells):
        r = check_pattern(pos, query(cells))
        assert not r.ok
        return r.reason, [cell_name(c) for c in r.failing]

    assert reason("r8c1 r5c1 r9c3") == (
        "r8c1 is the only named cell where c1 and b7 cross: a Sue de Coq needs two or three",
        ["r8c1"])
    assert reason("r89c1 r9c3") == (
        "no cell of c1 outside the crossing is named: the line part needs a cell there", [])
    # a part may hold any number of digits more than its cells; the split and the count decide
    assert reason("r89c1 r4c1 r9c3") == ("the line part and the box part share 6,9", ["r4c1", "r9c3"])
    assert reason("r89c1 r5c1 r9c3 r7c2") == ("the line part and the box part share 1",
                                              ["r5c1", "r7c2", "r9c3"])
    assert reason("r5c1 r9c3")[0] == "r5c1 r9c3 do not lie in one line and one box that cross"
    # r2c2 {189} and r2c3 {19}: row 2 crosses box 1 in three digits only
    assert reason("r2c23 r2c7 r3c2")[0] == "r2c23 hold 3 digits: the intersection needs at least 4"


def test_room_fields():
    t = REGISTRY["sue-de-coq"]
    assert t.family == "disjoint-subsets" and t.rank == 245 and t.score == 250
    # a static pattern: after the finned fish, before the WXYZ-Wing, colouring and every chain
    order = [u.id for u in ladder()]
    assert order[order.index("sue-de-coq") - 1:order.index("sue-de-coq") + 3] == [
        "finned-jellyfish", "sue-de-coq", "wxyz-wing", "simple-colours"]
    assert all(REGISTRY[p].rank < t.rank for p in t.prerequisites)
    # its family, of its own, sits between the finned fish and colouring
    fams = [f for f, _ in families()]
    assert fams[fams.index("disjoint-subsets") - 1:fams.index("disjoint-subsets") + 2] == [
        "finned-fish", "disjoint-subsets", "colouring"]
    assert resolve_technique("disjoint subsets").ids == ("sue-de-coq",)
    assert resolve_technique("two-sector disjoint subsets").ids == ("sue-de-coq",)
    assert "sue-de-coq" not in resolve_technique("als").ids
    assert resolve_technique("sue de coq").ids == ("sue-de-coq",)
    assert resolve_technique("sdc").ids == ("sue-de-coq",)
    step = find_all(after_basic(BASIC_PUZZLE), ["sue-de-coq"])[0]
    keys = t.entry_keys(step)
    assert keys.cells == frozenset(parse_cells("r89c1 r5c1 r9c3")) and keys.digits == {1, 5, 6, 9}
