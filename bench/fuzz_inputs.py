"""Mutation fuzzing of every parser of outside input, from real-format seeds.

Each parser gets ``--count`` inputs (default 100000) mutated from seeds in the formats it reads
(the repo's example files, the recorded incident ``evals/examples/dbe-recorded``, Alertmanager
version-4 webhook payloads, a simulated run directory, model replies). An input passes when the
parser returns or raises its ONE documented error type; anything else is a crash. Reported per
parser: inputs, accepted / documented errors / crashes (first few, with the input saved under
``--crash-dir``), the slowest input per KB (ms/KB, and its size and time), the slowest input
overall (CPU time of the process), and the peak memory (tracemalloc over a sample of inputs, and
the process's max RSS).

    python bench/fuzz_inputs.py --count 20000 --json fuzz.json
    python bench/fuzz_inputs.py --parsers alertmanager,policy --count 1000 --seed 7

Mutations: byte flips / inserts / deletes / duplications / truncations, splices of two seeds,
"interesting" tokens (a 5,000-digit number, 1,000-deep nesting, NaN / Infinity / 1e999, a BOM,
CRLF, non-UTF-8 bytes, YAML aliases and anchors, control characters), repetition of a region up
to ~1 MB, and structure-aware edits of the seed's JSON / YAML value (a node replaced by a deep
nest, a huge number, a wrong type, a long string, an unknown key).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
import signal
import sys
import tempfile
import threading
import time
import traceback
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# A run stopped with SIGTERM or Ctrl-C finishes the input at hand and reports its counts.
STOP = threading.Event()


def _stop(_signum: int, _frame: object) -> None:
    STOP.set()


sys.path.insert(0, str(ROOT))

import yaml

# ---------------------------------------------------------------------------- seeds


def _am_alert(name: str, **labels: str) -> dict[str, Any]:
    return {
        "status": "firing",
        "labels": {"alertname": name, "severity": "critical", **labels},
        "annotations": {"summary": f"{name} on {labels.get('instance', '?')}", "runbook": "x"},
        "startsAt": "2025-06-14T02:00:00.000Z",
        "endsAt": "0001-01-01T00:00:00Z",
        "generatorURL": "http://prometheus:9090/graph?g0.expr=x",
        "fingerprint": "a1b2c3d4e5f60718",
    }


def alertmanager_seeds() -> list[bytes]:
    """Version-4 webhook payloads as Alertmanager sends them (docs: webhook_config)."""
    base = {
        "version": "4",
        "groupKey": '{}:{alertname="GpuTempHigh"}',
        "truncatedAlerts": 0,
        "status": "firing",
        "receiver": "gpufleet",
        "groupLabels": {"alertname": "GpuTempHigh"},
        "commonLabels": {"alertname": "GpuTempHigh", "severity": "critical"},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager:9093",
    }
    resolved = {**_am_alert("XidError", instance="node-02:9400", xid="79"), "status": "resolved"}
    resolved["endsAt"] = "2025-06-14T02:30:00Z"
    payloads = [
        {**base, "alerts": [_am_alert("GpuTempHigh", instance="node-01:9400", gpu="3")]},
        {
            **base,
            "status": "resolved",
            "alerts": [resolved, _am_alert("NodeDown", instance="node-09:9100")],
        },
        {
            **base,
            "alerts": [
                _am_alert("DCGMDoubleBitError", UUID="GPU-x", Hostname="node-01"),
                _am_alert("NVLinkDown", instance="node-02", pci_bus_id="00000000:18:00.0"),
                _am_alert("RackPowerHigh", rack="r00"),
            ],
        },
    ]
    return [json.dumps(p, indent=1).encode() for p in payloads]


def _read(*parts: str) -> bytes:
    return (ROOT.joinpath(*parts)).read_bytes()


def reply_seeds() -> list[bytes]:
    answer = {
        "ranking": ["card-b", "card-a"],
        "explanation": "DBE with row-remap failure points at HBM",
        "cited_evidence": ["ev-1"],
    }
    text = json.dumps(answer)
    return [
        text.encode(),
        f"Here is my answer:\n```json\n{text}\n```\nThanks.".encode(),
        f"I think {text} is right.".encode(),
    ]


def _make_run(path: Path) -> None:
    from gpufleet.sim.simulator import FleetSimulator
    from gpufleet.telemetry.recording import RunWriter
    from gpufleet.telemetry.topology import Topology, build_cluster

    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=2)])
    sim = FleetSimulator(topo, seed=1, interval_s=15.0)
    writer = RunWriter(path, topo, interval_s=sim.interval_s, start=sim.start, seed=1)
    for tick in sim.run(15 * 30):
        writer.write(tick)
    writer.close()


# ---------------------------------------------------------------------------- targets
@dataclass
class Target:
    name: str
    seeds: list[bytes]
    run: Callable[[bytes], Any]
    documented: tuple[type[BaseException], ...]
    kind: str  # json | yaml | jsonl | text (for structure-aware mutations)


def _file_runner(work: Path, filename: str, call: Callable[[Path], Any]) -> Callable[[bytes], Any]:
    path = work / filename

    def run(data: bytes) -> Any:
        path.write_bytes(data)
        return call(path)

    return run


def targets(work: Path) -> dict[str, Target]:
    from gpufleet.agents.noc.alert_intake import AlertIntake, PayloadError, parse_payload
    from gpufleet.agents.noc.config import ConfigError, load_config
    from gpufleet.agents.sre.config import SreConfigError, load_sre_config
    from gpufleet.agents.sre.fleet import ChangeLogFile, FleetError
    from gpufleet.agents.sre.rerank import answer_schema
    from gpufleet.evals.format import IncidentFormatError, load_spec
    from gpufleet.evals.sched_events import read_events
    from gpufleet.graph.approvals.policy import PolicyError, load_policy
    from gpufleet.graph.models.chat import parse_answer
    from gpufleet.graph.models.config import ModelConfigError, load_model_config
    from gpufleet.telemetry.recording import RecordingError, RunReader
    from gpufleet.telemetry.topology import Topology, build_cluster

    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])
    dbe = ("src", "gpufleet", "evals", "examples", "dbe-recorded")

    def alertmanager(data: bytes) -> Any:
        payload = parse_payload(data)
        return AlertIntake(topo, list).handle(payload)

    schema = answer_schema(["card-a", "card-b"], ["ev-1", "ev-2"])

    def reply(data: bytes) -> Any:
        return parse_answer(data.decode("utf-8", "replace"), schema)

    (work / "incident").mkdir(exist_ok=True)

    def events(data: bytes) -> Any:
        p = work / "events.jsonl"
        p.write_bytes(data)
        with p.open(encoding="utf-8", errors="replace") as fh:
            return read_events(fh, str(p))

    def change_log(data: bytes) -> Any:
        p = work / "changes.jsonl"
        p.write_bytes(data)
        return ChangeLogFile(p).recent([], float("-inf"), float("inf"))

    run_dir = work / "run"
    _make_run(run_dir)
    meta_seed = (run_dir / "meta.json").read_bytes()
    events_seed = (run_dir / "events.jsonl").read_bytes()

    def recording_meta(data: bytes) -> Any:
        (run_dir / "meta.json").write_bytes(data)
        (run_dir / "events.jsonl").write_bytes(events_seed)
        return sum(1 for _ in RunReader(run_dir).ticks())

    def recording_events(data: bytes) -> Any:
        (run_dir / "meta.json").write_bytes(meta_seed)
        (run_dir / "events.jsonl").write_bytes(data)
        return sum(1 for _ in RunReader(run_dir).ticks())

    change_seed = b"\n".join(
        json.dumps(r).encode()
        for r in (
            {"time": "2025-06-13T22:00:00Z", "node": "node-01", "kind": "driver", "detail": "550"},
            {"time": 1749852000, "node": "node-02", "kind": "firmware", "detail": {"v": 2}},
        )
    )
    return {
        t.name: t
        for t in (
            Target("alertmanager", alertmanager_seeds(), alertmanager, (PayloadError,), "json"),
            Target(
                "noc_config",
                [_read("src", "gpufleet", "agents", "noc", "noc.example.yaml")],
                _file_runner(work, "noc.yaml", load_config),
                (ConfigError,),
                "yaml",
            ),
            Target(
                "sre_config",
                [_read("sre.example.yaml")],
                _file_runner(work, "sre.yaml", load_sre_config),
                (SreConfigError,),
                "yaml",
            ),
            Target(
                "policy",
                [_read("policy.example.yaml")],
                _file_runner(work, "policy.yaml", load_policy),
                (PolicyError,),
                "yaml",
            ),
            Target(
                "model_config",
                [_read("models.example.yaml")],
                _file_runner(work, "models.yaml", load_model_config),
                (ModelConfigError,),
                "yaml",
            ),
            Target(
                "incident_yaml",
                [_read(*dbe, "incident.yaml")],
                _file_runner(work / "incident", "incident.yaml", lambda p: load_spec(p.parent)),
                (IncidentFormatError,),
                "yaml",
            ),
            # Bad lines are collected, never raised: no exception is documented.
            Target("events_jsonl", [_read(*dbe, "events.jsonl")], events, (), "jsonl"),
            Target("change_log", [change_seed], change_log, (FleetError,), "jsonl"),
            Target("model_reply", reply_seeds(), reply, (), "text"),
            Target("run_meta", [meta_seed], recording_meta, (RecordingError,), "json"),
            Target("run_events", [events_seed], recording_events, (RecordingError,), "jsonl"),
        )
    }


# ---------------------------------------------------------------------------- mutations
INTERESTING: list[bytes] = [
    b"9" * 5000,
    b"-" + b"9" * 5000,
    b"1e999",
    b"-1e999",
    b"NaN",
    b"Infinity",
    b".nan",
    b".inf",
    b"[" * 1000,
    b"{" * 1000,
    b'{"a":' * 1000,
    b"- " * 200,
    b"\xef\xbb\xbf",
    b"\r\n",
    b"\xff\xfe",
    b"\xc3\x28",
    b"\x00",
    b"\x1b[31m",
    b"&a ",
    b"*a",
    b"<<: *a",
    b"!!python/object:os.system",
    b"!!binary",
    b"0001-01-01T00:00:00Z",
    b"9999-12-31T23:59:59+23:59",
    b"2025-13-45",
    b"null",
    b"true",
    b"[]",
    b"{}",
    b'""',
    b"\t",
    b"'",
    b'"',
    b"\\",
    b"\\u0000",
    b"\\ud800",
    b"```",
    b"```json\n",
]


def _deep(kind: str, depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if random.random() < 0.5 else {"k": value}
    return value


def _mutate_value(value: Any, rng: random.Random) -> Any:
    """Replace one random node of a JSON-like value."""
    replacements: list[Callable[[], Any]] = [
        lambda: _deep("", rng.choice([65, 200, 1000])),
        lambda: int("9" * rng.choice([20, 400, 4000])),
        lambda: float("nan"),
        lambda: float("inf"),
        lambda: rng.choice([None, True, 0, -1, 1.5, "", [], {}]),
        lambda: "x" * rng.choice([100, 20_000, 300_000]),
        lambda: {"unknown_key": 1},
        lambda: [1] * rng.choice([10, 5000]),
        lambda: {f"k{i}": str(i) for i in range(rng.choice([10, 200, 2000]))},
    ]
    if not isinstance(value, dict | list) or not value or rng.random() < 0.25:
        return rng.choice(replacements)()
    if isinstance(value, dict):
        key = rng.choice(list(value))
        out = dict(value)
        if rng.random() < 0.15:
            del out[key]
        elif rng.random() < 0.1:
            out[f"{key}_x"] = out[key]
        else:
            out[key] = _mutate_value(value[key], rng)
        return out
    i = rng.randrange(len(value))
    out_list = list(value)
    out_list[i] = _mutate_value(value[i], rng)
    return out_list


# libyaml when present: the harness's own YAML round trip must not dominate the run
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_YAML_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _structured(seed: bytes, kind: str, rng: random.Random) -> bytes | None:
    try:
        if kind == "json":
            value = json.loads(seed)
            return json.dumps(_mutate_value(value, rng), allow_nan=True).encode()
        if kind == "yaml":
            value = yaml.load(seed, Loader=_YAML_LOADER)
            text = yaml.dump(
                _mutate_value(value, rng), Dumper=_YAML_DUMPER, default_flow_style=None
            )
            return text.encode()
        if kind == "jsonl":
            lines = seed.splitlines()
            if not lines:
                return None
            i = rng.randrange(len(lines))
            lines[i] = json.dumps(_mutate_value(json.loads(lines[i]), rng)).encode()
            return b"\n".join(lines)
    except (ValueError, TypeError, yaml.YAMLError, RecursionError, OverflowError):
        return None
    return None


MAX_INPUT = 1_200_000


def mutate(seeds: list[bytes], kind: str, rng: random.Random) -> bytes:
    data = bytearray(rng.choice(seeds))
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        op = rng.randrange(10)
        n = len(data)
        pos = rng.randrange(n + 1)
        if op == 0 and n:
            data[min(pos, n - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[pos:pos] = bytes([rng.randrange(256)])
        elif op == 2 and n:
            del data[pos : pos + rng.randrange(1, 16)]
        elif op == 3:
            data[pos:pos] = rng.choice(INTERESTING)
        elif op == 4 and n:
            end = min(n, pos + rng.randrange(1, 200))
            reps = rng.choice([2, 10, 1000, 100_000])
            chunk = bytes(data[pos:end]) * reps
            data[pos:pos] = chunk[: MAX_INPUT - n]
        elif op == 5:
            other = rng.choice(seeds)
            cut = rng.randrange(len(other) + 1)
            data = bytearray(data[:pos] + other[cut:])
        elif op == 6:
            del data[pos:]
        elif op == 7:
            structured = _structured(bytes(data), kind, rng)
            if structured is not None:
                data = bytearray(structured)
        elif op == 8 and n:
            # replace a token-sized region with an interesting value (a number, a scalar)
            end = min(n, pos + rng.randrange(1, 12))
            data[pos:end] = rng.choice(INTERESTING)
        elif op == 9:
            crlf = rng.random() < 0.5
            data = bytearray(data.replace(b"\n", b"\r\n") if crlf else b"\xef\xbb\xbf" + data)
    return bytes(data[:MAX_INPUT])


# ---------------------------------------------------------------------------- the run
@dataclass
class Report:
    parser: str
    inputs: int = 0
    accepted: int = 0
    documented_errors: int = 0
    crashes: int = 0
    crash_kinds: dict[str, int] = field(default_factory=dict)
    crash_examples: list[dict[str, Any]] = field(default_factory=list)
    slowest_ms_per_kb: float = 0.0
    slowest_per_kb_input: dict[str, Any] = field(default_factory=dict)
    slowest_ms: float = 0.0
    slowest_input_bytes: int = 0
    largest_input_bytes: int = 0
    total_s: float = 0.0
    traced_peak_mib: float = 0.0  # tracemalloc peak over the sampled inputs
    max_rss_mib: float = 0.0  # the process's max RSS after this parser


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [f for f in frames if str(ROOT) in f.filename and "fuzz_inputs" not in f.filename]
    f = (inside or frames)[-1]
    return f"{Path(f.filename).name}:{f.lineno}"


def fuzz(
    target: Target,
    count: int,
    rng: random.Random,
    crash_dir: Path | None,
    seconds: float | None,
    trace_every: int,
    progress_every: int = 0,
) -> Report:
    rep = Report(target.name)
    started = time.perf_counter()
    for i in range(count):
        if STOP.is_set() or (seconds is not None and time.perf_counter() - started > seconds):
            break  # SIGTERM/SIGINT or --seconds: report what was fuzzed so far
        data = mutate(target.seeds, target.kind, rng) if i >= len(target.seeds) else target.seeds[i]
        traced = trace_every > 0 and i % trace_every == 0
        if traced:
            tracemalloc.start()
        t0 = time.process_time()  # CPU: a bench run at nice 19 on a shared machine waits a lot
        try:
            target.run(data)
            rep.accepted += 1
        except target.documented:
            rep.documented_errors += 1
        except Exception as exc:  # the point: anything undocumented is a crash
            rep.crashes += 1
            kind = f"{type(exc).__name__} at {_where(exc)}"
            rep.crash_kinds[kind] = rep.crash_kinds.get(kind, 0) + 1
            if len(rep.crash_examples) < 5 and rep.crash_kinds[kind] == 1:
                example: dict[str, Any] = {
                    "kind": kind,
                    "message": str(exc)[:300],
                    "bytes": len(data),
                }
                if crash_dir is not None:
                    crash_dir.mkdir(parents=True, exist_ok=True)
                    path = crash_dir / f"{target.name}-{rep.crashes}.bin"
                    path.write_bytes(data)
                    example["saved"] = str(path)
                rep.crash_examples.append(example)
        elapsed = time.process_time() - t0
        if traced:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            rep.traced_peak_mib = max(rep.traced_peak_mib, peak / 2**20)
        rep.inputs += 1
        if progress_every and rep.inputs % progress_every == 0:
            _progress(rep, started)
        size = len(data)
        rep.largest_input_bytes = max(rep.largest_input_bytes, size)
        per_kb = elapsed * 1000 / max(size / 1024, 1.0)
        if per_kb > rep.slowest_ms_per_kb:
            rep.slowest_ms_per_kb = per_kb
            rep.slowest_per_kb_input = {"bytes": size, "ms": round(elapsed * 1000, 2)}
            if crash_dir is not None:
                crash_dir.mkdir(parents=True, exist_ok=True)
                (crash_dir / f"{target.name}-slowest-per-kb.bin").write_bytes(data)
        if elapsed * 1000 > rep.slowest_ms:
            rep.slowest_ms, rep.slowest_input_bytes = elapsed * 1000, size
            if crash_dir is not None:
                crash_dir.mkdir(parents=True, exist_ok=True)
                (crash_dir / f"{target.name}-slowest.bin").write_bytes(data)
    rep.total_s = time.perf_counter() - started
    rep.max_rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return rep


def _progress(rep: Report, started: float) -> None:
    # stdout (stderr is silenced around the parsers): a run cut short still leaves its counts
    print(
        f"  {rep.parser}: {rep.inputs} inputs, {rep.crashes} crashes, slowest "
        f"{rep.slowest_ms_per_kb:.2f} ms/KB {rep.slowest_per_kb_input}, "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.__stdout__,
        flush=True,
    )


def retime(found: dict[str, Target], folder: Path) -> int:
    """The slowest input of a run, timed again alone: a run's wall times include whatever else
    the machine was doing, so the claim "1 MB in < 1 s" is checked on CPU time, best of 3."""
    for name, target in found.items():
        for path in (folder / f"{name}-slowest.bin", folder / f"{name}-slowest-per-kb.bin"):
            if path.exists():
                _retime_one(name, target, path)
    return 0


def _retime_one(name: str, target: Target, path: Path) -> None:
    data = path.read_bytes()
    cpu = []
    for _ in range(3):
        t0 = time.process_time()
        with (
            contextlib.suppress(*target.documented),
            Path(os.devnull).open("w") as null,
            contextlib.redirect_stderr(null),
        ):
            target.run(data)
        cpu.append(time.process_time() - t0)
    best = min(cpu) * 1000
    print(
        f"{name:14s} {path.stem:28s} {len(data):8d} B  {best:8.1f} ms CPU  "
        f"{best / max(len(data) / 1024, 1.0):7.3f} ms/KB",
        flush=True,
    )


MB = 1 << 20


def megabyte_inputs(seed: bytes, rng: random.Random) -> dict[str, bytes]:
    """About 1 MB each of hostile input built from one seed: the shapes the mutations reach
    only by chance, at full size."""
    half = len(seed) // 2
    return {
        "seed repeated": seed * (MB // max(len(seed), 1) + 1),
        "1e300 for every number": re.sub(rb"[0-9]+", b"1e300", seed) * (MB // len(seed) + 1),
        "a 1 MB string": seed[:half] + b"x" * MB + seed[half:],
        "1 MB of nesting": seed[:half] + b"[" * MB + seed[half:],
        "5,000-digit numbers": (b"9" * 5000 + b"\n") * (MB // 5001),
        "tiny lines": b"a\n" * (MB // 2),
        "random bytes": rng.randbytes(MB),
    }


def megabyte(found: dict[str, Target]) -> dict[str, dict[str, float]]:
    """Every parser on every ~1 MB hostile input: CPU seconds, best of 2 (the claim: 1 MB in
    < 1 s for every parser of outside input)."""
    out: dict[str, dict[str, float]] = {}
    for name, target in found.items():
        rng = random.Random(name)
        worst = ("", 0.0)
        for shape, data in megabyte_inputs(target.seeds[0], rng).items():
            best = min(_cpu(target, data) for _ in range(2))
            worst = max(worst, (shape, best), key=lambda w: w[1])
        out[name] = {"worst_cpu_s": round(worst[1], 3), "shape": worst[0]}  # type: ignore[dict-item]
        print(f"{name:14s} slowest ~1 MB input: {worst[0]:24s} {worst[1]:6.3f} s CPU", flush=True)
    return out


def _cpu(target: Target, data: bytes) -> float:
    t0 = time.process_time()
    with (
        contextlib.suppress(*target.documented),
        Path(os.devnull).open("w") as null,
        contextlib.redirect_stderr(null),
    ):
        target.run(data)
    return time.process_time() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="inputs per parser")
    ap.add_argument("--parsers", default="", help="comma-separated subset (default: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=None, help="stop a parser after this long")
    ap.add_argument("--trace-every", type=int, default=50, help="tracemalloc every Nth input")
    ap.add_argument("--json", type=Path, default=None, help="write the reports here")
    ap.add_argument(
        "--progress-every", type=int, default=10_000, help="print the counts every N inputs"
    )
    ap.add_argument(
        "--crash-dir", type=Path, default=None, help="save crashing (and each slowest) input here"
    )
    ap.add_argument(
        "--retime",
        type=Path,
        default=None,
        help="re-time each <parser>-slowest.bin saved in this --crash-dir alone (CPU seconds)",
    )
    ap.add_argument(
        "--megabyte",
        action="store_true",
        help="instead of fuzzing: time every parser on ~1 MB hostile inputs (fails at >= 1 s)",
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gpufleet-fuzz-") as tmp:
        found = targets(Path(tmp))
        if args.retime is not None:
            return retime(found, args.retime)
        if args.megabyte:
            names = [n for n in args.parsers.split(",") if n] or list(found)
            slow = megabyte({n: found[n] for n in names})
            return 1 if any(v["worst_cpu_s"] >= 1.0 for v in slow.values()) else 0
        names = [n for n in args.parsers.split(",") if n] or list(found)
        unknown = sorted(set(names) - set(found))
        if unknown:
            ap.error(f"unknown parser(s) {unknown}; known: {', '.join(found)}")
        reports = []
        for name in names:
            rng = random.Random(f"{args.seed}:{name}")
            with Path(os.devnull).open("w") as null, contextlib.redirect_stderr(null):
                rep = fuzz(
                    found[name],
                    args.count,
                    rng,
                    args.crash_dir,
                    args.seconds,
                    args.trace_every,
                    args.progress_every,
                )
            reports.append(rep)
            print(
                f"{rep.parser:14s} {rep.inputs:7d} inputs  ok {rep.accepted:6d}  "
                f"documented {rep.documented_errors:6d}  CRASHES {rep.crashes:4d}  "
                f"slowest {rep.slowest_ms_per_kb:7.2f} ms/KB ({rep.slowest_per_kb_input})  "
                f"max {rep.slowest_ms:7.1f} ms ({rep.slowest_input_bytes} B)  "
                f"traced peak {rep.traced_peak_mib:6.1f} MiB  rss {rep.max_rss_mib:6.0f} MiB  "
                f"{rep.total_s:6.1f}s",
                flush=True,
            )
            for kind, n in sorted(rep.crash_kinds.items(), key=lambda kv: -kv[1]):
                print(f"    {n:6d} × {kind}", flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([r.__dict__ for r in reports], indent=1) + "\n")
    return 1 if any(r.crashes for r in reports) else 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    raise SystemExit(main())
