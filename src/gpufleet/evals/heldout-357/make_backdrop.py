"""heldout-public-357's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-357/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ubuntu, which the jetson-fan-ctl log lines print), bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins: no kept excerpt prints a GPU bus id of the faulty GPU. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'jetsoncontainers-194-jetson-nano-ros-container-libcurand-missing-nvidia-runtime-not-mounting-cuda': Backdrop(
        'jetson-nano-01',
        'A10',
        '550.144.03',
        '2022-09-19T11:30:00Z',
        '2022-09-19T12:10:00Z',
        pci=('01',),
    ),
    'triton-4050-jetson-nx-tritonserver-sbsa-container-cuda-environment-error-container-not-for-jetson': Backdrop(
        'jetson-xavier-nx-01',
        'A10',
        '550.144.03',
        '2022-03-14T11:30:00Z',
        '2022-03-14T12:10:00Z',
        pci=('01',),
    ),
    'wyoming-1047-jetpack7-dropped-libnvdla-compiler-igpu-container-importerror-loop-use-arm64-image': Backdrop(
        'jetson-orin-nano-01',
        'A10',
        '550.144.03',
        '2026-08-30T11:30:00Z',
        '2026-08-30T12:10:00Z',
        pci=('01',),
    ),
    'vgpuunlockrs-30-vgpu-vm-will-not-start-after-shutdown-framebuffer-allocation-vram-fragmentation-merged-driver': Backdrop(
        'pve-vgpu-01',
        'A10',
        '550.144.03',
        '2023-01-02T11:30:00Z',
        '2023-01-02T12:10:00Z',
        pci=('01',),
    ),
    'wsl-5546-tesla-gpu-in-tcc-mode-not-usable-from-wsl2-no-dev-dxg-wddm-required': Backdrop(
        'azure-wsl2-vm-01',
        'A10',
        '550.144.03',
        '2020-07-06T11:30:00Z',
        '2020-07-06T12:10:00Z',
        pci=('01',),
    ),
    'rebaruefi-395-tesla-m40-stops-working-on-z77-after-ram-upgrade-insufficient-bar-space-bridge-window-no-space': Backdrop(
        'z77-m40-01',
        'A10',
        '550.144.03',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01',),
    ),
    'rebaruefi-398-z170-ws-fails-to-post-with-multiple-tesla-t10-large-bar-exhausts-mmio-space': Backdrop(
        'z170-ws-01',
        'A10',
        '550.144.03',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'nvmerged-2-nvidia-smi-shows-only-vgpu-processes-with-cvgpu-patch-desktop-processes-hidden-benign': Backdrop(
        'arch-vgpu-host-01',
        'A10',
        '550.144.03',
        '2021-11-28T11:30:00Z',
        '2021-11-28T12:10:00Z',
        pci=('01',),
    ),
    'howtovgpu-8-esxi-vgpu-tesla-t4-grid-section-missing-ecc-not-disabled-host-graphics-setting': Backdrop(
        'esxi-t4-01',
        'A10',
        '550.144.03',
        '2024-09-23T11:30:00Z',
        '2024-09-23T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-688-secure-boot-nvidia-black-screen-different-akmods-mok-key-in-iso-and-image': Backdrop(
        'bazzite-desktop-01',
        'A10',
        '550.144.03',
        '2024-01-17T11:30:00Z',
        '2024-01-17T12:10:00Z',
        pci=('01',),
    ),
    'gdsnvfs-81-gds-silently-fails-with-secure-boot-nvidia-fs-ko-not-signed-via-dkms-mok': Backdrop(
        'gds-node-01',
        'A10',
        '550.144.03',
        '2026-04-06T11:30:00Z',
        '2026-04-06T12:10:00Z',
        pci=('01',),
    ),
    'ornebox-16-xavier-fan-always-at-maximum-at-30c-jetson-clocks-sets-fan-speed-255-benign': Backdrop(
        'jetson-xavier-01',
        'A10',
        '550.144.03',
        '2020-04-05T11:30:00Z',
        '2020-04-05T12:10:00Z',
        pci=('01',),
    ),
    'jetsonfanctl-17-error-failed-to-max-gpu-frequency-at-fan-service-startup-jetson-clocks-step-harmless-benign': Backdrop(
        'ubuntu',
        'A10',
        '550.144.03',
        '2022-11-22T11:30:00Z',
        '2022-11-22T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-204815-xavier-nx-soctherm-oc-alarm-once-a-second-when-supply-voltage-drops-below-4-5v': Backdrop(
        'xavier-nx-carrier-01',
        'A10',
        '550.144.03',
        '2022-02-15T11:30:00Z',
        '2022-02-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
