"""What several commands share: the usage error every command turns into exit 2, topology files."""

from __future__ import annotations

import json
from pathlib import Path

from telemetry.topology import Cluster, Topology


class UsageError(Exception):
    """Bad input from the person at the terminal: printed as one line, exit status 2."""


def load_topology(path: str) -> Topology:
    try:
        raw = json.loads(Path(path).read_text())
        return Topology([Cluster.model_validate(c) for c in raw])
    except (OSError, ValueError) as e:
        raise UsageError(f"{path}: cannot load topology (a JSON list of clusters): {e}") from None
