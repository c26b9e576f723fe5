"""One app process in its own pseudo-terminal, driven from asyncio.

The process is forked by the warm parent (warm_parent.py), or else started
with `asyncio.create_subprocess_exec`; either way the PTY slave is its
stdin/stdout/stderr and it leads its own session and process group (pgid ==
pid).  The child (tutor/classroom/child.py) makes the PTY its controlling
terminal, so closing the master hangs it up and a resize reaches it as
SIGWINCH.

Ending it (`terminate`) never leaves a process behind: close the master, then
SIGHUP, SIGTERM and SIGKILL to the whole process group, each after a short wait.
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import termios

_PAGE = os.sysconf("SC_PAGE_SIZE")

# The largest terminal an app is given, whatever a client asks for at login
# or later (a 10000x10000 request grew an app past 500 MB): wider than a 4K
# screen in a small font.  Pixel sizes are what the kernel can hold.
MAX_COLS, MAX_ROWS = 400, 200
MAX_PIXELS = 0xFFFF


def clamp_size(cols, rows) -> tuple[int, int]:
    """A client's terminal size (any numbers; 0 or none: 80x24) as the app gets it."""
    return _bounded(cols or 80, 80, 1, MAX_COLS), _bounded(rows or 24, 24, 1, MAX_ROWS)


def _bounded(value, default: int, least: int, most: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):          # not a number (NaN too)
        return default
    except OverflowError:                    # an infinity
        number = most if value > 0 else least
    return max(least, min(number, most))


def set_winsize(fd: int, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
    cols, rows = clamp_size(cols, rows)
    xpix, ypix = _bounded(xpix, 0, 0, MAX_PIXELS), _bounded(ypix, 0, 0, MAX_PIXELS)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpix, ypix))


