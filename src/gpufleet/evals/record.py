"""Cut an incident window out of a VictoriaMetrics store into the recorded-incident format.

:func:`record_incident` asks the store for ``/api/v1/export`` (JSON lines) over the window and
streams the answer byte for byte into ``metrics.jsonl`` — that export IS the recorded format
(``evals.format``), so nothing is re-encoded and an operator can diff it against their store. It
then reads the file back once (``telemetry.vmjson.read_vm_jsonl``) to check it holds usable
samples, to infer the topology when none is given (one node per ``Hostname``, GPUs from the
dcgm-exporter labels, all in a rack named ``unknown``) and the sample interval; writes
``topology.json`` (``topology_file: topology.json`` in ``incident.yaml``), copies optional
``logs.txt`` / ``events.jsonl``, and writes ``incident.yaml`` with :func:`evals.format.dump_spec`.
The folder loads with :func:`evals.recorded.load_incident` and replays through the detector.

The folder appears only when everything succeeded: files are written into ``<name>.partial``
next to it and renamed at the end. A window with no matching samples raises
:class:`RecordError` naming the store, the selector and the window. Only the given store URL is
contacted; loopback URLs ignore proxy environment variables.

Note: VictoriaMetrics' export ``end`` is inclusive, and it returns samples stored with
``-dedup.minScrapeInterval`` already deduplicated.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import urlparse

import httpx
from pydantic import ValidationError

from gpufleet.evals.format import IncidentSpec, TimeRange, Truth, dump_spec, rfc3339
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.vmjson import read_vm_jsonl

DEFAULT_SELECTOR = '{__name__=~"DCGM_.*|NODE_.*"}'
_BODY_EXCERPT = 500


class RecordError(RuntimeError):
    """Recording failed (store unreachable, export refused, nothing in the window, bad input)."""


@dataclass
class RecordedIncident:
    """What :func:`record_incident` wrote."""

    folder: Path
    spec: IncidentSpec
    topology: Topology
    lines: int  # JSON lines in metrics.jsonl
    bytes: int
    series: int
    samples: int
    ticks: int
    problems: list[str] = field(default_factory=list)  # from reading the export back


def _is_loopback(url: str) -> bool:
    host = (urlparse(url).hostname or "").lower()
    return host in {"localhost", "::1"} or host.startswith("127.")


def export_window(
    store_url: str,
    start: float,
    end: float,
    out: Path,
    *,
    selector: str = DEFAULT_SELECTOR,
    timeout_s: float = 300.0,
    headers: dict[str, str] | None = None,
) -> tuple[int, int]:
    """Stream ``/api/v1/export`` for ``selector`` over [start, end] into ``out``, unchanged.

    Returns (lines, bytes). Raises :class:`RecordError` on a transport failure or a non-200
    answer (with the status and a body excerpt)."""
    url = f"{store_url.rstrip('/')}/api/v1/export"
    params = {"match[]": selector, "start": f"{start:.3f}", "end": f"{end:.3f}"}
    lines = size = 0
    last = b"\n"
    try:
        with (
            httpx.Client(
                timeout=timeout_s, headers=headers, trust_env=not _is_loopback(store_url)
            ) as client,
            client.stream("GET", url, params=params) as resp,
        ):
            if resp.status_code != 200:
                body = resp.read().decode("utf-8", "replace")[:_BODY_EXCERPT].strip()
                raise RecordError(
                    f"export from {url} ({selector}, {rfc3339(start)}..{rfc3339(end)}) "
                    f"failed: HTTP {resp.status_code}: {body or '(empty)'}"
                )
            with out.open("wb") as fh:
                for chunk in resp.iter_bytes():  # decoded if the store gzipped the response
                    if not chunk:
                        continue
                    fh.write(chunk)
                    size += len(chunk)
                    lines += chunk.count(b"\n")
                    last = chunk[-1:]
                if last != b"\n":  # a final line without its newline still counts
                    fh.write(b"\n")
                    size += 1
                    lines += 1
    except httpx.HTTPError as e:
        raise RecordError(f"cannot export from {url}: {type(e).__name__}: {e}") from e
    return lines, size


def _kind(truth: Truth) -> Literal["fault", "red_herring", "fault_free"]:
    if not truth.faults:
        return "fault_free"
    if all(f.benign for f in truth.faults):
        return "red_herring"
    return "fault"


def _spec(
    *,
    incident_id: str,
    title: str,
    description: str,
    start: float,
    end: float,
    interval_s: float,
    truth: Truth,
) -> IncidentSpec:
    try:
        return IncidentSpec(
            id=incident_id,
            title=title,
            description=description,
            kind=_kind(truth),
            time_range=TimeRange(start=start, end=end),
            interval_s=interval_s,
            topology_file="topology.json",
            truth=truth,
        )
    except ValidationError as e:
        why = "; ".join(
            f"{'.'.join(str(x) for x in err['loc']) or '(top level)'}: {err['msg']}"
            for err in e.errors()
        )
        raise RecordError(f"incident {incident_id!r} would be invalid: {why}") from e


def record_incident(
    store_url: str,
    start: float,
    end: float,
    out_folder: str | Path,
    *,
    topology: Topology | None,
    incident_id: str,
    title: str,
    truth: Truth | None = None,
    logs: Path | None = None,
    events: Path | None = None,
    selector: str = DEFAULT_SELECTOR,
    description: str = "",
    interval_s: float | None = None,
    overwrite: bool = False,
    timeout_s: float = 300.0,
    headers: dict[str, str] | None = None,
) -> RecordedIncident:
    """Record [start, end] (Unix seconds) of ``store_url`` into ``out_folder``.

    ``topology``: the fleet (written to ``topology.json``), or None to infer it from the
    labels. ``truth``: what happened, if known; default an empty truth (``kind: fault_free``)
    whose ``source`` names the store, selector and window. ``logs`` / ``events``: kernel-log
    text and scheduler events (``evals.sched_events`` format) covering the window, copied as
    ``logs.txt`` / ``events.jsonl``. ``interval_s``: the sample grid; default the median spacing
    of the exported samples. ``overwrite``: replace an existing non-empty folder (otherwise an
    error). Raises :class:`RecordError` with the reason; nothing is left behind on failure."""
    out = Path(out_folder)
    if not end > start:
        raise RecordError(f"empty window: start={rfc3339(start)} end={rfc3339(end)}")
    for label, path in (("logs", logs), ("events", events)):
        if path is not None and not Path(path).is_file():
            raise RecordError(f"{label} file {path} does not exist")
    if truth is None:
        truth = Truth(
            faults=[],
            source=f"recorded from {store_url} ({selector}), "
            f"{rfc3339(start)}..{rfc3339(end)}; no ground truth given",
        )
    # Validate id, title and truth (onsets inside the window) before touching the store.
    _spec(
        incident_id=incident_id,
        title=title,
        description=description,
        start=start,
        end=end,
        interval_s=interval_s or 15.0,
        truth=truth,
    )
    if out.exists() and any(out.iterdir()) and not overwrite:
        raise RecordError(f"{out} exists and is not empty (pass overwrite=True to replace it)")

    tmp = out.with_name(out.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        metrics = tmp / "metrics.jsonl"
        lines, size = export_window(
            store_url,
            start,
            end,
            metrics,
            selector=selector,
            timeout_s=timeout_s,
            headers=headers,
        )
        window = f"{rfc3339(start)}..{rfc3339(end)}"
        if lines == 0:
            raise RecordError(
                f"no samples in {store_url} match {selector} between {window}: check the "
                "window (Unix seconds, UTC), the selector, and that the data was flushed"
            )
        with metrics.open(encoding="utf-8") as fh:
            read = read_vm_jsonl(
                fh, topology=topology, source=str(out / "metrics.jsonl"), interval_s=interval_s
            )
        if not read.ticks:
            first = f": {read.errors[0]}" if read.errors else ""
            raise RecordError(
                f"{lines} series exported from {store_url} for {window}, but none is usable "
                f"as dcgm-exporter GPU / node data{first}"
            )
        topo = read.topology
        (tmp / "topology.json").write_text(
            json.dumps([c.model_dump(mode="json") for c in topo.clusters], indent=1) + "\n",
            encoding="utf-8",
        )
        if logs is not None:
            shutil.copyfile(logs, tmp / "logs.txt")
        if events is not None:
            shutil.copyfile(events, tmp / "events.jsonl")
        spec = _spec(
            incident_id=incident_id,
            title=title,
            description=description,
            start=start,
            end=end,
            interval_s=read.interval_s,
            truth=truth,
        )
        dump_spec(spec, tmp)
        if out.exists():
            shutil.rmtree(out)
        tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return RecordedIncident(
        folder=out,
        spec=spec,
        topology=topo,
        lines=lines,
        bytes=size,
        series=read.series,
        samples=read.samples,
        ticks=len(read.ticks),
        problems=read.errors,
    )
