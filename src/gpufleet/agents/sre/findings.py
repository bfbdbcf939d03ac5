"""Findings: named, checkable facts computed from evidence facts (pure).

:func:`derive_findings` reads the ``facts`` of numbered :class:`~bus.events.Evidence` (from
:mod:`agents.sre.evidence`) and returns :class:`~bus.events.Finding` objects named from the
vocabulary :data:`knowledge.findings.FINDINGS`, each citing the evidence it rests on. Cards'
structured checks name these findings; the scorer adds and subtracts their weights.

Thresholds are physical, not fitted to one data set:

- temperature: a load-corrected rise of 8 °C is well outside the ±2-3 °C a steady workload
  wanders; neighbours count as warming at 3 °C (they sit beside the hot air, not in it); "the
  rest of the node is normal" means its median corrected rise stays under 2 °C;
- clock-event reasons count when set in at least 20 % of the recent samples (a one-off bit is
  noise; a fault holds it);
- HBM is hot at 85 °C (where HBM3 correctable-error rates climb);
- counters: any DBE, remap failure or pending remap counts; SBE counts at 50 in the window;
  PCIe replays at 10/min now (a healthy link retries a handful per hour); NVLink CRC/replay at
  100 in the window;
- utilization: "busy" ≥ 50 %, "idle" ≤ 5-10 %; a data-loader stall flips between them at least
  6 times in half an hour (a checkpoint dips once).

Met mid-fault. A change over time needs a "before": an entity whose samples begin less than
half an hour before the incident opened (gpufleet installed or restarted while the fault was
under way, no store to read history from) has none. Its heat is then judged across peers at the
same moment, with the same thresholds: the GPU against the rest of its node, slot neighbours
against the rest of the node, a rack's nodes against the other racks', each load-corrected with
the same R as over time; the finding ``no_baseline_before_fault`` says so in the diagnosis.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gpufleet.agents.sre.evidence import (
    AER_BURST,
    FOCUS,
    HOST,
    JOB_GPUS,
    NODE_PEERS,
    NVLINK5_XIDS,
    R_THERMAL_C_PER_W,
    RACK_PEERS,
    RECURRENCE_GAP_S,
)
from gpufleet.agents.sre.log_reads import EARLIER
from gpufleet.bus.events import Evidence, Family, Finding, Incident, Scalar, Scope
from gpufleet.knowledge.findings import implicates_infrastructure
from gpufleet.knowledge.xid import resolved_on_the_gpu
from gpufleet.telemetry.statements import STATEMENT_KINDS

TEMP_RISE_C = 8.0
NEIGHBOUR_RISE_C = 3.0
QUIET_RISE_C = 2.0
NODE_RISE_C = 4.0
REASON_SHARE = 0.2
HBM_HOT_C = 85.0
SBE_WINDOW = 50.0
SBE_PEER_FACTOR = 10.0
SBE_PEER_FLOOR = 20.0
PCIE_REPLAY_PER_MIN = 10.0
NVLINK_WINDOW = 100.0
BUSY_UTIL = 50.0
IDLE_UTIL = 5.0
GAP_TRANSITIONS = 6
CPU_SATURATED = 90.0
CPU_BUSY = 80.0
VANISHED_S = 120.0
RECENT_BOOT_S = 3 * 3600.0
BASELINE_HISTORY_S = 1800.0  # samples this long before the incident hold a "before"
APP_XIDS = frozenset({13, 31, 43, 45, 68, 69})
PREEMPTIVE_CLEANUP = 45  # ROBUST_CHANNEL_PREEMPTIVE_REMOVAL


def _num(facts: Mapping[str, Scalar], key: str) -> float:
    v = facts.get(key)
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return math.nan
    return float(v)


def _rise(facts: Mapping[str, Scalar]) -> float:
    """The temperature rise both the raw and the load-corrected change agree on: it must get
    hotter (a GPU whose load just stopped is still warm, not heating) and more than power
    explains (a job ramping up heats its GPU normally)."""
    return min(_num(facts, "temp_delta"), _num(facts, "temp_rise_corr"))


def _has_baseline(e: Evidence) -> bool:
    """This entity was watched long enough before the incident for a change to mean something
    (evidence that does not say how long is taken as watched)."""
    history = _num(e.facts, "history_s")
    watched = math.isnan(history) or history >= BASELINE_HISTORY_S
    return watched and not math.isnan(_rise(e.facts))


def _excess(e: Evidence, reference: Sequence[Evidence]) -> float:
    """How much hotter ``e`` runs now than the reference's median, beyond what its power draw
    explains (the cross-sectional twin of :func:`_rise`)."""
    t_ref = _median(_num(r.facts, "temp_now") for r in reference)
    p_ref = _median(_num(r.facts, "power_now") for r in reference)
    excess = _num(e.facts, "temp_now") - t_ref
    load = R_THERMAL_C_PER_W * (_num(e.facts, "power_now") - p_ref)
    return excess - load if not math.isnan(load) else excess


def _ge(facts: Mapping[str, Scalar], key: str, thr: float) -> bool:
    v = _num(facts, key)
    return not math.isnan(v) and v >= thr


def _split(v: Scalar) -> list[str]:
    return [x for x in str(v or "").split(",") if x]


def _nanmax(*xs: float) -> float:
    vals = [x for x in xs if not math.isnan(x)]
    return max(vals) if vals else math.nan


def _median(xs: Iterable[float]) -> float:
    vals = [x for x in xs if not math.isnan(x)]
    return statistics.median(vals) if vals else math.nan


@dataclass
class _View:
    """Evidence indexed by what the scorer asks about."""

    metrics: dict[str, dict[str, Evidence]] = field(default_factory=dict)  # role → entity → ev
    topology: list[Evidence] = field(default_factory=list)
    logs: list[Evidence] = field(default_factory=list)
    earlier_logs: list[Evidence] = field(default_factory=list)  # the days before the window
    scheduler: list[Evidence] = field(default_factory=list)
    changes: list[Evidence] = field(default_factory=list)
    history: list[Evidence] = field(default_factory=list)
    text: list[Evidence] = field(default_factory=list)  # node_evidence.search, pod logs
    k8s: list[Evidence] = field(default_factory=list)  # the Kubernetes API's records

    @classmethod
    def of(cls, evidence: Sequence[Evidence]) -> _View:
        v = cls()
        for e in evidence:
            if e.status == "error":
                continue
            if e.tool == "metrics.history" and e.status == "ok":
                v.metrics.setdefault(str(e.facts.get("role")), {})[e.entity] = e
            elif e.tool == "topology.describe":
                v.topology.append(e)
            elif e.tool == "kernel_log.search":
                (v.earlier_logs if e.facts.get(EARLIER) else v.logs).append(e)
            elif e.tool.startswith("slurm."):
                v.scheduler.append(e)
            elif e.tool == "changes.recent":
                v.changes.append(e)
            elif e.tool == "incidents.history":
                v.history.append(e)
            elif e.tool == "node_evidence.search":
                v.text.append(e)
            elif e.tool.startswith("k8s."):
                v.k8s.append(e)
                if e.tool == "k8s.pod_log":  # a pod's output is a job's output
                    v.text.append(e)
        return v

    def role(self, role: str) -> dict[str, Evidence]:
        return self.metrics.get(role, {})

    def topo(self, key: str) -> list[str]:
        for e in self.topology:
            if key in e.facts:
                return _split(e.facts[key])
        return []

    def topo_num(self, key: str) -> float:
        for e in self.topology:
            if key in e.facts:
                return _num(e.facts, key)
        return math.nan


class _Out:
    def __init__(self) -> None:
        self.items: dict[str, Finding] = {}

    def add(
        self,
        name: str,
        entity: str,
        evidence: Iterable[Evidence],
        value: float | None = None,
        detail: str = "",
    ) -> None:
        if name in self.items:
            return
        ids = tuple(sorted({e.evidence_id for e in evidence if e.evidence_id}))
        val = None if value is None or math.isnan(value) else round(float(value), 3)
        self.items[name] = Finding(
            name=name, entity=entity, value=val, detail=detail, evidence_ids=ids
        )


def _gpu_roots(incident: Incident) -> list[str]:
    ents = [incident.root_entity, *incident.entities]
    return [e for e in dict.fromkeys(ents) if "/" in e]


def derive_findings(incident: Incident, evidence: Sequence[Evidence]) -> tuple[Finding, ...]:
    """Every finding the evidence supports, sorted by name (deterministic)."""
    v = _View.of(evidence)
    out = _Out()
    _thermal(incident, v, out)
    _power(incident, v, out)
    _memory_and_links(incident, v, out)
    _device(incident, v, out)
    _workload(incident, v, out)
    _scheduler(incident, v, out)
    _text_evidence(incident, v, out)
    _kubernetes(incident, v, out)
    _job_infra_clean(incident, v, out)  # last: it reads every other finding
    return tuple(sorted(out.items.values(), key=lambda f: f.name))


#: The NOC families of a job's own behaviour (a hang, a collapse, an application Xid); a
#: runtime that cannot start containers or a GPU that left is the host's, whatever the findings.
WORKLOAD_FAMILIES = frozenset({Family.UTILIZATION, Family.APPLICATION})


def _job_infra_clean(incident: Incident, v: _View, out: _Out) -> None:
    """A job's incident about the job's own behaviour, for which the GPUs' telemetry was read
    and the kernel log searched, and no finding names the hardware, the driver, the network or
    the host: what a hang collection would hand back as "the application" (the hang cards' own
    Act paragraphs)."""
    telemetry = [e for role in v.metrics.values() for e in role.values()]
    if incident.family not in WORKLOAD_FAMILIES or not incident.jobs:
        return
    if not telemetry or not v.logs:
        return
    if any(implicates_infrastructure(name) for name in out.items):
        return
    out.add(
        "job_infra_clean",
        incident.root_entity,
        [*telemetry[:4], *v.logs],
        detail=f"{len(telemetry)} telemetry series and {len(v.logs)} kernel-log searches, "
        "no hardware, driver, network or host finding",
    )


# --------------------------------------------------------------------------- per family
def _focus(incident: Incident, v: _View) -> list[Evidence]:
    focus = v.role(FOCUS)
    roots = [focus[g] for g in _gpu_roots(incident) if g in focus]
    return roots or list(focus.values())


def _thermal(incident: Incident, v: _View, out: _Out) -> None:
    focus = _focus(incident, v)
    _focus_heat(focus, out)
    _focus_slowdown(focus, out)
    # where the heat is: slot neighbours, the whole node, the whole rack
    roots = _gpu_roots(incident)
    peers = v.role(NODE_PEERS)
    if roots and roots[0] in peers:
        _root_against_node(_NodeHeat.of(roots[0], peers, v), out)
    _node_warming(peers, out)
    _rack_warming(incident, v, out)


def _focus_heat(focus: Sequence[Evidence], out: _Out) -> None:
    """The focus GPUs heat up more than their power explains, or only as much as it does."""
    hot = [e for e in focus if _rise(e.facts) >= TEMP_RISE_C]
    if hot:
        best = max(hot, key=lambda e: _num(e.facts, "temp_rise_corr"))
        out.add(
            "load_corrected_temp_rising",
            best.entity,
            hot,
            _num(best.facts, "temp_rise_corr"),
            "temperature rise not explained by power",
        )
    follows = [
        e
        for e in focus
        if _ge(e.facts, "temp_delta", TEMP_RISE_C)
        and abs(_num(e.facts, "temp_rise_corr")) < NEIGHBOUR_RISE_C
    ]
    if follows and not hot:
        out.add("temp_follows_load", follows[0].entity, follows)


def _focus_slowdown(focus: Sequence[Evidence], out: _Out) -> None:
    """Hot HBM, and clocks held down for heat."""
    if any(_ge(e.facts, "mem_temp_now", HBM_HOT_C) for e in focus):
        out.add("hbm_hot", focus[0].entity, [e for e in focus if _ge(e.facts, "mem_temp_now", 0)])
    slow = [
        e
        for e in focus
        if _ge(e.facts, "hw_thermal_share_now", REASON_SHARE)
        or _ge(e.facts, "sw_thermal_share_now", REASON_SHARE)
    ]
    if slow:
        out.add("hw_thermal_slowdown", slow[0].entity, slow)


@dataclass(frozen=True)
class _NodeHeat:
    """The root GPU's rise against its slot neighbours' and the rest of its node's."""

    root: str
    root_ev: Evidence
    neighbours: list[Evidence]
    rest: list[Evidence]
    rest_quiet: bool  # the rest of the node stays cool (or there is no rest)
    root_rise: float  # relative to the rest of the node
    nb_rises: list[float]  # likewise, per slot neighbour
    topology: list[Evidence]
    across: bool = False  # judged across the node now, with no "before" (module docstring)
    nb_threshold: float = NEIGHBOUR_RISE_C  # how far a neighbour must stand out to be "warming"

    @classmethod
    def of(cls, root: str, peers: Mapping[str, Evidence], v: _View) -> _NodeHeat:
        neighbours = [peers[n] for n in v.topo("slot_neighbours") if n in peers]
        node_gpus = v.topo("node_gpus") or list(peers)
        rest = [
            peers[g]
            for g in node_gpus
            if g in peers and g != root and g not in {n.entity for n in neighbours}
        ]
        if rest and not all(map(_has_baseline, [peers[root], *neighbours, *rest])):
            return cls._across(root, peers[root], neighbours, rest, v.topology)
        rest_med = _median(_rise(e.facts) for e in rest)
        # relative to the rest of the node: inlet-air drift moves every GPU of the chassis and
        # cancels out; what is left belongs to this GPU's own air path or heatsink
        common = 0.0 if math.isnan(rest_med) else rest_med
        return cls(
            root=root,
            root_ev=peers[root],
            neighbours=neighbours,
            rest=rest,
            rest_quiet=math.isnan(rest_med) or rest_med < QUIET_RISE_C,
            root_rise=_rise(peers[root].facts) - common,
            nb_rises=[_rise(e.facts) - common for e in neighbours],
            topology=v.topology,
        )

    @classmethod
    def _across(
        cls,
        root: str,
        root_ev: Evidence,
        neighbours: list[Evidence],
        rest: list[Evidence],
        topology: list[Evidence],
    ) -> _NodeHeat:
        """No "before" to compare with: the root and its neighbours against the rest of the
        node now (the rest is the reference, so it is quiet by construction).

        A rise watched over time cancels each GPU's own offset; a snapshot does not: GPUs of one
        node at the same load differ by a few degrees (die, paste, position in the air path).
        So a neighbour counts as warming only when it runs hotter than the warmest of the rest
        by the same margin a watched rise needs (a cooler GPU in the rest says nothing here)."""
        spread = max(0.0, _nanmax(*(_excess(e, rest) for e in rest)))  # NaN (no data) -> 0
        return cls(
            root=root,
            root_ev=root_ev,
            neighbours=neighbours,
            rest=rest,
            rest_quiet=True,
            root_rise=_excess(root_ev, rest),
            nb_rises=[_excess(e, rest) for e in neighbours],
            topology=topology,
            across=True,
            nb_threshold=NEIGHBOUR_RISE_C + spread,
        )


