"""Formats met in public GPU incident reports (the held-out set of evals/heldout/): GSP health
reports with no Xid, Xid 45 teardown lines that name their cause, hostless one-node captures,
and the Kubernetes device plugin's and container runtime's own words. Each line here is the
layout a driver / tool version prints (the source is named beside it), not a held-out line's
wording."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gpufleet.bus.events import Severity
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.kernel_log import parse_text
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.test_log_wiring import ISO, _diagnose, _eval, _on_node01, _recorded, _replay


@pytest.fixture(scope="module")
def retriever() -> Retriever:
    kb = KnowledgeBase.load()
    index = CardIndex()  # the checkout's index, rebuilt only when a card changed
    index.build(kb)
    return Retriever(kb, index)


@pytest.fixture
def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2)])


# kernel_gsp.c (R550-R595): _kgspIsHeartbeatTimedOut, _kgspRpcRecvPoll, _kgspLogGspTimeout,
# _kgspRpcGspEventPmuHalted, kgspHealthCheck_TU102 — none of them carries an NV_ERR status.
GSP_HEALTH = [
    "NVRM: GPU6 _kgspIsHeartbeatTimedOut: Heartbeat timed out, currentTimeMs 812751949 "
    "heartbeat 1899482 heartbeatWithOffsetMs 812745879 diff 6070 timeout 5200",
    "NVRM: _kgspIsHeartbeatTimedOut: GSP-RM heartbeat timed out, currentTimeMs 3175895033 "
    "heartbeat 19834604 heartbeatWithOffsetMs 3175815351 diff 79682 timeout 5200",
    "NVRM: _kgspRpcRecvPoll: LibOS heartbeat timed out",
    "NVRM: GPU3: GSP ERROR: LibOS Heartbeat Timeout detected.",
    "NVRM: GPU6 _kgspLogRpcTimeout: ********************* GSP Timeout *********************",
    "NVRM: GPU0 _kgspLogGspTimeout: *** GSP Timeout: GSP heartbeat timeout "
    "(origin=HealthCheck) ***",
    "NVRM: GPU0 _kgspRpcGspEventPmuHalted: Received signal from GSP that PMU has halted.",
    "NVRM: GPU0 kgspHealthCheck_TU102: ****************** GSP-CrashCat Report ******************",
]
# kgspLogRpcDebugInfo's RPC history table that follows the report.
GSP_HISTORY = [
    "NVRM: GPU6 RPC event history (CPU <- GSP):",
    "NVRM:     entry function                     sequence data0              data1",
    "NVRM:      0    4124 GSP_LOCKDOWN_NOTICE            0 0x0000000000000000 0x0000000000000000",
    "NVRM:     -2    76   GSP_RM_CONTROL              4125 0x000000002080a084 0x0000000000000004",
]


def test_gsp_health_reports_are_gsp_events_and_their_history_is_context() -> None:
    text = "\n".join(f"[   84.{i:06d}] {m}" for i, m in enumerate(GSP_HEALTH + GSP_HISTORY))
    events, report = parse_text(text)
    assert [e.kind for e in events] == ["gsp_error"] * len(GSP_HEALTH)
    faults = [e.attrs["gsp_fault"] for e in events]
    assert faults == ["heartbeat"] * 4 + ["banner"] * 2 + ["pmu", "crashcat"]
    assert events[0].attrs["gpu_index"] == "6" and events[3].attrs["gpu_index"] == "3"
    assert report.ignored == len(GSP_HISTORY) and report.gpu_unparsed == 0


def test_a_gsp_health_report_is_a_critical_gsp_firmware_fault(topo: Topology) -> None:
    for line in GSP_HEALTH:
        got, _ = _eval(topo, f"node-02 kernel: {line}")
        assert got == ["gsp_firmware_fault@node-02:CRITICAL"], line


# kernel_rc.c (R560+): Xid 45 ends with " caused by previous Xid %d" (XID_PRINT_WITH_ATTR).
def _teardown(pci: str, ch: int, cause: int) -> str:
    return (
        f"node-01 kernel: NVRM: Xid (PCI:0000:{pci}:00): 45, pid=1818989, name=python3, "
        f"Ch {ch:08x} caused by previous Xid {cause}"
    )


def test_a_teardown_naming_its_cause_stands_for_the_missing_primary(topo: Topology) -> None:
    got, _ = _eval(topo, "\n".join(_teardown("ba", ch, 145) for ch in (1, 2, 3)))
    primary = [g for g in got if g.startswith("xid_145@")]
    assert len(primary) == 1 and primary[0].startswith("xid_145@node-01/gpu6:"), got
    assert not primary[0].endswith(":INFO"), got
    # the teardown itself stays evidence of the primary, never a page of its own
    assert [g for g in got if g.startswith("xid_45@")] == ["xid_45@node-01/gpu6:INFO"], got


def test_a_teardown_after_its_primary_adds_no_second_primary(topo: Topology) -> None:
    seen = (
        "node-01 kernel: NVRM: Xid (PCI:0000:ba:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 "
        "(0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)\n"
    )
    got, _ = _eval(topo, seen + _teardown("ba", 1, 145))
    assert sum(g.startswith("xid_145@") for g in got) == 1, got


def test_the_sre_ranks_the_named_nvlink5_cause_first(tmp_path: Path, retriever: Retriever) -> None:
    lines = [
        ISO.format(m=20, s=ch, us=0) + _teardown("ba", ch, 149).split(" kernel: ", 1)[1]
        for ch in range(1, 5)
    ]
    li = _recorded(tmp_path, lines)
    node01 = _on_node01(_replay(li))
    (inc,) = [i for i in node01 if "xid_149" in i.symptoms]
    assert inc.severity >= Severity.WARNING
    ranked = _diagnose(li, inc, retriever)
    assert ranked[0] == "xid-144-150-nvlink5-errors", ranked[:5]


# --------------------------------------------------------------------------- one-node captures
def _one_node(tmp_path: Path, lines: list[str]) -> Path:
    li = _recorded(tmp_path, lines)  # the example: two nodes, node-01 and node-02
    spec = yaml.safe_load((li.folder / "incident.yaml").read_text())
    spec["topology"]["nodes_per_rack"] = 1
    (li.folder / "incident.yaml").write_text(yaml.safe_dump(spec))
    return li.folder


# util-linux dmesg -T and journalctl -o cat print no hostname at all.
HOSTLESS = ["NVRM: GPU 0000:18:00.0: GPU has fallen off the bus."]


def test_hostless_lines_belong_to_the_only_node(tmp_path: Path) -> None:
    from gpufleet.evals.recorded import load_incident

    two = _recorded(tmp_path / "two", HOSTLESS)
    lost = [e for t in two.iter_ticks() for e in t.events if e.kind == "fallen_off_bus"]
    assert [e.node for e in lost] == [""]  # two candidates: not guessed
    one = load_incident(_one_node(tmp_path / "one", HOSTLESS), tmp_path / "cache")
    lost = [e for t in one.iter_ticks() for e in t.events if e.kind == "fallen_off_bus"]
    assert [e.node for e in lost] == ["node-01"]
    incidents = _replay(one)
    assert [i.root_entity for i in incidents if "xid_79" in i.symptoms] == ["node-01/gpu0"]


# --------------------------------------------------------------------------- pod logs
def test_device_plugin_and_container_runtime_lines_are_signatures() -> None:
    text = "\n".join(
        [
            # k8s-device-plugin <= v0.9 (server.go) and v0.12+ (internal/rm/health.go, klog)
            "2020/08/10 19:09:42 XidCriticalError: Xid=69 on Device=GPU-7540a9b3-eeb9-1214-"
            "1526-f93c9ea826a8, the device will go unhealthy.",
            "I0810 15:36:05.551834       1 health.go:169] XidCriticalError: Xid=48 on "
            "Device=GPU-455e672a-1d2c-4f4e-9d1a-0c8b7f1e2a3b; marking device as unhealthy.",
            "I0810 15:36:05.552532       1 server.go:278] 'nvidia.com/gpu' device marked "
            "unhealthy: GPU-455e672a-1d2c-4f4e-9d1a-0c8b7f1e2a3b",
            # kubectl describe pod: the runtime hook's stderr under Last State / Message
            "nvidia-container-cli: initialization error: nvml error: driver/library version "
            "mismatch: unknown",
            "Failed to initialize NVML: Driver/library version mismatch",
            "nvidia-container-cli: initialization error: load library failed: "
            "libnvidia-ml.so.1: cannot open shared object file: no such file or directory",
        ]
    )
    got = parse_job_log(text, origin="pod/nvidia-device-plugin")
    kinds = [(s.kind, s.detail) for s in got.signatures]
    assert kinds[:3] == [
        (
            "device_plugin_unhealthy",
            {"xid": "69", "uuid": "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8"},
        ),
        (
            "device_plugin_unhealthy",
            {"xid": "48", "uuid": "GPU-455e672a-1d2c-4f4e-9d1a-0c8b7f1e2a3b"},
        ),
        (
            "device_plugin_unhealthy",
            {"resource": "nvidia.com/gpu", "uuid": "GPU-455e672a-1d2c-4f4e-9d1a-0c8b7f1e2a3b"},
        ),
    ]
    assert [d["runtime_error"] for k, d in kinds[3:]] == [
        "driver_library_mismatch",
        "driver_library_mismatch",
        "other",
    ]
    assert got.report.gpu_unparsed == 0


def test_a_gsp_fault_on_a_one_gpu_node_is_that_gpus() -> None:
    one = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=1)])
    got, _ = _eval(one, f"node-01 kernel: {GSP_HEALTH[0]}")
    assert got == ["gsp_firmware_fault@node-01/gpu0:CRITICAL"]


def test_a_probe_failure_for_one_device_after_a_lost_gpu_is_that_gpus(topo: Topology) -> None:
    # R570 prints the fallen-off-the-bus record, then the probe count with no PCI id
    # (NVSentinel #155); alone, the count stays a node signal (test_log_wiring).
    got, _ = _eval(
        topo,
        "node-02 kernel: NVRM: The NVIDIA GPU 0000:ba:00.0\n"
        "node-02 kernel: NVRM: (PCI ID: 10de:2330) installed in this system has\n"
        "node-02 kernel: NVRM: fallen off the bus and is not responding to commands.\n"
        "node-02 kernel: NVRM: The NVIDIA probe routine failed for 1 device(s).\n",
    )
    assert got == ["xid_79@node-02/gpu6:CRITICAL", "gpu_probe_failed@node-02/gpu6:CRITICAL"]


def test_an_nvidia_smi_q_section_pasted_without_its_gpu_header_is_read() -> None:
    from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q

    # the "Remapped Rows" section alone, as tickets quote it (leptonai/gpud#80), and R575's
    # deprecated reset status, which is not a reset request (Project-HAMi/HAMi#1422)
    text = (
        "    Remapped Rows\n"
        "        Correctable Error                 : 0\n"
        "        Uncorrectable Error               : 4\n"
        "        Pending                           : Yes\n"
        "    GPU Reset Status\n"
        "        Reset Required                    : Requested functionality has been deprecated\n"
        "    GPU Recovery Action                   : None\n"
    )
    got = parse_nvidia_smi_q(text, origin="ticket", node="node-01")
    assert [(s.kind, s.gpu) for s in got.signatures] == [
        ("smi_gpu", None),
        ("smi_remap_pending", None),
    ]
    assert got.signatures[0].detail["remapped_uncorrectable"] == "4"
    assert got.report.gpu_unparsed == 0
