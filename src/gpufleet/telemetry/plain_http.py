"""A keep-alive HTTP/1.1 GET client for plain ``http://`` scrape targets.

Why not httpx for these: a steady scrape round is one small GET per exporter, and httpx spends
~0.3 ms of CPU on each (request and response models, header normalisation, the connection
pool's state machine), ~40 % of a 20-exporter round at a 1 s interval and the reason a direct
scrape cost more CPU per sample than vmagent (bench/README.md, ``scrape_bench.py
--vs-vmagent``). An exporter's answer needs far less: a status line, a few headers and a body
framed by ``Content-Length``, chunked transfer coding or the connection's end (RFC 9112 §6).
HTTPS targets keep using httpx (TLS, its certificate handling); so does a caller that hands the
scraper its own client.

What it does: one connection per target, reused across rounds; a request on a reused connection
the peer has meanwhile closed is retried once on a new one (GET is idempotent: RFC 9110 §9.2.2);
no redirects (a scrape target that moved is an error to show, not to follow); no proxies;
``Accept-Encoding: identity``, and a gzip or deflate body sent anyway is decoded within the body
limit. Anything malformed raises :class:`PlainHttpError` with what was wrong; the connection is
then dropped so the next round starts clean.
"""

from __future__ import annotations

import asyncio
import base64
import zlib
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

# A response head longer than this is not an exporter's; asyncio's StreamReader limit.
MAX_HEAD_BYTES = 64 * 1024
_CHUNK_LINE_MAX = 1024


class PlainHttpError(Exception):
    """The target's answer was not HTTP/1.x as RFC 9112 frames it (says what was wrong)."""


class BodyTooLargeError(Exception):
    """The body is larger than the caller's limit; it was not read to the end."""


@dataclass(frozen=True, slots=True)
class PlainResponse:
    status: int
    reason: str
    body: bytes
    charset: str | None


@dataclass(frozen=True, slots=True)
class _Head:
    version: str
    status: int
    reason: str
    headers: dict[str, str]

    def keeps_alive(self) -> bool:
        conn = self.headers.get("connection", "").lower()
        if self.version == "HTTP/1.0":
            return "keep-alive" in conn
        return "close" not in conn


def is_plain_http(url: str) -> bool:
    return url[:7].lower() == "http://"


