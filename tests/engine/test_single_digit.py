"""Skyscraper, 2-String Kite and Turbot Fish: two strong links on one digit."""
import json

import pytest

from puzzle_helpers import all_qqwing, assert_sound, qqwing, sampled_positions
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, COL, HOUSES, ROW, bit, parse_cell, sees
from tutor.engine.solve import apply_until_stuck

UPPER = ".5.....9.3...2...5..2...68.....65....8.7..4.9...9.1.5...6.5..322.5..49...7..9.5.6"
LOWER = "56...........23.4.9.....18.6....14...592.486...16....3.36.....9.7.36...........34"
SIMPLER = ["singles", "locked-candidates", "locked-set"]
IDS = ("skyscraper", "two-string-kite", "turbot-fish")


def strong_houses(pos, d, a, b):
    """Houses in which a and b are the only two places of d."""
    out = []
    for h, cells in enumerate(HOUSES):
        if a in cells and b in cells and sum(1 for i in cells if pos.cands[i] & bit(d)) == 2:
            out.append(h)
    return out


def check_pattern(pos, step):
    """Re-derive a single-digit step from its four cells, without the finder."""
    d, = step.digits
    x2, x1, y1, y2 = step.cells
    assert len({x1, x2, y1, y2}) == 4
    hx, hy = strong_houses(pos, d, x1, x2), strong_houses(pos, d, y1, y2)
    assert hx and hy, step.text
    # exactly one pair of ends sees each other: the joined ends x1, y1
    assert sees(x1, y1)
    assert not sees(x1, y2) and not sees(x2, y1) and not sees(x2, y2), step.text
    expected = {(i, d) for i in range(81) if pos.cands[i] & bit(d)
                and i not in (x1, x2, y1, y2) and sees(i, x2) and sees(i, y2)}
    assert set(step.eliminations) == expected and expected
    # which technique it is, from the houses behind the links
    rows = any(h < 9 for h in hx) and any(h < 9 for h in hy)
    cols = any(9 <= h < 18 for h in hx) and any(9 <= h < 18 for h in hy)
    sky = (rows and COL[x1] == COL[y1]) or (cols and ROW[x1] == ROW[y1])
    row_col = ((any(h < 9 for h in hx) and any(9 <= h < 18 for h in hy))
               or (any(9 <= h < 18 for h in hx) and any(h < 9 for h in hy)))
    kite = not sky and row_col and BOX[x1] == BOX[y1]
    expected_id = "skyscraper" if sky else "two-string-kite" if kite else "turbot-fish"
    assert step.technique == expected_id, step.text
    return d, frozenset((frozenset((x1, x2)), frozenset((y1, y2))))


def cells_of(names):
    return tuple(parse_cell(n) for n in names.split())


def test_upper_reference_puzzle_has_three_skyscrapers_after_singles():
    start = parse_position(UPPER)
    pos = apply_until_stuck(start, ["singles"])
    steps = find_all(pos, ["skyscraper"])
    assert len(steps) == 3
    # By hand on the pencil marks after the singles:
    #  4: r2 holds it only in c3,c4 and r6 only in c3,c5; both meet in c3,
    #     so r2c4 or r6c5 is 4: r3c5 and r4c4 (seeing both) lose it.
    #  4: r3 only c1,c5 and r6 only c3,c5 meet in c5: r2c3 sees r3c1 and r6c3.
    #  7: c5 only r3,r8 and c8 only r2,r8 meet in r8: r2c6 sees r3c5 and r2c8.
    effects = {(s.digits[0], frozenset(s.elimination_texts())) for s in steps}
    assert effects == {
        (4, frozenset({"r3c5<>4", "r4c4<>4"})),
        (4, frozenset({"r2c3<>4"})),
        (7, frozenset({"r2c6<>7"})),
    }
    assert "Skyscraper: 4 in r2c4,r6c5 (connected by r26c3) => r3c5,r4c4<>4" in [s.text for s in steps]
    assert_sound(pos, steps, start.solution())
    for s in steps:
        check_pattern(pos, s)
    # Locked Candidates then removes r3c5<>4 (pointing) and one of the three goes
    assert len(find_all(apply_until_stuck(start, SIMPLER), ["skyscraper"])) == 2


