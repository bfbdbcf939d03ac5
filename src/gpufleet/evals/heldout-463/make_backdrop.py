"""heldout-public-463's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-463/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
name is a stand-in (no source prints a host name); GPU counts follow the source (6 for the six-GTX-1060 rig, 4 for the
4x GTX 1070 rig and for the four-card T-Rex rig, 18 for the 18-GPU CUDA 8 rig, 2 where two cards are described, otherwise 1,
declared as a stand-in where the source gives no count); bus numbers are stand-ins 01..N in hex (the two sources that
print a bus, lolMiner "Address: 1:0" and T-Rex "GPU #0(000100)", both print bus 01); the driver (550.144.03) is the same
stand-in for every case, so the version carries no signal (the drivers the sources name stay in their descriptions and
evidence only). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at
the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'goeth-15317-gtx670-dag-buffer-alloc-fails-page-file-too-small': Backdrop(
        'gtx670-miner',
        'A10',
        '550.144.03',
        '2017-10-17T11:30:00Z',
        '2017-10-17T12:10:00Z',
        pci=('01',),
    ),
    'excavator-283-gtx980ti-cuda-999-maxwell-no-longer-supported-by-miner-build': Backdrop(
        'gtx980ti-miner',
        'A10',
        '550.144.03',
        '2020-03-25T11:30:00Z',
        '2020-03-25T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-526-six-gtx1060-rig-no-cuda-driver-found-build-needs-newer-driver': Backdrop(
        'rig-6x1060',
        'A10',
        '550.144.03',
        '2018-01-09T11:30:00Z',
        '2018-01-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'xmrstaknv-48-gtx970-hashrate-cut-cpu-miner-threads-saturate-all-cores': Backdrop(
        'i5-gtx970-miner',
        'A10',
        '550.144.03',
        '2017-06-03T11:30:00Z',
        '2017-06-03T12:10:00Z',
        pci=('01',),
    ),
    'nplusminer-59-celeron-g3930-rig-hashrate-drops-cpu-too-weak-replaced-by-i3': Backdrop(
        'celeron-rig',
        'A10',
        '550.144.03',
        '2018-04-18T11:30:00Z',
        '2018-04-18T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-74-4x1070-rig-cpu-overloaded-opencl-kernel-on-nvidia-use-cuda-u': Backdrop(
        'rig-4x1070',
        'A10',
        '550.144.03',
        '2017-12-13T11:30:00Z',
        '2017-12-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'phoenix-12-gtx1050ti-out-of-memory-dag-needs-4-16gb-card-has-4gb': Backdrop(
        'gtx1050ti-miner',
        'A10',
        '550.144.03',
        '2021-03-19T11:30:00Z',
        '2021-03-19T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-180-gtx1050ti-dag-4152mb-exceeds-4096mb-gpu-0-stopped': Backdrop(
        'gtx1050ti-desk',
        'A10',
        '550.144.03',
        '2021-01-26T11:30:00Z',
        '2021-01-26T12:10:00Z',
        pci=('01',),
    ),
    'trex-280-four-gpu-rig-dag-memory-allocation-fails-host-ram-only-8gb': Backdrop(
        'rig-4gpu',
        'A10',
        '550.144.03',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'webthree-71-cuda-miner-dag-plus-mining-power-spike-over-600w-shuts-machine-down-psu': Backdrop(
        'cudaminer-box',
        'A10',
        '550.144.03',
        '2015-10-17T11:30:00Z',
        '2015-10-17T12:10:00Z',
        pci=('01',),
    ),
    'genoil-54-18-gpu-rig-cuda8-miner-hangs-driver-361-vs-367-module-mismatch': Backdrop(
        'rig18',
        'A10',
        '550.144.03',
        '2016-06-17T11:30:00Z',
        '2016-06-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f', '10', '11', '12'),
    ),
    'trex-477-gtx1650-fan-speed-warning-is-red-herring-dag-does-not-fit-4gb': Backdrop(
        'gtx1650-miner',
        'A10',
        '550.144.03',
        '2021-04-28T11:30:00Z',
        '2021-04-28T12:10:00Z',
        pci=('01',),
    ),
    'gominer-164-fanless-gpu-nvml-fanspeed-notsupported-warnings-benign': Backdrop(
        'fanless-miner',
        'A10',
        '550.144.03',
        '2017-08-02T11:30:00Z',
        '2017-08-02T12:10:00Z',
        pci=('01',),
    ),
    'gominer-122-solo-mining-cuda-hardware-error-warnings-not-real-hardware-errors-benign': Backdrop(
        'gominer-testrig',
        'A10',
        '550.144.03',
        '2016-09-30T11:30:00Z',
        '2016-09-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'ewbf-8-miner-shows-integrated-gpu-temperature-temps-reversed-in-tool-benign': Backdrop(
        'ewbf-miner-box',
        'A10',
        '550.144.03',
        '2017-06-03T11:30:00Z',
        '2017-06-03T12:10:00Z',
        pci=('01',),
    ),
    'rbminer-2743-rtx3070-core-clock-stays-locked-after-miner-exit-nvidia-smi-rgc-benign': Backdrop(
        'rtx3070-rig',
        'A10',
        '550.144.03',
        '2024-04-13T11:30:00Z',
        '2024-04-13T12:10:00Z',
        pci=('01',),
    ),
    'gminer-388-rtx3070ti-core-clock-swings-650-1500mhz-power-limit-too-low': Backdrop(
        'rtx3070ti-miner',
        'A10',
        '550.144.03',
        '2021-09-17T11:30:00Z',
        '2021-09-17T12:10:00Z',
        pci=('01',),
    ),
    'nvpatcher-282-cmp-170hx-ex-mining-card-error-43-on-driver-576-80-works-on-471-50': Backdrop(
        'cmp170hx-box',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-2000-dag-cuda-out-of-memory-on-added-card-cheap-pcie-ribbon-riser-culprit': Backdrop(
        'b85m-rig',
        'A10',
        '550.144.03',
        '2021-01-08T11:30:00Z',
        '2021-01-08T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
