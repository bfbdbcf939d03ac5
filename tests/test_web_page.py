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
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from agents.chat.answer import (
    AnswerDelta,
    ChatAnswer,
    Citation,
    Sentence,
    Series,
    TokenDelta,
)
from agents.chat.stream import tokens
from service.chat.router import sse
from service.web.page import ASSETS, CONTENT_SECURITY_POLICY, INDEX
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
        self.hostile_approval = _pending(served, self.hostile["incident_id"])


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fleet]:
    served = start_serve(write_config(tmp_path_factory.mktemp("web")))
    try:
        yield Fleet(served)
    finally:
        rc = served.stop()
        assert rc == 0, served.log()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for this module's tests. Not session-wide: Playwright's sync API
    keeps an asyncio loop running in this thread while it is open, and later tests call
    ``asyncio.run``."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    playwright_api.expect.set_options(timeout=WAIT_MS)
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
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.url = url

    def _console(self, message: Any) -> None:
        # an answered 401/403/409 is logged by Chromium as a failed load: expected here
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)

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
    code = (STATIC / "app.js").read_text()
    script = re.sub(r"^\s*//.*$", "", code, flags=re.MULTILINE)  # comments may name them
    assert "textContent" in script or "createTextNode" in script
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script, sink
    index = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", index), "inline <script>"
    assert not re.search(r"\son[a-z]+=", index), "inline event handler"
    assert "style=" not in index and "<style" not in index
    assert not re.search(r"(src|href)=\"(https?:)?//", index), "nothing from another host"


