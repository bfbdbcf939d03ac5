"""Reports that are not time series open or join incidents (issue 24, item 4).

Each report kind, in the layout its tool prints: ``dcgmi diag`` (DCGM 3.x text table with the
``-r 3`` deployment rows, and ``-j`` JSON), nccl-tests' results table (NVIDIA/nccl-tests
``src/common.cu``), LBNL NHC's ``Health check failed`` lines, GPU Operator pod states from a
``PodList`` (CrashLoopBackOff, UnexpectedAdmissionError), ``nvidia-smi -q`` pending remaps and
retired pages. Recorded: files in an incident folder; live: a watched folder read by offset.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.agents.noc.service import with_events
from gpufleet.bus.events import Family, Incident, IncidentOpened, IncidentUpdated, Severity
from gpufleet.telemetry.dcgm_diag import parse_dcgm_diag
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.k8s_evidence import parse_pod_states
from gpufleet.telemetry.nccl_tests import parse_nccl_tests
from gpufleet.telemetry.nhc_log import parse_nhc
from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q
from gpufleet.telemetry.report_folder import ReportFolder
from gpufleet.telemetry.report_signals import report_signal_events
from gpufleet.telemetry.text_evidence import Signature
from gpufleet.telemetry.topology import Topology, build_cluster

EXAMPLES = Path(__file__).parents[1] / "src" / "gpufleet" / "evals" / "examples"
REPORTS = EXAMPLES / "reports-recorded"
T = 1_776_672_000.0

# DCGM 3.x `dcgmi diag -r 3`: a warning row under a *passing* deployment test (the message is
# DCGM_FR_PENDING_ROW_REMAP_MSG, dcgm_errors.h) and a failing memory test.
DIAG_TEXT = (REPORTS / "nodes" / "node-01" / "diag.txt").read_text()
# `dcgmi diag -r 3 -j`, DCGM 2.x/3.x layout (telemetry/dcgm_diag.py)
DIAG_JSON = json.dumps(
    {
        "DCGM GPU Diagnostic": {
            "test_categories": [
                {
                    "category": "Deployment",
                    "tests": [{"name": "Denylist", "results": [{"status": "Pass"}]}],
                },
                {
                    "category": "Hardware",
                    "tests": [
                        {
                            "name": "GPU Memory",
                            "results": [
                                {"gpu_ids": "0", "status": "Pass"},
                                {
                                    "gpu_ids": "5",
                                    "status": "Fail",
                                    "warnings": [
                                        "Pending page retirements together with a DBE were "
                                        "detected on GPU 5."
                                    ],
                                },
                            ],
                        }
                    ],
                },
            ],
            "version": "3.3.7",
        }
    }
)
NCCL_LOW = (REPORTS / "nodes" / "node-02" / "nccl-tests.txt").read_text()
NHC = (REPORTS / "nodes" / "node-02" / "nhc.log").read_text()
PODS = json.loads((REPORTS / "pods.json").read_text())


@pytest.fixture
def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2)])


def _anomalies(topo: Topology, sigs: list[Signature]) -> list[str]:
    found = report_signal_events(sigs, topo, T)
    out = LogRules(topo).evaluate(T, found.events, np.full(topo.n_gpus, -1), [])
    return [f"{a.symptom}@{a.entity}:{a.severity.name}:{a.family}" for a in out]


def _nccl(rows: list[tuple[int, float]], host: str = "node-02", ranks: int = 8) -> str:
    """An all_reduce_perf output with these (size, busbw) rows, in nccl-tests' layout."""
    head = [
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 "
        "iters: 20 agg iters: 1 validation: 1 graph: 0",
        "#",
        "# Using devices",
        *(
            f"#  Rank {r:2d} Group  0 Pid  {4100 + r} on {host} device {r:2d} [0000:18:00] "
            "NVIDIA H100 80GB HBM3"
            for r in range(ranks)
        ),
        "#",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong"
        "     time   algbw   busbw #wrong",
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)        "
        "    (us)  (GB/s)  (GB/s)",
    ]
    body = [
        f"{size:12d} {size // 4:13d}     float     sum      -1   100.0  {bw / 1.75:6.2f} "
        f"{bw:7.2f}      0   100.0  {bw / 1.75:6.2f} {bw:7.2f}      0"
        for size, bw in rows
    ]
    return "\n".join([*head, *body, "# Out of bounds values : 0 OK", "# Avg bus bandwidth : 9"])


