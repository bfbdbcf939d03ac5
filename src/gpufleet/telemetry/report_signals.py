"""Reports that are not time series → log events the NOC acts on (beside job signals).

A ``dcgmi diag`` failure, an NHC check that failed, an nccl-tests run far below what the GPUs
give, a GPU Operator pod in ``CrashLoopBackOff``, a pod refused with
``UnexpectedAdmissionError``, ``nvidia-smi -q`` pending row remaps or page retirements: each is
a fault report about one node or GPU. This module turns the :class:`Signature` s of those
parsers into :class:`LogEvent` s of kind ``report_signature`` (``attrs["signal"]`` names the
rule of :data:`agents.noc.report_rules.REPORT_RULES`; ``attrs["origin"]`` / ``attrs["line"]``
the file and line it came from), the same path :mod:`telemetry.job_signals` takes, so the
detector opens an incident or joins the open one of that entity and family.

A report about no node of the topology, and an nccl-tests run that cannot be judged (several
nodes: the bound is the NICs', which the topology does not hold; a SKU with no NVLink; too few
ranks or too small messages) is counted and explained in :attr:`ReportSignals.problems`
(``file:line: why``), never guessed.

nccl-tests bound. nccl-tests' ``busbw`` is defined so that it "should be compared to the
hardware peak bandwidth, independently of the number of ranks" (NVIDIA/nccl-tests,
doc/PERFORMANCE.md). Inside one node the peak is the GPU's NVLink bandwidth in one direction:
half the bidirectional figure of its SKU (:attr:`telemetry.topology.Sku.nvlink_gbps`, NVIDIA's
datasheets: 600 GB/s A100 SXM4, 900 GB/s H100 / H200 SXM, 1800 GB/s B200). Healthy 8-GPU
all_reduce runs reach roughly 75-85 % of it at large messages; a run whose best busbw stays
under :data:`BUSBW_FLOOR` of it (after :data:`MIN_JUDGED_BYTES` messages) is a finding.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.text_evidence import Signature
from gpufleet.telemetry.topology import Topology

KIND = "report_signature"
BUSBW_FLOOR = 0.6  # share of the one-direction NVLink peak a healthy run is above
MIN_JUDGED_BYTES = 256 * 2**20  # below this, busbw is latency-bound: not a bandwidth verdict

# nvidia-smi -q conditions that are faults (the rest of its output is evidence only)
_SMI = {
    "smi_remap_pending": "row_remap_pending",
    "smi_retired_pages_pending": "retired_pages_pending",
    "smi_remap_failure": "row_remap_failure",
    "smi_uncorrectable_ecc": "uncorrectable_ecc",
    "smi_reset_required": "gpu_reset_required",
    "smi_thermal_limit": "thermal_limit",
    "smi_power_brake": "power_brake",
    "smi_hw_slowdown": "hw_slowdown",
}
# Fabric Manager log lines that say it is not serving the node's NVSwitch fabric (a start
# that failed, a version that does not match the driver, NVLink training that failed, a fabric it
# could not configure)
_FM_FAILED = frozenset(
    {"fm_service_failed", "fm_version_mismatch", "fm_training_failed", "fm_config_failed"}
)
_PENDING = re.compile(r"remappings? (?:is |are )?pending|pending page retirement", re.I)
_AREAS = (
    ("memory", re.compile(r"memory|memtest|row remap|page retire|\becc\b|\bdbe\b", re.I)),
    ("interconnect", re.compile(r"pcie|nvlink|p2p|peer|nvbandwidth|nvswitch", re.I)),
    ("thermal", re.compile(r"thermal|temperature", re.I)),
    ("power", re.compile(r"power|pulse", re.I)),
)


@dataclass
class ReportSignals:
    events: list[LogEvent] = field(default_factory=list)
    unplaced: int = 0  # reports about no node of the topology: evidence only
    unjudged: int = 0  # reports that cannot be judged (nccl-tests across nodes, unknown SKU)
    problems: list[str] = field(default_factory=list)  # "origin:line: why", one per report


def report_signal_events(
    signatures: Iterable[Signature], topology: Topology, at: float
) -> ReportSignals:
    """Signatures → events at ``at`` (a report carries no time the NOC can trust: the time it
    was read or collected, marked ``attrs["time"] = "inferred"``)."""
    out = ReportSignals()
    only = topology.node_keys[0] if len(topology.node_keys) == 1 else ""
    for sig in signatures:
        found = _signal(sig, topology)
        if found is None:
            continue
        where = f"{sig.origin}:{sig.line}"
        if isinstance(found, str):
            out.unjudged += 1
            out.problems.append(f"{where}: {found}")
            continue
        signal, attrs = found
        node = sig.node or only
        if node not in topology.node_pos:
            out.unplaced += 1
            out.problems.append(
                f"{where}: {signal} on {sig.node or 'no named node'}, not a node of the "
                "topology: kept as evidence, no incident"
            )
            continue
        out.events.append(
            LogEvent(
                timestamp=at,
                node=node,
                kind=KIND,
                message=sig.text,
                gpu=_gpu_key(topology, node, sig.gpu),
                attrs={
                    **attrs,
                    "signal": signal,
                    "source": sig.source,
                    "origin": sig.origin,
                    "line": str(sig.line),
                    "time": "inferred",
                },
            )
        )
    return out


def _signal(sig: Signature, topology: Topology) -> tuple[str, dict[str, str]] | str | None:
    """(rule name, attrs) for a fault report, a reason it cannot be judged, or None (evidence
    only: a summary, an inventory line, a passing run)."""
    if sig.kind in ("dcgm_diag_fail", "dcgm_diag_warn"):
        return _diag(sig)
    if sig.kind in _SMI:
        return _SMI[sig.kind], {}
    if sig.kind == "nhc_check_failed":
        gpu = sig.detail.get("gpu_check") == "true"
        return ("nhc_gpu_check_failed" if gpu else "nhc_check_failed"), {
            "check": sig.detail.get("check", "")
        }
    if sig.kind in _FM_FAILED:
        return "fabric_manager_failed", {"state": sig.kind}
    if sig.kind in ("gpu_pod_crashloop", "device_plugin_admission_error"):
        return sig.kind, {"pod": sig.detail.get("pod", "")}
    if sig.kind == "nccl_tests_run":
        return _nccl(sig, topology)
    return None


def _diag(sig: Signature) -> tuple[str, dict[str, str]]:
    words = f"{sig.detail.get('test', '')} {sig.detail.get('message', '')}"
    if sig.detail.get("status") == "warn" and _PENDING.search(words) is not None:
        # DCGM's pending-remap warning is the same fact as nvidia-smi's "Pending: Yes"; a
        # failed test that mentions it stays a failure
        return "row_remap_pending", {"test": sig.detail.get("test", "")}
    area = next((name for name, rx in _AREAS if rx.search(words) is not None), "device")
    return f"dcgm_diag_{sig.detail.get('status', 'fail')}", {
        "area": area,
        "test": sig.detail.get("test", ""),
    }


def _nccl(sig: Signature, topology: Topology) -> tuple[str, dict[str, str]] | str | None:
    d = sig.detail
    if d.get("wrong", "0") != "0":
        return "nccl_wrong_results", {"rows": d["wrong"]}
    hosts = [h for h in d.get("hosts", "").split(",") if h]
    if len(hosts) > 1:
        return (
            f"nccl-tests across {len(hosts)} nodes: the bound is the network's (NICs, "
            "fabric), which the topology does not hold; not judged"
        )
    node = hosts[0] if hosts else sig.node
    n = topology.node_pos.get(node)
    if n is None:
        host = node or "an unnamed host"
        return f"nccl-tests on {host}: not a node of the topology, SKU unknown; not judged"
    if int(d.get("ranks", "0") or 0) < 2:
        return "nccl-tests with fewer than 2 ranks moves no data between GPUs; not judged"
    if int(d.get("max_bytes", "0") or 0) < MIN_JUDGED_BYTES:
        mib = MIN_JUDGED_BYTES >> 20
        return f"nccl-tests' largest message is under {mib} MiB: latency-bound, not judged"
    sku = topology.sku_of(int(topology.gpus_of_node(n)[0]))
    if sku.nvlink_gbps <= 0:
        return f"nccl-tests on {node}: SKU {sku.name} has no NVLink figure; not judged"
    peak = float(d.get("peak_busbw", "0") or 0)
    expected = sku.nvlink_gbps / 2
    if peak >= BUSBW_FLOOR * expected:
        return None
    return "nccl_busbw_low", {
        "busbw": f"{peak:g}",
        "expected": f"{expected:g}",
        "sku": sku.name,
    }


def _gpu_key(topology: Topology, node: str, index: int | None) -> str | None:
    """The key of GPU ``index`` (nvidia-smi's / DCGM's index) on ``node``."""
    g = topology.gpu_by_index(node, index) if index is not None else None
    return topology.gpu_keys[g] if g is not None else None
