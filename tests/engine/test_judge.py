"""The judge: every verdict kind, the reference examples, the pattern checks,
and properties over sampled QQWing positions."""
import random
import re

import pytest

from puzzle_helpers import all_qqwing, sampled_positions
from tutor.engine.registry import REGISTRY, find_all, ladder, next_step
from tutor.engine.formats import parse_position
from tutor.engine.grid import (
    BOX, COL, HOUSES, ROW, bit, cell_name, cells_name, parse_cell, parse_cells, sees,
)
from tutor.engine.judge import (
    Claim, ClaimError, Verdict, judge, parse_claim, resolve_technique, step_effect,
)
from tutor.engine.judge.verdict import next_step_text
from tutor.engine.registry import PatternQuery
from tutor.engine.registry import check_pattern as room_check
from tutor.engine.solve import apply_until_stuck, logic_solve
from tutor.engine.step import effects_text


def check_pattern(pos, tid, size, cells, items, label):
    """The room's pattern check, as the judge asks it."""
    return room_check(pos, PatternQuery(tid, tuple(cells), size=size, claim=tuple(items), label=label))


POINTING_PUZZLE = ".3.1.5.8...........8.....2...9.1.2...5.3.9.4..6.....7.7..6.1..851..7..69..8...7.."
CLAIMING_PUZZLE = "...3.9...3.......564.....89.........89..2..51..6.5.8..5.1...7.8.3.5.4.2.7..1.2..3"
SKYSCRAPER_PUZZLE = ".5.....9.3...2...5..2...68.....65....8.7..4.9...9.1.5...6.5..322.5..49...7..9.5.6"
EASY = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
SLOW_TECHNIQUES = set()     # finders left out of the property tests and fast_ladder


def needs(*ids):
    missing = [t for t in ids if t not in REGISTRY]
    if missing:
        pytest.skip(f"technique not registered yet: {', '.join(missing)}")


def after(text, techniques=("singles",)):
    return apply_until_stuck(parse_position(text), list(techniques))


@pytest.fixture
def fast_ladder(monkeypatch):
    """The ladder without the death-blossom finder, whose search takes up to
    seconds a position: verdicts that must look at every technique (true-
    unproved, covers) stay fast.  Its own test is below."""
    from tutor.engine import judge as judge_module
    for tid in SLOW_TECHNIQUES:
        if tid in REGISTRY:
            monkeypatch.delitem(REGISTRY, tid)
    judge_module.clear_cache()
    yield
    judge_module.clear_cache()


@pytest.fixture
def pointing_position():
    return after(POINTING_PUZZLE)


@pytest.fixture
def claiming_position():
    return after(CLAIMING_PUZZLE)


def c(i):
    return parse_cell(i)


# ------------------------------------------------------------------ claims

@pytest.mark.parametrize("text, elims, places", [
    ("r6c9<>5", ["r6c9<>5"], []),
    ("r6c9<>5,r6c8<>5", ["r6c8<>5", "r6c9<>5"], []),
    ("r6c9<>5, r6c8<>5", ["r6c8<>5", "r6c9<>5"], []),
    ("r6c9<>58", ["r6c9<>5", "r6c9<>8"], []),
    ("r6c9<>5,8", ["r6c9<>5", "r6c9<>8"], []),
    ("r6c89<>5", ["r6c8<>5", "r6c9<>5"], []),
    ("r25c3<>4", ["r2c3<>4", "r5c3<>4"], []),
    ("R6C9 <> 5", ["r6c9<>5"], []),
    ("r4c7 r5c79<>5", ["r4c7<>5", "r5c7<>5", "r5c9<>5"], []),
    ("r1c2=7", [], ["r1c2=7"]),
    ("r6c9<>5 r1c2=7", ["r6c9<>5"], ["r1c2=7"]),
    ("r6c9<>5; r6c9<>5", ["r6c9<>5"], []),
])
def test_parse_claim_forms(text, elims, places):
    claim = parse_claim(text)
    assert sorted(f"{cell_name(i)}<>{d}" for i, d in claim.eliminations) == elims
    assert [f"{cell_name(i)}={d}" for i, d in claim.placements] == places
    # text() round-trips
    assert parse_claim(claim.text()) == claim


def test_claim_text_lists_eliminations_then_placements():
    assert Claim(((c("r6c9"), 5),), ((c("r1c2"), 7),)).text() == "r6c9<>5, r1c2=7"


