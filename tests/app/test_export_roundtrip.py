"""Issue 16, "Every export reads back": what the app's export dialog copies
(81 chars, brace grid, PM grid) pastes back to the same position, over 300
mid-solve positions; and the app's own PM export, pasted, in the app."""
from __future__ import annotations

from app_helpers import LOCKEDSET, make
from puzzle_helpers import qqwing, sampled_positions

from tutor.app.game import Game
from tutor.app.screens.dialogs import export_text
from tutor.engine.formats import parse_position
from tutor.engine.grid import POPCOUNT
from tutor.engine.position import Position


def test_every_export_of_the_app_pastes_back_to_the_same_position():
    picked = sampled_positions(qqwing("intermediate")[:60] + qqwing("expert")[:40],
                               per_puzzle=3, seed=11)
    singles = 0
    for _, pos in picked:
        texts = export_text(Game(pos, "mid-solve"))
        for fmt in ("braces", "pm"):
            assert Game.from_text(texts[fmt]).position == pos, (fmt, texts[fmt])
        fresh = Position.from_values(pos.values).cands == pos.cands
        if fresh:                                # 81 chars hold digits only
            assert Game.from_text(texts["current"]).position == pos
        singles += any(not pos.values[i] and POPCOUNT[pos.cands[i]] == 1 for i in range(81))
    assert len(picked) == 300 and singles >= 50


async def test_the_apps_pm_export_pasted_in_the_app():
    from textual.widgets import TextArea
    from tutor.app.screens.dialogs import PasteDialog
    pos = parse_position(LOCKEDSET.replace("2.891..54", "2.891.354", 1))
    assert pos.values[5] == 0 and pos.candidates(5) == (6,)      # r1c6: one candidate
    app = make(pos)
    async with app.run_test() as pilot:
        pm = export_text(app.play.game)["pm"]
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, PasteDialog)
        app.screen.query_one(TextArea).text = pm
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is app.play
        assert app.play.game.position == pos
