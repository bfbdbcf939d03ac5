"""``gpufleet serve`` end to end: the real CLI as a subprocess on 127.0.0.1, a real Alertmanager
firing at it, the API (tokens, decisions, errors), ``/metrics``, the ``gpufleet approvals`` CLI
on the same state, schemathesis against ``/openapi.json``, and ``kill -9`` with nothing lost.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from gpufleet.cli.main import main
from gpufleet.service.metrics import METRIC_NAMES
from tests.alertmanager_server import alertmanager, needs_am
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("serve")
    s = start_serve(write_config(folder))
    try:
        yield s
    finally:
        rc = s.stop()
        assert rc == 0, s.log()


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def webhook_payload(*alerts: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": "4",
        "groupKey": "{}:{}",
        "status": "firing",
        "receiver": "gpufleet",
        "groupLabels": {},
        "commonLabels": {},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager.example",
        "alerts": list(alerts),
    }


def xid79(node: str, gpu: int, starts: str | None = None) -> dict[str, Any]:
    return {
        "status": "firing",
        "labels": {
            "alertname": "DCGMXidErrors",
            "Hostname": node,
            "gpu": str(gpu),
            "xid": "79",
            "severity": "critical",
        },
        "annotations": {"summary": "GPU has fallen off the bus"},
        "startsAt": starts or now_iso(),
        "fingerprint": f"fp-{node}-{gpu}-{time.monotonic_ns()}",
    }


def pending_for(http: httpx.Client, incident_id: str) -> list[dict[str, Any]]:
    rows = http.get("/api/v1/approvals", params={"incident_id": incident_id}).json()
    return [a for a in rows["approvals"] if a["status"] == "pending"]


def approval_of(http: httpx.Client, incident_id: str) -> dict[str, Any]:
    """The first pending approval of an incident, once its diagnosis has paused on it."""
    found: list[dict[str, Any]] = wait_for(
        f"an approval request for {incident_id}",
        lambda: pending_for(http, incident_id),
        timeout_s=120,
    )
    return found[0]


def incident_for(http: httpx.Client, node: str) -> dict[str, Any]:
    def probe() -> dict[str, Any] | None:
        got = http.get("/api/v1/incidents", params={"node": node}).json()["incidents"]
        return got[0] if got else None

    found: dict[str, Any] = wait_for(f"an incident on {node}", probe, timeout_s=60)
    return found


def cli_approvals(served: Served) -> list[dict[str, Any]]:
    """``gpufleet approvals --json`` on the service's state dir (another process's view)."""
    out = io.StringIO()
    assert main(["approvals", "--state-dir", served.banner["state_dir"], "--json"], out=out) == 0
    rows: list[dict[str, Any]] = json.loads(out.getvalue())
    return rows


# ---------------------------------------------------------------------------- the basics
def test_health_openapi_and_metrics(served: Served) -> None:
    with served.client() as http:
        assert http.get("/healthz").text == "ok\n"
        ready = wait_for("/readyz", lambda: http.get("/readyz").status_code == 200)
        assert ready
        spec = http.get("/openapi.json").json()
        for path in (
            "/api/v1/alerts/alertmanager",
            "/api/v1/incidents",
            "/api/v1/incidents/{incident_id}",
            "/api/v1/approvals",
            "/api/v1/approvals/{approval_id}/approve",
            "/api/v1/approvals/{approval_id}/reject",
            "/api/v1/steps/unknown",
            "/api/v1/steps/{step_key}/settle",
            "/api/v1/recommendations",
            "/api/v1/knowledge/search",
        ):
            assert path in spec["paths"], path
        text = http.get("/metrics").text
        exposed = {
            line.split("{")[0].split(" ")[0] for line in text.splitlines() if line[:1] != "#"
        }
        # every series of the catalogue that exists before any event has happened
        assert {
            "gpufleet_samples_ingested_total",
            "gpufleet_approvals",
            "gpufleet_bus_lag_events",
            "gpufleet_intake_journal_pending",
            "gpufleet_alerts_received_total",
            "gpufleet_anomalies_total",
        } <= exposed
        assert exposed & {n for n in exposed if n.startswith("gpufleet_")} <= METRIC_NAMES | {
            n for n in exposed if n.endswith(("_created", "_sum", "_count", "_bucket"))
        }
        rec = http.get("/api/v1/recommendations").json()
        assert rec["performance_agent_running"] is False and "no performance agent" in rec["note"]
        hits = http.get("/api/v1/knowledge/search", params={"q": "Xid 79 fallen off the bus"})
        assert hits.status_code == 200
        assert hits.json()["hits"][0]["card_id"]


def test_bad_requests_are_json_naming_the_field(served: Served) -> None:
    with served.client() as http:
        r = http.get("/api/v1/knowledge/search", params={"q": "x", "k": "999"})
        assert r.status_code == 422
        assert [p["field"] for p in r.json()["problems"]] == ["query.k"]
        r = http.get("/api/v1/incidents", params={"phase": "sleeping"})
        assert r.status_code == 422 and r.json()["problems"][0]["field"] == "query.phase"
        assert http.get("/api/v1/incidents/inc-nope").status_code == 404
        r = http.post(
            "/api/v1/approvals/apr-x/approve",
            json={"reason": "ok", "by": "mallory"},  # identity comes from the token only
            headers=served.auth("alice"),
        )
        assert r.status_code == 422 and r.json()["problems"][0]["field"] == "body.by"
        r = http.post(
            "/api/v1/approvals/apr-x/approve", json={"reason": ""}, headers=served.auth("alice")
        )
        assert r.status_code == 422 and r.json()["problems"][0]["field"] == "body.reason"
        big = {"reason": "x" * (70 * 1024)}
        r = http.post("/api/v1/approvals/apr-x/approve", json=big, headers=served.auth("alice"))
        assert r.status_code == 413 and "limit" in r.json()["error"]
        r = http.post("/api/v1/alerts/alertmanager", content=b"[1, 2")
        assert r.status_code == 400 and "not JSON" in r.json()["error"]


# ---------------------------------------------------------------------------- the whole flow
@needs_am
def test_alertmanager_to_approval_via_the_api_then_the_step_runs_dry(
    served: Served, tmp_path: Path
) -> None:
    """Alertmanager fires → incident → diagnosis → approval request → approved over the API
    (by the token's identity) → the step executes in dry-run → visible in the API and CLI."""
    token_file = tmp_path / "am.token"
    token_file.write_text(TOKENS["alertmanager"])
    webhook = f"{served.url}/api/v1/alerts/alertmanager"

    async def fire() -> None:
        async with (
            alertmanager(webhook, bearer_token_file=token_file) as am,
            httpx.AsyncClient(trust_env=False, timeout=10) as http,
        ):
            alert = xid79("node-03", 5)
            del alert["status"], alert["fingerprint"]
            r = await http.post(f"{am}/api/v2/alerts", json=[alert])
            assert r.status_code == 200, r.text
            for _ in range(200):  # until Alertmanager has delivered the notification
                got = httpx.get(f"{served.url}/api/v1/incidents", params={"node": "node-03"})
                if got.json()["incidents"]:
                    return
                await asyncio.sleep(0.1)

    asyncio.run(fire())
    with served.client() as http:
        inc = incident_for(http, "node-03")
        assert inc["provenance"] == "alertmanager:authenticated"
        assert inc["root_entity"] == "node-03/gpu5"
        approval = approval_of(http, inc["incident_id"])
        aid = approval["request"]["approval_id"]

        # the approval is stored while the diagnosis runs (its gate pauses the graph); the
        # diagnosis reaches the read model when the run returns, a moment later
        def diagnosed() -> dict[str, Any] | None:
            d: dict[str, Any] = http.get(f"/api/v1/incidents/{inc['incident_id']}").json()
            return d if d["diagnosis"] else None

        detail = wait_for("the incident's diagnosis in the API", diagnosed, timeout_s=60)
        assert detail["diagnosis"]["hypotheses"], detail
        kinds = [t["kind"] for t in detail["timeline"]]
        assert kinds[0] == "incident_opened" and "diagnosis_ready" in kinds

        # the CLI on the same state shows the same request waiting
        assert aid in {row.get("approval_id") for row in cli_approvals(served)}

        # no token, a wrong token, a token of someone who is no approver: nothing changes
        body = {"reason": "Xid 79 confirmed on the BMC"}
        assert http.post(f"/api/v1/approvals/{aid}/approve", json=body).status_code == 401
        wrong = {"Authorization": "Bearer tok-alice-5f2d"}
        r = http.post(f"/api/v1/approvals/{aid}/approve", json=body, headers=wrong)
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = http.post(f"/api/v1/approvals/{aid}/approve", json=body, headers=served.auth("carol"))
        assert r.status_code == 403 and "carol" in r.json()["error"]
        assert http.get(f"/api/v1/approvals/{aid}").json()["status"] == "pending"

        r = http.post(f"/api/v1/approvals/{aid}/approve", json=body, headers=served.auth("alice"))
        assert r.status_code == 200, r.text
        decided = r.json()["approval"]
        assert decided["status"] == "approved" and decided["decision"]["by"] == "alice"
        # a decided approval is final
        r = http.post(f"/api/v1/approvals/{aid}/reject", json=body, headers=served.auth("alice"))
        assert r.status_code == 409
        assert (
            http.post(
                "/api/v1/approvals/apr-none/approve", json=body, headers=served.auth("alice")
            ).status_code
            == 404
        )

        def ran() -> list[dict[str, Any]]:
            d = http.get(f"/api/v1/incidents/{inc['incident_id']}").json()
            return [
                a
                for a in d["actions"]
                if a["kind"] == "action_result" and a.get("approval_id") == aid
            ]

        (result,) = wait_for("the approved step's result", ran, timeout_s=60)
        assert result["dry_run"] is True and result["initiator"] == "alice"
        metrics = http.get("/metrics").text
        assert 'gpufleet_tool_executions_total{status="' in metrics
        assert "gpufleet_alerts_received_total 1.0" in metrics or "alerts_received_total" in metrics

    # the CLI on the same state: no longer waiting
    assert aid not in {row.get("approval_id") for row in cli_approvals(served)}
    logged = served.stderr_path.read_text(errors="replace") + "".join(served.stdout_lines)
    assert not [t for t in TOKENS.values() if t in logged]  # tokens are never logged


# ---------------------------------------------------------------------------- fuzzing the API
def test_schemathesis_finds_no_server_error(served: Served, tmp_path: Path) -> None:
    """Every operation of /openapi.json, with generated (valid and invalid) inputs, a valid
    token, a bounded number of examples: no 5xx and no answer that breaks its own schema."""
    st = Path(sys.executable).with_name("st")
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    run = subprocess.run(
        [
            str(st),
            "run",
            f"{served.url}/openapi.json",
            "--checks",
            "not_a_server_error",
            "--max-examples",
            "15",
            "--generation-deterministic",
            "--header",
            f"Authorization: Bearer {TOKENS['alice']}",
            "--request-timeout",
            "30",
            "--no-color",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=tmp_path,  # its cache (.schemathesis/) stays out of the repository
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    counts = re.search(r"(\d+) generated, (\d+) passed", run.stdout)
    assert counts is not None and counts[1] == counts[2] and int(counts[1]) > 100, run.stdout[
        -3000:
    ]
    assert (
        re.search(r"Tested: (\d+)", run.stdout)[1]
        == re.search(r"Selected: \d+/(\d+)", run.stdout)[1]
    )  # type: ignore[index]
    assert served.proc.poll() is None  # still serving


# ---------------------------------------------------------------------------- kill -9
def test_kill_9_loses_no_accepted_alert_and_no_pending_approval(tmp_path: Path) -> None:
    cfg = write_config(tmp_path)
    am = {"Authorization": f"Bearer {TOKENS['alertmanager']}"}
    nodes = ("node-05", "node-06", "node-07")

    first = start_serve(cfg, log_name="run1.log")
    try:
        with first.client() as http:
            for i, node in enumerate(nodes):
                r = http.post(
                    "/api/v1/alerts/alertmanager", json=webhook_payload(xid79(node, i)), headers=am
                )
                assert r.status_code == 200, r.text
    finally:
        first.kill9()  # right after the last acknowledgement

    second = start_serve(cfg, log_name="run2.log")
    try:
        with second.client() as http:
            incidents = {node: incident_for(http, node)["incident_id"] for node in nodes}
            pending = {
                node: approval_of(http, iid)["request"]["approval_id"]
                for node, iid in incidents.items()
            }
    finally:
        second.kill9()  # with three approval requests waiting for a person

    third = start_serve(cfg, log_name="run3.log")
    try:
        with third.client() as http:
            for node, iid in incidents.items():
                assert [a["request"]["approval_id"] for a in pending_for(http, iid)] == [
                    pending[node]
                ], node
            assert "gpufleet_intake_journal_pending 0.0" in http.get("/metrics").text
            aid = pending["node-06"]
            r = http.post(
                f"/api/v1/approvals/{aid}/approve",
                json={"reason": "checked after the restart"},
                headers=third.auth("alice"),
            )
            assert r.status_code == 200, r.text

            def ran() -> list[dict[str, Any]]:
                d = http.get(f"/api/v1/incidents/{incidents['node-06']}").json()
                return [
                    a
                    for a in d["actions"]
                    if a["kind"] == "action_result" and a.get("approval_id") == aid
                ]

            # the paused diagnosis of a killed process is resumed by the new one
            (result,) = wait_for("the approved step to run after two kills", ran, timeout_s=60)
            assert result["dry_run"] is True and result["initiator"] == "alice"
    finally:
        assert third.stop() == 0, third.log()
    assert "gpufleet serve: stopped after" in "".join(third.stdout_lines)
