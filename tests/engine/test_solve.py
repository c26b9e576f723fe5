import pytest

from puzzle_helpers import load_lines, qqwing
from tutor.engine.formats import parse_braces, parse_position
from tutor.engine.solve import logic_solve


def test_easy_puzzles_solve_with_singles_and_match_the_solution():
    for text in qqwing("easy")[:30]:
        pos = parse_position(text)
        result = logic_solve(pos, ["singles"])
        assert result.status == "solved"
        assert result.position.values == pos.solution()
        assert set(result.counts) <= {"naked-single", "hidden-single"}
        assert sum(result.counts.values()) == len(result.steps) == 81 - sum(1 for v in pos.values if v)


def test_hardest_is_the_highest_ranked_technique_used():
    for text in qqwing("intermediate")[:40]:
        result = logic_solve(parse_position(text), ["singles", "locked-candidates", "locked-set"])
        used = set(result.counts)
        order = ["naked-single", "hidden-single", "pointing", "claiming", "naked-subset", "hidden-subset"]
        assert result.hardest == max(used, key=order.index)


def test_singles_only_gets_stuck_on_an_expert_puzzle_and_says_so():
    stuck = [logic_solve(parse_position(t), ["singles"]) for t in qqwing("expert")[:20]]
    assert any(r.status == "stuck" for r in stuck)
    for r in stuck:
        if r.status == "stuck":
            assert not r.position.is_solved() and r.problem is None


def test_contradiction_names_the_cell_without_candidates():
    # r1c1 sees 1-8 in its row and 9 in its column
    text = ".12345678" + "9........" + "." * 63
    result = logic_solve(parse_position(text))
    assert result.status == "contradiction"
    assert result.problem == "r1c1 has no candidates left"


def test_contradiction_names_the_house_without_a_place_for_a_digit():
    # every empty cell of box 1 has lost candidate 5
    text = "{12346789}" * 9 + "{123456789}" * 72
    result = logic_solve(parse_braces(text))
    assert result.status == "contradiction"
    assert result.problem == "r1 has no place left for 5"


@pytest.mark.slow
def test_unsolvable_tdoku_puzzles_end_in_contradiction_or_stuck():
    for fields in (line.split(":") for line in load_lines("tdoku/test-puzzles.txt")):
        if fields[1] == "0":
            result = logic_solve(parse_position(fields[0]))
            assert result.status in ("contradiction", "stuck")
            assert result.status != "solved"
