"""Issue 16, "80x24": the Steps tab's headers stay apart, the teacher view
keeps every column on screen, the Log wraps old lines to its width, the
help wraps under its own column.  (Snapshots of each screen at 80x24:
test_snapshots.py.)"""
from __future__ import annotations

from app_helpers import LOCKEDSET, busy_class, make, settle, wait_rating
from rich.console import Console
from rich.text import Text

from textual.widgets import DataTable, Tree

from tutor.app import make_app


def test_fit_text_keeps_both_ends():
    from tutor.app.screens.play_steps import fit_text
    assert fit_text("Locked Candidates Type 1 (Pointing)", 20) == "Locked …1 (Pointing)"
    assert fit_text("Locked Candidates Type 2 (Claiming)", 16) == "Locke…(Claiming)"
    assert fit_text("X-Wing (2)", 24) == "X-Wing (2)"


async def test_steps_headers_at_80x24_are_whole_or_cut_apart():
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        play = app.play
        await wait_rating(pilot)
        await pilot.press("s")
        await settle(pilot)
        tree = play.query_one("#steps-tree", Tree)
        headers = {node.data: str(node.label) for node in tree.root.children}
        assert {"pointing", "claiming", "naked-subset", "hidden-subset"} <= set(headers)
        assert len(set(headers.values())) == len(headers)          # no two alike
        width = tree.scrollable_content_region.width - 2           # after the "▼ " guide
        for label in headers.values():
            assert len(label) <= width, label                      # shown whole on screen
        assert "Pointing" in headers["pointing"] and "Claiming" in headers["claiming"]
        for tid, label in headers.items():
            assert label.endswith(f"({play.step_counts[tid]})")  # the count is never cut


async def test_a_line_logged_while_the_log_is_hidden_wraps_to_its_width():
    app = make(LOCKEDSET)
    async with app.run_test(size=(120, 40)) as pilot:
        play = app.play
        await pilot.press("s")
        await settle(pilot)
        text = "A line written while the Steps tab is shown, long enough to wrap twice."
        play.log_line(text)
        await pilot.press("g")
        await settle(pilot)
        log = play.query_one("#log-view")
        lines = [strip.text.rstrip() for strip in log.lines]
        width = log.scrollable_content_region.width
        assert " ".join(lines[-2:]) == text                       # two lines, not five
        assert all(len(line) <= width for line in lines)


async def test_help_continuation_lines_stay_under_their_column():
    from tutor.app.screens.help import KEYS_WIDTH, HelpScreen
    app = make(LOCKEDSET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        static = screen.query_one("#help-text")
        width = static.content_region.width
        console = Console(width=width, file=open("/dev/null", "w"), legacy_windows=False)
        lines = console.render_lines(screen.help_renderable, console.options.update(width=width))
        texts = ["".join(seg.text for seg in line).rstrip() for line in lines]
        titles = {title for title, _ in screen.sections}
        rows = {keys for _, section in screen.sections for keys, _ in section}
        wrapped = 0
        for line in texts:
            if not line or line in titles:
                continue
            head = line[:KEYS_WIDTH].strip()
            if head:                                   # the keys column (a row, or its keys
                assert any(head in keys for keys in rows), line        # wrapped in it)
                continue
            assert line[KEYS_WIDTH + 1] != " ", line   # a description wrapped under its column
            wrapped += 1
        assert wrapped >= 5                                        # 80 columns do wrap some


async def test_the_teacher_view_keeps_every_column_on_screen(tmp_path):
    for size in ((80, 24), (120, 40)):
        path = str(tmp_path / f"class-{size[0]}.db")
        busy_class(path)
        app = make_app(LOCKEDSET, store_path=path, user="mrs-b", role="teacher",
                       class_name="5B", start_screen="teacher")
        async with app.run_test(size=size) as pilot:
            for _ in range(100):
                await pilot.pause(0.05)
                if getattr(app.screen, "refreshes", 0):
                    break
            await settle(pilot)
            table = app.screen.query_one("#teacher-table", DataTable)
            # no column beyond the right edge: nothing to scroll sideways to
            assert table.virtual_size.width <= table.scrollable_content_region.width
            labels = [str(c.label) for c in table.columns.values()]
            assert labels == ["Student", "Doing", "Mastery", "Hints L1-5", "Last claims", "Result"]
            # the longest texts fit their rows (wrapped, never cut)
            row = [str(c) for c in table.get_row("alexandra-kowalska")]
            assert row[5] == "12/25 3✗ gave up"
            widths = [c.width for c in table.columns.values()]
            lines = table.rows["alexandra-kowalska"].height
            for text, width in zip(row, widths):
                assert len(Text(text).wrap(app.console, width)) <= lines, (text, width, lines)