def quiet_terminal(fd: int) -> None:
    """No echo and no line editing from the start, so keys typed while the app
    loads are neither echoed nor held back waiting for Enter (output
    processing stays on, so plain messages still end lines properly)."""
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
    attrs[6][termios.VMIN], attrs[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def _stat_fields(pid: str):
    """(pgid, rss_pages) from /proc/PID/stat, or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
    except OSError:
        return None
    rest = data[data.rfind(b")") + 2:].split()
    # rest[0] is field 3 (state); pgid is field 5, rss is field 24
    try:
        return int(rest[2]), int(rest[21])
    except (IndexError, ValueError):
        return None


def rss_by_group(pgids) -> dict[int, int]:
    """Resident memory in bytes of every process in each process group,
    from one scan of /proc.  Groups with no process are left out."""
    want = set(pgids)
    out: dict[int, int] = {}
    if not want:
        return out
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        st = _stat_fields(name)
        if st and st[0] in want:
            out[st[0]] = out.get(st[0], 0) + st[1] * _PAGE
    return out


def group_pids(pgid: int) -> list[int]:
    pids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = _stat_fields(name)
            if st and st[0] == pgid:
                pids.append(int(name))
    return pids


class PtyProcess:
    """A child process on a PTY: forked by the warm parent when `warm` (a
    warm_link.WarmLink) is running, else `argv` exec'd.  `on_output(bytes)`
    gets what it prints; `on_exit(returncode)` is called once, after its
    last output."""

    def __init__(self, argv, env, cols=80, rows=24, *, on_output, on_exit, cwd=None, warm=None):
        self.argv, self.env, self.cwd = list(argv), dict(env), cwd
        self.cols, self.rows = cols, rows
        self._on_output, self._on_exit = on_output, on_exit
        self.warm = warm
        self.proc: asyncio.subprocess.Process | None = None
        self._pid: int | None = None
        self.master: int | None = None
        self._loop = asyncio.get_running_loop()
        self._reading = False
        self._paused = False
        self._pending = bytearray()
        self._waiter: asyncio.Task | None = None
        self._exit_reported = False
        self.returncode: int | None = None

    @property
    def pid(self) -> int | None:
        return self._pid

    async def start(self) -> None:
        master, slave = pty.openpty()
        try:
            set_winsize(slave, self.cols, self.rows)
            quiet_terminal(slave)
            if self.warm is not None:
                if self.warm.alive:
                    try:
                        self._pid = await self.warm.spawn(slave, self.env)
                    except OSError:
                        pass
                if not self.warm.alive:
                    self.warm.restart_soon()
            if self._pid is None:
                self.proc = await asyncio.create_subprocess_exec(
                    *self.argv, stdin=slave, stdout=slave, stderr=slave, env=self.env, cwd=self.cwd,
                    start_new_session=True, close_fds=True)
                self._pid = self.proc.pid
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        self._start_reading()
        self._waiter = asyncio.ensure_future(self._wait())

    # ---------------------------------------------------------- output
    def _start_reading(self) -> None:
        if self.master is not None and not self._reading and not self._paused:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self.master is not None:
            self._loop.remove_reader(self.master)
        self._reading = False

    def pause_output(self) -> None:
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._start_reading()

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:            # EIO: every slave end closed
            data = b""
        if data:
            self._on_output(data)
        else:
            self._stop_reading()

    def _drain(self) -> None:
        """Read what the child printed before it exited."""
        if self.master is None:
            return
        for _ in range(64):
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self._on_output(data)

    async def _wait(self) -> None:
        if self.proc is not None:
            rc = await self.proc.wait()
        else:
            rc = await self.warm.wait_exit(self._pid)
            rc = -signal.SIGHUP if rc is None else rc     # died with the warm parent
        self.returncode = rc
        self._drain()
        self._close_master()
        if not self._exit_reported:
            self._exit_reported = True
            self._on_exit(rc)

    # ---------------------------------------------------------- input
    def write(self, data: bytes) -> None:
        if self.master is None:
            return
        if self._pending:
            self._pending += data
            return
        try:
            n = os.write(self.master, data)
        except BlockingIOError:
            n = 0
        except OSError:
            return
        if n < len(data):
            self._pending += data[n:]
            self._loop.add_writer(self.master, self._writable)

    def _writable(self) -> None:
        try:
            n = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            n = len(self._pending)
        del self._pending[:n]
        if not self._pending and self.master is not None:
            self._loop.remove_writer(self.master)

    def resize(self, cols: int, rows: int, xpix: int = 0, ypix: int = 0) -> None:
        self.cols, self.rows = cols, rows
        if self.master is None:
            return
        try:
            set_winsize(self.master, cols, rows, xpix, ypix)
        except OSError:
            return
        # the kernel signals the terminal's foreground group; say it again for
        # a child that has not (yet) taken the PTY as its controlling terminal
        self.signal(signal.SIGWINCH)

    def signal(self, sig: int) -> None:
        if self._pid and self.returncode is None:
            try:
                os.killpg(self._pid, sig)
            except (ProcessLookupError, PermissionError):
                pass

    # ---------------------------------------------------------- ending
    def _close_master(self) -> None:
        if self.master is None:
            return
        self._stop_reading()
        if self._pending:
            self._loop.remove_writer(self.master)
            self._pending.clear()
        try:
            os.close(self.master)
        except OSError:
            pass
        self.master = None

    async def terminate(self, grace: float = 1.0) -> str:
        """End the process group; returns how ('exited', 'SIGHUP', ...)."""
        if self._pid is None:
            return "not started"
        how = "exited"
        if self.returncode is None:
            self._drain()
            self._close_master()           # hangs up the controlling terminal
            for sig, wait in ((signal.SIGHUP, grace), (signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
                if self.returncode is not None:
                    break
                how = signal.Signals(sig).name
                self.signal(sig)
                try:
                    await asyncio.wait_for(asyncio.shield(self._waiter), wait)
                except asyncio.TimeoutError:
                    pass
        # anything the app started and left in its group goes too
        pgid = self._pid
        if group_alive(pgid):
            try:
                os.killpg(pgid, signal.SIGKILL)
            except OSError:
                pass
        if self._waiter is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._waiter), 5.0)
            except asyncio.TimeoutError:
                pass
        self._close_master()
        return how
