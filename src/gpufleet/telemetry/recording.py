"""A recorded run on disk: the exact ticks a source produced, for replay and tests.

Layout of a run directory::

    meta.json         format version, interval, start, seed, field lists, chunk list
    topology.json     the clusters (telemetry.topology models)
    frames-NNNN.npz   chunks of GPU and node frames (float64, NaN = missing), with timestamps
    events.jsonl      one line per tick that carried log events or a workload change
    truth.json        ground truth of injected faults (simulated runs only)

Values are stored as float64 so a replay is bit-identical to the live run: the detector sees
the same numbers and produces the same incidents with the same ids. This is gpufleet's own
columnar format; recorded incidents cut from a real fleet use VictoriaMetrics' JSON-lines export
(the evals package), which is portable but not columnar.

:class:`RunReader` treats a run directory as outside input and raises only
:class:`RecordingError` (naming the file, and the line for ``events.jsonl``): JSON files are
capped (``MAX_JSON_BYTES``), nested ≤ 64 levels (checked before parsing), free of NaN/Infinity;
``meta.json`` is checked field by field (chunk names must be ``frames-NNNN.npz`` in the
directory); an ``events.jsonl`` line may be at most ``MAX_EVENT_LINE`` characters; a frames
chunk is never decompressed beyond the size its topology and field lists allow, and its arrays
must have the recorded shapes. Arrays are loaded without pickle.
"""

from __future__ import annotations

import json
import math
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Cluster, Topology, Workload
from gpufleet.telemetry.truth import GroundTruth
from gpufleet.telemetry.untrusted import (
    Limits,
    UntrustedInputError,
    bounded_lines,
    clip,
    loads_json,
)
from gpufleet.telemetry.untrusted import read_text as _read_capped

FORMAT = "gpufleet-run/1"
CHUNK_TICKS = 240
MAX_JSON_BYTES = 64 * 1024 * 1024  # meta.json, topology.json, truth.json
MAX_EVENT_LINE = 16 * 1024 * 1024  # one events.jsonl line (one tick's events and workloads)
_JSON_LIMITS = Limits(max_bytes=MAX_JSON_BYTES)
_LINE_LIMITS = Limits(max_bytes=4 * MAX_EVENT_LINE)
_CHUNK_NAME = re.compile(r"frames-[0-9]{4,9}\.npz")


class RecordingError(ValueError):
    """A run directory that cannot be read; the message names the file and the problem."""


class RunWriter:
    def __init__(
        self,
        path: str | Path,
        topology: Topology,
        *,
        interval_s: float,
        start: float,
        seed: int | None = None,
        description: str = "",
    ) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.topology = topology
        self.meta: dict[str, Any] = {
            "format": FORMAT,
            "interval_s": interval_s,
            "start": start,
            "seed": seed,
            "description": description,
            "chunks": [],
            "n_ticks": 0,
        }
        self._gpu: list[np.ndarray] = []
        self._node: list[np.ndarray] = []
        self._ts: list[float] = []
        self._fields: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self._events = (self.path / "events.jsonl").open("w", encoding="utf-8")
        (self.path / "topology.json").write_text(
            json.dumps([c.model_dump(mode="json") for c in topology.clusters], indent=1)
        )

    def write(self, tick: Tick) -> None:
        gpu = tick.frame(EntityKind.GPU)
        node = tick.frame(EntityKind.NODE)
        if gpu is None or node is None:
            raise ValueError("a recorded tick needs both a GPU and a node frame")
        if gpu.entities != self.topology.gpu_keys or node.entities != self.topology.node_keys:
            raise ValueError("frames must be in topology order to be recorded")
        fields = (gpu.fields, node.fields)
        if self._fields is None:
            self._fields = fields
            self.meta["gpu_fields"], self.meta["node_fields"] = list(fields[0]), list(fields[1])
        elif fields != self._fields:
            raise ValueError("field lists changed during the recording")
        self._gpu.append(gpu.values)
        self._node.append(node.values)
        self._ts.append(tick.timestamp)
        if tick.events or tick.workloads is not None:
            line = {
                "t": tick.timestamp,
                "events": [_event_json(e) for e in tick.events],
                "workloads": None
                if tick.workloads is None
                else {
                    k: w.model_dump(mode="json", exclude_none=True)
                    for k, w in tick.workloads.items()
                },
            }
            self._events.write(json.dumps(line, separators=(",", ":")) + "\n")
        if len(self._ts) >= CHUNK_TICKS:
            self._flush()

    def _flush(self) -> None:
        if not self._ts:
            return
        name = f"frames-{len(self.meta['chunks']):04d}.npz"
        np.savez_compressed(
            self.path / name,
            timestamps=np.asarray(self._ts),
            gpu=np.stack(self._gpu),
            node=np.stack(self._node),
        )
        self.meta["chunks"].append(name)
        self.meta["n_ticks"] += len(self._ts)
        self._gpu, self._node, self._ts = [], [], []

    def close(self, truth: Sequence[GroundTruth] = ()) -> None:
        self._flush()
        self._events.close()
        (self.path / "truth.json").write_text(json.dumps([asdict(t) for t in truth], indent=1))
        (self.path / "meta.json").write_text(json.dumps(self.meta, indent=1))


