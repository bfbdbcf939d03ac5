"""nvidia-smi on a node: the query tool (with a parser for ``nvidia-smi -q``), GPU reset and the
power limit.

The ``-q`` parser is pure: it turns the indented report into a tree and pulls out the facts a
diagnosis needs (ECC error counts, row remapping, retired pages, processes, fabric state,
power limits, clock-event reasons). It knows the report layouts of drivers R470 to R570
(``SRAM/DRAM`` counters and the older ``Single Bit``/``Double Bit`` totals).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from gpufleet.graph.executors.config import ExecutorsConfig
from gpufleet.graph.executors.node import (
    GpuHealth,
    GpuIndex,
    NodeName,
    NodeShell,
    change_result,
    describe_failure,
    excerpt,
    split_list,
)
from gpufleet.graph.executors.runner import CommandOutcome, CommandRunner
from gpufleet.graph.tools import Tool, ToolArgs, ToolResult, bind_toolset, toolset_tool

# `nvidia-smi -q -d` display types (R535–R570).
DISPLAY_TYPES = frozenset(
    {
        "MEMORY", "UTILIZATION", "ECC", "TEMPERATURE", "POWER", "CLOCK", "COMPUTE", "PIDS",
        "PERFORMANCE", "SUPPORTED_CLOCKS", "PAGE_RETIREMENT", "ACCOUNTING", "ENCODER_STATS",
        "SUPPORTED_GPU_TARGET_TEMP", "VOLTAGE", "FBC_STATS", "ROW_REMAPPER", "RESET_STATUS",
        "GSP_FIRMWARE_VERSION", "POWER_SMOOTHING", "POWER_PROFILES",
    }
)  # fmt: skip
_QUERY_FIELDS_RE = re.compile(r"^[a-z][a-z0-9_.]*(,[a-z][a-z0-9_.]*)*$")
_SECTION_RE = re.compile(r"^[A-Za-z][A-Za-z0-9 ]{0,63}$")
MAX_WATTS = 1500.0  # above any shipping GPU's board power (GB200: 1200 W)
MAX_NODES_PER_CALL = 128

# --- the `nvidia-smi -q` parser ------------------------------------------------------------


@dataclass
class Entry:
    """One line of the report: ``key : value``, or a section header (value None)."""

    key: str
    value: str | None = None
    children: list[Entry] = field(default_factory=list)

    def find(self, *names: str) -> Entry | None:
        return find(self.children, *names)


def find(entries: Iterable[Entry], *names: str) -> Entry | None:
    """The first entry whose key is one of ``names`` (case-insensitive)."""
    wanted = {n.lower() for n in names}
    return next((e for e in entries if e.key.lower() in wanted), None)


_KV = re.compile(r"^(\S.*?)\s+:\s?(.*)$")


def parse_report(text: str) -> list[Entry]:
    """Parse the indented ``nvidia-smi -q`` report into a forest (top level: Timestamp,
    Driver Version, …, one ``GPU 00000000:18:00.0`` entry per GPU)."""
    root = Entry("")
    stack: list[tuple[int, Entry]] = [(-1, root)]
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("="):
            continue
        indent = len(line) - len(line.lstrip(" "))
        m = _KV.match(stripped)
        entry = Entry(m.group(1).strip(), m.group(2).strip()) if m else Entry(stripped)
        while stack[-1][0] >= indent:
            stack.pop()
        stack[-1][1].children.append(entry)
        stack.append((indent, entry))
    return root.children


def to_plain(entries: list[Entry]) -> dict[str, Any]:
    """A JSON-friendly view of a subtree; repeated keys become lists."""
    out: dict[str, Any] = {}
    for e in entries:
        if e.children:
            value: Any = to_plain(e.children)
            if e.value:
                value = {"value": e.value, **value}
        else:
            value = e.value
        if e.key in out:
            prev = out[e.key]
            out[e.key] = [*prev, value] if isinstance(prev, list) else [prev, value]
        else:
            out[e.key] = value
    return out


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    m = re.match(r"^\s*(-?\d+)", value)
    return int(m.group(1)) if m else None


def _float(value: str | None) -> float | None:
    if value is None:
        return None
    m = re.match(r"^\s*(-?\d+(?:\.\d+)?)", value)
    return float(m.group(1)) if m else None


def _yes(value: str | None) -> bool | None:
    if value is None:
        return None
    v = value.strip().lower()
    return True if v == "yes" else False if v == "no" else None


def _child_value(e: Entry, name: str) -> str | None:
    """Value of ``e``'s leaf, or of its ``name`` child when it is a section (older drivers
    nest counts: "Double Bit" → {…, Total}; "Single Bit ECC" → {Count, …})."""
    if e.children:
        child = e.find(name)
        return child.value if child is not None else None
    return e.value


def _ecc_total(scope: Entry, uncorrectable: bool) -> int | None:
    """Sum the counters of one ECC scope (Volatile/Aggregate) across memory locations."""
    total: int | None = None
    for e in scope.children:
        k = e.key.lower()
        is_unc = "uncorrectable" in k or "double bit" in k
        is_cor = ("correctable" in k and not is_unc) or "single bit" in k
        if (uncorrectable and not is_unc) or (not uncorrectable and not is_cor):
            continue
        # Older drivers: "Double Bit" → {Device Memory, Register File, …, Total}.
        count = _int(_child_value(e, "Total"))
        if count is not None:
            total = (total or 0) + count
    return total


def _value(e: Entry | None) -> str | None:
    return e.value if e is not None else None


def _ecc_facts(ecc: Entry) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for scope_name in ("Volatile", "Aggregate"):
        if scope := ecc.find(scope_name):
            facts[f"ecc_{scope_name.lower()}_uncorrectable"] = _ecc_total(scope, True)
            facts[f"ecc_{scope_name.lower()}_correctable"] = _ecc_total(scope, False)
    return facts


def _remap_facts(remap: Entry) -> dict[str, Any]:
    return {
        "correctable": _int(_value(remap.find("Correctable Error"))),
        "uncorrectable": _int(_value(remap.find("Uncorrectable Error"))),
        "pending": _yes(_value(remap.find("Pending"))),
        "failure": _yes(_value(remap.find("Remapping Failure Occurred"))),
    }


def _retired_facts(retired: Entry) -> dict[str, Any]:
    def _count(e: Entry | None) -> int | None:
        if e is None:
            return None
        return _int(_child_value(e, "Count"))

    pending = next((e for e in retired.children if e.key.lower().startswith("pending")), None)
    return {
        "single_bit": _count(retired.find("Single Bit ECC")),
        "double_bit": _count(retired.find("Double Bit ECC")),
        "pending": _yes(pending.value) if pending else None,
    }


def _process_facts(procs: Entry) -> list[dict[str, Any]]:
    return [
        {
            "pid": _int(p.value),
            "type": _value(p.find("Type")),
            "name": _value(p.find("Name")),
            "used_memory": _value(p.find("Used GPU Memory")),
        }
        for p in procs.children
        if p.key.lower() == "process id"
    ]


def _power_facts(power: Entry) -> dict[str, float | None]:
    return {
        "draw_w": _float(_value(power.find("Power Draw", "Average Power Draw"))),
        "limit_w": _float(_value(power.find("Current Power Limit", "Power Limit"))),
        "default_w": _float(_value(power.find("Default Power Limit"))),
        "min_w": _float(_value(power.find("Min Power Limit"))),
        "max_w": _float(_value(power.find("Max Power Limit"))),
    }


def gpu_facts(gpu: Entry) -> dict[str, Any]:
    """The facts a diagnosis reads from one GPU's section of the report."""
    facts: dict[str, Any] = {"bus_id": gpu.key.removeprefix("GPU ").strip()}
    for key, name in (("product_name", "Product Name"), ("serial", "Serial Number"),
                      ("uuid", "GPU UUID")):  # fmt: skip
        hit = gpu.find(name)
        if hit is not None:
            facts[key] = hit.value
    if (mode := gpu.find("ECC Mode")) and (current := mode.find("Current")):
        facts["ecc_mode"] = current.value
    if ecc := gpu.find("ECC Errors"):
        facts.update(_ecc_facts(ecc))
    if remap := gpu.find("Remapped Rows"):
        facts["remapped_rows"] = _remap_facts(remap)
    if retired := gpu.find("Retired Pages"):
        facts["retired_pages"] = _retired_facts(retired)
    if (procs := gpu.find("Processes")) is not None:
        facts["processes"] = _process_facts(procs)
    if fabric := gpu.find("Fabric"):
        facts["fabric"] = {e.key: e.value for e in fabric.children if not e.children}
    if power := gpu.find("GPU Power Readings", "Power Readings"):
        facts["power"] = _power_facts(power)
    if temp := gpu.find("Temperature"):
        facts["temperature_c"] = _int(_value(temp.find("GPU Current Temp")))
    if pstate := gpu.find("Performance State"):
        facts["performance_state"] = pstate.value
    if reasons := gpu.find("Clocks Event Reasons", "Clocks Throttle Reasons"):
        facts["clock_event_reasons"] = [
            e.key for e in reasons.children if (e.value or "").strip().lower() == "active"
        ]
    return facts


