"""The server's side of the warm parent (warm_parent.py): start it, ask it
to fork a student's app on a PTY, hear when each app exits.

If the warm parent cannot start, or dies, sessions start the slower way
(an exec of `python -m tutor.classroom.child`, ptyproc.py) and a new warm
parent is started in the background, at most once a minute.  Apps it had
forked die with it (they get SIGHUP); their exits are then read from
their pid file descriptors, with no status.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("tutor.classroom")

START_TIMEOUT = 120.0       # the warm-up imports and draws the app once; a busy machine is slow
RESTART_EVERY = 60.0


class WarmLink:
    def __init__(self, env: dict, cwd: str | None = None):
        self.env, self.cwd = env, cwd
        self.sock: socket.socket | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.pid: int | None = None           # the warm parent's
        self.alive = False
        self.merging = False                  # its memory marked mergeable (page_merging.py)
        self.stopping = False
        self._ids = itertools.count(1)
        self._spawning: dict[int, asyncio.Future] = {}
        self._exits: dict[int, asyncio.Future] = {}
        self._ready: asyncio.Future | None = None
        self._last_start = 0.0
        self._last_error = ""

    # ---------------------------------------------------------- life
    async def start(self) -> bool:
        """Start the warm parent and wait until it is warm; False when it is not."""
        self._last_start = time.monotonic()
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tutor.classroom.warm_parent", str(theirs.fileno()), str(os.getpid()),
                env=self.env, cwd=self.cwd, pass_fds=[theirs.fileno()], stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        except OSError as e:
            ours.close()
            log.warning("the warm parent did not start (%s): apps start the slow way", e)
            return False
        finally:
            theirs.close()
        self.sock = ours
        ours.setblocking(False)
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        asyncio.ensure_future(self._read_stderr(self.proc))
        try:
            self.pid = await asyncio.wait_for(asyncio.shield(self._ready), START_TIMEOUT)
        except (asyncio.TimeoutError, ConnectionError) as e:
            await asyncio.sleep(0.2)                # its last words, if it had any
            log.warning("the warm parent is not ready (%s): apps start the slow way",
                        self._last_error or str(e) or "no answer")
            await self._end()
            return False
        self.alive = True
        from .page_merging import state
        log.info("warm parent ready: pid %d, after %.1f s; %s", self.pid,
                 time.monotonic() - self._last_start, state(self.merging))
        return True

    async def _read_stderr(self, proc) -> None:
        """What the warm parent says on stderr (never much: a traceback if it
        fails) is read as it comes, so the pipe never fills, and its last
        line kept for the log."""
        async for line in proc.stderr:
            text = line.decode("utf-8", "replace").strip()
            if text:
                self._last_error = text[:200]

    def restart_soon(self) -> None:
        """After a death: a new warm parent, unless one was started lately."""
        if (not self.alive and not self.stopping
                and time.monotonic() - self._last_start >= RESTART_EVERY):
            asyncio.ensure_future(self.start())

    async def stop(self) -> None:
        self.stopping = True
        await self._end()

    async def _end(self) -> None:
        self._lost()
        if self.proc is not None and self.proc.returncode is None:
            try:
                await asyncio.wait_for(self.proc.wait(), 5.0)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()

    # ---------------------------------------------------------- spawning
    async def spawn(self, slave: int, env: dict) -> int:
        """Fork an app on the PTY slave `slave` with environment `env`; its pid.
        OSError when the warm parent cannot."""
        if not self.alive:
            raise OSError("the warm parent is not running")
        request = next(self._ids)
        fut = asyncio.get_running_loop().create_future()
        self._spawning[request] = fut
        data = json.dumps({"spawn": request, "env": env, "cwd": self.cwd}).encode()
        try:
            socket.send_fds(self.sock, [data], [slave])
        except OSError:
            self._spawning.pop(request, None)
            self._lost()
            raise
        return await fut

    async def wait_exit(self, pid: int) -> int | None:
        """The app's return code once it exits (negative: the signal); None
        when the warm parent died before it could say."""
        try:
            return await self._exit_of(pid)
        finally:
            self._exits.pop(pid, None)

    def _exit_of(self, pid: int) -> asyncio.Future:
        fut = self._exits.get(pid)
        if fut is None:
            fut = self._exits[pid] = asyncio.get_running_loop().create_future()
        return fut

    # ---------------------------------------------------------- messages
    def _readable(self) -> None:
        while True:
            try:
                data = self.sock.recv(65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lost()
                return
            self._message(json.loads(data))

    def _message(self, msg: dict) -> None:
        if "ready" in msg and self._ready is not None and not self._ready.done():
            self.merging = bool(msg.get("merging"))
            self._ready.set_result(int(msg["ready"]))
        elif "spawned" in msg:
            fut = self._spawning.pop(msg["spawned"], None)
            if fut is not None and not fut.done():
                if "pid" in msg:
                    fut.set_result(int(msg["pid"]))
                else:
                    fut.set_exception(OSError(msg.get("error", "the warm parent could not fork")))
        elif "exited" in msg:
            fut = self._exit_of(int(msg["exited"]))
            if not fut.done():
                fut.set_result(int(msg["status"]))

    def _lost(self) -> None:
        """The warm parent is gone (or stopped): fail what waits on it, and
        watch the apps it had forked die with it."""
        was_alive = self.alive
        self.alive = False
        if self.sock is not None:
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()
            self.sock = None
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(ConnectionError("the warm parent exited"))
        for fut in self._spawning.values():
            if not fut.done():
                fut.set_exception(OSError("the warm parent exited"))
        self._spawning.clear()
        for pid, fut in self._exits.items():
            if not fut.done():
                _watch_pid(pid, fut)
        if was_alive and not self.stopping:
            log.warning("the warm parent exited: apps start the slow way until a new one is warm")


def _watch_pid(pid: int, fut: asyncio.Future) -> None:
    """Settle `fut` with None once process `pid` (not our child) has gone."""
    loop = asyncio.get_running_loop()
    try:
        fd = os.pidfd_open(pid)
    except OSError:                          # gone already
        fut.set_result(None)
        return

    def gone() -> None:
        loop.remove_reader(fd)
        os.close(fd)
        if not fut.done():
            fut.set_result(None)

    loop.add_reader(fd, gone)
