"""Collecting the suite solves nothing: every xdist worker collects every
test module, and so does each `-k` or `make test-fast` run, so a puzzle
set solved at module level is paid for by every run, even when its tests
are left out.  Shared puzzle work is made when a test first asks
(tests/puzzle_helpers.py: solve_path, sampled_positions, rung_steps)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# collect the suite with the engine's solving entry points refused
COLLECT = """
import sys
import pytest
from tutor.engine import registry, solve

def refuse(*args, **kwargs):
    raise AssertionError("the engine was asked to solve while the tests were collected")

solve.logic_solve = registry.find_all = registry.next_step = refuse
sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "tests"]))
"""


@pytest.mark.slow
def test_collecting_the_suite_solves_nothing():
    run = subprocess.run([sys.executable, "-c", COLLECT], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
