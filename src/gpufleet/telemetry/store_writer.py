"""Write gpufleet ticks into VictoriaMetrics, so a realistic store can be populated.

:class:`VictoriaMetricsWriter` streams ticks through :func:`telemetry.vmjson.write_vm_jsonl`
(dcgm-exporter metric names and labels, the same JSON lines ``/api/v1/export`` returns) and POSTs
them to ``/api/v1/import``, gzip-compressed (``Content-Encoding: gzip``): JSON lines of numbers
compress ~5-8×, which matters more than the CPU spent at level 1. Memory stays bounded: the
encoder buffers about ``batch_samples`` values of ticks, each such chunk becomes one request, and
a request never exceeds :data:`MAX_REQUEST_BYTES` of uncompressed text (it is split at line
boundaries). :meth:`VictoriaMetricsWriter.import_prometheus_text` posts Prometheus exposition text
to ``/api/v1/import/prometheus`` (what a dcgm-exporter scrape returns).

VictoriaMetrics answers 204 once it has parsed a request; the data becomes queryable about a
second later, or at once after :meth:`VictoriaMetricsWriter.force_flush` (``/internal/force_flush``,
a VictoriaMetrics-only endpoint meant for tests and batch loads). Importing the same samples twice
stores them twice unless the store runs with ``-dedup.minScrapeInterval`` (see
``shared/reference/real-components.md``). Any non-2xx answer or transport failure raises
:class:`StoreWriteError` with the URL, the status and an excerpt of the body.
"""

from __future__ import annotations

import gzip
import io
import re
import time
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from types import TracebackType
from urllib.parse import urlparse

import httpx
import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.fields import ALL_FIELDS
from gpufleet.telemetry.fields import field as field_spec
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.promql import promql_duration, promql_regex_literal
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.vmjson import write_vm_jsonl

MAX_REQUEST_BYTES = 32 * 1024 * 1024
DEFAULT_BATCH_SAMPLES = 1_000_000
_BODY_EXCERPT = 500


class StoreWriteError(RuntimeError):
    """An import request failed; the message has the URL, HTTP status and a body excerpt."""

    def __init__(self, message: str, *, url: str, status: int | None = None) -> None:
        super().__init__(message)
        self.url = url
        self.status = status


@dataclass
class WriteStats:
    """What the last :meth:`VictoriaMetricsWriter.write_ticks` sent."""

    samples: int = 0
    series: int = 0
    lines: int = 0
    requests: int = 0
    bytes_raw: int = 0
    bytes_sent: int = 0
    seconds: float = 0.0
    # (timestamp, samples) of each tick: which samples a store may hide or drop by their time
    per_tick: list[tuple[float, int]] = field(default_factory=list)


def _is_loopback(url: str) -> bool:
    host = (urlparse(url).hostname or "").lower()
    return host in {"localhost", "::1"} or host.startswith("127.")


def _canonical(name: str) -> str | None:
    try:
        return field_spec(name).name
    except KeyError:
        return None


class _Batcher(io.StringIO):
    """The text sink write_vm_jsonl writes into: posts complete lines once it holds enough."""

    def __init__(self, writer: VictoriaMetricsWriter, max_bytes: int) -> None:
        super().__init__()
        self.writer = writer
        self.max_bytes = max_bytes

    def write(self, s: str) -> int:
        n = super().write(s)
        # write_vm_jsonl writes each object and its "\n" separately: post only at a line end.
        if s.endswith("\n") and self.tell() >= self.max_bytes:
            self.post()
        return n

    def post(self) -> None:
        text = self.getvalue()
        if text:
            self.seek(0)
            self.truncate()
            self.writer.post_jsonl(text)


