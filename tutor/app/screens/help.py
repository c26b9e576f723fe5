"""The help screen: every key binding, built from the live binding tables so
it cannot drift from what the keys do, then how the modes, the mouse, the
hint ladder, the focus and the grid's cues work.  Opened from another screen
(the lesson browser), it shows that screen's keys and its `HELP` sections.

Each section is a two-column table (keys, what they do): a description too
long for the line wraps under its own column, never back to column 1.
"""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEY_NAMES = {
    "question_mark": "?", "space": "space", "enter": "Enter", "escape": "Esc",
    "up": "↑", "down": "↓", "left": "←", "right": "→", "delete": "Del",
    "backspace": "Backspace", "ctrl+z": "ctrl+z", "ctrl+y": "ctrl+y", "ctrl+p": "ctrl+p",
    "right_square_bracket": "]", "left_square_bracket": "[", "slash": "/",
}

KEYS_WIDTH = 18          # the keys column; descriptions wrap in the rest

SECTIONS = [
    ("First steps", [
        ("L", "the lessons: pick one, read it, t tries an example on the grid"),
        ("]", "after t: the lesson's next example (the Log says when you found the step)"),
        ("n", "another puzzle: pick a level, then a puzzle (r: a random one)"),
        ("H", "a hint, one rung per press"),
        ("S, U", "past the easy part: apply every single; solve up to a technique or level "
                 "(u takes it back)"),
    ]),
    ("Modes and prefixes", [
        ("normal mode", "1-9 place a digit in the cursor cell; 0/Del clears it"),
        ("pencil mode", "1-9 toggle that candidate (space or p switches modes)"),
        ("x then 1-9", "mark the candidate as claimed eliminated (x again or Esc cancels)"),
        ("f then 1-9", "highlight every candidate of a digit (f then 0 clears)"),
        ("v then 1-9", "colour that candidate with the current colour (again: uncolour); "
                       "v then 0 clears every colour; V picks the next colour"),
        ("Enter", "send the marked claims to the judge; the verdict goes to the Log"),
        ("C, a", "clear every candidate to pencil them yourself; fill them all in again"),
    ]),
    ("Focus", [
        ("Esc", "gives the grid the keys back (after the Steps tab, the Lesson tab or the "
                "Log); a click on the grid does too"),
        ("", "the cursor shows only while the grid has the keys; elsewhere a digit does "
             "nothing but give the grid the keys back"),
    ]),
    ("Mouse", [
        ("click a cell", "move the cursor there"),
        ("click a candidate", "pencil mode: toggle it; normal mode: mark/unmark it as "
                              "claimed eliminated (then Enter submits)"),
        ("click a dot", "pencil mode: put that candidate back"),
        ("ctrl+click", "colour the candidate (where the terminal passes ctrl; else v)"),
        ("right-click", "highlight every candidate of that digit"),
    ]),
    ("Hint ladder (H = shift+h; h itself moves left)", [
        ("1 2 3 4 5", "technique name, where to look, pattern shown, eliminations shown, "
                      "applied"),
        ("", "If your grid holds a mistake the hint names the cells first; H again "
             "repairs it."),
    ]),
    ("Grid cues (also readable without colour)", [
        ("reverse", "the cursor (only while the grid has the keys)"),
        ("bold, underline", "a given, your digit"),
        ("! ? ", "a clash or a solution digit; a mistake or a failing cell"),
        ("- + x", "struck elimination, placement, your claim (struck)"),
        ("a A b B", "your colours: a and A are one pair, b and B the other"),
        ("compact layout", "candidates 1-5 on a cell's first line, 6-9 on the second, "
                           "· = absent; the cell's cue sits bottom right"),
    ]),
]


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


def section_table(rows) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(width=KEYS_WIDTH, no_wrap=False)
    table.add_column(ratio=1)
    for keys, text in rows:
        table.add_row(Text(keys, style="bold"), Text(text))
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close help")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, screen=None, **_):
        super().__init__()
        self.for_screen = screen            # None: the play screen's help
        self.sections: list[tuple[str, list[tuple[str, str]]]] = []
        self.help_renderable = None

    def compose(self) -> ComposeResult:
        self.sections = self._sections()
        parts = []
        for title, rows in self.sections:
            parts += [Text(title, style="bold underline"), section_table(rows), Text("")]
        self.help_renderable = Group(*parts)
        with VerticalScroll():
            yield Static(self.help_renderable, id="help-text")

    def _sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        from ..widgets.grid import SudokuGrid
        screen = self.for_screen
        if screen is not None:
            return [(f"{screen.title}: keys (Esc closes)", binding_rows([type(screen)]))] + \
                list(getattr(screen, "HELP", []))
        nodes = [type(self.app)]
        play = getattr(self.app, "play", None)
        if play is not None:
            nodes = [type(play), SudokuGrid, type(self.app)]
        keys = binding_rows(nodes)
        keys.append(("ctrl+p", "command palette: lessons, techniques, puzzles, actions"))
        sections = [SECTIONS[0], ("Keys (Esc closes)", keys)] + SECTIONS[1:]
        values = getattr(self.app, "settings", None)
        if values is not None:
            from ..settings import help_rows
            sections.append(("Settings (ctrl+p, then 'Settings' to switch one)",
                             help_rows(values)))
        return sections

    def action_dismiss(self) -> None:
        self.dismiss(None)

    def help_text(self) -> str:
        """The help as plain text, one row a line (tests read it)."""
        lines = []
        for title, rows in self.sections:
            lines.append(title)
            lines += [f"  {keys:<{KEYS_WIDTH}} {text}" for keys, text in rows]
        return "\n".join(lines)