def summarize_report(text: str) -> dict[str, Any]:
    entries = parse_report(text)
    gpus = [e for e in entries if e.key.startswith("GPU ") and e.children]
    return {
        "driver_version": getattr(find(entries, "Driver Version"), "value", None),
        "cuda_version": getattr(find(entries, "CUDA Version"), "value", None),
        "attached_gpus": _int(getattr(find(entries, "Attached GPUs"), "value", None)),
        "gpus": [gpu_facts(g) for g in gpus],
        "_entries": gpus,
    }


def parse_csv_rows(text: str, fields: list[str]) -> list[dict[str, str | None]]:
    """Rows of ``--format=csv,noheader``; nvidia-smi's "[N/A]"/"[Not Supported]" become None."""
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        cells = [c.strip() for c in line.split(",")]
        rows.append(
            {
                f: (None if c.startswith("[") or c in ("N/A", "") else c)
                for f, c in zip(fields, cells, strict=False)
            }
        )
    return rows


# --- arguments ------------------------------------------------------------------------------


class QueryArgs(ToolArgs):
    node: NodeName
    gpu: GpuIndex | None = Field(default=None, description="one GPU; all GPUs when omitted")
    display: str | None = Field(
        default=None,
        description="nvidia-smi -q -d sections, comma-separated, e.g. ECC,ROW_REMAPPER,"
        "PAGE_RETIREMENT or PIDS or POWER,PERFORMANCE; omitted: the full report",
    )
    query_gpu: str | None = Field(
        default=None,
        description="nvidia-smi --query-gpu fields, e.g. power.limit,pcie.link.gen.current",
    )
    section: str | None = Field(
        default=None, description="return only this report section per GPU, e.g. Fabric"
    )
    expect_state: str | None = Field(
        default=None, description="with section: the State every GPU must report (e.g. Completed)"
    )
    expect_status: str | None = Field(
        default=None, description="with section: the Status every GPU must report (e.g. Success)"
    )

    @field_validator("display")
    @classmethod
    def _known_display(cls, v: str | None) -> str | None:
        if v is None:
            return None
        parts = [p.strip().upper() for p in v.split(",") if p.strip()]
        unknown = [p for p in parts if p not in DISPLAY_TYPES]
        if not parts or unknown:
            raise ValueError(
                f"display {v!r}: unknown section(s) {unknown}; "
                f"known: {', '.join(sorted(DISPLAY_TYPES))}"
            )
        return ",".join(parts)

    @field_validator("query_gpu")
    @classmethod
    def _fields(cls, v: str | None) -> str | None:
        if v is not None:
            v = v.replace(" ", "")
            if not _QUERY_FIELDS_RE.fullmatch(v):
                raise ValueError(f"query_gpu {v!r} is not a comma-separated list of field names")
        return v

    @field_validator("section", "expect_state", "expect_status")
    @classmethod
    def _word(cls, v: str | None) -> str | None:
        if v is not None and not _SECTION_RE.fullmatch(v):
            raise ValueError(f"{v!r}: letters, digits and spaces only")
        return v

    @model_validator(mode="after")
    def _expect_needs_section(self) -> QueryArgs:
        if (self.expect_state or self.expect_status) and not self.section:
            raise ValueError("expect_state/expect_status need `section` (e.g. section: Fabric)")
        return self


