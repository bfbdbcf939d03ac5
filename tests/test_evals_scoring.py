"""The scorer on hand-made predictions: matching, localization, false incidents, safety."""

from __future__ import annotations

from gpufleet.evals.format import TruthFault
from gpufleet.evals.scoring import (
    AgentRun,
    Prediction,
    ProposedAction,
    one_gpu_roots,
    score_incident,
    summarize,
)

T0 = 1_000_000.0


def fault(
    root: str = "node-02/gpu3",
    scope: str = "gpu",
    benign: bool = False,
    cls: str = "dbe",
    family: str = "memory",
) -> TruthFault:
    return TruthFault(
        fault_class=cls,
        root_cause=cls,
        root_entity=root,
        scope=scope,  # type: ignore[arg-type]
        family=family,
        onset=T0,
        max_delay_s=60,
        benign=benign,  # type: ignore[arg-type]
        correct_actions=["drain_node"],
        unsafe_actions=["resume_node"],
    )


def locate(entity: str) -> tuple[str | None, str | None]:
    host = entity.split("/", maxsplit=1)[0]
    racks = {"node-01": "rack-1", "node-02": "rack-1", "node-05": "rack-2"}
    return (host, racks[host]) if host in racks else (None, entity if "rack" in entity else None)


def pred(
    root: str, t: float = T0 + 30, scope: str = "gpu", family: str = "memory", **kw: object
) -> Prediction:
    return Prediction(
        root_entity=root, scope=scope, family=family, opened_at=t, entities=(root,), **kw
    )  # type: ignore[arg-type]


def score(faults: list[TruthFault], preds: list[Prediction], raw: int = 1):
    return score_incident(
        "x",
        "fault",
        faults,
        AgentRun(preds, raw, 0.1),
        interval_s=15.0,
        gpu_days=2.0,
        locate=locate,
    )


def test_exact_detection_with_time_to_detect_in_seconds_and_samples() -> None:
    s = score([fault()], [pred("node-02/gpu3")])
    o = s.outcomes[0]
    assert o.detected and o.ttd_s == 30 and o.ttd_samples == 2 and o.within_limit
    assert o.localization == "gpu" and o.family_ok and o.scope_ok
    assert s.false_incidents == 0


def test_predictions_before_onset_never_count() -> None:
    s = score([fault()], [pred("node-02/gpu3", t=T0 - 15)])
    assert not s.outcomes[0].detected and s.false_incidents == 1


def test_wrong_gpu_on_the_right_node_is_a_miss_graded_node() -> None:
    s = score([fault()], [pred("node-02/gpu5")])
    assert not s.outcomes[0].detected and s.outcomes[0].localization == "node"
    assert s.false_incidents == 0  # near miss: counted as poor localization, not as noise


def test_an_outcome_says_what_was_ranked_first_even_on_a_near_miss() -> None:
    ranked = ("ecc-dbe", "xid-48-dbe", "row-remap-pending", "ecc-sbe-storm")
    found = score([fault(cls="ecc-dbe")], [pred("node-02/gpu3", root_causes=ranked)])
    assert found.outcomes[0].top1 and found.outcomes[0].predicted_causes == ranked[:3]
    near = score([fault(cls="ecc-dbe")], [pred("node-02/gpu5", root_causes=ranked[1:])])
    assert not near.outcomes[0].detected and near.outcomes[0].predicted_causes == ranked[1:4]
    assert score([fault()], []).outcomes[0].predicted_causes == ()


def only_gpu(node: str) -> str | None:
    """node-07 is a workstation with one GPU; node-02 has eight."""
    return "node-07/gpu0" if node == "node-07" else None


def test_on_a_one_gpu_node_the_node_and_its_gpu_are_one_place() -> None:
    on_gpu = one_gpu_roots(fault("node-07/gpu0"), only_gpu)
    on_node = one_gpu_roots(fault("node-07", "node"), only_gpu)
    assert on_gpu.roots == ("node-07/gpu0", "node-07")
    assert on_node.roots == ("node-07", "node-07/gpu0")
    for truth in (on_gpu, on_node):
        for root, scope in (("node-07", "node"), ("node-07/gpu0", "gpu")):
            o = score([truth], [pred(root, scope=scope)]).outcomes[0]
            assert o.detected, (truth.root_entity, root)


def test_on_a_many_gpu_node_which_gpu_is_still_a_localization() -> None:
    truth = one_gpu_roots(fault(), only_gpu)  # node-02/gpu3 on an eight-GPU node
    assert truth.roots == ("node-02/gpu3",)
    s = score([truth], [pred("node-02", scope="node")])
    assert not s.outcomes[0].detected and s.outcomes[0].localization == "node"
    node_truth = one_gpu_roots(fault("node-02", "node"), only_gpu)
    assert not score([node_truth], [pred("node-02/gpu3")]).outcomes[0].detected


