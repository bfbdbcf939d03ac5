"""heldout-public-232's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-232/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except the three a source prints: v1rtl-CR70-2M-CX70-2OC-CX70-2OD, computer, hal1), all bus numbers and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause (flat, healthy values).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpustat-11-utilization-shown-as-question-marks-gtx-560-too-old-benign': Backdrop(
        'gpustat-11-ws',
        'A10',
        '550.144.03',
        '2017-05-10T11:30:00Z',
        '2017-05-10T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-72-process-info-not-supported-gt-740m-too-old-benign': Backdrop(
        'v1rtl-CR70-2M-CX70-2OC-CX70-2OD',
        'A10',
        '550.144.03',
        '2019-10-04T20:52:00Z',
        '2019-10-04T21:32:00Z',
        pci=('01',),
    ),
    'netdata-23046-gpu-temperature-chart-empty-driver-580-xml-parse-issue-benign': Backdrop(
        'netdata-23046-host',
        'A10',
        '550.144.03',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01',),
    ),
    'netdata-4892-nvidia-smi-collector-crash-fan-speed-na-on-laptop-gpu-benign': Backdrop(
        'netdata-4892-host',
        'A10',
        '550.144.03',
        '2018-12-01T23:24:00Z',
        '2018-12-02T00:04:00Z',
        pci=('01',),
    ),
    'nvitop-75-pids-4294967295-no-such-process-nvidia-ml-py-incompatible-with-driver-535-benign': Backdrop(
        'nvitop-75-host',
        'A10',
        '550.144.03',
        '2023-06-21T11:30:00Z',
        '2023-06-21T12:10:00Z',
        pci=('01',),
    ),
    'variorum-445-gpu-power-limit-shown-stale-after-out-of-band-node-power-cap-benign': Backdrop(
        'variorum-445-node',
        'A10',
        '550.144.03',
        '2023-07-10T15:51:00Z',
        '2023-07-10T16:31:00Z',
        pci=('04',),
    ),
    'nvitop-88-process-list-empty-driver-535-98-removed-nvml-v3-process-api': Backdrop(
        'nvitop-88-host',
        'A10',
        '550.144.03',
        '2023-08-17T11:30:00Z',
        '2023-08-17T12:10:00Z',
        pci=('01',),
    ),
    'gpu-burn-7-load-module-error-unsupported-ptx-version-compute-capability-build': Backdrop(
        'gpu-burn-7-host',
        'A10',
        '550.144.03',
        '2021-01-12T11:30:00Z',
        '2021-01-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpu-burn-94-ptx-unsupported-toolchain-cuda-12-3-build-on-older-driver': Backdrop(
        'gpu-burn-94-host',
        'A10',
        '550.144.03',
        '2023-12-04T11:30:00Z',
        '2023-12-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'cuda-memtest-31-ptx-unsupported-toolchain-cuda-11-3-build-driver-460-older': Backdrop(
        'computer',
        'A10',
        '550.144.03',
        '2021-05-23T18:00:00Z',
        '2021-05-23T18:40:00Z',
        pci=('01',),
    ),
    'coolgpus-8-fan-control-hung-on-defunct-xorg-gpu-reaches-88c': Backdrop(
        'hal1',
        'A10',
        '550.144.03',
        '2020-08-02T20:57:00Z',
        '2020-08-02T21:37:00Z',
        pci=('01', '02', '03', '04'),
    ),
    't-rex-268-one-of-two-1080-ti-overheats-power-cut-to-150w-poor-cooling': Backdrop(
        't-rex-268-rig',
        'A10',
        '550.144.03',
        '2021-03-04T11:30:00Z',
        '2021-03-04T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
