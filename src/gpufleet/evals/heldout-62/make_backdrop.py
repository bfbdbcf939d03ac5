"""heldout-public-62's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-62/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpu-operator-118-nvidia-persistenced-holds-gpu-handle-blocks-gpu-reset-for-mig': Backdrop(
        'gpu-operator-mig-node',
        'A100',
        '450.80.02',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('c1',),
    ),
    'mig-parted-9-mig-mode-change-needs-reboot-gpu-reset-silently-fails-in-vsphere-passthrough': Backdrop(
        'hx-vcenter-passthrough-vm',
        'A100',
        '510.47.03',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('1b',),
    ),
    'nvidia-docker-377-nvidia-smi-and-persistenced-stuck-in-d-state-after-vm-restart-k80': Backdrop(
        'azure-k80-vm',
        'V100',
        '375.51',
        '2017-05-05T11:30:00Z',
        '2017-05-05T12:10:00Z',
        pci=('01',),
    ),
    'horovod-2107-horovod-stalled-rank-hang-ranks-submit-different-tensors': Backdrop(
        'horovod-train-node',
        'A10',
        '440.64.00',
        '2020-07-15T11:30:00Z',
        '2020-07-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'darknet-7799-four-rtx3090-training-randomly-reboots-server-psu-suggested-disputed': Backdrop(
        'darknet-4x3090-server',
        'A10',
        '460.80',
        '2021-07-10T11:30:00Z',
        '2021-07-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pytorch-46974-2080ti-illegal-memory-access-suspected-hardware': Backdrop(
        'pytorch-2080ti-desktop',
        'A10',
        '455.38',
        '2020-11-11T11:30:00Z',
        '2020-11-11T12:10:00Z',
        pci=('01',),
    ),
    'darknet-6982-gpu-ids-differ-from-nvidia-smi-fixed-with-cuda-device-order-pci-bus-id': Backdrop(
        'popos-titan-1080-server',
        'A10',
        '455.38',
        '2020-11-16T11:30:00Z',
        '2020-11-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeed-4433-multi-4090-deepspeed-deadlock-no-p2p-nccl-p2p-disable-workaround': Backdrop(
        'deepspeed-multi-4090',
        'A10',
        '535.183.01',
        '2024-08-24T11:30:00Z',
        '2024-08-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpu-feature-discovery-36-gfd-no-labels-device-plugin-missing-runtimeclassname-nvidia': Backdrop(
        'k8s-gfd-gpu-node',
        'A10',
        '525.85.12',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'gpt2-chinese-126-gpu-util-2-percent-single-process-dataparallel-cannot-fill-gpu': Backdrop(
        'gpt2-chinese-trainer',
        'A10',
        '440.59',
        '2020-03-23T11:30:00Z',
        '2020-03-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'nccl-1309-dual-4090-pix-pair-slower-geforce-no-p2p-traffic-via-cpu': Backdrop(
        'nccl-4x4090-box',
        'A10',
        '550.54.15',
        '2024-06-03T11:30:00Z',
        '2024-06-03T12:10:00Z',
        pci=('01', '02', '81', '82'),
    ),
    'nccl-606-nccl-test-hangs-gpu2-gpu3-acs-still-enabled-on-amd-pcie-switch': Backdrop(
        'nccl-amd-switch-node',
        'A100',
        '470.82.01',
        '2021-12-09T11:30:00Z',
        '2021-12-09T12:10:00Z',
        pci=('01', '02', '41', '42'),
    ),
    'nccl-676-dgx-a100-nccl-ignores-ib-disable-ibext-plugin-ib-not-connected': Backdrop(
        'gpu01',
        'A100',
        '510.47.03',
        '2022-04-21T11:30:00Z',
        '2022-04-21T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'digits-1085-digits-no-gpu-option-libcudart-not-on-library-path': Backdrop(
        'digits-devserver-host',
        'A10',
        '367.44',
        '2016-09-20T11:30:00Z',
        '2016-09-20T12:10:00Z',
        pci=('01',),
    ),
    'apex-651-amp-o1-illegal-memory-access-o2-nan-fixed-by-pytorch-pr': Backdrop(
        'apex-cyclegan-host',
        'A10',
        '440.33.01',
        '2020-05-10T11:30:00Z',
        '2020-05-10T12:10:00Z',
        pci=('01',),
    ),
    'marian-251-marian-training-no-response-gpu-is-lost-reboot-to-recover': Backdrop(
        'dlsy',
        'A10',
        '410.78',
        '2019-02-27T11:30:00Z',
        '2019-02-27T12:10:00Z',
        pci=('03',),
    ),
    'open-gpu-kernel-modules-688-gm107-bad-register-read-flood-pcie-aux-power-connector-failure': Backdrop(
        'eve',
        'A10',
        '580.119.02',
        '2026-01-16T11:30:00Z',
        '2026-01-16T12:10:00Z',
        pci=('01',),
    ),
    'mxnet-17837-gpu-memory-held-by-orphaned-dataloader-process-after-kill-9': Backdrop(
        'mxnet-train-host',
        'A10',
        '410.48',
        '2020-03-16T11:30:00Z',
        '2020-03-16T12:10:00Z',
        pci=('01',),
    ),
    'deepspeed-4239-zero3-cpu-offload-exhausts-host-dram-return-code-minus-9': Backdrop(
        'deepspeed-zero3-node',
        'A10',
        '535.54.03',
        '2023-09-07T11:30:00Z',
        '2023-09-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'digits-2005-k40m-gpu0-busy-exclusive-process-mode-digits-process-suspected': Backdrop(
        'hpc-k40m-node',
        'V100',
        '375.26',
        '2018-03-26T11:30:00Z',
        '2018-03-26T12:10:00Z',
        pci=('04', '82'),
    ),
    'transformers-28280-deepspeed-multi-gpu-stuck-nccl-allreduce-fixed-with-nccl-p2p-disable': Backdrop(
        'hf-deepspeed-server',
        'A10',
        '535.129.03',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeed-3823-single-a100-offload-killed-return-code-minus-9-cpu-memory-disputed': Backdrop(
        'deepspeed-a100-80g',
        'A100',
        '525.105.17',
        '2023-07-14T11:30:00Z',
        '2023-07-14T12:10:00Z',
        pci=('01',),
    ),
    'cxxnet-108-slow-gpu-initialization-driver-unloads-state-without-persistence-mode-benign': Backdrop(
        'cxxnet-gtx970-desktop',
        'A10',
        '343.19',
        '2016-04-20T11:30:00Z',
        '2016-04-20T12:10:00Z',
        pci=('01',),
    ),
    'numpyro-204-bnn-example-slower-on-gpu-small-matmuls-expected-benign': Backdrop(
        'numpyro-gpu-workstation',
        'A10',
        '418.67',
        '2019-07-07T11:30:00Z',
        '2019-07-07T12:10:00Z',
        pci=('01',),
    ),
    'gpu-monitoring-tools-141-dcgm-exporter-crash-profiling-module-not-loaded-non-datacenter-gpu-benign': Backdrop(
        'k8s-dcgm-exporter-node',
        'A10',
        '450.80.02',
        '2020-12-17T11:30:00Z',
        '2020-12-17T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2042-rtx3070-inference-slow-after-idle-gpu-clocks-drop-benign': Backdrop(
        'win-rtx3070-inference',
        'A10',
        '512.95',
        '2022-06-08T11:30:00Z',
        '2022-06-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
