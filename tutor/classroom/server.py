"""The classroom SSH server (asyncssh).

Each authenticated connection that asks for a terminal and a shell gets its own
app process on its own PTY (see ptyproc.py).  Everything else a client may ask
for is refused and logged: commands (`exec`), subsystems such as SFTP, port
forwarding both ways, agent and X11 forwarding, sessions without a terminal.

One log line per event on the `tutor.classroom` logger: connections, logins,
failed logins (with the delay the next answer gets), sessions started and
ended (with why), and every refusal.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from . import events
from .ptyproc import PtyProcess, rss_by_group
from .roster import NAME_RE, Roster, RosterError, default_roster_path, verify_password

log = logging.getLogger("tutor.classroom")

# leave the alternate screen, show the cursor, stop mouse reports, reset colours
_TERMINAL_RESET = b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[0m\r\n"


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    roster_path: Path = field(default_factory=default_roster_path)
    db_url: str | None = None
    max_sessions: int = 60
    idle_timeout: float = 3600.0          # seconds without a key from a student; 0 = never
    max_memory_mb: float = 400.0          # per student process group; 0 = no watch
    open_password_hash: str | None = None  # open mode: any name + this class password
    host_key_path: Path | None = None
    keepalive_interval: float = 15.0
    keepalive_count_max: int = 3
    login_timeout: float = 60.0
    watch_interval: float = 2.0
    app_argv: list[str] | None = None     # what a session runs (tests may replace it)

    def key_path(self) -> Path:
        return Path(self.host_key_path or Path(self.roster_path).parent / "ssh_host_ed25519_key")


def load_host_key(path: Path):
    """The server's host key; generated (ed25519) and saved on first start."""
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (asyncssh.KeyImportError, OSError) as e:
            raise RosterError(f"cannot read host key {path}: {e}") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="sudoku-tutor classroom")
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.replace(tmp, path)
    path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    log.info("host key generated: %s (%s)", path, key.get_fingerprint())
    return key


