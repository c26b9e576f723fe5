"""An HTTP/websocket client for the browser classroom's tests (aiohttp, 127.0.0.1)."""
from __future__ import annotations

import asyncio
import json
import time

import aiohttp

from classroom_helpers import PASSWORDS, strip_ansi


def base_url(room, scheme="http") -> str:
    return f"{scheme}://127.0.0.1:{room.web.port}"


async def web_login(http: aiohttp.ClientSession, room, user, password=None, scheme="http"):
    """POST /login; returns the response (not followed), its body read."""
    if password is None:
        password = PASSWORDS.get(user, "")
    resp = await http.post(f"{base_url(room, scheme)}/login", data={"name": user, "password": password},
                           allow_redirects=False)
    await resp.read()
    return resp


class WebScreen:
    """One browser terminal: what the app printed (ANSI stripped), keys and
    resizes to send.  A reader task collects the output (a receive() cut
    short by a timeout would abort the socket)."""

    def __init__(self, ws):
        self.ws = ws
        self.raw = bytearray()
        self.closed = False
        self._changed = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            async for msg in self.ws:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    self.raw += msg.data
                    self._changed.set()
        finally:
            self.closed = True
            self._changed.set()

    @property
    def text(self) -> str:
        return strip_ansi(bytes(self.raw))

    async def _wait(self, done, what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{what} not seen within {timeout} s; last text: {self.text[-600:]!r}")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def wait_for(self, needle: str, timeout: float = 15.0) -> str:
        await self._wait(lambda: needle in self.text or self.closed, repr(needle), timeout)
        if needle not in self.text:
            raise AssertionError(f"socket closed before {needle!r} appeared; text: {self.text[-600:]!r}")
        return self.text

    async def wait_closed(self, timeout: float = 15.0) -> int | None:
        await self._wait(lambda: self.closed, "the socket's close", timeout)
        return self.ws.close_code

    async def send(self, keys: bytes | str) -> None:
        await self.ws.send_bytes(keys.encode() if isinstance(keys, str) else keys)

    async def resize(self, cols: int, rows: int) -> None:
        await self.ws.send_str(json.dumps({"type": "resize", "cols": cols, "rows": rows}))


async def open_web_terminal(http: aiohttp.ClientSession, room, cols=100, rows=30, origin=None,
                            scheme="http", **kw) -> WebScreen:
    url = base_url(room, scheme)
    ws = await http.ws_connect(f"{url.replace('http', 'ws', 1)}/ws?cols={cols}&rows={rows}",
                               origin=origin or url, **kw)
    return WebScreen(ws)


async def web_student(room, user, cols=100, rows=30):
    """A logged-in client session and its terminal: (http, screen)."""
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    resp = await web_login(http, room, user)
    assert resp.status == 303, resp.status
    return http, await open_web_terminal(http, room, cols, rows)