# ----------------------------------------------------------------------- each kind, parsed


def test_dcgmi_diag_r3_pending_remap_row_under_a_passing_test_is_a_finding(
    topo: Topology,
) -> None:
    """Old code: the warning row under 'Page Retirement/Row Remap | Pass' was counted as an
    ignored message row and the diag's memory failure opened no incident."""
    parsed = parse_dcgm_diag(DIAG_TEXT, origin="diag.txt", node="node-01")
    assert parsed.report.consistent
    kinds = [(s.kind, s.gpu, s.line) for s in parsed.signatures if s.kind != "dcgm_diag_summary"]
    assert kinds == [("dcgm_diag_warn", 3, 17), ("dcgm_diag_fail", 3, 24)]
    assert "row remappings are" in parsed.signatures[0].detail["message"]
    assert _anomalies(topo, parsed.signatures) == [
        f"row_remap_pending@node-01/gpu3:WARNING:{Family.MEMORY}",
        f"dcgm_diag_failed@node-01/gpu3:CRITICAL:{Family.MEMORY}",
    ]


def test_dcgmi_diag_json_memory_failure_is_a_memory_fault_on_its_gpu(topo: Topology) -> None:
    parsed = parse_dcgm_diag(DIAG_JSON, origin="diag.json", node="node-02")
    assert _anomalies(topo, parsed.signatures) == [
        f"dcgm_diag_failed@node-02/gpu5:CRITICAL:{Family.MEMORY}"
    ]


def test_nccl_tests_below_the_skus_nvlink_is_a_finding_and_a_healthy_run_is_not(
    topo: Topology,
) -> None:
    parsed = parse_nccl_tests(NCCL_LOW, origin="nccl-tests.txt", nodes=topo.node_keys)
    [run] = parsed.signatures
    assert (run.node, run.line, run.detail["peak_busbw"], run.detail["ranks"]) == (
        "node-02",
        19,  # the row of the best busbw
        "105.32",
        "7",
    )
    assert run.detail["max_bytes"] == str(8 * 2**30)
    assert parsed.report.consistent and parsed.report.gpu_unparsed == 0
    assert _anomalies(topo, parsed.signatures) == [
        f"nccl_busbw_low@node-02:WARNING:{Family.INTERCONNECT}"
    ]
    # H100 SXM: 900 GB/s NVLink both ways, 450 one way; a healthy 8-GPU all_reduce ~360
    healthy = _nccl([(2**20, 20.0), (2**33, 361.5)])
    assert _anomalies(topo, parse_nccl_tests(healthy, origin="ok.txt").signatures) == []


def test_nccl_tests_that_cannot_be_judged_are_counted_and_explained(topo: Topology) -> None:
    def problems(text: str) -> list[str]:
        sigs = parse_nccl_tests(text, origin="run.txt", nodes=topo.node_keys).signatures
        found = report_signal_events(sigs, topo, T)
        assert found.events == [] and found.unjudged == len(found.problems)
        return found.problems

    [multi] = problems(
        _nccl([(2**33, 20.0)]).replace("on node-02 device  4", "on node-01 device  4")
    )
    assert multi.startswith("run.txt:") and "across 2 nodes" in multi
    [unknown] = problems(_nccl([(2**33, 20.0)], host="gpu-node-77"))
    assert "gpu-node-77" in unknown and "SKU unknown" in unknown
    [small] = problems(_nccl([(2**20, 2.0)]))
    assert "latency-bound" in small


def test_nccl_tests_rows_it_cannot_read_are_gpu_text_not_understood() -> None:
    text = _nccl([(2**33, 300.0)]) + "\n  8589934592  NCCL failure common.cu:1043 'unhandled'\n"
    rep = parse_nccl_tests(text, origin="run.txt").report
    assert rep.gpu_unparsed == 1 and rep.consistent
    assert rep.gpu_unparsed_lines[0][1].startswith("8589934592  NCCL failure")


