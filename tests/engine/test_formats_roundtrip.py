"""Every format the CLI writes reads back to the same position: a property
over 300 mid-solve positions (81-char givens where they apply, brace grids,
PM grids), and how a PM grid from HoDoKu reads."""
from __future__ import annotations

import pytest
from puzzle_helpers import qqwing, sampled_positions

from tutor.engine.formats import (
    format_position, parse_braces, parse_pm, parse_position, to_braces, to_pm, write_braces,
)
from tutor.engine.grid import POPCOUNT
from tutor.engine.position import Position, PositionError


@pytest.fixture(scope="module")
def positions():
    picked = sampled_positions(qqwing("intermediate")[:60] + qqwing("expert")[:40], per_puzzle=3)
    return [pos for _, pos in picked]


def one_candidate_cells(pos: Position) -> list[int]:
    return [i for i in range(81) if not pos.values[i] and POPCOUNT[pos.cands[i]] == 1]


def test_the_sample_holds_what_the_formats_must_tell_apart(positions):
    assert len(positions) == 300
    # unsolved cells with a single candidate: a bare digit would read as placed
    assert sum(1 for pos in positions if one_candidate_cells(pos)) >= 50


def test_brace_grids_read_back(positions):
    for pos in positions:
        for text in (to_braces(pos), write_braces(pos), format_position(pos, "braces")):
            back = parse_position(text)
            assert back == pos, text
        # only the marked grid keeps a placed digit apart from a given
        assert parse_position(write_braces(pos)).givens == pos.givens
        assert parse_position(to_braces(pos)).givens == [v != 0 for v in pos.values]


def test_a_placed_digit_is_not_a_given_in_any_format_that_reads_it():
    """`+5` is a digit placed while solving (HoDoKu's library mark); a bare
    digit is a given.  The app's brace grid writes the mark; every reader takes it."""
    puzzle = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
    pos = parse_position(puzzle)
    pos.place(1, 7)
    text = write_braces(pos)
    assert text.startswith("2+7891") and parse_position(text).givens[:3] == [True, False, True]
    assert parse_position("+" + puzzle).givens[0] is False
    assert parse_position(puzzle).givens[0] is True
    grid = to_pm(pos).replace(" 7 ", "+7 ", 1)
    assert parse_pm(grid).givens[1] is False and parse_pm(grid).values[1] == 7
    for bad, where in (("+.", "r1c1"), ("2+" + puzzle[1:], "r1c2")):
        with pytest.raises(PositionError, match=where):
            parse_position(bad + "." * 79 if len(bad) < 5 else bad)


def test_pm_grids_read_back(positions):
    for pos in positions:
        text = format_position(pos, "pm")
        back = parse_position(text)
        assert back == pos, text
        # a lone candidate is written in braces, a placed digit bare
        for i in one_candidate_cells(pos):
            assert "{%d}" % pos.candidates(i)[0] in text


def test_givens_read_back_where_they_apply(positions):
    """81 chars hold digits only: the same position when its candidates are
    all the digits the placed ones allow."""
    fresh = [pos for pos in positions if Position.from_values(pos.values).cands == pos.cands]
    assert len(fresh) >= 30
    for pos in fresh:
        assert parse_position(format_position(pos, "givens")) == pos


def test_a_hodoku_pm_grid_reads_one_digit_as_placed():
    """HoDoKu writes a cell of one digit for a placed digit and reads it so;
    we read its grids the same way.  Its grid has no way to write an
    unsolved cell with one candidate: ours writes it in braces, {7}."""
    pos = parse_position("2.891.354....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3")
    assert pos.values[1] == 0 and pos.candidates(1) == (7,)
    grid = to_pm(pos)
    assert grid.splitlines()[1].split()[:3] == ["|", "2", "{7}"]
    assert parse_pm(grid) == pos
    placed = pos.copy()
    placed.place(1, 7)
    hodoku = to_pm(placed)                 # a placed 7: a bare digit, as HoDoKu writes it
    assert hodoku.splitlines()[1].split()[:3] == ["|", "2", "7"]
    assert parse_pm(hodoku) == placed and parse_pm(hodoku).values[1] == 7


def test_a_cell_without_written_candidates():
    """`.` is an unsolved cell whose candidates were never written (in a
    brace or a PM grid): it gets every digit its placed peers allow.  The
    writers use it for a cell left with no candidates."""
    pos = parse_braces("1{23}" + "." * 79)
    assert pos.candidates(2) == tuple(range(2, 10))       # not 1: r1c1 holds it
    assert pos.candidates(80) == tuple(range(1, 10))
    empty = Position([1] + [0] * 80, [0] * 81)
    assert write_braces(empty) == "1" + "." * 80
    assert parse_position(to_pm(empty)) == Position.from_values([1] + [0] * 80)