@pytest.mark.parametrize("text, bad", [
    ("", "empty"), ("r0c9<>5", "r0c9"), ("r6c9<>0", "r6c9<>0"), ("r6c9<>", "r6c9<>"),
    ("r6c9", "r6c9"), ("x6c9<>5", "x6c9<>5"), ("r6c9<>5,q", "q"), ("r1c23=7", "r1c23=7"),
    ("r1c2=78", "r1c2=78"), ("r6c9<5", "r6c9<5"),
])
def test_parse_claim_errors_name_the_bad_part(text, bad):
    with pytest.raises(ClaimError) as e:
        parse_claim(text)
    assert bad in str(e.value)


@pytest.mark.parametrize("name, ids, size", [
    ("naked pair", ("naked-subset",), 2), ("Naked Triple", ("naked-subset",), 3),
    ("hidden triple", ("hidden-subset",), 3), ("hidden-quad", ("hidden-subset",), 4),
    ("naked-subset", ("naked-subset",), None), ("Pointing", ("pointing",), None),
    ("box/line reduction", ("claiming",), None), ("Full House", ("naked-single",), None),
    ("locked-candidates", ("locked-subset", "pointing", "claiming"), None),
])
def test_technique_names_map_to_ids(name, ids, size):
    named = resolve_technique(name)
    assert named.ids == ids and named.size == size


@pytest.mark.parametrize("name, tid", [
    ("X-Wing", "x-wing"), ("xwing", "x-wing"), ("Skyscraper", "skyscraper"),
    ("2-String Kite", "two-string-kite"), ("simple colors", "simple-colours"),
    ("Swordfish", "swordfish"), ("Death Blossom", "death-blossom"), ("x-cycle", "x-cycle"),
])
def test_display_names_of_later_techniques(name, tid):
    needs(tid)
    assert resolve_technique(name).ids == (tid,)


# ------------------------------------------------------------------ reference examples: proved

def test_reference_locked_pair_r6c45_proves_r6c3(lockedset_position):
    pos = lockedset_position
    v = judge(pos, "r6c3<>3", by="naked-subset", pattern="r6c45")
    assert v.kind == "proved"
    assert v.technique == "naked-subset"
    assert v.steps[0].cells == tuple(parse_cells("r6c45"))
    assert "r6c45" in v.message
    # what else the pair removes: 3 and 8 from the rest of row 6 and box 5
    others = {(i, d) for h in (ROW[c("r6c4")], 18 + BOX[c("r6c4")]) for i in HOUSES[h]
              if i not in parse_cells("r6c45") for d in (3, 8) if pos.has(i, d)}
    assert set(v.also) == others - {(c("r6c3"), 3)}
    assert v.also and f"It also removes {effects_text(v.also)}." in v.message
    assert v.highlight["cells"] == parse_cells("r6c45")
    assert (c("r6c3"), 3) in v.highlight["eliminations"]


def test_same_pair_named_in_words(lockedset_position):
    v = judge(lockedset_position, "r6c3<>3", by="naked pair", pattern="r6c45")
    assert v.kind == "proved" and v.technique == "naked-subset"
    assert v.steps[0].to_json()["size"] == 2


def test_reference_pointing_example(pointing_position):
    for by in ("pointing", None, "locked-candidates"):
        v = judge(pointing_position, "r6c9<>5", by=by)
        assert v.kind == "proved", v.message
        assert v.technique == "pointing"
        assert v.steps[0].elimination_texts() == ["r6c9<>5"]
        assert "b5" in v.message
    # the 5s of box 5 really are only on row 6
    fives = [i for i in HOUSES[18 + 4] if pointing_position.has(i, 5)]
    assert fives and {ROW[i] for i in fives} == {5}


def test_reference_claiming_example(claiming_position):
    v = judge(claiming_position, "r2c8<>7", by="claiming")
    assert v.kind == "proved"
    assert v.technique == "claiming"
    step = v.steps[0]
    assert (c("r2c8"), 7) in step.eliminations
    assert step.to_json()["line"] == "r1"
    # also: every other 7 of box 3 off row 1
    box3_off = {(i, 7) for i in HOUSES[18 + 2] if ROW[i] != 0 and claiming_position.has(i, 7)}
    assert set(v.also) == box3_off - {(c("r2c8"), 7)}


def test_claimed_placement_by_a_single(lockedset_position):
    # the fixture is after all singles; applying the pair r6c45 opens new ones
    pos = lockedset_position.copy()
    sol = pos.solution()
    assert not find_all(pos, ["singles"])
    step = next(s for s in find_all(pos, ["naked-subset"]) if s.cells == tuple(parse_cells("r6c45")))
    pos.apply(step)
    singles = find_all(pos, ["singles"])
    assert singles
    for s in singles:
        (i, d), = s.placements
        assert sol[i] == d
        v = judge(pos, f"{cell_name(i)}={d}")
        assert v.kind == "proved" and v.technique in ("naked-single", "hidden-single")
        assert v.steps[0].placements == ((i, d),)
        v = judge(pos, f"{cell_name(i)}={d}", by=s.technique)
        assert v.kind == "proved" and v.technique == s.technique


