// gpufleet web page: incidents, one incident, the chat pane. Vanilla JS, no dependencies.
//
// Safety rules (the page shows text from alerts, logs, job names and models):
// * data reaches the document through textContent / createTextNode / setAttribute only,
//   never innerHTML; links are built here and always point inside the page ("#/...");
// * the API token is typed once, kept in sessionStorage (this tab only) and sent in the
//   Authorization header, never in a URL;
// * the server's Content-Security-Policy allows scripts from this origin only.
"use strict";

(() => {
  const API = "/api/v1";
  const TOKEN_KEY = "gpufleet.apiToken";
  const PHASES = [
    "detected", "diagnosing", "awaiting_approval", "remediating", "verifying", "resolved",
    "escalated",
  ];
  const SEVERITY_NAMES = { 10: "info", 20: "warning", 30: "critical" };
  const SVG_NS = "http://www.w3.org/2000/svg";
  const REFRESH_MS = 5000;
  const MAX_HISTORY = 20;

  // ------------------------------------------------------------------ DOM, text only
  function append(node, kids) {
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false) continue;
      node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return node;
  }

  // h("a", {href: "#/x", class: "c"}, "text", child): attribute names are ours, values may be
  // data (setAttribute never parses markup); "on*" keys add listeners.
  function h(tag, props, ...kids) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "href") node.setAttribute("href", inPage(value));
      else node.setAttribute(key, String(value));
    }
    return append(node, kids);
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  function inPage(href) {
    return typeof href === "string" && href.startsWith("#/") ? href : "#/";
  }

  // a CSS class made of a data value (a status): letters, digits, "_" and "-" only
  function token_class(value) {
    return String(value || "").toLowerCase().replace(/[^a-z0-9_-]/g, "");
  }

  const enc = encodeURIComponent;
  const link = {
    incident: (id) => `#/incident/${enc(id)}`,
    evidence: (incidentId, evidenceId) => `#/incident/${enc(incidentId)}/evidence/${enc(evidenceId)}`,
    card: (id, title) => `#/card/${enc(id)}` + (title ? `?title=${enc(title)}` : ""),
    approval: (id) => `#/approval/${enc(id)}`,
  };

  function when(seconds) {
    if (typeof seconds !== "number" || !isFinite(seconds)) return "";
    return new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 19) + " UTC";
  }

  function severityName(value) {
    return SEVERITY_NAMES[value] || String(value);
  }

  function args(obj) {
    return Object.entries(obj || {}).map(([k, v]) => `${k}=${v}`).join(", ");
  }

  // ------------------------------------------------------------------ token and notices
  const tokenStore = {
    get() {
      try { return sessionStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; }
    },
    set(value) {
      try { sessionStorage.setItem(TOKEN_KEY, value); } catch (e) { /* storage off */ }
    },
    clear() {
      try { sessionStorage.removeItem(TOKEN_KEY); } catch (e) { /* storage off */ }
    },
  };

  function showTokenState() {
    const has = Boolean(tokenStore.get());
    document.getElementById("token-state").textContent = has
      ? "token set (this tab only)"
      : "no token: read only";
    document.getElementById("token-input").value = "";
  }

  function notify(text, kind) {
    const box = document.getElementById("notice");
    box.textContent = text;
    box.className = kind === "ok" ? "notice ok" : "notice";
    box.hidden = false;
  }

  function clearNotice() {
    const box = document.getElementById("notice");
    box.hidden = true;
    box.textContent = "";
  }

  // ------------------------------------------------------------------ the API
  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  function said(data) {
    if (!data || typeof data !== "object") return "";
    const parts = [];
    if (data.error) parts.push(String(data.error));
    else if (typeof data.detail === "string") parts.push(data.detail);
    for (const p of Array.isArray(data.problems) ? data.problems : []) {
      parts.push(`${p.field}: ${p.message}`);
    }
    return parts.join("; ");
  }

  function explain(status, data) {
    const server = said(data);
    const tail = server ? ` (the service said: ${server})` : "";
    switch (status) {
      case 401:
        return "Not allowed (401): the API token is missing or wrong. Enter a valid token at the top of the page; it is kept for this tab only." + tail;
      case 403:
        return "Refused (403): the identity of this token may not make that decision under the approval policy." + tail;
      case 409:
        return "Conflict (409): this was already decided, or changed meanwhile; the page shows the current state." + tail;
      case 404:
        return "Not found (404)." + tail;
      case 422:
        return "The request was not valid (422)" + tail;
      case 503:
        return "Not available (503)" + tail;
      default:
        return `The service answered ${status}` + tail;
    }
  }

  function headers(json, accept) {
    const out = { Accept: accept || "application/json" };
    if (json) out["Content-Type"] = "application/json";
    const token = tokenStore.get();
    if (token) out.Authorization = `Bearer ${token}`;
    return out;
  }

  async function call(path, options) {
    const opts = options || {};
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    let resp;
    try {
      resp = await fetch(API + path, {
        method: opts.method || "GET",
        headers: headers(body !== undefined),
        body,
        cache: "no-store",
        credentials: "same-origin",
      });
    } catch (e) {
      throw new ApiError(0, `The service did not answer (${e.message}).`);
    }
    let data = null;
    try { data = await resp.json(); } catch (e) { data = null; }
    if (!resp.ok) throw new ApiError(resp.status, explain(resp.status, data));
    return data;
  }

  // ------------------------------------------------------------------ routing
  const state = { generation: 0, route: null, incidentId: null };

  function parseRoute() {
    const raw = location.hash.replace(/^#\/?/, "");
    const [path, query] = raw.split("?", 2);
    const parts = path.split("/").filter(Boolean).map((p) => {
      try { return decodeURIComponent(p); } catch (e) { return p; }
    });
    return { parts, query: new URLSearchParams(query || "") };
  }

  async function render(quiet) {
    const route = parseRoute();
    const generation = ++state.generation;
    const view = document.getElementById("view");
    if (!quiet) {
      clearNotice();
      view.replaceChildren(h("p", { class: "muted" }, "Loading…"));
    }
    state.route = route;
    const [what, id, sub, subId] = route.parts;
    state.incidentId = what === "incident" ? id : null;
    showChatContext();
    let content;
    try {
      if (what === "incident" && id) content = await incidentView(id, sub === "evidence" ? subId : null);
      else if (what === "card" && id) content = await cardView(id, route.query.get("title"));
      else if (what === "approval" && id) content = await approvalView(id);
      else content = await listView(route.query);
    } catch (e) {
      if (generation !== state.generation) return;
      if (quiet) return; // a background refresh that failed keeps what is shown
      content = h("div", null, h("h1", null, "Could not load this page"), h("p", null, e.message));
      notify(e.message);
    }
    if (generation !== state.generation) return; // the person moved on meanwhile
    // a background refresh that started before the person began typing a reason (or chose a
    // filter) would replace the field and lose the text: keep what is shown, refresh next time
    if (quiet && busyInView()) return;
    view.replaceChildren(content);
    if (!quiet && what === "incident" && sub === "evidence" && subId) {
      const row = document.getElementById(`ev-${subId}`);
      if (row) row.scrollIntoView({ block: "center" });
    }
  }

  function busyInView() {
    const view = document.getElementById("view");
    if (view.contains(document.activeElement) && document.activeElement.tagName !== "A") return true;
    return [...view.querySelectorAll("input, select, textarea")].some(
      (x) => x.type !== "submit" && x.dataset.filter !== "1" && x.value,
    );
  }

  // ------------------------------------------------------------------ incidents list
  async function listView(query) {
    const params = new URLSearchParams();
    for (const key of ["phase", "severity", "node"]) {
      const value = query.get(key);
      if (value) params.set(key, value);
    }
    const qs = params.toString();
    const data = await call(`/incidents${qs ? "?" + qs : ""}`);
    const rows = [...data.incidents].reverse(); // newest first
    if (!rows.length) await loadAbout(); // the service may say when something will show
    const body = rows.map((inc) =>
      h("tr", { "data-incident": inc.incident_id },
        h("td", { class: `sev sev-${severityName(inc.severity)}` }, severityName(inc.severity)),
        h("td", null, h("a", { href: link.incident(inc.incident_id), class: "incident-link" }, inc.title),
          h("div", { class: "muted mono" }, inc.incident_id)),
        h("td", { class: "mono" }, inc.root_entity),
        h("td", null, h("span", { class: `state state-${token_class(inc.phase)}` }, inc.phase)),
        h("td", null, when(inc.opened_at)),
        h("td", null, when(inc.updated_at))));
    return h("div", null,
      h("h1", null, "Incidents"),
      filterForm(query),
      rows.length
        ? h("table", { class: "incidents" },
          h("thead", null, h("tr", null, ["Severity", "Incident", "Root", "Phase", "Opened", "Updated"].map((x) => h("th", null, x)))),
          h("tbody", null, body))
        : h("div", null, h("p", { class: "muted" }, "No incidents match."),
          about.notice ? h("p", { class: "notice-line" }, about.notice) : null));
  }

  function filterForm(query) {
    const phase = h("select", { name: "phase", "data-filter": "1" },
      h("option", { value: "" }, "any"),
      PHASES.map((p) => h("option", { value: p, selected: query.get("phase") === p }, p)));
    const severity = h("select", { name: "severity", "data-filter": "1" },
      h("option", { value: "" }, "any"),
      ["info", "warning", "critical"].map((s) => h("option", { value: s, selected: query.get("severity") === s }, s)));
    const node = h("input", { name: "node", "data-filter": "1", placeholder: "node-17", maxlength: 200 });
    node.value = query.get("node") || "";
    const form = h("form", { class: "filters", id: "filters" },
      h("label", null, "Phase", phase),
      h("label", null, "Severity", severity),
      h("label", null, "Node", node),
      h("button", { type: "submit" }, "Filter"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const params = new URLSearchParams();
      if (phase.value) params.set("phase", phase.value);
      if (severity.value) params.set("severity", severity.value);
      if (node.value.trim()) params.set("node", node.value.trim());
      const qs = params.toString();
      location.hash = `#/${qs ? "?" + qs : ""}`;
    });
    return form;
  }

  // ------------------------------------------------------------------ one incident
  async function incidentView(id, evidenceId) {
    const [detail, approvals] = await Promise.all([
      call(`/incidents/${enc(id)}`),
      call(`/approvals?status=all&incident_id=${enc(id)}`),
    ]);
    const inc = detail.incident;
    const dx = detail.diagnosis;
    const planned = new Set();
    return h("div", { "data-incident": inc.incident_id },
      h("p", null, h("a", { href: "#/" }, "← all incidents")),
      h("h1", null, inc.title),
      h("p", null,
        h("span", { class: `sev sev-${severityName(inc.severity)}` }, severityName(inc.severity)), " · ",
        h("span", { class: `state state-${token_class(inc.phase)}`, id: "incident-phase" }, inc.phase), " · ",
        h("span", { class: "mono" }, inc.root_entity)),
      inc.summary ? h("p", { class: "summary" }, inc.summary) : null,
      facts(inc),
      diagnosisSection(inc, dx),
      stepsSection(inc, dx, approvals.approvals, detail.actions, planned),
      otherApprovals(approvals.approvals, planned),
      evidenceSection(detail.evidence, evidenceId),
      timelineSection(detail.timeline));
  }

  function facts(inc) {
    const pairs = [
      ["Incident", inc.incident_id], ["Family", inc.family], ["Scope", inc.scope],
      ["Nodes", (inc.nodes || []).join(", ")], ["Racks", (inc.racks || []).join(", ")],
      ["Jobs", (inc.jobs || []).join(", ")], ["Xids", (inc.xids || []).join(", ")],
      ["Symptoms", (inc.symptoms || []).join(", ")], ["Opened", when(inc.opened_at)],
      ["Updated", when(inc.updated_at)], ["Anomalies", inc.anomaly_count],
      ["Source", inc.provenance],
    ];
    return h("dl", { class: "kv" },
      pairs.filter(([, v]) => v !== "" && v !== undefined && v !== null)
        .map(([k, v]) => [h("dt", null, k), h("dd", null, String(v))]));
  }

  function diagnosisSection(inc, dx) {
    if (!dx) return h("section", null, h("h2", null, "Diagnosis"), h("p", { class: "muted" }, "Not diagnosed yet."));
    const how = dx.method === "model" ? `model ${dx.model || ""}` : "deterministic";
    const rows = (dx.hypotheses || []).slice(0, 5).map((hy, i) =>
      h("tr", null,
        h("td", null, String(i + 1)),
        h("td", null, h("a", { href: link.card(hy.card_id, hy.title), class: "card-link" }, hy.title),
          h("div", { class: "muted mono" }, hy.card_id)),
        h("td", null, Number(hy.score).toFixed(2)),
        h("td", null, (hy.reasons || []).join("; "),
          (hy.supporting || []).length ? h("div", null, "supports: ", hy.supporting.join(", ")) : null,
          (hy.contradicting || []).length ? h("div", null, "against: ", hy.contradicting.join(", ")) : null),
        h("td", null, (hy.evidence_ids || []).map((e) =>
          [h("a", { href: link.evidence(inc.incident_id, e), class: "mono" }, e), " "]))));
    return h("section", { id: "diagnosis" },
      h("h2", null, "Diagnosis"),
      h("p", { class: "muted" }, `${how} · ${when(dx.time)}`,
        dx.fallback ? ` · model not used: ${dx.fallback}` : ""),
      rows.length
        ? h("table", null,
          h("thead", null, h("tr", null, ["#", "Cause", "Score", "Why", "Evidence"].map((x) => h("th", null, x)))),
          h("tbody", null, rows))
        : h("p", { class: "muted" }, "No cause found."),
      dx.explanation ? h("p", null, h("span", { class: "mode" }, "explanation "), dx.explanation) : null);
  }

  function latest(list) {
    return list.reduce((a, b) => (!a || b.request.created_at >= a.request.created_at ? b : a), null);
  }

  function stepState(step, dx, approvals, results) {
    const mine = approvals.filter((a) => a.request.step_index === step.index
      && a.request.tool === step.tool
      && (!dx.runbook_id || a.request.runbook_id === dx.runbook_id));
    const approval = latest(mine);
    const result = [...results].reverse().find((r) =>
      approval ? r.approval_id === approval.request.approval_id : !r.approval_id && r.tool === step.tool);
    if (result) {
      const how = result.status === "dry_run" ? "dry-run" : result.status + (result.dry_run ? " (dry-run)" : "");
      return { approval, result, label: `${how} by ${result.initiator}`, cls: result.status };
    }
    if (approval) {
      const by = approval.decision ? ` by ${approval.decision.by}` : "";
      return { approval, label: approval.status + by, cls: approval.status };
    }
    if (!step.needs_approval) {
      return { approval: null, label: step.preapproved_by ? `pre-approved (${step.preapproved_by})` : "no approval needed", cls: "auto" };
    }
    return { approval: null, label: "planned", cls: "planned" };
  }

  function stepsSection(inc, dx, approvals, actions, planned) {
    if (!dx || !(dx.plan || []).length) {
      return h("section", { id: "steps" }, h("h2", null, "Runbook steps"), h("p", { class: "muted" }, "No runbook planned."));
    }
    const results = (actions || []).filter((a) => a.kind === "action_result");
    const rows = dx.plan.map((step) => {
      const st = stepState(step, dx, approvals, results);
      if (st.approval) planned.add(st.approval.request.approval_id);
      return h("tr", { class: "step", "data-step": step.index, "data-approval": st.approval ? st.approval.request.approval_id : null },
        h("td", null, String(step.index)),
        h("td", null, step.name),
        h("td", { class: "mono" }, `${step.tool}(${args(step.args)})`),
        h("td", null, step.risk),
        h("td", null, h("span", { class: `state state-${token_class(st.cls)} step-state` }, st.label),
          ranText(st.result),
          st.approval && st.approval.status === "pending" ? decideControls(st.approval) : null));
    });
    return h("section", { id: "steps" },
      h("h2", null, `Runbook steps: ${dx.runbook_id}` + (dx.runbook_version ? ` v${dx.runbook_version}` : "")),
      h("table", null,
        h("thead", null, h("tr", null, ["#", "Step", "Tool", "Risk", "State"].map((x) => h("th", null, x)))),
        h("tbody", null, rows)));
  }

  // What a step ran, or with a dry run what it would have run: the exact command.
  function ranText(result) {
    if (!result || !result.query) return null;
    const dry = result.status === "dry_run" || result.dry_run;
    return h("div", { class: "ran" }, dry ? "would have run: " : "ran: ",
      h("span", { class: "mono" }, result.query));
  }

  function otherApprovals(approvals, planned) {
    const rest = approvals.filter((a) => !planned.has(a.request.approval_id));
    if (!rest.length) return null;
    return h("section", { id: "other-approvals" },
      h("h2", null, "Other approval requests"),
      h("ul", null, rest.map((a) => h("li", { "data-approval": a.request.approval_id },
        h("a", { href: link.approval(a.request.approval_id), class: "mono" }, a.request.approval_id), " ",
        h("span", { class: "mono" }, `${a.request.tool}(${args(a.request.args)})`), " ",
        h("span", { class: `state state-${token_class(a.status)} step-state` }, a.status),
        a.request.requested_by ? h("span", { class: "muted" }, ` asked by ${a.request.requested_by}`) : null,
        a.status === "pending" ? decideControls(a) : null))));
  }

  // A query is often the same for many evidence rows (one 5-9 KB PromQL per metric read):
  // written once, folded, under the first row that used it; the others name that row.
  function queryCell(e, firstWith) {
    if (!e.query) return null;
    const first = firstWith.get(e.query);
    if (first !== e.evidence_id) return h("div", { class: "muted query-same" }, `query: same as ${first}`);
    const size = e.query.length > 1024 ? `${(e.query.length / 1024).toFixed(1)} KB` : `${e.query.length} chars`;
    return h("details", { class: "query" },
      h("summary", { class: "muted" }, `query (${size})`),
      h("div", { class: "mono muted query-text" }, e.query));
  }

  function evidenceSection(evidence, highlight) {
    if (!evidence || !evidence.length) return null;
    const firstWith = new Map();
    evidence.forEach((e) => { if (e.query && !firstWith.has(e.query)) firstWith.set(e.query, e.evidence_id); });
    return h("section", { id: "evidence" },
      h("h2", null, "Evidence"),
      h("table", null,
        h("thead", null, h("tr", null, ["Id", "Layer", "Tool", "Entity", "What it showed"].map((x) => h("th", null, x)))),
        h("tbody", null, evidence.map((e) =>
          h("tr", { id: `ev-${e.evidence_id}`, class: e.evidence_id === highlight ? "hit" : null },
            h("td", { class: "mono" }, e.evidence_id),
            h("td", null, e.layer),
            h("td", { class: "mono" }, e.tool),
            h("td", { class: "mono" }, e.entity),
            h("td", null, e.summary,
              e.status !== "ok" ? h("span", { class: `state state-${token_class(e.status)}` }, ` ${e.status}`) : null,
              queryCell(e, firstWith)))))));
  }

  function timelineSection(timeline) {
    return h("section", { id: "timeline" },
      h("h2", null, "Timeline"),
      h("table", null, h("tbody", null, (timeline || []).map((t) =>
        h("tr", null, h("td", null, when(t.time)), h("td", { class: "mono" }, t.kind), h("td", null, t.summary))))));
  }

  // ------------------------------------------------------------------ decisions
  function decideControls(approval) {
    const id = approval.request.approval_id;
    if (about.loaded && !about.decisions) {
      // no token could be accepted: buttons would only ever answer 401
      return h("p", { class: "muted decide-off" }, about.note);
    }
    const reason = h("input", {
      type: "text", class: "reason", maxlength: 2000, "aria-label": `reason for ${id}`,
      placeholder: "reason (required; goes to the audit log)",
    });
    const approve = h("button", { type: "button", class: "approve" }, "Approve");
    const reject = h("button", { type: "button", class: "reject" }, "Reject");
    const decide = async (verb) => {
      if (!reason.value.trim()) {
        notify("Write a reason first: it is recorded in the audit log with your decision.");
        reason.focus();
        return;
      }
      if (!tokenStore.get()) {
        notify("Approving or rejecting needs the API token: enter it at the top of the page (it is kept for this tab only).");
        document.getElementById("token-input").focus();
        return;
      }
      approve.disabled = reject.disabled = true;
      try {
        const done = await call(`/approvals/${enc(id)}/${verb}`, { method: "POST", body: { reason: reason.value.trim() } });
        const rec = done.approval;
        notify(`${rec.status} by ${rec.decision ? rec.decision.by : "?"}: ${done.note}`, "ok");
      } catch (e) {
        notify(e.message);
      } finally {
        // a refused decision (401, 403, a conflict) leaves the step to decide again
        approve.disabled = reject.disabled = false;
      }
      reason.value = "";
      // The button just clicked may still hold the focus (the browser moves it off a disabled
      // control only at its next frame): the refresh would take that for a person busy in the
      // view and keep the old row. This row's own controls are done with.
      if (controls.contains(document.activeElement)) document.activeElement.blur();
      await render(true);
    };
    approve.addEventListener("click", () => decide("approve"));
    reject.addEventListener("click", () => decide("reject"));
    const controls = h("div", { class: "decide" }, reason, approve, reject);
    return controls;
  }

  async function approvalView(id) {
    const a = await call(`/approvals/${enc(id)}`);
    const r = a.request;
    const pairs = [
      ["Approval", r.approval_id], ["Status", a.status], ["Tool", r.tool], ["Arguments", args(r.args)],
      ["Risk", r.risk], ["Step", r.step_name], ["Runbook", r.runbook_id || ""], ["Node", r.node || ""],
      ["Asked", when(r.created_at)], ["Asked by", r.requested_by || ""],
    ];
    if (a.decision) {
      pairs.push(["Decided", `${a.decision.decision} by ${a.decision.by} at ${when(a.decision.decided_at)}`]);
      pairs.push(["Reason", a.decision.reason]);
    }
    return h("div", { "data-approval": r.approval_id },
      h("p", null, h("a", { href: link.incident(r.incident_id) }, `← incident ${r.incident_id}`)),
      h("h1", null, `Approval request ${r.approval_id}`),
      h("dl", { class: "kv" }, pairs.filter(([, v]) => v).map(([k, v]) => [h("dt", null, k), h("dd", null, String(v))])),
      h("p", null, h("span", { class: `state state-${token_class(a.status)} step-state` }, a.status)),
      a.status === "pending" ? decideControls(a) : null);
  }

  // ------------------------------------------------------------------ a knowledge card
  async function cardView(id, title) {
    const query = title || id.replace(/[-_]/g, " ");
    const found = await call(`/knowledge/search?k=10&q=${enc(query)}`);
    const hit = found.hits.find((x) => x.card_id === id);
    const others = found.hits.filter((x) => x.card_id !== id).slice(0, 4);
    return h("div", { "data-card": id },
      h("h1", null, hit && hit.title ? hit.title : `Card ${id}`),
      h("p", { class: "mono muted" }, id),
      hit
        ? h("div", null, h("p", null, `Knowledge search for “${query}”: score ${hit.score}`),
          (hit.reasons || []).length ? h("ul", null, hit.reasons.map((x) => h("li", null, x))) : null)
        : h("p", null, `The knowledge search for “${query}” did not return this card.`),
      others.length
        ? h("section", null, h("h2", null, "Related cards"),
          h("ul", null, others.map((x) => h("li", null,
            h("a", { href: link.card(x.card_id, x.title) }, x.title || x.card_id), ` (${x.score})`))))
        : null);
  }

  // ------------------------------------------------------------------ the chat pane
  const chat = { history: [], busy: false };

  function showChatContext() {
    document.getElementById("chat-context").textContent = state.incidentId
      ? `about incident ${state.incidentId}`
      : "about the whole fleet";
  }

  async function ask(question) {
    const log = document.getElementById("chat-log");
    const text = h("div", { class: "text" });
    const answer = h("li", { class: "a streaming" }, h("div", { class: "mode" }, "answering…"), text);
    log.append(h("li", { class: "q" }, question), answer);
    log.scrollTop = log.scrollHeight;
    const body = { question, history: chat.history.slice(-MAX_HISTORY) };
    if (state.incidentId) body.incident_id = state.incidentId;
    let resp;
    try {
      resp = await fetch(`${API}/chat`, {
        method: "POST", headers: headers(true, "text/event-stream"), body: JSON.stringify(body),
        cache: "no-store", credentials: "same-origin",
      });
    } catch (e) {
      return chatFailed(answer, `The service did not answer (${e.message}).`);
    }
    if (!resp.ok || !resp.body) {
      let data = null;
      try { data = await resp.json(); } catch (e) { data = null; }
      return chatFailed(answer, explain(resp.status, data));
    }
    let final = null;
    // A model's text streams line by line (data.line), unverified until that line's
    // "sentence" event: kept, or struck out with the reason. The "answer" event replaces it all.
    const lines = new Map();
    const lineNode = (n) => {
      if (!lines.has(n)) {
        const node = h("span", { class: "sentence pending", "data-line": String(n) });
        lines.set(n, node);
        text.append(node);
      }
      return lines.get(n);
    };
    await readEvents(resp.body, (event, data) => {
      if (event === "token" && typeof data.text === "string") {
        const into = Number.isInteger(data.line) ? lineNode(data.line) : text;
        into.append(document.createTextNode(data.text));
        log.scrollTop = log.scrollHeight;
      } else if (event === "sentence" && Number.isInteger(data.line)) {
        const node = lineNode(data.line);
        node.classList.remove("pending");
        node.classList.add(data.kept ? "kept" : "removed");
        if (!data.kept) node.append(h("span", { class: "removed-note" }, ` [removed: ${data.reason || "not grounded"}]`));
      } else if (event === "answer" && data.answer) {
        final = data.answer;
      } else if (event === "error") {
        chatFailed(answer, `The assistant could not answer: ${data.detail || "unknown error"}`);
      }
    });
    if (final) {
      renderAnswer(answer, final);
      chat.history.push({ role: "user", text: question.slice(0, 4000) });
      chat.history.push({ role: "assistant", text: String(final.text || "").slice(0, 4000) });
    } else if (answer.classList.contains("streaming")) {
      chatFailed(answer, "The answer stream ended without an answer.");
    }
    log.scrollTop = log.scrollHeight;
    return null;
  }

  function chatFailed(answer, message) {
    answer.classList.remove("streaming");
    answer.classList.add("failed");
    answer.replaceChildren(h("div", { class: "mode" }, "error"), h("div", { class: "text" }, message));
    notify(message);
    return null;
  }

  // Server-sent events over a fetch body (EventSource cannot POST): blocks end with a blank
  // line; "event:" names it, "data:" lines are joined with "\n"; lines starting ":" are comments.
  async function readEvents(stream, onEvent) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const dispatch = (block) => {
      let event = "message";
      const data = [];
      for (const line of block.split(/\r\n|\r|\n/)) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (!data.length) return;
      let parsed;
      try { parsed = JSON.parse(data.join("\n")); } catch (e) { return; }
      onEvent(event, parsed || {});
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.search(/\r\n\r\n|\n\n|\r\r/)) >= 0) {
        const sep = buffer.slice(cut).match(/^(\r\n\r\n|\n\n|\r\r)/)[0];
        dispatch(buffer.slice(0, cut));
        buffer = buffer.slice(cut + sep.length);
      }
    }
    buffer += decoder.decode();
    if (buffer.trim()) dispatch(buffer);
  }

  function renderAnswer(node, ans) {
    node.classList.remove("streaming");
    const cites = ans.citations || [];
    const number = (c) => cites.findIndex((x) => x.kind === c.kind && x.id === c.id) + 1;
    const firstIncident = (list) => (list.find((c) => c.kind === "incident") || {}).id;
    const answerIncident = firstIncident(cites) || state.incidentId;
    const mode = ans.mode === "model"
      ? `model ${ans.model || ""} (unverified model text, checked against the sources)`
      : "no-model mode: a deterministic answer from the read tools";
    const sentences = (ans.sentences || []).length
      ? ans.sentences.map((s) => h("span", { class: "sentence" }, s.text,
        (s.citations || []).map((c) => {
          const inc = firstIncident(s.citations) || answerIncident;
          const target = citationHref(c, inc);
          const label = `[${number(c) || "?"}]`;
          return target
            ? h("a", { class: "cite", href: target, title: `${c.kind} ${c.id}` }, label)
            : h("span", { class: "cite", title: `${c.kind} ${c.id}` }, label);
        })))
      : [ans.text];
    node.replaceChildren();
    append(node, [
      h("div", { class: "mode" }, mode),
      h("div", { class: "text answer-text" }, sentences),
      cites.length ? h("ol", { class: "sources" }, cites.map((c) => sourceItem(c, answerIncident))) : null,
      (ans.series || []).map(plotSeries),
      (ans.proposed || []).length ? h("div", { class: "proposed" }, h("strong", null, "Proposed (not run): "),
        h("ul", null, ans.proposed.map((p) => h("li", null,
          h("span", { class: "mono" }, `${p.tool}(${args(p.args)})`), ` — ${p.status}`,
          p.approval_id ? [" ", h("a", { href: link.approval(p.approval_id) }, `approval ${p.approval_id}`)] : null,
          p.who_may_approve ? h("span", { class: "muted" }, ` (${p.who_may_approve})`) : null)))) : null,
      (ans.flags || []).length ? h("div", { class: "muted flags" }, `notes: ${ans.flags.join("; ")}`) : null]);
  }

  function citationHref(c, incidentId) {
    switch (c.kind) {
      case "incident": return link.incident(c.id);
      case "evidence": return incidentId ? link.evidence(incidentId, c.id) : null;
      case "card": return link.card(c.id, c.label);
      case "approval": return link.approval(c.id);
      default: return null;
    }
  }

  function sourceItem(c, incidentId) {
    const target = citationHref(c, incidentId);
    const label = c.label && c.label !== c.id ? ` — ${c.label}` : "";
    return h("li", { "data-kind": c.kind },
      h("span", { class: "muted" }, `${c.kind} `),
      target
        ? h("a", { href: target, class: "source-link" }, c.id)
        : h("code", null, c.id),
      label);
  }

  // ------------------------------------------------------------------ a small plot (SVG)
  function plotSeries(series) {
    const points = (series.points || []).filter((p) => Array.isArray(p) && isFinite(p[0]) && isFinite(p[1]));
    const caption = `${series.field} of ${series.entity}` + (series.unit ? ` (${series.unit})` : "");
    if (!points.length) return h("p", { class: "plot-caption" }, `${caption}: no points`);
    const W = 360, H = 130, L = 44, R = 8, T = 8, B = 22;
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
    if (x0 === x1) { x0 -= 1; x1 += 1; }
    if (y0 === y1) { y0 -= 1; y1 += 1; }
    const px = (x) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
    const py = (y) => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
    const plot = svg("svg", { class: "plot", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img" });
    plot.append(svg("title", null, caption));
    plot.append(svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#98a2b3" }));
    plot.append(svg("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#98a2b3" }));
    const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
    plot.append(svg("text", { x: L - 4, y: T + 9, "text-anchor": "end", "font-size": 10, fill: "#5a6472" }, fmt(y1)));
    plot.append(svg("text", { x: L - 4, y: H - B, "text-anchor": "end", "font-size": 10, fill: "#5a6472" }, fmt(y0)));
    const hhmm = (t) => new Date(t * 1000).toISOString().slice(11, 16);
    plot.append(svg("text", { x: L, y: H - 6, "font-size": 10, fill: "#5a6472" }, hhmm(x0)));
    plot.append(svg("text", { x: W - R, y: H - 6, "text-anchor": "end", "font-size": 10, fill: "#5a6472" }, `${hhmm(x1)} UTC`));
    // a missing sample (a gap in the store, a NaN the tool left out) breaks the line: one
    // polyline per run of samples, a dot for a lone one; never a line drawn across the gap
    const runs = sampleRuns(points);
    for (const run of runs) {
      const at = run.map((p) => `${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`);
      plot.append(run.length > 1
        ? svg("polyline", { points: at.join(" "), fill: "none", stroke: "#2b6cb0", "stroke-width": 1.5, class: "series-line" })
        : svg("circle", { cx: px(run[0][0]).toFixed(1), cy: py(run[0][1]).toFixed(1), r: 1.5, fill: "#2b6cb0", class: "series-dot" }));
    }
    const last = points[points.length - 1];
    return h("figure", { class: "series", "data-points": points.length, "data-runs": runs.length },
      plot,
      h("figcaption", { class: "plot-caption" }, `${caption}: last ${fmt(last[1])} at ${when(last[0])}`,
        series.query ? h("div", { class: "mono" }, series.query) : null));
  }

  // Points split where the spacing is more than half again the usual (median) one.
  function sampleRuns(points) {
    const gaps = points.slice(1).map((p, i) => p[0] - points[i][0]).sort((a, b) => a - b);
    const usual = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
    const runs = [[points[0]]];
    for (let i = 1; i < points.length; i++) {
      if (points[i][0] - points[i - 1][0] > 1.5 * usual) runs.push([]);
      runs[runs.length - 1].push(points[i]);
    }
    return runs;
  }

  // What this service lets a person do (GET /about): whether decisions can work at all.
  const about = { loaded: false, decisions: true, note: "", notice: null };

  async function loadAbout() {
    try {
      Object.assign(about, await call("/about"), { loaded: true });
    } catch (e) {
      about.loaded = false; // an older service: keep the buttons
    }
  }

  // ------------------------------------------------------------------ wiring
  async function start() {
    document.getElementById("token-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const value = document.getElementById("token-input").value.trim();
      if (value) tokenStore.set(value);
      showTokenState();
    });
    document.getElementById("token-forget").addEventListener("click", () => {
      tokenStore.clear();
      showTokenState();
    });
    const input = document.getElementById("chat-input");
    const send = document.getElementById("chat-send");
    document.getElementById("chat-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const question = input.value.trim();
      if (!question || chat.busy) return;
      chat.busy = send.disabled = true;
      input.value = "";
      try {
        await ask(question);
      } finally {
        chat.busy = send.disabled = false;
      }
    });
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && !ev.shiftKey) {
        ev.preventDefault();
        document.getElementById("chat-form").requestSubmit();
      }
    });
    window.addEventListener("hashchange", () => render(false));
    setInterval(() => {
      if (!document.hidden && !busyInView()) render(true);
    }, REFRESH_MS);
    showTokenState();
    await loadAbout();
    render(false);
  }

  document.addEventListener("DOMContentLoaded", start);
})();
