"""heldout-public-52's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-52/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); stand-ins are named in each description
    'alibabacloud-alinux3-container-loses-gpu-after-systemctl-daemon-reload-missing-dev-char-symlinks': Backdrop(
        'alinux3-gpu-container-host',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'echo-gh-lab-gpu-server-model-load-init-up-to-10-min-fixed-by-enabling-persistence-mode': Backdrop(
        'lab-gpu-server',
        'A100',
        '550.90.07',
        '2026-01-05T11:30:00Z',
        '2026-01-05T12:10:00Z',
        pci=('07',),
    ),
    'openillumi-slow-inference-after-gpu-fine-tuning-input-tensors-left-on-cpu': Backdrop(
        'bert-inference-host',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'graphicscardhub-gpu-pcie-link-at-lower-speed-under-low-load-is-power-management-benign': Backdrop(
        'win-desktop-geforce',
        'A10',
        '552.22',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'openai-status-2025-06-10-host-os-update-made-gpu-nodes-lose-network-connectivity': Backdrop(
        'openai-gpu-node-01',
        'H100',
        '550.90.07',
        '2025-06-10T06:06:00Z',
        '2025-06-10T06:46:00Z',
    ),
    'rmmartins-playbook-nvidia-smi-fails-after-unattended-upgrades-installed-new-kernel-no-matching-module': Backdrop(
        'azure-gpu-vm',
        'A100',
        '535.183.01',
        '2026-06-23T11:30:00Z',
        '2026-06-23T12:10:00Z',
        pci=('07',),
    ),
    'ziash-field-notes-ndr-infiniband-passive-dac-cables-40pct-lower-allreduce-fixed-by-aoc': Backdrop(
        'ndr-train-node-01',
        'H100',
        '550.90.07',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
    ),
    'wada-dev-home-ai-server-rtx-5090-freezing-every-few-days-host-ram-defect-confirmed': Backdrop(
        'home-ai-server-5090',
        'A10',
        '575.64.03',
        '2026-06-19T11:30:00Z',
        '2026-06-19T12:10:00Z',
        pci=('01',),
    ),
    'maplesoft-cuda-display-driver-stopped-responding-windows-tdr-when-cuda-card-also-drives-display': Backdrop(
        'win-workstation-cuda',
        'A10',
        '552.22',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'gcp-gpu-instances-stop-for-host-maintenance-cannot-live-migrate-planned-benign': Backdrop(
        'gce-gpu-vm',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'whatap-mig-enabled-gpus-show-utilization-n-a-not-supported-in-mig-mode-benign': Backdrop(
        'mig-gpu-node',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
    ),
    'drpranayjha-fleet-at-95pct-gpu-utilization-but-sm-active-18pct-metric-misread-benign': Backdrop(
        'finance-gpu-node-01',
        'H100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
    ),
    'goo-blog-fanless-tesla-k80-in-desktop-case-needed-server-tandem-fans-temps-held-58c-48c': Backdrop(
        'desktop-tesla-k80',
        'V100',
        '472.12',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'pitt-crc-jobs-oom-despite-requested-memory-node-did-not-enforce-per-job-memory-limits': Backdrop(
        'crc-smp-node',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'csdn-nvidia-smi-vram-held-but-no-process-listed-orphaned-after-kill-9-and-leftover-shm': Backdrop(
        'multiuser-gpu-server',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'pytorch-forums-gpu-memory-not-returned-after-use-caching-allocator-by-design-benign': Backdrop(
        'pytorch-dev-box',
        'A10',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-forums-speed-up-cnn-more-dataloader-workers-hit-the-iops-barrier': Backdrop(
        'cnn-train-box',
        'A10',
        '440.64.00',
        '2020-05-01T11:30:00Z',
        '2020-05-01T12:10:00Z',
        pci=('01',),
    ),
    'inference-course-4x-h100-lab-nvlink-bridge-down-on-gpu0-gpu1-tp-model-runs-over-pcie': Backdrop(
        'h100-lab-4gpu',
        'H100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('19', '3b', '4c', '5d'),
    ),
    'missouri-rcss-spring-2019-htc-storage-offline-dram-failure-triggered-integrity-scan-controller-driver-bug': Backdrop(
        'rcss-v100-node',
        'V100',
        '418.67',
        '2019-05-15T11:30:00Z',
        '2019-05-15T12:10:00Z',
        pci=('18', '3b', '86'),
    ),
    'oracle-x9-2-single-fan-module-failure-above-30c-reduces-processor-performance': Backdrop(
        'oracle-x9-2-host',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'deadends-cuda-illegal-memory-access-on-a100-kernel-accessed-invalid-memory': Backdrop(
        'a100-train-node',
        'A100',
        '550.90.07',
        '2026-02-11T11:30:00Z',
        '2026-02-11T12:10:00Z',
        pci=('07',),
    ),
    'sobrelinux-pcieport-aer-bad-tlp-errors-mmconfig-config-space-access-pci-nommconf': Backdrop(
        'linux-pcie-aer-host',
        'A10',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'jjblogs-llm-inference-service-vram-grows-4gb-to-16gb-until-oom-kv-cache-and-tensors-not-released': Backdrop(
        'llm-inference-host',
        'A100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('07',),
    ),
    'dredyson-asus-gx10-gb10-inference-stalls-every-30-min-clocks-630mhz-power-15w-pd-controller-firmware': Backdrop(
        'asus-gx10-gb10',
        'GB200',
        '580.95.05',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'pellegrino-fedora-23-nvidia-driver-modules-rejected-under-secure-boot-until-signed-and-key-enrolled': Backdrop(
        'fedora23-workstation',
        'A10',
        '352.63',
        '2015-11-29T11:30:00Z',
        '2015-11-29T12:10:00Z',
        pci=('01',),
    ),
    'drpranayjha-inherited-gpu-host-three-driver-versions-old-cuda-toolkit-no-container-toolkit-cublas-segfaults': Backdrop(
        'inherited-gpu-host',
        'H100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
    ),
    'osc-kb-job-exhausts-node-memory-oom-kill-in-cgroup-shared-node-crashes': Backdrop(
        'osc-shared-node',
        'V100',
        '550.90.07',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('3b', 'd8'),
    ),
    'volcengine-gpu-instance-hardware-faq-gpu-dropped-lspci-rev-ff-reset-by-instance-restart-or-ticket': Backdrop(
        'volc-gpu-instance',
        'A10',
        '550.90.07',
        '2023-07-19T11:30:00Z',
        '2023-07-19T12:10:00Z',
        pci=('31', '65'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
