"""The web page of ``gpufleet serve`` in headless Chromium (Debian's ``chromium``, driven by
Playwright with its bundled driver; no browser is downloaded): the real service as a subprocess
on 127.0.0.1, incidents opened through its Alertmanager webhook, then what a person does on the
page — open an incident, read its diagnosis and steps, approve a step with the API token — and
what must never happen: alert text running as markup, the token in a URL, a decision without a
valid token.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.web.page import CONTENT_SECURITY_POLICY
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)
STATIC = Path(__file__).resolve().parent.parent / "service" / "web" / "static"
HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
WAIT_MS = 60_000  # a bound that only ends a hung test; every wait is for a condition


def _now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _xid_alert(node: str, gpu: int, *, alertname: str, summary: str) -> dict[str, Any]:
    return {
        "status": "firing",
        "labels": {
            "alertname": alertname,
            "Hostname": node,
            "gpu": str(gpu),
            "xid": "79",
            "severity": "critical",
        },
        "annotations": {"summary": summary},
        "startsAt": _now_iso(),
        "fingerprint": f"fp-{node}-{gpu}-{time.monotonic_ns()}",
    }


def _fire(served: Served, alert: dict[str, Any]) -> None:
    payload = {
        "version": "4",
        "groupKey": "{}:{}",
        "status": "firing",
        "receiver": "gpufleet",
        "groupLabels": {},
        "commonLabels": {},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager.example",
        "alerts": [alert],
    }
    with served.client() as http:
        r = http.post(
            "/api/v1/alerts/alertmanager", json=payload, headers=served.auth("alertmanager")
        )
        assert r.status_code == 200, r.text


def _incident_on(served: Served, node: str) -> dict[str, Any]:
    def probe() -> dict[str, Any] | None:
        with served.client() as http:
            got = http.get("/api/v1/incidents", params={"node": node}).json()["incidents"]
        return got[0] if got else None

    found: dict[str, Any] = wait_for(f"an incident on {node}", probe, timeout_s=120)
    return found


def _pending(served: Served, incident_id: str) -> dict[str, Any]:
    def probe() -> list[dict[str, Any]]:
        with served.client() as http:
            rows = http.get("/api/v1/approvals", params={"incident_id": incident_id}).json()
        return [a for a in rows["approvals"] if a["status"] == "pending"]

    found: list[dict[str, Any]] = wait_for(
        f"an approval request for {incident_id}", probe, timeout_s=180
    )
    return found[0]


class Fleet:
    """The service with two incidents: a plain Xid 79 and one whose alert text is hostile."""

    def __init__(self, served: Served) -> None:
        self.served = served
        _fire(served, _xid_alert("node-03", 5, alertname="DCGMXidErrors", summary="fell off"))
        _fire(served, _xid_alert("node-05", 2, alertname=HOSTILE, summary=HOSTILE))
        self.plain = _incident_on(served, "node-03")
        self.hostile = _incident_on(served, "node-05")
        self.approval = _pending(served, self.plain["incident_id"])


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    served = start_serve(write_config(tmp_path_factory.mktemp("web")))
    try:
        yield Fleet(served)
    finally:
        rc = served.stop()
        assert rc == 0, served.log()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


class Tab:
    """One page in a fresh browser context, recording what a test must be able to check:
    console errors (a CSP violation is one), the URLs requested, dialogs opened."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on(
            "console", lambda m: self.errors.append(m.text) if m.type == "error" else None
        )
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.url = url

    def open(self, fragment: str = "#/") -> Any:
        self.page.goto(self.url + "/" + fragment)
        return self.page

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tab(browser: Any, fleet: Fleet) -> Iterator[Tab]:
    t = Tab(browser, fleet.served.url)
    try:
        yield t
    finally:
        t.close()


def expect(target: Any) -> Any:
    return playwright_api.expect(target)


