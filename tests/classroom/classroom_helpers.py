"""Helpers shared by the classroom tests (the fixtures are in conftest.py)."""
from __future__ import annotations

import asyncio
import os
import re
import time
from pathlib import Path

import asyncssh

FAKE_APP = str(Path(__file__).with_name("fake_app.py"))
PASSWORDS = {"alice": "alice-pw-1", "carol": "carol-pw-3", "mrs-b": "teach-pw-2"}
_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]")


def strip_ansi(data: bytes) -> str:
    return _ANSI.sub(b"", data).decode("utf-8", "replace")


async def connect(room, user, password=None, key=None, **kw):
    if password is None and key is None:
        password = PASSWORDS.get(user)
    kw.setdefault("agent_path", None)
    return await asyncssh.connect(
        "127.0.0.1", room.port, username=user, password=password, known_hosts=None,
        client_keys=[key] if key else None, **kw)


class Screen:
    """Everything the server sent on one session, ANSI codes stripped."""

    def __init__(self, proc):
        self.proc = proc
        self.raw = bytearray()
        self.err = bytearray()

    @property
    def text(self) -> str:
        return strip_ansi(bytes(self.raw))

    async def wait_for(self, needle: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while needle not in self.text:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{needle!r} not seen on the screen within {timeout} s; "
                                     f"last text: {self.text[-600:]!r}")
            try:
                data = await asyncio.wait_for(self.proc.stdout.read(65536), min(left, 0.5))
            except asyncio.TimeoutError:
                continue
            if not data:
                raise AssertionError(f"session closed before {needle!r} appeared; text: {self.text[-600:]!r}")
            self.raw += data
        return self.text

    def send(self, keys: bytes | str) -> None:
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)


async def open_terminal(conn, cols=100, rows=32, term="xterm-256color", **kw) -> Screen:
    proc = await conn.create_process(term_type=term, term_size=(cols, rows), encoding=None, **kw)
    return Screen(proc)


def session_for(room, user):
    for s in room.sessions:
        if s.user == user and s.proc is not None:
            return s
    return None


async def wait_until(pred, timeout=10.0, step=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        await asyncio.sleep(step)
    return pred()


def pid_alive(pid: int) -> bool:
    """True while the process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def group_alive(pgid: int) -> bool:
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                return True
    return False
