"""Issue 25, the second walk: a lesson's Links list names each target once,
lists its examples in their lesson order, and its entries wrap whole (no
claim cut inside a cell name)."""
from __future__ import annotations

import re

import pytest
from textual.widgets import OptionList

from app_helpers import EASY1, make, settle

from tutor.app.screens.lesson_links import link_label, links_list
from tutor.teaching.lesson_text import parse_link
from tutor.teaching.lessons import all_lessons

SCHEME_ORDER = ("example", "try", "claim")


def _example_of(href: str, lesson) -> int | None:
    link = parse_link(href)
    if link is None or link.scheme not in SCHEME_ORDER:
        return None
    return link.example or (lesson.check_example.id if lesson.check_example else None)


@pytest.mark.parametrize("lesson", all_lessons(), ids=lambda lesson: lesson.id)
def test_each_target_once_and_the_examples_in_order(lesson):
    links = links_list(lesson)
    hrefs = [href for _, href in links]
    assert len(hrefs) == len(set(hrefs)), hrefs
    assert set(hrefs) == {href for _, href in lesson.links()} | {
        href for _, href in links if href.startswith("quiz:")}
    numbers = [n for n in (_example_of(h, lesson) for h in hrefs) if n is not None]
    assert numbers == sorted(numbers), hrefs
    for text, href in links:
        label = link_label(text, href)
        assert all(len(word) <= 18 for word in label.split()), label


async def test_the_links_tab_wraps_its_entries_whole_at_80x24():
    app = make(EASY1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_screen("lessons", lesson="sue-de-coq")
        await settle(pilot)
        await pilot.press("k")
        await settle(pilot)
        box = app.screen.query_one("#lesson-links", OptionList)
        shown = [box.render_line(y).text.rstrip() for y in range(box.size.height)]
        claims = [line for line in shown if "<>" in line]
        assert claims, shown
        for line in claims:
            assert re.search(r"(^|[ ,])r\d+c\d+<>\d(,|$)", line) and not re.search(
                r"(?<![a-z])r\d*c?$|<>$", line), (line, shown)
