"""heldout-public-339's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-339/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except debianace, which the evidence prints), bus numbers (01..N in index order; no stored excerpt prints a bus id)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'warp-378-nvidia-smi-no-processes-but-23-of-24gb-used-crashed-relion-refine-run-still-holding-gpu-memory': Backdrop(
        'warp-workstation',
        'A10',
        '550.144.03',
        '2025-05-09T11:30:00Z',
        '2025-05-09T12:10:00Z',
        pci=('01',),
    ),
    'trex-344-t-rex-watchdog-problem-with-gpu-every-few-minutes-gtx-1080-faulty-pcie-riser-or-usb-cable': Backdrop(
        'trex-rig',
        'A10',
        '550.144.03',
        '2021-03-26T11:30:00Z',
        '2021-03-26T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-323-cuda-error-launch-timeout-quadro-m4000-drives-display-and-spike-sorting-windows-watchdog': Backdrop(
        'kilosort-workstation',
        'A10',
        '550.144.03',
        '2021-02-03T11:30:00Z',
        '2021-02-03T12:10:00Z',
        pci=('01',),
    ),
    'club3090-50-vllm-wsl2-device-not-ready-on-157k-token-prefill-windows-tdr-reset-not-oom': Backdrop(
        'wsl2-dual3090',
        'A10',
        '550.144.03',
        '2026-05-04T11:30:00Z',
        '2026-05-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'openmm-3477-cuda-error-unsupported-ptx-version-with-cudatoolkit-11-6-driver-too-old': Backdrop(
        'lilac-gpu-node',
        'A10',
        '550.144.03',
        '2022-02-21T11:30:00Z',
        '2022-02-21T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'jellyfin-7570-docker-nvenc-cannot-load-libnvidia-encode-so-1-container-or-driver-install-problem': Backdrop(
        'debian11-docker',
        'A10',
        '550.144.03',
        '2022-04-08T11:30:00Z',
        '2022-04-08T12:10:00Z',
        pci=('01',),
    ),
    'lsurface-1673-surface-book-2-gtx-1060-stuck-p8-sw-thermal-slowdown-at-34c-firmware-temperature-target-zero': Backdrop(
        'surface-book-2',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01',),
    ),
    'dorado-1523-basecaller-breaks-after-unattended-ubuntu-update-550-to-580-fixed-by-purging-and-reinstalling-driver': Backdrop(
        'dorado-ubuntu',
        'A10',
        '550.144.03',
        '2025-11-08T11:30:00Z',
        '2025-11-08T12:10:00Z',
        pci=('01',),
    ),
    'dorado-1606-gpu-usage-drops-to-zero-with-spikes-after-an-hour-downstream-pipeline-backing-up-slurm-kills-job': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2026-06-08T11:30:00Z',
        '2026-06-08T12:10:00Z',
        pci=('01',),
    ),
    'dorado-465-progress-bar-frozen-at-50-percent-while-gpu-still-busy-basecalling-continues-benign': Backdrop(
        'wsl-ont',
        'A10',
        '550.144.03',
        '2023-11-09T11:30:00Z',
        '2023-11-09T12:10:00Z',
        pci=('01',),
    ),
    'resrgan-437-cuda-oom-gpu0-16gib-whole-image-at-tile-0-use-smaller-tile': Backdrop(
        'resrgan-pc',
        'A10',
        '550.144.03',
        '2022-09-12T11:30:00Z',
        '2022-09-12T12:10:00Z',
        pci=('01',),
    ),
    'video2x-28-waifu2x-caffe-cudasuccess-out-of-memory-with-five-upscaler-threads-reduce-threads': Backdrop(
        'video2x-pc',
        'A10',
        '550.144.03',
        '2018-12-16T11:30:00Z',
        '2018-12-16T12:10:00Z',
        pci=('01',),
    ),
    'snapotter-200-real-esrgan-cuda-oom-on-8gb-rtx-3070-tiling-left-off-tile-0-fix-tiles-and-retry': Backdrop(
        'snapotter-host',
        'A10',
        '550.144.03',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'nanominer-331-rtx-3060-half-hashrate-lhr-lock-without-monitor-or-dummy-hdmi-not-a-gpu-fault-benign': Backdrop(
        'nanominer-rig',
        'A10',
        '550.144.03',
        '2022-01-17T11:30:00Z',
        '2022-01-17T12:10:00Z',
        pci=('01',),
    ),
    'boinc-6868-windows-installer-8-2-8-defaults-to-service-install-precluding-gpu-workloads': Backdrop(
        'boinc-win',
        'A10',
        '550.144.03',
        '2026-02-18T11:30:00Z',
        '2026-02-18T12:10:00Z',
        pci=('01',),
    ),
    'fah-112-folding-client-in-windows-service-mode-detects-no-gpu-console-mode-works': Backdrop(
        'fah-win',
        'A10',
        '550.144.03',
        '2010-07-25T11:30:00Z',
        '2010-07-25T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-122-geforce-gt-650m-not-supported-and-question-marks-old-gpu-or-driver-lacks-apis-benign': Backdrop(
        'debianace',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
