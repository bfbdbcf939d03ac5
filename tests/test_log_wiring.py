"""Real NVIDIA driver log formats wired through: NOC log rules, the recorded-incident loader, the
SRE agent's kernel-log file source and findings, and ``gpufleet logs parse``.

The log texts are written in the driver's and the kernel's own formats (hung_task.c, nv.c,
GSP-RM assertions, journalctl short-iso-precise, dmesg -T through pdsh, plain dmesg)."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.agents.sre.diagnose_core import diagnose_deterministic
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.fleet import KernelLogFile, ReplayFleet
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.bus.events import (
    Evidence,
    Family,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Scope,
    Severity,
)
from gpufleet.cli.main import main
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.xid import XidCategory, classify
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import parse_text
from gpufleet.telemetry.topology import Topology, build_cluster

EXAMPLE = Path(__file__).parents[1] / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
T0 = 1775898000.0  # 2026-04-11T09:00:00Z, the example's start
ISO = "2026-04-11T09:{m:02d}:{s:02d}.{us:06d}+00:00 node-01 kernel: "

# A wedge: a burst of Xid 45 on node-01's GPUs, then (four minutes later) the hung-task
# watchdog reports a task blocked inside the NVIDIA driver.
XID45_BURST = [
    ISO.format(m=10, s=g, us=0) + f"NVRM: Xid (PCI:0000:{pci}:00): 45, pid=4242, name=python, "
    "Ch 00000010"
    for g, pci in enumerate(["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"] * 3)
]
HUNG_TASK = [
    ISO.format(m=14, s=5, us=100) + "INFO: task python:1234 blocked for more than 120 seconds.",
    ISO.format(m=14, s=5, us=200) + "      Tainted: P           OE     5.15.0-105-generic #115",
    ISO.format(m=14, s=5, us=300)
    + '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
    ISO.format(m=14, s=5, us=400)
    + "task:python          state:D stack:0     pid:1234  ppid:1      flags:0x00004002",
    ISO.format(m=14, s=5, us=500) + "Call Trace:",
    ISO.format(m=14, s=5, us=600) + " <TASK>",
    ISO.format(m=14, s=5, us=700) + " __schedule+0x2cd/0x890",
    ISO.format(m=14, s=5, us=800) + " os_acquire_mutex+0x4b/0x70 [nvidia]",
    ISO.format(m=14, s=5, us=900) + " _nv036002rm+0x10/0x20 [nvidia]",
]
# Verbatim layout from scitix/sichek#51 (dmesg -T), collected through pdsh.
GSP_RESET = [
    "node-01: [Sat Apr 11 09:12:01 2026] NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: "
    "hClient=0xc1d1a616; hParent=0x5c000054; hObject=0x5c00005b; hClass=0x0000c86f; "
    "paramsSize=0x00000170; paramsStatus=0x00000062; status=0x00000062",
    "node-01: [Sat Apr 11 09:12:01 2026] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset "
    "required [NV_ERR_RESET_REQUIRED] (0x00000062) returned from status @ kernel_channel.c:2874",
]
# A user-space process posing as the kernel (logger -t mallory), and a /dev/kmsg write (PRI 12).
FORGED_79 = [
    "2026-04-11T09:12:00.000000+00:00 node-01 mallory[4242]: NVRM: Xid (PCI:0000:18:00): 79, "
    "pid=1, GPU has fallen off the bus.",
    "node-01: 12,2001,4320000000,-;NVRM: Xid (PCI:0000:18:00): 79, pid=1, GPU has fallen off "
    "the bus.",
]


def _recorded(tmp_path: Path, lines: list[str], **spec: object) -> LoadedIncident:
    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    (dst / "logs.txt").write_text("\n".join(lines) + "\n")
    if spec:
        p = dst / "incident.yaml"
        data = yaml.safe_load(p.read_text())
        data.update(spec)
        p.write_text(yaml.safe_dump(data))
    return load_incident(dst, tmp_path / "cache")


def _replay(li: LoadedIncident) -> list[Incident]:
    det = Detector(li.topology)
    final: dict[str, Incident] = {}
    for tick in li.iter_ticks():
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    return list(final.values())


def _on_node01(incidents: list[Incident]) -> list[Incident]:
    return [
        i for i in incidents if "node-01" in i.nodes or i.root_entity.split("/")[0] == "node-01"
    ]


@pytest.fixture(scope="module")
def retriever() -> Retriever:
    kb = KnowledgeBase.load()
    # The checkout's index (what the CLI and the eval use): rebuilt only when the cards
    # changed, so the session builds it once instead of once per module.
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def _diagnose(li: LoadedIncident, incident: Incident, retriever: Retriever) -> list[str]:
    fleet = ReplayFleet(li.topology)
    for tick in li.iter_ticks():
        if tick.timestamp > incident.updated_at:
            break
        fleet.observe(tick)
    core = diagnose_deterministic(
        incident,
        ToolRegistry(read_tools(fleet)),
        retriever,
        retriever.kb,
        incident.updated_at,
        li.topology,
    )
    return [h.card_id for h in core.hypotheses]


# --------------------------------------------------------------------------- recorded incidents
def test_xid45_burst_then_hung_task_is_a_wedge_and_the_sre_ranks_the_wedge_card(
    tmp_path: Path, retriever: Retriever
) -> None:
    li = _recorded(tmp_path, XID45_BURST + HUNG_TASK)
    node01 = _on_node01(_replay(li))
    wedge = [i for i in node01 if "driver_wedge" in i.symptoms]
    assert len(wedge) == 1, [(i.title, i.symptoms) for i in node01]
    inc = wedge[0]
    assert inc.severity is Severity.CRITICAL and inc.family is Family.DEVICE
    assert "xid_45" in inc.symptoms  # the burst rides along as evidence, not as churn
    ranked = _diagnose(li, inc, retriever)
    assert "gpu-driver-wedge-hung-tasks" in ranked[:3], ranked[:5]


def test_xid45_burst_alone_stays_benign(tmp_path: Path) -> None:
    li = _recorded(tmp_path, XID45_BURST)
    assert not _on_node01(_replay(li))


def test_gsp_reset_required_opens_a_reset_required_incident(
    tmp_path: Path, retriever: Retriever
) -> None:
    li = _recorded(tmp_path, GSP_RESET)
    node01 = _on_node01(_replay(li))
    (inc,) = [i for i in node01 if "gpu_reset_required" in i.symptoms]
    assert inc.severity is Severity.CRITICAL
    ranked = _diagnose(li, inc, retriever)
    assert "gsp-reset-required" in ranked[:3], ranked[:5]


def test_forged_userspace_xid79_opens_nothing_and_is_reported(tmp_path: Path) -> None:
    li = _recorded(tmp_path, FORGED_79)
    assert not _on_node01(_replay(li))
    assert any("user space" in p for p in li.problems), li.problems
    assert all(e.kind != "xid" for t in li.iter_ticks() for e in t.events)


def test_plain_dmesg_uses_boot_times_and_timeless_lines_the_end(tmp_path: Path) -> None:
    boot = "2026-04-11T08:00:00Z"
    end = T0 + 40 * 60
    li = _recorded(
        tmp_path,
        [
            "[ 4500.000000] NVRM: Xid (PCI:0000:18:00): 79, pid=1, GPU has fallen off the bus.",
            "node-02: [ 4600.000000] NVRM: Xid (PCI:0000:18:00): 79, pid=1, lost.",
            "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.",
            "NVRM: Xid (PCI:0000:18:00): 999999999999, garbage code",
            "NVRM: GPU 0000:18:00.0: something this parser has never seen",
        ],
        boot_times={"node-01": boot},
    )
    events = [e for t in li.iter_ticks() for e in t.events if e.kind in ("xid", "fallen_off_bus")]
    xid = sorted((e for e in events if e.kind == "xid"), key=lambda e: e.node)
    # node-01 by its boot time; node-02 has none: its excerpt ends when the log was cut
    assert [(e.node, e.timestamp) for e in xid] == [
        ("node-01", T0 - 3600 + 4500),
        ("node-02", end),
    ]
    assert "clock" not in xid[0].attrs and "time" not in xid[0].attrs
    assert xid[1].attrs["time"] == "inferred"
    (lost,) = [e for e in events if e.kind == "fallen_off_bus"]
    assert lost.timestamp == end and lost.attrs["time"] == "inferred"  # on the last sample
    text = "\n".join(li.problems)
    assert "node-02" in text and "no boot_times entry" in text  # placed, and said so
    assert "GPU line not understood" in text and "never seen" in text


def test_a_pasted_dmesg_excerpt_with_no_boot_time_ends_when_it_was_taken(tmp_path: Path) -> None:
    """A ticket's `dmesg` excerpt: seconds since boot, no boot time. Its lines keep
    the kernel's gaps and the last one falls at the incident's end, so the Xid it shows opens
    an incident instead of being set aside."""
    end = T0 + 40 * 60
    li = _recorded(
        tmp_path,
        [
            "node-01: [74889.542184] pcieport 0000:00:02.0:    [ 5] Surprise Down Error    (First)",
            "node-01: [74889.644138] NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus.",
        ],
    )
    (xid,) = [e for t in li.iter_ticks() for e in t.events if e.kind == "xid"]
    assert xid.timestamp == end and xid.attrs["time"] == "inferred"
    assert any("placed so that the last one falls at the incident's end" in p for p in li.problems)
    assert any("xid_79" in i.symptoms for i in _on_node01(_replay(li)))


def test_noc_replay_and_sre_replay_see_the_same_kernel_events(tmp_path: Path) -> None:
    li = _recorded(tmp_path, XID45_BURST + HUNG_TASK + GSP_RESET)
    fleet = ReplayFleet(li.topology, window_s=1e9)
    noc: list[LogEvent] = []
    for tick in li.iter_ticks():
        fleet.observe(tick)
        noc += [e for e in tick.events if e.kind not in ("job_start", "job_end", "node_state")]
    seen, _ = fleet.logs.search(["node-01"], 0.0, 1e12, limit=10_000)
    assert sorted((e.kind, e.timestamp) for e in noc) == sorted(
        (d["kind"], d["time"]) for d in seen
    )
    assert {d["kind"] for d in seen} >= {"xid", "gpu_hung_task", "gsp_error"}


# --------------------------------------------------------------------------- log rules
@pytest.fixture
def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2)])


def _eval(topo: Topology, text: str, at: float | None = 1e9) -> tuple[list[str], LogRules]:
    events, _ = parse_text(text, topology=topo, at=at, keep_untrusted=True)
    rules = LogRules(topo)
    out = rules.evaluate(1e9, events, np.full(topo.n_gpus, -1), [])
    return [f"{a.symptom}@{a.entity}:{a.severity.name}" for a in out], rules


def test_log_rules_for_the_new_kinds(topo: Topology) -> None:
    probe, _ = _eval(
        topo, "node-01: [    4.203311] NVRM: The NVIDIA probe routine failed for 1 device(s)."
    )
    assert probe == ["gpu_probe_failed@node-01:CRITICAL"]
    lost, _ = _eval(
        topo,
        "node-02 kernel: NVRM: The NVIDIA GPU 0000:ba:00.0\n"
        "node-02 kernel: NVRM: (PCI ID: 10de:2330) installed in this system has\n"
        "node-02 kernel: NVRM: fallen off the bus and is not responding to commands.\n",
    )
    assert lost == ["xid_79@node-02/gpu6:CRITICAL"]
    timeout, _ = _eval(
        topo,
        "node-01 kernel: NVRM: GPU0 rpcRmApiControl_GSP: GspRmControl failed: "
        "[NV_ERR_TIMEOUT] (0x00000065)",
    )
    assert timeout == ["gsp_firmware_fault@node-01:CRITICAL"]
    other, _ = _eval(topo, "node-01 kernel: NVRM: rpcRmApiFree_GSP: GspRmFree failed: status=0x1f")
    assert other == ["gsp_firmware_fault@node-01:WARNING"]
    xid154, _ = _eval(
        topo,
        "node-01 kernel: NVRM: Xid (PCI:0000:18:00): 154, GPU recovery action changed from 0x0 "
        "(None) to 0x1 (GPU Reset Required)",
    )
    assert "gpu_reset_required@node-01/gpu0:CRITICAL" in xid154


def test_untrusted_and_timeless_events_drive_nothing_but_are_counted(topo: Topology) -> None:
    out, rules = _eval(topo, "\n".join(FORGED_79))
    assert out == [] and rules.skipped["untrusted"] == 2
    out, rules = _eval(topo, "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.", at=None)
    assert out == [] and rules.skipped["time_unknown"] == 1
    out, rules = _eval(
        topo, "Unable to determine the device handle for GPU0000:18:00.0: Unknown Error"
    )
    assert out == [] and rules.skipped["nvidia_smi"] == 1


def test_hung_task_outside_the_driver_is_not_a_wedge(topo: Topology) -> None:
    out, _ = _eval(
        topo,
        "node-01 kernel: INFO: task rsync:77 blocked for more than 120 seconds.\n"
        "node-01 kernel:  nfs_wait_bit_killable+0x20/0x80 [nfs]\n",
    )
    assert out == []


# A kernel oops inside the driver, as an older kernel prints it (the pasted excerpt lost the "["
# of its first uptime stamp): no Xid, no hung task, and before round fifteen nothing at all.
DRIVER_OOPS = (
    "395.350871] BUG: unable to handle kernel NULL pointer dereference at 00000000000000b1\n"
    "[ 395.350973] PGD 5c9846d067 P4D 5c9846d067 PUD 5c9847f067 PMD 0\n"
    "[ 395.351068] Oops: 0000 [#1] SMP NOPTI\n"
    "[ 395.351100] Modules linked in: nvidia_uvm(POE) nvidia_drm(POE) nvidia(POE) ext4\n"
    "[ 395.351153] CPU: 33 PID: 4564 Comm: sbatchd Kdump: loaded Tainted: P OE 4.18.0\n"
    "[ 395.351681] RIP: 0010:_nv031695rm+0x79/0x940 [nvidia]\n"
    "[ 395.351908] RSP: 0018:ffff9bc6dd237950 EFLAGS: 00010202\n"
)


def test_a_kernel_oops_inside_the_driver_is_a_wedge_and_one_elsewhere_is_not(
    topo: Topology,
) -> None:
    events, _ = parse_text(DRIVER_OOPS, node="node-01", boot_time=T0)
    [ev] = [e for e in events if e.kind == "gpu_hung_task"]
    assert ev.attrs["how"] == "oops" and (ev.attrs["task"], ev.attrs["pid"]) == ("sbatchd", "4564")
    assert ev.attrs["frame"] == "_nv031695rm"
    events, _ = parse_text(DRIVER_OOPS, node="node-01", topology=topo, at=1e9)
    [a] = LogRules(topo).evaluate(1e9, events, np.full(topo.n_gpus, -1), [])
    assert (a.symptom, a.entity, a.severity) == ("driver_wedge", "node-01", Severity.CRITICAL)
    assert "kernel oops in task sbatchd:4564 inside the NVIDIA driver" in a.message
    # an oops in another module is not the driver's: the loaded-modules list names nvidia on
    # every oops, and is no frame of the stack
    ext4 = DRIVER_OOPS.replace("_nv031695rm+0x79/0x940 [nvidia]", "ext4_file_write+0x1/0x9 [ext4]")
    events, _ = parse_text(ext4, node="node-01", boot_time=T0)
    assert not [e for e in events if e.kind == "gpu_hung_task"]


def test_a_chain_of_gpu_faults_is_not_an_application_fault() -> None:
    for code, others in ((13, {62, 154}), (31, {120}), (43, {62}), (45, {154}), (13, {79})):
        v = classify(code, co_occurring=others)
        assert v.category is XidCategory.DEVICE, (code, others, v)
        assert v.action == "FOLLOW_OTHER_XID"
    assert classify(13).category is XidCategory.APPLICATION
    assert classify(13, co_occurring={94}).category is XidCategory.APPLICATION  # not critical
    mem = classify(45, co_occurring={48})
    assert mem.category is XidCategory.MEMORY and not mem.opens_incident


# --------------------------------------------------------------------------- SRE file source
def test_kernel_log_file_stamps_timeless_lines_and_marks_forged_ones(
    tmp_path: Path, topo: Topology
) -> None:
    log = tmp_path / "kern.log"
    log.write_text(
        "\n".join(FORGED_79)
        + "\nnode-01 kernel: NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.\n"
        + "\n".join(HUNG_TASK)
        + "\n"
    )
    src = KernelLogFile(log, topo)
    start, end = T0, T0 + 3600
    got, _ = src.search(["node-01"], start, end)
    kinds = [d["kind"] for d in got]
    assert kinds[:2] == ["gpu_hung_task", "fallen_off_bus"] or set(kinds[:2]) == {
        "gpu_hung_task",
        "fallen_off_bus",
    }
    lost = next(d for d in got if d["kind"] == "fallen_off_bus")
    assert lost["time"] == end and lost["attrs"]["time"] == "inferred"
    forged = [d for d in got if d["kind"] == "untrusted"]
    assert len(forged) == 1  # the /dev/kmsg forgery is on seconds since boot: not in the window
    assert all(d["xid"] is None and "NVRM" not in d["line"] for d in forged)
    assert all(d["attrs"]["trusted"] == "false" and "Xid" in d["attrs"]["raw_line"] for d in forged)


def test_findings_for_the_new_kinds() -> None:
    inc = Incident(
        incident_id="i",
        title="t",
        family=Family.DEVICE,
        scope=Scope.NODE,
        root_entity="node-01",
        severity=Severity.CRITICAL,
        opened_at=0.0,
        updated_at=0.0,
        last_anomaly_at=0.0,
        entities=("node-01",),
        symptoms=("driver_wedge",),
        anomaly_ids=("a",),
        anomaly_count=1,
    )
    ev = Evidence(
        evidence_id="E01",
        layer="driver",
        tool="kernel_log.search",
        entity="node-01",
        summary='kernel log on node-01: 3 event(s): "NVRM: ... [NV_ERR_RESET_REQUIRED] (0x62)"',
        facts={
            "events": 4,
            "kind_gpu_hung_task": 2,
            "kind_gsp_error": 1,
            "kind_gpu_probe_failed": 1,
            "kind_untrusted": 1,
        },
    )
    names = {f.name for f in derive_findings(inc, [ev])}
    assert {
        "driver_wedge_hung_tasks",
        "gsp_error_logged",
        "gsp_reset_required",
        "gpu_probe_failed",
        "untrusted_log_lines",
    } <= names
    assert not any(n.startswith("xid:") for n in names)


# --------------------------------------------------------------------------- CLI
def _log_file(tmp_path: Path) -> Path:
    log = tmp_path / "kern.log"
    log.write_text(
        "\n".join(
            [
                *HUNG_TASK,
                *GSP_RESET,
                *FORGED_79,
                "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.",
                "2026-04-11T09:20:00+00:00 node-01 kernel: NVRM: GPU at PCI:0000:18:00: mystery",
                "usb 1-1: new high-speed USB device number 2 using xhci_hcd",
            ]
        )
        + "\n"
    )
    return log


def test_logs_parse_text_summary(tmp_path: Path) -> None:
    out = io.StringIO()
    log = _log_file(tmp_path)
    assert main(["logs", "parse", str(log), "--at", "2026-04-11T10:00:00Z"], out=out) == 0
    text = out.getvalue()
    assert "gpu_hung_task" in text and "gsp_error" in text
    assert "GPU-related but not understood" in text and "mystery" in text
    assert "untrusted (GPU lines written by user space)" in text
    assert "2026-04-11 10:00:00 (read time)" in text
    assert "Read " in text and "came from user space" in text  # rep.describe()


def test_logs_parse_json_summary_and_default_at_is_mtime(tmp_path: Path) -> None:
    out = io.StringIO()
    log = _log_file(tmp_path)
    assert main(["logs", "parse", str(log), "--json"], out=out) == 0
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    summary = rows[-1]["summary"]
    assert summary["untrusted"] == 2 and summary["gpu_unparsed"] == 1
    assert summary["consistent"] and summary["time_inferred"] == 1
    lost = next(r for r in rows[:-1] if r["kind"] == "fallen_off_bus")
    assert lost["timestamp"] == pytest.approx(log.stat().st_mtime)


def test_logs_parse_warns_on_unknown_time_and_never_tracebacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["logs", "parse", "-"], out=io.StringIO()) == 0
    err = capsys.readouterr().err
    assert "no known time" in err and "--at" in err
    for argv in (
        ["logs", "parse", str(tmp_path / "missing.log")],
        ["logs", "parse", str(tmp_path)],
        ["logs", "parse", str(_log_file(tmp_path)), "--year", "0"],
        ["logs", "parse", str(_log_file(tmp_path)), "--at", "nan"],
        ["logs", "parse", str(_log_file(tmp_path)), "--at", "yesterday"],
    ):
        assert main(argv, out=io.StringIO()) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("gpufleet logs parse:") and "year=" not in err and "at=" not in err
