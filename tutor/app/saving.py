"""The app's side of saving progress.

* Writes run in the background (`background(store)`, tutor/store/queued.py):
  a move never waits for the database, and a write that fails because the
  database is unreachable is tried again until it commits.
* `SaveWatch` shows it on the play screen's status line (`app.save_status`):
  nothing while saves are quick; "saving…" while writes wait longer than a
  moment, then "saved" once they are in; "not saved yet" while the store does
  not answer, with one Log line when it stops answering and one when it
  answers again.
* `save_before_exit(app)`: on quit, hang-up (the SSH client left, the
  classroom ended the session) or SIGTERM, what is still waiting is written
  first (for a moment; a store that does not answer then loses it).  A
  terminal that goes away without a SIGHUP to the app (the kernel tells only
  the session's leader, which may be a wrapper such as `make run`) ends it
  the same way: a thread looks at the terminal every second.
"""
from __future__ import annotations

import os
import signal
import sys
import termios
import threading
import time

from ..store.queued import QueuedStore

WATCH_S = 1.0                   # how often the status line looks at the store
FLUSH_AT_EXIT_S = 1.5
TERMINAL_WATCH_S = 1.0

STATUS = {"saved": "saved", "saving": "saving…", "down": "not saved yet"}


def background(store):
    """The store with its writes in the background (None stays None)."""
    if store is None or isinstance(store, QueuedStore):
        return store
    return QueuedStore(store)


class SaveWatch:
    def __init__(self, app) -> None:
        self.app = app
        self.state = "saved"                  # as shown
        self.slow = False

    def start(self) -> None:
        self.app.save_status = ""
        self.app.set_interval(WATCH_S, self.tick)

    def tick(self) -> None:
        store = self.app.store
        if not isinstance(store, QueuedStore):
            return
        state = store.state
        if state == "saving" and self.state == "saved" and not self.slow:
            self.slow = True                  # quick saves show nothing; one that waits
            return                            # past the next look shows "saving…"
        self.slow = False
        if state == self.state:
            return
        if state == "down":
            self._log(f"Progress not saved yet: the store does not answer ({store.last_error}). "
                      "Your moves are kept and saved as soon as it answers.", "warn")
        elif self.state == "down":
            self._log("The store answers again: what you did meanwhile is being saved.", "ok")
        self.state = state
        self.app.save_status = STATUS[state]
        play = self.app.play
        if play is not None:
            play._update_status()

    def _log(self, text: str, kind: str) -> None:
        play = self.app.play
        if play is not None:
            play.log_line(text, kind)


def save_before_exit(app) -> None:
    """Write what waits before the process goes: at a normal end of run_app,
    and on SIGHUP/SIGTERM (which would otherwise end it at once)."""
    def on_signal(signum, frame):
        flush(app, FLUSH_AT_EXIT_S)
        os._exit(128 + signum)

    for sig in (signal.SIGHUP, signal.SIGTERM):
        try:
            signal.signal(sig, on_signal)
        except (ValueError, OSError):      # not the main thread, or not a POSIX system
            pass
    _watch_terminal(app)


def _watch_terminal(app) -> None:
    """End as a hang-up would once the terminal the app started on is gone
    (asking it for its settings then fails)."""
    try:
        fd = sys.__stdin__.fileno()
        termios.tcgetattr(fd)
    except (AttributeError, ValueError, OSError, termios.error):
        return                      # not started on a terminal: nothing to watch

    def watch() -> None:
        while True:
            time.sleep(TERMINAL_WATCH_S)
            try:
                termios.tcgetattr(fd)
            except (OSError, termios.error):
                flush(app, FLUSH_AT_EXIT_S)
                os._exit(128 + signal.SIGHUP)

    threading.Thread(target=watch, name="terminal-watch", daemon=True).start()


def flush(app, timeout: float = FLUSH_AT_EXIT_S) -> bool:
    store = getattr(app, "store", None)
    if isinstance(store, QueuedStore):
        return store.flush(timeout)
    return True
