"""heldout-public-364's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-364/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (none is printed by the evidence), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nhqm-242-hashrate-dips-on-device-zero-dag-size-and-pascal-tlb-not-a-fault-benign': Backdrop(
        'rig-nhqm-242',
        'A10',
        '550.144.03',
        '2021-03-19T11:30:00Z',
        '2021-03-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'munin-1-gpu-utilization-graph-empty-after-driver-570-upgrade-plugin-parse-bug-benign': Backdrop(
        'munin-gpu-host',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01',),
    ),
    'lcf-44-colabfold-ptx-compiled-with-unsupported-toolchain-driver-too-old-for-jax-cuda': Backdrop(
        'colabfold-ws',
        'A10',
        '550.144.03',
        '2021-12-22T11:30:00Z',
        '2021-12-22T12:10:00Z',
        pci=('01',),
    ),
    'relion-491-motioncorr-gpu-function-failed-error-999-driver-and-cuda-runtime-inconsistent': Backdrop(
        'relion-ws',
        'A10',
        '550.144.03',
        '2019-07-19T11:30:00Z',
        '2019-07-19T12:10:00Z',
        pci=('01',),
    ),
    'trex-1244-nvml-error-code-12-nvml-dll-fails-to-load-non-dch-driver-installed': Backdrop(
        'trex-rig-1244',
        'A10',
        '550.144.03',
        '2022-04-19T11:30:00Z',
        '2022-04-19T12:10:00Z',
        pci=('01',),
    ),
    'rbm-576-failed-to-initialize-nvml-bminer-gminer-on-latest-driver-rolled-back-fixed': Backdrop(
        'rbm-rig-576',
        'A10',
        '550.144.03',
        '2019-06-22T11:30:00Z',
        '2019-06-22T12:10:00Z',
        pci=('01',),
    ),
    'gpuprof-122-monitoring-tool-fails-to-detect-gpu-nvml-dll-path-with-dch-drivers-benign': Backdrop(
        'gpuprofiler-ws',
        'A10',
        '550.144.03',
        '2019-06-28T11:30:00Z',
        '2019-06-28T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-936-gtx-1070-kawpow-illegal-memory-access-device-8-vram-overclock-too-high': Backdrop(
        'nbminer-rig-936',
        'A10',
        '550.144.03',
        '2022-08-12T11:30:00Z',
        '2022-08-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09',),
    ),
    'nhqm-383-cuda-unknown-error-daggerhashimoto-11-gpu-rig-on-risers-and-splitters-instability': Backdrop(
        'nhqm-rig-383',
        'A10',
        '550.144.03',
        '2021-04-20T11:30:00Z',
        '2021-04-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b',),
    ),
    'picongpu-4403-cuda-memtest-devices-busy-or-unavailable-on-k80-nodes-outdated-master-branch-profile': Backdrop(
        'hemera-k80',
        'A10',
        '550.144.03',
        '2022-12-16T11:30:00Z',
        '2022-12-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dxvk-2019-watch-dogs-2-vk-error-device-lost-old-nvidia-card-driver-out-of-vram': Backdrop(
        'dxvk-desktop',
        'A10',
        '550.144.03',
        '2021-04-14T11:30:00Z',
        '2021-04-14T12:10:00Z',
        pci=('01',),
    ),
    'pstated-13-cmp-50hx-stuck-in-p8-under-cuda-load-after-driver-616-nvapi-change': Backdrop(
        'pstated-ws',
        'A10',
        '550.144.03',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01', '02',),
    ),
    'trex-923-3080ti-crash-when-forcing-p0-state-memory-overclock-not-reduced': Backdrop(
        'trex-rig-923',
        'A10',
        '550.144.03',
        '2021-12-12T11:30:00Z',
        '2021-12-12T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'ghelper-5121-laptop-rtx-3070-stuck-in-p0-at-idle-no-processes-fixed-by-clean-driver-reinstall': Backdrop(
        'flow-x16-laptop',
        'A10',
        '550.144.03',
        '2026-03-15T11:30:00Z',
        '2026-03-15T12:10:00Z',
        pci=('01',),
    ),
    'kcpp-1717-27b-model-at-1-6-tokens-per-second-on-12gb-rtx-5070-model-too-large-for-vram': Backdrop(
        'kcpp-desktop',
        'A10',
        '550.144.03',
        '2025-08-29T11:30:00Z',
        '2025-08-29T12:10:00Z',
        pci=('01',),
    ),
    'freon-277-gpu-temperature-shows-na-except-while-nvidia-smi-runs-rtd3-deep-sleep-benign': Backdrop(
        'fedora-laptop',
        'A10',
        '550.144.03',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01',),
    ),
    'ghelper-3986-gpu-temperature-stuck-at-75-in-monitoring-app-after-driver-update-other-tools-correct-benign': Backdrop(
        'strix-g834jy',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-201-gpu-fallen-off-the-bus-on-650m-triggered-by-optirun-busy-socket-polling': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2012-07-18T11:30:00Z',
        '2012-07-18T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-6441-crash-inside-nvidia-driver-during-video-playback-emulator-d24s8-format-hack': Backdrop(
        'rpcs3-desktop',
        'A10',
        '550.144.03',
        '2019-08-31T11:30:00Z',
        '2019-08-31T12:10:00Z',
        pci=('01',),
    ),
    'kinc-32-gmm-opencl-cl-out-of-resources-on-shared-pbs-gpu-nodes-other-users-vm-on-gpus': Backdrop(
        'palmetto-gpu-node',
        'A10',
        '550.144.03',
        '2018-03-19T11:30:00Z',
        '2018-03-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'sia-7-geforce-9800-cl-out-of-resources-local-work-size-256-too-large-fixed-in-code': Backdrop(
        'sia-miner',
        'A10',
        '550.144.03',
        '2015-06-07T11:30:00Z',
        '2015-06-07T12:10:00Z',
        pci=('01',),
    ),
    'surface-360-surface-book-2-lag-on-battery-nvidia-driver-drops-gpu-clock-when-ac-unplugged-benign': Backdrop(
        'surface-book-2',
        'A10',
        '550.144.03',
        '2019-01-18T11:30:00Z',
        '2019-01-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
