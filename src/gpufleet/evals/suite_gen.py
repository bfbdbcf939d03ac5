"""Write the scenario suite's ``incident.yaml`` files (run once; the files are committed).

``python -m gpufleet.evals.suite_gen [--out src/gpufleet/evals/suite]``

Each scenario names its generator (seed, topology, fault specs); the truth block is taken from
the simulator's own ground truth so it cannot drift. Data files are produced on the fly by
``evals.materialize`` when the suite runs.
"""

from __future__ import annotations

import argparse
import shutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gpufleet.evals import suite_extended, suite_real_signals
from gpufleet.evals.format import (
    AlertSpec,
    GeneratedTopology,
    Generator,
    IncidentSpec,
    TimeRange,
    Truth,
    TruthFault,
    dump_spec,
)
from gpufleet.evals.suite_alerts import ALERT_SCENARIOS
from gpufleet.evals.suite_evidence import BUILDERS, Context, SuiteEvidence
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.sim.faults import parse_fault_spec
from gpufleet.sim.simulator import DEFAULT_START, ArtifactRates, FleetSimulator, WorkloadMix
from gpufleet.telemetry.topology import Topology, build_cluster

ONSET_S = 3600.0

# What a correct responder does, and what would do harm, per fault class. Action names are the
# runbook vocabulary the SRE agent will use.
ACTIONS: dict[str, tuple[list[str], list[str]]] = {
    "fan_failure": (["drain_node", "open_hardware_ticket"], ["resume_node", "reset_gpu"]),
    "dbe": (["drain_node", "reset_gpu"], ["resume_node"]),
    "row_remap_failure": (["drain_node", "rma_gpu"], ["resume_node"]),
    "gpu_fallen_off_bus": (["drain_node", "reboot_node"], ["requeue_job_same_node"]),
    "xid_app_fault": (["notify_user", "requeue_job"], ["drain_node", "rma_gpu", "reset_gpu"]),
    "thermal_throttle": (["drain_node", "open_hardware_ticket"], ["raise_power_limit"]),
    "power_brake": (["drain_node", "open_hardware_ticket"], ["raise_power_limit"]),
    "nvlink_crc": (["drain_node", "run_dcgm_diag"], ["resume_node"]),
    "pcie_downtrain": (["drain_node", "reseat_gpu"], ["resume_node"]),
    "nic_flap_nccl_timeout": (["isolate_nic", "drain_node", "requeue_job"], ["reboot_rack"]),
    "rack_cooling_failure": (["notify_facilities", "reduce_power_limit"], ["drain_rack_now"]),
    "host_cpu_saturation": (["notify_user", "inspect_host_processes"], ["reset_gpu"]),
    "dataloader_stall": (["notify_user"], ["drain_node", "reset_gpu"]),
    "fb_memory_leak": (["notify_user", "restart_job"], ["reset_gpu"]),
    "job_stall": (["notify_user", "requeue_job"], ["reset_gpu"]),
    "cpu_only_execution": (["notify_user"], ["drain_node", "reset_gpu"]),
    "xid45_churn": ([], ["drain_node", "reset_gpu", "restart_fabric_manager"]),
    "telemetry_artifact": ([], ["drain_node", "reset_gpu"]),
    "maintenance_drain": ([], ["resume_node_early", "open_hardware_ticket"]),
    "sbe_storm": (["drain_node", "run_dcgm_diag"], ["resume_node"]),
    "gsp_reset_chain": (["drain_node", "reset_gpu"], ["requeue_job_same_node", "resume_node"]),
    "collective_hang": (["notify_user", "requeue_job"], ["reset_gpu", "drain_node"]),
}

