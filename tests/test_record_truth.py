"""`gpufleet record` takes the ground truth (flags, or a resolved incident from the event log)
instead of marking every window fault-free, and `eval --report` writes every file even for a
degenerate suite (a fault-free window: no detection, nothing to plot). Real VictoriaMetrics."""

from __future__ import annotations

import io
import json
from datetime import datetime
from pathlib import Path

import pytest
import yaml

from gpufleet.bus.events import (
    Family,
    Incident,
    IncidentOpened,
    Phase,
    Scope,
    Severity,
    incident_updated,
)
from gpufleet.bus.log import EventLog
from gpufleet.cli.main import main
from gpufleet.evals.vm_server import rfc3339
from tests.test_record import Store, store  # noqa: F401 (the module fixture: a DBE in a real VM)


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def _window(s: Store) -> list[str]:
    return ["--store", s.vm.url, "--start", rfc3339(s.start), "--end", rfc3339(s.end)]


def _truth(folder: Path) -> dict[str, object]:
    doc = yaml.safe_load((folder / "incident.yaml").read_text())
    assert isinstance(doc, dict)
    return doc


def test_flags_give_the_truth_and_the_eval_scores_it(store: Store, tmp_path: Path) -> None:  # noqa: F811
    out = tmp_path / "dbe"
    onset = f"{store.truth.onset:.0f}"
    code, text = run_cli(
        "record", *_window(store), "--out", str(out), "--id", "node02-dbe",
        "--fault-class", "dbe", "--root-cause", "ecc-dbe",
        "--root-entity", "node-02/gpu5", "--onset", onset, "--family", "memory",
    )  # fmt: skip
    assert code == 0, text
    assert "(fault)" in text
    doc = _truth(out)
    assert doc["kind"] == "fault"
    fault = doc["truth"]["faults"][0]  # type: ignore[index]
    assert fault["root_entity"] == "node-02/gpu5" and fault["scope"] == "gpu"
    assert fault["root_cause"] == "ecc-dbe" and fault["family"] == "memory"
    assert fault["entities"] == ["node-02/gpu5"]
    report = tmp_path / "report"
    code, text = run_cli("eval", "--suite", str(out), "--report", str(report), "--json")
    assert code == 0, text
    scored = json.loads((report / "report.json").read_text())
    (incident,) = scored["incidents"]
    assert incident["kind"] == "fault"
    outcomes = [o for sc in incident["scores"].values() for o in sc["outcomes"]]
    # scored against the truth given: the detectors are judged on the real DBE
    assert outcomes and {o["fault_class"] for o in outcomes} == {"dbe"}
    assert any(o["detected"] for o in outcomes)


def test_a_fault_free_window_still_gets_a_full_report(store: Store, tmp_path: Path) -> None:  # noqa: F811
    out = tmp_path / "quiet"
    code, text = run_cli("record", *_window(store), "--out", str(out), "--id", "quiet")
    assert code == 0, text
    assert "(fault-free)" in text and _truth(out)["kind"] == "fault_free"
    report = tmp_path / "report"
    code, text = run_cli("eval", "--suite", str(out), "--report", str(report))
    assert code == 0, text
    for name in ("report.md", "report.json", "ttd.png", "compression.png"):
        assert (report / name).stat().st_size > 0, name


def test_missing_truth_flags_are_named(store: Store, tmp_path: Path) -> None:  # noqa: F811
    code, _ = run_cli(
        "record", *_window(store), "--out", str(tmp_path / "x"), "--id", "x",
        "--fault-class", "dbe", "--root-entity", "node-02/gpu5",
    )  # fmt: skip
    assert code == 2
    assert not (tmp_path / "x").exists()


def _events_db(path: Path, onset: float, *, resolved: bool) -> str:
    inc = Incident(
        incident_id="inc-0123456789abcdef",
        title="MEMORY at node-02/gpu5",
        family=Family.MEMORY,
        scope=Scope.GPU,
        root_entity="node-02/gpu5",
        severity=Severity.CRITICAL,
        opened_at=onset + 30,
        updated_at=onset + 30,
        last_anomaly_at=onset + 30,
        entities=("node-02/gpu5",),
        symptoms=("dbe",),
        anomaly_ids=("an-1",),
        anomaly_count=1,
    )
    log = EventLog(path)
    try:
        log.append(IncidentOpened(event_id="ev-opened", time=inc.opened_at, incident=inc))
        if resolved:
            done = inc.advance(Phase.RESOLVED, onset + 900, "GPU replaced", by="alice")
            log.append(incident_updated(done, "phase"))
    finally:
        log.close()
    return inc.incident_id


@pytest.mark.parametrize("resolved", [True, False])
def test_a_resolved_incident_gives_the_truth(
    store: Store,  # noqa: F811
    tmp_path: Path,
    resolved: bool,
) -> None:
    db = tmp_path / "events.sqlite"
    incident_id = _events_db(db, store.truth.onset, resolved=resolved)
    out = tmp_path / "from-incident"
    code, text = run_cli(
        "record", *_window(store), "--out", str(out), "--id", "from-incident",
        "--from-incident", incident_id, "--events-db", str(db), "--root-cause", "ecc-dbe",
    )  # fmt: skip
    if not resolved:
        assert code == 2 and not out.exists()
        return
    assert code == 0, text
    fault = _truth(out)["truth"]["faults"][0]  # type: ignore[index]
    assert fault["root_entity"] == "node-02/gpu5" and fault["family"] == "memory"
    assert fault["root_cause"] == "ecc-dbe" and fault["scope"] == "gpu"
    onset = datetime.fromisoformat(str(fault["onset"]).replace("Z", "+00:00")).timestamp()
    assert onset == store.truth.onset + 30  # the incident's opening
    assert incident_id in _truth(out)["truth"]["source"]  # type: ignore[index]
