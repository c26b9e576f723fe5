"""The warm parent: one process that has imported the app and drawn it once,
and forks each student's app from there (`python -m tutor.classroom.warm_parent FD`).

A student's app started by exec imports Python, Textual, Rich and the engine
afresh (about 2 s of CPU on a busy machine, 0.7 s on a quiet one) and holds
its own copy of all of it (RSS 47 MB, PSS 35 MB).  Forked from a parent that
did that once, it starts from the shared copy: the parent imports the app,
runs it headless once (so what is built lazily on first use, parsed CSS,
Rich's and Textual's caches, the technique registry, is built too), collects
and freezes the garbage collector's view of it all (`gc.freeze`: collections
in the children never write to those objects' headers, so their pages stay
shared), and then only forks.  Each student still has a process of their own
(its own session, its own PTY as controlling terminal, its own memory once
it writes it): one student's crash or memory stays theirs.

The server (warm_link.py) talks to it over a SOCK_SEQPACKET socket, one JSON
message a packet:
  server -> parent  {"spawn": id, "env": {...}, "cwd": path} with the PTY
                    slave passed along (SCM_RIGHTS)
  parent -> server  {"ready": pid, "merging": whether its memory is marked
                    mergeable (page_merging.py)} once, when it is warm
                    {"spawned": id, "pid": pid} or {"spawned": id, "error": text}
                    {"exited": pid, "status": returncode (negative: a signal)}
The parent dies with the server (PR_SET_PDEATHSIG), and each child with the
parent, so a `kill -9` of the server leaves no app behind.  When the server
closes the socket, the parent exits; its children get SIGHUP then, too.
"""
from __future__ import annotations

import gc
import json
import os
import select
import signal
import socket
import sys
import threading
import time

MAX_MESSAGE = 1 << 16


def warm_up() -> None:
    """Import the app and draw it once, headless, then freeze what survived."""
    from ..app import make_app
    app = make_app(save=False, user="warm-up")
    app.call_later(lambda: app.set_timer(0.3, app.exit))
    app.run(headless=True, size=(120, 40))
    deadline = time.monotonic() + 10.0
    while threading.active_count() > 1 and time.monotonic() < deadline:
        time.sleep(0.05)                  # workers the warm-up started (a rating) end first
    app = None                            # drop it before the freeze
    gc.collect()
    gc.freeze()


def main(fd: int, server_pid: int) -> int:
    from . import page_merging
    from .child import die_with_parent
    # a Ctrl+C at the server's terminal reaches its whole process group: the
    # server stops this process itself (and it dies with the server anyway)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(server_pid, signal.SIGKILL)
    # before the warm-up, so that all it builds is mergeable too; the
    # students' apps inherit the mark
    merging = not page_merging.disabled_by() and page_merging.enable()
    warm_up()
    return WarmParent(socket.socket(fileno=fd), merging).serve()


class WarmParent:
    """The loop: spawn requests in, pids and exits out."""

    def __init__(self, sock, merging: bool = False):
        self.sock = sock
        self.merging = merging
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)    # wakes the select below

    def serve(self) -> int:
        self.send({"ready": os.getpid(), "merging": self.merging})
        while True:
            readable, _, _ = select.select([self.sock, self.wake_r], [], [])
            if self.wake_r in readable:
                os.read(self.wake_r, 4096)
            self.reap()
            if self.sock in readable:
                try:
                    data, fds, _, _ = socket.recv_fds(self.sock, MAX_MESSAGE, 1)
                except OSError:
                    data, fds = b"", []
                if not data:
                    return 0              # the server is gone
                self.spawn(json.loads(data), fds)

    def send(self, message: dict) -> None:
        self.sock.sendall(json.dumps(message).encode())

    def reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.send({"exited": pid, "status": os.waitstatus_to_exitcode(status)})

    def spawn(self, request: dict, fds: list[int]) -> None:
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            self.send({"spawned": request.get("spawn"), "error": "no terminal was passed"})
            return
        slave = fds[0]
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError as e:
            os.close(slave)
            self.send({"spawned": request.get("spawn"), "error": str(e)})
            return
        if pid == 0:
            for fd in (self.sock.fileno(), self.wake_r, self.wake_w):
                os.close(fd)
            _run_child(slave, request, parent)    # never returns
        os.close(slave)
        self.send({"spawned": request["spawn"], "pid": pid})


def _run_child(slave: int, request: dict, parent: int) -> None:
    """In the forked child: this student's session and terminal, then the app."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.close(slave)
        os.environ.clear()
        os.environ.update(request["env"])
        if request.get("cwd"):
            os.chdir(request["cwd"])
        from .child import run
        code = run(parent)
    except BaseException:                          # noqa: BLE001 - the child must not return
        import traceback
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:                      # noqa: BLE001 - the terminal may be gone
                pass
        os._exit(code)


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2])))
