"""Blackwell's NVLink5 Xids (144-150) carry the driver's own verdict, ``Fatal`` or ``Nonfatal``
(NVIDIA Xid catalog, "XID 144-150 Decode"). Lines that are all ``Nonfatal``, with no other Xid
beside them, are the decode sheet's IGNORE rows: the card still names the event, and its plan
reads the GPU's state and closes the incident without a drain or a reset. A ``Fatal`` line, or
an Xid 45 / 154 after them, keeps the drain and reset."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.fleet import search_events
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Incident, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.report_words import ranked_flat, report_incident

KB = KnowledgeBase.load()
CARDS = ("xid-144-150-nvlink5-errors", "nvlink-link-down", "xid-74-nvlink-error")
T0 = 1_780_000_000.0
TOPO = Topology([build_cluster()])
NODE = "node-17"  # build_cluster(): GPU0 at bus 18, GPU1 at bus 2A
GPU = f"{NODE}/gpu0"
NONFATAL = (
    "[  100.000000] NVRM: Xid (PCI:0000:18:00): 145, RLW_SRC_TRACK Nonfatal XC1 i0 Link 17 "
    "(0x04084507 0x00000004 0x00000000 0x00000000 0x00000000 0x00000000)"
)
FATAL = (
    "[  101.000000] NVRM: Xid (PCI:0000:18:00): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 12 "
    "(0x025001c6 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)"
)
# an NVLink5 line in a layout without the driver's verdict: it cannot count as non-fatal
UNRATED = "[  101.000000] NVRM: Xid (PCI:0000:18:00): 149, NVLink: NETIR Error (Link 12)"
XID45 = "[  102.000000] NVRM: Xid (PCI:0000:18:00): 45, pid=4242, name=python, Ch 00000010"
# another GPU's fatal line is that GPU's incident, not this one's
OTHER_FATAL = FATAL.replace("0000:18:00", "0000:2a:00")


def _incident(xids: tuple[int, ...]) -> Incident:
    symptoms = tuple(f"xid_{x}" for x in xids)
    return report_incident(
        GPU, family=Family.DEVICE, symptoms=symptoms, severity=Severity.CRITICAL, xids=xids
    )


def _evidence(lines: list[str]) -> list[Evidence]:
    events, _ = parse_lines(lines, node=NODE, boot_time=T0, topology=TOPO)
    data = search_events(events, [NODE], T0 - 3600, T0 + 3600, None, None, 500)
    call = ToolCall(tool="kernel_log.search", args={"nodes": [NODE]})
    return evidence_from_results("driver", [call], [ToolResult.success(data)])


def _plan(lines: list[str], xids: tuple[int, ...]) -> tuple[str, str | None, set[str]]:
    incident, evidence = _incident(xids), _evidence(lines)
    found = {f.name for f in derive_findings(incident, evidence)}
    ranked = ranked_flat(incident, evidence, CARDS, KB)
    runbook = make_plan(KB, incident, ranked, evidence).runbook
    return ranked[0].card_id, runbook.action_class if runbook else None, found


@pytest.mark.parametrize("lines", [[NONFATAL], [NONFATAL, OTHER_FATAL]])
def test_nonfatal_nvlink5_lines_alone_are_confirmed_and_closed(lines: list[str]) -> None:
    card, action, found = _plan(lines, (145,))
    assert "nvlink5_nonfatal_only" in found
    assert (card, action) == ("xid-144-150-nvlink5-errors", "no_action")


@pytest.mark.parametrize(
    ("lines", "xids"),
    [
        ([NONFATAL, FATAL], (145, 149)),
        ([FATAL], (149,)),
        ([NONFATAL, XID45], (145, 45)),
        ([NONFATAL, UNRATED], (145, 149)),
    ],
)
def test_a_fatal_line_or_a_killed_channel_keeps_the_drain_and_reset(
    lines: list[str], xids: tuple[int, ...]
) -> None:
    card, action, found = _plan(lines, xids)
    assert "nvlink5_nonfatal_only" not in found
    assert card in CARDS and action not in (None, "no_action")
