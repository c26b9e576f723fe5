"""One SSH connection: who it is, and what it may ask for.

Logins are checked against the roster (passwords and public keys); failed
ones make the next answers slower (LoginThrottle), per account and per
connection; every failure is one log line.  Connections that have not
logged in yet are bounded and timed out (pending.py), with room kept for
the roster's own logins; one that fails MAX_TRIES times is closed.  A connection may open
terminal sessions (session.py) and nothing else: port forwarding both ways,
agent and X11 forwarding are refused and logged.
"""
from __future__ import annotations

import asyncio
import logging
import time

import asyncssh

from ..usage import one_line
from . import remembered
from .session import Session

log = logging.getLogger("tutor.classroom")

MAX_TRIES = 10           # failed logins on one connection before it is closed


class LoginThrottle:
    """Failed logins make later answers slower: per account and per
    connection, never per address (a class behind one NAT shares it).

    A failure is answered after `base` seconds doubled for each recent
    failure of the account or of the connection, whichever has more
    (capped); the account's next attempt, from any connection, waits until
    then, so many connections cannot guess one account faster.  Nothing
    waits for anything else: a good login of another account is checked at
    once.  A key that is not in the roster counts the same way, from a
    smaller `key_base` (clients offer every key they hold before asking for
    a password)."""

    def __init__(self, base: float = 0.5, cap: float = 16.0, window: float = 900.0,
                 key_base: float = 0.1):
        self.base, self.cap, self.window, self.key_base = base, cap, window, key_base
        self._fails: dict[tuple[str, str], list[float]] = {}
        self._next: dict[str, float] = {}          # account -> when its next try is checked

    def _recent(self, key) -> list[float]:
        now = time.monotonic()
        times = [t for t in self._fails.get(key, ()) if now - t < self.window]
        if times:
            self._fails[key] = times
        else:
            self._fails.pop(key, None)
        return times

    def failures(self, ip: str, user: str) -> int:
        """The account's recent failures (for the log)."""
        return len(self._recent(("user", user)))

    def address_failures(self, ip: str) -> int:
        return len(self._recent(("ip", ip)))

    def wait_before(self, user: str) -> float:
        """How long the account's next try waits before it is checked."""
        return max(0.0, self._next.get(user, 0.0) - time.monotonic())

    def failed(self, ip: str, user: str, connection_failures: int, key: bool = False) -> float:
        """Record a failure; returns the delay before answering it."""
        now = time.monotonic()
        for k in (("ip", ip), ("user", user)):
            self._fails.setdefault(k, []).append(now)
        n = max(connection_failures, 1 if key else self.failures(ip, user))
        delay = min(self.cap, (self.key_base if key else self.base) * 2 ** (n - 1))
        if not key:
            self._next[user] = max(self._next.get(user, 0.0), now + delay)
        return delay

    def succeeded(self, ip: str, user: str) -> None:
        self._fails.pop(("user", user), None)
        self._next.pop(user, None)

    def prune(self) -> None:
        """Forget old failures (called now and then)."""
        for key in list(self._fails):
            self._recent(key)
        now = time.monotonic()
        for user, t in list(self._next.items()):
            if t < now:
                del self._next[user]


def safe_name(name: str) -> str:
    """A name a client sent (an account, an Origin), as the log shows it:
    control characters escaped, at most 40 characters."""
    return one_line(name, 40)


async def check_login(room, ip: str, username: str, password: str, connection_failures: int,
                      device: str | None = None):
    """A password login, SSH's or the browser's: (the role when right, else
    None; whether a remembered browser checked it).  An account that failed
    lately has its tries checked one by one; the caller answers a failure
    with login_failed.  `device`: a browser's device token, which checks the
    password fast when remembered (remembered.py)."""
    wait = room.throttle.wait_before(username)
    if wait:
        await asyncio.sleep(wait)
    acc = room.current_roster().accounts.get(username)
    fast = None
    if device and acc is not None and acc.password and room.config.remember_logins:
        fast = await room.store_read(remembered.device_check, device, username, password,
                                     remembered.password_tag(acc.password))
    if fast is None:
        failures = max(connection_failures, room.throttle.failures(ip, username))
        role = await room.passwords.check(username, password, failures)
    else:
        role = acc.role if fast else None
    if role:
        room.throttle.succeeded(ip, username)
    return role, fast is not None