class ResetArgs(ToolArgs):
    node: NodeName
    gpu: GpuIndex


class PowerLimitArgs(ToolArgs):
    node: NodeName | None = Field(default=None, description="one node (or use `nodes`)")
    nodes: Annotated[list[NodeName] | None, BeforeValidator(split_list)] = Field(
        default=None, description="several nodes, e.g. a rack, as a list or 'n1,n2'"
    )
    gpu: GpuIndex | Literal["all"] = Field(description="GPU index, or 'all'")
    watts: float = Field(gt=0, le=MAX_WATTS, description="the new power limit in watts")

    @model_validator(mode="after")
    def _one_target(self) -> PowerLimitArgs:
        if (self.node is None) == (self.nodes is None):
            raise ValueError("give exactly one of `node` or `nodes`")
        if self.nodes is not None and not 1 <= len(self.nodes) <= MAX_NODES_PER_CALL:
            raise ValueError(f"`nodes` must name 1 to {MAX_NODES_PER_CALL} nodes")
        return self

    @property
    def targets(self) -> list[str]:
        return list(dict.fromkeys(self.nodes or [self.node or ""]))


# --- the tools -------------------------------------------------------------------------------

_LIMIT_FIELDS = ["index", "pci.bus_id", "power.limit", "power.min_limit", "power.max_limit"]


