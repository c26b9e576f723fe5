"""One SSH session channel: a terminal running one app process.

The app runs on its own PTY (ptyproc.py); keys go in, the screen comes out.
A session ends when the app exits, the client leaves, the server stops, the
classroom's watch ends it (too much memory, idle too long), or the same
account logs in again (one session per account: the new one takes over once
the old app has saved and gone); each end is one log line saying why, and a
row in the store's session table.  The student's terminal is restored and
they are told why, unless they quit the app themselves.
"""
from __future__ import annotations

import asyncio
import logging
import re
import time

import asyncssh

from ..usage import one_line
from . import events
from .input_filter import InputFilter
from .ptyproc import PtyProcess, clamp_size

log = logging.getLogger("tutor.classroom")

# undo every mode the app may have set, whatever state it died in: end a
# synchronized update, leave the alternate screen, show the cursor, stop mouse
# and focus reports, bracketed paste, in-band resize and the keyboard protocol,
# wrap lines again, reset colours
TERMINAL_RESET = (b"\x1b[?2026l\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l"
                  b"\x1b[?1006l\x1b[?1004l\x1b[?2004l\x1b[?2048l\x1b[<u\x1b[?7h\x1b[0m\r\n")

# a terminal type as terminfo names them; anything else gets DEFAULT_TERM
TERM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"

# what the student reads when the session ends, by why it ended
SERVER_STOPPED = "the class server stopped; your progress is saved."
REPLACED = "you logged in again somewhere else, so this session is closed; your progress is saved."


