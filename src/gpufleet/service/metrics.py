"""``/metrics``: gpufleet's own health in Prometheus format (prometheus_client, own registry).

Two kinds of series:

* **events** counted as they pass on the bus (:meth:`ServiceMetrics.observe`, subscribed to
  every topic): anomalies, incidents opened, diagnosis latency (incident seen → diagnosis
  ready, on the service's monotonic clock), tool executions by tool and status, model call
  latency and fallbacks; and the Alertmanager edge's counters (received, rejected, acked);
* **state** read at scrape time (:class:`_StateCollector`): samples ingested, incidents by
  phase, approvals pending / decided, bus lag per subscriber (log end − acked offset);
* **the process itself**: prometheus_client's process (CPU, resident memory, open files, start
  time) and platform (``python_info``) collectors, registered on this registry, and
  ``gpufleet_build_info{version,python}`` (always 1) so a dashboard can tell replicas apart
  and see an upgrade land.

Names start with ``gpufleet_``; :data:`METRIC_NAMES` lists them (the Grafana export and its
test check every panel against it).
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from gpufleet import __version__
from gpufleet.bus.events import (
    ActionResult,
    AnomalyDetected,
    DiagnosisReady,
    Event,
    IncidentOpened,
)
from gpufleet.service.connections import GuardStats

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300)
_DETECTION_BUCKETS = (1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600)


@dataclass
class StateSources:
    """Callables read at each scrape; any may be left out (the series is then absent)."""

    samples_ingested: Callable[[], int] | None = None
    incidents_by_phase: Callable[[], Mapping[str, int]] | None = None
    approvals_by_status: Callable[[], Mapping[str, int]] | None = None
    bus_lag: Callable[[], Mapping[str, int]] | None = None
    journal_pending: Callable[[], int] | None = None
    extra: list[Callable[[], Iterable[Metric]]] = field(default_factory=list)


class _StateCollector(Collector):
    def __init__(self, sources: StateSources) -> None:
        self.sources = sources

    def collect(self) -> Iterable[Metric]:
        s = self.sources
        if s.samples_ingested is not None:
            c = CounterMetricFamily(
                "gpufleet_samples_ingested", "Telemetry samples the NOC has processed"
            )
            c.add_metric([], float(s.samples_ingested()))
            yield c
        if s.incidents_by_phase is not None:
            yield _gauge(
                "gpufleet_incidents",
                "Incidents known to the service by phase",
                "phase",
                s.incidents_by_phase(),
            )
        if s.approvals_by_status is not None:
            yield _gauge(
                "gpufleet_approvals",
                "Approval requests by status (pending, approved, rejected)",
                "status",
                s.approvals_by_status(),
            )
        if s.bus_lag is not None:
            yield _gauge(
                "gpufleet_bus_lag_events",
                "Logged events a bus subscriber has not acked yet",
                "subscriber",
                s.bus_lag(),
            )
        if s.journal_pending is not None:
            g = GaugeMetricFamily(
                "gpufleet_intake_journal_pending", "Accepted webhook payloads not yet processed"
            )
            g.add_metric([], float(s.journal_pending()))
            yield g
        for more in s.extra:
            yield from more()


def connection_metrics(stats: GuardStats) -> Iterable[Metric]:
    """The HTTP server's connections (:mod:`service.connections`): open now, and closed by
    the guard by reason (header / read timeout, evicted at the limit, refused)."""
    g = GaugeMetricFamily("gpufleet_http_connections", "HTTP connections open")
    g.add_metric([], float(stats.open))
    yield g
    c = CounterMetricFamily(
        "gpufleet_http_connections_closed",
        "HTTP connections the server closed: timed out, or evicted / refused at the limit",
        labels=["reason"],
    )
    for reason, n in (
        ("header_timeout", stats.closed_header_timeout),
        ("read_timeout", stats.closed_read_timeout),
        ("evicted", stats.evicted),
        ("refused", stats.refused),
    ):
        c.add_metric([reason], float(n))
    yield c


def _gauge(name: str, doc: str, label: str, values: Mapping[str, int]) -> GaugeMetricFamily:
    g = GaugeMetricFamily(name, doc, labels=[label])
    for k, v in sorted(values.items()):
        g.add_metric([k], float(v))
    return g


class ServiceMetrics:
    """The service's metrics in their own registry (never the process-global one)."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.monotonic = monotonic
        self.state = StateSources()
        r = self.registry
        ProcessCollector(registry=r)  # reads /proc; exports nothing where there is none
        PlatformCollector(registry=r)
        Gauge(
            "gpufleet_build_info",
            "gpufleet's version and the Python it runs on (always 1)",
            ["version", "python"],
            registry=r,
        ).labels(__version__, platform.python_version()).set(1)
        self.alerts_received = Counter(
            "gpufleet_alerts_received", "Alerts in webhook payloads accepted", registry=r
        )
        self.alerts_rejected = Counter(
            "gpufleet_alerts_rejected",
            "Webhook requests or alerts refused, by reason",
            ["reason"],
            registry=r,
        )
        self.alerts_acked = Counter(
            "gpufleet_alerts_acked", "Webhook payloads acknowledged (journalled)", registry=r
        )
        self.ack_latency = Histogram(
            "gpufleet_alert_ack_seconds",
            "Webhook request → acknowledgement (body read, validated, journalled)",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1),
            registry=r,
        )
        self.intake_throttled = Counter(
            "gpufleet_intake_throttled",
            "Webhook requests refused with 429 (a sender over its quota of queued alerts), "
            "by sender class (trusted: a bearer token; untrusted: none)",
            ["sender"],
            registry=r,
        )
        self.intake_queued = Gauge(
            "gpufleet_intake_queued_alerts",
            "Accepted alerts not yet handled, by priority lane",
            ["lane"],
            registry=r,
        )
        self.anomalies = Counter("gpufleet_anomalies", "Anomalies published by the NOC", registry=r)
        self.incidents_opened = Counter(
            "gpufleet_incidents_opened", "Incidents opened, by source", ["source"], registry=r
        )
        self.detection_latency = Histogram(
            "gpufleet_detection_latency_seconds",
            "Incident time (its data) → the incident reaching the bus, on the service clock",
            buckets=_DETECTION_BUCKETS,
            registry=r,
        )
        self.diagnosis_latency = Histogram(
            "gpufleet_diagnosis_latency_seconds",
            "Incident seen on the bus → its diagnosis ready",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.tool_executions = Counter(
            "gpufleet_tool_executions",
            "Tool executions by tool and status",
            ["tool", "status"],
            registry=r,
        )
        self.model_latency = Histogram(
            "gpufleet_model_call_seconds",
            "Model re-rank call latency",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.model_errors = Counter(
            "gpufleet_model_errors",
            "Model answers not used (fallback to deterministic)",
            registry=r,
        )
        self._seen_at: dict[str, float] = {}
        self.wall_clock: Callable[[], float] = time.time
        r.register(_StateCollector(self.state))

    async def observe(self, event: Event) -> None:
        """A bus handler for every topic: count what passes."""
        if isinstance(event, AnomalyDetected):
            self.anomalies.inc()
        elif isinstance(event, IncidentOpened):
            inc = event.incident
            self.incidents_opened.labels(inc.provenance.split(":", 1)[0]).inc()
            self.detection_latency.observe(max(0.0, self.wall_clock() - inc.opened_at))
            if len(self._seen_at) < 100_000:
                self._seen_at.setdefault(inc.incident_id, self.monotonic())
        elif isinstance(event, DiagnosisReady):
            d = event.diagnosis
            seen = self._seen_at.pop(d.incident_id, None)
            if seen is not None:
                self.diagnosis_latency.observe(self.monotonic() - seen)
            if d.model_latency_s is not None:
                self.model_latency.observe(d.model_latency_s)
            if d.fallback:
                self.model_errors.inc()
        elif isinstance(event, ActionResult):
            self.tool_executions.labels(event.tool, event.status).inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)


# Every series /metrics can show (histograms add _bucket/_sum/_count, counters _total).
METRIC_NAMES: frozenset[str] = frozenset(
    {
        "gpufleet_samples_ingested_total",
        "gpufleet_incidents",
        "gpufleet_approvals",
        "gpufleet_bus_lag_events",
        "gpufleet_intake_journal_pending",
        "gpufleet_alerts_received_total",
        "gpufleet_alerts_rejected_total",
        "gpufleet_alerts_acked_total",
        "gpufleet_alert_ack_seconds_bucket",
        "gpufleet_intake_throttled_total",
        "gpufleet_intake_queued_alerts",
        "gpufleet_http_connections",
        "gpufleet_http_connections_closed_total",
        "gpufleet_anomalies_total",
        "gpufleet_incidents_opened_total",
        "gpufleet_detection_latency_seconds_bucket",
        "gpufleet_diagnosis_latency_seconds_bucket",
        "gpufleet_diagnosis_latency_seconds_count",
        "gpufleet_tool_executions_total",
        "gpufleet_model_call_seconds_bucket",
        "gpufleet_model_errors_total",
        "gpufleet_build_info",
    }
)
