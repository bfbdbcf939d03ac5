# ruff: noqa: E501  (real-format lines are long; splitting them would hide their layout)
"""Real-format evidence files for the suite's evidence scenarios (written by ``evals.suite_gen``).

The simulator produces the telemetry and the NOC's incident; these builders add what a real fleet
would also hold: the job's output, ``nvidia-smi -q`` and ``dcgmi diag`` taken on the node, the
Fabric Manager log, IB counters, the change log and kernel lines from an earlier boot. Every text
follows a layout seen in a public report (the ``origin`` of each file names it); host names,
addresses, counts and times are the scenario's. Nothing here is read by the agents: the files are
parsed by the ``telemetry`` text parsers like any operator's files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from gpufleet.evals.format import ChangeRecord, EvidenceFile
from gpufleet.telemetry.topology import Topology, gpu_key

ORIGIN_NCCL_IB = "https://github.com/NVIDIA/nccl/issues/1405 (NET/IB completion error layout); NVIDIA/nccl src/transport/net_ib.cc"
ORIGIN_WATCHDOG = (
    "https://github.com/hiyouga/LlamaFactory/issues/7396 (ProcessGroupNCCL watchdog layout)"
)
ORIGIN_CONTAINED = "https://github.com/marin-community/marin/issues/8934 (CUDA_ERROR_CONTAINED in job output); CUDA runtime error strings"
ORIGIN_SMI = "nvidia-smi -q layout (docs.nvidia.com/deploy/nvidia-smi); GPU Recovery Action: https://github.com/NVIDIA/DCGM/issues/263"
ORIGIN_DIAG = "https://github.com/NVIDIA/go-dcgm/issues/52 (dcgmi diag table layout)"
ORIGIN_FM = "https://github.com/NVIDIA/gpu-operator/issues/610 (nv-fabricmanager journal lines); NVIDIA Fabric Manager User Guide (log format)"
ORIGIN_NVLS = (
    "https://github.com/NVIDIA/nccl/issues/1488 (NVLS Cuda failure after Fabric Manager restart)"
)
ORIGIN_IB = "https://github.com/linux-rdma/infiniband-diags/issues/16 (perfquery layout); ibstat layout (rdma-core)"
ORIGIN_XID = "NVRM Xid line layout as in tests/data/kernel_log_corpus (journalctl short-iso)"


@dataclass
class Context:
    topology: Topology
    start: float
    onset: float
    nodes: tuple[str, ...]  # the fault's nodes, first = root
    gpu: int
    job: str


@dataclass
class SuiteEvidence:
    files: dict[str, str] = field(default_factory=dict)
    entries: list[EvidenceFile] = field(default_factory=list)
    addresses: dict[str, list[str]] = field(default_factory=dict)
    changes: list[ChangeRecord] = field(default_factory=list)
    boot_times: dict[str, float] = field(default_factory=dict)

    def add(
        self, path: str, kind: str, text: str, origin: str, node: str = "", job: str = ""
    ) -> None:
        self.files[path] = text
        self.entries.append(EvidenceFile(path=path, kind=kind, node=node, job=job, origin=origin))


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S+0000")


def _glog(t: float) -> str:
    return datetime.fromtimestamp(t, tz=UTC).strftime("%m%d %H:%M:%S.123456")


def _pci_short(topology: Topology, node: str, gpu: int) -> str:
    pci = topology.gpu_pci_bus_id[topology.gpu_pos[gpu_key(node, gpu)]]  # 00000000:2A:00.0
    return "0000:" + pci.split(":", 1)[1][:5].lower()


def _ip(node: str) -> str:
    return f"10.42.0.{int(node.rsplit('-', 1)[-1]) + 10}"


def _smi(
    gpus: int,
    driver: str,
    serial_base: int,
    special: dict[int, dict[str, str]] | None = None,
) -> str:
    """nvidia-smi -q for a node; ``special`` overrides fields of some GPUs."""
    special = special or {}
    out = [
        "",
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : Wed Mar  4 13:20:00 2026",
        f"Driver Version                            : {driver}",
        "CUDA Version                              : 12.8",
        "",
        f"Attached GPUs                             : {gpus}",
    ]
    buses = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
    for g in range(gpus):
        s = {
            "recovery": "None",
            "reset": "No",
            "dram_unc": "0",
            "dram_cor": "0",
            "rows_cor": "0",
            "rows_unc": "0",
            "pending": "No",
            "failure": "No",
            **special.get(g, {}),
        }
        out += [
            f"GPU 00000000:{buses[g % 8]}:00.0",
            "    Product Name                          : NVIDIA H100 80GB HBM3",
            "    Persistence Mode                      : Enabled",
            f"    Serial Number                         : {serial_base + g}",
            f"    GPU UUID                              : GPU-5e1f{g:04d}-0000-4000-8000-00000000{g:04d}",
            "    VBIOS Version                         : 96.00.99.00.01",
            "    GPU Reset Status",
            f"        Reset Required                    : {s['reset']}",
            "        Drain and Reset Recommended       : No",
            f"    GPU Recovery Action                   : {s['recovery']}",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable Parity     : 0",
            "            SRAM Uncorrectable SEC-DED    : 0",
            f"            DRAM Correctable              : {s['dram_cor']}",
            f"            DRAM Uncorrectable            : {s['dram_unc']}",
            "    Remapped Rows",
            f"        Correctable Error                 : {s['rows_cor']}",
            f"        Uncorrectable Error               : {s['rows_unc']}",
            f"        Pending                           : {s['pending']}",
            f"        Remapping Failure Occurred        : {s['failure']}",
        ]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- builders
def contained_ecc(c: Context) -> SuiteEvidence:
    """Xid 94: the job's CUDA context got CUDA_ERROR_CONTAINED; the GPU has one uncorrectable DRAM
    error, a pending remap and no recovery action: restart the application."""
    ev = SuiteEvidence()
    node, t = c.nodes[0], c.onset + 5
    job = "\n".join(
        [
            f"[rank{c.gpu}]:[W{_glog(t - 600)} ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank {c.gpu}] using GPU {c.gpu} to perform barrier as devices used by this process are currently unknown.",
            "Epoch 2: 41%|####1     | 4101/10000 [58:02<1:23:12, 1.18it/s, loss=2.41]",
            f"{node}:77120:77290 [{c.gpu}] enqueue.cc:1451 NCCL WARN Cuda failure 'CUDA_ERROR_CONTAINED: Invalid access of peer GPU memory over nvlink or a hardware error'",
            f"[rank{c.gpu}]: torch.AcceleratorError: CUDA error: uncorrectable ECC error encountered",
            f"[rank{c.gpu}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "srun: error: task 3: Exited with exit code 1",
        ]
    )
    ev.add(f"jobs/{c.job}.log", "job_log", job + "\n", ORIGIN_CONTAINED, node=node, job=c.job)
    smi = _smi(
        8,
        "570.133.20",
        1650123000100,
        {c.gpu: {"dram_unc": "1", "rows_unc": "1", "pending": "Yes"}},
    )
    ev.add(f"nodes/{node}/nvidia-smi-q.txt", "nvidia_smi_q", smi, ORIGIN_SMI, node=node)
    return ev


def rdma_peer(c: Context) -> SuiteEvidence:
    """An IB port flaps on the flap node; the other node's ranks report RDMA retry-exceeded
    errors naming the flap node's address; perfquery on it shows link downs."""
    ev = SuiteEvidence()
    flap, other = c.nodes[0], next(n for n in c.nodes if n != c.nodes[0])
    ev.addresses = {n: [_ip(n)] for n in c.nodes}
    t = c.onset + 60
    lines = [
        f"{other}:51820:52011 [{g}] NCCL INFO Channel 00/0 : {g}[{g}] -> {8 + g}[{g}] [send] via NET/IB/{g}/GDRDMA"
        for g in range(2)
    ]
    for g in range(8):
        lines.append(
            f"{other}:51820:52011 [{g}] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer {_ip(flap)}<{54862 + g}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{_ip(other)} remoteGids::ffff:{_ip(flap)}"
        )
        lines.append(f"{other}:51820:52011 [{g}] NCCL INFO transport/net.cc:1302 -> 6")
    for r in range(16):
        done = 7752
        lines.append(
            f"[rank{r}]:[E{_glog(t + 600)} ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600061 milliseconds before timing out."
        )
        lines.append(
            f"[rank{r}]:[E{_glog(t + 600)} ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Timeout at NCCL work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: {done}."
        )
    ev.add(
        f"jobs/{c.job}.log",
        "job_log",
        "\n".join(lines) + "\n",
        f"{ORIGIN_NCCL_IB}; {ORIGIN_WATCHDOG}",
        job=c.job,
    )
    perf = "\n".join(
        [
            f"{flap}: CA 'mlx5_0'",
            f"{flap}: \tPort 1:",
            f"{flap}: \t\tState: Active",
            f"{flap}: \t\tPhysical state: LinkUp",
            f"{flap}: # Port counters: Lid 17 port 1 (CapMask: 0x1600)",
            f"{flap}: SymbolErrorCounter:..............3421",
            f"{flap}: LinkErrorRecoveryCounter:........12",
            f"{flap}: LinkDownedCounter:...............6",
            f"{flap}: PortRcvErrors:...................88",
            f"{other}: # Port counters: Lid 21 port 1 (CapMask: 0x1600)",
            f"{other}: SymbolErrorCounter:..............0",
            f"{other}: LinkDownedCounter:...............0",
            f"{other}: PortRcvErrors:...................0",
        ]
    )
    ev.add("ib_counters.txt", "ib_counters", perf + "\n", ORIGIN_IB)
    return ev