def test_placement_consequences_count_as_proof():
    # a naked single placing r?c?=d also proves d gone from its peers
    pos = parse_position(EASY)
    step = find_all(pos, ["naked-single"])[0]
    (i, d), = step.placements
    peer = next(j for j in range(81) if sees(i, j) and pos.has(j, d))
    v = judge(pos, f"{cell_name(peer)}<>{d}", by="naked-single")
    assert v.kind == "proved"
    assert f"{cell_name(i)}={d}" in v.message


def test_two_steps_together(pointing_position, fast_ladder):
    pos = pointing_position
    steps = [s for s in find_all(pos) if s.eliminations]
    effects = [(s, step_effect(pos, s)) for s in steps]
    pick = None
    for a in steps:
        for b in steps:
            for ea in a.eliminations:
                for eb in b.eliminations:
                    want = {(ea[0], ea[1], False), (eb[0], eb[1], False)}
                    if len(want) == 2 and not any(want <= eff for _, eff in effects):
                        pick = (ea, eb)
                        break
                if pick:
                    break
            if pick:
                break
        if pick:
            break
    assert pick, "expected two eliminations no single step does"
    (i1, d1), (i2, d2) = pick
    v = judge(pos, f"{cell_name(i1)}<>{d1}, {cell_name(i2)}<>{d2}")
    assert v.kind == "proved"
    assert len(v.steps) >= 2
    assert "together" in v.message
    covered = set()
    for s in v.steps:
        covered |= {(i, d) for i, d, p in step_effect(pos, s) if not p}
    assert {(i1, d1), (i2, d2)} <= covered


def test_named_pattern_preferred_among_proving_steps(lockedset_position):
    # r6c3<>3 is removed by two different pairs: the named one is reported
    pos = lockedset_position
    provers = [s for s in find_all(pos, ["naked-subset"]) if (c("r6c3"), 3) in s.eliminations]
    assert len({s.cells for s in provers}) >= 2
    for s in provers:
        v = judge(pos, "r6c3<>3", by="naked-subset", pattern=cells_name(s.cells))
        assert v.kind == "proved" and v.steps[0].cells == s.cells


# ------------------------------------------------------------------ proved-other

def test_claiming_named_as_pointing_is_proved_other(claiming_position):
    pos = claiming_position
    assert not any((c("r2c8"), 7) in s.eliminations for s in find_all(pos, ["pointing"]))
    v = judge(pos, "r2c8<>7", by="pointing")
    assert v.kind == "proved-other"
    assert v.technique == "claiming"
    assert "Claiming" in v.message and "not a Pointing" in v.message


def test_skyscraper_named_as_x_wing_is_proved_other(fast_ladder):
    needs("skyscraper", "x-wing")
    pos = after(SKYSCRAPER_PUZZLE, ["singles", "locked-candidates", "locked-set"])
    sky = find_all(pos, ["skyscraper"])
    assert sky
    for s in sky:
        for i, d in s.eliminations:
            if any((i, d) in x.eliminations for x in find_all(pos, ["fish"])):
                continue
            simpler = [t.id for t in ladder() if t.rank < REGISTRY["skyscraper"].rank]
            if any((i, d) in x.eliminations for x in find_all(pos, simpler)):
                continue
            v = judge(pos, f"{cell_name(i)}<>{d}", by="x-wing")
            assert v.kind == "proved-other"
            assert v.technique == "skyscraper"
            assert "That is a Skyscraper, not an X-Wing" in v.message
            return
    pytest.fail("no skyscraper elimination left only to skyscrapers")


def test_size_matters_for_named_subsets(lockedset_position):
    # a claim only a triple (or larger) does, named as a pair, is proved-other
    pos = lockedset_position
    pairs = find_all(pos, ["locked-set"])
    by_pairs = {e for s in pairs if s.to_json()["size"] == 2 for e in s.eliminations}
    for s in pairs:
        if s.to_json()["size"] == 3 and not s.to_json()["hidden"]:
            for e in s.eliminations:
                if e not in by_pairs:
                    v = judge(pos, f"{cell_name(e[0])}<>{e[1]}", by="naked pair")
                    assert v.kind == "proved-other", v.message
                    assert "not a Naked Pair" in v.message
                    return
    pytest.skip("every triple elimination is also a pair elimination here")


# ------------------------------------------------------------------ false

def test_solution_digit_is_false(lockedset_position):
    pos = lockedset_position
    sol = pos.solution()
    i = c("r6c4")
    v = judge(pos, f"r6c4<>{sol[i]}")
    assert v.kind == "false"
    assert v.message.startswith(f"r6c4 is {sol[i]} in the solution")
    assert v.highlight["solution"] == [(i, sol[i])]
    assert not v.steps