def test_the_wheel_ships_every_file_the_page_serves() -> None:
    """pyproject's package data names each static file (a wheel without them serves 404s)."""
    config = tomllib.loads((STATIC.parent.parent.parent / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["service.web"]
    shipped = {f.name for f in STATIC.iterdir() if any(f.match(g) for g in globs)}
    assert shipped == {f.name for f in STATIC.iterdir()}
    assert {INDEX, *ASSETS} == shipped, "served files and the folder agree"


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
    title = fleet.hostile["title"]  # the alert's name, JSON-quoted by the intake
    assert "<img src=x" in title and "<script>" in title
    expect(page.locator("#view h1")).to_have_text(title)  # shown literally
    expect(page.locator("#view .summary")).to_contain_text("<script>window.pwned=2</script>")
    expect(page.locator("#steps")).to_contain_text("<img src=x")  # in the step's arguments
    page.goto(tab.url + "/#/")
    expect(page.locator(f'tr[data-incident="{hostile_id}"] a')).to_have_text(title)
    assert page.locator("#view img, #view script").count() == 0
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert not tab.dialogs


@needs_chromium
def test_decisions_need_a_valid_token_say_why_and_change_the_state(tab: Tab, fleet: Fleet) -> None:
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


@needs_chromium
def test_a_decision_made_elsewhere_meanwhile_is_a_conflict_said_plainly(
    tab: Tab, fleet: Fleet
) -> None:
    hostile_id = fleet.hostile["incident_id"]
    aid = fleet.hostile_approval["request"]["approval_id"]
    page = tab.open(f"#/incident/{hostile_id}")
    page.fill("#token-input", TOKENS["alice"])
    page.click("#token-save")
    step = page.locator(f'#steps tr[data-approval="{aid}"]')
    step.locator("input.reason").fill("node-05 is fine, false alarm")  # the page is open…
    with fleet.served.client() as http:  # …while someone else decides in the CLI or Slack
        r = http.post(
            f"/api/v1/approvals/{aid}/approve",
            json={"reason": "confirmed on the BMC"},
            headers=fleet.served.auth("alice"),
        )
        assert r.status_code == 200, r.text
    step.locator("button.reject").click()
    expect(page.locator("#notice")).to_contain_text("Conflict (409)")
    expect(step.locator(".step-state")).to_contain_text(re.compile(r"by alice$"))
    with fleet.served.client() as http:
        assert http.get(f"/api/v1/approvals/{aid}").json()["status"] == "approved"


# ---------------------------------------------------------------------------- the chat pane
COUNT_STREAMED = """() => {
  window.__streamed = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      const target = r.target;
      if (target.classList && target.classList.contains("text")
          && target.parentElement.classList.contains("streaming")) {
        window.__streamed += r.addedNodes.length;
      }
    }
  }).observe(document.getElementById("chat-log"), { childList: true, subtree: true });
}"""


def _ask(page: Any, question: str) -> Any:
    answers = page.locator("#chat-log li.a")
    before = answers.count()
    page.fill("#chat-input", question)
    page.click("#chat-send")
    answer = answers.nth(before)
    expect(answer).not_to_have_class(re.compile(r"streaming"))
    return answer


@needs_chromium
def test_chat_streams_a_cited_answer_whose_links_work(tab: Tab, fleet: Fleet) -> None:
    plain_id = fleet.plain["incident_id"]
    page = tab.open(f"#/incident/{plain_id}")
    expect(page.locator("#view h1")).to_have_text(fleet.plain["title"])
    page.evaluate(COUNT_STREAMED)
    bodies: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda r: bodies.append(r.post_data_json) if r.url.endswith("/api/v1/chat") else None,
    )

    answer = _ask(page, "what is wrong with node-03?")
    expect(answer.locator(".mode")).to_contain_text("no-model mode")
    text = answer.locator(".answer-text")
    expect(text).to_contain_text(plain_id)
    assert page.evaluate("window.__streamed") > 3, "the answer arrived in token events"
    assert bodies[0]["incident_id"] == plain_id and bodies[0]["history"] == []
    # every sentence carries its citations, and the sources list names them all
    assert answer.locator(".sentence").count() >= 2
    assert answer.locator(".sentence").count() == answer.locator(".sentence:has(.cite)").count()
    cites = answer.locator(f'a.cite[href="#/incident/{plain_id}"]')
    expect(cites.first).to_be_visible()

    # the card the answer cites opens the card's page
    card = answer.locator('.sources li[data-kind="card"] a').first
    card_id = card.text_content()
    card.click()
    expect(page).to_have_url(re.compile(f"#/card/{card_id}"))
    expect(page.locator("#view p.mono")).to_have_text(card_id or "")
    expect(page.locator("#view")).not_to_contain_text("did not return this card")

    # the approval it cites opens the approval, with its state
    approval = answer.locator('.sources li[data-kind="approval"] a').first
    aid = approval.text_content()
    approval.click()
    expect(page).to_have_url(re.compile(f"#/approval/{aid}$"))
    expect(page.locator("#view h1")).to_contain_text(aid or "")

    # and the incident citation leads back to the incident
    cites.first.click()
    expect(page).to_have_url(re.compile(f"#/incident/{plain_id}$"))
    expect(page.locator("#view h1")).to_have_text(fleet.plain["title"])

    # the conversation goes on: the second question carries the first turn
    second = _ask(page, "which approvals are waiting for me?")
    expect(second.locator(".answer-text")).to_contain_text("waiting")
    assert [t["role"] for t in bodies[1]["history"]] == ["user", "assistant"]
    assert bodies[1]["history"][0]["text"] == "what is wrong with node-03?"
    assert not tab.errors, tab.errors


def _series_answer(incident_id: str, evidence_id: str) -> bytes:
    """A metric answer as the chat endpoint streams it (the contract's own types and framing):
    the served simulator keeps no metric history a question could plot."""
    points = tuple((1_764_000_000.0 + 60 * i, 60.0 + (i % 7) * 2.5) for i in range(30))
    inc = Citation(kind="incident", id=incident_id, label="the incident")
    ev = Citation(kind="evidence", id=evidence_id, label="what the diagnosis read")
    q = Citation(kind="query", id="DCGM_FI_DEV_GPU_TEMP{gpu=5,Hostname=node-03}[30m]")
    sentences = (
        Sentence(
            text="node-03/gpu5 ran between 60 and 75 C over the last 30 minutes.", citations=(q,)
        ),
        Sentence(text="The diagnosis read it too.", citations=(inc, ev)),
    )
    answer = ChatAnswer(
        question="show the temperature of node-03 gpu5 for the last 30 minutes",
        text=" ".join(x.text for x in sentences),
        sentences=sentences,
        citations=(q, inc, ev),
        mode="no-model",
        series=(
            Series(
                entity="node-03/gpu5",
                field="DCGM_FI_DEV_GPU_TEMP",
                points=points,
                query=q.id,
                unit="C",
            ),
        ),
    )
    out = b"".join(sse("token", TokenDelta(text=p).model_dump_json()) for p in tokens(answer.text))
    return out + sse("answer", AnswerDelta(answer=answer).model_dump_json())


@needs_chromium
def test_a_metric_answer_is_drawn_and_its_evidence_link_finds_the_row(
    tab: Tab, fleet: Fleet
) -> None:
    plain_id = fleet.plain["incident_id"]
    with fleet.served.client() as http:
        evidence = http.get(f"/api/v1/incidents/{plain_id}").json()["evidence"]
    evidence_id = evidence[-1]["evidence_id"]
    tab.page.route(
        "**/api/v1/chat",
        lambda route: route.fulfill(
            status=200,
            headers={"Content-Type": "text/event-stream"},
            body=_series_answer(plain_id, evidence_id),
        ),
    )
    page = tab.open("#/")
    answer = _ask(page, "show the temperature of node-03 gpu5 for the last 30 minutes")
    figure = answer.locator("figure.series")
    expect(figure).to_have_attribute("data-points", "30")
    line = figure.locator("svg polyline.series-line")
    assert len(line.get_attribute("points").split()) == 30  # type: ignore[union-attr]
    expect(figure.locator("figcaption")).to_contain_text("DCGM_FI_DEV_GPU_TEMP of node-03/gpu5 (C)")
    expect(answer.locator('.sources li[data-kind="query"] code')).to_contain_text("GPU_TEMP")
    answer.locator('.sources li[data-kind="evidence"] a').click()
    expect(page).to_have_url(re.compile(f"#/incident/{plain_id}/evidence/{evidence_id}$"))
    expect(page.locator(f"#ev-{evidence_id}")).to_have_class("hit")
    assert not tab.errors, tab.errors


@needs_chromium
def test_a_wrong_token_in_the_chat_is_a_clear_401(tab: Tab) -> None:
    page = tab.open("#/")
    page.fill("#token-input", "not-a-token")
    page.click("#token-save")
    answer = _ask(page, "which approvals are waiting for me?")
    expect(answer).to_have_class(re.compile(r"failed"))
    expect(answer).to_contain_text("Not allowed (401)")
    expect(page.locator("#notice")).to_contain_text("Not allowed (401)")
