"""Issue 16, "Patterns that teach": a pattern that stands only because a
simpler step is pending (an X-Wing whose base rows each hold the digit in
one cell: two hidden singles) is marked in words and shown last, in the
text and the app alike, and no quiz asks for it."""
from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.engine.formats import parse_position
from tutor.engine.names import leaning_note, leans_on, step_line
from tutor.engine.registry import find_all
from tutor.engine.solve import apply_until_stuck
from tutor.teaching.quiz import FindAllQuiz, make_quiz

README = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


def _x_wing_7():
    pos = parse_position(README)
    return pos, next(s for s in find_all(pos, ["x-wing"]) if s.text.startswith("X-Wing: 7 r19 c23"))


def test_the_x_wing_on_two_hidden_singles_says_what_it_stands_on():
    pos, step = _x_wing_7()
    assert leans_on(step) == ["r1c2=7", "r9c3=7"]
    # each is the only 7 of its base row: the hidden singles are real
    for text in leans_on(step):
        r = int(text[1]) - 1
        assert [c for c in range(9) if pos.has(r * 9 + c, 7)] == [int(text[3]) - 1]
    assert leaning_note(step) == ("stands only on the pending hidden singles r1c2=7, r9c3=7: "
                                  "place them first")
    assert step_line(step) == f"{step.text} ({leaning_note(step)})"
    assert step.to_json()["leans_on"] == ["r1c2=7", "r9c3=7"]


def test_fish_that_stand_on_their_own_are_not_marked_and_come_first():
    pos = parse_position(README)
    fish = find_all(pos, ["x-wing"])
    marks = [bool(leans_on(s)) for s in fish]
    assert marks == sorted(marks)                           # the marked ones last
    # a fish on a line of two or more cells is not marked
    for s in fish:
        if not leans_on(s):
            assert step_line(s) == s.text
    # after the singles nothing leans (the reference position)
    ref = apply_until_stuck(parse_position(README), ["singles"])
    assert not any(leans_on(s) for s in find_all(ref, ["fish", "finned-fish"]))


def test_steps_text_lists_it_last_and_marked(capsys):
    assert main(["steps", README, "--technique", "fish"]) == 0
    lines = capsys.readouterr().out.splitlines()
    marked = [ln for ln in lines if "stands only on the pending hidden single" in ln]
    assert "X-Wing: 7 r19 c23 => r368c3,r5c23<>7 (stands only on the pending hidden singles " \
           "r1c2=7, r9c3=7: place them first)" in marked
    assert lines[-len(marked):] == marked                    # all of them at the end
    assert lines[0].startswith("Swordfish: ")                # a fish that stands on its own first


def test_no_quiz_asks_for_it():
    pos, step = _x_wing_7()
    q = FindAllQuiz(pos, "x-wing")
    assert not any(leans_on(s) for s in q.instances) and step in q.leaning
    v = q.submit("x-wing #7 r19 c23")
    assert v.kind == "other" and not v.counts
    assert v.message.startswith("that X-Wing (7 r19 c23) stands only on the pending hidden singles "
                                "r1c2=7, r9c3=7")
    assert q.score().wrong == 0
    # the name quiz never shows one, while a fish that stands on its own is there
    for seed in range(6):
        nq = make_quiz("name", "fish", seed=seed, position=pos)
        assert not leans_on(nq.step)


@pytest.mark.slow
async def test_steps_tab_marks_it_in_words():
    from textual.widgets import Tree
    from tutor.app import make_app
    app = make_app(README, store_path=":memory:", user="tester")
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        await pilot.press("s")
        for _ in range(8):
            await app.workers.wait_for_complete()
            await pilot.pause()
        tree = play.query_one("#steps-tree", Tree)
        xw = next(n for n in tree.root.children if n.data == "x-wing")
        labels = [str(leaf.label) for leaf in xw.children]
        leaning = [leaf for leaf in xw.children if leans_on(leaf.data)]
        assert leaning and labels[-len(leaning):] == [str(n.label) for n in leaning]
        assert any("leans on the singles r1c2=7, r9c3=7" in str(n.label) for n in leaning)
        assert not any("leans on" in str(n.label) for n in xw.children if not leans_on(n.data))
        # selecting it logs the marked line
        xw.expand()
        await pilot.pause()
        node = next(n for n in leaning if "r1c2=7, r9c3=7" in str(n.label))
        tree.select_node(node)
        await pilot.pause()
        assert play.log_lines[-1].endswith("(stands only on the pending hidden singles r1c2=7, "
                                           "r9c3=7: place them first)")