def test_wrong_placement_is_false(lockedset_position):
    pos = lockedset_position
    sol = pos.solution()
    i = c("r6c4")
    wrong = next(d for d in pos.candidates(i) if d != sol[i])
    v = judge(pos, f"r6c4={wrong}")
    assert v.kind == "false"
    assert f"r6c4 is {sol[i]} in the solution, not {wrong}" in v.message


def test_one_false_item_makes_the_claim_false(lockedset_position):
    pos = lockedset_position
    sol = pos.solution()
    v = judge(pos, f"r6c3<>3, r6c4<>{sol[c('r6c4')]}")
    assert v.kind == "false"
    assert "r6c4" in v.message and "r6c3" not in v.message.split(".")[0]


def test_false_with_named_pattern_says_both(lockedset_position):
    pos = lockedset_position
    sol = pos.solution()
    d = sol[c("r6c4")]
    v = judge(pos, f"r6c4<>{d}", by="hidden pair", pattern="r6c45")
    assert v.kind == "false"
    assert f"r6c4 is {d} in the solution" in v.message
    m = re.search(r"(\d) also fits ([r\dc ]+), so ([\d,]+) are not confined to r6c45", v.message)
    assert m, v.message
    digit, where = int(m.group(1)), parse_cells(m.group(2))
    row6 = HOUSES[ROW[c("r6c4")]]
    assert all(pos.has(i, digit) and i in row6 and i not in parse_cells("r6c45") for i in where)
    assert set(v.highlight["failing"]) == set(where)


def test_false_with_fine_pattern_says_it_does_not_reach(lockedset_position):
    pos = lockedset_position
    sol = pos.solution()
    d = sol[c("r6c4")]
    v = judge(pos, f"r6c4<>{d}", by="naked pair", pattern="r6c45")
    assert v.kind == "false"
    assert f"r6c4 is {d} in the solution" in v.message
    assert "part of the set r6c45 itself" in v.message


# ------------------------------------------------------------------ true-unproved

def _unproved_candidates(pos):
    """Non-solution candidates no step found now removes (worked out here)."""
    sol = pos.solution()
    settled = set()
    for s in find_all(pos):
        settled |= {(i, d) for i, d, p in step_effect(pos, s) if not p}
    return [(i, d) for i in range(81) for d in pos.candidates(i)
            if d != sol[i] and (i, d) not in settled]


def test_true_unproved_names_simplest_step_and_distance(fast_ladder, without_forcing):
    pos = parse_position(EASY)
    found = _unproved_candidates(pos)
    assert found
    i, d = found[0]
    v = judge(pos, f"{cell_name(i)}<>{d}")
    assert v.kind == "true-unproved"
    assert v.message.startswith(f"True, but unproved: {cell_name(i)} is not {d} in the solution")
    hint = next_step(pos)
    # the step a teacher would show now: its technique and place, not its answer
    assert v.hint == hint and f"The step to look for now: {next_step_text(hint)}." in v.message
    assert hint.text.split(" => ")[-1] not in v.message
    # the distance: replay the simplest-first solve that many steps and look
    assert v.later is not None
    n = v.later["steps"]
    assert f"after {n} more step" in v.message
    walk = pos.copy()
    for s in logic_solve(pos).steps[:n]:
        walk.apply(s)
    assert walk.has(i, d)
    assert any((i, d, False) in step_effect(walk, s) for s in find_all(walk))


def test_true_unproved_on_several_positions(fast_ladder, without_forcing):
    rng = random.Random(11)
    seen = 0
    for _, pos in sampled_positions(rng.sample(all_qqwing(), 12), per_puzzle=1, seed=3):
        for i, d in _unproved_candidates(pos)[:2]:
            v = judge(pos, f"{cell_name(i)}<>{d}")
            assert v.kind == "true-unproved", v.message
            assert "yet no step the engine knows shows it here" in v.message
            seen += 1
    assert seen >= 5


def test_true_unproved_with_named_failing_pattern(fast_ladder, without_forcing):
    # (the LockedSet position has none left: the ALS chains remove every
    # false candidate there)
    pos = parse_position(EASY)
    found = _unproved_candidates(pos)
    assert found
    i, d = found[0]
    other = next(j for j in range(81) if sees(i, j) and not pos.values[j] and pos.cands[j] != pos.cands[i])
    v = judge(pos, f"{cell_name(i)}<>{d}", by="naked pair", pattern=cells_name([i, other]))
    assert v.kind == "true-unproved"
    assert "Your pattern" in v.message


