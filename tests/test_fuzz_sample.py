"""A fast sample of the fuzz benches (`make bench` runs 100,000 inputs per parser): every
parser of outside input gets a few hundred mutated inputs here, and none may raise anything
but its one documented error. Also keeps the bench scripts themselves working."""

from __future__ import annotations

import json
from pathlib import Path

from bench import fuzz_inputs, fuzz_kernel_log, fuzz_parsers


def test_every_parser_of_outside_input_survives_a_sample_of_the_fuzz_bench(
    tmp_path: Path,
) -> None:
    out = tmp_path / "inputs.json"
    assert fuzz_inputs.main(["--count", "40", "--seed", "3", "--json", str(out)]) == 0
    reports = json.loads(out.read_text())
    work = tmp_path / "targets"
    work.mkdir()
    assert [r["parser"] for r in reports] == list(fuzz_inputs.targets(work))
    assert len(reports) >= 11
    for rep in reports:
        assert (rep["parser"], rep["inputs"], rep["crashes"]) == (rep["parser"], 40, 0)


def test_exposition_and_vm_json_survive_a_sample_of_the_fuzz_bench(tmp_path: Path) -> None:
    out = tmp_path / "parsers.json"
    assert fuzz_parsers.main(["--count", "300", "--max-kb", "64", "--json", str(out)]) == 0
    results = json.loads(out.read_text())["results"]
    assert [(r["parser"], r["inputs"], r["crashes"]) for r in results] == [
        ("exposition", 300, []),
        ("vmjson", 300, []),
    ]


def test_the_kernel_log_parser_survives_a_sample_of_the_fuzz_bench(tmp_path: Path) -> None:
    out = tmp_path / "kernel.json"
    assert fuzz_kernel_log.main(["--count", "2000", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["crashes"] == 0
