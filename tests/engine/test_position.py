from tutor.engine.formats import parse_position
from tutor.engine.grid import bit, parse_cell

PUZZLE = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."


def test_allowed_digits_are_those_no_filled_peer_holds():
    pos = parse_position(PUZZLE)
    r1c1 = parse_cell("r1c1")
    # row 1 holds 1,3,5,8; column 1 holds 7,8; box 1 holds 3,8
    assert pos.allowed(r1c1) == sum(bit(d) for d in (2, 4, 6, 9))
    assert pos.allowed(r1c1) == pos.cands[r1c1]


def test_clashes_name_the_peer_and_the_house():
    pos = parse_position(PUZZLE)
    r1c1, r1c2 = parse_cell("r1c1"), parse_cell("r1c2")
    pos.values[r1c1] = 3            # r1c2 already holds 3: same row and same box
    assert pos.clashes(r1c1) == [(r1c2, 0), (r1c2, 18)]
    assert pos.clashing_cells() == {r1c1, r1c2}
    assert pos.clashes(parse_cell("r2c2")) == []


def test_mistakes_against_the_solution():
    pos = parse_position(PUZZLE)
    sol = pos.solution()
    wrong_cell, lost_cell = parse_cell("r1c1"), parse_cell("r9c9")
    pos.values[wrong_cell] = next(d for d in pos.candidates(wrong_cell) if d != sol[wrong_cell])
    pos.cands[wrong_cell] = 0
    pos.eliminate(lost_cell, sol[lost_cell])
    assert pos.mistakes(sol) == ([wrong_cell], [lost_cell])
