"""Password checks for a class that logs in all at once.

A check is scrypt (N=2^17, r=8, p=1: 128 MB and about 0.5 s of one core on
this 2-core machine; measured in the README), on purpose: it is what a
stolen roster costs an attacker per guess.  So it must not run on the event
loop, and a class of a hundred must not queue behind two threads:

* `CheckPool`: one thread per core (at most MAX_THREADS, each holds 128 MB
  while it works), at a lower scheduling priority than the apps (a student
  whose login is accepted sees the grid while the others are still
  checked), the likely good tries first (see `PasswordChecks.check`);
* `PasswordChecks`: no check is done twice.  The same name and password
  arriving while its check runs (a double click, a client that retries)
  waits for that check; a good password of an account is remembered for a
  school day, as a keyed hash (HMAC with a key made at start and kept in
  memory only) beside the roster hash it was checked against, so a student
  who drops and comes back, or reloads the page, is let in at once.  A
  wrong password is never remembered: each try costs the full check.
  Nothing here is written anywhere, and the roster keeps only scrypt
  hashes, so a stolen roster costs what it did.
"""
from __future__ import annotations

import asyncio
import heapq
import hmac
import itertools
import logging
import os
import secrets
import threading
import time

log = logging.getLogger("tutor.classroom")

MAX_THREADS = 8                 # 128 MB each while checking
NICENESS = 5                    # below the apps and the server's own loop
REMEMBER_S = 12 * 3600.0        # a school day
REMEMBERED_MOST = 10_000


def default_threads() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 2
    return max(1, min(cores, MAX_THREADS))


class CheckPool:
    """Threads running password checks, lowest priority number first (then
    in arrival order), each thread niced below the rest of the server."""

    def __init__(self, threads: int):
        self.threads = threads
        self._heap: list = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._stop = False
        for k in range(threads):
            threading.Thread(target=self._work, name=f"login-{k}", daemon=True).start()

    async def run(self, priority: int, fn, *args):
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        with self._cond:
            heapq.heappush(self._heap, (priority, next(self._seq), fn, args, loop, fut))
            self._cond.notify()
        return await fut

    def _work(self) -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)
        except (AttributeError, OSError):
            pass
        while True:
            with self._cond:
                while not self._heap and not self._stop:
                    self._cond.wait()
                if self._stop:
                    return
                _, _, fn, args, loop, fut = heapq.heappop(self._heap)
            try:
                result, error = fn(*args), None
            except Exception as e:          # noqa: BLE001 - handed to the waiting login
                result, error = None, e
            try:
                loop.call_soon_threadsafe(_settle, fut, result, error)
            except RuntimeError:            # the loop closed meanwhile: nobody waits
                pass

    def shutdown(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()


def _settle(fut, result, error) -> None:
    if fut.done():
        return
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(result)


class PasswordChecks:
    """`check(user, password, failures)`: the role for a right password, else
    None; `room.check_password` does the scrypt work (in the pool)."""

    def __init__(self, room, threads: int | None = None):
        self.room = room
        self.pool = CheckPool(threads or default_threads())
        self._key = secrets.token_bytes(32)
        self._good: dict[str, tuple[bytes, str, str | None, float]] = {}   # user -> (mac, role, hash, when)
        self._running: dict[tuple[str, bytes], asyncio.Future] = {}
        self.checks = 0                 # scrypt checks run (the tests read these)
        self.spared = 0                 # logins let in without one

    def _mac(self, user: str, password: str) -> bytes:
        return hmac.new(self._key, f"{user}\0{password}".encode("utf-8", "surrogatepass"), "sha256").digest()

    def _stored_hash(self, user: str) -> str | None:
        acc = self.room.current_roster().accounts.get(user)
        return acc.password if acc is not None else self.room.config.open_password_hash

    async def check(self, user: str, password: str, failures: int = 0) -> str | None:
        """A try of an account with no recent failures goes before retries
        (the more failures, the later), and a name that is not in the roster
        (it cannot log in, unless in open mode) goes last: a student who
        mistypes, or a flood of made-up names, never holds up the class."""
        mac = self._mac(user, password)
        good = self._good.get(user)
        if (good is not None and hmac.compare_digest(good[0], mac) and good[2] == self._stored_hash(user)
                and time.monotonic() - good[3] < REMEMBER_S):
            self.spared += 1
            acc = self.room.current_roster().accounts.get(user)
            return acc.role if acc is not None else good[1]     # a role changed since counts
        running = self._running.get((user, mac))
        if running is not None:
            self.spared += 1
        else:
            running = asyncio.ensure_future(self._check(user, password, mac, failures))
            self._running[(user, mac)] = running
            running.add_done_callback(lambda _: self._running.pop((user, mac), None))
        return await asyncio.shield(running)

    async def _check(self, user: str, password: str, mac: bytes, failures: int) -> str | None:
        self.checks += 1
        priority = failures if self.room.known_name(user) else 1000 + failures
        role = await self.pool.run(priority, self.room.check_password, user, password)
        if role:
            if len(self._good) >= REMEMBERED_MOST:
                del self._good[min(self._good, key=lambda u: self._good[u][3])]
            self._good[user] = (mac, role, self._stored_hash(user), time.monotonic())
        return role

    def shutdown(self) -> None:
        self.pool.shutdown()
