"""The incident page's layout with a hostile amount of data, in headless Chromium against a
stubbed API (Playwright answers every request; nothing listens): a 7 KB PromQL shared by 40
evidence rows is written once and folded, a dry run shows what it would have run, and the
decision buttons are hidden when the service has no token that could accept them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpufleet.service.web.page import ASSETS, INDEX

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
STATIC = Path(__file__).resolve().parent.parent / "src" / "gpufleet" / "service" / "web" / "static"
ORIGIN = "http://gpufleet.test"
QUERY = '{__name__=~"' + "|".join(f"DCGM_FI_DEV_FIELD_{i:03d}" for i in range(280)) + '"}'
COMMAND = 'scontrol update NodeName=node-17 State=DRAIN Reason="gpufleet: fan failure"'


def _detail() -> dict[str, Any]:
    incident = {
        "incident_id": "inc-1",
        "title": "thermal: gpu_temp_rising on node-17/gpu4",
        "family": "thermal",
        "scope": "chassis",
        "root_entity": "node-17/gpu4",
        "severity": 20,
        "phase": "diagnosed",
        "opened_at": 1.8e9,
        "updated_at": 1.8e9,
        "anomaly_count": 3,
        "nodes": ["node-17"],
        "symptoms": ["gpu_temp_rising"],
        "provenance": "noc",
    }
    evidence = [
        {
            "evidence_id": f"E{i:02d}",
            "layer": "hardware",
            "tool": "metrics.history",
            "entity": f"node-17/gpu{i % 8}",
            "summary": f"temperature +{i} C",
            "status": "ok",
            "query": QUERY,
        }
        for i in range(40)
    ]
    step = {
        "index": 1,
        "name": "drain the node",
        "tool": "slurm.drain_node",
        "args": {"node": "node-17"},
        "risk": "mutate",
        "needs_approval": True,
    }
    diagnosis = {
        "method": "deterministic",
        "time": 1.8e9,
        "hypotheses": [],
        "runbook_id": "drain-and-hardware-ticket",
        "runbook_version": 3,
        "plan": [step],
    }
    return {
        "incident": incident,
        "diagnosis": diagnosis,
        "evidence": evidence,
        "actions": [],
        "timeline": [],
    }


def _approval(status: str) -> dict[str, Any]:
    return {
        "status": status,
        "decision": {"by": "demo-operator"} if status == "approved" else None,
        "request": {
            "approval_id": "apr-1",
            "incident_id": "inc-1",
            "step_index": 1,
            "tool": "slurm.drain_node",
            "args": {"node": "node-17"},
            "runbook_id": "drain-and-hardware-ticket",
            "created_at": 1.8e9,
        },
    }


class Stub:
    """Answers the page's requests: its files, and the API from ``self.api``."""

    def __init__(self) -> None:
        self.api: dict[str, Any] = {}

    def handle(self, route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("#", 1)[0]
        if path in ("/", ""):
            body, media = (STATIC / INDEX).read_bytes(), "text/html"
        elif path.startswith("/ui/") and path[4:] in ASSETS:
            body, media = (STATIC / path[4:]).read_bytes(), ASSETS[path[4:]]
        else:
            key = path.removeprefix("/api/v1").split("?", 1)[0]
            if key not in self.api:
                route.fulfill(status=404, content_type="application/json", body='{"detail":"no"}')
                return
            body, media = json.dumps(self.api[key]).encode(), "application/json"
        route.fulfill(status=200, content_type=media, body=body)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def _open(browser: Any, stub: Stub) -> Any:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.route(f"{ORIGIN}/**", stub.handle)
    page.goto(f"{ORIGIN}/#/incident/inc-1")
    page.wait_for_selector("#evidence")
    return page


def test_a_query_shared_by_every_evidence_row_is_shown_once_folded(browser: Any) -> None:
    stub = Stub()
    stub.api = {
        "/about": {"decisions": True, "note": ""},
        "/incidents/inc-1": _detail(),
        "/approvals": {"approvals": [_approval("pending")]},
    }
    page = _open(browser, stub)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 4000, height  # 40 rows × a 7 KB query unfolded made a page tens of k px tall
    assert page.locator("details.query").count() == 1
    assert page.locator(".query-same").count() == 39
    assert page.locator(".query-same").first.inner_text() == "query: same as E00"
    assert not page.locator(".query-text").first.is_visible()  # folded
    page.locator("details.query summary").click()
    assert page.locator(".query-text").first.is_visible()
    assert page.locator("button.approve").count() == 1  # a token could be accepted
    page.context.close()


def test_dry_run_shows_what_it_would_have_run_and_buttons_hide_without_tokens(
    browser: Any,
) -> None:
    detail = _detail()
    detail["actions"] = [
        {
            "kind": "action_result",
            "approval_id": "apr-1",
            "tool": "slurm.drain_node",
            "status": "dry_run",
            "dry_run": True,
            "initiator": "demo-operator",
            "query": COMMAND,
        }
    ]
    stub = Stub()
    stub.api = {
        "/about": {"decisions": True, "note": ""},
        "/incidents/inc-1": detail,
        "/approvals": {"approvals": [_approval("approved")]},
    }
    page = _open(browser, stub)
    assert page.locator(".ran").inner_text() == f"would have run: {COMMAND}"
    page.context.close()

    note = "no API token is configured: this service is read-only"
    stub.api = {
        "/about": {"decisions": False, "note": note},
        "/incidents/inc-1": _detail(),
        "/approvals": {"approvals": [_approval("pending")]},
    }
    page = _open(browser, stub)
    assert page.locator("button.approve").count() == 0
    assert page.locator(".decide-off").inner_text() == note
    page.context.close()


def test_an_empty_list_says_when_the_demo_fault_will_show(browser: Any) -> None:
    notice = "the demo fleet now runs in real time. Its fan failure starts at 06:01:02 UTC"
    stub = Stub()
    stub.api = {
        "/about": {"decisions": True, "note": "", "notice": notice},
        "/incidents": {"incidents": []},
    }
    context = browser.new_context()
    page = context.new_page()
    page.route(f"{ORIGIN}/**", stub.handle)
    page.goto(f"{ORIGIN}/#/")
    page.wait_for_selector(".notice-line")
    assert page.locator(".notice-line").inner_text() == notice
    assert "No incidents match." in page.inner_text("body")
    context.close()
