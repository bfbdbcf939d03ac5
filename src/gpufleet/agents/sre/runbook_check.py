"""Check every runbook against the tools that would run it.

The knowledge base's schema (:mod:`knowledge.schema`) knows tool names and risks, not the
tools' argument models, which live in ``graph/`` and ``agents/`` (knowledge may not import
them). Here both are visible: every step, rollback step and verification is rendered the way the
planner renders it (:func:`agents.sre.plan.render_steps`, with representative, typed placeholder
values) and validated against the real tool's argument model, for each set of tools the runtime
builds (the recorded-incident tools, and the live SLURM executor's, whose models differ). A
precondition names a tool only, so its tool must exist.

A problem reads ``runbook <id>: <part> <i> (<name>): <tool>: <field>: <error>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.plan import PLACEHOLDER, RUNTIME_VALUES, render_steps
from gpufleet.agents.sre.runtime import replay_tools
from gpufleet.bus.events import Scalar
from gpufleet.graph.executors.k8s import schema_only_k8s_tools
from gpufleet.graph.executors.runner import DryRunRunner
from gpufleet.graph.executors.slurm import SlurmExecutor, slurm_tools
from gpufleet.graph.tools import Tool
from gpufleet.knowledge.schema import NO_EXECUTOR, TOOLS, Runbook, Step
from gpufleet.knowledge.store import KnowledgeBase

#: What the planner fills in (:func:`agents.sre.plan.plan_context`), typed as it fills it.
SAMPLE_CONTEXT: dict[str, Scalar] = {
    "incident_id": "inc-0123456789abcdef",
    "summary": "thermal: gpu_temp_rising on node-07/gpu3",
    "entity": "node-07/gpu3",
    "onset": 1_767_225_600.0,
    "gpu_key": "node-07/gpu3",
    "node": "node-07",
    "gpu": 3,
    "rack": "rack-02",
    "nodes": "node-07,node-08",
    "rack_nodes": "node-06,node-07,node-08",
    "xid": 79,
    "component": "GPU 3 (slot neighbours and their cooling path)",
    "port": "mlx5_0",
    "device": "mlx5_0",
}

#: Placeholders nobody fills in automatically: the step stays unresolved until a person gives
#: the value, and the value they give must still fit the tool. Typed as the tool expects.
PERSON_VALUES: dict[str, Scalar] = {
    "reboot_mode": "cold",
    "target_watts": 500.0,
    "reduced_watts": 450.0,
    "original_watts": 700.0,
    "gpu_serial": "1650123456789",
    "diag_result": "dcgmi diag -r 3: FAIL (Memory)",
    "failed_check": "dcgm level 2: FAIL",
    "suspect_node": "node-08",
    "pci_bus_id": "0000:3B:00.0",
    "xid_line": "NVRM: Xid (PCI:0000:3b:00): 13, pid=4242, Graphics Exception",
    "suggestion": "run with compute-sanitizer memcheck",
    "fix_time": 1_767_312_000.0,
    "drain_time": 1_767_312_000.0,
    "ib_port": 1,
}

SAMPLE_JOBS = ("123456",)


def toolsets(cfg: SreConfig | None = None) -> dict[str, list[Tool]]:
    """The tool sets the runtime builds, in dry-run (nothing here runs a tool): ``replay`` as
    :func:`agents.sre.runtime.replay_tools` builds it, and ``live`` with the SLURM executor's
    tools in place of the replay ones (as :func:`agents.sre.live.live_wiring` does). Both
    carry the Kubernetes tools (a cluster-less executor: only their argument models count)."""
    cfg = cfg or SreConfig()
    # Only the argument models are used: the fleet behind the read tools is never asked.
    replay = replay_tools(cfg, fleet=None)  # type: ignore[arg-type]
    slurm = slurm_tools(SlurmExecutor(DryRunRunner(), DryRunRunner(), cfg.slurm.reason_prefix))
    k8s = schema_only_k8s_tools(cfg.kubernetes)
    taken = {t.name for t in slurm}
    return {
        "replay": [*replay, *k8s],
        "live": [*(t for t in replay if t.name not in taken), *slurm, *k8s],
    }


def _problems(err: ValidationError) -> list[str]:
    return [f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in err.errors()]


def _check_call(
    tool_name: str,
    args: Mapping[str, Any],
    sets: Mapping[str, Mapping[str, Tool]],
) -> list[str]:
    """Problems of one rendered call, each once, tagged with the tool sets it fails in when it
    does not fail in all of them."""
    if tool_name in NO_EXECUTOR:
        return []  # planned as not configured, never run (agents/sre/plan.py)
    if tool_name not in TOOLS:
        return [f"unknown tool {tool_name!r}"]
    found: dict[str, list[str]] = {}
    for set_name, by_name in sets.items():
        t = by_name.get(tool_name)
        if t is None:
            found.setdefault("no tool implements it", []).append(set_name)
            continue
        try:
            t.args_model.model_validate(dict(args))
        except ValidationError as e:
            for p in _problems(e):
                found.setdefault(p, []).append(set_name)
    every = len(sets)
    return [
        f"{tool_name}: {p}" + ("" if len(where) == every else f" ({', '.join(where)} tools)")
        for p, where in found.items()
    ]


def _unknown_placeholders(steps: Iterable[Step]) -> set[str]:
    known = {*SAMPLE_CONTEXT, *PERSON_VALUES, *RUNTIME_VALUES, "job_id"}
    return {
        m.group(1)
        for s in steps
        for v in s.args.values()
        if isinstance(v, str)
        for m in PLACEHOLDER.finditer(v)
        if m.group(1) not in known
    }


def check_runbook(rb: Runbook, sets: Mapping[str, Mapping[str, Tool]]) -> list[str]:
    out: list[str] = []
    ctx = {**SAMPLE_CONTEXT, **PERSON_VALUES}
    v = rb.verification
    verify = Step(name=f"verify: {v.expect}", tool=v.tool, args=v.args, risk="read")
    parts: list[tuple[str, Sequence[Step]]] = [
        ("step", rb.steps),
        ("rollback", rb.rollback),
        ("verification", [verify]),
    ]
    for part, steps in parts:
        for i, step in enumerate(steps):
            where = f"runbook {rb.id}: {part} {i}" + (
                "" if part == "verification" else f" ({step.name})"
            )
            unknown = _unknown_placeholders([step])
            if unknown:
                names = ", ".join("{" + u + "}" for u in sorted(unknown))
                out.append(f"{where}: {step.tool}: unknown placeholder {names}")
            for planned in render_steps([step], ctx, SAMPLE_JOBS)[:1]:
                out += [f"{where}: {p}" for p in _check_call(step.tool, planned.args, sets)]
    for i, pre in enumerate(rb.preconditions):
        if pre.tool is None or pre.tool in NO_EXECUTOR:
            continue
        if pre.tool not in TOOLS:
            out.append(
                f"runbook {rb.id}: precondition {i} ({pre.check}): unknown tool {pre.tool!r}"
            )
        elif any(pre.tool not in by_name for by_name in sets.values()):
            out.append(
                f"runbook {rb.id}: precondition {i} ({pre.check}): {pre.tool}: "
                "no tool implements it"
            )
    return out


def check_runbooks(
    kb: KnowledgeBase, tools: Mapping[str, Iterable[Tool]] | None = None
) -> list[str]:
    """Every problem in ``kb``'s runbooks, in runbook-id order; empty when all validate.

    ``tools``: tool sets by name (default: :func:`toolsets`). Also reported: a tool of the
    vocabulary that no set implements and that is not declared :data:`NO_EXECUTOR`, and a
    ``NO_EXECUTOR`` tool that some set does implement (the declaration went stale)."""
    sets = {name: {t.name: t for t in ts} for name, ts in (tools or toolsets()).items()}
    out: list[str] = []
    for name in sorted(TOOLS):
        implemented = [s for s, by_name in sets.items() if name in by_name]
        if name in NO_EXECUTOR and implemented:
            out.append(
                f"tool {name}: declared NO_EXECUTOR but implemented ({', '.join(implemented)})"
            )
    for rb_id in sorted(kb.runbooks):
        out += check_runbook(kb.runbooks[rb_id], sets)
    return out