def _root_against_node(h: _NodeHeat, out: _Out) -> None:
    """The root GPU runs hot while the rest of its node does not: alone, or with its slot
    neighbours warming beside it."""
    if h.across:
        out.add(
            "no_baseline_before_fault",
            h.root,
            [h.root_ev],
            _num(h.root_ev.facts, "history_s"),
            "watched too briefly before the incident: heat judged against the rest of the node",
        )
    if not (h.root_rise >= TEMP_RISE_C and h.rest_quiet):
        return
    out.add(
        "load_corrected_temp_rising",
        h.root,
        [h.root_ev, *h.rest[:2]],
        h.root_rise,
        "temperature above the rest of the node's, not explained by power"
        if h.across
        else "temperature rise (relative to the rest of the node) not explained by power",
    )
    # not if/else: a neighbour without data (NaN) makes both comparisons false
    if h.nb_rises and max(h.nb_rises) >= h.nb_threshold:
        out.add(
            "slot_neighbours_warming",
            h.root,
            [h.root_ev, *h.neighbours, *h.topology],
            max(h.nb_rises),
            "adjacent slots warm with the hot GPU; the rest of the node does not",
        )
    if not h.nb_rises or max(h.nb_rises) < h.nb_threshold:
        out.add(
            "single_gpu_hot_neighbours_normal",
            h.root,
            [h.root_ev, *h.neighbours, *h.topology],
            h.root_rise,
            "only this GPU runs hot",
        )


