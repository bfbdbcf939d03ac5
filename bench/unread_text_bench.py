"""The complaint test of a report no rule reads (``telemetry.unread_text.is_complaint``).

    python bench/unread_text_bench.py [--lines 50000] [--json out]

``says_failure`` asks of each line no parser read whether it says something failed, in the
plain words of a person (and since round thirteen in eight languages). It runs only on a file
that raised no fault report of its own, and only on the lines ``telemetry.text_evidence`` keeps
for it (the GPU lines no rule read and at most ``MAX_PLAIN`` others), so its worst case per file
is bounded: that bound is reported beside the lines/s. Since round fifteen a line is also a
complaint when it holds a writer's statement of a fault (``states_fault``: the eight
``telemetry.*_words`` readers), tried only on a line with no failure word. Three kinds of line,
none of them a complaint (the slow case: every alternative is tried at every position): a job's
ordinary output, a person's prose in English, and prose in other languages. In round
thirty-eight the German line (a planned restart) counted as one, a reboot term of the glossary
read in any voice (``bench/results/unread_text_round38.json``); since round thirty-nine such a
term counts only when the machine did it (``telemetry.reboot_voice``), and the line is no
complaint again (``bench/results/unread_text_round39.json``). Best of three runs;
run it on two checkouts (``PYTHONPATH=<checkout>/src``) to compare versions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from gpufleet.telemetry.text_evidence import MAX_KEPT, MAX_PLAIN
from gpufleet.telemetry.unread_text import is_complaint

sys.path.insert(0, str(Path(__file__).parent))
from job_log_bench import ORDINARY  # the same job output as the job-log bench

PROSE = [
    "I'm working on a machine learning project and scaling my training to multiple GPUs.",
    "We upgraded the cluster image last week; the nodes were returned to service on Monday.",
    "Hi, I'm using an asus tuf 3070ti, the hashrate I get is stable, is that normal?",
    "The job requests four GPUs with --gres=gpu:4 and runs for about six hours per epoch.",
]
OTHER_LANGUAGES = [
    "训练过程中显存占用稳定在 60GB 左右, 每个 epoch 大约 20 分钟。",
    "学習は 8 枚の GPU で 3 日間続けて実行しています。",
    "Der Knoten wurde nach dem Update neu gestartet und läuft seitdem stabil.",
    "O treinamento usa quatro GPUs e leva cerca de seis horas por época.",
]


def _rate(lines: Sequence[str]) -> tuple[float, int]:
    best, said = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        said = sum(1 for line in lines if is_complaint(line))
        best = min(best, time.perf_counter() - start)
    return len(lines) / best, said


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=50_000)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out: dict[str, object] = {}
    for name, pool in (
        ("job output", ORDINARY),
        ("English prose", PROSE),
        ("other languages", OTHER_LANGUAGES),
    ):
        lines = (pool * (args.lines // len(pool) + 1))[: args.lines]
        rate, said = _rate(lines)
        per_file = (MAX_PLAIN + 2 * MAX_KEPT) / rate
        out[name] = {"lines_per_s": round(rate), "complaints": said, "worst_s_per_file": per_file}
        print(
            f"{name:16s} {rate / 1e3:7.1f} k lines/s   complaints {said}   "
            f"worst case per file ({MAX_PLAIN + 2 * MAX_KEPT} lines) {per_file * 1e3:6.1f} ms"
        )
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
