"""SLURM executor: read node and job state, drain / resume nodes, requeue / cancel jobs.

Everything goes through ``scontrol``, ``squeue`` and ``scancel`` as argv lists (never a shell)
run by two :class:`~graph.executors.runner.CommandRunner` s: ``reads`` (queries, always real, so
a dry run still sees the true state) and ``writes`` (changes; a :class:`DryRunRunner` unless
dry-run is explicitly switched off).

Ownership rule: gpufleet marks every drain it makes with ``reason_prefix`` ("gpufleet: ..."), and
only ever undoes its own marks. A node drained or downed by a person (or by slurmctld itself)
with any other reason is never re-drained over that reason and never resumed: those calls come
back ``denied``. The current state is read before every change, in dry-run too, so a dry run
shows the same denials a real run would give.

Parsing is pure (text in, models out) so it is tested on captured outputs of SLURM 22.05:
``scontrol -o`` one-line records (``Key=value`` tokens, where a few values contain spaces) and
``squeue --json`` (openapi v0.0.38).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterable, Sequence
from datetime import datetime, tzinfo
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from gpufleet.graph.executors.runner import CommandOutcome, CommandRunner, DryRunRunner
from gpufleet.graph.tools import Tool, ToolArgs, ToolResult, bind_toolset, toolset_tool
from gpufleet.telemetry.hostlist import expand_hostlist

# Node names: hostnames (RFC 1123 labels, dots allowed); job ids: 123, array task 123_4,
# heterogeneous component 123+1. Anything else (spaces, quotes, $, ;, `, =, brackets) is refused
# before any command is built.
NODE_NAME_PATTERN = r"^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62}[A-Za-z0-9])?$"
JOB_ID_PATTERN = r"^[0-9]{1,10}(?:[_+][0-9]{1,10})?$"
_NODE_NAME = re.compile(NODE_NAME_PATTERN)
_JOB_ID = re.compile(JOB_ID_PATTERN)
MAX_REASON_LEN = 200
# What a reason never needs and what means something to a shell (a reader pasting the command),
# to scontrol's ``Reason=<text> [user@time]`` output (brackets and ``=``: a reason could fake
# who drained a node, or a second field) or to Slack: each becomes a space.
_REASON_META = re.compile(r"[`$;|&<>\"'\\\[\]{}=]")

# scontrol's spellings of "no value".
_NULLS = frozenset({"", "(null)", "N/A", "n/a", "None", "Unknown", "n/s"})
# Suffixes sinfo/scontrol append to a state: * not responding, ~ powered off, # powering up,
# % powering down, ! pending power down, $ maintenance, @ reboot pending, ^ rebooting, - planned.
_STATE_MARKS = "*~#%!$@^-"
# Job states after which the job holds no resources.
TERMINAL_JOB_STATES = frozenset(
    {
        "BOOT_FAIL",
        "CANCELLED",
        "COMPLETED",
        "DEADLINE",
        "FAILED",
        "NODE_FAIL",
        "OUT_OF_MEMORY",
        "PREEMPTED",
        "TIMEOUT",
    }
)


class SlurmCommandError(RuntimeError):
    """Raised inside the executor when a read fails; turned into an error ToolResult."""

    def __init__(self, message: str, query: str) -> None:
        super().__init__(message)
        self.query = query


# -- models -------------------------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SlurmNode(_Strict):
    """One node as ``scontrol -o -d show node`` reports it."""

    name: str
    state: str = Field(description="the full state as SLURM prints it, e.g. MIXED+DRAIN, DOWN*")
    base_state: str = Field(description="IDLE, MIXED, ALLOCATED, DOWN, UNKNOWN, ...")
    flags: list[str] = Field(default_factory=list, description="DRAIN, COMPLETING, REBOOT, ...")
    not_responding: bool = False
    drained: bool = Field(default=False, description="DRAIN set: no new jobs start here")
    draining: bool = Field(default=False, description="drained but jobs still running")
    down: bool = False
    reason: str | None = None
    reason_user: str | None = None
    reason_time: str | None = None
    gres: str | None = None
    gres_used: str | None = None
    gpus: int | None = None
    cpus_total: int | None = None
    cpus_alloc: int | None = None
    real_memory_mb: int | None = None
    alloc_memory_mb: int | None = None
    partitions: list[str] = Field(default_factory=list)
    address: str | None = None
    hostname: str | None = None
    version: str | None = None
    fields: dict[str, str] = Field(default_factory=dict, description="every key=value as read")


class SlurmJob(_Strict):
    """One job, from ``scontrol -o show job`` or ``squeue --json``."""

    job_id: str
    name: str | None = None
    user: str | None = None
    user_id: int | None = None
    state: str
    state_reason: str | None = None
    partition: str | None = None
    nodes: list[str] = Field(default_factory=list, description="expanded node list")
    node_list: str | None = Field(default=None, description="the node list as SLURM wrote it")
    batch_host: str | None = None
    excluded_nodes: list[str] = Field(default_factory=list)
    num_nodes: str | None = None
    gres: str | None = Field(default=None, description="GRES requested per node, gres:gpu:2")
    gpus_per_node: int | None = None
    gres_detail: list[str] = Field(
        default_factory=list, description="per allocated node, e.g. gpu:2(IDX:0-1)"
    )
    tres: str | None = None
    requeue: bool | None = None
    restarts: int | None = None
    batch: bool | None = None
    exit_code: str | None = None
    submit_time: float | None = Field(default=None, description="epoch seconds")
    start_time: float | None = Field(default=None, description="epoch seconds")
    end_time: float | None = Field(default=None, description="epoch seconds")
    work_dir: str | None = None
    fields: dict[str, str] = Field(default_factory=dict, description="every key=value as read")


# -- pure parsing -------------------------------------------------------------------------

_KEY_TOKEN = re.compile(r"^([A-Za-z][A-Za-z0-9_:/.]*)=(.*)$", re.DOTALL)
# A node's Reason is printed as "Reason=<text> [<user>@<time>]"; the text is free-form (spaces,
# '=' and all), so it is cut out by its bracketed suffix before the line is tokenized.
_NODE_REASON = re.compile(r"(?:^|\s)Reason=(?P<text>.*?) \[(?P<user>[^@\]\s]*)@(?P<time>[^\]]*)\]")
# A job name is user text printed second, before every field that matters: it ends where
# "UserId=name(uid) GroupId=" begins, so a name like "x JobState=COMPLETED" cannot fake a field.
_JOB_NAME = re.compile(r"(?:^|\s)JobName=(?P<name>.*?)(?= UserId=\S*\(\d+\) GroupId=)")


def parse_kv_line(line: str) -> dict[str, str]:
    """Tokenize one ``scontrol -o`` record: ``Key=value`` tokens separated by whitespace, where a
    token that does not start a new ``Key=`` continues the previous value (``OS=Linux 6.1 #1``).
    The first occurrence of a key wins, so free text late in a record (paths, comments) cannot
    override the fields printed before it."""
    fields: dict[str, str] = {}
    key: str | None = None
    for token in line.split():
        m = _KEY_TOKEN.match(token)
        if m:
            key = m.group(1)
            if key in fields:
                key = None  # a repeated key: ignore it and what continues it
                continue
            fields[key] = m.group(2)
        elif key is not None:
            fields[key] = f"{fields[key]} {token}" if fields[key] else token
    return fields


def _none(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    return None if value in _NULLS else value


def _int(value: str | None) -> int | None:
    value = _none(value)
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _epoch(value: str | None, tz: tzinfo | None) -> float | None:
    """scontrol prints times as local ISO without a zone (the zone of the process running it);
    ``tz=None`` reads them in this process's local zone, which is where scontrol ran."""
    value = _none(value)
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=tz) if tz is not None else parsed.astimezone()
    return parsed.timestamp()


