"""bench/scale_bench.py at a tiny size, on the real processes: pages on 127.0.0.1, the real
vmagent, ``gpufleet watch --source remote-write --feed-shards``, nats-server with JetStream, a
``gpufleet noc-worker`` and ``gpufleet correlate``. A fault injected into a page while the path
runs must come out as exactly one incident, with a lag measured from the sample's timestamp."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from bench import scale_bench
from bench.loopback import _Pages, fleet_topology, render_pages
from gpufleet.evals.nats_server import nats_binary
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.topology import gpu_key

NEEDS = "needs vmagent (Debian victoria-metrics) and nats-server; `make test` installs them"


def test_a_fault_steps_one_counter_of_one_gpu_on_one_page() -> None:
    pages = render_pages(fleet_topology(2, 2), 1)[0]
    served = _Pages({h: t.encode() for h, t in pages.items()})
    metric = scale_bench.FAULT_METRIC

    def value(host: str, gpu: int) -> float:
        frame = parse_exposition(served.pages[host].decode(), hostname=host).frame
        return float(frame.column(metric)[frame.entities.index(gpu_key(host, gpu))])

    before = {(h, g): value(h, g) for h in pages for g in range(8)}
    assert served.add("node-01", metric, 3, 1.0)
    assert served.first_served.get("node-01") is None  # not scraped since
    served.get("node-01")
    assert served.first_served["node-01"] > 0
    after = {(h, g): value(h, g) for h in pages for g in range(8)}
    changed = {k: after[k] - before[k] for k in before if after[k] != before[k]}
    assert changed == {("node-01", 3): 1.0}
    assert not served.add("node-01", "DCGM_FI_NO_SUCH_FIELD", 3, 1.0)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("vmagent") is None or nats_binary() is None, reason=NEEDS)
def test_faults_injected_live_each_open_exactly_one_incident(tmp_path: Path) -> None:
    out = tmp_path / "scale.json"
    argv = [
        "--gpus", "128", "--nodes-per-rack", "8", "--workers", "1", "--interval", "1",
        "--seconds", "3", "--faults-per-interval", "1", "--drain", "10", "--json", str(out),
    ]  # fmt: skip
    assert scale_bench.main(argv) == 0
    doc = json.loads(out.read_text())
    (run,) = doc["results"]
    assert (run["gpus"], run["racks"]) == (128, 2)
    faults = run["fault_log"]
    assert len(faults) == 3
    assert {f["rack"] for f in faults} == {"rack-1", "rack-2"}
    assert len({f["host"] for f in faults}) == 3
    # every fault became its own incident, and nothing else opened one
    assert run["unmatched_incidents"] == []
    assert run["incidents_opened"] == 3
    assert len({f["incident"] for f in faults}) == 3
    for f in faults:
        # armed → scraped → ticked → published, on one clock, in that order
        assert f["armed"] <= f["sampled"] <= f["tick"] <= f["seen"], f
        assert math.isfinite(f["lag_s"]) and f["lag_s"] > 0
    assert run["lag"]["detected"] == 3
    assert run["lag"]["lag_s"]["p99"] == max(f["lag_s"] for f in faults)
    assert run["samples_in_window"] > 0
    assert set(run["stages"]) == set(scale_bench.STAGES)
