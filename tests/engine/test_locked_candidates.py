from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import parse_cell
from tutor.engine.solve import apply_until_stuck

POINTING_PUZZLE = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."
CLAIMING_PUZZLE = "...3.9...3.......564.....89.........89..2..51..6.5.8..5.1...7.8.3.5.4.2.7..1.2..3"


def after_singles(text):
    return apply_until_stuck(parse_position(text), ["singles"])


def test_reference_pointing_in_box5_on_5_removes_r6c9():
    pos = after_singles(POINTING_PUZZLE)
    steps = [s for s in find_all(pos, ["pointing"]) if s.digits == (5,) and s.to_json()["box"] == "b5"]
    assert len(steps) == 1
    step = steps[0]
    assert step.elimination_texts() == ["r6c9<>5"]
    assert step.text == ("Locked Candidates Type 1 (Pointing): 5 in b5 lies only on r6 "
                         "(r6c45) => r6c9<>5")
    # the pointing cells really are the only 5s of box 5
    box5_fives = [i for i in range(81) if pos.has(i, 5) and i // 27 == 1 and (i % 9) // 3 == 1]
    assert sorted(box5_fives) == list(step.cells)


def test_reference_claiming_on_7_in_row1_removes_r2c8():
    pos = after_singles(CLAIMING_PUZZLE)
    steps = [s for s in find_all(pos, ["claiming"]) if s.digits == (7,) and s.to_json()["line"] == "r1"]
    assert len(steps) == 1
    step = steps[0]
    assert "r2c8<>7" in step.elimination_texts()
    assert all(parse_cell(e.split("<>")[0]) // 9 in (1, 2) for e in step.elimination_texts())


def test_two_box_view_of_claiming_names_the_other_boxes():
    # b1 and b2 hold 7 only on rows 2 and 3, so b3 must take it on row 1
    pos = after_singles(CLAIMING_PUZZLE)
    step = next(s for s in find_all(pos, ["claiming"]) if s.digits == (7,) and s.to_json()["line"] == "r1")
    assert step.to_json()["two_box_view"] == "b1 and b2 hold 7 only on r23, so b3 has it on r1"


def test_single_cell_in_box_is_not_reported_as_pointing():
    pos = parse_position("1........" + "." * 72)
    assert all(len(s.cells) >= 2 for s in find_all(pos, ["locked-candidates"]))