def split_state(state: str) -> tuple[str, list[str], bool]:
    """``"MIXED+DRAIN"`` -> ``("MIXED", ["DRAIN"], False)``; ``"DOWN*"`` -> ``("DOWN", [], True)``;
    ``"UNKNOWN+NOT_RESPONDING"`` -> ``("UNKNOWN", ["NOT_RESPONDING"], True)``.
    Returns (base state, flags, not responding)."""
    parts = [p for p in state.strip().upper().split("+") if p]
    if not parts:
        return "UNKNOWN", [], False
    cleaned = [p.strip(_STATE_MARKS) for p in parts]
    flags = [p for p in cleaned[1:] if p]
    # sinfo marks a node that does not answer with "*"; scontrol prints a NOT_RESPONDING flag.
    not_responding = any("*" in p for p in parts) or "NOT_RESPONDING" in flags
    return cleaned[0] or "UNKNOWN", flags, not_responding


def count_gpus(gres: str | None) -> int | None:
    """GPUs in a GRES string: ``gpu:8``, ``gpu:a100:4(S:0-1),gpu:h100:4``, ``gres:gpu:2``,
    ``gres/gpu=2``, ``gpu:3(IDX:0-2)``. None when no GPU is named."""
    gres = _none(gres)
    if gres is None:
        return None
    total, seen = 0, False
    for raw_item in re.split(r",(?![^()]*\))", gres):
        item = re.sub(r"\(.*\)$", "", raw_item.strip())
        if item.startswith("gres/gpu"):
            name, _, count = item.partition("=")
            if name == "gres/gpu" or name.startswith("gres/gpu:"):
                seen = True
                total += int(count) if count.isdigit() else 0
            continue
        parts = item.removeprefix("gres:").split(":")
        if parts[0] != "gpu":
            continue
        seen = True
        if len(parts) >= 2 and parts[-1].isdigit():
            total += int(parts[-1])
        elif len(parts) == 1 or not parts[-1].isdigit():
            total += 1  # "gpu" or "gpu:type" alone means one
    return total if seen else None


