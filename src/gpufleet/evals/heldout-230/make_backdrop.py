"""heldout-public-230's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-230/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except those the sources print), bus numbers (no source prints one for the GPU the case is about) and the
driver (550.144.03, the same for every case) are stand-ins. Two cases use the default HGX bus numbers (eight GPUs), one the first four of them.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'copr-linux-cachyos-62-kernel-6-16-6-nvidia-open-modules-built-from-outdated-spec-version-mismatch': Backdrop(
        'fedora-cachyos-gtx1650',
        'A10',
        '550.144.03',
        '2025-09-12T11:30:00Z',
        '2025-09-12T12:10:00Z',
        pci=('01',),
    ),
    'hardware-observer-362-dcgm-exporter-cannot-reach-nvidia-driver-gpu-reserved-for-pci-passthrough-benign': Backdrop(
        'ps7-r1-n1',
        'A10',
        '550.144.03',
        '2024-12-02T22:39:00Z',
        '2024-12-02T23:19:00Z',
        pci=('01',),
    ),
    'bottlerocket-3718-pods-with-nvidia-visible-devices-all-see-every-gpu-beyond-their-limit-isolation-fix': Backdrop(
        'g4dn-12xlarge-node',
        'A10',
        '550.144.03',
        '2024-01-18T11:30:00Z',
        '2024-01-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'bottlerocket-kernel-kit-142-blackwell-fabric-manager-cannot-initialise-without-nvlsm-gpus-left-uninitialised': Backdrop(
        'hgx-b200-bottlerocket',
        'A10',
        '550.144.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
    ),
    'nixpkgs-269367-azure-gpu-vm-nvidia-uvm-insert-fails-no-such-device-module-loaded-before-gpu-ready': Backdrop(
        'devserver-fast',
        'A10',
        '550.144.03',
        '2023-11-13T22:03:00Z',
        '2023-11-13T22:43:00Z',
        pci=('01',),
    ),
    'steamos-534-installer-fails-on-nvidia-legacy-check-8400gs-tesla-generation-unsupported-by-driver-355': Backdrop(
        'supermicro-x10sat',
        'A10',
        '550.144.03',
        '2016-06-25T11:30:00Z',
        '2016-06-25T12:10:00Z',
        pci=('01',),
    ),
    'steamos-209-nvrm-no-nvidia-graphics-adapter-found-on-amd-only-machine-after-update-benign': Backdrop(
        'steamos-amd-290x',
        'A10',
        '550.144.03',
        '2014-06-30T11:30:00Z',
        '2014-06-30T12:10:00Z',
        pci=('01',),
    ),
    'pkg-nvidia-devel-025476-debian-nvidia-kernel-dkms-550-fails-to-build-on-kernel-6-19-conftest-vm-flags': Backdrop(
        'debian-trixie-gpu',
        'A10',
        '550.144.03',
        '2026-03-14T11:56:00Z',
        '2026-03-14T12:36:00Z',
        pci=('01',),
    ),
    'opensuse-bug-1183739-tumbleweed-kernel-minor-release-update-removes-old-kernel-nvidia-module-lost-by-install-order': Backdrop(
        'tumbleweed-nvidia-host',
        'A10',
        '550.144.03',
        '2021-03-15T11:30:00Z',
        '2021-03-15T12:10:00Z',
        pci=('01',),
    ),
    'checkbox-98-launchpad-1981090-gpu-burn-certification-test-passes-although-nvidia-driver-not-loaded': Backdrop(
        'servcert-gpu-server',
        'A10',
        '550.144.03',
        '2022-07-08T14:48:00Z',
        '2022-07-08T15:28:00Z',
        pci=('01',),
    ),
    'bottlerocket-core-kit-1013-nvidia-migmanager-config-missing-error-on-every-nvidia-variant-boot-misplaced-drop-in-benign': Backdrop(
        'ip-172-31-2-139.us-west-2.compute.internal',
        'A10',
        '550.144.03',
        '2026-08-19T19:06:00Z',
        '2026-08-19T19:46:00Z',
        pci=('01',),
    ),
    'launchpad-1431753-ubuntu-nvidia-340-uvm-dkms-builds-inside-nvidia-build-dir-parallel-autoinstall-after-kernel-update': Backdrop(
        'ubuntu-nvidia-340-host',
        'A10',
        '550.144.03',
        '2015-03-13T11:30:00Z',
        '2015-03-13T12:10:00Z',
        pci=('01',),
    ),
    'endlessm-linux-373-gtx-1060-fails-to-resume-from-s3-falcon-reset-timeout-gr-init-failed-runtime-pm-quirk': Backdrop(
        'acer-nitro-n50-600',
        'A10',
        '550.144.03',
        '2018-03-23T11:30:00Z',
        '2018-03-23T12:10:00Z',
        pci=('01',),
    ),
    'almalinux-deploy-271-kmod-nvidia-open-not-built-for-current-al9-kernel-dangling-weak-updates-dracut-fails': Backdrop(
        'almalinux9-nvidia-host',
        'A10',
        '550.144.03',
        '2026-06-15T11:30:00Z',
        '2026-06-15T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-3873-p4-p5-nvswitch-instances-gpus-unusable-without-fabric-manager-support-added': Backdrop(
        'p4d-24xlarge-bottlerocket',
        'A10',
        '550.144.03',
        '2024-04-05T11:30:00Z',
        '2024-04-05T12:10:00Z',
    ),
    'vanilla-nvidia-image-26-nvidia-gpu-missing-from-gnome-about-page-while-driver-works-settings-limitation-benign': Backdrop(
        'vanillaos-nvidia-amd-host',
        'A10',
        '550.144.03',
        '2024-05-04T11:30:00Z',
        '2024-05-04T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-353059-nvidia-container-toolkit-cdi-spec-not-generated-before-docker-starts-gpu-containers-fail-at-boot': Backdrop(
        'nixos-docker-gpu-host',
        'A10',
        '550.144.03',
        '2024-12-04T11:30:00Z',
        '2024-12-04T12:10:00Z',
        pci=('01',),
    ),
    'talos-14015-hgx-a100-vm-passthrough-fabric-manager-cannot-init-nvlink-gpus-system-not-ready': Backdrop(
        'talos-vm-hgx-a100',
        'A10',
        '550.144.03',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