def test_lower_reference_puzzle_skyscrapers():
    # With the usual definition (two parallel line links) this puzzle shows two
    # skyscrapers, not three, at the point the simpler techniques get stuck.
    start = parse_position(LOWER)
    pos = apply_until_stuck(start, SIMPLER)
    steps = find_all(pos, ["skyscraper"])
    # 9: c5 only r1,r6 and c7 only r2,r6 meet in r6 -> r1c8, r2c4 see r1c5 and r2c7.
    # 9: r2 only c4,c7 and r4 only c4,c8 meet in c4 -> r1c8, r6c7 see r2c7 and r4c8.
    assert {frozenset(s.elimination_texts()) for s in steps} == {
        frozenset({"r1c8<>9", "r2c4<>9"}), frozenset({"r1c8<>9", "r6c7<>9"})}
    assert_sound(pos, steps, start.solution())
    for s in steps:
        check_pattern(pos, s)


def stuck(level, index):
    start = parse_position(qqwing(level)[index])
    return start, apply_until_stuck(start, SIMPLER)


def test_two_string_kite_by_hand():
    start, pos = stuck("expert", 16)
    # 3 in r1 only r1c3, r1c4; 3 in c2 only r2c2, r5c2; r1c3 and r2c2 share b1.
    assert [i for i in HOUSES[0] if pos.has(i, 3)] == list(cells_of("r1c3 r1c4"))
    assert [i for i in HOUSES[9 + 1] if pos.has(i, 3)] == list(cells_of("r2c2 r5c2"))
    # So r1c4 or r5c2 is 3, and r5c4 (sees both) cannot be.
    assert pos.has(parse_cell("r5c4"), 3)
    steps = find_all(pos, ["two-string-kite"])
    kites = [s for s in steps if s.digits == (3,)]
    assert len(kites) == 1
    kite = kites[0]
    assert kite.elimination_texts() == ["r5c4<>3"]
    assert kite.name == "2-String Kite: 3 in r1c4,r5c2 (connected by r1c3,r2c2 in b1)"
    assert kite.to_json()["ends"] == ["r1c4", "r5c2"] and kite.to_json()["connected_by"] == "b1"
    assert json.loads(json.dumps(kite.to_json()))["links"] == [["r1c3", "r1c4"], ["r2c2", "r5c2"]]
    # the same pattern is not reported again under another id
    assert not [s for s in find_all(pos, ["skyscraper", "turbot-fish"]) if s.digits == (3,)]
    assert_sound(pos, steps, start.solution())


def test_turbot_fish_by_hand():
    start, pos = stuck("expert", 5)
    # 7 in b1 only r2c1, r3c3 (a box link, corner to corner); 7 in c9 only
    # r2c9, r4c9; r2c1 and r2c9 share r2.  So r3c3 or r4c9 is 7, and r4c3,
    # which sees both, loses it.
    assert [i for i in HOUSES[18] if pos.has(i, 7)] == list(cells_of("r2c1 r3c3"))
    assert [i for i in HOUSES[9 + 8] if pos.has(i, 7)] == list(cells_of("r2c9 r4c9"))
    steps = find_all(pos, ["turbot-fish"])
    assert len(steps) == 1
    t = steps[0]
    assert t.elimination_texts() == ["r4c3<>7"]
    assert t.text == "Turbot Fish: 7 r3c3 =7= r2c1 -7- r2c9 =7= r4c9 => r4c3<>7"
    assert t.to_json()["link_houses"] == ["b1", "c9"] and t.to_json()["connected_by"] == "r2"
    assert t.to_json()["chain"] == "(7)r3c3=r2c1-r2c9=r4c9"
    assert not find_all(pos, ["skyscraper", "two-string-kite"])
    assert_sound(pos, steps, start.solution())


def check_all(pos, solution):
    steps = find_all(pos, list(IDS))    # the family also holds the Empty Rectangle
    assert_sound(pos, steps, solution)
    keys = [check_pattern(pos, s) for s in steps]
    assert len(keys) == len(set(keys)), "an instance is reported twice"
    for s in steps:
        # never an X-Wing in disguise: the four cells never form a rectangle
        assert len({ROW[i] for i in s.cells}) > 2 or len({COL[i] for i in s.cells}) > 2
    return steps


@pytest.mark.slow
def test_sound_unique_and_rederivable_where_simpler_techniques_stop():
    counts = dict.fromkeys(IDS, 0)
    for text in all_qqwing():
        start = parse_position(text)
        pos = apply_until_stuck(start, SIMPLER)
        if pos.is_solved():
            continue
        for s in check_all(pos, start.solution()):
            counts[s.technique] += 1
    assert all(counts[t] > 50 for t in IDS), counts


@pytest.mark.slow
def test_sound_along_logic_paths():
    picks = sampled_positions(all_qqwing()[1::2], SIMPLER + ["fish", "single-digit"],
                              per_puzzle=2, seed=9)
    assert len(picks) >= 300
    solutions = {}
    found = 0
    for text, pos in picks:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        found += len(check_all(pos, solutions[text]))
    assert found > 0
