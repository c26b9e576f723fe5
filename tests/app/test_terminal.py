"""The output filter (tutor/app/terminal.py): fewer bytes, the same screen.

A small terminal model replays the original output and the filtered output
and compares what ends up on the screen (characters with their attributes
and colours), the cursor, the attributes left set, and the order of any other
control sequences.  Fed with real frames from the app and with random
Textual-like output.
"""
from __future__ import annotations

import random
import re

import pytest
from app_helpers import LOCKEDSET, cell, make, settle

from tutor.app import terminal
from tutor.app.terminal import compress_frame, compressing_driver

_TOKEN = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|.", re.S)


class Term:
    """Just enough of a terminal: cursor moves, SGR, printing, line feeds."""

    def __init__(self, width=200, height=1000, attrs=(), fg=None, bg=None):
        self.w, self.h = width, height
        self.cells: dict = {}
        self.x = self.y = 0
        self.attrs, self.fg, self.bg = set(attrs), fg, bg
        self.other: list = []            # other control sequences, in order, with the state

    def state(self):
        return (frozenset(self.attrs), self.fg, self.bg)

    def sgr(self, params: str) -> None:
        parts = params.split(";") if params else ["0"]
        k = 0
        while k < len(parts):
            p = parts[k] or "0"
            n = int(p)
            if n == 0:
                self.attrs.clear()
                self.fg = self.bg = None
            elif n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 51, 52, 53):
                self.attrs.add(n)
            elif n == 22:
                self.attrs -= {1, 2}
            elif n == 23:
                self.attrs.discard(3)
            elif n == 24:
                self.attrs -= {4, 21}
            elif n == 25:
                self.attrs -= {5, 6}
            elif n == 27:
                self.attrs.discard(7)
            elif n == 28:
                self.attrs.discard(8)
            elif n == 29:
                self.attrs.discard(9)
            elif n == 54:
                self.attrs -= {51, 52}
            elif n == 55:
                self.attrs.discard(53)
            elif n in (38, 48):
                size = 5 if parts[k + 1] == "2" else 3
                code = tuple(parts[k + 1:k + size])
                if n == 38:
                    self.fg = code
                else:
                    self.bg = code
                k += size - 1
            elif 30 <= n <= 37 or 90 <= n <= 97:
                self.fg = (p,)
            elif n == 39:
                self.fg = None
            elif 40 <= n <= 47 or 100 <= n <= 107:
                self.bg = (p,)
            elif n == 49:
                self.bg = None
            else:
                raise AssertionError(f"SGR {n} not modelled")
            k += 1

    def line_feed(self) -> None:
        if self.y == self.h - 1:
            self.other.append(("scroll", self.bg))
            self.cells = {(x, y - 1): v for (x, y), v in self.cells.items() if y > 0}
        else:
            self.y += 1

    def feed(self, data: str) -> "Term":
        for m in _TOKEN.finditer(data):
            tok = m.group()
            if m.group(3) is not None:
                params, final = m.group(1), m.group(3)
                if params[:1] in ("<", "=", ">", "?") or m.group(2):
                    self.other.append((tok, self.state()))
                    continue
                nums = [int(p) if p else 1 for p in params.split(";")] if params else [1]
                if final == "m":
                    self.sgr(params)
                elif final in "Hf":
                    self.y = nums[0] - 1
                    self.x = (nums[1] if len(nums) > 1 else 1) - 1
                elif final == "A":
                    self.y = max(0, self.y - nums[0])
                elif final == "B":
                    self.y = min(self.h - 1, self.y + nums[0])
                elif final == "C":
                    self.x += nums[0]
                elif final == "D":
                    self.x = max(0, self.x - nums[0])
                elif final == "G":
                    self.x = nums[0] - 1
                else:
                    self.other.append((tok, self.state()))
            elif tok.startswith("\x1b"):
                self.other.append((tok, self.state()))
            elif tok == "\n":
                self.line_feed()
                self.x = 0            # the PTY turns \n into \r\n
            elif tok == "\r":
                self.x = 0
            else:
                self.cells[(self.x, self.y)] = (tok, self.state())
                self.x += 1
        return self

    def snapshot(self):
        return self.cells, (self.x, self.y), self.state(), self.other


def same_screen(data: str, start=None) -> str:
    """Filter `data`, check both replay to the same screen; the filtered text."""
    short = compress_frame(data)
    a = Term(**(start or {})).feed(data).snapshot()
    b = Term(**(start or {})).feed(short).snapshot()
    assert a == b
    return short


