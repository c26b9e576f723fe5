"""What a client types, made safe for its app (SSH and the browser alike):
bytes that are not UTF-8 become U+FFFD, and a flood is dropped.

The rate: a burst (a pasted puzzle), then a steady rate far above typing;
beyond that input is dropped, so a flood cannot keep a core busy for the
whole class.  Mouse motion does not count against it.  Textual asks the
terminal for every motion (mode 1003), and a terminal that reports pixels
(SGR-pixel mode 1016) sends a report for each pixel the pointer crosses:
moving the mouse for a few seconds used up the allowance, and the click
that followed was dropped (issue 25: clicks over SSH did not reach the
push dialog's button; locally, with no filter, they did).  So motion
reports are taken out of the count and thinned to MOTION_RATE a second
(the next one says where the pointer is); keys, clicks and wheel turns
count as before.
"""
from __future__ import annotations

import codecs
import logging
import re
import time

log = logging.getLogger("tutor.classroom")

INPUT_BURST = 8192
INPUT_RATE = 2048.0          # bytes per second
MOTION_BURST = 64
MOTION_RATE = 120.0          # mouse motion reports per second

# an SGR mouse report whose button code has the motion bit (32) set
_MOTION = re.compile(rb"\x1b\[<(\d{1,4});-?\d{1,6};-?\d{1,6}M")


class _Bucket:
    """So much now, refilled at `rate` a second up to `burst`."""

    def __init__(self, burst: float, rate: float):
        self.burst, self.rate = burst, rate
        self.left, self.at = float(burst), time.monotonic()

    def take(self, n: float) -> bool:
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if n <= self.left:
            self.left -= n
            return True
        return False


class InputFilter:
    def __init__(self, who):
        self.who = who                      # callable: the client, for the log
        self.bytes = _Bucket(INPUT_BURST, INPUT_RATE)
        self.motion = _Bucket(MOTION_BURST, MOTION_RATE)
        self.dropped = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def __call__(self, data: bytes) -> bytes:
        """What of `data` goes on to the app (b"" when nothing does)."""
        motion = 0
        if b"\x1b[<" in data:
            data, motion = self._thin_motion(data)
        counted = len(data) - motion
        if counted and not self.bytes.take(counted):
            if not self.dropped:
                log.warning("input from %s over %d bytes/s: dropping it until it slows down",
                            self.who(), INPUT_RATE)
            self.dropped += len(data)
            return b""
        if not data.isascii() or self._decoder.getstate()[0]:   # (or the rest of a cut sequence)
            data = self._decoder.decode(data).encode("utf-8")
        return data

    def _thin_motion(self, data: bytes) -> tuple[bytes, int]:
        """`data` with the motion reports past MOTION_RATE left out, and the
        bytes of the motion reports kept."""
        out, kept, at = [], 0, 0
        for m in _MOTION.finditer(data):
            if int(m.group(1)) & 32:
                out.append(data[at:m.start()])
                if self.motion.take(1):
                    out.append(m.group())
                    kept += len(m.group())
                at = m.end()
        out.append(data[at:])
        return b"".join(out), kept