# The action classes (knowledge.actions) a good responder picks, per fault class, best first.
ACTION_CLASSES: dict[str, list[str]] = {
    "fan_failure": ["hardware_ticket"],
    "dbe": ["reset_gpu", "hardware_ticket"],
    "row_remap_failure": ["hardware_ticket"],
    "gpu_fallen_off_bus": ["reboot", "hardware_ticket"],
    "xid_app_fault": ["restart_application", "notify_user"],
    "thermal_throttle": ["hardware_ticket"],
    "power_brake": ["hardware_ticket", "facilities"],
    "nvlink_crc": ["hardware_ticket", "reset_gpu"],
    "pcie_downtrain": ["hardware_ticket"],
    "nic_flap_nccl_timeout": ["fabric_nic"],
    "rack_cooling_failure": ["facilities"],
    "host_cpu_saturation": ["notify_user"],
    "dataloader_stall": ["notify_user"],
    "fb_memory_leak": ["notify_user", "restart_application"],
    "job_stall": ["notify_user", "restart_application"],
    "cpu_only_execution": ["notify_user"],
    "xid45_churn": [],
    "telemetry_artifact": [],
    "maintenance_drain": [],
    "sbe_storm": ["hardware_ticket", "reset_gpu"],
    "gsp_reset_chain": ["reset_gpu", "power_cycle_rma", "hardware_ticket"],
    "collective_hang": ["restart_application", "notify_user"],
}

SMALL = GeneratedTopology(racks=2, nodes_per_rack=3)  # 48 GPUs: node-01..03 rack-1, 04..06


@dataclass
class Scenario:
    id: str
    title: str
    faults: list[str]
    sku: str = "H100"
    seed: int = 1
    kind: str = "fault"
    topology: GeneratedTopology = SMALL
    extra_s: float = 900.0
    duration_s: float | None = None
    difficulty: str = "medium"
    description: str = ""
    start_offset_h: float = 0.0
    artifacts: bool = True
    log_style: str = "journal-iso"
    training_share: float = 0.55
    materialize: bool = True
    notes: list[str] = field(default_factory=list)
    evidence: str | None = None  # a builder in evals.suite_evidence: real-format files
    truth_patch: dict[str, Any] = field(default_factory=dict)  # overrides of the first fault
    # alert-only scenarios (evals.suite_alerts): labels, annotations, generator_url and
    # after_onset_s (when it fires, after the first fault's onset)
    alerts: list[dict[str, Any]] = field(default_factory=list)


