"""The job-log reader (``telemetry.job_log.parse_job_log``) on what a training job prints.

    python bench/job_log_bench.py [--lines 200000] [--seed 0] [--json out]

A job's output of ``--lines`` lines: 97 % ordinary progress, INFO and traceback lines (the reader's
common case: nothing to find), 3 % the GPU-stack lines operators paste (CUDA OOMs in both
PyTorch wordings, NCCL warnings and watchdog timeouts, Slurm and NVML errors, nvidia-smi table
rows). Reports lines/s, the signatures by kind (best of three runs) and the peak resident
memory; run it on two checkouts (``PYTHONPATH=<checkout>/src``) to compare versions. Every
line also goes through the reader alone with 64 KiB of filler around its keywords: the
slowest line per KiB shows the regular expressions stay linear in the line length.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import time
from collections import Counter
from pathlib import Path

from gpufleet.telemetry.job_log import parse_job_log

ORDINARY = [
    "Epoch 3 [1200/5000] loss 0.4123 lr 1.0e-04 Time 0.154 (0.160)  Data 0.001 (0.002)",
    "[rank3]:I1205 04:35:53.584483 ProcessGroupNCCL.cpp:607] NCCL INFO comm 0x55d0 rank 3 nranks 8",
    "node-01:2451:2647 [3] NCCL INFO Channel 00/08 : 0[3] -> 1[4] via P2P/IPC",
    '  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1511',
    "Saving checkpoint to /scratch/run-17/ckpt-0001200.pt",
    "wandb: Run summary: train/loss 0.4123, val/acc 0.8812",
    "| 0  NVIDIA H100 80GB HBM3   On  | 00000000:18:00.0 Off |                    0 |",
    "| N/A   34C    P0    71W / 700W |  61234MiB / 81559MiB |     97%      Default |",
]
SIGNALS = [
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
    "capacity of 79.15 GiB of which 600.00 MiB is free. Including non-PyTorch memory, this "
    "process has 48.50 GiB memory in use. Of the allocated memory 47.00 GiB is allocated by "
    "PyTorch, and 900.00 MiB is reserved by PyTorch but unallocated.",
    "RuntimeError: CUDA out of memory. Tried to allocate 256.00 MiB (GPU 0; 7.93 GiB total "
    "capacity; 70.12 MiB already allocated; 30.44 MiB free; 96.00 MiB reserved in total by "
    "PyTorch)",
    "node-02:2451:2647 [3] NCCL WARN NET/IB : Got completion from peer 10.0.0.7<48590> with "
    "status=12 opcode=0 len=0 vendor err 129 (Send)",
    "[rank1]:[E1205 04:35:53.584] [Rank 1] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=3348, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran "
    "for 1800098 milliseconds before timing out.",
    "ibvwrap.c:262 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out",
    "RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable",
    "slurmstepd: error: Detected 1 oom_kill event in StepId=1234.batch.",
    "Failed to initialize NVML: Driver/library version mismatch",
    "RuntimeError: DataLoader worker (pid 3855) is killed by signal: Bus error.",
    "|ERR!  ERR! ERR!    ERR! / ERR! |      0MiB / 32510MiB |    ERR!      Default |",
]


def _text(lines: int, seed: int) -> str:
    rng = random.Random(seed)
    pool = [(ORDINARY, 0.97), (SIGNALS, 0.03)]
    out = []
    for _ in range(lines):
        group = pool[0][0] if rng.random() < pool[0][1] else pool[1][0]
        out.append(rng.choice(group))
    return "\n".join(out) + "\n"


def throughput(lines: int, seed: int) -> dict[str, object]:
    text = _text(lines, seed)
    best = float("inf")
    kinds: Counter[str] = Counter()
    for _ in range(3):
        t0 = time.perf_counter()
        parsed = parse_job_log(text, origin="jobs/bench.log", node="node-01")
        best = min(best, time.perf_counter() - t0)
        kinds = Counter(s.kind for s in parsed.signatures)
    return {"lines": lines, "seconds": round(best, 3), "lines_per_s": round(lines / best),
            "signatures": dict(sorted(kinds.items()))}  # fmt: skip


def linear(kib: int = 64) -> dict[str, object]:
    """The slowest reader line per KiB when each signal line is padded to ``kib`` KiB."""
    worst = 0.0
    filler = "x " * (kib * 512)
    for line in SIGNALS + ORDINARY:
        padded = f"{filler}{line}{filler}"
        t0 = time.perf_counter()
        parse_job_log(padded, origin="jobs/pad.log", node="node-01")
        worst = max(worst, (time.perf_counter() - t0) / (len(padded) / 1024))
    return {"padded_kib": 2 * kib, "worst_ms_per_kib": round(worst * 1000, 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    result = {"throughput": throughput(args.lines, args.seed), "linear": linear()}
    # the process's peak resident memory (Linux reports KiB): text, lines and signatures held
    result["max_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
