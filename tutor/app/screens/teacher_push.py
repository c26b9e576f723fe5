"""The teacher's push dialog: the title the students see, for a quiz its
kind (any registered kind) and what it asks about (and, with singles
pending, whether to push the position after them), for a fresh practice
set its technique, and the hint lock.

The dialog closes only with something pushed, or on Cancel: what the
teacher chose is built into a push by the teacher screen's `build` (which
makes the quiz); when that fails (nothing to find here, the singles solve
it all) the dialog says why and stays open.  The singles note shows only
for a kind best taken after the singles, and follows every change of kind.
The fields scroll and the buttons stay below them, so it fits 80x24."""
from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

LOCKS = [("no lock: every hint level", -1), ("hints off", 0)] + \
        [(f"hints up to level {n}", n) for n in (1, 2, 3, 4)]


class PushDialog(ModalScreen["dict | None"]):
    """Title, (for a quiz) its kind and target, and the hint lock of a push."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    PushDialog { align: center middle; }
    PushDialog > Vertical { width: 80; max-width: 100%; height: auto; max-height: 100%;
                            border: thick $primary; background: $surface; padding: 0 1; }
    PushDialog VerticalScroll { height: auto; max-height: 100%; scrollbar-size-vertical: 1; }
    PushDialog #push-foot { dock: bottom; height: auto; }
    PushDialog Horizontal { height: auto; }
    PushDialog Button { margin: 0 1 0 0; }
    PushDialog #push-error { color: $error; height: auto; }
    """

    def __init__(self, kind: str, title: str, note: str, build: Callable[[dict], dict], **_):
        super().__init__()
        self.kind = kind
        self.default_title = title
        self.note = note          # a quiz on a position with singles pending: say so
        self.build = build        # the choice -> the push's payload; ValueError: why not

    def compose(self) -> ComposeResult:
        from ...engine.registry import families, ladder
        from ...teaching.quiz import kinds
        from ...teaching.quiz.common import REFERENCE_TARGET
        with Vertical(id="push-box"):
            with VerticalScroll(id="push-fields"):
                yield Label({"quiz": "Push a quiz to the class",
                             "set": "Push a fresh practice set: new positions of one technique, the "
                                    "same for everyone (f pushes each next one)"}.get(
                    self.kind, "Push this position to the class"))
                title = self.default_title or (kinds()[0].asks_title() if self.kind == "quiz" else "")
                yield Input(title, id="push-title", placeholder="title the students see", max_length=100)
                if self.kind == "set":
                    yield Select([(t.name, t.id) for t in ladder()], value="x-wing", allow_blank=False,
                                 id="push-target")
                if self.kind == "quiz":
                    quiz_kinds = [(k.asks, k.kind) for k in kinds()]
                    yield Select(quiz_kinds, value=quiz_kinds[0][1], allow_blank=False, id="push-kind")
                    targets = [(name, fid) for fid, name in families()] + \
                              [(t.name, t.id) for t in ladder()]
                    yield Select(targets, value=REFERENCE_TARGET, allow_blank=False,
                                 id="push-target")
                yield Select(LOCKS, value=-1, allow_blank=False, id="push-lock")
                if self.kind == "quiz" and self.note:
                    yield Static(self.note, id="push-singles", markup=False)
                    yield Checkbox("Push the position after the singles", value=True,
                                   id="push-after-singles")
            with Vertical(id="push-foot"):         # what went wrong and the buttons: always seen
                yield Static("", id="push-error", markup=False)
                with Horizontal():
                    yield Button("Push", id="push-ok", variant="primary")
                    yield Button("Cancel (Esc)", id="push-cancel")

    def on_mount(self) -> None:
        self.query_one("#push-title", Input).focus()
        self._show_singles_note()

    def _singles_note_applies(self) -> bool:
        """The chosen kind is best taken after the singles, and some are pending."""
        from ...teaching.quiz import get_kind
        return self.kind == "quiz" and bool(self.note) and \
            get_kind(str(self.query_one("#push-kind", Select).value)).best_after_singles

    def _show_singles_note(self) -> None:
        applies = self._singles_note_applies()
        for widget in self.query("#push-singles, #push-after-singles"):
            widget.display = applies

    def on_select_changed(self, event: Select.Changed) -> None:
        """A quiz's title says what it asks until the teacher writes one."""
        from ...teaching.quiz import kinds
        title = self.query_one("#push-title", Input)
        if event.select.id == "push-kind" and title.value in {"", *(k.asks_title() for k in kinds())}:
            title.value = next(k.asks_title() for k in kinds() if k.kind == event.value)
        self._show_singles_note()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_push()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "push-ok":
            self.action_push()
        else:
            self.action_cancel()

    def choice(self) -> dict:
        """What the teacher chose: title, hint_limit, and for a quiz its
        quiz kind, target and after_singles; for a fresh set its target."""
        lock = self.query_one("#push-lock", Select).value
        no_lock = lock is Select.BLANK or not isinstance(lock, int) or lock < 0
        out = {"title": self.query_one("#push-title", Input).value.strip(),
               "hint_limit": None if no_lock else int(lock)}
        if self.kind == "set":
            out["target"] = self.query_one("#push-target", Select).value
        if self.kind == "quiz":
            out["quiz"] = self.query_one("#push-kind", Select).value
            out["target"] = self.query_one("#push-target", Select).value
            out["after_singles"] = self._singles_note_applies() and \
                self.query_one("#push-after-singles", Checkbox).value
        return out

    def action_push(self) -> None:
        choice = self.choice()
        if not choice["title"]:
            self.say("Give the push a title.")
            return
        try:
            payload = self.build(choice)
        except ValueError as e:            # nothing to push as chosen: say why, stay open
            self.say(str(e))
            return
        self.dismiss(payload)

    def say(self, text: str) -> None:
        self.query_one("#push-error", Static).update(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
