"""Puzzles in and out: paste, export, the picker, the palette, resume after restart."""
from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import EASY1, goto, make, settle, wait_rating

from tutor.engine.formats import parse_position, to_braces, to_pm, to_givens


async def paste(pilot, app, text: str):
    from tutor.app.screens.dialogs import PasteDialog
    from textual.widgets import TextArea
    await pilot.press("i")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, PasteDialog)
    dialog.query_one(TextArea).text = text
    await pilot.press("ctrl+s")
    await pilot.pause()
    return dialog


BAD = [
    ("12345", "Cannot load: a puzzle needs 81 cells, this one has 5"),
    ("x" + EASY1[1:], "Cannot load: unknown character 'x' at r1c1 (use 1-9 for a digit and . "
                      "or 0 for an empty cell)"),
    ("22" + EASY1[2:], "Cannot load: 2 appears twice in r1: r1c1 and r1c2"),
    ("." * 81, "Cannot load: the puzzle has several solutions; the tutor needs exactly one"),
    ("{12}" * 81, "Cannot load: the position has no solution (check its candidates)"),
]


@pytest.mark.slow
async def test_paste_a_bad_string_leaves_the_game_alone():
    app = make(EASY1)
    async with app.run_test() as pilot:
        play = app.play
        goto(app, "r1c1")
        await pilot.press("4")
        before = play.game.position.copy()
        name, undo = play.game.name, len(play.game.undo_stack)
        for bad, message in BAD:
            dialog = await paste(pilot, app, bad)
            assert app.screen is dialog                  # still open, showing the error
            assert dialog.error == message
            assert "\n" not in dialog.error
            await pilot.press("escape")
            assert app.screen is play
            assert play.game.position == before and play.game.name == name
            assert len(play.game.undo_stack) == undo


async def test_paste_each_format_loads(lockedset_braces):
    pos = parse_position(lockedset_braces)
    app = make(EASY1)
    async with app.run_test() as pilot:
        for text in (lockedset_braces, to_pm(pos), EASY1):
            await paste(pilot, app, text)
            assert app.screen is app.play
            assert app.play.game.name == "pasted"
            if text != EASY1:
                assert app.play.game.position == pos
            if text == lockedset_braces:
                # the brace grid tells placed digits (+7) from givens; a PM grid cannot
                assert to_braces(app.play.game.position, mark_placed=True) == lockedset_braces
                assert app.play.game.givens_text == to_givens(pos, placed=False)
        assert app.play.game.givens_text == EASY1


async def test_export_copies_and_saves_every_format(tmp_path, lockedset_braces):
    from textual.widgets import Button
    from tutor.app.screens.dialogs import ExportDialog
    app = make(lockedset_braces)
    copied = []
    app.copy_to_clipboard = copied.append
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        for bid in ("givens", "braces", "pm"):
            app.screen.query_one(f"#{bid}", Button).press()
            await pilot.pause()
        assert copied[1] == lockedset_braces
        assert copied[2] == to_pm(parse_position(lockedset_braces))
        assert len(copied[0]) == 81
        app.screen.query_one("#save", Button).press()
        await pilot.pause()
        files = list((tmp_path / "home" / "exports").glob("*.txt"))
        assert len(files) == 1
        text = files[0].read_text()
        assert lockedset_braces in text and copied[0] in text and copied[2] in text
        assert app.play.log_lines[-1] == f"Exported to {files[0]}"


@pytest.mark.slow
async def test_puzzle_picker_loads_a_level():
    from textual.widgets import OptionList
    from tutor.app import catalog
    from tutor.app.screens.puzzles import PuzzlePicker
    app = make(EASY1)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PuzzlePicker)
        app.screen.query_one("#levels", OptionList).highlighted = 3     # diabolical
        await pilot.pause()
        await pilot.press("right", "down", "enter")     # into its puzzles, the second
        await settle(pilot)
        await wait_rating(pilot)
        want = catalog.get("diabolical", 2)
        assert app.play.game.name == "diabolical #2"
        assert app.play.game.givens_text == want.givens
        assert app.play.sub_title and app.play.sub_title != "rating…"


async def test_palette_offers_techniques_and_puzzles():
    from tutor.app.commands import _commands
    app = make(EASY1)
    async with app.run_test() as pilot:
        titles = [c.title for c in _commands(app)]
        assert "Steps: X-Wing" in titles
        assert "Puzzle: expert #12" in titles
        assert "New puzzle: random diabolical" in titles
        cmd = next(c for c in _commands(app) if c.title == "Puzzle: expert #12")
        cmd.callback()
        await settle(pilot)
        assert app.play.game.name == "expert #12"


@pytest.mark.slow
async def test_steps_tab_lists_every_step_grouped(lockedset_braces):
    from textual.widgets import Tree
    from tutor.engine.registry import find_all
    from tutor.engine.registry import get
    app = make(lockedset_braces)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        await pilot.press("s")
        await settle(pilot, 6)
        tree = play.query_one("#steps-tree", Tree)
        steps = find_all(play.game.position)
        groups = [n.data for n in tree.root.children]
        order = []
        for s in steps:
            if s.technique not in order:
                order.append(s.technique)
        assert groups == order
        assert len(play.steps) == len(steps)
        first = tree.root.children[0]
        # headed by the registry's short label (Technique.short) and the count
        assert str(first.label) == f"{get(order[0]).short} " \
                                   f"({sum(1 for s in steps if s.technique == order[0])})"
        # selecting a step highlights it on the grid
        leaf = first.children[0]
        first.expand()
        await pilot.pause()
        tree.move_cursor(leaf)
        await pilot.pause()
        assert play.grid.highlight.cells == set(leaf.data.cells)
        # the palette's "Steps: Skyscraper" opens that group
        play.show_technique("skyscraper")
        await pilot.pause(0.2)
        assert tree.cursor_node.data == "skyscraper" and tree.cursor_node.is_expanded


async def test_resume_after_restart(store_path):
    app = make(EASY1, store_path=store_path)
    async with app.run_test() as pilot:
        play = app.play
        goto(app, "r1c1")
        await pilot.press("4", "right", "p", "1", "x")      # a digit, a pencil change
        saved = play.game.position.copy()
        name = play.game.name
    app2 = make(None, store_path=store_path)
    async with app2.run_test() as pilot:
        play = app2.play
        assert play.game.name == name
        assert play.game.position == saved
        assert play.game.position.givens == parse_position(EASY1).givens
        assert play.log_lines[0].startswith("Welcome back: resumed")
        await pilot.press("u", "u")                           # history survived as well
        assert play.game.position.values[0] == 0


async def test_a_fresh_store_starts_the_default_puzzle(store_path):
    from tutor.app import catalog
    app = make(None, store_path=store_path)
    async with app.run_test():
        assert app.play.game.givens_text == catalog.get("easy", 1).givens
    assert Path(store_path).exists()


def test_bad_command_line_puzzle_fails_before_the_app_starts():
    from tutor.engine.position import PositionError
    with pytest.raises(PositionError, match="a puzzle needs 81 cells"):
        make("123")
