"""heldout-public-275's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-275/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (all stand-ins except parhi, which the Steam report prints), bus numbers (stand-ins 01, 02, ... in index order, except
bus 03 for the 920MX, which Xorg prints as PCI:3:0:0, and bus 01 for the GTX 660, which the Xid line prints as PCI:0000:01:00)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ethminer-905-six-gpu-rig-fails-with-sixth-card-windows-virtual-memory-too-small': Backdrop(
        'ethminer-rig',
        'A10',
        '550.144.03',
        '2018-03-18T11:30:00Z',
        '2018-03-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'ccminer-x11gost-1-six-1070-rig-cuda-low-memory-errors-windows-virtual-memory-below-16gb': Backdrop(
        'x11gost-rig',
        'A10',
        '550.144.03',
        '2017-02-17T11:30:00Z',
        '2017-02-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'excavator-311-seven-rtx3070-rig-cuda-out-of-memory-beyond-two-cards-host-virtual-memory': Backdrop(
        'excavator-rig',
        'A10',
        '550.144.03',
        '2021-03-21T11:30:00Z',
        '2021-03-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07'),
    ),
    'lc0-927-cuda-out-of-memory-too-much-running-at-once-on-the-gpu': Backdrop(
        'lc0-desktop',
        'A10',
        '550.144.03',
        '2019-08-18T11:30:00Z',
        '2019-08-18T12:10:00Z',
        pci=('01',),
    ),
    'lc0-1270-lc0-worker-crash-out-of-vram-2gb-card-larger-net-working-as-intended': Backdrop(
        'lc0-user-pc',
        'A10',
        '550.144.03',
        '2020-05-06T11:30:00Z',
        '2020-05-06T12:10:00Z',
        pci=('01',),
    ),
    'lc0-2007-cudnn-fp16-illegal-memory-access-in-v0-31-rc1-backend-bug-fixed-in-pr-2016': Backdrop(
        'lc0-gtx1650s',
        'A10',
        '550.144.03',
        '2024-03-30T11:30:00Z',
        '2024-03-30T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-1658-statistics-panel-shows-no-gpu-while-gpu-in-use-display-bug-benign': Backdrop(
        'meshroom-ws',
        'A10',
        '550.144.03',
        '2022-03-31T11:30:00Z',
        '2022-03-31T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-628-rminitadapter-failed-vbios-copy-optimus-kernel-3-10-to-3-19-rcu-idle-gp-delay-workaround': Backdrop(
        'jessie-laptop',
        'A10',
        '550.144.03',
        '2016-06-26T11:30:00Z',
        '2016-06-26T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-922-optimus-920mx-fails-to-initialize-after-driver-387-12-works-after-downgrade-to-384-90': Backdrop(
        'arch-920mx',
        'A10',
        '550.144.03',
        '2017-10-25T11:30:00Z',
        '2017-10-25T12:10:00Z',
        pci=('03',),
    ),
    'optimus-manager-72-laptop-freezes-switching-to-nvidia-lockup-from-gpu-power-off-pci-power-control': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2019-05-07T11:30:00Z',
        '2019-05-07T12:10:00Z',
        pci=('01',),
    ),
    'pyguppyclient-6-guppy-4-4-1-cublas-error-needs-cuda-11-1-driver-455-host-has-cuda-10-2': Backdrop(
        'guppy-gpu-node',
        'A10',
        '550.144.03',
        '2021-01-15T11:30:00Z',
        '2021-01-15T12:10:00Z',
        pci=('01',),
    ),
    'guppy-basecalling-2-cuda-error-no-binary-for-gpu-two-rtx3090-old-guppy-3-6-1-built-for-tx2': Backdrop(
        'guppy-3090',
        'A10',
        '550.144.03',
        '2023-10-22T11:30:00Z',
        '2023-10-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'envycontrol-132-black-screen-in-nvidia-mode-broken-driver-install-reinstalled-nvidia-packages': Backdrop(
        'envy-laptop',
        'A10',
        '550.144.03',
        '2023-09-24T11:30:00Z',
        '2023-09-24T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-44-xid-32-skyrim-under-proton-when-mangohud-gpu-timing-option-enabled': Backdrop(
        'skyrim-desktop',
        'A10',
        '550.144.03',
        '2020-02-20T11:30:00Z',
        '2020-02-20T12:10:00Z',
        pci=('01',),
    ),
    'steam-4413-steam-client-crash-nvidia-358-16-multithreaded-opengl-defect-fixed-in-361': Backdrop(
        'parhi',
        'A10',
        '550.144.03',
        '2016-04-20T11:30:00Z',
        '2016-04-20T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-930-unrecoverable-memory-error-by-gpu-1-on-14-gpu-rig-core-clock-offset-too-high': Backdrop(
        'hiveos-rig',
        'A10',
        '550.144.03',
        '2022-01-06T11:30:00Z',
        '2022-01-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'lolminer-1859-rtx2060-beam-unrecoverable-memory-error-on-windows-driver-522-25': Backdrop(
        'win11-2060',
        'A10',
        '550.144.03',
        '2023-02-10T11:30:00Z',
        '2023-02-10T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-3141-laptop-gpu-power-capped-at-65w-not-90w-base-plus-dynamic-boost-benign': Backdrop(
        'g14-laptop',
        'A10',
        '550.144.03',
        '2024-09-20T11:30:00Z',
        '2024-09-20T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-5819-stale-gpu-temperature-while-dgpu-sleeps-and-bogus-nvml-power-593000mw-benign': Backdrop(
        'gu604-laptop',
        'A10',
        '550.144.03',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3393-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': Backdrop(
        'fancontrol-pc',
        'A10',
        '550.144.03',
        '2025-08-27T11:30:00Z',
        '2025-08-27T12:10:00Z',
        pci=('01',),
    ),
    'ohm-892-optimus-gpu-temperature-shown-as-0-while-discrete-gpu-is-off-benign': Backdrop(
        'optimus-notebook',
        'A10',
        '550.144.03',
        '2016-12-22T11:30:00Z',
        '2016-12-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
