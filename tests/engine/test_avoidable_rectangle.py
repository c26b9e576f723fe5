"""Avoidable Rectangle, types 1 and 2: the deadly pattern on digits placed
while solving (never on givens).  HoDoKu's documented example, hand-made
type 2 positions, the formats that cannot tell a given from a placed digit
(silent), the pattern check's conditions, and soundness over shipped
puzzles solved forward."""
from __future__ import annotations

import pytest

from puzzle_helpers import assert_sound, qqwing
from tutor.engine.formats import parse_position
from tutor.engine.grid import parse_cells
from tutor.engine.judge import resolve_technique
from tutor.engine.registry import PatternQuery, check_pattern, find_all
from tutor.engine.solve import logic_solve

AR = "avoidable-rectangle"

# HoDoKu's example "Avoidable Rectangle Type 1" (ar101): digits marked `+`
# were placed while solving; its library line also removes 6 from r3c9.
HODOKU_AR1 = ("+95+4+3..+1.+7+76+15.42..+2+38.71...4+1...36.8.+2....+9.+189.1..7..3..."
              "+1+9.+7+2..+92.7+31.+172.3..9.")


def hodoku_ar1():
    pos = parse_position(HODOKU_AR1)
    pos.eliminate(parse_cells("r3c9")[0], 6)
    return pos


def texts(pos):
    return [s.text for s in find_all(pos, [AR])]


def test_type1_of_hodokus_example():
    """r1c1=9, r1c9=7, r2c1=7 were placed, not given: were r2c9 a 9 the
    four corners could swap 7 and 9, so r2c9<>9."""
    pos = hodoku_ar1()
    assert "Avoidable Rectangle Type 1: 7/9 r12c19 => r2c9<>9" in texts(pos)
    step = next(s for s in find_all(pos, [AR]) if s.eliminations == ((17, 9),))
    assert step.to_json()["type"] == 1
    assert step.to_json()["solved_cells"] == ["r1c1", "r1c9", "r2c1"]


def test_the_same_digits_as_givens_prove_nothing():
    """Without the `+` marks every digit is a given (a pasted grid cannot
    tell): the rectangle cannot be swapped, and the technique stays silent."""
    pos = parse_position(HODOKU_AR1.replace("+", ""))
    pos.eliminate(parse_cells("r3c9")[0], 6)
    assert texts(pos) == []
    braces = parse_position(str(hodoku_ar1()))       # a brace grid without marks
    assert texts(braces) == []


def test_the_judge_tells_placed_from_given_digits_of_one_grid():
    """Two positions with the same digits and candidates, one with placed
    digits marked, one with every digit given: the judge keeps what it
    learnt about each apart (it used to answer the second from the first)."""
    from tutor.engine.judge import judge
    placed = hodoku_ar1()
    given = parse_position(HODOKU_AR1.replace("+", ""))
    given.eliminate(parse_cells("r3c9")[0], 6)
    assert placed.key() == given.key() and placed.givens != given.givens
    v = judge(placed, "r2c9<>9", by=AR)
    assert v.kind == "proved" and v.technique == AR
    v = judge(given, "r2c9<>9", by=AR)
    assert v.technique != AR, v.message
    v = judge(placed, "r2c9<>9", by=AR)         # and back again
    assert v.kind == "proved" and v.technique == AR


def test_every_step_is_sound_on_the_example():
    pos = hodoku_ar1()
    assert_sound(pos, find_all(pos, [AR]), pos.solution())


# Expert QQWing puzzle 18 after 47 steps of its logic solve (`+` marks the
# digits placed while solving).
TYPE2 = ("+3+9{25}6+1{25}8+4+74{256}{258}{239}{358}+7{359}{15}{136}1{567}{578}{39}{358}4{359}+2{36}"
         "+7+4+6+52+31+9+8{29}{2}38+4+167+5+5+8+17+9+62+34{2}39{24}+6+87{15}{12}8{257}{257}1{35}9+46"
         "{23}+6+14{23}7{25}{35}89")


