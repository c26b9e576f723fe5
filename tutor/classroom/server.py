"""The classroom SSH server (asyncssh), and beside it the browser one (web.py).

Each authenticated connection that asks for a terminal and a shell gets its own
app process on its own PTY (see ptyproc.py).  Everything else a client may ask
for is refused and logged: commands (`exec`), subsystems such as SFTP, port
forwarding both ways, agent and X11 forwarding, sessions without a terminal.

One log line per event on the `tutor.classroom` logger: connections, logins,
failed logins (with the delay the next answer gets), sessions started and
ended (with why), and every refusal.

Here: the configuration, the host key, and the `Classroom` every connection
shares (roster, sessions, the store, the watch over memory and idle time).
One connection's logins and refusals: connection.py; one terminal session
running one app: session.py.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from ..paths import private_folder
from . import events
from .connection import Connection, LoginThrottle
from .logins import PasswordChecks
from .pending import PendingLogins
from .ptyproc import rss_by_group
from .roster import (NAME_RE, Roster, RosterError, default_roster_path, hash_password, needs_rehash,
                     upgrade_password, verify_password)
from .session import SERVER_STOPPED, Session
from .warm_link import WarmLink

log = logging.getLogger("tutor.classroom")

@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    roster_path: Path = field(default_factory=default_roster_path)
    db_url: str | None = None
    db_password: str | None = None        # for a PostgreSQL URL without one (never on the command line)
    max_sessions: int = 60
    idle_timeout: float = 3600.0          # seconds without a key from a student; 0 = never
    max_memory_mb: float = 400.0          # per student process group; 0 = no watch
    open_password_hash: str | None = None  # open mode: any name + this class password
    host_key_path: Path | None = None
    keepalive_interval: float = 15.0
    keepalive_count_max: int = 3
    login_timeout: float = 60.0           # to log in, not counting our own password checks
    max_unauthenticated: int = 100        # connections not logged in yet that name no
                                          # roster account, at once (pending.py)
    max_pending_per_address: int | None = None   # the same from one address (None: the above)
    watch_interval: float = 2.0
    app_argv: list[str] | None = None     # what a session runs (tests may replace it)
    warm_parent: bool = True              # fork the real app from a warm parent (warm_parent.py)
    page_merging: bool = True             # let the kernel share the apps' identical pages (page_merging.py)
    remember_logins: bool = True          # keys and browsers of returning students (remembered.py)
    web_port: int | None = None           # the browser listener (web.py), None: none
    bank_worker: bool = False             # keep the practice bank topped up (`serve` sets it)
    tls_cert: str | None = None           # PEM files for HTTPS on the web listener
    tls_key: str | None = None

    def key_path(self) -> Path:
        return Path(self.host_key_path or Path(self.roster_path).parent / "ssh_host_ed25519_key")


def load_host_key(path: Path):
    """The server's host key; generated (ed25519) and saved on first start."""
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (asyncssh.KeyImportError, OSError) as e:
            raise RosterError(f"cannot read host key {path}: {e}") from None
    private_folder(path.parent)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="sudoku-tutor classroom")
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.replace(tmp, path)
    path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    log.info("host key generated: %s (%s)", path, key.get_fingerprint())
    return key


