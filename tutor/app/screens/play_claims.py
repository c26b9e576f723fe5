"""The play screen's claims: candidates marked with x (or a click) are sent
to the judge with Enter (b: naming the technique and the pattern), in a
thread; a proved claim is applied, any verdict is logged, shown on the grid
and recorded in the progress store.

A part of PlayScreen (screens/play.py), kept in its own room: it works on
the play screen's state (`self.game`, `self.grid`, `self.log_line`, ...).
"""
from __future__ import annotations

from textual import work
from textual.screen import Screen

from ...engine.position import Position
from ...teaching.learner import named_technique, position_key
from ..hints import claim_text, verdict_line
from ..settings import setting_of
from ..widgets.grid import Highlight


class ClaimJudge(Screen):
    """Claims and the judge, for the play screen."""

    def action_submit_by(self) -> None:
        if not self.game.marks:
            self.action_submit()
            return
        from .dialogs import ClaimDialog

        def done(result) -> None:
            if result is not None:
                self.action_submit(by=result[0] or None, pattern=result[1] or None)

        self.app.push_screen(ClaimDialog(claim_text(sorted(self.game.marks))), done)

    def action_submit(self, by: str | None = None, pattern: str | None = None) -> None:
        if self.judge_busy:
            return
        marks = sorted(self.game.marks)
        if not marks:
            self.log_line("Nothing to submit: mark candidates with x then a digit "
                          "(or click them), then press Enter.", "info")
            return
        text = claim_text(marks)
        said = f" by {by}" + (f" in {pattern}" if pattern else "") if by else ""
        self.log_line(f"Claim: {text}{said}", "info")
        problem = self._grid_problem()
        if problem:
            self.log_line(problem, "warn")
            return
        self.judge_busy = True
        self.run_judge(self.game.engine_position(), text, self.game.position.key(), by, pattern,
                       marks=frozenset(marks))

    def _grid_problem(self, blocked: str = "no claim can be judged yet") -> str | None:
        """Why the engine cannot work on the learner's grid, in words; else None."""
        from ..hints import cells_list
        check = self.game.check()
        if check.unknown:
            return None
        if not check.ok:
            self.set_highlight(Highlight(failing=frozenset(check.cells), label="mistakes"))
            return (f"Your grid holds a mistake at {cells_list(check.cells)}, so {blocked} "
                    "(c shows it; H, then H again, repairs it).")
        stale = self.game.position.conflicts_with_values()
        if stale:
            return f"First tidy the candidates: {stale} (a fills them in afresh)."
        return None

    @work(thread=True, exclusive=True, group="judge")
    def run_judge(self, pos: Position, text: str, key, by=None, pattern=None,
                  marks=frozenset()) -> None:
        verdict, error = None, None
        try:
            try:
                from ...engine import judge as judge_mod
            except ImportError:
                error = "The judge is not available yet."
            else:
                try:
                    claim = judge_mod.parse_claim(text)
                    verdict = judge_mod.judge(pos, claim, by=by, pattern=pattern,
                                              uniqueness=setting_of(self, "uniqueness"))
                except judge_mod.ClaimError as e:
                    error = f"Claim not understood: {e}"
        finally:
            self.app.call_from_thread(setattr, self, "judge_busy", False)
        self.app.call_from_thread(self._show_verdict, key, text, verdict, error, by, marks)

    def _show_verdict(self, key, text: str, verdict, error: str | None, by=None,
                      marks=frozenset()) -> None:
        if error:
            self.log_line(error, "warn")
            return
        kind = verdict.kind
        self.log_line(verdict_line(verdict), "ok" if kind.startswith("proved") else
                      ("warn" if kind == "true-unproved" else "bad"))
        store = self.app.store
        if store is not None:
            try:
                store.record_claim(self.app.user, text, kind, verdict.technique,
                                   named=named_technique(by, verdict.technique),
                                   position=position_key(key))
            except Exception as e:
                self.log_line(f"Could not record the claim: {e}", "bad")
        hl = Highlight.of_dict(getattr(verdict, "highlight", None), label=f"verdict: {kind}")
        if key != self.game.position.key():
            return
        if kind in ("proved", "proved-other"):
            pairs = list(verdict.claim.eliminations) if getattr(verdict, "claim", None) else \
                list(self.game.marks)
            change = self.game.eliminate(pairs, f"claim {text}")
            self.highlight = hl
            self.after_change(change, keep_highlight=True)
            if change is not None:
                self.log_line(f"Applied: {text}", "info")     # a note after the verdict
        else:
            self.set_highlight(hl)
            self._unmark(marks)

    def _unmark(self, marks) -> None:
        """A claim not applied leaves its marks: take them off, so the next
        claim holds only what is marked after it (u puts them back)."""
        change = self.game.clear_marks(marks)
        if change is None:
            return
        self.after_change(change, keep_highlight=True)
        gone = change.marks_before - change.marks_after
        self.log_line(f"Unmarked {claim_text(gone)} "
                      f"(u marks {'it' if len(gone) == 1 else 'them'} again).", "info")
