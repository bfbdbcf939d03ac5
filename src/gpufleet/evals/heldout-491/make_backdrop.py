"""heldout-public-491's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-491/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints one); multi-GPU nodes with no GPU count in the source use the
backdrop's default 8-GPU layout (pci omitted); single-GPU machines get stand-in bus number 01.
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat,
healthy metrics for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'llama-cpp-26024-suspected-release-regression-was-cpu-fallback-missing-cudart-dlls': Backdrop(
        'rtx4060-laptop',
        'A10',
        '550.144.03',
        '2026-07-23T11:30:00Z',
        '2026-07-23T12:10:00Z',
        pci=('01',),
    ),
    'cbdice-9-suspected-memory-leak-fixed-by-installing-cucim-and-cupy': Backdrop(
        'cbdice-train-01',
        'A10',
        '550.144.03',
        '2024-12-26T11:30:00Z',
        '2024-12-26T12:10:00Z',
        pci=('01',),
    ),
    'textsum-4-oom-at-batch-size-8-model-too-large-for-12gb-gpu-batch-size-1-works-zh': Backdrop(
        'textsum-ws',
        'A10',
        '550.144.03',
        '2022-04-20T11:30:00Z',
        '2022-04-20T12:10:00Z',
        pci=('01',),
    ),
    'mmf-337-oom-while-training-blamed-on-mmf-batch-size-too-large-for-gpus': Backdrop(
        'mmf-train-01',
        'A10',
        '550.144.03',
        '2020-06-17T11:30:00Z',
        '2020-06-17T12:10:00Z',
    ),
    'cvcuda-162-suspected-video-memory-leak-is-cvcuda-cache-management-benign': Backdrop(
        'cvcuda-infer-01',
        'A10',
        '550.144.03',
        '2024-05-27T11:30:00Z',
        '2024-05-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-11753-suspected-memory-leak-is-pool-allocator-growth-with-context-oom': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2025-08-06T19:18:17Z',
        '2025-08-06T19:58:17Z',
        pci=('01',),
    ),
    'timemachine-1214-crashes-from-own-centroid-kernel-out-of-bounds-write-fixed': Backdrop(
        'tm-test-01',
        'A10',
        '550.144.03',
        '2023-12-07T11:30:00Z',
        '2023-12-07T12:10:00Z',
        pci=('01',),
    ),
    'open-clip-13-gpu-idle-blamed-on-sem-timedwait-too-few-dataloader-workers': Backdrop(
        'clip-v100-01',
        'A10',
        '550.144.03',
        '2021-09-06T11:30:00Z',
        '2021-09-06T12:10:00Z',
        pci=('01',),
    ),
    'cufhe-2-invalid-managed-memory-access-own-concurrent-unified-memory-use-on-cc50': Backdrop(
        'cufhe-laptop',
        'A10',
        '550.144.03',
        '2018-05-14T11:30:00Z',
        '2018-05-14T12:10:00Z',
        pci=('01',),
    ),
    'yoloe-24-host-ram-grows-to-oom-during-training-workers-8-reduced-to-4': Backdrop(
        'yoloe-train-01',
        'A10',
        '550.144.03',
        '2025-03-14T11:30:00Z',
        '2025-03-14T12:10:00Z',
    ),
    'kaijuml-32-training-error-with-recommended-env-cuda-version-not-matched-to-rtx3090': Backdrop(
        'd2t-rtx3090',
        'A10',
        '550.144.03',
        '2022-07-02T11:30:00Z',
        '2022-07-02T12:10:00Z',
        pci=('01',),
    ),
    'ge2e-3-zero-gpu-util-blamed-on-code-slow-loading-of-compressed-kaldi-features': Backdrop(
        'ge2e-train-01',
        'A10',
        '550.144.03',
        '2019-03-25T11:30:00Z',
        '2019-03-25T12:10:00Z',
        pci=('01',),
    ),
    'ccnn-11-gpu-memory-grows-every-batch-flexconv-kernel-size-grows-by-design-benign': Backdrop(
        'ccnn-train-01',
        'A10',
        '550.144.03',
        '2023-03-04T11:30:00Z',
        '2023-03-04T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1025-ncclsend-kernel-seems-to-hang-until-peer-posts-recv-expected-benign': Backdrop(
        'nccl-p2p-node',
        'A10',
        '550.144.03',
        '2023-10-13T11:30:00Z',
        '2023-10-13T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
