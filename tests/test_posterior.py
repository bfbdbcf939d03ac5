"""The ranker's probabilistic model (agents/sre/posterior.py), the taxonomy (knowledge/
taxonomy.py) and ``kb validate``'s refusal of unsourced numbers."""

from __future__ import annotations

import argparse
import io
import math
import shutil
from pathlib import Path

import pytest

from gpufleet.agents.sre import posterior
from gpufleet.agents.sre.scoring import _by_model
from gpufleet.bus.events import Finding, Hypothesis
from gpufleet.cli.parser import add_kb_commands
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.findings import FINDINGS, XID_FINDING
from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.store import CARDS_DIR, RUNBOOKS_DIR, KnowledgeBase


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


def _card(card_id: str, likelihoods: list[dict[str, object]]) -> Card:
    return Card.model_validate(
        {
            "id": card_id,
            "title": card_id,
            "layers": ["hardware"],
            "severity": "critical",
            "signals": {},
            "distinguishing": {"rules_in": ["x"]},
            "likelihoods": likelihoods,
            "root_cause": "r",
            "sources": ["s"],
        }
    )


def test_posterior_is_prior_odds_times_likelihood_ratios() -> None:
    # prior 0.01 (odds 1/99), LR 20 and 5 hold, LR 3 does not: odds 100/99 -> p = 100/199
    card = _card(
        "a",
        [
            {"finding": "xid:119", "lr": 20, "source": "catalog row 119"},
            {"finding": "gsp_error_logged", "lr": 5, "source": "ogkm issue 446"},
            {"finding": "recent_reboot", "lr": 3, "source": "priors section 3"},
        ],
    )
    s = posterior.score(card, {"xid:119", "gsp_error_logged", "hbm_hot"}, prior=0.01)
    assert s.posterior == pytest.approx(100 / 199)
    assert s.log_odds == pytest.approx(math.log(1 / 99) + math.log(20) + math.log(5))
    assert [f for f, _ in s.terms] == ["xid:119", "gsp_error_logged"]


def test_explanation_names_each_shift_and_what_the_runner_up_lacks() -> None:
    a = posterior.Score("a", 0.01, (("xid:119", math.log(20)), ("gsp_error_logged", math.log(2))))
    b = posterior.Score("b", 0.01, (("gsp_error_logged", math.log(2)),))
    text = posterior.explain(a, b)
    assert "xid:119 +3.00" in text and "gsp_error_logged +0.69" in text
    assert "runner-up b 3.00 behind (lacks xid:119)" in text
    assert "posterior 0.288" in text  # odds 40/99, p = 40/139


def test_every_card_is_in_exactly_one_mode(kb: KnowledgeBase) -> None:
    tax = taxonomy.load()
    assert tax.check_cards(list(kb.cards)) == []
    place = tax.place("xid-154-recovery-action")
    assert place is not None and place.mode == "gsp-fault-reset"
    assert "gsp-reset-required" in place.siblings


def test_taxonomy_check_names_a_card_in_two_modes_and_one_in_none() -> None:
    tax = taxonomy.parse(
        """
families:
  f:
    prior: {value: 0.1, source: "a published table"}
    modes:
      m1: {decision: d, variants: {a: x, b: y}}
      m2: {decision: d, variants: {b: z}}
"""
    )
    errors = tax.check_cards(["a", "b", "c"])
    assert "taxonomy: card c is in no mode" in errors
    assert "taxonomy: card b is in 2 modes (f/m1, f/m2)" in errors


def test_a_family_prior_without_a_source_is_refused() -> None:
    with pytest.raises(ValueError, match="source"):
        taxonomy.parse(
            "families: {f: {prior: {value: 0.1}, modes: {m: {decision: d, variants: {a: x}}}}}"
        )


def test_the_leader_says_its_mode_and_what_the_model_favours(kb: KnowledgeBase) -> None:
    # hand weights put the survives-reboot card first; the only recurrence evidence is a
    # reboot in the window, while Xid 119 is the other card's signature
    def hyp(cid: str, score: float) -> Hypothesis:
        return Hypothesis(card_id=cid, title=cid, score=score, reasons=())

    found = {
        n: Finding(name=n, entity="n1/gpu0", evidence_ids=("E1",))
        for n in ("xid:119", "gsp_error_logged", "recent_reboot")
    }
    ranked = (hyp("gpu-fault-survives-reboot", 0.95), hyp("xid-119-120-gsp-errors", 0.86))
    out = _by_model(ranked, found, kb)
    assert [h.card_id for h in out] == [h.card_id for h in ranked]  # explains, never reorders
    reasons = "\n".join(out[0].reasons)
    assert "mode: gpu-firmware/gsp-persistent-fault (power-cycle, then RMA" in reasons
    assert "the model favours xid-119-120-gsp-errors in this family" in reasons
    assert "xid:119 +3.00" in reasons
    assert "runner-up gpu-fault-survives-reboot" in reasons and "lacks xid:119" in reasons


