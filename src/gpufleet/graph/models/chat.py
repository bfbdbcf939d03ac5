"""Structured answers from a model: the one small protocol the agents use.

An agent asks for a pydantic type and gets a :class:`ModelAnswer`: either a validated value or an
error saying exactly what went wrong (timeout, unreachable, server error, no JSON, schema
violation). Nothing here raises for a bad answer; the caller falls back to its deterministic
result and shows the error.

Model text shown to people goes through :func:`shown_model_text` (marked as model output,
then :func:`clean_text`): wherever it is rendered (CLI text and JSON, the ``Diagnosis`` event),
a model can neither pass as the system or a person nor reach a terminal or chat client with
control sequences, hidden characters, mentions or links.

A reply is outside input: :func:`extract_json` reads at most ``MAX_REPLY_CHARS`` characters,
finds fenced blocks and embedded objects with plain string search (linear time; at most
``_MAX_OBJECT_STARTS`` starting braces are tried), checks the nesting depth (≤ 64) by a linear
scan before the JSON parser sees a candidate, and refuses NaN/Infinity and over-long numbers.
It raises only ``ValueError``; :func:`parse_answer` never raises for any reply text.
"""

from __future__ import annotations

import html
import json
import logging
import re
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import httpx
import ollama
import openai
from pydantic import BaseModel, ValidationError

from gpufleet.graph.models.bundled import BundledModelError, LocalModelServer
from gpufleet.graph.models.config import ModelConfig, ModelConfigError
from gpufleet.graph.models.progress import Heartbeat, ModelDone, ModelProgress
from gpufleet.telemetry.untrusted import (
    Limits,
    UntrustedInputError,
    json_decoder,
    json_value_depth,
    loads_json,
)

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger("gpufleet.models")
_MAX_ERROR_TEXT = 300
MODEL_TEXT_MARK = "model (unverified): "
MAX_SHOWN_TEXT = 600
# ANSI / VT escape sequences: CSI (ESC [ … or the 8-bit CSI), OSC (ESC ] … BEL or ST, which
# can set window titles or hyperlinks), and the other two-character escapes.
_ANSI = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[@-Z\\-_]"
)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^<>]*>")  # HTML tags and Slack's <!channel>, <@U…>, <#C…>, <url|label>
_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]*://|www\.|mailto:)\S*", re.IGNORECASE)
_MENTION = re.compile(r"@(?=\w)")  # @channel, @here, @everyone, @user
_MARKUP_CHARS = str.maketrans({c: None for c in "<>&`*~|"})

MAX_REPLY_CHARS = 256 * 1024  # a reply is max_tokens (≤ 32768) tokens: far below this
_MAX_OBJECT_STARTS = 32  # "{" positions tried when the JSON is embedded in prose
_REPLY_LIMITS = Limits(max_bytes=4 * MAX_REPLY_CHARS)


@dataclass(frozen=True)
class ModelAnswer(Generic[T]):
    value: T | None
    error: str | None  # None exactly when value is set
    latency_s: float  # measured around the network call, at the edge
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    raw: str = ""  # the model's text, for audit and debugging
    truncated: bool = False  # the reply stopped at max_tokens (finish_reason "length")

    @property
    def ok(self) -> bool:
        return self.value is not None


class StructuredModel(Protocol):
    name: str

    def complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]: ...


class ModelStreamError(RuntimeError):
    """A streamed reply could not be had or broke off: the message says how (timeout,
    unreachable, server error), already shortened and safe to show."""


@runtime_checkable
class TextStreamModel(Protocol):
    """A model whose reply arrives as it is generated: text pieces (about one token each).
    Raises :class:`ModelStreamError` (before or between pieces) when the call fails."""

    name: str

    def stream_text(self, system: str, user: str, max_tokens: int) -> Iterator[str]: ...


def streaming(model: object) -> TextStreamModel | None:
    """``model`` as a :class:`TextStreamModel` (every model :func:`open_model` returns is one),
    None when it is not one (or is None)."""
    return model if isinstance(model, TextStreamModel) else None


class ClosableModel(StructuredModel, TextStreamModel, Protocol):
    def close(self) -> None: ...


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _MAX_ERROR_TEXT else text[: _MAX_ERROR_TEXT - 1] + "…"


