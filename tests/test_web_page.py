"""The web page of ``gpufleet serve`` in headless Chromium (Debian's ``chromium``, driven by
Playwright with its bundled driver; no browser is downloaded): the real service as a subprocess
on 127.0.0.1, incidents opened through its Alertmanager webhook, then what a person does on the
page — open an incident, read its diagnosis and steps, approve a step with the API token — and
what must never happen: alert text running as markup, the token in a URL, a decision without a
valid token. A second service watches a real VictoriaMetrics holding dcgm-exporter history: a
question about a GPU's temperature is answered from that store and plotted.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import time
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from gpufleet.evals.vm_server import VictoriaMetrics
from gpufleet.service.web.page import ASSETS, CONTENT_SECURITY_POLICY, INDEX
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)
STATIC = Path(__file__).resolve().parent.parent / "src" / "gpufleet" / "service" / "web" / "static"
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
    config = tomllib.loads((STATIC.parents[4] / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["gpufleet.service.web"]
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
def test_a_refresh_that_was_loading_keeps_a_reason_typed_meanwhile(tab: Tab, fleet: Fleet) -> None:
    """The page refreshes itself every few seconds unless the person is typing. A refresh that
    started before they began typing a reason used to replace the row when it answered, and
    the reason was gone by the time they clicked (old code: the field came back empty)."""
    aid = fleet.approval["request"]["approval_id"]
    page = tab.open(f"#/incident/{fleet.plain['incident_id']}")
    reason = page.locator(f'#steps tr[data-approval="{aid}"] input.reason')
    expect(reason).to_be_visible()
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:  # the next background refresh waits here
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/**", hold_the_first)
    deadline = time.monotonic() + 20
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert held, "no background refresh started"
    reason.fill("typed while the refresh loaded")
    held[0].continue_()
    page.wait_for_timeout(1500)  # the refresh has answered
    page.unroute("**/api/**")
    expect(reason).to_have_value("typed while the refresh loaded")
    reason.fill("")


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
    # refused, the step can be decided again: its buttons are not left disabled
    expect(step.locator("button.approve")).to_be_enabled()
    expect(step.locator("button.reject")).to_be_enabled()

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

    # an evidence citation's target (this answer's top cause cites no evidence row of its
    # own): the incident opened at that row, marked
    with fleet.served.client() as http:
        evidence = http.get(f"/api/v1/incidents/{plain_id}").json()["evidence"]
    evidence_id = evidence[-1]["evidence_id"]
    page.goto(tab.url + f"/#/incident/{plain_id}/evidence/{evidence_id}")
    expect(page.locator(f"#ev-{evidence_id}")).to_have_class("hit")

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


# ---------------------------------------------------------------------------- a metric, plotted
# The history a dcgm-exporter scraped every 15 s leaves in VictoriaMetrics: 45 minutes before the
# module starts and 40 after (the exporter's next scrapes, so the fleet the service watches stays
# current while the module runs), for three GPUs; node-03/gpu5 misses 3 minutes of scrapes and
# reported one NaN. The question's 30-minute window lies inside it whenever the module asks.
SCRAPE_S = 15
BEFORE_S, AFTER_S = 45 * 60, 40 * 60
GAP_S = (15 * 60, 12 * 60)  # seconds before the start: no samples for node-03/gpu5
NAN_S = 8 * 60  # seconds before the start: node-03/gpu5 reported NaN
PLOTTED = ("node-03", 5)
GPUS = (("node-03", 4, "00000000:9A:00.0"), ("node-03", 5, "00000000:AB:00.0"),
        ("node-04", 0, "00000000:18:00.0"))  # fmt: skip
QUESTION = "show the temperature of node-03 gpu5 for the last 30 minutes"


def _temperature(gpu: int, t: int) -> float:
    return float(52 + 3 * gpu + (t // SCRAPE_S * 7) % 19)  # whole degrees, as DCGM reports


def _dcgm_history(t0: int) -> str:
    """Exposition text as dcgm-exporter writes it (its label names), with scrape times (ms)."""
    out = []
    for host, gpu, bus in GPUS:
        labels = (
            f'gpu="{gpu}",UUID="GPU-{host[-2:]}{gpu}e4c2a1-7b3d-4f0e-9c1a-5d2e8f6b{gpu}a10",'
            f'pci_bus_id="{bus}",device="nvidia{gpu}",modelName="NVIDIA H100 80GB HBM3",'
            f'Hostname="{host}",DCGM_FI_DRIVER_VERSION="550.54.15",job="dcgm-exporter",'
            f'instance="{host}:9400"'
        )
        for t in range(t0 - BEFORE_S, t0 + AFTER_S + 1, SCRAPE_S):
            ago = t0 - t
            plotted = (host, gpu) == PLOTTED
            if plotted and GAP_S[0] >= ago > GAP_S[1]:
                continue
            temp = "NaN" if plotted and ago == NAN_S else f"{_temperature(gpu, t):g}"
            out.append(f"DCGM_FI_DEV_GPU_TEMP{{{labels}}} {temp} {t * 1000}")
            out.append(f"DCGM_FI_DEV_POWER_USAGE{{{labels}}} {310 + gpu}.5 {t * 1000}")
            out.append(f"DCGM_FI_DEV_GPU_UTIL{{{labels}}} 97 {t * 1000}")
    return "\n".join(out) + "\n"


class MetricFleet:
    """VictoriaMetrics holding the history, and the service watching it (``prometheus:URL``):
    its SRE agent's and chat's ``metrics.history`` read the store."""

    def __init__(self, vm: VictoriaMetrics, served: Served, t0: int) -> None:
        self.vm, self.served, self.t0 = vm, served, t0


@pytest.fixture(scope="module")
def metric_fleet(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MetricFleet]:
    flags = [
        # queries this fast are tracked too: the test reads back what the service asked
        "-search.queryStats.minQueryDuration=0s",
        # the points of a range query ending now keep their own values (VM gives the ones
        # nearest now the value before them, as they may be incomplete while scrapes arrive;
        # -search.latencyOffset=0s does not stop it; here the whole history is in beforehand)
        "-search.maxStepForPointsAdjustment=1ms",
    ]
    with VictoriaMetrics(extra_flags=flags) as vm:
        t0 = int(time.time())
        vm.import_prometheus(_dcgm_history(t0))
        vm.force_flush()
        folder = tmp_path_factory.mktemp("web-metrics")
        served = start_serve(write_config(folder, source=f"prometheus:{vm.url}"))
        try:
            yield MetricFleet(vm, served, t0)
        finally:
            rc = served.stop()
            assert rc == 0, served.log()


# A copy of each chat stream the page reads, kept for the test (the page gets the other half
# of a tee, as it arrives). DevTools' copy of a streamed body is not always kept.
KEEP_CHAT_STREAMS = """(() => {
  const original = window.fetch;
  window.__chatStreams = [];
  window.fetch = async (...args) => {
    const response = await original(...args);
    if (!String(args[0]).endsWith("/api/v1/chat") || !response.body) return response;
    const [kept, shown] = response.body.tee();
    window.__chatStreams.push(new Response(kept).text());
    const { status, statusText, headers } = response;
    return new Response(shown, { status, statusText, headers });
  };
})();"""


def _streamed_answer(body: str) -> dict[str, Any]:
    """The ``answer`` event of a chat stream (``event: answer`` / ``data: {…}``)."""
    for block in body.split("\n\n"):
        lines = block.splitlines()
        if "event: answer" in lines:
            data = "".join(x[len("data: ") :] for x in lines if x.startswith("data: "))
            answer: dict[str, Any] = json.loads(data)["answer"]
            return answer
    raise AssertionError(f"no answer event in the stream: {body[-2000:]!r}")


def _raw_samples(vm: VictoriaMetrics, start: float, end: float) -> list[tuple[float, float]]:
    """What the store holds for node-03/gpu5's temperature in (start, end], NaN left out."""
    host, gpu = PLOTTED
    rows = vm.export(f'DCGM_FI_DEV_GPU_TEMP{{Hostname="{host}",gpu="{gpu}"}}', start, end)
    assert len(rows) == 1, rows
    pairs = zip(rows[0]["timestamps"], rows[0]["values"], strict=True)
    got = [(ms / 1000, float(v)) for ms, v in pairs if v is not None]
    return sorted((t, v) for t, v in got if start < t <= end and not math.isnan(v))