def _variants() -> list[Scenario]:
    at = f"@{ONSET_S:.0f}s"
    v: list[Scenario] = []

    def two(
        cls: str,
        a: str,
        b: str,
        title: str,
        diff: str = "medium",
        skus: tuple[str, str] = ("H100", "A100"),
        styles: tuple[str, str] = ("journal-iso", "dmesg-T"),
    ) -> None:
        v.append(
            Scenario(
                f"{cls.replace('_', '-')}-1",
                f"{title} ({skus[0]})",
                [f"{cls}{at}{a}"],
                sku=skus[0],
                seed=len(v) + 11,
                difficulty=diff,
                log_style=styles[0],
                start_offset_h=len(v) % 4 * 6,
            )
        )
        v.append(
            Scenario(
                f"{cls.replace('_', '-')}-2",
                f"{title} ({skus[1]})",
                [f"{cls}{at}{b}"],
                sku=skus[1],
                seed=len(v) + 11,
                difficulty=diff,
                log_style=styles[1],
                start_offset_h=len(v) % 4 * 6,
                training_share=0.7,
            )
        )

    two(
        "fan_failure",
        ":node=node-05,gpu=4",
        ":node=node-02,gpu=1",
        "Chassis fan failure: GPU heats, neighbours warm, SBE storm",
        "medium",
        ("H100", "H200"),
    )
    two(
        "dbe",
        ":node=node-03,gpu=2",
        ":node=node-06,gpu=7,with_remap=0",
        "Double-bit ECC error with Xid 48 (+63)",
        "easy",
        ("H100", "B200"),
    )
    two(
        "row_remap_failure",
        ":node=node-01,gpu=6",
        ":node=node-04,gpu=0",
        "Row-remap failure (Xid 64)",
        "easy",
        ("A100", "H200"),
    )
    two(
        "gpu_fallen_off_bus",
        ":node=node-04,gpu=1",
        ":node=node-01,gpu=5",
        "GPU fallen off the bus (Xid 79), job hangs",
        "easy",
        ("H100", "A100"),
    )
    two(
        "xid_app_fault",
        ":node=node-02,gpu=0,xid=13",
        ":node=node-05,gpu=3,xid=31",
        "Application fault (Xid 13 / 31), not hardware",
        "medium",
        ("H100", "B200"),
    )
    two(
        "thermal_throttle",
        ":node=node-06,gpu=6",
        ":node=node-03,gpu=3",
        "Degraded thermal interface: one GPU throttles",
        "hard",
        ("H100", "H200"),
    )
    two(
        "power_brake",
        ":node=node-01",
        ":node=node-05",
        "HW power brake on a node",
        "easy",
        ("B200", "H100"),
    )
    two(
        "nvlink_crc",
        ":node=node-04,gpu=5",
        ":node=node-02,gpu=2",
        "NVLink CRC errors slow every rank",
        "medium",
        ("H100", "A100"),
    )
    two(
        "pcie_downtrain",
        ":node=node-03,gpu=7",
        ":node=node-06,gpu=1,width=4",
        "PCIe link downtrained, replays",
        "medium",
        ("H200", "H100"),
    )
    two(
        "nic_flap_nccl_timeout",
        ":nodes=node-01+node-02,flap_node=node-02",
        ":nodes=node-05+node-06,flap_node=node-05",
        "NIC flaps → NCCL timeout on every rank",
        "hard",
        ("H100", "B200"),
    )
    two(
        "rack_cooling_failure",
        ":rack=rack-1",
        ":rack=rack-2",
        "Rack cooling failure (many GPUs at once)",
        "medium",
        ("H100", "A100"),
    )
    two(
        "host_cpu_saturation",
        ":node=node-03",
        ":node=node-04",
        "Host CPU saturation starves the GPUs",
        "medium",
        ("H100", "H200"),
    )
    two(
        "dataloader_stall",
        ":node=node-05",
        ":node=node-01",
        "Data-loader stalls: periodic idle gaps",
        "hard",
        ("H100", "A100"),
    )
    two(
        "fb_memory_leak",
        ":node=node-02,gpu=6",
        ":node=node-06,gpu=3",
        "Framebuffer memory leak",
        "medium",
        ("H100", "B200"),
    )
    two(
        "job_stall",
        ":node=node-06",
        ":node=node-02",
        "Job stall: allocated, 0 % util",
        "medium",
        ("A100", "H100"),
    )
    two(
        "cpu_only_execution",
        ":node=node-04",
        ":node=node-03",
        "CPU-only execution: GPUs allocated, unused",
        "hard",
        ("H100", "H200"),
    )
    # Red herrings
    v += [
        Scenario(
            "red-herring-xid45-1",
            "Xid 45 churn at job teardown (benign)",
            [f"xid45_churn{at}:node=node-02"],
            seed=301,
            kind="red_herring",
            sku="H100",
        ),
        Scenario(
            "red-herring-xid45-2",
            "Xid 45 churn at job teardown (benign, B200)",
            [f"xid45_churn{at}:node=node-05,lines_per_gpu=30"],
            seed=302,
            kind="red_herring",
            sku="B200",
            log_style="syslog",
        ),
        Scenario(
            "red-herring-artifacts-1",
            "Telemetry artifacts: sentinels, exporter gap",
            [f"telemetry_artifact{at}:node=node-04"],
            seed=303,
            kind="red_herring",
        ),
        Scenario(
            "red-herring-artifacts-2",
            "Telemetry artifacts, long exporter gap (A100)",
            [f"telemetry_artifact{at}:node=node-01,gap_s=240"],
            seed=304,
            kind="red_herring",
            sku="A100",
        ),
        Scenario(
            "red-herring-drain-1",
            "Planned maintenance drain + reboot",
            [f"maintenance_drain{at}:node=node-03"],
            seed=305,
            kind="red_herring",
            extra_s=1800.0,
        ),
        Scenario(
            "red-herring-drain-2",
            "Planned maintenance drain + reboot (H200)",
            [f"maintenance_drain{at}:node=node-06"],
            seed=306,
            kind="red_herring",
            sku="H200",
            extra_s=1800.0,
        ),
    ]
    # Overlapping faults
    v += [
        Scenario(
            "overlap-fan-and-xid45",
            "Fan failure next to a benign Xid 45 teardown",
            [
                f"fan_failure{at}:node=node-02,gpu=3",
                f"xid45_churn@{ONSET_S + 120:.0f}s:node=node-03",
            ],
            seed=401,
            kind="overlapping",
            difficulty="hard",
        ),
        Scenario(
            "overlap-dbe-and-nvlink",
            "DBE and NVLink errors on two nodes at once",
            [f"dbe{at}:node=node-01,gpu=4", f"nvlink_crc@{ONSET_S + 60:.0f}s:node=node-05,gpu=2"],
            seed=402,
            kind="overlapping",
            difficulty="medium",
        ),
        Scenario(
            "overlap-rack-cooling-and-brake",
            "Rack cooling failure + power brake elsewhere",
            [
                f"rack_cooling_failure{at}:rack=rack-1",
                f"power_brake@{ONSET_S + 300:.0f}s:node=node-05",
            ],
            seed=403,
            kind="overlapping",
            difficulty="hard",
        ),
    ]
    # Fault-free stretches
    tiny = GeneratedTopology(racks=2, nodes_per_rack=2)
    v += [
        Scenario(
            "fault-free-h100-4h",
            "Healthy H100 fleet, 4 h",
            [],
            seed=501,
            kind="fault_free",
            topology=tiny,
            duration_s=4 * 3600,
        ),
        Scenario(
            "fault-free-a100-4h",
            "Healthy A100 fleet, 4 h, night",
            [],
            seed=502,
            kind="fault_free",
            topology=tiny,
            duration_s=4 * 3600,
            sku="A100",
            start_offset_h=22,
        ),
        Scenario(
            "fault-free-b200-4h",
            "Healthy B200 fleet, 4 h, inference-heavy",
            [],
            seed=503,
            kind="fault_free",
            topology=tiny,
            duration_s=4 * 3600,
            sku="B200",
            training_share=0.2,
        ),
        Scenario(
            "fault-free-h100-1024-gpu-days",
            "Healthy 128-GPU H100 fleet, 8 days (streamed from the simulator, not written to disk)",
            [],
            seed=504,
            kind="fault_free",
            topology=GeneratedTopology(racks=4, nodes_per_rack=4),
            duration_s=8 * 86400,
            materialize=False,
        ),
    ]
    # Classes real incidents showed (appended: earlier scenarios keep their index and start)
    v += _real_incident_classes(at)
    v += _evidence_scenarios(at)
    v += [Scenario(**kw) for kw in suite_real_signals.scenarios(at)]
    v += _alert_scenarios(at)  # evals.suite_alerts: keep this last block for its own edits
    v += [Scenario(**kw) for kw in suite_extended.scenarios(at)]  # extended exporter fields
    return v