def _node_warming(peers: Mapping[str, Evidence], out: _Out) -> None:
    """Most GPUs of one node warm together (the first such node, by name)."""
    by_node: dict[str, list[Evidence]] = {}
    for g, e in peers.items():
        by_node.setdefault(g.split("/", 1)[0], []).append(e)
    for node, evs in sorted(by_node.items()):
        warm = [e for e in evs if _rise(e.facts) >= NODE_RISE_C]
        if len(evs) >= 2 and len(warm) >= 0.75 * len(evs):
            out.add("whole_node_warming", node, warm, len(warm) / len(evs))
            break


def _rack_warming(incident: Incident, v: _View, out: _Out) -> None:
    """Most nodes of the incident's rack warm while nodes in other racks do not."""
    rack = v.role(RACK_PEERS)
    if not rack:
        return
    in_rack = set(v.topo("rack_nodes") or v.topo("nodes"))
    inside = [e for n, e in rack.items() if n in in_rack]
    outside = [e for n, e in rack.items() if n not in in_rack]
    if outside and not all(map(_has_baseline, [*inside, *outside])):
        # no "before": the rack's nodes against the other racks' now, the latter the reference
        warm = [e for e in inside if _excess(e, outside) >= NODE_RISE_C]
        out_med = 0.0
    else:
        warm = [e for e in inside if _rise(e.facts) >= NODE_RISE_C]
        out_med = _median(_rise(e.facts) for e in outside)
    if (
        len(warm) >= 2
        and len(warm) >= 0.6 * len(inside)
        and (math.isnan(out_med) or out_med < QUIET_RISE_C)
    ):
        out.add(
            "whole_rack_warming",
            incident.racks[0] if incident.racks else warm[0].entity,
            [*warm, *outside[:2]],
            len(warm) / len(inside),
            f"{len(warm)} of {len(inside)} nodes of the rack warmed; other racks did not",
        )


def _power(incident: Incident, v: _View, out: _Out) -> None:
    focus = _focus(incident, v)
    peers = v.role(NODE_PEERS)
    gpus = list(peers.values()) or focus
    brake = [e for e in [*focus, *gpus] if _ge(e.facts, "hw_power_brake_share_now", REASON_SHARE)]
    if brake:
        out.add("power_brake_active", brake[0].entity, brake[:8])
        by_node: dict[str, list[Evidence]] = {}
        for e in gpus:
            by_node.setdefault(e.entity.split("/", 1)[0], []).append(e)
        for node, evs in sorted(by_node.items()):
            on = [e for e in evs if _ge(e.facts, "hw_power_brake_share_now", REASON_SHARE)]
            if len(evs) >= 2 and len(on) >= 0.75 * len(evs):
                out.add("power_brake_node_wide", node, on, len(on) / len(evs))
                held = [e for e in on if _ge(e.facts, "hw_power_brake_share_now", 0.8)]
                if len(held) >= 0.75 * len(evs):
                    out.add("power_brake_continuous", node, held, len(held) / len(evs))
                break
    cap = [
        e
        for e in focus
        if _ge(e.facts, "sw_power_cap_share_now", 0.5)
        and _num(e.facts, "power_now") >= 0.9 * _num(e.facts, "power_limit_now")
    ]
    if cap:
        out.add("sw_power_cap", cap[0].entity, cap)
    lowered = [
        e
        for e in focus
        if _num(e.facts, "power_limit_now") < 0.95 * _num(e.facts, "power_limit_pre")
    ]
    if lowered:
        out.add("power_limit_lowered", lowered[0].entity, lowered)
    slow = [
        e
        for e in focus
        if _ge(e.facts, "hw_slowdown_share_now", REASON_SHARE)
        and not _ge(e.facts, "hw_thermal_share_now", 0.1)
        and not _ge(e.facts, "hw_power_brake_share_now", 0.1)
    ]
    if slow:
        out.add("hw_slowdown_no_thermal", slow[0].entity, slow)


def _memory_and_links(incident: Incident, v: _View, out: _Out) -> None:
    focus = _focus(incident, v)
    _error_counters(focus, out)
    _sbe_against_peers(incident, v, out)
    _nvlink(focus, v, out)
    _pcie_link(focus, v, out)
    _nic_links(v, out)


_COUNTER_CHECKS: tuple[tuple[str, str, float], ...] = (
    ("sbe_rate_high", "sbe_increase", SBE_WINDOW),
    ("dbe_increase", "dbe_increase", 1.0),
    ("row_remap_failure", "row_remap_failure_max", 1.0),
    ("row_remap_pending", "row_remap_pending_max", 1.0),
    ("uncorrectable_rows_remapped", "remapped_rows_increase", 1.0),
    ("pcie_replay_rate_high", "pcie_replay_rate_per_min_now", PCIE_REPLAY_PER_MIN),
)


def _error_counters(focus: Sequence[Evidence], out: _Out) -> None:
    for name, key, thr in _COUNTER_CHECKS:
        hit = [e for e in focus if _ge(e.facts, key, thr)]
        if hit:
            out.add(name, hit[0].entity, hit, _num(hit[0].facts, key))
    found = _dbe_found(focus)
    if found:
        out.add(
            "dbe_increase",
            found[0].entity,
            found,
            _num(found[0].facts, "dbe_vol_max"),
            "uncorrectable errors since the driver loaded, found at start (no reset since)",
        )
    # Pending with the uncorrectable counters read and flat: NVIDIA's memory-error guide lets
    # work go on until a reset applies the remap. Unread counters (NaN) prove nothing.
    quiet = [
        e
        for e in focus
        if _ge(e.facts, "row_remap_pending_max", 1.0)
        # none in the window, or none since the driver loaded (one sample at a late start
        # gives no increase, but the count itself)
        and (_num(e.facts, "dbe_increase") == 0 or _num(e.facts, "dbe_vol_max") == 0)
        and e not in found
        and not _ge(e.facts, "remapped_rows_increase", 1.0)
        and not _ge(e.facts, "row_remap_failure_max", 1.0)
    ]
    if quiet:
        out.add("remap_pending_no_uncorrectable", quiet[0].entity, quiet, 1.0)


def _dbe_found(focus: Sequence[Evidence]) -> list[Evidence]:
    """GPUs met with a volatile DBE count above zero and no "before" to see it rise in: the
    errors happened since the driver loaded, before gpufleet watched. With a baseline, the
    increase in the window decides, as for every counter.

    A pending row remap beside the count does not make it gentler: the remap is where the
    error waits for its reset, but whether the error was contained (Xid 94) or not (Xid 95)
    only the kernel line says, and met without it DCGM's own verdict for a volatile DBE holds:
    "Drain the GPU and reset it or reboot the node" (dcgm_errors.h,
    DCGM_FR_VOLATILE_DBE_DETECTED_NEXT; the same for DCGM_FR_UNCONTAINED_ERROR). A line read
    back (``watch --history``) brings the containment with it."""
    return [
        e
        for e in focus
        if not _has_baseline(e)
        and _ge(e.facts, "dbe_vol_max", 1.0)
        and not _ge(e.facts, "dbe_increase", 1.0)
    ]


def _sbe_against_peers(incident: Incident, v: _View, out: _Out) -> None:
    """The focus GPU's SBE count in the window far above its node peers' (same node, same SKU,
    same job): at least ``SBE_PEER_FACTOR`` times their median plus a floor, or the NOC's
    fleet-wide peer comparison said so."""
    peers = v.role(NODE_PEERS)
    others = [
        _num(e.facts, "sbe_increase") for g, e in peers.items() if g not in _gpu_roots(incident)
    ]
    med = _median(others)
    for e in _focus(incident, v):
        x = _num(e.facts, "sbe_increase")
        if not math.isnan(med) and x >= SBE_PEER_FACTOR * med + SBE_PEER_FLOOR:
            out.add("sbe_rate_above_peers", e.entity, [e, *list(peers.values())[:3]], x)
            return
    if "sbe_above_peers" in incident.symptoms:
        out.add("sbe_rate_above_peers", incident.root_entity, _focus(incident, v))


