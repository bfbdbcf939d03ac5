"""heldout-public-172's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-172/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and for all the consumer, workstation and
embedded GPUs of these reports); hosts are stand-ins; bus numbers and drivers are stand-ins except where a case's
description says the source prints them (dcgm-65: bus 31, driver 520.61.05; okm-1097: bus 01, driver 595.71.05;
okm-1134: driver 595.71.05; okm-1353: driver 610.57.04). No case uses extra: no source quotes an exporter value as
a metric sample. The backdrop never points at the cause: flat, healthy series only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nct-1940-podman-unresolvable-cdi-devices-toolkit-1191-needs-podman-with-cdi-07': Backdrop(
        'spark-podman-01',
        'A10',
        '580.95.05',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01',),
    ),
    'nct-1860-podman-493-cannot-parse-cdi-spec-additionalgids-toolkit-119': Backdrop(
        'u2404-podman-gpu',
        'A10',
        '580.105.08',
        '2026-05-28T11:30:00Z',
        '2026-05-28T12:10:00Z',
        pci=('01',),
    ),
    'nct-63-podman-301-too-old-for-cdi-stat-nvidia-com-gpu-0-no-such-file': Backdrop(
        'nvs5400m-laptop',
        'A10',
        '390.157',
        '2023-05-23T11:30:00Z',
        '2023-05-23T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-65-dmon-wrong-dram-active-value-dcgm-313-bug-gone-in-317': Backdrop(
        'a100-mig-node',
        'A10',
        '520.61.05',
        '2023-04-25T11:30:00Z',
        '2023-04-25T12:10:00Z',
        pci=('31',),
    ),
    'gpuop-2166-driver-pod-init-crashloop-upgrade-controller-skipped-stale-upgrade-done-label': Backdrop(
        'k8s-gpu-worker-2166',
        'A10',
        '580.95.05',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-598-new-gpu-pods-fail-after-containerd-config-overwritten-toolkit-must-reapply-runtime': Backdrop(
        'k8s-gpu-node-598',
        'A10',
        '535.104.12',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-1142-driver-pod-cannot-load-unsigned-module-uefi-secure-boot-rtx3090': Backdrop(
        'rtx3090-worker-1',
        'A10',
        '550.127.05',
        '2024-11-27T11:30:00Z',
        '2024-11-27T12:10:00Z',
        pci=('01',),
    ),
    'okm-1353-rtx5070ti-gsp-heartbeat-timeout-xid119-xid154-wpr2-latched-across-warm-reboots': Backdrop(
        'gb203-desktop',
        'A10',
        '610.57.04',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'okm-1134-rtx3090-nvkms-map-exceeds-bar1-xid31-xid154-chromium-kernel-703': Backdrop(
        'rtx3090-ws-1134',
        'A10',
        '595.71.05',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01',),
    ),
    'okm-1097-xid109-ctx-switch-timeout-blackwell-proton-descriptor-heap-driver-595': Backdrop(
        'gb203-gaming-rig',
        'A10',
        '595.71.05',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-31-dcgmi-diag-refuses-mig-configured-a100-tool-limitation-not-gpu-fault': Backdrop(
        'a100-mig-host-31',
        'A10',
        '510.47.03',
        '2022-05-08T11:30:00Z',
        '2022-05-08T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-636-exporter-crash-libdcgm-so-4-missing-from-ld-cache-eks-134-bottlerocket': Backdrop(
        'eks-g6-xlarge-1',
        'A10',
        '570.195.03',
        '2026-02-27T11:30:00Z',
        '2026-02-27T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-612-exporter-exits-cannot-init-nvml-library-not-found-without-nvidia-runtimeclass': Backdrop(
        'k8s-monitoring-gpu-612',
        'A10',
        '580.95.05',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
