"""One SSH connection: who it is, and what it may ask for.

Logins are checked against the roster (passwords and public keys); failed
ones make the next answer slower (LoginThrottle).  A connection may open
terminal sessions (session.py) and nothing else: port forwarding both ways,
agent and X11 forwarding are refused and logged.
"""
from __future__ import annotations

import asyncio
import logging
import time

import asyncssh

from .session import Session

log = logging.getLogger("tutor.classroom")


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


class Connection(asyncssh.SSHServer):
    """One per connection: authentication and the non-session requests."""

    def __init__(self, classroom):
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
        session = Session(self)
        if LoggedChannel.hooks_ok:
            chan.__class__ = LoggedChannel
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


class LoggedChannel(asyncssh.SSHServerChannel):
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