def _node_from_fields(fields: dict[str, str], reason: re.Match[str] | None) -> SlurmNode:
    state = fields.get("State", "UNKNOWN")
    base, flags, not_responding = split_state(state)
    drained = "DRAIN" in flags or base in ("DRAINED", "DRAINING", "DRAIN")
    busy = base in ("ALLOCATED", "MIXED", "COMPLETING") or "COMPLETING" in flags
    reason_text = _none(reason.group("text")) if reason else _none(fields.get("Reason"))
    gres = _none(fields.get("Gres"))
    return SlurmNode(
        name=fields["NodeName"],
        state=state,
        base_state=base,
        flags=flags,
        not_responding=not_responding,
        drained=drained,
        draining=drained and (busy or base == "DRAINING"),
        down=base == "DOWN",
        reason=reason_text,
        reason_user=_none(reason.group("user")) if reason else None,
        reason_time=_none(reason.group("time")) if reason else None,
        gres=gres,
        gres_used=_none(fields.get("GresUsed")),
        gpus=count_gpus(gres),
        cpus_total=_int(fields.get("CPUTot")),
        cpus_alloc=_int(fields.get("CPUAlloc")),
        real_memory_mb=_int(fields.get("RealMemory")),
        alloc_memory_mb=_int(fields.get("AllocMem")),
        partitions=[p for p in (_none(fields.get("Partitions")) or "").split(",") if p],
        address=_none(fields.get("NodeAddr")),
        hostname=_none(fields.get("NodeHostName")),
        version=_none(fields.get("Version")),
        fields=fields,
    )


def parse_nodes(text: str) -> list[SlurmNode]:
    """Parse ``scontrol -o [-d] show node [NAME]`` output: one node per non-empty line. Lines
    that are not node records (no ``NodeName=``) are skipped."""
    nodes = []
    for line in text.splitlines():
        if not line.strip():
            continue
        reason = _NODE_REASON.search(line)
        rest = line[: reason.start()] + " " + line[reason.end() :] if reason else line
        fields = parse_kv_line(rest)
        if "NodeName" not in fields:
            continue
        if reason is not None:
            fields["Reason"] = (
                f"{reason.group('text')} [{reason.group('user')}@{reason.group('time')}]"
            )
        nodes.append(_node_from_fields(fields, reason))
    return nodes


def _user(value: str | None) -> tuple[str | None, int | None]:
    value = _none(value)
    if value is None:
        return None, None
    m = re.fullmatch(r"(.*?)\((\d+)\)", value)
    return (m.group(1) or None, int(m.group(2))) if m else (value, None)


def _flag(value: str | None) -> bool | None:
    value = _none(value)
    return None if value is None else value not in ("0", "no", "NO", "false")


def _hosts_or_raw(value: str | None) -> list[str]:
    try:
        return expand_hostlist(value)
    except ValueError:
        return [value] if value else []


def parse_jobs(text: str, tz: tzinfo | None = None) -> list[SlurmJob]:
    """Parse ``scontrol -o show job [ID]`` output: one job per non-empty line (array jobs give
    one line per task). Times are read in ``tz`` (None: this process's local zone)."""
    jobs = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name = _JOB_NAME.search(line)
        rest = line[: name.start()] + " " + line[name.end() :] if name else line
        fields = parse_kv_line(rest)
        if "JobId" not in fields:
            continue
        if name is not None:
            fields["JobName"] = name.group("name")
        user, uid = _user(fields.get("UserId"))
        gres = _none(fields.get("TresPerNode"))
        node_list = _none(fields.get("NodeList"))
        jobs.append(
            SlurmJob(
                job_id=fields["JobId"],
                name=fields.get("JobName"),
                user=user,
                user_id=uid,
                state=fields.get("JobState", "UNKNOWN"),
                state_reason=_none(fields.get("Reason")),
                partition=_none(fields.get("Partition")),
                nodes=_hosts_or_raw(node_list),
                node_list=node_list,
                batch_host=_none(fields.get("BatchHost")),
                excluded_nodes=_hosts_or_raw(_none(fields.get("ExcNodeList"))),
                num_nodes=_none(fields.get("NumNodes")),
                gres=gres,
                gpus_per_node=count_gpus(gres),
                tres=_none(fields.get("TRES")),
                requeue=_flag(fields.get("Requeue")),
                restarts=_int(fields.get("Restarts")),
                batch=_flag(fields.get("BatchFlag")),
                exit_code=_none(fields.get("ExitCode")),
                submit_time=_epoch(fields.get("SubmitTime"), tz),
                start_time=_epoch(fields.get("StartTime"), tz),
                end_time=_epoch(fields.get("EndTime"), tz),
                work_dir=_none(fields.get("WorkDir")),
                fields=fields,
            )
        )
    return jobs


def _json_number(value: Any) -> float | None:
    # openapi v0.0.38 gives plain ints; later versions wrap them: {"set": true, "number": 5}.
    if isinstance(value, dict):
        if not value.get("set", True) or value.get("infinite"):
            return None
        value = value.get("number")
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        return None
    return float(value)


def _json_str(value: Any) -> str | None:
    if isinstance(value, list):  # later versions give job_state as ["RUNNING"]
        value = "+".join(str(v) for v in value)
    return _none(str(value)) if value is not None else None