def test_nhc_failures_gpu_checks_and_others(topo: Topology) -> None:
    parsed = parse_nhc(NHC, origin="nhc.log", node="node-02", nodes=topo.node_keys)
    [sig] = parsed.signatures
    assert (sig.line, sig.detail["check"], sig.detail["gpu_check"]) == (7, "check_hw_gpu", "true")
    assert parsed.report.ignored == 6 and parsed.report.consistent
    syslog = (
        "Nov 27 03:14:07 node-01.cluster.local nhc[4121]: Health check failed:  "
        "check_fs_mount:  /scratch not mounted\n"
        "Nov 27 03:14:07 node-01 nhc[4121]: nvidia-smi reported an unknown state for GPU 2\n"
    )
    other = parse_nhc(syslog, origin="syslog", nodes=topo.node_keys)
    assert [s.node for s in other.signatures] == ["node-01"]
    assert other.report.gpu_unparsed == 1  # a GPU line no NHC rule knows: kept, shown
    assert _anomalies(topo, parsed.signatures + other.signatures) == [
        f"nhc_gpu_check_failed@node-02:CRITICAL:{Family.DEVICE}",
        f"nhc_check_failed@node-01:WARNING:{Family.HOST}",
    ]


def test_gpu_operator_pod_states(topo: Topology) -> None:
    validator = {
        "kind": "Pod",
        "metadata": {"name": "nvidia-operator-validator-x7k2d", "namespace": "gpu-operator"},
        "spec": {"nodeName": "node-01"},
        "status": {
            "phase": "Pending",
            "initContainerStatuses": [
                {
                    "name": "driver-validation",
                    "restartCount": 9,
                    "state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off"}},
                }
            ],
        },
    }
    pulling = {
        "kind": "Pod",
        "metadata": {"name": "nvidia-dcgm-exporter-55x", "namespace": "gpu-operator"},
        "spec": {"nodeName": "node-01"},
        "status": {
            "phase": "Pending",
            "containerStatuses": [{"name": "e", "state": {"waiting": {"reason": "ErrImagePull"}}}],
        },
    }
    users_crash = {
        "kind": "Pod",
        "metadata": {"name": "trainer-0", "namespace": "team"},
        "spec": {"nodeName": "node-01"},
        "status": {
            "containerStatuses": [
                {"name": "t", "state": {"waiting": {"reason": "CrashLoopBackOff"}}}
            ]
        },
    }
    doc = {"kind": "PodList", "items": [*PODS["items"], validator, pulling, users_crash]}
    parsed = parse_pod_states(doc, origin="pods.json", nodes=topo.node_keys)
    assert [(s.kind, s.node, s.line) for s in parsed.signatures] == [
        ("gpu_pod_crashloop", "node-02", 3),
        ("device_plugin_admission_error", "node-02", 4),
        ("gpu_pod_crashloop", "node-01", 6),
    ]
    rep = parsed.report
    assert rep.gpu_unparsed == 1 and "ErrImagePull" in rep.gpu_unparsed_lines[0][1]
    assert _anomalies(topo, parsed.signatures) == [
        f"gpu_stack_pod_crashloop@node-02:WARNING:{Family.DEVICE}",
        f"device_plugin_admission_error@node-02:CRITICAL:{Family.DEVICE}",
        f"gpu_stack_pod_crashloop@node-01:WARNING:{Family.DEVICE}",
    ]


def test_nvidia_smi_q_pending_remaps_and_retired_pages(topo: Topology) -> None:
    text = (REPORTS / "nodes" / "node-01" / "nvidia-smi-q.txt").read_text()
    # a Volta-era block: page retirement instead of row remapping
    text += (
        "GPU 00000000:DB:00.1\n    Retired Pages\n        Single Bit ECC              : 2\n"
        "        Double Bit ECC              : 1\n        Pending Page Blacklist      : Yes\n"
    )
    parsed = parse_nvidia_smi_q(text, origin="nvidia-smi-q.txt", node="node-01")
    assert _anomalies(topo, parsed.signatures) == [
        f"row_remap_pending@node-01/gpu3:WARNING:{Family.MEMORY}",
        f"retired_pages_pending@node-01:WARNING:{Family.MEMORY}",
    ]