def _watts_arg(watts: float) -> str:
    return f"{watts:g}"


def _gpu_sel(gpu: int | Literal["all"] | None) -> list[str]:
    return [] if gpu is None or gpu == "all" else ["-i", str(gpu)]


def _limit_row(row: dict[str, str | None]) -> dict[str, Any]:
    return {
        "index": _int(row["index"]),
        "bus_id": row["pci.bus_id"],
        "limit_w": _float(row["power.limit"]),
        "min_w": _float(row["power.min_limit"]),
        "max_w": _float(row["power.max_limit"]),
    }


def _limit_problems(node: str, limits: list[dict[str, Any]], watts: float) -> list[str]:
    """Why ``watts`` cannot be set on the GPUs ``limits`` lists (empty: it can)."""
    problems: list[str] = []
    for g in limits:
        lo, hi = g["min_w"], g["max_w"]
        if lo is None or hi is None:
            problems.append(f"{node} GPU {g['index']}: power limit is not adjustable")
        elif not lo <= watts <= hi:
            problems.append(
                f"{node} GPU {g['index']}: {watts:g} W is outside the allowed {lo:g}–{hi:g} W"
            )
    return problems


def _section_mismatches(args: QueryArgs, entries: list[Entry], data: dict[str, Any]) -> list[str]:
    """Put ``args.section`` of every GPU into ``data["section"]`` (by bus id); return how the
    GPUs differ from expect_state/expect_status."""
    assert args.section is not None
    data["section"] = {}
    mismatches: list[str] = []
    for gpu_entry, facts in zip(entries, data["gpus"], strict=True):
        sec = gpu_entry.find(args.section)
        plain = to_plain(sec.children) if sec is not None else None
        data["section"][facts["bus_id"]] = plain
        for key, want in (("State", args.expect_state), ("Status", args.expect_status)):
            if want is None:
                continue
            got = (plain or {}).get(key)
            if not isinstance(got, str) or got.lower() != want.lower():
                mismatches.append(
                    f"GPU {facts['bus_id']} {args.section} {key}={got!r} (expected {want!r})"
                )
    if not entries and (args.expect_state or args.expect_status):
        mismatches.append("no GPU listed in the report")
    return mismatches


