"""heldout-public-461's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-461/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPUs, where the source names them, are in each description); every host
name is a stand-in (no source prints one that identifies the machine); GPU counts follow the source (1 where it names one GPU or
none, 2 for the dual-GPU rigs and the two-GPU lab server, 5 for the five-GPU workstation); bus numbers are stand-ins 01..N, except
bus 01 where the evidence prints it (club3090-838's Xid line PCI:0000:01:00 and deepin-14043's 01:00.0 both identify gpu0); the
driver (550.144.03) is the same stand-in for every case, so the version carries no signal (the real driver versions stay in the
descriptions and evidence). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'club3090-838-dual-5090-xid31-mmu-fault-leaves-driver-in-clock-suppressed-state-until-reboot': Backdrop(
        'dual5090-rig',
        'A10',
        '550.144.03',
        '2026-08-01T11:30:00Z',
        '2026-08-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'ogkm-483-laptop-cannot-set-power-limit-with-nvidia-smi-new-driver-rollback-to-525': Backdrop(
        'legion-laptop',
        'A10',
        '550.144.03',
        '2023-09-27T11:30:00Z',
        '2023-09-27T12:10:00Z',
        pci=('01',),
    ),
    'satcn-rtx4060-laptop-gpu-tests-ran-on-cpu-venv-without-cuda-build': Backdrop(
        'rtx4060-laptop',
        'A10',
        '550.144.03',
        '2025-10-31T11:30:00Z',
        '2025-10-31T12:10:00Z',
        pci=('01',),
    ),
    'chainsaw-gtx1080-windows-cupy-missing-nvrtc-dll-curand-init-fails-cuda-build-mismatch': Backdrop(
        'gtx1080-win-ws',
        'A10',
        '550.144.03',
        '2025-09-28T11:30:00Z',
        '2025-09-28T12:10:00Z',
        pci=('01',),
    ),
    'chaelin-blog-nvidia-driver-vanished-cuda-repo-key-rotation-reinstall-ko': Backdrop(
        'dl-ws-ko',
        'A10',
        '550.144.03',
        '2022-07-14T11:30:00Z',
        '2022-07-14T12:10:00Z',
        pci=('01',),
    ),
    'chaelin-blog-2gpu-server-low-gpu-util-cpu-dataloader-bottleneck-num-workers-ko': Backdrop(
        'dl-server-ko',
        'A10',
        '550.144.03',
        '2021-09-03T11:30:00Z',
        '2021-09-03T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-43281-cuda-error-999-after-machine-idles-nvidia-smi-fine-reload-nvidia-uvm': Backdrop(
        'dl-desktop-idle',
        'A10',
        '550.144.03',
        '2020-08-19T11:30:00Z',
        '2020-08-19T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-797-rtx3080-laptop-cuinit-fails-open-module-570-hmm-uvm-disable-hmm-workaround': Backdrop(
        'rtx3080-laptop',
        'A10',
        '550.144.03',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('01',),
    ),
    'deepin-14043-rtx5050-laptop-gpu-unusable-distro-driver-580-too-old-595-open-works': Backdrop(
        'rtx5050-laptop',
        'A10',
        '550.144.03',
        '2026-09-23T11:30:00Z',
        '2026-09-23T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-27430-rtx3090-rtx5080-illegal-memory-access-after-llama-cpp-commit-regression-fixed-upstream': Backdrop(
        'mixed-3090-5080-rig',
        'A10',
        '550.144.03',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'llamacpp-18575-3x4090-2x-rtx-pro-6000-workstation-illegal-memory-access-first-bad-commit': Backdrop(
        'ws-5gpu',
        'A10',
        '550.144.03',
        '2026-01-04T11:30:00Z',
        '2026-01-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'pytorch-2567-unspecified-launch-failure-after-suspend-resume-restart-jupyter': Backdrop(
        'ubuntu1604-desktop',
        'A10',
        '550.144.03',
        '2018-01-10T11:30:00Z',
        '2018-01-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
