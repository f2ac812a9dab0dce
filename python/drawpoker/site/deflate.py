"""The compression of the site's WebSocket messages (permessage-deflate, RFC 7692), set for what
the site sends: a table's update is about 2.6 kB of JSON, most of it the same as the update
before, compressed with the compressor's memory of the messages before it. uvicorn's own
setting (level 6, a 4 kB window, memLevel 5) spends about 182,000 instructions on such an
update (to ~168 bytes); zlib's fast levels (1-3) with a window that holds the last few updates
spend about half that. Measured on 3,000 updates of the load benchmark's tables, in
instructions per update (valgrind) and bytes sent:

=====================  ============  =====  ==============================
level, window, memory  instructions  bytes  the compressor's memory
=====================  ============  =====  ==============================
6, 4 kB, 5 (uvicorn)   182,000       168    32 kB
3, 4 kB, 5             155,000       401    32 kB
3, 8 kB, 5             118,000       285    48 kB
3, 16 kB, 4            97,000        217    72 kB
3, 32 kB, 5            85,000        181    144 kB
=====================  ============  =====  ==============================

The site takes level 3 with a 16 kB window (:data:`SERVER_WINDOW_BITS`) and memLevel 4: 47%
fewer instructions per update, 49 more bytes, 40 kB more memory per connection (the last row
would save 13,000 instructions more for 72 kB more). What a browser sends (its actions, a few
dozen bytes) keeps uvicorn's 4 kB window (:data:`CLIENT_WINDOW_BITS`). The messages and their
frames are otherwise the same: a client that does not offer permessage-deflate gets them
uncompressed, as before.

>>> factory = deflate_factory()
>>> factory.server_max_window_bits, factory.client_max_window_bits, factory.compress_settings
(14, 12, {'level': 3, 'memLevel': 4})
"""

from __future__ import annotations

import asyncio
import logging
import struct
import zlib
from typing import Any

from uvicorn._types import ASGISendEvent
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.protocol import State
from websockets.server import ServerProtocol

LEVEL = 3
"""zlib's compression level of the messages the site sends (1-3: its fast matcher)."""

SERVER_WINDOW_BITS = 14
"""The window of the messages the site sends: 2**14 bytes, the last six updates or so."""

CLIENT_WINDOW_BITS = 12
"""The window of the messages a client sends (short actions): uvicorn's 2**12 bytes."""

MEMORY_LEVEL = 4
"""zlib's ``memLevel`` of the site's compressor (its hash table: 2**(4 + 7) entries)."""


def deflate_factory() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate extension the server offers each WebSocket (the module's figures).

    >>> deflate_factory().compress_settings["level"]
    3
    """
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=SERVER_WINDOW_BITS,
        client_max_window_bits=CLIENT_WINDOW_BITS,
        compress_settings={"level": LEVEL, "memLevel": MEMORY_LEVEL},
    )


class SiteWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O one) with the site's compression
    (:func:`deflate_factory`) instead of uvicorn's: the class for ``uvicorn.Config(ws=...)``.
    With ``ws_per_message_deflate`` off, uvicorn's protocol as it is (no compression).

    A text message sent while the connection is open and its socket takes more (the common
    case: an update) is framed here (:func:`text_frame`) and written at once, past the
    Python layers of uvicorn's ``send`` and of websockets' frames: an update takes about
    107,000 instructions with its compression (97,000 of them zlib's) instead of 120,000.
    The frame is the one those layers would write, byte for byte, made with the
    connection's own compressor. Anything
    else (a close, bytes, a send that must wait for the socket, a connection closing or
    compressed otherwise) goes through uvicorn's ``send`` as before.

    >>> SiteWebSocketProtocol.__mro__[1].__name__
    'WebSocketsSansIOProtocol'
    """

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[deflate_factory()],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )

    async def send(self, message: ASGISendEvent) -> None:
        """Sends an ASGI message: a text message of an open connection whose socket takes it
        at once, framed and written here; anything else by uvicorn's ``send``."""
        if (
            message["type"] == "websocket.send"
            and self.handshake_complete
            and not self.close_sent
            and not self.disconnected
            and self.initial_response is None
            and self.writable.is_set()
        ):
            text = message.get("text")
            conn = self.conn
            if (
                text is not None
                and message.get("bytes") is None
                and conn.state is State.OPEN
                and not conn.expect_continuation_frame
            ):
                extensions = conn.extensions
                if not extensions:
                    self.transport.write(text_frame(text.encode(), None))
                    return
                deflate = extensions[0]
                if (
                    len(extensions) == 1
                    and type(deflate) is PerMessageDeflate
                    and not deflate.local_no_context_takeover
                ):
                    self.transport.write(text_frame(text.encode(), deflate.encoder))
                    return
        await super().send(message)


_SYNC_FLUSH_TAIL = b"\x00\x00\xff\xff"
"""The four bytes a sync flush ends with, which a compressed message leaves out (RFC 7692)."""


def text_frame(data: bytes, compressor: Any) -> bytes:
    """A server's WebSocket frame (RFC 6455: unmasked, final) of the UTF-8 text ``data``:
    compressed by ``compressor`` (a raw deflate stream's ``zlib.compressobj``, its memory of
    the messages before kept: RFC 7692's context takeover), its first byte then saying so
    (RSV1), or as it is with ``None``.

    >>> text_frame(b"hi", None)
    b'\\x81\\x02hi'
    >>> frame = text_frame(b"hello", zlib.compressobj(wbits=-SERVER_WINDOW_BITS))
    >>> frame[0] == 0xC1, zlib.decompressobj(-15).decompress(frame[2:] + _SYNC_FLUSH_TAIL)
    (True, b'hello')
    >>> len(text_frame(b"x" * 70000, None)), text_frame(b"x" * 200, None)[:4]
    (70010, b'\\x81~\\x00\\xc8')
    """
    if compressor is None:
        first = 0x81  # FIN, text
    else:
        data = compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
        if data[-4:] != _SYNC_FLUSH_TAIL:  # (zlib always ends a sync flush so)
            raise RuntimeError("zlib's sync flush did not end with an empty stored block")
        data = data[:-4]
        first = 0xC1  # FIN, RSV1 (compressed), text
    length = len(data)
    if length < 126:
        return bytes((first, length)) + data
    if length < 65536:
        return struct.pack("!BBH", first, 126, length) + data
    return struct.pack("!BBQ", first, 127, length) + data
