"""Before/after: the CLI's steps, solve and check output, the quizzes'
verdicts and the name tables are what tests/data/golden.json recorded.

After a change made on purpose, record again with
`python tests/golden.py --regenerate` and read the diff of the data."""
from __future__ import annotations

import json

import pytest

import golden


@pytest.mark.slow
def test_outputs_match_the_golden_record():
    old = json.loads(golden.DATA.read_text(encoding="utf-8"))
    assert len(old["positions"]) >= 300
    diff = golden.differences(old, golden.replay(old))
    assert not diff, "\n".join(diff)