def clean_text(text: str, limit: int = MAX_SHOWN_TEXT, keep_markup: bool = False) -> str:
    """Untrusted text made safe to show: one line of visible characters, no markup.

    Normalises look-alikes (NFKC), decodes HTML entities (so ``&lt;!channel&gt;`` is caught),
    removes ANSI escapes, control characters, bidi overrides, zero-width and other invisible
    format characters, HTML tags, Slack mrkdwn mentions and links, Markdown links and
    the characters that start markup, and defangs URLs (``http[:]//evil[.]example``) so they
    stay readable but never become links; collapses whitespace; clips to ``limit``.

    ``keep_markup=True`` is for a front end that escapes ``<``, ``>`` and ``&`` itself (Slack):
    tags, links and markup characters stay as text (``ssh|srun``, ``a<b``) for it to escape;
    only a backtick becomes ``'`` (it would close the code span the text is shown in)."""
    text = unicodedata.normalize("NFKC", text)
    for _ in range(3):  # &amp;lt; → &lt; → <
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    text = _ANSI.sub(" ", text)
    text = "".join(_visible(ch) for ch in text)
    if not keep_markup:
        text = _MD_LINK.sub(r"\1", text)
        text = _TAG.sub(" ", text)
    text = _URL.sub(_defang, text)
    text = _MENTION.sub("", text)
    text = text.replace("`", "'") if keep_markup else text.translate(_MARKUP_CHARS)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _defang(match: re.Match[str]) -> str:
    # kept readable (an error may name the server), never clickable or auto-linked
    url = match.group(0)
    if "://" in url:
        url = url.replace("://", "[:]//", 1)
    elif url.lower().startswith("mailto:"):
        url = "mailto[:]" + url[len("mailto:") :]
    return url.replace(".", "[.]")


def _visible(ch: str) -> str:
    category = unicodedata.category(ch)
    if category in ("Cc", "Zl", "Zp") or (category == "Zs" and ch != " "):
        return " "  # newlines, tabs, escapes, odd spaces: a plain space
    if category in ("Cf", "Co", "Cs", "Cn"):
        return ""  # bidi controls, zero-width characters, private use, unassigned
    return ch


def shown_model_text(text: str, limit: int = MAX_SHOWN_TEXT) -> str:
    """Model text as people may see it: :func:`clean_text`, marked as unverified model output
    (empty stays empty; text already marked is not marked twice)."""
    cleaned = clean_text(text, limit)
    if not cleaned:
        return ""
    mark = MODEL_TEXT_MARK.strip()
    if cleaned.startswith(mark):
        cleaned = cleaned[len(mark) :].strip()
    return MODEL_TEXT_MARK + cleaned


CUT_MARK = " [cut: the model reached its length limit]"
_SENTENCE_END = re.compile(r"[.!?](?:[\"')\]]*)(?=\s|$)")


def ends_a_sentence(text: str) -> bool:
    return bool(re.search(r"[.!?][\"')\]]*\s*$", text))


def trim_to_sentence(text: str, mark: str = CUT_MARK, limit: int = MAX_SHOWN_TEXT) -> str:
    """Text the model stopped mid-sentence (max_tokens, or a length cap its grammar enforced),
    cut back to its last full sentence and marked, so nobody reads half a claim as a whole one.
    Text that ends a sentence is returned as it is; with no full sentence, the marked fragment.
    The result, mark included, fits in ``limit`` characters (so no later clip cuts it again)."""
    text = text.rstrip()
    if not text or ends_a_sentence(text):
        return text
    text = text[: max(0, limit - len(mark) - 2)]
    ends = list(_SENTENCE_END.finditer(text))
    kept = text[: ends[-1].end()] if ends else text + " …"
    return kept + mark


def _fenced_blocks(text: str) -> list[str]:
    """The contents of ```-fenced blocks (an optional json/JSON tag dropped), by str.find."""
    blocks = []
    at = 0
    while (start := text.find("```", at)) != -1:
        end = text.find("```", start + 3)
        if end == -1:
            break
        body = text[start + 3 : end]
        if body.startswith(("json", "JSON")):
            body = body[4:]
        blocks.append(body.strip())
        at = end + 3
    return blocks


