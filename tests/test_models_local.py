"""The local model an enterprise can accept: a vetted file (its sha256 checked before every
load), a site's own GGUF or server in the strict config, one warm server across diagnoses that
is restarted (and says so) when it dies, progress while a model works, and explanations never
shown cut mid-sentence.

No model weights are needed: the llama.cpp child is stood in for by tests/fake_llama_server.py,
a real HTTP server on 127.0.0.1 that follows the same launcher contract."""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from gpufleet.agents.sre.config import load_sre_config
from gpufleet.agents.sre.rerank import MAX_EXPLANATION, rerank
from gpufleet.cli.model_progress import TerminalProgress
from gpufleet.graph.models.bundled import BundledModelError, LocalModelServer
from gpufleet.graph.models.chat import (
    CUT_MARK,
    LocalServedModel,
    OllamaModel,
    OpenAICompatModel,
    open_model,
    trim_to_sentence,
)
from gpufleet.graph.models.config import (
    ModelConfigError,
    load_model_config,
    model_config_from_mapping,
)
from gpufleet.graph.models.progress import ModelDone
from tests import rerank_scenarios as sc

FAKE_SERVER = Path(__file__).resolve().parent / "fake_llama_server.py"


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: str
    confidence: float


def _launcher(started: Path | None = None) -> list[str]:
    extra = ["--started-file", str(started)] if started else []
    return [sys.executable, str(FAKE_SERVER), *extra]


def _gguf(tmp_path: Path, content: bytes = b"GGUF-vetted-model") -> tuple[Path, str]:
    path = tmp_path / "site-model.gguf"
    path.write_bytes(content)
    return path, hashlib.sha256(content).hexdigest()


# --- configuration -----------------------------------------------------------------------------


def test_site_model_file_in_the_strict_config(tmp_path: Path) -> None:
    path, digest = _gguf(tmp_path)
    cfg = model_config_from_mapping(
        {"backend": "local", "local": {"path": str(path), "sha256": digest.upper()}}
    )
    assert cfg.local.path == path and cfg.local.sha256 == digest.upper()


@pytest.mark.parametrize(
    ("local", "message"),
    [
        ({"sha256": "0" * 64}, "sha256 pins a site's own model file: set path too"),
        ({"path": "m.gguf", "sha256": "abc"}, "local.sha256: String should match pattern"),
        ({"path": "m.gguf", "model": "qwen2.5-coder-0.5b"}, "set either model"),
        ({"path": "m.gguf", "sha": "0" * 64}, "local.sha: unknown key"),
    ],
)
def test_site_model_config_errors(local: dict[str, Any], message: str) -> None:
    with pytest.raises(ModelConfigError) as info:
        model_config_from_mapping({"backend": "local", "local": local})
    assert message in str(info.value)


def test_site_servers_openai_and_ollama_in_the_strict_config() -> None:
    openai_cfg = model_config_from_mapping(
        {"backend": "openai", "base_url": "https://llm.site.example/v1/", "model": "vetted-7b"}
    )
    model = open_model(openai_cfg)
    assert isinstance(model, OpenAICompatModel)
    assert model.base_url == "https://llm.site.example/v1" and model.model == "vetted-7b"
    model.close()
    ollama_cfg = model_config_from_mapping(
        {"backend": "ollama", "base_url": "http://ollama.site.example:11434", "model": "q:7b"}
    )
    served = open_model(ollama_cfg)
    assert isinstance(served, OllamaModel) and served.host == "http://ollama.site.example:11434"
    served.close()
    with pytest.raises(ModelConfigError, match="unknown key"):
        model_config_from_mapping({"backend": "openai", "server": "http://x"})


# --- sha256 before loading ---------------------------------------------------------------------