@pytest.mark.parametrize(
    ("now", "reasons", "thermal"),
    [
        ("56 C", "", True),  # 1 C under GPU Max Operating Temp: held at its limit
        ("45 C", "", False),
        ("45 C", "        SW Thermal Slowdown               : Active\n", True),
        ("45 C", "        SW Power Cap                      : Active\n", False),
    ],
)
def test_nvidia_smi_q_at_the_thermal_limit(
    topo: Topology, now: str, reasons: str, thermal: bool
) -> None:
    text = (
        "GPU 00000000:2D:00.0\n    Clocks Event Reasons\n" + reasons + "    Temperature\n"
        f"        GPU Current Temp                  : {now}\n"
        "        GPU Max Operating Temp            : 57 C\n"
    )
    parsed = parse_nvidia_smi_q(text, origin="nvidia-smi-q.txt", node="node-01")
    got = [a for a in _anomalies(topo, parsed.signatures) if "thermal_slowdown" in a]
    # nvidia-smi's first block is its GPU 0: that GPU's incident
    assert got == ([f"thermal_slowdown@node-01/gpu0:WARNING:{Family.THERMAL}"] if thermal else [])


@pytest.mark.parametrize(
    ("reasons", "want"),
    [
        # NVML: HW Slowdown is active whenever the brake (or a HW thermal reason) is
        (
            ("HW Slowdown", "HW Power Brake Slowdown"),
            f"power_brake@node-01/gpu0:WARNING:{Family.POWER}",
        ),
        (("HW Slowdown",), f"hw_slowdown@node-01/gpu0:WARNING:{Family.POWER}"),
        (("HW Slowdown", "HW Thermal Slowdown"), None),  # the thermal condition's
        (("SW Power Cap",), None),  # the driver's own cap under load: no fault
    ],
)
def test_nvidia_smi_q_hardware_clock_cuts_are_faults(
    topo: Topology, reasons: tuple[str, ...], want: str | None
) -> None:
    rows = "".join(f"        {r:<34}: Active\n" for r in reasons)
    text = "GPU 00000000:2D:00.0\n    Clocks Throttle Reasons\n" + rows
    parsed = parse_nvidia_smi_q(text, origin="nvidia-smi-q.txt", node="node-01")
    got = [a for a in _anomalies(topo, parsed.signatures) if "thermal" not in a]
    assert got == ([want] if want else [])


# ----------------------------------------------------------------------- recorded


def _replay(ticks: object, det: Detector) -> list[Incident]:
    final: dict[str, Incident] = {}
    for tick in ticks:  # type: ignore[attr-defined]
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    return list(final.values())


def test_a_recorded_incident_whose_only_evidence_is_reports_opens_one_incident_per_fault(
    tmp_path: Path,
) -> None:
    """Old code: none of these files opened anything (nhc, nccl_tests and k8s_pod were not
    even evidence kinds)."""
    from gpufleet.evals.recorded import load_incident

    li = load_incident(REPORTS, tmp_path / "cache")
    incidents = _replay(li.iter_ticks(), Detector(li.topology))
    got = sorted((i.root_entity, i.family, sorted(i.symptoms)) for i in incidents)
    assert got == [
        ("node-01/gpu3", Family.MEMORY, ["dcgm_diag_failed", "row_remap_pending"]),
        (
            "node-02",
            Family.DEVICE,
            sorted(
                [
                    "nhc_gpu_check_failed",
                    "device_plugin_admission_error",
                    "gpu_stack_pod_crashloop",
                    "nccl_busbw_low",
                ]
            ),
        ),
    ]
    by_root = {i.root_entity: i for i in incidents}
    # every report it heard from, with its line: two tools agreeing are two sources
    assert set(by_root["node-01/gpu3"].sources) == {
        "noc",
        "report:dcgmi_diag nodes/node-01/diag.txt:17",
        "report:dcgmi_diag nodes/node-01/diag.txt:24",
        "report:nvidia_smi_q nodes/node-01/nvidia-smi-q.txt:72",
    }
    assert "report:nccl_tests nodes/node-02/nccl-tests.txt:19" in by_root["node-02"].sources
    assert all(i.severity is Severity.CRITICAL for i in incidents)


