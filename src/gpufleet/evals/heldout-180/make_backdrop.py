"""heldout-public-180's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-180/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins,
drivers are the ones a source prints or names where it does (418.87.01, 460.32.03, 550.127.05) and stand-ins
elsewhere (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuoperator-1323-k0s-operator-pods-fail-containerd-config-broken-by-toolkit-cli-config-retrieval': Backdrop(
        'k0s-gpu-node',
        'A10',
        '550.127.05',
        '2025-03-11T11:30:00Z',
        '2025-03-11T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-205-driver-pod-crashloop-could-not-resolve-kernel-after-centos-kernel-upgrade-to-5-4': Backdrop(
        'centos7-k8s-gpu',
        'A10',
        '460.32.03',
        '2021-06-08T11:30:00Z',
        '2021-06-08T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-8-driver-container-install-fails-dkms-conf-nouveau-loaded-blacklist-fixed': Backdrop(
        'ubuntu1804-gpu-node',
        'A10',
        '418.87.01',
        '2019-11-03T11:30:00Z',
        '2019-11-03T12:10:00Z',
        pci=('01',),
    ),
    'containertoolkit-1093-toolkit-1-17-7-update-breaks-enroot-pyxis-slurm-downgrade-fixes': Backdrop(
        'slurm-gpu-node',
        'A10',
        '570.124.06',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
    ),
    'dcgmexporter-35-exporter-crashloop-morestack-on-gsignal-g4dn-metal-gpus-healthy-benign': Backdrop(
        'g4dn-metal-node',
        'A10',
        '460.73.01',
        '2021-08-13T19:37:00Z',
        '2021-08-13T20:17:00Z',
    ),
    'dcgmexporter-133-exporter-3-1-3-panics-mapping-metrics-to-pods-3-0-4-fine-benign': Backdrop(
        'k8s-gpu-exporter-node',
        'A10',
        '515.65.01',
        '2023-01-24T11:30:00Z',
        '2023-01-24T12:10:00Z',
        pci=('01',),
    ),
    'nvsentinel-1663-infiniband-issm-device-check-marks-gb300-nodes-unhealthy-provider-disabled-sm-benign': Backdrop(
        'gb300-tray-01',
        'A10',
        '580.95.05',
        '2026-08-25T11:30:00Z',
        '2026-08-25T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
