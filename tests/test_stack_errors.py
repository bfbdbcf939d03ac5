"""GPU-stack errors in pasted text (nvidia-smi, Slurm GRES, kubectl, DCGM health) open incidents,
whatever the file is called and whatever kind it was declared as.

The lines are the tools' own strings: nvidia-smi / NVML (nvmlErrorString), slurmctld and
slurmd (gres.c, node_mgr.c), kubectl's table and the kubelet's admission event, nv-hostengine
and ``dcgmi health -c``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from gpufleet.evals.evidence_files import load_evidence
from gpufleet.evals.format import EvidenceFile, IncidentSpec
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.report_files import kind_of_text
from gpufleet.telemetry.report_folder import ReportFolder
from gpufleet.telemetry.stack_errors import classify
from gpufleet.telemetry.topology import Topology, build_cluster


@pytest.mark.parametrize(
    ("line", "kind", "detail"),
    [
        (
            "Failed to initialize NVML: Driver/library version mismatch",
            "gpu_runtime_failed",
            {"runtime_error": "driver_library_mismatch"},
        ),
        (
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make "
            "sure that the latest NVIDIA driver is installed and running.",
            "gpu_runtime_failed",
            {"runtime_error": "driver_not_loaded"},
        ),
        (
            "I0927 10:01:02.123 main.go:123] Failed to initialize NVML: could not load NVML "
            "library.",
            "gpu_runtime_failed",
            {"runtime_error": "nvml_library_missing"},
        ),
        (
            "Failed to initialize NVML: Unknown Error",
            "gpu_runtime_failed",
            {"runtime_error": "nvml_unknown_error"},
        ),
        (
            "Failed to initialize NVML: GPU access blocked by the operating system",
            "gpu_runtime_failed",
            {"runtime_error": "nvml_other_error"},
        ),
        (
            "Unable to determine the device handle for GPU 0000:3B:00.0: Unknown Error",
            "smi_gpu_lost",
            {"pci": "0000:3b:00.0"},
        ),
        (
            "Unable to determine the device handle for gpu 0000:81:00.0: GPU is lost.  Reboot "
            "the system to recover this GPU",
            "smi_gpu_lost",
            {"pci": "0000:81:00.0"},
        ),
        (
            # recent nvidia-smi names the index before the bus id
            "Unable to determine the device handle for GPU6: 0000:C1:00.0: Unknown Error",
            "smi_gpu_lost",
            {"pci": "0000:c1:00.0", "smi_gpu": "6"},
        ),
        (
            "Unable to determine the device handle for GPU1: Unknown Error",
            "smi_gpu_lost",
            {"pci": "", "smi_gpu": "1"},
        ),
        ("No devices were found", "smi_no_devices", {}),
        (
            "May 23 12:49:52 mgmt1 slurmctld[80708]: slurmctld: error: Setting node nodegpu1 "
            "state to INVAL with reason:gres/gpu count reported lower than configured (0 < 1)",
            "slurm_gres_gpu_error",
            {"what": "node_invalid", "node": "nodegpu1", "state": "INVAL"},
        ),
        (
            "slurmd: fatal: can't stat gres.conf file /dev/nvidia0: No such file or directory",
            "slurm_gres_gpu_error",
            {"what": "device_missing", "device": "/dev/nvidia0"},
        ),
        (
            "gpu-operator   nvidia-device-plugin-daemonset-7x9k2   0/1   CrashLoopBackOff   12  "
            " 40m",
            "gpu_pod_crashloop",
            {
                "pod": "gpu-operator/nvidia-device-plugin-daemonset-7x9k2",
                "status": "CrashLoopBackOff",
            },
        ),
        (
            "  Warning  UnexpectedAdmissionError  2m  kubelet  Allocate failed due to requested "
            "number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which "
            "is unexpected",
            "device_plugin_admission_error",
            {},
        ),
        (
            "ERROR [1514002:1514004] [[Health]] Detected a WARNING in health system Thermal: "
            "'Detected clocks event due to thermal violation'",
            "dcgm_health_thermal",
            {"system": "thermal", "level": "warning"},
        ),
        (
            " | GPU 0's NvLink link 3 is currently down",
            "dcgm_health_nvlink",
            {"gpu": "0", "link": "3"},
        ),
        # slurmstepd (req.c) when a step outlives SIGKILL: the node-side view of "Kill task failed"
        (
            "[2021-03-01T09:44:56.002] [6353.0] error: *** STEP 6353.0 STEPD TERMINATED ON gn12 AT"
            " 2021-03-01T09:44:56 DUE TO JOB NOT ENDING WITH SIGNALS ***",
            "slurm_kill_task_failed",
            {"node": "gn12"},
        ),
        # slurmctld (node_mgr.c) drains a node registering less than slurm.conf says, as
        # `sinfo -R --Format=reason:40,nodelist` and `sinfo -R` print it
        (
            "Low RealMemory                          gpu[001-004]    ",
            "slurm_node_config_mismatch",
            {"reason": "Low RealMemory", "node": "", "nodelist": "gpu[001-004]"},
        ),
        (
            "Low socket*core*thread count, Low CPUs  root      2024-05-02T10:11:12 gn07",
            "slurm_node_config_mismatch",
            {"node": "gn07"},
        ),
        # slurmd refusing its gres.conf (src/common/gres.c)
        (
            "Feb 20 18:59:13 gn3 slurmd[5797]: fatal: gres.conf duplicate records for gpu",
            "slurm_gres_gpu_error",
            {"what": "config", "reason": "gres.conf duplicate records for gpu"},
        ),
    ],
)
def test_each_tools_own_error_line_is_recognised(
    line: str, kind: str, detail: dict[str, str]
) -> None:
    found = classify(line)
    assert found is not None and found[0] == kind
    assert detail.items() <= found[1].items()


@pytest.mark.parametrize(
    "line",
    [
        "coredns-5d78c9869d-abcde   1/1   Running   0   3d",  # not a GPU-stack pod
        "nvidia-device-plugin-daemonset-7x9k2   1/1   Running   0   40m",  # healthy
        "slurmd: gres/gpu: loaded 8 devices",
        "[2021-03-01T09:43:55.500] [6353.0] error: *** STEP 6353.0 ON gn12 CANCELLED AT 2021-03-01",
        "MemTotal: 1056499 kB, Low memory warning disabled",
        "Detected 8 GPUs",
    ],
)
def test_healthy_or_unrelated_lines_are_not_errors(line: str) -> None:
    assert classify(line) is None


NODE = "node-01"


def _one_node(gpus: int) -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=gpus)])


def test_a_pasted_nvidia_smi_failure_opens_an_incident_on_its_node() -> None:
    topo = _one_node(8)
    parsed = parse_job_log(
        "$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\n",
        origin="nodes/node-01/nvidia-smi.txt",
        node=NODE,
        nodes=topo.node_keys,
    )
    [event] = job_signal_events([(s, "") for s in parsed.signatures], topo, 100.0).events
    assert (event.node, event.gpu, event.attrs["signature"]) == (NODE, None, "gpu_runtime_failed")


def test_a_gpu_error_on_a_single_gpu_node_is_that_gpus_and_a_pci_address_names_its_gpu() -> None:
    single = _one_node(1)
    sig = parse_job_log(
        "RuntimeError: CUDA error: uncorrectable ECC error encountered\n",
        origin="jobs/vllm.log",
        node=NODE,
        nodes=single.node_keys,
    ).signatures
    [ev] = job_signal_events([(s, "") for s in sig], single, 1.0).events
    assert ev.gpu == single.gpu_keys[0]
    eight = _one_node(8)
    pci = eight.gpu_pci_bus_id[5]
    lost = parse_job_log(
        f"Unable to determine the device handle for GPU {pci}: Unknown Error\n",
        origin="nodes/node-01/nvidia-smi.txt",
        node=NODE,
        nodes=eight.node_keys,
    ).signatures
    [ev] = job_signal_events([(s, "") for s in lost], eight, 1.0).events
    assert ev.gpu == eight.gpu_keys[5]
    # the index-first form of recent releases lands on the GPU its bus id names
    lost = parse_job_log(
        f"reported: `Unable to determine the device handle for GPU2: {pci}: Unknown Error`\n",
        origin="nodes/node-01/notes.txt",
        node=NODE,
        nodes=eight.node_keys,
    ).signatures
    [ev] = job_signal_events([(s, "") for s in lost], eight, 1.0).events
    assert ev.gpu == eight.gpu_keys[5]
    # on an 8-GPU node a job's CUDA error names no GPU: the node it is
    sig8 = parse_job_log(
        "CUDA error: uncorrectable ECC error encountered\n", origin="j", node=NODE, nodes=(NODE,)
    ).signatures
    [ev] = job_signal_events([(s, "") for s in sig8], eight, 1.0).events
    assert ev.gpu is None and ev.node == NODE


def test_the_content_says_which_tool_wrote_a_text() -> None:
    assert kind_of_text("ERROR:  nhc:  Health check failed:  check_gpu_bw: P2P test\n") == "nhc"
    assert kind_of_text("==============NVSMI LOG==============\n\nAttached GPUs : 8\n") == (
        "nvidia_smi_q"
    )
    assert kind_of_text('{"apiVersion": "v1", "kind": "PodList", "items": []}') == "k8s_pod"
    assert kind_of_text("#       size         count      type   redop    root\n") == "nccl_tests"
    assert kind_of_text("NAME  READY  STATUS\nnvidia-x  0/1  Error  3  1m\n") == "job_log"


KUBECTL = (
    "NAMESPACE      NAME                                   READY   STATUS   RESTARTS   AGE\n"
    "gpu-operator   nvidia-device-plugin-daemonset-7x9k2   0/1     CrashLoopBackOff   12   40m\n"
)
NHC = "ERROR:  nhc:  Health check failed:  check_nv_healthmon:  nvidia-healthmon found GPU 3 lost\n"


def test_declared_kinds_that_do_not_fit_are_read_by_content_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    """A kubectl table declared as pod-list JSON, an NHC log declared as a job log, and a file
    under a node's folder whose name says nothing: each is read as what its text is."""
    (tmp_path / "jobs").mkdir()
    (tmp_path / "nodes" / NODE).mkdir(parents=True)
    (tmp_path / "jobs" / "pods.log").write_text(KUBECTL)
    (tmp_path / "jobs" / "health.log").write_text(NHC)
    (tmp_path / "nodes" / NODE / "what-i-saw.txt").write_text(
        "$ nvidia-smi\nNo devices were found\n"
    )
    spec = IncidentSpec.model_validate(
        {
            "id": "x",
            "title": "t",
            "kind": "fault_free",
            "truth": {"faults": [], "source": "test"},
            "topology_file": "topology.json",
            "time_range": {"start": 0, "end": 600},
            "evidence": [
                EvidenceFile(path="jobs/pods.log", kind="k8s_pod", node=NODE).model_dump(),
                EvidenceFile(path="jobs/health.log", kind="job_log", node=NODE).model_dump(),
            ],
        }
    )
    problems: list[str] = []
    ev = load_evidence(tmp_path, spec, _one_node(8), problems)
    kinds = {(i.signature.origin, i.signature.kind) for i in ev.items}
    assert ("jobs/pods.log", "gpu_pod_crashloop") in kinds
    assert ("nodes/node-01/what-i-saw.txt", "smi_no_devices") in kinds
    assert any(o == "jobs/health.log" and k.startswith("nhc") for o, k in kinds)
    said = "\n".join(problems)
    assert "jobs/pods.log: not readable as k8s_pod" in said and "reads as job_log" in said
    assert "jobs/health.log: nothing job_log knows in it; its text reads as nhc" in said