def _event_json(e: LogEvent) -> dict[str, Any]:
    d = {k: v for k, v in asdict(e).items() if v not in (None, {}, "")}
    return d


def _json_file(path: Path) -> Any:
    try:
        return loads_json(_read_capped(path, str(path), MAX_JSON_BYTES), str(path), _JSON_LIMITS)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise RecordingError(f"{path}: cannot read: {e.strerror or e}") from None
    except UntrustedInputError as e:
        raise RecordingError(str(e)) from None


def _number(meta: dict[str, Any], key: str, source: Path) -> float:
    value = meta.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RecordingError(f"{source}: {key} must be a finite number, got {clip(value, 60)}")
    return float(value)


def _names(meta: dict[str, Any], key: str, source: Path) -> tuple[str, ...]:
    value = meta.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordingError(f"{source}: {key} must be a list of names")
    return tuple(value)


class RunReader:
    """Reads a run directory back as ticks, in order. Raises only :class:`RecordingError`
    (see the module docstring for what is checked)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        meta_file = self.path / "meta.json"
        try:
            meta = _json_file(meta_file)
        except FileNotFoundError:
            raise RecordingError(f"{self.path}: not a gpufleet run (no meta.json)") from None
        if not isinstance(meta, dict):
            raise RecordingError(f"{meta_file}: expected a JSON object")
        self.meta: dict[str, Any] = meta
        if meta.get("format") != FORMAT:
            raise RecordingError(
                f"{meta_file}: format {clip(meta.get('format'), 60)!r}, expected {FORMAT!r}"
            )
        topo_file = self.path / "topology.json"
        try:
            raw = _json_file(topo_file)
            if not isinstance(raw, list):
                raise RecordingError(f"{topo_file}: expected a JSON list of clusters")
            self.topology = Topology([Cluster.model_validate(c) for c in raw])
        except FileNotFoundError:
            raise RecordingError(f"{topo_file}: missing") from None
        except (ValueError, TypeError, KeyError, IndexError) as e:
            if isinstance(e, RecordingError):
                raise
            raise RecordingError(f"{topo_file}: {clip(e, 2000)}") from None
        self.gpu_fields = _names(meta, "gpu_fields", meta_file)
        self.node_fields = _names(meta, "node_fields", meta_file)
        self.interval_s = _number(meta, "interval_s", meta_file)
        self.start = _number(meta, "start", meta_file)
        chunks = meta.get("chunks")
        if not isinstance(chunks, list) or not all(
            isinstance(c, str) and _CHUNK_NAME.fullmatch(c) for c in chunks
        ):
            raise RecordingError(f"{meta_file}: chunks must be a list of frames-NNNN.npz names")
        self.chunks: tuple[str, ...] = tuple(chunks)
        n_ticks = meta.get("n_ticks", 0)
        if isinstance(n_ticks, bool) or not isinstance(n_ticks, int) or n_ticks < 0:
            raise RecordingError(f"{meta_file}: n_ticks must be a count, got {clip(n_ticks, 60)}")

    def truth(self) -> list[GroundTruth]:
        p = self.path / "truth.json"
        if not p.exists():
            return []
        try:
            raw = _json_file(p)
        except FileNotFoundError:
            return []
        if not isinstance(raw, list):
            raise RecordingError(f"{p}: expected a JSON list")
        out = []
        for i, item in enumerate(raw):
            try:
                d = dict(item)
                d["entities"], d["jobs"] = tuple(d["entities"]), tuple(d.get("jobs", ()))
                out.append(GroundTruth(**d))
            except (ValueError, TypeError, KeyError) as e:
                raise RecordingError(f"{p}: [{i}]: {type(e).__name__}: {clip(e, 300)}") from None
        return out

    def _events(self) -> dict[float, dict[str, Any]]:
        out: dict[float, dict[str, Any]] = {}
        p = self.path / "events.jsonl"
        try:
            with p.open(encoding="utf-8") as fh:
                for lineno, line in bounded_lines(fh, MAX_EVENT_LINE):
                    if line is None:
                        raise RecordingError(
                            f"{p}:{lineno}: line longer than {MAX_EVENT_LINE} characters"
                        )
                    if not line.strip():
                        continue
                    try:
                        rec = loads_json(line, "line", _LINE_LIMITS)
                        t = float(rec["t"])
                        if not math.isfinite(t) or not isinstance(rec.get("events", []), list):
                            raise ValueError("t must be finite and events a list")
                        out[t] = rec
                    except (ValueError, KeyError, TypeError, OverflowError) as e:
                        raise RecordingError(f"{p}:{lineno}: bad event line: {clip(e)}") from None
        except FileNotFoundError:
            return out
        except UnicodeDecodeError as e:
            raise RecordingError(f"{p}: not UTF-8 text: {e.reason}") from None
        except OSError as e:
            raise RecordingError(f"{p}: cannot read: {e.strerror or e}") from None
        return out

    def _chunk(self, name: str) -> tuple[Any, Any, Any]:
        topo = self.topology
        path = self.path / name
        per_tick = topo.n_gpus * len(self.gpu_fields) + topo.n_nodes * len(self.node_fields) + 1
        budget = 8 * per_tick * CHUNK_TICKS + 64 * 1024  # float64 values + .npy headers
        try:
            with zipfile.ZipFile(path) as zf:
                size = sum(i.file_size for i in zf.infolist())
            if size > budget:
                raise RecordingError(
                    f"{path}: {size} bytes uncompressed; a chunk of this run is at most {budget}"
                )
            with np.load(path, allow_pickle=False) as data:
                ts, gpu, node = data["timestamps"], data["gpu"], data["node"]
        except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as e:
            if isinstance(e, RecordingError):
                raise
            raise RecordingError(f"{path}: cannot load frames: {clip(e, 300)}") from None
        n = ts.shape[0] if ts.ndim == 1 else -1
        want = {
            "timestamps": (ts, (n,)),
            "gpu": (gpu, (n, topo.n_gpus, len(self.gpu_fields))),
            "node": (node, (n, topo.n_nodes, len(self.node_fields))),
        }
        for key, (arr, shape) in want.items():
            if n < 0 or arr.shape != shape or arr.dtype != np.float64:
                raise RecordingError(
                    f"{path}: {key} is {arr.dtype}{list(arr.shape)}, expected float64{list(shape)}"
                )
        return ts, gpu, node

    def ticks(self) -> Iterator[Tick]:
        topo = self.topology
        events = self._events()
        for chunk in self.chunks:
            ts, gpu, node = self._chunk(chunk)
            for i, t in enumerate(map(float, ts)):
                rec = events.get(t)
                evs: tuple[LogEvent, ...] = ()
                workloads = None
                try:
                    if rec is not None:
                        evs = tuple(LogEvent(**e) for e in rec.get("events", []))
                        if rec.get("workloads") is not None:
                            workloads = {
                                str(k): Workload.model_validate(w)
                                for k, w in dict(rec["workloads"]).items()
                            }
                    frames = (
                        Frame(t, EntityKind.GPU, topo.gpu_keys, self.gpu_fields, gpu[i], "replay"),
                        Frame(
                            t, EntityKind.NODE, topo.node_keys, self.node_fields, node[i], "replay"
                        ),
                    )
                except (ValueError, TypeError, KeyError) as e:
                    raise RecordingError(
                        f"{self.path}: tick at t={t}: {type(e).__name__}: {clip(e, 300)}"
                    ) from None
                yield Tick(t, frames, evs, workloads)
