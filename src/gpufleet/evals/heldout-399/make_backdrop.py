"""heldout-public-399's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-399/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order, except bus 08 of gpustat-125, which the evidence prints) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cwagent-203-cloudwatch-agent-daemonset-never-starts-on-eks-gpu-nodes-missing-toleration': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2021-04-23T11:30:00Z',
        '2021-04-23T12:10:00Z',
        pci=('01',),
    ),
    'testinfra-4416-cloudwatch-agent-nvidia-smi-input-fails-nvidia-smi-not-yet-installed-on-gpu-instance': Backdrop(
        'gpu-runner',
        'A10',
        '550.144.03',
        '2023-07-25T11:30:00Z',
        '2023-07-25T12:10:00Z',
        pci=('01',),
    ),
    'cwagent-2156-nvidia-smi-metrics-missing-on-al2023-driver-emits-v13-schema-agent-parser-knows-v12': Backdrop(
        'al2023-gpu',
        'A10',
        '550.144.03',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01',),
    ),
    'cwagent-1052-power-draw-metric-unparsed-after-driver-535-output-format-change': Backdrop(
        'g5-gpu-host',
        'A10',
        '550.144.03',
        '2024-02-21T11:30:00Z',
        '2024-02-21T12:10:00Z',
        pci=('01',),
    ),
    'ddagent-47669-gpm-metrics-incorrect-go-nvml-abi-incompatibility-with-older-drivers': Backdrop(
        'dd-gpu-host',
        'A10',
        '550.144.03',
        '2026-03-10T11:30:00Z',
        '2026-03-10T12:10:00Z',
        pci=('01',),
    ),
    'cppuprofile-7-nvidia-monitoring-misses-driver-library-version-mismatch': Backdrop(
        'cppuprofile-host',
        'A10',
        '550.144.03',
        '2023-11-07T11:30:00Z',
        '2023-11-07T12:10:00Z',
        pci=('01',),
    ),
    'carbontracker-36-gpu-power-missing-nvml-power-readout-not-supported-on-gpu-model': Backdrop(
        'carbontracker-host',
        'A10',
        '550.144.03',
        '2020-08-24T11:30:00Z',
        '2020-08-24T12:10:00Z',
        pci=('01',),
    ),
    'codecarbon-1316-gpu-energy-reported-zero-nvml-energy-counter-unsupported-treated-as-no-energy': Backdrop(
        'codecarbon-host',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
        pci=('01',),
    ),
    'gpud-1140-fabric-state-not-supported-on-single-gpu-h100-not-a-fabric-fault': Backdrop(
        'h100-single',
        'A10',
        '550.144.03',
        '2025-11-12T11:30:00Z',
        '2025-11-12T12:10:00Z',
        pci=('01',),
    ),
    'gpufryer-10-four-gpus-0-gflops-sentinel-temperatures-reported-healthy-reboot-recovers': Backdrop(
        'fryer-node',
        'A10',
        '550.144.03',
        '2025-08-27T11:30:00Z',
        '2025-08-27T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nvtop-95-nvml-driver-library-version-mismatch-fixed-by-reinstalling-driver': Backdrop(
        'mint-gtx1650',
        'A10',
        '550.144.03',
        '2021-02-26T11:30:00Z',
        '2021-02-26T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-125-gpustat-query-fails-device-handle-unknown-error-one-gpu-0000-08': Backdrop(
        'gpustat-node',
        'A10',
        '550.144.03',
        '2022-06-10T11:30:00Z',
        '2022-06-10T12:10:00Z',
        pci=('05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
