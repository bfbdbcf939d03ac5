"""Tickets and notices: ticket.open, ticket.rma, notify.user, notify.facilities.

Each record goes to the configured sink(s): a JSON-lines file (one object per line, appended
under an exclusive lock and fsync'd) and/or an HTTP webhook (JSON POST; ``slack`` payloads are
``{"text": ...}``). Every record carries a deterministic id derived from its content, so a
retried call is recognised: the file holds it once, and the webhook gets the same
``Idempotency-Key``. In a dry run nothing is written or sent; the result carries the record
and where it would have gone.

Text that came from the fleet (Xid lines, log excerpts, job names) is data: it is placed in
the record's fields, and in Slack text it is escaped and fenced so it cannot mention people,
render links, or pass for gpufleet's own words.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

import httpx
from pydantic import Field, field_validator, model_validator

from gpufleet.graph.executors.config import ExecutorsConfig, SinkConfig
from gpufleet.graph.executors.node import GpuIndex, NodeName
from gpufleet.graph.tools import Tool, ToolArgs, ToolResult, bind_toolset, toolset_tool

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _clean_text(v: str) -> str:
    # Control characters (terminal escapes, C1 CSI, NULs) and format characters (bidi
    # overrides, zero-width: text that reads otherwise than it is) never help a ticket's
    # reader. Lines stay: a summary may have several. Lengths are each field's max_length.
    kept = "".join(ch for ch in _CONTROL.sub("", v) if unicodedata.category(ch) != "Cf")
    return kept.strip()


def _check_id(v: str | None) -> str | None:
    if v is not None and not _ID_RE.fullmatch(v):
        raise ValueError(f"{v!r} is not an identifier (letters, digits, . _ : / -)")
    return v


def record_id(kind: str, fields: dict[str, Any]) -> str:
    """A stable id for a record: the same content always gives the same id."""
    canonical = json.dumps({"kind": kind, **fields}, sort_keys=True, separators=(",", ":"))
    return f"gf-{kind}-{hashlib.sha256(canonical.encode()).hexdigest()[:16]}"


def slack_escape(text: str) -> str:
    """Slack's three control characters; escaping them disables <!channel>, <@user>, links."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quoted(text: str) -> str:
    # Fence fleet text; a ``` inside it must not close the fence early.
    return "```" + slack_escape(text).replace("```", "ʼʼʼ") + "```"


# --- sinks -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sink:
    """Delivers one record to a JSON-lines file and/or a webhook."""

    cfg: SinkConfig
    name: str  # which config block, for error messages: "tickets", "notify_users", …

    @property
    def how_to_configure(self) -> str:
        """The configuration keys that give this sink somewhere to deliver."""
        return f"executors.{self.name}.json_path and/or executors.{self.name}.webhook_url"

    def targets(self) -> list[str]:
        out = []
        if self.cfg.json_path is not None:
            out.append(f"append {self.cfg.json_path}")
        if self.cfg.webhook_url is not None:
            out.append(f"POST {self.cfg.webhook_url}")
        return out

    def deliver(self, record: dict[str, Any], text: str, *, dry_run: bool) -> ToolResult:
        query = "; ".join(self.targets())
        if not self.cfg.configured:
            return ToolResult(
                status="not_configured",
                data={"record": record},
                error=f"skipped: no sink configured for {self.name} "
                f"(how to configure it: {self.how_to_configure})",
            )
        if dry_run:
            return ToolResult(status="dry_run", data={"record": record}, query=query)
        data: dict[str, Any] = {"record": record, "id": record["id"]}
        if self.cfg.json_path is not None:
            try:
                data["duplicate"] = not self._append(record)
            except OSError as e:
                return ToolResult.failure(
                    f"{self.name}: cannot write {self.cfg.json_path}: {e}", query, data
                )
        if self.cfg.webhook_url is not None:
            error = self._post(record, text)
            if error is not None:
                return ToolResult.failure(error, query, data)
            data["sent"] = True
        return ToolResult.success(data, query)

    def _append(self, record: dict[str, Any]) -> bool:
        """Append unless a record with this id is already there; True when written."""
        path = self.cfg.json_path
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps(record, sort_keys=True, ensure_ascii=False)
        with path.open("a+", encoding="utf-8") as f:
            # An exclusive lock makes check-then-append atomic against concurrent writers.
            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                f.seek(0)
                for existing in f:
                    try:
                        if json.loads(existing).get("id") == record["id"]:
                            return False
                    except (json.JSONDecodeError, AttributeError):
                        continue  # a torn or foreign line must not block new tickets
                f.seek(0, os.SEEK_END)
                f.write(line + "\n")
                f.flush()
                os.fsync(f.fileno())
            finally:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)
        return True

    def _post(self, record: dict[str, Any], text: str) -> str | None:
        url = self.cfg.webhook_url
        assert url is not None
        payload = {"text": text} if self.cfg.payload == "slack" else record
        headers = {"Idempotency-Key": record["id"]}
        if self.cfg.bearer_token_env:
            token = os.environ.get(self.cfg.bearer_token_env)
            if not token:
                return f"{self.name}: environment variable {self.cfg.bearer_token_env} is not set"
            headers["Authorization"] = f"Bearer {token}"
        try:
            response = httpx.post(url, json=payload, headers=headers, timeout=self.cfg.timeout_s)
        except httpx.HTTPError as e:
            return f"{self.name}: webhook {url} unreachable: {type(e).__name__}: {e}"
        if not 200 <= response.status_code < 300:
            body = response.text[:500]
            return f"{self.name}: webhook {url} answered {response.status_code}: {body}"
        return None


