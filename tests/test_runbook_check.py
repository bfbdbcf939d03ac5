"""Every runbook step validates against the real tool's arguments (agents/sre/runbook_check)."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import NOT_CONFIGURED, render_steps
from gpufleet.agents.sre.runbook_check import (
    SAMPLE_CONTEXT,
    check_runbook,
    check_runbooks,
    toolsets,
)
from gpufleet.knowledge.schema import Runbook, Step
from gpufleet.knowledge.store import KnowledgeBase


@pytest.fixture(scope="module")
def sets() -> dict[str, dict[str, object]]:
    return {name: {t.name: t for t in ts} for name, ts in toolsets().items()}


def test_real_knowledge_base_has_no_problem() -> None:
    assert check_runbooks(KnowledgeBase.load()) == []


def _runbook(step: dict[str, object]) -> Runbook:
    return Runbook.model_validate(
        {
            "id": "broken",
            "version": 1,
            "title": "t",
            "description": "d",
            "applies_to": ["fan-failure"],
            "approval": "required",
            "steps": [
                {
                    "name": "drain",
                    "tool": "slurm.drain_node",
                    "risk": "mutate",
                    "args": {"node": "{node}", "reason": "gpufleet {incident_id}"},
                },
                step,
            ],
            "verification": {
                "tool": "slurm.show_node",
                "args": {"node": "{node}"},
                "expect": "drained",
                "timeout_s": 60,
            },
        }
    )


def test_wrong_argument_name(sets: dict[str, dict[str, object]]) -> None:
    rb = _runbook(
        {
            "name": "logs",
            "tool": "kernel_log.search",
            "risk": "read",
            "args": {"node": "{node}", "start": "{onset-1h}", "end": "{onset}"},
        }
    )
    assert check_runbook(rb, sets) == [  # type: ignore[arg-type]
        "runbook broken: step 1 (logs): kernel_log.search: node: Extra inputs are not permitted"
    ]


def test_wrong_type(sets: dict[str, dict[str, object]]) -> None:
    rb = _runbook(
        {
            "name": "reset",
            "tool": "nvidia_smi.reset_gpu",
            "risk": "destructive",
            "args": {"node": "{node}", "gpu": "{node}"},
        }
    )
    problems = check_runbook(rb, sets)  # type: ignore[arg-type]
    assert len(problems) == 1
    assert problems[0].startswith("runbook broken: step 1 (reset): nvidia_smi.reset_gpu: gpu: ")
    assert "integer" in problems[0]


def test_missing_argument_and_unknown_placeholder(sets: dict[str, dict[str, object]]) -> None:
    rb = _runbook(
        {
            "name": "drain again",
            "tool": "slurm.drain_node",
            "risk": "mutate",
            "args": {"node": "{nodee}"},
        }
    )
    problems = check_runbook(rb, sets)  # type: ignore[arg-type]
    assert (
        "runbook broken: step 1 (drain again): slurm.drain_node: unknown placeholder {nodee}"
        in problems
    )
    assert (
        "runbook broken: step 1 (drain again): slurm.drain_node: reason: Field required" in problems
    )


def test_only_one_toolset_fails_is_tagged(sets: dict[str, dict[str, object]]) -> None:
    # the live SLURM executor accepts `window` on list_jobs_on_node; the replay tool does not
    rb = _runbook(
        {
            "name": "jobs",
            "tool": "slurm.list_jobs_on_node",
            "risk": "read",
            "args": {"node": "{node}", "window": "6h"},
        }
    )
    assert check_runbook(rb, sets) == [  # type: ignore[arg-type]
        "runbook broken: step 1 (jobs): slurm.list_jobs_on_node: window: "
        "Extra inputs are not permitted (replay tools)"
    ]


def test_unknown_tool(sets: dict[str, dict[str, object]]) -> None:
    # the schema refuses unknown tools at load time; a hand-built step still gets a message
    rb = _runbook(
        {
            "name": "drain",
            "tool": "slurm.drain_node",
            "risk": "mutate",
            "args": {"node": "{node}", "reason": "r"},
        }
    )
    bad = Step.model_construct(
        name="cordon", tool="k9s.cordon", args={"node": "{node}"}, risk="mutate", timeout_s=60
    )
    rb = rb.model_copy(update={"steps": [*rb.steps, bad]})
    assert check_runbook(rb, sets) == [  # type: ignore[arg-type]
        "runbook broken: step 2 (cordon): unknown tool 'k9s.cordon'"
    ]


def test_tool_missing_from_registry_is_reported() -> None:
    kb = KnowledgeBase.load()
    sets = {name: [t for t in ts if t.name != "nic.isolate"] for name, ts in toolsets().items()}
    problems = check_runbooks(kb, sets)
    assert any("nic.isolate: no tool implements it" in p for p in problems)


def test_time_offsets_render_as_floats() -> None:
    step = Step(
        name="logs",
        tool="kernel_log.search",
        risk="read",
        args={"nodes": "{node}", "start": "{onset-1h}", "end": "{onset+15m}"},
    )
    planned = render_steps([step], SAMPLE_CONTEXT, [])[0]
    onset = float(SAMPLE_CONTEXT["onset"])
    assert planned.args == {"nodes": "node-07", "start": onset - 3600, "end": onset + 900}
    assert planned.unresolved == ()
    # an offset on a value that is not a time leaves the step unresolved
    step = Step(name="x", tool="kernel_log.search", risk="read", args={"pattern": "{node+1h}"})
    assert render_steps([step], SAMPLE_CONTEXT, [])[0].unresolved == ("node",)


def test_k8s_steps_are_planned_like_any_other_step() -> None:
    # the Kubernetes executor exists: its steps render fully and validate against its tools
    rb = KnowledgeBase.load().runbooks["cordon-k8s-node"]
    planned = render_steps(rb.steps, SAMPLE_CONTEXT, [])
    by_tool = {s.tool: s for s in planned}
    assert by_tool["k8s.cordon_node"].unresolved == ()
    assert NOT_CONFIGURED not in by_tool["k8s.evict_pods"].unresolved
    assert by_tool["k8s.evict_pods"].args["resource"] == "nvidia.com/gpu"
    sets = {name: {t.name: t for t in ts} for name, ts in toolsets().items()}
    assert check_runbook(rb, sets) == []
    # a wrong argument name is caught (the old runbook's `selector`)
    bad = rb.model_copy(
        update={
            "steps": [s.model_copy(update={"args": {**s.args, "selector": "x"}}) for s in rb.steps]
        }
    )
    assert any("k8s.evict_pods: selector" in p for p in check_runbook(bad, sets))
