"""A key-reading thread that sleeps while the keyboard does.

Textual's Linux driver reads keys in a thread that wakes ten times a second
(a select with a 0.1 s timeout), to notice that the app is ending and to let
a lone Esc through once no escape sequence follows it.  One app does not
notice; a class server runs an app per student, and a hundred idle apps woke
a thousand times a second between them.

`quiet_input_driver(cls)` subclasses such a driver.  Its thread still ticks
the key parser every TICK_S for a while after each input, so Esc arrives
exactly as before; once the keyboard has been quiet for longer than that it
waits for the next byte with no timeout.  Setting the driver's exit event
(the app ending, suspending, or a test stopping it) writes to a pipe the
thread also waits on, so the app still ends at once.

The parser and the decoder are looked up in Textual's driver module when the
thread starts, so `terminal.tolerant_input()` applies here as well.
"""
from __future__ import annotations

import os
import selectors
import threading
import time

TICK_S = 0.1            # Textual's own period: Esc waits ESCDELAY (0.1 s) for a sequence
QUIET_AFTER_S = 1.0     # tick this long after the last input, then sleep


class WakingEvent(threading.Event):
    """A threading.Event whose set() also writes a byte to a pipe."""

    def __init__(self, wake_fd: int) -> None:
        super().__init__()
        self.wake_fd: int | None = wake_fd

    def set(self) -> None:
        super().set()
        fd = self.wake_fd
        if fd is not None:
            try:
                os.write(fd, b"!")
            except OSError:             # full (a wake is waiting anyway) or closed
                pass


def quiet_input_driver(driver_class: type) -> type:
    """`driver_class` (Textual's LinuxDriver or a subclass) with the input
    thread above; other drivers are returned as they are."""
    if getattr(driver_class, "_quiet_input", False) or not hasattr(driver_class, "run_input_thread"):
        return driver_class

    def __init__(self, *args, **kwargs) -> None:
        driver_class.__init__(self, *args, **kwargs)
        self._wake_r, wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(wake_w, False)
        self.exit_event = WakingEvent(wake_w)

    def run_input_thread(self) -> None:
        from textual import constants
        from textual._parser import ParseError
        from textual.drivers import linux_driver

        parser = linux_driver.XTermParser(self._debug)
        decode = linux_driver.getincrementaldecoder("utf-8")().decode
        keys, wake = self.fileno, self._wake_r
        ticking_for = max(QUIET_AFTER_S, 3 * constants.ESCAPE_DELAY)
        selector = selectors.SelectSelector()
        selector.register(keys, selectors.EVENT_READ)
        selector.register(wake, selectors.EVENT_READ)
        tick_until = time.monotonic() + ticking_for
        try:
            while not self.exit_event.is_set():
                timeout = TICK_S if time.monotonic() < tick_until else None
                for key, _ in selector.select(timeout):
                    if key.fd == wake:
                        _drain(wake)
                        continue
                    data = os.read(keys, 4096)
                    if not data:                    # end of input (a pipe): wait for the exit alone
                        selector.unregister(keys)
                        continue
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
                    tick_until = time.monotonic() + ticking_for
                for event in parser.tick():
                    self.process_message(event)
        finally:
            selector.close()
            try:
                for _ in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass

    def close(self) -> None:
        driver_class.close(self)
        event = self.exit_event
        fd, event.wake_fd = event.wake_fd, None
        for f in (fd, self._wake_r):
            if f is not None:
                try:
                    os.close(f)
                except OSError:
                    pass

    return type(f"Quiet{driver_class.__name__}", (driver_class,),
                {"__init__": __init__, "run_input_thread": run_input_thread, "close": close,
                 "_quiet_input": True, "__module__": __name__})


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except OSError:                     # empty (BlockingIOError) or closed
        pass
