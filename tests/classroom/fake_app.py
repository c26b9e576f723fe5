"""A tiny stand-in for the tutor app, for testing the server's plumbing fast.

Takes the PTY as its controlling terminal the way the real child does, prints
READY with the user and role it was given, echoes each key as KEY:<hex>, and
prints SIZE:<cols>x<rows> on SIGWINCH (as Textual reads it).  `x` makes it exit with status 3."""
import os
import shutil
import signal
import sys
import termios
import tty

from tutor.classroom.child import _take_terminal, die_with_parent

_take_terminal()
die_with_parent(int(os.environ["SUDOKU_TUTOR_SERVER_PID"]))
tty.setraw(0, termios.TCSANOW)


def out(text):
    os.write(1, (text + "\r\n").encode())


def on_winch(*_):
    # read as Textual reads it: COLUMNS and LINES in the environment win over
    # the terminal's own size (an app given them at login never followed a resize)
    size = shutil.get_terminal_size()
    out(f"SIZE:{size.columns}x{size.lines}")


signal.signal(signal.SIGWINCH, on_winch)
out(f"READY user={os.environ.get('SUDOKU_TUTOR_USER')} role={os.environ.get('SUDOKU_TUTOR_ROLE')} "
    f"term={os.environ.get('TERM')} size={os.get_terminal_size(0).columns}x{os.get_terminal_size(0).lines}")
while True:
    try:
        data = os.read(0, 1024)
    except InterruptedError:
        continue
    except OSError:
        sys.exit(0)
    if not data:
        sys.exit(0)
    out("KEY:" + data.hex())
    if b"x" in data:
        sys.exit(3)