def extract_json(text: str) -> Any:
    """The JSON value in a model reply: the whole text, a fenced ```json block, or the first
    ``{…}`` object embedded in prose. Raises ValueError when there is none (or the reply is
    beyond the limits in the module docstring)."""
    if len(text) > MAX_REPLY_CHARS:
        raise ValueError(f"reply of {len(text)} characters exceeds {MAX_REPLY_CHARS}")
    stripped = text.strip()
    if not stripped:
        raise ValueError("empty reply")
    problem: str | None = None
    for candidate in [stripped, *_fenced_blocks(stripped)]:
        try:
            return loads_json(candidate, "reply", _REPLY_LIMITS)
        except UntrustedInputError as error:
            if "nested" in str(error) or "number" in str(error):
                problem = str(error)
            continue
    decoder = json_decoder()
    start = stripped.find("{")
    tries = 0
    while start != -1 and tries < _MAX_OBJECT_STARTS:
        tries += 1
        depth = json_value_depth(stripped[start:])
        if depth > _REPLY_LIMITS.max_depth:
            problem = f"reply: JSON nested {depth} deep; the limit is {_REPLY_LIMITS.max_depth}"
        else:
            try:
                value, _ = decoder.raw_decode(stripped, start)
            except (json.JSONDecodeError, UntrustedInputError) as error:
                if isinstance(error, UntrustedInputError):
                    problem = str(error)
            else:
                return value
        start = stripped.find("{", start + 1)
    if problem is not None:
        raise ValueError(problem)
    raise ValueError(f"no JSON object in reply: {_short(stripped)!r}")


def parse_answer(text: str, schema: type[T]) -> tuple[T | None, str | None]:
    """Validate a reply against ``schema``: (value, None) or (None, what was wrong)."""
    try:
        data = extract_json(text)
    except ValueError as error:
        return None, f"invalid answer: {error}"
    try:
        return schema.model_validate(data), None
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in item['loc']) or 'answer'}: {item['msg']}"
            for item in error.errors()[:5]
        )
        return None, f"invalid answer: {problems}"


def json_schema_of(schema: type[BaseModel]) -> dict[str, Any]:
    return schema.model_json_schema()


