"""heldout-public-267's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-267/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Hosts are stand-ins. Bus numbers: 01 for a one-GPU node (a stand-in, except vkd3d-1514 whose kernel log prints
01:00), 04 for vkd3d-2521 (printed by its kernel log), 01 and 02 for the two stand-in GPUs of boinc-1148, and
01-10 (hex, stand-ins) for the 16-GPU gpu-burn server. The driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuburn-12-sixteen-gpus-reported-faulty-after-deliberately-modified-compare-benign': Backdrop(
        'sys-9029gp-x16gpu',
        'A10',
        '550.144.03',
        '2019-11-04T11:30:00Z',
        '2019-11-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f', '10'),
    ),
    'relion-381-multibody-refinement-gpu-out-of-memory-model-too-large-for-gpu': Backdrop(
        'relion-ws-381',
        'A10',
        '550.144.03',
        '2018-08-07T11:30:00Z',
        '2018-08-07T12:10:00Z',
        pci=('01',),
    ),
    'bitcracker-7-gtx780-kernel-execution-timeout-enabled-gpu-drives-display': Backdrop(
        'bitcracker-gtx780',
        'A10',
        '550.144.03',
        '2018-08-28T11:30:00Z',
        '2018-08-28T12:10:00Z',
        pci=('01',),
    ),
    'relion-222-long-iteration-times-numa-memory-pages-owned-by-one-node': Backdrop(
        'relion-gpu-222',
        'A10',
        '550.144.03',
        '2017-04-26T11:30:00Z',
        '2017-04-26T12:10:00Z',
        pci=('01',),
    ),
    'spikeinterface-3914-kilosort4-runs-on-cpu-gpu-not-configured-16h-estimate': Backdrop(
        'ks4-sorting-ws',
        'A10',
        '550.144.03',
        '2025-05-11T11:30:00Z',
        '2025-05-11T12:10:00Z',
        pci=('01',),
    ),
    'infinitam-141-mesh-export-cuda-out-of-memory-too-many-triangles': Backdrop(
        'infinitam-ws',
        'A10',
        '550.144.03',
        '2019-06-05T11:30:00Z',
        '2019-06-05T12:10:00Z',
        pci=('01',),
    ),
    'beagle-191-beast2-beagle-sees-only-cpu-built-without-cuda-cmake-order': Backdrop(
        'beast2-ws-3070',
        'A10',
        '550.144.03',
        '2023-01-20T11:30:00Z',
        '2023-01-20T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-1264-gtx1650-8gb-ram-connection-errored-out-moving-model-to-gpu-swap-too-small': Backdrop(
        'fooocus-gtx1650s',
        'A10',
        '550.144.03',
        '2023-12-07T11:30:00Z',
        '2023-12-07T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-64-linux-rtx3060-16gb-ram-machine-freezes-swap-thrashing-swap-too-small': Backdrop(
        'fooocus-rtx3060',
        'A10',
        '550.144.03',
        '2023-08-14T11:30:00Z',
        '2023-08-14T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-12161-nvenc-api-12-needs-driver-520-installed-driver-too-old': Backdrop(
        'jellyfin-server',
        'A10',
        '550.144.03',
        '2024-06-24T11:30:00Z',
        '2024-06-24T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-2337-rtx5080-clocks-stuck-780mhz-with-reflex-nvidia-confirmed-driver-bug': Backdrop(
        'gaming-rtx5080',
        'A10',
        '550.144.03',
        '2025-02-10T11:30:00Z',
        '2025-02-10T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-1514-xid109-ctx-switch-timeout-game-freeze-gone-after-removing-vkd3d-config': Backdrop(
        'gaming-kakra',
        'A10',
        '550.144.03',
        '2025-02-15T11:30:00Z',
        '2025-02-15T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-2521-gtx1080ti-xid69-class-error-freeze-pre-turing-driver-bug': Backdrop(
        'gaming-1080ti',
        'A10',
        '550.144.03',
        '2025-06-27T11:30:00Z',
        '2025-06-27T12:10:00Z',
        pci=('04',),
    ),
    'nvtop-113-gpu-clock-shown-420mhz-matches-sm-and-graphics-clock-benign': Backdrop(
        'nvtop-ws',
        'A10',
        '550.144.03',
        '2021-07-07T11:30:00Z',
        '2021-07-07T12:10:00Z',
        pci=('01',),
    ),
    'fasterwhisper-871-rtx3060-mobile-transcription-on-cpu-torch-without-cuda': Backdrop(
        'laptop-rtx3060m',
        'A10',
        '550.144.03',
        '2024-06-05T11:30:00Z',
        '2024-06-05T12:10:00Z',
        pci=('01',),
    ),
    'cellpose-899-gpu-idle-while-cellpose-runs-only-network-step-uses-gpu-benign': Backdrop(
        'cellpose-ws',
        'A10',
        '550.144.03',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-1817-gtx1060-3gb-cuda0-out-of-memory-dag-larger-than-card': Backdrop(
        'mining-gtx1060-3gb',
        'A10',
        '550.144.03',
        '2019-01-12T11:30:00Z',
        '2019-01-12T12:10:00Z',
        pci=('01',),
    ),
    'video2x-1358-rtx3070-cpu-100pct-gpu-5pct-software-x264-encoding-bottleneck': Backdrop(
        'video2x-rtx3070',
        'A10',
        '550.144.03',
        '2025-03-29T11:30:00Z',
        '2025-03-29T12:10:00Z',
        pci=('01',),
    ),
    'video2x-1408-qt6-cpu-100pct-gpu-barely-used-bottlenecked-by-encoding-nvenc-fixed': Backdrop(
        'video2x-qt6-ws',
        'A10',
        '550.144.03',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'qualityscaler-137-rtx4090-shows-12pct-gpu-in-task-manager-reading-not-correct-benign': Backdrop(
        'qualityscaler-rtx4090',
        'A10',
        '550.144.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
        pci=('01',),
    ),
    'mediapreview-51-nvdec-preview-generation-10x-slower-from-network-share-than-local-disk': Backdrop(
        'plex-preview-host',
        'A10',
        '550.144.03',
        '2024-10-10T11:30:00Z',
        '2024-10-10T12:10:00Z',
        pci=('01',),
    ),
    'beagle-92-tesla-k20m-no-binary-for-gpu-beagle-possibly-built-without-gpu-support': Backdrop(
        'beast-k20m-node',
        'A10',
        '550.144.03',
        '2016-07-19T11:30:00Z',
        '2016-07-19T12:10:00Z',
        pci=('01',),
    ),
    'boinc-1148-debian-tesla-gpus-not-detected-boinc-client-starts-before-gpus-initialised': Backdrop(
        'boinc-tesla-node',
        'A10',
        '550.144.03',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
