import pytest

from puzzle_helpers import load_lines, qqwing
from tutor.engine import exact
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


def test_the_compiled_solver_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert exact.COMPILED


@pytest.mark.skipif(exact._exact is None, reason="the C solver is not built here")
def test_both_solvers_give_the_same_count_and_first_solution():
    cases = [digits(f[0]) for f in TDOKU] + [digits(t) for t in qqwing("expert")[:20]]
    cases.append([0] * 81)
    counted = set()
    for values in cases:
        masks = [1 << (v - 1) if v else 0x1FF for v in values]
        for limit in (1, 2, 5):
            fast = exact._exact.count(masks, limit)
            assert fast == exact.solve_masks_py(masks, limit)
            counted.add(fast[0])
    assert {0, 1, 2, 5} <= counted         # none, one, and several up to each limit


def test_the_engine_asks_the_compiled_solver_when_it_is_built(monkeypatch):
    asked = []
    monkeypatch.setattr(exact, "COMPILED", True)
    monkeypatch.setattr(exact, "_exact", type("Spy", (), {"count": staticmethod(
        lambda masks, limit: asked.append(limit) or exact.solve_masks_py(masks, limit))}))
    assert solve_values(digits(qqwing("expert")[0]))[0] == 1
    assert asked == [2]


@pytest.mark.skipif(exact._exact is None, reason="the C solver is not built here")
@pytest.mark.parametrize("masks, error", [([0x1FF] * 80, ValueError), (None, TypeError),
                                          ([0x1FF] * 80 + ["1"], TypeError)])
def test_input_the_c_solver_cannot_read_raises_a_python_error(masks, error):
    with pytest.raises(error):
        exact._exact.count(masks, 2)
