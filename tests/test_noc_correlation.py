"""One cause, one incident: Xids on every GPU of a node, the same Xid on the nodes of one
driver version, NVSwitch SXids after a GPU fell off the bus. Log lines are real NVRM / nvswitch
layouts fed through the real kernel-log parser; frames are hand-made with realistic noise."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Incident, Scope
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology
from tests.noc_frames import PCI, final, fleet, journal, run, tick, values


def gsp_timeout(pci: str) -> str:
    return (
        f"NVRM: Xid (PCI:0000:{pci}:00): 119, pid=3310, name=python3, Timeout after 6s of waiting "
        "for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)."
    )


# --------------------------------------------------------------------------- one cause
def test_xids_on_every_gpu_of_a_node_are_one_node_incident() -> None:
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(1)
    ticks = [tick(tp, i, values(tp, rng)) for i in range(8)]
    # the GPUs report one after another over 45 s, as the driver times each one out
    for k, i in enumerate((8, 8, 9, 9, 10, 10, 11, 11)):
        ticks.append(tick(tp, i, values(tp, rng), journal(tp, i, "node-02", [gsp_timeout(PCI[k])])))
    ticks = _merge_same_time(ticks)
    ticks += [tick(tp, i, values(tp, rng)) for i in range(12, 20)]
    incs = final(run(det, ticks))
    assert len(incs) == 1, [(i.scope, i.root_entity) for i in incs]
    (inc,) = incs
    assert inc.scope is Scope.NODE and inc.root_entity == "node-02"
    assert {f"node-02/gpu{g}" for g in range(8)} <= set(inc.entities)


def _merge_same_time(ticks: list[Tick]) -> list[Tick]:
    by_t: dict[float, Tick] = {}
    for tk in ticks:
        old = by_t.get(tk.timestamp)
        by_t[tk.timestamp] = (
            tk if old is None else Tick(tk.timestamp, old.frames, old.events + tk.events)
        )
    return [by_t[t] for t in sorted(by_t)]


NEW = "535.104.05"
UPGRADED = ("node-01", "node-02", "node-04", "node-05")


def _fleet_xids(tp: Topology, nodes: tuple[str, ...]) -> list[Incident]:
    det = Detector(tp)
    rng = np.random.default_rng(2)
    ticks = [tick(tp, i, values(tp, rng)) for i in range(8)]
    for n, node in enumerate(nodes):  # the bug hits node after node as jobs reach it
        i = 8 + 6 * n
        ticks.append(
            tick(tp, i, values(tp, rng), journal(tp, i, node, [gsp_timeout(p) for p in PCI]))
        )
    ticks = _merge_same_time(
        ticks + [tick(tp, i, values(tp, rng)) for i in range(9, 40) if i % 6 != 2]
    )
    return final(run(det, ticks))


def test_same_xid_on_the_nodes_of_one_driver_is_one_fleet_incident() -> None:
    tp = fleet({n: NEW for n in UPGRADED})
    incs = _fleet_xids(tp, UPGRADED)
    assert len(incs) == 1, [(i.scope, i.root_entity) for i in incs]
    (inc,) = incs
    assert inc.scope is Scope.CLUSTER and inc.root_entity == f"driver:{NEW}"
    assert set(inc.nodes) == set(UPGRADED)
    assert 119 in inc.xids


def test_a_fleet_wide_xid_read_back_at_a_late_start_is_one_fleet_incident() -> None:
    """gpufleet started an hour into the fault: the log feed reads the hour back, so the Xid
    lines of all four nodes arrive with its first tick, 45 to 60 minutes old. Their spread is
    what the fleet rule weighs, not their age: one driver incident, not 32 GPU incidents."""
    tp = fleet({n: NEW for n in UPGRADED})
    det = Detector(tp)
    rng = np.random.default_rng(2)
    backlog = [
        e
        for n, node in enumerate(UPGRADED)
        for e in journal(tp, 8 + 6 * n, node, [gsp_timeout(p) for p in PCI])
    ]
    ticks = [tick(tp, 240, values(tp, rng), backlog)]
    ticks += [tick(tp, i, values(tp, rng)) for i in range(241, 270)]
    incs = final(run(det, ticks))
    assert len(incs) == 1, [(i.scope, i.root_entity) for i in incs]
    assert incs[0].scope is Scope.CLUSTER and incs[0].root_entity == f"driver:{NEW}"
    assert set(incs[0].nodes) == set(UPGRADED)


def test_a_node_on_another_driver_with_the_same_xid_breaks_the_driver_group() -> None:
    """The Xid also sits on node-03, which kept the old driver: not the driver; the node and
    rack incidents stay (the fleet is one SKU, so no SKU group either)."""
    tp = fleet({n: NEW for n in UPGRADED})
    incs = _fleet_xids(tp, ("node-01", "node-03", "node-02", "node-04", "node-05"))
    assert incs and all(i.scope is not Scope.CLUSTER for i in incs)
    assert not any(i.root_entity.startswith(("driver:", "sku:")) for i in incs)


def test_nvswitch_sxids_after_a_gpu_fell_off_the_bus_attach_to_its_incident() -> None:
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(3)
    gone = "node-02/gpu3"
    ticks = [tick(tp, i, values(tp, rng)) for i in range(8)]
    xid79 = journal(
        tp,
        8,
        "node-02",
        [
            f"NVRM: Xid (PCI:0000:{PCI[3]}:00): 79, pid=2211, name=python, "
            "GPU has fallen off the bus."
        ],
    )
    ticks.append(tick(tp, 8, values(tp, rng), xid79))
    sxids = journal(
        tp,
        10,
        "node-02",
        [
            "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 20034, Fatal, Link 30 LTSSM Fault Up",
            "nvidia-nvswitch2: SXid (PCI:0000:c6:00.0): 20034, Fatal, Link 31 LTSSM Fault Up",
        ],
    )
    keep = tuple(k for k in tp.gpu_keys if k != gone)
    ticks.append(tick(tp, 9, values(tp, rng), gpus=keep))
    ticks.append(tick(tp, 10, values(tp, rng), sxids, gpus=keep))
    ticks += [tick(tp, i, values(tp, rng), gpus=keep) for i in range(11, 20)]
    incs = final(run(det, ticks))
    assert len(incs) == 1, [(i.family, i.root_entity, i.symptoms) for i in incs]
    assert incs[0].root_entity == gone
    assert "xid_20034" in incs[0].symptoms and 79 in incs[0].xids


def _mmu_fault(pci: str) -> str:
    return (
        f"NVRM: Xid (PCI:0000:{pci}:00): 31, pid=4242, name=python3, Ch 00000010, intr 10000000. "
        "MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f4c_8a000000. "
        "Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
    )


def test_one_gpu_fault_on_each_of_two_nodes_of_a_rack_is_not_a_rack_incident() -> None:
    """An MMU fault on one GPU of node-01 and one of node-02 (2 of rack-1's 3 nodes): GPU-local
    faults; the rack's cooling, power or switch did not cause them, so no rack incident - two
    GPU incidents, each rooted where it happened (the shape of a driver regression that has
    reached two nodes so far)."""
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(4)
    ticks = [tick(tp, i, values(tp, rng)) for i in range(8)]
    ticks.append(tick(tp, 8, values(tp, rng), journal(tp, 8, "node-01", [_mmu_fault(PCI[0])])))
    ticks.append(tick(tp, 9, values(tp, rng), journal(tp, 9, "node-02", [_mmu_fault(PCI[4])])))
    ticks += [tick(tp, i, values(tp, rng)) for i in range(10, 20)]
    incs = final(run(det, ticks))
    assert all(i.scope is not Scope.RACK for i in incs), [(i.scope, i.root_entity) for i in incs]
    assert {i.root_entity for i in incs} == {"node-01/gpu0", "node-02/gpu4"}


def test_a_link_fault_on_every_node_of_a_rack_is_one_rack_incident() -> None:
    """The same GPU-local family on every node of the rack does point at a shared part."""
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(5)
    ticks = [tick(tp, i, values(tp, rng)) for i in range(8)]
    for k, node in enumerate(("node-01", "node-02", "node-03")):
        ticks.append(
            tick(tp, 8 + k, values(tp, rng), journal(tp, 8 + k, node, [_mmu_fault(PCI[k])]))
        )
    ticks += [tick(tp, i, values(tp, rng)) for i in range(11, 20)]
    incs = final(run(det, ticks))
    assert [(i.scope, i.root_entity) for i in incs] == [(Scope.RACK, "rack-1")]
