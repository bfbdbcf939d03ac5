"""heldout-public-132's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-132/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). The four switch cases (Mellanox hw-mgmt) have
no GPUs (pci=()). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvidia-ogkm-272-open-module-515-xid-119-gsp-rpc-timeout-driver-fix-integrated': Backdrop(
        'linux-zen-desktop',
        'A10',
        '515.43.04',
        '2022-06-30T11:30:00Z',
        '2022-06-30T12:10:00Z',
        pci=('09',),
    ),
    'gpu-operator-154-validator-pod-pending-on-tainted-gpu-node-no-toleration-setting': Backdrop(
        'k8s-gpu-node-01',
        'A10',
        '460.32.03',
        '2021-02-20T11:30:00Z',
        '2021-02-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db',),
    ),
    'gpu-operator-2854-dcgm-hostengine-started-without-nvml-zero-gpu-series-benign': Backdrop(
        'gpu-worker-07',
        'A10',
        '580.95.05',
        '2026-09-04T11:30:00Z',
        '2026-09-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db',),
    ),
    'tensorrt-llm-17060-nvl72-mnnvl-probe-invalid-argument-job-dies-illegal-memory-access': Backdrop(
        'nvl72-tray-r12-05',
        'A10',
        '580.65.06',
        '2026-07-30T11:30:00Z',
        '2026-07-30T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'dcgm-exporter-83-fb-used-percent-nonzero-on-idle-v100-reserved-framebuffer-benign': Backdrop(
        'v100-node-03',
        'A10',
        '515.65.01',
        '2022-07-25T11:30:00Z',
        '2022-07-25T12:10:00Z',
        pci=('18',),
    ),
    'tensorrt-llm-283-engine-built-with-paged-kv-cache-leaks-gpu-memory-until-oom': Backdrop(
        'llm-serve-a100-02',
        'A10',
        '535.104.05',
        '2023-11-05T11:30:00Z',
        '2023-11-05T12:10:00Z',
        pci=('18',),
    ),
    'tensorrt-llm-5509-executor-stop-words-request-leaks-host-memory-rss-grows-dgx-h100': Backdrop(
        'dgx-h100-11',
        'A10',
        '570.133.20',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db',),
    ),
    'rapids-notebooks-89-dask-workers-killed-gpu-memory-exhausted-in-etl-phase': Backdrop(
        'rapids-workstation',
        'A10',
        '410.104',
        '2019-03-21T11:30:00Z',
        '2019-03-21T12:10:00Z',
        pci=('01',),
    ),
    'dask-cuda-859-worker-oom-gpu-memory-not-freed-after-process-death-restart-fails': Backdrop(
        'dgx-gpubdb-01',
        'A10',
        '470.82.01',
        '2022-02-15T11:30:00Z',
        '2022-02-15T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd',),
    ),
    'mellanox-hw-mgmt-1940-switch-fans-fail-to-spin-after-reinsertion-customer-case': Backdrop(
        'ib-leaf-switch-03',
        'A10',
        'n/a',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=(),
    ),
    'mellanox-hw-mgmt-2900-sn5640-psu-hotspot-temperature-false-alarm-fw-thresholds-benign': Backdrop(
        'sn5640-spine-01',
        'A10',
        'n/a',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=(),
    ),
    'mellanox-hw-mgmt-2867-spc1-asic-chipup-fails-fan-pwm-control-lost-bad-serial-cable': Backdrop(
        'spc1-tor-switch-09',
        'A10',
        'n/a',
        '2026-08-25T11:30:00Z',
        '2026-08-25T12:10:00Z',
        pci=(),
    ),
    'mellanox-hw-mgmt-1086-mqm9700-psu-reports-fan2-fan3-errors-fans-do-not-exist-benign': Backdrop(
        'mqm9700-ib-leaf-12',
        'A10',
        'n/a',
        '2024-01-01T11:30:00Z',
        '2024-01-01T12:10:00Z',
        pci=(),
    ),
    'network-operator-2176-dgx-node-notready-doca-driver-openibd-restart-drops-connectx-oam': Backdrop(
        'dgx-worker-04',
        'A10',
        '580.95.05',
        '2026-02-13T11:30:00Z',
        '2026-02-13T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db',),
    ),
    'network-operator-250-dcgm-exporter-crashes-when-mofed-container-recreates-netdevs-benign': Backdrop(
        'ubuntu-gpu-node-02',
        'A10',
        '470.57.02',
        '2021-10-10T11:30:00Z',
        '2021-10-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db',),
    ),
    'gpu-monitoring-tools-142-dcgm-exporter-crashes-after-mig-reconfiguration-missing-caps-nodes-benign': Backdrop(
        'ocp-a100-worker-1',
        'A10',
        '450.80.02',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('07',),
    ),
    'nvidia-container-toolkit-884-toolkit-1-17-4-upgrade-containers-lose-gpus-visible-devices-void': Backdrop(
        'jupyterhub-a6000',
        'A10',
        '550.120',
        '2025-01-30T11:30:00Z',
        '2025-01-30T12:10:00Z',
        pci=('41', '61',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
