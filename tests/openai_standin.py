"""A stand-in OpenAI-compatible chat server on 127.0.0.1 that streams a scripted reply.

It speaks ``POST /v1/chat/completions`` with ``stream: true`` as llama.cpp and OpenAI do
(server-sent ``chat.completion.chunk`` events, then ``data: [DONE]``), sends the reply in
the pieces it is given, and records each request's JSON body. ``hold_after`` pieces in, it
waits until the test calls ``release()``: a test can then see what reached the user while
the model is still "generating", with no timing involved.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class StandIn:
    def __init__(self, pieces: Sequence[str], hold_after: int | None = None) -> None:
        self.pieces = list(pieces)
        self.hold_after = hold_after
        self.bodies: list[dict[str, Any]] = []
        self.sent = 0  # pieces written to the socket so far
        self._release = threading.Event()
        # set once the server has sent hold_after pieces and waits for release(): a test
        # waits on this, not on time, to know where the stream stands
        self.holding = threading.Event()
        self.base_url = ""

    def release(self) -> None:
        self._release.set()

    def chunk(self, content: str | None, finish: str | None = None) -> bytes:
        delta = {"content": content} if content is not None else {}
        body = {
            "id": "chatcmpl-standin",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "standin",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return f"data: {json.dumps(body)}\n\n".encode()


def _handler(standin: StandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            standin.bodies.append(json.loads(self.rfile.read(length)))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                for i, piece in enumerate(standin.pieces):
                    if standin.hold_after is not None and i == standin.hold_after:
                        standin.holding.set()
                        standin._release.wait(60)
                    self.wfile.write(standin.chunk(piece))
                    self.wfile.flush()
                    standin.sent = i + 1
                self.wfile.write(standin.chunk(None, "stop"))
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading (it has what it needed)
            self.close_connection = True

    return Handler


@contextmanager
def standin_server(pieces: Sequence[str], hold_after: int | None = None) -> Iterator[StandIn]:
    standin = StandIn(pieces, hold_after)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(standin))
    server.daemon_threads = True
    standin.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield standin
    finally:
        standin.release()
        server.shutdown()
        server.server_close()