def _nvlink(focus: Sequence[Evidence], v: _View, out: _Out) -> None:
    nv = [
        e
        for e in focus
        if _num(e.facts, "nvlink_crc_flit_increase")
        + max(0.0, _num(e.facts, "nvlink_crc_data_increase") or 0.0)
        >= NVLINK_WINDOW
        or _ge(e.facts, "nvlink_replay_increase", NVLINK_WINDOW)
    ]
    if nv:
        out.add(
            "nvlink_crc_rate_high", nv[0].entity, nv, _num(nv[0].facts, "nvlink_crc_flit_increase")
        )
    peers = v.role(NODE_PEERS)
    nv_peers = [
        e for e in peers.values() if _ge(e.facts, "nvlink_crc_flit_increase", NVLINK_WINDOW)
    ]
    if len(nv_peers) >= 3:
        out.add("nvlink_errors_whole_domain", nv_peers[0].entity, nv_peers, len(nv_peers))


def _pcie_link(focus: Sequence[Evidence], v: _View, out: _Out) -> None:
    gen_rated = v.topo_num("pcie_gen_rated")
    width_rated = v.topo_num("pcie_width_rated")
    down = []
    for e in focus:
        # width never drops at idle; the generation does (power saving), so only busy samples
        w, g = _num(e.facts, "pcie_width_now_min"), _num(e.facts, "pcie_gen_busy_now_min")
        w0 = _nanmax(_num(e.facts, "pcie_width_pre_max"), width_rated)
        g0 = _nanmax(_num(e.facts, "pcie_gen_busy_pre_max"), gen_rated)
        if (not math.isnan(w) and w0 > 0 and w < w0) or (not math.isnan(g) and g0 > 0 and g < g0):
            down.append(e)
    if down:
        out.add("pcie_link_downtrained", down[0].entity, [*down, *v.topology])


def _nic_links(v: _View, out: _Out) -> None:
    host = v.role(HOST)
    nic_down = [
        e
        for e in host.values()
        if _num(e.facts, "nic_links_now_min") < _num(e.facts, "nic_links_pre")
        or _num(e.facts, "nic_links_min") < _num(e.facts, "nic_links_pre")
    ]
    log_down = [e for e in v.logs if e.facts.get("nic_link_down_nodes")]
    if nic_down or log_down:
        ent = (
            nic_down[0].entity if nic_down else _split(log_down[0].facts["nic_link_down_nodes"])[0]
        )
        out.add("nic_link_down", ent, [*nic_down, *log_down])
    flap = [
        e
        for e in v.logs
        if set(_split(e.facts.get("nic_link_down_nodes")))
        & set(_split(e.facts.get("nic_link_up_nodes")))
    ]
    if flap:
        node = sorted(
            set(_split(flap[0].facts.get("nic_link_down_nodes")))
            & set(_split(flap[0].facts.get("nic_link_up_nodes")))
        )[0]
        out.add("nic_link_flapping", node, [*flap, *nic_down])


def _device(incident: Incident, v: _View, out: _Out) -> None:
    xids_seen = _xids(incident, v, out)
    _nvlink5_nonfatal(incident, v, out, xids_seen)
    fob = [e for e in v.logs if e.facts.get("fallen_off_bus_on")]
    if fob or 79 in xids_seen:
        out.add("gpu_fallen_off_bus", incident.root_entity, [*fob, *xids_seen.get(79, [])])
    _xid_recurred(incident, v, out)
    _driver_signals(incident, v, out, xids_seen)
    _pcie_errors(incident, v, out)
    _metrics_vanished(incident, v, out)
    _fleetwide(incident, v, out)
    if xids_seen:
        _xid_counters_clean(incident, v, out, set(xids_seen))


def _on_incident(incident: Incident, on: Scalar) -> bool:
    """Kernel lines (PCIe errors, NVLink5 Xids: an ``*_on`` fact) are on the incident's GPU or
    node: a GPU key or node name that is the incident's, or a PCI id (a port or a GPU the
    topology does not know) on its nodes (the search already covers only the incident's
    nodes); another GPU of the node is not."""
    roots = set(_gpu_roots(incident))
    if not roots:
        return True
    nodes = {r.split("/", 1)[0] for r in roots} | set(incident.nodes)
    return any(w in roots or w in nodes or "/" not in w for w in _split(on))


def _pcie_errors(incident: Incident, v: _View, out: _Out) -> None:
    """The kernel's AER / DPC / pciehp lines (``pcie_*`` facts of the log evidence): an
    uncorrectable error, the link going down, or a burst of corrected errors (the NOC's
    threshold); the NOC's symptom for the same lines counts too."""
    symptoms = set(incident.symptoms)
    down = [e for e in v.logs if _ge(e.facts, "pcie_surprise_down", 1)]
    down = [e for e in down if _on_incident(incident, e.facts.get("pcie_surprise_down_on"))]
    bad = [e for e in v.logs if _ge(e.facts, "pcie_uncorrectable", 1)]
    bad = [e for e in bad if _on_incident(incident, e.facts.get("pcie_uncorrectable_on"))]
    if down or "pcie_surprise_down" in symptoms:
        n = sum(_num(e.facts, "pcie_surprise_down") for e in down)
        out.add("pcie_surprise_down", incident.root_entity, down, n if down else None)
    if bad or down or symptoms & {"pcie_aer_uncorrectable", "pcie_surprise_down"}:
        n = sum(_num(e.facts, "pcie_uncorrectable") for e in bad) + sum(
            _num(e.facts, "pcie_surprise_down") for e in down
        )
        out.add("pcie_aer_uncorrectable", incident.root_entity, [*bad, *down], n or None)
    burst = [e for e in v.logs if _ge(e.facts, "pcie_corrected_burst_max", AER_BURST)]
    burst = [e for e in burst if _on_incident(incident, e.facts.get("pcie_corrected_on"))]
    if burst or "pcie_aer_corrected_burst" in symptoms:
        n = max((_num(e.facts, "pcie_corrected_burst_max") for e in burst), default=math.nan)
        out.add("pcie_aer_corrected_burst", incident.root_entity, burst, n)


def _xids(incident: Incident, v: _View, out: _Out) -> dict[int, list[Evidence]]:
    """The Xids on the incident's GPUs (or nodes), with the log evidence of each; adds the
    findings about one Xid repeating or appearing once, and one ``xid:N`` per Xid."""
    roots = set(_gpu_roots(incident))
    root_nodes = {r.split("/", 1)[0] for r in roots} | {
        e for e in (incident.root_entity, *incident.nodes) if "/" not in e
    }
    xids_seen: dict[int, list[Evidence]] = {}
    per_gpu: dict[str, set[int]] = {}
    singles: list[tuple[str, Evidence, int]] = []
    for e in v.logs:
        for k, n in e.facts.items():
            if not (k.startswith("xid_") and k[4:].isdigit()):
                continue
            x = int(k[4:])
            gpus = set(_split(e.facts.get(f"{k}_gpus")))
            nodes = set(_split(e.facts.get(f"{k}_nodes")))
            for g in gpus & roots:
                per_gpu.setdefault(g, set()).add(x)
            if (
                (gpus & roots)
                or (not gpus and nodes & root_nodes)
                or (not roots and nodes & root_nodes)
            ):
                xids_seen.setdefault(x, []).append(e)
                # Xid 45 is written once per torn-down channel (kernel_rc.c): several lines
                # are one teardown, never "the same error again".
                if isinstance(n, int) and n >= 2 and gpus & roots and x != PREEMPTIVE_CLEANUP:
                    out.add("xid_repeats_same_gpu", sorted(gpus & roots)[0], [e], float(n))
                elif n == 1 and gpus & roots and x in APP_XIDS:
                    singles.append((sorted(gpus & roots)[0], e, x))
    chained = _xid_chain(per_gpu, xids_seen, out)
    for g, e, x in singles:
        if g not in chained:  # one app Xid beside a PMU halt or a GSP error is not "single"
            out.add("xid_single_on_gpu", g, [e], float(x))
    for x in incident.xids:  # the NOC saw it (in the log or the exporter's Xid field)
        xids_seen.setdefault(x, [])
    for x, evs in sorted(xids_seen.items()):
        out.add(f"xid:{x}", incident.root_entity, evs, float(x))
    _xid_gauge_without_log(incident, v, out, per_gpu)
    return xids_seen


