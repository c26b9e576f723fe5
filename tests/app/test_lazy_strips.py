"""Textual's strips with their caches made on first use (tutor/app/lazy_strips.py)."""
from __future__ import annotations

import tracemalloc

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tutor.app import lazy_strips

RED = Style(color="red")
BOLD = Style(bold=True)


def _strip() -> Strip:
    return Strip([Segment("r1c1 ", RED), Segment("is ", None), Segment("not 5", BOLD)])


def test_a_new_strip_makes_no_cache_until_one_is_used():
    assert lazy_strips.install()
    strip = _strip()
    assert lazy_strips.made(strip) == []
    first = strip.crop(0, 4)
    assert lazy_strips.made(strip) == ["_crop_cache"]
    assert strip.crop(0, 4) is first                 # and the cache serves the second crop


def test_strips_answer_as_textual_made_them():
    assert lazy_strips.install()
    strip = _strip()
    assert strip.text == "r1c1 is not 5" and strip.cell_length == 13
    assert strip.crop(5, 8).text == "is "
    assert [s.text for s in strip.divide([4, 8, 13])] == ["r1c1", " is ", "not 5"]
    assert strip.apply_style(BOLD).text == strip.text
    assert strip.crop_extend(0, 16, None).cell_length == 16
    assert strip.adjust_cell_length(20).cell_length == 20
    assert strip.extend_cell_length(15).text == "r1c1 is not 5  "
    assert strip.simplify().text == strip.text
    joined = Strip.join([strip, _strip()])
    assert joined.text == "r1c1 is not 5r1c1 is not 5" and lazy_strips.made(joined) == []
    assert "\x1b[" in strip.render(__import__("rich.console", fromlist=["Console"]).Console())


def test_many_strips_hold_less_memory():
    assert lazy_strips.install()
    segments = [Segment("r1c1 ", RED)]
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        kept = [Strip(segments) for _ in range(2000)]
        per_strip = (tracemalloc.get_traced_memory()[0] - base) / len(kept)
    finally:
        tracemalloc.stop()
    assert per_strip < 250                          # about 1,000 bytes with all seven caches made