class Session(asyncssh.SSHServerSession):
    """One SSH session channel: a terminal running one app process."""

    def __init__(self, server):
        self.server = server
        self.classroom = server.classroom
        self.user, self.role = server.user, server.role
        self.chan = None
        self.term: str | None = None
        self.size = (80, 24, 0, 0)
        self.proc: PtyProcess | None = None
        self.pending = bytearray()
        self.last_input = time.monotonic()
        self.started: float | None = None
        self.closing = False
        self.gone = False
        self.session_id = server.classroom.new_session_id()
        self._end_task: asyncio.Task | None = None
        # keys reach the app as valid UTF-8 and at a bounded rate (input_filter.py)
        self.input = InputFilter(server.who)

    def refuse(self, what: str, message: str) -> None:
        self.server.refused(what)
        try:
            self.chan.write_stderr(f"sudoku-tutor: {message}\r\n".encode())
            self.chan.exit(1)
        except (OSError, asyncssh.Error):
            pass

    # ---------------------------------------------------------- requests
    def connection_made(self, chan) -> None:
        self.chan = chan
        self.server.sessions += 1
        self.server.opened = True

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        self.term = term_type or DEFAULT_TERM
        if not TERM_RE.fullmatch(self.term):
            # not a terminal name (a NUL, a line break, 64 KB): the app gets the usual one
            self.server.refused(f"TERM {one_line(self.term, 40)}: using {DEFAULT_TERM}")
            self.term = DEFAULT_TERM
        self.size = (*clamp_size(*term_size[:2]), *term_size[2:])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        cmd = command if isinstance(command, str) else bytes(command).decode("utf-8", "replace")
        self.server.refused(f"exec command '{one_line(cmd, 60)}'")
        return False

    def subsystem_requested(self, subsystem) -> bool:
        name = subsystem if isinstance(subsystem, str) else bytes(subsystem).decode("utf-8", "replace")
        self.server.refused(f"subsystem '{one_line(name, 60)}'")
        return False

    def session_started(self) -> None:
        room = self.classroom
        if not self.term:
            self.refuse("session without a terminal",
                        "the tutor needs a terminal: connect with `ssh -t` (no command).")
            return
        earlier = [s for s in room.sessions if s.user == self.user]
        if (self.role != "teacher" and not earlier
                and room.student_count() >= room.config.max_sessions):
            self.refuse(f"classroom full ({room.config.max_sessions} sessions)",
                        "the classroom is full right now; try again in a minute.")
            return
        room.sessions.add(self)
        asyncio.ensure_future(self._spawn(earlier))

    async def _spawn(self, earlier=()) -> None:
        room = self.classroom
        for old in earlier:                 # one session per account: the new one takes over
            await old.end("replaced", f"{self.user} logged in again from {self.server.peer}", REPLACED)
        if self.closing or self.gone:       # replaced or left while the old one was ending
            room.sessions.discard(self)
            if self.gone and not self.closing:
                self.closing = True
            return
        cols, rows = clamp_size(*self.size[:2])
        env = room.child_env(self.user, self.role, self.term)
        self.proc = PtyProcess(room.child_argv(), env, cols, rows,
                               on_output=self._output, on_exit=self._app_exited, warm=room.warm)
        try:
            await self.proc.start()
        except OSError as e:
            log.error("session for %s could not start: %s", self.server.who(), e)
            room.sessions.discard(self)
            self.refuse("app did not start", "the tutor could not start; tell your teacher.")
            return
        if self.closing:                    # replaced by a newer login while starting
            await self.proc.terminate()
            room.sessions.discard(self)
            return
        self.started = time.monotonic()
        room.store_call(events.session_started, self.session_id, room.roster.class_name, self.user,
                        self.role, self.server.ip, room.server_id, self.server.via)
        log.info("session start %s (%s) pid %d term %s %dx%d", self.server.who(), self.role,
                 self.proc.pid, self.term, cols, rows)
        if self.gone:                       # the client left while the app was starting
            await self.end("client disconnected")
            return
        if self.pending:
            self.proc.write(bytes(self.pending))
            self.pending.clear()

    # ---------------------------------------------------------- data
    def data_received(self, data, datatype) -> None:
        self.last_input = time.monotonic()
        data = self.input(data)
        if not data:
            return
        if self.proc is not None:
            self.proc.write(data)
        elif len(self.pending) < 65536:
            self.pending += data

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self.size = (*clamp_size(width, height), pixwidth, pixheight)
        if self.proc is not None:
            self.proc.resize(width, height, pixwidth, pixheight)

    def break_received(self, msec) -> bool:
        return False

    def signal_received(self, sig) -> None:
        pass

    def eof_received(self) -> bool:
        return False

    def pause_writing(self) -> None:
        if self.proc is not None:
            self.proc.pause_output()

    def resume_writing(self) -> None:
        if self.proc is not None:
            self.proc.resume_output()

    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self.closing:
            try:
                self.chan.write(data)
            except (OSError, asyncssh.Error, BrokenPipeError):
                pass

    # ---------------------------------------------------------- ending
    def _app_exited(self, rc: int) -> None:
        if not self.closing:
            message = None
            if rc != 0:
                how = f"signal {-rc}" if rc < 0 else f"status {rc}"
                message = (f"the tutor stopped unexpectedly ({how}); your progress is saved: "
                           "connect again to go on.")
            self.end_soon("app exited", f"status {rc}", message)

    def end_soon(self, why: str, detail: str = "", message: str | None = None) -> None:
        if self._end_task is None:
            self._end_task = asyncio.ensure_future(self.end(why, detail, message))

    async def end(self, why: str, detail: str = "", message: str | None = None) -> None:
        if self.closing:
            if self._end_task is not None and self._end_task is not asyncio.current_task():
                await asyncio.shield(self._end_task)
            return
        self.closing = True
        how = "not started"
        if self.proc is not None:
            how = await self.proc.terminate()
        room = self.classroom
        room.sessions.discard(self)
        if self.started is not None:
            room.store_call(events.session_ended, self.session_id)
        took = time.monotonic() - self.started if self.started else 0.0
        level = logging.WARNING if why in ("memory", "idle") else logging.INFO
        log.log(level, "session end %s pid %s after %.0f s: %s%s%s", self.server.who(),
                self.proc.pid if self.proc else "-", took, why,
                f" ({one_line(detail, 200)})" if detail else "",
                "" if how in ("exited", "not started") else f"; {how} sent")
        try:
            # the terminal comes back to the student in any case (the app may have
            # died without restoring it), and they are told why, unless they quit
            self.chan.write(TERMINAL_RESET + (f"sudoku-tutor: {message}\r\n".encode() if message else b""))
            rc = self.proc.returncode if self.proc and self.proc.returncode is not None else 1
            self.chan.exit(rc & 0xFF if rc >= 0 else 1)
        except (OSError, asyncssh.Error, AttributeError):
            pass

    def connection_lost(self, exc) -> None:
        self.gone = True
        self.server.sessions -= 1
        if self.proc is not None and not self.closing:
            self.end_soon("client disconnected", str(exc) if exc else "")
        elif self.proc is None:
            self.classroom.sessions.discard(self)     # _spawn, if running, ends what it starts
        if self.server.sessions <= 0 and self.server.conn is not None:
            self.server.conn.close()