def _nvlink5_nonfatal(
    incident: Incident, v: _View, out: _Out, xids_seen: Mapping[int, list[Evidence]]
) -> None:
    """Every NVLink5 Xid (144-150) on the incident's GPUs is one the driver itself wrote
    ``Nonfatal`` (a line in a layout without the word counts against it), and no other Xid is
    beside them: the decode sheet's IGNORE rows (NVIDIA Xid catalog, "XID
    144-150 Decode": non-fatal RLW RXPIPE, SAW_MVB 0x1/0x4/0x8/0x20, TLW 0x1/0x2, NVLPW_CTRL,
    NETIR_BER_EVENT), where the fatal rows put the GPU in "drain and reset recommended" and are
    followed by Xid 45 / 154. A recurrence or a fatal line later is a new incident."""
    nvlink5 = {x for x in xids_seen if x in NVLINK5_XIDS}
    if not nvlink5 or set(xids_seen) - nvlink5:
        return

    def said(sev: str) -> list[Evidence]:
        return [
            e
            for e in v.logs
            if _ge(e.facts, f"nvlink5_{sev}", 1)
            and _on_incident(incident, e.facts.get(f"nvlink5_{sev}_on"))
        ]

    quiet = said("nonfatal")
    if quiet and not said("fatal") and not said("unrated"):
        out.add("nvlink5_nonfatal_only", incident.root_entity, quiet)


def _xid_recurred(incident: Incident, v: _View, out: _Out) -> None:
    """A fatal Xid on a root GPU now that the same GPU already logged in the days before the
    window (the earlier-fault read), in an episode of its own: the fault came back after the
    reset or reboot that recovered it. Application-class Xids repeat with the code that causes
    them, not the GPU."""
    roots = set(_gpu_roots(incident))
    for old in v.earlier_logs:
        for k in old.facts:
            if not (k.startswith("xid_") and k[4:].isdigit()) or int(k[4:]) in APP_XIDS:
                continue
            again = set(_split(old.facts.get(f"{k}_gpus"))) & roots
            now = [
                e
                for e in v.logs
                if again & set(_split(e.facts.get(f"{k}_gpus")))
                and not _one_episode(old.facts.get(f"{k}_last"), e.facts.get(f"{k}_first"))
            ]
            if now:
                out.add("xid_recurred_same_gpu", sorted(again)[0], [old, *now], float(k[4:]))
                return


def _one_episode(last_before: object, first_in_window: object) -> bool:
    """Whether an Xid's lines before the window run on into the window's with no quiet gap of
    ``RECURRENCE_GAP_S`` between them: one fault still under way, not one that came back. A
    fault met mid-story (gpufleet started or restarted after its onset, or an incident opened
    on a later symptom) logs its Xid before the window and in it; so does a line on the
    window's edge, which both reads return. Times unknown: two episodes, as before."""
    if not isinstance(last_before, int | float) or not isinstance(first_in_window, int | float):
        return False
    return first_in_window - last_before < RECURRENCE_GAP_S


def _xid_chain(
    per_gpu: Mapping[str, set[int]], xids_seen: Mapping[int, list[Evidence]], out: _Out
) -> set[str]:
    """GPUs that logged several different Xids, at least one not application-class (e.g. a
    PMU halt, a GSP timeout and a recovery action "reset required", Xid 62 → 119 → 154): the
    GPU failed, whatever the application Xids beside them say."""
    chained = {g for g, codes in per_gpu.items() if len(codes) >= 2 and codes - APP_XIDS}
    if chained:
        g = sorted(chained)[0]
        codes = sorted(per_gpu[g])
        evs = [e for x in codes for e in xids_seen.get(x, [])]
        out.add(
            "xid_chain_same_gpu",
            g,
            evs,
            float(len(codes)),
            "Xids " + ", ".join(map(str, codes)) + " on one GPU",
        )
    return chained


def _xid_gauge_without_log(
    incident: Incident, v: _View, out: _Out, per_gpu: Mapping[str, set[int]]
) -> None:
    """The exporter's last-Xid gauge reads a code the kernel log does not show for that GPU in
    the window (the log was searched): a sticky gauge, not a new Xid. Only for a code whose
    resolution leaves the gauge as it was (an application or benign Xid): a code NVIDIA's
    catalog resolves on the GPU or the machine is cleared by that reset or reboot, so holding it
    means the resolution is still owed (``agents.noc.held_xids``), however old the line is."""
    if not any(e.status == "ok" for e in v.logs):
        return
    for e in _focus(incident, v):
        code = _num(e.facts, "last_xid_max")
        if math.isnan(code) or code < 1 or int(code) in per_gpu.get(e.entity, set()):
            continue
        if code == int(code) and resolved_on_the_gpu(int(code)):
            continue
        out.add("xid_gauge_without_log", e.entity, [e, *v.logs[:1]], code)
        return


FLEET_ATTRIBUTES = ("driver:", "sku:")


def _fleetwide(incident: Incident, v: _View, out: _Out) -> None:
    """The NOC grouped one Xid across nodes that share an attribute (driver version, SKU) and
    rooted the incident at it."""
    root = incident.root_entity
    if incident.scope is Scope.CLUSTER and root.startswith(FLEET_ATTRIBUTES) and incident.xids:
        out.add(
            "xid_fleetwide_same_attribute",
            root,
            v.logs[:4],
            float(len(incident.nodes)),
            f"Xid {', '.join(map(str, incident.xids))} on {len(incident.nodes)} nodes sharing "
            f"{root}",
        )


def _metrics_vanished(incident: Incident, v: _View, out: _Out) -> None:
    """A root GPU stopped reporting while the other GPUs of its node still do."""
    focus = v.role(FOCUS)
    peers = v.role(NODE_PEERS)
    for r in sorted(set(_gpu_roots(incident))):
        own = focus.get(r) or peers.get(r)
        if own is None:
            continue
        age = _num(own.facts, "last_sample_age_s")
        others = [
            _num(p.facts, "last_sample_age_s")
            for g, p in peers.items()
            if g != r and g.split("/", 1)[0] == r.split("/", 1)[0]
        ]
        if age >= VANISHED_S and others and _median(others) < VANISHED_S / 2:
            out.add(
                "metrics_vanished", r, [own, *[peers[g] for g in list(peers)[:1] if g != r]], age
            )
            break


def _xid_counters_clean(incident: Incident, v: _View, out: _Out, xids: set[int]) -> None:
    """Application Xids only, on a GPU whose hardware counters show nothing wrong."""
    clean = [
        e
        for e in _focus(incident, v)
        if not _ge(e.facts, "dbe_increase", 1)
        and not _ge(e.facts, "sbe_increase", 10)
        and not _ge(e.facts, "row_remap_failure_max", 1)
        and not _rise(e.facts) >= TEMP_RISE_C
        and not _ge(e.facts, "pcie_replay_rate_per_min_now", PCIE_REPLAY_PER_MIN)
        and not _ge(e.facts, "nvlink_crc_flit_increase", NVLINK_WINDOW)
        and _num(e.facts, "samples") > 0
        and _num(e.facts, "last_sample_age_s") < VANISHED_S
    ]
    if clean and xids <= APP_XIDS:
        out.add("xid_hardware_counters_clean", clean[0].entity, clean)


def _kind(v: _View, *kinds: str) -> list[Evidence]:
    """Kernel-log evidence holding events of any of ``kinds`` (the search already covers the
    incident's nodes)."""
    return [e for e in v.logs if any(_num(e.facts, f"kind_{k}") >= 1 for k in kinds)]


# what the driver's own words say about why it did not bring a GPU up → the finding
_PROBE_REASONS = (
    (("installed in this system is not supported by",), "gpu_unsupported_by_driver"),
    (
        ("PCI I/O region assigned to your NVIDIA device is invalid", "is 0M @ 0x0"),
        "gpu_bar_unassigned",
    ),
    (("does not have the necessary power cables connected",), "gpu_power_cables_missing"),
)


