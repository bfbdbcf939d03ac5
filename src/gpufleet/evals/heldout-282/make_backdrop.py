"""heldout-public-282's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-282/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except skchv210, which the evidence prints), GPU counts where the source gives none, bus numbers (no source
prints one: 01, 02, ... in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'acs-engine-2473-nd24s-kubernetes-nodes-report-0-gpus-fixed-by-acs-engine-0-14': Backdrop(
        'k8s-nd24s-agent',
        'A10',
        '550.144.03',
        '2018-03-14T11:30:00Z',
        '2018-03-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'apptainer-2706-nv-gpu-libraries-not-usable-el9-host-libraries-too-new-for-ubuntu-container': Backdrop(
        'el9-gpu-host',
        'A10',
        '550.144.03',
        '2025-01-16T11:30:00Z',
        '2025-01-16T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-extensions-49-driver-510-does-not-work-on-ncast4-gsp-firmware-hypervisor-use-470': Backdrop(
        'ncast4-vm',
        'A10',
        '550.144.03',
        '2022-01-31T11:30:00Z',
        '2022-01-31T12:10:00Z',
        pci=('01',),
    ),
    'claudie-1786-kubeone-overwrites-containerd-config-pods-lose-nvidia-runtime-after-restart': Backdrop(
        'kubeone-gpu-node',
        'A10',
        '550.144.03',
        '2025-07-22T11:30:00Z',
        '2025-07-22T12:10:00Z',
        pci=('01',),
    ),
    'cyclecloud-slurm-314-dynamic-gpu-nodes-invalid-registration-slurmd-started-without-gres': Backdrop(
        'cyclecloud-gpu-dyn-1',
        'A10',
        '550.144.03',
        '2025-02-04T11:30:00Z',
        '2025-02-04T12:10:00Z',
        pci=('01',),
    ),
    'hami-585-hami-core-cumemoryallocate-failed-res-2-inference-hangs-oom': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.144.03',
        '2024-10-31T11:30:00Z',
        '2024-10-31T12:10:00Z',
        pci=('01',),
    ),
    'inferencex-2775-cancelled-jobs-leave-1tb-dev-shm-file-next-exclusive-h100-job-hangs-memory-pressure': Backdrop(
        'h100-dgxc-node',
        'A10',
        '550.144.03',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'kiosk-console-71-cluster-autoscaler-does-not-scale-gpu-pool-tf-serving-nodeselector-wrong-gpu-type': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '550.144.03',
        '2018-11-16T11:30:00Z',
        '2018-11-16T12:10:00Z',
        pci=('01',),
    ),
    'koordinator-2706-gpu-1-fallen-off-the-bus-breaks-koordlet-gpu-init-by-index': Backdrop(
        'koord-lost-gpu-node',
        'A10',
        '550.144.03',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'koordinator-630-koordlet-nvml-devicegetcount-error-function-not-found-cadvisor-gonvml': Backdrop(
        'koord-gpu-node',
        'A10',
        '550.144.03',
        '2022-09-16T11:30:00Z',
        '2022-09-16T12:10:00Z',
        pci=('01',),
    ),
    'kubecost-1978-aws-virtual-gpu-device-plugin-node-gpu-count-0-negative-idle-cost-benign': Backdrop(
        'g4dn-xlarge-node',
        'A10',
        '550.144.03',
        '2023-02-13T11:30:00Z',
        '2023-02-13T12:10:00Z',
        pci=('01',),
    ),
    'kubeopt-21-cpu-proxy-rule-flags-busy-gpu-serving-pods-as-idle-benign': Backdrop(
        'gpu-serving-node',
        'A10',
        '550.144.03',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01',),
    ),
    'kubestellar-console-7020-daemonset-pods-counted-as-gpu-users-inflated-gpu-utilization-benign': Backdrop(
        'gpu-node-1',
        'A10',
        '550.144.03',
        '2026-04-12T11:30:00Z',
        '2026-04-12T12:10:00Z',
        pci=('01',),
    ),
    'nomad-8304-nomad-agent-fails-to-start-nvml-symbol-nvmldevicegetpciinfo-v3-missing-old-driver': Backdrop(
        'nomad-client-gpu',
        'A10',
        '550.144.03',
        '2020-06-28T11:30:00Z',
        '2020-06-28T12:10:00Z',
        pci=('01',),
    ),
    'nomad-device-nvidia-34-gpu-fingerprint-fails-unsupported-gpu-device-old-go-nvml': Backdrop(
        'nomad-client-2080',
        'A10',
        '550.144.03',
        '2024-02-03T05:24:32Z',
        '2024-02-03T06:04:32Z',
        pci=('01',),
    ),
    'pytorch-ci-infra-910-karpenter-7-5-pct-memory-overhead-8-gpu-a10g-runners-not-provisioned': Backdrop(
        'a10g-8-runner-node',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'runpod-containers-98-pod-fails-nvidia-container-cli-requirement-cuda-12-8-driver-too-old': Backdrop(
        'runpod-host',
        'A10',
        '550.144.03',
        '2025-08-10T21:39:09Z',
        '2025-08-10T22:19:09Z',
        pci=('01',),
    ),
    'slurm-job-exporter-24-dcgm-field-1006-fp64-active-unsupported-on-l4-exporter-fails-benign': Backdrop(
        'l4-gpu-node',
        'A10',
        '550.144.03',
        '2024-04-16T11:30:00Z',
        '2024-04-16T12:10:00Z',
        pci=('01',),
    ),
    'volcano-5335-vgpu-stale-annotations-after-dry-run-put-several-pods-on-one-a800-oom': Backdrop(
        'a800-node-1',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'volcano-5532-vgpu-annotation-drift-device-plugin-picks-wrong-pod-libvgpu-enoent-3090': Backdrop(
        'rtx3090-node-1',
        'A10',
        '550.144.03',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'xcp-idl-324-xcp-rrdd-gpumon-not-enough-memory-errors-stub-gpumon-not-critical-benign': Backdrop(
        'skchv210',
        'A10',
        '550.144.03',
        '2021-02-15T10:40:06Z',
        '2021-02-15T11:20:06Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
