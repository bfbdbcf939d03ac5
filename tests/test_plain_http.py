"""The plain-http scrape client against real sockets on 127.0.0.1 that answer byte for byte.

Each server here writes the exact bytes under test (framing, malformed heads, closed keep-alive
connections), which no full HTTP server library would let a test choose."""

from __future__ import annotations

import asyncio
import functools
import gzip
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, ParamSpec

import pytest

from gpufleet.telemetry.plain_http import (
    BodyTooLargeError,
    PlainHttpConnection,
    PlainHttpError,
)

Answer = Callable[[int, bytes], bytes | None]
P = ParamSpec("P")


def sync(fn: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an async test on its own loop, with a guard so a hung socket fails the test."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        async def guarded() -> None:
            async with asyncio.timeout(20):
                await fn(*args, **kwargs)

        asyncio.run(guarded())

    return wrapper  # (request number, request head) -> bytes to send


class RawServer:
    def __init__(self, answer: Answer, close_after_each: bool = False) -> None:
        self.answer = answer
        self.close_after_each = close_after_each
        self.connections = 0
        self.requests: list[bytes] = []
        self.port = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                self.requests.append(head)
                data = self.answer(len(self.requests), head)
                if data is None:
                    break
                writer.write(data)
                await writer.drain()
                if self.close_after_each:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


@asynccontextmanager
async def raw_server(answer: Answer, **kw: bool) -> AsyncIterator[RawServer]:
    srv = RawServer(answer, **kw)
    server = await asyncio.start_server(srv.handle, "127.0.0.1", 0)
    srv.port = server.sockets[0].getsockname()[1]
    async with server:
        yield srv


def ok(body: bytes, extra: str = "") -> bytes:
    head = f"HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n{extra}"
    return head.encode() + f"Content-Length: {len(body)}\r\n\r\n".encode() + body


PAGE = b'DCGM_FI_DEV_GPU_TEMP{gpu="0",UUID="GPU-1"} 41\n'


def conn(srv: RawServer, path: str = "/metrics", max_body: int = 1 << 20) -> PlainHttpConnection:
    return PlainHttpConnection(f"http://127.0.0.1:{srv.port}{path}", "text/plain", max_body)


@sync
async def test_rounds_reuse_one_kept_alive_connection() -> None:
    async with raw_server(lambda n, h: ok(PAGE)) as srv:
        c = conn(srv, "/metrics?x=1")
        for _ in range(3):
            resp = await c.get()
            assert (resp.status, resp.body, resp.charset) == (200, PAGE, "utf-8")
        c.close()
    assert srv.connections == 1
    assert srv.requests[0].startswith(b"GET /metrics?x=1 HTTP/1.1\r\n")
    assert b"\r\nHost: 127.0.0.1:" in srv.requests[0]
    assert b"Accept-Encoding: identity" in srv.requests[0]


@sync
async def test_chunked_body_with_extensions_and_trailers_is_joined() -> None:
    data = (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"5;ext=1\r\nDCGM_\r\n" + f"{len(PAGE) - 5:x}".encode() + b"\r\n" + PAGE[5:] + b"\r\n"
        b"0\r\nX-Trailer: 1\r\n\r\n"
    )
    async with raw_server(lambda n, h: data) as srv:
        c = conn(srv)
        assert (await c.get()).body == PAGE
        assert (await c.get()).body == PAGE  # the connection is still usable after the trailer
        c.close()
    assert srv.connections == 1


@sync
async def test_body_framed_by_the_connection_end_is_read_and_the_connection_dropped() -> None:
    data = b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n" + PAGE
    async with raw_server(lambda n, h: data, close_after_each=True) as srv:
        c = conn(srv)
        assert (await c.get()).body == PAGE
        assert (await c.get()).body == PAGE
    assert srv.connections == 2


@sync
async def test_an_idle_connection_the_exporter_closed_is_reopened_once_without_error() -> None:
    # The exporter answers with keep-alive framing but closes after each answer, as a server
    # with a short idle timeout does between two scrape rounds.
    async with raw_server(lambda n, h: ok(PAGE), close_after_each=True) as srv:
        c = conn(srv)
        for _ in range(3):
            await asyncio.sleep(0.01)  # let the close arrive before the next round
            assert (await c.get()).body == PAGE
        c.close()
    assert srv.connections == 3


@sync
async def test_a_first_attempt_that_fails_is_not_retried() -> None:
    async with raw_server(lambda n, h: None) as srv:  # closes without answering
        c = conn(srv)
        with pytest.raises(asyncio.IncompleteReadError):
            await c.get()
    assert srv.connections == 1


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (b"HTTP/2 200 OK\r\n\r\n", "bad status line"),
        (b"ICY 200 OK\r\n\r\n", "bad status line"),
        (b"HTTP/1.1 2x0 OK\r\n\r\n", "bad status line"),
        (b"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "bad header line"),
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
            "Content-Length",
        ),
        (b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "Content-Length"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "Transfer-Encoding"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "chunk size"),
        (b"HTTP/1.1 200 OK\r\nContent-Encoding: br\r\nContent-Length: 2\r\n\r\nxx", "br"),
        (b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\nxx", "decode"),
    ],
)
@sync
async def test_malformed_answers_say_what_was_wrong_and_the_next_round_starts_clean(
    answer: bytes, why: str
) -> None:
    async with raw_server(lambda n, h: answer if n == 1 else ok(PAGE)) as srv:
        c = conn(srv)
        with pytest.raises(PlainHttpError, match=why):
            await c.get()
        assert (await c.get()).body == PAGE
        c.close()
    assert srv.connections == 2


@sync
async def test_bodies_over_the_limit_are_refused_unread() -> None:
    big = b"x" * 2048
    chunked = (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + big + b"\r\n0\r\n\r\n"
    )
    zipped = gzip.compress(big)
    gz = (
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n"
        + f"Content-Length: {len(zipped)}\r\n\r\n".encode()
        + zipped
    )
    for data in (ok(big), chunked, gz):
        async with raw_server(lambda n, h, d=data: d) as srv:  # type: ignore[misc]
            c = conn(srv, max_body=1024)
            with pytest.raises(BodyTooLargeError):
                await c.get()


@sync
async def test_a_gzip_body_sent_unasked_is_decoded_and_basic_auth_comes_from_the_url() -> None:
    zipped = gzip.compress(PAGE)
    data = (
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n"
        + f"Content-Length: {len(zipped)}\r\n\r\n".encode()
        + zipped
    )
    async with raw_server(lambda n, h: data) as srv:
        c = PlainHttpConnection(
            f"http://user%40x:p%3Ass@127.0.0.1:{srv.port}/m", "text/plain", 1 << 20
        )
        assert (await c.get()).body == PAGE
        c.close()
    # base64("user@x:p:ss")
    assert b"Authorization: Basic dXNlckB4OnA6c3M=" in srv.requests[0]


@sync
async def test_an_interim_100_answer_is_skipped() -> None:
    data = b"HTTP/1.1 100 Continue\r\n\r\n" + ok(PAGE)
    async with raw_server(lambda n, h: data) as srv:
        c = conn(srv)
        assert (await c.get()).body == PAGE
        c.close()


def test_only_plain_http_urls_are_taken() -> None:
    with pytest.raises(ValueError, match="not a plain http URL"):
        PlainHttpConnection("https://127.0.0.1/metrics", "text/plain", 10)
    with pytest.raises(ValueError):
        PlainHttpConnection("http://127.0.0.1:99999/metrics", "text/plain", 10)