def test_type2_two_solved_corners_and_one_shared_extra_digit():
    """r4c4=5 and r4c6=3 were placed; across from them r9c4 holds 2,3 and
    r9c6 2,5.  Were neither 2, they would be 3 and 5 and the four corners
    could swap: so one of them is 2, and r7c4, which sees both, is not."""
    pos = parse_position(TYPE2)
    steps = find_all(pos, [AR])
    assert [s.text for s in steps] == ["Avoidable Rectangle Type 2: 3/5 r49c46 => r7c4<>2"]
    assert steps[0].to_json()["extra_digit"] == 2
    assert steps[0].to_json()["solved_cells"] == ["r4c4", "r4c6"]
    assert_sound(pos, steps, pos.solution())


def test_names_and_the_pattern_check():
    assert resolve_technique("avoidable rectangle").ids == (AR,)
    assert resolve_technique("AR type 2").ids == (AR,)
    pos = hodoku_ar1()
    ok = check_pattern(pos, PatternQuery(AR, parse_cells("r1c1 r2c9"), label="Avoidable Rectangle"))
    assert ok.ok and ok.removes == {(17, 9)}
    given = check_pattern(pos, PatternQuery(AR, parse_cells("r12c29"), label="AR"))
    assert not given.ok and given.reason == "r1c2 is a given, so the rectangle cannot be swapped"
    three = check_pattern(pos, PatternQuery(AR, parse_cells("r13c19"), label="AR"))
    assert not three.ok
    assert three.reason == "the solved corners r1c19 r3c1 hold 2,7,9: a deadly pattern holds two digits"
    other = check_pattern(pos, PatternQuery(AR, parse_cells("r23c19"), label="AR"))
    assert not other.ok and "one same extra digit" in other.reason
    shape = check_pattern(pos, PatternQuery(AR, parse_cells("r1c1 r2c2 r3c3"), label="AR"))
    assert not shape.ok and "four corners" in shape.reason


def test_a_learner_placing_digits_in_the_app_meets_it():
    """The app's game keeps the givens apart from what the learner places,
    so the engine sees placed digits as swappable."""
    from tutor.app.game import Game
    puzzle = "..9...6...7.....49....58.7..5.8..7.23............7..5....32.......6..98...37.5..6"
    game = Game.from_text(puzzle)
    walk = game.engine_position()
    for step in logic_solve(walk.copy()).steps[:34]:
        for i, d in step.placements:
            game.place(i, d)
        for i, d in step.eliminations:
            if game.position.has(i, d):
                game.toggle_candidate(i, d)
    pos = game.engine_position()
    assert "Avoidable Rectangle Type 1: 3/6 r24c56 => r4c6<>6" in texts(pos)
    # the same digits typed as a puzzle of givens: silent
    assert texts(parse_position("".join(str(v) if v else "." for v in pos.values))) == []


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "intermediate", "expert"])   # side by side
def test_sound_along_every_qqwing_solve(level):
    """Along the logic solve of every shipped QQWing puzzle, played forward
    from its givens, no Avoidable Rectangle removes a solution digit."""
    found = 0
    for text in qqwing(level):
        pos = parse_position(text)
        solution = pos.solution()
        walk = pos.copy()
        for step in logic_solve(pos).steps:
            steps = find_all(walk, [AR])
            assert_sound(walk, steps, solution)
            found += len(steps)
            walk.apply(step)
    assert found > 100 or level != "expert"     # the easier levels solve before one shows


def test_silent_where_the_givens_alone_have_several_solutions():
    """Marked as placed, every digit could belong to another solution of
    the givens (here: none), so the swap proves nothing."""
    text = "".join(ch if ch in "+." else "+" + ch for ch in HODOKU_AR1.replace("+", ""))
    pos = parse_position(text)
    pos.eliminate(parse_cells("r3c9")[0], 6)
    assert not any(pos.givens) and pos.solution() is not None
    assert texts(pos) == []
    report = check_pattern(pos, PatternQuery(AR, parse_cells("r1c1 r2c9"), label="AR"))
    assert not report.ok and report.reason.startswith("the givens alone have several solutions")
