"""A VictoriaMetrics outage is one short log line (and a reminder with the count every 5 min
of polls), not two ~6 KB lines per poll."""

from __future__ import annotations

import logging
import socket

import pytest

from gpufleet.sim.demo import demo_simulator
from gpufleet.telemetry.outage import OutageLog, brief
from gpufleet.telemetry.promql import PromSource, PromStore


def test_one_line_per_outage_a_reminder_with_the_count_and_one_when_back() -> None:
    log = OutageLog("PromSource http://vm:8428")
    said = [(t, log.failed(t, "connection refused")) for t in range(0, 615, 15)]
    lines = [(t, x) for t, x in said if x is not None]
    assert [t for t, _ in lines] == [0, 300, 600]
    assert "store unavailable (connection refused)" in lines[0][1]
    assert "21 polls failed since 0" in lines[1][1] and "41 polls failed" in lines[2][1]
    assert log.succeeded(615) == (
        "PromSource http://vm:8428: store back at 615 after 41 failed polls (since 0)"
    )
    assert log.succeeded(630) is None
    again = log.failed(900, "HTTP 503")
    assert again is not None and "store unavailable (HTTP 503)" in again


def test_brief_drops_the_query_and_clips() -> None:
    query = '{__name__=~"' + "|".join(f"DCGM_FI_X{i}" for i in range(600)) + '"}'
    reason = f"http://vm unreachable for query {query!r}: ConnectionError: refused"
    short = brief(reason, query)
    assert query not in short and f"<query, {len(query)} chars>" in short
    assert len(short) <= 240


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_polls_against_a_store_that_is_down_log_two_short_lines(
    caplog: pytest.LogCaptureFixture,
) -> None:
    topo = demo_simulator(1).topology
    store = PromStore(f"http://127.0.0.1:{_closed_port()}", timeout_s=2)
    source = PromSource(store, topo, interval_s=15)
    caplog.set_level(logging.INFO)
    try:
        for k in range(22):  # 315 s of polls
            assert source.poll(1_800_000_000.0 + 15 * k) is None
    finally:
        store.close()
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(records) == 2, [r.getMessage()[:120] for r in records]
    for r in records:
        assert len(r.getMessage()) < 400, r.getMessage()[:200]
        assert "DCGM_FI_" not in r.getMessage()  # the query stays out
    assert "21 polls failed" in records[1].getMessage()
    assert source.stats.failures == 22