def parse_squeue_json(text: str) -> list[SlurmJob]:
    """Parse ``squeue --json`` (22.05: openapi v0.0.38; newer shapes tolerated). Raises
    ValueError if the text is not JSON with a ``jobs`` list; unknown keys are ignored."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"squeue --json output is not JSON: {e}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), list):
        raise ValueError("squeue --json output has no 'jobs' list")
    jobs = []
    for raw in doc["jobs"]:
        if not isinstance(raw, dict) or "job_id" not in raw:
            continue
        gres = _json_str(raw.get("tres_per_node"))
        node_list = _json_str(raw.get("nodes"))
        gres_detail = raw.get("gres_detail")
        restarts = raw.get("restart_cnt")
        jobs.append(
            SlurmJob(
                job_id=str(raw["job_id"]),
                name=raw.get("name") if isinstance(raw.get("name"), str) else None,
                user=_json_str(raw.get("user_name")),
                user_id=raw["user_id"] if isinstance(raw.get("user_id"), int) else None,
                state=_json_str(raw.get("job_state")) or "UNKNOWN",
                state_reason=_json_str(raw.get("state_reason")),
                partition=_json_str(raw.get("partition")),
                nodes=_hosts_or_raw(node_list),
                node_list=node_list,
                batch_host=_json_str(raw.get("batch_host")),
                excluded_nodes=_hosts_or_raw(_json_str(raw.get("excluded_nodes"))),
                num_nodes=_json_str(raw.get("node_count")),
                gres=gres,
                gpus_per_node=count_gpus(gres),
                gres_detail=[str(g) for g in gres_detail] if isinstance(gres_detail, list) else [],
                tres=_json_str(raw.get("tres_alloc_str")) or _json_str(raw.get("tres_req_str")),
                requeue=raw["requeue"] if isinstance(raw.get("requeue"), bool) else None,
                restarts=restarts if isinstance(restarts, int) else None,
                batch=raw["batch_flag"] if isinstance(raw.get("batch_flag"), bool) else None,
                submit_time=_json_number(raw.get("submit_time")),
                start_time=_json_number(raw.get("start_time")),
                end_time=_json_number(raw.get("end_time")),
                work_dir=_json_str(raw.get("current_working_directory")),
            )
        )
    return jobs


# -- validation ---------------------------------------------------------------------------


def check_node_name(node: str) -> str:
    """The node name, or ValueError saying why it is refused (it goes into a command line)."""
    if not isinstance(node, str) or not _NODE_NAME.fullmatch(node):
        raise ValueError(
            f"invalid node name {node!r}: expected a hostname (letters, digits, '.', '_', '-'; "
            "no spaces, quotes, brackets or shell characters)"
        )
    return node


def check_job_id(job_id: str | int) -> str:
    """The job id as a string, or ValueError (digits, optionally _TASK or +COMPONENT)."""
    text = str(job_id).strip() if isinstance(job_id, int | str) else ""
    if isinstance(job_id, bool) or not _JOB_ID.fullmatch(text):
        raise ValueError(f"invalid job id {job_id!r}: expected digits like 1234 or 1234_5")
    return text


def check_reason(reason: str) -> str:
    """A drain reason: one line of printable text, not empty, at most MAX_REASON_LEN chars,
    its metacharacters made spaces (:func:`clean_reason`)."""
    if not isinstance(reason, str) or not reason.strip():
        raise ValueError("a reason is required (it is what operators see in sinfo -R)")
    reason = reason.strip()
    if len(reason) > MAX_REASON_LEN:
        raise ValueError(f"reason is {len(reason)} characters; at most {MAX_REASON_LEN}")
    if any(not ch.isprintable() for ch in reason):
        raise ValueError("reason must be one line of printable text (no newlines or control chars)")
    cleaned = clean_reason(reason)
    if not cleaned:
        raise ValueError("a reason is required (it is what operators see in sinfo -R)")
    return cleaned


def clean_reason(text: str, limit: int = MAX_REASON_LEN) -> str:
    """Free text made fit for a SLURM reason: control, format and line-break characters and
    the metacharacters of :data:`_REASON_META` become spaces, runs of spaces one, and text past
    ``limit`` characters is cut (ending in ``...``)."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    words = _REASON_META.sub(" ", printable).split()
    out = " ".join(words)
    return out if len(out) <= limit else out[: limit - 3].rstrip() + "..."


def _clean_reason_arg(value: object) -> object:
    # before validation: a reason from a request (MCP, chat, an alert's summary in a runbook
    # template) is cleaned, never refused for its text; what is not text fails as usual
    return clean_reason(value) if isinstance(value, str) else value


# -- executor -----------------------------------------------------------------------------


def _command_text(outcomes: Iterable[CommandOutcome | Sequence[str]]) -> str:
    return "; ".join(
        o.command if isinstance(o, CommandOutcome) else shlex.join(o) for o in outcomes
    )


