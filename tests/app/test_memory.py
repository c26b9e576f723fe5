"""What keeps an app process small (tutor/app/memory.py, tutor/app/__init__.py,
the grid's line cache).  The figures themselves are in benchmarks/bench_app.py
(--memory); these tests check the mechanisms.  Whatever changes process-wide
state (the garbage collector, the imported modules) runs in a subprocess."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from app_helpers import EASY1, LOCKEDSET, make, settle, wait_rating

from tutor.app.widgets import grid as grid_mod


def run_py(code: str, **env) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                            text=True, timeout=60, env=dict(os.environ, **env))
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_app_process_does_not_load_openssl():
    code = f"""
        import sys
        from tutor.app import make_app
        app = make_app({EASY1!r}, save=False)
        import asyncio, textual.app
        print("ssl" in sys.modules)
        import ssl                      # still importable when something needs it
        print(ssl.OPENSSL_VERSION.split()[0])
    """
    assert run_py(code).splitlines() == ["False", "OpenSSL"]
    # switched off on request
    assert run_py(code, SUDOKU_TUTOR_ASYNCIO_SSL="1").splitlines()[0] == "True"


def test_settle_freezes_start_up_and_collects_cycles_sooner():
    out = run_py("""
        import gc
        from tutor.app import memory
        before = gc.get_threshold()
        memory.settle()
        print(before != memory.THRESHOLDS, gc.get_threshold() == memory.THRESHOLDS,
              gc.get_freeze_count() > 1000, memory.rss_mb() > 1)
    """)
    assert out == "True True True True"


async def test_memory_is_settled_after_the_rating(monkeypatch):
    from tutor.app import memory
    calls = []
    monkeypatch.setattr(memory, "settle", lambda: calls.append(1))
    app = make(EASY1)
    assert app.settle_memory is False            # only run_app() asks for it
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_rating(pilot)
        rating, app.play.rating = app.play.rating, ""
        app._settle_memory()                       # the rating not done yet: wait for it
        assert calls == [] and app._settle_tries == 1
        await pilot.pause(0.7)
        assert calls == [] and app._settle_tries >= 1     # (retried, still waiting)
        app.play.rating = rating                   # the rating arrives ...
        for _ in range(40):                        # ... and the next try, 0.5 s later, settles
            if calls:
                break
            await pilot.pause(0.1)
        assert calls == [1]
        app._settle_memory()                       # only once
        await pilot.pause(0.6)
        assert calls == [1]


async def test_the_grid_caches_segment_lists_within_a_bound(monkeypatch):
    monkeypatch.setattr(grid_mod, "LINE_CACHE_SIZE", 60)
    app = make(LOCKEDSET)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        grid = app.play.grid
        first = grid.text_lines()
        for k in range(40):
            grid.action_move(0, 1) if k % 3 else grid.action_move(1, 0)
            grid.text_lines()
            assert len(grid._line_cache) <= 60
        assert all(isinstance(v, list) for v in grid._line_cache.values())
        grid.update(cursor=40)
        again = grid.text_lines()
        grid._line_cache.clear()
        assert grid.text_lines() == again          # cached and fresh lines agree
        grid.update(cursor=app.play.grid.cursor)
        assert len(first) == len(again)