def test_a_recorded_diag_failure_joins_the_incident_the_telemetry_opened(tmp_path: Path) -> None:
    """The recorded DBE on node-02/gpu5, and a `dcgmi diag -j` run afterwards that fails the
    GPU's memory: one incident, with the diag among its sources (old code: the diag was
    parsed, `dcgm_diag_fail`, and reached no incident)."""
    from gpufleet.evals.recorded import load_incident

    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLES / "dbe-recorded", dst)
    (dst / "nodes" / "node-02").mkdir(parents=True)
    (dst / "nodes" / "node-02" / "diag.json").write_text(DIAG_JSON)
    li = load_incident(dst, tmp_path / "cache")
    incidents = _replay(li.iter_ticks(), Detector(li.topology))
    on_node02 = [i for i in incidents if "node-02" in i.nodes]
    assert len(on_node02) == 1, [(i.root_entity, i.symptoms) for i in incidents]
    assert on_node02[0].root_entity == "node-02/gpu5"
    assert "dcgm_diag_failed" in on_node02[0].symptoms
    assert "report:dcgmi_diag nodes/node-02/diag.json" in on_node02[0].sources


def test_recorded_report_lines_not_understood_are_problems_with_file_and_line(
    tmp_path: Path,
) -> None:
    from gpufleet.evals.recorded import load_incident

    dst = tmp_path / "inc"
    shutil.copytree(REPORTS, dst)
    with (dst / "nodes" / "node-02" / "nccl-tests.txt").open("a") as fh:
        fh.write("node-02: Test NCCL failure common.cu:1053 'remote process exited'\n")
    (dst / "nodes" / "node-01" / "nccl-tests.txt").write_text(_nccl([(2**33, 99.0)], "node-9"))
    li = load_incident(dst, tmp_path / "cache")
    nccl = f"{dst}/nodes/node-02/nccl-tests.txt"
    assert f"{nccl}:23: not understood: node-02: Test NCCL failure common.cu:1053 " in "\n".join(
        li.problems
    )
    assert any(
        p.startswith("nodes/node-01/nccl-tests.txt:") and "SKU unknown" in p for p in li.problems
    )


# ----------------------------------------------------------------------- live


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_watched_folder_reads_each_report_once_by_offset_across_restarts(
    tmp_path: Path, topo: Topology
) -> None:
    """New or grown files are read once; a restart with the same state re-reads nothing; a
    file that shrank was replaced and is read again; a JSON list only once it stopped
    growing; a name that says no kind is a problem line."""
    said: list[str] = []
    folder = tmp_path / "reports"
    _write(folder / "node-02" / "nhc.log", "Node Health Check starting.\n")
    _write(folder / "node-01" / "dcgmi-diag.txt", DIAG_TEXT)
    _write(folder / "notes.md", "GPU 3 looks odd\n")
    rf = ReportFolder(folder, topo, say=said.append)
    first = rf.scan(T)
    assert sorted(e.attrs["signal"] for e in first) == ["dcgm_diag_fail", "row_remap_pending"]
    assert {(e.node, e.gpu, e.attrs["origin"]) for e in first} == {
        ("node-01", "node-01/gpu3", "node-01/dcgmi-diag.txt")
    }
    # a note no tool wrote is read as plain text: its GPU line is kept as not understood, and
    # says nothing failed, so it opens nothing
    assert said == ["notes.md: 1 GPU-related line(s) no job-output rule understands",
                    "notes.md:1: not understood: GPU 3 looks odd"]  # fmt: skip
    assert rf.scan(T + 15) == []

    with (folder / "node-02" / "nhc.log").open("a") as fh:
        fh.write("ERROR:  nhc:  Health check failed:  check_nv_healthmon:  nvidia-healthmon ")
    assert rf.scan(T + 30) == []  # the line is still being written
    [nhc] = rf.scan(T + 45)  # it stopped growing: read, with its line number
    assert (nhc.attrs["signal"], nhc.attrs["line"], nhc.timestamp) == (
        "nhc_gpu_check_failed",
        "2",
        T + 45,
    )

    _write(folder / "pods.json", json.dumps(PODS))
    assert rf.scan(T + 60) == []  # a JSON document is read once it stopped growing
    assert sorted(e.attrs["signal"] for e in rf.scan(T + 75)) == [
        "device_plugin_admission_error",
        "gpu_pod_crashloop",
    ]

    restarted = ReportFolder(folder, topo, say=said.append)
    assert restarted.scan(T + 90) == [] and restarted.scan(T + 105) == []
    _write(folder / "node-01" / "dcgmi-diag.txt", DIAG_TEXT.replace("GPU 3", "GPU 6")[:1500])
    replaced = restarted.scan(T + 120)
    assert {e.gpu for e in replaced} == {"node-01/gpu6"}


