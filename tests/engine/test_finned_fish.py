"""Finned fish: Finned (and Sashimi) X-Wing, Swordfish, Jellyfish."""
import json
import re
from itertools import combinations

import pytest

from puzzle_helpers import (all_qqwing, assert_sound, effects_of, expected_set, qqwing,
                            sampled_positions, technique_cases)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import BOX, COL, HOUSES, ROW, bit, parse_cell
from tutor.engine.position import Position
from tutor.engine.registry import REGISTRY, PatternQuery, check_pattern, get
from tutor.engine.solve import apply_until_stuck

SIMPLER = ["singles", "locked-candidates", "locked-set"]
IDS = {2: "finned-x-wing", 3: "finned-swordfish", 4: "finned-jellyfish"}
CASE_TECHNIQUE = {"FinnedXWing": "finned-x-wing", "FinnedSwordfish": "finned-swordfish"}
CASES = [r for r in technique_cases() if r["technique"] in CASE_TECHNIQUE]


def cells_of(names):
    return [parse_cell(n) for n in names.split()]


def lines_text(letter, idx):
    return letter + "".join(str(k + 1) for k in sorted(idx))


def brute_force(pos):
    """[(digit, base text, cover text, fins, eliminations, sashimi)] for every
    finned fish, straight from the definition: any n lines, any n of the
    cross lines their candidates touch."""
    out = []
    for d in range(1, 10):
        for by_rows in (True, False):
            line, cross = (ROW, COL) if by_rows else (COL, ROW)
            held = {k: [i for i in HOUSES[k if by_rows else 9 + k] if pos.cands[i] & bit(d)
                        and not pos.values[i]] for k in range(9)}
            for n in (2, 3, 4):
                for base in combinations([k for k in range(9) if held[k]], n):
                    cells = [i for k in base for i in held[k]]
                    crosses = sorted({cross[i] for i in cells})
                    if len(crosses) > n + 3:        # fins in one box: at most 3 more lines
                        continue
                    for cover in combinations(crosses, n):
                        fins = [i for i in cells if cross[i] not in cover]
                        if not fins or len({BOX[i] for i in fins}) > 1:
                            continue
                        box = BOX[fins[0]]
                        if any(all(BOX[i] == box for i in held[k]) for k in base):
                            continue                # a line locked in the fin box: Claiming
                        elims = frozenset(i for i in range(81) if pos.cands[i] & bit(d)
                                          and not pos.values[i] and cross[i] in cover
                                          and line[i] not in base and BOX[i] == box)
                        if elims:
                            sashimi = any(sum(1 for i in held[k] if i not in fins) < 2 for k in base)
                            out.append((d, lines_text("rc"[not by_rows], base),
                                        lines_text("cr"[not by_rows], cover), frozenset(fins),
                                        elims, sashimi))
    return out


def check_all(pos, solution=None):
    """The finder against the brute force: the same instances, where covers
    with the same base, fin box and eliminations count once (fewest fins,
    then the lowest cover lines), the others listed in also_cover."""
    steps = find_all(pos, ["finned-fish"])
    if solution is not None:
        assert_sound(pos, steps, solution)
    groups = {}
    for d, base, cover, fins, elims, sashimi in brute_force(pos):
        key = (d, base, BOX[next(iter(fins))], elims)
        groups.setdefault(key, []).append((len(fins), cover, fins, sashimi))
    seen = {}
    for s in steps:
        d, base = s.digits[0], s.to_json()["base"]
        fins = frozenset(cells_of(" ".join(s.to_json()["fins"])))
        key = (d, base, BOX[next(iter(fins))], frozenset(i for i, _ in s.eliminations))
        assert key not in seen, f"reported twice: {s.text} and {seen[key]}"
        seen[key] = s.text
        assert key in groups, s.text
        best = min(groups[key], key=lambda g: (g[0], g[1]))
        assert (s.to_json()["cover"], fins, s.to_json()["sashimi"]) == (best[1], best[2], best[3]), s.text
        assert sorted(s.to_json()["also_cover"]) == sorted(g[1] for g in groups[key] if g is not best)
        assert IDS[s.to_json()["size"]] == s.technique and len(base) - 1 == s.to_json()["size"]
    assert set(seen) == set(groups)
    return steps