# ------------------------------------------------------------------ small cases

# Nothing is assumed about the state a write starts in, so the first reset of
# a write is always sent: the cases below start with a run of their own.
FIRST = "\x1b[1;1H\x1b[1;38;5;7mfirst\x1b[0m"


def test_a_repeated_style_is_not_sent_again():
    bg = "38;2;185;185;185;48;2;30;30;30"
    data = FIRST + f"\n\x1b[3;5H\x1b[{bg}m 1 2 \x1b[0m\n\x1b[4;5H\x1b[{bg}m 3 4 \x1b[0m"
    short = same_screen(data)
    assert short.count(bg) == 1
    assert "\n\x1b[4;5H" not in short         # the line feed before the move is dropped
    assert short.endswith("\x1b[0m")          # the write ends reset, as the original did


def test_only_the_background_is_sent_when_only_it_changed():
    fg = "38;2;185;185;185"
    data = FIRST + f"\x1b[{fg};48;2;30;30;30ma\x1b[0m\x1b[1;9H\x1b[{fg};48;2;26;40;51mb\x1b[0m"
    short = same_screen(data)
    assert "\x1b[1;9H\x1b[48;2;26;40;51mb" in short


def test_attributes_are_switched_off_exactly():
    # bold+dim -> dim only, underline -> none, reverse -> none: the filter
    # uses 22/24/27 (and puts dim back after 22)
    data = (FIRST + "\x1b[1;2;4;7;38;5;3ma\x1b[0m\x1b[2;38;5;3mb\x1b[0m"
            "\x1b[9;53mc\x1b[0m\x1b[38;5;4md\x1b[0m")
    same_screen(data)


def test_text_after_a_reset_stays_plain():
    # unstyled text right after a reset must not take the previous style
    data = "\x1b[1;31mred\x1b[0mplain\x1b[1;31mred\x1b[0m"
    short = same_screen(data)
    assert short == data


def test_nothing_is_assumed_about_earlier_writes():
    # the terminal may be in any state when a write starts: replay from a
    # styled state as well
    data = "\x1b[1;31ma\x1b[0m\x1b[2;1H\x1b[1;31mb\x1b[0m"
    same_screen(data, start={"attrs": {4}, "fg": ("32",), "bg": ("44",)})


def test_a_line_feed_that_could_scroll_is_kept_behind_a_reset():
    # (one followed by an absolute move is dropped: Textual's full-screen
    # frames write line feeds only between their lines, never on the last row)
    data = FIRST + "\x1b[60;1H\x1b[48;5;1mlast\x1b[0m\n\x1b[48;5;1mx\x1b[0m"
    short = same_screen(data, {"height": 60})       # the line feed scrolls here
    assert "\x1b[0m\n" in short


def test_styles_it_does_not_model_pass_unchanged_and_stop_the_merging():
    # a curly underline (4:3) is passed on as it is; as the filter cannot tell
    # what it leaves set, the next reset is sent in full
    data = (FIRST + "\x1b[38;5;1ma\x1b[0m\x1b[4:3mb\x1b[0m\x1b[38;5;1mc\x1b[0m"
            "\x1b[38;5;1md\x1b[0m")
    short = compress_frame(data)
    assert "\x1b[4:3mb\x1b[0m\x1b[38;5;1mc" in short
    assert short.endswith("\x1b[38;5;1mcd\x1b[0m")     # merging starts again after it


def test_output_without_styles_passes_unchanged():
    for data in ("", "plain", "\x1b[?2026h", "\x1b[?1049h\x1b[?25l", "\x1b[6n", "\x1b"):
        assert compress_frame(data) == data


# ------------------------------------------------------------------ random output

STYLES = ["", "1", "2", "1;2", "3", "4", "7", "9", "21", "53", "1;53", "5", "51",
          "38;2;185;185;185;48;2;30;30;30", "38;2;185;185;185;48;2;26;40;51",
          "1;38;2;224;224;224;48;2;30;30;30", "7;38;2;185;185;185;48;2;30;30;30",
          "38;5;250;48;5;236", "31;44", "91", "104", "1;4;38;5;1", "48;2;36;47;56",
          "2;3;38;2;1;2;3"]