class Classroom:
    """What every connection shares: config, roster, sessions, limits."""

    def __init__(self, config: ServerConfig):
        self.config = config
        self.roster = Roster.load(config.roster_path)
        self._roster_mtime = self._mtime()
        self.sessions: set[Session] = set()
        self.throttle = LoginThrottle()
        # connections that have not logged in yet (bounded, timed out; pending.py)
        self.pending = PendingLogins(config.max_unauthenticated, config.max_pending_per_address)
        # password checks: scrypt off the event loop on every core, none twice (logins.py)
        self.passwords = PasswordChecks(self)
        self._roster_lock = threading.Lock()
        self.server = None
        self.web = None                   # the browser listener (web.py), when asked for
        self.bank_worker = None           # the practice bank's worker process, when asked for
        self._watch_task: asyncio.Task | None = None
        self.warm: WarmLink | None = None     # the warm parent that forks the apps
        self.host_key = None
        # the store: who is connected (for the teacher view); written in the
        # background, in order, each write retried until it commits (QueuedStore)
        self.store = None
        self.host = socket.gethostname()
        # host:pid:start (ns): two servers of one process (the tests) differ too
        self.server_id = f"{self.host}:{os.getpid()}:{time.time_ns()}"
        self._ids = itertools.count(1)
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
                self.store_call(events.set_members, self.roster.class_name, self._members(),
                                key="members")
            except RosterError as e:
                log.error("roster not reloaded, keeping the previous one: %s", e)
            self._roster_mtime = m
        return self.roster

    def _members(self) -> dict[str, str]:
        return {name: acc.role for name, acc in self.roster.accounts.items()}

    def check_password(self, user: str, password: str) -> str | None:
        """The role when the password is right, else None.  (Runs in a thread.)
        A right password whose hash has weak parameters gets a new hash."""
        roster = self.current_roster()
        acc = roster.accounts.get(user)
        if acc is not None:
            if not verify_password(password, acc.password):
                return None
            if needs_rehash(acc.password):
                self._upgrade(user, acc.password, password)
            return acc.role
        if self.config.open_password_hash and NAME_RE.match(user):
            return "student" if verify_password(password, self.config.open_password_hash) else None
        verify_password(password, None)          # same work for unknown names
        return None

    def known_name(self, user: str) -> bool:
        """A name that can log in: the roster's, or any good one in open mode."""
        return user in self.current_roster().accounts or bool(
            self.config.open_password_hash is not None and NAME_RE.match(user))

    def _upgrade(self, user: str, old: str, password: str) -> None:
        try:
            with self._roster_lock:
                if upgrade_password(self.config.roster_path, user, old, hash_password(password)):
                    log.info("password hash of %s upgraded to the current scrypt parameters", user)
        except (RosterError, OSError) as e:
            log.warning("password hash of %s not upgraded: %s", user, e)

    # ---------------------------------------------------------- sessions
    def student_count(self) -> int:
        return sum(1 for s in self.sessions if s.role != "teacher")

    def child_argv(self) -> list[str]:
        return list(self.config.app_argv or [sys.executable, "-m", "tutor.classroom.child"])

    def child_env(self, user: str, role: str, term: str) -> dict:
        env = {k: v for k, v in os.environ.items()
               if k in ("PATH", "HOME", "SUDOKU_TUTOR_HOME", "XDG_DATA_HOME", "TZ", "PYTHONPATH")}
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        # no COLUMNS or LINES: the PTY is made at the login's size, and those
        # would win over it for good (Textual never followed a resize)
        env.update({
            "TERM": term or "xterm-256color",
            "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1",
            "SUDOKU_TUTOR_USER": user, "SUDOKU_TUTOR_ROLE": role,
            "SUDOKU_TUTOR_CLASS": self.roster.class_name,
            "SUDOKU_TUTOR_SERVER_PID": str(os.getpid()),
        })
        if self.config.db_url:
            env["SUDOKU_TUTOR_DB"] = self.config.db_url
        if self.config.db_password:       # the environment, unlike argv, is the owner's only
            env["SUDOKU_TUTOR_DB_PASSWORD"] = self.config.db_password
        return env

    # ---------------------------------------------------------- store
    def _open_store(self):
        """Open the store, close what earlier servers left open, and end a
        push that a stopped server left running with nobody in the class."""
        from ..store import Store
        if self.config.db_password:       # read by the PostgreSQL backend when the URL has none
            os.environ["SUDOKU_TUTOR_DB_PASSWORD"] = self.config.db_password
        store = Store.open(self.config.db_url)
        events.ensure_schema(store)
        events.set_members(store, self.roster.class_name, self._members())
        closed = events.close_stale_sessions(store, self.host, self.server_id)
        if closed:
            log.info("closed %d session rows left open by a server that stopped", closed)
        class_name = self.roster.class_name
        if events.open_sessions(store, class_name) == 0:
            ended = events.end_event(store, class_name)
            if ended is not None:
                log.info("ended the push %r that was still running with nobody connected "
                         "(the teacher can reopen it with r)", ended.title)
        return store

    def _store_event(self, kind: str, text: str) -> None:
        """Every failure and every recovery of the store goes to the log."""
        where = self.store.location if self.store is not None else "?"
        if kind == "failed":
            log.warning("progress store %s: %s", where, text)
        elif kind == "recovered":
            log.warning("progress store %s: %s", where, text)
        else:
            log.error("progress store %s: a write was dropped: %s", where, text)

    def store_call(self, fn, *args, key=None) -> None:
        """Run fn(store, *args) in the background, after every earlier call
        (retried until the store takes it; failures and recovery are logged)."""
        if self.store is not None:
            store = self.store.store
            self.store.submit(lambda: fn(store, *args), fn.__name__, key)

    async def store_read(self, fn, *args, default=None):
        """fn(store, *args) in a thread, now (a login waits for it); `default`
        when the store fails (the write queue retries, a read does not)."""
        if self.store is None:
            return default
        from ..store import StoreError
        try:
            return await asyncio.get_running_loop().run_in_executor(None, fn, self.store.store, *args)
        except (StoreError, OSError) as e:
            log.warning("progress store %s: %s", self.store.location, e)
            return default

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
                self.store_call(events.heartbeat, self.server_id, key="heartbeat")
                self.store_call(events.close_stale_sessions, self.host, self.server_id, key="sweep")
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
            store = await loop.run_in_executor(None, self._open_store)
        except Exception as e:
            msg = str(e)
            raise RosterError(msg if "progress store" in msg else f"cannot open the progress store: {msg}") from None
        from ..store.queued import QueuedStore
        self.store = QueuedStore(store, on_event=self._store_event, name="classroom-store")
        self.server = await asyncssh.create_server(
            lambda: Connection(self), cfg.host, cfg.port,
            server_host_keys=[self.host_key],
            encoding=None, line_editor=False, allow_pty=True,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            keepalive_interval=cfg.keepalive_interval, keepalive_count_max=cfg.keepalive_count_max,
            login_timeout=0,              # the connection keeps its own (connection.py)
        )
        if cfg.web_port is not None:
            from .web import WebListener
            self.web = await WebListener(self).start()
        self._watch_task = asyncio.ensure_future(self._watch())
        if cfg.bank_worker:
            from ..teaching import bank_worker
            self.bank_worker = bank_worker.start(cfg.db_url or store.location, password=cfg.db_password)
        if cfg.warm_parent and cfg.app_argv is None:
            env = {k: v for k, v in self.child_env("", "", "").items()
                   if k not in ("SUDOKU_TUTOR_USER", "SUDOKU_TUTOR_ROLE", "SUDOKU_TUTOR_DB_PASSWORD")}
            if not cfg.page_merging:
                env["SUDOKU_TUTOR_PAGE_MERGING"] = "0"
            self.warm = WarmLink(env)
            asyncio.ensure_future(self.warm.start())   # until it is warm, apps start the slow way
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
        await asyncio.gather(*(s.end("server stopping", "", SERVER_STOPPED) for s in sessions),
                             return_exceptions=True)
        if self.server is not None:
            await self.server.wait_closed()
        if self.web is not None:
            await self.web.stop()
        if self.warm is not None:
            await self.warm.stop()
        if self.store is not None:
            self.store_call(events.server_stopped, self.server_id)
            done = await asyncio.get_running_loop().run_in_executor(None, self.store.close, 5.0)
            if not done:
                log.warning("progress store %s: %d writes could not be made before stopping",
                            self.store.location, self.store.pending)
        self.passwords.shutdown()
        from ..teaching import bank_worker
        bank_worker.stop(self.bank_worker)
        log.info("classroom stopped")


# ------------------------------------------------------------------ running

def setup_logging(level=logging.INFO, logfile: str | None = None) -> None:
    """The classroom log on standard error, or appended to `logfile` (0600:
    it names students, their addresses and what they did)."""
    if logfile:
        os.close(os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600))
        if os.stat(logfile).st_mode & 0o077:
            os.chmod(logfile, 0o600)
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
