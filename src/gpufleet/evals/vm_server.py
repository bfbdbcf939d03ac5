"""Real VictoriaMetrics and vmalert on 127.0.0.1, for tests and for the static-rules baseline.

Started the way ``shared/reference/real-components.md`` (VictoriaMetrics 1.79.5) records it:
``-retentionPeriod=100y`` (incident windows are old), ``-search.latencyOffset=0s`` (else the last
minute is hidden), ``-search.disableCache``, ``-dedup.minScrapeInterval=1ms`` (importing a sample
twice must not double it); ready when ``GET /health`` says OK. Imported data becomes queryable at
once after :meth:`VictoriaMetrics.force_flush`. A stopped server is confirmed with
``Popen.wait()``, never ``kill -0`` (zombies answer it on these machines).

vmalert replay needs ``-datasource.queryStep=0s`` or a rule with ``for:`` never leaves pending,
and the data flushed before it starts. Only loopback is ever contacted: HTTP goes through an
opener with proxies disabled.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

HOST = "127.0.0.1"
VM_BINARY = "victoria-metrics"
VMALERT_BINARY = "vmalert"
INSTALL_HINT = (
    "install the Debian package victoria-metrics (apt-get install victoria-metrics; "
    "`make test` as root on Debian does it)"
)
_IMPORT_BATCH_BYTES = 8 * 1024 * 1024
# Never route loopback traffic through an http_proxy from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class ServerUnavailable(RuntimeError):  # noqa: N818 (the name the callers use)
    """A server could not be started (binary missing, exited, not healthy in time); says why."""


class ReplayError(RuntimeError):
    """vmalert's replay exited non-zero or ran past its timeout; carries its log tail."""


