"""heldout-public-269's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-269/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except raspberrypi2, which the evidence prints), bus numbers (01 where no source prints one; 21 for the
Rockchip case, whose evidence lists the GPU at 0002:21:00.0) and the driver (550.144.03, the same for every case)
are stand-ins. One GPU per node, except the WSL2 case (two RTX 4090s: buses 01 and 02). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops


def _bd(host: str, date: str, *buses: str) -> Backdrop:
    return Backdrop(host, "A10", "550.144.03", f"{date}T11:30:00Z", f"{date}T12:10:00Z", pci=buses or ("01",))


INCIDENTS: dict[str, Backdrop] = {
    "k8s-device-plugin-225-a100-mig-instances-gone-after-reboot-mig-config-not-persistent-benign": _bd("a100-mig-node", "2021-01-19"),
    "jetson-stats-362-orin-nx-jtop-shows-two-gpus-tegrastats-reporting-bug-benign": _bd("orin-nx-16gb", "2023-02-11"),
    "yolov8-ros-tensorrt-4-orin-nx-model-warmup-10-times-message-is-normal-benign": _bd("orin-nx-ros", "2024-05-18"),
    "triton-server-714-jetson-tx2-nvml-init-fails-nvml-not-supported-on-jetson-benign": _bd("jetson-tx2", "2019-10-01"),
    "vgpu-unlock-53-proxmox-nvidia-vgpu-vfio-module-fails-to-load-vfio-binding-at-boot": _bd("pve-vgpu", "2021-06-08"),
    "openxt-1157-xen-passthrough-gpu-device-add-fails-race-libxl-vs-stubdomain": _bd("openxt-host", "2019-05-07"),
    "fastgpup-3-hyper-v-gpu-p-vm-insufficient-system-resources-device-assignment-policy": _bd("hyperv-2019", "2022-11-08"),
    "rockchip-pcie-devices-1-rk3568-rtx-3090-bar-space-cannot-be-assigned-32mb-outbound-limit": _bd("nanopi-r5s", "2023-11-18", "21"),
    "nixpkgs-538659-nvidia-legacy-580-driver-fails-to-build-on-linux-7-1-kernel-too-new": _bd("nixos-gpu", "2026-07-05"),
    "rpi-pcie-devices-823-pi5-oculink-rtx-3080-dead-suspected-daisy-chained-power": _bd("raspberrypi2", "2026-07-21"),
    "meta-tegra-95-tx2-custom-image-cudagetdevicecount-35-cuda-driver-library-mismatch": _bd("jetson-tx2-yocto", "2018-08-03"),
    "siderolabs-pkgs-1518-talos-jetson-orin-tegra-drm-refuses-to-load-host1x-abi-mismatch": _bd("talos-orin", "2026-05-03"),
    "gpu-operator-2502-t4-vgpu-validator-hangs-waiting-for-sr-iov-vfs-driver-uses-mdev": _bd("t4-vgpu-host", "2026-05-28"),
    "lxd-15995-gpu-container-passthrough-broken-after-nvidia-container-toolkit-bump": _bd("lxd-gpu-ci", "2025-07-11"),
    "jetson-utils-65-nano-shuts-down-at-full-gpu-load-power-supply-cannot-handle-10w-mode": _bd("jetson-nano-4g", "2021-04-14"),
    "vgpu-unlock-74-vgpu-host-450-driver-with-guest-472-driver-version-mismatch": _bd("vgpu-host", "2021-10-05"),
    "syv-ai-qwen-rtx3090-83-wsl2-dedicated-memory-ceiling-runs-spill-and-slow-down": _bd("wsl2-4090", "2026-09-05", "01", "02"),
    "compvis-stable-diffusion-206-wsl2-only-dedicated-gpu-memory-usable-memory-limit-hit": _bd("wsl2-3070ti", "2022-09-07"),
    "dask-cuda-483-wsl2-error-warning-nvml-cannot-query-gpu-set-device-memory-limit-benign": _bd("wsl2-dask", "2021-01-04"),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
