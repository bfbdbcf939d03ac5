"""`gpufleet eval --compare`: what changed between two runs of the same recorded incidents, case
by case, so an upgrade that moves the pooled score by one point cannot hide ten cases lost."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from gpufleet.cli.main import main
from gpufleet.evals.compare import (
    ReportFormatError,
    check_report,
    compare_reports,
    render_comparison,
)

SUITE = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "suite"
AGENT = "gpufleet SRE (deterministic)"


def _outcome(
    benign: bool = False, top1: bool = True, ac: bool = True, det: bool = True
) -> dict[str, bool]:
    return {"benign": benign, "detected": det, "top1": top1, "action_class_ok": ac}


def _report(cases: dict[str, tuple[list[dict[str, bool]], int]]) -> dict[str, Any]:
    """{case id: (outcomes, duplicates)} as `gpufleet eval --json` lays it out."""
    return {
        "incidents": [
            {
                "id": case,
                "scores": {AGENT: {"outcomes": outs, "duplicates": dups, "false_incidents": 0}},
            }
            for case, (outs, dups) in cases.items()
        ]
    }


def test_gains_and_losses_are_counted_case_by_case_not_netted() -> None:
    old = _report(
        {
            "a": ([_outcome(top1=False)], 0),
            "b": ([_outcome()], 1),
            "c": ([_outcome(benign=True, det=False)], 0),
            "gone": ([_outcome()], 0),
        }
    )
    new = _report(
        {
            "a": ([_outcome()], 0),
            "b": ([_outcome(top1=False, ac=False)], 0),
            "c": ([_outcome(benign=True, det=True)], 0),
            "added": ([_outcome()], 0),
        }
    )
    (c,) = compare_reports(old, new)
    assert c.compared == 3
    assert c.gained == {"right cause first": 1, "benign opens an incident": 1}
    assert c.lost == {"right cause first": 1, "action class": 1}
    assert c.counts_old["duplicate incidents"] == 1 and c.counts_new["duplicate incidents"] == 0
    assert c.only_old == ("gone",) and c.only_new == ("added",)
    changed = {ch.case: ch.what for ch in c.changes}
    assert changed["b"] == (
        "right cause first: lost",
        "action class: lost",
        "duplicate incidents: 1 → 0",
    )
    text = render_comparison([c])
    assert "| right cause first | 1 | 1 |" in text and "- a: right cause first: gained" in text


def test_an_incident_of_several_faults_is_named_per_fault_and_a_changed_truth_is_not_compared() -> (
    None
):
    old = _report({"two": ([_outcome(), _outcome()], 0), "t": ([_outcome()], 0)})
    new = _report({"two": ([_outcome(), _outcome(ac=False)], 0), "t": ([_outcome()] * 2, 0)})
    (c,) = compare_reports(old, new)
    changed = {ch.case: ch.what for ch in c.changes}
    assert changed["two#2"] == ("action class: lost",)
    assert changed["t"] == ("its truth differs between the runs: not compared",)
    assert c.compared == 2


@pytest.mark.parametrize(
    ("report", "where"),
    [
        ([], "no 'incidents' list"),
        ({"incidents": [{"scores": {}}]}, "incidents[0] has no string 'id'"),
        ({"incidents": [{"id": "x"}]}, "incident x has no 'scores'"),
        ({"incidents": [{"id": "x", "scores": {AGENT: {}}}]}, "without 'outcomes'"),
        ({"incidents": [{"id": "x", "scores": {AGENT: {"outcomes": [{}]}}}]}, "outcome 0"),
    ],
)
def test_a_report_that_is_not_an_eval_report_is_refused_saying_where(
    report: Any, where: str
) -> None:
    pattern = where.replace("[", r"\[").replace("]", r"\]")
    with pytest.raises(ReportFormatError, match=pattern):
        compare_reports(report, _report({"x": ([_outcome()], 0)}))
    with pytest.raises(ReportFormatError, match=f"earlier report: .*{pattern}"):
        check_report(report)


def test_the_cli_says_what_changed_against_an_earlier_report(tmp_path: Path) -> None:
    args = ["eval", "--suite", str(SUITE / "dbe-1"), "--only", "SRE", "--no-baselines"]
    out = io.StringIO()
    assert main([*args, "--json"], out=out) == 0
    now = json.loads(out.getvalue())
    earlier = copy.deepcopy(now)
    score = earlier["incidents"][0]["scores"][AGENT]
    assert score["outcomes"][0]["top1"] is True  # the bundled case is right today
    score["outcomes"][0]["top1"] = False
    score["duplicates"] = 1
    path = tmp_path / "earlier.json"
    path.write_text(json.dumps(earlier), encoding="utf-8")

    text = io.StringIO()
    assert main([*args, "--compare", str(path)], out=text) == 0
    assert "| right cause first | 1 | 0 |" in text.getvalue()
    assert "- dbe-1: right cause first: gained; duplicate incidents: 1 → 0" in text.getvalue()

    js = io.StringIO()
    assert main([*args, "--json", "--compare", str(path)], out=js) == 0
    (c,) = json.loads(js.getvalue())["comparison"]
    assert c["gained"] == {"right cause first": 1} and c["lost"] == {}


def test_a_missing_or_broken_earlier_report_stops_before_the_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["eval", "--suite", str(SUITE / "dbe-1"), "--only", "SRE", "--no-baselines"]
    assert main([*args, "--compare", str(tmp_path / "absent.json")], out=io.StringIO()) == 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"incidents": [', encoding="utf-8")
    assert main([*args, "--compare", str(broken)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert "absent.json: cannot read it" in err and "broken.json: not JSON" in err
    assert "Traceback" not in err
