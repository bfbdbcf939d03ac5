"""Variants of the suite's simulated faults that the repository does not hold, for measuring
late join on cases nobody tuned against (issue "Incidents as state").

Each single-scenario fault of the suite is regenerated with another seed, a bigger topology
(3 racks x 4 nodes), another node, another GPU index, another SKU, another start hour and log
style; the truth block comes from the simulator as for the suite itself.

    python bench/late_join_variants.py /tmp/variants
    gpufleet eval --suite /tmp/variants --no-baselines --only SRE --late-join 30
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from pathlib import Path

from gpufleet.evals import suite_gen
from gpufleet.evals.format import GeneratedTopology

TOPOLOGY = GeneratedTopology(racks=3, nodes_per_rack=4)  # node-01 .. node-12
SKUS = ("H100", "A100", "H200", "B200")
STYLES = ("journal-iso", "dmesg-T", "syslog")  # a variant takes one of the first two
SEED_SHIFT = 7919


def _moved(spec: str) -> str:
    """The same fault five nodes on, three GPU slots on, one rack on."""
    spec = re.sub(r"node-(\d+)", lambda m: f"node-{(int(m.group(1)) + 5) % 12 + 1:02d}", spec)
    spec = re.sub(r"gpu=(\d+)", lambda m: f"gpu={(int(m.group(1)) + 3) % 8}", spec)
    return re.sub(r"rack=rack-(\d+)", lambda m: f"rack=rack-{int(m.group(1)) % 3 + 1}", spec)


def variants() -> list[tuple[int, suite_gen.Scenario]]:
    """(the suite scenario's index, its variant)."""
    out = []
    for i, sc in enumerate(suite_gen._variants()):
        if sc.kind != "fault" or sc.evidence or sc.alerts or sc.topology != suite_gen.SMALL:
            continue
        out.append(
            (
                i,
                dataclasses.replace(
                    sc,
                    id=f"v-{sc.id}",
                    faults=[_moved(f) for f in sc.faults],
                    seed=sc.seed + SEED_SHIFT,
                    topology=TOPOLOGY,
                    sku=SKUS[(i + 1) % len(SKUS)],
                    start_offset_h=(sc.start_offset_h + 9) % 24,
                    log_style=STYLES[i % 2] if sc.log_style in STYLES else sc.log_style,
                    training_share=0.6 if sc.training_share == 0.55 else sc.training_share,
                ),
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    scenarios = variants()
    for i, sc in scenarios:
        suite_gen.write_scenario(sc, 100 + i, args.out)
    print(f"{len(scenarios)} variants in {args.out}")


if __name__ == "__main__":
    main()