def recurring_xid79(c: Context) -> SuiteEvidence:
    """The GPU fell off the bus again: dcgmi diag, run when it came back, fails on it."""
    ev = SuiteEvidence()
    node = c.nodes[0]
    diag = f"""Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.9                                          |
| Driver Version Detected   | 570.133.20                                     |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Inforom                   | Pass                                           |
+-----  Integration  -------+------------------------------------------------+
| PCIe                      | Fail - GPU: {c.gpu}                                  |
| Warning                   | GPU {c.gpu} Detected 2 XID 79 errors: GPU has fallen  |
|                           |  off the bus. Drain the GPU and check the PCIe |
|                           |  link and the board.                           |
+-----  Hardware  ----------+------------------------------------------------+
| GPU Memory                | Pass - All                                     |
+---------------------------+------------------------------------------------+
"""
    ev.add(f"nodes/{node}/dcgmi-diag.txt", "dcgmi_diag", diag, ORIGIN_DIAG, node=node)
    return ev


def fabric_manager_down(c: Context) -> SuiteEvidence:
    """Fabric Manager failed on the node: NCCL's NVLS set-up fails and the job never starts."""
    ev = SuiteEvidence()
    node = c.nodes[0]
    t0 = datetime.fromtimestamp(c.onset - 300, tz=UTC)
    stamp = t0.strftime("%b %d %H:%M:%S")
    fm = "\n".join(
        [
            f"{stamp} {node} systemd[1]: Starting NVIDIA fabric manager service...",
            f"{stamp} {node} nv-fabricmanager[4177]: Connected to 1 node.",
            f"{stamp} {node} nv-fabricmanager[4177]: failed to train NVLink connections between GPU and NVSwitch",
            f"{stamp} {node} systemd[1]: nvidia-fabricmanager.service: Main process exited, code=exited, status=1/FAILURE",
            f"{stamp} {node} systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'.",
            f"{stamp} {node} systemd[1]: Failed to start NVIDIA fabric manager service.",
        ]
    )
    ev.add(f"nodes/{node}/fabricmanager.log", "fabric_manager", fm + "\n", ORIGIN_FM, node=node)
    lines = []
    for g in range(8):
        lines.append(
            f"{node}:12098:{12141 + g} [{g}] transport/nvls.cc:244 NCCL WARN Cuda failure 1 'invalid argument'"
        )
        lines.append(f"{node}:12098:{12141 + g} [{g}] NCCL INFO transport/nvls.cc:394 -> 1")
    ev.add(
        f"jobs/{c.job}.log", "job_log", "\n".join(lines) + "\n", ORIGIN_NVLS, node=node, job=c.job
    )
    return ev


