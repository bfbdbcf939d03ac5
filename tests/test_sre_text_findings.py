"""Text evidence → SRE findings (pure): the node_evidence.search answer over parsed real-format
text becomes evidence facts, and the findings name the right entity (the node the RDMA errors
point at, the straggler rank, the GPU whose nvidia-smi state needs a reset)."""

from __future__ import annotations

from pathlib import Path

from gpufleet.agents.sre.evidence import number_evidence, text_evidence
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.node_evidence import EvidenceFileReport, StaticEvidence
from gpufleet.bus.events import Family, Incident, Scope, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.telemetry.dcgm_diag import parse_dcgm_diag
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from gpufleet.telemetry.ib_counters import parse_ib_counters
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q
from gpufleet.telemetry.text_evidence import TextParse

CORPUS = Path(__file__).parent / "data" / "evidence_corpus"


def _incident(root: str, nodes: tuple[str, ...], scope: Scope = Scope.GPU) -> Incident:
    return Incident.model_validate(
        {
            "incident_id": "inc-1",
            "title": "device: xid",
            "family": Family.DEVICE,
            "scope": scope,
            "root_entity": root,
            "severity": Severity.WARNING,
            "opened_at": 1000.0,
            "updated_at": 1300.0,
            "last_anomaly_at": 1300.0,
            "entities": (root,),
            "nodes": nodes,
            "symptoms": ("xid_79",),
            "anomaly_ids": ("a1",),
            "anomaly_count": 1,
        }
    )


def _source(*parsed: tuple[TextParse, str, str, str]) -> StaticEvidence:
    ev = StaticEvidence()
    for p, path, kind, node in parsed:
        ev.add(p.signatures, EvidenceFileReport(path, kind, node, "", p.report))
    return ev


def _findings(incident: Incident, ev: StaticEvidence) -> dict[str, tuple[str, str]]:
    items = []
    for layer, sources in (
        ("hardware", ["nvidia_smi_q", "dcgmi_diag"]),
        ("driver", ["fabric_manager"]),
        ("os", ["ib_counters"]),
        ("workload", ["job_log"]),
    ):
        nodes = list(incident.nodes)
        data, query = ev.search(nodes, [], sources, [])
        call = ToolCall(tool="node_evidence.search", args={"nodes": nodes, "sources": sources})
        items += text_evidence(layer, call, ToolResult.success(data, query=query))  # type: ignore[arg-type]
    found = derive_findings(incident, number_evidence(items))
    return {f.name: (f.entity, f.detail) for f in found}


def test_rdma_errors_point_at_the_peer_and_its_counters() -> None:
    lines = [
        f"node-04:1:2 [{g}] NCCL WARN NET/IB : Got completion from peer 10.0.0.5<{g}> with "
        "status=12 opcode=0 len=0 vendor err 129 (Recv)"
        for g in range(8)
    ]
    job = parse_job_log("\n".join(lines), origin="jobs/1.log", addresses={"node-05": "10.0.0.5"})
    ib = parse_ib_counters(
        (CORPUS / "ib-perfquery.txt").read_text(), origin="ib.txt", node="node-05"
    )
    ev = _source((job, "jobs/1.log", "job_log", ""), (ib, "ib.txt", "ib_counters", "node-05"))
    found = _findings(_incident("job-1", ("node-04", "node-05"), Scope.JOB), ev)
    assert found["rdma_errors_name_one_peer"][0] == "node-05"
    assert "rdma_retry_exceeded" in found


def test_one_rank_behind_is_the_straggler() -> None:
    lines = [
        f"[rank{r}]:[E1206 18:44:12.7 ProcessGroupNCCL.cpp:1834] [PG ID 0 PG GUID 0 Rank {r}] "
        f"Timeout at NCCL work: 90, last enqueued NCCL work: 91, last completed NCCL work: "
        f"{89 if r != 6 else 80}."
        for r in range(8)
    ]
    job = parse_job_log("\n".join(lines), origin="jobs/2.log", node="node-01")
    found = _findings(
        _incident("job-2", ("node-01",), Scope.JOB), _source((job, "j", "job_log", "node-01"))
    )
    assert found["nccl_one_rank_behind"][1] == "rank 6 is behind every other rank"
    assert "rdma_errors_name_one_peer" not in found


