"""Kill-point bench: ≥ 200 crashes of the real CLI around an approved drain on a real SLURM
controller, each followed by a restart and the person's next action (``tests/killpoints.py``).

Every failpoint is hit ``--rounds`` times (the n-th time it is reached, rotating), plus
``--random`` kills at random moments. Reports kills, violations (a drain run twice or never, an
approval lost, a restart that spins or floods its output, a traceback), what each restart found,
and the restarts' output and CPU.

    python bench/killpoints.py --rounds 20 --random 30 --json bench/results/killpoints.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.killpoints import KillHarness, sweep
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20, help="hits per failpoint (n-th hit 1..N)")
    ap.add_argument("--random", type=int, default=30, help="kills at random moments")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    if missing := missing_binaries():
        print(f"SLURM missing ({', '.join(missing)}): {INSTALL_HINT}")
        return 2
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, SlurmCluster(("node-01", "node-02")) as cluster:
        harness = KillHarness(cluster, Path(tmp))
        runs = sweep(harness, args.rounds, args.random, args.seed)
    wall = time.monotonic() - start
    killed = [r for r in runs if r.killed]
    bad = [r for r in runs if r.violations]
    summary = {
        "runs": len(runs),
        "kills": len(killed),
        "not_reached": len(runs) - len(killed),  # the n-th hit never came: ran to the end
        "violations": len(bad),
        "after_restart": dict(Counter(r.after_restart for r in runs)),
        "person": dict(Counter(r.person for r in runs)),
        "drains_per_run": dict(Counter(r.drains for r in runs)),
        "restart_lines_max": max(r.restart_lines for r in runs),
        "restart_cpu_max_s": max(r.restart_cpu_s for r in runs),
        "restart_idle_cpu_max_s": max(r.idle_cpu_s for r in runs),
        "wall_s": round(wall, 1),
    }
    print(json.dumps(summary, indent=2))
    for r in bad:
        print("VIOLATION", r.as_dict())
    if args.json:
        doc = {"summary": summary, "runs": [r.as_dict() for r in runs]}
        out = Path(args.json)
        out.parent.mkdir(parents=True, exist_ok=True)  # a fresh checkout has no bench/results/
        out.write_text(json.dumps(doc, indent=2))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