def _driver_signals(
    incident: Incident, v: _View, out: _Out, xids_seen: Mapping[int, list[Evidence]]
) -> None:
    """Failures the driver reports without (or beside) an Xid: hung tasks in the driver, GSP
    errors, a GPU the driver could not initialise. The NOC's symptom for the same log line
    counts too (it read the line's details, e.g. the GSP status name)."""
    symptoms = set(incident.symptoms)
    if "node_gpus_silent" in symptoms:
        out.add("node_gpus_vanished", incident.root_entity, [])
    if "job_telemetry_frozen" in symptoms:
        out.add("job_frozen_all_ranks", incident.root_entity, list(v.role(JOB_GPUS).values())[:4])
    hung = _kind(v, "gpu_hung_task")
    if hung or "driver_wedge" in symptoms:
        n = sum(_num(e.facts, "kind_gpu_hung_task") for e in hung)
        out.add("driver_wedge_hung_tasks", incident.root_entity, hung, n if hung else None)
    gsp = _kind(v, "gsp_error")
    if gsp or "gsp_firmware_fault" in symptoms:
        out.add("gsp_error_logged", incident.root_entity, gsp)
    said_reset = [
        e for e in v.logs if "NV_ERR_RESET_REQUIRED" in e.summary or "Reset Required" in e.summary
    ]
    if said_reset or "gpu_reset_required" in symptoms:
        out.add(
            "gsp_reset_required",
            incident.root_entity,
            [*said_reset, *gsp, *xids_seen.get(154, [])],
        )
    mismatch = _kind(v, "driver_api_mismatch")
    if mismatch:
        out.add("nvml_driver_mismatch", incident.root_entity, mismatch)
    refused = _kind(v, "driver_module_refused")
    if refused:
        out.add("nvml_driver_not_loaded", incident.root_entity, refused)
    probe = _kind(v, "gpu_probe_failed", "rm_init_failed")
    if probe or symptoms & {"gpu_probe_failed", "rm_init_failed"}:
        out.add("gpu_probe_failed", incident.root_entity, probe)
    # nv.c's probe says why in words: this driver cannot drive this GPU at all
    for said, name in _PROBE_REASONS:
        evs = [e for e in probe if any(s in e.summary for s in said)]
        if evs:
            out.add(name, incident.root_entity, evs)
    forged = _kind(v, "untrusted")
    if forged:
        n = sum(_num(e.facts, "kind_untrusted") for e in forged)
        out.add("untrusted_log_lines", incident.root_entity, forged, n)


def _workload(incident: Incident, v: _View, out: _Out) -> None:
    job = list(v.role(JOB_GPUS).values())
    focus = _focus(incident, v)
    gpus = job or focus
    memory = v.topo_num("memory_mib")
    if job:
        _job_ranks(incident, job, out)
    held = [
        e
        for e in gpus
        if not _ge(e.facts, "util_now", IDLE_UTIL)
        and _ge(e.facts, "fb_used_now", 0.1 * (memory if not math.isnan(memory) else 40960.0))
    ]
    if gpus and len(held) == len(gpus):
        out.add("util_zero_gpu_mem_held", incident.root_entity, held)
    _framebuffer(focus, memory, out)
    _host(v, gpus, out)
    if incident.scope is Scope.JOB and job:
        _job_peers_healthy(incident, v, job, focus, out)


def _job_ranks(incident: Incident, job: Sequence[Evidence], out: _Out) -> None:
    """What every rank of the job does: stopped working, never started, or waits on data."""
    collapsed = [
        e
        for e in job
        if _ge(e.facts, "util_pre", BUSY_UTIL) and not _ge(e.facts, "util_now", IDLE_UTIL)
    ]
    if len(collapsed) == len(job):
        out.add("job_util_collapse_all_ranks", incident.root_entity, collapsed, len(job))
    unused = [
        e
        for e in job
        if not _ge(e.facts, "util_max", 1.0) and not _ge(e.facts, "fb_used_max", 512.0)
    ]
    if len(unused) == len(job):
        out.add("gpu_never_used", incident.root_entity, unused, len(job))
    gaps = [e for e in job if _ge(e.facts, "util_transitions", GAP_TRANSITIONS)]
    if len(gaps) >= 0.5 * len(job):
        out.add(
            "dataloader_gaps",
            incident.root_entity,
            gaps,
            _median(_num(e.facts, "util_transitions") for e in gaps),
        )


def _framebuffer(focus: Sequence[Evidence], memory: float, out: _Out) -> None:
    """Framebuffer use that keeps growing, or that is nearly full."""
    for e in focus:
        total = _num(e.facts, "fb_used_now") + _num(e.facts, "fb_free_now")
        cap = memory if not math.isnan(memory) else total
        if _ge(e.facts, "fb_rising_share", 0.8) and _ge(e.facts, "fb_growth", 0.05 * cap):
            out.add("fb_used_monotonic_rise", e.entity, [e], _num(e.facts, "fb_growth"))
        if not math.isnan(total) and total > 0 and _num(e.facts, "fb_used_now") >= 0.95 * total:
            out.add("fb_near_full", e.entity, [e], _num(e.facts, "fb_used_now") / total)


def _host(v: _View, gpus: Sequence[Evidence], out: _Out) -> None:
    """The host's CPU and memory, and idle GPUs beside a busy CPU."""
    host = list(v.role(HOST).values())
    sat = [
        e
        for e in host
        if _ge(e.facts, "cpu_now", CPU_SATURATED) and not _ge(e.facts, "cpu_pre", CPU_BUSY)
    ]
    if sat:
        out.add("host_cpu_saturated", sat[0].entity, sat, _num(sat[0].facts, "cpu_now"))
    if any(_ge(e.facts, "mem_pressure_now", 50.0) for e in host):
        out.add("host_mem_pressure", host[0].entity, host)
    busy = [e for e in host if _ge(e.facts, "cpu_now", CPU_BUSY)]
    low = [e for e in gpus if not _ge(e.facts, "util_now", 10.0)]
    if busy and gpus and len(low) == len(gpus):
        out.add("gpu_util_low_cpu_busy", busy[0].entity, [*busy, *low[:4]])


def _job_peers_healthy(
    incident: Incident,
    v: _View,
    job: Sequence[Evidence],
    focus: Sequence[Evidence],
    out: _Out,
) -> None:
    """No GPU of the job and no kernel log line shows a hardware fault."""
    sick = [
        e
        for e in [*job, *focus]
        if _ge(e.facts, "dbe_increase", 1)
        or _rise(e.facts) >= TEMP_RISE_C
        or _ge(e.facts, "nvlink_crc_flit_increase", NVLINK_WINDOW)
        or _ge(e.facts, "last_sample_age_s", VANISHED_S)
    ]
    noisy_logs = [
        e
        for e in v.logs
        if any(k.startswith("xid_") for k in e.facts)
        or e.facts.get("nic_link_down_nodes")
        or e.facts.get("fallen_off_bus_on")
    ]
    if not sick and not noisy_logs:
        out.add("job_peers_healthy_hardware", incident.root_entity, [*job[:4], *v.logs])


def _scheduler(incident: Incident, v: _View, out: _Out) -> None:
    for e in v.scheduler:
        if e.tool != "slurm.show_node":
            continue
        drained = e.facts.get("drained") is True or e.facts.get("down") is True
        if drained and e.facts.get("reason_human") is True:
            out.add("node_drained_by_human", e.entity, [e], detail=str(e.facts.get("reason")))
        if drained and e.facts.get("reason_maintenance") is True:
            out.add("node_in_maintenance", e.entity, [e], detail=str(e.facts.get("reason")))
        if drained and e.facts.get("reason_scheduler") is True:
            out.add("node_drained_by_scheduler", e.entity, [e], detail=str(e.facts.get("reason")))
    for e in v.changes:
        if _ge(e.facts, "kind_driver", 1) or _ge(e.facts, "kind_firmware", 1):
            out.add("recent_driver_change", e.entity, [e])
        boot = _num(e.facts, "last_boot_time")
        if (
            not math.isnan(boot)
            and incident.opened_at - RECENT_BOOT_S <= boot <= incident.opened_at
        ):
            out.add("recent_reboot", e.entity, [e], incident.opened_at - boot)
    for e in v.history:
        if _ge(e.facts, "same_root", 1) and "/" in incident.root_entity:
            out.add("earlier_incidents_same_gpu", e.entity, [e], _num(e.facts, "same_root"))
        if _ge(e.facts, "same_node", 1):
            out.add("earlier_incidents_same_node", e.entity, [e], _num(e.facts, "same_node"))


