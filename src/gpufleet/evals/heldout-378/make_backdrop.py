"""heldout-public-378's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-378/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except olivi and username, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'caffe-64-conv4-backward-gpu-util-drops-to-3pct-then-segfault-nvidia-driver-331-38-bug-downgrade-to-331-20': Backdrop(
        'caffe-gpu-node',
        'A10',
        '550.144.03',
        '2014-01-29T11:30:00Z',
        '2014-01-29T12:10:00Z',
        pci=('01',),
    ),
    'vllm-34643-cuda-oom-kills-vllm-parent-orphan-worker-processes-keep-running-and-hold-gpu-memory': Backdrop(
        'vllm-node',
        'A10',
        '550.144.03',
        '2026-02-14T01:35:12Z',
        '2026-02-14T02:15:12Z',
        pci=('01',),
    ),
    'vllm-43060-sigkill-of-vllm-omni-serve-process-leaves-orphan-workers-holding-gpu-memory-no-parent-death-detection': Backdrop(
        'omni-node',
        'A10',
        '550.144.03',
        '2026-05-19T11:30:00Z',
        '2026-05-19T12:10:00Z',
        pci=('01',),
    ),
    'ollama-8200-ollama-hangs-on-grid-p4-4q-vgpu-guest-unlicensed-vgpu-software-enforced-licensing': Backdrop(
        'olivi',
        'A10',
        '550.144.03',
        '2024-12-21T10:39:44Z',
        '2024-12-21T11:19:44Z',
        pci=('01',),
    ),
    'ollama-1863-ollama-and-vllm-drop-to-0-1-tok-s-after-a-while-on-p40-vgpu-forgot-vgpu-licence': Backdrop(
        'proxmox-guest',
        'A10',
        '550.144.03',
        '2024-05-31T11:30:00Z',
        '2024-05-31T12:10:00Z',
        pci=('01',),
    ),
    'triton-1838-tritonserver-20-06-container-built-for-driver-450-36-host-driver-440-100-cuinit-804': Backdrop(
        'triton-host',
        'A10',
        '550.144.03',
        '2020-07-28T14:37:30Z',
        '2020-07-28T15:17:30Z',
        pci=('01', '02',),
    ),
    'mozilla-translations-1167-taskcluster-gpu-training-tasks-exit-75-nvml-driver-library-version-mismatch': Backdrop(
        'taskcluster-gpu-worker',
        'A10',
        '550.144.03',
        '2025-07-01T04:36:30Z',
        '2025-07-01T05:16:30Z',
        pci=('01',),
    ),
    'cudf-355-cudf-cuml-kmeans-sample-fails-ubuntu-18-04-default-driver-390-87-too-old-for-cuda-9-2': Backdrop(
        'rapids-dev',
        'A10',
        '550.144.03',
        '2018-11-09T11:30:00Z',
        '2018-11-09T12:10:00Z',
        pci=('01',),
    ),
    'turicreate-1412-object-detector-create-killed-python-invoked-oom-killer-16g-host-ram-no-swap': Backdrop(
        'username',
        'A10',
        '550.144.03',
        '2019-02-11T23:22:18Z',
        '2019-02-12T00:02:18Z',
        pci=('01',),
    ),
    'gpustack-1099-gpustack-container-loses-gpu-access-after-a-day-restart-container-restores-nvidia-toolkit': Backdrop(
        'gpustack-node',
        'A10',
        '550.144.03',
        '2025-01-26T11:30:00Z',
        '2025-01-26T12:10:00Z',
        pci=('01',),
    ),
    'nccl-374-pytorch-process-at-400pct-cpu-nccl-network-threads-busy-wait-expected-benign': Backdrop(
        'lab-gpu-node',
        'A10',
        '550.144.03',
        '2020-08-18T11:30:00Z',
        '2020-08-18T12:10:00Z',
        pci=('01',),
    ),
    'gotch-47-gpu-memory-stays-allocated-after-tensor-drop-until-process-exit-pytorch-caching-allocator-benign': Backdrop(
        'gotch-dev',
        'A10',
        '550.144.03',
        '2021-07-19T11:30:00Z',
        '2021-07-19T12:10:00Z',
        pci=('01',),
    ),
    'espnet-185-chainer-multi-gpu-grad-norm-inf-nan-with-apt-nccl-2-x-works-with-nccl-1-x-built-from-git': Backdrop(
        'espnet-node',
        'A10',
        '550.144.03',
        '2018-05-22T11:30:00Z',
        '2018-05-22T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