def _output_text(outcome: CommandOutcome) -> str:
    text = " ".join(p.strip() for p in (outcome.stderr, outcome.stdout) if p.strip())
    return text or "(no output)"


def _failure_text(outcome: CommandOutcome) -> str:
    what = "timed out" if outcome.timed_out else f"exit {outcome.returncode}"
    return f"{outcome.argv[0]} failed ({what}): {_output_text(outcome)}"


def owns_reason(reason: str | None, prefix: str = "gpufleet") -> bool:
    """Whether a node reason is gpufleet's: it starts with the prefix followed by a non-word
    character or nothing ("gpufleet: x", "gpufleet inc-1: x"; not "gpufleetx"). The one rule
    for "never override a person's drain; resume only our own", live and in replays."""
    if reason is None or not reason.startswith(prefix):
        return False
    rest = reason[len(prefix) :]
    return not rest or not (rest[0].isalnum() or rest[0] == "_")


class SlurmExecutor:
    """Reads and changes SLURM state through ``scontrol``/``squeue``/``scancel``.

    ``reads`` runs queries (a :class:`SubprocessRunner`, with ``SLURM_CONF`` in its env if
    needed); ``writes`` runs changes and is a :class:`DryRunRunner` unless the caller passes a
    real one. Every method returns a :class:`ToolResult` and never raises for SLURM errors.

    ``query`` of a result is the change command run (or, in dry-run, that would run); for a
    ``denied`` result the command that was refused; when nothing needed changing, the read
    that showed it."""

    def __init__(
        self,
        reads: CommandRunner,
        writes: CommandRunner | None = None,
        reason_prefix: str = "gpufleet",
        *,
        scontrol: str = "scontrol",
        squeue: str = "squeue",
        scancel: str = "scancel",
        timeout_s: float = 30.0,
        tz: tzinfo | None = None,
    ) -> None:
        if not reason_prefix.strip() or not reason_prefix.isprintable():
            raise ValueError("reason_prefix must be non-empty printable text")
        self.reads = reads
        self.writes: CommandRunner = writes if writes is not None else DryRunRunner()
        self.reason_prefix = reason_prefix.strip()
        self.scontrol, self.squeue, self.scancel = scontrol, squeue, scancel
        self.timeout_s = timeout_s
        self.tz = tz

    # -- reads ----------------------------------------------------------------------------

    def _read_node(self, node: str) -> tuple[SlurmNode, str]:
        argv = [self.scontrol, "-o", "-d", "show", "node", node]
        out = self.reads.run(argv, timeout_s=self.timeout_s)
        if not out.ok:
            raise SlurmCommandError(_failure_text(out), out.command)
        for parsed in parse_nodes(out.stdout):
            if parsed.name == node:
                return parsed, out.command
        raise SlurmCommandError(
            f"scontrol returned no record for node {node!r}: {_output_text(out)}", out.command
        )

    def _read_job(self, job_id: str) -> tuple[SlurmJob, str]:
        argv = [self.scontrol, "-o", "show", "job", job_id]
        out = self.reads.run(argv, timeout_s=self.timeout_s)
        if not out.ok:
            raise SlurmCommandError(_failure_text(out), out.command)
        jobs = parse_jobs(out.stdout, self.tz)
        if not jobs:
            raise SlurmCommandError(
                f"scontrol returned no record for job {job_id}: {_output_text(out)}", out.command
            )
        # An array parent id lists every task; the record whose id matches exactly comes first.
        jobs.sort(key=lambda j: j.job_id != job_id)
        return jobs[0], out.command

    def show_node(self, node: str) -> ToolResult:
        try:
            parsed, query = self._read_node(check_node_name(node))
        except ValueError as e:
            return ToolResult.failure(str(e))
        except SlurmCommandError as e:
            return ToolResult.failure(str(e), query=e.query)
        return ToolResult.success(parsed.model_dump(mode="json"), query=query)

    def show_job(self, job_id: str | int) -> ToolResult:
        try:
            parsed, query = self._read_job(check_job_id(job_id))
        except ValueError as e:
            return ToolResult.failure(str(e))
        except SlurmCommandError as e:
            return ToolResult.failure(str(e), query=e.query)
        return ToolResult.success(parsed.model_dump(mode="json"), query=query)

    def jobs_on_node(self, node: str) -> ToolResult:
        try:
            node = check_node_name(node)
        except ValueError as e:
            return ToolResult.failure(str(e))
        argv = [self.squeue, "--json", "-w", node]
        out = self.reads.run(argv, timeout_s=self.timeout_s)
        if not out.ok:
            return ToolResult.failure(_failure_text(out), query=out.command)
        try:
            jobs = parse_squeue_json(out.stdout)
        except ValueError as e:
            return ToolResult.failure(str(e), query=out.command)
        # squeue already filters by -w; filtering again keeps the answer right if a version's
        # --json ignores the filter.
        on_node = [j for j in jobs if node in j.nodes]
        return ToolResult.success(
            {
                "node": node,
                "count": len(on_node),
                "jobs": [j.model_dump(mode="json") for j in on_node],
            },
            query=out.command,
        )

    # -- ownership ------------------------------------------------------------------------

    def owns_reason(self, reason: str | None) -> bool:
        return owns_reason(reason, self.reason_prefix)

    def with_prefix(self, reason: str) -> str:
        reason = check_reason(reason)
        return reason if self.owns_reason(reason) else f"{self.reason_prefix}: {reason}"

    # -- changes --------------------------------------------------------------------------

    def _write(self, argv: list[str]) -> CommandOutcome:
        return self.writes.run(argv, timeout_s=self.timeout_s)

    def drain(self, node: str, reason: str) -> ToolResult:
        try:
            node = check_node_name(node)
            full_reason = self.with_prefix(reason)
        except ValueError as e:
            return ToolResult.failure(str(e))
        argv = [self.scontrol, "update", f"NodeName={node}", "State=DRAIN", f"Reason={full_reason}"]
        try:
            before, read_query = self._read_node(node)
        except SlurmCommandError as e:
            if self.dry_run:
                return self._unread_dry_run(node, argv, e, "another operator's drain")
            return ToolResult.failure(
                f"cannot drain {node}: reading its state failed: {e}", e.query
            )
        if before.drained or before.down:
            if self.owns_reason(before.reason):
                return ToolResult.success(
                    {
                        "node": node,
                        "outcome": "unchanged",
                        "before": before.model_dump(mode="json"),
                        "note": (
                            f"already drained by {self.reason_prefix}; reason kept: {before.reason}"
                        ),
                    },
                    query=read_query,
                )
            if before.reason is not None or before.drained:
                return ToolResult(
                    status="denied",
                    query=shlex.join(argv),
                    data={"node": node, "before": before.model_dump(mode="json")},
                    error=(
                        f"{node} is already {before.state} by {before.reason_user or 'someone'} "
                        f"with reason {before.reason!r}, which is not {self.reason_prefix}'s; "
                        "not overriding another operator's drain"
                    ),
                )
        return self._apply_node_change(node, argv, before)

    def resume(self, node: str) -> ToolResult:
        try:
            node = check_node_name(node)
        except ValueError as e:
            return ToolResult.failure(str(e))
        argv = [self.scontrol, "update", f"NodeName={node}", "State=RESUME"]
        try:
            before, read_query = self._read_node(node)
        except SlurmCommandError as e:
            if self.dry_run:
                return self._unread_dry_run(node, argv, e, "who drained it")
            return ToolResult.failure(
                f"cannot resume {node}: reading its state failed: {e}", e.query
            )
        if not (before.drained or before.down):
            return ToolResult.success(
                {
                    "node": node,
                    "outcome": "unchanged",
                    "before": before.model_dump(mode="json"),
                    "note": f"{node} is {before.state}, not drained or down: nothing to resume",
                },
                query=read_query,
            )
        if not self.owns_reason(before.reason):
            return ToolResult(
                status="denied",
                query=shlex.join(argv),
                data={"node": node, "before": before.model_dump(mode="json")},
                error=(
                    f"{node} is {before.state} with reason {before.reason!r} "
                    f"(set by {before.reason_user or 'unknown'}), not a {self.reason_prefix} "
                    "drain; only the operator who drained it should resume it"
                ),
            )
        return self._apply_node_change(node, argv, before)

    @property
    def dry_run(self) -> bool:
        return bool(getattr(self.writes, "dry_run", False))

    def _unread_dry_run(
        self, node: str, argv: list[str], e: SlurmCommandError, unchecked: str
    ) -> ToolResult:
        """A dry run whose state read failed (no controller here, no slurm.conf): nothing would
        change anyway, so it still says the exact command it would run, and what it could not
        check, instead of failing on a controller it never needed."""
        out = self._write(argv)
        first = str(e).strip().splitlines()[0] if str(e).strip() else "no answer"
        return ToolResult(
            status="dry_run",
            query=out.command,
            data={"node": node, "outcome": "dry_run", "before": None},
            error=(
                f"dry-run: would run {out.command}; {node}'s state was not read ({first}), "
                f"so {unchecked} was not checked"
            ),
        )

    def _apply_node_change(self, node: str, argv: list[str], before: SlurmNode) -> ToolResult:
        out = self._write(argv)
        if out.dry_run:
            return ToolResult(
                status="dry_run",
                query=out.command,
                data={"node": node, "outcome": "dry_run", "before": before.model_dump(mode="json")},
            )
        after: SlurmNode | None = None
        try:
            after, _ = self._read_node(node)
        except SlurmCommandError:
            after = None
        after_dump = after.model_dump(mode="json") if after else None
        if not out.ok:
            # SLURM 22.05: RESUME of a node whose slurmd is not responding (UNKNOWN*/DOWN*)
            # clears DRAIN but exits 1 with "Invalid node state specified". If the drain is
            # gone, the resume did what it could: the node returns once its slurmd registers.
            resumed_anyway = (
                "State=RESUME" in argv
                and "Invalid node state specified" in _output_text(out)
                and after is not None
                and not after.drained
            )
            if not resumed_anyway or after is None:
                return ToolResult.failure(
                    _failure_text(out),
                    query=out.command,
                    data={
                        "node": node,
                        "before": before.model_dump(mode="json"),
                        "after": after_dump,
                    },
                )
            return ToolResult.success(
                {
                    "node": node,
                    "outcome": "changed",
                    "before": before.model_dump(mode="json"),
                    "after": after_dump,
                    "note": f"drain cleared, but {node} is {after.state}: its slurmd is not "
                    "responding, so it becomes schedulable only once slurmd registers",
                },
                query=out.command,
            )
        data: dict[str, Any] = {
            "node": node,
            "outcome": "changed",
            "before": before.model_dump(mode="json"),
            "after": after_dump,
        }
        if after is not None and after.not_responding:
            data["note"] = (
                f"{node} reads {after.state}: not schedulable until slurmd answers the "
                "controller (usually seconds after a resume)"
            )
        return ToolResult.success(data, query=out.command)

    def requeue(
        self, job_id: str | int, reason: str | None = None, exclude: Sequence[str] | str = ()
    ) -> ToolResult:
        """Requeue a batch job; with ``exclude``, the job is requeued held, the nodes are added
        to its ExcNodeList (keeping the ones it had), then it is released, so it can never be
        rescheduled onto an excluded node in between."""
        try:
            job_id = check_job_id(job_id)
            if isinstance(exclude, str):
                exclude = [e for e in re.split(r"[,\s]+", exclude) if e]
            excluded = [check_node_name(n) for n in exclude]
            reason = check_reason(reason) if reason is not None else None
        except ValueError as e:
            return ToolResult.failure(str(e))
        try:
            before, _ = self._read_job(job_id)
        except SlurmCommandError as e:
            return ToolResult.failure(f"cannot requeue job {job_id}: {e}", e.query)
        if excluded:
            merged = list(dict.fromkeys([*before.excluded_nodes, *excluded]))
            plan = [
                [self.scontrol, "requeuehold", job_id],
                [self.scontrol, "update", f"JobId={job_id}", f"ExcNodeList={','.join(merged)}"],
                [self.scontrol, "release", job_id],
            ]
        else:
            plan = [[self.scontrol, "requeue", job_id]]
        base = {
            "job_id": job_id,
            "reason": reason,
            "excluded_nodes": excluded,
            "before": before.model_dump(mode="json"),
        }
        if before.batch is False:
            return ToolResult(
                status="denied",
                query=_command_text(plan),
                data=base,
                error=f"job {job_id} is not a batch job; SLURM can only requeue batch jobs",
            )
        return self._run_plan(
            plan, base, job_id, undo_on_failure=[self.scontrol, "release", job_id]
        )

    def cancel(self, job_id: str | int, reason: str | None = None) -> ToolResult:
        try:
            job_id = check_job_id(job_id)
            reason = check_reason(reason) if reason is not None else None
        except ValueError as e:
            return ToolResult.failure(str(e))
        argv = [self.scancel, job_id]
        # scancel exits 0 in silence for an id the controller does not know, so the job is read
        # first: an unknown id is an error, an already finished job is left alone.
        try:
            before, read_query = self._read_job(job_id)
        except SlurmCommandError as e:
            return ToolResult.failure(f"cannot cancel job {job_id}: {e}", e.query)
        base = {"job_id": job_id, "reason": reason, "before": before.model_dump(mode="json")}
        if before.state.split("+")[0] in TERMINAL_JOB_STATES:
            return ToolResult.success(
                {**base, "outcome": "unchanged", "note": f"job {job_id} already {before.state}"},
                query=read_query,
            )
        return self._run_plan([argv], base, job_id, undo_on_failure=None)

    def _run_plan(
        self,
        plan: list[list[str]],
        base: dict[str, Any],
        job_id: str,
        undo_on_failure: list[str] | None,
    ) -> ToolResult:
        done: list[CommandOutcome] = []
        for step_no, argv in enumerate(plan):
            out = self._write(argv)
            done.append(out)
            if out.ok:
                continue
            error = _failure_text(out)
            if undo_on_failure is not None and step_no > 0:
                # The job was requeued held: do not leave it held because a later step failed.
                undo = self._write(undo_on_failure)
                done.append(undo)
                if not undo.ok:
                    error += f"; and releasing the held job failed too: {_failure_text(undo)}"
            return ToolResult.failure(error, query=_command_text(done), data=base)
        if any(o.dry_run for o in done):
            return ToolResult(
                status="dry_run", query=_command_text(done), data={**base, "outcome": "dry_run"}
            )
        after: dict[str, Any] | None
        try:
            after = self._read_job(job_id)[0].model_dump(mode="json")
        except SlurmCommandError:
            after = None
        return ToolResult.success(
            {**base, "outcome": "changed", "after": after}, query=_command_text(done)
        )


