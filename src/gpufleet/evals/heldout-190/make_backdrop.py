"""heldout-public-190's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-190/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and for GPUs no source names); hosts and bus
numbers are stand-ins; drivers are stand-ins except where a source prints one (see each case's description).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpushare-36-device-plugin-nvml-not-loadable-after-kernel-5-10-fixed-by-kernel-4-18': Backdrop(
        'gpushare-k8s-node',
        'A10',
        '460.73.01',
        '2021-04-28T11:30:00Z',
        '2021-04-28T12:10:00Z',
        pci=('01',),
    ),
    'ctk-38-podman-cdi-spec-unknown-field-hostpath-nvidia-ctk-rc-newer-than-podman-cdi': Backdrop(
        'rhel8-podman-gpu',
        'A10',
        '520.61.05',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-991-containerd-restart-leaves-device-plugin-init-stuck-created': Backdrop(
        'gpu-operator-node',
        'A10',
        '550.90.07',
        '2024-09-13T11:30:00Z',
        '2024-09-13T12:10:00Z',
        pci=('01',),
    ),
    'comfyuieks-15-gpu-feature-discovery-0-8-0-crash-fixed-by-upgrade': Backdrop(
        'eks-comfyui-gpu-node',
        'A10',
        '535.183.01',
        '2024-09-04T11:30:00Z',
        '2024-09-04T12:10:00Z',
        pci=('01',),
    ),
    'awsdocs-22-eks-gpu-ami-driver-too-old-for-cuda-10-image-requirement-error': Backdrop(
        'eks-gpu-ami-worker',
        'A10',
        '396.44',
        '2018-10-07T11:30:00Z',
        '2018-10-07T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-3992-dcgm-and-operator-pods-lose-gpus-nvidia-visible-devices-change': Backdrop(
        'bottlerocket-gpu-node',
        'A10',
        '535.161.07',
        '2024-05-29T11:30:00Z',
        '2024-05-29T12:10:00Z',
        pci=('01',),
    ),
    'ctk-982-k3s-plus-docker-two-containerd-binaries-toolkit-patches-wrong-config': Backdrop(
        'k3s-docker-gpu-node',
        'A10',
        '570.133.20',
        '2025-06-10T11:30:00Z',
        '2025-06-10T12:10:00Z',
        pci=('01',),
    ),
    'llmd-352-vllm-dp16-pods-crashloop-dev-shm-full-nccl': Backdrop(
        'llmd-dp16-gpu-node',
        'A10',
        '570.148.08',
        '2025-10-13T11:30:00Z',
        '2025-10-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gke-cea-133-node-auto-upgrade-changed-driver-418-nvml-version-mismatch': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '418.67',
        '2020-01-28T11:30:00Z',
        '2020-01-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