class LoginThrottle:
    """Failed logins make the next answer slower, per address and per name.

    Attempts from one address are answered one at a time, and a failure is
    answered only after 0.5 s doubled for each recent failure (capped), so
    guessing through many parallel connections does not go faster."""

    def __init__(self, base: float = 0.5, cap: float = 16.0, window: float = 900.0):
        self.base, self.cap, self.window = base, cap, window
        self._fails: dict[tuple[str, str], list[float]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def lock(self, ip: str) -> asyncio.Lock:
        lk = self._locks.get(ip)
        if lk is None:
            lk = self._locks[ip] = asyncio.Lock()
        return lk

    def _recent(self, key) -> list[float]:
        now = time.monotonic()
        times = [t for t in self._fails.get(key, ()) if now - t < self.window]
        if times:
            self._fails[key] = times
        else:
            self._fails.pop(key, None)
        return times

    def failures(self, ip: str, user: str) -> int:
        return max(len(self._recent(("ip", ip))), len(self._recent(("user", user))))

    def failed(self, ip: str, user: str) -> float:
        """Record a failure; returns the delay before answering it."""
        now = time.monotonic()
        for key in (("ip", ip), ("user", user)):
            self._fails.setdefault(key, []).append(now)
        n = self.failures(ip, user)
        return min(self.cap, self.base * 2 ** (n - 1))

    def succeeded(self, ip: str, user: str) -> None:
        self._fails.pop(("user", user), None)

    def prune(self) -> None:
        """Forget old failures and idle locks (called now and then)."""
        for key in list(self._fails):
            self._recent(key)
        for ip, lk in list(self._locks.items()):
            if not lk.locked() and ("ip", ip) not in self._fails:
                del self._locks[ip]


def safe_name(name: str) -> str:
    """A user name as typed by a client, made safe for a one-line log."""
    text = "".join(ch if ch.isprintable() else "?" for ch in name[:40])
    return text + ("…" if len(name) > 40 else "")


class Classroom:
    """What every connection shares: config, roster, sessions, limits."""

    def __init__(self, config: ServerConfig):
        self.config = config
        self.roster = Roster.load(config.roster_path)
        self._roster_mtime = self._mtime()
        self.sessions: set[_Session] = set()
        self.throttle = LoginThrottle()
        self.server = None
        self._watch_task: asyncio.Task | None = None
        self.host_key = None
        # the store: who is connected (for the teacher view); written from one thread
        self.store = None
        self.server_id = f"{socket.gethostname()}:{os.getpid()}:{int(time.time())}"
        self._ids = itertools.count(1)
        self._store_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="store")
        self._store_warned = False
        self._stopped = False

    # ---------------------------------------------------------- roster
    def _mtime(self):
        try:
            return os.stat(self.config.roster_path).st_mtime_ns
        except OSError:
            return None

    def current_roster(self) -> Roster:
        """The roster, re-read when the file changed (so `roster add` works live)."""
        m = self._mtime()
        if m != self._roster_mtime:
            try:
                self.roster = Roster.load(self.config.roster_path)
                log.info("roster reloaded: %d accounts", len(self.roster.accounts))
            except RosterError as e:
                log.error("roster not reloaded, keeping the previous one: %s", e)
            self._roster_mtime = m
        return self.roster

    def check_password(self, user: str, password: str) -> str | None:
        """The role when the password is right, else None.  (Runs in a thread.)"""
        roster = self.current_roster()
        acc = roster.accounts.get(user)
        if acc is not None:
            return acc.role if verify_password(password, acc.password) else None
        if self.config.open_password_hash and NAME_RE.match(user):
            return "student" if verify_password(password, self.config.open_password_hash) else None
        verify_password(password, None)          # same work for unknown names
        return None

    # ---------------------------------------------------------- sessions
    def student_count(self) -> int:
        return sum(1 for s in self.sessions if s.role != "teacher")

    def child_argv(self) -> list[str]:
        return list(self.config.app_argv or [sys.executable, "-m", "tutor.classroom.child"])

    def child_env(self, user: str, role: str, term: str, cols: int, rows: int) -> dict:
        env = {k: v for k, v in os.environ.items()
               if k in ("PATH", "HOME", "SUDOKU_TUTOR_HOME", "XDG_DATA_HOME", "TZ", "PYTHONPATH")}
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        env.update({
            "TERM": term or "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows),
            "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1",
            "SUDOKU_TUTOR_USER": user, "SUDOKU_TUTOR_ROLE": role,
            "SUDOKU_TUTOR_CLASS": self.roster.class_name,
            "SUDOKU_TUTOR_SERVER_PID": str(os.getpid()),
        })
        if self.config.db_url:
            env["SUDOKU_TUTOR_DB"] = self.config.db_url
        return env

    # ---------------------------------------------------------- store
    def _open_store(self):
        from ..store import Store
        store = Store.open(self.config.db_url)
        events.ensure_schema(store)
        return store

    def store_call(self, fn, *args) -> asyncio.Future | None:
        """Run fn(store, *args) on the store thread; failures are logged once."""
        if self.store is None:
            return None

        def run():
            try:
                fn(self.store, *args)
            except Exception as e:          # the classroom goes on without presence rows
                if not self._store_warned:
                    self._store_warned = True
                    log.warning("progress store %s: %s", self.store.location, e)
        return asyncio.get_running_loop().run_in_executor(self._store_pool, run)

    def new_session_id(self) -> str:
        return f"{self.server_id}/{next(self._ids)}"

    async def _watch(self) -> None:
        """Every few seconds: memory of each student's processes, idle students;
        a heartbeat for the sessions in the store."""
        cfg = self.config
        last_beat = time.monotonic()
        while True:
            await asyncio.sleep(cfg.watch_interval)
            if time.monotonic() - last_beat >= events.HEARTBEAT_S:
                last_beat = time.monotonic()
                self.store_call(events.heartbeat, self.server_id)
                self.throttle.prune()
            live = [s for s in self.sessions if s.proc and s.proc.pid and not s.closing]
            if cfg.max_memory_mb:
                limit = cfg.max_memory_mb * 1024 * 1024
                rss = rss_by_group(s.proc.pid for s in live)
                for s in live:
                    used = rss.get(s.proc.pid, 0)
                    if used > limit:
                        s.end_soon("memory", f"used {used / 2**20:.0f} MB, over the limit of "
                                             f"{cfg.max_memory_mb:.0f} MB",
                                   "your session used too much memory and was closed; "
                                   "please connect again.")
            if cfg.idle_timeout:
                now = time.monotonic()
                for s in live:
                    if s.role != "teacher" and now - s.last_input > cfg.idle_timeout:
                        s.end_soon("idle", f"no key for {cfg.idle_timeout:.0f} s",
                                   "your session was closed after a long time without a key.")

    # ---------------------------------------------------------- life
    async def start(self):
        cfg = self.config
        self.host_key = load_host_key(cfg.key_path())
        loop = asyncio.get_running_loop()
        try:
            self.store = await loop.run_in_executor(self._store_pool, self._open_store)
        except Exception as e:
            msg = str(e)
            raise RosterError(msg if "progress store" in msg else f"cannot open the progress store: {msg}") from None
        self.server = await asyncssh.create_server(
            lambda: _Server(self), cfg.host, cfg.port,
            server_host_keys=[self.host_key],
            encoding=None, line_editor=False, allow_pty=True,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            keepalive_interval=cfg.keepalive_interval, keepalive_count_max=cfg.keepalive_count_max,
            login_timeout=cfg.login_timeout,
        )
        self._watch_task = asyncio.ensure_future(self._watch())
        log.info("classroom %r listening on %s:%d, roster %s (%d accounts)%s; host key %s; store %s",
                 self.roster.class_name, cfg.host, self.port, cfg.roster_path,
                 len(self.roster.accounts), ", open mode" if cfg.open_password_hash else "",
                 self.host_key.get_fingerprint(), self.store.location)
        return self

    @property
    def port(self) -> int:
        if self.server is None:
            return self.config.port
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        if self.server is not None:
            self.server.close()
        if self._watch_task:
            self._watch_task.cancel()
        sessions = list(self.sessions)
        await asyncio.gather(*(s.end("server stopping") for s in sessions), return_exceptions=True)
        if self.server is not None:
            await self.server.wait_closed()
        if self.store is not None:
            await self.store_call(events.server_stopped, self.server_id)
            self._store_pool.submit(self.store.close)
        self._store_pool.shutdown(wait=True)
        log.info("classroom stopped")


