"""The Slack outbox against the stand-in Web API on 127.0.0.1: Slack down never blocks the bus
handler, nothing queued is lost, order per incident is kept, 429 Retry-After is honoured, a
restart updates the same message, and a message Slack refuses is set aside without blocking
other incidents."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from slack_sdk.web.async_client import AsyncWebClient

from gpufleet.bus.events import ActionResult, ApprovalDecided, Severity, stable_id
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.service.slack.notifier import SlackNotifier, subscribe
from gpufleet.service.slack.outbox import OutboxDrainer, backoff_s
from gpufleet.service.slack.state import Outgoing, SlackState
from tests.slack_fixtures import (
    DRAIN,
    diagnosis,
    incident,
    incident_events,
    pending_drain,
    until,
)
from tests.slack_standin import BOT_TOKEN, CHANNEL_ID, SlackStandIn, standin_slack


def _drainer(state: SlackState, standin: SlackStandIn, **kw: float) -> OutboxDrainer:
    client = AsyncWebClient(token=BOT_TOKEN, base_url=standin.base_url, retry_handlers=[])
    opts = {"retry_initial_s": 0.05, "retry_max_s": 0.2, **kw}
    return OutboxDrainer(state, client, CHANNEL_ID, **opts)  # type: ignore[arg-type]


def _result(req_id: str, status: str, error: str | None = None) -> ActionResult:
    return ActionResult(
        event_id=stable_id("ev", "result", req_id, status),
        time=0.0,
        incident_id="inc-node17",
        approval_id=req_id,
        tool=DRAIN.tool,
        args=DRAIN.args,
        risk="mutate",
        status=status,
        initiator="alice",
        dry_run=status == "dry_run",
        error=error,
    )


def test_backoff_doubles_up_to_the_cap() -> None:
    assert [backoff_s(n, 1.0, 10.0) for n in range(1, 7)] == [1, 2, 4, 8, 10, 10]


def test_slack_down_queues_everything_and_delivers_in_order_once_it_recovers(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            approvals = ApprovalStore(tmp_path / "approvals.db")
            state = SlackState(tmp_path / "slack.db")
            drainer = _drainer(state, standin)
            notifier = SlackNotifier(state, approvals=approvals, wake=drainer.wake)
            standin.fail(500)  # Slack is down from the start
            drainer.start()
            req = pending_drain(approvals)
            events = [
                *incident_events(incident(), diagnosis(), req),
                ApprovalDecided(
                    event_id=stable_id("ev", "decided", req.approval_id),
                    time=0.0,
                    approval_id=req.approval_id,
                    incident_id="inc-node17",
                    decision="approved",
                    by="alice",
                    reason="fan alarm confirmed",
                ),
                _result(req.approval_id, "dry_run"),
            ]
            for event in events:
                # the handler returns at once although every send fails
                await asyncio.wait_for(notifier(event), 5)
            await until(lambda: standin.failed_calls >= 3, "retries while down")
            assert standin.calls == [] and state.message("inc-node17") is None
            # card (opened + diagnosis + proposal + decision coalesced), decision reply, card
            # again (the outcome), outcome reply: order kept, nothing lost
            assert state.outbox_counts() == {"pending": 4}

            standin.recover()
            await until(lambda: state.outbox_counts() == {}, "queue delivered after recovery")
            await drainer.stop()
            methods = [(c.method, "thread_ts" in c.args) for c in standin.calls]
            assert methods == [
                ("chat.postMessage", False),  # the card, posted once
                ("chat.postMessage", True),  # decided, in the thread
                ("chat.update", False),  # the card with the outcome
                ("chat.postMessage", True),  # outcome, in the thread
            ]
            ts = standin.calls[0].args and state.message("inc-node17")
            assert ts is not None
            assert standin.calls[1].args["thread_ts"] == ts[1] == standin.calls[2].args["ts"]
            assert "Approved by *alice*" in standin.calls[1].args["text"]
            assert "dry run" in standin.calls[3].args["text"]
            assert "dry run" in json.dumps(standin.calls[2].args["blocks"])
            state.close()
            approvals.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_rate_limit_waits_for_retry_after(tmp_path: Path) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            state = SlackState(tmp_path / "slack.db")
            state.record(
                (await _card(tmp_path)), [Outgoing("card", {"text": "x", "blocks": []})], "ev-1"
            )
            drainer = _drainer(state, standin, retry_max_s=0.05)
            standin.fail(429, count=1, retry_after=1)
            started = time.monotonic()
            drainer.start()
            await until(lambda: state.outbox_counts() == {}, "sent after the rate limit")
            waited = time.monotonic() - started
            await drainer.stop()
            # Retry-After (1 s) beats the configured backoff cap (0.05 s): a correctness check
            # of which number was used, not a speed measurement
            assert waited >= 0.9
            assert standin.failed_calls == 1 and len(standin.of("chat.postMessage")) == 1
            state.close()

    asyncio.run(asyncio.wait_for(main(), 60))


async def _card(tmp: Path):  # type: ignore[no-untyped-def]
    from gpufleet.service.slack.card import IncidentCard

    return IncidentCard(incident_id="inc-node17", incident=incident())


def test_a_restart_updates_the_same_message(tmp_path: Path) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            approvals = ApprovalStore(tmp_path / "approvals.db")
            req = pending_drain(approvals)
            opened, ready, proposed = incident_events(incident(), diagnosis(), req)

            state = SlackState(tmp_path / "slack.db")
            drainer = _drainer(state, standin)
            notifier = SlackNotifier(state, approvals=approvals, wake=drainer.wake)
            drainer.start()
            await notifier(opened)
            await until(lambda: state.message("inc-node17") is not None, "posted")
            await drainer.stop()
            state.close()

            # a new process: same files, fresh objects
            state = SlackState(tmp_path / "slack.db")
            drainer = _drainer(state, standin)
            notifier = SlackNotifier(state, approvals=approvals, wake=drainer.wake)
            drainer.start()
            await notifier(opened)  # redelivered by the bus after the restart: no effect
            await notifier(ready)
            await notifier(proposed)
            await until(lambda: state.outbox_counts() == {}, "delivered")
            await drainer.stop()
            assert len(standin.of("chat.postMessage")) == 1
            updates = standin.of("chat.update")
            assert updates and {u.args["ts"] for u in updates} == {"1764000000.000001"}
            shown = json.dumps(updates[-1].args["blocks"])
            assert "Fan failure" in shown and "GPU temperature rising" in shown
            state.close()
            approvals.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_message_slack_refuses_is_set_aside_and_others_still_go(tmp_path: Path) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            state = SlackState(tmp_path / "slack.db")
            drainer = _drainer(state, standin, max_refusals=2)  # type: ignore[arg-type]
            drainer.channel = "C0DOESNOTEXIST"  # the stand-in answers channel_not_found
            notifier = SlackNotifier(state, wake=drainer.wake)
            drainer.start()
            await notifier(incident_events(incident(), diagnosis(), _req(tmp_path))[0])
            await until(lambda: state.outbox_counts() == {"dead": 1}, "given up on")
            assert standin.calls == [] or all(c.method != "chat.update" for c in standin.calls)

            drainer.channel = CHANNEL_ID
            other = incident("inc-other", severity=Severity.WARNING)
            await notifier(
                incident_events(other, diagnosis("inc-other"), _req(tmp_path, "inc-other"))[0]
            )
            await until(lambda: state.message("inc-other") is not None, "other incident posted")
            await drainer.stop()
            state.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def _req(tmp: Path, iid: str = "inc-node17"):  # type: ignore[no-untyped-def]
    store = ApprovalStore(":memory:")
    return pending_drain(store, iid)


def test_incidents_below_the_threshold_are_kept_but_not_posted(tmp_path: Path) -> None:
    state = SlackState(tmp_path / "slack.db")
    notifier = SlackNotifier(state)
    asyncio.run(
        notifier(incident_events(incident(severity=Severity.INFO), diagnosis(), _req(tmp_path))[0])
    )
    assert state.card("inc-node17") is not None and state.outbox_counts() == {}
    state.close()


def test_on_the_bus_one_message_per_incident_whatever_the_arrival_order(tmp_path: Path) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            approvals = ApprovalStore(tmp_path / "approvals.db")
            state = SlackState(tmp_path / "slack.db")
            drainer = _drainer(state, standin)
            notifier = SlackNotifier(state, approvals=approvals, wake=drainer.wake)
            bus = InProcessBus()
            subscribe(bus, notifier)
            await bus.start()
            drainer.start()
            req = pending_drain(approvals)
            opened, ready, proposed = incident_events(incident(), diagnosis(), req)
            for event in (opened, proposed, ready, opened):  # proposal before its diagnosis
                await bus.publish(event)
            await bus.drain()
            await until(lambda: state.outbox_counts() == {}, "delivered")
            await drainer.stop()
            await bus.close()
            assert len(standin.of("chat.postMessage")) == 1
            last = (standin.of("chat.update") or standin.of("chat.postMessage"))[-1]
            values = [
                e["value"]
                for b in last.args["blocks"]
                if b["type"] == "actions"
                for e in b["elements"]
            ]
            assert values == [req.approval_id, req.approval_id], "buttons kept"
            state.close()
            approvals.close()

    asyncio.run(asyncio.wait_for(main(), 60))