# -- tools --------------------------------------------------------------------------------

_NODE_FIELD = Field(pattern=NODE_NAME_PATTERN, description="the node's SLURM name, e.g. node-01")


def _job_id_str(v: Any) -> Any:
    return str(v) if isinstance(v, int) and not isinstance(v, bool) else v


class NodeArgs(ToolArgs):
    node: str = _NODE_FIELD


class ListJobsArgs(ToolArgs):
    node: str = _NODE_FIELD
    window: str | None = Field(
        default=None,
        description="accepted for runbook compatibility; only jobs the controller holds now "
        "(pending, running, recently finished) are listed",
    )


class DrainArgs(ToolArgs):
    node: str = _NODE_FIELD
    reason: str = Field(
        min_length=1, max_length=MAX_REASON_LEN, description="why; shown in sinfo -R"
    )

    _clean = field_validator("reason", mode="before")(_clean_reason_arg)


class JobArgs(ToolArgs):
    job_id: str = Field(pattern=JOB_ID_PATTERN, description="SLURM job id, e.g. 1234")

    _coerce = field_validator("job_id", mode="before")(_job_id_str)


class RequeueArgs(JobArgs):
    reason: str | None = Field(default=None, max_length=MAX_REASON_LEN)
    exclude: str | None = Field(
        default=None,
        validation_alias=AliasChoices("exclude", "exclude_node"),
        description="node(s) the job must not run on again, comma-separated",
    )

    _clean = field_validator("reason", mode="before")(_clean_reason_arg)


