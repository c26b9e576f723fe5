"""Waiting in tests: poll a condition while the app (a thread, a server) runs."""
from __future__ import annotations

import time


async def until(pilot, pred, timeout: float = 5.0) -> bool:
    """Let the app run until `pred()` holds or `timeout` seconds pass;
    the last answer of `pred()`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(0.05)
        if pred():
            return True
    return pred()


def until_sync(pred, timeout: float = 10.0, step: float = 0.05) -> bool:
    """Sleep until `pred()` holds or `timeout` seconds pass (for tests that
    run no event loop); the last answer of `pred()`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return pred()