def test_a_watched_folder_reads_a_report_its_name_does_not_announce(tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    (folder / NODE).mkdir(parents=True)
    (folder / NODE / "morning-check.out").write_text(NHC)
    said: list[str] = []
    events = ReportFolder(folder, _one_node(8), say=said.append).scan(0.0)
    assert [e.attrs["signal"] for e in events] == ["nhc_gpu_check_failed"]
    assert said == []


def test_more_tool_forms_are_read() -> None:
    """`sinfo -R` (reason cut to 20 characters), `nvidia-smi nvlink -s`, NCCL's NVLS bind
    failure, the older Xid wording, Fabric Manager's driver-interface mismatch (old code: none
    understood)."""
    from gpufleet.telemetry.fabric_manager import parse_fabric_manager
    from gpufleet.telemetry.kernel_log import parse_lines

    assert classify("gres/gpu count repor slurm     2026-04-14T06:39:53 slinky-0") == (
        "slurm_gres_gpu_error",
        {"what": "count_low", "node": "slinky-0", "nodelist": "slinky-0"},
    )
    assert classify("         Link 3: <inactive>") == ("smi_nvlink_inactive", {"link": "3"})
    nvls = parse_job_log(
        "[2026-06-23 15:45:07] pod-x:420:437 [5] transport/nvls.cc:379 (nvlsAllocateMem) NCCL "
        "WARN Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error "
        "401 'the operation cannot be performed in the present state'.",
        origin="jobs/stress.log",
    ).signatures
    assert [(s.kind, s.detail.get("cuda_code")) for s in nvls] == [("nccl_nvls_failure", "401")]
    events, _ = parse_lines(
        ["[12146.826127] NVRM Xid (PCI:0000:0b:00) : 32, Channel ID 00000009 intr 00008000\n"],
        node=NODE,
        at=1.0,
    )
    assert [(e.xid, e.pci_bus_id) for e in events] == [(32, "00000000:0B:00.0")]
    fm = parse_fabric_manager(
        "nv-fabricmanager[3228]: fabric manager NVIDIA GPU driver interface version 530.30.02 "
        "don't match with driver version 530.41.03. Please update with matching NVIDIA driver",
        origin="fm.log",
    )
    assert "fm_version_mismatch" in [s.kind for s in fm.signatures]


def test_fabric_manager_with_nothing_to_do_is_not_a_failure() -> None:
    """On a system without NVSwitches FM exits with NV_WARN_NOTHING_TO_DO and systemd logs a
    failed start: not a fabric fault (old code: fabric_manager failed → an incident, drained)."""
    from gpufleet.telemetry.fabric_manager import parse_fabric_manager
    from gpufleet.telemetry.report_signals import report_signal_events

    text = (
        "Sep 18 03:19:01 host nv-fabricmanager[4753]: Fabric Manager version 550.54 is running\n"
        "Sep 18 03:19:01 host nv-fabricmanager[4753]: request to query NVSwitch device "
        "information from NVSwitch driver failed with error:NV_WARN_NOTHING_TO_DO\n"
        "Sep 18 03:19:01 host systemd[1]: nvidia-fabricmanager.service: Control process exited, "
        "code=exited, status=1/FAILURE\n"
        "Sep 18 03:19:01 host systemd[1]: Failed to start NVIDIA fabric manager service.\n"
    )
    parsed = parse_fabric_manager(text, origin="fm.log", node=NODE)
    states = [s.detail["state"] for s in parsed.signatures if s.kind == "fm_state"]
    assert states == ["not_applicable"]
    topo = _one_node(8)
    assert report_signal_events(parsed.signatures, topo, 1.0).events == []
    failed = parse_fabric_manager(text.replace("NV_WARN_NOTHING_TO_DO", "NV_ERR_GENERIC"),
                                  origin="fm.log", node=NODE)  # fmt: skip
    assert [e.attrs["signal"] for e in report_signal_events(failed.signatures, topo, 1.0).events]


def test_driver_lines_quoted_by_another_tool_are_replayed_as_pasted_kernel_lines(
    tmp_path: Path,
) -> None:
    """A health agent's scan quoting the kernel (gpud's "[XID found] … \\"NVRM: Xid …\\"")
    opens the Xid's incident on the file's node, marked pasted (old code: not understood)."""
    from gpufleet.evals.recorded import load_incident

    examples = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "examples"
    dst = tmp_path / "inc"
    shutil.copytree(examples / "reports-recorded", dst)
    for p in ("nodes", "pods.json", "events.jsonl"):
        target = dst / p
        shutil.rmtree(target) if target.is_dir() else target.unlink()
    spec = yaml.safe_load((dst / "incident.yaml").read_text())
    spec["evidence"] = []
    (dst / "incident.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    (dst / "nodes" / "node-02").mkdir(parents=True)
    (dst / "nodes" / "node-02" / "gpud-scan.txt").write_text(
        '[XID found] (54 minutes ago) "NVRM: Xid (PCI:0000:18:00): 119, pid=4071838, '
        'name=python, Timeout after 45s of waiting for RPC response from GPU0 GSP!"\n'
    )
    li = load_incident(dst, tmp_path / "cache")
    xids = [e for t in li.iter_ticks() for e in t.events if e.kind == "xid"]
    assert [(e.node, e.xid, e.attrs["via"]) for e in xids] == [("node-02", 119, "pasted")]


NODE_YAML = """status:
  allocatable:
    cpu: "48"
    nvidia.com/gpu: "{alloc}"
    pods: "110"
  capacity:
    cpu: "48"
    nvidia.com/gpu: "16"
"""
DESCRIBE_NODE = """Capacity:
  cpu:                48
  nvidia.com/gpu:     8
Allocatable:
  cpu:                48
  nvidia.com/gpu:     7
System Info:
  Machine ID:         abc
"""


def test_a_node_withholding_gpus_is_read_from_its_yaml_or_describe_output() -> None:
    """Allocatable below capacity is the device plugin withholding GPUs (old code: the
    nvidia.com/gpu lines were 'not understood'); equal counts say nothing."""
    low = parse_job_log(NODE_YAML.format(alloc=0), origin="jobs/node.log", node=NODE)
    assert [(s.kind, s.detail) for s in low.signatures] == [
        ("k8s_gpu_allocatable_low", {"capacity": "16", "allocatable": "0"})
    ]
    assert low.report.gpu_unparsed == 0
    assert parse_job_log(NODE_YAML.format(alloc=16), origin="n", node=NODE).signatures == []
    described = parse_job_log(DESCRIBE_NODE, origin="jobs/describe.log", node=NODE)
    assert [s.detail for s in described.signatures] == [{"capacity": "8", "allocatable": "7"}]
    [ev] = job_signal_events([(s, "") for s in low.signatures], _one_node(8), 1.0).events
    assert (ev.node, ev.attrs["signature"]) == (NODE, "k8s_gpu_allocatable_low")


def test_an_inactive_nvlink_lands_on_the_gpu_its_header_names() -> None:
    text = (
        "GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-x)\n\t Link 0: 26.5 GB/s\n\t Link 1: <inactive>\n"
    )
    topo = _one_node(8)
    sigs = parse_job_log(text, origin="nodes/node-01/nvlink.txt", node=NODE).signatures
    assert [(s.kind, s.detail) for s in sigs] == [
        ("smi_nvlink_inactive", {"link": "1", "smi_gpu": "2", "gpu_name": "NVIDIA H100 80GB HBM3"})
    ]
    [ev] = job_signal_events([(s, "") for s in sigs], topo, 1.0).events
    assert ev.gpu == topo.gpu_keys[2]


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("You can see that the GPU 1 has 1 Volatile Uncorr. ECC.", "1"),
        ("confirmed with `nvidia-smi`: `Volatile Uncorr. ECC: 1`", "1"),
        # "one card's Volatile Uncorr. ECC reported 1; after swapping the cards it is fine"
        ("我这边硬件的问题，有一张卡的Volatile Uncorr. ECC 报1了，换了另外4张卡后没有问题了", "1"),
        ("GPU 3: Volatile Uncorr. ECC = 12, the card was replaced", "12"),
    ],
)
def test_nvidia_smis_uncorrectable_count_quoted_in_words_is_the_count(
    line: str, count: str
) -> None:
    found = classify(line)
    assert found is not None and found[0] == "smi_uncorrectable_ecc"
    assert found[1]["ecc"] == count


