"""Issue 25, the second walk: the push dialog's singles note follows the
chosen kind (the 'little to ask' warning is about a find-all quiz; another
kind has plenty to ask there), and the dialog fits 80x24 with its buttons
reachable."""
from __future__ import annotations

from test_teacher import EASY, open_push_dialog
from textual.widgets import Select

from tutor.app import make_app
from tutor.teaching.quiz import kinds


async def test_the_singles_note_is_recomputed_when_the_kind_changes(db):
    app = make_app(EASY, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(150, 40)) as pilot:
        dialog = await open_push_dialog(pilot, app)
        note = dialog.query_one("#push-singles")
        box = dialog.query_one("#push-after-singles")
        assert note.display and "little to ask" in str(note.render())
        kind = dialog.query_one("#push-kind", Select)
        other = next(k for k in kinds() if not k.best_after_singles)
        kind.value = other.kind
        await pilot.pause()
        assert not note.display and not box.display
        assert dialog.choice()["after_singles"] is False
        kind.value = next(k for k in kinds() if k.best_after_singles).kind
        await pilot.pause()
        assert note.display and box.display and "little to ask" in str(note.render())


async def test_the_dialog_fits_80x24_and_its_buttons_are_reachable(db):
    app = make_app(EASY, store_path=db, user="mrs-b", role="teacher", class_name="5B",
                   start_screen="teacher")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_push_dialog(pilot, app)
        await pilot.press("enter")              # Push: the singles solve it, it says why
        await pilot.pause()
        assert "nothing to ask" in str(dialog.query_one("#push-error").render())
        box = dialog.query_one("PushDialog > Vertical")
        assert box.region.bottom <= 24 and box.region.right <= 80, box.region
        for button in ("#push-ok", "#push-cancel"):
            region = dialog.query_one(button).region
            assert region.height and box.region.contains_region(region), (button, region)
            assert region.bottom <= 24, (button, region)
        await pilot.click("#push-cancel")
        await pilot.pause()
        assert type(app.screen).__name__ != "PushDialog"