def test_a_group_that_never_completed_a_collective_is_the_transports_question() -> None:
    # PyTorch 2.5's wording; "last completed work: -1": the communicator never moved data
    lines = [
        f"[rank{r}]:[E108 16:19:09.6 ProcessGroupNCCL.cpp:2251] [PG ID 6 PG GUID 623(PIPELINE"
        f"_MODEL_PARALLEL_GROUP) Rank {r}]  failure detected by watchdog at work sequence id: 1"
        " PG status: last enqueued work: 1, last completed work: -1"
        for r in range(4)
    ]
    job = parse_job_log("\n".join(lines), origin="jobs/7.log", node="node-01")
    found = _findings(
        _incident("job-7", ("node-01",), Scope.JOB), _source((job, "j", "job_log", "node-01"))
    )
    assert "nccl_first_collective_hung" in found
    assert "nccl_one_rank_behind" not in found  # every rank is at the same place


def test_a_counted_ecc_error_in_nvidia_smis_table_is_read_on_its_gpu_only() -> None:
    rows = [
        "|   0  Tesla V100-SXM2...  On   | 00000000:03:00.0 Off |                    0 |",
        "| N/A   35C    P0    56W / 300W |      0MiB / 32510MiB |      0%      Default |",
        "+-------------------------------+----------------------+----------------------+",
        "|   1  Tesla V100-SXM2...  On   | 00000000:04:00.0 Off |                    2 |",
        "| N/A   36C    P0    57W / 300W |      0MiB / 32510MiB |      0%      Default |",
    ]
    table = parse_job_log("\n".join(rows), origin="nodes/node-02/nvidia-smi.txt", node="node-02")
    ev = _source((table, "smi", "job_log", "node-02"))
    assert "smi_uncorrectable_ecc" in _findings(_incident("node-02/gpu1", ("node-02",)), ev)
    assert "smi_uncorrectable_ecc" not in _findings(_incident("node-02/gpu0", ("node-02",)), ev)


def test_nvidia_smi_state_is_read_on_the_incident_gpu_only() -> None:
    smi = parse_nvidia_smi_q(
        (CORPUS / "smi-h100-recovery.txt").read_text(), origin="smi", node="node-02"
    )
    ev = _source((smi, "smi", "nvidia_smi_q", "node-02"))
    sick = _findings(_incident("node-02/gpu1", ("node-02",)), ev)
    assert {"recovery_action_pending", "smi_uncorrectable_ecc", "smi_remap_pending"} <= set(sick)
    assert "smi_no_uncorrectable_ecc" not in sick
    healthy = _findings(_incident("node-02/gpu0", ("node-02",)), ev)
    assert "recovery_action_pending" not in healthy and "smi_no_uncorrectable_ecc" in healthy


def test_diag_fabric_and_contained_errors() -> None:
    diag = parse_dcgm_diag((CORPUS / "dcgmi-diag-3x.json").read_text(), origin="d", node="n-1")
    fm = parse_fabric_manager(
        "Nov 15 14:15:47 n-1 systemd[1]: nvidia-fabricmanager.service: Failed with result "
        "'exit-code'.",
        origin="fm",
        node="n-1",
    )
    job = parse_job_log(
        "n-1:1:2 [3] NCCL WARN Cuda failure 'CUDA_ERROR_CONTAINED: Invalid access of peer GPU "
        "memory over nvlink or a hardware error'",
        origin="j",
    )
    ev = _source(
        (diag, "d", "dcgmi_diag", "n-1"),
        (fm, "fm", "fabric_manager", "n-1"),
        (job, "j", "job_log", "n-1"),
    )
    on3 = _findings(_incident("n-1/gpu3", ("n-1",)), ev)
    assert {"dcgm_diag_failed", "fabric_manager_failed", "cuda_contained_error"} <= set(on3)
    on0 = _findings(_incident("n-1/gpu0", ("n-1",)), ev)
    assert "dcgm_diag_failed" not in on0  # the diagnostic failed GPU 3, not GPU 0


