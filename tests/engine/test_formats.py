import pytest

from tutor.engine.formats import (
    format_position, parse_braces, parse_givens, parse_pm, parse_position, to_braces, to_givens, to_pm,
)
from tutor.engine.grid import cells_name, parse_cells
from tutor.engine.position import PositionError
from tutor.engine.solve import apply_until_stuck


POINTING_PUZZLE = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."
BRACE_EXAMPLE = (
    "93{246}1{246}5{46}87{124}7{12456}{248}{23468}{23468}{13456}9{13456}{14}8{1456}9{346}7{13456}2"
    "{13456}{38}4971{68}2{35}{356}{12}573{26}984{16}{1238}6{123}{2458}{2458}{248}97{135}72{34}691"
    "{345}{35}851{34}{248}7{2348}{34}69698{45}{345}{34}712")
PM_EXAMPLE = """\
.----------------.--------------------.------------------.
| 9     3  246   | 1     246    5     | 46     8   7     |
| 124   7  12456 | 248   23468  23468 | 13456  9   13456 |
| 14    8  1456  | 9     346    7     | 13456  2   13456 |
:----------------+--------------------+------------------:
| 38    4  9     | 7     1      68    | 2      35  356   |
| 12    5  7     | 3     26     9     | 8      4   16    |
| 1238  6  123   | 2458  2458   248   | 9      7   135   |
:----------------+--------------------+------------------:
| 7     2  34    | 6     9      1     | 345    35  8     |
| 5     1  34    | 248   7      2348  | 34     6   9     |
| 6     9  8     | 45    345    34    | 7      1   2     |
'----------------'--------------------'------------------'"""


def test_the_three_formats_describe_the_same_position():
    after = apply_until_stuck(parse_position(POINTING_PUZZLE), ["singles"])
    assert to_braces(after) == BRACE_EXAMPLE
    assert to_pm(after) == PM_EXAMPLE
    assert parse_pm(PM_EXAMPLE) == parse_braces(BRACE_EXAMPLE) == after


def test_writers_round_trip():
    pos = parse_braces(BRACE_EXAMPLE)
    for fmt in ("braces", "pm"):
        assert parse_position(format_position(pos, fmt)) == pos
    givens = parse_givens(POINTING_PUZZLE)
    assert to_givens(givens) == POINTING_PUZZLE
    assert parse_position(to_givens(givens)) == givens


def test_pm_reader_tolerates_other_padding():
    squeezed = "\n".join(" ".join(line.split()) for line in PM_EXAMPLE.splitlines())
    assert parse_pm(squeezed) == parse_pm(PM_EXAMPLE)


def test_givens_ignore_line_breaks_and_accept_zero():
    grid = "\n".join(POINTING_PUZZLE[r * 9:(r + 1) * 9].replace(".", "0") for r in range(9))
    assert parse_position(grid) == parse_givens(POINTING_PUZZLE)


def test_single_candidate_braces_stay_unsolved():
    pos = parse_braces(BRACE_EXAMPLE.replace("{46}87", "{6}87", 1))
    assert pos.values[6] == 0 and pos.candidates(6) == (6,)
    assert "{6}" in to_braces(pos)


@pytest.mark.parametrize("text, message", [
    ("1" * 80, "a puzzle needs 81 cells, this one has 80"),
    ("." * 40 + "x" + "." * 40,
     "unknown character 'x' at r5c5 (use 1-9 for a digit and . or 0 for an empty cell)"),
    ("11" + "." * 79, "1 appears twice in r1: r1c1 and r1c2"),
    ("1" + "." * 8 + "1" + "." * 71, "1 appears twice in c1: r1c1 and r2c1"),
    ("{}" + "{123456789}" * 80, "r1c1 has no candidates"),
    ("{12}" * 80, "a candidate grid needs 81 cells, this one has 80"),
    ("{1a}" + "{1}" * 80, "unknown character 'a' in the candidates of r1c1"),
    ("1{12}" + "{23}" * 79, "r1c2 lists candidate 1, but its peer r1c1 already holds 1"),
    ("| 1 2 |\n| 3 |", "a pencil-mark grid needs 81 cells, this one has 3"),
    ("", "no position given"),
])
def test_bad_input_gets_one_clear_line(text, message):
    with pytest.raises(PositionError) as err:
        parse_position(text)
    assert str(err.value) == message
    assert "\n" not in str(err.value)


def test_cell_group_names():
    assert cells_name(parse_cells("r6c4 r6c5")) == "r6c45"
    assert cells_name(parse_cells("r2c3 r5c3")) == "r25c3"
    assert cells_name(parse_cells("r4c7 r5c7 r5c9")) == "r4c7 r5c79"
    assert cells_name(parse_cells("r1c2 r2c2 r3c2 r6c2 r8c2")) == "r12368c2"
    with pytest.raises(ValueError, match="'r0c1' is not a cell group"):
        parse_cells("r0c1")
