"""Fair intake of Alertmanager webhooks (issue 27, item 1): a storm notification becomes a few
bounded incidents; a trusted critical alert is handled before an untrusted bulk POST sent just
before it; a sender over its quota is told so (429, Retry-After, a metric), before anything is
journalled, and nothing acknowledged is lost. Sizes are the bench's divided by 2-5
(bench/intake_fairness_bench.py runs the full 10,000)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from gpufleet.agents.noc.alert_intake import AlertIntake, parse_payload
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, stable_id
from gpufleet.service.auth import TokenTable
from gpufleet.service.intake_queue import SLICE, FairQueue, Lane, Quotas, Work
from gpufleet.service.journal import IntakeJournal
from gpufleet.service.metrics import ServiceMetrics
from tests.test_alert_intake import GPU3, alert, payload, receiver_on_bus, run, topo

TOKEN = "s3cret-am"


def bulk(n: int, tag: str = "b") -> dict[str, Any]:
    """``n`` distinct warning alerts, each on its own host unknown to the topology (as a
    hostile or misconfigured sender would post them), plus a few on real GPUs."""
    alerts = [
        alert(
            "HostUnreachable",
            {"Hostname": f"{tag}-host-{i}", "severity": "warning"},
            fingerprint=f"{tag}-{i}",
        )
        for i in range(n - 16)
    ]
    alerts += [
        alert("GpuTempHigh", {"Hostname": f"node-0{1 + g // 8}", "gpu": str(g % 8)})
        for g in range(16)
    ]
    return payload(*alerts)


def test_a_storm_notification_opens_a_handful_of_bounded_incidents() -> None:
    body = bulk(2_000)
    events = AlertIntake(topo(), list).handle(body)
    opened = [e.incident for e in events if isinstance(e, IncidentOpened)]
    # the 1,984 unknown hosts: one incident (their alert name); the 16 GPUs: one per node
    assert 2 <= len(opened) <= 5, [i.title for i in opened]
    assert len(events) == len(opened)  # one event per incident, not one per alert
    assert sum(i.anomaly_count for i in opened) == 2_000  # every alert is counted
    for inc in opened:
        assert len(inc.entities) <= 64 and len(inc.anomaly_ids) <= 200
        assert len(inc.symptoms) <= 64 and len(inc.summary) <= 6_100


def test_slices_of_one_notification_with_one_plan_give_the_same_incidents() -> None:
    body = parse_payload(bulk(1_000))
    whole = AlertIntake(topo(), list).handle(body)
    sliced_intake = AlertIntake(topo(), list)
    plan = sliced_intake.plan(body)
    sliced: list[Event] = []
    for start in range(0, 1_000, 256):
        sliced += sliced_intake.handle(body, grouping=plan, part=(start, start + 256))
    ids = {e.incident.incident_id for e in whole if isinstance(e, IncidentOpened)}
    assert ids == {e.incident.incident_id for e in sliced if isinstance(e, IncidentOpened)}
    assert all(
        isinstance(e, IncidentUpdated) and e.change == "attached"
        for e in sliced
        if not isinstance(e, IncidentOpened)
    )
    assert sliced_intake.stats.payloads == 1 and sliced_intake.stats.alerts == 1_000


def test_a_trusted_critical_alert_is_handled_before_an_untrusted_bulk_post() -> None:
    xid79 = alert(
        "DCGMXidErrors",
        {**GPU3, "xid": "79"},
        fingerprint=stable_id("fp", "trusted-xid79")[3:],
    )

    async def main() -> None:
        tokens = TokenTable.of({TOKEN: "alertmanager"})
        async with receiver_on_bus(AlertIntake(topo(), list), tokens=tokens) as (rx, bus, _):
            seen: list[tuple[float, Event]] = []

            async def stamp(e: Event) -> None:
                seen.append((time.monotonic(), e))

            bus.subscribe("incident", "stamp", stamp)
            async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
                assert (await http.post(rx.url, json=bulk(5_000))).status_code == 200
                sent = time.monotonic()
                r = await http.post(
                    rx.url, json=payload(xid79), headers={"Authorization": f"Bearer {TOKEN}"}
                )
                assert r.status_code == 200
                await rx.join()
                await bus.drain()
            order = [e for _, e in seen]
            (trusted,) = [
                i
                for i, e in enumerate(order)
                if isinstance(e, IncidentOpened) and 79 in e.incident.xids
            ]
            # bulk slices were still being handled after the trusted alert was published
            assert trusted < len(order) - 1, [type(e).__name__ for e in order]
            assert seen[trusted][0] - sent < 3.0
            assert order[trusted].incident.provenance == "alertmanager:authenticated"
            # the bulk's few incidents: each opened once and updated once at its end, not
            # once per slice (20 slices)
            opened = sum(isinstance(e, IncidentOpened) for e in order)
            assert opened <= 10 and len(order) <= 2 * opened, len(order)
            assert rx.stats.received == 2 and rx.stats.failed == 0

    run(main())


def test_a_sender_over_its_quota_gets_429_before_the_journal_and_nothing_is_lost() -> None:
    quotas = Quotas(untrusted_sender=100, untrusted_total=150)

    async def main() -> None:
        metrics = ServiceMetrics()
        journal = IntakeJournal(":memory:")
        tokens = TokenTable.of({TOKEN: "alertmanager"})
        release = asyncio.Event()
        async with receiver_on_bus(
            AlertIntake(topo(), list),
            journal=journal,
            tokens=tokens,
            quotas=quotas,
            metrics=metrics,
        ) as (rx, bus, _):

            async def stuck(_e: Event) -> None:  # the worker blocks on a full subscriber
                await release.wait()

            bus.subscribe("incident", "stuck", stuck, max_queue=1)
            other = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
            async with (
                httpx.AsyncClient(trust_env=False, timeout=10) as http,
                httpx.AsyncClient(trust_env=False, timeout=10, transport=other) as http2,
            ):
                assert (await http.post(rx.url, json=bulk(80, "a"))).status_code == 200
                await asyncio.sleep(0.2)
                over = await http.post(rx.url, json=bulk(80, "c"))
                assert over.status_code == 429, over.text
                assert int(over.headers["retry-after"]) >= 1
                assert "queued" in over.json()["error"]
                # another address has a quota of its own (up to the untrusted total) ...
                assert (await http2.post(rx.url, json=bulk(60, "d"))).status_code == 200
                assert (await http2.post(rx.url, json=bulk(60, "e"))).status_code == 429
                # ... and a trusted sender is not held by the untrusted ones
                trusted = await http.post(
                    rx.url, json=bulk(200, "t"), headers={"Authorization": f"Bearer {TOKEN}"}
                )
                assert trusted.status_code == 200
                text = metrics.render().decode()
                assert 'gpufleet_intake_throttled_total{sender="untrusted"} 2.0' in text
                assert 'gpufleet_alerts_rejected_total{reason="quota"} 2.0' in text
                release.set()
                await rx.join()
                await bus.drain()
                for _ in range(100):  # the done marks ride with the journal's next commit
                    if journal.counts() == (3, 0):
                        break
                    await asyncio.sleep(0.05)
            # the three acknowledged notifications, all handled; the refused ones never stored
            assert journal.counts() == (3, 0)
            assert rx.stats.received == 3 and rx.stats.throttled == 2
            assert rx.edge.intake.stats.alerts == 80 + 60 + 200

    run(main())


def test_slices_go_by_lane_then_round_robin_between_the_senders_of_a_lane() -> None:
    q = FairQueue()
    big = parse_payload(bulk(3 * SLICE, "x"))
    small = parse_payload(payload(alert("GpuPowerBrake", GPU3)))
    for entry, sender in ((1, "addr:10.0.0.1"), (2, "addr:10.0.0.2")):
        assert q.reserve(sender, False, big_n := len(big.alerts)) is None
        q.put(Work(entry, big, False, sender, Lane.UNTRUSTED))
    served: list[int] = []
    for _ in range(3):
        work = q.next()
        assert work is not None
        served.append(work.entry_id)
        q.advance(work, work.next_part()[1])
    assert served == [1, 2, 1]  # one slice each in turn
    assert q.reserve("token:am", True, 1) is None
    q.put(Work(3, small, True, "token:am", Lane.TRUSTED_CRITICAL))
    first = q.next()
    assert first is not None and first.entry_id == 3  # the trusted critical one jumps ahead
    assert q.advance(first, first.next_part()[1])  # finished, its quota released
    assert q.queued_by("token:am") == 0 and q.queued_by("addr:10.0.0.1") == big_n