# ------------------------------------------------------------------ hand-checked

def places(pos, house, d):
    return [i for i in HOUSES[house] if pos.cands[i] & bit(d) and not pos.values[i]]


def test_finned_x_wing_by_hand():
    pos = parse_position(technique_cases("FinnedXWing")[0]["position"])
    # 7 in r3: c6, c9; in r7: c6, c7, c8, c9.  Cover c6, c9; fins r7c7, r7c8 (b9).
    # Column 9 crosses b9: r8c9 holds 7, off the base rows, so it goes.
    assert places(pos, 2, 7) == cells_of("r3c6 r3c9")
    assert places(pos, 6, 7) == cells_of("r7c6 r7c7 r7c8 r7c9")
    assert places(pos, 9 + 8, 7) == cells_of("r2c9 r3c9 r4c9 r7c9 r8c9")
    steps = check_all(pos, pos.solution())
    assert [s.text for s in steps] == ["Finned X-Wing: 7 r37 c69 fins r7c78 => r8c9<>7"]
    s = steps[0]
    assert s.name == "Finned X-Wing #7 BaseSet:R37 CoverSet:C69 fins r7c78"
    assert s.cells == tuple(cells_of("r3c6 r3c9 r7c6 r7c7 r7c8 r7c9"))
    assert s.houses == (2, 6, 14, 17, 26)
    data = json.loads(json.dumps(s.to_json()))
    assert (data["base"], data["cover"], data["fins"], data["fin_box"], data["sashimi"]) == \
        ("r37", "c69", ["r7c7", "r7c8"], "b9", False)


def test_sashimi_x_wing_and_finned_jellyfish_by_hand():
    pos = parse_position(technique_cases("FinnedXWing")[3]["position"])
    # 4 in r4: c4, c5, c9; in r8: c6, c9.  Cover c6, c9: r4 keeps only r4c9
    # without its fins r4c4, r4c5 (b5), so Sashimi.  c6 crosses b5: r5c6, r6c6.
    assert places(pos, 3, 4) == cells_of("r4c4 r4c5 r4c9")
    assert places(pos, 7, 4) == cells_of("r8c6 r8c9")
    # 6 in r3: c1, c3, c5, c6; r6: c2, c5, c6, c7; r7: c5, c7; r9: c2, c6.
    # Cover c2, c5, c6, c7 leaves the fins r3c1, r3c3 (b1); c2 crosses b1 at
    # r1c2.  The columns c1, c3, c4, c9 cover rows 1, 4, 5, 8 but for the same
    # two fins: the same removal seen the other way.
    assert [places(pos, r, 6) for r in (2, 5, 6, 8)] == [
        cells_of("r3c1 r3c3 r3c5 r3c6"), cells_of("r6c2 r6c5 r6c6 r6c7"),
        cells_of("r7c5 r7c7"), cells_of("r9c2 r9c6")]
    steps = check_all(pos, pos.solution())
    assert [s.text for s in steps] == [
        "Sashimi X-Wing: 4 r48 c69 fins r4c45 => r56c6<>4",
        "Finned Jellyfish: 6 r3679 c2567 fins r3c13 => r1c2<>6",
        "Finned Jellyfish: 6 c1349 r1458 fins r3c13 => r1c2<>6",
    ]
    assert steps[0].to_json()["sashimi"] is True and get("finned-x-wing").label_of(steps[0]) == \
        "Sashimi X-Wing"
    assert steps[1].to_json()["sashimi"] is False


def test_finned_swordfish_by_hand():
    pos = parse_position(technique_cases("FinnedSwordfish")[2]["position"])
    # 7 in r1: c4, c5, c7; r4: c1, c7; r5: c1, c6; r9: c4, c5, c6, c7.
    # r1 r4 r5 over c1 c6 c7: fins r1c4, r1c5 (b2), r1 keeps only c7: Sashimi,
    # c6 crosses b2 at r2c6.  r4 r5 r9 over the same columns: fins r9c4, r9c5
    # (b8), c6 crosses b8 at r8c6.
    assert [places(pos, r, 7) for r in (0, 3, 4, 8)] == [
        cells_of("r1c4 r1c5 r1c7"), cells_of("r4c1 r4c7"), cells_of("r5c1 r5c6"),
        cells_of("r9c4 r9c5 r9c6 r9c7")]
    steps = check_all(pos, pos.solution())
    assert [s.text for s in steps] == [
        "Sashimi Swordfish: 7 r145 c167 fins r1c45 => r2c6<>7",
        "Finned Swordfish: 7 r459 c167 fins r9c45 => r8c6<>7",
    ]


