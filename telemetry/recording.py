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
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from telemetry.frame import EntityKind, Frame, LogEvent, Tick
from telemetry.topology import Cluster, Topology, Workload
from telemetry.truth import GroundTruth

FORMAT = "gpufleet-run/1"
CHUNK_TICKS = 240


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


class RunReader:
    """Reads a run directory back as ticks, in order."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        meta_file = self.path / "meta.json"
        try:
            self.meta = json.loads(meta_file.read_text())
        except FileNotFoundError:
            raise RecordingError(f"{self.path}: not a gpufleet run (no meta.json)") from None
        except json.JSONDecodeError as e:
            raise RecordingError(f"{meta_file}: invalid JSON: {e}") from e
        if self.meta.get("format") != FORMAT:
            raise RecordingError(
                f"{meta_file}: format {self.meta.get('format')!r}, expected {FORMAT!r}"
            )
        try:
            clusters = [
                Cluster.model_validate(c)
                for c in json.loads((self.path / "topology.json").read_text())
            ]
        except (OSError, ValueError) as e:
            raise RecordingError(f"{self.path / 'topology.json'}: {e}") from e
        self.topology = Topology(clusters)
        self.gpu_fields = tuple(self.meta["gpu_fields"])
        self.node_fields = tuple(self.meta["node_fields"])
        self.interval_s = float(self.meta["interval_s"])
        self.start = float(self.meta["start"])

    def truth(self) -> list[GroundTruth]:
        p = self.path / "truth.json"
        if not p.exists():
            return []
        out = []
        for d in json.loads(p.read_text()):
            d["entities"], d["jobs"] = tuple(d["entities"]), tuple(d.get("jobs", ()))
            out.append(GroundTruth(**d))
        return out

    def _events(self) -> dict[float, dict[str, Any]]:
        out: dict[float, dict[str, Any]] = {}
        p = self.path / "events.jsonl"
        with p.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                    out[float(rec["t"])] = rec
                except (ValueError, KeyError) as e:
                    raise RecordingError(f"{p}:{lineno}: bad event line: {e}") from e
        return out

    def ticks(self) -> Iterator[Tick]:
        topo = self.topology
        events = self._events()
        for chunk in self.meta["chunks"]:
            try:
                data = np.load(self.path / chunk)
            except (OSError, ValueError) as e:
                raise RecordingError(f"{self.path / chunk}: cannot load frames: {e}") from e
            ts, gpu, node = data["timestamps"], data["gpu"], data["node"]
            for i, t in enumerate(map(float, ts)):
                rec = events.get(t)
                evs: tuple[LogEvent, ...] = ()
                workloads = None
                if rec is not None:
                    evs = tuple(LogEvent(**e) for e in rec["events"])
                    if rec.get("workloads") is not None:
                        workloads = {
                            k: Workload.model_validate(w) for k, w in rec["workloads"].items()
                        }
                yield Tick(
                    t,
                    (
                        Frame(t, EntityKind.GPU, topo.gpu_keys, self.gpu_fields, gpu[i], "replay"),
                        Frame(
                            t, EntityKind.NODE, topo.node_keys, self.node_fields, node[i], "replay"
                        ),
                    ),
                    evs,
                    workloads,
                )
