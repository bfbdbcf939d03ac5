"""heldout-public-283's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-283/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except CristhianJP_RTX and gaia-single-gpu-dy-g5-4xlarge-1, which the evidence prints), bus numbers (01 for the
GPU at 0000:01:00.0 that olares-3963 prints; stand-ins elsewhere) and the driver (550.144.03, the same for every case)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'autodock-gpu-172-rtx3080-invalid-device-symbol-binary-not-built-for-compute-capability-86': Backdrop(
        'autodock-ws',
        'A10',
        '550.144.03',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'automatic-ripping-machine-1092-container-lacks-libnvidia-encode-nvenc-unavailable-install-package': Backdrop(
        'arm-server',
        'A10',
        '550.144.03',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-5557-rtx4070tisuper-unreal-games-xid109-after-driver-610-update': Backdrop(
        'bazzite-desktop',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01',),
    ),
    'beast2-782-beagle-cuda-out-of-memory-alignment-too-large-for-one-gpu-split-partitions': Backdrop(
        'beast-host',
        'A10',
        '550.144.03',
        '2018-05-21T11:30:00Z',
        '2018-05-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'ccminer-xevan-7-unspecified-launch-failure-wrong-miner-parameters-user-config-error': Backdrop(
        'xevan-rig',
        'A10',
        '550.144.03',
        '2018-01-31T11:30:00Z',
        '2018-01-31T12:10:00Z',
        pci=('01',),
    ),
    'constantinos-blog-blender-cycles-rtx2080-illegal-address-cumemalloc-oom-vram-exceeded': Backdrop(
        'blender-ws',
        'A10',
        '550.144.03',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01',),
    ),
    'flathub-obs-129-ffmpeg-4-4-update-breaks-nvenc-on-gtx660-frames-skipped-downgrade-fixes': Backdrop(
        'obs-desktop',
        'A10',
        '550.144.03',
        '2021-05-01T11:30:00Z',
        '2021-05-01T12:10:00Z',
        pci=('01',),
    ),
    'gpu4pyscf-164-a10g-cublas-not-initialized-cuda12-package-on-cuda11-toolkit': Backdrop(
        'gaia-single-gpu-dy-g5-4xlarge-1',
        'A10',
        '550.144.03',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('01',),
    ),
    'gpu4pyscf-346-named-symbol-not-found-after-update-bug-in-libxc-cuda12x-0-6-revert-to-0-5': Backdrop(
        'pyscf-ws',
        'A10',
        '550.144.03',
        '2025-03-05T11:30:00Z',
        '2025-03-05T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-19-gtx780-custreamsynchronize-999-windows-tdr-watchdog-apply-timeout-patch': Backdrop(
        'hashcat-win7',
        'A10',
        '550.144.03',
        '2015-12-10T11:30:00Z',
        '2015-12-10T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-4095-kernel-exec-timeout-not-disabled-warning-safe-to-ignore-benign': Backdrop(
        'hashcat-win11',
        'A10',
        '550.144.03',
        '2024-10-20T11:30:00Z',
        '2024-10-20T12:10:00Z',
        pci=('01',),
    ),
    'komamri-125-gpu-memory-held-after-simulation-gc-reclaim-confirmed-unnecessary-benign': Backdrop(
        'koma-ws',
        'A10',
        '550.144.03',
        '2022-12-08T11:30:00Z',
        '2022-12-08T12:10:00Z',
        pci=('01',),
    ),
    'llama-cpp-4680-cuda-oom-after-b1697-vmm-pool-too-large-reduce-cuda-pool-vmm-max-size': Backdrop(
        'llama-host',
        'A10',
        '550.144.03',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01',),
    ),
    'mmx-node-156-rtx3080ti-stays-in-p2-while-cuda-opencl-app-runs-driver-behaviour-benign': Backdrop(
        'mmx-desktop',
        'A10',
        '550.144.03',
        '2023-01-08T11:30:00Z',
        '2023-01-08T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-424-gpu-memory-shows-system-ram-regression-since-commit-d955f94-monitoring-bug-benign': Backdrop(
        'nvtop-laptop',
        'A10',
        '550.144.03',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01',),
    ),
    'olares-3963-nvidia-driver-cannot-bind-gpu-01-00-0-already-bound-to-nova-core-blacklist-nova': Backdrop(
        'olares-node',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01',),
    ),
    'pixel-streaming-linux-5-container-nvenc-not-installed-driver-capabilities-set-after-start': Backdrop(
        'ue4-container-host',
        'A10',
        '550.144.03',
        '2020-03-20T11:30:00Z',
        '2020-03-20T12:10:00Z',
        pci=('01',),
    ),
    'shadered-115-quadro-p2000-glitches-no-nvidia-driver-installed-after-windows-reinstall': Backdrop(
        'shadered-ws',
        'A10',
        '550.144.03',
        '2020-07-31T11:30:00Z',
        '2020-07-31T12:10:00Z',
        pci=('01',),
    ),
    'trex-1194-rtx3080-hashrate-drops-as-gpu-heats-past-52c-power-falls-manual-fan-60-percent': Backdrop(
        'trex-3080-rig',
        'A10',
        '550.144.03',
        '2022-03-30T11:30:00Z',
        '2022-03-30T12:10:00Z',
        pci=('01',),
    ),
    'trex-546-rtx3080-gpu4-cuda-launch-failed-memory-overclock-reduce-mem-clock': Backdrop(
        'CristhianJP_RTX',
        'A10',
        '550.144.03',
        '2021-07-23T11:30:00Z',
        '2021-07-23T12:10:00Z',
        pci=('02', '03', '04', '05', '06'),
    ),
    'xmrig-nvidia-207-cryptonight-unspecified-launch-failure-bfactor-12-kernel-split-fix': Backdrop(
        'xmrig-rig',
        'A10',
        '550.144.03',
        '2018-10-16T11:30:00Z',
        '2018-10-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