# --------------------------------------------------------------------------- text evidence
def _with(v: _View, kind: str) -> list[Evidence]:
    """Text evidence holding signatures of ``kind``."""
    return [e for e in v.text if _ge(e.facts, f"sig_{kind}", 1)]


def _on(
    evs: Sequence[Evidence],
    kind: str,
    gpus: set[str],
    nodes: set[str],
    *,
    job_lines: bool = False,
) -> list[Evidence]:
    """Those of ``evs`` whose ``kind`` signatures sit on one of ``gpus`` (when the incident has
    GPU roots and the text names GPUs) or else on one of ``nodes``; with ``job_lines``, also
    those that name no host at all (found through the incident's job: about its nodes)."""
    hit = []
    for e in evs:
        on_gpus = set(_split(e.facts.get(f"sig_{kind}_gpus")))
        on_nodes = set(_split(e.facts.get(f"sig_{kind}_nodes")))
        placed = (gpus and on_gpus and on_gpus & gpus) or (
            not (gpus and on_gpus) and on_nodes & nodes
        )
        unplaced = not (on_nodes or on_gpus) and _ge(e.facts, f"sig_{kind}_unplaced", 1)
        if placed or (job_lines and unplaced):
            hit.append(e)
    return hit


def _root_nodes(incident: Incident) -> set[str]:
    """The incident's nodes: those of its GPU roots, its node list and a node root."""
    nodes = {g.split("/", 1)[0] for g in _gpu_roots(incident)} | set(incident.nodes)
    if incident.root_entity and "/" not in incident.root_entity:
        nodes.add(incident.root_entity)
    return nodes


def _text_evidence(incident: Incident, v: _View, out: _Out) -> None:
    """Findings from job output, nvidia-smi -q, dcgmi diag, Fabric Manager and IB counters."""
    if not v.text:
        return
    gpus = set(_gpu_roots(incident))
    nodes = _root_nodes(incident)
    _rdma_and_ranks(incident, v, out)
    _job_errors(incident, v, out)
    for kind in STATEMENT_KINDS:
        _reported(kind, incident, v, out, nodes)
    _cuda_lost_after_sleep(incident, v, out, nodes)
    _gpu_state(incident, v, out, gpus, nodes)
    _fabric(incident, v, out, nodes)


def _rdma_and_ranks(incident: Incident, v: _View, out: _Out) -> None:
    rdma = [e for e in v.text if _ge(e.facts, "rdma_retry_exceeded", 1)]
    if rdma:
        n = sum(_num(e.facts, "rdma_retry_exceeded") for e in rdma)
        out.add("rdma_retry_exceeded", incident.root_entity, rdma, n)
    one_peer = [
        e
        for e in v.text
        if e.facts.get("rdma_top_peer") and _ge(e.facts, "rdma_top_peer_share", 2 / 3)
    ]
    if one_peer:
        peer = str(one_peer[0].facts["rdma_top_peer"])
        out.add(
            "rdma_errors_name_one_peer",
            peer,
            one_peer,
            _num(one_peer[0].facts, "rdma_top_peer_share"),
            detail=f"errors name {peer} as the peer ({one_peer[0].facts.get('rdma_peers')})",
        )
    # NCCL saw the HCA port change state (port error / port active): the link went down, and
    # more than one such event in the window is the link coming back and going again
    port = _with(v, "nccl_ib_async_event")
    if port:
        n = sum(_num(e.facts, "sig_nccl_ib_async_event") for e in port)
        out.add("nic_link_down", incident.root_entity, port, n)
        if n >= 2:
            out.add("nic_link_flapping", incident.root_entity, port, n)
    watchdog = _with(v, "nccl_watchdog_timeout")
    if watchdog:
        out.add(
            "nccl_watchdog_timeout",
            incident.root_entity,
            watchdog,
            _num(watchdog[0].facts, "watchdog_ranks"),
        )
    first = [e for e in v.text if e.facts.get("first_collective_hung") is True]
    if first:
        out.add(
            "nccl_first_collective_hung",
            incident.root_entity,
            first,
            detail="the timed-out collective was its process group's first: none ever completed",
        )
    lag = [e for e in v.text if e.facts.get("lagging_rank")]
    if lag:
        rank = str(lag[0].facts["lagging_rank"])
        out.add(
            "nccl_one_rank_behind",
            incident.root_entity,
            lag,
            float(rank),
            detail=f"rank {rank} is behind every other rank",
        )


def _job_errors(incident: Incident, v: _View, out: _Out) -> None:
    for kind, name in (
        ("cuda_contained_error", "cuda_contained_error"),
        ("cuda_uncorrectable_ecc", "cuda_uncorrectable_ecc_in_job"),
        ("cuda_nvlink_uncorrectable", "cuda_nvlink_uncorrectable_in_job"),
        ("cuda_device_unavailable", "cuda_device_unavailable"),
        ("cuda_oom_foreign", "cuda_oom_foreign_memory"),
        ("cuda_oom_fragmentation", "cuda_oom_fragmentation"),
        ("cuda_oom_capacity", "cuda_oom_capacity"),
        ("nccl_nvls_failure", "nvls_setup_failed"),
        ("cuda_illegal_address", "cuda_illegal_address_in_job"),
        ("cuda_system_not_ready", "cuda_system_not_ready"),
        ("cuda_insufficient_driver", "cuda_insufficient_driver"),
        ("cuda_driver_mismatch", "cuda_driver_mismatch"),
        ("cuda_no_kernel_image", "cuda_no_kernel_image"),
        ("cuda_selected_device_absent", "cuda_selected_device_absent"),
        ("nccl_ib_setup_failed", "nccl_ib_setup_failed"),
        ("cuda_unknown_error", "cuda_unknown_error_in_job"),
        ("nccl_unhandled_cuda_error", "nccl_cuda_call_failed"),
        ("nccl_system_error", "nccl_system_call_failed"),
    ):
        evs = _with(v, kind)
        if evs:
            out.add(name, incident.root_entity, evs, sum(_num(e.facts, f"sig_{kind}") for e in evs))
    _stack_errors(incident, v, out)


def _reported(kind: str, incident: Incident, v: _View, out: _Out, nodes: set[str]) -> None:
    """A ticket or log on the incident's nodes whose writer says what a check would have shown
    (:mod:`telemetry.statements`: the fault came back after it was recovered, a process outlived
    its job, heat slows the GPU, a fan stopped, the host stopped): the finding is named as the
    statement."""
    evs = _on(_with(v, kind), kind, set(), nodes, job_lines=True)
    if evs:
        out.add(kind, incident.root_entity, evs, sum(_num(e.facts, f"sig_{kind}") for e in evs))


# CUDA's own failures that a driver broken by a suspend gives a job: cuInit's unknown error
# (999), a launch that fails on the stale context, no device found, or the program falling back
# to the CPU because CUDA is unavailable
_CUDA_LOST_KINDS = (
    "cuda_unknown_error",
    "cuda_launch_failure",
    "cuda_no_device",
    "cuda_device_unavailable",
    "cpu_fallback_reported",
)


def _cuda_lost_after_sleep(incident: Incident, v: _View, out: _Out, nodes: set[str]) -> None:
    """The report says the machine slept, and a job on its nodes lost CUDA: the NVIDIA driver
    README's "Configuring Power Management Support" case, video memory and the ``nvidia-uvm``
    state lost across the suspend, CUDA unusable until the module is reloaded or the machine
    restarted. The sleep alone (a fan curve, a sensor, a black screen after resume) is not it."""
    if "suspend_resume_reported" not in out.items:
        return
    lost = [
        e
        for kind in _CUDA_LOST_KINDS
        for e in _on(_with(v, kind), kind, set(), nodes, job_lines=True)
    ]
    if lost:
        out.add("cuda_lost_after_suspend", incident.root_entity, lost)


