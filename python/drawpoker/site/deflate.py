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
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
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