class CancelArgs(JobArgs):
    reason: str | None = Field(default=None, max_length=MAX_REASON_LEN)

    _clean = field_validator("reason", mode="before")(_clean_reason_arg)


class SlurmToolset:
    """The SLURM tools of :data:`knowledge.schema.TOOLS`, bound to ``executor``."""

    def __init__(self, executor: SlurmExecutor) -> None:
        self.executor = executor

    @toolset_tool("slurm.show_node", "read")
    def show_node(self, args: NodeArgs) -> ToolResult:
        """Show one SLURM node: state (IDLE, MIXED, ALLOCATED, DOWN, with DRAIN and * for not
        responding), drain reason and who set it, GPUs (gres) and GPUs in use, CPUs, memory,
        partitions."""
        return self.executor.show_node(args.node)

    @toolset_tool("slurm.show_job", "read")
    def show_job(self, args: JobArgs) -> ToolResult:
        """Show one SLURM job: state and reason, owner, partition, the nodes it runs on, excluded
        nodes, GPUs per node, requeue flag and restart count, submit/start/end times."""
        return self.executor.show_job(args.job_id)

    @toolset_tool("slurm.list_jobs_on_node", "read")
    def list_jobs_on_node(self, args: ListJobsArgs) -> ToolResult:
        """List the jobs on one node now (running, completing, suspended), with owner, all their
        nodes and which GPUs each holds on each node (gres_detail, e.g. gpu:2(IDX:0-1))."""
        result = self.executor.jobs_on_node(args.node)
        if args.window and result.status == "ok" and isinstance(result.data, dict):
            note = (
                f"window {args.window!r} asked; only jobs the controller holds now are "
                "listed (no accounting history is read)"
            )
            result = result.model_copy(update={"data": {**result.data, "note": note}})
        return result

    @toolset_tool("slurm.drain_node", "mutate")
    def drain_node(self, args: DrainArgs) -> ToolResult:
        """Drain a node: no new jobs start on it; running jobs continue. The reason is recorded
        (prefixed "gpufleet"). Refused if someone else already drained or downed the node;
        a node already drained by gpufleet is left as is."""
        return self.executor.drain(args.node, args.reason)

    @toolset_tool("slurm.resume_node", "mutate")
    def resume_node(self, args: NodeArgs) -> ToolResult:
        """Return a node drained by gpufleet to service. Refused for nodes drained or downed by
        anyone else (their reason does not start with "gpufleet")."""
        return self.executor.resume(args.node)

    @toolset_tool("slurm.requeue_job", "mutate")
    def requeue_job(self, args: RequeueArgs) -> ToolResult:
        """Requeue a batch job: it is stopped and goes back to pending, restarting from its
        last checkpoint. With exclude, the job is kept off those nodes when it runs again."""
        return self.executor.requeue(args.job_id, args.reason, args.exclude or ())

    @toolset_tool("slurm.cancel_job", "destructive")
    def cancel_job(self, args: CancelArgs) -> ToolResult:
        """Cancel a job (scancel). Its work since the last checkpoint is lost."""
        return self.executor.cancel(args.job_id, args.reason)


def slurm_tools(executor: SlurmExecutor) -> list[Tool]:
    """The SLURM tools of :data:`knowledge.schema.TOOLS`, bound to ``executor``
    (:class:`SlurmToolset`)."""
    return bind_toolset(SlurmToolset(executor))


__all__ = [
    "SlurmExecutor",
    "SlurmJob",
    "SlurmNode",
    "SlurmToolset",
    "check_job_id",
    "check_node_name",
    "count_gpus",
    "expand_hostlist",
    "parse_jobs",
    "parse_kv_line",
    "parse_nodes",
    "parse_squeue_json",
    "slurm_tools",
    "split_state",
]
