"""Chat with a local model: time to the first streamed token and generation speed, for each
bundled model, over operator questions asked of a recorded incident.

    .venv/bin/python bench/chat_bench.py [--models qwen2.5-coder-0.5b ...]
        [--questions 6 | --all] [--json bench/results/chat.json]

One warm llama.cpp server per model (started before the first question, as ``gpufleet chat``
and ``serve`` keep it), the questions of evals/chat/questions.yaml about the DBE recording
(``--all``: all 47, over the five recordings), in
order, after the session's warm-up (the constant system prompt evaluated, as ``gpufleet chat``
and ``serve`` do when they open; its time is reported as ``warm_up_s``). Per question,
measured at this edge with a monotonic clock:

* ``ttft``: question asked → the model's first token arrives (prefill + the reads + the prompt);
* ``first word``: → the first cleaned word is shown (what a person sees first);
* ``total``: → the final grounded answer; ``tok/s``: tokens / (last token − first token).

The machine's two cores are shared: ``idle-eq`` is each figure scaled by the share of two
cores the server process actually got during it (its CPU time from /proc / (wall × threads)),
an estimate of the figure on an idle machine. Both are reported.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.agents.chat.answer import AnswerDelta, TokenDelta
from gpufleet.agents.chat.stream import iter_answer, warm_up
from gpufleet.cli.chat_session import open_recorded
from gpufleet.evals.chat_eval import load_questions
from gpufleet.graph.models.bundled import LocalModelServer
from gpufleet.graph.models.chat import LocalServedModel
from gpufleet.graph.models.config import ModelConfig

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


@dataclass
class Timed:
    """The model, with the arrival time of each token it streams (this edge's clock)."""

    inner: LocalServedModel
    arrivals: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.inner.name

    def stream_text(self, system: str, user: str, max_tokens: int) -> Iterator[str]:
        for piece in self.inner.stream_text(system, user, max_tokens):
            self.arrivals.append(time.monotonic())
            yield piece


@dataclass
class Sample:
    question: str
    ttft: float
    first_word: float
    total: float
    tokens: int
    tok_s: float
    idle_share_ttft: float  # share of `threads` cores the server got until the first token
    idle_share_gen: float
    mode: str


def ask(model: Timed, session, question: str, threads: int) -> Sample:  # type: ignore[no-untyped-def]
    pid = model.inner.server.pid
    assert pid is not None
    model.arrivals.clear()
    started, cpu0 = time.monotonic(), cpu_s(pid)
    first_word = None
    cpu_at_first = None
    mode = "?"
    for delta in iter_answer(question, reads=session.reads, now=session.now(), model=model):
        if cpu_at_first is None and model.arrivals:
            cpu_at_first = cpu_s(pid)
        if first_word is None and isinstance(delta, TokenDelta) and delta.line is not None:
            first_word = time.monotonic() - started
        if isinstance(delta, AnswerDelta):
            mode = delta.answer.mode
    total = time.monotonic() - started
    cpu_end = cpu_s(pid)
    arr = model.arrivals
    ttft = (arr[0] - started) if arr else float("nan")
    gen = (arr[-1] - arr[0]) if len(arr) > 1 else float("nan")
    cpu_first = (cpu_at_first or cpu_end) - cpu0
    return Sample(
        question=question,
        ttft=ttft,
        first_word=first_word if first_word is not None else float("nan"),
        total=total,
        tokens=len(arr),
        tok_s=(len(arr) - 1) / gen if len(arr) > 1 and gen > 0 else float("nan"),
        idle_share_ttft=min(1.0, cpu_first / (ttft * threads)) if arr else float("nan"),
        idle_share_gen=min(1.0, (cpu_end - cpu0 - cpu_first) / (gen * threads))
        if len(arr) > 1
        else float("nan"),
        mode=mode,
    )


def pct(values: list[float], q: float) -> float:
    values = sorted(v for v in values if not math.isnan(v))
    if not values:
        return float("nan")
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def summary(samples: list[Sample]) -> dict[str, float]:
    warm = samples  # the system prompt was evaluated at warm-up: every question is warm
    ttft = [s.ttft for s in warm]
    idle_ttft = [s.ttft * s.idle_share_ttft for s in warm]
    return {
        "questions": len(samples),
        "first_question_ttft_s": samples[0].ttft,
        "ttft_p50_s": pct(ttft, 0.5),
        "ttft_p95_s": pct(ttft, 0.95),
        "ttft_idle_eq_p50_s": pct(idle_ttft, 0.5),
        "ttft_idle_eq_p95_s": pct(idle_ttft, 0.95),
        "first_word_p50_s": pct([s.first_word for s in warm], 0.5),
        "total_p50_s": pct([s.total for s in warm], 0.5),
        "total_p95_s": pct([s.total for s in warm], 0.95),
        "tok_s_p50": pct([s.tok_s for s in warm], 0.5),
        "tok_s_idle_eq_p50": pct(
            [s.tok_s / s.idle_share_gen for s in warm if s.idle_share_gen > 0], 0.5
        ),
        "cpu_share_p50": statistics.median(s.idle_share_ttft for s in warm),
        "model_answers": sum(s.mode == "model" for s in samples),
    }


def bench_model(name: str, questions: list[tuple[str, str]], threads: int) -> dict[str, object]:
    """``questions``: (recorded incident folder, question) pairs, asked in order of one warm
    server; a recording's session (NOC + deterministic diagnosis) is opened when its first
    question comes."""
    cfg = ModelConfig.model_validate(
        {"backend": "local", "local": {"model": name, "threads": threads}}
    )
    server = LocalModelServer.from_config(cfg.local)
    server.start_timeout_s = 600  # loading takes minutes on a saturated machine
    server.start()
    model = Timed(LocalServedModel(server, cfg))
    sessions: dict[str, Any] = {}
    try:
        started = time.monotonic()
        warming = warm_up(model.inner)  # as `gpufleet chat` and `serve` do when they open
        if warming is not None:
            warming.join()
        warm_s = time.monotonic() - started
        samples = []
        for folder, q in questions:
            if folder not in sessions:
                sessions[folder] = open_recorded(Path(folder), None, None)
            s = ask(model, sessions[folder], q, threads)
            samples.append(s)
            print(
                f"  {name}: ttft {s.ttft:5.2f}s (idle-eq {s.ttft * s.idle_share_ttft:5.2f}s) "
                f"first word {s.first_word:5.2f}s total {s.total:6.2f}s {s.tokens:3d} tok "
                f"{s.tok_s:5.1f} tok/s {s.mode:8s} {q}",
                flush=True,
            )
        return {
            "model": name,
            "server_start_s": server.start_s,
            "warm_up_s": warm_s,
            "server_rss_mb": (server.rss_bytes() or 0) / 2**20,
            **summary(samples),
            "samples": [s.__dict__ for s in samples],
        }
    finally:
        model.inner.close()
        for session in sessions.values():
            session.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="+", default=list(MODELS))
    ap.add_argument("--questions", type=int, default=6)
    ap.add_argument(
        "--all", action="store_true", help="every question of every recording (47), not --questions"
    )
    ap.add_argument("--json", type=Path)
    ap.add_argument(
        "--threads",
        type=int,
        default=2,
        help="llama.cpp threads (1 avoids spin-waiting when the cores are oversubscribed)",
    )
    args = ap.parse_args()
    qset = load_questions()
    qs = [
        (str(qset.folder(q.recording)), q.question)
        for q in qset.questions
        if args.all or q.recording == "dbe"
    ]
    qs = qs[: args.questions] if not args.all else qs
    threads = args.threads
    print(f"load average at start: {Path('/proc/loadavg').read_text().split()[:3]}")
    results = [bench_model(m, qs, threads) for m in args.models]
    for r in results:
        print(json.dumps({k: v for k, v in r.items() if k != "samples"}, indent=1))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