@pytest.mark.parametrize(
    "line",
    [
        # the head alone, a zero, a threshold, a decimal: no count of errors
        "as in Volatile Uncorr. ECC - which sounds like a serious memory error. You have 0 of them",
        "Volatile Uncorr. ECC: 0",
        "`nvidia-smi` zeigt `Volatile Uncorr. ECC` - bei Wert > 0 ist die GPU defekt",
        "Volatile Uncorr. ECC: 1.5",
        "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |",
    ],
)
def test_the_uncorrectable_column_named_without_a_count_is_not_an_error(line: str) -> None:
    assert classify(line) is None


def test_a_quoted_uncorrectable_count_lands_on_the_gpu_the_line_names() -> None:
    topo = _one_node(8)
    sigs = parse_job_log(
        "You can see that the GPU 1 has 1 Volatile Uncorr. ECC.\n",
        origin="issue.md",
        node=NODE,
        nodes=topo.node_keys,
    ).signatures
    assert [(s.kind, s.gpu) for s in sigs] == [("smi_uncorrectable_ecc", 1)]
    [ev] = job_signal_events([(s, "") for s in sigs], topo, 1.0).events
    assert ev.gpu == topo.gpu_keys[1]


def test_probe_not_called_insufficient_driver_and_an_annotated_count_are_read() -> None:
    """nv.c's "probe routine was not called" (nouveau holds the devices), CUDA's
    insufficient-driver error (35), and a node count the reporter annotated (old code: none)."""
    from gpufleet.telemetry.kernel_log import parse_lines

    events, report = parse_lines(
        [
            "[188497.595099] NVRM: No NVIDIA graphics adapter probed!\n",
            "[188549.976351] NVRM: The NVIDIA probe routine was not called for 3 device(s).\n",
            "[188549.977053] NVRM: This can occur when a driver such as: \n",
            "NVRM: nouveau, rivafb, nvidiafb or rivatv \n",
        ],
        node=NODE,
        at=1.0,
    )
    assert [e.kind for e in events] == ["gpu_probe_failed", "gpu_probe_failed"]
    assert events[1].attrs["devices"] == "3" and report.gpu_unparsed == 0
    sigs = parse_job_log(
        "ERROR: CUDA driver version is insufficient for CUDA runtime version in /var/tmp/x",
        origin="jobs/relion.log",
    ).signatures
    assert [s.kind for s in sigs] == ["cuda_insufficient_driver"]
    annotated = (
        "Capacity:\n  nvidia.com/gpu:  8\nAllocatable:\n  nvidia.com/gpu:   7    <=== here\n"
    )
    assert [s.detail for s in parse_job_log(annotated, origin="n").signatures] == [
        {"capacity": "8", "allocatable": "7"}
    ]


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("slurmctld: error: Kill task failed on node c017", "slurm_kill_task_failed"),
        (
            "   Reason=Node unexpectedly rebooted [slurm@2024-03-01T10:00:00]",
            "slurm_node_down_reason",
        ),
        (
            "[12345.6] python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE)",
            "host_oom_kill",
        ),
        ("Memory cgroup out of memory: Killed process 77 (pt_data_worker)", "host_oom_kill"),
        (
            "  Warning  FailedScheduling  2m  default-scheduler  0/3 nodes are available: 1 "
            "node(s) had untolerated taint {nvidia.com/gpu: present}.",
            "k8s_gpu_taint_untolerated",
        ),
    ],
)
def test_scheduler_and_kernel_reasons_operators_paste_are_read(line: str, kind: str) -> None:
    """Slurm's own drain reasons, the OOM killer, an untolerated GPU taint (old code: none)."""
    found = classify(line)
    assert found is not None and found[0] == kind