def random_frame(rng: random.Random) -> str:
    """Output shaped like Textual's: styled runs, resets, moves, line feeds,
    plain runs, hyperlinks and private modes.  Like Textual's full-screen
    frames, its line feeds never scroll (the model is 1000 rows high, the
    moves go to rows 1-60)."""
    out = []
    for _ in range(rng.randint(1, 60)):
        r = rng.random()
        if r < 0.55:
            style = rng.choice(STYLES)
            text = rng.choice(["a", " 1 2 ", "┃", "  ╺━┓  ", "xyz"])
            if style:
                out.append(f"\x1b[{style}m{text}\x1b[0m")
            else:
                out.append(text)
        elif r < 0.75:
            out.append(f"\x1b[{rng.randint(1, 60)};{rng.randint(1, 200)}H")
        elif r < 0.82:
            out.append("\n")
        elif r < 0.85:
            out.append("\r")
        elif r < 0.88:
            out.append(rng.choice(["\x1b[2C", "\x1b[A", "\x1b[5G"]))
        elif r < 0.91:
            out.append("\x1b[0m")
        elif r < 0.94:
            out.append(f"\x1b[{rng.choice(STYLES[1:])}m")        # a style without a reset
        elif r < 0.97:
            out.append("\x1b]8;id=1;https://example.org\x1b\\link\x1b]8;;\x1b\\")
        else:
            out.append(rng.choice(["\x1b[?2026h", "\x1b[?2026l", "\x1b[?25l", "\x1b[6n"]))
    return "".join(out)


def test_random_output_gives_the_same_screen():
    rng = random.Random(5)
    saved = 0
    for _ in range(400):
        data = random_frame(rng)
        start = rng.choice([None, {"attrs": {1}, "fg": ("31",)}])
        short = same_screen(data, start)
        assert len(short) <= len(data)
        saved += len(data) - len(short)
    assert saved > 0


# ------------------------------------------------------------------ real frames

@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_real_frames_of_the_app(size):
    """The whole screen and the updates after cursor moves (with a step and a
    digit highlighted): the same on screen, and the moves much smaller."""
    from tutor.engine.registry import find_all
    app = make(LOCKEDSET)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        play = app.play
        await pilot.press("a")                                  # all candidates
        step = find_all(play.game.position, ["naked-subset"])[0]
        play.show_step(step)
        play.set_digit(3)
        play.move_cursor(cell("r5c5"))
        await settle(pilot)
        comp = app.screen._compositor
        full = comp.render_update(full=True).render_segments(app.console)
        short = same_screen(full)
        assert len(short) < len(full)
        raw = small = 0
        grid = play.grid
        for k in range(12):
            grid.action_move(0, 1) if k % 4 else grid.action_move(1, 0)
            comp.update_widgets(set(grid.columns) | set(play.query("#status")))
            update = comp.render_update(full=False)
            if update is None:
                continue
            frame = update.render_segments(app.console)
            raw += len(frame)
            small += len(same_screen(frame))
        assert raw and small < 0.8 * raw


def test_the_driver_writes_compressed_frames(monkeypatch):
    written = []

    class FakeDriver:
        def write(self, data: str) -> None:
            written.append(data)

    cls = compressing_driver(FakeDriver)
    assert issubclass(cls, FakeDriver) and compressing_driver(cls) is cls
    frame = FIRST + "\x1b[1;1H\x1b[31mab\x1b[0m\n\x1b[2;1H\x1b[31mcd\x1b[0m"
    cls().write(frame)
    assert written == [compress_frame(frame)] and written[0] != frame

    app = make(LOCKEDSET)
    assert app.driver_class._sgr_compressing
    monkeypatch.setenv("SUDOKU_TUTOR_RAW_OUTPUT", "1")
    assert not getattr(make(LOCKEDSET).driver_class, "_sgr_compressing", False)
    assert terminal.enabled() is False


async def test_a_click_repaints_only_the_cells_that_change(monkeypatch):
    """A click on the (focused) board used to repaint the whole grid twice:
    focus() refreshes even a focused widget, and a press started a text
    selection (Textual repaints the screen when one starts and ends)."""
    from tutor.app.widgets.grid import GridColumn, SudokuGrid
    app = make(LOCKEDSET)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        grid = app.play.grid
        assert app.focused is grid
        whole = []
        real = SudokuGrid.refresh

        def refresh(self, *regions, **kw):
            if not regions:
                whole.append(self)
            return real(self, *regions, **kw)

        monkeypatch.setattr(SudokuGrid, "refresh", refresh)
        for target in ("r9c9", "r1c1", "r5c5"):
            x, y = grid.cell_offset(cell(target))
            await pilot.click(grid, offset=(x, y))
            await settle(pilot, 1)
            assert grid.cursor == cell(target)
        assert whole == []
        assert not SudokuGrid.ALLOW_SELECT and not GridColumn.ALLOW_SELECT
