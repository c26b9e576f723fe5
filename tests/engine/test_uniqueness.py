"""Uniqueness: Unique Rectangle (Tests 1-6), Hidden Rectangle, BUG+1.

Hand-checked positions with every instance listed, the MIT technique cases
(SudokuWiki's numbering mapped onto HoDoKu's, differences documented), an
independent reference search from the definitions, the pattern checks'
failing conditions, the room fields, and the rule that these techniques
never run on a position without exactly one solution."""
from __future__ import annotations

from itertools import combinations

import pytest

from puzzle_helpers import (
    all_qqwing, assert_sound, effects_of, expected_set, qqwing, sampled_positions, technique_cases,
)
from tutor.engine.registry import find_all, next_step
from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, COL, HOUSES, HOUSES_OF, ROW, cell_name, parse_cells, sees
from tutor.engine.position import Position
from tutor.engine.registry import PatternQuery, check_pattern, get, resolve
from tutor.engine.solve import apply_until_stuck, logic_solve

UNIQUENESS = ["unique-rectangle", "hidden-rectangle", "bug-plus-one"]
BASE = ["singles", "locked-candidates", "locked-set", "fish", "single-digit"]


def case(tag: str, prefix: str = "UniqueRectangles") -> Position:
    (row,) = [r for r in technique_cases(prefix)
              if r["technique"] == prefix and r["source"].endswith("#" + tag)]
    return parse_position(row["position"])


def texts(pos, technique):
    return [s.text for s in find_all(pos, [technique])]


# A Uniqueness Test 5 with three extra corners: r45c17 on 5/6, r4c1 bivalue,
# r4c7, r5c1, r5c7 each add only 3 (built from a solution grid; no shipped
# puzzle reaches one).
TEST5 = ("{9}5642187{3}2137859468743{9}6{5}21{56}478{35}9{356}12{356}28174{356}{5}{359}{135}"
         "{3}96{35}248{357}{3}62518{7}94{49}{9}526713878194326{5}")
BUG_PUZZLE = "2541..8.961.......8....5...1.8...9....3..4..6...25....9......8....6192....1.3...."
NONE_PUZZLE = ".7.3.59....2.7..1......85..3..5........79..8..5.412.7..4.....2............9...8.4"


# ------------------------------------------------------------------ hand-checked positions

def test_x_wing_rectangle_and_roof_pair():
    """r68c46: r6c46 hold only 1,6, r8c46 add 8 each: 8 leaves row 8 and box 8.
    r46c28 on 3/4: r4c2, r6c8 bivalue; 4 lives only in the rectangle in
    r4, r6, c2 and c8: 4 leaves the diagonal r4c8, r6c2."""
    pos = case("type2Test2")
    assert texts(pos, "unique-rectangle") == [
        "Uniqueness Test 2: 1/6 r68c46 => r79c5,r8c179<>8",
        "Uniqueness Test 6: 3/4 r46c28 => r4c8,r6c2<>4",
    ]
    # from r4c2 (3,4 only): 4 is a strong link in r6 and in c8, so r6c8 is
    # not 3; and the same from r6c8 towards r4c2
    assert texts(pos, "hidden-rectangle") == [
        "Hidden Rectangle: 3/4 r46c28 => r6c8<>3",
        "Hidden Rectangle: 3/4 r46c28 => r4c2<>3",
    ]
    assert texts(pos, "bug-plus-one") == []
    test6 = find_all(pos, ["unique-rectangle"])[1]
    assert test6.to_json()["type"] == 6 and test6.to_json()["link_digit"] == 4
    assert test6.to_json()["extra_cells"] == ["r4c8", "r6c2"]
    assert test6.to_json()["link_houses"] == ["r4", "r6", "c2", "c8"]


