"""The key-reading thread sleeps while the keyboard does (tutor/app/input_thread.py):
it ticks the key parser for a while after input, so a lone Esc still comes
through, then waits with no timeout; the exit event wakes it at once."""
from __future__ import annotations

import functools
import os
import selectors
import signal
import threading
import time
from unittest.mock import Mock

from textual.drivers.linux_driver import LinuxDriver

from pilot_helpers import until_sync
from tutor.app import input_thread

_until = functools.partial(until_sync, timeout=2.0, step=0.01)


async def test_the_input_thread_sleeps_while_idle_and_still_hears_esc_and_the_exit(monkeypatch):
    timeouts: list = []
    real_select = selectors.SelectSelector.select

    def select(self, timeout=None):
        timeouts.append(timeout)
        return real_select(self, timeout)

    monkeypatch.setattr(selectors.SelectSelector, "select", select)
    monkeypatch.setattr(input_thread, "QUIET_AFTER_S", 0.3)
    got: list = []

    class Recording(input_thread.quiet_input_driver(LinuxDriver)):
        def process_message(self, message) -> None:
            got.append(message)

    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    keys_r, keys_w = os.pipe()
    try:
        driver = Recording(Mock(), debug=False, mouse=False, size=(80, 24))
        driver.fileno = keys_r
        thread = threading.Thread(target=driver.run_input_thread, daemon=True)
        thread.start()
        # ticks at first (as Textual does), then waits for a key with no timeout
        assert _until(lambda: None in timeouts)
        assert timeouts[0] == input_thread.TICK_S
        asleep = len(timeouts)
        time.sleep(0.5)
        assert len(timeouts) == asleep, "the thread woke while nothing happened"
        # a lone Esc after the sleep comes through once no sequence follows it
        os.write(keys_w, b"\x1b")
        assert _until(lambda: any(getattr(m, "key", None) == "escape" for m in got))
        os.write(keys_w, b"a")
        assert _until(lambda: any(getattr(m, "key", None) == "a" for m in got))
        assert _until(lambda: timeouts[-1] is None)           # asleep again
        started = time.monotonic()
        driver.exit_event.set()
        thread.join(2)
        assert not thread.is_alive() and time.monotonic() - started < 0.5
        driver.close()
        assert driver.exit_event.wake_fd is None
    finally:
        os.close(keys_r)
        os.close(keys_w)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def test_other_drivers_are_left_as_they_are():
    class NotLinux:
        pass

    assert input_thread.quiet_input_driver(NotLinux) is NotLinux
    once = input_thread.quiet_input_driver(LinuxDriver)
    assert input_thread.quiet_input_driver(once) is once