def _timed(call: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    result = call()
    return result, time.perf_counter() - started


def _answer(
    text: str,
    schema: type[T],
    latency_s: float,
    prompt_tokens: int | None,
    completion_tokens: int | None,
    *,
    truncated: bool = False,
    max_tokens: int | None = None,
) -> ModelAnswer[T]:
    value, error = parse_answer(text, schema)
    if truncated and error is not None:
        # The usual cause of "no JSON" from a schema-constrained server: the budget ran out
        # before the object closed. Say so, with the setting that fixes it.
        error = (
            f"invalid answer: the reply was cut at max_tokens={max_tokens} before it was "
            f"complete (raise model.max_tokens); {error.removeprefix('invalid answer: ')}"
        )
    return ModelAnswer(
        value, error, latency_s, prompt_tokens, completion_tokens, text, truncated=truncated
    )


def _report(progress: ModelProgress | None, name: str, answer: ModelAnswer[T]) -> ModelAnswer[T]:
    if progress is not None:
        progress.done(
            ModelDone(
                name,
                answer.latency_s,
                answer.prompt_tokens,
                answer.completion_tokens,
                answer.error,
                answer.truncated,
            )
        )
    return answer


class OpenAICompatModel:
    """Any OpenAI-compatible chat server: vLLM, llama.cpp, Ollama's /v1, a hosted API."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 20.0,
        max_tokens: int = 400,
        temperature: float = 0.0,
        seed: int | None = 0,
        structured_output: str = "json_object+schema",
    ) -> None:
        self.name = f"openai:{model}"
        self.base_url = base_url
        self.model = model
        self.timeout_s = timeout_s
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.seed = seed
        self.structured_output = structured_output
        self.progress: ModelProgress | None = None  # set by a front end that shows progress
        self._api_key = api_key or "not-needed"  # local servers ignore it; the SDK needs one
        self._client = self._connect(base_url)

    def _connect(self, base_url: str) -> openai.OpenAI:
        self.base_url = base_url
        # Retries would multiply the timeout the operator configured; one try, then fall back.
        return openai.OpenAI(
            base_url=base_url, api_key=self._api_key, timeout=self.timeout_s, max_retries=0
        )

    def _response_format(self, schema: type[BaseModel]) -> dict[str, Any]:
        if self.structured_output == "json_object":
            return {"type": "json_object"}
        if self.structured_output == "json_schema":
            return {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "schema": json_schema_of(schema)},
            }
        return {"type": "json_object", "schema": json_schema_of(schema)}

    def complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        with Heartbeat(self.progress, self.name):
            answer = self._complete(system, user, schema)
        return _report(self.progress, self.name, answer)

    def _complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        body: dict[str, Any] = {"response_format": self._response_format(schema)}
        if self.seed is not None:
            body["seed"] = self.seed
        started = time.perf_counter()
        try:
            # response_format goes through extra_body: the llama.cpp schema-in-json_object
            # form is not in the SDK's types. No `tools` are ever sent: the model can only
            # answer, never act.
            response = self._client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                temperature=self.temperature,
                max_tokens=self.max_tokens,
                extra_body=body,
            )
        except openai.APITimeoutError:
            return ModelAnswer(None, f"timeout after {self.timeout_s:g}s", _since(started))
        except openai.APIConnectionError as error:
            return ModelAnswer(
                None, f"unreachable: {self.base_url}: {_cause(error)}", _since(started)
            )
        except openai.APIStatusError as error:
            detail = _short(error.response.text or str(error))
            return ModelAnswer(
                None, f"server error: HTTP {error.status_code}: {detail}", _since(started)
            )
        latency = _since(started)
        if not response.choices:
            return ModelAnswer(None, "invalid answer: no choices in reply", latency)
        choice = response.choices[0]
        usage = response.usage
        return _answer(
            choice.message.content or "",
            schema,
            latency,
            usage.prompt_tokens if usage else None,
            usage.completion_tokens if usage else None,
            truncated=choice.finish_reason == "length",
            max_tokens=self.max_tokens,
        )

    def stream_text(self, system: str, user: str, max_tokens: int) -> Iterator[str]:
        """The reply's text as the server generates it (``stream=True``). The system
        message goes first and never changes, so a llama.cpp server's prompt cache
        (``cache_prompt``) keeps its prefix evaluated between questions; other servers
        ignore the field. ``max_tokens`` is capped by the configured one."""
        body: dict[str, Any] = {"cache_prompt": True}
        if self.seed is not None:
            body["seed"] = self.seed
        try:
            stream = self._client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                temperature=self.temperature,
                max_tokens=min(max_tokens, self.max_tokens),
                stream=True,
                extra_body=body,
            )
            with stream:
                for chunk in stream:
                    piece = chunk.choices[0].delta.content if chunk.choices else None
                    if piece:
                        yield piece
        except (openai.APITimeoutError, httpx.TimeoutException):
            raise ModelStreamError(f"timeout after {self.timeout_s:g}s") from None
        except openai.APIConnectionError as error:
            raise ModelStreamError(f"unreachable: {self.base_url}: {_cause(error)}") from None
        except openai.APIStatusError as error:
            detail = _short(error.response.text or str(error))
            raise ModelStreamError(f"server error: HTTP {error.status_code}: {detail}") from None
        except (httpx.TransportError, openai.APIError) as error:
            raise ModelStreamError(f"stream broke off: {_cause(error)}") from None

    def close(self) -> None:
        self._client.close()


class OllamaModel:
    """Ollama's native API: /api/chat with ``format`` = the JSON schema (grammar-constrained)."""

    def __init__(
        self,
        *,
        host: str,
        model: str,
        timeout_s: float = 20.0,
        max_tokens: int = 400,
        temperature: float = 0.0,
        seed: int | None = 0,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.name = f"ollama:{model}"
        self.host = host
        self.model = model
        self.timeout_s = timeout_s
        self.max_tokens = max_tokens
        self.progress: ModelProgress | None = None
        self.options: dict[str, Any] = {"temperature": temperature, "num_predict": max_tokens}
        if seed is not None:
            self.options["seed"] = seed
        self._client = ollama.Client(host=host, timeout=timeout_s, headers=headers or {})

    def complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        with Heartbeat(self.progress, self.name):
            answer = self._complete(system, user, schema)
        return _report(self.progress, self.name, answer)

    def _complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        started = time.perf_counter()
        try:
            response = self._client.chat(
                model=self.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                format=json_schema_of(schema),
                options=self.options,
                stream=False,
            )
        except httpx.TimeoutException:
            return ModelAnswer(None, f"timeout after {self.timeout_s:g}s", _since(started))
        except (ConnectionError, httpx.TransportError) as error:
            return ModelAnswer(None, f"unreachable: {self.host}: {_cause(error)}", _since(started))
        except ollama.ResponseError as error:
            return ModelAnswer(
                None,
                f"server error: HTTP {error.status_code}: {_short(error.error)}",
                _since(started),
            )
        latency = _since(started)
        return _answer(
            response.message.content or "",
            schema,
            latency,
            response.prompt_eval_count,
            response.eval_count,
            truncated=response.done_reason == "length",
            max_tokens=self.max_tokens,
        )

    def stream_text(self, system: str, user: str, max_tokens: int) -> Iterator[str]:
        """The reply's text as Ollama generates it (``/api/chat`` with ``stream``)."""
        options = {**self.options, "num_predict": min(max_tokens, self.max_tokens)}
        try:
            for chunk in self._client.chat(
                model=self.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                options=options,
                stream=True,
            ):
                if chunk.message.content:
                    yield chunk.message.content
        except httpx.TimeoutException:
            raise ModelStreamError(f"timeout after {self.timeout_s:g}s") from None
        except (ConnectionError, httpx.TransportError) as error:
            raise ModelStreamError(f"unreachable: {self.host}: {_cause(error)}") from None
        except ollama.ResponseError as error:
            raise ModelStreamError(
                f"server error: HTTP {error.status_code}: {_short(error.error)}"
            ) from None

    def close(self) -> None:
        # ollama.Client has no close(); its httpx client holds the pooled connections
        self._client._client.close()


class LocalServedModel(OpenAICompatModel):
    """A local model: owns the llama.cpp server it talks to and stops it on close().

    One server stays warm for the life of the process (a long-running ``watch --sre`` asks it
    for every diagnosis); before each call it is health-checked and, if it died, restarted,
    and the restart is reported (progress notice and a warning in the log), never silent."""

    keeps_prompt_cache = True  # llama.cpp keeps the evaluated prefix: worth warming up

    def __init__(self, server: LocalModelServer, cfg: ModelConfig) -> None:
        super().__init__(
            base_url=server.base_url,
            model=server.alias,
            timeout_s=cfg.timeout_s,
            max_tokens=cfg.max_tokens,
            temperature=cfg.temperature,
            seed=cfg.seed,
            structured_output=cfg.structured_output,
        )
        self.name = f"local:{server.alias}"
        self.server = server

    def complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        down = self._ensure_server()
        if down is not None:
            return _report(self.progress, self.name, ModelAnswer(None, down, 0.0))
        return super().complete(system, user, schema)

    def stream_text(self, system: str, user: str, max_tokens: int) -> Iterator[str]:
        down = self._ensure_server()
        if down is not None:
            raise ModelStreamError(down)
        yield from super().stream_text(system, user, max_tokens)

    def _ensure_server(self) -> str | None:
        """The warm server, restarted (and said so) if it died; the error when it cannot."""
        try:
            restarted = self.server.ensure_running()
        except BundledModelError as error:
            return f"local model server down: {_short(str(error))}"
        if restarted is not None:
            log.warning("%s", restarted)
            if self.progress is not None:
                self.progress.notice(restarted)
            self._client.close()
            self._client = self._connect(self.server.base_url)  # a new server, a new port
        return None

    def close(self) -> None:
        super().close()
        self.server.stop()


def _since(started: float) -> float:
    return time.perf_counter() - started


def _cause(error: BaseException) -> str:
    # The SDKs wrap the socket error; the innermost cause says "connection refused" etc.
    inner: BaseException = error
    while inner.__cause__ is not None:
        inner = inner.__cause__
    return _short(str(inner) or type(inner).__name__)


def open_model(cfg: ModelConfig, progress: ModelProgress | None = None) -> ClosableModel | None:
    model = _open_model(cfg)
    if model is not None and progress is not None:
        model.progress = progress
    return model


def _open_model(cfg: ModelConfig) -> OpenAICompatModel | OllamaModel | None:
    """The configured model, or None for backend ``none``. Call ``close()`` when done; for
    ``local`` that stops the llama.cpp server this starts (a BundledModelError says why it
    could not start)."""
    if cfg.backend == "none":
        return None
    if cfg.backend == "openai":
        assert cfg.base_url is not None and cfg.model is not None  # checked by ModelConfig
        return OpenAICompatModel(
            base_url=cfg.base_url,
            model=cfg.model,
            api_key=cfg.api_key(),
            timeout_s=cfg.timeout_s,
            max_tokens=cfg.max_tokens,
            temperature=cfg.temperature,
            seed=cfg.seed,
            structured_output=cfg.structured_output,
        )
    if cfg.backend == "ollama":
        assert cfg.model is not None
        key = cfg.api_key()
        return OllamaModel(
            host=cfg.ollama_url,
            model=cfg.model,
            timeout_s=cfg.timeout_s,
            max_tokens=cfg.max_tokens,
            temperature=cfg.temperature,
            seed=cfg.seed,
            headers={"Authorization": f"Bearer {key}"} if key else None,
        )
    if cfg.backend == "local":
        server = LocalModelServer.from_config(cfg.local).start()
        return LocalServedModel(server, cfg)
    raise ModelConfigError(f"unknown model backend {cfg.backend!r}")