def test_test1_and_test4():
    """r46c19 on 2/9: three corners bivalue, r4c1 loses 2 and 9.  r18c12 on
    7/9: r1c12 bivalue, 7 lives only in r8c12 in row 8 and in box 7."""
    pos = case("type1Test1")
    steps = find_all(pos, ["unique-rectangle"])
    assert [s.text for s in steps] == [
        "Uniqueness Test 1: 2/9 r46c19 => r4c1<>29",
        "Uniqueness Test 4: 7/9 r18c12 => r8c12<>9",
    ]
    assert steps[0].roles.json(steps[0]) == {"type": 1, "pair": [2, 9], "extra_cells": ["r4c1"],
                              "bivalue_cells": ["r4c9", "r6c1", "r6c9"]}
    assert steps[1].to_json()["link_digit"] == 7 and steps[1].to_json()["link_houses"] == ["r8", "b7"]
    assert steps[1].houses == tuple(sorted({0, 7, 9, 10, 24}))     # r1 r8 c1 c2 + b7
    assert texts(pos, "hidden-rectangle") == [
        "Hidden Rectangle: 7/9 r18c12 => r8c2<>9",
        "Hidden Rectangle: 7/9 r18c12 => r8c1<>9",
        "Hidden Rectangle: 3/6 r39c89 => r9c8<>6",
        "Hidden Rectangle: 3/6 r39c89 => r3c9<>3",
    ]


def test_test3_naked_pair_with_the_extras():
    """r27c79 on 3/9: r2c7 adds 1, r7c7 adds 7; as one cell {1,7} they pair
    with r9c7 (1,7) in column 7.  Also Test 4 (9 only in r27c7 of c7) and a
    Test 6 on r12c35."""
    pos = case("type3Test")
    steps = find_all(pos, ["unique-rectangle"])
    assert [s.text for s in steps] == [
        "Uniqueness Test 3: 3/9 r27c79 + 1,7 in r9c7 (c7) => r3c7<>1, r8c7<>17",
        "Uniqueness Test 4: 3/9 r27c79 => r27c7<>3",
        "Uniqueness Test 6: 1/2 r12c35 => r1c3,r2c5<>2",
    ]
    assert steps[0].to_json()["subset_cells"] == ["r9c7"] and steps[0].to_json()["subset_digits"] == [1, 7]
    assert steps[0].to_json()["subset_house"] == "c7"


def test_test5_three_extra_corners():
    pos = parse_position(TEST5)
    assert pos.solution_info()[0] == 1
    steps = find_all(pos, ["unique-rectangle"])
    assert [s.text for s in steps] == ["Uniqueness Test 5: 5/6 r45c17 => r5c9<>3"]
    assert steps[0].to_json()["extra_digit"] == 3 and steps[0].to_json()["bivalue_cells"] == ["r4c1"]
    assert texts(pos, "hidden-rectangle") == ["Hidden Rectangle: 5/6 r45c17 => r5c7<>5"]


# Corners already cleared (issue 26): one corner of the rectangle has lost a
# pair digit; the swap still gives a second solution of the puzzle's digits.
# From HoDoKu's library: r38c13 on 5/8, r3c13 bivalue, r8c3 has lost 8, 5 lives
# only in r8c13 of row 8: 8 leaves r8c1.  r79c69 on 4/9, r7c6 bivalue, r9c6
# has lost 9, 4 lives only in the rectangle in r9 and c9: 9 leaves r9c9.
UR4_CLEARED = ("134285967{69}7{26}4{19}3{12}58{58}{29}{58}6{179}{179}{12}43259368714{37}{16}{1367}{79}"
               "{12}48{29}54{18}{178}{79}5{12}3{29}6{69}4{126}83{269}57{129}{3578}{289}{2357}14{279}6"
               "{38}{29}{378}{12689}{123678}5{279}{2679}4{38}{129}")
HR_CLEARED = ("621{39}48{39}758{37}{79}56{27}{239}41{379}541{39}{27}{239}86216483597598{26}714{236}"
              "{23}{37}4{37}{269}5{69}1{26}81857{39}{49}6{23}{2349}4{367}{379}{369}2581{39}{39}{36}281"
              "{46}75{349}")


def test_a_corner_already_cleared_still_counts():
    ur4 = [s for s in find_all(parse_position(UR4_CLEARED), ["unique-rectangle"])
           if s.roles.type == 4]
    assert any(s.eliminations == ((parse_cells("r8c1")[0], 8),) for s in ur4), \
        [s.text for s in ur4]
    hr = find_all(parse_position(HR_CLEARED), ["hidden-rectangle"])
    assert any(s.eliminations == ((parse_cells("r9c9")[0], 9),) for s in hr), [s.text for s in hr]