# telemetry.stack_errors kinds → the finding each is, on the incident's nodes
_STACK_FINDINGS = (
    ("slurm_gres_gpu_error", "slurm_gres_gpu_mismatch"),
    ("gpu_pod_crashloop", "gpu_stack_pod_failing"),
    ("device_plugin_admission_error", "k8s_device_plugin_admission_failed"),
    ("smi_gpu_lost", "gpu_fallen_off_bus"),
    ("dcgm_health_thermal", "dcgm_health_thermal"),
    ("dcgm_health_nvlink", "nvlink_links_down"),
    ("smi_nvlink_inactive", "nvlink_links_down"),
    ("k8s_gpu_allocatable_low", "k8s_gpu_allocatable_low"),
    ("slurm_kill_task_failed", "slurm_kill_task_failed"),
    ("slurm_node_down_reason", "slurm_node_down_reason"),
    ("slurm_node_config_mismatch", "slurm_node_config_mismatch"),
    ("k8s_gpu_taint_untolerated", "k8s_gpu_taint_untolerated"),
    ("host_oom_kill", "host_oom_kill"),
    ("insufficient_gpu", "k8s_gpu_insufficient"),
)
# NVML's own reason (nvmlErrorString) → the finding
_NVML_FINDINGS = {
    "driver_library_mismatch": "nvml_driver_mismatch",
    "driver_not_loaded": "nvml_driver_not_loaded",
    "nvml_library_missing": "nvml_library_missing",
    "driver_timed_out": "nvidia_driver_unresponsive",
    # no NVIDIA runtime registered with containerd / Docker: the engine's configuration, not the
    # driver, the plugin or the GPU
    "runtime_not_configured": "container_runtime_unregistered",
}


def _stack_errors(incident: Incident, v: _View, out: _Out) -> None:
    """Findings from the tools' own error lines around the job (nvidia-smi / NVML, Slurm's
    GRES, kubectl, DCGM health), on the incident's nodes."""
    nodes = _root_nodes(incident)
    for kind, name in _STACK_FINDINGS:
        evs = _on(_with(v, kind), kind, set(), nodes, job_lines=bool(incident.jobs))
        if evs:
            out.add(name, incident.root_entity, evs, sum(_num(e.facts, f"sig_{kind}") for e in evs))
    pairs = (p.split("=", 1) for e in v.text for p in _split(e.facts.get("runtime_errors")))
    said = {why for node, why in (p for p in pairs if len(p) == 2) if node in nodes | {"?"}}
    for why, name in _NVML_FINDINGS.items():
        if why in said:
            evs = [e for e in v.text if why in str(e.facts.get("runtime_errors", ""))]
            out.add(name, incident.root_entity, evs, detail=why)


def _gpu_state(incident: Incident, v: _View, out: _Out, gpus: set[str], nodes: set[str]) -> None:
    """nvidia-smi -q and dcgmi diag readings on the incident's GPUs (else its nodes)."""
    for kind, name in (
        ("smi_recovery_action", "recovery_action_pending"),
        ("smi_reset_required", "recovery_action_pending"),
        ("smi_remap_pending", "smi_remap_pending"),
        ("smi_remap_failure", "smi_remap_failure"),
        ("smi_uncorrectable_ecc", "smi_uncorrectable_ecc"),
        ("dcgm_diag_fail", "dcgm_diag_failed"),
        ("smi_power_brake", "power_brake_active"),
        ("smi_hw_slowdown", "hw_slowdown_no_thermal"),
    ):
        evs = _on(_with(v, kind), kind, gpus, nodes)
        if evs:
            out.add(name, incident.root_entity, evs)
    clean = [
        e
        for e in v.text
        if gpus & set(_split(e.facts.get("smi_no_uncorrectable_gpus")))
        and not _on(_with(v, "smi_uncorrectable_ecc"), "smi_uncorrectable_ecc", gpus, nodes)
    ]
    if clean:
        out.add("smi_no_uncorrectable_ecc", incident.root_entity, clean)
    ran = _on(_with(v, "dcgm_diag_summary"), "dcgm_diag_summary", set(), nodes)
    if ran and "dcgm_diag_failed" not in out.items:
        out.add("dcgm_diag_passed", incident.root_entity, ran)


def _fabric(incident: Incident, v: _View, out: _Out, nodes: set[str]) -> None:
    states = [
        e
        for e in v.text
        if any(
            s.split("=", 1)[1] == "failed" and s.split("=", 1)[0] in (nodes | {"?"})
            for s in _split(e.facts.get("fm_states"))
            if "=" in s
        )
    ]
    if states:
        out.add("fabric_manager_failed", incident.root_entity, states)
    fatal = _with(v, "fm_nvswitch_fatal")
    if fatal:
        out.add("nvswitch_fatal_error", incident.root_entity, fatal)


# --------------------------------------------------------------------------- Kubernetes
_NVML_INIT_ERRORS = frozenset({"driver_library_mismatch", "driver_not_loaded"})
# NVSentinel's condition types (docs/INTEGRATIONS.md): DCGM health watches are Gpu*Watch.
_FALLEN_OFF_CONDITION = "SysLogsGPUFallenOff"
_NVSWITCH_FATAL_CONDITION = "NVSwitchFatalError"


def _k8s_with(v: _View, kind: str, nodes: set[str]) -> list[Evidence]:
    """Kubernetes evidence with ``kind`` signatures on one of ``nodes``."""
    return _on([e for e in v.k8s if _ge(e.facts, f"sig_{kind}", 1)], kind, set(), nodes)


def _on_nodes(v: _View, fact: str, nodes: set[str], want: Callable[[str], bool]) -> list[str]:
    """The values of ``node=value`` pairs in ``fact`` on ``nodes`` that ``want`` accepts."""
    pairs = (p.split("=", 1) for e in v.k8s for p in _split(e.facts.get(fact)) if "=" in p)
    return sorted({value for node, value in pairs if node in nodes and want(value)})


def _kubernetes(incident: Incident, v: _View, out: _Out) -> None:
    """Findings from the Kubernetes API's records about the incident's nodes and pods: device
    plugin admission failures, the NVIDIA runtime failing NVML init, NVIDIA's GPU health
    conditions (NVSentinel), OOM kills. Never kernel evidence: a claimed Xid stays a claim."""
    if not v.k8s:
        return
    nodes = _root_nodes(incident)
    root = incident.root_entity
    for kind, name in (
        ("device_plugin_admission_error", "k8s_device_plugin_admission_failed"),
        ("node_oom", "k8s_node_oom"),
    ):
        evs = _k8s_with(v, kind, nodes)
        if evs:
            out.add(name, root, evs, sum(_num(e.facts, f"sig_{kind}") for e in evs))
    oom = [
        e for e in v.k8s if e.tool == "k8s.pod_log" and _ge(e.facts, "sig_container_oom_killed", 1)
    ]
    if oom:  # the incident's own pod (the plan reads its jobs' pods), wherever it ran
        out.add("k8s_container_oom_killed", root, oom, detail=f"pod {oom[0].entity}")
    runtime = _on_nodes(v, "runtime_errors", nodes, lambda e: e in _NVML_INIT_ERRORS)
    if runtime:
        evs = [e for e in v.k8s if e.facts.get("runtime_errors")]
        out.add("k8s_nvml_init_failed", root, evs, detail=", ".join(runtime))
    _k8s_conditions(v, out, nodes, root)


def _k8s_conditions(v: _View, out: _Out, nodes: set[str], root: str) -> None:
    evs = [e for e in v.k8s if e.facts.get("gpu_conditions")]
    for name, want in (
        ("k8s_gpu_health_condition", lambda c: c.startswith("Gpu") and c.endswith("Watch")),
        ("k8s_gpu_fallen_off_condition", lambda c: c == _FALLEN_OFF_CONDITION),
        ("k8s_nvswitch_fatal_condition", lambda c: c == _NVSWITCH_FATAL_CONDITION),
    ):
        conditions = _on_nodes(v, "gpu_conditions", nodes, want)
        if conditions:
            out.add(name, root, evs, detail=", ".join(conditions))
