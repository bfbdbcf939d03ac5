"""`gpufleet simulate --store URL` against the real VictoriaMetrics: it reads back what the
store kept and says so, instead of printing "wrote …" over samples the store dropped."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from gpufleet.cli.main import main
from gpufleet.evals.vm_server import VictoriaMetrics
from gpufleet.telemetry.store_writer import retention_from_metrics

SMALL = ("--duration", "10m", "--racks", "1", "--nodes", "1", "--gpus", "2", "--seed", "3")


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def _sent_and_readable(text: str) -> tuple[int, int]:
    line = next(ln for ln in text.splitlines() if "samples sent" in ln)
    words = line.split()
    return int(words[words.index("samples") - 1]), int(words[words.index("readable") - 1])


def test_every_sample_sent_is_read_back() -> None:
    start = datetime.now(UTC).replace(microsecond=0).timestamp() - 3 * 3600
    with VictoriaMetrics() as vm:
        code, text = run_cli("simulate", "--store", vm.url, "--start", f"{start:.0f}", *SMALL)
    assert code == 0, text
    sent, readable = _sent_and_readable(text)
    assert sent > 0 and readable == sent
    assert "warning" not in text


def test_samples_outside_retention_are_reported_missing_with_the_reason() -> None:
    with VictoriaMetrics(extra_flags=["-retentionPeriod=2d"]) as vm:
        code, text = run_cli(
            "simulate", "--store", vm.url, "--start", "2020-01-01T00:00:00Z", *SMALL
        )
    assert code == 1, text
    sent, readable = _sent_and_readable(text)
    assert sent > 0 and readable == 0
    assert f"warning: the store kept only 0 of {sent} samples ({sent} missing)" in text
    assert "the run starts at 2020-01-01" in text
    assert "outside the store's retention (2 days" in text and "--start" in text


def test_retention_is_read_from_the_flag_gauge() -> None:
    page = 'vm_x 1\nflag{name="retentionPeriod", value="2d", is_set="true"} 1\n'
    assert retention_from_metrics(page) == 2 * 86400
    assert retention_from_metrics('flag{name="retentionPeriod", value="1"} 1') == 31 * 86400
    assert retention_from_metrics("no flags here") is None