def _validate(cards: Path) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="gpufleet")
    add_kb_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(
        ["kb", "validate", "--cards", str(cards), "--runbooks", str(RUNBOOKS_DIR)]
    )
    out = io.StringIO()
    return int(args.func(args, out)), out.getvalue()


def test_kb_validate_refuses_a_likelihood_without_a_source(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards)
    card = cards / "xid-95-uncontained-ecc.md"
    text = card.read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if "finding: 'xid:95', lr: 20" in ln]
    assert len(lines) == 1
    card.write_text(text.replace(lines[0], "  - {finding: 'xid:95', lr: 20}"), encoding="utf-8")
    code, out = _validate(cards)
    assert code == 1 and "source" in out and "xid-95-uncontained-ecc" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        # a ratio tuned off the scale of vendor-statement categories
        (("finding: 'xid:94', lr: 20", "finding: 'xid:94', lr: 17"), "off the scale"),
        # a finding the checks weigh (Xid 94 rules the card in) with no sourced ratio behind it
        (("- {finding: 'xid:94', lr: 20", "- {finding: 'xid:13', lr: 20"), "no sourced"),
    ],
)
def test_kb_validate_refuses_an_unscaled_or_missing_ratio(
    tmp_path: Path, edit: tuple[str, str], said: str
) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards)
    card = cards / "xid-94-contained-ecc.md"
    text = card.read_text(encoding="utf-8")
    assert edit[0] in text
    card.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    code, out = _validate(cards)
    assert code == 1 and said in out and "xid-94-contained-ecc" in out


def test_kb_validate_passes_the_bundled_cards() -> None:
    code, out = _validate(CARDS_DIR)
    assert code == 0, out
    assert "have no likelihoods" not in out  # every card is modelled (issue 25)


def test_eval_scores_the_top_cause_at_family_and_mode_level() -> None:
    from gpufleet.evals.scoring import _taxonomy_ok

    # a sibling variant of the truth: right family and mode, wrong card
    assert _taxonomy_ok(["xid-154-recovery-action"], ["gsp-reset-required"]) == (True, True)
    # same family, another decision (RMA instead of reset)
    assert _taxonomy_ok(["gpu-fault-survives-reboot"], ["gsp-reset-required"]) == (True, False)
    assert _taxonomy_ok(["fan-failure"], ["xid-48-dbe"]) == (False, False)
    assert _taxonomy_ok([], ["xid-48-dbe"]) == (None, None)


# Findings that are context for a person or for the plan, not evidence for one mode over another:
# each with why no card reads it
CONTEXT_ONLY = {
    "no_baseline_before_fault": "says the telemetry had no history to compare with",
    "untrusted_log_lines": "says some log lines were not taken as evidence",
    "job_infra_clean": "feeds the hang cards' plan (a collection hands back the application)",
    "node_drained_by_scheduler": "a drain the scheduler made: its reason is the evidence",
    "earlier_incidents_same_node": "history shown beside the diagnosis",
    "expected_behaviour_asked": "keeps a benign close when the writer asks if it is normal",
}


def test_every_finding_is_read_by_a_card_or_is_context(kb: KnowledgeBase) -> None:
    """A finding the evidence yields and no card's checks, likelihoods or plan read moves
    nothing: the reader's work is lost (an NVSwitch fatal error in Fabric Manager's log, a
    watchdog's first collective, host memory pressure were derived and read by none)."""
    read: set[str] = set()
    for card in kb.cards.values():
        read |= {lk.finding for lk in card.likelihoods}
        if card.checks is not None:
            read |= {c.finding for c in (*card.checks.rules_in, *card.checks.rules_out)}
        for when in card.runbook_when:
            read |= {when.finding, *when.unless}
    unread = {f for f in FINDINGS if not XID_FINDING.match(f)} - read - set(CONTEXT_ONLY)
    assert not unread, f"derived but read by no card: {sorted(unread)}"
