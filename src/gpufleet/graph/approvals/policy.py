"""Who may approve what, and what the fleet's policy pre-approves (DESIGN.md decision 7).

A :class:`Policy` is loaded from YAML (``policy.example.yaml`` documents every key) and is
strict: an unknown key, a tool name no runbook knows, a glob that cannot match what its author
meant or a time without a UTC offset is an error naming the file, the line and the dotted path
(``policy.yaml:14: canary_nodes[0].tools[1]: ...``). A typo in a policy must never widen what
runs without a person. Loading raises only :class:`PolicyError`: the text is read through
:mod:`telemetry.untrusted` (at most 1 MiB, UTF-8 with an optional BOM, YAML nested ≤ 64 levels
and ≤ 20,000 values with aliases expanded, checked by a streaming scan before the recursive
composer runs; recursive aliases, over-long integers and impossible dates are reported with
their line); NaN and infinite numbers are refused.

Three kinds of pre-approval rule, all of which only ever cover ``mutate`` tools unless a rule
names a destructive tool *exactly* and sets ``allow_destructive: true``:

* ``canary_nodes``: listed tools run without a person on nodes matching the rule's globs;
* ``maintenance_windows``: listed tools run on matching nodes inside a one-off window
  (``start``/``end``, ISO datetimes with an offset) or a weekly one (``weekly: {weekday,
  start, duration}``, UTC);
* ``standing``: listed node-independent mutate tools (``ticket.open``, ``notify.user``) are
  always pre-approved. Destructive tools can never be standing.

Approval authority: ``roles`` map a role name to the risks (and optionally tool globs) it may
approve; ``approvers`` give people their roles. With no approvers listed, any named person may
approve ``mutate`` steps (a small lab runs without a roster) but nobody may approve a
``destructive`` one: destructive authority always needs a listed approver whose role allows
it. ``agent``, ``policy``, ``policy:<rule>`` and ``system`` are never people, and neither is
a service identity (``service_identities``, default ``alertmanager``; ``gpufleet serve`` adds
every API token whose role is ``service``): a service never approves, rejects or resets the
breaker, whether or not the policy lists approvers.

Everything here is a pure function of (policy, call, ``now``); the gate
(:mod:`graph.approvals.gate`) does the I/O.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal, get_args, get_origin

import yaml
from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from gpufleet.graph.tools import Risk
from gpufleet.knowledge.schema import TOOLS
from gpufleet.telemetry.untrusted import (
    CONFIG_LIMITS,
    UntrustedInputError,
    capped,
    clip,
    load_yaml,
    read_text,
    with_label,
)

RULE_NAME_PATTERN: Final = r"^[a-z0-9][a-z0-9._-]*$"
# Names that stand for software, never for a person: none of them may approve a step or reset
# the breaker, whatever a caller (or a model's output routed through a caller) claims.
RESERVED_INITIATORS: Final = frozenset({"agent", "policy", "system", "gpufleet", "model", "llm"})
WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MAX_WEEKLY_DURATION_S: Final = 7 * 86400.0
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)([dhms])")
_DURATION_UNITS: Final = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0}
_TAKES_OUT_DEFAULT: Final = (
    "slurm.drain_node",
    "k8s.cordon_node",
    "k8s.taint_node",
    "node.reboot",
    "nvidia_smi.reset_gpu",
)


class PolicyError(ValueError):
    """The policy file cannot be read, is not YAML, or does not validate. The message names the
    file, the line where known, and the dotted path of every problem."""


def person_problem(name: str) -> str | None:
    """Why ``name`` cannot stand for a person (approve, reject, reset), or None if it can."""
    stripped = name.strip()
    if not stripped:
        return "no name given; a decision needs the name of the person making it"
    if stripped != name:
        return f"name {name!r} has leading or trailing whitespace"
    lowered = stripped.lower()
    if lowered in RESERVED_INITIATORS or lowered.startswith("policy:"):
        return f"{name!r} is not a person; only a named person may decide"
    return None


def service_problem(policy: Policy, name: str) -> str | None:
    """Why ``name`` may not decide as a service identity (Alertmanager's token), or None."""
    if policy.is_service(name):
        return f"{name!r} is a service identity (policy service_identities); services never decide"
    return None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def _check_node_glob(pattern: str, *, allow_everything: bool) -> str:
    if not pattern or pattern != pattern.strip() or any(c.isspace() for c in pattern):
        raise ValueError(f"node pattern {pattern!r}: empty or contains whitespace")
    # fnmatch treats an unclosed "[" as a literal character, so "gpu-[01" would silently match
    # nothing a person meant; reject it instead.
    depth = 0
    for c in pattern:
        if c == "[":
            if depth:
                raise ValueError(f"node pattern {pattern!r}: nested '['")
            depth = 1
        elif c == "]" and depth:
            depth = 0
    if depth:
        raise ValueError(f"node pattern {pattern!r}: '[' without a closing ']'")
    if not allow_everything and set(pattern) <= {"*", "?"}:
        raise ValueError(
            f"node pattern {pattern!r} matches every node; canary rules name a few test nodes"
        )
    return pattern


def _check_tool_patterns(patterns: Sequence[str]) -> Sequence[str]:
    if not patterns:
        raise ValueError("list at least one tool")
    for p in patterns:
        if not any(fnmatch.fnmatchcase(name, p) for name in TOOLS):
            raise ValueError(
                f"tool {p!r} matches no known tool (known: {', '.join(sorted(TOOLS))})"
            )
        if all(TOOLS[name] == "read" for name in TOOLS if fnmatch.fnmatchcase(name, p)):
            raise ValueError(f"tool {p!r} only matches read tools, which never need approval")
    return patterns


class _PreapprovalRule(_Strict):
    name: str = Field(pattern=RULE_NAME_PATTERN)
    tools: tuple[str, ...]
    allow_destructive: bool = False

    @field_validator("tools")
    @classmethod
    def _known_tools(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_check_tool_patterns(v))

    @model_validator(mode="after")
    def _destructive_named_exactly(self) -> _PreapprovalRule:
        exact_destructive = [t for t in self.tools if TOOLS.get(t) == "destructive"]
        if exact_destructive and not self.allow_destructive:
            raise ValueError(
                f"rule {self.name!r}: {', '.join(exact_destructive)} is destructive; set "
                "allow_destructive: true on this rule to pre-approve it (or remove it)"
            )
        if self.allow_destructive and not exact_destructive:
            raise ValueError(
                f"rule {self.name!r}: allow_destructive is true but no destructive tool is named "
                "exactly; globs never pre-approve destructive tools"
            )
        return self

    def covers(self, tool: str, risk: Risk) -> bool:
        """Whether this rule's tool list pre-approves ``tool`` at ``risk``. A destructive tool
        is covered only when named exactly on a rule with ``allow_destructive``."""
        if risk == "read":
            return False
        if risk == "destructive":
            return self.allow_destructive and tool in self.tools
        return any(fnmatch.fnmatchcase(tool, p) for p in self.tools)


class CanaryRule(_PreapprovalRule):
    """Listed tools run without a person on nodes matching ``nodes`` (names or globs)."""

    nodes: tuple[str, ...] = Field(min_length=1)

    @field_validator("nodes")
    @classmethod
    def _node_globs(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_check_node_glob(p, allow_everything=False) for p in v)


def parse_duration(value: object) -> float:
    """Seconds from a number of seconds or a string like ``4h``, ``90m``, ``1h30m``."""
    if isinstance(value, bool):
        raise ValueError("duration must be seconds or a string like '4h' or '1h30m'")
    if isinstance(value, int | float):
        seconds = float(value)
    elif isinstance(value, str):
        text = value.strip().lower()
        parts = _DURATION_PART.findall(text)
        if not parts or "".join(n + u for n, u in parts) != text:
            raise ValueError(f"duration {value!r}: expected e.g. '4h', '90m', '1h30m' or seconds")
        seconds = sum(float(n) * _DURATION_UNITS[u] for n, u in parts)
    else:
        raise ValueError("duration must be seconds or a string like '4h' or '1h30m'")
    if seconds <= 0:
        raise ValueError(f"duration {value!r} must be positive")
    return seconds


class WeeklySchedule(_Strict):
    """Every week on ``weekday`` (one name or a list) from ``start`` (``"HH:MM"``, UTC) for
    ``duration``. A window may cross midnight or the end of the week."""

    weekday: tuple[str, ...]
    start: str
    duration: float

    @field_validator("weekday", mode="before")
    @classmethod
    def _weekday_names(cls, v: object) -> tuple[str, ...]:
        names = v if isinstance(v, list | tuple) else [v]
        if not isinstance(names, list | tuple) or not names:
            raise ValueError("weekday: a day name or a list of day names, e.g. sunday or [sat]")
        out = []
        for n in names:
            if not isinstance(n, str):
                # Numbers are refused: 0 is Monday to Python and Sunday to cron.
                raise ValueError(f"weekday {n!r}: write the day's name (monday ... sunday)")
            key = n.strip().lower()
            match = [d for d in WEEKDAYS if d == key or (len(key) >= 3 and d.startswith(key))]
            if len(match) != 1:
                raise ValueError(f"weekday {n!r}: not a day name (monday ... sunday)")
            out.append(match[0])
        return tuple(dict.fromkeys(out))

    @field_validator("start", mode="before")
    @classmethod
    def _clock_time(cls, v: object) -> str:
        if not isinstance(v, str):
            # YAML 1.1 reads an unquoted 2:00 as the number 120 (base 60).
            raise ValueError(f"start {v!r}: write the UTC time as a quoted string, e.g. '02:00'")
        m = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", v.strip())
        if not m:
            raise ValueError(f"start {v!r}: expected HH:MM (24-hour, UTC)")
        return f"{int(m.group(1)):02d}:{m.group(2)}"

    @field_validator("duration", mode="before")
    @classmethod
    def _duration(cls, v: object) -> float:
        seconds = parse_duration(v)
        if seconds > _MAX_WEEKLY_DURATION_S:
            raise ValueError(f"duration {v!r} is longer than a week")
        return seconds

    def contains(self, now: float) -> bool:
        at = dt.datetime.fromtimestamp(now, dt.UTC)
        hour, minute = (int(x) for x in self.start.split(":"))
        for day in self.weekday:
            back = (at.weekday() - WEEKDAYS.index(day)) % 7
            start = (at - dt.timedelta(days=back)).replace(
                hour=hour, minute=minute, second=0, microsecond=0
            )
            if start > at:  # today's window has not begun: the last one began a week ago
                start -= dt.timedelta(days=7)
            if at < start + dt.timedelta(seconds=self.duration):
                return True
        return False


class MaintenanceWindow(_PreapprovalRule):
    """Listed tools run without a person on matching nodes while the window is open: either
    one-off (``start``/``end`` with a UTC offset) or ``weekly``."""

    nodes: tuple[str, ...] = Field(min_length=1)
    start: AwareDatetime | None = None
    end: AwareDatetime | None = None
    weekly: WeeklySchedule | None = None

    @field_validator("nodes")
    @classmethod
    def _node_globs(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_check_node_glob(p, allow_everything=True) for p in v)

    @field_validator("start", "end", mode="before")
    @classmethod
    def _offset_required(cls, v: object) -> object:
        if isinstance(v, dt.datetime) and v.tzinfo is None:
            raise ValueError(
                f"{v.isoformat()} has no UTC offset; write e.g. 2025-06-14T02:00:00Z "
                "(policy times are never guessed)"
            )
        return v

    @model_validator(mode="after")
    def _one_schedule(self) -> MaintenanceWindow:
        one_off = self.start is not None or self.end is not None
        if one_off and self.weekly is not None:
            raise ValueError(f"window {self.name!r}: give either start/end or weekly, not both")
        if self.weekly is None:
            if self.start is None or self.end is None:
                raise ValueError(f"window {self.name!r}: give start and end, or weekly")
            if self.end <= self.start:
                raise ValueError(f"window {self.name!r}: end {self.end} is not after start")
        return self

    def contains(self, now: float) -> bool:
        if self.weekly is not None:
            return self.weekly.contains(now)
        assert self.start is not None and self.end is not None  # checked on load
        return self.start.timestamp() <= now < self.end.timestamp()


class StandingRule(_PreapprovalRule):
    """Node-independent mutate tools that never need a person (opening a ticket, telling a job
    owner). Destructive tools cannot be standing."""

    @model_validator(mode="after")
    def _never_destructive(self) -> StandingRule:
        if self.allow_destructive:
            raise ValueError(f"rule {self.name!r}: standing rules never pre-approve destructive")
        return self


class Role(_Strict):
    """What a role may approve: ``risks`` (mutate, destructive) and, optionally, only the tools
    matching ``tools`` globs. ``reset_breaker`` lets the role reset a tripped breaker."""

    risks: tuple[Literal["mutate", "destructive"], ...] = Field(min_length=1)
    tools: tuple[str, ...] = ()
    reset_breaker: bool = False

    @field_validator("tools")
    @classmethod
    def _known_tools(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_check_tool_patterns(v)) if v else v


def _default_roles() -> dict[str, Role]:
    return {
        "oncall": Role(risks=("mutate",)),
        "sre-lead": Role(risks=("mutate", "destructive"), reset_breaker=True),
    }


class Approver(_Strict):
    name: str = Field(min_length=1)
    roles: tuple[str, ...] = Field(min_length=1)
    slack_user_id: str | None = Field(default=None, pattern=r"^[UW][A-Z0-9]{2,}$")

    @field_validator("name")
    @classmethod
    def _a_person(cls, v: str) -> str:
        if problem := person_problem(v):
            raise ValueError(problem)
        return v


class BreakerConfig(_Strict):
    """Blast-radius limits on what automation takes out of service within ``window_s``.

    Distinct nodes taken out (``takes_out_tools``) may reach ``max(min_nodes,
    floor(max_drained_share × fleet_nodes))``; one more trips the breaker. All state-changing
    executions together may reach ``max_actions_per_window``. ``fleet_nodes`` may be left out
    and given at run time (the topology knows it); when neither gives it, only ``min_nodes``
    applies."""

    max_drained_share: float = Field(default=0.05, gt=0, le=1)
    window_s: float = Field(default=3600.0, gt=0)
    fleet_nodes: int | None = Field(default=None, ge=1)
    max_actions_per_window: int = Field(default=50, ge=1)
    min_nodes: int = Field(default=1, ge=0)
    takes_out_tools: tuple[str, ...] = _TAKES_OUT_DEFAULT

    @field_validator("takes_out_tools")
    @classmethod
    def _known_tools(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [t for t in v if t not in TOOLS]
        if unknown:
            raise ValueError(f"unknown tools {', '.join(unknown)}")
        return v

    def node_limit(self, fleet_nodes: int | None) -> int:
        fleet = fleet_nodes if fleet_nodes is not None else self.fleet_nodes
        if fleet is None:
            return self.min_nodes
        return max(self.min_nodes, int(self.max_drained_share * fleet + 1e-9))


class Policy(_Strict):
    """The approval policy. ``Policy()`` pre-approves nothing and lists no approvers."""

    version: Literal[1] = 1
    # enforce: approved and pre-approved steps run. shadow: detection, diagnosis and planning run
    # as usual but the gate never calls an executor; it records what would have run (the
    # shadow ledger) for `gpufleet report shadow` to compare with what operators did.
    mode: Literal["enforce", "shadow"] = "enforce"
    roles: dict[str, Role] = Field(default_factory=_default_roles)
    approvers: tuple[Approver, ...] = ()
    canary_nodes: tuple[CanaryRule, ...] = ()
    maintenance_windows: tuple[MaintenanceWindow, ...] = ()
    standing: tuple[StandingRule, ...] = ()
    breaker: BreakerConfig = Field(default_factory=BreakerConfig)
    # How long a person's approval stays usable; a step approved yesterday ran against
    # yesterday's fleet. None: no expiry.
    approval_ttl_s: float | None = Field(default=4 * 3600.0, gt=0)
    # Identities of software that holds an API token (Alertmanager's webhook): never a person.
    service_identities: tuple[str, ...] = ("alertmanager",)

    @model_validator(mode="after")
    def _consistent(self) -> Policy:
        problems = []
        for i, a in enumerate(self.approvers):
            if self.is_service(a.name):
                problems.append(f"approvers[{i}]: {a.name!r} is a service identity, not a person")
        seen: dict[str, str] = {}
        for section in ("canary_nodes", "maintenance_windows", "standing"):
            for rule in getattr(self, section):
                if rule.name in seen:
                    problems.append(
                        f"{section}: rule name {rule.name!r} is also used in {seen[rule.name]}"
                    )
                seen[rule.name] = section
        names: set[str] = set()
        for i, a in enumerate(self.approvers):
            if a.name.lower() in names:
                problems.append(f"approvers[{i}]: {a.name!r} is listed twice")
            names.add(a.name.lower())
            for r in a.roles:
                if r not in self.roles:
                    problems.append(
                        f"approvers[{i}].roles: unknown role {r!r} "
                        f"(roles: {', '.join(sorted(self.roles))})"
                    )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def rule_names(self) -> list[str]:
        return [r.name for r in (*self.canary_nodes, *self.maintenance_windows, *self.standing)]

    def is_service(self, name: str) -> bool:
        return name.strip().lower() in {s.lower() for s in self.service_identities}

    def with_services(self, names: Iterable[str]) -> Policy:
        """This policy with ``names`` counted as service identities too."""
        merged = tuple(dict.fromkeys((*self.service_identities, *names)))
        return self.model_copy(update={"service_identities": merged})

    def approver(self, name: str) -> Approver | None:
        # Case-insensitive: Slack display names and CLI $USER differ in case.
        key = name.lower()
        return next((a for a in self.approvers if a.name.lower() == key), None)

    def approver_by_slack_id(self, slack_user_id: str) -> Approver | None:
        return next((a for a in self.approvers if a.slack_user_id == slack_user_id), None)


class PreApproval(_Strict):
    """Which rule pre-approved a call, and why: what the audit log records as initiator."""

    rule: str
    kind: Literal["canary", "maintenance", "standing"]
    reason: str

    @property
    def initiator(self) -> str:
        return f"policy:{self.rule}"


def _matches_node(patterns: Iterable[str], node: str) -> bool:
    return any(fnmatch.fnmatchcase(node, p) for p in patterns)


def preapproval(
    policy: Policy, tool: str, risk: Risk, node: str | None, now: float
) -> PreApproval | None:
    """The first rule that pre-approves running ``tool`` (of ``risk``) on ``node`` at ``now``,
    or None when a person must approve. Reads are never "pre-approved": they need nothing.
    Canary and maintenance rules need a node; standing rules ignore it."""
    if risk == "read":
        return None
    if node is not None:
        for canary in policy.canary_nodes:
            if canary.covers(tool, risk) and _matches_node(canary.nodes, node):
                return PreApproval(
                    rule=canary.name,
                    kind="canary",
                    reason=f"{node} is a canary node of rule {canary.name!r}",
                )
        for window in policy.maintenance_windows:
            if (
                window.covers(tool, risk)
                and _matches_node(window.nodes, node)
                and window.contains(now)
            ):
                return PreApproval(
                    rule=window.name,
                    kind="maintenance",
                    reason=f"{node} is in maintenance window {window.name!r}",
                )
    for standing in policy.standing:
        if standing.covers(tool, risk):
            return PreApproval(
                rule=standing.name,
                kind="standing",
                reason=f"{tool} is pre-approved by standing rule {standing.name!r}",
            )
    return None


class Grant(_Strict):
    """The answer to "may this person approve this?": ``role`` is the role that allows it."""

    allowed: bool
    reason: str
    role: str | None = None


def approval_grant(policy: Policy, person: str, tool: str, risk: Risk) -> Grant:
    """Like :func:`may_approve`, also naming the role that grants the authority."""
    if problem := person_problem(person) or service_problem(policy, person):
        return Grant(allowed=False, reason=problem)
    if risk == "read":
        return Grant(allowed=True, reason="reads need no approval")
    if not policy.approvers:
        if risk == "mutate":
            return Grant(
                allowed=True,
                reason="no approvers are listed, so any named person may approve mutate steps",
            )
        return Grant(
            allowed=False,
            reason="no approvers are listed in the policy; a destructive step needs a listed "
            "approver whose role allows destructive",
        )
    approver = policy.approver(person)
    if approver is None:
        return Grant(allowed=False, reason=f"{person!r} is not a listed approver")
    for role_name in approver.roles:
        role = policy.roles[role_name]
        if risk in role.risks and (
            not role.tools or any(fnmatch.fnmatchcase(tool, p) for p in role.tools)
        ):
            return Grant(
                allowed=True,
                reason=f"{approver.name} has role {role_name!r}, which may approve {risk} {tool}",
                role=role_name,
            )
    return Grant(
        allowed=False,
        reason=f"{approver.name} (roles: {', '.join(approver.roles)}) may not approve "
        f"{risk} tool {tool}",
    )


def may_approve(policy: Policy, person: str, tool: str, risk: Risk) -> tuple[bool, str]:
    """Whether ``person`` may approve running ``tool`` of ``risk``, and why (or why not)."""
    grant = approval_grant(policy, person, tool, risk)
    return grant.allowed, grant.reason


def may_reset_breaker(policy: Policy, person: str) -> tuple[bool, str]:
    """Whether ``person`` may reset a tripped blast-radius breaker. With no approvers listed
    any named person may; otherwise only approvers with a role that has ``reset_breaker``."""
    if problem := person_problem(person) or service_problem(policy, person):
        return False, problem
    if not policy.approvers:
        return True, "no approvers are listed, so any named person may reset the breaker"
    approver = policy.approver(person)
    if approver is None:
        return False, f"{person!r} is not a listed approver"
    for role_name in approver.roles:
        if policy.roles[role_name].reset_breaker:
            return True, f"{approver.name} has role {role_name!r}, which may reset the breaker"
    return False, f"{approver.name} has no role that may reset the breaker"


# -- loading ------------------------------------------------------------------------------------


def _loc_text(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def _line_of(root: yaml.Node | None, loc: Sequence[int | str]) -> int | None:
    """1-based line of the deepest YAML node along ``loc`` (pydantic's error location)."""
    node = root
    line = node.start_mark.line + 1 if node is not None else None
    for depth, part in enumerate(loc):
        nxt: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    # Pointing at an unknown key means pointing at the key itself.
                    nxt = key if depth == len(loc) - 1 else value
                    break
        elif (
            isinstance(node, yaml.SequenceNode)
            and isinstance(part, int)
            and 0 <= part < len(node.value)
        ):
            nxt = node.value[part]
        if nxt is None:
            break
        node = nxt
        line = node.start_mark.line + 1
    return line


def _duplicate_keys(node: yaml.Node | None, path: str = "") -> list[tuple[int, str]]:
    # PyYAML keeps the last of two equal keys silently; in a policy that hides a rule.
    found: list[tuple[int, str]] = []
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else str(key)
            child = f"{path}.{name}" if path else name
            if name in seen:
                found.append((key.start_mark.line + 1, child))
            seen.add(name)
            found.extend(_duplicate_keys(value, child))
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            found.extend(_duplicate_keys(item, f"{path}[{i}]"))
    return found


def _model_or_element(tp: Any) -> Any:
    """Strip Optional/Union down to the model inside; containers down to their element type."""
    origin = get_origin(tp)
    if origin in (tuple, list):
        return get_args(tp)[0]
    if origin is dict:
        return get_args(tp)[1]
    models = [a for a in get_args(tp) if isinstance(a, type) and issubclass(a, BaseModel)]
    return models[0] if models else tp


def _allowed_keys(loc: Sequence[int | str]) -> list[str] | None:
    """The keys allowed where an unknown key was found, by walking the model along ``loc``."""
    current: Any = Policy
    for part in loc[:-1]:
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(part))
            if field is None:
                return None
            current = field.annotation
        else:  # a list index or dict key: step into the container's element type
            current = _model_or_element(current)
    current = _model_or_element(current)
    current = _model_or_element(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return sorted(current.model_fields)
    return None


def parse_policy(text: str, source: str = "<policy>") -> Policy:
    """Parse policy YAML; raises :class:`PolicyError` listing every problem with its line
    (see the module docstring for the limits on the text)."""
    try:
        raw, root = load_yaml(text, source, CONFIG_LIMITS)
    except UntrustedInputError as e:
        raise PolicyError(with_label(e, source, "not valid YAML")) from None
    if raw is None:
        return Policy()
    if not isinstance(raw, dict):
        raise PolicyError(f"{source}: the top level must be a mapping, got {type(raw).__name__}")
    if dups := _duplicate_keys(root):
        raise PolicyError(
            f"{source}: duplicate keys (the later one would silently win):\n"
            + "\n".join(capped([f"  {source}:{line}: {clip(path, 200)}" for line, path in dups]))
        )
    # A file may wrap everything in "policy:" so it can share a file with other sections.
    prefix: list[int | str] = ["policy"] if set(raw) == {"policy"} else []
    if prefix:
        raw = raw["policy"]
        if not isinstance(raw, dict):
            raise PolicyError(f"{source}: policy: must be a mapping")
    try:
        return Policy.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            loc = [p for p in err["loc"] if isinstance(p, int | str)]
            line = _line_of(root, [*prefix, *loc])
            where = f"{source}:{line}" if line is not None else source
            msg = clip(err["msg"].removeprefix("Value error, "), 400)
            if err["type"] == "extra_forbidden":
                allowed = _allowed_keys(loc)
                msg = "unknown key" + (f" (allowed: {', '.join(allowed)})" if allowed else "")
            lines.append(f"  {where}: {clip(_loc_text([*prefix, *loc]), 200)}: {msg}")
        raise PolicyError(f"{source}: invalid policy:\n" + "\n".join(capped(lines))) from None


def load_policy(path: str | Path | None) -> Policy:
    """Read a policy file (None → :class:`Policy` defaults: nothing pre-approved)."""
    if path is None:
        return Policy()
    p = Path(path)
    try:
        text = read_text(p, str(p), CONFIG_LIMITS.max_bytes)
    except OSError as e:
        raise PolicyError(f"{p}: cannot read policy: {e.strerror or e}") from e
    except UntrustedInputError as e:
        raise PolicyError(str(e)) from None
    return parse_policy(text, str(p))


def policy_summary(policy: Policy) -> Mapping[str, Any]:
    """A JSON-able digest for ``gpufleet policy show`` and the audit of who could approve."""
    return {
        "approvers": [{"name": a.name, "roles": list(a.roles)} for a in policy.approvers],
        "roles": {k: v.model_dump(mode="json") for k, v in policy.roles.items()},
        "rules": policy.rule_names(),
        "breaker": policy.breaker.model_dump(mode="json"),
        "approval_ttl_s": policy.approval_ttl_s,
    }
