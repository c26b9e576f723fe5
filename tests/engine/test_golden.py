"""Before/after: the CLI's steps, solve and check output, the quizzes'
verdicts and the name tables are what tests/data/golden.json recorded.

After a change made on purpose, record again with
`python tests/golden.py --regenerate` and read the diff of the data."""
from __future__ import annotations

import json

import pytest

import golden


# the record is replayed in parts, so that the test workers share it
PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_outputs_match_the_golden_record(part):
    old = json.loads(golden.DATA.read_text(encoding="utf-8"))
    assert len(old["positions"]) >= 300
    piece = golden.part_of(old, part, PARTS)
    assert piece["positions"] and piece["solves"]
    diff = golden.differences(piece, golden.replay(piece))
    assert not diff, "\n".join(diff)
