"""heldout-public-432's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-432/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (worker, filecoin, akash) and stand-ins otherwise; GPU counts and bus numbers are as
printed where the evidence prints them (bus 41 for the lotus-7845 worker, bus 01 for the lotus-4310 worker) and otherwise one GPU at bus 01 per node, except the
two-GPU bellperson-229 host (2x RTX 3080 named, buses 01/02 stand-ins) and the four-GPU akash-627 provider node (4 GPUs named by
the inventory, buses 01-04 stand-ins); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sp1-2322-moongate-gpu-prover-panics-cuda-driver-insufficient-image-built-only-for-sm86-sm89': Backdrop(
        'sp1-moongate-01',
        'A10',
        '550.144.03',
        '2025-06-09T22:00:01Z',
        '2025-06-09T22:40:01Z',
        pci=('01',),
    ),
    'zkwork-13-aleo-gpu-prover-ptx-unsupported-toolchain-driver-535-older-than-required-545': Backdrop(
        'aleo-prover-4090',
        'A10',
        '550.144.03',
        '2024-09-14T11:30:00Z',
        '2024-09-14T12:10:00Z',
        pci=('01',),
    ),
    'boundless-1237-bento-prover-no-cuda-capable-device-prebuilt-image-needs-cuda-12-9-driver-570': Backdrop(
        'boundless-prover-01',
        'A10',
        '550.144.03',
        '2025-10-14T11:30:00Z',
        '2025-10-14T12:10:00Z',
        pci=('01',),
    ),
    'snarkvm-2697-aleo-prover-cuda-flag-ignored-puzzle-runs-on-cpu-gpu-idle-unsupported': Backdrop(
        'aleo-prover-01',
        'A10',
        '550.144.03',
        '2025-04-25T11:30:00Z',
        '2025-04-25T12:10:00Z',
        pci=('01',),
    ),
    'icicle-343-gnark-gpu-acceleration-not-working-wrong-icicle-version-pinned': Backdrop(
        'gnark-prover-01',
        'A10',
        '550.144.03',
        '2024-01-31T11:30:00Z',
        '2024-01-31T12:10:00Z',
        pci=('01',),
    ),
    'filecoin-ffi-189-pc2-runs-on-cpu-gpu-idle-when-bellman-cpu-utilization-is-set': Backdrop(
        'lotus-pc2-worker',
        'A10',
        '550.144.03',
        '2021-04-20T11:30:00Z',
        '2021-04-20T12:10:00Z',
        pci=('01',),
    ),
    'bellperson-229-windowpost-error-about-once-a-day-dual-3080-host-ram-exhaustion-suspected': Backdrop(
        'fil-windowpost-01',
        'A10',
        '550.144.03',
        '2021-09-24T11:30:00Z',
        '2021-09-24T12:10:00Z',
        pci=('01', '02',),
    ),
    'scroll-prover-281-chunk-prove-sigkill-after-20-min-host-ram-too-small-larger-instance-fixed': Backdrop(
        'scroll-prover-01',
        'A10',
        '550.144.03',
        '2023-10-04T23:45:36Z',
        '2023-10-05T00:25:36Z',
        pci=('01',),
    ),
    'damocles-572-venus-worker-pc2-and-c2-grab-the-same-gpu0-despite-lock-gpu-memory-exhausted': Backdrop(
        'venus-worker-01',
        'A10',
        '550.144.03',
        '2023-01-12T11:30:00Z',
        '2023-01-12T12:10:00Z',
        pci=('01',),
    ),
    'lotus-4309-pc2-worker-ignores-gpu-lock-windowpost-slowed-by-gpu-memory-allocation-failures': Backdrop(
        'lotus-miner-01',
        'A10',
        '550.144.03',
        '2020-10-11T11:30:00Z',
        '2020-10-11T12:10:00Z',
        pci=('01',),
    ),
    'rust-fil-proofs-1326-concurrent-pc2-jobs-oversubscribe-gpu-ram-cl-mem-object-allocation-failure': Backdrop(
        'filecoin',
        'A10',
        '550.144.03',
        '2020-10-24T04:47:09Z',
        '2020-10-24T05:27:09Z',
        pci=('01',),
    ),
    'lotus-4310-pc2-tree-r-last-stalls-in-docker-xid-13-out-of-range-address-then-xid-43-neptune-1-2-0-regression': Backdrop(
        'lotus-worker-2060s',
        'A10',
        '550.144.03',
        '2020-10-11T11:30:00Z',
        '2020-10-11T12:10:00Z',
        pci=('01',),
    ),
    'risc0-3785-cuda-groth16-wrap-illegal-memory-access-xid-31-mmu-fault-prover-bug-fixed-in-5-0': Backdrop(
        'risc0-prover-01',
        'A10',
        '550.144.03',
        '2026-07-19T11:30:00Z',
        '2026-07-19T12:10:00Z',
        pci=('01',),
    ),
    'akash-627-provider-0-12-leaves-closed-lease-gpu-workloads-running-3-of-4-gpus-held': Backdrop(
        'akash',
        'A10',
        '550.144.03',
        '2026-06-10T11:30:00Z',
        '2026-06-10T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'opentensor-validators-82-validator-cuda-oom-every-few-days-tensors-accumulate-on-gpu': Backdrop(
        'bt-validator-01',
        'A10',
        '550.144.03',
        '2023-07-03T11:30:00Z',
        '2023-07-03T12:10:00Z',
        pci=('01',),
    ),
    'lotus-7845-worker-processes-hold-100mb-gpu-ram-when-idle-desktop-gui-not-lotus-benign': Backdrop(
        'worker',
        'A10',
        '550.144.03',
        '2022-05-11T11:30:00Z',
        '2022-05-11T12:10:00Z',
        pci=('41',),
    ),
    'livepeer-bounties-18-ai-orchestrator-oversized-request-cuda-oom-vram-not-released-pipeline-stuck': Backdrop(
        'lp-ai-orchestrator-01',
        'A10',
        '550.144.03',
        '2024-06-19T11:30:00Z',
        '2024-06-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
