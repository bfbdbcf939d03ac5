"""heldout-public-235's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-235/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vina-cuda-3-docking-cuda-error-700-illegal-address-grid-size-settings-mismatch': Backdrop(
        'vina-docking-ws',
        'A10',
        '550.144.03',
        '2025-06-12T11:30:00Z',
        '2025-06-12T12:10:00Z',
        pci=('01',),
    ),
    'teamblackminer-195-memory-junction-temperature-shows-0-driver-reports-na-benign': Backdrop(
        'teamblack-rig',
        'A10',
        '550.144.03',
        '2021-12-18T11:30:00Z',
        '2021-12-18T12:10:00Z',
        pci=('01',),
    ),
    'katago-325-tensorflow-invalid-device-function-cuda-10-2-fixed-by-cuda-10-0': Backdrop(
        'katago-train-ws',
        'A10',
        '550.144.03',
        '2020-10-03T16:32:00Z',
        '2020-10-03T17:12:00Z',
        pci=('01',),
    ),
    'mpv-10191-d3d11-vram-leak-when-idle-playback-stops-fixed-in-renderer': Backdrop(
        'mpv-player-desktop',
        'A10',
        '550.144.03',
        '2022-05-14T11:30:00Z',
        '2022-05-14T12:10:00Z',
        pci=('01',),
    ),
    'etlegacy-2444-renderer-vram-leak-on-vid-restart-fix-hedged': Backdrop(
        'etlegacy-desktop',
        'A10',
        '550.144.03',
        '2023-12-21T11:30:00Z',
        '2023-12-21T12:10:00Z',
        pci=('01',),
    ),
    'handtracker-7-three-minute-startup-every-run-cuda-jit-cache-disabled': Backdrop(
        'handtracker-laptop',
        'A10',
        '550.144.03',
        '2015-11-18T11:30:00Z',
        '2015-11-18T12:10:00Z',
        pci=('01',),
    ),
    'emgucv-245-first-cuda-call-30s-delay-ptx-jit-expected-benign': Backdrop(
        'emgucv-app-host',
        'A10',
        '550.144.03',
        '2019-05-15T11:30:00Z',
        '2019-05-15T12:10:00Z',
        pci=('01',),
    ),
    'nsfminer-58-cuda-illegal-memory-access-in-search-kernel-fixed-by-commit': Backdrop(
        'nsfminer-rig',
        'A10',
        '550.144.03',
        '2021-02-04T11:30:00Z',
        '2021-02-04T12:10:00Z',
        pci=('01',),
    ),
    'rainbowminer-289-ccminer-xevan-illegal-memory-access-intensity-too-high': Backdrop(
        'rainbowminer-rig',
        'A10',
        '550.144.03',
        '2018-11-07T11:30:00Z',
        '2018-11-07T12:10:00Z',
        pci=('01',),
    ),
    'blender-t55100-cycles-cuda-out-of-vram-scene-exceeds-2gb-gtx-750ti': Backdrop(
        'blender-ws-750ti',
        'A10',
        '550.144.03',
        '2018-05-15T11:30:00Z',
        '2018-05-15T12:10:00Z',
        pci=('01',),
    ),
    'pycudadecon-13-microscopy-deconvolution-fails-on-4gb-quadro-t2000-volume-too-large': Backdrop(
        'decon-laptop',
        'A10',
        '550.144.03',
        '2020-06-28T11:30:00Z',
        '2020-06-28T12:10:00Z',
        pci=('01',),
    ),
    'imagestackalignator-24-npp-device-allocation-error-large-dng-burst-out-of-gpu-memory': Backdrop(
        'stackalign-ws',
        'A10',
        '550.144.03',
        '2021-06-16T11:30:00Z',
        '2021-06-16T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-203-depthmap-needs-cuda-enabled-gpu-quadro-m2000m-fixed-by-driver-update': Backdrop(
        'meshroom-laptop',
        'A10',
        '550.144.03',
        '2018-08-25T18:08:00Z',
        '2018-08-25T18:48:00Z',
        pci=('01',),
    ),
    'fah-1212-windows-update-replaces-gpu-driver-opencl-disabled-fahcore-crashes': Backdrop(
        'fah-donor-pc',
        'A10',
        '550.144.03',
        '2017-09-24T11:30:00Z',
        '2017-09-24T12:10:00Z',
        pci=('01',),
    ),
    'obs-10431-obs-30-1-1-nvenc-needs-newer-driver-than-kepler-474-82-fixed-by-pr': Backdrop(
        'obs-stream-pc',
        'A10',
        '550.144.03',
        '2024-03-25T11:30:00Z',
        '2024-03-25T12:10:00Z',
        pci=('01',),
    ),
    'lammps-1001-kokkos-reaxff-host-pointer-in-device-code-crashes-on-gpus': Backdrop(
        'lammps-gpu-node',
        'A10',
        '550.144.03',
        '2018-07-13T11:30:00Z',
        '2018-07-13T12:10:00Z',
        pci=('01',),
    ),
    'autogpuaffinity-14-black-screens-under-gpu-load-pcie-speed-auto-fixed-by-gen3': Backdrop(
        'gaming-desktop',
        'A10',
        '550.144.03',
        '2023-05-20T11:30:00Z',
        '2023-05-20T12:10:00Z',
        pci=('01',),
    ),
    'nvsmi-2-nvidia-smi-fan-speed-na-on-laptop-gpus-not-reported-benign': Backdrop(
        'nvsmi-laptop',
        'A10',
        '550.144.03',
        '2021-04-02T11:30:00Z',
        '2021-04-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
