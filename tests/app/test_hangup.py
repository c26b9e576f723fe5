"""The app ends when its terminal goes away, even without a SIGHUP.

A terminal that closes sends SIGHUP to its session's leader; when that is a
wrapper (`make run`, a shell script that does not pass it on), the app
under it is not told and used to stay behind, reading a dead terminal, its
bank worker with it.  The app runs here in a real pseudo-terminal under a
shell that ignores the hang-up (`sh -c "trap '' HUP; app; true"`): the
shell is the session's leader, and the kernel tells only the leader."""
from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

from app_helpers import EASY1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                          text=True).stdout.strip()[:1] not in ("", "Z")


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_the_app_ends_when_its_terminal_closes_without_a_sighup(tmp_path):
    command = f"trap '' HUP; {sys.executable} -m tutor.cli {EASY1}; true"
    env = dict(os.environ, SUDOKU_TUTOR_HOME=str(tmp_path), TERM="xterm-256color",
               COLUMNS="100", LINES="30")
    pid, master = pty.fork()
    if pid == 0:                                    # the shell: the session's leader
        os.execve("/bin/sh", ["sh", "-c", command], env)
    try:
        screen = b""
        deadline = time.monotonic() + 60
        while b"score" not in screen and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
        assert b"score" in screen, screen[-500:]   # the app is up and has drawn its grid
        apps = _children(pid)
        assert len(apps) == 1
        app = apps[0]
        workers = _children(app)                   # its bank worker
        os.close(master)
        master = -1
        deadline = time.monotonic() + 15
        while _alive(app) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(app), "the app outlived its terminal"
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(w) for w in workers), "its bank worker outlived it"
    finally:
        if master >= 0:
            os.close(master)
        for p in [pid] + _children(pid):
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.waitpid(pid, 0)
