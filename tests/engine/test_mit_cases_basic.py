"""The MIT technique cases for singles, Locked Candidates and subsets: the
union of the engine's effects equals the case's full expected set."""
import pytest

from puzzle_helpers import effects_of, expected_set, technique_cases
from tutor.engine.registry import find_all
from tutor.engine.formats import parse_position

CASE_TECHNIQUE = {
    "naked_single": ("naked-single", None), "hidden_single": ("hidden-single", None),
    "locked_candidates_type1_pointing": ("pointing", None),
    "locked_candidates_type2_claiming": ("claiming", None),
    "naked_pair": ("naked-subset", 2), "naked_triple": ("naked-subset", 3),
    "naked_quad": ("naked-subset", 4), "hidden_pair": ("hidden-subset", 2),
    "hidden_triple": ("hidden-subset", 3), "hidden_quad": ("hidden-subset", 4),
}
CASES = [r for r in technique_cases() if r["technique"] in CASE_TECHNIQUE]


def test_every_basic_case_kind_is_present():
    assert {r["technique"] for r in CASES} == set(CASE_TECHNIQUE)


@pytest.mark.parametrize("row", CASES, ids=lambda r: r["source"].rsplit("/", 1)[-1])
def test_case_effects_match(row):
    technique, size = CASE_TECHNIQUE[row["technique"]]
    pos = parse_position(row["position"])
    steps = find_all(pos, [technique])
    if size:
        steps = [s for s in steps if s.to_json()["size"] == size]
    assert effects_of(steps) == expected_set(row)
