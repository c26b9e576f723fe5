"""Empty Rectangle: a box whose candidates lie on one row and one column,
and one strong link outside it, on the same digit."""
import json
import re

import pytest

from puzzle_helpers import (all_qqwing, assert_sound, effects_of, expected_set, qqwing,
                            sampled_positions, technique_cases, with_solutions)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, COL, HOUSES, ROW, bit, cell_name, parse_cell
from tutor.engine.registry import REGISTRY, PatternQuery, check_pattern, get
from tutor.engine.solve import apply_until_stuck

SIMPLER = ["singles", "locked-candidates", "locked-set"]
CASES = technique_cases("EmptyRectangles")


def cells_of(names):
    return [parse_cell(n) for n in names.split()]


def places(pos, house, d):
    return [i for i in HOUSES[house] if pos.cands[i] & bit(d) and not pos.values[i]]


def brute_force(pos):
    """{(digit, box, link, target)} straight from the definition: every box,
    every row and column of it, every row or column with exactly two places."""
    found = set()
    for d in range(1, 10):
        for b in range(9):
            box = places(pos, 18 + b, d)
            if len(box) < 2:
                continue
            band, stack = range(3 * (b // 3), 3 * (b // 3) + 3), range(3 * (b % 3), 3 * (b % 3) + 3)
            for R in band:
                for C in stack:
                    if any(ROW[i] != R and COL[i] != C for i in box):
                        continue
                    for h in range(18):
                        link = places(pos, h, d)
                        if len(link) != 2 or (h < 9 and h in band) or (h >= 9 and h - 9 in stack):
                            continue
                        for p, q in (link, link[::-1]):
                            if h < 9 and COL[p] == C and COL[q] not in stack:
                                t = R * 9 + COL[q]
                            elif h >= 9 and ROW[p] == R and ROW[q] not in band:
                                t = ROW[q] * 9 + C
                            else:
                                continue
                            if pos.cands[t] & bit(d):
                                found.add((d, b, frozenset(link), t))
    return found


def key(step):
    (t, d), = step.eliminations
    return d, BOX[step.cells[0]], frozenset(step.cells[-2:]), t


def check_all(pos, solution):
    steps = find_all(pos, ["empty-rectangle"])
    assert_sound(pos, steps, solution)
    keys = [key(s) for s in steps]
    assert len(keys) == len(set(keys)), "an instance is reported twice"
    assert set(keys) == brute_force(pos)
    return steps


# ------------------------------------------------------------------ hand-checked

def test_two_rectangles_in_one_box_by_hand():
    pos = parse_position(CASES[1]["position"])
    # 6 in b4: r4c3, r6c3 (column 3) and r5c1, r5c2 (row 5): ER row r5, column c3.
    assert places(pos, 18 + 3, 6) == cells_of("r4c3 r5c1 r5c2 r6c3")
    # r7 holds 6 only in r7c3 (on c3) and r7c9: r7c9's column meets r5 at r5c9.
    assert places(pos, 6, 6) == cells_of("r7c3 r7c9")
    # c8 holds 6 only in r5c8 (on r5) and r8c8: r8c8's row meets c3 at r8c3.
    assert places(pos, 9 + 7, 6) == cells_of("r5c8 r8c8")
    # The other boxes: b3 (r2c79, r3c7) and b7 (r7c3, r8c13) and b9 (r7c9, r8c789)
    # are ER boxes too, but no link reaches them from outside with a target
    # holding 6 (b7's only one, r5c8=r8c8, points at r5c3, which has no 6).
    steps = find_all(pos, ["empty-rectangle"])
    assert [s.text for s in steps] == [
        "Empty Rectangle: 6 in b4 on r5 and c3, strong link r7c3=r7c9 => r5c9<>6",
        "Empty Rectangle: 6 in b4 on r5 and c3, strong link r5c8=r8c8 => r8c3<>6",
    ]
    first = steps[0]
    assert first.cells == tuple(cells_of("r4c3 r5c1 r5c2 r6c3 r7c3 r7c9"))
    assert json.loads(json.dumps(first.to_json()))["link"] == ["r7c3", "r7c9"]
    assert first.to_json()["box"] == "b4" and first.to_json()["er_row"] == "r5"
    assert first.to_json()["er_column"] == "c3" and first.to_json()["hinge"] == "r5c3"
    assert first.to_json()["link_house"] == "r7" and first.houses == (21, 4, 11, 6)
    assert_sound(pos, steps, pos.solution())
    assert {key(s) for s in steps} == brute_force(pos)


def test_dual_form_is_two_steps():
    start = parse_position(qqwing("expert")[14])
    pos = apply_until_stuck(start, SIMPLER)
    # r4 holds 9 only in r4c1 and r4c9; b1 holds 9 in r1c1, r1c3, r2c1 (r1 and
    # c1), b3 in r1c8, r1c9, r3c9 (r1 and c9): the link meets both boxes.
    assert places(pos, 3, 9) == cells_of("r4c1 r4c9")
    assert places(pos, 18, 9) == cells_of("r1c1 r1c3 r2c1")
    assert places(pos, 20, 9) == cells_of("r1c8 r1c9 r3c9")
    # c3 holds 9 only in r1c3 and r5c3: it joins b3 (via r1) and b6 (r4c9,
    # r5c7, r5c9: r5 and c9, via r5).  b4 (r4c1, r5c1, r5c3) has no link
    # with a target; b2 (c6 only) and b9 (r8 only) are Pointing shapes.
    nines = [s.text for s in find_all(pos, ["empty-rectangle"]) if s.digits == (9,)]
    assert nines == [
        "Empty Rectangle: 9 in b1 on r1 and c1, strong link r4c1=r4c9 => r1c9<>9",
        "Empty Rectangle: 9 in b3 on r1 and c9, strong link r4c9=r4c1 => r1c1<>9",
        "Empty Rectangle: 9 in b3 on r1 and c9, strong link r1c3=r5c3 => r5c9<>9",
        "Empty Rectangle: 9 in b6 on r5 and c9, strong link r5c3=r1c3 => r1c9<>9",
    ]
    # The two boxes together also clear r1 in b2 (r1c6): not an ER step (it
    # takes both boxes at once); the engine proves it with an X-Cycle.
    r1c6 = parse_cell("r1c6")
    assert pos.has(r1c6, 9) and start.solution()[r1c6] != 9
    assert not any((r1c6, 9) in s.eliminations for s in find_all(pos, ["empty-rectangle"]))
    assert any((r1c6, 9) in s.eliminations for s in find_all(pos, ["x-cycle"]))
    check_all(pos, start.solution())


def test_two_candidates_in_the_box_make_a_turbot_fish_and_an_er():
    start = parse_position(qqwing("expert")[5])
    pos = apply_until_stuck(start, SIMPLER)
    # b1 holds 7 only in r2c1 and r3c3; c9 only in r2c9 and r4c9.  Read as an
    # ER (r2/c3, hinge r2c3) it removes r4c3; the box is a strong link too, so
    # the same removal is a Turbot Fish, found first on the ladder.
    assert places(pos, 18, 7) == cells_of("r2c1 r3c3")
    assert places(pos, 9 + 8, 7) == cells_of("r2c9 r4c9")
    assert [s.text for s in find_all(pos, ["empty-rectangle"])] == [
        "Empty Rectangle: 7 in b1 on r2 and c3, strong link r2c9=r4c9 => r4c3<>7"]
    turbot = find_all(pos, ["turbot-fish"])
    assert [s.elimination_texts() for s in turbot] == [["r4c3<>7"]]
    r = check_pattern(pos, PatternQuery("empty-rectangle", cells=tuple(cells_of("r2c9 r4c9")),
                                        digits=(7,), lines=((18,),)))
    assert r.ok and r.removes == {(parse_cell("r4c3"), 7)}
    check_all(pos, start.solution())


# From HoDoKu's library (issue 26): b7 holds 9 only in r7c2 and r8c3; c6 only
# in r3c6 and r8c6.  ER on r8 and c2: if r8c6 is 9, b7's 9 is r7c2; if not,
# r3c6 is: either way r3c2 loses 9.
ER_TWO_CELLS = ("4{689}{689}7{26}5{139}{139}{12}{25}{679}1{46}{269}3{49}{57}8{25}{379}{39}81{49}6{57}"
                "{24}625947{18}{18}31473825699{38}{38}1562473{69}2{46}71{489}{89}585{69}2{369}{49}7"
                "{139}{14}7145{39}8{39}26")


def test_a_box_with_two_candidates_is_an_er_box():
    pos = parse_position(ER_TWO_CELLS)
    texts = [s.text for s in find_all(pos, ["empty-rectangle"])]
    assert "Empty Rectangle: 9 in b7 on r8 and c2, strong link r8c6=r3c6 => r3c2<>9" in texts
    check_all(pos, pos.solution())


def test_a_box_on_one_line_is_an_er_box():
    """Before Pointing is applied, a box whose candidates sit on one row
    serves with each of its columns (HoDoKu counts these)."""
    picks = [parse_position(t) for t in qqwing("expert")[:40]]
    one_line = 0
    for pos in picks:
        for s in check_all(pos, pos.solution()):
            box = [i for i in s.cells[:-2]]
            one_line += len({ROW[i] for i in box}) == 1 or len({COL[i] for i in box}) == 1
    assert one_line > 0


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("#", 1)[-1])
def test_mit_cases(row):
    pos = parse_position(row["position"])
    steps = find_all(pos, ["empty-rectangle"])
    assert effects_of(steps) == expected_set(row)
    assert {key(s) for s in steps} == brute_force(pos)


@pytest.mark.slow
def test_sound_unique_and_complete_where_simpler_techniques_stop():
    total = with_er = 0
    for text in all_qqwing():
        start = parse_position(text)
        pos = apply_until_stuck(start, SIMPLER)
        if pos.is_solved():
            continue
        steps = check_all(pos, start.solution())
        total += len(steps)
        with_er += bool(steps)
    assert with_er > 100 and total > 300, (with_er, total)


def test_sound_and_complete_along_logic_paths():
    picks = sampled_positions(all_qqwing()[::3], None, per_puzzle=2, seed=13)
    assert sum(len(check_all(pos, solution)) for pos, solution in with_solutions(picks)) > 0


# ------------------------------------------------------------------ the pattern check

@pytest.fixture(scope="module")
def dual():
    return apply_until_stuck(parse_position(qqwing("expert")[14]), SIMPLER)


def er_query(cells, digit, box=None, claim=()):
    lines = ((18 + box - 1,),) if box else ()
    return PatternQuery("empty-rectangle", cells=tuple(cells_of(cells)), digits=(digit,),
                        lines=lines, claim=tuple((parse_cell(c), digit, False) for c in claim))


def test_check_accepts_the_instance_and_says_why_not(dual):
    r = check_pattern(dual, er_query("r4c1 r4c9", 9, box=1, claim=["r1c6"]))
    assert r.ok and r.removes == {(parse_cell("r1c9"), 9)}
    assert r.why_not(parse_cell("r1c6"), 9, False) == (
        "Empty Rectangle b1 with r4c1=r4c9 removes 9 only from r1c9: r1c6 is not where c9 crosses r1")
    assert r.why_not(parse_cell("r1c9"), 9, True) == "an Empty Rectangle only removes candidates"
    # the link alone: the box is found; the claim picks the box that proves it
    r = check_pattern(dual, er_query("r4c1 r4c9", 9, claim=["r1c1"]))
    assert r.ok and r.removes == {(parse_cell("r1c1"), 9)}
    # the box alone: what every link joined to it removes
    r = check_pattern(dual, er_query("", 9, box=3))
    assert r.ok and r.removes == {(parse_cell("r1c1"), 9), (parse_cell("r5c9"), 9)}


@pytest.mark.parametrize("cells, digit, box, reason", [
    # b2's 9s sit in c6 alone: an ER box with each of its rows as the other line
    ("r1c6 r2c6 r3c6", 9, 2, "no strong link on 9 outside b2 meets r1, r2, r3 or c6 with "
                             "something to remove"),
    ("r5c3 r5c9", 9, 3, "r5c3 and r5c9 are not a strong link on 9: r5c17 also hold 9"),
    ("r8c7 r8c8", 9, 1, "neither r8c7 nor r8c8 lies on r1 or c1, the lines of the Empty "
                        "Rectangle in b1"),
    ("r1c3 r8c8", 9, 6, "r1c3 and r8c8 share no row or column"),
    ("r4c1 r4c9 r5c3", 9, 1, "an Empty Rectangle's strong link is two cells outside b1; "
                             "r4c19 r5c3 is 3"),
    ("r4c1 r4c5", 9, 1, "r4c5 has no candidate 9"),
])
def test_check_failing_conditions(dual, cells, digit, box, reason):
    r = check_pattern(dual, er_query(cells, digit, box))
    assert not r.ok and r.reason == reason


def test_check_failing_conditions_elsewhere():
    pos = apply_until_stuck(parse_position(qqwing("expert")[0]), SIMPLER)
    r = check_pattern(pos, er_query("", 1, box=1))
    assert not r.ok and r.reason == "the 1s of b1 do not lie on one row and one column"
    r = check_pattern(pos, er_query("r2c5 r3c5", 8, box=1))
    assert not r.ok and r.reason == "r3c5 lies on r3, which meets c2 inside b1"
    r = check_pattern(pos, er_query("r7c2 r7c6", 8, box=1))
    assert not r.ok and r.reason == "r2c6, where c6 crosses r2, has no candidate 8: nothing to remove"


# ------------------------------------------------------------------ the room

def test_room_fields(dual):
    t = get("empty-rectangle")
    assert (t.rank, t.family, t.name, t.label) == (130, "single-digit", "Empty Rectangle",
                                                   "Empty Rectangle")
    assert all(re.fullmatch(r"[a-z]+( [a-z]+)*", a) for a in t.aliases)
    assert "empty rectangle" in t.aliases and "er" in t.aliases
    for other, label, tip in t.confusions:
        assert other in REGISTRY and label.startswith("Empty Rectangle vs ") and tip
    step = next(s for s in find_all(dual, ["empty-rectangle"])
                if s.to_json()["box"] == "b1" and s.digits == (9,))
    keys = t.entry_keys(step)
    assert keys.cells == frozenset(cells_of("r1c1 r1c3 r2c1 r4c1 r4c9"))
    assert frozenset(cells_of("r4c1 r4c9")) in keys.alternatives
    # the box, then its ER row and column, as the step reads ("9 in b1 on r1 and c1")
    assert keys.lines == ((18,), (0,), (9,)) and keys.digits == frozenset({9})
    assert t.label_of(step) == "Empty Rectangle"
    assert [cell_name(i) for i in step.cells[-2:]] == step.to_json()["link"]


def plain_digit_ers(dm, d):
    """The finder's search written plainly: every ER box and pair of lines,
    every row or column link in the order strong_links gives them (rows,
    then columns), both ends as p.  The finder must list the same steps in
    the same order (logic solve takes the first)."""
    from tutor.engine.grid import HOUSE_MASK, cell_bits
    from tutor.engine.techniques.single_digit import empty_rectangle as er
    from tutor.engine.techniques.single_digit.two_links import strong_links
    links = [(a, b, er._line_of(a, b)) for (a, b), houses in strong_links(dm).items()
             if er._line_of(a, b) in houses]
    steps = []
    for box in range(9):
        cells = list(cell_bits(dm & HOUSE_MASK[18 + box]))
        for R, C in er.er_lines(cells):
            for a, b, line in links:
                for p, q in ((a, b), (b, a)):
                    t = er._target(box, R, C, p, q)
                    if t is not None and dm >> t & 1:
                        steps.append(er._step(d, box, R, C, cells, p, q, line, t))
    return steps


def test_the_search_lists_the_steps_of_the_plain_search_in_its_order():
    from tutor.engine.techniques.common import digit_masks
    from tutor.engine.techniques.single_digit import empty_rectangle as er
    found = 0
    for _, pos in sampled_positions(qqwing("expert")[:60], per_puzzle=5, seed=13):
        for d, dm in enumerate(digit_masks(pos)[1:], start=1):
            fast = [s.to_json() for s in er._digit_ers(dm, d)]
            assert fast == [s.to_json() for s in plain_digit_ers(dm, d)]
            found += len(fast)
    assert found >= 20
