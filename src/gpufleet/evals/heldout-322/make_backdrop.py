"""heldout-public-322's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-322/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except dgj101, epyc0-1 and test-fluid, which the evidence prints), bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'jade-hpc-gpu-22-docker-gpu-jobs-fail-cgroup-cpuset-docker-dir-missing-on-five-nodes': Backdrop(
        'dgj101',
        'A10',
        '550.144.03',
        '2017-12-11T11:30:00Z',
        '2017-12-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hyperloom-1582-slurm-pyxis-forwards-host-gpu-mask-into-cgroup-renumbered-container-no-gpus': Backdrop(
        'hyperloom-node01',
        'A10',
        '550.144.03',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vcuda-controller-7-ecc-status-err-in-vcuda-container-wrong-gpu-manager-image-benign': Backdrop(
        'vcuda-node01',
        'A10',
        '550.144.03',
        '2020-08-25T11:30:00Z',
        '2020-08-25T12:10:00Z',
        pci=('01',),
    ),
    'vcuda-controller-25-concurrent-gpu-pods-fail-libcuda-copied-after-container-start-race': Backdrop(
        'vcuda-node02',
        'A10',
        '550.144.03',
        '2022-02-28T11:30:00Z',
        '2022-02-28T12:10:00Z',
        pci=('01',),
    ),
    'vcuda-controller-34-invalid-device-context-driver-530-vcuda-not-adapted-to-cuda-12': Backdrop(
        'vcuda-node03',
        'A10',
        '550.144.03',
        '2023-04-24T11:30:00Z',
        '2023-04-24T12:10:00Z',
        pci=('01',),
    ),
    'nanogpt-116-ddp-cuda-devices-busy-gpus-in-exclusive-process-mode-missing-set-device': Backdrop(
        'hpc-node01',
        'A10',
        '550.144.03',
        '2023-02-04T11:30:00Z',
        '2023-02-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'akash-support-207-operator-inventory-reports-zero-gpus-after-reboot-device-plugin-not-ready-benign': Backdrop(
        'akash-provider-node1',
        'A10',
        '550.144.03',
        '2024-04-04T11:30:00Z',
        '2024-04-04T12:10:00Z',
        pci=('01',),
    ),
    'nebari-1209-gcp-gpus-unusable-in-qhub-0-4-release-nvidia-installer-commented-out': Backdrop(
        'qhub-gcp-gpu-node',
        'A10',
        '550.144.03',
        '2022-03-29T11:30:00Z',
        '2022-03-29T12:10:00Z',
        pci=('01',),
    ),
    '2i2c-infrastructure-982-gpu-node-pool-machine-family-without-quota-switched': Backdrop(
        '2i2c-gpu-node',
        'A10',
        '550.144.03',
        '2022-02-07T11:30:00Z',
        '2022-02-07T12:10:00Z',
        pci=('01',),
    ),
    'oar3-112-gpu-reservation-resources-did-not-respond-oarcgdev-cgroup-helper-missing': Backdrop(
        'epyc0-1',
        'A10',
        '550.144.03',
        '2025-09-09T11:30:00Z',
        '2025-09-09T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-3259-fluidstack-a100-launch-fails-reboot-after-nvidia-driver-install-too-long': Backdrop(
        'test-fluid',
        'A10',
        '550.144.03',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01',),
    ),
    'starcluster-68-nvidia-kernel-module-fails-to-load-non-gpu-instance-type-chosen': Backdrop(
        'starcluster-node001',
        'A10',
        '550.144.03',
        '2012-01-30T11:30:00Z',
        '2012-01-30T12:10:00Z',
        pci=('01',),
    ),
    'osc-bc-jupyter-6-open-ondemand-jupyter-on-gpu-node-without-cuda-module-loaded': Backdrop(
        'osc-gpu-node',
        'A10',
        '550.144.03',
        '2017-05-09T11:30:00Z',
        '2017-05-09T12:10:00Z',
        pci=('01',),
    ),
    'radical-pilot-2091-summit-jsrun-masks-gpus-cuda-visible-devices-physical-vs-logical-index': Backdrop(
        'summit-node',
        'A10',
        '550.144.03',
        '2020-03-09T11:30:00Z',
        '2020-03-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'hami-1181-nvidia-smi-17tb-memory-in-hami-container-false-oom-accounting-corruption': Backdrop(
        'hami-node01',
        'A10',
        '550.144.03',
        '2025-07-10T11:30:00Z',
        '2025-07-10T12:10:00Z',
        pci=('01',),
    ),
    'soperator-1232-slurm-nodes-drained-on-false-positive-gres-gpu-count-benign': Backdrop(
        'soperator-worker-0',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
