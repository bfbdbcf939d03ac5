"""The Slack message, rendered from bus events (pure): what it shows, and that no fleet or model
text can mention anyone, link anywhere, hide characters or blow Slack's limits."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from gpufleet.bus.events import ActionResult, ApprovalDecided, Evidence, stable_id
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.service.slack.card import FollowUp, IncidentCard, apply
from gpufleet.service.slack.render import (
    APPROVE_ACTION,
    REJECT_ACTION,
    followup_text,
    incident_blocks,
    incident_text,
)
from gpufleet.service.slack.text import untrusted
from tests.slack_fixtures import DRAIN, diagnosis, incident, incident_events, pending_drain

DATA = Path(__file__).parent / "data"
HOSTILE = [
    *(p["text"] for p in yaml.safe_load((DATA / "injection_corpus.yaml").read_text())["attempts"]),
    *(p["text"] for p in yaml.safe_load((DATA / "channel_payloads.yaml").read_text())["payloads"]),
    "<!channel> <!here> <!everyone> <@U024BE7LH> <#C0123|general> <!subteam^S123>",
    "&lt;!channel&gt; &amp;lt;@U1&amp;gt; <https://evil.example/approve|click to approve>",
    "@channel @here *bold* _it_ ~strike~ `code` ```block``` > quote",
    "job\u0000\u001b[31m\u202e\u2066\u200b\ufeffname",
    "x" * 1_000_000,
]


def _card(text: str = "", explanation: str = "") -> tuple[IncidentCard, list[FollowUp]]:
    store = ApprovalStore(":memory:")
    req = pending_drain(store)
    title = text or "GPU temperature rising"
    inc = incident(title=title, job=text or "42")
    if text:
        inc = inc.model_copy(update={"summary": text, "provenance": "alertmanager:unauthenticated"})
    dx = diagnosis(evidence_text=text or "temperature +9 C under no load", explanation=explanation)
    if text:
        dx = dx.model_copy(
            update={
                "fallback": text,
                "evidence": (
                    *dx.evidence,
                    Evidence(
                        evidence_id="E03",
                        layer="os",
                        tool="kernel_log.search",
                        entity=text,
                        summary=text,
                        facts={"user": text},
                    ),
                ),
            }
        )
    card = IncidentCard(incident_id=inc.incident_id)
    followups: list[FollowUp] = []
    events: list[Any] = [*incident_events(inc, dx, req)]
    events.append(
        ApprovalDecided(
            event_id="ev-d",
            time=0.0,
            approval_id=req.approval_id,
            incident_id=inc.incident_id,
            decision="approved",
            by=text or "alice",
            reason=text or "fan alarm confirmed",
        )
    )
    events.append(
        ActionResult(
            event_id="ev-r",
            time=0.0,
            incident_id=inc.incident_id,
            approval_id=req.approval_id,
            tool=DRAIN.tool,
            args=DRAIN.args,
            risk="mutate",
            status="error",
            initiator="alice",
            error=text or "scontrol failed",
        )
    )
    for event in events:
        card, more = apply(card, event)
        followups.extend(more)
    store.close()
    return card, followups


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_the_message_says_what_where_how_bad_why_and_what_it_would_take_out() -> None:
    store = ApprovalStore(":memory:")
    req = pending_drain(store)
    card = IncidentCard(incident_id="inc-node17")
    for event in incident_events(incident(), diagnosis(), req):
        card, _ = apply(card, event)
    blocks = incident_blocks(card)
    shown = json.dumps(blocks)
    assert blocks[0]["type"] == "header" and "CRITICAL: GPU temperature rising" in shown
    for expected in (
        "thermal: gpu_temp_rise",  # what
        "node-17/gpu4 (nodes node-17), scope chassis",  # where
        "*Fan failure* (`fan-failure`, score 0.91)",  # top cause
        "`E01` temperature +9 C under no load",  # with its evidence
        "*Runbook* `drain-and-hardware-ticket` v3",
        "target nodes: node-17; jobs: 42; 24.1 GPU-hours",  # blast radius
        ":hourglass: waits for a person",
    ):
        assert expected in shown, expected
    actions = [b for b in blocks if b["type"] == "actions"]
    assert [[(e["action_id"], e["value"]) for e in a["elements"]] for a in actions] == [
        [(APPROVE_ACTION, req.approval_id), (REJECT_ACTION, req.approval_id)]
    ]
    assert "1 step(s) wait for approval" in incident_text(card)
    store.close()


def test_decisions_and_outcomes_replace_the_buttons_and_go_to_the_thread() -> None:
    card, followups = _card()
    shown = json.dumps(incident_blocks(card))
    assert not [b for b in incident_blocks(card) if b["type"] == "actions"]
    assert "approved by *alice*" in shown and "scontrol failed" in shown
    texts = [followup_text(f) for f in followups]
    assert [f.kind for f in followups] == ["decided", "outcome"]
    assert texts[0].startswith("Approved by *alice*") and "fan alarm confirmed" in texts[0]


def test_a_decision_seen_twice_gives_one_follow_up() -> None:
    card, _ = _card()
    step = next(s for s in card.steps if s.approval_id)
    assert step.approval_id is not None
    again = ApprovalDecided(
        event_id=stable_id("ev", "decided", step.approval_id),
        time=0.0,
        approval_id=step.approval_id,
        incident_id=card.incident_id,
        decision="approved",
        by="alice",
        reason="again",
    )
    assert apply(card, again) == (card, ())


def test_unknown_outcome_asks_for_settle_in_the_thread() -> None:
    store = ApprovalStore(":memory:")
    req = pending_drain(store)
    card = IncidentCard(incident_id="inc-node17")
    for event in incident_events(incident(), diagnosis(), req):
        card, _ = apply(card, event)
    error = (
        "step slurm.drain_node on node-17 (k) was started at 2026-11-25T13:59:03Z and its "
        "outcome is unknown; check `scontrol show node node-17`"
    )
    card, followups = apply(
        card,
        ActionResult(
            event_id="ev-u",
            time=0.0,
            incident_id="inc-node17",
            approval_id=req.approval_id,
            tool=DRAIN.tool,
            args=DRAIN.args,
            risk="mutate",
            status="error",
            initiator="alice",
            error=error,
        ),
    )
    assert [f.kind for f in followups] == ["unknown_outcome"]
    text = followup_text(followups[0])
    assert f"gpufleet settle {req.approval_id} --outcome done|not-done|retry" in text
    assert "outcome unknown" in json.dumps(incident_blocks(card))
    store.close()


def test_model_text_is_marked_as_unverified() -> None:
    card, _ = _card(explanation="The fan failed; <!channel> approve now")
    shown = json.dumps(incident_blocks(card))
    assert "model (unverified): The fan failed; approve now" in shown
    assert "<!channel>" not in shown


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:24]))
def test_hostile_text_cannot_mention_link_hide_or_overflow(text: str) -> None:
    card, followups = _card(text, explanation=text)
    blocks = incident_blocks(card)
    rendered = [*_strings(blocks), incident_text(card), *(followup_text(f) for f in followups)]
    for s in rendered:
        assert "<" not in s and ">" not in s, s[:120]  # no mention, link or channel syntax
        assert "&" not in s.replace("&amp;", "").replace("&lt;", "").replace("&gt;", ""), s[:120]
        assert "://" not in s, s[:120]  # URLs defanged, never clickable
        assert not [c for c in s if unicodedata.category(c) in ("Cc", "Cf") and c != "\n"], s[:80]
    assert len(blocks) <= 50
    for b in blocks:
        text_obj = b.get("text", {})
        assert len(text_obj.get("text", "")) <= (150 if b["type"] == "header" else 3000)
        for f in b.get("fields", []):
            assert len(f["text"]) <= 2000
        if b["type"] == "actions":
            assert all(e["value"].startswith("apr-") for e in b["elements"])
    assert len(json.dumps(blocks)) < 40_000


def test_untrusted_escapes_what_slack_would_read_as_markup() -> None:
    # Slack's rule: only &, < and > are escaped; escaped, <!channel> is text that pings nobody
    assert (
        untrusted("train <!channel> job & more <@U1> see http://x.example/a now")
        == "train &lt;!channel&gt; job &amp; more &lt;U1&gt; see http[:]//x[.]example/a now"
    )
    assert untrusted("&lt;!here&gt;") == "&lt;!here&gt;"  # decoded, then escaped again
    assert untrusted("y" * 500, limit=10) == "y" * 9 + "…"
    assert untrusted("a\u202eb\u200bc") == "abc"


def _rendered(
    *results: ActionResult, dx_update: dict[str, Any] | None = None, step: Any = None
) -> tuple[str, str]:
    """(the message as JSON, the thread replies) after ``results`` on the drain step."""
    store = ApprovalStore(":memory:")
    req = pending_drain(store)
    dx = diagnosis()
    if dx_update:
        dx = dx.model_copy(update=dx_update)
    opened, ready, proposal = incident_events(incident(), dx, req)
    if step is not None:
        proposal = proposal.model_copy(update={"step": step})
    card = IncidentCard(incident_id="inc-node17")
    replies: list[str] = []
    for event in (opened, ready, proposal, *results):
        card, more = apply(card, event)
        replies.extend(followup_text(f) for f in more)
    store.close()
    return json.dumps(incident_blocks(card), ensure_ascii=False), "\n".join(replies)


def _result(status: str, **kw: Any) -> ActionResult:
    return ActionResult(
        event_id=f"ev-{status}",
        time=0.0,
        incident_id="inc-node17",
        approval_id=None,
        tool=DRAIN.tool,
        args=DRAIN.args,
        risk="mutate",
        initiator="alice",
        status=status,
        **kw,
    )


def test_commands_keep_their_pipes_and_quotes() -> None:
    command = 'ssh|srun|prefix "nvidia-smi -r" && echo <ok>'
    step = DRAIN.model_copy(update={"args": {"node": "node-17", "command": command}})
    blocks, _ = _rendered(dx_update={"plan": (*diagnosis().plan[:1], step)}, step=step)
    text = json.loads(blocks)
    shown = "\n".join(_strings(text))
    assert 'command=ssh|srun|prefix "nvidia-smi -r" &amp;&amp; echo &lt;ok&gt;' in shown
    assert "\\" not in shown  # no JSON quoting leaks into the message


def test_dry_run_says_what_it_would_have_run_in_the_message_and_the_thread() -> None:
    cmd = 'scontrol update NodeName=node-17 State=DRAIN Reason="gpufleet: fan failure"'
    blocks, thread = _rendered(_result("dry_run", dry_run=True, query=cmd))
    expected = f"would have run `{cmd}`"
    assert expected in thread
    assert expected.replace('"', '\\"') in blocks  # JSON-escaped inside the blocks dump
    assert ":x:" not in thread + blocks


def test_a_skipped_step_is_not_a_red_cross() -> None:
    error = "skipped: slurm.drain_node is not configured (how to configure it: sre.yaml slurm)"
    blocks, thread = _rendered(_result("not_configured", error=error, dry_run=False))
    assert ":x:" not in blocks + thread
    assert ":fast_forward: skipped: slurm.drain_node is not configured" in thread
    _, failed = _rendered(_result("error", error="scontrol: timeout", dry_run=False))
    assert ":x: error: scontrol: timeout" in failed  # a real failure keeps its cross


def test_evidence_cited_by_several_causes_is_written_once() -> None:
    dx = diagnosis()
    second = dx.hypotheses[1].model_copy(update={"evidence_ids": ("E01",)})
    blocks, _ = _rendered(dx_update={"hypotheses": (dx.hypotheses[0], second)})
    assert blocks.count("temperature +9 C under no load") == 1
    assert "also `E01` (above)" in blocks