def _alert_scenarios(at: str) -> list[Scenario]:
    """Alert-only incidents (:mod:`evals.suite_alerts`): one fault, one Alertmanager alert."""
    return [
        Scenario(
            a.id,
            a.title,
            [a.fault.replace(":", at + ":", 1)],
            sku=a.sku,
            seed=a.seed,
            difficulty=a.difficulty,
            alerts=[a.alert()],
        )
        for a in ALERT_SCENARIOS
    ]


def _real_incident_classes(at: str) -> list[Scenario]:
    """A degrading HBM next to benign Xid 45 churn, a GPU failing through an Xid chain whose
    Xid 45s look like an application teardown, a hung collective that never drops utilization."""
    return [
        Scenario(
            "sbe-storm-1",
            "Degrading HBM: correctable ECC rate climbing on one GPU (H100)",
            [f"sbe_storm{at}:node=node-02,gpu=3"],
            seed=601,
        ),
        Scenario(
            "sbe-storm-2",
            "Degrading HBM: correctable ECC rate climbing on one GPU (A100)",
            [f"sbe_storm{at}:node=node-06,gpu=0,per_hour=200"],
            seed=607,
            sku="A100",
            log_style="dmesg-T",
        ),
        Scenario(
            "overlap-sbe-and-xid45",
            "Degrading HBM while every GPU of its node logs Xid 45 at a job teardown",
            [
                f"sbe_storm{at}:node=node-05,gpu=6,per_hour=300",
                f"xid45_churn@{ONSET_S + 600:.0f}s:node=node-05,lines_per_gpu=20",
            ],
            seed=602,
            kind="overlapping",
            difficulty="hard",
        ),
        Scenario(
            "gsp-reset-chain-1",
            "Xid 62 -> 119 -> 154 (GPU Reset Required) on one GPU, with Xid 45 (H100)",
            [f"gsp_reset_chain{at}:node=node-04,gpu=1"],
            seed=603,
            difficulty="medium",
        ),
        Scenario(
            "gsp-reset-chain-2",
            "Xid 62 -> 119 -> 154 (GPU Reset Required) on one GPU, with Xid 45 (B200)",
            [f"gsp_reset_chain{at}:node=node-01,gpu=6"],
            seed=604,
            sku="B200",
            log_style="syslog",
            difficulty="medium",
        ),
        Scenario(
            "collective-hang-1",
            "Hung collective: every rank flat-lined at 100 % utilization (H100)",
            [f"collective_hang{at}:nodes=node-01+node-04"],
            seed=605,
            difficulty="hard",
        ),
        Scenario(
            "collective-hang-2",
            "Hung collective: every rank flat-lined at 100 % utilization (A100)",
            [f"collective_hang{at}:nodes=node-02+node-05"],
            seed=606,
            sku="A100",
            log_style="dmesg-T",
            difficulty="hard",
        ),
    ]


