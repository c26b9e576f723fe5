"""What each SSH session runs: `python -m tutor.classroom.child`.

The server starts this with the PTY slave on stdin/stdout/stderr, in a new
session, and these environment variables:
  SUDOKU_TUTOR_USER   the roster name      SUDOKU_TUTOR_ROLE  student | teacher
  SUDOKU_TUTOR_DB     the store URL        SUDOKU_TUTOR_CLASS the class name
  SUDOKU_TUTOR_SERVER_PID  the server, so the app dies with it
It makes the PTY its controlling terminal (so a hang-up and window resizes
reach it from the kernel), then runs the ordinary app.
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


def _die_with_parent() -> None:
    """Ask Linux to send SIGHUP when the server goes away (even by kill -9)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGHUP), 0, 0, 0)
    except (OSError, AttributeError):
        return
    want = os.environ.get("SUDOKU_TUTOR_SERVER_PID")
    if want and want.isdigit() and os.getppid() != int(want):
        os._exit(1)                       # the server died before prctl


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


def main() -> int:
    _take_terminal()
    _die_with_parent()
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ..app import run_app
    return run_app(**app_options()) or 0


if __name__ == "__main__":
    sys.exit(main())
