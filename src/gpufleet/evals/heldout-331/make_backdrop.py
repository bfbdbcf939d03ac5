"""heldout-public-331's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-331/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, GPU counts where the source gives none, bus numbers (01..N in index order) and the driver (550.144.03,
the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvbio-gpl-7-nvbwt-nvidia-331-uvm-module-missing-cudagetdevicecount-30-fixed-by-installing-uvm-package': Backdrop(
        'nvbio-ws01',
        'A10',
        '550.144.03',
        '2014-05-05T11:30:00Z',
        '2014-05-05T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-issues-71-gtx1080-nvcc-arch-sm-61-fails-cryosparc-built-against-cuda-7-5-switch-to-cuda-8': Backdrop(
        'cryosparc-ws01',
        'A10',
        '550.144.03',
        '2016-11-10T11:30:00Z',
        '2016-11-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'wf-basecalling-69-dorado-cuda-error-on-rtx-5070-ti-container-pinned-to-dorado-0-9-1-needs-0-9-5': Backdrop(
        'basecall-ws01',
        'A10',
        '550.144.03',
        '2025-04-04T11:30:00Z',
        '2025-04-04T12:10:00Z',
        pci=('01',),
    ),
    'xemu-119-crash-in-malloc-via-glbindtexture-inside-nvidia-450-driver-assumed-driver-bug': Backdrop(
        'xemu-desktop01',
        'A10',
        '550.144.03',
        '2020-12-30T11:30:00Z',
        '2020-12-30T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-settings-73-steamvr-heavy-stutter-only-with-nvidia-gsp-firmware-enabled': Backdrop(
        'cachyos-desktop01',
        'A10',
        '550.144.03',
        '2024-07-05T11:30:00Z',
        '2024-07-05T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-650-half-framerate-on-hdmi-monitor-low-pstate-latency-with-gsp-misses-vblank': Backdrop(
        'kde-desktop01',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-issues-79-job-killed-no-heartbeat-after-fsc-optimization-fixed-by-updating-to-v0-2-26': Backdrop(
        'cryosparc-ws02',
        'A10',
        '550.144.03',
        '2016-11-18T11:30:00Z',
        '2016-11-18T12:10:00Z',
        pci=('01',),
    ),
    'xmr-stak-1996-cuda-error-on-gtx-970-after-gpu-change-out-of-resources-fixed-by-reducing-threads': Backdrop(
        'miner-pc01',
        'A10',
        '550.144.03',
        '2018-10-22T11:30:00Z',
        '2018-10-22T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-38-quadro-m2200-error-default-42-threads-too-many-fixed-by-lowering-threads': Backdrop(
        'laptop-m2200',
        'A10',
        '550.144.03',
        '2017-11-06T11:30:00Z',
        '2017-11-06T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-40-gtx-560-ti-gpu1-cuda-out-of-memory-at-init-blocks-x-threads-too-large': Backdrop(
        'miner-desktop02',
        'A10',
        '550.144.03',
        '2017-11-10T11:30:00Z',
        '2017-11-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'rgminer-9-hiveos-cmp-170hx-rig-restart-loop-after-1-0-4b-raised-host-ram-use-fixed-in-1-0-5': Backdrop(
        'hiveos-rig01',
        'A10',
        '550.144.03',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'yuzu-4197-crashes-after-nvidia-451-48-update-blamed-on-driver-caused-by-bad-ea677-build': Backdrop(
        'yuzu-desktop01',
        'A10',
        '550.144.03',
        '2020-06-28T11:30:00Z',
        '2020-06-28T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-277-cudadevicedetection-hangs-after-nvidia-373-57-clean-install-fixed-in-newer-miner': Backdrop(
        'nicehash-pc01',
        'A10',
        '550.144.03',
        '2016-10-23T11:30:00Z',
        '2016-10-23T12:10:00Z',
        pci=('01',),
    ),
    'linuwu-sense-106-rtx-4060-laptop-sw-power-cap-60w-instead-of-75w-nvidia-powerd-dynamic-boost-off': Backdrop(
        'nitro-v-laptop',
        'A10',
        '550.144.03',
        '2026-04-26T11:30:00Z',
        '2026-04-26T12:10:00Z',
        pci=('01',),
    ),
    'fah-issues-1256-failed-to-open-nvcuda-dll-on-amd-gpu-host-benign-informational-message': Backdrop(
        'fah-donor-pc01',
        'A10',
        '550.144.03',
        '2018-08-23T11:30:00Z',
        '2018-08-23T12:10:00Z',
        pci=('01',),
    ),
    'prmon-310-nvidia-library-or-cli-not-found-messages-are-normal-severity-lowered-to-info-benign': Backdrop(
        'prmon-node01',
        'A10',
        '550.144.03',
        '2026-03-24T11:30:00Z',
        '2026-03-24T12:10:00Z',
        pci=('01',),
    ),
    'openlinkhub-459-nvidia-smi-not-found-warn-at-every-startup-expected-probe-benign': Backdrop(
        'openlinkhub-pc01',
        'A10',
        '550.144.03',
        '2026-06-20T14:35:12Z',
        '2026-06-20T15:15:12Z',
        pci=('01',),
    ),
    'autoware-universe-2376-gpu-monitor-false-warning-nvml-not-found-when-gpu-idle-benign': Backdrop(
        'autoware-ecu01',
        'A10',
        '550.144.03',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