def test_no_evidence_files_no_evidence_item() -> None:
    data, query = StaticEvidence().search(["n"], [], [], [])
    call = ToolCall(tool="node_evidence.search", args={"nodes": ["n"]})
    assert text_evidence("workload", call, ToolResult.success(data, query=query)) == []


def test_nccl_port_events_are_a_link_down_and_repeated_a_flap() -> None:
    """NCCL ≥ 2.19 words it "Got async error event: port error" (old code: not understood)."""
    line = (
        "[2025-09-17 15:16:{s}] prefill-2:311:405 [0] transport/net_ib.cc:199 NCCL WARN NET/IB : "
        "mlx5_32:1 Got async error event: port {what}"
    )
    one = parse_job_log(
        line.format(s="23", what="error"), origin="jobs/p.log", node="node-04", nodes=("node-04",)
    )
    assert [s.detail["event"] for s in one.signatures] == ["port error"]
    found = _findings(
        _incident("node-04", ("node-04",), Scope.NODE), _source((one, "jobs/p.log", "job_log", ""))
    )
    assert "nic_link_down" in found and "nic_link_flapping" not in found
    text = "\n".join(
        line.format(s=s, what=w) for s, w in (("23", "error"), ("31", "active"), ("34", "error"))
    )
    three = parse_job_log(text, origin="jobs/p.log", node="node-04", nodes=("node-04",))
    found = _findings(
        _incident("node-04", ("node-04",), Scope.NODE),
        _source((three, "jobs/p.log", "job_log", "")),
    )
    assert {"nic_link_down", "nic_link_flapping"} <= set(found)


def test_tool_error_lines_become_the_variant_findings() -> None:
    """nvidia-smi's version mismatch, slurmctld's GRES mismatch (in the controller's journal,
    naming the node), the plugin's missing NVML library: each is the finding its card's
    variant is chosen by (old code: none of these lines was understood)."""
    smi = parse_job_log(
        "Failed to initialize NVML: Driver/library version mismatch\n",
        origin="nodes/node-04/nvidia-smi.txt",
        node="node-04",
    )
    ctl = parse_job_log(
        "May 23 12:49:52 mgmt1 slurmctld[80708]: slurmctld: error: Setting node node-04 state "
        "to INVAL with reason:gres/gpu count reported lower than configured (7 < 8)\n",
        origin="jobs/slurmctld.log",
        node="mgmt1",
        nodes=("node-04", "node-05"),
    )
    plugin = parse_job_log(
        "I1120 10:01:02.124200 1 main.go:287] Failed to initialize NVML: could not load NVML "
        "library.\n",
        origin="jobs/plugin.log",
        node="node-04",
    )
    ev = _source(
        (smi, "nodes/node-04/nvidia-smi.txt", "job_log", "node-04"),
        (ctl, "jobs/slurmctld.log", "job_log", "mgmt1"),
        (plugin, "jobs/plugin.log", "job_log", "node-04"),
    )
    found = _findings(_incident("node-04", ("node-04",), Scope.NODE), ev)
    assert {"nvml_driver_mismatch", "slurm_gres_gpu_mismatch", "nvml_library_missing"} <= set(found)


def test_a_container_engine_without_the_nvidia_runtime_is_its_configuration() -> None:
    """Docker's "unknown or invalid runtime name: nvidia" is the engine's configuration (no
    NVIDIA runtime registered), a finding of its own: not NVML missing, which the device plugin
    reads as its own failure."""
    log = parse_job_log(
        "docker: Error response from daemon: unknown or invalid runtime name: nvidia.\n",
        origin="jobs/run.log",
        node="node-04",
    )
    ev = _source((log, "jobs/run.log", "job_log", "node-04"))
    found = _findings(_incident("node-04", ("node-04",), Scope.NODE), ev)
    assert "container_runtime_unregistered" in found
    assert "nvml_library_missing" not in found