def test_a_watched_report_opens_or_joins_incidents_in_the_detector(
    tmp_path: Path, topo: Topology
) -> None:
    """Live, end to end: the recorded DBE's telemetry through the detector, and at its end an
    nvidia-smi -q dropped into the watched folder (pending remap on the same GPU) and an NHC
    failure on node-01: the first joins the DBE incident, the second opens its own."""
    from gpufleet.evals.recorded import load_incident

    li = load_incident(EXAMPLES / "dbe-recorded", tmp_path / "cache")
    ticks = list(li.iter_ticks())
    folder = tmp_path / "reports"
    smi = (REPORTS / "nodes" / "node-01" / "nvidia-smi-q.txt").read_text()
    # the 4th block is GPU 3 in the example; make the 6th (GPU 5) the one with the remap
    pending = "        Pending                           : "
    blocks = smi.replace(pending + "Yes", pending + "No").split("GPU 00000000:")
    blocks[6] = blocks[6].replace(pending + "No", pending + "Yes")
    _write(folder / "node-02" / "nvidia-smi-q.txt", "GPU 00000000:".join(blocks))
    _write(folder / "node-01" / "nhc.log", NHC)
    rf = ReportFolder(folder, li.topology, say=lambda m: None)
    det = Detector(li.topology)
    final: dict[str, Incident] = {}
    for n, tick in enumerate(ticks):
        events = rf.scan(tick.timestamp) if n == len(ticks) - 5 else []
        for ev in det.process(with_events(tick, events)):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    got = {i.root_entity: i for i in final.values()}
    assert set(got) == {"node-02/gpu5", "node-01"}
    assert "report:nvidia_smi_q node-02/nvidia-smi-q.txt:" in " ".join(got["node-02/gpu5"].sources)
    assert got["node-01"].symptoms == ("nhc_gpu_check_failed",)
    assert "report:nhc node-01/nhc.log:7" in got["node-01"].sources


def test_kubernetes_pod_states_open_and_join_incidents_live(tmp_path: Path) -> None:
    """Through the real ``kubernetes`` client against the stand-in API server: the validator
    crash-looping on node-01 opens an incident; a pod refused with UnexpectedAdmissionError on
    node-02 joins the DBE incident the telemetry opened there. Each state is reported once
    while it lasts, and again when it comes back."""
    from gpufleet.agents.noc.kube_pod_feed import KubePodFeed, PodStates
    from gpufleet.evals.recorded import load_incident
    from gpufleet.graph.executors.k8s_client import k8s_executor
    from gpufleet.graph.executors.k8s_config import KubernetesConfig
    from tests.kube_api import Cluster, KubeApi, pod_object

    crash = {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting"}}
    validator = pod_object("nvidia-operator-validator-x7k2d", "node-01", namespace="gpu-operator")
    validator["status"]["initContainerStatuses"] = [
        {"name": "driver-validation", "restartCount": 9, "state": crash}
    ]
    refused = pod_object("trainer-0", "node-02", gpus=8)
    refused["status"] = {
        "phase": "Failed",
        "reason": "UnexpectedAdmissionError",
        "message": "Pod was rejected: Allocate failed due to requested number of devices "
        "unavailable for nvidia.com/gpu. Requested: 8, Available: 7, which is unexpected",
    }
    plugin = pod_object("nvidia-device-plugin-daemonset-q8x", "node-02", namespace="gpu-operator")
    li = load_incident(EXAMPLES / "dbe-recorded", tmp_path / "cache")
    ticks = list(li.iter_ticks())
    now = [ticks[0].timestamp]
    said: list[str] = []
    with KubeApi(Cluster(pods=[validator, refused, plugin]), tmp_path) as api:
        core = k8s_executor(KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig)).core
        reads = PodStates(core, li.topology.node_keys)
        feed = KubePodFeed(reads, li.topology, poll_s=60, say=said.append, clock=lambda: now[0])
        det = Detector(li.topology)
        final: dict[str, Incident] = {}
        seen: list[str] = []
        for n, tick in enumerate(ticks):
            events: list[LogEvent] = []
            if n >= len(ticks) - 8:  # the DBE incident is open by now
                now[0] = tick.timestamp
                events = feed.drain()
                seen += [e.attrs["signal"] for e in events]
            for ev in det.process(with_events(tick, events)):
                if isinstance(ev, IncidentOpened | IncidentUpdated):
                    final[ev.incident.incident_id] = ev.incident
        # once while it lasts: 8 ticks of 15 s are two polls, one report each
        assert sorted(seen) == ["device_plugin_admission_error", "gpu_pod_crashloop"]
        validator["status"]["initContainerStatuses"][0]["state"] = {"running": {}}
        now[0] += 60
        assert feed.drain() == []
        validator["status"]["initContainerStatuses"][0]["state"] = crash
        now[0] += 60
        assert [e.attrs["signal"] for e in feed.drain()] == ["gpu_pod_crashloop"]
    assert said == []
    got = {i.root_entity: i for i in final.values()}
    assert got["node-01"].symptoms == ("gpu_stack_pod_crashloop",)
    assert got["node-02/gpu5"].family is Family.MEMORY
    assert "device_plugin_admission_error" in got["node-02/gpu5"].symptoms
    assert any(
        s.startswith("report:k8s_pod kubernetes-api GET") for s in got["node-02/gpu5"].sources
    )


