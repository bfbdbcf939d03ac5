"""The neutral backdrop of a held-out incident made from a public report: its topology and a
flat, healthy stretch of dcgm-exporter samples.

Public reports quote log lines, command output and exporter pages, never a metrics-store export;
the recorded-incident format needs a topology and samples. :func:`write_backdrops` writes, for
each incident, the host the report names (its hostname or a stand-in, its GPUs at the PCI bus ids
the report prints, its driver version) and samples of temperature, power and utilisation that
point at nothing. Where a report quotes exporter values (``extra``) they are written as quoted.
Each held-out folder's ``make_backdrop.py`` holds its table of :class:`Backdrop` and calls this.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from gpufleet.telemetry.topology import SKUS, Cluster, Gpu, Node, Rack, sku
from gpufleet.telemetry.vmjson import MODEL_NAMES

STEP_S = 15
HGX_PCI = ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db")


@dataclass(frozen=True)
class Backdrop:
    host: str
    sku: str
    driver: str
    start: str  # RFC 3339, the incident's time_range
    end: str
    pci: tuple[str, ...] = HGX_PCI  # bus numbers as the report prints them
    extra: dict[tuple[int, str], float] = field(default_factory=dict)  # (gpu, field) -> value


def _epoch(t: str) -> int:
    return int(datetime.fromisoformat(t.replace("Z", "+00:00")).astimezone(UTC).timestamp())


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def _bus_id(bus: str) -> str:
    """'bb' -> 00000000:BB:00.0; 'bb:dd' (a GPU at a non-zero device number) -> 00000000:BB:DD.0."""
    return f"00000000:{bus.upper()}.0" if ":" in bus else f"00000000:{bus.upper()}:00.0"


def _gpus(b: Backdrop) -> tuple[Gpu, ...]:
    full = sku(b.sku).name
    return tuple(
        Gpu(
            index=g,
            uuid=f"GPU-{_digest(b.host)}-0000-4000-8000-{g:012x}",
            pci_bus_id=_bus_id(bus),
            sku=full,
            slot=g,
        )
        for g, bus in enumerate(b.pci)
    )


def _cluster(b: Backdrop, gpus: tuple[Gpu, ...]) -> Cluster:
    node = Node(hostname=b.host, nvlink_domain=f"{b.host}-nvl", gpus=gpus, driver_version=b.driver)
    rack = Rack(name="rack-1", pdu="pdu-1", cooling_zone="zone-1", nodes=(node,))
    return Cluster(name="heldout", racks=(rack,))


def _series(b: Backdrop, gpus: tuple[Gpu, ...]) -> list[str]:
    t0, t1 = _epoch(b.start), _epoch(b.end)
    times = [1000 * t for t in range(t0, t1 + 1, STEP_S)]
    base = {
        "DCGM_FI_DEV_GPU_TEMP": 46.0,
        "DCGM_FI_DEV_POWER_USAGE": 0.0,
        "DCGM_FI_DEV_GPU_UTIL": 0.0,
    }
    lines = []
    for g in gpus:
        model = MODEL_NAMES.get(g.sku, g.sku)
        labels = {
            "gpu": str(g.index),
            "UUID": g.uuid,
            "device": f"nvidia{g.index}",
            "modelName": model,
            "Hostname": b.host,
            "pci_bus_id": g.pci_bus_id,
            "DCGM_FI_DRIVER_VERSION": b.driver,
            "job": "dcgm-exporter",
            "instance": f"{b.host}:9400",
        }
        values = dict(base)
        values["DCGM_FI_DEV_POWER_USAGE"] = round(0.18 * SKUS[g.sku].tdp_w, 1)
        values.update({f: v for (i, f), v in b.extra.items() if i == g.index})
        for name, v in values.items():
            metric = {"__name__": name, **labels}
            row = {"metric": metric, "values": [v] * len(times), "timestamps": times}
            lines.append(json.dumps(row, separators=(",", ":")))
    return lines


def write_backdrops(here: Path, incidents: dict[str, Backdrop]) -> None:
    """``topology.json`` and ``metrics.jsonl`` of every incident folder under ``here``
    (deterministic; rewrites the files)."""
    for incident, b in incidents.items():
        folder = here / incident
        folder.mkdir(exist_ok=True)
        gpus = _gpus(b)
        cluster = _cluster(b, gpus)
        (folder / "topology.json").write_text(
            json.dumps([cluster.model_dump(mode="json")], indent=1) + "\n"
        )
        (folder / "metrics.jsonl").write_text("\n".join(_series(b, gpus)) + "\n")