def test_a_sentence_that_only_says_not_responding_is_not_slurm() -> None:
    assert classify("the job was not responding to me") is None


def test_a_dcgm_health_message_lands_on_the_gpu_it_names() -> None:
    # nv-hostengine names the GPU by its DCGM id, the NVML index nvidia-smi prints: on an
    # 8-GPU node the incident is that GPU's, not the node's
    eight = _one_node(8)
    lines = (
        "ERROR [1514002:1514004] [[Health]] Detected a WARNING in health system Thermal: "
        "'Detected clocks event due to thermal violation in GPU 2. Verify that the cooling on "
        "this machine is functional'\n"
        " | GPU 6's NvLink link 3 is currently down\n"
    )
    sigs = parse_job_log(lines, origin="jobs/nv-hostengine.log", node=NODE, nodes=(NODE,))
    events = job_signal_events([(s, "") for s in sigs.signatures], eight, 1.0).events
    assert [(e.attrs["signature"], e.gpu) for e in events] == [
        ("dcgm_health_thermal", eight.gpu_keys[2]),
        ("dcgm_health_nvlink", eight.gpu_keys[6]),
    ]


@pytest.mark.parametrize(
    ("name", "sku", "opens"),
    [
        ("NVIDIA B200", "B200-SXM-180GB", True),  # an NVLink GPU with no link up: a fault
        ("NVIDIA H100 PCIe", "H100-SXM5-80GB", False),  # no NVLink of its own: by design
        ("NVIDIA GeForce RTX 4090", "H100-SXM5-80GB", False),
        ("", "H100-SXM5-80GB", True),  # no header: the topology's SKU decides
        ("", "A10-PCIE-24GB", False),
    ],
)
def test_all_links_inactive_is_a_fault_only_on_a_gpu_with_nvlink(
    name: str, sku: str, opens: bool
) -> None:
    eight = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=8, sku_name=sku)])
    header = f"GPU 2: {name} (UUID: GPU-xxx)\n" if name else ""
    text = header + "NVML: Unable to retrieve NVLink information as all links are inActive\n"
    node = eight.node_keys[0]
    sigs = parse_job_log(text, origin="nodes/x/nvidia-smi-nvlink-s.txt", node=node, nodes=(node,))
    found = job_signal_events([(s, "") for s in sigs.signatures], eight, 1.0)
    assert [s.detail["link"] for s in sigs.signatures] == ["all"]
    assert (len(found.events), found.by_design) == ((1, 0) if opens else (0, 1))
    if opens and name:
        assert found.events[0].gpu == eight.gpu_keys[2]


def test_a_sinfo_r_row_names_its_reason_and_its_one_node() -> None:
    # sinfo -R prints REASON USER TIMESTAMP NODELIST with no word of "slurm" on the row
    assert classify("Kill task failed root 2024-01-25T15:12:23 ip-10-0-1-23") == (
        "slurm_kill_task_failed",
        {"reason": "Kill task failed", "node": "ip-10-0-1-23"},
    )
    # a hostlist names several nodes: none is guessed
    found = classify("Not responding       slurm     2024-01-25T15:12:23 node[01-04]")
    assert found == ("slurm_node_down_reason", {"reason": "Not responding", "node": ""})
    assert classify("the job was not responding today") is None