class _Server(asyncssh.SSHServer):
    """One per connection: authentication and the non-session requests."""

    def __init__(self, classroom: Classroom):
        self.classroom = classroom
        self.conn = None
        self.ip, self.peer = "?", "?"
        self.user: str | None = None
        self.role: str | None = None
        self.method = None
        self.sessions = 0            # open session channels
        self.opened = False          # any session channel ever opened
        self.closed = False

    def who(self) -> str:
        return f"{safe_name(self.user) if self.user else '?'}@{self.peer}"

    def refused(self, what: str) -> None:
        log.warning("refused %s: %s", self.who(), what)

    def connection_made(self, conn) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.ip, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        log.info("connection from %s", self.peer)

    def connection_lost(self, exc) -> None:
        self.closed = True
        why = f" ({exc})" if exc else ""
        log.info("disconnected %s%s", self.who(), why)

    # ---------------------------------------------------------- logins
    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        room = self.classroom
        loop = asyncio.get_running_loop()
        async with room.throttle.lock(self.ip):
            role = await loop.run_in_executor(None, room.check_password, username, password)
            if role:
                room.throttle.succeeded(self.ip, username)
                self.role, self.method = role, "password"
                return True
            delay = room.throttle.failed(self.ip, username)
            log.warning("login failed: %s from %s (wrong name or password; %d recent failures, "
                        "answered after %.1f s)", safe_name(username), self.peer,
                        room.throttle.failures(self.ip, username), delay)
            await asyncio.sleep(delay)
            return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key) -> bool:
        roster = self.classroom.current_roster()
        if roster.key_ok(username, key):
            self.role, self.method = roster.accounts[username].role, "key"
            return True
        return False

    def auth_completed(self) -> None:
        log.info("login %s (%s) from %s by %s", self.user, self.role, self.peer, self.method)
        asyncio.get_running_loop().call_later(30.0, self._check_used)

    def _check_used(self) -> None:
        if not self.opened and not self.closed and self.conn is not None:
            self.refused("no terminal session opened within 30 s")
            self.conn.close()

    # ---------------------------------------------------------- channels
    def session_requested(self):
        chan = self.conn.create_server_channel(encoding=None)
        session = _Session(self)
        if _Channel.hooks_ok:
            chan.__class__ = _Channel
            chan.refused_hook = self.refused
        return chan, session

    def connection_requested(self, dest_host, dest_port, orig_host, orig_port):
        self.refused(f"local port forwarding to {dest_host}:{dest_port}")
        return False

    def server_requested(self, listen_host, listen_port):
        self.refused(f"remote port forwarding from {listen_host or '*'}:{listen_port}")
        return False

    def unix_connection_requested(self, dest_path):
        self.refused(f"forwarding to socket {dest_path}")
        return False

    def unix_server_requested(self, listen_path):
        self.refused(f"remote socket forwarding from {listen_path}")
        return False

    def tun_requested(self, unit):
        self.refused("tunnel device")
        return False

    def tap_requested(self, unit):
        self.refused("tap device")
        return False