def test_sha256_mismatch_refuses_to_load(tmp_path: Path) -> None:
    path, digest = _gguf(tmp_path)
    started = tmp_path / "started"
    wrong = "f" * 64
    cfg = model_config_from_mapping(
        {
            "backend": "local",
            "local": {"path": str(path), "sha256": wrong, "cache_dir": str(tmp_path / "c")},
        }
    )
    server = LocalModelServer.from_config(cfg.local, launcher=_launcher(started))
    with pytest.raises(BundledModelError) as info:
        server.start()
    message = str(info.value)
    assert f"refusing to load {path}" in message
    assert wrong in message and digest in message
    assert not started.exists()  # no server process was ever started for the file
    assert server.pid is None


def test_file_replaced_after_verification_is_caught_on_the_next_start(tmp_path: Path) -> None:
    path, digest = _gguf(tmp_path)
    server = LocalModelServer(path, alias="m", sha256=digest, launcher=_launcher())
    with server:
        assert server.healthy()
    path.write_bytes(b"GGUF-tampered-model")  # same kind of file, other bytes
    with pytest.raises(BundledModelError, match="sha256 mismatch"):
        server.start()


def test_missing_site_model_file_is_named(tmp_path: Path) -> None:
    cfg = model_config_from_mapping(
        {"backend": "local", "local": {"path": str(tmp_path / "nope.gguf")}}
    )
    with pytest.raises(BundledModelError, match=r"models.local.path: no model file at .*nope"):
        LocalModelServer.from_config(cfg.local, launcher=_launcher())


# --- one warm server ---------------------------------------------------------------------------


class _Recorder:
    def __init__(self) -> None:
        self.working_calls: list[tuple[str, float]] = []
        self.done_calls: list[ModelDone] = []
        self.notices: list[str] = []

    def working(self, model: str, elapsed_s: float) -> None:
        self.working_calls.append((model, elapsed_s))

    def done(self, result: ModelDone) -> None:
        self.done_calls.append(result)

    def notice(self, text: str) -> None:
        self.notices.append(text)


def _served(tmp_path: Path) -> LocalServedModel:
    path, digest = _gguf(tmp_path)
    cfg = model_config_from_mapping(
        {
            "backend": "local",
            "local": {"path": str(path), "sha256": digest, "cache_dir": str(tmp_path / "c")},
        }
    )
    server = LocalModelServer.from_config(cfg.local, launcher=_launcher()).start()
    return LocalServedModel(server, cfg)


def test_one_server_stays_warm_and_a_dead_one_is_restarted_visibly(tmp_path: Path) -> None:
    model = _served(tmp_path)
    progress = _Recorder()
    model.progress = progress
    try:
        first_pid = model.server.pid
        answers = [model.complete("s", "u", Verdict) for _ in range(3)]
        assert [a.value.card if a.value else a.error for a in answers] == [f"pid-{first_pid}"] * 3
        assert model.server.pid == first_pid and progress.notices == []
        assert first_pid is not None
        os.kill(first_pid, signal.SIGKILL)  # the server this test started dies
        answer = model.complete("s", "u", Verdict)
        second_pid = model.server.pid
        assert second_pid != first_pid
        assert answer.value is not None and answer.value.card == f"pid-{second_pid}"
        assert len(progress.notices) == 1
        assert (
            f"(pid {first_pid}) exited with code -9; restarted it as pid {second_pid}"
            in (progress.notices[0])
        )
        assert model.server.restarts == 1
    finally:
        model.close()
    assert model.server.pid is None  # close() stops the warm server


# --- progress ----------------------------------------------------------------------------------


def test_progress_reports_working_and_the_tokens(tmp_path: Path) -> None:
    model = _served(tmp_path)
    progress = _Recorder()
    model.progress = progress
    try:
        model.complete("s", "u", Verdict)
    finally:
        model.close()
    assert progress.working_calls and progress.working_calls[0][0] == model.name
    [done] = progress.done_calls
    assert (done.prompt_tokens, done.completion_tokens, done.error) == (5, 3, None)


