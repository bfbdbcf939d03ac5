"""A stand-in for the llama.cpp server child that gpufleet starts for a local model.

It speaks the launcher contract of :class:`graph.models.bundled.LocalModelServer`: the JSON
settings arrive as the last argument, it binds 127.0.0.1 port 0, prints ``LISTENING <url>``,
answers ``GET /health`` and ``POST /v1/chat/completions`` (the answer names this process's pid,
so a test can tell which server answered), and exits when its stdin closes.

``python tests/fake_llama_server.py [--started-file PATH] SETTINGS_JSON``
"""

from __future__ import annotations

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        self._send({"status": "ok"})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        content = json.dumps({"card": f"pid-{os.getpid()}", "confidence": 1.0})
        self._send(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": 0,
                "model": "fake",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": content},
                    }
                ],
                "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8},
            }
        )


def main(argv: list[str]) -> None:
    if argv[0] == "--started-file":
        Path(argv[1]).write_text(argv[-1], encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"LISTENING http://127.0.0.1:{server.server_address[1]}", flush=True)
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
