"""heldout-public-66's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-66/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cuda-samples-48-p2p-samples-crash-gpus-fixed-by-disabling-iommu': Backdrop(
        'linux-ws-p2p-2gpu',
        'A10',
        '455.23.05',
        '2020-10-01T11:30:00Z',
        '2020-10-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'nvrc-159-hgx-h200-cuda-802-nvlink-fabric-not-initialized-fabric-manager': Backdrop(
        'hgx-h200-tdx-node',
        'H200',
        '580.65.06',
        '2026-07-20T11:30:00Z',
        '2026-07-20T12:10:00Z',
        pci=('19', '3b', '4c', '5d', '9b', 'bb', 'cb', 'db'),
    ),
    'open-gpu-kernel-modules-1287-sw-power-cap-stuck-bogus-power-draw-after-610-driver': Backdrop(
        'fedora-laptop-5090',
        'A10',
        '610.57.04',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-461-arm64-honeycomb-gpu-falls-off-bus-fine-on-x86': Backdrop(
        'arm64-honeycomb-ws',
        'A10',
        '535.86.05',
        '2023-08-04T11:30:00Z',
        '2023-08-04T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-254-pcie-diag-fails-driver-580-with-dcgm-cuda-12-packages-on-v100': Backdrop(
        'v100-dgx-node',
        'V100',
        '580.65.06',
        '2025-09-08T11:30:00Z',
        '2025-09-08T12:10:00Z',
        pci=('1a', '1c', '88', '8a'),
    ),
    'dali-278-gpu-memory-grows-until-oom-on-8gb-gtx-1080-pipeline-watermark': Backdrop(
        'linux-ws-gtx1080',
        'A10',
        '440.64',
        '2020-03-10T11:30:00Z',
        '2020-03-10T12:10:00Z',
        pci=('01',),
    ),
    'apex-844-amp-initialize-oom-on-cuda0-exhausted-by-another-process': Backdrop(
        'linux-multi-gpu-server',
        'A10',
        '440.82',
        '2020-05-22T11:30:00Z',
        '2020-05-22T12:10:00Z',
        pci=('1a', '1b', '3d', '3e'),
    ),
    'gpu-operator-155-centos7-kernel-ml-driver-container-cannot-resolve-kernel-headers': Backdrop(
        'centos7-k8s-gpu-node',
        'A10',
        '460.32.03',
        '2021-04-20T11:30:00Z',
        '2021-04-20T12:10:00Z',
        pci=('3b',),
    ),
    'nvidia-docker-106-could-not-load-uvm-then-driver-cuda-7-0-too-old-for-image-7-5': Backdrop(
        'belka2-500-311ng',
        'A10',
        '346.96',
        '2016-06-07T11:30:00Z',
        '2016-06-07T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-291-gtx-1080-module-nvidia-not-found-after-restart-broken-driver-install': Backdrop(
        'localhost',
        'A10',
        '375.26',
        '2017-01-16T11:30:00Z',
        '2017-01-16T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-481-uvm-module-not-found-nvidia-ko-failed-to-load-driver-install-failed': Backdrop(
        'ubuntu1604-gpu-host',
        'A10',
        '384.90',
        '2017-10-09T11:30:00Z',
        '2017-10-09T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-1608-rootless-podman-nvml-insufficient-permissions-no-cgroups-true': Backdrop(
        'tumbleweed-podman-host',
        'A10',
        '510.47.03',
        '2022-02-15T11:30:00Z',
        '2022-02-15T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-267-gtx-750-2gb-training-oom-gpu-memory-too-small': Backdrop(
        'linux-ws-2x-gtx750',
        'A10',
        '367.57',
        '2016-12-12T11:30:00Z',
        '2016-12-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpu-operator-1606-ampere-passthrough-mig-enable-needs-reboot-expected-benign': Backdrop(
        'k8s-a100-passthrough-vm',
        'A100',
        '570.158.01',
        '2025-08-19T11:30:00Z',
        '2025-08-19T12:10:00Z',
        pci=('07',),
    ),
    'gpu-operator-603-mig-config-succeeds-after-reboot-as-expected-benign': Backdrop(
        'k8s-a100-mig-node',
        'A100',
        '535.104.05',
        '2023-10-27T11:30:00Z',
        '2023-10-27T12:10:00Z',
        pci=('17',),
    ),
    'gpu-operator-424-driver-daemonset-reinstalls-driver-on-every-node-restart-by-design-benign': Backdrop(
        'node1',
        'A10',
        '515.65.01',
        '2022-10-26T11:30:00Z',
        '2022-10-26T12:10:00Z',
        pci=('3b',),
    ),
    'gpu-operator-30-operator-crashloop-after-swapping-rtx6000-for-t4-reinstall-fixed': Backdrop(
        'ubuntu1804-egx-node',
        'A10',
        '440.33.01',
        '2020-02-03T11:30:00Z',
        '2020-02-03T12:10:00Z',
        pci=('3b',),
    ),
    'gpu-operator-566-driver-pod-stuck-init-after-reboot-driver-manager-cannot-evict-pvc-notebook': Backdrop(
        'rhel88-k8s-p4-node',
        'A10',
        '525.105.17',
        '2023-08-09T11:30:00Z',
        '2023-08-09T12:10:00Z',
        pci=('3b',),
    ),
    'gpu-operator-1651-nvidia-runtime-removed-from-containerd-config-on-reboot-toolkit-not-reapplied': Backdrop(
        'ubuntu2204-k8s-gpu-node',
        'A10',
        '570.148.08',
        '2025-08-27T11:30:00Z',
        '2025-08-27T12:10:00Z',
        pci=('3b',),
    ),
    'nccl-tests-219-internal-error-different-nccl-socket-ifname-per-host-fixed-by-listing-both': Backdrop(
        'enp6s0-gpu-host',
        'A10',
        '550.54.15',
        '2024-05-31T11:30:00Z',
        '2024-05-31T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1837-ncclinternalerror-nccl-socket-ifname-set-to-nonexistent-interface': Backdrop(
        'trainer3',
        'A100',
        '570.172.08',
        '2025-09-08T11:30:00Z',
        '2025-09-08T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