def test_terminal_progress_plain_lines_into_a_pipe() -> None:
    out = io.StringIO()
    view = TerminalProgress(out, every_s=10)
    for elapsed in (0.0, 1.0, 9.9, 10.2, 15.0, 20.5):
        view.working("local:m", elapsed)
    view.done(ModelDone("local:m", 21.0, 2512, 180))
    lines = out.getvalue().splitlines()
    assert lines == [
        "model local:m started",
        "model local:m still working (10 s)",
        "model local:m still working (20 s)",
        "model local:m answered in 21.0 s, 2512 prompt + 180 tokens",
    ]
    assert "\r" not in out.getvalue() and "\x1b" not in out.getvalue()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_progress_redraws_one_line_on_a_tty() -> None:
    out = _Tty()
    view = TerminalProgress(out)
    view.working("local:m", 1.0)
    view.working("local:m", 2.0)
    view.done(ModelDone("local:m", 2.5, 10, 4, truncated=True))
    text = out.getvalue()
    assert text.count("\n") == 1 and text.count("\r\x1b[K") == 3
    assert text.endswith("answered in 2.5 s, 10 prompt + 4 tokens (cut at max_tokens)\n")


# --- max_tokens --------------------------------------------------------------------------------


class _OneReply:
    """A loopback OpenAI-compatible server answering every chat with ``content`` and
    ``finish_reason``."""

    def __init__(self, content: str, finish_reason: str) -> None:
        body = {
            "id": "c",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": finish_reason,
                    "message": {"role": "assistant", "content": content},
                }
            ],
            "usage": {"prompt_tokens": 9, "completion_tokens": 400, "total_tokens": 409},
        }
        payload = json.dumps(body).encode()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_reply_cut_at_max_tokens_says_so() -> None:
    reply = _OneReply('{"card": "fan-failure", "confid', "length")
    model = OpenAICompatModel(base_url=reply.url, model="m", max_tokens=400)
    try:
        answer = model.complete("s", "u", Verdict)
    finally:
        model.close()
        reply.close()
    assert answer.value is None and answer.truncated
    assert answer.error is not None
    assert "cut at max_tokens=400 before it was complete (raise model.max_tokens)" in answer.error


def test_explanation_cut_mid_sentence_is_trimmed_and_marked() -> None:
    fan = sc.fan_failure()
    best = fan.hypotheses[0].card_id
    evidence = fan.evidence[0].evidence_id
    whole = "Fan speed fell to zero on E01 while the GPU heated. "
    cut = (whole * 20)[: MAX_EXPLANATION - 30] + "This means the fan has stop"
    content = json.dumps({"ranking": [best], "explanation": cut, "cited_evidence": [evidence]})
    reply = _OneReply(content, "length")
    model = OpenAICompatModel(base_url=reply.url, model="m")
    try:
        outcome = rerank(model, fan.incident, fan.evidence, fan.hypotheses)
    finally:
        model.close()
        reply.close()
    assert outcome.method == "model", outcome.fallback
    assert outcome.explanation.endswith("heated." + CUT_MARK)
    assert "has stop" not in outcome.explanation


def test_trim_to_sentence() -> None:
    assert trim_to_sentence("One. Two is") == "One." + CUT_MARK
    assert trim_to_sentence("Whole sentence.") == "Whole sentence."
    assert trim_to_sentence("no sentence at all") == "no sentence at all …" + CUT_MARK
    assert trim_to_sentence("Version 1.5 is fine. It is") == "Version 1.5 is fine." + CUT_MARK


def test_a_relative_model_path_is_relative_to_the_config_file(tmp_path: Path) -> None:
    (tmp_path / "models.yaml").write_text("backend: local\nlocal: {path: m/site.gguf}\n")
    assert load_model_config(tmp_path / "models.yaml").local.path == tmp_path / "m" / "site.gguf"
    (tmp_path / "sre.yaml").write_text("model: {backend: local, local: {path: site.gguf}}\n")
    assert load_sre_config(tmp_path / "sre.yaml").model.local.path == tmp_path / "site.gguf"