# UR4_CLEARED with r1c12 written as one-candidate cells: the candidates still
# give one solution, the filled cells alone do not, so the swap of a cleared
# rectangle is no longer known to be a second solution of the puzzle.
UR4_DIGITS_AMBIGUOUS = "{1}{3}" + UR4_CLEARED[2:]


def test_a_cleared_corner_needs_the_digits_alone_to_have_one_solution():
    pos = parse_position(UR4_DIGITS_AMBIGUOUS)
    assert pos.solution_info()[0] == 1
    assert Position.from_values(pos.values).solution_info()[0] == 2
    assert texts(pos, "unique-rectangle") == []
    report = _check(pos, "unique-rectangle", "r38c13", (5, 8))
    assert report.reason == ("r8c3 lost a digit of 5/8: the swap then needs the filled cells alone "
                             "to have one solution, and these have several")
    assert _check(parse_position(UR4_CLEARED), "unique-rectangle", "r38c13").removes == \
        {(parse_cells("r8c1")[0], 8)}


def test_bug_plus_one():
    """Every unsolved cell holds two digits but r3c9 (1,4,7); 4 sits three
    times in r3, c9 and b3, 1 and 7 twice: r3c9=4."""
    pos = apply_until_stuck(parse_position(BUG_PUZZLE), BASE)
    steps = find_all(pos, UNIQUENESS)
    assert [s.text for s in steps] == ["BUG+1: 1,4,7 in r3c9 => r3c9=4"]
    assert steps[0].placements == ((parse_cells("r3c9")[0], 4),) and not steps[0].eliminations
    assert steps[0].roles.json(steps[0]) == {"candidates": [1, 4, 7], "digit": 4, "three_times": ["r3", "c9", "b3"]}


def test_a_position_with_none():
    pos = apply_until_stuck(parse_position(NONE_PUZZLE), BASE)
    assert not pos.is_solved()
    assert find_all(pos, UNIQUENESS) == []


# ------------------------------------------------------------------ MIT technique cases

# SudokuWiki's numbering (the cases' functions) against HoDoKu's (ours):
# its 2, 2B and 2C are our 2 and 5 (2C: two diagonal corners = our 5); its 3
# is our Test 3 with a naked pair of digits, its "3B with triple
# pseudo-cells" our Test 3 with a triple; its 4 and 4B our 4; its 5 is our 6,
# which SudokuWiki states as placements in the bivalue corners where HoDoKu
# (and we) remove the digit from the two extra corners.
CASE_TYPES = {
    "uniqueRectanglesType1": ({1}, None), "uniqueRectanglesType2": ({2, 5}, None),
    "uniqueRectanglesType3": ({3}, 2), "uniqueRectanglesType3BWithTriplePseudoCells": ({3}, 3),
    "uniqueRectanglesType4": ({4}, None), "uniqueRectanglesType5": ({6}, None),
}
UR_CASES = technique_cases("UniqueRectangles")


def _case_fn(row) -> str:
    return row["notes"].split(";")[0].split("::")[1]


def test_every_case_kind_is_present():
    assert {_case_fn(r) for r in UR_CASES if r["technique"] == "UniqueRectangles"} == set(CASE_TYPES)


@pytest.mark.parametrize("row", [r for r in UR_CASES if r["technique"] == "UniqueRectangles"],
                         ids=lambda r: r["source"].rsplit("#", 1)[-1])
def test_unique_rectangle_cases(row):
    types, subset = CASE_TYPES[_case_fn(row)]
    pos = parse_position(row["position"])
    steps = [s for s in find_all(pos, ["unique-rectangle"]) if s.to_json()["type"] in types
             and (subset is None or len(s.to_json()["subset_digits"]) == subset)]
    assert_sound(pos, find_all(pos, UNIQUENESS), pos.solution())
    if types != {6}:
        assert effects_of(steps) == expected_set(row)
        return
    # SudokuWiki's type 5 places the pair digit in the two bivalue corners;
    # our Test 6 removes it from the two extra corners, after which each
    # bivalue corner is the digit's only place in its row.
    expected = expected_set(row)
    assert len(steps) == 1 and all("=" in e for e in expected)
    (step,) = steps
    after = pos.copy()
    after.apply(step)
    u = step.to_json()["link_digit"]
    for cell in parse_cells(" ".join(step.to_json()["bivalue_cells"])):
        assert f"{cell_name(cell)}={u}" in expected
        assert [i for i in HOUSES[ROW[cell]] if after.has(i, u)] == [cell]


