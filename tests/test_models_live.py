"""Live tests against the bundled local model (``pytest -m live``; needs the local-llm extra).

The server is started once per module on 127.0.0.1 and stopped after. GPUFLEET_LIVE_MODEL
selects the bundled model (default qwen2.5-coder-0.5b).
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, cast

import ollama
import pytest
from langchain_ollama import ChatOllama
from langchain_openai import ChatOpenAI
from pydantic import BaseModel, ConfigDict

from gpufleet.agents.sre.rerank import MAX_CANDIDATES, rerank
from gpufleet.graph.models.bundled import LocalModelServer
from gpufleet.graph.models.chat import LocalServedModel, OllamaModel, OpenAICompatModel, open_model
from gpufleet.graph.models.config import (
    BundledModelName,
    LocalModelConfig,
    model_config_from_mapping,
)
from tests import rerank_scenarios as sc
from tests.ollama_shim import OllamaShim

pytestmark = pytest.mark.live
pytest.importorskip("xllamacpp", reason="the local-llm extra (xllamacpp) is not installed")

LIVE_MODEL = cast(BundledModelName, os.environ.get("GPUFLEET_LIVE_MODEL", "qwen2.5-coder-0.5b"))


class Pick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    xid: int
    meaning: Literal["fallen off the bus", "double-bit ECC error", "graphics exception"]


@pytest.fixture(scope="module")
def server() -> Iterator[LocalModelServer]:
    with LocalModelServer.from_config(LocalModelConfig(model=LIVE_MODEL)) as running:
        yield running


def test_server_serves_the_bundled_model(server: LocalModelServer) -> None:
    assert server.base_url.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(server.base_url + "/models", timeout=10) as response:
        models = json.loads(response.read())
    assert LIVE_MODEL in {m["id"] for m in models["data"]} | {
        alias for m in models["data"] for alias in m.get("aliases", [])
    }
    rss = server.rss_bytes()
    assert rss is not None and rss > 100 << 20


def test_structured_answer(server: LocalModelServer) -> None:
    model = OpenAICompatModel(base_url=server.base_url, model=server.alias, timeout_s=300)
    answer = model.complete(
        "You answer questions about NVIDIA GPU errors as JSON.",
        "What does Xid 79 mean? Give the xid number and its meaning.",
        Pick,
    )
    model.close()
    assert answer.error is None, answer.error
    assert answer.value is not None and answer.value.xid == 79
    assert answer.completion_tokens and answer.prompt_tokens


@pytest.mark.parametrize("name", list(sc.ALL))
def test_rerank_live(server: LocalModelServer, name: str) -> None:
    scenario = sc.ALL[name]
    model = OpenAICompatModel(base_url=server.base_url, model=server.alias, timeout_s=300)
    outcome = rerank(model, scenario.incident, scenario.evidence, scenario.hypotheses)
    model.close()
    candidates = {h.card_id for h in scenario.hypotheses[:MAX_CANDIDATES]}
    assert {h.card_id for h in outcome.hypotheses[:MAX_CANDIDATES]} == candidates
    assert set(outcome.cited_evidence) <= {e.evidence_id for e in scenario.evidence}
    assert (outcome.method == "model") == (outcome.fallback is None)


def test_ollama_native_api_through_the_shim(server: LocalModelServer) -> None:
    with OllamaShim(server.base_url, server.alias) as shim:
        client = ollama.Client(host=shim.url, timeout=300)
        assert server.alias + ":latest" in [m.model for m in client.list().models]
        assert client.show(server.alias).details is not None
        with pytest.raises(ollama.ResponseError) as missing:
            client.show("no-such-model")
        assert missing.value.status_code == 404
        streamed = "".join(
            chunk.message.content or ""
            for chunk in client.chat(
                model=server.alias,
                messages=[{"role": "user", "content": "Say OK."}],
                options={"num_predict": 8, "temperature": 0},
                stream=True,
            )
        )
        assert streamed.strip()

        model = OllamaModel(host=shim.url, model=server.alias, timeout_s=300)
        answer = model.complete("Answer as JSON.", "Xid 79: number and meaning?", Pick)
        model.close()
        assert answer.error is None, answer.error
        assert answer.value is not None and answer.value.xid == 79
        chat_body: dict[str, Any] = shim.requests[-1]["body"]
        assert chat_body["format"]["properties"]["xid"]["type"] == "integer"


def test_langchain_clients(server: LocalModelServer) -> None:
    chat = ChatOpenAI(
        base_url=server.base_url,
        api_key=lambda: "not-needed",
        model=server.alias,
        temperature=0,
        max_completion_tokens=16,
        max_retries=0,
        timeout=300,
    )
    assert str(chat.invoke("Say OK.").content).strip()
    with OllamaShim(server.base_url, server.alias) as shim:
        reply = ChatOllama(base_url=shim.url, model=server.alias, num_predict=16).invoke("Say OK.")
    assert str(reply.content).strip()


def test_open_model_local_owns_its_server() -> None:
    cfg = model_config_from_mapping({"backend": "local", "local": {"model": LIVE_MODEL}})
    model = open_model(cfg)
    assert isinstance(model, LocalServedModel)
    pid = model.server.pid
    assert pid is not None and Path(f"/proc/{pid}").exists()
    answer = model.complete("Answer as JSON.", "Xid 79: number and meaning?", Pick)
    assert answer.error is None, answer.error
    model.close()
    assert model.server.pid is None and not Path(f"/proc/{pid}").exists()
