"""heldout-public-382's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-382/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except a8c9914754d2, minikube, pool0-00002, gpu-cluster-worker and v4.radia.run, which the evidence prints),
GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ecsami-47-ecs-gpu-ami-kernel-update-breaks-nvidia-module-no-dkms-package-added': Backdrop(
        'ecs-gpu-node',
        'A10',
        '550.144.03',
        '2022-04-19T11:30:00Z',
        '2022-04-19T12:10:00Z',
        pci=('01',),
    ),
    'rocker-88-docker-could-not-select-device-driver-gpu-nvidia-docker-not-installed': Backdrop(
        'rocker-host',
        'A10',
        '550.144.03',
        '2020-05-11T11:30:00Z',
        '2020-05-11T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1442-unsatisfied-condition-cuda-11-container-on-host-driver-older-than-450': Backdrop(
        'xenial-gpu-host',
        'A10',
        '550.144.03',
        '2021-01-02T11:30:00Z',
        '2021-01-02T12:10:00Z',
        pci=('01',),
    ),
    'horovod-150-openmpi-read-minus-1-expected-errno-1-in-unprivileged-container-safely-ignored-benign': Backdrop(
        'a8c9914754d2',
        'A10',
        '550.144.03',
        '2018-01-18T11:30:00Z',
        '2018-01-18T12:10:00Z',
        pci=('01',),
    ),
    'popos-289-nvidia-container-toolkit-broken-on-cgroups-v2-toolkit-older-than-1-8-0': Backdrop(
        'popos-gpu-host',
        'A10',
        '550.144.03',
        '2022-10-11T11:30:00Z',
        '2022-10-11T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-61-pod-requesting-zero-gpus-sees-all-gpus-nvidia-visible-devices-set-by-image': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2018-07-10T11:30:00Z',
        '2018-07-10T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-57-minikube-node-shows-no-nvidia-gpu-capacity-docker-default-runtime-not-nvidia': Backdrop(
        'minikube',
        'A10',
        '550.144.03',
        '2018-06-26T11:30:00Z',
        '2018-06-26T12:10:00Z',
        pci=('01',),
    ),
    'nvcr-190-podman-gpus-flag-no-op-and-docker-hook-not-loaded-nvidia-smi-not-found': Backdrop(
        'cdi-gpu-host',
        'A10',
        '550.144.03',
        '2023-07-23T11:30:00Z',
        '2023-07-23T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-1080-nv-graphics-program-fails-host-libgldispatch-needs-newer-glibc-than-container': Backdrop(
        'machine-failed',
        'A10',
        '550.144.03',
        '2023-02-13T11:30:00Z',
        '2023-02-13T12:10:00Z',
        pci=('01',),
    ),
    'enroot-54-enroot-gpu-container-fails-with-cgroups-device-bind-libnvidia-container-no-devbind': Backdrop(
        'chas052',
        'A10',
        '550.144.03',
        '2021-01-18T11:30:00Z',
        '2021-01-18T12:10:00Z',
        pci=('01',),
    ),
    'hopsworks-1557-dataloader-bus-error-no-space-left-docker-default-shm-64m': Backdrop(
        'hopsworks-jupyter',
        'A10',
        '550.144.03',
        '2025-11-06T11:30:00Z',
        '2025-11-06T12:10:00Z',
        pci=('01',),
    ),
    'tabbyapi-387-tensor-parallel-model-load-errno-28-docker-compose-shm-size-too-small': Backdrop(
        'tabbyapi-host',
        'A10',
        '550.144.03',
        '2025-10-11T11:30:00Z',
        '2025-10-11T12:10:00Z',
        pci=('01', '02',),
    ),
    'libnvc-313-pyxis-enroot-mount-error-failed-to-add-device-rules-after-libnvidia-container-1-17-7': Backdrop(
        'pool0-00002',
        'A10',
        '550.144.03',
        '2025-05-20T07:02:00Z',
        '2025-05-20T07:42:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'dra-787-mig-cdi-spec-missing-nvidia-cap-dev-nodes-workload-sees-only-parent-gb200': Backdrop(
        'gb200-node',
        'A10',
        '550.144.03',
        '2025-11-02T21:08:00Z',
        '2025-11-02T21:48:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'migparted-82-pod-createcontainererror-after-mig-reconfig-cdi-spec-before-nvidia-cap-nodes': Backdrop(
        'gpu-cluster-worker',
        'A10',
        '550.144.03',
        '2024-06-17T11:30:00Z',
        '2024-06-17T12:10:00Z',
        pci=('01',),
    ),
    'nvctk-1740-mig-mixed-device-plugin-fails-jit-cdi-mode-does-not-inject-nvidia-cap-devices': Backdrop(
        'mig-gpu-node',
        'A10',
        '550.144.03',
        '2026-03-18T11:30:00Z',
        '2026-03-18T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-63-no-gpu-during-docker-build-gpu-tests-in-dockerfile-silent-no-op-by-design-benign': Backdrop(
        'build-host',
        'A10',
        '550.144.03',
        '2016-03-29T11:30:00Z',
        '2016-03-29T12:10:00Z',
        pci=('01',),
    ),
    'radiasoft-132-mpi-read-minus-1-errno-1-in-container-without-sys-ptrace-results-correct-benign': Backdrop(
        'v4.radia.run',
        'A10',
        '550.144.03',
        '2018-02-15T11:30:00Z',
        '2018-02-15T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-440-nvidia-module-not-found-after-update-on-battery-dkms-build-not-triggered': Backdrop(
        'cachyos-laptop',
        'A10',
        '550.144.03',
        '2026-05-05T11:30:00Z',
        '2026-05-05T12:10:00Z',
        pci=('01',),
    ),
    'horovod-1081-pytorch-dataloader-bus-error-insufficient-shm-docker-default-64m-in-pod': Backdrop(
        'k8s-horovod-node',
        'A10',
        '550.144.03',
        '2019-05-16T11:30:00Z',
        '2019-05-16T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
