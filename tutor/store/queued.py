"""Writes to the progress store in the background, in order, never lost to
a passing failure.

`QueuedStore(store)` looks like the Store it wraps: its writing methods
(save_game, record_hint, ...) put the write on a queue and return at once; one
thread runs the queue in order.  A write that fails because the database
cannot be reached (StoreUnavailable: a stalled or restarting server, a lost
connection) stays at the head of the queue and is tried again, waiting a
little longer each time (0.5 s doubling up to 5 s), so the learner's work is
committed as soon as the database answers again, in the order it was done.
A write that fails for any other reason (the statement itself is bad) is
dropped and reported.  Consecutive saves of the same thing (a user's game,
their activity) replace each other while they wait, so a long outage does
not pile up one save per move.  A write that is an event (record_claim,
record_hint, ...) gets its uid before it waits, so a retry after a lost
connection stores it once (tutor/store/events.py).

Reads go straight to the store once the writes before them are done (the
same thread sees its own writes); while the database is unreachable they
fail at once with StoreUnavailable instead of freezing the caller.

`state` is "saved" (nothing waiting), "saving" (writes waiting) or "down"
(the last try failed; `last_error` says why); `on_change(queued_store)` is
called from the writer thread whenever it changes, and `on_event(kind,
text)` for every failure ("failed"), every recovery ("recovered") and every
write dropped ("dropped").  `flush(timeout)` waits for the queue to empty;
`close()` flushes, then closes the store.
"""
from __future__ import annotations

import collections
import threading
import time
from typing import Any, Callable

from .base import StoreError, StoreUnavailable
from .events import new_uid

# Store methods that write; every other method reads
WRITES = frozenset({
    "save_game", "delete_game", "keep_game", "drop_kept_game", "record_hint", "record_claim",
    "record_attempt", "set_activity", "mark_lesson_read", "record_confusion", "record_event",
})
# writes that are events: each gets its uid before it waits, so a retried
# write is stored once (tutor/store/events.py)
EVENTS = frozenset({"record_hint", "record_claim", "record_attempt", "mark_lesson_read",
                    "record_confusion", "record_event"})
# writes whose later call makes a waiting earlier one useless: method -> key from args
COALESCE: dict[str, Callable[[tuple], Any]] = {
    "save_game": lambda args: ("game", args[0]),
    "set_activity": lambda args: ("activity", args[0]),
}
# writes that must stay in place relative to the saves around them
BARRIERS = frozenset({"delete_game", "keep_game", "drop_kept_game"})

RETRY_FIRST, RETRY_MAX = 0.5, 5.0
MAX_QUEUE = 5000
READ_WAIT = 2.0          # a read waits this long for the writes before it


class _Write:
    __slots__ = ("fn", "what", "key", "barrier")

    def __init__(self, fn, what, key=None, barrier=False):
        self.fn, self.what, self.key, self.barrier = fn, what, key, barrier


