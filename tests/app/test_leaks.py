"""Memory Textual held after its widgets had gone (tutor/app/leaks.py)."""
from __future__ import annotations

import gc

from app_helpers import make, settle


def _styles_caches() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o).__name__ == "StylesCache")


def test_a_styles_cache_is_freed_once_its_widget_is_gone():
    from textual._styles_cache import StylesCache
    from textual.color import Color
    from tutor.app import leaks
    leaks.free_styles_caches()
    before = _styles_caches()
    caches = [StylesCache() for _ in range(50)]
    for k, cache in enumerate(caches):
        inner, outer = cache.get_inner_outer(Color(k, 0, 0), Color(0, k, 0))
        assert inner is not None and outer is not None
    del caches, cache
    assert _styles_caches() == before


async def test_opening_and_closing_the_lessons_leaves_little_behind():
    app = make()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        before = _styles_caches()
        for _ in range(4):
            await pilot.press("L")
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        # each round mounts about 50 widgets; before the fix every one of them
        # stayed (+52 a round); a few stay now (+4)
        assert _styles_caches() - before < 4 * 10
