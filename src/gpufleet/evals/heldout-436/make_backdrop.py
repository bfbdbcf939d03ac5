"""heldout-public-436's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-436/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (a100 from the shell prompt, store01) and stand-ins otherwise; GPU counts
are as stated (eight for the A100 VM case) and otherwise one GPU per node; bus numbers are 01 as printed where the evidence
prints 0000:01:00.0 for the GPU, otherwise stand-ins (01..08 for the eight A100s); the driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'lpci-20210714-8x-a100-vm-passthrough-only-4-5-gpus-initialise-bar-space-exceeds-emulated-cpu-address-bits': Backdrop(
        'a100',
        'A10',
        '550.144.03',
        '2021-07-14T11:30:00Z',
        '2021-07-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'fdo-100567-nouveau-fifo-sched-error-ctxsw-timeout-gpu-render-hang-symptom-of-driver-problems': Backdrop(
        'fedora30-desktop',
        'A10',
        '550.144.03',
        '2019-06-07T11:30:00Z',
        '2019-06-07T12:10:00Z',
        pci=('01',),
    ),
    'lrdma-20250205-mlx5-reload-on-oci-bare-metal-hangs-node-iscsi-root-disk-rides-the-connectx-nic': Backdrop(
        'oci-bm-gpu-01',
        'A10',
        '550.144.03',
        '2025-02-05T11:30:00Z',
        '2025-02-05T12:10:00Z',
        pci=('01',),
    ),
    'lpci-20200707-nouveau-gpu-firmware-load-fails-after-runtime-resume-pci-pm-link-wait-regression-reverted': Backdrop(
        'nouveau-test-laptop',
        'A10',
        '550.144.03',
        '2020-07-07T11:30:00Z',
        '2020-07-07T12:10:00Z',
        pci=('01',),
    ),
    'fdo-110714-xorg-gl-out-of-memory-crashes-memory-leak-fixed-upstream-in-xserver-disputed': Backdrop(
        'fedora-ws-01',
        'A10',
        '550.144.03',
        '2019-05-20T11:30:00Z',
        '2019-05-20T12:10:00Z',
        pci=('01',),
    ),
    'lrdma-20230503-boot-stops-cold-at-mlx5-probe-on-v6-3-bisected-to-mlx5-affinity-descriptor-commit-fixed': Backdrop(
        'x10sra-cx5',
        'A10',
        '550.144.03',
        '2023-05-03T11:30:00Z',
        '2023-05-03T12:10:00Z',
        pci=('01',),
    ),
    'lrdma-20201117-mlx5-failed-to-allocate-command-entry-async-reg-mr-failed-after-5-4-77-missing-stable-backports': Backdrop(
        'store01',
        'A10',
        '550.144.03',
        '2020-11-17T11:30:00Z',
        '2020-11-17T12:10:00Z',
        pci=('01',),
    ),
    'lpci-20200115-pcie-link-bandwidth-notifications-report-degraded-links-gpu-embedded-controller-power-management-benign': Backdrop(
        'gpu-ws-01',
        'A10',
        '550.144.03',
        '2020-01-15T11:30:00Z',
        '2020-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nouveau-20231027-asynchronous-wait-on-fence-display-and-x-hang-after-days-bisected-nouveau-regression-revert-works': Backdrop(
        'nouveau-dock-ws',
        'A10',
        '550.144.03',
        '2023-10-28T11:30:00Z',
        '2023-10-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