# ------------------------------------------------------------------ invalid

@pytest.mark.parametrize("claim, words", [
    ("r0c1<>3", "r0c1"), ("r1c<>3", "r1c<>3"), ("nonsense", "nonsense"), ("", "empty"),
])
def test_malformed_claims_are_invalid(lockedset_position, claim, words):
    v = judge(lockedset_position, claim)
    assert v.kind == "invalid" and words in v.message


def test_solved_cell_and_missing_candidate_are_invalid(lockedset_position):
    pos = lockedset_position
    solved = next(i for i in range(81) if pos.values[i])
    v = judge(pos, f"{cell_name(solved)}<>{pos.values[solved]}")
    assert v.kind == "invalid"
    assert v.message == f"{cell_name(solved)} is already solved ({pos.values[solved]})."
    i = next(i for i in range(81) if not pos.values[i] and len(pos.candidates(i)) < 9)
    missing = next(d for d in range(1, 10) if not pos.has(i, d))
    v = judge(pos, f"{cell_name(i)}<>{missing}")
    assert v.kind == "invalid" and v.message == f"{cell_name(i)} has no candidate {missing}."
    v = judge(pos, f"{cell_name(i)}={missing}")
    assert v.kind == "invalid" and "has no candidate" in v.message


def test_several_solutions_and_no_solution_are_invalid():
    several = parse_position("." * 81)
    v = judge(several, "r1c1<>1")
    assert v.kind == "invalid" and "several solutions" in v.message
    # no solution although no house repeats a digit: r1c1 needs 1..9 minus row/col/box
    text = list(EASY)
    # put a 9 where the solution has something else in an otherwise legal spot
    pos = parse_position(EASY)
    sol = pos.solution()
    for i in range(81):
        if not pos.values[i]:
            for d in pos.candidates(i):
                if d != sol[i]:
                    text[i] = str(d)
                    broken = parse_position("".join(text))
                    if broken.solution_info()[0] == 0 and not broken.contradiction():
                        j = next(k for k in range(81) if not broken.values[k])
                        v = judge(broken, f"{cell_name(j)}<>{broken.candidates(j)[0]}")
                        assert v.kind == "invalid" and "no solution" in v.message
                        return
                    text[i] = "."
    pytest.fail("could not build a puzzle without solution")


def test_broken_position_is_invalid():
    pos = parse_position(EASY)
    i = next(i for i in range(81) if not pos.values[i])
    pos.cands[i] = 0
    j = next(j for j in range(81) if not pos.values[j] and j != i)
    v = judge(pos, f"{cell_name(j)}<>{pos.candidates(j)[0]}")
    assert v.kind == "invalid" and "broken" in v.message and cell_name(i) in v.message


def test_unknown_technique_and_bad_pattern_are_invalid(lockedset_position):
    v = judge(lockedset_position, "r6c3<>3", by="frobnicate")
    assert v.kind == "invalid" and "frobnicate" in v.message
    v = judge(lockedset_position, "r6c3<>3", by="naked pair", pattern="r6c4x")
    assert v.kind == "invalid" and "r6c4x" in v.message


# ------------------------------------------------------------------ pattern checks

def test_naked_pattern_names_cell_with_extra_digit(lockedset_position):
    pos = lockedset_position
    empty = [i for i in HOUSES[ROW[c("r6c4")]] if not pos.values[i]]
    for a in empty:
        for b in empty:
            if a < b and len(set(pos.candidates(a)) | set(pos.candidates(b))) > 2:
                v = judge(pos, "r6c3<>3", by="naked pair", pattern=cells_name([a, b]))
                m = re.search(r"(r\dc\d) also holds ([\d,]+), so (\S+) is not locked to ([\d,]+)", v.message)
                assert m, v.message
                cell, extra = parse_cell(m.group(1)), [int(x) for x in m.group(2).split(",")]
                locked = [int(x) for x in m.group(4).split(",")]
                assert cell in (a, b) and all(pos.has(cell, x) for x in extra)
                assert len(locked) == 2 and not set(extra) & set(locked)
                assert cell in v.highlight["failing"]
                return
    pytest.fail("no loose pair in row 6")


def test_cells_sharing_no_house(lockedset_position):
    pos = lockedset_position
    empty = [i for i in range(81) if not pos.values[i]]
    a = empty[0]
    b = next(j for j in empty if not sees(a, j) and j != a)
    v = judge(pos, "r6c3<>3", by="naked pair", pattern=cells_name([a, b]))
    assert f"{cell_name(a)} and {cell_name(b)} share no house" in v.message