def driver_regression(c: Context) -> SuiteEvidence:
    """Both failing nodes were upgraded to a new driver an hour before; the hardware checks pass."""
    ev = SuiteEvidence()
    for i, node in enumerate(c.nodes):
        ev.changes.append(
            ChangeRecord(
                time=c.onset - 3600 - 60 * i,
                node=node,
                kind="driver",
                detail="nvidia-driver 570.133.20 -> 575.51.02 (image gpu-2026.03.1)",
            )
        )
        smi = _smi(8, "575.51.02", 1650123000300 + 8 * i)
        ev.add(f"nodes/{node}/nvidia-smi-q.txt", "nvidia_smi_q", smi, ORIGIN_SMI, node=node)
    return ev


def gsp_chain(c: Context) -> SuiteEvidence:
    """A GSP failure chain on one GPU an hour after the node was rebooted for the same chain: the
    recovery action is set again."""
    ev = SuiteEvidence()
    node = c.nodes[0]
    ev.boot_times = {node: c.onset - 3000}
    smi = _smi(
        8,
        "570.133.20",
        1650123000400,
        {c.gpu: {"recovery": "Node Reboot Required", "reset": "Yes"}},
    )
    ev.add(f"nodes/{node}/nvidia-smi-q.txt", "nvidia_smi_q", smi, ORIGIN_SMI, node=node)
    return ev


BUILDERS: dict[str, Callable[[Context], SuiteEvidence]] = {
    "contained_ecc": contained_ecc,
    "rdma_peer": rdma_peer,
    "recurring_xid79": recurring_xid79,
    "fabric_manager_down": fabric_manager_down,
    "driver_regression": driver_regression,
    "gsp_chain": gsp_chain,
}
