"""The teacher's push dialog: the title the students see, for a quiz what
to find (and, with singles pending, whether to push the position after
them), for a fresh practice set its technique, and the hint lock."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

LOCKS = [("no lock: every hint level", -1), ("hints off", 0)] + \
        [(f"hints up to level {n}", n) for n in (1, 2, 3, 4)]


class PushDialog(ModalScreen["dict | None"]):
    """Title, (for a quiz) what to find, and the hint lock of a push."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    PushDialog { align: center middle; }
    PushDialog > Vertical { width: 80; height: auto; border: thick $primary; background: $surface; padding: 0 1; }
    PushDialog Horizontal { height: auto; }
    PushDialog Button { margin: 0 1 0 0; }
    PushDialog #push-error { color: $error; height: auto; }
    """

    def __init__(self, kind: str, title: str, note: str = "", **_):
        super().__init__()
        self.kind = kind
        self.default_title = title
        self.note = note          # a quiz on a position with singles pending: say so

    def compose(self) -> ComposeResult:
        from ...engine.registry import families, ladder
        with Vertical():
            yield Label({"quiz": "Push a find-all quiz to the class",
                         "set": "Push a fresh practice set: new positions of one technique, the "
                                "same for everyone (f pushes each next one)"}.get(
                self.kind, "Push this position to the class"))
            yield Input(self.default_title, id="push-title", placeholder="title the students see",
                        max_length=100)
            if self.kind == "set":
                yield Select([(t.name, t.id) for t in ladder()], value="x-wing", allow_blank=False,
                             id="push-target")
            if self.kind == "quiz":
                targets = [(name, fid) for fid, name in families()] + \
                          [(t.name, t.id) for t in ladder()]
                yield Select(targets, value="locked-set", allow_blank=False, id="push-target")
            yield Select(LOCKS, value=-1, allow_blank=False, id="push-lock")
            if self.kind == "quiz" and self.note:
                yield Static(self.note, id="push-singles", markup=False)
                yield Checkbox("Push the position after the singles", value=True,
                               id="push-after-singles")
            yield Static("", id="push-error")
            with Horizontal():
                yield Button("Push", id="push-ok", variant="primary")
                yield Button("Cancel (Esc)", id="push-cancel")

    def on_mount(self) -> None:
        self.query_one("#push-title", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_push()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "push-ok":
            self.action_push()
        else:
            self.action_cancel()

    def action_push(self) -> None:
        title = self.query_one("#push-title", Input).value.strip()
        if not title:
            self.query_one("#push-error", Static).update("Give the push a title.")
            return
        lock = self.query_one("#push-lock", Select).value
        no_lock = lock is Select.BLANK or not isinstance(lock, int) or lock < 0
        out = {"title": title, "hint_limit": None if no_lock else int(lock)}
        if self.kind in ("quiz", "set"):
            out["target"] = self.query_one("#push-target", Select).value
            if self.note:
                out["after_singles"] = self.query_one("#push-after-singles", Checkbox).value
        self.dismiss(out)

    def action_cancel(self) -> None:
        self.dismiss(None)
