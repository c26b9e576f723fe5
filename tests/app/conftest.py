"""Fixtures for the app's Pilot tests: every app gets its own progress store
in a temporary directory (never the user's real one)."""
from __future__ import annotations

import pytest

from app_helpers import LOCKEDSET
from tutor.engine.formats import parse_position, to_braces
from tutor.engine.solve import apply_until_stuck


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SUDOKU_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield


@pytest.fixture
def store_path(tmp_path):
    return str(tmp_path / "tutor.db")


@pytest.fixture
def lockedset_braces():
    return to_braces(apply_until_stuck(parse_position(LOCKEDSET), ["singles"]), mark_placed=True)


