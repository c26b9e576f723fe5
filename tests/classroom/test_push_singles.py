"""Issue 16: a find-all quiz pushed on a position with singles pending says
so and offers the position after the singles (there a set whose other side
is one cell, or a fish on a line of one cell, would be a single in disguise)."""
from __future__ import annotations

import pytest
from test_teacher import EASY, LOCKEDSET, _until, open_push_dialog

from tutor.app import make_app
from tutor.classroom import events
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.store import Store
from tutor.teaching.quiz import FindAllQuiz, singles_note


def test_the_note_names_the_pending_singles_and_is_empty_after_them():
    note = singles_note(parse_position(EASY))
    assert note.startswith("This position still has singles to place (") and "e.g. r" in note
    # QQWing easy #1 falls to singles alone: nothing would be left to find
    assert "the singles alone solve it" in note
    assert "the singles alone" not in singles_note(parse_position(LOCKEDSET))
    assert singles_note(apply_until_stuck(parse_position(LOCKEDSET), ["singles"])) == ""


@pytest.mark.slow
@pytest.mark.parametrize("after", [True, False])
async def test_a_quiz_pushed_with_singles_pending_says_so_and_offers_the_position_after(db, after):
    app = make_app(LOCKEDSET, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        dialog = await open_push_dialog(pilot, app)
        said = str(dialog.query_one("#push-singles").render())
        assert "still has singles to place" in said
        box = dialog.query_one("#push-after-singles")
        assert box.value is True                     # offered, and the default
        box.value = after
        await pilot.click("#push-ok")
        store = Store.open(db)
        assert await _until(pilot, lambda: events.latest_event(store, "5B") is not None)
        ev = events.latest_event(store, "5B")
        pos = parse_position(ev.payload["position"])
        start = parse_position(LOCKEDSET)
        want = apply_until_stuck(start, ["singles"]) if after else start
        assert pos.values == want.values
        assert ev.payload["total"] == FindAllQuiz(want, "locked-set").total
        if after:
            assert ev.payload["total"] == 25            # the reference position
        store.close()


@pytest.mark.slow
async def test_no_note_where_the_singles_are_done(db):
    pos = apply_until_stuck(parse_position(LOCKEDSET), ["singles"])
    from tutor.engine.formats import to_braces
    app = make_app(to_braces(pos), store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        await open_push_dialog(pilot, app)
        assert not app.screen.query("#push-singles") and not app.screen.query("#push-after-singles")
