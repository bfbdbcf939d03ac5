"""Row remapping: a pending remap with no uncorrectable error is its own (warning) incident, a
remap failure is critical, a DBE's remap folds into the DBE incident. Xid lines are real
layouts (origins below) parsed by the real kernel-log parser; frames are hand-made."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Family, Incident, Scope, Severity
from tests.noc_frames import COL, PCI, final, fleet, journal, run, tick, values

# stas00/ml-engineering, debug/nccl-performance... "Xid Errors" section: pid without name.
XID63_PID_ONLY = (
    "NVRM: Xid (PCI:0000:{pci}:00): 63, pid=1896, Row Remapper: New row marked for remapping, "
    "reset gpu to activate."
)
# The full layout with name= and the row address (an operator's write-up of an H100 DBE).
XID63_FULL = (
    "NVRM: Xid (PCI:0000:{pci}:00): 63, pid=2187734, name=python, Row Remapper: New row "
    "(0x0000000e9b9107e0) marked for remapping, reset gpu to activate."
)
XID48 = (
    "NVRM: Xid (PCI:0000:{pci}:00): 48, pid=2187734, name=python, An uncorrectable double bit "
    "error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 0."
)
GPU = 5
KEY = f"node-03/gpu{GPU}"


def _scenario(
    lines: list[str],
    *,
    pending: bool = True,
    failure: bool = False,
    dbe: bool = False,
    unc_rows: bool = False,
) -> list[Incident]:
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(7)
    g = tp.gpu_pos[KEY]
    counters = {
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0.0,
        "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": 0.0,
    }
    ticks = []
    for i in range(40):
        v = values(tp, rng)
        for name in ("DCGM_FI_DEV_ROW_REMAP_PENDING", "DCGM_FI_DEV_ROW_REMAP_FAILURE"):
            v[:, COL(name)] = 0.0
        v[:, COL("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS")] = 2.0
        events = []
        if i == 10:
            events = journal(tp, i, "node-03", [ln.format(pci=PCI[GPU]) for ln in lines])
            counters["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] += float(dbe)
            counters["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"] += float(unc_rows)
        if i >= 10:
            v[g, COL("DCGM_FI_DEV_ROW_REMAP_PENDING")] = float(pending)
            v[g, COL("DCGM_FI_DEV_ROW_REMAP_FAILURE")] = float(failure)
            v[g, COL("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS")] = 3.0
        for name, c in counters.items():
            v[:, COL(name)] = 0.0
            v[g, COL(name)] = c
        ticks.append(tick(tp, i, v, events))
    return final(run(det, ticks))


def test_xid63_with_pending_flag_and_no_uncorrectable_error_is_one_warning_gpu_incident() -> None:
    (inc,) = _scenario([XID63_PID_ONLY])
    assert (inc.scope, inc.root_entity, inc.family) == (Scope.GPU, KEY, Family.MEMORY)
    assert inc.severity is Severity.WARNING  # reset when convenient: nothing pages as critical
    assert "row_remap_pending" in inc.symptoms
    assert 63 in inc.xids  # the Xid line is attached as evidence


def test_the_pending_flag_alone_opens_the_incident_without_any_kernel_log() -> None:
    (inc,) = _scenario([])
    assert inc.root_entity == KEY and tuple(inc.symptoms) == ("row_remap_pending",)
    assert inc.severity is Severity.WARNING


def test_remap_failure_flag_is_critical() -> None:
    xid64 = (
        "NVRM: Xid (PCI:0000:{pci}:00): 64, pid=2187734, name=python, Row Remapper: Failed to "
        "remap row in bank 12, all spare rows in use."
    )
    (inc,) = _scenario([xid64], pending=False, failure=True)
    assert inc.root_entity == KEY and inc.severity is Severity.CRITICAL
    assert "row_remap_failure" in inc.symptoms


def test_a_dbe_with_its_remap_is_one_critical_incident_not_two() -> None:
    incs = _scenario([XID48, XID63_FULL], dbe=True, unc_rows=True)
    assert len(incs) == 1, [(i.root_entity, i.symptoms) for i in incs]
    (inc,) = incs
    assert inc.severity is Severity.CRITICAL
    assert {"dbe", "row_remap_pending"} <= set(inc.symptoms)


def test_no_flag_no_incident() -> None:
    """A generation without the row remapper (Volta) reads 0 / blank: never an incident."""
    assert _scenario([], pending=False) == []
