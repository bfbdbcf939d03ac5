"""heldout-public-85's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-85/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'specfem3d-1679-seismic-gpu-run-cuda-out-of-memory-simulation-too-big-for-card': Backdrop(
        'ws-specfem3d-gpu',
        'A10',
        '535.154.05',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-9654-vulkan-device-loss-rtx2080ti-missing-fixed-by-reverting-driver-to-512': Backdrop(
        'win-rtx2080ti-yuzu',
        'A10',
        '528.02',
        '2023-01-21T11:30:00Z',
        '2023-01-21T12:10:00Z',
        pci=('01',),
    ),
    'gpufetch-24-geforce-9500gt-cuda-driver-insufficient-driver-older-than-cuda-library': Backdrop(
        'desk-geforce9500gt',
        'A10',
        '340.108',
        '2022-06-17T11:30:00Z',
        '2022-06-17T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-943-cuda-errors-on-random-card-while-overclocking-reduce-oc': Backdrop(
        'rig-lolminer',
        'A10',
        '497.29',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'face-recognition-930-cuda-unknown-error-999-driver-signature-code-52-reinstall': Backdrop(
        'win-face-recognition',
        'A10',
        '436.30',
        '2019-09-17T11:30:00Z',
        '2019-09-17T12:10:00Z',
        pci=('01',),
    ),
    'csgo-osx-linux-264-laptop-gt755m-at-70-85c-in-game-target-temperature-benign': Backdrop(
        'laptop-gt755m-csgo',
        'A10',
        '346.35',
        '2015-02-03T11:30:00Z',
        '2015-02-03T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2089-rtx4070-fans-start-at-50c-not-curve-gpu-internal-rules-benign': Backdrop(
        'desk-rtx4070-fancontrol',
        'A10',
        '545.84',
        '2023-10-27T11:30:00Z',
        '2023-10-27T12:10:00Z',
        pci=('01',),
    ),
    'steam-for-linux-4157-steam-crashes-on-nvidia-358-16-downgrade-to-355-11': Backdrop(
        'arch-desktop-steam',
        'A10',
        '358.16',
        '2015-11-25T11:30:00Z',
        '2015-11-25T12:10:00Z',
        pci=('01',),
    ),
    'nvenc-439-rtx2060-nvenc-session-fails-open-kernel-modules-not-for-geforce': Backdrop(
        'arch-rtx2060-nvenc',
        'A10',
        '520.56.06',
        '2022-11-21T11:30:00Z',
        '2022-11-21T12:10:00Z',
        pci=('01',),
    ),
    'alvr-1396-mx450-laptop-vr-stream-0-5-fps-no-hardware-encoder-software-fallback': Backdrop(
        'laptop-mx450-alvr',
        'A10',
        '528.02',
        '2023-01-21T11:30:00Z',
        '2023-01-21T12:10:00Z',
        pci=('01',),
    ),
    'relion-89-gctf-job-runs-on-gpu-0-although-gpu-1-selected-gui-setting-ignored': Backdrop(
        'ws-2gpu-relion',
        'A10',
        '367.35',
        '2016-08-23T11:30:00Z',
        '2016-08-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'handbrake-5725-nvenc-unavailable-on-ubuntu-driver-535-older-than-required': Backdrop(
        'ubuntu-handbrake-nvenc',
        'A10',
        '535.154.05',
        '2024-01-26T11:30:00Z',
        '2024-01-26T12:10:00Z',
        pci=('01',),
    ),
    'dasharo-1009-laptop-dgpu-power-limited-to-20w-nvidia-powerd-cannot-read-power-budget': Backdrop(
        'ubuntu-V560TND',
        'A10',
        '550.107.02',
        '2024-08-21T11:30:00Z',
        '2024-08-21T12:10:00Z',
        pci=('01',),
    ),
    'simplemixer-40-touchdesigner-gtx960m-crash-hang-windows-gpu-timeout-tdrdelay': Backdrop(
        'laptop-gtx960m-touchdesigner',
        'A10',
        '416.94',
        '2018-11-30T11:30:00Z',
        '2018-11-30T12:10:00Z',
        pci=('01',),
    ),
    'fps-overlay-24-gpu-load-11-percent-at-idle-overlay-read-copy-engine-sensor-benign': Backdrop(
        'win-fps-overlay',
        'A10',
        '582.28',
        '2026-06-09T11:30:00Z',
        '2026-06-09T12:10:00Z',
        pci=('01',),
    ),
    'd912pxy-136-gpu-drops-to-desktop-clocks-under-low-load-by-design-benign': Backdrop(
        'win-gw2-d912pxy',
        'A10',
        '430.64',
        '2019-05-12T11:30:00Z',
        '2019-05-12T12:10:00Z',
        pci=('01',),
    ),
    'win10widgets-20-gpu-widget-over-100-percent-sums-all-engines-benign': Backdrop(
        'win-rainmeter-widget',
        'A10',
        '442.59',
        '2020-03-24T11:30:00Z',
        '2020-03-24T12:10:00Z',
        pci=('01',),
    ),
    'krita-ai-diffusion-2482-ram-fills-system-freezes-flux-16gb-host-ram-too-small': Backdrop(
        'fedora-rtx3060-krita',
        'A10',
        '595.71.05',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-6129-laptop-gtx1070m-whole-system-freeze-old-driver-390-optimus-hang': Backdrop(
        'laptop-gtx1070m-rpcs3',
        'A10',
        '390.116',
        '2019-06-25T11:30:00Z',
        '2019-06-25T12:10:00Z',
        pci=('01',),
    ),
    'nanodet-147-tesla-t4-cuda-oom-other-users-daemon-process-holds-gpu-memory': Backdrop(
        'srv-t4-nanodet',
        'A10',
        '460.32.03',
        '2021-02-14T11:30:00Z',
        '2021-02-14T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-proton-1605-gtx1660ti-xid-69-f1-2021-driver-535-bug-works-on-530': Backdrop(
        'linux-gtx1660ti-f1',
        'A10',
        '535.54.03',
        '2024-02-01T11:30:00Z',
        '2024-02-01T12:10:00Z',
        pci=('08',),
    ),
    'proton-6653-last-of-us-crash-xid-109-fixed-in-vkd3d-proton': Backdrop(
        'linux-proton-tlou',
        'A10',
        '530.41.03',
        '2023-03-31T11:30:00Z',
        '2023-03-31T12:10:00Z',
        pci=('0c',),
    ),
    'xmrig-nvidia-186-one-of-six-gtx1070ti-unspecified-launch-failure-lower-power-and-clock': Backdrop(
        'rig-6x1070ti-xmrig',
        'A10',
        '398.82',
        '2018-08-15T11:30:00Z',
        '2018-08-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'rendermanforblender-644-laptop-gtx1660ti-renders-on-cpu-xpu-not-in-non-commercial-licence': Backdrop(
        'laptop-gtx1660ti-renderman',
        'A10',
        '511.65',
        '2022-02-02T11:30:00Z',
        '2022-02-02T12:10:00Z',
        pci=('01',),
    ),
    'cmpunlocker-19-cmp-170hx-pcie-link-trains-at-gen1-needs-root-port-retrain': Backdrop(
        'rig-cmp170hx',
        'A10',
        '610.43.02',
        '2026-07-24T11:30:00Z',
        '2026-07-24T12:10:00Z',
        pci=('01',),
    ),
    'onezerominer-4-one-gpu-cuda-unspecified-launch-failure-bad-overclock': Backdrop(
        'rig-onezerominer',
        'A10',
        '525.105.17',
        '2023-04-01T11:30:00Z',
        '2023-04-01T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
