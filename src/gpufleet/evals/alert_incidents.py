"""Incidents an Alertmanager alert opens, for the scenarios that carry alerts.

A scenario's ``alerts`` are what a site's own alert rules sent while gpufleet's NOC was not
watching those GPUs: they go through the real intake core (:class:`~agents.noc.alert_intake.
AlertIntake`, one webhook version 4 notification per alert, no open NOC incident to join) and
the incidents it opens are the ones the SRE agent is scored on, with the scenario's telemetry
as the metrics behind them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.bus.events import Incident, IncidentOpened, IncidentUpdated
from gpufleet.evals.format import AlertSpec
from gpufleet.telemetry.topology import Topology


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def webhook_payload(alert: AlertSpec, index: int) -> dict[str, Any]:
    """One Alertmanager notification (webhook version 4) carrying ``alert`` as firing."""
    name = alert.labels.get("alertname", "")
    return {
        "version": "4",
        "groupKey": f'{{}}:{{alertname="{name}"}}',
        "status": "firing",
        "receiver": "gpufleet",
        "groupLabels": {"alertname": name},
        "commonLabels": dict(alert.labels),
        "commonAnnotations": dict(alert.annotations),
        "externalURL": "http://alertmanager.invalid",
        "alerts": [
            {
                "status": "firing",
                "labels": dict(alert.labels),
                "annotations": dict(alert.annotations),
                "startsAt": _iso(alert.starts_at),
                "endsAt": "0001-01-01T00:00:00Z",
                "generatorURL": alert.generator_url,
                "fingerprint": f"eval{index:04d}",
            }
        ],
    }


def alert_incidents(alerts: list[AlertSpec], topology: Topology) -> list[Incident]:
    """The latest version of every incident the alerts open, in the order they opened."""
    intake = AlertIntake(topology, list)
    latest: dict[str, Incident] = {}
    for i, alert in enumerate(alerts):
        for event in intake.handle(webhook_payload(alert, i), authenticated=True):
            if isinstance(event, IncidentOpened | IncidentUpdated):
                latest[event.incident.incident_id] = event.incident
    return list(latest.values())


__all__ = ["alert_incidents", "webhook_payload"]
