"""The play screen's "solve up to", as HoDoKu offers it: S applies every
single, U (or the palette) every step up to a chosen technique or level,
to get past the easy part of a hard puzzle.  The steps come from the
engine (`solve_up_to`) in a thread and land as one change, so one undo
takes them all back; the Log counts what was applied, per technique.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.log_line`, ...).
"""
from __future__ import annotations

from collections import Counter

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from ...engine.position import Position
from ...engine.registry import FAMILIES, counted, get
from ..settings import setting_of

SOLVE_LOCKED = "Solving is closed during the class test."


def limit_name(limit: str) -> str:
    """'X-Wing' for a technique id, 'Fish' for a family id."""
    t = get(limit)
    return t.name if t else FAMILIES.get(limit, limit)


def applied_counts(steps) -> str:
    """'Naked Single 40, Full House 13, Hidden Single 1': steps per label
    (a Full House is a Naked Single named so), most first."""
    counts = Counter(get(s.technique).label_of(s) for s in steps)
    return ", ".join(f"{label} {n}" for label, n in counts.most_common())


class SolveUpTo(Screen):
    """Solve up to a technique, for the play screen."""

    solve_busy = False

    def action_apply_singles(self) -> None:
        self.solve_up_to("singles")

    def action_choose_limit(self) -> None:
        if self.app.locked_out(SOLVE_LOCKED):
            return

        def chosen(limit: str | None) -> None:
            if limit:
                self.solve_up_to(limit)

        self.app.push_screen(LimitDialog(setting_of(self, "uniqueness")), chosen)

    def solve_up_to(self, limit: str) -> None:
        if self.app.locked_out(SOLVE_LOCKED):
            return
        if self.solve_busy:
            self.log_line("Still solving…", "info")
            return
        if self.game.is_solved():
            self.log_line("The puzzle is solved already.", "ok")
            return
        problem = self._grid_problem("nothing can be applied")
        if problem:
            self.log_line(problem, "warn")
            return
        self.solve_busy = True
        self.find_steps_up_to(self.game.engine_position(), self.game.position.key(), limit)

    @work(thread=True, exclusive=True, group="solve")
    def find_steps_up_to(self, pos: Position, key, limit: str) -> None:
        from ...engine.solve import solve_up_to
        try:
            result = solve_up_to(pos, limit, uniqueness=setting_of(self, "uniqueness"))
        finally:
            self.app.call_from_thread(setattr, self, "solve_busy", False)
        self.app.call_from_thread(self._apply_up_to, key, limit, result)

    def _apply_up_to(self, key, limit: str, result) -> None:
        name = limit_name(limit)
        if key != self.game.position.key():
            self.log_line(f"The grid changed while solving up to {name}: nothing applied.",
                          "info")
            return
        if not result.steps:
            self.log_line(f"Nothing to apply: the next step is harder than {name}.", "info")
            return
        what = "single" if limit == "singles" else "step"
        n = len(result.steps)
        change = self.game.apply_steps(result.steps, f"solve up to {name}")
        self.hints_used += n
        # said first: what follows from it (an example's step shown, the solve) is said after
        self.log_line(f"Applied {counted(n, what)} up to {name}: {applied_counts(result.steps)} "
                      f"(u takes {'it' if n == 1 else 'them all'} back).", "ok")
        self.after_change(change)
        if result.status == "stuck":
            self.log_line(f"The next step is harder than {name}: H gives a hint.", "info")


class LimitDialog(ModalScreen["str | None"]):
    """Pick how far "solve up to" goes: a level (a family of techniques and
    everything simpler) or one technique."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    LimitDialog { align: center middle; }
    LimitDialog > Vertical { width: 60; max-width: 96%; height: 80%;
                             border: thick $primary; background: $surface; padding: 0 1; }
    LimitDialog OptionList, LimitDialog OptionList:focus { height: 1fr; border: none; }
    """

    def __init__(self, uniqueness: bool = True) -> None:
        super().__init__()
        self.uniqueness = uniqueness

    def compose(self) -> ComposeResult:
        from ...engine.registry import ladder
        from ...engine.solve import levels
        options = [Option(f"Level: {name}", id=family) for family, name in levels(self.uniqueness)]
        options += [Option(f"Technique: {t.name}", id=t.id) for t in ladder(self.uniqueness)]
        with Vertical():
            yield Label("Solve up to… (Enter: apply, Esc: cancel)")
            yield OptionList(*options, id="limits")

    def on_mount(self) -> None:
        box = self.query_one("#limits", OptionList)
        box.highlighted = 0
        box.focus()

    @on(OptionList.OptionSelected, "#limits")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
