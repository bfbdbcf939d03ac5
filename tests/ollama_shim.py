"""A real HTTP server speaking Ollama's native API in front of an OpenAI-compatible server.

No Ollama binary is obtainable on these machines, so this shim lets the Ollama code path (the
``ollama`` client, ``langchain-ollama``) run for real: it serves ``/api/chat``, ``/api/tags``,
``/api/show`` and ``/api/version`` on 127.0.0.1 and forwards chats to the llama.cpp server of
the bundled model, translating ``format`` (a JSON schema, or ``"json"``) into llama.cpp's
``response_format`` ``{"type": "json_object", "schema": …}`` so decoding is grammar-constrained
the way Ollama's is.

Run standalone: ``python tests/ollama_shim.py --backend http://127.0.0.1:PORT/v1 --model NAME``.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

import httpx

SHIM_VERSION = "0.6.3-gpufleet-shim"


def _now_iso() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


def _ollama_name(model: str) -> str:
    return model if ":" in model else f"{model}:latest"


class OllamaShim:
    """``with OllamaShim(backend_url, model) as shim: ollama.Client(host=shim.url)``."""

    def __init__(self, backend_url: str, model: str, *, timeout_s: float = 300.0) -> None:
        self.backend_url = backend_url.rstrip("/")
        self.model = model
        self.timeout_s = timeout_s
        self.requests: list[dict[str, Any]] = []  # what clients sent, for assertions
        shim = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass  # quiet test output

            def do_GET(self) -> None:
                shim._get(self)

            def do_HEAD(self) -> None:
                self._send(200, b"", "text/plain")

            def do_POST(self) -> None:
                shim._post(self)

            def _send(self, status: int, body: bytes, ctype: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._handler = Handler
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> OllamaShim:
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> OllamaShim:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # --- handlers ----------------------------------------------------------------------------

    @staticmethod
    def _json(handler: BaseHTTPRequestHandler, status: int, payload: Any) -> None:
        body = json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def _model_entry(self) -> dict[str, Any]:
        return {
            "name": _ollama_name(self.model),
            "model": _ollama_name(self.model),
            "modified_at": "2026-01-01T00:00:00Z",
            "size": 0,
            "digest": "0" * 64,
            "details": self._details(),
        }

    @staticmethod
    def _details() -> dict[str, Any]:
        return {
            "parent_model": "",
            "format": "gguf",
            "family": "qwen2",
            "families": ["qwen2"],
            "parameter_size": "",
            "quantization_level": "Q4_K_M",
        }

    def _known(self, name: str) -> bool:
        return name in {self.model, _ollama_name(self.model)}

    def _get(self, handler: BaseHTTPRequestHandler) -> None:
        if handler.path == "/api/version":
            self._json(handler, 200, {"version": SHIM_VERSION})
        elif handler.path == "/api/tags":
            self._json(handler, 200, {"models": [self._model_entry()]})
        elif handler.path == "/":
            body = b"Ollama is running"
            handler.send_response(200)
            handler.send_header("Content-Type", "text/plain")
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)
        else:
            self._json(handler, 404, {"error": f"unknown path {handler.path}"})

    def _read_body(self, handler: BaseHTTPRequestHandler) -> dict[str, Any] | None:
        length = int(handler.headers.get("Content-Length") or 0)
        try:
            data = json.loads(handler.rfile.read(length) or b"{}")
        except json.JSONDecodeError as error:
            self._json(handler, 400, {"error": f"invalid JSON body: {error}"})
            return None
        if not isinstance(data, dict):
            self._json(handler, 400, {"error": "body must be a JSON object"})
            return None
        return data

    def _post(self, handler: BaseHTTPRequestHandler) -> None:
        body = self._read_body(handler)
        if body is None:
            return
        self.requests.append({"path": handler.path, "body": body})
        if handler.path == "/api/show":
            name = str(body.get("model") or body.get("name") or "")
            if not self._known(name):
                self._json(handler, 404, {"error": f"model '{name}' not found"})
                return
            self._json(
                handler,
                200,
                {
                    "modelfile": f"FROM {self.model}",
                    "parameters": "temperature 0",
                    "template": "{{ .Prompt }}",
                    "details": self._details(),
                    "model_info": {"general.architecture": "qwen2"},
                    "capabilities": ["completion"],
                },
            )
        elif handler.path == "/api/chat":
            self._chat(handler, body)
        else:
            self._json(handler, 404, {"error": f"unknown path {handler.path}"})

    def _openai_request(self, body: dict[str, Any]) -> dict[str, Any]:
        options = body.get("options") or {}
        request: dict[str, Any] = {
            "model": self.model,
            "messages": [
                {"role": m.get("role", "user"), "content": m.get("content") or ""}
                for m in body.get("messages") or []
            ],
            "stream": False,
        }
        if "temperature" in options:
            request["temperature"] = options["temperature"]
        if "seed" in options:
            request["seed"] = options["seed"]
        if "num_predict" in options:
            request["max_tokens"] = options["num_predict"]
        if "top_p" in options:
            request["top_p"] = options["top_p"]
        fmt = body.get("format")
        if isinstance(fmt, dict):
            request["response_format"] = {"type": "json_object", "schema": fmt}
        elif fmt == "json":
            request["response_format"] = {"type": "json_object"}
        return request

    def _chat(self, handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        name = str(body.get("model") or "")
        if not self._known(name):
            self._json(handler, 404, {"error": f"model '{name}' not found, try pulling it first"})
            return
        if body.get("tools"):
            self._json(handler, 400, {"error": "this shim does not forward tools"})
            return
        started = time.perf_counter_ns()
        try:
            response = httpx.post(
                f"{self.backend_url}/chat/completions",
                json=self._openai_request(body),
                timeout=self.timeout_s,
            )
        except httpx.HTTPError as error:
            self._json(handler, 502, {"error": f"backend unreachable: {error}"})
            return
        if response.status_code != 200:
            self._json(
                handler,
                response.status_code,
                {"error": f"backend HTTP {response.status_code}: {response.text[:500]}"},
            )
            return
        data = response.json()
        elapsed = time.perf_counter_ns() - started
        choice = data["choices"][0]
        usage = data.get("usage") or {}
        timings = data.get("timings") or {}
        final = {
            "model": _ollama_name(self.model),
            "created_at": _now_iso(),
            "message": {"role": "assistant", "content": choice["message"].get("content") or ""},
            "done": True,
            "done_reason": "length" if choice.get("finish_reason") == "length" else "stop",
            "total_duration": elapsed,
            "load_duration": 0,
            "prompt_eval_count": usage.get("prompt_tokens", 0),
            "prompt_eval_duration": int(timings.get("prompt_ms", 0) * 1e6),
            "eval_count": usage.get("completion_tokens", 0),
            "eval_duration": int(timings.get("predicted_ms", 0) * 1e6),
        }
        if body.get("stream", True) is False:
            self._json(handler, 200, final)
            return
        # Ollama streams NDJSON: content chunks, then a done record. One content chunk suffices
        # for clients, which concatenate.
        chunk = {
            "model": final["model"],
            "created_at": final["created_at"],
            "message": final["message"],
            "done": False,
        }
        done = {**final, "message": {"role": "assistant", "content": ""}}
        payload = (json.dumps(chunk) + "\n" + json.dumps(done) + "\n").encode()
        handler.send_response(200)
        handler.send_header("Content-Type", "application/x-ndjson")
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backend", required=True, help="OpenAI-compatible base URL (…/v1)")
    parser.add_argument("--model", required=True)
    args = parser.parse_args()
    with OllamaShim(args.backend, args.model) as shim:
        print(f"Ollama shim on {shim.url} -> {args.backend}", flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