class QueuedStore:
    def __init__(self, store, *, on_change=None, on_event=None, name: str = "store-writer"):
        self.store = store
        self.on_change = on_change
        self.on_event = on_event
        self._queue: collections.deque[_Write] = collections.deque()
        self._cond = threading.Condition()
        self._busy = False            # the head is being written now
        self._closing = False
        self.state = "saved"
        self.last_error = ""
        self.failures = 0             # failed tries, all time
        self.recoveries = 0
        self.dropped = 0
        self.written = 0
        self.down_since: float | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    # ---------------------------------------------------------- the Store's face
    @property
    def backend(self):
        return self.store.backend

    @property
    def location(self) -> str:
        return self.store.location

    def __getattr__(self, name: str):
        attr = getattr(self.store, name)
        if name in WRITES:
            def write(*args, **kwargs):
                if name in EVENTS and not kwargs.get("uid"):
                    kwargs["uid"] = new_uid()
                key = COALESCE[name](args) if name in COALESCE else None
                self.submit(lambda: attr(*args, **kwargs), name, key, name in BARRIERS)
            return write
        if callable(attr) and not name.startswith("_"):
            def read(*args, **kwargs):
                self._ready_to_read()
                return attr(*args, **kwargs)
            return read
        return attr

    def _ready_to_read(self) -> None:
        if self.state == "down":
            raise StoreUnavailable(f"progress store {self.location}: not answering "
                                   f"({self.last_error}); trying again in the background")
        if not self.flush(READ_WAIT):
            raise StoreUnavailable(f"progress store {self.location}: busy; try again")

    # ---------------------------------------------------------- queue
    def submit(self, fn: Callable[[], Any], what: str = "write", key=None,
               barrier: bool = False) -> None:
        """Run fn() on the writer thread, after every write submitted before."""
        with self._cond:
            if self._closing and not self._thread.is_alive():
                raise StoreError("the progress store is closed")
            if key is not None:
                for k in range(len(self._queue) - 1, -1, -1):
                    item = self._queue[k]
                    if item.barrier or (k == 0 and self._busy):
                        break
                    if item.key == key:
                        item.fn = fn            # the newer save replaces the waiting one
                        return
            if len(self._queue) >= MAX_QUEUE:         # the oldest waiting write goes
                index = 1 if self._busy else 0
                lost = self._queue[index]
                del self._queue[index]
                self.dropped += 1
                self._event("dropped", f"{lost.what}: too many writes waiting")
            self._queue.append(_Write(fn, what, key, barrier))
            self._cond.notify_all()
        self._set_state()

    @property
    def pending(self) -> int:
        with self._cond:
            return len(self._queue)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write submitted so far is done; False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._queue:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self, timeout: float = 5.0) -> bool:
        """Flush (at most `timeout` seconds), stop the thread, close the store."""
        done = self.flush(timeout)
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(1.0)
        try:
            self.store.close()
        except Exception:          # noqa: BLE001 - closing a dead connection
            pass
        return done

    # ---------------------------------------------------------- the writer
    def _run(self) -> None:
        wait = RETRY_FIRST
        while True:
            with self._cond:
                while not self._queue and not self._closing:
                    self._cond.wait()
                if not self._queue:
                    return
                item = self._queue[0]
                self._busy = True
            try:
                item.fn()
            except StoreUnavailable as e:
                self._failed(item, e)
                with self._cond:
                    self._busy = False
                    self._cond.wait_for(lambda: self._closing, wait)
                    if self._closing:
                        return                  # closing while down: what waits is lost
                wait = min(RETRY_MAX, wait * 2)
                continue
            except Exception as e:          # noqa: BLE001 - a bad write: report it, go on
                self.dropped += 1
                self._event("dropped", f"{item.what}: {e}")
            else:
                self.written += 1
            wait = RETRY_FIRST
            with self._cond:
                self._busy = False
                if self._queue and self._queue[0] is item:
                    self._queue.popleft()
                self._cond.notify_all()
            if self.state == "down":
                self.recoveries += 1
                took = time.monotonic() - (self.down_since or time.monotonic())
                self.down_since = None
                self.state = "saving"
                self._event("recovered", f"answering again after {took:.1f} s; "
                                         f"{self.pending} writes still waiting")
            self._set_state()

    def _failed(self, item: _Write, e: Exception) -> None:
        self.failures += 1
        self.last_error = str(e)
        if self.down_since is None:
            self.down_since = time.monotonic()
        self.state = "down"
        self._event("failed", f"{item.what} not written ({e}); {self.pending} writes waiting, "
                              "trying again")
        self._notify()

    def _set_state(self) -> None:
        if self.state == "down":
            return
        new = "saving" if self.pending else "saved"
        if new != self.state:
            self.state = new
            self._notify()

    def _notify(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change(self)
            except Exception:          # noqa: BLE001 - a listener must not stop the writer
                pass

    def _event(self, kind: str, text: str) -> None:
        if self.on_event is not None:
            try:
                self.on_event(kind, text)
            except Exception:          # noqa: BLE001
                pass