def _sw_hidden_type2(pos) -> set[str]:
    """SudokuWiki's Hidden UR type 2, written from its description: two
    bivalue corners {a,b} in one line; u lives only in a floor cell and the
    roof cell across from it in that cross line: the other digit leaves the
    other roof cell.  Not HoDoKu's Hidden Rectangle, so not ours."""
    out = set()
    for rect in _rectangles():
        for a, b in combinations(range(1, 10), 2):
            if not all(pos.has(i, a) and pos.has(i, b) for i in rect):
                continue
            for f1, f2 in combinations([i for i in rect if pos.candidates(i) == (a, b)], 2):
                if not (ROW[f1] == ROW[f2] or COL[f1] == COL[f2]):
                    continue
                for floor in (f1, f2):
                    cross = 9 + COL[floor] if ROW[f1] == ROW[f2] else ROW[floor]
                    roof = next(i for i in rect if i not in (f1, f2) and cross in HOUSES_OF[i])
                    far = next(i for i in rect if i not in (f1, f2, roof))
                    for u, v in ((a, b), (b, a)):
                        if {i for i in HOUSES[cross] if pos.has(i, u)} == {floor, roof} \
                                and pos.has(far, v):
                            out.add(f"{cell_name(far)}<>{v}")
    return out


HUR_CASES = [r for r in technique_cases("HiddenUniqueRectangles")]


@pytest.mark.parametrize("row", HUR_CASES, ids=lambda r: r["source"].rsplit("#", 1)[-1])
def test_hidden_rectangle_cases(row):
    """The cases hold every Hidden UR of SudokuWiki's types 1, 2 and 2B.
    Our Hidden Rectangle is HoDoKu's (SudokuWiki's type 1): its effects plus
    SudokuWiki's type 2 make the expected set, except r8c6<>4 of type2BTest1,
    SudokuWiki's type 2B, which neither definition covers."""
    pos = parse_position(row["position"])
    ours = effects_of(find_all(pos, ["hidden-rectangle"]))
    assert_sound(pos, find_all(pos, ["hidden-rectangle"]), pos.solution())
    expected = expected_set(row)
    if row["source"].endswith("#type2BTest1"):
        expected -= {"r8c6<>4"}
    assert ours | _sw_hidden_type2(pos) == expected
    if row["source"].rsplit("#", 1)[1].startswith("type1"):
        assert ours    # type 1 is ours


# ------------------------------------------------------------------ the definitions, independently

