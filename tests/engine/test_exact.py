import pytest

from puzzle_helpers import load_lines, qqwing
from tutor.engine.exact import solve_values
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSES
from tutor.engine.position import PositionError

TDOKU = [line.split(":") for line in load_lines("tdoku/test-puzzles.txt")]


def digits(text):
    return [int(c) if c in "123456789" else 0 for c in text]


@pytest.mark.parametrize("fields", TDOKU, ids=lambda f: f[0][:12])
def test_tdoku_solution_counts(fields):
    puzzle, count = fields[0], int(fields[1])
    found, solution = solve_values(digits(puzzle))
    assert found == min(count, 2)
    if len(fields) > 2 and count == 1:
        assert "".join(map(str, solution)) == fields[2]


def test_tdoku_set_has_unsolvable_and_ambiguous_puzzles():
    counts = {int(f[1]) for f in TDOKU}
    assert 0 in counts and any(c >= 2 for c in counts)


def test_solutions_are_valid_grids_that_keep_the_givens():
    for text in qqwing("expert")[:50]:
        found, sol = solve_values(digits(text))
        assert found == 1
        assert all(g in (0, s) for g, s in zip(digits(text), sol))
        assert all(sorted(sol[i] for i in h) == list(range(1, 10)) for h in HOUSES)


def test_position_reports_no_and_several_solutions():
    none = next(f[0] for f in TDOKU if f[1] == "0")
    many = next(f[0] for f in TDOKU if int(f[1]) >= 2)
    with pytest.raises(PositionError, match="no solution"):
        parse_position(none).require_unique()
    with pytest.raises(PositionError, match="several solutions"):
        parse_position(many).require_unique()
    assert parse_position(many).solution() is None
