"""The bus over TLS (``rediss://``), against a real Debian ``redis-server`` serving TLS only, on
loopback, with a certificate authority made for the test by ``trustme``: the lean links
(drawpoker.site.resp) and redis-py's clients both check the server's certificate against the
URL's ``ssl_ca_certs``, refuse a server they cannot trust, and present the client certificate
of ``ssl_certfile`` when the server asks for one. Skipped without ``redis-server``, failed in CI.

Waits are bounded by :data:`HANG` against a hang; nothing is asserted about how long they took.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
import redis
import trustme
from drawpoker.site.bus import Position, RedisBus, RedisFeed
from drawpoker.site.inbox import RedisInbox
from drawpoker.site.resp import RedisLink
from redis.exceptions import ConnectionError as RedisConnectionError
from redis_server import RedisExited, free_port, redis_server_or_skip, started, stopped

HANG = 30.0
"""Seconds a wait may take before the test is stopped as hung."""


class TlsRedis(NamedTuple):
    """A running TLS-only ``redis-server`` and the files a client needs to reach it."""

    port: int
    ca: Path
    """The authority that signed the server's certificate (and the client's)."""
    client_cert: Path
    """A client certificate and its key in one PEM file, signed by :attr:`ca`."""
    other_ca: Path
    """An authority that signed nothing here."""
    mutual: bool
    """Whether the server asks every client for a certificate signed by :attr:`ca`."""

    def url(self, query: str) -> str:
        return f"rediss://127.0.0.1:{self.port}/0?{query}"


class PortTaken(Exception):
    """The port found free was taken before ``redis-server`` could listen on it."""


def start(
    executable: str, folder: Path, clients_must_show: bool
) -> tuple[subprocess.Popen[bytes], TlsRedis]:
    authority, stranger = trustme.CA(), trustme.CA()
    server_cert = authority.issue_cert("127.0.0.1")
    client = authority.issue_cert("gateway.test")
    files = {
        "ca.pem": authority.cert_pem,
        "other-ca.pem": stranger.cert_pem,
        "server.pem": server_cert.cert_chain_pems[0],
        "server.key": server_cert.private_key_pem,
    }
    for name, blob in files.items():
        blob.write_to_path(str(folder / name))
    client.private_key_and_cert_chain_pem.write_to_path(str(folder / "client.pem"))
    port = free_port()
    server = TlsRedis(
        port, folder / "ca.pem", folder / "client.pem", folder / "other-ca.pem", clients_must_show
    )
    options = [
        "--port", "0",
        "--tls-port", str(port),
        "--bind", "127.0.0.1",
        "--tls-cert-file", str(folder / "server.pem"),
        "--tls-key-file", str(folder / "server.key"),
        "--tls-ca-cert-file", str(folder / "ca.pem"),
        "--tls-auth-clients", "yes" if clients_must_show else "no",
    ]  # fmt: skip

    def probe() -> redis.Redis:
        # (bounded: a port taken meanwhile may be another program's, which never answers)
        url = server.url(f"ssl_ca_certs={server.ca}&ssl_certfile={server.client_cert}")
        return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)

    try:
        return started(executable, options, folder, probe), server
    except RedisExited as exited:
        if "already in use" in exited.log:  # the free port taken meanwhile (another worker's)
            raise PortTaken(port) from None
        raise


@pytest.fixture(params=[False, True], ids=["server-auth", "mutual-auth"])
def tls_redis(request: pytest.FixtureRequest) -> Iterator[TlsRedis]:
    """A TLS-only ``redis-server`` on loopback; with ``mutual-auth`` it also asks every
    client for a certificate signed by its authority."""
    executable = redis_server_or_skip()
    folder = Path(tempfile.mkdtemp(prefix="redis-tls-", dir="/tmp"))
    for tries_left in reversed(range(3)):
        try:
            process, server = start(executable, folder, clients_must_show=request.param)
            break
        except PortTaken:
            if not tries_left:
                raise
    try:
        yield server
    finally:
        stopped(process)
        shutil.rmtree(folder, ignore_errors=True)


def trusted(server: TlsRedis) -> str:
    """The URL of a client that trusts the server's authority and has its certificate."""
    return server.url(f"ssl_ca_certs={server.ca}&ssl_certfile={server.client_cert}")


