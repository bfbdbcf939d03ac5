"""heldout-public-166's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-166/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in); hosts, GPU counts, bus numbers and drivers are stand-ins
(no source prints a driver version or a bus id; see each case's description). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wynton-incidents2022-scheduler-disabled-emergency-shutdown-data-center-ambient-temperature-rise': Backdrop(
        'wynton-gpu-node',
        'A10',
        '535.183.01',
        '2022-03-26T15:30:00Z',
        '2022-03-26T16:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'wynton-incidents2024-emergency-shutdown-all-compute-nodes-chilled-water-cooling-failure': Backdrop(
        'wynton-gpu-node-24',
        'A10',
        '535.183.01',
        '2024-01-25T18:55:00Z',
        '2024-01-25T19:35:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'wynton-incidents2025-jobs-suspended-file-system-timeouts-beegfs-metadata-mirror-resync': Backdrop(
        'wynton-gpu-node-25',
        'A10',
        '535.183.01',
        '2025-04-11T18:30:00Z',
        '2025-04-11T19:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'gpucluster28-incident-0402-dcgm-no-data-scrape-timeouts-gpu-node-default-route-on-1gbe-benign': Backdrop(
        'v100-gpu-01',
        'A10',
        '550.144.03',
        '2026-04-02T11:30:00Z',
        '2026-04-02T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'gpucluster28-incident-0416-yolov8-serving-rollout-stuck-pod-scheduled-on-wrong-gpu-node-no-nodeselector': Backdrop(
        '2080ti-gpu-03',
        'A10',
        '550.144.03',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'uvarc-post-2025-oct-partial-hpc-shutdown-25-gpu-nodes-planned-ats-power-maintenance-benign': Backdrop(
        'udc-gpu-node',
        'A10',
        '550.127.05',
        '2025-10-25T10:30:00Z',
        '2025-10-25T11:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'uvarc-post-2026-may-maintenance-afton-rivanna-down-nvidia-driver-upgrade-595-planned-benign': Backdrop(
        'afton-gpu-mig-node',
        'A10',
        '550.127.05',
        '2026-05-26T09:30:00Z',
        '2026-05-26T10:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'lumi-known-issues-jobs-stuck-in-cg-completing-state-missing-management-software-component': Backdrop(
        'lumi-g-node',
        'A10',
        '550.90.07',
        '2022-09-16T11:30:00Z',
        '2022-09-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'wynton-incidents2023-beegfs-communication-error-on-send-cluster-shut-down-metadata-server-kernel-bug': Backdrop(
        'wynton-gpu-node-23',
        'A10',
        '535.183.01',
        '2023-10-27T20:15:00Z',
        '2023-10-27T20:55:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'fredhutch-scicomp-2025-04-01-slowness-on-rhino-gizmo-nodes-silver-storage-latency-platform-filling-up': Backdrop(
        'gizmo-gpu-node',
        'A10',
        '535.216.01',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('18',),
    ),
    'fredhutch-scicomp-2021-08-08-gizmo-jobs-using-more-cores-than-requested-no-cgroup-fencing-slurm': Backdrop(
        'gizmo-gpu-node-cg',
        'A10',
        '535.216.01',
        '2021-08-08T11:30:00Z',
        '2021-08-08T12:10:00Z',
        pci=('18',),
    ),
    'fredhutch-scicomp-2023-03-06-fasterq-dump-on-scratch-hangs-gizmo-nodes-reboot-needed-filesystem-bug': Backdrop(
        'gizmo-gpu-node-fq',
        'A10',
        '535.216.01',
        '2023-03-06T11:30:00Z',
        '2023-03-06T12:10:00Z',
        pci=('18',),
    ),
    'rhssa-ocp-kludges-gpu-operator-clusterpolicy-notready-validator-createcontainererror-ocp-4-18-22-hook': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '570.172.08',
        '2025-09-17T11:30:00Z',
        '2025-09-17T12:10:00Z',
        pci=('18',),
    ),
    'ucr-hpcc-alerts-2025-05-14-campus-power-outage-gpu01-05-not-on-ups-jobs-lost-requeued': Backdrop(
        'gpu01',
        'A10',
        '550.127.05',
        '2025-05-14T07:30:00Z',
        '2025-05-14T08:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-05-19-compute-nodes-stuck-completing-after-worker-node-hardware-issue-reboot': Backdrop(
        'archer2-nid001234',
        'A10',
        '550.54.15',
        '2022-05-19T07:30:00Z',
        '2022-05-19T08:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-07-18-reduced-compute-nodes-edinburgh-heat-wave-cooling-issues': Backdrop(
        'archer2-nid002345',
        'A10',
        '550.54.15',
        '2022-07-18T12:30:00Z',
        '2022-07-18T13:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2024-03-12-gpu-nodes-reserved-for-training-course-unavailable-to-users-benign': Backdrop(
        'archer2-gpu-node',
        'A10',
        '550.54.15',
        '2024-03-12T09:00:00Z',
        '2024-03-12T09:40:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-10-05-mpi-jobs-fail-no-route-to-host-slingshot-optical-cable-links-down': Backdrop(
        'archer2-nid003456',
        'A10',
        '550.54.15',
        '2022-10-05T07:30:00Z',
        '2022-10-05T08:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2024-02-23-subset-of-compute-nodes-lost-power-jobs-failed-new-jobs-held': Backdrop(
        'archer2-nid004567',
        'A10',
        '550.54.15',
        '2024-02-23T12:00:00Z',
        '2024-02-23T12:40:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-06-15-734-compute-nodes-unavailable-power-issue-with-cabinets-21-23': Backdrop(
        'archer2-nid005678',
        'A10',
        '550.54.15',
        '2022-06-15T19:00:00Z',
        '2022-06-15T19:40:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-09-21-high-speed-network-issue-some-nodes-fixed-by-hpe-switch-reset': Backdrop(
        'archer2-nid006789',
        'A10',
        '550.54.15',
        '2022-09-21T08:10:00Z',
        '2022-09-21T08:50:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'archer2-alert-2022-07-14-full-system-shut-down-edinburgh-lothians-regional-power-outage': Backdrop(
        'archer2-nid007890',
        'A10',
        '550.54.15',
        '2022-07-14T20:30:00Z',
        '2022-07-14T21:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
