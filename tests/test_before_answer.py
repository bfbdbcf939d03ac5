"""Before the answer: a held-out case replayed with its evidence cut where the stated cause begins.

The held-out brief quotes each case's stated cause, and the quote is in the case's own evidence
(a thread kept whole), so the eval can say what the report was worth before anyone answered it
(``gpufleet eval --before-answer``).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.evals.before_answer import AnswerCut, answer_line_start, stated_cause
from gpufleet.evals.recorded import load_incident

EVALS = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals"
CASE = EVALS / "heldout-276" / "ddsp-svc-kor-11-cuda-oom-gpu0-12gib-card-input-audio-file-too-long"


def test_the_stated_cause_is_the_descriptions_first_quote_after_the_brief_words() -> None:
    text = (
        'Report of a hang. Stated cause, by the maintainer (bob), in the fix: "the NCCL '
        'socket interface was the docker bridge" (also "set NCCL_SOCKET_IFNAME"). Truth: x.'
    )
    assert stated_cause(text) == "the NCCL socket interface was the docker bridge"
    assert stated_cause('Stated cause, by alice: "Yes". Truth: x') is None  # too short to find
    assert stated_cause("A benign case: nothing was wrong.") is None


def test_the_answer_is_found_across_rewrapped_lines_and_cut_at_its_line() -> None:
    thread = (
        "alice · description\nTraining dies with CUDA error: out of memory\n"
        "bob · comment\nI think the\ncause is   the batch size of 512 on a 16 GB card\nthanks\n"
    )
    at = answer_line_start(thread, "cause is the batch size of 512 on a 16 GB card")
    assert at is not None and thread[:at].endswith("I think the\n")
    assert answer_line_start(thread, "the driver was too old for the CUDA runtime") is None
    cut = AnswerCut("cause is the batch size of 512")
    assert "batch size" not in cut(thread) and cut.cut_files == 1
    assert cut("no answer here\n") == "no answer here\n" and cut.cut_files == 1
    assert AnswerCut(None)(thread) == thread
    # a writer's "…" leaves words out: the first unbroken run of words finds the answer
    assert answer_line_start(thread, "… cause is the batch size … on a 16 GB card") == at


def test_a_case_replayed_before_the_answer_reads_only_the_report(tmp_path: Path) -> None:
    whole = load_incident(CASE, tmp_path / "cache")
    before = load_incident(CASE, tmp_path / "cache", before_answer=True)
    assert whole.answer_cut is None
    assert before.answer_cut is not None and before.answer_cut.cut_files == 1
    [whole_file] = whole.evidence.files
    [cut_file] = before.evidence.files
    # the reporter's own follow-up ("the file's length was the problem") is gone; the OOM stays
    assert cut_file.report.total == whole_file.report.total - 1
    assert {i.signature.kind for i in before.evidence.items} == {
        i.signature.kind for i in whole.evidence.items
    }


def test_before_the_answer_is_not_a_late_join(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(CASE, suite / CASE.name)
    args = ["eval", "--suite", str(suite), "--only", "SRE", "--before-answer", "--late-join", "30"]
    assert main(args, io.StringIO()) == 2
    assert "--before-answer and --late-join" in capsys.readouterr().err