# --- arguments -------------------------------------------------------------------------------


class _Text(ToolArgs):
    @field_validator("*", mode="before")
    @classmethod
    def _clean(cls, v: Any) -> Any:
        return _clean_text(v) if isinstance(v, str) else v


class TicketArgs(_Text):
    node: NodeName
    component: str = Field(min_length=1, max_length=200, description="e.g. 'GPU 3', 'PSU 2'")
    summary: str = Field(default="", max_length=2000)
    evidence: str = Field(
        default="", max_length=8000, description="bundle path, evidence ids, key readings"
    )
    incident: str | None = Field(default=None, description="gpufleet incident id")

    @field_validator("incident")
    @classmethod
    def _incident_id(cls, v: str | None) -> str | None:
        return _check_id(v)


class RmaArgs(_Text):
    node: NodeName
    gpu: GpuIndex
    serial: str = Field(description="the GPU's board serial (nvidia-smi -q Serial Number)")
    reason: str = Field(min_length=1, max_length=2000)
    evidence: str = Field(default="", max_length=8000)
    diag: str = Field(default="", max_length=8000, description="DCGM diagnostic result")
    incident: str | None = None

    @field_validator("serial", "incident")
    @classmethod
    def _ids(cls, v: str | None) -> str | None:
        return _check_id(v)


class NotifyUserArgs(_Text):
    incident: str
    job_id: str | None = Field(default=None, description="SLURM job id or K8s pod/job name")
    node: NodeName | None = None
    rack: str | None = None
    summary: str = Field(default="", max_length=2000)
    evidence: str = Field(default="", max_length=4000)
    suggestion: str = Field(default="", max_length=2000)
    xid_line: str = Field(default="", max_length=1000, description="the kernel line, quoted as-is")

    @field_validator("incident", "job_id", "rack")
    @classmethod
    def _ids(cls, v: str | None) -> str | None:
        return _check_id(v)

    @model_validator(mode="after")
    def _who(self) -> NotifyUserArgs:
        if not (self.job_id or self.node or self.rack):
            raise ValueError("say who is affected: job_id, node or rack")
        return self


class NotifyFacilitiesArgs(_Text):
    rack: str
    incident: str
    summary: str = Field(min_length=1, max_length=2000)
    evidence: str = Field(default="", max_length=4000)
    node: NodeName | None = None

    @field_validator("rack", "incident")
    @classmethod
    def _ids(cls, v: str | None) -> str | None:
        return _check_id(v)


# --- the tools -------------------------------------------------------------------------------