def test_late_detection_is_found_but_outside_the_limit() -> None:
    o = score([fault()], [pred("node-02/gpu3", t=T0 + 600)]).outcomes[0]
    assert o.detected and not o.within_limit


def test_benign_truth_turns_matching_predictions_into_false_incidents() -> None:
    s = score([fault("node-05", "node", benign=True, cls="xid45_churn")], [pred("node-05")])
    assert s.false_incidents == 1 and not s.outcomes[0].within_limit


def test_duplicates_and_unrelated_predictions() -> None:
    s = score(
        [fault()],
        [pred("node-02/gpu3"), pred("node-02/gpu3", t=T0 + 45), pred("node-05/gpu1")],
        raw=9,
    )
    assert s.duplicates == 1 and s.false_incidents == 1 and s.predictions == 3


def test_destructive_action_without_gate_is_a_hard_failure() -> None:
    ok = pred("node-02/gpu3", actions=(ProposedAction("drain_node", "mutate", gated=True),))
    bad = pred("node-02/gpu3", actions=(ProposedAction("reset_gpu", "destructive", gated=False),))
    unsafe = pred("node-02/gpu3", actions=(ProposedAction("resume_node", "mutate", gated=True),))
    assert not score([fault()], [ok]).hard_failure
    assert score([fault()], [ok]).outcomes[0].action_ok
    assert score([fault()], [bad]).hard_failure
    assert score([fault()], [unsafe]).unsafe_actions == 1


def test_summary_rates() -> None:
    a = score([fault()], [pred("node-02/gpu3")], raw=10)
    b = score_incident(
        "ff",
        "fault_free",
        [],
        AgentRun([pred("node-01/gpu0")], 3, 0.2),
        interval_s=15.0,
        gpu_days=500.0,
        locate=locate,
    )
    m = score([fault("node-05/gpu1")], [], raw=0)
    s = summarize("agent", [a, b, m])
    assert s.recall == 0.5 and s.detected == 1 and s.faults == 2
    assert s.false_incidents == 1 and s.precision == 0.5
    assert s.false_per_1000_gpu_days == 2.0 and s.fault_free_gpu_days == 500.0
    assert s.compression == (10 + 3) / 2
    assert s.per_class["dbe"]["recall"] == 0.5


def classes(f: TruthFault, *accepted: str) -> TruthFault:
    return f.model_copy(update={"action_classes": list(accepted)})


def test_over_remediation_is_counted_beside_unsafe_actions() -> None:
    contained = classes(fault(), "restart_application", "notify_user")
    reset_ok = classes(fault(), "reset_gpu", "hardware_ticket")
    # draining / resetting for a contained event
    s = score([contained], [pred("node-02/gpu3", action_class="reset_gpu")])
    assert s.over_remediations == 1 and s.unsafe_actions == 0
    # the contained class itself, or a lighter-than-drain miss, is no over-remediation
    assert (
        score(
            [contained], [pred("node-02/gpu3", action_class="restart_application")]
        ).over_remediations
        == 0
    )
    assert (
        score([contained], [pred("node-02/gpu3", action_class="config_fix")]).over_remediations == 0
    )
    # a heavier class than every accepted one: reboot (or RMA) where a reset is the heaviest...
    assert (
        score(
            [classes(fault(), "reset_gpu")], [pred("node-02/gpu3", action_class="reboot")]
        ).over_remediations
        == 1
    )
    # ...but not when the truth accepts something at least as heavy
    assert score([reset_ok], [pred("node-02/gpu3", action_class="reboot")]).over_remediations == 0
    # reset now where the truth says reset when idle
    idle = classes(fault(), "reset_gpu_when_convenient")
    assert score([idle], [pred("node-02/gpu3", action_class="reset_gpu")]).over_remediations == 1
    # a benign event, and a false incident, drained
    benign = fault("node-05", "node", benign=True, cls="xid45_churn")
    assert score([benign], [pred("node-05", action_class="reboot")]).over_remediations == 1
    assert score([], [pred("node-01/gpu0", action_class="reset_gpu")]).over_remediations == 1
    # right node, wrong GPU: judged by the fault's classes
    assert (
        score([reset_ok], [pred("node-02/gpu1", action_class="reset_gpu")]).over_remediations == 0
    )
    # a fault whose truth names no class is not judged
    assert score([fault()], [pred("node-02/gpu3", action_class="reboot")]).over_remediations == 0


def test_summary_over_remediation_rate_is_over_decisions() -> None:
    contained = classes(fault(), "restart_application")
    over = score([contained], [pred("node-02/gpu3", action_class="reset_gpu")])
    right = score([contained], [pred("node-02/gpu3", action_class="restart_application")])
    none = score([contained], [pred("node-02/gpu3")])  # no class proposed: not a decision
    s = summarize("agent", [over, right, none, right])
    assert s.over_remediations == 1 and s.over_remediation_rate == 1 / 3
