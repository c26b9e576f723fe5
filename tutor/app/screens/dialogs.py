"""Paste (import) and export dialogs."""
from __future__ import annotations

import re
import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static, TextArea

from ...engine.formats import to_givens, to_pm, write_braces
from ...engine.position import PositionError
from ..game import Game

DIALOG_CSS = """
{cls} {{ align: center middle; }}
{cls} > Vertical {{
    width: 96%; max-width: 110; height: 90%;
    border: thick $primary; background: $surface; padding: 0 1;
}}
{cls} TextArea {{ height: 1fr; }}
{cls} #error {{ color: $error; text-style: bold; height: auto; }}
{cls} Horizontal {{ height: auto; }}
{cls} Button {{ margin: 0 1 0 0; min-width: 10; }}
"""


class PasteDialog(ModalScreen["Game | None"]):
    """Paste an 81-char puzzle, a brace grid or a HoDoKu PM grid.  A bad
    string leaves a one-line error here and the current game untouched."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "load", "Load")]
    DEFAULT_CSS = DIALOG_CSS.format(cls="PasteDialog")

    def __init__(self, text: str = "", **_):
        super().__init__()
        self.initial = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Paste a puzzle: 81 characters, a brace grid {12}3..., or a PM grid")
            yield TextArea(self.initial, id="text", soft_wrap=True)
            yield Static("", id="error")
            with Horizontal():
                yield Button("Load (ctrl+s)", id="load", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#text", TextArea).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "load":
            self.action_load()
        else:
            self.action_cancel()

    def action_load(self) -> None:
        text = self.query_one("#text", TextArea).text
        try:
            game = Game.from_text(text, name="pasted")
        except PositionError as e:
            self.query_one("#error", Static).update(Text(f"Cannot load: {e}"))
            return
        self.dismiss(game)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @property
    def error(self) -> str:
        return str(self.query_one("#error", Static).content)


def export_text(game: Game) -> dict[str, str]:
    """The position in every format; each reads back (paste) to the same
    position (the 81-char ones hold digits only; see tutor/engine/formats.py)."""
    pos = game.position
    return {"givens": to_givens(pos, placed=False), "current": to_givens(pos),
            "braces": write_braces(pos), "pm": to_pm(pos)}


def export_dir() -> Path:
    from ...paths import user_data_dir
    return user_data_dir() / "exports"


def write_export(game: Game, directory: Path | None = None) -> Path:
    """All formats in one text file; returns its path."""
    directory = directory or export_dir()
    directory.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9]+", "-", game.name).strip("-") or "puzzle"
    path = directory / f"{safe}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    texts = export_text(game)
    path.write_text(
        f"# {game.name}\n# givens (81 chars)\n{texts['givens']}\n"
        f"# current digits (81 chars)\n{texts['current']}\n"
        f"# candidates (brace grid)\n{texts['braces']}\n"
        f"# candidates (PM grid)\n{texts['pm']}\n", encoding="utf-8")
    return path


class ExportDialog(ModalScreen[None]):
    """The position in every format; copy one to the clipboard or save all."""

    BINDINGS = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = DIALOG_CSS.format(cls="ExportDialog")

    def __init__(self, game: Game | None = None, **_):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game or self.app.play.game
        texts = export_text(game)
        body = (f"givens:\n{texts['givens']}\n\ncurrent digits:\n{texts['current']}\n\n"
                f"brace grid:\n{texts['braces']}\n\nPM grid:\n{texts['pm']}\n")
        with Vertical():
            yield Label(Text(f"Export: {game.name}"))
            yield TextArea(body, read_only=True, id="text")
            yield Static("", id="error")
            with Horizontal():
                yield Button("Copy 81", id="givens")
                yield Button("Copy braces", id="braces")
                yield Button("Copy PM", id="pm")
                if not getattr(self.app, "served", False):     # no files on a classroom server
                    yield Button("Save file", id="save", variant="primary")
                yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        game = self.game or self.app.play.game
        bid = event.button.id
        status = self.query_one("#error", Static)
        if bid == "close":
            self.dismiss(None)
        elif bid == "save" and not getattr(self.app, "served", False):
            try:
                path = write_export(game)
            except OSError as e:
                status.update(Text(f"Cannot save: {e.strerror} ({e.filename})"))
                return
            self.app.play.log_line(f"Exported to {path}", "info")
            status.update(Text(f"Saved to {path}"))
        else:
            self.app.copy_to_clipboard(export_text(game)[bid])
            status.update(f"Copied the {bid} text to the clipboard (if the terminal allows it)")

    def action_close(self) -> None:
        self.dismiss(None)


class ClaimDialog(ModalScreen["tuple[str, str] | None"]):
    """Name the technique (and optionally the pattern cells) behind the
    marked claim; the judge then says whether that technique proves it."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    ClaimDialog { align: center middle; }
    ClaimDialog > Vertical {
        width: 90%; max-width: 80; height: auto;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    ClaimDialog Input { margin: 0 0 1 0; }
    """

    def __init__(self, claim: str = "", **_):
        super().__init__()
        self.claim = claim

    def compose(self) -> ComposeResult:
        from textual.suggester import SuggestFromList
        from textual.widgets import Input
        from ...engine.registry import ladder
        names = [t.name for t in ladder()] + ["Naked Pair", "Naked Triple", "Hidden Pair",
                                               "Hidden Triple", "Locked Pair", "Pointing", "Claiming"]
        with Vertical():
            yield Label(f"Claim {self.claim}: by which technique? (Enter submits, Esc cancels)")
            yield Input(placeholder="technique, e.g. X-Wing or naked pair", id="by",
                        suggester=SuggestFromList(names, case_sensitive=False))
            yield Input(placeholder="pattern (optional): cells r6c45, or a fish r47b2 c145", id="pattern")

    def on_mount(self) -> None:
        self.query_one("#by").focus()

    def on_input_submitted(self, event) -> None:
        from textual.widgets import Input
        by = self.query_one("#by", Input).value.strip()
        pattern = self.query_one("#pattern", Input).value.strip()
        self.dismiss((by, pattern))

    def action_cancel(self) -> None:
        self.dismiss(None)