def test_a_position_with_none():
    start = parse_position(qqwing("expert")[10])
    pos = apply_until_stuck(start, SIMPLER + ["fish", "single-digit"])
    assert not pos.is_solved()
    assert check_all(pos) == [] and brute_force(pos) == []


def test_covers_with_the_same_removal_are_one_instance():
    # A drawn grid: only the 5s matter.  r1 holds 5 in c1, c8, c9; r4 and r7
    # in c1, c7; r2c7 is the one 5 of b3 off row 1.  With rows 1, 4, 7 the
    # cover is c1, c7 and one of c8, c9 (the other is the fin); both remove
    # only r2c7, so they are one Finned Swordfish.
    fives = cells_of("r1c1 r1c8 r1c9 r4c1 r4c7 r7c1 r7c7 r2c7 r2c2 r2c3 r3c2 r3c4 r3c5 "
                     "r5c2 r5c3 r5c5 r6c4 r6c5 r6c6 r8c2 r8c3 r8c6 r9c3 r9c4 r9c6")
    pos = Position([0] * 81, [bit(1) | bit(2) | (bit(5) if i in fives else 0) for i in range(81)])
    steps = [s for s in check_all(pos) if s.technique == "finned-swordfish"
             and s.to_json()["base"] == "r147"]
    assert [(s.text, s.to_json()["also_cover"]) for s in steps] == [
        ("Finned Swordfish: 5 r147 c178 fin r1c9 => r2c7<>5", ["c179"])]


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("/", 1)[-1])
def test_mit_cases(row):
    pos = parse_position(row["position"])
    steps = find_all(pos, [CASE_TECHNIQUE[row["technique"]]])
    assert effects_of(steps) == expected_set(row)
    check_all(pos, pos.solution())


def test_complete_on_early_and_mid_solve_positions():
    early = [apply_until_stuck(parse_position(t), ["singles"]) for t in qqwing("expert")[::15]]
    picks = [pos for _, pos in sampled_positions(all_qqwing()[::30], None, per_puzzle=2, seed=5)]
    found = 0
    for pos in early + picks:
        found += len(check_all(pos))
        for tid in IDS.values():
            # logic solve's cheaper call gives the finder's first step
            finder = REGISTRY[tid].finder
            assert finder.first(pos) == finder(pos)[:1]
    assert found > 20


@pytest.mark.slow
def test_sound_and_counts_stay_small_on_every_qqwing_puzzle():
    """Right after the singles (the early positions a learner meets) and where
    the simpler techniques stop, on all 900 puzzles: no step is wrong, and a
    position never holds more than a handful of finned fish of one size."""
    most = dict.fromkeys(IDS.values(), 0)
    for text in all_qqwing():
        start = parse_position(text)
        solution = start.solution()
        for after in (["singles"], SIMPLER):
            pos = apply_until_stuck(start, after)
            steps = find_all(pos, ["finned-fish"])
            assert_sound(pos, steps, solution)
            for tid in most:
                most[tid] = max(most[tid], sum(1 for s in steps if s.technique == tid))
    # measured: 13, 11 and 10 at most
    assert all(0 < n <= 16 for n in most.values()), most


# ------------------------------------------------------------------ the pattern check

@pytest.fixture(scope="module")
def case0():
    return parse_position(technique_cases("FinnedXWing")[0]["position"])


def houses(text):
    """'R37' -> (2, 6); 'C69' -> (14, 17)."""
    off = 0 if text[0] in "rR" else 9
    return tuple(off + int(ch) - 1 for ch in text[1:])


def fish_query(base, cover, digit, cells="", tech="finned-x-wing", claim=()):
    lines = tuple(houses(t) for t in (base, cover) if t)
    return PatternQuery(tech, cells=tuple(cells_of(cells)), digits=(digit,), lines=lines,
                        claim=tuple((parse_cell(c), digit, False) for c in claim))


