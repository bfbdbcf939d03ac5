"""What several commands share: the usage error every command turns into exit 2, topology files."""

from __future__ import annotations

import json
from pathlib import Path

from gpufleet.bus.address import parse_bus_url
from gpufleet.telemetry.topology import Cluster, Topology


class UsageError(Exception):
    """Bad input from the person at the terminal: printed as one line, exit status 2."""


def load_topology(path: str) -> Topology:
    try:
        raw = json.loads(Path(path).read_text())
        return Topology([Cluster.model_validate(c) for c in raw])
    except (OSError, ValueError) as e:
        raise UsageError(f"{path}: cannot load topology (a JSON list of clusters): {e}") from None


def check_bus_args(bus: str | None, events_db: str | None) -> None:
    """``--bus``: a ``nats://HOST:PORT[/PREFIX]`` URL; with it the JetStream stream is the
    event log, so ``--events-db`` (the in-process bus's SQLite log) does not apply."""
    if bus is None:
        return
    try:
        parse_bus_url(bus)
    except ValueError as e:
        raise UsageError(f"--bus: {e}") from None
    if events_db:
        raise UsageError(
            "--events-db keeps the in-process bus's log; with --bus the JetStream stream is the "
            "log (drop one of them)"
        )
