"""Basic fish: X-Wing, Swordfish, Jellyfish (rows or columns as base)."""
import json

import pytest

from puzzle_helpers import (all_qqwing, assert_sound, effects_of, expected_set,
                      sampled_positions, technique_cases)
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position
from tutor.engine.grid import HOUSES, bit
from tutor.engine.solve import apply_until_stuck

FISH = {"x_wing": "x-wing", "swordfish": "swordfish", "jellyfish": "jellyfish"}
SIZE = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
SIMPLER = ["singles", "locked-candidates", "locked-set"]


def check_fish(pos, step):
    """Re-derive a fish step from its base set alone, without the finder."""
    d = step.to_json()["digit"]
    size = step.to_json()["size"]
    assert SIZE[step.technique] == size
    base_kind = step.to_json()["base"][0]
    base = [int(ch) - 1 for ch in step.to_json()["base"][1:]]
    assert len(base) == size
    base_houses = [k if base_kind == "r" else 9 + k for k in base]
    cells = [i for h in base_houses for i in HOUSES[h] if pos.cands[i] & bit(d)]
    # every base line holds the digit; together they touch exactly `size` cross lines
    for h in base_houses:
        assert any(pos.cands[i] & bit(d) for i in HOUSES[h])
    cross = sorted({(i % 9 if base_kind == "r" else i // 9) for i in cells})
    assert len(cross) == size
    assert step.to_json()["cover"] == ("c" if base_kind == "r" else "r") + "".join(str(k + 1) for k in cross)
    cover_houses = [9 + k if base_kind == "r" else k for k in cross]
    expected = {(i, d) for h in cover_houses for i in HOUSES[h]
                if pos.cands[i] & bit(d) and i not in cells}
    assert set(step.eliminations) == expected and expected
    assert tuple(step.houses) == tuple(base_houses + cover_houses)
    assert tuple(step.cells) == tuple(sorted(cells))


def test_reference_swordfish_and_jellyfish(lockedset_position):
    pos = lockedset_position
    solution = pos.solution()
    steps = find_all(pos, ["fish"])
    names = [s.name for s in steps]
    assert "Swordfish #3 BaseSet:R348 CoverSet:C136" in names
    assert "Jellyfish #3 BaseSet:R2348 CoverSet:C1346" in names
    sword = steps[names.index("Swordfish #3 BaseSet:R348 CoverSet:C136")]
    jelly = steps[names.index("Jellyfish #3 BaseSet:R2348 CoverSet:C1346")]
    # By hand: 3 in r3 sits in c3,c6; in r4 in c1,c3,c6; in r8 in c1,c3,c6.
    # So c1, c3, c6 get their 3 inside rows 3, 4, 8: r2c1, r2c6, r5c6, r6c3 lose it.
    assert sword.elimination_texts() == ["r2c1<>3", "r2c6<>3", "r5c6<>3", "r6c3<>3"]
    assert sword.text == "Swordfish: 3 r348 c136 => r2c16,r5c6,r6c3<>3"
    # Row 2 adds c4 (r2c4 holds 3): c1,c3,c4,c6 are then covered by rows 2,3,4,8.
    assert jelly.elimination_texts() == ["r5c6<>3", "r6c3<>3", "r6c4<>3"]
    assert jelly.to_json()["contains_smaller"] is True
    assert sword.to_json()["contains_smaller"] is False
    for s in steps:
        check_fish(pos, s)
    assert_sound(pos, steps, solution)
    assert json.loads(json.dumps(sword.to_json()))["base"] == "r348"


def test_step_data_and_order(lockedset_position):
    steps = find_all(lockedset_position, ["swordfish"])
    assert [s.to_json()["size"] for s in steps] == [3] * len(steps)
    assert steps == sorted(steps, key=lambda s: (s.houses, s.digits))
    s = steps[0]
    assert s.technique == "swordfish" and s.digits == (3,)
    data = s.to_json()
    assert {"digit", "base", "cover", "size"} <= set(data)
    assert data["houses"][:3] == ["r3", "r4", "r8"] and data["houses"][3:] == ["c1", "c3", "c6"]


CASES = [r for r in technique_cases() if r["technique"] in FISH]


def test_every_fish_case_kind_is_present():
    assert {r["technique"] for r in CASES} == set(FISH)


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("/", 1)[-1])
def test_mit_case_union_matches(row):
    pos = parse_position(row["position"])
    steps = find_all(pos, [FISH[row["technique"]]])
    assert effects_of(steps) == expected_set(row)
    assert_sound(pos, steps, pos.solution())
    for s in steps:
        check_fish(pos, s)


@pytest.mark.slow
def test_fish_on_qqwing_are_sound_unique_and_rederivable():
    found = 0
    for text in all_qqwing():
        start = parse_position(text)
        pos = apply_until_stuck(start, SIMPLER)
        if pos.is_solved():
            continue
        solution = start.solution()
        steps = find_all(pos, ["fish"])
        assert_sound(pos, steps, solution)
        keys = [(s.to_json()["digit"], s.to_json()["base"], s.to_json()["cover"]) for s in steps]
        assert len(keys) == len(set(keys))
        for s in steps:
            check_fish(pos, s)
        found += len(steps)
    assert found > 20


@pytest.mark.slow
def test_fish_sound_along_logic_paths():
    picks = sampled_positions(all_qqwing()[::2], SIMPLER + ["fish", "single-digit"],
                              per_puzzle=2, seed=5)
    solutions = {}
    count = 0
    for text, pos in picks:
        if text not in solutions:
            solutions[text] = parse_position(text).solution()
        steps = find_all(pos, ["fish"])
        assert_sound(pos, steps, solutions[text])
        count += len(steps)
    assert len(picks) >= 300 and count > 0

