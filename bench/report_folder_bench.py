"""Watched report folder: the cost of a scan per tick, idle and with new reports.

    .venv/bin/python bench/report_folder_bench.py [--nodes 200] [--json FILE]

A folder with one subfolder per node, each holding the reports an operator's tools leave there
(``dcgmi diag -r 3`` text, an NHC log, an nccl-tests run, ``nvidia-smi -q`` for 8 GPUs: the
layouts of ``evals/examples/reports-recorded``). Measured with :class:`ReportFolder`:

* ``first scan``: every file new (parse + signals), as at the first start on a full folder;
* ``idle scan``: nothing changed (a stat per file), the cost paid on every NOC tick;
* ``one grown file``: one NHC log gains a failure line (read from its offset).

CPU seconds of this process (``time.process_time``), best of 3; wall time follows it on an
idle machine.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from gpufleet.telemetry.report_folder import ReportFolder
from gpufleet.telemetry.topology import Topology, build_cluster

EXAMPLE = Path(__file__).parents[1] / "src" / "gpufleet" / "evals" / "examples" / "reports-recorded"
FILES = (
    ("nodes/node-01/diag.txt", "dcgmi-diag.txt"),
    ("nodes/node-01/nvidia-smi-q.txt", "nvidia-smi-q.txt"),
    ("nodes/node-02/nhc.log", "nhc.log"),
    ("nodes/node-02/nccl-tests.txt", "nccl-tests.txt"),
)


def _cpu(fn: object) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        fn()  # type: ignore[operator]
        best = min(best, time.process_time() - t0)
    return best


def run(nodes: int) -> dict[str, float]:
    topo = Topology([build_cluster(racks=max(1, nodes // 20), nodes_per_rack=min(nodes, 20))])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "reports"
        for node in topo.node_keys:
            (folder / node).mkdir(parents=True)
            for src, name in FILES:
                text = (EXAMPLE / src).read_text().replace("node-02", node)
                (folder / node / name).write_text(text)

        def first() -> None:
            (folder / ".gpufleet-reports.json").unlink(missing_ok=True)
            ReportFolder(folder, topo, say=lambda m: None).scan(0.0)

        first_s = _cpu(first)
        rf = ReportFolder(folder, topo, say=lambda m: None)
        rf.scan(0.0)
        idle_s = _cpu(lambda: rf.scan(1.0))
        log = folder / topo.node_keys[0] / "nhc.log"

        def grown() -> None:
            with log.open("a") as fh:
                fh.write("ERROR:  nhc:  Health check failed:  check_hw_gpu:  7 GPUs found\n")
            rf.scan(2.0)

        grown_s = _cpu(grown)
        shutil.rmtree(folder)
    return {
        "nodes": float(len(topo.node_keys)),
        "files": float(len(topo.node_keys) * len(FILES)),
        "first_scan_s": round(first_s, 4),
        "idle_scan_ms": round(idle_s * 1000, 2),
        "one_grown_file_ms": round(grown_s * 1000, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    result = run(args.nodes)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
