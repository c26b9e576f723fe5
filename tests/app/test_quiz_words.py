"""Issue 16, "Words", in the app: the singles quiz asks for a placement
(it said "Claim an elimination") and a pick on the grid places."""
from __future__ import annotations

import re

from app_helpers import make, settle

from tutor.app.screens.quiz import QuizScreen

async def test_the_singles_quiz_asks_for_a_placement_and_a_pick_places():
    """'Claim an elimination' was asked where only a placement answers."""
    from app_helpers import LOCKEDSET
    from tutor.engine.formats import parse_position
    pos = parse_position(LOCKEDSET)
    app = make(LOCKEDSET, start_screen="quiz",
               start_args={"target": "naked-single", "kind": "eliminate", "position": pos})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        example = screen.quiz.example()
        assert re.fullmatch(r"r\dc\d=\d", example)
        assert f"Claim a digit it places (e.g. {example}, a claim that is not one here)" in screen.prompt_text
        assert "elimination" not in screen.prompt_text and screen.sub_title == "find the placement"
        assert re.fullmatch(r"e\.g\. r\dc\d=\d, Enter", screen.entry.placeholder)
        # r1c7=3 picked on the grid: one cell, one digit, Enter
        await pilot.press("tab")
        from app_helpers import cell
        screen.grid.update(cursor=cell("r1c7"))
        await pilot.press("space", "3", "enter")
        await settle(pilot, 2)
        assert "> r1c7=3" in screen.log_lines
        after = screen.log_lines[screen.log_lines.index("> r1c7=3") + 1:]
        assert after and after[0].startswith("right: ") and screen.quiz.solved
