"""heldout-public-449's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-449/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except oryp7 (pop-os/pop#1750) and ip-172-31-15-234 (harmony-one/harmony-ops#562), which the evidence prints.
GPU counts follow the source (8 for the 8x H100 host and the 8-GPU gfx950 runners, 3 for the three-card mining rig, 2 for
the two-card hashcat rig) and are one GPU otherwise; bus numbers are stand-ins 01..N except oryp7, whose log prints
0000:01:00 (bus 01); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'yolov5fork-4-machine-reboots-at-first-epoch-only-with-gpu-torch-maintainer-points-at-psu-smps': Backdrop(
        'yolo-ws-01',
        'A10',
        '550.144.03',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
    'nicehash-331-mining-rig-reboots-black-screen-bios-reports-psu-surges-anti-surge-triggered': Backdrop(
        'nh-rig-331',
        'A10',
        '550.144.03',
        '2017-09-19T11:30:00Z',
        '2017-09-19T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'ollama-10219-whole-windows-system-crashes-loading-model-larger-than-ram-oom-suspected': Backdrop(
        'ollama-win-10219',
        'A10',
        '550.144.03',
        '2025-04-10T11:30:00Z',
        '2025-04-10T12:10:00Z',
        pci=('01',),
    ),
    'ollama-7686-host-hangs-ssh-dead-model-loaded-into-swap-when-gpu-driver-not-loaded': Backdrop(
        'ollama-srv-7686',
        'A10',
        '550.144.03',
        '2024-11-15T11:30:00Z',
        '2024-11-15T12:10:00Z',
        pci=('01',),
    ),
    'popos-1750-random-desktop-crash-traced-to-xid-79-gpu-fallen-off-the-bus': Backdrop(
        'oryp7',
        'A10',
        '550.144.03',
        '2021-06-28T14:53:30Z',
        '2021-06-28T15:33:30Z',
        pci=('01',),
    ),
    'ogkm-1387-8xh100-host-kernel-panics-six-times-list-poison-in-page-allocator-via-nvidia-uvm': Backdrop(
        'h100-milvus-01',
        'A10',
        '550.144.03',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'llamafactory-6664-pc-suddenly-restarted-mid-training-windows-update-benign': Backdrop(
        'lf-win-6664',
        'A10',
        '550.144.03',
        '2025-01-16T11:30:00Z',
        '2025-01-16T12:10:00Z',
        pci=('01',),
    ),
    'kured-563-nodes-rebooted-in-the-night-ubuntu-unattended-updates-set-reboot-required-benign': Backdrop(
        'rancher-worker-01',
        'A10',
        '550.144.03',
        '2022-06-09T11:30:00Z',
        '2022-06-09T12:10:00Z',
        pci=('01',),
    ),
    'harmonyops-562-grafana-shows-nodes-offline-while-online-node-exporter-service-failed-benign': Backdrop(
        'ip-172-31-15-234',
        'A10',
        '550.144.03',
        '2020-04-10T01:02:30Z',
        '2020-04-10T01:42:30Z',
        pci=('01',),
    ),
    'scyllamon-699-months-of-instance-down-alerts-were-node-exporter-down-not-the-server-benign': Backdrop(
        'scylla-node-01',
        'A10',
        '550.144.03',
        '2019-07-18T11:30:00Z',
        '2019-07-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