def _xwing_position():
    """A position with a hand-made X-Wing: rows a, b keep digit d only in the
    two columns where the solution puts it (all four corners still hold d);
    only non-solution candidates are ever removed."""
    pos = parse_position(EASY)
    sol = pos.solution()
    for d in range(1, 10):
        col_of = {r: sol.index(d, r * 9, r * 9 + 9) - r * 9 for r in range(9)}
        for a in range(9):
            for b in range(a + 1, 9):
                ca, cb = col_of[a], col_of[b]
                corners = [r * 9 + k for r in (a, b) for k in (ca, cb)]
                spare = [a * 9 + k for k in range(9) if k not in (ca, cb) and pos.has(a * 9 + k, d)]
                if all(pos.has(i, d) for i in corners) and spare:
                    for r in (a, b):
                        for k in range(9):
                            if k not in (ca, cb):
                                pos.eliminate(r * 9 + k, d)
                    return pos, d, a, b, ca, cb, sol
    raise AssertionError("no X-Wing corners")


def test_x_wing_pattern_fine_and_failing():
    pos, d, a, b, ca, cb, sol = _xwing_position()
    corners = [r * 9 + k for r in (a, b) for k in (ca, cb)]
    report = check_pattern(pos, "x-wing", 2, corners, [], "X-Wing")
    assert report.ok
    expected = {(r * 9 + k, d) for k in (ca, cb) for r in range(9)
                if r not in (a, b) and pos.has(r * 9 + k, d)}
    assert report.removes == expected
    # give row a back a third d (one that is there in the original grid)
    orig = parse_position(EASY)
    third = next(a * 9 + k for k in range(9) if k not in (ca, cb) and orig.has(a * 9 + k, d))
    pos.cands[third] |= bit(d)
    report = check_pattern(pos, "x-wing", 2, corners, [], "X-Wing")
    assert not report.ok
    assert report.reason == f"r{a + 1} holds {d} in three cells, an X-Wing base row needs two"
    assert third in report.failing


def test_x_wing_claim_outside_cover_does_not_reach():
    pos, d, a, b, ca, cb, sol = _xwing_position()
    corners = [r * 9 + k for r in (a, b) for k in (ca, cb)]
    target = next((i for i in range(81) if pos.has(i, d) and ROW[i] not in (a, b)
                   and COL[i] not in (ca, cb)), None)
    if target is None:
        pytest.skip("no candidate off the cover")
    v = judge(pos, f"{cell_name(target)}<>{d}", by="x-wing", pattern=cells_name(corners))
    assert f"{cell_name(target)} is not in the cover columns" in v.message


def test_weak_link_is_named():
    needs("skyscraper")
    pos = after(SKYSCRAPER_PUZZLE, ["singles", "locked-candidates", "locked-set"])
    step = find_all(pos, ["skyscraper"])[0]
    d = step.digits[0]
    i, dd = step.eliminations[0]
    named = 0
    # swap one end for another cell of its row or column: some pair turns weak
    for end in step.cells:
        for h in (ROW[end], 9 + COL[end]):
            for other in [j for j in HOUSES[h] if pos.has(j, d) and j not in step.cells]:
                cells = [x for x in step.cells if x != end] + [other]
                v = judge(pos, f"{cell_name(i)}<>{dd}", by="skyscraper", pattern=cells_name(cells))
                assert "Your pattern" in v.message, v.message
                m = re.search(r"(r\dc\d) and (r\dc\d) are not linked strongly on (\d): (\S+) also holds? ",
                              v.message)
                if m:
                    x, y, extra = parse_cell(m.group(1)), parse_cell(m.group(2)), parse_cells(m.group(4))
                    assert int(m.group(3)) == d and sees(x, y)
                    assert all(pos.has(e, d) and sees(e, x) and sees(e, y) for e in extra)
                    assert set(extra) == set(v.highlight["failing"])
                    named += 1
    assert named


def test_pointing_pattern_with_digit_elsewhere_in_box(pointing_position):
    pos = pointing_position
    # the 5s of box 5 are on r6 only; name a box where 5 spreads over two rows
    for box in range(18, 27):
        fives = [i for i in HOUSES[box] if pos.has(i, 5)]
        rows = {ROW[i] for i in fives}
        if len(rows) >= 2 and len(fives) >= 3:
            r = ROW[fives[0]]
            on = [i for i in fives if ROW[i] == r]
            target = next((i for i in HOUSES[r] if pos.has(i, 5) and BOX[i] != box - 18), None)
            if target is None:
                continue
            v = judge(pos, f"{cell_name(target)}<>5", by="pointing", pattern=cells_name(on))
            off = [i for i in fives if ROW[i] != r]
            assert f"5 also fits {cells_name(off)} in b{box - 17}" in v.message, v.message
            return
    pytest.skip("no spread box")


