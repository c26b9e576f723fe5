"""A terminal too small for the grid: say so over whatever is shown, and
go away when the terminal grows.

Below the compact grid's size plus the header and the key bar (55x24), rows
or columns of the grid are cut off, and with them the cursor: a learner at
60x20 could move to r8c9 and not see it.  The notice covers every screen
until the terminal is large enough again; what is beneath is kept as it was.
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.grid_layout import COMPACT

MIN_WIDTH = COMPACT.width
MIN_HEIGHT = COMPACT.height + 2          # the header and the key bar


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def notice(width: int, height: int) -> str:
    return (f"This terminal is {width}x{height}. The grid needs at least "
            f"{MIN_WIDTH}x{MIN_HEIGHT} (80x24 shows the side panel too): "
            f"please make the window larger. Your game is kept. (q quits)")


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen #too-small { width: 100%; height: auto; text-align: center; }
    """
    BINDINGS = [Binding("q,ctrl+q", "app.quit", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(notice(*self.app.size), id="too-small", markup=False)

    def on_resize(self, event) -> None:
        self.refresh_notice()

    def on_screen_resume(self) -> None:
        self.refresh_notice()            # a screen pushed over it may have closed after a resize

    leaving = False

    def refresh_notice(self) -> None:
        width, height = self.app.size
        if not too_small(width, height):
            if self.is_current and not self.leaving:   # one pop, of this screen only
                self.leaving = True
                self.dismiss()
            return
        for label in self.query("#too-small").results(Static):     # none before it is composed
            label.update(notice(width, height))
