"""heldout-public-482's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-482/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Host names are the printed one where the evidence prints one (ip-172-31-2-33) and stand-ins otherwise (dgx-node,
resolve-render-01, ocp-mig-node, aks-nd-a100-v4, k8s-mig-node, dl360-gen9, papi-v1-worker, spotty-g5-instance).
GPU counts follow the source's machine where it names one (a DGX, an ND A100 v4 node and a MIG node with "all GPU":
8 stand-in GPUs on HGX-style stand-in buses; a Cromwell job asking for gpuCount: 2) and are one GPU otherwise. Bus
01 of resolve-render-01 is the printed bus of its GTX 980 Ti; every other bus is a stand-in. The driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for
every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dgx-selinux-3-persistence-mode-shown-off-in-container-selinux-blocks-persistenced-socket-benign': Backdrop(
        'dgx-node',
        'A10',
        '550.144.03',
        '2020-09-10T11:30:00Z',
        '2020-09-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ansible-role-nvidia-driver-3-fresh-centos7-install-persistenced-fails-no-dev-nvidia-after-reboot-onboard-vga-bios': Backdrop(
        'resolve-render-01',
        'A10',
        '550.144.03',
        '2019-08-26T11:30:00Z',
        '2019-08-26T12:10:00Z',
        pci=('01',),
    ),
    'instaslice-operator-787-after-reboot-mig-slice-device-plugins-start-before-gpu-operator-ready': Backdrop(
        'ocp-mig-node',
        'A10',
        '550.144.03',
        '2025-07-23T11:30:00Z',
        '2025-07-23T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-1269-aks-a100-nvlink-node-cuda-fails-on-first-workload-fabric-manager-not-installed': Backdrop(
        'aks-nd-a100-v4',
        'A10',
        '550.144.03',
        '2021-10-23T11:30:00Z',
        '2021-10-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'k8s-device-plugin-343-mig-devices-gone-after-node-reboot-mig-configuration-not-persistent': Backdrop(
        'k8s-mig-node',
        'A10',
        '550.144.03',
        '2022-11-03T11:30:00Z',
        '2022-11-03T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cloud-atlas-dl360-gen9-tesla-p10-first-install-post-276-option-card-needs-more-mmio-large-bar': Backdrop(
        'dl360-gen9',
        'A10',
        '550.144.03',
        '2020-01-01T11:30:00Z',
        '2020-01-01T12:10:00Z',
        pci=('01',),
    ),
    'cromwell-4935-gpu-job-fails-could-not-load-uvm-on-papi-v1-worker-os-too-old-for-driver': Backdrop(
        'papi-v1-worker',
        'A10',
        '550.144.03',
        '2019-05-03T11:30:00Z',
        '2019-05-03T12:10:00Z',
        pci=('04', '05'),
    ),
    'pipelineai-pipeline-124-new-aws-gpu-instance-could-not-load-uvm-nouveau-not-blacklisted': Backdrop(
        'ip-172-31-2-33',
        'A10',
        '550.144.03',
        '2016-09-25T11:30:00Z',
        '2016-09-25T12:10:00Z',
        pci=('03',),
    ),
    'spotty-117-new-g5-instance-gpu-fails-to-initialize-default-ami-driver-too-old-for-a10g': Backdrop(
        'spotty-g5-instance',
        'A10',
        '550.144.03',
        '2022-06-16T11:30:00Z',
        '2022-06-16T12:10:00Z',
        pci=('1e',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
