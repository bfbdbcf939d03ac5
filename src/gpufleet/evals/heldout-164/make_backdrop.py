"""heldout-public-164's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-164/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts are stand-ins; bus numbers are those the
report prints (ogkm-364: 08, ogkm-1214: 01 and e1, ogkm-1030: 2b) or stand-ins; drivers are the version the report
prints where it prints one, else stand-ins (see each case's description). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'k8stestinfra-635-nvml-mock-nvidia-smi-impossible-temperature-limits-tlimit-fields-not-arch-gated-benign': Backdrop(
        'nvml-mock-a100',
        'A10',
        '550.163.01',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
    ),
    'jetsonbench-16-agx-xavier-exceeds-15w-power-mode-clocks-locked-by-benchmark-dvfs-script-benign': Backdrop(
        'agx-xavier-bench',
        'A10',
        '32.5.1',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexporter-37-exporter-crashloop-api-version-mismatch-with-hostengine-image-digest-benign': Backdrop(
        'ocp-gpu-worker-1',
        'A10',
        '470.82.01',
        '2021-12-22T14:22:20Z',
        '2021-12-22T15:02:20Z',
        pci=('01',),
    ),
    'dcgmexporter-425-exporter-memory-2x-after-upgrade-near-oom-limit-pci-bus-id-label-benign': Backdrop(
        'k8s-a100-node',
        'A10',
        '550.127.05',
        '2024-11-22T11:30:00Z',
        '2024-11-22T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexporter-330-exporter-fails-first-start-profiling-module-race-recovers-on-restart-benign': Backdrop(
        'dcgm-exporter-node',
        'A10',
        '550.54.15',
        '2024-05-23T11:30:00Z',
        '2024-05-23T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexporter-61-microk8s-exporter-crashloop-on-non-gpu-control-plane-node': Backdrop(
        'microk8s-gpu-worker',
        'A10',
        '510.47.03',
        '2022-04-15T00:05:52Z',
        '2022-04-15T00:45:52Z',
        pci=('01',),
    ),
    'nvtrust-29-h100-cc-vm-driver-install-fails-gpu-not-initialised-guest-kernel-issue': Backdrop(
        'cc-guest-vm',
        'A10',
        '535.86.10',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-497-driver-container-fails-with-secure-boot-enabled-unsigned-module': Backdrop(
        'anthos-bm-gpu-1',
        'A10',
        '470.103.01',
        '2023-03-10T11:30:00Z',
        '2023-03-10T12:10:00Z',
        pci=('01',),
    ),
    'cndocs-98-note-nouveau-must-be-disabled-or-driver-container-deployment-fails': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.90.07',
        '2024-09-10T11:30:00Z',
        '2024-09-10T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-190-openshift-4-7-upgrade-driver-container-kernel-devel-not-found-stale-env': Backdrop(
        'ocp47-gpu-worker',
        'A10',
        '460.73.01',
        '2021-05-13T11:30:00Z',
        '2021-05-13T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-457-driver-container-fails-on-fips-kernel-no-matching-kernel-headers': Backdrop(
        'rke2-server',
        'A10',
        '515.86.01',
        '2022-12-08T11:30:00Z',
        '2022-12-08T12:10:00Z',
        pci=('01',),
    ),
    'isaacroscommon-126-jetson-orin-container-fails-cuda-12-2-required-jetpack-5-too-old': Backdrop(
        'agx-orin-dev',
        'A10',
        '35.4.1',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01',),
    ),
    'ctk-1895-cdi-spec-only-gpu-all-entry-device-plugin-cdi-mode-pods-fail': Backdrop(
        'k8s-cdi-gpu-node',
        'A10',
        '580.82.07',
        '2026-06-18T11:30:00Z',
        '2026-06-18T12:10:00Z',
        pci=('01',),
    ),
    'ctk-1239-rke2-cdi-spec-missing-gpu-uuid-unresolvable-cdi-device': Backdrop(
        'rke2-t4-node',
        'A10',
        '570.172.08',
        '2025-08-11T11:30:00Z',
        '2025-08-11T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-364-gtx1660ti-xid-13-skedcheck-gravitymark-opengles-benchmark-triggers': Backdrop(
        'fedora36-desktop',
        'A10',
        '515.65.01',
        '2022-09-05T11:30:00Z',
        '2022-09-05T12:10:00Z',
        pci=('08',),
    ),
    'ogkm-1214-rtx6000-ada-xid-120-gsp-exception-follows-xorg-across-cards-driver-side': Backdrop(
        'ad102-workstation',
        'A10',
        '580.105.08',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('01', 'e1'),
    ),
    'megatron-1207-llava-pipeline-parallel-allreduce-nccl-timeout-one-stage-skips-training-step': Backdrop(
        'llava-pp-node0',
        'A10',
        '550.90.07',
        '2024-10-10T11:20:05Z',
        '2024-10-10T12:00:05Z',
        pci=('01',),
    ),
    'ogkm-1030-rtx5090-xid-31-mmu-fault-llama-cpp-ollama-open-driver-blamed': Backdrop(
        'tumbleweed-5090',
        'A10',
        '590.48.01',
        '2026-02-18T11:30:00Z',
        '2026-02-18T12:10:00Z',
        pci=('2b',),
    ),
    'caffe-10-multi-gpu-training-slow-p2p-bandwidth-pcie-acs-enabled-in-sbios': Backdrop(
        'digits-plx-box',
        'A10',
        '346.46',
        '2015-07-07T11:30:00Z',
        '2015-07-07T12:10:00Z',
        pci=('04', '05', '08', '09'),
    ),
    'ogkm-1289-rtx2000-ada-laptop-display-freeze-nvidia-modeset-stuck-in-difr-prefetch': Backdrop(
        'precision-7680',
        'A10',
        '610.57.04',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
