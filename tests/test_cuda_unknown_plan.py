"""A job's CUDA "unknown error" (CUDA_ERROR_UNKNOWN, 999) with nothing from the driver or the
telemetry saying the GPU failed to come up: the failed-probe card may still rank first, but its
plan is the node's configuration fix (the container runtime, the driver's parts out of step),
not a drain and reboot on a job's word. A probe failure, a GPU gone from the telemetry or from
the bus, Xid 79, or a sleep before the error (a suspend / resume leaves nvidia-uvm broken until
it is reloaded or the machine restarted) keep the card's own drain and reboot. Xid 79's card,
which reads the same error, plans the same. A sleep beside CUDA lost is the wedged driver."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import choose_runbook, make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.suspend_words import SUSPEND_RESUME_REPORTED, says_suspend_resume
from tests.report_words import ranked_flat, report_evidence, report_incident, stated_at

KB = KnowledgeBase.load()
CARDS = ("gpu-init-failed-probe", "xid-79-fallen-off-bus")
CUINIT = "RuntimeError: CUDA error: unknown error"


def _probe(*supporting: str) -> Hypothesis:
    return Hypothesis(card_id="gpu-init-failed-probe", title="t", score=1.0, supporting=supporting)


def _plan(*lines: str) -> tuple[str, str | None, str | None]:
    incident = report_incident("n1", family=Family.DEVICE, symptoms=("cuda_unknown_error",))
    evidence = report_evidence(*lines, node="n1")
    ranked = ranked_flat(incident, evidence, CARDS, KB)
    assert "cuda_unknown_error_in_job" in ranked[0].supporting
    runbook = make_plan(KB, incident, ranked, evidence).runbook
    return (
        ranked[0].card_id,
        runbook.id if runbook else None,
        runbook.action_class if runbook else None,
    )


def test_a_jobs_unknown_error_alone_plans_the_config_fix() -> None:
    assert _plan(CUINIT) == ("gpu-init-failed-probe", "fix-gpu-node-config", "config_fix")


def test_the_unknown_error_after_a_suspend_keeps_the_reboot() -> None:
    said = "CUDA fails to initialize after resuming from suspend with UNKNOWN_ERROR"
    assert _plan(CUINIT, said) == ("gpu-init-failed-probe", "drain-and-reboot-node", "reboot")


@pytest.mark.parametrize(
    "line",
    [
        "# Cuda error with `jax` after suspending linux systems",
        "after laptop went to sleep, it disabled cuda access.",
        "continue working with pytorch session after suspend (in my case it's a web UI)",
        "I tried to `stop` it (after waking computer up from sleep).",
        "the nvidia_uvm module still becomes corrupted after suspend/resume on many systems.",
        "当系统尝试从休眠状态恢复时会出现严重故障",
        # the "not" is what the GPU did after the sleep, not a denial of the sleep
        "# Ollama does not use GPU after hibernation",
        "# can't use nvidia GPU only after sleep",
        "The GPU is not detected after waking from sleep",
        # the sleeper named, and the machine woken
        "this happened for me in a notebook after I suspended and restarted a computer",
        "what could it be caused by? I recently woke up the computer and resumed the process",
    ],
)
def test_a_sleep_before_the_failure_is_the_statement(line: str) -> None:
    assert says_suspend_resume(line)


@pytest.mark.parametrize(
    "line",
    [
        "confirm that you're booting fresh, and this isn't a suspend/resume scenario?",
        "it seems not related with suspend/resume, as my workstation always wakes on",
        "There were no recorded system suspend/resume events during this boot.",
        "It does not happen after resume, only after a cold boot",
        "the crash is not caused by suspend/resume",
        "is it after suspend?",
        "time.sleep(5)",
        "scontrol suspend 1234",
        "after resuming from checkpoint the CUDA error came back",
        "after resuming training at step 500 it failed again",
        "after sleep(5) the retry failed",
        "after sleeping 10 seconds it crashed",
        "the job was suspended by the scheduler",
        "RuntimeError: CUDA error: unknown error",
        "this only happens after I resume training from a checkpoint",
        "after I suspended the job with scontrol",
        "after you resume it",
        "we wake up the machine via IPMI power on",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_suspend_resume(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"{CUINIT}\nit only happens after the laptop went to sleep\n"
    assert stated_at(text, SUSPEND_RESUME_REPORTED, "n1") == [(2, "n1")]
    assert SUSPEND_RESUME_REPORTED not in FLEET_SIGNATURES


@pytest.mark.parametrize(
    ("supporting", "found"),
    [
        (("cuda_unknown_error_in_job", "gpu_probe_failed"), ()),
        (("cuda_unknown_error_in_job", "metrics_vanished"), ()),
        (("cuda_unknown_error_in_job",), ("node_gpus_vanished",)),
        (("cuda_unknown_error_in_job",), ("gpu_lost_reported",)),
        (("cuda_unknown_error_in_job",), ("gpu_fallen_off_bus",)),
        (("cuda_unknown_error_in_job",), ("xid:79",)),
        (("cuda_unknown_error_in_job",), ("suspend_resume_reported",)),
    ],
)
def test_the_driver_or_telemetry_showing_the_gpu_down_keeps_the_reboot(
    supporting: tuple[str, ...], found: tuple[str, ...]
) -> None:
    runbook = choose_runbook(KB, [_probe(*supporting)], found=frozenset({*supporting, *found}))
    assert runbook is not None and runbook.id == "drain-and-reboot-node"


def test_the_unknown_error_alone_chooses_the_fix() -> None:
    runbook = choose_runbook(KB, [_probe("cuda_unknown_error_in_job")], found=frozenset())
    assert runbook is not None and runbook.id == "fix-gpu-node-config"


WEDGE_CARDS = ("gpu-init-failed-probe", "cpu-only-execution", "gpu-driver-wedge-hung-tasks")
SLEPT = "it only happens after the laptop went to sleep"


@pytest.mark.parametrize(
    "failure",
    [
        CUINIT,
        "RuntimeError: CUDA error: unspecified launch failure",
        "RuntimeError: No CUDA GPUs are available: no CUDA-capable device is detected",
        "No GPU/TPU found, falling back to CPU.",
    ],
)
def test_cuda_lost_after_a_sleep_is_the_wedged_driver(failure: str) -> None:
    """The driver README's power-management case: CUDA unusable after a suspend until
    nvidia-uvm is reloaded or the machine restarted, whatever the job printed for it."""
    incident = report_incident("n1", family=Family.DEVICE)
    evidence = report_evidence(failure, SLEPT, node="n1")
    ranked = ranked_flat(incident, evidence, WEDGE_CARDS, KB)
    assert ranked[0].card_id == "gpu-driver-wedge-hung-tasks"
    assert "cuda_lost_after_suspend" in ranked[0].supporting
    runbook = make_plan(KB, incident, ranked, evidence).runbook
    assert runbook is not None and runbook.action_class == "reboot"


@pytest.mark.parametrize(
    "lines",
    [
        (SLEPT,),  # the sleep alone: a fan curve, a sensor, a black screen after resume
        (CUINIT,),  # the failure alone: the node's configuration, as above
        (CUINIT, "confirm this isn't a suspend/resume scenario?"),
    ],
)
def test_the_sleep_or_the_failure_alone_is_not_it(lines: tuple[str, ...]) -> None:
    incident = report_incident("n1", family=Family.DEVICE)
    ranked = ranked_flat(incident, report_evidence(*lines, node="n1"), WEDGE_CARDS, KB)
    assert all("cuda_lost_after_suspend" not in h.supporting for h in ranked)
    assert ranked[0].card_id != "gpu-driver-wedge-hung-tasks"


def test_the_bus_card_first_on_the_unknown_error_alone_plans_the_same_fix() -> None:
    """Xid 79's card reads the same error (CUDA returns 999 once the GPU left the bus); ranked
    first on it alone, its plan is the configuration fix too, not a drain and reboot."""
    incident = report_incident("n1", family=Family.DEVICE, symptoms=("cuda_unknown_error",))
    cards = ("xid-79-fallen-off-bus", "gpu-init-failed-probe")
    alone = report_evidence(CUINIT, node="n1")
    ranked = ranked_flat(incident, alone, cards, KB)
    assert ranked[0].card_id == "xid-79-fallen-off-bus"
    runbook = make_plan(KB, incident, ranked, alone).runbook
    assert runbook is not None and runbook.id == "fix-gpu-node-config"
    lost = report_evidence(CUINIT, "then the GPU fell off the bus", node="n1")
    ranked = ranked_flat(incident, lost, cards, KB)
    runbook = make_plan(KB, incident, ranked, lost).runbook
    assert runbook is not None and runbook.id == "drain-and-reboot-node"
