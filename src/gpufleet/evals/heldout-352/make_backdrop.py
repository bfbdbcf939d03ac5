"""heldout-public-352's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-352/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except nid00153, haswell-094, b300-004 and node016, which the evidence prints), the GPU counts, bus numbers
(01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ompi-286-cuda-aware-openmpi-segfault-in-cumemhostunregister-checkmem-zero-fixed-in-1-8-6': Backdrop(
        'jetson-tk1',
        'A10',
        '550.144.03',
        '2014-11-24T11:30:00Z',
        '2014-11-24T12:10:00Z',
        pci=('01',),
    ),
    'mpich-7304-gpu-ipc-handle-map-failed-cudaipcopenmemhandle-not-permitted-free-hooks-link-order': Backdrop(
        'mpich-node01',
        'A10',
        '550.144.03',
        '2025-02-15T11:30:00Z',
        '2025-02-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cscs-161-cxil-map-write-error-inter-node-gpu-aware-mpi-system-misconfiguration-fixed-by-update': Backdrop(
        'cscs-gh200-node',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ucx-3192-cuda-ipc-cache-failed-to-open-ipc-mem-handle-element-already-exists-buffers-preregistered': Backdrop(
        'ucx-node01',
        'A10',
        '550.144.03',
        '2019-02-07T11:30:00Z',
        '2019-02-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucxx-734-cuda-ipc-disabled-in-ci-because-of-ucx-1-21-issue-resolved-in-1-22': Backdrop(
        'ucxx-ci-node',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02',),
    ),
    'nccl-1267-ncclsocketinit-address-family-0-mismatched-nccl-versions-across-nodes-aligned-fixed': Backdrop(
        'nccl-node1',
        'A10',
        '550.144.03',
        '2024-04-26T11:30:00Z',
        '2024-04-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'determined-4297-deepspeed-nccl-picks-wrong-interface-rsip-instead-of-ipogif0-set-nccl-socket-ifname': Backdrop(
        'nid00153',
        'A10',
        '550.144.03',
        '2022-06-09T11:30:00Z',
        '2022-06-09T12:10:00Z',
        pci=('01',),
    ),
    'nccltests-213-nccl-tests-run-separately-on-each-node-built-with-openmpi-5-rebuilt-with-4-1': Backdrop(
        'h100-node01',
        'A10',
        '550.144.03',
        '2024-05-09T11:30:00Z',
        '2024-05-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-7461-error-initializing-openfabrics-device-ucx-libraries-not-found-on-compute-node-haswell-094': Backdrop(
        'haswell-094',
        'A10',
        '550.144.03',
        '2020-02-24T11:30:00Z',
        '2020-02-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-1512-hang-in-mpi-finalize-with-rc-sm-not-a-bug-test-timeout-too-short-benign': Backdrop(
        'ucx-mtt-node',
        'A10',
        '550.144.03',
        '2017-05-14T11:30:00Z',
        '2017-05-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'inferencex-1944-intermittent-kv-transfer-failure-on-node-b300-004-nic-mlx5-10-node-excluded': Backdrop(
        'b300-004',
        'A10',
        '550.144.03',
        '2026-06-26T11:30:00Z',
        '2026-06-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-3198-ucx-info-does-not-report-cuda-gdrcopy-transports-without-ld-library-path-expected-benign': Backdrop(
        'ucx-gpu-node',
        'A10',
        '550.144.03',
        '2019-02-08T11:30:00Z',
        '2019-02-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'lnst-403-ib-send-bw-bw-peak-wont-be-measured-warning-breaks-output-parser-filtered-benign': Backdrop(
        'lnst-rdma-host',
        'A10',
        '550.144.03',
        '2025-05-28T11:30:00Z',
        '2025-05-28T12:10:00Z',
        pci=('01',),
    ),
    'cea-570-gpudirect-tcpx-rx-bindings-overlap-tx-cpus-124-125-contention-range-fixed-126-139': Backdrop(
        'a3-highgpu-node',
        'A10',
        '550.144.03',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'omnia-4071-multi-node-mpi-jobs-orte-daemon-blocked-by-closed-firewall-port-fixed': Backdrop(
        'omnia-node01',
        'A10',
        '550.144.03',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mpich-4599-hydra-mpi-init-hang-node015-local-not-resolvable-on-node016-mpich-3-3-2-patch-culprit': Backdrop(
        'node016',
        'A10',
        '550.144.03',
        '2020-06-03T11:30:00Z',
        '2020-06-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-119-allreduce-busbw-96-gbs-questioned-maintainer-says-target-reached-perfect-benign': Backdrop(
        'nccl-eval-node',
        'A10',
        '550.144.03',
        '2022-11-17T11:30:00Z',
        '2022-11-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-3244-mpi-finalize-hangs-cuipcclosememhandle-fails-cuda-deinitialized-regression-in-2-1-0': Backdrop(
        'ompi-gpu-host',
        'A10',
        '550.144.03',
        '2017-03-28T11:30:00Z',
        '2017-03-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-19-roce-allreduce-drops-to-few-mb-s-switch-not-in-lossless-pfc-mode-suggested': Backdrop(
        'roce-v100-node1',
        'A10',
        '550.144.03',
        '2019-04-17T11:30:00Z',
        '2019-04-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'spdk-2965-nvme-rdma-unload-stuck-connectx-4-lx-firmware-stuck-old-fw-updated-fixed': Backdrop(
        'spdk-ci-node',
        'A10',
        '550.144.03',
        '2023-03-29T11:30:00Z',
        '2023-03-29T12:10:00Z',
        pci=('01',),
    ),
    'gptneox-990-deepspeed-nccl-backend-not-yet-implemented-warning-generic-safe-to-ignore-benign': Backdrop(
        'gptneox-train-node',
        'A10',
        '550.144.03',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
