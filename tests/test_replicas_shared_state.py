"""Two ``gpufleet serve`` replicas on one real PostgreSQL (``state:``) and one real JetStream bus
(``bus:``), with Slack pointed at the local Web API stand-in and the site in shadow mode.

What was per replica and gave a wrong answer with two of them is shared now:

* Slack: one message per incident, posted once and then updated in place, its card complete
  (the replicas split the bus's events; each replica with its own ``slack.db`` posted the
  incident again from the half it saw);
* the shadow ledger: the step the agent would have run is recorded once, in the shared
  database, so ``gpufleet report shadow`` on either replica sees it (it was in the ``shadow.db``
  of whichever replica ran the diagnosis);
* the outbox: shared, sent by one replica at a time (empty at the end, each item sent once).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from gpufleet.graph.shadow.ledger import ShadowLedger
from gpufleet.graph.state.url import PostgresUrl
from gpufleet.service.slack.state import SlackState
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.postgres_server import PostgresServer, postgres_fixture
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config
from tests.slack_standin import (
    BOT_TOKEN,
    CHANNEL_ID,
    SIGNING_SECRET,
    SlackStandIn,
    standin_slack,
)
from tests.test_serve import incident_for, webhook_payload, xid79

__all__ = ["nats_server", "postgres_fixture"]  # fixtures, imported for pytest

AM = {"Authorization": f"Bearer {TOKENS['alertmanager']}"}


def _replica(root: Path, name: str, state: str, bus: str, standin: SlackStandIn) -> Served:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "slack-bot.token").write_text(BOT_TOKEN)
    (folder / "slack-signing.secret").write_text(SIGNING_SECRET)
    extra = (
        f"state: {state}\nbus: {bus}\n"
        "slack:\n"
        f"  channel: {CHANNEL_ID}\n"
        "  bot_token_file: slack-bot.token\n"
        "  signing_secret_file: slack-signing.secret\n"
        f"  api_base_url: {standin.base_url}\n"
        "  retry_initial_s: 0.05\n"
        "  retry_max_s: 0.5\n"
    )
    cfg = write_config(folder, extra=extra)
    with (folder / "policy.yaml").open("a") as policy:
        policy.write("mode: shadow\n")
    return start_serve(cfg, log_name=f"{name}.log")


def _top_level(standin: SlackStandIn, node: str) -> list[dict[str, Any]]:
    """The channel messages (not thread replies) posted about ``node``."""
    return [
        c.args
        for c in standin.of("chat.postMessage")
        if "thread_ts" not in c.args and node in json.dumps(c.args)
    ]


def _shadow_proposals(url: str, node: str) -> list[Any]:
    ledger = ShadowLedger(PostgresUrl(url))
    try:
        return [p for p in ledger.proposals(0, float("inf")) if p.node == node]
    finally:
        ledger.close()


async def _scenario(tmp_path: Path, state: str, bus: str) -> None:
    async with standin_slack() as standin:
        replicas: list[Served] = []
        try:
            for name in ("a", "b"):
                replicas.append(
                    await asyncio.to_thread(_replica, tmp_path, name, state, bus, standin)
                )
            await asyncio.to_thread(_drive, replicas, standin, state)
        finally:
            for served in replicas:
                assert await asyncio.to_thread(served.stop) == 0, served.log()
    for name in ("a", "b"):  # nothing left behind per replica
        assert not (tmp_path / name / "state" / "shadow.db").exists()
        assert not (tmp_path / name / "state" / "slack.db").exists()


def _drive(replicas: list[Served], standin: SlackStandIn, state: str) -> None:
    a, b = replicas
    with a.client() as http:
        r = http.post(
            "/api/v1/alerts/alertmanager", json=webhook_payload(xid79("node-04", 5)), headers=AM
        )
        assert r.status_code == 200, r.text
    with b.client() as http:  # the other replica's book shows it (the shared bus)
        iid = incident_for(http, "node-04")["incident_id"]

    # shadow mode: the drain the agent would have run is recorded (not run) once, in the
    # shared ledger, whichever replica diagnosed the incident
    # (the plan's other steps on the node, a notice per job owner and the requeue, are
    # recorded as they come)
    def drains() -> list[Any]:
        return [p for p in _shadow_proposals(state, "node-04") if p.tool == "slurm.drain_node"]

    [proposal] = wait_for("the shadow record of the drain", drains, 120)
    assert proposal.incident_id == iid

    def card_sent() -> bool:
        cards = [
            c
            for c in standin.calls
            if c.method in ("chat.postMessage", "chat.update")
            and "thread_ts" not in c.args
            and "slurm.drain_node" in json.dumps(c.args)
            and "node-04" in json.dumps(c.args)
        ]
        return bool(cards) and _outbox(state) == {}

    wait_for("the card with the plan, and an empty outbox", card_sent, 120)
    assert len(drains()) == 1  # still one, whichever replica diagnosed, once all is sent
    # one message for the incident, posted once and then only updated
    posted = _top_level(standin, "node-04")
    assert len(posted) == 1, [p.get("text") for p in posted]
    ts = {c.args["ts"] for c in standin.of("chat.update") if "node-04" in json.dumps(c.args)}
    assert len(ts) <= 1, ts


def _outbox(state: str) -> dict[str, int]:
    slack = SlackState(PostgresUrl(state))
    try:
        return slack.outbox_counts()
    finally:
        slack.close()


@needs_nats
def test_two_replicas_post_each_incident_to_slack_once_and_share_the_shadow_ledger(
    postgres: PostgresServer, nats_server: NatsServer, tmp_path: Path
) -> None:
    state = postgres.fresh_url()
    bus = f"{nats_server.url}/{fresh_prefix()}"
    asyncio.run(_scenario(tmp_path, state, bus))
