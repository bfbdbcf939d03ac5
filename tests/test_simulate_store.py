"""`gpufleet simulate --store URL` against the real VictoriaMetrics: it reads back what the
store kept and says so, instead of printing "wrote …" over samples the store dropped."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from gpufleet.cli.main import main
from gpufleet.cli.store_load import StoreSettings, explain_shortfall
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


def test_the_newest_samples_a_store_hides_from_queries_are_a_note_not_a_failure() -> None:
    # VictoriaMetrics' default -search.latencyOffset=30s: a run ending now has its last samples
    # stored but not yet returned. Old code: "warning: the store kept only …", no reason, exit 1.
    start = datetime.now(UTC).timestamp() - 600
    with VictoriaMetrics(extra_flags=["-search.latencyOffset=30s"]) as vm:
        code, text = run_cli("simulate", "--store", vm.url, "--start", f"{start:.0f}", *SMALL)
    assert code == 0, text
    sent, readable = _sent_and_readable(text)
    assert 0 < readable < sent
    assert f"note: the store kept only {readable} of {sent} samples" in text
    assert "(-search.latencyOffset); nothing is lost" in text
    assert "warning" not in text


def test_every_shortfall_is_given_a_reason() -> None:
    ticks = [(1000.0 + 15 * i, 10) for i in range(8)]  # 80 samples, 15 s apart
    dedup = explain_shortfall(ticks, 40, 5000.0, StoreSettings(dedup_interval_s=30.0), 15.0)
    assert not dedup.data_lost and "-dedup.minScrapeInterval" in dedup.lines[0]
    old = explain_shortfall(ticks, 80, 1000.0 + 86400 * 3, StoreSettings(2 * 86400.0), 15.0)
    assert old.data_lost and "outside the store's retention (2 days" in old.lines[0]
    unknown = explain_shortfall(ticks, 5, 5000.0, StoreSettings(None, 30.0, 0.001), 15.0)
    assert unknown.data_lost and unknown.lines[0].startswith("  reason unknown for 5 samples")
    page = (
        'flag{name="search.latencyOffset", value="1m0s", is_set="false"} 1\n'
        'flag{name="dedup.minScrapeInterval", value="0s", is_set="false"} 1\n'
    )
    assert StoreSettings.from_metrics(page) == StoreSettings(None, 60.0, 0.0)


def test_a_tick_just_older_than_the_latency_offset_is_still_the_offset_not_a_loss() -> None:
    # the store answers at its own time: the tick one interval older than the offset can be
    # hidden too (seen on a loaded CI machine); it is the offset's, and no more than what is
    # missing is put down to it
    ticks = [(1000.0 + 15 * i, 10) for i in range(8)]  # last tick at 1105
    now = 1105.0 + 30.0 + 5.0  # the offset alone reaches back to 1110: no tick
    why = explain_shortfall(ticks, 10, now, StoreSettings(None, 30.0, 0.0), 15.0)
    assert not why.data_lost and "10 samples of the last 30 s" in why.lines[0]
    more = explain_shortfall(ticks, 30, now, StoreSettings(None, 30.0, 0.0), 15.0)
    assert more.data_lost and more.lines[-1].startswith("  reason unknown for 20 samples")
