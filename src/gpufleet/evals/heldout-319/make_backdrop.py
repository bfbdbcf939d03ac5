"""heldout-public-319's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-319/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every host name (dell5820 and ds1823xs are taken from machine models the sources name), the bus numbers (01..N in
index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'handbrake-nvenc-docker-20-cannot-load-libnvidia-encode-after-ubuntu-upgrade-fixed-by-reinstalling-drivers': Backdrop(
        'hb-ubuntu2404',
        'A10',
        '550.144.03',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01',),
    ),
    'fnnas-nvidia-grid-3-vgpu-transcoding-fails-after-fnos-update-on-535-guest-driver-580-fixes': Backdrop(
        'fnos-p100',
        'A10',
        '550.144.03',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'pdbear-syno-nvidia-gpu-driver-52-package-1-2-5-1227-gpu-not-recognized-rollback-to-0711-works': Backdrop(
        'ds1823xs',
        'A10',
        '550.144.03',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-9806-qnap-docker-gpu-unusable-user-mode-driver-from-repo-version-mismatched': Backdrop(
        'qnap-nas',
        'A10',
        '550.144.03',
        '2023-05-24T11:30:00Z',
        '2023-05-24T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patch-791-unpatched-gpu-passes-session-limit-test-nvidia-raised-limit-benign': Backdrop(
        'win11-3070',
        'A10',
        '550.144.03',
        '2024-05-06T11:30:00Z',
        '2024-05-06T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patch-628-more-than-3-nvenc-streams-without-patch-limit-raised-to-5-benign': Backdrop(
        'patch-test-530',
        'A10',
        '550.144.03',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'koboldcpp-723-usecublas-runs-on-cpu-no-gpulayers-offloaded': Backdrop(
        'kobold-host',
        'A10',
        '550.144.03',
        '2024-03-03T11:30:00Z',
        '2024-03-03T12:10:00Z',
        pci=('01',),
    ),
    'subgen-82-unraid-quadro-k2200-no-kernel-image-container-cuda-version-stated': Backdrop(
        'unraid-k2200',
        'A10',
        '550.144.03',
        '2024-04-14T11:30:00Z',
        '2024-04-14T12:10:00Z',
        pci=('01',),
    ),
    'wolf-233-multi-gpu-nvidia-encoders-unused-not-all-dev-nvidia-devices-passed-to-container': Backdrop(
        'wolf-multigpu',
        'A10',
        '550.144.03',
        '2025-07-31T11:30:00Z',
        '2025-07-31T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'dizquetv-431-unraid-docker-cannot-load-libcuda-container-issue-not-driver-plugin': Backdrop(
        'unraid-dizque',
        'A10',
        '550.144.03',
        '2022-10-16T11:30:00Z',
        '2022-10-16T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2974-gpu-memory-freed-after-idle-minutes-keep-alive-default-benign': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patch-131-nvenc-out-of-memory-above-2-sessions-in-nvidia-docker-container-libs-unpatched': Backdrop(
        'nvdocker-host',
        'A10',
        '550.144.03',
        '2019-07-10T11:30:00Z',
        '2019-07-10T12:10:00Z',
        pci=('01',),
    ),
    'ersatztv-1288-cpu-busy-although-nvidia-hw-accel-selected-transcoding-still-uses-cpu-benign': Backdrop(
        'dell5820',
        'A10',
        '550.144.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-4339-lmdeploy-container-crash-ray-object-store-exceeds-docker-dev-shm': Backdrop(
        'gpustack-t10',
        'A10',
        '550.144.03',
        '2026-01-24T11:30:00Z',
        '2026-01-24T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
