"""heldout-public-444's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-444/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except k8s-t4-node and h-kim-0 (printed by their evidence); GPU counts follow what the source names (8 for the
p4d platform of nccl-tests-57, 4 for the "4GPU machine" of nccl-tests-217) and are one GPU otherwise; bus numbers are
stand-ins 01..N (no source prints a bus id for the GPU at fault); the driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pai-2656-openpai-job-dataloader-bus-error-insufficient-shm-container-shm-limit-raised-in-job-config': Backdrop(
        'pai-worker-01',
        'A10',
        '550.144.03',
        '2019-04-24T11:30:00Z',
        '2019-04-24T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-676-rhel-ppc64le-container-nvml-insufficient-permissions-selinux-labels-on-device-files': Backdrop(
        'rhel-ppc64le-01',
        'A10',
        '550.144.03',
        '2018-03-20T11:30:00Z',
        '2018-03-20T12:10:00Z',
        pci=('01',),
    ),
    'surface-202-surface-book-2-cuda-driver-version-insufficient-on-custom-kernel-driver-reinstalled-384': Backdrop(
        'surface-book2-01',
        'A10',
        '550.144.03',
        '2018-06-16T11:30:00Z',
        '2018-06-16T12:10:00Z',
        pci=('01',),
    ),
    'ml-dev-env-openshift-nccl-roce-ibv-wc-loc-prot-err-pod-memlock-limit-8mb-scc-blocks-raise': Backdrop(
        'h-kim-0',
        'A10',
        '550.144.03',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-1026-jetson-train-ssd-dataloader-fork-cannot-allocate-memory-mount-swap-disable-gui': Backdrop(
        'jetson-01',
        'A10',
        '550.144.03',
        '2021-04-26T11:30:00Z',
        '2021-04-26T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1486-arch-gpu-container-oci-runtime-create-failed-cgroup-v2-fixed-unified-cgroup-hierarchy-false': Backdrop(
        'arch-gpu-01',
        'A10',
        '550.144.03',
        '2021-04-09T11:30:00Z',
        '2021-04-09T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-222-after-node-reboot-pods-lack-permission-nvidia-uvm-devices-udev-rules-and-docker-ordering': Backdrop(
        'k8s-t4-node',
        'A10',
        '550.144.03',
        '2021-01-14T11:30:00Z',
        '2021-01-14T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-57-p4d-nccl-cpu-affinity-mask-differs-slurm-vs-openmpi-launcher-binding-benign': Backdrop(
        'p4d-slurm-01',
        'A10',
        '550.144.03',
        '2020-11-17T11:30:00Z',
        '2020-11-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pai-2446-openpai-nvidia-384-module-build-fails-on-kernel-4-4-0-143-get-user-pages-driver-418-image': Backdrop(
        'pai-worker-02',
        'A10',
        '550.144.03',
        '2019-03-29T11:30:00Z',
        '2019-03-29T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-217-all-reduce-perf-hangs-on-4-gpu-host-eset-web-access-protection-blocking-sockets': Backdrop(
        'eset-gpu-host-01',
        'A10',
        '550.144.03',
        '2024-05-23T11:30:00Z',
        '2024-05-23T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'k8s-device-plugin-145-kubelet-static-cpu-manager-policy-pod-loses-gpu-nvml-unknown-error-after-delay': Backdrop(
        'k8s-gpu-node-01',
        'A10',
        '550.144.03',
        '2019-11-13T11:30:00Z',
        '2019-11-13T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
