import pytest

from puzzle_helpers import load_lines, qqwing
from tutor.engine.formats import parse_braces, parse_position
from tutor.engine.registry import resolve
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
        order = ["naked-single", "hidden-single", "locked-subset", "pointing", "claiming", "naked-subset",
                 "hidden-subset"]
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


def test_solve_up_to_stops_where_the_next_step_is_harder_than_the_limit():
    from tutor.engine.registry import get, next_step
    from tutor.engine.solve import solve_up_to
    for limit in ("singles", "hidden-single", "x-wing", "locked-set"):
        top = max(t.rank for t in resolve([limit]))
        for text in qqwing("expert")[:12]:
            pos = parse_position(text)
            result = solve_up_to(pos, limit)
            assert all(get(s.technique).rank <= top for s in result.steps)
            assert all(v in (0, s) for v, s in zip(result.position.values, pos.solution()))
            if result.status == "stuck":
                after = next_step(result.position)
                assert after is not None and get(after.technique).rank > top, (limit, text)
            else:
                assert result.status == "solved"
    # the start position is left as it was
    pos = parse_position(qqwing("expert")[0])
    before = (list(pos.values), list(pos.cands))
    solve_up_to(pos, "singles")
    assert (pos.values, pos.cands) == before


def test_solve_up_to_a_family_reaches_its_hardest_member():
    from tutor.engine.solve import ladder_up_to, levels
    assert [t.id for t in ladder_up_to("singles")] == ["naked-single", "hidden-single"]
    assert [t.id for t in ladder_up_to("hidden-single")] == ["naked-single", "hidden-single"]
    # the chains family ends with Grouped AIC: everything simpler comes too
    chains = [t.id for t in ladder_up_to("chains")]
    assert chains[-1] == "grouped-aic" and "xy-wing" in chains and "als-xz" not in chains
    assert "unique-rectangle" not in [t.id for t in ladder_up_to("chains", uniqueness=False)]
    order = [f for f, _ in levels()]
    assert order[:3] == ["singles", "locked-candidates", "locked-set"]
    assert order.index("wings") < order.index("chains") < order.index("als")
    assert "uniqueness" not in [f for f, _ in levels(uniqueness=False)]


def test_solve_up_to_an_unknown_name_says_which():
    import pytest
    from tutor.engine.registry import UnknownTechnique
    from tutor.engine.solve import solve_up_to
    with pytest.raises(UnknownTechnique, match="unknown technique 'wingz'"):
        solve_up_to(parse_position(qqwing("easy")[0]), "wingz")
