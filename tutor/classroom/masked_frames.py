"""A browser's websocket frames must be masked (RFC 6455, section 5.1: "a
server MUST close the connection upon receiving a frame that is not
masked").  aiohttp's frame reader serves clients and servers alike and
takes either, so `StrictWebSocketResponse` puts `MaskCheck` in front of it:
it follows the frame headers in the bytes as they arrive and, at the first
frame without the mask bit, hands nothing more on and closes the connection
(which RFC 6455 allows without a close frame).
"""
from __future__ import annotations

from aiohttp import web


class MaskCheck:
    """Stands in for aiohttp's WebSocketReader: checks each frame's header,
    then feeds the bytes on.  `on_unmasked()` is called once."""

    def __init__(self, reader, on_unmasked):
        self.reader, self.on_unmasked = reader, on_unmasked
        self.header = bytearray()        # the current frame's header so far
        self.skip = 0                    # payload bytes of the current frame still to come
        self.refused = False

    def feed_data(self, data: bytes):
        if self.refused:
            return True, b""
        if not self._all_masked(data):
            self.refused = True
            self.on_unmasked()
            return True, b""             # end of stream: aiohttp closes the connection
        return self.reader.feed_data(data)

    def _all_masked(self, data: bytes) -> bool:
        k = 0
        while k < len(data):
            if self.skip:
                step = min(self.skip, len(data) - k)
                self.skip -= step
                k += step
                continue
            self.header.append(data[k])
            k += 1
            need = _header_size(self.header)
            if need is None or len(self.header) < need:
                continue
            if not self.header[1] & 0x80:
                return False
            self.skip = _payload_size(self.header)
            self.header.clear()
        return True

    def feed_eof(self) -> None:
        self.reader.feed_eof()

    def __getattr__(self, name):
        return getattr(self.reader, name)


def _header_size(header: bytearray) -> int | None:
    """Bytes in a frame header that starts with `header` (None: not known yet)."""
    if len(header) < 2:
        return None
    size = header[1] & 0x7F
    extra = 2 if size == 126 else 8 if size == 127 else 0
    return 2 + extra + (4 if header[1] & 0x80 else 0)


def _payload_size(header: bytearray) -> int:
    size = header[1] & 0x7F
    if size == 126:
        return int.from_bytes(header[2:4], "big")
    if size == 127:
        return int.from_bytes(header[2:10], "big")
    return size


class StrictWebSocketResponse(web.WebSocketResponse):
    """aiohttp's websocket response whose frame reader is behind a MaskCheck:
    at a frame without a mask `on_unmasked()` is called and the connection
    is closed."""

    def __init__(self, *args, on_unmasked=None, **kwargs):
        self._strict_parser = None
        self._on_unmasked = on_unmasked or (lambda: None)
        self._transport = None
        super().__init__(*args, **kwargs)

    async def prepare(self, request):
        self._transport = request.transport
        return await super().prepare(request)

    def _refuse(self) -> None:
        self._on_unmasked()
        if self._transport is not None:
            self._transport.close()           # the reader sees the end, the socket closes

    # aiohttp makes its frame reader and hands it to the connection as `_parser`
    @property
    def _parser(self):
        return self._strict_parser

    @_parser.setter
    def _parser(self, reader) -> None:
        self._strict_parser = None if reader is None else MaskCheck(reader, self._refuse)
