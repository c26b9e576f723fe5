"""What each student's session runs: the app on the session's PTY.

Usually forked from the warm parent (warm_parent.py calls `run`); without
one (it could not start, or a test runs its own program) the server execs
`python -m tutor.classroom.child` instead.  Either way the PTY slave is on
stdin/stdout/stderr, the process leads a new session, and these
environment variables say who it is:
  SUDOKU_TUTOR_USER   the roster name      SUDOKU_TUTOR_ROLE  student | teacher
  SUDOKU_TUTOR_DB     the store URL        SUDOKU_TUTOR_CLASS the class name
  SUDOKU_TUTOR_SERVER_PID  the server, so the app dies with it
`run` makes the PTY its controlling terminal (so a hang-up and window
resizes reach it from the kernel), ties the process's life to its parent's,
then runs the ordinary app.
"""
from __future__ import annotations

import ctypes
import fcntl
import os
import signal
import sys
import termios

_PR_SET_PDEATHSIG = 1


def _take_terminal() -> None:
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass


def prctl(option: int, value: int = 0) -> int | None:
    """Linux's prctl(2) through libc: its answer, or None where there is none."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        return None


def die_with_parent(parent: int | None, sig: int = signal.SIGHUP) -> None:
    """Ask Linux to send `sig` when the parent goes away (even by kill -9);
    exit at once if `parent` (its pid) is gone already."""
    if prctl(_PR_SET_PDEATHSIG, int(sig)) is None:
        return
    if parent and os.getppid() != parent:
        os._exit(1)                       # the parent died before prctl


def app_options(env=os.environ) -> dict:
    """The make_app() keyword options for this session (see tutor/app/app.py):
    user, db (the store URL), and for the classroom screens role and
    class_name (kept in app.options).  A teacher starts on the teacher screen."""
    opts = {}
    if env.get("SUDOKU_TUTOR_USER"):
        opts["user"] = env["SUDOKU_TUTOR_USER"]
    if env.get("SUDOKU_TUTOR_DB"):
        opts["db"] = env["SUDOKU_TUTOR_DB"]
    role = env.get("SUDOKU_TUTOR_ROLE")
    if role:
        opts["role"] = role
        opts["class_name"] = env.get("SUDOKU_TUTOR_CLASS") or "class"
        if role == "teacher":
            opts["start_screen"] = "teacher"
    return opts


def run(parent: int | None) -> int:
    """The session's app, in this process; `parent` is the pid it dies with."""
    _take_terminal()
    # SIGHUP back to its default first: a hang-up or the parent's death
    # signal that came while it was still ignored would be lost, and the app
    # would outlive its server
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ..app import run_app
    return run_app(**app_options()) or 0


def main() -> int:
    server = os.environ.get("SUDOKU_TUTOR_SERVER_PID", "")
    return run(int(server) if server.isdigit() else None)


if __name__ == "__main__":
    sys.exit(main())
