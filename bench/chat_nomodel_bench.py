"""No-model chat latency: seconds to the first streamed piece of the answer and to the whole
answer, per question of evals/chat/questions.yaml over the DBE recording (the session warmed
as ``gpufleet chat`` warms it; the first question's figures include anything not warmed).

    .venv/bin/python bench/chat_nomodel_bench.py [--repeat 3]

Reports the median and the worst over the questions (this edge's monotonic clock). For the
local model's first-token and generation figures, see bench/chat_bench.py (needs the model).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.agents.chat.answer import AnswerDelta, TokenDelta
from gpufleet.agents.chat.stream import iter_answer, warm_up
from gpufleet.cli.chat_session import open_recorded
from gpufleet.evals.chat_eval import load_questions

DBE = Path(__file__).resolve().parents[1] / "src/gpufleet/evals/examples/dbe-recorded"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    questions = [q.question for q in load_questions().questions if q.recording == "dbe"]
    session = open_recorded(DBE, None, None)
    try:
        warmer = warm_up(session.model)
        if warmer is not None:
            warmer.join()
        time.sleep(2.0)  # the exemplars' background warm-up, as while a person types
        first, whole = [], []
        for _ in range(args.repeat):
            for q in questions:
                t0 = time.monotonic()
                got_first = None
                for d in iter_answer(q, reads=session.reads, now=session.now()):
                    if got_first is None and isinstance(d, TokenDelta):
                        got_first = time.monotonic() - t0
                    if isinstance(d, AnswerDelta):
                        whole.append(time.monotonic() - t0)
                first.append(got_first or 0.0)
    finally:
        session.close()
    for name, xs in (("first piece", first), ("whole answer", whole)):
        print(
            f"{name}: median {statistics.median(xs) * 1000:.0f} ms, "
            f"max {max(xs) * 1000:.0f} ms over {len(xs)} answers"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