class VictoriaMetricsWriter:
    """Posts ticks (or raw JSON lines / Prometheus text) to a VictoriaMetrics import endpoint.

    ``url``: the VictoriaMetrics root (``http://127.0.0.1:8428``); for a cluster install, the
    vminsert tenant prefix (``http://vminsert:8480/insert/0/prometheus``) works the same, since
    ``/api/v1/import`` is appended. ``timeout_s``: per request. ``batch_samples``: about how many
    samples one request carries (and how many the encoder buffers). ``trust_env``: honour proxy
    environment variables; default yes except for loopback URLs."""

    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 60.0,
        batch_samples: int = DEFAULT_BATCH_SAMPLES,
        gzip_level: int = 1,
        headers: dict[str, str] | None = None,
        trust_env: bool | None = None,
    ) -> None:
        if batch_samples < 1:
            raise ValueError(f"batch_samples must be >= 1, got {batch_samples}")
        self.url = url.rstrip("/")
        self.batch_samples = batch_samples
        self.gzip_level = gzip_level
        self.client = httpx.Client(
            timeout=timeout_s,
            headers=headers,
            trust_env=(not _is_loopback(self.url)) if trust_env is None else trust_env,
        )
        self.stats = WriteStats()

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> VictoriaMetricsWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ HTTP
    def _post(self, path: str, body: str, content_type: str) -> None:
        raw = body.encode("utf-8")
        data = gzip.compress(raw, compresslevel=self.gzip_level)
        endpoint = f"{self.url}{path}"
        try:
            resp = self.client.post(
                endpoint,
                content=data,
                headers={"Content-Encoding": "gzip", "Content-Type": content_type},
            )
        except httpx.HTTPError as e:
            raise StoreWriteError(
                f"cannot write to {endpoint}: {type(e).__name__}: {e}", url=endpoint
            ) from e
        if resp.status_code not in (200, 204):
            excerpt = resp.text[:_BODY_EXCERPT].strip()
            raise StoreWriteError(
                f"{endpoint} refused the import: HTTP {resp.status_code}: {excerpt or '(empty)'}",
                url=endpoint,
                status=resp.status_code,
            )
        self.stats.requests += 1
        self.stats.bytes_raw += len(raw)
        self.stats.bytes_sent += len(data)

    def post_jsonl(self, text: str) -> None:
        """POST VictoriaMetrics JSON lines (one ``{"metric","values","timestamps"}`` per line)."""
        self.stats.lines += text.count("\n")
        self._post("/api/v1/import", text, "application/x-ndjson")

    # ------------------------------------------------------------------ public
    def write_ticks(
        self,
        ticks: Iterable[Tick],
        topology: Topology,
        *,
        fields: Collection[str] | None = None,
        workloads_as_labels: bool = True,
    ) -> int:
        """Write ticks (GPU and node frames) as dcgm-exporter-labelled series; return the number
        of samples sent (finite values of the written fields). NaN cells are gaps, not samples.

        ``fields``: metric names to write (aliases accepted; default all). Each chunk of about
        ``batch_samples`` samples is posted as soon as the encoder finishes it, so arbitrarily
        long runs stream. Details of the last call are in :attr:`stats`."""
        self.stats = WriteStats()
        began = time.perf_counter()
        target = set(ALL_FIELDS) if fields is None else {field_spec(f).name for f in fields}
        sink = _Batcher(self, MAX_REQUEST_BYTES)
        col_cache: dict[tuple[str, ...], npt.NDArray[np.intp]] = {}
        samples = 0

        def counted() -> Iterator[Tick]:
            nonlocal samples
            for tick in ticks:
                # A chunk the encoder wrote before asking for this tick is complete: send it.
                sink.post()
                before = samples
                for frame in tick.frames:
                    cols = col_cache.get(frame.fields)
                    if cols is None:
                        cols = np.asarray(
                            [i for i, n in enumerate(frame.fields) if _canonical(n) in target],
                            dtype=np.intp,
                        )
                        col_cache[frame.fields] = cols
                    if cols.size:
                        samples += int(np.isfinite(frame.values[:, cols]).sum())
                self.stats.per_tick.append((tick.timestamp, samples - before))
                yield tick

        self.stats.series = write_vm_jsonl(
            counted(),
            topology,
            sink,
            fields=fields,
            workloads_as_labels=workloads_as_labels,
            chunk_samples=self.batch_samples,
        )
        sink.post()
        self.stats.samples = samples
        self.stats.seconds = time.perf_counter() - began
        return samples

    def write_lines(self, lines: Iterable[str]) -> int:
        """POST existing JSON lines (e.g. a recorded ``metrics.jsonl``) in bounded requests;
        return the number of lines sent."""
        buf: list[str] = []
        size = sent = 0
        for line in lines:
            text = line.strip()
            if not text:
                continue
            buf.append(text)
            size += len(text) + 1
            sent += 1
            if size >= MAX_REQUEST_BYTES // 4:
                self.post_jsonl("\n".join(buf) + "\n")
                buf, size = [], 0
        if buf:
            self.post_jsonl("\n".join(buf) + "\n")
        return sent

    def import_prometheus_text(self, text: str) -> None:
        """POST Prometheus exposition text (a scrape; optional ms timestamps after values) to
        ``/api/v1/import/prometheus``. Samples without a timestamp get the store's receive time."""
        if not text.endswith("\n"):
            text += "\n"
        self._post("/api/v1/import/prometheus", text, "text/plain; version=0.0.4")

    def force_flush(self) -> None:
        """Make everything imported so far queryable now (``/internal/force_flush``)."""
        endpoint = f"{self.url}/internal/force_flush"
        try:
            resp = self.client.get(endpoint)
        except httpx.HTTPError as e:
            raise StoreWriteError(f"cannot reach {endpoint}: {e}", url=endpoint) from e
        if resp.status_code != 200:
            raise StoreWriteError(
                f"{endpoint}: HTTP {resp.status_code}: {resp.text[:_BODY_EXCERPT].strip()}",
                url=endpoint,
                status=resp.status_code,
            )

    # ------------------------------------------------------------------ read back
    def count_stored(self, hosts: Collection[str], start: float, end: float) -> int:
        """How many samples of ``hosts`` the store returns for ``[start, end]`` (Unix seconds):
        what an import actually left readable. A store drops samples outside its retention
        (and VictoriaMetrics answers 204 all the same), so only a read shows what is there."""
        pattern = promql_regex_literal(sorted(hosts))
        window = promql_duration(end - start + 0.001)  # (end - window, end] holds start
        expr = f"sum(count_over_time({{Hostname=~{pattern}}}[{window}]))"
        endpoint = f"{self.url}/api/v1/query"
        try:
            resp = self.client.get(endpoint, params={"query": expr, "time": f"{end:.3f}"})
        except httpx.HTTPError as e:
            raise StoreWriteError(f"cannot read back from {endpoint}: {e}", url=endpoint) from e
        if resp.status_code != 200:
            raise StoreWriteError(
                f"{endpoint}: HTTP {resp.status_code}: {resp.text[:_BODY_EXCERPT].strip()}",
                url=endpoint,
                status=resp.status_code,
            )
        try:
            result = resp.json()["data"]["result"]
            return int(float(result[0]["value"][1])) if result else 0
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise StoreWriteError(
                f"{endpoint}: unexpected answer to {expr!r}: {resp.text[:_BODY_EXCERPT]}",
                url=endpoint,
            ) from e

    def retention_s(self) -> float | None:
        """The store's retention in seconds, from VictoriaMetrics' ``/metrics`` flag gauge
        (``flag{name="retentionPeriod",value="1"}``); None when the store does not say."""
        return retention_from_metrics(self.metrics_page())

    def metrics_page(self) -> str:
        """The store's own ``/metrics`` page (its flags among them); empty when unreadable."""
        try:
            resp = self.client.get(f"{self.url}/metrics")
        except httpx.HTTPError:
            return ""
        return resp.text if resp.status_code == 200 else ""


