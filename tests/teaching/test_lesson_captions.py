"""Issue 25, the second walk: an example's caption, shown before the
learner tries it ('Example 1 (...): find the step yourself'), says what to
look for and never gives the answer away: no cells, no houses by number, no
eliminations or placements (those belong to the reveal and the hints)."""
from __future__ import annotations

import re

import pytest

from tutor.teaching.lessons import all_lessons

GIVEAWAY = re.compile(
    r"r[1-9]+c[1-9]+"                              # a cell: r8c2, r6c45
    r"|<>|[=][1-9]"                                # an elimination or a placement
    r"|\b(rows?|columns?|box(es)?|c|r|b)\s*[1-9]"   # a house by number: row 5, box 2
    r"|BaseSet|CoverSet|\b[RCB][1-9]{2,}",           # a fish's sets: R348
    re.IGNORECASE)

EXAMPLES = [(lesson.id, e) for lesson in all_lessons() for e in lesson.examples]


@pytest.mark.parametrize("lesson_id, example", EXAMPLES,
                         ids=[f"{lid}-{e.id}" for lid, e in EXAMPLES])
def test_an_example_caption_does_not_give_the_answer_away(lesson_id, example):
    assert not GIVEAWAY.search(example.label), (lesson_id, example.id, example.label)


def test_the_pattern_catches_what_the_walk_saw():
    for said in ("XY-Wing with pivot r8c2", "Pointing 5 in box 5", "Naked pair r6c45 #38",
                 "A forcing net proves r4c4<>6", "Swordfish #3 BaseSet:R348 CoverSet:C136",
                 "X-Wing on 3, rows 3 and 4", "A contradiction places r6c3=2"):
        assert GIVEAWAY.search(said), said
    for fine in ("Pointing on 5", "Uniqueness Test 1 on 5/7", "Five cells, 9 at both ends",
                 "W-Wing on 4,5 bridged by a row", "Check yourself"):
        assert not GIVEAWAY.search(fine), fine
