"""heldout-public-108's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-108/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'singularity-5935-ngc-image-libcuda-not-found-container-run-without-nv': Backdrop(
        'hpc-singularity-node',
        'A10',
        '460.32.03',
        '2021-04-14T11:30:00Z',
        '2021-04-14T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-2261-nv-does-not-inject-libcudadebugger-cuda-gdb-fails': Backdrop(
        'alma9-apptainer-node',
        'A10',
        '550.54.15',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('01',),
    ),
    'gpu-direct-rdma-access-5-couldnt-register-gpu-mr-nv-peer-mem-service-disabled': Backdrop(
        'rdma-gpu-node',
        'A10',
        '510.73.05',
        '2022-06-13T11:30:00Z',
        '2022-06-13T12:10:00Z',
        pci=('01',),
    ),
    'fgci-ansible-role-cuda-23-openstack-v100-passthrough-vm-driver-not-built-kernel-devel-missing': Backdrop(
        'cudavm0',
        'A10',
        '418.87.01',
        '2019-10-23T11:30:00Z',
        '2019-10-23T12:10:00Z',
        pci=('05',),
    ),
    'kata-4211-rtx2080ti-passthrough-bar-no-space-pcie-root-port-not-enabled': Backdrop(
        'ai-2080ti-27',
        'A10',
        '510.73.05',
        '2022-05-31T11:30:00Z',
        '2022-05-31T12:10:00Z',
        pci=('01',),
    ),
    'kata-2938-large-bar-gpu-passthrough-fails-bars-need-preallocated-memory': Backdrop(
        'kata-gpu-host',
        'A10',
        '510.47.03',
        '2022-03-18T11:30:00Z',
        '2022-03-18T12:10:00Z',
        pci=('d0',),
    ),
    'compute-gpu-installation-10-gce-gpu-vm-driver-module-missing-after-kernel-update-on-preemption': Backdrop(
        'gce-gpu-vm',
        'A10',
        '510.47.03',
        '2022-05-19T11:30:00Z',
        '2022-05-19T12:10:00Z',
        pci=('04',),
    ),
    'olares-4051-stale-hami-gpu-annotation-app-placed-on-powered-off-node-pending': Backdrop(
        'olares-gpu-node',
        'A10',
        '580.95.05',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('01',),
    ),
    'opennebula-5968-gpus-invisible-for-pci-passthrough-after-vgpu-support-pci-rb-filter': Backdrop(
        'opennebula-kvm-host',
        'A10',
        '515.65.01',
        '2022-09-30T11:30:00Z',
        '2022-09-30T12:10:00Z',
        pci=('04',),
    ),
    'kubevirt-6459-vmi-gpu-count-does-not-match-devices-regression-external-resource-provider': Backdrop(
        'centos-kubevirt-node',
        'A10',
        '470.57.02',
        '2021-09-24T11:30:00Z',
        '2021-09-24T12:10:00Z',
        pci=('01',),
    ),
    'cozystack-2765-kubevirt-vm-with-gpu-rejected-missing-hostdevices-gate-and-permitted-devices': Backdrop(
        'cozystack-h200-node',
        'A10',
        '580.95.05',
        '2026-05-28T11:30:00Z',
        '2026-05-28T12:10:00Z',
        pci=('18',),
    ),
    'hco-1227-kubevirt-t4-not-permitted-in-permittedhostdevices-config-collision': Backdrop(
        'k8s-gpu-t4-node',
        'A10',
        '460.32.03',
        '2021-04-06T11:30:00Z',
        '2021-04-06T12:10:00Z',
        pci=('01',),
    ),
    'warewulf-2050-nvidia-dkms-image-node-boot-hangs-nm-wait-online-timeout': Backdrop(
        'rx760-t4-node',
        'A10',
        '580.95.05',
        '2025-10-22T11:30:00Z',
        '2025-10-22T12:10:00Z',
        pci=('01', '02',),
    ),
    'pai-2999-gpu-utilization-no-data-points-job-exporter-parsing-error-benign': Backdrop(
        'openpai-worker',
        'A10',
        '418.67',
        '2019-07-08T11:30:00Z',
        '2019-07-08T12:10:00Z',
        pci=('01',),
    ),
    'pai-2121-gpu-memory-utilization-is-memory-access-time-not-memory-used-benign': Backdrop(
        'openpai-worker-2',
        'A10',
        '410.79',
        '2019-02-01T11:30:00Z',
        '2019-02-01T12:10:00Z',
        pci=('01',),
    ),
    'pai-1366-node-exporter-readiness-probe-fails-latest-image-tag-benign': Backdrop(
        'openpai-gpu-node',
        'A10',
        '384.111',
        '2018-09-14T11:30:00Z',
        '2018-09-14T12:10:00Z',
        pci=('01',),
    ),
    'pai-1095-node-exporter-health-check-fails-on-master-with-unused-gpu-benign': Backdrop(
        'master-node',
        'A10',
        '384.111',
        '2018-08-17T11:30:00Z',
        '2018-08-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
