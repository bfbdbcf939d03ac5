"""The kernel-log parser on PCIe error records (AER / DPC / pciehp): speed and robustness.

    python bench/kernel_log_pcie_bench.py [--lines 200000] [--fuzz 50000] [--seed 0] [--json out]

1. Throughput: a dmesg of ``--lines`` lines, a realistic mix (80 % ordinary kernel lines, AER
   records of corrected and fatal errors on GPUs and ports, DPC / pciehp lines, NVRM Xids),
   parsed by :func:`telemetry.kernel_log.parse_lines` with a 2-node topology; lines/s and the
   events by kind. The same text without the PCIe lines gives the parser's cost on everything
   else, so the difference is what the PCIe rules add.
2. Fuzz: ``--fuzz`` mutations (byte flips, splices, long runs, truncation) of the real AER
   lines: crashes (any exception) and the slowest input per KB (regular expressions stay
   linear in the line length).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gpufleet.telemetry.kernel_log import KernelLogParser, parse_lines
from gpufleet.telemetry.topology import Topology, build_cluster

AER_RECORDS = [
    [
        "pcieport 0000:17:01.0: AER: Corrected error received: 0000:18:00.0",
        "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, "
        "(Receiver ID)",
        "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000e000",
        "nvidia 0000:18:00.0:    [ 0] RxErr                  (First)",
    ],
    [
        "pcieport 0000:17:01.0: AER: Uncorrected (Fatal) error received: 0000:18:00.0",
        "nvidia 0000:18:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction "
        "Layer, (Requester ID)",
        "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00004000/00000000",
        "nvidia 0000:18:00.0:    [14] CmpltTO                (First)",
        "nvidia 0000:18:00.0: device has no AER-aware driver",
        "pcieport 0000:17:01.0: AER: device recovery failed",
    ],
    [
        "pcieport 0000:29:01.0: DPC: containment event, status:0x1f01 source:0x0000",
        "pcieport 0000:29:01.0: DPC: unmasked uncorrectable error detected",
        "pcieport 0000:29:01.0: PCIe Bus Error: severity=Uncorrectable (Fatal), "
        "type=Transaction Layer, (Receiver ID)",
        "pcieport 0000:29:01.0:   device [8086:347a] error status/mask=00000020/04004000",
        "pcieport 0000:29:01.0:    [ 5] SDES (First)",
        "pcieport 0000:29:01.0: pciehp: Slot(21): Link Down",
        "nvidia 0000:2a:00.0: AER: Can't recover (no error_detected callback)",
    ],
    [
        "{1}[Hardware Error]: event severity: recoverable",
        "{1}[Hardware Error]:   section_type: PCIe error",
        "{1}[Hardware Error]:   device_id: 0000:18:00.0",
        "{1}[Hardware Error]:   vendor_id: 0x10de, device_id: 0x2330",
        "nvidia 0000:18:00.0: AER: aer_status: 0x00004000, aer_mask: 0x00000000",
        "nvidia 0000:18:00.0: AER:    [14] CmpltTO                (First)",
        "nvidia 0000:18:00.0: AER: aer_layer=Transaction Layer, aer_agent=Requester ID",
    ],
    ["NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus."],
]
ORDINARY = [
    "usb 1-1: new high-speed USB device number 2 using xhci_hcd",
    "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none.",
    "IPv6: ADDRCONF(NETDEV_CHANGE): ens1f0np0: link becomes ready",
    "mlx5_core 0000:c1:00.0: mlx5_port_module_event:1132: Port module event: module 0",
    'audit: type=1400 audit(1772409600.123:77): apparmor="STATUS" operation="profile_load"',
    "nvme nvme0: 64/0/0 default/read/poll queues",
]


def _dmesg(n: int, rng: random.Random, pcie: bool) -> list[str]:
    out: list[str] = []
    t = 100.0
    while len(out) < n:
        t += rng.random()
        record = pcie and rng.random() < 0.2
        body = rng.choice(AER_RECORDS) if record else [rng.choice(ORDINARY)]
        out += [f"[{t:12.6f}] {m}" for m in body]
    return out[:n]


def _throughput(lines: list[str], topo: Topology) -> tuple[float, Counter[str]]:
    t0 = time.perf_counter()
    events, rep = parse_lines(lines, node="node-01", boot_time=1.77e9, topology=topo)
    dt = time.perf_counter() - t0
    assert rep.consistent
    return len(lines) / dt, Counter(e.kind for e in events)


def _mutate(rng: random.Random, seeds: list[str]) -> str:
    b = bytearray(rng.choice(seeds).encode())
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        pos = rng.randint(0, len(b))
        if op == 0 and b:
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        elif op == 1:
            b[pos:pos] = rng.choice(seeds).encode()
        elif op == 2:
            b[pos:pos] = bytes([rng.choice(b" (:[0-9a-zA-Z")]) * rng.randint(100, 8000)
        elif op == 3:
            b = b[: rng.randint(0, len(b))]
        else:
            b[pos:pos] = str(10 ** rng.randint(5, 60)).encode()
    return b.decode("utf-8", "replace")


def _fuzz(count: int, rng: random.Random) -> dict[str, float]:
    """Crashes and the slowest inputs; the 20 slowest are timed again (best of 5 on a fresh
    parser) so that a garbage-collector pause is not reported as a slow regular expression."""
    seeds = [line for rec in AER_RECORDS for line in rec]
    parser = KernelLogParser(node="node-01", boot_time=1.77e9)
    crashes = 0
    timed: list[tuple[float, str]] = []
    for _ in range(count):
        line = f"[{rng.random() * 1e4:12.6f}] {_mutate(rng, seeds)}"
        t0 = time.perf_counter()
        try:
            parser.feed(line)
        except Exception:  # the parser must never raise on input: count it
            crashes += 1
        timed.append((time.perf_counter() - t0, line))
    timed.sort(reverse=True)
    first_pass = timed[0][0] / max(len(timed[0][1]) / 1024, 0.1)
    worst = 0.0
    for _, line in timed[:20]:
        best = min(_time_once(line) for _ in range(5))
        worst = max(worst, best / max(len(line) / 1024, 0.1))
    return {
        "inputs": count,
        "crashes": crashes,
        "slowest_ms_per_kb_first_pass": round(first_pass * 1e3, 3),
        "slowest_ms_per_kb_retimed": round(worst * 1e3, 3),
    }


def _time_once(line: str) -> float:
    parser = KernelLogParser(node="node-01", boot_time=1.77e9)
    t0 = time.perf_counter()
    parser.feed(line)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=200_000)
    ap.add_argument("--fuzz", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])
    rng = random.Random(a.seed)
    mixed_rate, kinds = _throughput(_dmesg(a.lines, rng, pcie=True), topo)
    plain_rate, _ = _throughput(_dmesg(a.lines, random.Random(a.seed), pcie=False), topo)
    fuzz = _fuzz(a.fuzz, random.Random(a.seed + 1))
    out = {
        "lines": a.lines,
        "mixed_lines_per_s": round(mixed_rate),
        "ordinary_only_lines_per_s": round(plain_rate),
        "events_by_kind": dict(sorted(kinds.items())),
        "fuzz": fuzz,
    }
    print(json.dumps(out, indent=2))
    if a.json:
        a.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 1 if fuzz["crashes"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
