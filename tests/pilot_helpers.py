"""Waiting in Pilot tests: poll a condition while the app runs."""
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