class _Channel(asyncssh.SSHServerChannel):
    """The stock server channel plus a log line when agent or X11 forwarding
    is asked for.  The refusal itself is asyncssh's (agent_forwarding=False,
    x11_forwarding=False); only the logging hooks in here."""

    hooks_ok = all(hasattr(asyncssh.SSHServerChannel, m) for m in
                   ("_process_x11_req_request", "_process_auth_agent_req_at_openssh_dot_com_request"))
    refused_hook = None

    def _process_x11_req_request(self, packet):
        if self.refused_hook:
            self.refused_hook("X11 forwarding")
        return super()._process_x11_req_request(packet)

    def _process_auth_agent_req_at_openssh_dot_com_request(self, packet):
        if self.refused_hook:
            self.refused_hook("agent forwarding")
        return super()._process_auth_agent_req_at_openssh_dot_com_request(packet)


class _Session(asyncssh.SSHServerSession):
    """One SSH session channel: a terminal running one app process."""

    def __init__(self, server: _Server):
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
        self.term = term_type or "xterm-256color"
        self.size = term_size
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command) -> bool:
        cmd = command if isinstance(command, str) else bytes(command).decode("utf-8", "replace")
        self.server.refused(f"exec command {cmd[:60]!r}")
        return False

    def subsystem_requested(self, subsystem) -> bool:
        name = subsystem if isinstance(subsystem, str) else bytes(subsystem).decode("utf-8", "replace")
        self.server.refused(f"subsystem {name!r}")
        return False

    def session_started(self) -> None:
        room = self.classroom
        if not self.term:
            self.refuse("session without a terminal",
                        "the tutor needs a terminal: connect with `ssh -t` (no command).")
            return
        if self.role != "teacher" and room.student_count() >= room.config.max_sessions:
            self.refuse(f"classroom full ({room.config.max_sessions} sessions)",
                        "the classroom is full right now; try again in a minute.")
            return
        room.sessions.add(self)
        asyncio.ensure_future(self._spawn())

    async def _spawn(self) -> None:
        room = self.classroom
        cols, rows = self.size[0] or 80, self.size[1] or 24
        env = room.child_env(self.user, self.role, self.term, cols, rows)
        self.proc = PtyProcess(room.child_argv(), env, cols, rows,
                               on_output=self._output, on_exit=self._app_exited)
        try:
            await self.proc.start()
        except OSError as e:
            log.error("session for %s could not start: %s", self.server.who(), e)
            room.sessions.discard(self)
            self.refuse("app did not start", "the tutor could not start; tell your teacher.")
            return
        self.started = time.monotonic()
        room.store_call(events.session_started, self.session_id, room.roster.class_name, self.user,
                        self.role, self.server.ip, room.server_id)
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
        if self.proc is not None:
            self.proc.write(data)
        elif len(self.pending) < 65536:
            self.pending += data

    def terminal_size_changed(self, width, height, pixwidth, pixheight) -> None:
        self.size = (width, height, pixwidth, pixheight)
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
            self.end_soon("app exited", f"status {rc}")

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
                f" ({detail})" if detail else "", "" if how in ("exited", "not started") else f"; {how} sent")
        try:
            if message:
                self.chan.write(_TERMINAL_RESET + f"sudoku-tutor: {message}\r\n".encode())
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


# ------------------------------------------------------------------ running

def setup_logging(level=logging.INFO, logfile: str | None = None) -> None:
    handler = logging.FileHandler(logfile) if logfile else logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(level)
    log.propagate = False
    logging.getLogger("asyncssh").setLevel(logging.WARNING)


async def serve(config: ServerConfig, ready=None) -> None:
    """Run until SIGINT/SIGTERM.  `ready(classroom)` is called once listening."""
    room = await Classroom(config).start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    if ready:
        ready(room)
    try:
        await stop.wait()
    finally:
        await room.stop()
