"""Slack approvals end to end on 127.0.0.1: the real slack_bolt app behind FastAPI on uvicorn,
slack_sdk pointed at a stand-in for the Slack Web API, and interaction payloads posted to
``/slack/events`` as Slack posts them — correctly signed, forged, altered, stale and replayed.
The approval store may change only for a valid click by an authorised approver."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from gpufleet.bus.events import ApprovalDecided, stable_id
from gpufleet.graph.approvals.decide import record_decision
from gpufleet.graph.approvals.store import WITHDRAWN_BY, ApprovalRequest, ApprovalStore
from gpufleet.service.slack.render import APPROVE_ACTION, REJECT_ACTION
from gpufleet.service.slack.wiring import SlackFrontEnd
from tests.slack_fixtures import (
    ALICE,
    BOB,
    ENV,
    MALLORY,
    POLICY,
    T0,
    Running,
    diagnosis,
    incident,
    incident_events,
    pending_drain,
    running_slack,
    slack_config,
    until,
)
from tests.slack_standin import (
    APP_TOKEN,
    BOT_TOKEN,
    CHANNEL_ID,
    SIGNING_SECRET,
    block_action,
    interaction_body,
    signed_headers,
    standin_slack,
    view_submission,
)


async def _post(run: Running, body: str, headers: dict[str, str]) -> httpx.Response:
    async with httpx.AsyncClient(base_url=run.url, timeout=10) as http:
        return await http.post("/slack/events", content=body, headers=headers)


async def _posted_incident(run: Running) -> tuple[str, str]:
    """Publish an incident with a pending drain to the notifier; wait for its message."""
    req = pending_drain(run.approvals)
    for event in incident_events(incident(), diagnosis(), req):
        await run.slack.notifier(event)
    await until(lambda: run.slack.state.message("inc-node17") is not None, "message posted")
    await until(lambda: run.slack.state.outbox_counts() == {}, "outbox drained")
    message = run.slack.state.message("inc-node17")
    assert message is not None
    return req.approval_id, message[1]


def _click(run: Running, user: str, approval_id: str, ts: str, action: str = APPROVE_ACTION) -> str:
    return interaction_body(
        block_action(
            user=user,
            action_id=action,
            approval_id=approval_id,
            message_ts=ts,
            response_url=run.standin.base_url + "response",
        )
    )


def _status(store: ApprovalStore, approval_id: str) -> str:
    record = store.get(approval_id)
    assert record is not None
    return record.status


def _run(tmp_path: Path, scenario: Any, **config: object) -> None:
    async def main() -> None:
        async with running_slack(tmp_path, **config) as run:
            await scenario(run)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_one_message_with_buttons_then_an_approver_decides_through_the_modal(
    tmp_path: Path,
) -> None:
    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        posts = run.standin.of("chat.postMessage")
        assert len(posts) == 1, "one message per incident"
        buttons = [
            e for b in posts[0].args["blocks"] if b["type"] == "actions" for e in b["elements"]
        ]
        assert {(e["action_id"], e["value"]) for e in buttons} == {
            (APPROVE_ACTION, aid),
            (REJECT_ACTION, aid),
        }
        body = _click(run, ALICE, aid, ts)
        resp = await _post(run, body, signed_headers(body))
        assert resp.status_code == 200
        await until(lambda: run.standin.of("views.open"), "the reason modal opened")
        assert _status(run.approvals, aid) == "pending", "a click alone decides nothing"

        view = run.standin.of("views.open")[0].args["view"]
        submit = interaction_body(
            view_submission(user=ALICE, view=view, reason="fan alarm confirmed")
        )
        resp = await _post(run, submit, signed_headers(submit))
        assert resp.status_code == 200 and not resp.content, resp.text
        record = run.approvals.get(aid)
        assert record is not None and record.status == "approved"
        assert (record.decided_by, record.reason) == ("alice", "fan alarm confirmed")

        await until(lambda: len(run.standin.of("chat.update")) >= 1, "message updated")
        await until(lambda: run.slack.state.outbox_counts() == {}, "outbox drained")
        update = run.standin.of("chat.update")[-1].args
        assert (update["channel"], update["ts"]) == (CHANNEL_ID, ts), "the same message"
        shown = json.dumps(update["blocks"])
        assert "approved by *alice*" in shown
        assert not [b for b in update["blocks"] if b["type"] == "actions"], "buttons gone"
        replies = [c.args for c in run.standin.of("chat.postMessage") if "thread_ts" in c.args]
        assert [r["thread_ts"] for r in replies] == [ts]
        assert "Approved by *alice*" in replies[0]["text"]
        assert "fan alarm confirmed" in replies[0]["text"]

    _run(tmp_path, scenario)


def test_forged_altered_stale_and_replayed_requests_get_401_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)

    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        body = _click(run, ALICE, aid, ts)
        forged = signed_headers(body, secret="not-the-signing-secret")
        altered = _click(run, ALICE, aid, ts, action=REJECT_ACTION)
        stale = signed_headers(body, timestamp=int(time.time()) - 10 * 60)
        unsigned = {"content-type": "application/x-www-form-urlencoded"}
        for what, b, headers in [
            ("forged", body, forged),
            ("altered body", altered, signed_headers(body)),
            ("stale timestamp", body, stale),
            ("no signature", body, unsigned),
            ("garbage timestamp", body, {**signed_headers(body), "x-slack-request-timestamp": "x"}),
        ]:
            resp = await _post(run, b, headers)
            assert resp.status_code == 401, what

        good = signed_headers(body)
        assert (await _post(run, body, good)).status_code == 200
        await until(lambda: run.standin.of("views.open"), "modal for the genuine click")
        assert (await _post(run, body, good)).status_code == 401, "replayed click"

        view = run.standin.of("views.open")[0].args["view"]
        submit = interaction_body(view_submission(user=ALICE, view=view, reason="confirmed"))
        headers = signed_headers(submit)
        replay_of_submit = dict(headers)
        assert (await _post(run, submit, headers)).status_code == 200
        assert _status(run.approvals, aid) == "approved"
        assert (await _post(run, submit, replay_of_submit)).status_code == 401
        assert len(run.standin.of("views.open")) == 1, "refused requests ran no listener"

    _run(tmp_path, scenario)
    assert "replayed request" in caplog.text
    assert SIGNING_SECRET not in caplog.text and BOT_TOKEN not in caplog.text


def test_forged_submission_never_decides(tmp_path: Path) -> None:
    async def scenario(run: Running) -> None:
        aid, _ = await _posted_incident(run)
        view = {
            "callback_id": "gpufleet_decision",
            "private_metadata": json.dumps(
                {"approval_id": aid, "decision": "approved", "channel": CHANNEL_ID}
            ),
            "blocks": [],
        }
        submit = interaction_body(view_submission(user=ALICE, view=view, reason="forged"))
        for headers in (
            signed_headers(submit, secret="guessed"),
            signed_headers(submit, timestamp=int(time.time()) - 3600),
        ):
            assert (await _post(run, submit, headers)).status_code == 401
        assert _status(run.approvals, aid) == "pending"

    _run(tmp_path, scenario)


def test_unmapped_user_is_told_ephemerally_and_nothing_changes(tmp_path: Path) -> None:
    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        body = _click(run, MALLORY, aid, ts)
        assert (await _post(run, body, signed_headers(body))).status_code == 200
        await until(lambda: run.standin.of("chat.postEphemeral"), "ephemeral answer")
        eph = run.standin.of("chat.postEphemeral")[0].args
        assert eph["user"] == MALLORY and "not a listed approver" in eph["text"]
        assert not run.standin.of("views.open")
        # a submission by the same user (a modal cannot have been opened for them) is refused
        view = {
            "callback_id": "gpufleet_decision",
            "private_metadata": json.dumps(
                {"approval_id": aid, "decision": "approved", "channel": CHANNEL_ID}
            ),
            "blocks": [],
        }
        submit = interaction_body(view_submission(user=MALLORY, view=view, reason="let me"))
        resp = await _post(run, submit, signed_headers(submit))
        assert resp.status_code == 200 and resp.json()["response_action"] == "errors"
        assert _status(run.approvals, aid) == "pending"

    _run(tmp_path, scenario)


def test_refusals_say_why_and_a_decided_approval_stays_decided(tmp_path: Path) -> None:
    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        # bob (oncall, mapped in the config) may approve mutate steps: decide via his modal
        body = _click(run, BOB, aid, ts, action=REJECT_ACTION)
        assert (await _post(run, body, signed_headers(body))).status_code == 200
        await until(lambda: run.standin.of("views.open"), "modal for bob")
        view = run.standin.of("views.open")[0].args["view"]
        blank = interaction_body(view_submission(user=BOB, view=view, reason="  "))
        resp = await _post(run, blank, signed_headers(blank))
        assert resp.json()["errors"]["reason"] == "A reason is required."
        assert _status(run.approvals, aid) == "pending"
        submit = interaction_body(view_submission(user=BOB, view=view, reason="job 42 is a demo"))
        assert (await _post(run, submit, signed_headers(submit))).status_code == 200
        assert _status(run.approvals, aid) == "rejected"

        # alice clicks Approve afterwards: refused at once, ephemerally, with the reason
        late = _click(run, ALICE, aid, ts)
        assert (await _post(run, late, signed_headers(late))).status_code == 200
        await until(lambda: run.standin.of("chat.postEphemeral"), "refusal told")
        text = run.standin.of("chat.postEphemeral")[0].args["text"]
        assert "already rejected by bob" in text and "final" in text
        # bob clicks Reject again: a no-op, said so, no modal
        again = _click(run, BOB, aid, ts, action=REJECT_ACTION)
        assert (await _post(run, again, signed_headers(again))).status_code == 200
        await until(lambda: len(run.standin.of("chat.postEphemeral")) == 2, "no-op told")
        assert "Already rejected by bob" in run.standin.of("chat.postEphemeral")[1].args["text"]
        assert len(run.standin.of("views.open")) == 1
        record = run.approvals.get(aid)
        assert record is not None and (record.status, record.decided_by) == ("rejected", "bob")

    _run(tmp_path, scenario)


def test_submission_refused_by_the_rule_keeps_the_modal_open(tmp_path: Path) -> None:
    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        body = _click(run, ALICE, aid, ts, action=REJECT_ACTION)
        assert (await _post(run, body, signed_headers(body))).status_code == 200
        await until(lambda: run.standin.of("views.open"), "modal for alice")
        # meanwhile bob approves on the CLI (same store, same rule)
        record_decision(run.approvals, POLICY, aid, "approved", by="bob", reason="cli", now=T0)
        view = run.standin.of("views.open")[0].args["view"]
        submit = interaction_body(view_submission(user=ALICE, view=view, reason="no, wait"))
        resp = await _post(run, submit, signed_headers(submit))
        assert resp.json()["response_action"] == "errors"
        assert "already approved by bob" in resp.json()["errors"]["reason"]
        await until(lambda: run.standin.of("chat.postEphemeral"), "refusal told")
        assert _status(run.approvals, aid) == "approved"

    _run(tmp_path, scenario)


def test_socket_mode_clicks_take_the_same_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)

    async def scenario(run: Running) -> None:
        standin = run.standin
        await until(lambda: standin.socket_connected, "Socket Mode connected")
        aid, ts = await _posted_incident(run)
        url = standin.base_url + "response"
        stranger = block_action(
            user=MALLORY, action_id=APPROVE_ACTION, approval_id=aid, message_ts=ts, response_url=url
        )
        await standin.push("env-1", "interactive", stranger)
        await until(lambda: standin.ack_for("env-1"), "envelope acknowledged")
        await until(lambda: standin.of("chat.postEphemeral"), "stranger told")
        assert not standin.of("views.open")

        click = block_action(
            user=ALICE, action_id=APPROVE_ACTION, approval_id=aid, message_ts=ts, response_url=url
        )
        await standin.push("env-2", "interactive", click)
        await until(lambda: standin.of("views.open"), "modal opened over Socket Mode")
        view = standin.of("views.open")[0].args["view"]
        await standin.push(
            "env-3",
            "interactive",
            view_submission(user=ALICE, view=view, reason="confirmed on site"),
        )
        await until(lambda: standin.ack_for("env-3"), "submission acknowledged")
        record = run.approvals.get(aid)
        assert record is not None and (record.status, record.decided_by) == ("approved", "alice")
        await until(
            lambda: any(
                "approved by *alice*" in json.dumps(c.args.get("blocks"))
                for c in standin.of("chat.update")
            ),
            "message updated",
        )

    _run(tmp_path, scenario, app_token_env="GF_SLACK_APP")
    assert "approved" in caplog.text  # the debug log ran...
    for secret in (BOT_TOKEN, APP_TOKEN, SIGNING_SECRET):
        assert secret not in caplog.text  # ...and never showed a secret


def test_socket_mode_never_holds_up_the_start_when_slack_is_away(tmp_path: Path) -> None:
    async def main() -> None:
        async with standin_slack() as standin:
            standin.fail(503)  # apps.connections.open (and everything else) fails
            approvals = ApprovalStore(tmp_path / "approvals.db")
            slack = SlackFrontEnd.build(
                slack_config(standin, app_token_env="GF_SLACK_APP"),
                state_dir=tmp_path,
                approvals=approvals,
                policy=POLICY,
                environ=ENV,
            )
            await asyncio.wait_for(slack.start(), 5)  # returns although Slack is away
            await slack.notifier(
                incident_events(incident(), diagnosis(), pending_drain(approvals))[0]
            )
            assert slack.state.outbox_counts() == {"pending": 1}, "queued, not lost"
            standin.recover()
            await until(lambda: standin.socket_connected, "connected once Slack is back")
            await until(lambda: slack.state.outbox_counts() == {}, "queue delivered")
            await slack.stop()
            approvals.close()

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_withdrawn_request_says_why_on_its_card_and_its_buttons_are_refused(
    tmp_path: Path,
) -> None:
    """Issue 24: the incident resolved, its drain request was withdrawn and announced; the
    card stops offering the decision, and a click on the old buttons is refused in one line."""

    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        withdrawn = run.approvals.withdraw(aid, reason="withdrawn: incident resolved", now=T0 + 90)
        assert withdrawn is not None
        await run.slack.notifier(
            ApprovalDecided(
                event_id=stable_id("ev", "decided", aid),
                time=T0 + 90,
                approval_id=aid,
                incident_id="inc-node17",
                decision="rejected",
                by=WITHDRAWN_BY,
                reason="withdrawn: incident resolved",
            )
        )
        await until(lambda: run.standin.of("chat.update"), "card updated")
        update = json.dumps(run.standin.of("chat.update")[-1].args["blocks"])
        assert "withdrawn: incident resolved" in update and APPROVE_ACTION not in update
        late = _click(run, ALICE, aid, ts)
        assert (await _post(run, late, signed_headers(late))).status_code == 200
        await until(lambda: run.standin.of("chat.postEphemeral"), "refusal told")
        text = run.standin.of("chat.postEphemeral")[0].args["text"]
        assert text == (
            f"Not recorded: approval {aid} was withdrawn: incident resolved; "
            "there is nothing to decide"
        )
        assert run.standin.of("views.open") == []
        assert _status(run.approvals, aid) == "rejected"

    _run(tmp_path, scenario)


# --------------------------------------------------------------------------- issue 27, item 4
def test_the_replay_guard_outlives_the_librarys_window_for_a_request_signed_ahead(
    tmp_path: Path,
) -> None:
    """A click signed 295 s in the future is acceptable to slack_sdk until 595 s after it
    arrives: refused when replayed 1 s later and still refused 373 s later (the old guard
    forgot it after 360 s of its arrival and accepted the replay)."""
    offset = [0.0]

    def clock() -> float:
        return time.time() + offset[0]

    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        body = _click(run, ALICE, aid, ts)
        ahead = signed_headers(body, timestamp=int(time.time()) + 295)
        assert (await _post(run, body, ahead)).status_code == 200
        await until(lambda: run.standin.of("views.open"), "modal for the genuine click")
        offset[0] = 1.0
        assert (await _post(run, body, ahead)).status_code == 401
        offset[0] = 373.0  # the library (on the real clock) still accepts this timestamp
        assert (await _post(run, body, ahead)).status_code == 401
        assert len(run.standin.of("views.open")) == 1

    async def main() -> None:
        async with running_slack(tmp_path, clock=clock) as run:
            await scenario(run)

    asyncio.run(asyncio.wait_for(main(), 60))


def test_the_replay_window_is_the_installed_librarys() -> None:
    from slack_sdk.signature import SignatureVerifier

    from gpufleet.service.slack.bridge import library_window_s

    window = library_window_s()
    assert window == 300  # slack_sdk 3.x: |now - timestamp| <= 5 minutes
    verifier = SignatureVerifier("s")
    now = int(time.time())
    for age, ok in ((window - 5, True), (window + 5, False), (-(window - 5), True)):
        stamp = str(now - age)
        sig = verifier.generate_signature(timestamp=stamp, body="b")
        assert verifier.is_valid(body="b", timestamp=stamp, signature=sig) is ok, age


def _pending_drain_of(store: ApprovalStore, node: str) -> str:
    """A pending drain of another node, for another incident (not attached to the first)."""
    req = ApprovalRequest.new(
        incident_id=f"inc-{node}",
        thread_id=f"thread-{node}",
        step_index=1,
        step_name="drain the node",
        tool="slurm.drain_node",
        args={"node": node, "reason": "fan failure"},
        risk="mutate",
        created_at=T0 + 61,
        node=node,
    )
    return store.request(req).approval_id


def test_a_submission_decides_only_what_the_click_that_opened_it_was_for(
    tmp_path: Path,
) -> None:
    """The modal's metadata is not trusted: a view no click opened decides nothing, a view's
    metadata naming another approval is ignored, another user cannot submit someone's view,
    and a submitted view cannot be submitted again."""

    async def scenario(run: Running) -> None:
        aid, ts = await _posted_incident(run)
        other = _pending_drain_of(run.approvals, "node-18")
        claims_other = json.dumps({"approval_id": other, "decision": "approved"})
        never_opened: dict[str, Any] = {
            "callback_id": "gpufleet_decision",
            "private_metadata": claims_other,
            "blocks": [],
        }
        forged = interaction_body(view_submission(user=ALICE, view=never_opened, reason="go!"))
        resp = await _post(run, forged, signed_headers(forged))
        assert resp.text, "the forged submission was accepted"
        assert resp.json()["response_action"] == "errors"
        assert "not opened by your click" in resp.json()["errors"]["reason"]
        assert _status(run.approvals, other) == "pending"

        body = _click(run, ALICE, aid, ts, action=REJECT_ACTION)
        assert (await _post(run, body, signed_headers(body))).status_code == 200
        await until(lambda: run.standin.of("views.open"), "modal for alice")
        view = dict(run.standin.of("views.open")[0].args["view"], private_metadata=claims_other)
        assert "approval_id" not in json.dumps(run.standin.of("views.open")[0].args["view"])

        by_bob = interaction_body(view_submission(user=BOB, view=view, reason="mine now"))
        resp = await _post(run, by_bob, signed_headers(by_bob))
        assert resp.json()["response_action"] == "errors"
        assert (_status(run.approvals, aid), _status(run.approvals, other)) == (
            "pending",
            "pending",
        )

        submit = interaction_body(view_submission(user=ALICE, view=view, reason="not now"))
        assert (await _post(run, submit, signed_headers(submit))).status_code == 200
        assert (_status(run.approvals, aid), _status(run.approvals, other)) == (
            "rejected",
            "pending",
        )
        again = interaction_body(view_submission(user=ALICE, view=view, reason="not now!"))
        resp = await _post(run, again, signed_headers(again))
        assert "not opened by your click" in resp.json()["errors"]["reason"]

    _run(tmp_path, scenario)
