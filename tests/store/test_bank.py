"""The practice bank's tables (tutor/store/bank.py), on SQLite and on
PostgreSQL: positions kept once per technique, drawn nearest a rating,
real ones before variants, never twice to one learner."""
from __future__ import annotations

import pytest

from tutor.store import Store, bank


@pytest.fixture
def store(store_target):
    s = Store.open(store_target)
    yield s
    s.close()


def _add(store, key, difficulty, kind="generated", technique="x-wing"):
    bank.add(store, technique, key, f"grid {key}", "." * 81, f"test:{key}", kind, difficulty, 2,
             "T r123456789 c123456789 d123456789" if kind == "variant" else "")


def test_a_position_is_kept_once_per_technique(store):
    _add(store, "a", 1500)
    _add(store, "a", 1700)                      # the same position again: ignored
    _add(store, "a", 1500, technique="swordfish")
    _add(store, "v", 1500, kind="variant")
    assert bank.counts(store) == {"x-wing": 1, "swordfish": 1}
    assert bank.counts(store, ["variant"]) == {"x-wing": 1}
    assert [b.difficulty for b in bank.all_of(store, "x-wing")] == [1500]
    assert bank.has(store, "swordfish") and not bank.has(store, "jellyfish")
    with pytest.raises(ValueError):
        _add(store, "b", 1500, kind="copied")


def test_draw_is_nearest_the_rating_real_before_variants_and_never_seen(store):
    for key, difficulty in (("easy", 1300), ("mid", 1500), ("hard", 1800)):
        _add(store, key, difficulty)
    _add(store, "twin", 1500, kind="variant")
    assert [b.pkey for b in bank.draw(store, "ann", "x-wing", 1750, limit=4)] == ["hard", "mid", "easy", "twin"]
    bank.mark_seen(store, "ann", "x-wing", "hard")
    bank.mark_seen(store, "ann", "x-wing", "hard")      # twice is once
    first = bank.draw(store, "ann", "x-wing", 1750)[0]
    assert (first.pkey, first.position, first.kind, first.instances) == ("mid", "grid mid", "generated", 2)
    assert bank.draw(store, "bob", "x-wing", 1750)[0].pkey == "hard"     # seen by ann only
    assert bank.seen(store, "ann", "x-wing") == {"hard"}
    for key in ("mid", "easy"):
        bank.mark_seen(store, "ann", "x-wing", key)
    last = bank.draw(store, "ann", "x-wing", 1750)
    assert [(b.pkey, b.kind, b.symmetry[:1]) for b in last] == [("twin", "variant", "T")]
    bank.mark_seen(store, "ann", "x-wing", "twin")
    assert bank.draw(store, "ann", "x-wing", 1750) == []
