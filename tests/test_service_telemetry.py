"""gpufleet's telemetry of itself: ``/metrics`` has the process and build-info series, and
``--log-json`` puts the event type and ids in fields, not in the message text."""

from __future__ import annotations

import asyncio
import json
import logging
import platform
import sys

import pytest

import gpufleet
from gpufleet.bus.events import (
    ActionProposed,
    Family,
    Incident,
    IncidentOpened,
    PlannedStep,
    Scope,
    Severity,
)
from gpufleet.cli.main import configure_logging
from gpufleet.service.metrics import METRIC_NAMES, ServiceMetrics
from gpufleet.service.runner import log_event


def test_metrics_have_process_platform_and_build_info() -> None:
    text = ServiceMetrics().render().decode()
    build = (
        f'gpufleet_build_info{{python="{platform.python_version()}",'
        f'version="{gpufleet.__version__}"}} 1.0'
    )
    assert build in text.splitlines()
    assert "gpufleet_build_info" in METRIC_NAMES  # the Grafana export may use it
    assert "python_info{" in text
    if sys.platform == "linux":  # the process collector reads /proc
        for series in ("process_cpu_seconds_total", "process_resident_memory_bytes"):
            line = next(x for x in text.splitlines() if x.startswith(series + " "))
            assert float(line.split()[1]) > 0


def _incident() -> Incident:
    return Incident(
        incident_id="inc-42",
        title="Xid 79 on node-07/gpu3",
        family=Family.DEVICE,
        scope=Scope.GPU,
        root_entity="node-07/gpu3",
        severity=Severity.CRITICAL,
        opened_at=1.0,
        updated_at=1.0,
        last_anomaly_at=1.0,
        entities=("node-07/gpu3",),
        symptoms=("xid_79",),
        anomaly_ids=("an-1",),
        anomaly_count=1,
        nodes=("node-07",),
    )


def _records(events: list[object], as_json: bool, capsys: pytest.CaptureFixture[str]) -> str:
    handler = configure_logging("info", as_json=as_json)
    try:
        for event in events:
            asyncio.run(log_event(event))  # type: ignore[arg-type]
    finally:
        logging.getLogger().removeHandler(handler)
    return capsys.readouterr().err


def test_json_logs_carry_event_type_and_ids_as_fields(capsys: pytest.CaptureFixture[str]) -> None:
    opened = IncidentOpened(event_id="ev-1", time=1.0, incident=_incident())
    proposed = ActionProposed(
        event_id="ev-2",
        time=2.0,
        approval_id="ap-9",
        incident_id="inc-42",
        runbook_id="rb",
        runbook_version=1,
        step=PlannedStep(
            index=0,
            name="drain",
            tool="slurm_drain",
            args={"node": "node-07"},
            risk="mutate",
            needs_approval=True,
        ),
    )
    lines = [json.loads(x) for x in _records([opened, proposed], True, capsys).splitlines()]
    first, second = (x for x in lines if x["logger"] == "gpufleet.events")
    assert first["event"] == "incident_opened" and first["event_id"] == "ev-1"
    assert first["incident_id"] == "inc-42" and first["node"] == "node-07"
    assert second["event"] == "action_proposed" and second["approval_id"] == "ap-9"
    assert second["incident_id"] == "inc-42" and second["node"] == "node-07"
    for doc in (first, second):  # ids are fields, not text to parse
        for key in ("event", "event_id", "incident_id"):
            assert doc[key] not in doc["message"]
    # text logs still show them, after the message
    text = _records([opened], False, capsys)
    assert "event=incident_opened event_id=ev-1 incident_id=inc-42 node=node-07" in text


def test_log_fields_from_any_logger_reach_json(capsys: pytest.CaptureFixture[str]) -> None:
    handler = configure_logging("info", as_json=True)
    try:
        logging.getLogger("gpufleet.x").info(
            "approval withdrawn: %s", "merged", extra={"approval_id": "ap-1", "incident_id": "i"}
        )
    finally:
        logging.getLogger().removeHandler(handler)
    doc = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert doc["message"] == "approval withdrawn: merged"
    assert (doc["approval_id"], doc["incident_id"]) == ("ap-1", "i")
    assert "node" not in doc and "event" not in doc
