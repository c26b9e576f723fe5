"""What a served app (one student's session over SSH, TutorApp.served)
does differently from Textual's defaults: it lives through errors inside
Textual or a screen (a budget of them, then one line and no traceback,
which would show the server's paths), offers no system commands, and
writes no screenshot files on the teacher's machine."""
from __future__ import annotations

from textual.app import App


class ServedApp(App):
    """TutorApp's base: Textual's App, with the above when `self.served`."""

    served = False
    ERROR_BUDGET = (10, 30.0)        # a served app survives this many errors in so many seconds

    def _handle_exception(self, error: Exception) -> None:
        """A served app (one student's session) outlives an error inside
        Textual or a screen instead of ending the student's session with a
        traceback: widgets torn down under a callback, odd input.  It says so
        in the Log and carries on; too many errors in a row still end it, with
        one line and no traceback (which would show the server's paths)."""
        if self.served:
            import time as _time
            now = _time.monotonic()
            count, window = self.ERROR_BUDGET
            self._error_times = [t for t in self._error_times if now - t < window] + [now]
            what = f"{type(error).__name__}: {str(error)[:160]}"
            self.internal_errors.append(what)
            del self.internal_errors[:-50]
            if len(self._error_times) <= count:
                if self._play is not None:
                    try:
                        self._play.log_line(f"(The tutor hit an internal error and carries on: "
                                            f"{type(error).__name__}.)", "warn")
                    except Exception:       # noqa: BLE001 - the log itself may be gone
                        pass
                return
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        if not self.served:
            super()._fatal_error()
            return
        from rich.text import Text
        self.bell()
        last = self.internal_errors[-1].split(":", 1)[0] if self.internal_errors else "error"
        self._exit_renderables.append(Text(
            f"sudoku-tutor: the tutor stopped after repeated internal errors ({last}); "
            "your progress is saved: connect again to go on."))
        self._close_messages_no_wait()

    def panic(self, *renderables) -> None:
        if self.served:
            self._fatal_error()
            return
        super().panic(*renderables)

    def action_command_palette(self) -> None:
        from .commands import SteadyCommandPalette
        # open anywhere in the stack counts: under the too-small notice
        # (screens/too_small.py) a second one would clash with the first
        if self.use_command_palette and not any(s.id == "--command-palette" for s in self.screen_stack):
            self.push_screen(SteadyCommandPalette(id="--command-palette"))

    def get_system_commands(self, screen):
        if self.served:
            return iter(())
        return super().get_system_commands(screen)

    def action_screenshot(self, filename=None, path=None) -> None:
        if not self.served:
            super().action_screenshot(filename, path)

    def deliver_screenshot(self, filename=None, path=None, time_format=None):
        if not self.served:
            return super().deliver_screenshot(filename, path, time_format)
        return None

    def save_screenshot(self, filename=None, path=None, time_format=None) -> str:
        if self.served:
            raise PermissionError("no files are written on the classroom server")
        return super().save_screenshot(filename, path, time_format)