def test_claiming_pattern_with_digit_outside_box(claiming_position):
    pos = claiming_position
    for r in range(9):
        sevens = [i for i in HOUSES[r] if pos.has(i, 7)]
        boxes = {BOX[i] for i in sevens}
        if len(boxes) == 2:
            b = BOX[sevens[0]]
            inside = [i for i in sevens if BOX[i] == b]
            outside = [i for i in sevens if BOX[i] != b]
            target = next((i for i in HOUSES[18 + b] if pos.has(i, 7) and ROW[i] != r), None)
            if target is None:
                continue
            v = judge(pos, f"{cell_name(target)}<>7", by="claiming", pattern=cells_name(inside))
            assert f"7 also fits {cells_name(outside)} in r{r + 1}, outside b{b + 1}" in v.message
            return
    pytest.skip("no row with 7 in two boxes")


def test_pattern_given_without_technique(lockedset_position):
    v = judge(lockedset_position, "r6c3<>3", pattern="r6c45")
    assert v.kind == "proved" and v.steps[0].cells == tuple(parse_cells("r6c45"))


# ------------------------------------------------------------------ properties

SAMPLE_PUZZLES = 150


@pytest.fixture(scope="module")
def sample():
    rng = random.Random(2024)
    puzzles = rng.sample(all_qqwing(), SAMPLE_PUZZLES)
    return sampled_positions(puzzles, per_puzzle=2, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(3))      # in parts, so that the test workers share it
def test_every_step_elimination_is_proved_by_its_own_technique(sample, part):
    """(The last resorts are credited from the premise a learner names:
    tests/engine/test_forcing.py and test_teaching_judge.py.)"""
    fast = [t.id for t in ladder() if t.id not in SLOW_TECHNIQUES and not t.last_resort]
    checked = 0
    for text, pos in sample[part::3]:
        for step in find_all(pos, fast):
            for i, d in step.eliminations:
                v = judge(pos, f"{cell_name(i)}<>{d}", by=step.technique)
                assert v.kind == "proved", f"{text}: {step.text}: {v.message}"
                assert v.technique == step.technique
                assert v.message
                checked += 1
            for i, d in step.placements:
                v = judge(pos, f"{cell_name(i)}={d}", by=step.technique)
                assert v.kind == "proved" and v.technique == step.technique, v.message
                checked += 1
    assert checked > 300


@pytest.mark.slow
def test_unnamed_claims_are_proved_no_harder_than_the_step(sample):
    fast = [t.id for t in ladder() if t.id not in SLOW_TECHNIQUES and not t.last_resort and not t.computed]
    from tutor.engine.judge import _tier
    for _, pos in sample[::3]:
        for step in find_all(pos, fast):
            for i, d in step.eliminations[:2]:
                v = judge(pos, f"{cell_name(i)}<>{d}")
                assert v.kind == "proved", v.message
                assert _tier(v.technique) <= _tier(step.technique)


def test_every_solution_digit_is_false(sample):
    for _, pos in sample:
        sol = pos.solution()
        for i in range(81):
            if not pos.values[i]:
                v = judge(pos, f"{cell_name(i)}<>{sol[i]}")
                assert v.kind == "false" and v.message == f"{cell_name(i)} is {sol[i]} in the solution."
                wrong = next((d for d in pos.candidates(i) if d != sol[i]), None)
                if wrong:
                    v = judge(pos, f"{cell_name(i)}={wrong}")
                    assert v.kind == "false" and v.message


def test_pattern_checks_agree_with_the_finders(sample):
    """The first-principles checks accept every instance the finders report
    and remove everything the step removes (two independent codes)."""
    techs = [t for t in ("pointing", "claiming", "naked-subset", "hidden-subset", "x-wing",
                         "swordfish", "jellyfish", "skyscraper", "two-string-kite", "turbot-fish",
                         "simple-colours") if t in REGISTRY]
    checked = 0
    for _, pos in sample[::2]:
        sol = pos.solution()
        for step in find_all(pos, techs):
            items = [(i, d, False) for i, d in step.eliminations]
            r = check_pattern(pos, step.technique, step.to_json().get("size"), list(step.cells), items,
                              step.technique)
            assert r is not None and r.ok, f"{step.text}: {r.reason}"
            assert r.covers(items), f"{step.text}: {r.misses(items)}"
            assert all(sol[i] != d for i, d in r.removes), step.text
            checked += 1
    assert checked > 100