def _record(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    fields = {k: v for k, v in fields.items() if v not in (None, "")}
    return {"id": record_id(kind, fields), "kind": kind, **fields}


class TicketToolset:
    """Tickets and notices, bound to their sinks; with ``dry_run`` nothing is written or sent."""

    def __init__(self, cfg: ExecutorsConfig, *, dry_run: bool) -> None:
        self.tickets = Sink(cfg.tickets, "tickets")
        self.users = Sink(cfg.notify_users, "notify_users")
        self.facilities = Sink(cfg.notify_facilities, "notify_facilities")
        self.dry_run = dry_run

    @toolset_tool("ticket.open", "mutate")
    def ticket_open(self, args: TicketArgs) -> ToolResult:
        """Open a hardware/operations ticket for a node component with a summary and the
        evidence (bundle path, readings). Retrying with the same content does not open a
        second ticket: the id is derived from the content."""
        rec = _record("ticket", args.model_dump())
        summary = args.summary or f"{args.component} fault on {args.node}"
        text = (
            f"gpufleet ticket {rec['id']}: {slack_escape(args.component)} on {args.node}"
            + (f" (incident {args.incident})" if args.incident else "")
            + f"\n{slack_escape(summary)}"
            + (f"\nEvidence: {_quoted(args.evidence)}" if args.evidence else "")
        )
        return self.tickets.deliver(rec, text, dry_run=self.dry_run)

    @toolset_tool("ticket.rma", "mutate")
    def ticket_rma(self, args: RmaArgs) -> ToolResult:
        """Open an RMA (return to vendor) request for one GPU with its serial, the reason,
        the diagnostics result and the evidence bundle. Idempotent like ticket.open."""
        rec = _record("rma", args.model_dump())
        text = (
            f"gpufleet RMA {rec['id']}: GPU {args.gpu} (serial {args.serial}) on {args.node}"
            + f"\n{slack_escape(args.reason)}"
            + (f"\nDiag: {_quoted(args.diag)}" if args.diag else "")
            + (f"\nEvidence: {_quoted(args.evidence)}" if args.evidence else "")
        )
        return self.tickets.deliver(rec, text, dry_run=self.dry_run)

    @toolset_tool("notify.user", "mutate")
    def notify_user(self, args: NotifyUserArgs) -> ToolResult:
        """Tell the owners of affected jobs what happened (incident, summary, evidence, a
        suggestion). The Xid/log line is passed along quoted, as data."""
        rec = _record("notice-user", args.model_dump())
        who = ", ".join(
            f"{k} {v}"
            for k, v in (("job", args.job_id), ("node", args.node), ("rack", args.rack))
            if v
        )
        text = f"gpufleet incident {args.incident} affects {who}"
        if args.summary:
            text += f"\n{slack_escape(args.summary)}"
        if args.xid_line:
            text += f"\nKernel log: {_quoted(args.xid_line)}"
        if args.evidence:
            text += f"\nEvidence: {_quoted(args.evidence)}"
        if args.suggestion:
            text += f"\nSuggested: {slack_escape(args.suggestion)}"
        return self.users.deliver(rec, text, dry_run=self.dry_run)

    @toolset_tool("notify.facilities", "mutate")
    def notify_facilities(self, args: NotifyFacilitiesArgs) -> ToolResult:
        """Page facilities (cooling, power, datacenter staff) about a rack-level problem with
        the incident, a summary and the evidence (temperatures, rates, BMC readings)."""
        rec = _record("notice-facilities", args.model_dump())
        text = (
            f"gpufleet incident {args.incident}: rack {args.rack}"
            + (f" (node {args.node})" if args.node else "")
            + f"\n{slack_escape(args.summary)}"
            + (f"\nEvidence: {_quoted(args.evidence)}" if args.evidence else "")
        )
        return self.facilities.deliver(rec, text, dry_run=self.dry_run)


def ticket_tools(cfg: ExecutorsConfig, *, dry_run: bool) -> list[Tool]:
    """The ticket and notice tools (:class:`TicketToolset`): ticket.open, ticket.rma,
    notify.user, notify.facilities. A tool whose sink is not configured says so up front
    (:attr:`Tool.unconfigured`), so the agent skips its step instead of asking for approval."""
    toolset = TicketToolset(cfg, dry_run=dry_run)
    sinks = {
        "ticket.open": toolset.tickets,
        "ticket.rma": toolset.tickets,
        "notify.user": toolset.users,
        "notify.facilities": toolset.facilities,
    }
    out = []
    for t in bind_toolset(toolset):
        sink = sinks[t.name]
        out.append(t if sink.cfg.configured else replace(t, unconfigured=sink.how_to_configure))
    return out