async def login_failed(room, ip: str, peer: str, username: str, why: str, connection_failures: int,
                       key: bool = False) -> None:
    """Record and log a failed login, and answer it late (LoginThrottle)."""
    throttle = room.throttle
    delay = throttle.failed(ip, username, connection_failures, key=key)
    log.warning("login failed: %s from %s (%s; %d recent failures of the account, %d on this "
                "connection, %d from this address; answered after %.1f s)", safe_name(username),
                peer, why, throttle.failures(ip, username), connection_failures,
                throttle.address_failures(ip), delay)
    await asyncio.sleep(delay)


class Connection(asyncssh.SSHServer):
    """One per connection: authentication and the non-session requests."""

    via = "ssh"                  # how the student joined (the teacher view shows it)

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
        self.failures = 0            # failed logins on this connection
        self.offered: list[str] = []  # keys the client offered (remembered.py)
        self.checking = 0            # password checks of ours under way

    def who(self) -> str:
        return f"{safe_name(self.user) if self.user else '?'}@{self.peer}"

    def refused(self, what: str) -> None:
        log.warning("refused %s: %s", self.who(), what)

    def connection_made(self, conn) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.ip, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        log.info("connection from %s", self.peer)
        pending = self.classroom.pending
        pending.arrived(self)
        loop = asyncio.get_running_loop()
        loop.call_later(pending.name_timeout, self._name_deadline)
        loop.call_later(self.classroom.config.login_timeout, self._login_deadline)

    def _name_deadline(self) -> None:
        if self.user is None and not self.closed:
            self.close_pending(f"no login begun within {self.classroom.pending.name_timeout:.0f} s")

    def _login_deadline(self) -> None:
        """Time to log in is up, unless the time goes to our own password
        check: a class logging in at once waits for the checks, it is not
        turned away while queued for them."""
        if self.role is not None or self.closed:
            return
        if self.checking:
            asyncio.get_running_loop().call_later(1.0, self._login_deadline)
            return
        self.close_pending(f"not logged in within {self.classroom.config.login_timeout:.0f} s")

    def close_pending(self, why: str) -> None:
        """Close this connection, not logged in yet (pending.py); logged for
        the first few of an address, then at every doubling of the count."""
        count = self.classroom.pending.pushed_out[self.ip]
        if count & (count - 1) == 0:
            log.warning("closed %s before its login: %s%s", self.peer, why,
                        f" ({count} from {self.ip} so far)" if count > 1 else "")
        self.classroom.pending.gone(self)
        if self.conn is not None:
            self.conn.abort()

    def _logged_in_or_gone(self) -> None:
        self.classroom.pending.gone(self)

    def connection_lost(self, exc) -> None:
        self.closed = True
        self._logged_in_or_gone()
        why = f" ({one_line(str(exc), 200)})" if exc else ""     # a client's own disconnect text
        log.info("disconnected %s%s", self.who(), why)

    # ---------------------------------------------------------- logins
    def begin_auth(self, username: str) -> bool:
        self.user = username
        if username in self.classroom.current_roster().accounts:
            self.classroom.pending.named_account(self)
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        room = self.classroom
        self.checking += 1
        try:
            role, _ = await check_login(room, self.ip, username, password, self.failures)
        finally:
            self.checking -= 1
        if role:
            self.role, self.method = role, "password"
            acc = room.current_roster().accounts.get(username)
            if self.offered and acc is not None and room.config.remember_logins:
                room.store_call(remembered.remember_keys, username, self.offered,
                                remembered.password_tag(acc.password))
            return True
        await self._failed(username, "wrong name or password")
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key) -> bool:
        room = self.classroom
        roster = room.current_roster()
        acc = roster.accounts.get(username)
        if roster.key_ok(username, key):
            self.role, self.method = acc.role, "key"
            return True
        if acc is not None and acc.password and room.config.remember_logins:
            data = remembered.key_data(key)
            if await room.store_read(remembered.key_remembered, username, data,
                                     remembered.password_tag(acc.password), default=False):
                self.role, self.method = acc.role, "remembered key"
                return True
            if data not in self.offered:
                self.offered.append(data)          # remembered if the password is right
        await self._failed(username, f"key {key.get_fingerprint()} is not in the roster for "
                                     "this name", key=True)
        return False

    async def _failed(self, username: str, why: str, key: bool = False) -> None:
        """Log a failed login and answer it late; close the connection after MAX_TRIES."""
        self.failures += 1
        await login_failed(self.classroom, self.ip, self.peer, username, why, self.failures, key)
        if self.failures >= MAX_TRIES and self.conn is not None:
            self.refused(f"{MAX_TRIES} failed logins on one connection")
            self.conn.close()

    def auth_completed(self) -> None:
        self._logged_in_or_gone()
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