def test_messages_never_empty_and_json_shape(sample, fast_ladder):
    rng = random.Random(9)
    for _, pos in sample[:40]:
        empty = [i for i in range(81) if not pos.values[i]]
        if not empty:
            continue
        i = rng.choice(empty)
        for claim in (f"{cell_name(i)}<>{pos.candidates(i)[0]}", f"{cell_name(i)}={pos.candidates(i)[-1]}",
                      "r1c1<>0"):
            v = judge(pos, claim)
            assert isinstance(v, Verdict) and v.message.strip()
            js = v.to_json()
            assert {"verdict", "technique", "step", "steps", "message"} <= set(js)
            assert js["verdict"] in ("proved", "proved-other", "true-unproved", "false", "invalid")


def test_death_blossom_claims():
    needs("death-blossom")
    pos = after(SKYSCRAPER_PUZZLE, ["singles", "locked-candidates", "locked-set"])
    steps = find_all(pos, ["death-blossom"])
    assert steps
    sol = pos.solution()
    for step in steps[:3]:
        for i, d in step.eliminations:
            v = judge(pos, f"{cell_name(i)}<>{d}", by="death-blossom")
            assert v.kind == "proved" and v.technique == "death-blossom"
    cell = steps[0].cells[0]
    v = judge(pos, f"{cell_name(cell)}<>{sol[cell]}", by="Death Blossom")
    assert v.kind == "false"


def test_fine_skyscraper_that_does_not_reach_the_claim():
    needs("skyscraper")
    pos = after(SKYSCRAPER_PUZZLE, ["singles", "locked-candidates", "locked-set"])
    for step in find_all(pos, ["skyscraper"]):
        d = step.digits[0]
        for target in range(81):
            if pos.has(target, d) and target not in step.cells and (target, d) not in step.eliminations:
                v = judge(pos, f"{cell_name(target)}<>{d}", by="skyscraper", pattern=cells_name(step.cells))
                m = re.search(r"(r\dc\d) does not see both ends (r\dc\d) and (r\dc\d)", v.message)
                assert m, v.message
                assert parse_cell(m.group(1)) == target
                u, w = parse_cell(m.group(2)), parse_cell(m.group(3))
                assert {u, w} <= set(step.cells) and not (sees(target, u) and sees(target, w))
                return
    pytest.fail("no cell outside a skyscraper's reach")


def test_single_patterns(lockedset_position):
    pos = lockedset_position.copy()
    step = next(s for s in find_all(pos, ["naked-subset"]) if s.cells == tuple(parse_cells("r6c45")))
    pos.apply(step)
    sol = pos.solution()
    for s in find_all(pos, ["hidden-single"]):
        (i, d), = s.placements
        v = judge(pos, f"{cell_name(i)}={d}", by="hidden single", pattern=cell_name(i))
        assert v.kind == "proved" and "Your pattern" not in v.message
        # the same digit in a cell where it has company in every house
        for j in range(81):
            if pos.has(j, d) and j != i and sol[j] != d:
                v = judge(pos, f"{cell_name(j)}={d}", by="hidden single", pattern=cell_name(j))
                assert v.kind == "false"
                m = re.search(rf"{d} also fits (\S+) in ([rcb]\d)", v.message)
                assert m, v.message
                assert all(pos.has(k, d) for k in parse_cells(m.group(1)))
                return
    pytest.skip("no hidden single after the pair")


def test_pattern_on_another_digit_is_named(lockedset_position):
    # r6c45 is locked to 3,8: as a one-digit pattern claimed on 5 it is not
    pos = lockedset_position
    v = judge(pos, "r6c3<>5", by="pointing", pattern="r6c45")
    assert "Your pattern r6c45 fails" in v.message
    v = judge(pos, "r6c9<>5", by="claiming", pattern="r6c45")
    assert "r6c45" in v.message


def test_claims_on_one_position_share_one_solve_on(monkeypatch):
    """Each true claim no step proves yet is followed by solving on until a
    step does it; the solve does not depend on the claim, so a second such
    claim on the same position reads the first one's walk instead of
    running every finder again along it."""
    from tutor.engine.judge import lookahead as look
    made = []
    real = look.Walk._next_level
    monkeypatch.setattr(look.Walk, "_next_level", lambda self: (made.append(1), real(self))[1])
    hard = apply_until_stuck(parse_position(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"), ["singles"])
    sol = hard.solution()
    unproved = []
    for i in range(81):
        if not hard.values[i] and len(unproved) < 2:
            wrong = [d for d in hard.candidates(i) if d != sol[i]]
            if wrong:
                v = judge(hard, f"{cell_name(i)}<>{wrong[0]}")
                if v.kind == "true-unproved":
                    unproved.append((i, wrong[0], v.message, len(made)))
    assert len(unproved) == 2
    (_, _, first, after_first), (_, _, second, after_second) = unproved
    assert after_first > 1 and after_second == after_first       # the walk was made once
    assert "Solving on" in first and "Solving on" in second
