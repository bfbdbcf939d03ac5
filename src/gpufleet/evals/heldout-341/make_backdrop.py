"""heldout-public-341's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-341/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case has one GPU, shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Hosts are stand-ins except ubuntu (ultralytics-20680, printed by the quoted shell prompt); buses are stand-ins (01), except
01:01 for kata-1704 (the guest bus id 0000:01:01.0 its dmesg prints) and 01 for kvmpatcher-32 (hostpci0: 01:00.0 as printed);
the driver (550.144.03) is the same for every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'biop-27-desktop-container-image-nvml-driver-library-mismatch-from-apt-removing-compute-libs': Backdrop(
        'biop-desktop',
        'A10',
        '550.144.03',
        '2025-03-19T11:30:00Z',
        '2025-03-19T12:10:00Z',
        pci=('01',),
    ),
    'gdc-979-vgpu-manager-never-writes-ready-marker-vgpu-device-manager-stuck-init': Backdrop(
        'vgpu-host01',
        'A10',
        '550.144.03',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01',),
    ),
    'gpupassthrough-1-kvm-passthrough-1080ti-error-43-in-windows-guest-fixed-by-hiding-hypervisor': Backdrop(
        'win10-guest',
        'A10',
        '550.144.03',
        '2019-10-05T11:30:00Z',
        '2019-10-05T12:10:00Z',
        pci=('01',),
    ),
    'jetsoncontainers-122-jetson-docker-unknown-runtime-nvidia-container-runtime-not-installed': Backdrop(
        'jetson',
        'A10',
        '550.144.03',
        '2022-02-08T11:30:00Z',
        '2022-02-08T12:10:00Z',
        pci=('01',),
    ),
    'kata-1704-v100-in-kata-guest-large-bar-not-assigned-no-space-gpu-not-plugged': Backdrop(
        'kata-guest',
        'A10',
        '550.144.03',
        '2021-11-15T11:30:00Z',
        '2021-11-15T12:10:00Z',
        pci=('01:01',),
    ),
    'kvmpatcher-32-proxmox-win10-guest-gtx950-code-43-fixed-by-ballooning-off-and-dropping-rom-file': Backdrop(
        'proxmox-host',
        'A10',
        '550.144.03',
        '2018-11-09T11:30:00Z',
        '2018-11-09T12:10:00Z',
        pci=('01',),
    ),
    's76fw-160-oryp6-compute-graphics-mode-nvidia-smi-hangs-fixed-by-driver-package-config': Backdrop(
        'oryp6',
        'A10',
        '550.144.03',
        '2021-02-18T11:30:00Z',
        '2021-02-18T12:10:00Z',
        pci=('01',),
    ),
    'seeed-1-jetson-recomputer-examples-unknown-runtime-nvidia-container-toolkit-not-installed': Backdrop(
        'jetson-orin',
        'A10',
        '550.144.03',
        '2024-06-26T11:30:00Z',
        '2024-06-26T12:10:00Z',
        pci=('01',),
    ),
    'triton-3862-proton-libcuda-lookup-fails-on-wsl-libcuda-so-not-symlinked': Backdrop(
        'wsl-host',
        'A10',
        '550.144.03',
        '2024-05-09T11:30:00Z',
        '2024-05-09T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-20680-jetson-nvidia-smi-missing-or-all-na-expected-on-jetpack-benign': Backdrop(
        'ubuntu',
        'A10',
        '550.144.03',
        '2025-05-17T11:17:58Z',
        '2025-05-17T11:57:58Z',
        pci=('01',),
    ),
    'wsllibre-5-custom-libre-wsl-kernel-gpu-access-blocked-nvml-init-fails': Backdrop(
        'wsl-libre',
        'A10',
        '550.144.03',
        '2023-11-25T11:30:00Z',
        '2023-11-25T12:10:00Z',
        pci=('01',),
    ),
    'metategra-654-xavier-nx-yocto-image-unknown-runtime-nvidia-container-runtime-layer-config': Backdrop(
        'jetson-xavier-nx',
        'A10',
        '550.144.03',
        '2021-04-08T11:30:00Z',
        '2021-04-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