def test_a_link_over_tls_checks_the_server_and_carries_commands(tls_redis: TlsRedis) -> None:
    async def scenario() -> list[object]:
        link = await RedisLink.open(trusted(tls_redis))
        try:
            return await asyncio.wait_for(
                link.execute_many([("PING",), ("SET", "k", "over tls"), ("GET", "k")]), HANG
            )
        finally:
            link.close()

    assert asyncio.run(scenario()) == ["PONG", "OK", "over tls"]


def test_a_link_refuses_a_server_its_authority_did_not_sign(tls_redis: TlsRedis) -> None:
    query = f"ssl_ca_certs={tls_redis.other_ca}&ssl_certfile={tls_redis.client_cert}"
    stranger = tls_redis.url(query)
    with pytest.raises(RedisConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
        asyncio.run(RedisLink.open(stranger, timeout=HANG))


def test_a_link_refuses_a_server_whose_name_is_not_the_urls(tls_redis: TlsRedis) -> None:
    """The certificate names 127.0.0.1; reached as ``localhost`` it is refused, unless the URL
    turns the name check off."""
    query = f"ssl_ca_certs={tls_redis.ca}&ssl_certfile={tls_redis.client_cert}"
    by_name = f"rediss://localhost:{tls_redis.port}/0?{query}"
    with pytest.raises(RedisConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
        asyncio.run(RedisLink.open(by_name, timeout=HANG))

    async def unchecked_name() -> object:
        link = await RedisLink.open(by_name + "&ssl_check_hostname=false")
        try:
            return await asyncio.wait_for(link.execute("PING"), HANG)
        finally:
            link.close()

    assert asyncio.run(unchecked_name()) == "PONG"


def test_a_server_that_asks_for_a_client_certificate_refuses_a_link_without_one(
    tls_redis: TlsRedis,
) -> None:
    async def ping(url: str) -> object:
        link = await RedisLink.open(url, timeout=HANG)
        try:
            return await asyncio.wait_for(link.execute("PING"), HANG)
        finally:
            link.close()

    anonymous = tls_redis.url(f"ssl_ca_certs={tls_redis.ca}")
    if tls_redis.mutual:
        with pytest.raises(RedisConnectionError):
            asyncio.run(ping(anonymous))
    else:
        assert asyncio.run(ping(anonymous)) == "PONG"
    assert asyncio.run(ping(trusted(tls_redis))) == "PONG"


def test_the_bus_inbox_and_feed_work_over_tls(tls_redis: TlsRedis) -> None:
    """A dealer's publishes reach a gateway's feed, and a gateway's request reaches the
    dealer's inbox read, all over TLS: redis-py's clients and the links alike."""
    url = trusted(tls_redis)
    channel = "t1:seat:0"

    async def scenario() -> tuple[list[str], list[tuple[int, dict[str, object]]]]:
        dealer, gateway = RedisBus.from_url(url), RedisBus.from_url(url)
        feed = RedisFeed(gateway)
        running = asyncio.create_task(feed.run())
        reader = feed.reader()
        inbox = RedisInbox(gateway.client, url)
        try:
            await reader.follow(channel, Position(0))
            for seq in (1, 2, 3):
                await dealer.publish(channel, Position(seq), f"event {seq}")
            got = [(await asyncio.wait_for(anext(reader), HANG)).payload for _ in range(3)]
            await inbox.send(4, {"table": "t1", "act": "call"})
            read = await asyncio.wait_for(inbox.read({4: "0"}, block_ms=5_000), HANG)
            return got, [(lane, request) for lane, _, request in read]
        finally:
            await reader.aclose()
            running.cancel()
            inbox.close()
            await dealer.aclose()
            await gateway.aclose()

    payloads, requests = asyncio.run(scenario())
    assert payloads == ["event 1", "event 2", "event 3"]
    assert requests == [(4, {"table": "t1", "act": "call"})]