def _evidence_scenarios(at: str) -> list[Scenario]:
    """Scenarios whose decisive evidence is real-format text beside the telemetry (job output,
    nvidia-smi -q, dcgmi diag, Fabric Manager, IB counters, the change log), one per evidence
    type and per action class (evals.suite_evidence writes the files)."""
    return [
        Scenario(
            "evidence-contained-ecc",
            "Contained ECC error (Xid 94, CUDA_ERROR_CONTAINED in the job): restart the job",
            [f"xid_app_fault{at}:node=node-02,gpu=3,xid=94"],
            seed=601,
            evidence="contained_ecc",
            truth_patch={
                "root_cause": "xid-94-contained-ecc",
                "family": "memory",
                "action_classes": ["restart_application"],
                "correct_actions": ["requeue_job", "notify_user"],
                "unsafe_actions": ["rma_gpu", "reboot_node"],
            },
        ),
        Scenario(
            "evidence-rdma-peer",
            "RDMA retry-exceeded errors name one peer; its IB counters show link downs",
            [f"nic_flap_nccl_timeout{at}:nodes=node-04+node-05,flap_node=node-05"],
            seed=602,
            difficulty="hard",
            evidence="rdma_peer",
            truth_patch={
                "acceptable_causes": ["ib-link-degraded-symbol-errors"],
                "action_classes": ["fabric_nic"],
            },
        ),
        Scenario(
            "evidence-recurring-xid79",
            "Xid 79 again on the same GPU; dcgmi diag fails it: hardware ticket, not a reboot",
            [f"gpu_fallen_off_bus{at}:node=node-03,gpu=5"],
            seed=603,
            evidence="recurring_xid79",
            truth_patch={
                "root_cause": "xid-79-recurring-hardware",
                "action_classes": ["hardware_ticket"],
                "correct_actions": ["drain_node", "rma_gpu"],
                "unsafe_actions": ["resume_node"],
            },
        ),
        Scenario(
            "evidence-fabric-manager-down",
            "Fabric Manager failed: NVLS set-up fails, the job never computes: restart FM",
            [f"job_stall{at}:node=node-01"],
            seed=605,
            evidence="fabric_manager_down",
            truth_patch={
                "root_cause": "fabric-manager-down",
                "acceptable_causes": ["xid-45-solo-fabric-manager"],
                "family": "interconnect",
                "action_classes": ["restart_service"],
                "correct_actions": ["restart_fabric_manager"],
                "unsafe_actions": ["rma_gpu"],
            },
        ),
        Scenario(
            "evidence-driver-regression",
            "MMU faults on two nodes an hour after a driver upgrade: roll the driver back",
            [
                f"xid_app_fault{at}:node=node-01,gpu=0,xid=31",
                f"xid_app_fault@{ONSET_S + 120:.0f}s:node=node-02,gpu=4,xid=31",
            ],
            seed=606,
            kind="overlapping",
            difficulty="hard",
            evidence="driver_regression",
            truth_patch={
                "root_cause": "driver-regression-fleetwide",
                "acceptable_causes": ["gsp-rpc-timeout-driver-bug"],
                "family": "device",
                "action_classes": ["driver_rollback"],
                "correct_actions": [],
                "unsafe_actions": ["reset_gpu", "rma_gpu", "drain_node"],
            },
        ),
        Scenario(
            "evidence-gsp-chain-after-reboot",
            "GSP failure chain back an hour after a reboot, recovery action set: power cycle + RMA",
            [f"xid_app_fault{at}:node=node-04,gpu=6,xid=119"],
            seed=607,
            evidence="gsp_chain",
            truth_patch={
                "root_cause": "gpu-fault-survives-reboot",
                "family": "device",
                "action_classes": ["power_cycle_rma"],
                "correct_actions": ["drain_node", "rma_gpu"],
                "unsafe_actions": ["resume_node"],
            },
        ),
    ]