_RETENTION_FLAG = re.compile(r'^flag\{name="retentionPeriod",\s*value="([^"]*)"', re.MULTILINE)
_PERIOD = re.compile(r"^(\d+(?:\.\d+)?)([hdwy]?)$")
_PERIOD_UNIT_S = {"h": 3600.0, "d": 86400.0, "w": 7 * 86400.0, "y": 365 * 86400.0}
_MONTH_S = 31 * 86400.0  # a bare number is months (VictoriaMetrics' -retentionPeriod)


def flag_from_metrics(text: str, name: str) -> str | None:
    """A command-line flag's value (set or default) from a VictoriaMetrics ``/metrics`` page."""
    m = re.search(rf'^flag\{{name="{re.escape(name)}",\s*value="([^"]*)"', text, re.MULTILINE)
    return m.group(1) if m else None


_GO_DURATION = re.compile(r"(\d+(?:\.\d*)?)(ns|us|µs|ms|s|m|h)")
_GO_UNIT_S = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}


def go_duration_s(text: str | None) -> float | None:
    """A Go duration flag value (``30s``, ``1m0s``, ``1ms``, ``0s``) in seconds, or None."""
    if not text:
        return None
    parts = list(_GO_DURATION.finditer(text))
    if not parts or "".join(m.group(0) for m in parts) != text:
        return 0.0 if text == "0" else None
    return sum(float(m.group(1)) * _GO_UNIT_S[m.group(2)] for m in parts)


def retention_from_metrics(text: str) -> float | None:
    """``-retentionPeriod`` in seconds from a VictoriaMetrics ``/metrics`` page, or None."""
    m = _RETENTION_FLAG.search(text)
    if m is None:
        return None
    period = _PERIOD.match(m.group(1).strip())
    if period is None:
        return None
    amount, unit = float(period.group(1)), period.group(2)
    return amount * (_PERIOD_UNIT_S[unit] if unit else _MONTH_S)
