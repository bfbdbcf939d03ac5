"""Write the neutral backdrop of the held-out incidents: ``topology.json`` and ``metrics.jsonl``.

The public reports behind ``heldout-public-5/`` quote log lines, command output and exporter pages,
never a metrics store export; the recorded-incident format needs both a topology and samples. This
script writes, for each incident, the host the report names (its hostname or a stand-in, its GPUs at
the PCI bus ids the report prints, its driver version) and a flat, healthy stretch of
dcgm-exporter samples (temperature, power, utilisation) so the NOC has a fleet to watch. Nothing in
the backdrop points at the cause: the deciding evidence is only the report's own text beside it.
Where a report quotes exporter values (``extra``) they are written as they were quoted.

Run from the repository root: ``.venv/bin/python <this folder>/make_backdrop.py``
(deterministic; rewrites the files).
"""

from __future__ import annotations

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "arjuna-165-c013-c024-down-after-power-outage": Backdrop(
        "c013",
        "A100",
        "unknown",
        "2022-07-31T13:14:00Z",
        "2022-07-31T13:54:00Z",
        ("01", "41", "81", "c1"),
    ),
    "citc-terraform-11-vm-gpu2-1-drain-low-realmemory": Backdrop(
        "compute001",
        "V100",
        "unknown",
        "2019-03-26T10:00:00Z",
        "2019-03-26T10:40:00Z",
        ("04",),
    ),
    "dcgm-exporter-84-a100-mig-exporter-sigkill-xid120-xid119-gsp-freeze": Backdrop(
        "a100-mig-node",
        "A100",
        "515.48.07",
        "2022-07-25T16:16:04Z",
        "2022-07-25T16:56:04Z",
        ("3b",),
    ),
    "digits-1890-error-46-busy-unavailable-gpu-compute-capability-too-old": Backdrop(
        "digits-box",
        "V100",
        "unknown",
        "2017-11-22T11:59:18Z",
        "2017-11-22T12:39:18Z",
        ("01",),
    ),
    "fastmri-238-iabeng102-oom-86mib-reserved-zombie-holds-gpu": Backdrop(
        "iabeng102",
        "V100",
        "unknown",
        "2024-07-07T10:00:00Z",
        "2024-07-07T10:40:00Z",
        ("01",),
    ),
    "finetrainers-114-validation-on-rank0-broadcast-watchdog-timeout": Backdrop(
        "cogvideox-train",
        "A100",
        "unknown",
        "2024-12-05T04:05:53Z",
        "2024-12-05T04:45:53Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "gpu-monitoring-tools-119-quadro-dcgm-exporter-fatal-profiling-not-supported-benign": Backdrop(
        "quadro-node",
        "A10",
        "unknown",
        "2020-10-27T00:23:32Z",
        "2020-10-27T01:03:32Z",
        ("01",),
    ),
    "gpu-operator-156-openshift-device-plugin-validation-untolerated-taint": Backdrop(
        "aiml-gpu-worker",
        "V100",
        "unknown",
        "2021-02-24T10:00:00Z",
        "2021-02-24T10:40:00Z",
        ("00",),
    ),
    "hf-hub-4134-h200-job-error-802-fabric-manager-never-completed": Backdrop(
        "hf-jobs-h200",
        "H100",
        "unknown",
        "2026-04-23T10:00:00Z",
        "2026-04-23T10:40:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "illinois-60-koelsch-nvml-mismatch-reboot": Backdrop(
        "koelsch",
        "V100",
        "unknown",
        "2022-06-02T10:00:00Z",
        "2022-06-02T10:40:00Z",
        ("01",),
    ),
    "illinois-80-porter-titan-v-95c-xid79-hot-at-idle": Backdrop(
        "porter",
        "V100",
        "unknown",
        "2025-04-15T16:20:03Z",
        "2025-04-15T17:00:03Z",
        ("02",),
    ),
    "jade-59-gpu7-busy-held-by-unreaped-process-error-46": Backdrop(
        "jade-dgx1",
        "V100",
        "384.111",
        "2018-06-19T10:00:00Z",
        "2018-06-19T10:40:00Z",
        ("06", "07", "0a", "0b", "85", "86", "89", "8a"),
    ),
    "kaito-976-vllm-oom-reserved-unallocated-fragmentation": Backdrop(
        "kaito-gpu-node",
        "V100",
        "unknown",
        "2025-04-01T23:16:56Z",
        "2025-04-01T23:56:56Z",
        ("00",),
    ),
    "k8s-device-plugin-68-gpu-taint-repels-plugin-alpha-nvidia-gpu": Backdrop(
        "gpu-node-1",
        "V100",
        "unknown",
        "2018-08-21T10:00:00Z",
        "2018-08-21T10:40:00Z",
        ("00",),
    ),
    "kubeflow-68-nvidia-smi-q-idle-active-benign": Backdrop(
        "gpu-node",
        "V100",
        "unknown",
        "2018-01-09T10:00:00Z",
        "2018-01-09T10:40:00Z",
        ("00",),
    ),
    "lwa-117-gpu09-freeze-host-dimm-uncorrectable-ecc": Backdrop(
        "gpu09",
        "A10",
        "unknown",
        "2022-05-20T10:00:00Z",
        "2022-05-20T10:40:00Z",
        ("3b", "af"),
    ),
    "marin-9086-s9jvxs64-gpu0-xid149-netir-link-down-link14": Backdrop(
        "s9jvxs64",
        "GB200",
        "unknown",
        "2026-09-10T07:38:46Z",
        "2026-09-10T08:18:46Z",
        ("08", "09", "18", "19"),
    ),
    "magic-castle-27-slurmd-fatal-gres-conf-duplicate-gpu": Backdrop(
        "node2",
        "V100",
        "unknown",
        "2020-02-20T18:29:13Z",
        "2020-02-20T19:09:13Z",
        ("00", "01"),
    ),
    "mfc-1748-phoenix-l40s-node-cuctxcreate-error-214-ecc-uncorrectable": Backdrop(
        "atl1-1-03-007-29-0",
        "A10",
        "unknown",
        "2026-08-22T10:00:00Z",
        "2026-08-22T10:40:00Z",
        ("17", "ca"),
    ),
    "nccl-426-roce-error-12-vendor-err-129-wrong-gid-index": Backdrop(
        "machine-17",
        "V100",
        "unknown",
        "2020-12-01T10:00:00Z",
        "2020-12-01T10:40:00Z",
        ("1a",),
    ),
    "nvidia-docker-1180-nvlink-bridge-no-cuda-device-in-containers": Backdrop(
        "nvlink-workstation",
        "V100",
        "440",
        "2020-01-27T10:00:00Z",
        "2020-01-27T10:40:00Z",
        ("01", "02"),
    ),
    "nvsentinel-1471-p5-imex-unhealthy-false-positive-benign": Backdrop(
        "p5-48xlarge",
        "H100",
        "unknown",
        "2026-07-09T10:00:00Z",
        "2026-07-09T10:40:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "nvtop-125-apt-install-pulls-driver-libs-nvml-version-mismatch": Backdrop(
        "workstation",
        "A10",
        "unknown",
        "2021-11-18T10:00:00Z",
        "2021-11-18T10:40:00Z",
        ("01",),
    ),
    "ogkm-1229-egpu-thunderbolt-cmpltto-aer-unrecoverable-xid31": Backdrop(
        "egpu-host",
        "A10",
        "610.43.02",
        "2026-07-04T10:00:00Z",
        "2026-07-04T10:40:00Z",
        ("63",),
    ),
    "ogkm-322-v100-open-module-no-gsp-not-supported": Backdrop(
        "v100-server",
        "V100",
        "unknown",
        "2022-07-19T10:00:00Z",
        "2022-07-19T10:40:00Z",
        ("af",),
    ),
    "ogkm-862-rtx5090-no-devices-found-rminitadapter-bar-above-4g-off": Backdrop(
        "gpu",
        "B200",
        "unknown",
        "2025-07-01T22:25:07Z",
        "2025-07-01T23:05:07Z",
        ("01",),
    ),
    "pai-1682-gpu-1037-datanode-cgroup-oom-kills": Backdrop(
        "paigcr-a-gpu-1037",
        "V100",
        "unknown",
        "2018-11-05T20:44:12Z",
        "2018-11-05T21:24:12Z",
        ("04", "05", "08", "09"),
    ),
    "particleflow-390-end-of-epoch-test-on-rank0-nccl-watchdog-timeout": Backdrop(
        "mlpf-gpu-node",
        "A100",
        "unknown",
        "2025-01-24T10:00:00Z",
        "2025-01-24T10:40:00Z",
        ("07", "0b", "48", "4c"),
    ),
    "pyxis-47-a100-container-no-cuda-device-cgroup-not-constraining-devices": Backdrop(
        "nodeGPU01",
        "A100",
        "unknown",
        "2021-05-17T10:00:00Z",
        "2021-05-17T10:40:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "semseg-33-8gpu-epoch18-cuda-runtime-error-39-uncorrectable-ecc": Backdrop(
        "train-8gpu",
        "V100",
        "unknown",
        "2019-10-08T10:00:00Z",
        "2019-10-08T10:40:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "trixie-45-cn106-stepd-terminated-job-not-ending-with-signals-drain": Backdrop(
        "cn106",
        "V100",
        "unknown",
        "2020-12-14T09:14:56Z",
        "2020-12-14T09:54:56Z",
        ("04", "05", "08", "09"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
