"""heldout-public-369's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-369/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ip-0AB85F07 and node03, which the evidence prints), GPU counts, bus numbers (01..N in index order; 1A for gpu0 of the k8s-device-plugin-110 case is as printed) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpu-operator-2842-cuda-validator-busy-or-unavailable-v100-validator-image-missing-sm70-packaging-regression': Backdrop(
        'ocp-v100-node',
        'A10',
        '550.144.03',
        '2026-08-01T11:30:00Z',
        '2026-08-01T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1063-pipeline-lane-stalls-one-a100-silently-freezes-no-xid-no-ecc-faulty-gpu-found-by-swapping-pods': Backdrop(
        'gpu-pod-node',
        'A10',
        '550.144.03',
        '2023-11-10T11:30:00Z',
        '2023-11-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvbandwidth-53-h2d-bidirectional-bandwidth-lower-with-memory-clock-locked-nvidia-smi-lmc-benign': Backdrop(
        'bench-node',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-41-internal-error-container-missing-ib-verbs-userspace-driver-libmlx5': Backdrop(
        'ip-0AB85F07',
        'A10',
        '550.144.03',
        '2020-05-14T11:30:00Z',
        '2020-05-14T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nccl-tests-5-unhandled-cuda-error-allreduce-8-p100-nccl-1-0-settled-by-updating-nccl': Backdrop(
        'node03',
        'A10',
        '550.144.03',
        '2018-01-09T11:30:00Z',
        '2018-01-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-2418-illegal-memory-access-512kib-collectives-dual-rtx-pro-6000-nccl-2-26-2-not-with-2-31-2': Backdrop(
        'bw-workstation',
        'A10',
        '550.144.03',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('01', '02',),
    ),
    'k8s-device-plugin-110-gpu0-held-in-p0-at-idle-by-device-plugin-nvml-client-benign': Backdrop(
        'k8s-titan-node',
        'A10',
        '550.144.03',
        '2019-04-29T11:30:00Z',
        '2019-04-29T12:10:00Z',
        pci=('1A', '1B',),
    ),
    'k8s-device-plugin-100-node-advertises-zero-gpus-after-k8s-upgrade-docker-default-runtime-not-nvidia': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2019-03-07T11:30:00Z',
        '2019-03-07T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nvidia-docker-80-no-such-volume-nvidia-driver-after-driver-reinstall-plugin-not-restarted': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2016-04-20T11:30:00Z',
        '2016-04-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