def which(binary: str) -> str:
    """Absolute path of ``binary`` (a name on PATH or a path), or ServerUnavailable saying why."""
    if os.sep in binary:
        if Path(binary).is_file() and os.access(binary, os.X_OK):
            return binary
        raise ServerUnavailable(f"{binary}: no such executable file; {INSTALL_HINT}")
    found = shutil.which(binary)
    if found is None:
        raise ServerUnavailable(f"{binary} not found on PATH; {INSTALL_HINT}")
    return found


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (bind to port 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rfc3339(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _tail(path: Path, n: int = 4000) -> str:
    try:
        data = path.read_bytes()
    except OSError:
        return "(no log)"
    return data[-n:].decode("utf-8", "replace").strip() or "(empty log)"


def _http(
    method: str, url: str, body: bytes | None = None, timeout_s: float = 30.0
) -> tuple[int, bytes]:
    req = urllib.request.Request(url, data=body, method=method)
    try:
        with _OPENER.open(req, timeout=timeout_s) as resp:
            return int(resp.status), resp.read()
    except urllib.error.HTTPError as e:
        return int(e.code), e.read()


def process_state(pid: int) -> str | None:
    """The ``State:`` line of /proc/PID/status (e.g. ``Z (zombie)``), or None if gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


def stop_process(proc: subprocess.Popen[bytes], timeout_s: float) -> int:
    """SIGTERM, then SIGKILL after ``timeout_s``; always waited on (reaped), returns its code."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.wait(timeout=timeout_s)


class VictoriaMetrics:
    """A single-node VictoriaMetrics on 127.0.0.1 with a private data dir; a context manager.

    ``with VictoriaMetrics() as vm: vm.import_jsonl(path); vm.force_flush(); vm.export(...)``.
    """

    def __init__(
        self,
        *,
        binary: str = VM_BINARY,
        data_dir: str | Path | None = None,
        start_timeout_s: float = 20.0,
        stop_timeout_s: float = 10.0,
        extra_flags: Sequence[str] = (),
    ) -> None:
        self.binary = binary
        self.start_timeout_s = start_timeout_s
        self.stop_timeout_s = stop_timeout_s
        self.extra_flags = tuple(extra_flags)
        self._given_dir = Path(data_dir) if data_dir is not None else None
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.log_path: Path | None = None
        self.returncode: int | None = None

    @property
    def url(self) -> str:
        if self.process is None:
            raise RuntimeError("VictoriaMetrics is not running")
        return f"http://{HOST}:{self.port}"

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        if self.process is not None:
            raise RuntimeError("VictoriaMetrics already started")
        exe = which(self.binary)
        self._tmp = tempfile.TemporaryDirectory(prefix="gpufleet-vm-")
        root = Path(self._tmp.name)
        data_dir = self._given_dir or root / "data"
        self.log_path = root / "victoria-metrics.log"
        last_reason = ""
        for _attempt in range(3):  # the free port can be taken between probe and bind
            self.port = free_port()
            cmd = [
                exe,
                f"-storageDataPath={data_dir}",
                f"-httpListenAddr={HOST}:{self.port}",
                "-retentionPeriod=100y",
                "-search.latencyOffset=0s",
                "-search.disableCache",
                "-dedup.minScrapeInterval=1ms",
                *self.extra_flags,
            ]
            with self.log_path.open("ab") as log:
                self.process = subprocess.Popen(
                    cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
                )
            reason = self._wait_healthy()
            if reason is None:
                return
            last_reason = reason
            stop_process(self.process, self.stop_timeout_s)
            self.process = None
            if "address already in use" not in _tail(self.log_path).lower():
                break
        tail = _tail(self.log_path)
        self._cleanup()
        raise ServerUnavailable(
            f"victoria-metrics did not become healthy: {last_reason}\n--- log tail ---\n{tail}"
        )

    def _wait_healthy(self) -> str | None:
        assert self.process is not None
        deadline = time.monotonic() + self.start_timeout_s
        url = f"http://{HOST}:{self.port}/health"
        while time.monotonic() < deadline:
            rc = self.process.poll()
            if rc is not None:
                return f"exited with status {rc}"
            try:
                status, body = _http("GET", url, timeout_s=1.0)
                if status == 200 and body.strip() == b"OK":
                    return None
            except OSError:
                pass
            time.sleep(0.05)
        return f"/health not OK within {self.start_timeout_s:.0f} s"

    def log_tail(self, n: int = 4000) -> str:
        return _tail(self.log_path, n) if self.log_path is not None else "(no log)"

    def stop(self) -> None:
        """Terminate, wait (kill after ``stop_timeout_s``), and remove the temp directory."""
        if self.process is not None:
            self.returncode = stop_process(self.process, self.stop_timeout_s)
        self._cleanup()

    def _cleanup(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    # ------------------------------------------------------------------ data

    def import_jsonl(self, data: str | Path | Iterable[str]) -> int:
        """POST JSON lines to ``/api/v1/import`` in batches; returns the lines sent.

        ``data``: a file path, or an iterable of lines (a plain ``str`` is a path)."""
        if isinstance(data, str | Path):
            with Path(data).open(encoding="utf-8") as fh:
                return self._import_lines(fh)
        return self._import_lines(data)

    def _import_lines(self, lines: Iterable[str]) -> int:
        batch: list[bytes] = []
        size = sent = 0
        for line in lines:
            b = line.strip().encode("utf-8")
            if not b:
                continue
            batch.append(b)
            size += len(b) + 1
            sent += 1
            if size >= _IMPORT_BATCH_BYTES:
                self._post_import(batch)
                batch, size = [], 0
        if batch:
            self._post_import(batch)
        return sent

    def _post_import(self, batch: list[bytes]) -> None:
        body = b"\n".join(batch) + b"\n"
        status, resp = _http("POST", f"{self.url}/api/v1/import", body, timeout_s=120.0)
        if status not in (200, 204):
            raise RuntimeError(f"VictoriaMetrics import failed ({status}): {resp[:500]!r}")

    def import_prometheus(self, text: str) -> None:
        """POST Prometheus exposition text (``name{labels} value [ms]`` lines, as a scrape of an
        exporter reads) to ``/api/v1/import/prometheus``."""
        status, resp = _http(
            "POST", f"{self.url}/api/v1/import/prometheus", text.encode("utf-8"), timeout_s=120.0
        )
        if status not in (200, 204):
            raise RuntimeError(f"VictoriaMetrics import failed ({status}): {resp[:500]!r}")

    def force_flush(self) -> None:
        """Make everything imported so far visible to queries now (not ~3 s later)."""
        status, resp = _http("GET", f"{self.url}/internal/force_flush")
        if status != 200:
            raise RuntimeError(f"VictoriaMetrics force_flush failed ({status}): {resp[:300]!r}")

    def export_lines(
        self, match: str | Sequence[str], start: float | None = None, end: float | None = None
    ) -> Iterator[str]:
        """Raw ``/api/v1/export`` JSON lines for the series selectors in ``match``."""
        selectors = [match] if isinstance(match, str) else list(match)
        params: list[tuple[str, str]] = [("match[]", m) for m in selectors]
        if start is not None:
            params.append(("start", f"{start:.3f}"))
        if end is not None:
            params.append(("end", f"{end:.3f}"))
        url = f"{self.url}/api/v1/export?{urllib.parse.urlencode(params)}"
        status, body = _http("GET", url, timeout_s=120.0)
        if status != 200:
            raise RuntimeError(f"VictoriaMetrics export failed ({status}): {body[:500]!r}")
        for raw in body.splitlines():
            if raw.strip():
                yield raw.decode("utf-8")

    def export(
        self, match: str | Sequence[str], start: float | None = None, end: float | None = None
    ) -> list[dict[str, Any]]:
        """``/api/v1/export`` parsed: one dict per line (``metric``, ``values``, ``timestamps``)."""
        return [json.loads(line) for line in self.export_lines(match, start, end)]

    def query(self, expr: str, at: float) -> list[dict[str, Any]]:
        """An instant PromQL/MetricsQL query; the ``result`` list of the response."""
        q = urllib.parse.urlencode({"query": expr, "time": f"{at:.3f}"})
        status, body = _http("GET", f"{self.url}/api/v1/query?{q}")
        if status != 200:
            raise RuntimeError(f"VictoriaMetrics query failed ({status}): {body[:500]!r}")
        result: list[dict[str, Any]] = json.loads(body)["data"]["result"]
        return result

    def query_range(self, expr: str, start: float, end: float, step: float) -> list[dict[str, Any]]:
        """A range PromQL/MetricsQL query on the grid ``start + k·step`` ≤ ``end``; the
        ``result`` list (``metric``, ``values``). ``nocache=1`` keeps ``start`` where it is."""
        q = urllib.parse.urlencode(
            {
                "query": expr,
                "start": f"{start:.3f}",
                "end": f"{end:.3f}",
                "step": f"{step:.3f}",
                "nocache": "1",
            }
        )
        status, body = _http("GET", f"{self.url}/api/v1/query_range?{q}")
        if status != 200:
            raise RuntimeError(f"VictoriaMetrics query failed ({status}): {body[:500]!r}")
        result: list[dict[str, Any]] = json.loads(body)["data"]["result"]
        return result


def run_vmalert_replay(
    vm: VictoriaMetrics,
    rules_yaml: str,
    start: float,
    end: float,
    *,
    binary: str = VMALERT_BINARY,
    timeout_s: float = 120.0,
) -> list[dict[str, Any]]:
    """Replay ``rules_yaml`` over [start, end] against ``vm``; return ALERTS/ALERTS_FOR_STATE.

    vmalert evaluates every rule group at its ``interval`` over the window and writes the alert
    series back into ``vm``; they are then flushed and exported (JSON-lines dicts). The data to
    evaluate must already be imported (this function flushes before starting)."""
    exe = which(binary)
    if end <= start:
        raise ValueError(f"replay window is empty: start={start} end={end}")
    vm.force_flush()
    with tempfile.TemporaryDirectory(prefix="gpufleet-vmalert-") as tmp:
        rules = Path(tmp) / "rules.yaml"
        rules.write_text(rules_yaml, encoding="utf-8")
        log_path = Path(tmp) / "vmalert.log"
        cmd = [
            exe,
            f"-rule={rules}",
            f"-datasource.url={vm.url}",
            f"-remoteWrite.url={vm.url}",
            f"-replay.timeFrom={rfc3339(start)}",
            f"-replay.timeTo={rfc3339(end)}",
            "-replay.disableProgressBar",
            "-replay.rulesDelay=0s",
            "-datasource.queryStep=0s",
            f"-httpListenAddr={HOST}:{free_port()}",
        ]
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
            try:
                rc = proc.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                stop_process(proc, 5.0)
                raise ReplayError(
                    f"vmalert replay ran past {timeout_s:.0f} s\n--- log tail ---\n"
                    f"{_tail(log_path)}"
                ) from None
        if rc != 0:
            raise ReplayError(
                f"vmalert replay exited with status {rc}\n--- log tail ---\n{_tail(log_path)}"
            )
    vm.force_flush()
    return vm.export('{__name__=~"ALERTS|ALERTS_FOR_STATE"}')
