"""heldout-public-56's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-56/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'akashborate-h100-dashboards-at-90-100pct-gpu-util-but-training-slow-util-counts-any-kernel-benign': Backdrop(
        'h100-startup-node',
        'H100',
        '570.172.08',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'askoverflow-760780-nvidia-driver-not-loaded-when-booting-via-shimx64-unsigned-module': Backdrop(
        'nausicaa',
        'A10',
        '340.96',
        '2016-05-01T11:30:00Z',
        '2016-05-01T12:10:00Z',
        pci=('01',),
    ),
    'babeltech-cuda-apps-force-p2-state-lower-memory-clock-by-design-nvidia-explains-benign': Backdrop(
        'rtx3080-testbench',
        'A10',
        '461.40',
        '2021-02-01T11:30:00Z',
        '2021-02-01T12:10:00Z',
        pci=('01',),
    ),
    'ceotech-rtx-4090-4080-black-screen-until-windows-no-bios-access-fixed-by-nvidia-firmware': Backdrop(
        'rtx4090-desktop',
        'A10',
        '526.98',
        '2022-11-20T11:30:00Z',
        '2022-11-20T12:10:00Z',
        pci=('01',),
    ),
    'crusoe-docs-hypervisor-update-changes-vm-pci-addresses-nccl-topology-file-required': Backdrop(
        'crusoe-ib-vm-01',
        'H100',
        '570.172.08',
        '2026-02-01T11:30:00Z',
        '2026-02-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'crusoe-kb-conda-git-take-minutes-on-shared-storage-nfs-metadata-thundering-herd': Backdrop(
        'crusoe-gpu-node-03',
        'H100',
        '570.172.08',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'crusoe-kb-multinode-nccl-init-hang-ib-vf-link-state-or-error-counters-likely': Backdrop(
        'crusoe-ib-vm-02',
        'H100',
        '570.172.08',
        '2026-04-30T11:30:00Z',
        '2026-04-30T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'crusoe-kb-one-vm-high-iowait-psi-on-shared-disk-hypervisor-nic-offload-failure': Backdrop(
        'crusoe-vm-07',
        'H100',
        '570.172.08',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ibm-ac922-cuda-init-error-3-in-containers-cpuset-slice-mismatch-race-onlining-gpu-memory': Backdrop(
        'ac922-node',
        'V100',
        '418.87.01',
        '2019-10-07T11:30:00Z',
        '2019-10-07T12:10:00Z',
        pci=('04', '05', '35', '36'),
    ),
    'nvforum-108848-per-process-gpu-memory-does-not-add-up-to-nvidia-smi-total-driver-overhead-benign': Backdrop(
        'ubuntu2',
        'A10',
        '418.70',
        '2019-12-09T23:06:35Z',
        '2019-12-09T23:46:35Z',
        pci=('00:0b',),
    ),
    'nvforum-173099-tesla-t4-shows-15079mib-not-16gb-ecc-reserves-6-25pct-benign': Backdrop(
        't4-host',
        'A10',
        '418.67',
        '2021-03-23T18:06:05Z',
        '2021-03-23T18:46:05Z',
        pci=('21:01',),
    ),
    'nvforum-54181-titan-x-pascal-cuda-runs-slower-after-pause-gpu-drops-to-p5-p8-idle-benign': Backdrop(
        'ws2012-titanx',
        'A10',
        '371.90',
        '2017-10-15T11:30:00Z',
        '2017-10-15T12:10:00Z',
        pci=('82',),
    ),
    'puget-four-rtx-2080-ti-in-two-nvlink-pairs-fail-on-latest-drivers-work-on-older-driver': Backdrop(
        'puget-4x2080ti',
        'A10',
        '442.59',
        '2020-03-04T11:30:00Z',
        '2020-03-04T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'rogforum-903150-z690-maximus-extreme-3090-ti-at-x8-because-m2-1-shares-lanes': Backdrop(
        'z690-workstation',
        'A10',
        '531.41',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'thomaskalnik-deepseek-v3-part4-two-ranks-on-one-gpu-inconsistent-device-ordering-cuda-device-order': Backdrop(
        'a100-node-2',
        'A100',
        '550.127.05',
        '2025-03-01T11:30:00Z',
        '2025-03-01T12:10:00Z',
        pci=('18', '2a', '3a', '53', '5d', '91', 'ab', 'ba'),
    ),
    'ubuntuforums-1743535-kernel-upgrade-breaks-nvidia-295-59-driver-newer-304-43-needed': Backdrop(
        'oneiric-desktop',
        'A10',
        '295.59',
        '2012-08-20T11:30:00Z',
        '2012-08-20T12:10:00Z',
        pci=('01',),
    ),
    'vpnwp-dell-r740-bios-2-4-7-with-tesla-m10-early-boot-loop-uefi0256-bios-downgrade': Backdrop(
        'r740-vdi-host',
        'A10',
        '440.87',
        '2020-01-15T11:30:00Z',
        '2020-01-15T12:10:00Z',
        pci=('3d', '3e', '3f', '40'),
    ),
    'winraid-dell-r210ii-wont-post-with-uefi-gpus-bios-incompatible-with-gpu-uefi-image': Backdrop(
        'r210ii-plex',
        'A10',
        '451.48',
        '2021-01-15T11:30:00Z',
        '2021-01-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
