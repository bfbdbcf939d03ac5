"""Mutation fuzzing of the kernel-log parser from the real-format corpus.

    python bench/fuzz_kernel_log.py [--count 100000] [--seed 0] [--json out.json]

Each input is a corpus line mutated by byte flips, splices of two lines, repeats, long runs of
one character, huge numbers and truncation. Reports crashes (any exception), the slowest input
per KB and the peak memory (tracemalloc) of the parser, and writes the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.telemetry.kernel_log import KernelLogParser

CORPUS = Path(__file__).resolve().parents[1] / "tests/data/kernel_log_corpus/corpus.jsonl"


def _seeds() -> list[bytes]:
    rows = [json.loads(t) for t in CORPUS.read_text(encoding="utf-8").splitlines() if t]
    return [str(r["line"]).encode() for r in rows]


def _mutate(rng: random.Random, seeds: list[bytes]) -> bytes:
    b = bytearray(rng.choice(seeds))
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(7)
        pos = rng.randint(0, len(b))
        if op == 0 and b:  # byte flips
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(b))
                b[i] ^= 1 << rng.randrange(8)
        elif op == 1:  # splice with another line
            other = rng.choice(seeds)
            b = b[:pos] + other[rng.randint(0, len(other)) :]
        elif op == 2:  # repeat a slice
            j = rng.randint(pos, min(len(b), pos + 40))
            b = b[:pos] + b[pos:j] * rng.randint(2, 2000) + b[j:]
        elif op == 3:  # long run of one character
            ch = rng.choice(b"aA0 :[(,.-\t\xc3\xff")
            b = b[:pos] + bytes([ch]) * rng.choice((100, 5000, 100_000)) + b[pos:]
        elif op == 4:  # huge number
            b = b[:pos] + b"9" * rng.choice((11, 4301, 20_000)) + b[pos:]
        elif op == 5:  # truncate
            b = b[:pos]
        else:  # insert random bytes
            b = b[:pos] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 16))) + b[pos:]
    return bytes(b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    seeds = _seeds()
    parser = KernelLogParser(at=1772419500.0)
    crashes: list[dict[str, object]] = []
    slowest = (0.0, 0, b"")  # (seconds per KB, length, input)
    total_bytes = 0
    tracemalloc.start()
    t_all = time.perf_counter()
    for i in range(args.count):
        data = _mutate(rng, seeds)
        total_bytes += len(data)
        t = time.perf_counter()
        try:
            parser.feed(data)
        except Exception as exc:  # the point of a fuzzer: any exception is a finding
            crashes.append({"i": i, "error": repr(exc)[:200], "input": data[:200].hex()})
            parser = KernelLogParser(at=1772419500.0)
        dt = time.perf_counter() - t
        per_kb = dt / max(len(data) / 1024, 1.0)
        if per_kb > slowest[0]:
            slowest = (per_kb, len(data), data)
        if i % 10_000 == 9_999:  # bounded memory: a long-lived parser keeps only samples
            parser.report.by_format.clear()
    elapsed = time.perf_counter() - t_all
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rep = parser.report
    result = {
        "inputs": args.count,
        "seed": args.seed,
        "crashes": len(crashes),
        "crash_samples": crashes[:20],
        "elapsed_s": round(elapsed, 2),
        "mean_us_per_input": round(elapsed / max(args.count, 1) * 1e6, 1),
        "input_mb": round(total_bytes / 2**20, 1),
        "slowest_s_per_kb": round(slowest[0], 6),
        "slowest_input_len": slowest[1],
        "slowest_input_head": slowest[2][:80].decode("utf-8", "replace"),
        "peak_traced_mb": round(peak / 2**20, 2),
        "report_consistent": rep.consistent,
        "truncated": rep.truncated,
    }
    print(json.dumps(result, indent=2))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 1 if crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