def test_check_accepts_the_fish_and_says_why_not(case0):
    r = check_pattern(case0, fish_query("R37", "C69", 7, "r7c7 r7c8", claim=["r2c9"]))
    assert r.ok and r.label == "Finned X-Wing" and r.removes == {(parse_cell("r8c9"), 7)}
    assert r.why_not(parse_cell("r2c9"), 7, False) == \
        "Finned X-Wing #7 R37 C69 removes only cells of b9 that see the fins"
    assert r.why_not(parse_cell("r5c5"), 7, False) == "r5c5 is not in the cover columns C69"
    assert r.why_not(parse_cell("r3c9"), 7, False) == "r3c9 lies on a base row (R37)"
    # the pattern cells without lines: the check finds the base and cover
    r = check_pattern(case0, fish_query("", "", 7, "r3c6 r3c9 r7c6 r7c7 r7c8 r7c9"))
    assert r.ok and r.removes == {(parse_cell("r8c9"), 7)}


@pytest.mark.parametrize("base, cover, cells, reason", [
    ("R37", "C79", "r7c8", "r3c6 holds 7 outside the cover lines C79 and is not a fin"),
    ("R37", "C79", "", "the fins r3c6, r7c6 and r7c8 are not in one box"),
    ("R37", "C59", "", "c5 holds no candidate 7 of the base rows R37"),
    ("R378", "C69", "", "a Finned X-Wing has 2 base rows; r378 has 3"),
    ("R3", "C69", "", "a Finned X-Wing has 2 base rows; r3 has 1"),
    ("R37", "R69", "", "a Finned X-Wing has 2 cover columns crossing the base rows; r69 named"),
    ("R37", "C69", "r2c9", "r2c9 is not on the base rows R37"),
    ("R37", "C69", "r7c1", "r7c1 has no candidate 7"),
])
def test_check_failing_conditions(case0, base, cover, cells, reason):
    r = check_pattern(case0, fish_query(base, cover, 7, cells))
    assert not r.ok and r.reason == reason


def test_check_failing_conditions_elsewhere():
    pos = apply_until_stuck(parse_position(qqwing("expert")[0]), SIMPLER)
    for base, cover, digit, reason in [
        ("R17", "C27", 1, "r7 holds 1 only inside b7: that is Claiming, not a finned fish"),
        ("R12", "C47", 1, "Sashimi X-Wing #1 R12 C47 fins r1c2 r2c12 removes nothing: no cover "
                          "column crosses b1, the box of the fins"),
        ("R12", "C26", 2, "R12 C26 has no fin: that is a basic X-Wing"),
    ]:
        r = check_pattern(pos, fish_query(base, cover, digit))
        assert not r.ok and r.reason == reason


# ------------------------------------------------------------------ the rooms

def test_room_fields(case0):
    for size, tid in IDS.items():
        t = get(tid)
        assert t.rank == 200 + 10 * size and t.family == "finned-fish"
        word = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}[size]
        assert t.name == t.label == f"Finned {word}"
        assert all(re.fullmatch(r"[a-z]+( [a-z]+)*", a) for a in t.aliases)
        assert f"sashimi {word.lower().replace('-', ' ')}" in t.aliases
        assert t.confusions and all(other in REGISTRY for other, _, _ in t.confusions)
    assert {o for o, _, _ in get("finned-x-wing").confusions} == {"x-wing", "skyscraper"}
    step, = find_all(case0, ["finned-x-wing"])
    keys = get("finned-x-wing").entry_keys(step)
    # `Finned X-Wing #7 R37 C69 fin r7c78`: digit, base and cover in that order, fins
    assert keys.lines == (houses("R37"), houses("C69")) and keys.digits == frozenset({7})
    assert keys.alternatives == ()       # the fins alone do not name it: only with the lines
    from tutor.teaching.quiz import FindAllQuiz
    quiz = FindAllQuiz(case0, "finned-x-wing")
    assert quiz.submit("r7c78 #7").kind == "wrong"
    assert quiz.submit("Finned X-Wing #7 R37 C69 fin r7c78").kind == "found"
    assert keys.cells == frozenset(step.cells)
