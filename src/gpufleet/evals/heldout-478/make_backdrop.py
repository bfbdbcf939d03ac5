"""heldout-public-478's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-478/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed ones where the evidence prints one (rig1: the T-Rex worker name; fah0: the container
name) and stand-ins otherwise; GPU counts follow the source's machine where it says (3 for the nsfminer and lolMiner
rigs, 4 for the T-Rex #1353 rig, 2 where the source says "GPU #1" or "more than one GPU") and 1 otherwise; no
evidence prints a PCI bus id, so bus numbers are stand-ins 01..N; the driver (550.144.03) is the same stand-in for
every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'genoil-cpp-ethereum-120-gtx760-ethminer-dag-cuda-out-of-memory-2gb-card-too-small': Backdrop(
        'miner-gtx760',
        'A10',
        '550.144.03',
        '2016-11-20T11:30:00Z',
        '2016-11-20T12:10:00Z',
        pci=('01',),
    ),
    'alexis78-ccminer-5-illegal-memory-access-within-minutes-fixed-by-driver-downgrade-382-53': Backdrop(
        'win10-ccminer',
        'A10',
        '550.144.03',
        '2017-07-19T11:30:00Z',
        '2017-07-19T12:10:00Z',
        pci=('01',),
    ),
    'kaspa-miner-37-ubuntu-error-loading-ptx-driver-470-too-old-for-miner-cuda': Backdrop(
        'ubuntu20-kaspa',
        'A10',
        '550.144.03',
        '2022-06-06T11:30:00Z',
        '2022-06-06T12:10:00Z',
        pci=('01',),
    ),
    'teamblackminer-162-rtx3090-rigs-no-gpu-available-driver-cannot-run-cuda-11-4': Backdrop(
        'rig-3090',
        'A10',
        '550.144.03',
        '2021-11-28T11:30:00Z',
        '2021-11-28T12:10:00Z',
        pci=('01',),
    ),
    'nsfminer-122-benign-temp-fan-power-read-0-nvml-dll-not-on-search-path-gpus-fine': Backdrop(
        'win10-rig',
        'A10',
        '550.144.03',
        '2021-02-25T11:30:00Z',
        '2021-02-25T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'trex-916-benign-rtx3080ti-nvml-power-clock-not-supported-warnings-while-hashing-normally': Backdrop(
        'rig1',
        'A10',
        '550.144.03',
        '2021-12-09T11:30:00Z',
        '2021-12-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'lolminer-1667-rtx3060-3080ti-rig-dag-allocation-fails-on-all-gpus-windows-pagefile-too-small': Backdrop(
        'win-rig-3gpu',
        'A10',
        '550.144.03',
        '2022-08-08T11:30:00Z',
        '2022-08-08T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'trex-1158-cuda-error-illegal-address-persists-after-oc-and-driver-changes-check-psu-cables-risers': Backdrop(
        'trex-rig',
        'A10',
        '550.144.03',
        '2022-03-10T11:30:00Z',
        '2022-03-10T12:10:00Z',
        pci=('01',),
    ),
    'fah-containers-31-folding-core23-wu-stalled-container-cuda-11-2-opencl-3-0-mismatch': Backdrop(
        'fah0',
        'A10',
        '550.144.03',
        '2024-01-23T11:30:00Z',
        '2024-01-23T12:10:00Z',
        pci=('01',),
    ),
    'trex-1353-4-gpu-rig-cant-find-nonce-errors-one-rtx3060-faulty-memory-replaced-under-warranty': Backdrop(
        'win-rig-4gpu',
        'A10',
        '550.144.03',
        '2022-06-16T11:30:00Z',
        '2022-06-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'john-1460-benign-cuda-format-burns-a-full-cpu-core-per-gpu-nvidia-linux-driver-busy-wait': Backdrop(
        'jtr-dev',
        'A10',
        '550.144.03',
        '2015-06-21T11:30:00Z',
        '2015-06-21T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-584-hiveos-rtx3060-driver-update-over-cancelled-session-leaves-gpu-unusable': Backdrop(
        'hiveos-rig',
        'A10',
        '550.144.03',
        '2021-05-19T11:30:00Z',
        '2021-05-19T12:10:00Z',
        pci=('01',),
    ),
    'nicehash-quickminer-135-benign-rtx3070-vram-temp-is-an-unlabelled-nvapi-hotspot-sensor': Backdrop(
        'nhqm-rig',
        'A10',
        '550.144.03',
        '2021-03-04T11:30:00Z',
        '2021-03-04T12:10:00Z',
        pci=('01',),
    ),
    'bzminer-325-hashrate-stuck-at-zero-on-cuda-12-5-driver-several-gpus-fixed-by-downgrade-to-12-4': Backdrop(
        'win11-bzminer',
        'A10',
        '550.144.03',
        '2024-07-26T11:30:00Z',
        '2024-07-26T12:10:00Z',
        pci=('01',),
    ),
    'boinc-4670-multi-gpu-host-client-resumes-gpugrid-task-on-other-gpu-computation-error': Backdrop(
        'boinc-multigpu',
        'A10',
        '550.144.03',
        '2022-03-18T11:30:00Z',
        '2022-03-18T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
