"""Recorded model calls: vcrpy cassettes against the bundled local model.

Default run (replay): clients point at :data:`REPLAY_BASE_URL`, where nothing listens; vcrpy
answers from the committed cassette (record_mode "none"), an unrecorded request raises
``CannotOverwriteExistingCassetteException``, and a cassette left with unplayed interactions
fails the test (the request changed: re-record).

Recording: ``GPUFLEET_RECORD_CASSETTES=1 .venv/bin/pytest tests/test_rerank.py
tests/test_models.py -k cassette`` (needs the ``local-llm`` extra). The bundled model server is
started on 127.0.0.1; recorded URLs are rewritten to the replay address and auth headers are
dropped. Requests match on method + path + body, never on host or port.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import vcr  # type: ignore[import-untyped]
from vcr.cassette import Cassette  # type: ignore[import-untyped]

from gpufleet.graph.models.bundled import LocalModelServer
from gpufleet.graph.models.config import LocalModelConfig

CASSETTE_DIR = Path(__file__).parent / "cassettes"
REPLAY_HOST = "127.0.0.1:8089"
REPLAY_BASE_URL = f"http://{REPLAY_HOST}/v1"  # OpenAI-compatible root; nothing listens here
REPLAY_OLLAMA_URL = f"http://{REPLAY_HOST}"
RECORDING = os.environ.get("GPUFLEET_RECORD_CASSETTES") == "1"
RECORD_MODEL = "qwen2.5-coder-0.5b"
FILTERED_HEADERS = [
    "authorization",
    "api-key",
    "x-api-key",
    "openai-organization",
    "openai-project",
    "cookie",
    "set-cookie",
    "host",  # carries the recording server's random port
]


def _keep_only(prefix: str) -> Any:
    def before_record_request(request: Any) -> Any:
        parts = urlsplit(request.uri)
        # Requests the code under test did not make itself (the Ollama shim's own calls to the
        # llama.cpp server) pass through unrecorded.
        if not parts.path.startswith(prefix):
            return None
        request.uri = urlunsplit((parts.scheme, REPLAY_HOST, parts.path, parts.query, ""))
        return request

    return before_record_request


def _vcr(path_prefix: str) -> vcr.VCR:
    return vcr.VCR(
        cassette_library_dir=str(CASSETTE_DIR),
        record_mode="all" if RECORDING else "none",
        match_on=["method", "path", "body"],
        filter_headers=FILTERED_HEADERS,
        before_record_request=_keep_only(path_prefix),
        decode_compressed_response=True,
    )


@contextmanager
def cassette(name: str, api: str = "openai") -> Iterator[Cassette]:
    """Record or replay the model calls made inside the block; ``api`` is "openai" (paths under
    /v1/) or "ollama" (paths under /api/)."""
    path = CASSETTE_DIR / f"{name}.yaml"
    if not RECORDING and not path.is_file():
        raise AssertionError(
            f"cassette {path} is missing: record it with GPUFLEET_RECORD_CASSETTES=1 "
            f"(see tests/model_cassettes.py)"
        )
    prefix = "/v1/" if api == "openai" else "/api/"
    if RECORDING:
        path.unlink(missing_ok=True)  # record mode "all" appends; a stale request would linger
    with _vcr(prefix).use_cassette(f"{name}.yaml") as recorded:
        yield recorded
    if not RECORDING and not recorded.all_played:
        raise AssertionError(
            f"cassette {path.name}: {len(recorded) - recorded.play_count} recorded request(s) "
            f"were never made; the requests changed, so re-record the cassette"
        )


@contextmanager
def model_server() -> Iterator[LocalModelServer | None]:
    """The bundled model's server while recording; None when replaying (nothing is started)."""
    if not RECORDING:
        yield None
        return
    # GPUFLEET_RECORD_THREADS=1 on a busy host: two llama.cpp threads on oversubscribed cores
    # spin-wait on each other (0.06 tokens/s measured); the recorded replies do not depend on it
    threads = int(os.environ.get("GPUFLEET_RECORD_THREADS", "2"))
    config = LocalModelConfig(model=RECORD_MODEL, threads=threads, start_timeout_s=900)
    with LocalModelServer.from_config(config) as server:
        yield server
