"""``gpufleet simulate --store URL``: the simulated ticks go to VictoriaMetrics, then the store is
read back, so what it did not keep is reported with the reason instead of lost in silence.

A shortfall has causes that are the store's settings, read from its own ``/metrics`` flags:

- ``-retentionPeriod``: samples older than the retention are dropped (lost: exit 1);
- ``-search.latencyOffset`` (30 s by default): the newest samples are stored but no query
  returns them until they are that old (benign: a note, exit 0);
- ``-dedup.minScrapeInterval``: samples of a series closer together than it are merged into one
  (the store's choice: a note, exit 0).

A shortfall none of them explains is reported as such and exits 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from gpufleet.cli.render import utc
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.store_writer import (
    VictoriaMetricsWriter,
    flag_from_metrics,
    go_duration_s,
    retention_from_metrics,
)
from gpufleet.telemetry.topology import Topology

BATCH_TICKS = 240  # about an hour of 15 s samples per import request


@dataclass(frozen=True)
class StoreSettings:
    """The store's flags that decide what a read returns (None: the store did not say)."""

    retention_s: float | None = None
    latency_offset_s: float | None = None
    dedup_interval_s: float | None = None

    @classmethod
    def from_metrics(cls, page: str) -> StoreSettings:
        return cls(
            retention_from_metrics(page),
            go_duration_s(flag_from_metrics(page, "search.latencyOffset")),
            go_duration_s(flag_from_metrics(page, "dedup.minScrapeInterval")),
        )


@dataclass
class Shortfall:
    """Why ``lost`` of the samples sent are not readable, and whether that is a real loss."""

    lines: list[str] = field(default_factory=list)
    data_lost: bool = False


def explain_shortfall(
    per_tick: list[tuple[float, int]],
    lost: int,
    now: float,
    settings: StoreSettings,
    interval_s: float,
) -> Shortfall:
    """The reasons for ``lost`` missing samples, from what was sent when (``per_tick``) and
    the store's settings, as read at ``now``."""
    out = Shortfall()
    unexplained = lost
    retention = settings.retention_s
    if retention is not None:
        old = sum(n for t, n in per_tick if t < now - retention)
        if old:
            out.data_lost = True
            unexplained -= old
            out.lines.append(
                f"  reason: the run starts at {utc(per_tick[0][0])} UTC, outside the store's "
                f"retention ({retention / 86400:g} days: nothing before {utc(now - retention)} "
                f"UTC is kept): {old} samples dropped; pass a later --start or raise its "
                "-retentionPeriod"
            )
    offset = settings.latency_offset_s
    if offset and unexplained > 0:
        # one sample interval of slack: the store evaluates the read at its own time, which is
        # not ours to the millisecond, and VictoriaMetrics hid a whole 15 s tick older than the
        # offset on a loaded machine; capped at what is missing, so it never explains more
        slack = offset + interval_s
        recent = min(unexplained, sum(n for t, n in per_tick if t > now - slack))
        if recent:
            unexplained -= recent
            out.lines.append(
                f"  reason: {recent} samples of the last {offset:g} s are stored, but queries "
                f"do not return them until they are {offset:g} s old (-search.latencyOffset); "
                "nothing is lost"
            )
    dedup = settings.dedup_interval_s
    if dedup is not None and dedup >= interval_s and unexplained > 0:
        unexplained = 0
        out.lines.append(
            f"  reason: the store keeps one sample per series every {dedup:g} s "
            f"(-dedup.minScrapeInterval) and these were written every {interval_s:g} s; "
            "the rest were merged by its deduplication"
        )
    if unexplained > 0:
        out.data_lost = True
        out.lines.append(
            f"  reason unknown for {unexplained} samples: not the store's retention, query "
            "latency offset or deduplication; check its logs (vm_rows_ignored_total and "
            "vm_rows_invalid_total on its /metrics)"
        )
    return out


class StoreLoad:
    """Ticks go to the store in batches; :meth:`finish` reads them back."""

    def __init__(self, url: str, topology: Topology, interval_s: float) -> None:
        self.writer = VictoriaMetricsWriter(url)
        self.topology = topology
        self.interval_s = interval_s
        self.batch: list[Tick] = []
        self.per_tick: list[tuple[float, int]] = []
        self.samples = 0
        self.first: float | None = None
        self.last = 0.0
        self.data_lost = False

    def add(self, tick: Tick) -> None:
        self.first = tick.timestamp if self.first is None else self.first
        self.last = tick.timestamp
        self.batch.append(tick)
        if len(self.batch) >= BATCH_TICKS:
            self._flush()

    def _flush(self) -> None:
        if self.batch:
            self.samples += self.writer.write_ticks(self.batch, self.topology)
            self.per_tick += self.writer.stats.per_tick
            self.batch = []

    def finish(self, clock: Callable[[], float]) -> list[str]:
        """Send the rest, read back; the report lines (why, when samples are missing).
        ``clock``: the time, read right after the read back (what the store hid is relative
        to when it answered)."""
        self._flush()
        if self.first is None:
            return []
        self.writer.force_flush()
        hosts = list(self.topology.node_keys)
        readable = self.writer.count_stored(hosts, self.first, self.last)
        now = clock()
        lost = max(0, self.samples - readable)
        lines = [f"  {self.writer.url}: {self.samples} samples sent, {readable} readable back"]
        if not lost:
            return lines
        settings = StoreSettings.from_metrics(self.writer.metrics_page())
        why = explain_shortfall(self.per_tick, lost, now, settings, self.interval_s)
        self.data_lost = why.data_lost
        head = "warning" if why.data_lost else "note"
        lines.append(
            f"{head}: the store kept only {readable} of {self.samples} samples ({lost} missing)"
        )
        return lines + why.lines

    def close(self) -> None:
        self.writer.close()