def test_watch_reports_dir_opens_an_incident_and_a_restart_reads_nothing_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gpufleet watch --reports DIR`` as an operator runs it (old code: no such option)."""
    import io

    from gpufleet.cli.main import main

    folder = tmp_path / "reports"
    _write(folder / "node-03" / "nhc.log", NHC)
    _write(folder / "readme.txt", "what goes here\n")
    argv = ["watch", "--source", "sim", "--duration", "2m", "--speed", "100000"]
    argv += ["--reports", str(folder), "--json"]
    out = io.StringIO()
    assert main(argv, out=out) == 0
    [inc] = json.loads(out.getvalue())["incidents"]
    assert (inc["root_entity"], inc["symptoms"]) == ("node-03", ["nhc_gpu_check_failed"])
    assert "report:nhc node-03/nhc.log:7" in inc["sources"]
    assert "readme.txt" not in capsys.readouterr().err  # plain text that names no GPU: quiet
    again = io.StringIO()
    assert main(argv, out=again) == 0
    assert json.loads(again.getvalue())["incidents"] == []


def test_serve_config_reports_folder_and_kube_pods(tmp_path: Path) -> None:
    """``serve``'s ``telemetry.reports`` builds the watched-folder feed (offsets kept in the
    state dir); ``telemetry.kube_pods`` without a usable ``kubernetes`` block is one clear
    error, not a feed that silently reads nothing."""
    import asyncio

    from gpufleet.graph.executors.k8s_client import K8sConfigError
    from gpufleet.service.config import load_serve_config
    from gpufleet.service.runner import build_pipeline, sre_config_for
    from gpufleet.telemetry.report_folder import ReportFolderFeed

    folder = tmp_path / "reports"
    _write(folder / "node-03" / "nhc.log", NHC)
    cfg = tmp_path / "serve.yaml"
    cfg.write_text(
        f"state_dir: {tmp_path / 'state'}\ntelemetry:\n  source: sim\n  reports: {folder}\n"
    )
    loaded = load_serve_config(cfg)
    pipe = asyncio.run(build_pipeline(loaded, sre_config_for(loaded)))
    [feed] = [f for f in pipe.feeds if isinstance(f, ReportFolderFeed)]
    [event] = feed.drain_at(T)
    assert (event.node, event.timestamp, event.attrs["signal"]) == (
        "node-03",
        T,
        "nhc_gpu_check_failed",
    )
    assert (tmp_path / "state" / "report-offsets.json").is_file()

    cfg.write_text(f"state_dir: {tmp_path / 'state'}\ntelemetry:\n  kube_pods: true\n")
    loaded = load_serve_config(cfg)
    with pytest.raises(K8sConfigError, match=r"kubernetes\.enabled: true is needed"):
        asyncio.run(build_pipeline(loaded, sre_config_for(loaded)))
