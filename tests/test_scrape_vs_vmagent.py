"""bench/scrape_bench.py --vs-vmagent at a tiny size: the direct scrape and the real vmagent
on the same pages at once, each side's CPU and samples counted (no speed asserted)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench import scrape_bench


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("vmagent") is None, reason="needs vmagent (victoria-metrics)")
def test_direct_and_vmagent_scrape_the_same_pages_side_by_side(tmp_path: Path) -> None:
    out = tmp_path / "vs.json"
    argv = ["--vs-vmagent", "--targets", "2", "--interval", "1", "--seconds", "3"]
    assert scrape_bench.main([*argv, "--json", str(out)]) == 0
    r = json.loads(out.read_text())
    direct, vm = r["direct"], r["vmagent"]
    assert direct["scrapes_failed"] == 0 and direct["ticks"] >= 2
    # both sides read every page of both exporters about once a second
    assert 4 <= direct["pages"] <= 10 and 4 <= vm["pages"] <= 10, (direct, vm)
    assert direct["samples"] == direct["pages"] * r["samples_per_page"]
    # every page the direct side was served was parsed, first pages included (give or take
    # the round in flight when the window closed)
    assert abs(direct["samples_parsed"] - direct["samples"]) <= 2 * r["samples_per_page"]
    assert direct["cpu_s"] > 0 and vm["cpu_s"] > 0
    assert r["direct_over_vmagent"] == pytest.approx(
        direct["us_per_sample"] / vm["us_per_sample"], rel=0.01
    )
