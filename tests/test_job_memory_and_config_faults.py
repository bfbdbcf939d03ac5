"""What operators paste when a job cannot get its GPU: a CUDA OOM told apart by its own numbers
(another process's memory, fragmentation, the job's own tensors), CUDA's "all CUDA-capable devices
are busy or unavailable", Slurm draining a node over its configuration, and a driver that cannot
drive the GPU at all — each opens an incident and leads to the operator decision its source names.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Family, Hypothesis, Incident, Scope, Severity
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry import cuda_oom
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.report_files import kind_of_text
from gpufleet.telemetry.shared_memory_words import SHARED_MEMORY_REPORTED
from gpufleet.telemetry.statements import STATEMENT_KINDS
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.test_log_wiring import _diagnose, _recorded, _replay

T = 1_780_000_000.0
KB = KnowledgeBase.load()

# PyTorch < 2.1 (CUDACachingAllocator.cpp): 8 GiB card, the job holds 96 MiB, 30 MiB free
OLD_FOREIGN = (
    "RuntimeError: CUDA out of memory. Tried to allocate 256.00 MiB (GPU 0; 7.93 GiB total "
    "capacity; 70.12 MiB already allocated; 30.44 MiB free; 96.00 MiB reserved in total by "
    "PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb"
)
# PyTorch >= 2.1: 1.2 GiB reserved but unallocated + 0.4 GiB free would hold the 1 GiB asked for
NEW_FRAGMENTED = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total "
    "capacity of 39.39 GiB of which 412.00 MiB is free. Including non-PyTorch memory, this "
    "process has 38.98 GiB memory in use. Of the allocated memory 37.10 GiB is allocated by "
    "PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated. If reserved but unallocated "
    "memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
)
NEW_CAPACITY = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total "
    "capacity of 79.15 GiB of which 1.02 GiB is free. Process 88113 has 78.12 GiB memory in use. "
    "Of the allocated memory 77.20 GiB is allocated by PyTorch, and 210.50 MiB is reserved by "
    "PyTorch but unallocated."
)
# the same message, with a second process holding 30 GiB of the card
NEW_FOREIGN = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
    "capacity of 79.15 GiB of which 600.00 MiB is free. Process 4410 has 30.00 GiB memory in use."
    " Including non-PyTorch memory, this process has 48.50 GiB memory in use. Of the allocated "
    "memory 47.00 GiB is allocated by PyTorch, and 900.00 MiB is reserved by PyTorch but "
    "unallocated."
)
# PyTorch < 2.1 on a 24 GiB card: 2.8 GiB outside the job's reserve, which this wording cannot
# tell from the process's own context and library workspaces
OLD_UNSEPARATED = (
    "RuntimeError: CUDA out of memory. Tried to allocate 128.00 MiB (GPU 0; 23.68 GiB total "
    "capacity; 20.57 GiB already allocated; 94.44 MiB free; 20.74 GiB reserved in total by "
    "PyTorch)"
)
BUSY = (
    "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=51 error=46 : all "
    "CUDA-capable devices are busy or unavailable"
)


@pytest.mark.parametrize(
    ("line", "verdict"),
    [
        (OLD_FOREIGN, "foreign"),
        # a paste that starts after "CUDA out of memory.": the numbers alone are the OOM
        (OLD_FOREIGN.split("memory. ", 1)[1], "foreign"),
        (NEW_FRAGMENTED, "fragmentation"),
        (NEW_CAPACITY, "capacity"),
        (NEW_FOREIGN, "foreign"),
        # without the process's own total only most of the GPU is another's
        (OLD_UNSEPARATED, "fragmentation"),
        (
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating "
            "tensor with shape[64,1024,1024]",
            "capacity",
        ),
        # vLLM's start-up check, before the model loads: nearly all of an H100 held by another
        # process (a previous instance not gone yet) ...
        (
            "(EngineCore pid=3310) ERROR 08-11 13:56:14 [v1/engine/core.py:1195] ValueError: "
            "Free memory on device cuda:0 (0.41/79.18 GiB) on startup is less than desired GPU "
            "memory utilization (0.85, 67.3 GiB). Decrease GPU memory utilization or reduce GPU "
            "memory used by other processes.",
            "foreign",
        ),
        # ... and a tenth of a 24 GiB card in use, the setting asking 95 % of it: the setting's
        (
            "ValueError: Free memory on device (21.37/23.72 GiB) on startup is less than desired "
            "GPU memory utilization (0.95, 22.54 GiB).",
            "capacity",
        ),
    ],
)
def test_an_oom_says_whose_memory_filled_the_gpu(line: str, verdict: str) -> None:
    found = cuda_oom.read(line)
    assert found is not None and found["verdict"] == verdict


@pytest.mark.parametrize(
    "line",
    [
        # the runtime's own string for cudaErrorMemoryAllocation after each program's prefix
        "RuntimeError: CUDA error: out of memory",
        "# CUDA RT1 Error: out of memory",
        "# Crash while rendering CUDA Driver API error out of memory code 2",
        "llama_model_load: cudaMalloc failed: out of memory",
        "Unexpected error CUDA error in func dev::eth::CUDAMiner::initEpoch_internal at line 130 "
        "out of memory on CUDA device 07:00.0",
        "GPU #1: out of memory",
        # the CUDA_SAFE_CALL form: the function, its line, then cudaGetErrorString
        "CUDA error in func 'ethash_cuda_miner::init' at line 243 : out of memory.",
        "cuda-0 Error CUDA mining: CUDA error in func init at line 126 out of memory",
        # TensorFlow's class for a failed device allocation, as a notebook's traceback heads it
        "ResourceExhaustedError                    Traceback (most recent call last)",
        "vkAllocateMemory: VK_ERROR_OUT_OF_DEVICE_MEMORY",
        # OpenCL's and the CUDA libraries' own statuses for a device allocation that failed
        "Oct 24 08:17:09 filecoin lotus-worker[30970]: Status error code: "
        "CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)",
        "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        "cuDNN error: CUDNN_STATUS_ALLOC_FAILED",
        "cufft error code 2: CUFFT_ALLOC_FAILED",
    ],
)
def test_the_gpus_out_of_memory_in_any_programs_words_is_an_oom(line: str) -> None:
    found = cuda_oom.read(line)
    assert found is not None and found["verdict_from"] == "wording"


@pytest.mark.parametrize(
    "line",
    [
        "the host ran out of memory while loading the dataset",
        "Out of CPU memory before it out of GPU memory.",
        "MemoryError: out of memory",
        # NVIDIA's OpenCL answers a failed launch (a watchdog, a fault) with this, not memory
        "clEnqueueNDRangeKernel(): CL_OUT_OF_RESOURCES",
        # TensorFlow's class alone may be a quota, a file or a message size
        "except tf.errors.ResourceExhaustedError:",
        "ResourceExhaustedError: /tmp/tfdata_cache; No space left on device",
        # a CUDA_SAFE_CALL line with another error is that error, not memory
        "CUDA error in func 'ethash_cuda_miner::search' at line 346 : unspecified launch failure.",
    ],
)
def test_out_of_memory_without_the_gpus_record_is_no_cuda_oom(line: str) -> None:
    assert cuda_oom.read(line) is None


def test_the_numbers_behind_a_verdict_are_kept_and_other_lines_are_not_ooms() -> None:
    old = cuda_oom.read(OLD_FOREIGN)
    assert old is not None
    # 7.93 GiB - 30 MiB free - 96 MiB PyTorch's own: ~8 GB held by someone else
    assert (old["total"], old["reserved"], old["verdict_from"]) == ("8120", "96", "numbers")
    assert 7900 < int(old["others"]) < 8100
    assert cuda_oom.read("Epoch 3: GPU memory 31.2 GiB / 80 GiB, loss 0.31") is None
    assert cuda_oom.read("INFO: total capacity planning done") is None


def test_the_allocators_numbers_outvote_a_bare_out_of_memory_in_the_same_text() -> None:
    """A title's "CUDA out of memory" says only that memory ran out; the allocator's line in the
    same report says whose memory filled the GPU, and only its verdict stays."""
    text = f"# Always getting CUDA out of memory\n{OLD_FOREIGN}\n"
    sigs = parse_job_log(text, origin="jobs/7.log", node="n1").signatures
    assert [(s.kind, s.detail["verdict_from"]) for s in sigs] == [("cuda_oom_foreign", "numbers")]
    bare = parse_job_log("RuntimeError: CUDA out of memory.\n", origin="jobs/8.log", node="n1")
    assert [s.kind for s in bare.signatures] == ["cuda_oom_capacity"]
    # another node's bare OOM: the numbers say nothing about it
    two = f"node-a:1:1 [0] {OLD_FOREIGN}\nnode-b:9:9 [3] RuntimeError: CUDA out of memory.\n"
    sigs = parse_job_log(two, origin="jobs/9.log", node="n1", nodes=("node-a", "node-b")).signatures
    assert [(s.kind, s.node) for s in sigs] == [
        ("cuda_oom_foreign", "node-a"),
        ("cuda_oom_capacity", "node-b"),
    ]


def _one_gpu_node() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=1)])


def _anomalies(topo: Topology, text: str) -> list[str]:
    node = topo.node_keys[0]
    sigs = parse_job_log(text, origin="jobs/7.log", node=node, nodes=topo.node_keys)
    events = job_signal_events([(s, "7") for s in sigs.signatures], topo, T).events
    out = LogRules(topo).evaluate(T, events, np.full(topo.n_gpus, -1), [])
    return [f"{a.symptom}@{a.entity}:{a.layer}" for a in out]


def test_job_memory_faults_open_incidents_on_the_nodes_only_gpu() -> None:
    topo = _one_gpu_node()
    gpu = topo.gpu_keys[0]
    assert _anomalies(topo, OLD_FOREIGN) == [f"fb_nearly_full@{gpu}:os"]
    assert _anomalies(topo, NEW_FRAGMENTED) == [f"fb_nearly_full@{gpu}:workload"]
    assert _anomalies(topo, BUSY) == [f"cuda_devices_unavailable@{gpu}:os"]


def test_a_drain_reason_over_a_hostlist_is_on_each_known_node_it_names() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=3)])
    a, b, c = topo.node_keys
    row = f"Low RealMemory                          {a[:-1]}[{a[-1]}-{b[-1]}]    "
    sigs = parse_job_log(row, origin="jobs/sinfo.log", nodes=topo.node_keys).signatures
    assert [(s.kind, s.node) for s in sigs] == [
        ("slurm_node_config_mismatch", a),
        ("slurm_node_config_mismatch", b),
    ]
    assert c not in {s.node for s in sigs}


UNSUPPORTED = [
    "[ 1157.046099] NVRM: The NVIDIA GPU 0000:af:00.0 (PCI ID: 10de:1db5)",
    "               NVRM: installed in this system is not supported by open",
    "               NVRM: nvidia.ko because it does not include the required GPU",
    "               NVRM: System Processor (GSP).",
    "               NVRM: Please see the 'Open Linux Kernel Modules' and 'GSP",
    "               NVRM: Firmware' sections in the driver README, available on",
]


def test_a_gpu_the_driver_cannot_drive_is_a_failed_probe_with_its_address() -> None:
    events, report = parse_lines(UNSUPPORTED, node="n1", boot_time=T)
    assert [(e.kind, e.pci_bus_id, e.attrs["cause"]) for e in events] == [
        ("gpu_probe_failed", "00000000:AF:00.0", "unsupported: open_module_needs_gsp")
    ]
    assert report.gpu_unparsed == 0  # every line of the record is understood


@pytest.mark.parametrize(
    "text",
    [
        "NVRM: Xid 149, NETIR_LINK_DOWN Fatal XC0 i0 Link 14",
        # the reason the driver gives before "RmInitAdapter failed!" names no address either
        "NVRM: osInitNvMapping: *** Cannot attach gpu",
    ],
)
def test_a_gpu_line_without_its_address_is_the_gpu_of_a_one_gpu_node_only(text: str) -> None:
    line = [f"[ 12.000000] {text}"]
    one = _one_gpu_node()
    [event], _ = parse_lines(line, node=one.node_keys[0], boot_time=T, topology=one)
    assert (event.gpu, event.attrs["gpu_from"]) == (one.gpu_keys[0], "only_gpu")
    eight = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=8)])
    [event], _ = parse_lines(line, node=eight.node_keys[0], boot_time=T, topology=eight)
    assert event.gpu is None  # eight GPUs: the line does not say which


def _incident() -> Incident:
    return Incident(
        incident_id="inc-t",
        title="t",
        family=Family.HOST,
        scope=Scope.NODE,
        root_entity="n1",
        severity=Severity.WARNING,
        opened_at=T,
        updated_at=T,
        last_anomaly_at=T,
        entities=("n1",),
        symptoms=("slurm_node_drained",),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("n1",),
    )


@pytest.mark.parametrize(
    ("card", "finding", "runbook", "action_class"),
    [
        # the card's own order: tell the owner, kill the strays after confirmation - no reset
        ("slurm-ghost-job", "cuda_oom_foreign_memory", "notify-user-workload-issue", "notify_user"),
        ("slurm-ghost-job", "cuda_device_unavailable", "notify-user-workload-issue", "notify_user"),
        (
            "fb-fragmentation-oom",
            "cuda_oom_fragmentation",
            "notify-user-workload-issue",
            "notify_user",
        ),
        # configuration, not hardware: fixed and resumed, nothing rebooted
        ("slurm-node-down", "slurm_node_config_mismatch", "fix-gpu-node-config", "config_fix"),
        ("gpu-init-failed-probe", "gpu_unsupported_by_driver", "fix-gpu-node-config", "config_fix"),
        # BIOS left the BAR unmapped: a setting, not a reboot
        ("gpu-init-failed-probe", "gpu_bar_unassigned", "fix-gpu-node-config", "config_fix"),
        # the driver says the power cables are missing: a technician's fix
        (
            "gpu-init-failed-probe",
            "gpu_power_cables_missing",
            "drain-and-hardware-ticket",
            "hardware_ticket",
        ),
        # the job was built for other GPUs: a build that carries this one's architecture
        (
            "driver-cuda-mismatch",
            "cuda_no_kernel_image",
            "fix-job-cuda-build",
            "config_fix",
        ),  # 803: the node's libcuda is not its kernel module's - the node's configuration, where
        # 35 (the image's CUDA too new) is the job's build, fitted the same way
        ("driver-cuda-mismatch", "cuda_driver_mismatch", "fix-gpu-node-config", "config_fix"),
        (
            "driver-cuda-mismatch",
            "cuda_insufficient_driver",
            "fix-job-cuda-build",
            "config_fix",
        ),
    ],
)
def test_each_reading_leads_to_the_decision_its_source_names(
    card: str, finding: str, runbook: str, action_class: str
) -> None:
    top = [Hypothesis(card_id=card, title=card, score=1.0, supporting=(finding,))]
    plan = make_plan(KB, _incident(), top, [])
    assert plan.runbook is not None
    assert (plan.runbook.id, plan.runbook.action_class) == (runbook, action_class)


# nv.c, an upgrade without a reboot: the new libraries talk to the old module
API_MISMATCH = [
    "node-01: [Sat Apr 11 09:12:01 2026] NVRM: API mismatch: the client has the version "
    "535.104.05, but",
    "node-01: [Sat Apr 11 09:12:01 2026] NVRM: this kernel module has the version 535.54.03.  "
    "Please make sure that this kernel module and all NVIDIA driver components have the same "
    "version.",
]


@pytest.fixture(scope="module")
def retriever() -> Retriever:
    index = CardIndex()
    index.build(KB)  # the checkout's index: rebuilt only when the cards changed
    return Retriever(KB, index)


def test_a_kernel_api_mismatch_is_the_driver_library_mismatch_and_ranks_it_first(
    tmp_path: Path, retriever: Retriever
) -> None:
    li = _recorded(tmp_path, API_MISMATCH)
    [inc] = [i for i in _replay(li) if i.root_entity == "node-01"]
    assert inc.symptoms == ("gpu_runtime_failed",)
    assert _diagnose(li, inc, retriever)[0] == "driver-cuda-mismatch"


SMI_TABLE = """\
|===============================+======================+======================|
|   0  Tesla V100-SXM2...  On   | 00000000:18:00.0 Off |                    0 |
| N/A   35C    P0    ERR! / 300W |      0MiB / 32510MiB |      0%      Default |
+-------------------------------+----------------------+----------------------+
|   1  Tesla V100-SXM2...  On   | 00000000:2A:00.0 Off |                 ERR! |
|ERR!  ERR! ERR!    ERR! / ERR! |      0MiB / 32510MiB |    ERR!      Default |
+-------------------------------+----------------------+----------------------+
"""


def test_a_gpu_whose_fields_nvidia_smi_cannot_read_is_lost_and_one_bad_sensor_is_not() -> None:
    sigs = parse_job_log(SMI_TABLE, origin="nodes/node-01/nvidia-smi.txt", node="node-01")
    # GPU 0's single ERR! (a power reading) is not the GPU; the listing is evidence
    [lost] = [s for s in sigs.signatures if s.kind != "smi_gpus_listed"]
    assert (lost.kind, lost.detail["pci"], lost.detail["smi_gpu"]) == (
        "smi_gpu_lost",
        "0000:2a:00.0",
        "1",
    )


@pytest.mark.parametrize(
    ("line", "kind", "attr"),
    [
        # the driver refusing to bring a GPU up, in its own words
        (
            "NVRM: GPU 0000:3b:00.0: GPU does not have the necessary power cables connected.",
            "rm_init_failed",
            ("why", "power_cables"),
        ),
        (
            "NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:",
            "rm_init_failed",
            ("why", "bar_invalid"),
        ),
        (
            "NVRM: GPU0 kgspInitRm_IMPL: Cannot initialize GSP firmware RM",
            "rm_init_failed",
            ("why", "gsp_boot"),
        ),
        # the module loader refusing nvidia.ko built for another kernel
        (
            "nvidia: disagrees about version of symbol module_layout",
            "driver_module_refused",
            ("message", "nvidia: disagrees about version of symbol module_layout"),
        ),
        # a CPU spinning in nvidia-smi's call into the driver
        (
            "watchdog: BUG: soft lockup - CPU#12 stuck for 22s! [nvidia-smi:1234]",
            "gpu_hung_task",
            ("how", "soft_lockup"),
        ),
    ],
)
def test_the_drivers_own_refusals_are_events(line: str, kind: str, attr: tuple[str, str]) -> None:
    [event], _ = parse_lines([f"[  100.000000] {line}"], node="n1", boot_time=T)
    assert event.kind == kind and event.attrs[attr[0]] == attr[1]


@pytest.mark.parametrize(
    ("line", "kind", "detail"),
    [
        (
            "RuntimeError: CUDA error: no kernel image is available for execution on the device",
            "cuda_no_kernel_image",
            {},
        ),
        # the run-time and install-time compilers refusing an architecture the toolkit predates
        (
            "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "#15 67.67 nvcc fatal   : Unsupported gpu architecture 'compute_86'",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "nvcc fatal   : Value 'sm_75' is not defined for option 'gpu-architecture'",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "ptxas fatal   : Value 'sm_86' is not defined for option 'gpu-name'",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 804: forward "
            "compatibility was attempted on non supported HW",
            "cuda_insufficient_driver",
            {},
        ),
        (
            # 803: the node's libcuda is not its kernel module's
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 803: system has "
            "unsupported display driver / cuda driver combination",
            "cuda_driver_mismatch",
            {},
        ),
        (
            # 200: the binary's image does not load on this GPU's architecture
            "CUDA Error: device kernel image is invalid (err_no=200)",
            "cuda_no_kernel_image",
            {},
        ),
        (
            # 98: the same missing architecture, as TensorFlow 1.x on CUDA 10 prints it
            "F tensorflow/core/kernels/random_op_gpu.h:227] Non-OK-status: GpuLaunchKernel(...) "
            "status: Internal: invalid device function",
            "cuda_no_kernel_image",
            {},
        ),
        (
            # PyTorch's check of the GPU against the architectures its build carries
            "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the "
            "current PyTorch installation.",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "Found GPU0 GeForce GTX 770 which is of cuda capability 3.0. PyTorch no longer "
            "supports this GPU because it is too old.",
            "cuda_no_kernel_image",
            {},
        ),
        (
            "slurmstepd: error: Detected 1 oom_kill event in StepId=1234.batch. Some of the step "
            "tasks have been OOM Killed.",
            "host_oom_kill",
            {"scope": "cgroup"},
        ),
        (
            "slurmstepd: error: *** JOB 1234 ON n1 CANCELLED AT 2023-01-01T10:00:00 DUE TO NODE "
            "FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
            "slurm_node_down_reason",
            {"reason": "node failure"},
        ),
        (
            "[2023-01-01T10:00:00.000] error: Nodes n[1-2] not responding",
            "slurm_node_down_reason",
            {"reason": "Not responding", "nodelist": "n[1-2]"},
        ),
        (
            "nvidia-persistenced: Failed to query NVIDIA devices. Please ensure that the NVIDIA "
            "device files (/dev/nvidia*) exist",
            "gpu_runtime_failed",
            {"runtime_error": "driver_not_loaded"},
        ),
        (
            'docker: Error response from daemon: could not select device driver "" with '
            "capabilities: [[gpu]].",
            "gpu_runtime_failed",
            {"runtime_error": "runtime_not_configured"},
        ),
        # --runtime=nvidia (or a compose file's runtime: nvidia) with none in daemon.json, and
        # the older Docker's wording as people retype it
        (
            "docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
            "gpu_runtime_failed",
            {"runtime_error": "runtime_not_configured"},
        ),
        (
            "I am getting unknow runtime specified nvidia.",
            "gpu_runtime_failed",
            {"runtime_error": "runtime_not_configured"},
        ),
        (
            "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an "
            "NVIDIA GPU and installed a driver",
            "gpu_runtime_failed",
            {"runtime_error": "driver_not_loaded"},
        ),
        # nvidia-settings' own words, and lsmod finding no nvidia module in the kernel
        (
            "nvidia-settings-autostart.desktop[2777]: ERROR: NVIDIA driver is not loaded",
            "gpu_runtime_failed",
            {"runtime_error": "driver_not_loaded"},
        ),
        (
            "`nvidia-smi` fails on host, `lsmod | grep nvidia` returns empty",
            "gpu_runtime_failed",
            {"runtime_error": "driver_not_loaded"},
        ),
        # NVML's own error name, as any NVML client prints it
        (
            "failed to get remapped rows for GPU-ac896b35-5782-c478-4b2a-a661de07770f: failed to "
            "get device remapped rows: ERROR_GPU_IS_LOST",
            "smi_gpu_lost",
            {"uuid": "GPU-ac896b35-5782-c478-4b2a-a661de07770f"},
        ),
        # an IPv6 link-local peer with its zone
        (
            "NCCL WARN NET/IB : Got completion from peer fe80::966d:ae03:8b:df54%ib0<33397> with "
            "error 4, opcode 32611, len 32611, vendor err 81 (Send)",
            "nccl_ib_completion_error",
            {"status": "4", "retry_exceeded": "false"},
        ),
        # PyTorch's DataLoader: SIGBUS is shared memory, SIGKILL the OOM killer
        (
            "RuntimeError: DataLoader worker (pid 3855) is killed by signal: Bus error. It is "
            "possible that dataloader's workers are out of shared memory.",
            "host_oom_kill",
            {"scope": "shm"},
        ),
        (
            "RuntimeError: DataLoader worker (pid(s) 411, 412) is killed by signal: Killed.",
            "host_oom_kill",
            {"scope": "host"},
        ),
        # the host's other memory killers: Ray's memory monitor, systemd, Slurm, a container
        (
            "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on "
            "memory.",
            "host_oom_kill",
            {"process": "ray worker", "scope": "host"},
        ),
        (
            "n1 systemd[1]: slurmd.service: A process of this unit has been killed by the OOM "
            "killer.",
            "host_oom_kill",
            {"scope": "cgroup"},
        ),
        (
            "slurmstepd: error: Job 1234 exceeded memory limit (1048576 > 524288), being killed",
            "host_oom_kill",
            {"process": "slurm step", "scope": "cgroup"},
        ),
        ("      Reason:       OOMKilled", "host_oom_kill", {"scope": "cgroup"}),
        # the GPU's own OutOfMemoryError stays the GPU's
        (
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
            "cuda_oom_capacity",
            {},
        ),
        # NCCL's IB transport failing to connect (misc/ibvwrap.cc)
        (
            "[2026-03-13 22:26:02] host-01:1234 [5] ibvwrap.c:262 NCCL WARN Call to ibv_modify_qp "
            "failed with 110 Connection timed out, on dev mlx5_0:1, curr state INIT, next state "
            "RTR",
            "nccl_ib_setup_failed",
            {"call": "ibv_modify_qp", "why": "110 Connection timed out"},
        ),
    ],
)
def test_each_line_names_its_fault(line: str, kind: str, detail: dict[str, str]) -> None:
    # a writer's statement the line also makes (telemetry.statements) stands beside its record
    signatures = parse_job_log(line, origin="jobs/1.log", node="n1").signatures
    [sig] = [s for s in signatures if s.kind not in STATEMENT_KINDS]
    assert sig.kind == kind and detail.items() <= sig.detail.items()


def test_a_dataloader_killed_for_shared_memory_is_the_kill_and_the_statement() -> None:
    line = (
        "RuntimeError: DataLoader worker (pid 3855) is killed by signal: Bus error. It is "
        "possible that dataloader's workers are out of shared memory."
    )
    kinds = {s.kind for s in parse_job_log(line, origin="jobs/1.log", node="n1").signatures}
    assert kinds == {"host_oom_kill", SHARED_MEMORY_REPORTED}


FM_NO_TIME = (
    "[ERROR] not all local fabric manager instances finished their configuration\n"
    "[ERROR] failed to configure all the available GPUs or NVSwitches\n"
)


def test_a_fabric_manager_log_pasted_without_its_times_is_read_as_one_and_failed() -> None:
    assert kind_of_text(FM_NO_TIME) == "fabric_manager"
    sigs = parse_fabric_manager(FM_NO_TIME, origin="jobs/fm.log", node="n1").signatures
    assert [s.kind for s in sigs] == ["fm_config_failed", "fm_config_failed", "fm_state"]
    assert sigs[-1].detail["state"] == "failed"
    # a dmesg paste opens with a bracket too: still not mistaken for JSON
    assert kind_of_text("[  12.000000] NVRM: Xid (PCI:0000:3b:00): 79, pid=1\n") == "job_log"


def test_gpud_quoting_an_xid_is_the_drivers_xid_on_that_gpu() -> None:
    line = "XID 79(GPU has fallen off the bus) detected on PCI:0000:ae:00"
    [event], _ = parse_lines([line], node="n1", at=T)
    assert (event.kind, event.xid, event.pci_bus_id) == ("xid", 79, "00000000:AE:00.0")


def test_an_address_less_gsp_line_beside_a_gpus_xid62_is_that_gpus() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=4)])
    node, gpu3 = topo.node_keys[0], topo.gpu_keys[3]
    bus = topo.gpu_pci_bus_id[topo.gpu_pos[gpu3]].split(":")[1]  # "00000000:5D:00.0" -> "5D"
    lines = [
        f"[ 100.000000] NVRM: Xid (PCI:0000:{bus}:00): 62, pid=2137, name=nvtop, 323b6a66",
        "[ 100.000000] NVRM: GPU3 _kgspRpcGspEventPmuHalted: Received signal from GSP that PMU "
        "has halted.",
    ]
    events, _ = parse_lines(lines, node=node, boot_time=T, topology=topo)
    out = LogRules(topo).evaluate(T + 100, events, np.full(topo.n_gpus, -1), [])
    assert {a.entity for a in out if a.symptom == "gsp_firmware_fault"} == {gpu3}


@pytest.mark.parametrize(
    "line",
    [
        '            "OOMKilled": false,',
        "java.lang.OutOfMemoryError: Java heap space",
        "Reason: OOMKilled is one of the statuses the docs list",
    ],
)
def test_a_memory_word_that_is_no_kill_names_no_oom(line: str) -> None:
    kinds = {s.kind for s in parse_job_log(line, origin="jobs/1.log", node="n1").signatures}
    assert not kinds & {"host_oom_kill", "cuda_oom_capacity"}


@pytest.mark.parametrize(
    "line",
    [
        "check whether lsmod | grep nvidia returns nothing",
        "If lsmod | grep nvidia returns nothing, the driver is not loaded.",
        "lsmod | grep nvidia returns nothing?",
        "lsmod | grep nvidia shows nothing unusual, all modules present",
    ],
)
def test_lsmod_in_advice_a_condition_or_a_question_says_no_driver_is_missing(line: str) -> None:
    kinds = {s.kind for s in parse_job_log(line, origin="jobs/1.log", node="n1").signatures}
    assert "gpu_runtime_failed" not in kinds
