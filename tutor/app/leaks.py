"""Memory Textual holds on to after the widgets that made it are gone.

* `free_styles_caches()`: Textual 8.2's `StylesCache.get_inner_outer` is an
  `lru_cache(1024)` on a method whose first parameter is named `cls` but
  which has no `@classmethod`: each widget's StylesCache becomes part of a
  cache key, and with it the widget's rendered lines (Strips, each with its
  own small caches).  Up to 1,024 of them stay alive after their widgets
  have gone: every screen opened and closed left about 23,000 objects (the
  lesson browser: +52 StylesCaches, +2,060 Strips, measured), a long class
  session grew toward that bound, and every full garbage collection walked
  them (40% of the app tests' CPU).  The method's result depends on the two
  colours only; it is cached on those.  To report upstream: "StylesCache.
  get_inner_outer: lru_cache on an instance method (missing @classmethod)
  keeps up to 1024 StylesCache instances and their line caches alive".
"""
from __future__ import annotations

from functools import lru_cache


def free_styles_caches() -> None:
    from textual._styles_cache import StylesCache
    original = StylesCache.get_inner_outer
    if getattr(original, "_fixed", False):
        return
    body = getattr(original, "__wrapped__", None)
    if body is None:                # a Textual that no longer caches it this way
        return

    @lru_cache(1024)
    def inner_outer(base_background, background):
        return body(None, base_background, background)     # the body reads neither self nor cls

    def get_inner_outer(self, base_background, background):
        return inner_outer(base_background, background)

    get_inner_outer._fixed = True           # type: ignore[attr-defined]
    StylesCache.get_inner_outer = get_inner_outer
