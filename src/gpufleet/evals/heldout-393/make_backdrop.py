"""heldout-public-393's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-393/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except prod-gpu-01, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: only ingero-3am's excerpt quotes exporter readings (dcgm_gpu_utilization 0.95,
dcgm_fb_used 62GB, dcgm_sm_clock 1980MHz, all healthy-looking); they are left out to keep the backdrop neutral. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ckc-149795-three-llama-processes-cuda-oom-on-one-8gb-gtx1080-first-process-reserves-kv-cache-up-front': Backdrop(
        'llm-desk-01',
        'A10',
        '550.144.03',
        '2026-06-25T11:30:00Z',
        '2026-06-25T12:10:00Z',
        pci=('01',),
    ),
    'ingero-3am-h100-training-job-3x-slower-at-95pct-gpu-util-host-cpu-contention-starves-gpu': Backdrop(
        'prod-gpu-01',
        'A10',
        '550.144.03',
        '2026-06-05T02:42:00Z',
        '2026-06-05T03:22:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'redlib-sre-h100-training-cluster-35pct-efficiency-straggler-gpus-cluster-spread-across-three-azs': Backdrop(
        'h100-az3-01',
        'A10',
        '550.144.03',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'egpufix-rtx5070-egpu-unknown-header-type-0x7f-driver-fails-to-load-tb3-bridge-caches-broken-pcie-link-state': Backdrop(
        'egpu-laptop',
        'A10',
        '550.144.03',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
