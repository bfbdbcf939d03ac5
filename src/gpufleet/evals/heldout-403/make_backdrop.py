"""heldout-public-403's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-403/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except quiet-lemur and nixos, which the evidence prints), GPU counts, bus numbers (01..N in index order; the
open-gpu-kernel-modules-696 case's bus 02 matches the printed 0000:02:00.0) and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop
never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvbandwidth-61-h100-node-cuda-13-2-ptx-newer-than-driver-580-unsupported-ptx-toolchain': Backdrop(
        'quiet-lemur',
        'A10',
        '550.144.03',
        '2026-03-26T11:30:00Z',
        '2026-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvidia-docker-68-cuda-7-5-container-on-cuda-6-5-host-driver-unsupported-cuda-version': Backdrop(
        'docker-host-01',
        'A10',
        '550.144.03',
        '2016-04-09T11:30:00Z',
        '2016-04-09T12:10:00Z',
        pci=('01',),
    ),
    'jax-11477-driver-515-kernel-module-vs-510-dso-mismatch-after-upgrade-downgrade-fixed': Backdrop(
        'ubuntu-ws-01',
        'A10',
        '550.144.03',
        '2022-07-13T11:30:00Z',
        '2022-07-13T12:10:00Z',
        pci=('01',),
    ),
    'tinygrad-5730-nv-backend-fails-on-rtx-3060-driver-555-backwards-incompatible-change': Backdrop(
        'rtx3060-laptop',
        'A10',
        '550.144.03',
        '2024-07-27T11:30:00Z',
        '2024-07-27T12:10:00Z',
        pci=('01',),
    ),
    'nixos-hardware-1828-driver-595-drops-gtx-1050-to-legacy-580-no-gpu-found': Backdrop(
        'nixos',
        'A10',
        '550.144.03',
        '2026-04-13T16:11:14Z',
        '2026-04-13T16:51:14Z',
        pci=('01',),
    ),
    'void-packages-61087-nvidia-580-dkms-fails-to-build-on-kernel-7-1-driver-predates-kernel': Backdrop(
        'void-ws-01',
        'A10',
        '550.144.03',
        '2026-06-17T11:30:00Z',
        '2026-06-17T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-696-open-driver-560-ignores-pascal-second-gpu-no-gsp-probe-fails': Backdrop(
        'open-driver-ws',
        'A10',
        '550.144.03',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01', '02',),
    ),
    'solus-5575-rtx-5090-no-devices-found-proprietary-modules-installed-open-modules-required': Backdrop(
        'solus-5090',
        'A10',
        '550.144.03',
        '2025-05-04T11:30:00Z',
        '2025-05-04T12:10:00Z',
        pci=('01',),
    ),
    'talos-8764-gt-710-ignored-by-535-driver-extension-needs-470-legacy-no-gpu-found': Backdrop(
        'talos-node-01',
        'A10',
        '550.144.03',
        '2024-05-20T02:16:53Z',
        '2024-05-20T02:56:53Z',
        pci=('01',),
    ),
    'k8s-device-plugin-108-plugin-crashes-undefined-symbol-nvml-driver-375-too-old-384-works': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2019-04-03T11:30:00Z',
        '2019-04-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvidia-container-toolkit-426-container-nvidia-smi-shows-host-cuda-version-driver-version-benign': Backdrop(
        'docker-host-02',
        'A10',
        '550.144.03',
        '2024-03-25T11:30:00Z',
        '2024-03-25T12:10:00Z',
        pci=('01',),
    ),
    'mlverse-torch-336-nvidia-smi-cuda-11-0-vs-installed-10-1-is-driver-max-not-installed-benign': Backdrop(
        'debian10-ws',
        'A10',
        '550.144.03',
        '2020-10-29T11:30:00Z',
        '2020-10-29T12:10:00Z',
        pci=('01',),
    ),
    'fgci-ansible-role-cuda-19-nvrm-persistence-mode-deprecated-dmesg-warning-benign': Backdrop(
        'gpu-node-01',
        'A10',
        '550.144.03',
        '2019-08-30T11:30:00Z',
        '2019-08-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
