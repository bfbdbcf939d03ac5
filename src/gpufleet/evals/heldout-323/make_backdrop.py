"""heldout-public-323's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-323/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no kept excerpt prints a host name), GPU counts, bus numbers (01..N in index order) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'yuzu-9298-pokemon-sword-random-crashes-nvlddmkm-graphics-exception-blamed-on-new-nvidia-driver-526-98': Backdrop(
        'yuzu-desktop-9298',
        'A10',
        '550.144.03',
        '2022-11-22T11:30:00Z',
        '2022-11-22T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-8589-animal-crossing-crash-on-startup-nvidia-515-driver-known-to-cause-issues-use-512-95': Backdrop(
        'yuzu-desktop-8589',
        'A10',
        '550.144.03',
        '2022-07-15T11:30:00Z',
        '2022-07-15T12:10:00Z',
        pci=('01',),
    ),
    'nvpipe-81-rtx-3060-nvencexception-third-encoder-fails-geforce-concurrent-nvenc-session-limit': Backdrop(
        'unitraffic-ws-81',
        'A10',
        '550.144.03',
        '2022-10-28T11:30:00Z',
        '2022-10-28T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patch-201-gtx-1660-nvenc-cuctxcreate-cuda-error-out-of-memory-vram-lingering-between-short-transcodes': Backdrop(
        'transcode-node-201',
        'A10',
        '550.144.03',
        '2019-11-29T11:30:00Z',
        '2019-11-29T12:10:00Z',
        pci=('01','02',),
    ),
    'proton-1202-fallout-shelter-fullscreen-freezes-gnome-shell-nvidia-390-too-old-proton-needs-396-51': Backdrop(
        'gtx1060m-laptop-1202',
        'A10',
        '550.144.03',
        '2018-09-03T11:30:00Z',
        '2018-09-03T12:10:00Z',
        pci=('01',),
    ),
    'demucs-9-cuda-out-of-memory-gpu0-2gib-too-little-gpu-memory-use-tasnet-or-cpu': Backdrop(
        'demucs-desktop-9',
        'A10',
        '550.144.03',
        '2019-12-06T11:30:00Z',
        '2019-12-06T12:10:00Z',
        pci=('01',),
    ),
    'demucs-119-gtx-1060-cuda-out-of-memory-after-a-song-memory-not-released-gpu-not-enough-memory': Backdrop(
        'demucs-desktop-119',
        'A10',
        '550.144.03',
        '2020-06-06T11:30:00Z',
        '2020-06-06T12:10:00Z',
        pci=('01',),
    ),
    'demucs-297-rtx-3060-laptop-gpu0-6gib-cuda-oom-only-6gib-dedicated-memory-not-12': Backdrop(
        'rtx3060-laptop-297',
        'A10',
        '550.144.03',
        '2022-02-27T11:30:00Z',
        '2022-02-27T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-409-depthmap-fails-since-2019-1-update-drivers-for-the-cuda-version-used-by-meshroom': Backdrop(
        'meshroom-ws-409',
        'A10',
        '550.144.03',
        '2019-03-12T11:30:00Z',
        '2019-03-12T12:10:00Z',
        pci=('01',),
    ),
    'ultimatevocalremovergui-1105-mx150-gpu-conversion-unavailable-cuda-version-too-old-driver-upgraded': Backdrop(
        'mx150-laptop-1105',
        'A10',
        '550.144.03',
        '2024-01-13T11:30:00Z',
        '2024-01-13T12:10:00Z',
        pci=('01',),
    ),
    'lc0-847-quadro-gv100-task-manager-shows-6-percent-gpu-load-windows-misreports-compute-benign': Backdrop(
        'gv100-ws-847',
        'A10',
        '550.144.03',
        '2019-05-10T11:30:00Z',
        '2019-05-10T12:10:00Z',
        pci=('01',),
    ),
    'cuda-samples-74-v100s-power-stays-50w-after-gemm-returns-to-25w-idle-seconds-later-normal-benign': Backdrop(
        'v100s-node-74',
        'A10',
        '550.144.03',
        '2021-04-21T11:30:00Z',
        '2021-04-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
