"""The site's WebSocket compression (drawpoker.site.deflate) on a real ``drawpoker serve``: the
handshake answers with the site's window sizes, a client that offers no compression reads the
same messages uncompressed, and the compressor set as the site sets it takes the updates of a
played table to a few hundred bytes, with the messages before them in its window."""

from __future__ import annotations

import asyncio
import random
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from drawpoker.site.client import REQUEST_TIMEOUT, random_action
from drawpoker.site.deflate import (
    CLIENT_WINDOW_BITS,
    LEVEL,
    MEMORY_LEVEL,
    SERVER_WINDOW_BITS,
    SiteWebSocketProtocol,
    deflate_factory,
)
from drawpoker.site.jsontext import decode, encode
from site_server import SiteServer

websockets = pytest.importorskip("websockets")


def _hello(site: SiteServer) -> tuple[str, str]:
    seats = ["person", "cpu:rules"]
    table = site.request("POST", "/api/tables", {"game": "holdem", "seats": seats})
    seat = site.request("POST", f"/api/tables/{table['id']}/seats", {"name": "Ann"})
    return table["id"], seat["token"]


async def _first_messages(
    url: str, token: str, count: int, compression: str | None
) -> tuple[str | None, list[str]]:
    from websockets.asyncio.client import connect

    rng = random.Random(30)
    async with connect(url, compression=compression) as socket:
        assert socket.response is not None
        extensions = socket.response.headers.get("Sec-WebSocket-Extensions")
        await socket.send(f'{{"type":"hello","token":"{token}"}}')
        texts: list[str] = []
        while len(texts) < count:
            async with asyncio.timeout(REQUEST_TIMEOUT):  # a server that stops fails the test
                texts.append(str(await socket.recv()))
            state = decode(texts[-1]).get("state") or {}
            if state.get("legal") and state.get("pause") is None:  # our turn: play on
                action = {"type": "act", "seq": state["seq"], **random_action(state, rng)}
                await socket.send(encode(action))
    return extensions, texts


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    server = SiteServer(tmp_path_factory.mktemp("deflate") / "site.db").start()
    yield server
    server.stop()


def test_the_handshake_answers_with_the_sites_windows(site: SiteServer) -> None:
    table_id, token = _hello(site)
    extensions, texts = asyncio.run(_first_messages(site.ws_url(table_id), token, 1, "deflate"))
    assert extensions == (
        f"permessage-deflate; server_max_window_bits={SERVER_WINDOW_BITS}; "
        f"client_max_window_bits={CLIENT_WINDOW_BITS}"
    )
    assert decode(texts[0])["type"] == "welcome"


def test_a_client_without_compression_reads_the_same_messages(site: SiteServer) -> None:
    table_id, token = _hello(site)
    extensions, texts = asyncio.run(_first_messages(site.ws_url(table_id), token, 1, None))
    assert extensions is None
    welcome = decode(texts[0])
    assert welcome["type"] == "welcome" and welcome["seat"] == 0


def test_the_sites_compressor_keeps_the_updates_small(site: SiteServer) -> None:
    """A seat's welcome and updates, compressed one after the other as the server does (its
    level, window and memory level, the messages before each in the window): each later message
    is a small fraction of its text (the most an update may take is its own length, plus the
    few bytes of a stored block)."""
    table_id, token = _hello(site)
    _, texts = asyncio.run(_first_messages(site.ws_url(table_id), token, 8, "deflate"))
    factory = deflate_factory()
    assert factory.compress_settings == {"level": LEVEL, "memLevel": MEMORY_LEVEL}
    compressor = zlib.compressobj(wbits=-SERVER_WINDOW_BITS, **factory.compress_settings)
    sizes = []
    for text in texts:
        data = text.encode()
        sizes.append(len(compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)) - 4)
    assert all(size < len(text) // 4 for size, text in zip(sizes[1:], texts[1:], strict=True))


def test_the_protocol_class_is_uvicorns_own_with_the_sites_extension() -> None:
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    async def build(deflate: bool) -> list[object]:
        config = Config(app=lambda *_: None, ws_per_message_deflate=deflate)
        config.load()
        protocol = SiteWebSocketProtocol(config, ServerState(), {})
        return list(protocol.conn.available_extensions or [])

    offered = asyncio.run(build(True))
    assert [type(factory).__name__ for factory in offered] == ["ServerPerMessageDeflateFactory"]
    assert offered[0].server_max_window_bits == SERVER_WINDOW_BITS  # type: ignore[attr-defined]
    assert asyncio.run(build(False)) == []


def test_the_module_is_where_serve_takes_its_protocol_from() -> None:
    source = (Path(__file__).parent.parent / "python/drawpoker/cli/serve.py").read_text()
    assert "ws=SiteWebSocketProtocol" in source