def _request_bytes(url: str, accept: str) -> tuple[str, int, bytes]:
    """(host, port, the request's bytes) for a GET of ``url``; ValueError for a bad URL."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "http" or not parts.hostname:
        raise ValueError(f"not a plain http URL: {url!r}")
    port = parts.port or 80  # .port raises ValueError for a port out of range
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    host = parts.hostname
    authority = f"[{host}]" if ":" in host else host
    if parts.port:
        authority += f":{port}"
    lines = [
        f"GET {target} HTTP/1.1",
        f"Host: {authority}",
        f"Accept: {accept}",
        "Accept-Encoding: identity",
        "User-Agent: gpufleet",
    ]
    if parts.username is not None:
        cred = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
        lines.append("Authorization: Basic " + base64.b64encode(cred.encode()).decode("ascii"))
    return host, port, ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _parse_head(raw: bytes) -> _Head:
    try:
        text = raw.decode("latin-1")
    except UnicodeDecodeError as exc:  # latin-1 decodes any byte; kept for clarity of intent
        raise PlainHttpError("response head is not text") from exc
    status_line, _, rest = text.partition("\r\n")
    version, _, tail = status_line.partition(" ")
    code, _, reason = tail.partition(" ")
    if version not in ("HTTP/1.1", "HTTP/1.0") or len(code) != 3 or not code.isdigit():
        raise PlainHttpError(f"bad status line {status_line[:80]!r}")
    headers: dict[str, str] = {}
    for line in rest.split("\r\n"):
        if not line:
            continue
        name, sep, value = line.partition(":")
        if not sep or not name or name != name.strip():
            raise PlainHttpError(f"bad header line {line[:80]!r}")
        key = name.lower()
        value = value.strip()
        # Repeated fields combine with a comma (RFC 9110 §5.3), except Content-Length, whose
        # repetition with different values is a framing attack, refused below.
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return _Head(version, int(code), reason.strip(), headers)


def _charset(content_type: str) -> str | None:
    for param in content_type.split(";")[1:]:
        key, _, value = param.strip().partition("=")
        if key.lower() == "charset" and value:
            return value.strip('"').lower()
    return None


def _content_length(head: _Head) -> int | None:
    raw = head.headers.get("content-length")
    if raw is None:
        return None
    values = {v.strip() for v in raw.split(",")}
    if len(values) != 1 or not (v := values.pop()).isdigit():
        raise PlainHttpError(f"bad Content-Length {raw[:40]!r}")
    return int(v)


class PlainHttpConnection:
    """One kept-alive connection to one ``http://`` target, opened on first use."""

    def __init__(self, url: str, accept: str, max_body_bytes: int) -> None:
        self.host, self.port, self._request = _request_bytes(url, accept)
        self.max_body_bytes = max_body_bytes
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def get(self) -> PlainResponse:
        """GET the target's URL. Raises OSError (connect, reset), PlainHttpError,
        BodyTooLargeError, asyncio.IncompleteReadError (closed mid-answer); the caller bounds
        the total time."""
        reused = self._writer is not None
        try:
            return await self._exchange()
        except (ConnectionError, asyncio.IncompleteReadError) as exc:
            self.close()
            # A kept-alive connection the exporter closed while idle fails at once, before any
            # of the answer arrived: that is no fault of the target, so ask again, once.
            partial = getattr(exc, "partial", b"")
            if not reused or partial:
                raise
            return await self._exchange()
        except BaseException:
            self.close()
            raise

    async def _exchange(self) -> PlainResponse:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(
                self.host, self.port, limit=MAX_HEAD_BYTES
            )
        assert self._reader is not None
        self._writer.write(self._request)
        head = await self._read_head(self._reader)
        body = await self._read_body(self._reader, head)
        framed = _chunked(head) or _content_length(head) is not None
        if not (framed and head.keeps_alive()):
            self.close()
        charset = _charset(head.headers.get("content-type", ""))
        return PlainResponse(head.status, head.reason, body, charset)

    async def _read_head(self, reader: asyncio.StreamReader) -> _Head:
        while True:
            try:
                raw = await reader.readuntil(b"\r\n\r\n")
            except asyncio.LimitOverrunError as exc:
                raise PlainHttpError(f"response head over {MAX_HEAD_BYTES} bytes") from exc
            head = _parse_head(raw[:-4])
            if not 100 <= head.status < 200:  # an interim answer precedes the real one
                return head

    async def _read_body(self, reader: asyncio.StreamReader, head: _Head) -> bytes:
        if _chunked(head):
            body = await self._read_chunked(reader)
        elif (length := _content_length(head)) is not None:
            if length > self.max_body_bytes:
                raise BodyTooLargeError
            body = await reader.readexactly(length)
        else:  # framed by the connection's end (RFC 9112 §6.3, item 8)
            body = await reader.read(self.max_body_bytes + 1)
            while chunk := await reader.read(self.max_body_bytes + 1 - len(body)):
                body += chunk
            if len(body) > self.max_body_bytes:
                raise BodyTooLargeError
        return self._decoded(body, head.headers.get("content-encoding", "identity").lower())

    async def _read_chunked(self, reader: asyncio.StreamReader) -> bytes:
        parts: list[bytes] = []
        size = 0
        while True:
            line = await reader.readuntil(b"\r\n")
            token = line[:-2].split(b";", 1)[0].strip()
            if (
                len(line) > _CHUNK_LINE_MAX
                or not token
                or not all(c in b"0123456789abcdefABCDEF" for c in token)
            ):
                raise PlainHttpError(f"bad chunk size line {line[:40]!r}")
            n = int(token, 16)
            if n == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":  # trailer fields, ignored
                    pass
                return b"".join(parts)
            size += n
            if size > self.max_body_bytes:
                raise BodyTooLargeError
            parts.append(await reader.readexactly(n))
            if await reader.readexactly(2) != b"\r\n":
                raise PlainHttpError("chunk not followed by CRLF")

    def _decoded(self, body: bytes, encoding: str) -> bytes:
        if encoding in ("identity", ""):
            return body
        if encoding not in ("gzip", "x-gzip", "deflate"):
            raise PlainHttpError(f"unsupported Content-Encoding {encoding!r}")
        wbits = 16 + zlib.MAX_WBITS if "gzip" in encoding else zlib.MAX_WBITS
        inflater = zlib.decompressobj(wbits)
        try:
            out = inflater.decompress(body, self.max_body_bytes + 1)
        except zlib.error as exc:
            raise PlainHttpError(f"{encoding} body does not decode: {exc}") from exc
        if len(out) > self.max_body_bytes:
            raise BodyTooLargeError
        return out

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None


def _chunked(head: _Head) -> bool:
    coding = head.headers.get("transfer-encoding", "").strip().lower()
    if not coding:
        return False
    if coding != "chunked":  # "gzip, chunked" and the like: no exporter sends them
        raise PlainHttpError(f"unsupported Transfer-Encoding {coding[:40]!r}")
    return True