# ---------------------------------------------------------------------------- static checks
def test_the_script_never_writes_markup_and_the_page_has_no_inline_code() -> None:
    script = (STATIC / "app.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script, sink
    index = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", index), "inline <script>"
    assert not re.search(r"\son[a-z]+=", index), "inline event handler"
    assert "style=" not in index and "<style" not in index
    assert not re.search(r"(src|href)=\"(https?:)?//", index), "nothing from another host"


# ---------------------------------------------------------------------------- the service
def test_page_and_assets_are_served_with_a_strict_policy(fleet: Fleet) -> None:
    with fleet.served.client() as http:
        page = http.get("/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        csp = page.headers["content-security-policy"]
        assert csp == CONTENT_SECURITY_POLICY
        assert "script-src 'self'" in csp and "unsafe" not in csp
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
        assert page.headers["x-content-type-options"] == "nosniff"
        assert '<script src="/ui/app.js"' in page.text
        js = http.get("/ui/app.js")
        assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
        assert js.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert http.get("/ui/app.css").headers["content-type"].startswith("text/css")
        for bad in ("/ui/nope.js", "/ui/..%2Fpage.py", "/ui/index.html"):
            r = http.get(bad)
            assert r.status_code == 404 and "error" in r.json(), bad
        assert "/" not in http.get("/openapi.json").json()["paths"], "the page is not API"


@needs_chromium
def test_incident_list_filters_and_the_incident_page(tab: Tab, fleet: Fleet) -> None:
    page = tab.open()
    plain_id = fleet.plain["incident_id"]
    row = page.locator(f'tr[data-incident="{plain_id}"]')
    expect(row).to_be_visible()
    expect(page.locator(f'tr[data-incident="{fleet.hostile["incident_id"]}"]')).to_be_visible()

    page.select_option("select[name=severity]", "critical")
    page.fill("input[name=node]", "node-03")
    page.click("#filters button[type=submit]")
    expect(page).to_have_url(re.compile(r"#/\?severity=critical&node=node-03$"))
    expect(page.locator("table.incidents tbody tr")).to_have_count(1)
    expect(row).to_be_visible()

    row.locator("a.incident-link").click()
    expect(page).to_have_url(re.compile(f"#/incident/{plain_id}$"))
    expect(page.locator("#view h1")).to_have_text(fleet.plain["title"])
    expect(page.locator("#chat-context")).to_have_text(f"about incident {plain_id}")
    # the diagnosis: ranked causes, each a link to its knowledge card
    causes = page.locator("#diagnosis a.card-link")
    expect(causes.first).to_be_visible()
    # the runbook's steps, the pending one with its state and the decision controls
    aid = fleet.approval["request"]["approval_id"]
    step = page.locator(f'#steps tr[data-approval="{aid}"]')
    expect(step.locator(".step-state")).to_have_text("pending")
    expect(step.locator("button.approve")).to_be_visible()
    expect(page.locator("#timeline tr").first).to_contain_text("incident_opened")

    # a cause's card: the knowledge search's answer for it
    title = causes.first.text_content()
    causes.first.click()
    expect(page).to_have_url(re.compile(r"#/card/[^/?]+\?title="))
    expect(page.locator("#view h1")).to_have_text(title or "")
    assert not tab.errors, tab.errors


@needs_chromium
def test_alert_text_is_shown_as_text_never_run(tab: Tab, fleet: Fleet) -> None:
    hostile_id = fleet.hostile["incident_id"]
    page = tab.open(f"#/incident/{hostile_id}")
    expect(page.locator("#view h1")).to_contain_text(HOSTILE)  # the label, literally
    expect(page.locator("#view .summary")).to_contain_text(HOSTILE)
    page.goto(tab.url + "/#/")
    expect(page.locator(f'tr[data-incident="{hostile_id}"] a')).to_contain_text(HOSTILE)
    assert page.locator("#view img, #view script").count() == 0
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert not tab.dialogs


@needs_chromium
def test_decisions_need_a_valid_token_say_why_and_change_the_state(
    tab: Tab, fleet: Fleet
) -> None:
    plain_id = fleet.plain["incident_id"]
    aid = fleet.approval["request"]["approval_id"]
    page = tab.open(f"#/incident/{plain_id}")
    step = page.locator(f'#steps tr[data-approval="{aid}"]')
    notice = page.locator("#notice")

    def click(verb: str, reason: str = "Xid 79 confirmed on the BMC") -> None:
        step.locator("input.reason").fill(reason)
        step.locator(f"button.{verb}").click()

    click("approve", reason="")
    expect(notice).to_contain_text("Write a reason first")
    click("approve")
    expect(notice).to_contain_text("needs the API token")

    def use_token(token: str) -> None:
        page.fill("#token-input", token)
        page.click("#token-save")
        expect(page.locator("#token-state")).to_have_text("token set (this tab only)")
        expect(page.locator("#token-input")).to_have_value("")  # not left in the field

    use_token("tok-alice-5f2d")  # one character off
    click("approve")
    expect(notice).to_contain_text("Not allowed (401)")
    use_token(TOKENS["carol"])  # a valid token, but carol is no approver
    click("approve")
    expect(notice).to_contain_text("Refused (403)")
    expect(notice).to_contain_text("carol")
    expect(step.locator(".step-state")).to_have_text("pending")

    use_token(TOKENS["alice"])
    click("approve")
    expect(notice).to_contain_text("approved by alice")
    expect(step.locator(".step-state")).to_contain_text(re.compile(r"by alice$"))
    expect(step.locator("button.approve")).to_have_count(0)
    with fleet.served.client() as http:
        record = http.get(f"/api/v1/approvals/{aid}").json()
    assert record["status"] == "approved" and record["decision"]["by"] == "alice"

    # the same decision again, from the approval's own page: a conflict, said plainly
    page.goto(tab.url + f"/#/approval/{aid}")
    expect(page.locator(".step-state")).to_have_text("approved")
    token = page.evaluate("sessionStorage.getItem('gpufleet.apiToken')")
    assert token == TOKENS["alice"]
    with httpx.Client(base_url=fleet.served.url, trust_env=False) as http:
        again = http.post(
            f"/api/v1/approvals/{aid}/reject",
            json={"reason": "changed my mind"},
            headers=fleet.served.auth("alice"),
        )
    assert again.status_code == 409
    # the token never travelled in a URL
    assert not [u for u in tab.requests if any(t in u for t in TOKENS.values())]
    assert not [u for u in tab.requests if "5f2d" in u]
    assert not tab.errors, tab.errors
