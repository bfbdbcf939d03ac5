#!/usr/bin/env python
"""Mutation fuzzing of the two parsers of outside input, from real-format seeds.

    python bench/fuzz_parsers.py [--count 100000] [--seed 1] [--parsers exposition,vmjson]
                                 [--max-kb 256] [--mem-every 50] [--json OUT]

Seeds (deterministic): the realistic dcgm-exporter pages in ``tests/data/exporter_pages``, a
page rendered from a simulator tick (:func:`telemetry.exposition.render_exposition`), and
VictoriaMetrics export lines of a short simulation (:func:`telemetry.vmjson.write_vm_jsonl`)
plus DCGM_EXP_* lines with their key labels. Each input is a random slice of a seed with one to
four mutations (character flips, inserts from the format's own alphabet, span deletes and
duplicates, line swaps, splices from another seed, 400-digit and 1e300 numbers, NaN/Inf,
deep nesting, long strings, repeated lines, truncation, control and non-ASCII characters),
capped at ``--max-kb``.

Each parser is called on ``--count`` inputs. A *crash* is any exception other than the
parser's one documented error (:class:`~telemetry.exposition.ExpositionError`,
:class:`~telemetry.vmjson.VmJsonError`); crashes are grouped by exception type and the line
that raised it, with the smallest input kept. Reported per parser: inputs, bytes, crashes,
documented errors, CPU time, the slowest input per KB (CPU ms / KB, inputs of 1 KB or more
counted as their size, smaller ones as 1 KB so tiny inputs' fixed cost does not dominate;
the five slowest are re-timed five times and ranked by their median, so a GC pause does not
win),
and peak memory: the largest ``tracemalloc`` peak of any input measured (every
``--mem-every``-th input and the slowest one; tracing slows parsing, so not all) and the
process's peak RSS. Exits non-zero when a crash was found.
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import argparse
import contextlib
import heapq
import io
import json
import math
import random
import resource
import signal
import statistics
import sys
import threading
import time
import traceback
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# A run stopped with SIGTERM or Ctrl-C finishes the input at hand and reports its counts.
STOP = threading.Event()


def _stop(_signum: int, _frame: object) -> None:
    STOP.set()


sys.path.insert(0, str(ROOT))

from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import ExpositionError, parse_exposition, render_exposition
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import VmJsonError, read_vm_jsonl, write_vm_jsonl

PAGES = ROOT / "tests" / "data" / "exporter_pages"
EXPO_ALPHABET = '{}"=,#\\ \t\n.-+eE_:0123456789abcgpuHOSTNAMEDCGM_FI_DEVXIDNaInf'
JSON_ALPHABET = '{}[]":,\\ \t.-+eE0123456789truefalsnul_metricvaluestimestamps'
HUGE = ("1" * 400, "9" * 5000, "1e300", "-1e300", "1e-400", "NaN", "+Inf", "-Inf", "-0")
ODD = ("\x00", "\r", "\u2028", "\ufeff", "\udcff", "é", "\x1b[31m", "\t\t")


# ------------------------------------------------------------------------------------ seeds


def exposition_seeds() -> list[str]:
    seeds = [p.read_text() for p in sorted(PAGES.glob("*.prom"))]
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    frame = FleetSimulator(topo, seed=3).step().frames[0]
    seeds.append(render_exposition(frame, topo, topo.node_keys[0]))
    return seeds


def vmjson_seeds() -> list[str]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=2)])
    out = io.StringIO()
    write_vm_jsonl(FleetSimulator(topo, seed=3).run(6 * 15.0), topo, out)
    labels = {"Hostname": "node-01", "gpu": "0", "modelName": "NVIDIA B200", "UUID": "GPU-0"}
    exp = [
        {
            "metric": {
                "__name__": "DCGM_EXP_XID_ERRORS_COUNT",
                **labels,
                "xid": x,
                "window_size_in_ms": "300000",
            },
            "values": [0, 1, 2],
            "timestamps": [1772409600000, 1772409615000, 1772409630000],
        }
        for x in ("74", "94")
    ]
    extra = "\n".join(json.dumps(o, separators=(",", ":")) for o in exp)
    return [out.getvalue(), extra + "\n"]


# ------------------------------------------------------------------------------------ mutation


class Mutator:
    def __init__(
        self, rng: random.Random, seeds: list[str], alphabet: str, json_mode: bool, max_len: int
    ) -> None:
        self.max_len = max_len  # applied after every step: the fuzzer's own memory stays small
        self.rng = rng
        self.seeds = seeds
        self.alphabet = alphabet
        self.json_mode = json_mode

    def slice(self) -> str:
        lines = self.rng.choice(self.seeds).splitlines(keepends=True)
        n = self.rng.randint(1, min(len(lines), 60))
        i = self.rng.randrange(0, len(lines) - n + 1)
        return "".join(lines[i : i + n])

    def mutate(self, s: str) -> str:
        r = self.rng
        ops: list[Callable[[str], str]] = [
            self._flip, self._insert, self._delete, self._duplicate, self._swap_lines,
            self._splice, self._number, self._nest, self._long, self._repeat, self._truncate,
            self._odd,
        ]  # fmt: skip
        for _ in range(r.randint(1, 4)):
            s = r.choice(ops)(s)[: self.max_len]
        return s

    def _pos(self, s: str) -> int:
        return self.rng.randint(0, len(s))

    def _flip(self, s: str) -> str:
        if not s:
            return s
        i = self.rng.randrange(len(s))
        return s[:i] + self.rng.choice(self.alphabet) + s[i + 1 :]

    def _insert(self, s: str) -> str:
        i = self._pos(s)
        chunk = "".join(self.rng.choices(self.alphabet, k=self.rng.randint(1, 8)))
        return s[:i] + chunk + s[i:]

    def _delete(self, s: str) -> str:
        i = self._pos(s)
        return s[:i] + s[i + self.rng.randint(1, 40) :]

    def _duplicate(self, s: str) -> str:
        i = self._pos(s)
        j = min(len(s), i + self.rng.randint(1, 200))
        return s[:j] + s[i:j] + s[j:]

    def _swap_lines(self, s: str) -> str:
        lines = s.splitlines(keepends=True)
        if len(lines) > 1:
            a, b = self.rng.sample(range(len(lines)), 2)
            lines[a], lines[b] = lines[b], lines[a]
        return "".join(lines)

    def _splice(self, s: str) -> str:
        other = self.slice()
        i, j = self._pos(s), self.rng.randint(0, len(other))
        return s[:i] + other[j:]

    def _number(self, s: str) -> str:
        # Replace a run of digits (a value or a timestamp) with a hostile number.
        digits = [i for i, c in enumerate(s) if c.isdigit()]
        if not digits:
            return s + self.rng.choice(HUGE)
        i = self.rng.choice(digits)
        j = i
        while j < len(s) and (s[j].isdigit() or s[j] in ".eE+-"):
            j += 1
        return s[:i] + self.rng.choice(HUGE) + s[j:]

    def _nest(self, s: str) -> str:
        depth = self.rng.choice((10, 500, 1000, 5000, 50_000))
        open_, close = ("[", "]") if self.json_mode else ("{", "}")
        i = self._pos(s)
        return s[:i] + open_ * depth + close * self.rng.choice((0, depth)) + s[i:]

    def _long(self, s: str) -> str:
        i = self._pos(s)
        return s[:i] + self.rng.choice('a\\"{ ') * self.rng.choice((100, 5000, 70_000)) + s[i:]

    def _repeat(self, s: str) -> str:
        lines = s.splitlines(keepends=True) or [s]
        line = self.rng.choice(lines)
        times = min(self.rng.choice((10, 1000, 20_000)), self.max_len // max(1, len(line)) + 1)
        return s + line * times

    def _truncate(self, s: str) -> str:
        return s[: self._pos(s)]

    def _odd(self, s: str) -> str:
        i = self._pos(s)
        return s[:i] + self.rng.choice(ODD) + s[i:]


# ------------------------------------------------------------------------------------ running


@dataclass
class Crash:
    kind: str
    where: str
    message: str
    count: int
    smallest: str


@dataclass
class Result:
    parser: str
    inputs: int = 0
    bytes: int = 0
    documented_errors: int = 0
    cpu_s: float = 0.0
    slowest_ms_per_kb: float = 0.0
    slowest_size: int = 0
    slowest_ms: float = 0.0
    slowest_input_head: str = ""
    slowest_first_ms: float = 0.0  # the single timed call that ranked it (may be a GC pause)
    peak_traced_bytes: int = 0
    peak_traced_size: int = 0
    mem_samples: int = 0
    crashes: dict[str, Crash] = field(default_factory=dict)
    slowest_input: str = field(default="", repr=False)  # saved with --save-slowest, not in JSON


def _call_expo(text: str) -> None:
    parse_exposition(text)


def _call_vm(text: str) -> None:
    read_vm_jsonl(text.splitlines())


def run(
    name: str,
    call: Callable[[str], None],
    documented: type[Exception],
    mut: Mutator,
    count: int,
    max_bytes: int,
    mem_every: int,
) -> Result:
    res = Result(name)
    top: list[tuple[float, int, str]] = []  # (ms per KB, size, input): the 5 slowest
    for k in range(count):
        if STOP.is_set():  # SIGTERM/SIGINT: report what was fuzzed so far
            break
        text = mut.mutate(mut.slice()[:max_bytes])
        size = len(text.encode("utf-8", "surrogatepass"))
        res.inputs += 1
        res.bytes += size
        t0 = time.process_time()
        try:
            call(text)
        except documented:
            res.documented_errors += 1
        except Exception as exc:  # a crash: what this benchmark looks for
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{type(exc).__name__} at {Path(tb.filename).name}:{tb.lineno}"
            c = res.crashes.get(key)
            if c is None:
                res.crashes[key] = Crash(type(exc).__name__, key, str(exc)[:300], 1, text)
            else:
                c.count += 1
                if len(text) < len(c.smallest):
                    c.smallest = text
        dt = time.process_time() - t0
        res.cpu_s += dt
        per_kb = dt * 1000.0 / max(1.0, size / 1024.0)
        if len(top) < 5 or per_kb > top[0][0]:
            heapq.heappush(top, (per_kb, k, text))
            if len(top) > 5:
                heapq.heappop(top)
        if mem_every and k % mem_every == 0:
            _trace(res, call, documented, text, size)
        if (k + 1) % 10_000 == 0:  # a run cut short still leaves its counts
            crashes = sum(c.count for c in res.crashes.values())
            print(f"  {name}: {k + 1} inputs, {crashes} crashes, {res.cpu_s:.0f} CPU s", flush=True)
    _retime(res, call, top)
    return res


def _retime(res: Result, call: Callable[[str], None], top: list[tuple[float, int, str]]) -> None:
    """One timed call can land on a GC pause or a busy core: the five slowest inputs are timed
    five more times and ranked by their median, so the figure is the input's, not the noise."""
    best = (-1.0, "", 0.0, 0.0)
    for first, _, text in top:
        size = len(text.encode("utf-8", "surrogatepass"))
        times = []
        for _ in range(5):
            t0 = time.process_time()
            with contextlib.suppress(Exception):
                call(text)
            times.append((time.process_time() - t0) * 1000.0)
        med = statistics.median(times)
        per_kb = med / max(1.0, size / 1024.0)
        if per_kb > best[0]:
            best = (per_kb, text, med, first * max(1.0, size / 1024.0))
    if best[1]:
        res.slowest_ms_per_kb, res.slowest_ms, res.slowest_first_ms = best[0], best[2], best[3]
        res.slowest_size = len(best[1].encode("utf-8", "surrogatepass"))
        res.slowest_input_head = best[1][:200]
        res.slowest_input = best[1]
        _trace(res, call, Exception, best[1], res.slowest_size)