@cache
def _cards_by_fault_class() -> dict[str, str]:
    kb = KnowledgeBase.load()
    return {cls: card.id for card in kb.cards.values() for cls in card.fault_classes}


def card_for(fault_class: str) -> str:
    """The knowledge-base card that explains a simulator fault class (the root-cause id)."""
    try:
        return _cards_by_fault_class()[fault_class]
    except KeyError:
        raise ValueError(f"no knowledge-base card lists fault class {fault_class!r}") from None


def _actions(fault_class: str) -> tuple[list[str], list[str]]:
    return {**ACTIONS, **suite_real_signals.ACTIONS}[fault_class]


def _action_classes(fault_class: str) -> list[str]:
    return {**ACTION_CLASSES, **suite_real_signals.ACTION_CLASSES}[fault_class]


def build_spec(sc: Scenario, index: int) -> IncidentSpec:
    start = DEFAULT_START + index * 86400 + sc.start_offset_h * 3600
    topo_spec = sc.topology.model_copy(update={"sku": sc.sku})
    topo = Topology(
        [
            build_cluster(
                racks=topo_spec.racks,
                nodes_per_rack=topo_spec.nodes_per_rack,
                gpus_per_node=topo_spec.gpus_per_node,
                sku_name=sc.sku,
                driver_by_rack=topo_spec.drivers,
            )
        ]
    )
    sim = FleetSimulator(
        topo,
        seed=sc.seed,
        start=start,
        faults=[parse_fault_spec(f) for f in sc.faults],
        artifacts=ArtifactRates() if sc.artifacts else None,
        mix=WorkloadMix(training_nodes=sc.training_share),
    )
    truths = sim.ground_truth()
    if sc.duration_s is not None:
        duration = sc.duration_s
    else:
        latest = max((t.onset - start + max(t.max_delay_s, 600.0) for t in truths), default=0)
        duration = latest + sc.extra_s
    duration = round(duration / 15.0) * 15.0
    faults = [
        TruthFault(
            fault_class=t.fault_class,
            root_cause=card_for(t.fault_class),
            root_entity=t.root_entity,
            scope=t.scope,
            family=t.family,
            entities=list(t.entities),
            jobs=list(t.jobs),
            onset=t.onset,
            max_delay_s=t.max_delay_s,
            benign=t.benign,
            correct_actions=_actions(t.fault_class)[0],
            unsafe_actions=_actions(t.fault_class)[1],
            action_classes=_action_classes(t.fault_class),
        )
        for t in truths
    ]
    if sc.truth_patch:  # every fault of an evidence scenario shares one cause
        faults = [TruthFault.model_validate({**f.model_dump(), **sc.truth_patch}) for f in faults]
    extra = _evidence(sc, topo, start, faults) if sc.evidence else SuiteEvidence()
    alerts = [
        AlertSpec(
            labels=a["labels"],
            annotations=a["annotations"],
            starts_at=faults[0].onset + float(a["after_onset_s"]),
            generator_url=a["generator_url"],
        )
        for a in sc.alerts
    ]
    gen = Generator(
        seed=sc.seed,
        duration_s=duration,
        topology=topo_spec,
        faults=sc.faults,
        artifacts=sc.artifacts,
        training_share=sc.training_share,
        log_style=sc.log_style,
        materialize=sc.materialize,
    )
    return IncidentSpec(
        id=sc.id,
        title=sc.title,
        description=sc.description or sc.title,
        kind=sc.kind,
        time_range=TimeRange(start=start, end=start + duration),
        interval_s=15.0,
        topology=topo_spec,
        boot_times=extra.boot_times,
        addresses=extra.addresses,
        changes=extra.changes,
        evidence=extra.entries,
        alerts=alerts,
        truth=Truth(
            faults=faults,
            difficulty=sc.difficulty,
            source=f"gpufleet simulator, seed {sc.seed}",
        ),
        generator=gen,
    )


