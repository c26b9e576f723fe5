"""The help screen: every key binding, built from the live binding tables so
it cannot drift from what the keys do."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEY_NAMES = {
    "question_mark": "?", "space": "space", "enter": "Enter", "escape": "Esc",
    "up": "↑", "down": "↓", "left": "←", "right": "→", "delete": "Del",
    "backspace": "Backspace", "ctrl+z": "ctrl+z", "ctrl+y": "ctrl+y", "ctrl+p": "ctrl+p",
}

EXTRA = """\
Modes and prefixes
  normal mode   1-9 place a digit in the cursor cell; 0/Del clears it
  pencil mode   1-9 toggle that candidate (space or p switches modes)
  x then 1-9    mark the candidate as claimed eliminated (x again or Esc cancels)
  f then 1-9    highlight every candidate of a digit (f then 0 clears)
  Enter         send the marked claims to the judge; the verdict goes to the Log

Mouse
  click a cell            move the cursor there
  click a candidate       pencil mode: toggle it; normal mode: mark/unmark it
                          as claimed eliminated (then Enter submits)
  click a dot (pencil)    put that candidate back
  right-click a candidate highlight every candidate of that digit

Hint ladder (H = shift+h, one press per rung; h itself moves left)
  1 technique name  2 where to look  3 pattern shown  4 eliminations shown  5 applied
  If your grid holds a mistake the hint names the cells first; H again repairs it.

Grid cues (also readable without colour)
  reverse = cursor   bold = given   underline = your digit   ! = clash / solution digit
  - struck = elimination   + = placement   x struck = your claim   ? = mistake / failing
  compact layout: candidates 1-5 on a cell's first line, 6-9 on the second, · = absent
"""


def key_label(key: str) -> str:
    return ", ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in key.split(","))


def binding_rows(nodes) -> list[tuple[str, str]]:
    """(keys, description) for every binding with a description, merged by action."""
    rows: dict[str, list] = {}
    order: list[str] = []
    for node in nodes:
        for b in getattr(node, "BINDINGS", []):
            if isinstance(b, tuple):
                b = Binding(*b)
            if not isinstance(b, Binding) or not b.description:
                continue
            label = key_label(b.key)
            act = b.description
            if act not in rows:
                rows[act] = []
                order.append(act)
            if label not in rows[act]:
                rows[act].append(label)
    out = []
    for a in order:
        keys = rows[a]
        if keys[:9] == [str(d) for d in range(1, 10)]:
            keys = ["1-9"] + keys[9:]
        out.append((", ".join(keys), a))
    return out


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close help")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, **_):
        super().__init__()

    def compose(self) -> ComposeResult:
        from ..widgets.grid import SudokuGrid
        nodes = [type(self.app)]
        play = getattr(self.app, "play", None)
        if play is not None:
            nodes = [type(play), SudokuGrid, type(self.app)]
        lines = ["Keys (Esc closes)"]
        for keys, desc in binding_rows(nodes):
            lines.append(f"  {keys:<22} {desc}")
        lines.append("  ctrl+p                 command palette: techniques, puzzles, actions")
        lines.append("")
        lines.append(EXTRA)
        values = getattr(self.app, "settings", None)
        if values is not None:
            from ..settings import describe
            lines.append("Settings (ctrl+p, then 'Settings' to switch one)")
            lines.extend(describe(values))
        with VerticalScroll():
            yield Static("\n".join(lines), id="help-text", markup=False)

    def action_dismiss(self) -> None:
        self.dismiss(None)

    def help_text(self) -> str:
        return str(self.query_one("#help-text", Static).content)