@needs_chromium
def test_a_metric_question_is_answered_from_the_store_and_plotted(
    browser: Any, metric_fleet: MetricFleet
) -> None:
    vm = metric_fleet.vm
    tab = Tab(browser, metric_fleet.served.url)
    try:
        tab.page.add_init_script(KEEP_CHAT_STREAMS)
        page = tab.open("#/")
        asked = time.time()
        answer = _ask(page, QUESTION)
        answered = time.time()
        (body,) = page.evaluate("Promise.all(window.__chatStreams)")
        sent = _streamed_answer(body)
        assert len(sent["series"]) == 1, sent
        series = sent["series"][0]
        points = [(float(t), float(v)) for t, v in series["points"]]
        # the window: the 30 minutes before the question, on the grid start + k·step
        start = points[0][0]
        step = min(b[0] - a[0] for a, b in itertools.pairwise(points))
        assert asked - 1800 - 1 <= start <= answered - 1800
        assert all(abs((t - start) / step - round((t - start) / step)) < 1e-6 for t, _ in points)

        # the store's own answer to the query the service cites: the same points
        query = series["query"]
        expected = vm.query_range(query, start, start + 1800, step)
        assert [(float(t), float(v)) for t, v in expected[0]["values"]] == points
        # and what it holds: one sample per step, the gap and the NaN left out
        raw = _raw_samples(vm, start - step, start + 1800)
        assert [v for _, v in raw] == [v for _, v in points]
        gap = (metric_fleet.t0 - GAP_S[0], metric_fleet.t0 - GAP_S[1])
        assert not [t for t, _ in points if gap[0] <= t < gap[1]]
        assert not [t for t, _ in points if 0 <= t - (metric_fleet.t0 - NAN_S) < step]
        assert len(points) == round(1800 / step) + 1 - round((gap[1] - gap[0]) / step) - 1

        figure = answer.locator("figure.series")
        expect(figure).to_have_attribute("data-points", str(len(raw)))
        # three runs of samples: before the gap, between it and the NaN, after the NaN
        expect(figure).to_have_attribute("data-runs", "3")
        lines = figure.locator("svg polyline.series-line")
        expect(lines).to_have_count(3)
        vertices = [len((lines.nth(i).get_attribute("points") or "").split()) for i in range(3)]
        assert sum(vertices) == len(raw)
        assert "NaN" not in page.content()
        expect(figure.locator("figcaption")).to_contain_text(
            "DCGM_FI_DEV_GPU_TEMP of node-03/gpu5 (°C)"
        )
        values = [v for _, v in raw]
        lo, mean, hi = min(values), sum(values) / len(values), max(values)
        expect(answer.locator(".answer-text")).to_contain_text(
            f"DCGM_FI_DEV_GPU_TEMP of node-03/gpu5 over the last 30 minutes: "
            f"min {lo:.1f}°C, mean {mean:.1f}°C, max {hi:.1f}°C"
        )
        expect(answer.locator(".answer-text")).to_contain_text(f"({len(raw)} samples)")

        # the query citation is the PromQL the store received, for this GPU
        assert 'DCGM_FI_DEV_GPU_TEMP{Hostname="node-03",gpu="5"}' in query
        # (the answer may cite other reads too, such as the topology read that found the GPU)
        metric_query = answer.locator('.sources li[data-kind="query"] code').filter(
            has_text="DCGM_FI_DEV_GPU_TEMP"
        )
        expect(metric_query).to_have_text(query)
        with httpx.Client(trust_env=False) as http:
            stats = http.get(f"{vm.url}/api/v1/status/top_queries", params={"topN": 1000})
        received = {(q["query"], q["timeRangeSeconds"]) for q in stats.json()["topByCount"]}
        assert (query, 1800) in received, received
        assert not tab.errors, tab.errors
    finally:
        tab.close()


@needs_chromium
def test_a_wrong_token_in_the_chat_is_a_clear_401(tab: Tab) -> None:
    page = tab.open("#/")
    page.fill("#token-input", "not-a-token")
    page.click("#token-save")
    answer = _ask(page, "which approvals are waiting for me?")
    expect(answer).to_have_class(re.compile(r"failed"))
    expect(answer).to_contain_text("Not allowed (401)")
    expect(page.locator("#notice")).to_contain_text("Not allowed (401)")