def _trace(res: Result, call: Callable[[str], None], documented: type[Exception], text: str,
           size: int) -> None:  # fmt: skip
    tracemalloc.start()
    with contextlib.suppress(Exception):  # counted in the timed run already
        call(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    res.mem_samples += 1
    if peak > res.peak_traced_bytes:
        res.peak_traced_bytes, res.peak_traced_size = peak, size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100_000, help="inputs per parser")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parsers", default="exposition,vmjson")
    ap.add_argument("--max-kb", type=int, default=256, help="cap on one input's size")
    ap.add_argument("--mem-every", type=int, default=50, help="trace memory every N-th input")
    ap.add_argument("--json", type=Path, help="write the full results here")
    ap.add_argument(
        "--save-slowest", type=Path, help="folder: write each parser's slowest input there"
    )
    ap.add_argument(
        "--megabyte",
        action="store_true",
        help="also time the ~1 MB hostile pages of tests/adversarial_pages.py (best of 3, CPU); "
        "fails when one takes 1 s or more",
    )
    args = ap.parse_args(argv)
    megabyte = _megabyte() if args.megabyte else {}

    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    results: list[Result] = []
    wall0 = time.perf_counter()
    for name in args.parsers.split(","):
        rng = random.Random(f"{args.seed}/{name}")
        if name == "exposition":
            mut = Mutator(rng, exposition_seeds(), EXPO_ALPHABET, False, args.max_kb * 1024)
            res = run(name, _call_expo, ExpositionError, mut, args.count, args.max_kb * 1024,
                      args.mem_every)  # fmt: skip
        elif name == "vmjson":
            mut = Mutator(rng, vmjson_seeds(), JSON_ALPHABET, True, args.max_kb * 1024)
            res = run(name, _call_vm, VmJsonError, mut, args.count, args.max_kb * 1024,
                      args.mem_every)  # fmt: skip
        else:
            ap.error(f"unknown parser {name!r}")
        results.append(res)
    wall = time.perf_counter() - wall0
    if args.save_slowest:
        args.save_slowest.mkdir(parents=True, exist_ok=True)
        for r in results:
            path = args.save_slowest / f"{r.parser}-slowest.txt"
            path.write_text(r.slowest_input, encoding="utf-8", errors="surrogatepass")
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    print("| parser | inputs | MB | crashes | documented errors | CPU s | inputs/s (CPU) "
          "| slowest ms/KB (size) | peak traced MB (input KB) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    for r in results:
        print(
            f"| {r.parser} | {r.inputs} | {r.bytes / 2**20:.1f} | "
            f"{sum(c.count for c in r.crashes.values())} ({len(r.crashes)} distinct) | "
            f"{r.documented_errors} | {r.cpu_s:.1f} | {r.inputs / max(r.cpu_s, 1e-9):.0f} | "
            f"{r.slowest_ms_per_kb:.2f} ({r.slowest_size / 1024:.1f} KB, {r.slowest_ms:.0f} ms) | "
            f"{r.peak_traced_bytes / 2**20:.1f} ({r.peak_traced_size / 1024:.1f}) |"
        )
    print(f"\nwall {wall:.0f} s; process peak RSS {rss_kb / 1024:.0f} MB "
          f"(at start {rss0 / 1024:.0f} MB)")  # fmt: skip
    for r in results:
        for c in r.crashes.values():
            print(f"CRASH {r.parser}: {c.where} x{c.count}: {c.message}")
            print(f"  input: {c.smallest[:300]!r}")
    if args.json:
        out: dict[str, Any] = {
            "args": {k: str(v) for k, v in vars(args).items()},
            "wall_s": wall,
            "peak_rss_mb": rss_kb / 1024,
            "megabyte_cpu_s": megabyte,
            "results": [
                {
                    **{k: v for k, v in vars(r).items() if k not in ("crashes", "slowest_input")},
                    "crashes": [vars(c) for c in r.crashes.values()],
                }
                for r in results
            ],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2, ensure_ascii=True))
    too_slow = any(v["cpu_s"] >= 1.0 for v in megabyte.values())
    return 1 if any(r.crashes for r in results) or too_slow else 0


def _megabyte() -> dict[str, dict[str, float]]:
    """Each ~1 MB hostile page through the full parser and the planned (fast) path, CPU
    seconds, best of 3 (the claim: 1 MB in < 1 s, whatever the page)."""
    from gpufleet.telemetry.fast_exposition import parse_exposition_fast
    from tests.adversarial_pages import one_megabyte_pages

    out: dict[str, dict[str, float]] = {}
    print("| ~1 MB page | MB | full parser CPU s | planned path CPU s |")
    print("|---|---:|---:|---:|")
    for name, text in one_megabyte_pages().items():
        times = []
        for parse in (parse_exposition, parse_exposition_fast):
            best = math.inf
            for _ in range(3):
                t0 = time.process_time()
                parse(text, source=name)
                best = min(best, time.process_time() - t0)
            times.append(best)
        out[name] = {"mb": len(text) / 2**20, "cpu_s": max(times)}
        print(f"| {name} | {len(text) / 2**20:.2f} | {times[0]:.3f} | {times[1]:.3f} |", flush=True)
    return out


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    sys.exit(main())
