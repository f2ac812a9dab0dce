"""A deadline for an HTTP request's headers, which uvicorn does not have: its keep-alive
timeout ends an idle connection, but a client that sends its headers a byte at a time (a
"slowloris") holds its connection for as long as it likes. :func:`header_timeout_protocol`
makes uvicorn's h11 protocol close a connection whose request headers have not all arrived
``seconds`` after it opened, or after its previous response: with a 408 when part of a request
came, silently when nothing did (an idle keep-alive connection, which a client may be about to
reuse: an unasked-for answer would be read as the answer to its next request). The request
body has the site's own deadline (``SiteLimits.body_timeout``).

>>> protocol = header_timeout_protocol(2.5)
>>> protocol.header_timeout, protocol.__name__
(2.5, 'HeaderTimeoutH11Protocol')
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
"""The whole answer to a client too slow to send its request headers."""


class HeaderTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's headers
    (:attr:`header_timeout` seconds; set by :func:`header_timeout_protocol`)."""

    header_timeout = 10.0
    _deadline: asyncio.TimerHandle | None = None
    _partial = False
    """Whether part of a request came since the deadline was armed."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request line and headers are in
            self._disarm()
        else:
            self._partial = True

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has the same deadline

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._partial = False
        self._deadline = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _headers_too_slow(self) -> None:
        self._deadline = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return
        if self.conn.their_state is h11.IDLE:
            if self._partial:
                transport.write(TIMED_OUT)
            transport.close()


def header_timeout_protocol(seconds: float) -> type[HeaderTimeoutH11Protocol]:
    """The protocol class for ``uvicorn.Config(http=...)`` with a ``seconds`` deadline for
    each request's headers."""
    return type(
        "HeaderTimeoutH11Protocol", (HeaderTimeoutH11Protocol,), {"header_timeout": seconds}
    )