def _rectangles():
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            rect = (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
            if len({BOX[i] for i in rect}) == 2:
                yield rect


def reference(pos) -> tuple[set, set]:
    """(unique-rectangle instances, hidden-rectangle instances) by brute force
    over every rectangle and pair: (type, corners, pair, eliminations)."""
    ur, hr = set(), set()
    digits_alone = Position.from_values(pos.values).solution_info()[0] == 1
    for rect in _rectangles():
        if any(pos.values[i] for i in rect):
            continue
        for a, b in combinations(range(1, 10), 2):
            if not all(pos.has(i, a) and pos.has(i, b) for i in rect):
                # a cleared corner: some diagonal a/b filling must fit, and
                # the filled cells alone must have one solution
                fillings = [(a, b, b, a), (b, a, a, b)]
                if not digits_alone or not any(all(pos.has(i, d) for i, d in zip(rect, f))
                                               for f in fillings):
                    continue
            key = (rect, (a, b))
            extra = [i for i in rect if pos.candidates(i) != (a, b)]
            if len(extra) in (0, 4):
                continue
            diagonal = len(extra) == 2 and ROW[extra[0]] != ROW[extra[1]] \
                and COL[extra[0]] != COL[extra[1]]
            found = []
            if len(extra) == 1:
                found.append((1, {(extra[0], d) for d in (a, b) if pos.has(extra[0], d)}))
            adds = [set(pos.candidates(i)) - {a, b} for i in extra]
            if len(extra) >= 2 and all(x == adds[0] for x in adds) and len(adds[0]) == 1:
                (c,) = adds[0]
                seen = {(j, c) for j in range(81) if pos.has(j, c) and j not in extra
                        and all(sees(j, e) for e in extra)}
                found.append((5 if diagonal or len(extra) == 3 else 2, seen))
            if len(extra) == 2 and not diagonal:
                for h in set(HOUSES_OF[extra[0]]) & set(HOUSES_OF[extra[1]]):
                    for u, v in ((a, b), (b, a)):
                        if {i for i in HOUSES[h] if pos.has(i, u)} == set(extra):
                            found.append((4, {(e, v) for e in extra if pos.has(e, v)}))
                    union = set().union(*adds)
                    others = [i for i in HOUSES[h] if not pos.values[i] and i not in extra]
                    for k in range(1, 4):
                        for subset in combinations(others, k):
                            digits = union.union(*(pos.candidates(i) for i in subset))
                            if len(union) >= 2 and len(digits) == k + 1:
                                found.append((3, {(j, d) for j in others if j not in subset
                                                  for d in digits if pos.has(j, d)}))
            if diagonal:
                for u in (a, b):
                    lines = [HOUSES[ROW[rect[0]]], HOUSES[ROW[rect[3]]],
                             HOUSES[9 + COL[rect[0]]], HOUSES[9 + COL[rect[3]]]]
                    if all({i for i in line if pos.has(i, u)} == set(line) & set(rect)
                           for line in lines):
                        found.append((6, {(e, u) for e in extra}))
            for kind, elims in found:
                if elims:
                    ur.add((kind,) + key + (frozenset(elims),))
            for k, anchor in enumerate(rect):
                if pos.candidates(anchor) != (a, b):
                    continue
                far = rect[3 - k]
                for u, v in ((a, b), (b, a)):
                    row, col = HOUSES[ROW[far]], HOUSES[9 + COL[far]]
                    if pos.has(far, v) and \
                            {i for i in row if pos.has(i, u)} == set(row) & set(rect) and \
                            {i for i in col if pos.has(i, u)} == set(col) & set(rect):
                        hr.add(key + (anchor, (far, v)))
    return ur, hr


def _found(pos):
    ur = {(s.to_json()["type"], s.cells, s.digits, frozenset(s.eliminations))
          for s in find_all(pos, ["unique-rectangle"])}
    hr = set()
    for s in find_all(pos, ["hidden-rectangle"]):
        (elim,) = s.eliminations
        hr.add((s.cells, s.digits, parse_cells(s.to_json()["bivalue_cell"])[0], elim))
    return ur, hr


def positions():
    """Every fourth shipped puzzle, three positions along each solve (made
    when a test asks, not at collection)."""
    return sampled_positions(all_qqwing()[::4], per_puzzle=3, seed=12)


# A Type 6 on 1/5 in r45c19 (the sampled solve paths have held none since
# the rungs added in issue 26 changed them).
UR6 = ("7638245194{89}165{9}7322{89}513{79}6{4}{48}{1569}{59}{69}74238{15}{15}3{47}9682{457}{145}82"
       "{47}31596{4}3125{8}64{9}7{59}482{7}31{59}6{56}7{6}491823")


@pytest.mark.slow
def test_the_finders_match_the_definitions():
    """Every instance the reference finds, the finders find, and nothing
    else (the reference lists Test 3 once per subset; identical effects of one
    type on one rectangle are one step in the finder)."""
    seen = {1: 0, 2: 0, 3: 0, 4: 0, 6: 0, "hr": 0}
    for pos in [p for _, p in positions()] + [case("type2CTest"), parse_position(TEST5),
                                              parse_position(UR4_CLEARED), parse_position(HR_CLEARED),
                                              parse_position(UR4_DIGITS_AMBIGUOUS),
                                              parse_position(UR6)]:
        ur_ref, hr_ref = reference(pos)
        ur, hr = _found(pos)
        assert ur == ur_ref
        assert hr == hr_ref
        for kind, *_ in ur:
            seen[kind] = seen.get(kind, 0) + 1
        seen["hr"] += len(hr)
    assert all(seen[k] for k in (1, 2, 3, 4, 5, 6, "hr")), seen


# ------------------------------------------------------------------ only with one solution

def _two_solutions() -> Position:
    """r24c89 on 2/5 can swap: two solutions.  r2c89 also hold 1, so the raw
    Unique Rectangle code would call it a Test 2 and remove 1 from r1c9 and
    r2c6, the two cells where 1 must go in both solutions."""
    return parse_position("45279368.39786.4..8614527936139478..9782153465243861792891345671465792387356289.4")


def test_a_position_with_two_solutions_gets_no_uniqueness_step():
    from tutor.engine.techniques.uniqueness.unique_rectangle import rectangle_steps
    pos = _two_solutions()
    assert pos.solution_info()[0] == 2
    rect, pair = tuple(parse_cells("r24c89")), (1 << 1) | (1 << 4)
    raw = rectangle_steps(pos, rect, pair)
    assert "Uniqueness Test 2: 2/5 r24c89 => r1c9,r2c6<>1" in [s.text for s in raw]
    assert find_all(pos, UNIQUENESS) == []
    assert find_all(pos, ["uniqueness"]) == []
    step = next_step(pos)
    assert step is None or step.technique not in UNIQUENESS
    result = logic_solve(pos)
    assert result.status == "stuck" and not set(result.counts) & set(UNIQUENESS)
    assert result.position.solution_info()[0] == 2       # both solutions survive
    assert logic_solve(pos, ["unique-rectangle"]).steps == []
    report = check_pattern(pos, PatternQuery("unique-rectangle", tuple(rect), (2, 5)))
    assert not report.ok
    assert report.reason == ("the position has more than one solution: uniqueness arguments "
                             "need exactly one")


@pytest.mark.slow
def test_shipped_puzzles_without_one_solution_get_no_uniqueness_step():
    """The tdoku test set holds puzzles with no solution or several: their
    solves use no uniqueness step and keep exactly the solutions they had."""
    from puzzle_helpers import load_lines
    checked = 0
    for line in load_lines("tdoku/test-puzzles.txt"):
        pos = parse_position(line.split(":")[0])
        count = pos.solution_info()[0]
        if count == 1:
            continue
        result = logic_solve(pos)
        assert not set(result.counts) & set(UNIQUENESS)
        after = Position(result.position.values, result.position.cands, result.position.givens)
        assert after.solution_info()[0] == count
        checked += 1
    assert checked >= 10


def test_uniqueness_can_be_switched_off():
    pos = case("type1Test1")
    assert find_all(pos, ["unique-rectangle"])
    assert find_all(pos, ["unique-rectangle"], uniqueness=False) == []
    assert not {t.id for t in resolve(None, uniqueness=False)} & set(UNIQUENESS)
    # the first expert puzzle whose solve uses a uniqueness step solves on without it
    for text in qqwing("expert"):
        puzzle = parse_position(text)
        on = logic_solve(puzzle)
        if set(on.counts) & set(UNIQUENESS):
            break
    else:
        pytest.fail("no expert puzzle uses a uniqueness technique")
    off = logic_solve(puzzle, uniqueness=False)
    assert not set(off.counts) & set(UNIQUENESS)
    assert_sound(puzzle, off.steps, puzzle.solution())


@pytest.mark.slow
def test_uniqueness_steps_are_sound_along_solves():
    checked = 0
    for text in all_qqwing()[::3]:
        pos = parse_position(text)
        result = logic_solve(pos)
        used = [s for s in result.steps if s.technique in UNIQUENESS]
        assert_sound(pos, used, pos.solution())
        checked += len(used)
    assert checked > 20


# ------------------------------------------------------------------ pattern checks

def _check(pos, technique, cells, digits=(), label=""):
    return check_pattern(pos, PatternQuery(technique, tuple(parse_cells(cells)), tuple(digits),
                                           label=label))


def test_unique_rectangle_check_holds():
    pos = case("type1Test1")
    report = _check(pos, "unique-rectangle", "r46c19")
    assert report.ok and report.label == "Uniqueness Test 1"
    assert report.removes == {(parse_cells("r4c1")[0], 2), (parse_cells("r4c1")[0], 9)}
    # two opposite corners name the rectangle too
    assert _check(pos, "unique-rectangle", "r4c1 r6c9", (2, 9)).removes == report.removes
    assert report.why_not(parse_cells("r4c9")[0], 2, False) == \
        "Uniqueness Test 1 on r46c19 gives r4c1<>29, not r4c9<>2"


@pytest.mark.parametrize("cells,digits,label,reason", [
    ("r1c1 r5c4", (), "", "r1c1 and r5c4 are not in two rows, two columns and two boxes"),
    ("r3c17 r7c28", (), "", "r3c17 r7c28 are not in two rows, two columns and two boxes"),
    ("r4c19 r6c1", (), "", "a rectangle has four corners (or name two opposite ones); "
     "3 cells named"),
    ("r4c1 r4c9", (), "", "r4c1 and r4c9 are not in two rows, two columns and two boxes"),
    # a solved (or given) corner fails every pattern, in the registry, before the room looks
    ("r45c19", (), "", "r5c1 is already solved (3), so it cannot be part of the pattern"),
    ("r46c19", (2, 5), "", "r4c9 r6c19 lost digits of 2/5 so that no filling of r46c19 with 2 "
     "and 5 is left: it can never become the deadly pattern"),
    ("r46c19", (5, 8), "", "r4c9 holds neither 5 nor 8, so r46c19 is not a 5/8 rectangle"),
    ("r46c19", (), "Uniqueness Test 4",
     "r46c19 is a Uniqueness Test 1 (three corners hold only the pair), not Test 4"),
    ("r18c12", (), "ur type 1",
     "r18c12 is a Uniqueness Test 4 (one pair digit lives only in the two extra corners of "
     "their house), not Test 1"),
    ("r39c89", (), "",
     "r3c8 and r9c9 are diagonal, do not add the same one digit with a cell to remove it from "
     "(Test 5), and neither 3 nor 6 is an X-Wing on r39c89 (Test 6)"),
])
def test_unique_rectangle_check_fails(cells, digits, label, reason):
    report = _check(case("type1Test1"), "unique-rectangle", cells, digits, label)
    assert not report.ok and report.reason == reason


# r23c67 on 2/7: r3c67 bivalue, r2c6 adds 5, r2c7 adds 5 and 8; in r2, 2 also
# sits in r2c9 and 7 in r2c1, and no cell of r2 pairs up with {5,8}.
NO_TEST = ("9{78}213{57}64{58}{78}1364{257}{2578}9{258}65498{27}{27}31{178}{78}95264{18}34658139{2}"
           "723{18}479{58}{1568}{568}39{178}26{148}{578}{578}{458}{158}{248}{168}79{148}3{2568}"
           "{24568}{78}{2478}{678}35{48}1{2678}9")


def test_unique_rectangle_check_more_failures():
    report = _check(parse_position(NO_TEST), "unique-rectangle", "r23c67")
    assert report.reason == "r2c6 and r2c7 fit no test: no same single extra digit that a cell " \
        "seeing both holds (Test 2), no naked subset with their extras (Test 3), and neither 2 " \
        "nor 7 lives only in them in a house they share (Test 4)"
    assert report.failing == parse_cells("r2c67")
    pos = case("type1Test1")
    assert _check(pos, "unique-rectangle", "r47c12").reason == \
        "no corner of r47c12 holds only 2,9: a Unique Rectangle needs two or three such corners " \
        "(Test 5: one)"
    assert _check(pos, "unique-rectangle", "r37c12").reason == \
        "r3c2 r7c12 do not all add the same one digit: with one bivalue corner only Test 5 applies"
    bug = apply_until_stuck(parse_position(BUG_PUZZLE), BASE)
    assert _check(bug, "unique-rectangle", "r24c45").reason == \
        "r2c5 is already solved (9), so it cannot be part of the pattern"
    assert _check(bug, "unique-rectangle", "r14c56").reason == \
        "r14c6 lost digits of 6/7 so that no filling of r14c56 with 6 and 7 is left: it can " \
        "never become the deadly pattern"


def test_hidden_rectangle_check():
    pos = case("type1Test1")
    ok = _check(pos, "hidden-rectangle", "r39c89")
    assert ok.ok and ok.removes == {(parse_cells("r9c8")[0], 6), (parse_cells("r3c9")[0], 3)}
    # r46c19: every corner but r4c1 bivalue, yet 2 and 9 also live outside
    bad = _check(pos, "hidden-rectangle", "r46c19")
    assert not bad.ok
    assert bad.reason == "opposite the bivalue r6c1, 2 is not confined to the rectangle in r4 " \
        "(r4c2 holds it too)"
    assert bad.failing == parse_cells("r4c2")
    assert _check(pos, "hidden-rectangle", "r47c12").reason == \
        "no corner of r47c12 holds only 2,9: a Hidden Rectangle starts from one bivalue corner"


def test_hidden_rectangle_why_with_a_cleared_target():
    """r12c14 on 1/2 from bivalue r1c1: both digits live only in the
    rectangle in r2 and c4, but r2c4 (the target) has lost 2 and 1 is
    all it could lose."""
    from tutor.engine.techniques.uniqueness.hidden_rectangle import _hr_why
    cands = [0x1FF] * 81
    line = set(HOUSES[ROW[12]]) | set(HOUSES[9 + COL[12]])
    for i in line:
        cands[i] = 0x1FC       # no 1, no 2 in r2 and c4 ...
    rect = tuple(parse_cells("r12c14"))
    cands[0], cands[3], cands[9], cands[12] = 0b11, 0b111, 0b111, 0b101   # ... but the corners
    pos = Position([0] * 81, cands)
    assert _hr_why(pos, rect, 0b11) == (
        "opposite the bivalue r1c1, r2c4 lost a digit of 1/2: no digit both links r2c4 in its row "
        "and column and leaves the other one there to remove", [12])


def test_bug_check():
    pos = apply_until_stuck(parse_position(BUG_PUZZLE), BASE)
    ok = _check(pos, "bug-plus-one", "r3c9")
    assert ok.ok and ok.places == {(parse_cells("r3c9")[0], 4)}
    assert _check(pos, "bug-plus-one", "r3c7").reason == \
        "r3c7 holds 2 candidates: the BUG+1 cell holds three, every other cell two (r3c9 holds 3)"
    assert _check(pos, "bug-plus-one", "r3c79").reason == \
        "BUG+1 names one cell, the one with three candidates (2 named)"
    early = case("type1Test1")
    assert _check(early, "bug-plus-one", "r4c1").reason == \
        "r4c1 holds 4 candidates: the BUG+1 cell holds three, every other cell two (r3c2 holds 3)"
    assert _check(early, "bug-plus-one", "r3c2").reason.startswith(
        "r3c8 holds 3 candidates: every cell but r3c2 must be bivalue for BUG+1 (")


# ------------------------------------------------------------------ room fields

def test_room_fields():
    ur, hr, bug = (get(t) for t in UNIQUENESS)
    assert (ur.rank, hr.rank, bug.rank) == (190, 200, 96)
    assert {ur.family, hr.family, bug.family} == {"uniqueness"}
    assert ur.uniqueness and hr.uniqueness and bug.uniqueness
    assert "ur type 4" in ur.aliases and "uniqueness test 6" in ur.aliases
    assert "hidden unique rectangle" in hr.aliases and "bug+1" in bug.aliases
    assert [c[0] for c in ur.confusions] == ["hidden-rectangle", "bug-plus-one"]
    assert hr.confusions[0][0] == "unique-rectangle"
    steps = find_all(case("type2Test2"), ["unique-rectangle"])
    assert [ur.label_of(s) for s in steps] == ["Uniqueness Test 2", "Uniqueness Test 6"]
    keys = ur.entry_keys(steps[0])
    assert keys.cells == frozenset(parse_cells("r68c46")) and keys.digits == {1, 6}
    assert keys.more_digits == {8}
    bug_steps = find_all(apply_until_stuck(parse_position(BUG_PUZZLE), BASE), ["bug-plus-one"])
    assert bug.entry_keys(bug_steps[0]).cells == frozenset(parse_cells("r3c9"))
    assert bug.label_of(bug_steps[0]) == "BUG+1"


def test_aliases_are_lower_case_and_name_one_technique():
    # some words name several techniques on purpose ('naked': single or
    # subset); the uniqueness rooms' own aliases must each name one
    from tutor.engine.registry import ladder
    owners: dict[str, set] = {}
    for t in ladder():
        for alias in t.aliases:
            assert alias == alias.lower().strip()
            owners.setdefault(alias, set()).add(t.id)
    for t in ladder():
        if t.family == "uniqueness":
            for alias in t.aliases:
                assert owners[alias] == {t.id}, f"{alias} names {sorted(owners[alias])}"