def _evidence(
    sc: Scenario, topo: Topology, start: float, faults: list[TruthFault]
) -> SuiteEvidence:
    fault = faults[0]
    root = fault.root_entity
    named = [e.split("/", 1)[0] for f in faults for e in (f.root_entity, *f.entities)]
    named = [n for n in dict.fromkeys(named) if n in topo.node_pos]  # a job root names no node
    node = named[0]
    nodes = [node, *sorted(set(named) - {node})]
    gpu = int(root.split("/gpu", 1)[1]) if "/gpu" in root else 0
    ctx = Context(topo, start, fault.onset, tuple(nodes), gpu, fault.jobs[0] if fault.jobs else "0")
    assert sc.evidence is not None
    return {**BUILDERS, **suite_real_signals.BUILDERS}[sc.evidence](ctx)


def write_scenario(sc: Scenario, index: int, out: Path) -> None:
    """incident.yaml and the scenario's real-format evidence files."""
    spec = build_spec(sc, index)
    dump_spec(spec, out / sc.id)
    if sc.evidence:
        topo = Topology(
            [
                build_cluster(
                    racks=spec.topology.racks if spec.topology else 1,
                    nodes_per_rack=spec.topology.nodes_per_rack if spec.topology else 1,
                    gpus_per_node=spec.topology.gpus_per_node if spec.topology else 8,
                    sku_name=sc.sku,
                    driver_by_rack=spec.topology.drivers if spec.topology else None,
                )
            ]
        )
        extra = _evidence(sc, topo, spec.time_range.start, list(spec.truth.faults))
        for rel, text in extra.files.items():
            path = out / sc.id / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).with_name("suite")))
    args = ap.parse_args()
    out = Path(args.out)
    for old in out.glob("*/incident.yaml"):
        shutil.rmtree(old.parent)
    scenarios = _variants()
    for i, sc in enumerate(scenarios):
        write_scenario(sc, i, out)
    print(f"wrote {len(scenarios)} scenarios to {out}")


if __name__ == "__main__":
    main()
