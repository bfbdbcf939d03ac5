"""GPUd's component health as operators paste it (leptonai/gpud ``/v1/states``, whole, on one
line, or a pretty-printed fragment cut out of a ticket): an unhealthy or degraded GPU component
opens the same anomaly the fleet's own reading of that fault does; a healthy one, or one that
is not about the GPU, opens nothing."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np

from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.bus.events import Family
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.topology import Topology, build_cluster

T = 1_700_000_000.0
FRAGMENT = """    "component": "accelerator-nvidia-fabric-manager",
    "states": [
      {
        "time": "2025-11-20T04:46:02Z",
        "component": "accelerator-nvidia-fabric-manager",
        "name": "accelerator-nvidia-fabric-manager",
        "health": "Unhealthy",
        "reason": "nv-fabricmanager found but fabric manager service is not active",
        "extra_info": {
          "data": "{\\"fabric_manager_active\\":false}"
        }
      }
    ]
"""


def _states(*states: tuple[str, str, str]) -> str:
    return json.dumps(
        [
            {"component": c, "states": [{"component": c, "health": h, "reason": r}]}
            for c, h, r in states
        ]
    )


def _kinds(text: str) -> list[tuple[str, str]]:
    parsed = parse_job_log(text, origin="jobs/gpud-states.log", node="node-01")
    return [(s.kind, s.detail.get("health", "")) for s in parsed.signatures]


def test_a_pasted_fragment_of_an_unhealthy_fabric_manager_state() -> None:
    parsed = parse_job_log(FRAGMENT, origin="jobs/gpud-states.log", node="node-01")
    [sig] = parsed.signatures
    assert sig.kind == "gpud_fabric_manager"
    assert sig.detail["reason"] == "nv-fabricmanager found but fabric manager service is not active"
    assert parsed.report.gpu_unparsed == 0  # every line of it understood
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    node = topo.node_keys[0]
    events = job_signal_events([(replace(sig, node=node), "")], topo, T).events
    [a] = LogRules(topo).evaluate(T, events, np.full(topo.n_gpus, -1), [])
    assert (a.symptom, a.family, a.entity) == ("fabric_manager_failed", Family.INTERCONNECT, node)


def test_each_component_gives_its_kind_and_healthy_or_foreign_ones_nothing() -> None:
    text = _states(
        ("accelerator-nvidia-nvlink", "Unhealthy", "GPU 2: all NVLinks inactive"),
        ("accelerator-nvidia-remapped-rows", "Degraded", "row remapping pending"),
        ("accelerator-nvidia-temperature", "Healthy", "ok"),
        ("accelerator-nvidia-infiniband", "Unhealthy", "mlx5_0 port 1 down"),
        ("cpu", "Unhealthy", "load high"),  # not a GPU component
        ("accelerator-nvidia-persistence-mode", "Unhealthy", "persistence mode disabled"),
    )
    assert _kinds(text) == [
        ("gpud_nvlink", "unhealthy"),
        ("gpud_memory", "degraded"),
        ("gpud_infiniband", "unhealthy"),
        ("gpud_other", "unhealthy"),
    ]


def test_other_json_with_a_component_key_is_left_to_the_other_readers() -> None:
    # a Kubernetes event names its source component; its lines are not GPUd's
    event = (
        '{"reason": "FailedScheduling", "source": {"component": "default-scheduler"}, '
        '"message": "0/3 nodes are available: 3 node(s) had untolerated taint '
        '{nvidia.com/gpu: present}."}\n'
    )
    parsed = parse_job_log(event, origin="jobs/events.json", node="node-01")
    assert [s.kind for s in parsed.signatures] == ["k8s_gpu_taint_untolerated"]
