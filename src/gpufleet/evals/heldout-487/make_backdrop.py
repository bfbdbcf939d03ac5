"""heldout-public-487's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-487/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
no evidence prints a host name, so every host is a stand-in (runpod-worker, ci-gpu-node, h100-node, ...); the GPU
count follows the source where it says (8 for the 8x H100 environment, 8 for multi-rank jobs, 2 for "my GPUs",
4 for the Witherspoon node) and is 1 otherwise; no evidence prints a bus number, so the buses are stand-ins
01, 02, ... in index order; the driver (550.144.03) is the same stand-in for every case, so the version carries
no signal. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops


def _pci(n: int) -> tuple[str, ...]:
    return tuple(f"{i + 1:02x}" for i in range(n))


def _bd(host: str, n: int, start: str, end: str) -> Backdrop:
    return Backdrop(host, 'A10', '550.144.03', start, end, pci=_pci(n))


INCIDENTS: dict[str, Backdrop] = {
    'runpod-fooocus-api-36-cuda-errors-every-two-weeks-for-hours-incompatible-driver-on-spawned-workers':
        _bd('runpod-worker', 1, '2024-09-02T11:30:00Z', '2024-09-02T12:10:00Z'),
    'climacoupler-jl-440-ci-occasional-cuda-error-999-cpu-jobs-landing-on-unrequested-gpus':
        _bd('ci-gpu-node', 1, '2023-09-28T11:30:00Z', '2023-09-28T12:10:00Z'),
    'ollama-8962-docker-container-loses-gpu-after-idle-time-systemd-cgroup-driver-use-cgroupfs':
        _bd('ollama-docker-host', 1, '2025-02-09T11:30:00Z', '2025-02-09T12:10:00Z'),
    'pytorch-153960-nccl-randomly-hangs-on-8xh100-when-device-id-passed-to-init-process-group':
        _bd('h100-node', 8, '2025-05-20T11:30:00Z', '2025-05-20T12:10:00Z'),
    'megatron-deepspeed-282-bigscience-training-deadlocks-again-at-validation-dataloader-race-num-workers-0':
        _bd('bigscience-gpu-node', 8, '2022-05-18T11:30:00Z', '2022-05-18T12:10:00Z'),
    'simpletuner-653-training-sometimes-sigkill-9-host-ram-oom-killer-while-quantising':
        _bd('trainer-host', 1, '2024-08-07T11:30:00Z', '2024-08-07T12:10:00Z'),
    'tensor2tensor-581-oom-after-hours-of-training-non-deterministic-batch-size-a-bit-too-high':
        _bd('t2t-train-host', 1, '2018-02-13T11:30:00Z', '2018-02-13T12:10:00Z'),
    'opennmt-py-2550-infrequent-oom-after-about-a-thousand-steps-batch-size-almost-filling-gpu-memory':
        _bd('onmt-train-host', 2, '2024-01-11T11:30:00Z', '2024-01-11T12:10:00Z'),
    'torchtune-2830-distributed-finetune-ooms-once-in-a-while-long-unfiltered-examples':
        _bd('torchtune-node', 8, '2025-06-16T11:30:00Z', '2025-06-16T12:10:00Z'),
    'merak-3-c10-cudaerror-occasionally-at-end-of-training-resources-not-cleaned-up-sleep-before-exit':
        _bd('a100-node', 8, '2022-12-07T11:30:00Z', '2022-12-07T12:10:00Z'),
    'openbmc-3183-witherspoon-bmc-gpu-power-readings-whacky-instantaneous-occ-values-benign':
        _bd('witherspoon', 4, '2018-05-15T11:30:00Z', '2018-05-15T12:10:00Z'),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
