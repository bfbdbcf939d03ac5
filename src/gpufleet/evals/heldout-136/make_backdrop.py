"""heldout-public-136's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-136/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: GeForce, Quadro, Tesla, mobile and A100 parts alike);
hosts and bus numbers are stand-ins (nid001128 is the host name the jdftx-449 log prints), and so are the drivers no
report names (see each case's description; 572.16 and 450.248.02 are the drivers the reports name). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fancontrol-2262-rtx5070ti-fans-spin-up-at-low-temp-vbios-fan-stop-also-keys-on-power-draw-benign': Backdrop(
        'win-zotac-5070ti',
        'A10',
        '572.83',
        '2025-03-16T11:30:00Z',
        '2025-03-16T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-1198-gpu-fans-held-at-30-percent-zero-rpm-override-works-only-at-0-by-design-benign': Backdrop(
        'win-fancontrol-rig',
        'A10',
        '522.25',
        '2022-10-23T11:30:00Z',
        '2022-10-23T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2955-rtx3080-temperature-stuck-at-38c-after-driver-update-stale-sensor-source-benign': Backdrop(
        'win-rtx3080-desk',
        'A10',
        '572.16',
        '2025-02-07T11:30:00Z',
        '2025-02-07T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-2193-ten-gtx1080ti-monitor-threads-dropped-nvml-driver-bug-random-read-errors-benign': Backdrop(
        'rig-10x1080ti',
        'A10',
        '430.50',
        '2019-09-23T11:30:00Z',
        '2019-09-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a'),
    ),
    'nvidia-system-monitor-qt-7-geforce-710m-optimus-laptop-shows-no-data-monitoring-fields-unsupported-benign': Backdrop(
        'acer-e1-571g',
        'A10',
        '390.132',
        '2020-08-08T11:30:00Z',
        '2020-08-08T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-620-four-gtx1060-rig-cuda-unspecified-launch-failure-shares-stop-bad-pcie-riser': Backdrop(
        'win-rig-4x1060',
        'A10',
        '390.65',
        '2018-02-02T11:30:00Z',
        '2018-02-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'jdftx-449-perlmutter-gpu-build-fails-libcudart-so-12-missing-after-default-cuda-module-moved-to-13': Backdrop(
        'nid001128',
        'A10',
        '580.95.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'docker-jellyfin-224-nvenc-transcoding-stopped-after-unnoticed-driver-update-that-needed-reboot': Backdrop(
        'nixos-media',
        'A10',
        '545.29.06',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-5552-gtx1660-unraid-nvenc-no-device-available-fixed-by-reboot-after-driver-install': Backdrop(
        'unraid-jellyfin',
        'A10',
        '460.56',
        '2021-03-16T11:30:00Z',
        '2021-03-16T12:10:00Z',
        pci=('01',),
    ),
    'dorado-285-four-a100-basecalling-slows-gpu-starved-by-pod5-read-io-fixed-with-ram-disk': Backdrop(
        'rocky-4xa100',
        'A10',
        '535.54.03',
        '2023-07-07T11:30:00Z',
        '2023-07-07T12:10:00Z',
        pci=('17', '31', 'b1', 'ca'),
    ),
    'obs-studio-13656-nvenc-vram-leak-200mib-per-stream-reconnect-until-cuda-out-of-memory': Backdrop(
        'ubuntu-obs-stream',
        'A10',
        '580.95.05',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'xpra-4848-nvenc-encoder-contexts-leaked-27-contexts-6-7gb-vram-cuda-lock-contention-fix': Backdrop(
        'xpra-prod-1',
        'A10',
        '570.133.20',
        '2026-03-30T11:30:00Z',
        '2026-03-30T12:10:00Z',
        pci=('01',),
    ),
    'depthflow-61-vram-grows-with-each-render-click-leak-fixed-on-main-released-in-v0-9': Backdrop(
        'arch-depthflow',
        'A10',
        '565.77',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'proton-4450-cyberpunk-2077-xid-31-crashes-on-linux-fixed-by-nvidia-driver-545-23-06': Backdrop(
        'gentoo-2080ti',
        'A10',
        '535.113.01',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01',),
    ),
    'nvoc-19-gtx1050ti-mining-os-nvidia-smi-error-known-problem-of-latest-nvidia-driver': Backdrop(
        'nvoc-rig-1050ti',
        'A10',
        '387.34',
        '2018-01-03T11:30:00Z',
        '2018-01-03T12:10:00Z',
        pci=('01',),
    ),
    'dorado-1013-rtx3090-v5-basecalling-fails-auto-batch-size-too-large-fixed-with-batchsize-256': Backdrop(
        'slurm-gpu-3090',
        'A10',
        '550.90.07',
        '2024-09-04T11:30:00Z',
        '2024-09-04T12:10:00Z',
        pci=('01', '02', '41', '42', '81', '82', 'c1', 'c2'),
    ),
    'dorado-719-one-gpu-selected-but-several-gpus-used-device-selection-bug-fixed-in-0-6-1': Backdrop(
        'ws-dorado-719',
        'A10',
        '535.161.07',
        '2024-04-24T11:30:00Z',
        '2024-04-24T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'dorado-866-two-a100-illegal-memory-access-modbase-multi-gpu-autobatch-workaround-batch-320': Backdrop(
        'ubuntu-2xa100',
        'A10',
        '450.248.02',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('07', '0f'),
    ),
    'dorado-270-modbase-basecalling-overruns-178gb-host-ram-bus-error-known-memory-issue-0-3-1': Backdrop(
        'sge-gpu-node',
        'A10',
        '525.105.17',
        '2023-06-28T11:30:00Z',
        '2023-06-28T12:10:00Z',
        pci=('3b', 'd8'),
    ),
    'dorado-256-duplex-job-killed-by-slurm-memory-cgroup-oom-killer-cuda-evthandlr': Backdrop(
        'hpc-gpu-node',
        'A10',
        '525.85.12',
        '2023-06-23T11:30:00Z',
        '2023-06-23T12:10:00Z',
        pci=('3b', '5e', '86', 'af'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