class NvidiaSmiToolset:
    """nvidia-smi on a node, bound to its dependencies: reads through ``reads`` (real even in a
    dry run), changes through ``writes``."""

    def __init__(
        self, cfg: ExecutorsConfig, *, reads: CommandRunner, writes: CommandRunner, shell: NodeShell
    ) -> None:
        self.reads = reads
        self.writes = writes
        self.shell = shell
        self.smi = cfg.binaries.nvidia_smi
        self.timeouts = cfg.timeouts

    def _read(self, node: str, cmd: list[str]) -> CommandOutcome:
        return self.reads.run(self.shell.argv(node, cmd), timeout_s=self.timeouts.query_s)

    @toolset_tool("nvidia_smi.query", "read")
    def nvidia_smi_query(self, args: QueryArgs) -> ToolResult:
        """Read GPU state on a node with nvidia-smi: `nvidia-smi -q` sections (display, e.g.
        ECC,ROW_REMAPPER,PAGE_RETIREMENT; PIDS; POWER) and/or --query-gpu fields. Returns key
        facts per GPU (volatile/aggregate ECC counts, remapped rows pending/failure, retired
        pages, processes, fabric state, power limits) plus the raw report. With section and
        expect_state/expect_status, fails when any GPU's section differs."""
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        commands: list[str] = []
        data: dict[str, Any] = {"node": args.node, "gpu": args.gpu}
        if args.display or args.section or not args.query_gpu:
            failed = self._query_report(args, commands, data)
            if failed is not None:
                return failed
        if args.query_gpu:
            cmd = [
                self.smi,
                f"--query-gpu={args.query_gpu}",
                "--format=csv,noheader",
                *_gpu_sel(args.gpu),
            ]
            out = self._read(args.node, cmd)
            commands.append(out.command)
            if not out.ok:
                return ToolResult.failure(describe_failure(out), "\n".join(commands), data)
            data["query_gpu"] = parse_csv_rows(out.stdout, args.query_gpu.split(","))
        return ToolResult.success(data, "\n".join(commands))

    def _query_report(
        self, args: QueryArgs, commands: list[str], data: dict[str, Any]
    ) -> ToolResult | None:
        """The `nvidia-smi -q` part of the query: fills ``data``; a failure result, or None."""
        cmd = [self.smi, "-q", *_gpu_sel(args.gpu)]
        if args.display:
            cmd += ["-d", args.display]
        out = self._read(args.node, cmd)
        commands.append(out.command)
        if not out.ok:
            # "No devices were found", "couldn't communicate with the NVIDIA driver", … are
            # themselves evidence (Xid 79, driver gone): keep them in the result.
            return ToolResult.failure(
                describe_failure(out),
                "\n".join(commands),
                {**data, "output": excerpt(out.stdout + out.stderr)},
            )
        summary = summarize_report(out.stdout)
        entries: list[Entry] = summary.pop("_entries")
        data.update(summary)
        data["raw"] = excerpt(out.stdout)
        if args.section:
            mismatches = _section_mismatches(args, entries, data)
            if mismatches:
                return ToolResult.failure("; ".join(mismatches), "\n".join(commands), data)
        return None

    @toolset_tool("nvidia_smi.reset_gpu", "destructive")
    def nvidia_smi_reset_gpu(self, args: ResetArgs) -> ToolResult:
        """Reset one GPU (nvidia-smi -r -i GPU): clears a hung GPU and applies pending row
        remaps. Fails when any process still uses the GPU, so drain the node and check PIDS
        first. NVLink peers or fabric manager may also block it on NVSwitch systems."""
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        outcome = self.writes.run(
            self.shell.argv(args.node, [self.smi, "-r", "-i", str(args.gpu)]),
            timeout_s=self.timeouts.reset_s,
        )
        data = {"node": args.node, "gpu": args.gpu, "output": excerpt(outcome.stdout, 4000)}
        return change_result(outcome, data)

    def _limits(
        self, node: str, gpu: int | Literal["all"]
    ) -> tuple[str, list[dict[str, Any]] | str]:
        """(command, the GPUs' power limits) or (command, why they could not be read)."""
        fields = f"--query-gpu={','.join(_LIMIT_FIELDS)}"
        out = self._read(node, [self.smi, fields, "--format=csv,noheader,nounits", *_gpu_sel(gpu)])
        if not out.ok:
            return out.command, describe_failure(out)
        rows = [_limit_row(row) for row in parse_csv_rows(out.stdout, _LIMIT_FIELDS)]
        if not rows:
            return out.command, f"`{out.command}` listed no GPU"
        return out.command, rows

    @toolset_tool("nvidia_smi.set_power_limit", "mutate")
    def nvidia_smi_set_power_limit(self, args: PowerLimitArgs) -> ToolResult:
        """Set the GPU power limit in watts (nvidia-smi -pl) on one GPU or all GPUs of one
        node or of several nodes (e.g. a rack). Reads each GPU's current/min/max limit first
        and refuses the whole change if the value is outside any GPU's range; the returned
        `before` limits are what a rollback restores."""
        if (refused := self.shell.refuse(*args.targets)) is not None:
            return refused
        per_node: dict[str, Any] = {}
        problems: list[str] = []
        checks: list[str] = []
        for node in args.targets:
            command, limits = self._limits(node, args.gpu)
            checks.append(command)
            if isinstance(limits, str):
                problems.append(f"{node}: cannot read power limits: {limits}")
                continue
            per_node[node] = {"before": limits}
            problems += _limit_problems(node, limits, args.watts)
        data: dict[str, Any] = {"watts": args.watts, "gpu": args.gpu, "nodes": per_node,
                                "checked_with": checks}  # fmt: skip
        change = [self.smi, *_gpu_sel(args.gpu), "-pl", _watts_arg(args.watts)]
        planned = "\n".join(shlex.join(self.shell.argv(n, change)) for n in args.targets)
        if problems:
            return ToolResult.failure(
                "power limit not changed: " + "; ".join(problems), planned, data
            )
        return self._apply_power_limit(args.targets, change, planned, data)

    def _apply_power_limit(
        self, targets: list[str], change: list[str], planned: str, data: dict[str, Any]
    ) -> ToolResult:
        dry = False
        failed: list[str] = []
        done: list[str] = []
        for node in targets:
            outcome = self.writes.run(
                self.shell.argv(node, change), timeout_s=self.timeouts.power_limit_s
            )
            dry = dry or outcome.dry_run
            data["nodes"][node]["output"] = excerpt(outcome.stdout + outcome.stderr, 4000)
            if outcome.ok:
                done.append(node)
            else:
                failed.append(f"{node}: {describe_failure(outcome)}")
        if dry:
            return ToolResult(status="dry_run", data=data, query=planned)
        if failed:
            return ToolResult.failure(
                f"power limit set on {done or 'no node'}; failed on " + "; ".join(failed),
                planned,
                data,
            )
        return ToolResult.success(data, planned)


def nvidia_smi_tools(
    cfg: ExecutorsConfig, *, reads: CommandRunner, writes: CommandRunner, shell: NodeShell
) -> list[Tool]:
    """The nvidia-smi tools (:class:`NvidiaSmiToolset`): nvidia_smi.query,
    nvidia_smi.reset_gpu, nvidia_smi.set_power_limit."""
    return bind_toolset(NvidiaSmiToolset(cfg, reads=reads, writes=writes, shell=shell))


def gpu_health_snapshot(query: Tool) -> GpuHealth:
    """An nvidia-smi health snapshot function for the diagnostics bundle, from the query tool."""

    def snapshot(node: str, gpu: int | None) -> ToolResult:
        return query.fn(
            QueryArgs(node=node, gpu=gpu, display="ECC,ROW_REMAPPER,PAGE_RETIREMENT,PIDS")
        )

    return snapshot
