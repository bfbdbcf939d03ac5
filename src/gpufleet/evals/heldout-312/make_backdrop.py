"""heldout-public-312's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-312/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except mydocker01, luigi, s12gn3064, cn828, lh-g23-297 and ampere, which the evidence prints), bus numbers
(01..N in index order; the six buses of sichek-52 as its device lines print them) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'rccl-1423-mlx5-7-port-state-flapping-down-polling-active-suspected-nic-hardware': Backdrop(
        'rccl1423-vm1',
        'A10',
        '550.144.03',
        '2024-11-14T11:30:00Z',
        '2024-11-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'horovod-209-mpi-tcp-connect-back-fails-docker-network-masquerade-non-routed-interfaces': Backdrop(
        'mydocker01',
        'A10',
        '550.144.03',
        '2018-03-13T11:30:00Z',
        '2018-03-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nv-peer-memory-36-ibv-reg-mr-fails-on-gpu-buffer-nv-peer-mem-module-not-loaded': Backdrop(
        'luigi',
        'A10',
        '550.144.03',
        '2018-04-06T11:30:00Z',
        '2018-04-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cloud-native-stack-95-nicclusterpolicy-not-created-mofed-missing-gpu-driver-daemonset-stuck-with-rdma': Backdrop(
        'cns95-worker1',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-799-ibv-no-such-device-one-hca-mlx5-3-unusable-excluded-with-nccl-ib-hca': Backdrop(
        'nccl799-node1',
        'A10',
        '550.144.03',
        '2023-03-11T11:30:00Z',
        '2023-03-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gdrcopy-234-gdrdrv-loaded-with-modprobe-creates-no-dev-gdrdrv-node-insmod-sh-fixes': Backdrop(
        'gdrcopy234-node1',
        'A10',
        '550.144.03',
        '2022-09-05T11:30:00Z',
        '2022-09-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'sglang-12533-nvshmem-ibgda-init-fails-mlx5dv-devx-uar-non-privileged-ci-runner': Backdrop(
        'gb200-ci-runner',
        'A10',
        '550.144.03',
        '2025-11-03T11:30:00Z',
        '2025-11-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvshmem-34-ibgda-works-without-regkey-or-gdrcopy-cpu-assisted-ibgda-expected-benign': Backdrop(
        'nvshmem34-node1',
        'A10',
        '550.144.03',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-1618-bootstrap-hang-socketpollconnect-no-pollout-destination-node-dropping-tcp-syn': Backdrop(
        's12gn3064',
        'A10',
        '550.144.03',
        '2025-02-16T22:01:34Z',
        '2025-02-16T22:41:34Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-2953-false-unused-env-variable-warning-for-ucx-net-devices-that-is-used-benign': Backdrop(
        'cn828',
        'A10',
        '550.144.03',
        '2018-10-12T18:17:29Z',
        '2018-10-12T18:57:29Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'oceananigans-5445-multi-node-gpu-hang-cray-mpich-malformed-env-entry-after-mpi-init': Backdrop(
        'perlmutter-gpu-node1',
        'A10',
        '550.144.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'multi-gpu-programming-models-19-multi-node-p2p-error-imex-channels-not-set-up': Backdrop(
        'mgpm19-h100x8',
        'A10',
        '550.144.03',
        '2024-10-31T11:30:00Z',
        '2024-10-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-245-dma-buf-available-line-with-gdr-disabled-generic-init-probe-benign': Backdrop(
        'ncclt245-a10g-node1',
        'A10',
        '550.144.03',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01',),
    ),
    'sichek-52-default-8-byte-nccl-connectivity-test-fails-bandwidth-check-false-negative-benign': Backdrop(
        'lh-g23-297',
        'A10',
        '550.144.03',
        '2026-01-11T11:30:00Z',
        '2026-01-11T12:10:00Z',
        pci=('0f', '34', '48', '5a', '87', 'ae', 'c1', 'c2'),
    ),
    'aws-do-eks-50-vllm-cross-node-gloo-falls-back-to-loopback-socket-ifname-not-set': Backdrop(
        'eks-gpu-worker',
        'A10',
        '550.144.03',
        '2026-08-08T11:30:00Z',
        '2026-08-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'training-gym-421-multi-node-import-fails-libibverbs-ibverbs-private-34-rdma-library-mismatch-in-image': Backdrop(
        'tgym421-node1',
        'A10',
        '550.144.03',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ompi-6468-failed-to-create-completion-queue-in-docker-locked-memory-limit-ulimit-memlock': Backdrop(
        'ompi6468-container-host',
        'A10',
        '550.144.03',
        '2019-03-12T11:30:00Z',
        '2019-03-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-8746-ibv-create-cq-memlock-error-printed-on-shared-memory-only-run-misleading-benign': Backdrop(
        'ampere',
        'A10',
        '550.144.03',
        '2022-11-17T14:08:23Z',
        '2022-11-17T14:48:23Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-10095-cuda-segfaults-in-gpu-docker-tests-container-without-ipc-host': Backdrop(
        'ucx-ci-gpu-node',
        'A10',
        '550.144.03',
        '2024-08-27T11:30:00Z',
        '2024-08-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'deep-learning-containers-6114-efa-nccl-test-system-not-yet-initialized-embargo-driver-vs-cuda-compat': Backdrop(
        'dlc-efa-a100-host',
        'A10',
        '550.144.03',
        '2026-05-20T11:30:00Z',
        '2026-05-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-347-multi-node-busbw-halved-cross-numa-gpu-nic-traffic': Backdrop(
        'nccltests347-node-a',
        'A10',
        '550.144.03',
        '2025-10-08T11:30:00Z',
        '2025-10-08T12:10:00Z',
        pci=('04', '23', '44', '63', '84', 'a3', 'c3', 'e4'),
    ),
    'sglang-5980-multi-node-h100-performance-drop-docker-image-upgraded-nccl-2-26-2': Backdrop(
        'sglang5980-h100-node1',
        'A10',
        '550.144.03',
        '2025-05-02T11:30:00Z',
        '2025-05-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'text-generation-inference-2099-tp-shards-hang-in-nccl-allreduce-nccl-regression-from-pytorch-2-3-image': Backdrop(
        'tgi2099-h100-node1',
        'A10',
        '550.144.03',
        '2024-06-20T11:30:00Z',
        '2024-06-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'viewdiff-24-nccl-duplicate-gpu-detected-four-processes-launched-on-one-gpu': Backdrop(
        'viewdiff24-ws1',
        'A10',
        '550.144.03',
        '2024-09-04T02:19:57Z',
        '2024-09-04T02:59:57Z',
        pci=('10',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
