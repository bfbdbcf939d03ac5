"""heldout-public-388's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-388/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except taurusml23, which the evidence prints), GPU counts (except where a source gives one), bus numbers (01..N in
index order; lotus-5958's bus 01 is the printed one) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'picongpu-3064-taurus-v100-nodes-fail-out-of-memory-maintainer-suspects-gpu-memory-fragmentation': Backdrop(
        'taurusml23',
        'A10',
        '550.144.03',
        '2019-09-19T11:30:00Z',
        '2019-09-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'picongpu-2990-taurus-ml-v100-random-crashes-at-adios-output-too-little-host-memory': Backdrop(
        'taurusml-node',
        'A10',
        '550.144.03',
        '2019-06-27T11:30:00Z',
        '2019-06-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'ethminer-94-cuda-search-crashes-after-hours-of-mining-driver-382-suspected-fixed-by-driver-384-and-lower-oc': Backdrop(
        'ethminer-rig',
        'A10',
        '550.144.03',
        '2017-07-06T11:30:00Z',
        '2017-07-06T12:10:00Z',
        pci=('01', '02',),
    ),
    'rainbowminer-363-phoenixminer-gpu5-unspecified-launch-failure-719-attributed-to-overclocking': Backdrop(
        'rbm-rig',
        'A10',
        '550.144.03',
        '2018-12-21T11:30:00Z',
        '2018-12-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07',),
    ),
    'ethminer-2016-p100-mining-at-134w-of-250w-cap-normal-power-draw-benign': Backdrop(
        'p100-miner',
        'A10',
        '550.144.03',
        '2020-08-08T11:30:00Z',
        '2020-08-08T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-4721-gpu-pinned-at-software-power-cap-during-cracking-benign-by-design': Backdrop(
        'hashcat-box',
        'A10',
        '550.144.03',
        '2026-09-12T11:30:00Z',
        '2026-09-12T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-1501-task-manager-shows-2-3-percent-gpu-usage-misleading-reading-benign': Backdrop(
        'dlc-workstation',
        'A10',
        '550.144.03',
        '2021-09-10T11:30:00Z',
        '2021-09-10T12:10:00Z',
        pci=('01',),
    ),
    'lotus-5958-rtx3090-gpu-is-lost-during-c2-recurs-after-reboot-until-driver-455-to-460-update': Backdrop(
        'lotus-worker',
        'A10',
        '550.144.03',
        '2021-04-04T11:30:00Z',
        '2021-04-04T12:10:00Z',
        pci=('01',),
    ),
    'vpf-61-video-decode-example-fails-no-error-string-stub-nvcuvid-library-instead-of-driver-library': Backdrop(
        'vpf-host',
        'A10',
        '550.144.03',
        '2020-06-08T11:30:00Z',
        '2020-06-08T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-19089-nvidia-only-shader-compile-crash-was-stale-ci-cache-not-driver-benign': Backdrop(
        'rpcs3-pc',
        'A10',
        '550.144.03',
        '2026-07-26T11:30:00Z',
        '2026-07-26T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-4055-vulkan-no-longer-finds-gtx1050-after-driver-390-65-update-reporter-suspects-driver': Backdrop(
        'gl503vs-laptop',
        'A10',
        '550.144.03',
        '2018-01-14T11:30:00Z',
        '2018-01-14T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-2128-geforce-hotspot-and-vram-temperature-read-0-nvml-exposes-one-sensor-benign': Backdrop(
        'mangohud-laptop',
        'A10',
        '550.144.03',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('01',),
    ),
    'fah-1719-four-gpu-folding-host-reboots-outside-fah-driver-os-or-hardware-reporter-suspects-os': Backdrop(
        'fah-4gpu',
        'A10',
        '550.144.03',
        '2024-01-05T11:30:00Z',
        '2024-01-05T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'rainbowminer-427-gtx1070-rig-crashes-benchmarking-mtp-startup-current-peak-psu': Backdrop(
        'gtx1070-rig',
        'A10',
        '550.144.03',
        '2019-02-14T11:30:00Z',
        '2019-02-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'gatelessgate-6-3x-gtx1070-rig-crashes-and-reboots-on-zcash-cpu-saturated-96-percent': Backdrop(
        'zcash-rig',
        'A10',
        '550.144.03',
        '2017-02-25T11:30:00Z',
        '2017-02-25T12:10:00Z',
        pci=('01', '02', '03',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
