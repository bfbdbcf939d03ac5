"""heldout-public-64's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-64/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nunix-dev-m56-quadro-m4000-maxwell-no-cuda-on-nouveau-rejected-by-nvidia-open': Backdrop(
        'k3s-sles-m4000',
        'A10',
        '550.144.03',
        '2026-05-20T11:30:00Z',
        '2026-05-20T12:10:00Z',
        pci=('01',),
    ),
    'if-koubou-superuser-laptop-games-slow-on-battery-gpu-power-limited-by-design-benign': Backdrop(
        'gaming-laptop-gtx980m',
        'A10',
        '353.30',
        '2015-06-15T11:30:00Z',
        '2015-06-15T12:10:00Z',
        pci=('01',),
    ),
    'holynerdvana-2013-laptop-gpu-code-43-cracked-solder-balls-reflowed-with-hair-dryer': Backdrop(
        'gateway-fx-laptop',
        'A10',
        '314.07',
        '2013-03-19T11:30:00Z',
        '2013-03-19T12:10:00Z',
        pci=('01',),
    ),
    'tecnogaming-gtx-680-red-screen-with-aida64-gpu-z-vbios-registers-removed': Backdrop(
        'gtx680-desktop',
        'A10',
        '301.10',
        '2012-04-15T11:30:00Z',
        '2012-04-15T12:10:00Z',
        pci=('01',),
    ),
    'activeness-social-driver-576-02-gpu-temperature-frozen-after-resume-from-sleep': Backdrop(
        'win-desktop-576',
        'A10',
        '576.02',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'proventusnova-jetson-orin-silent-gpu-hang-host1x-interrupt-stall-channel-timeout': Backdrop(
        'jetson-orin-edge',
        'A10',
        '540.4.0',
        '2026-03-10T11:30:00Z',
        '2026-03-10T12:10:00Z',
        pci=('01',),
    ),
    'blender-stackexchange-280486-rtx-3080-ti-system-out-of-gpu-memory-scene-exceeds-12gb-vram': Backdrop(
        'workstation-3080ti',
        'A10',
        '527.37',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('01',),
    ),
    'topazlabs-community-17631-low-gpu-load-in-task-manager-measurement-method-benign': Backdrop(
        'veai-workstation',
        'A10',
        '466.77',
        '2021-06-15T11:30:00Z',
        '2021-06-15T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-rtx-4070-super-resume-from-hibernate-gsp-rpc-timeout-xid-119-fixed-in-570-124-04': Backdrop(
        'fedora41-rtx4070s',
        'A10',
        '570.86.16',
        '2025-05-14T11:30:00Z',
        '2025-05-14T12:10:00Z',
        pci=('09',),
    ),
    'nerdralph-2017-mining-rig-supplemental-pcie-power-cable-overheated-risers-12v-trace-hot': Backdrop(
        'mining-rig-risers',
        'A10',
        '378.78',
        '2017-03-15T11:30:00Z',
        '2017-03-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'mpecsinc-2008-two-8800-gtx-ultra-no-sli-on-crossfire-motherboard-replaced-with-nforce-790i': Backdrop(
        'vista-x64-8800gtx-sli',
        'A10',
        '175.16',
        '2008-06-20T11:30:00Z',
        '2008-06-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'authon-blog-training-loss-garbage-on-cluster-kernel-writes-past-shared-memory-buffer': Backdrop(
        'train-cluster-node',
        'A100',
        '550.90.07',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('07', '0f'),
    ),
    'cutrace-bmm-sparse-search-kernel-reads-indices1d-minus-1-invalid-global-read': Backdrop(
        'sanitizer-debug-node',
        'A100',
        '550.90.07',
        '2026-02-10T11:30:00Z',
        '2026-02-10T12:10:00Z',
        pci=('07',),
    ),
    'tilcodes-vllm-qwen3-30b-h200-random-cuda-oom-cuda-graph-capture-leak-enforce-eager': Backdrop(
        'vllm-h200-node',
        'H200',
        '570.172.08',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
        pci=('18',),
    ),
    'pytorch-forums-73021-723-mib-used-for-one-element-tensor-cuda-context-benign': Backdrop(
        'pytorch-dev-box',
        'A10',
        '440.64',
        '2020-03-20T11:30:00Z',
        '2020-03-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'schmoigl-blog-tensorflow-preallocates-80-percent-gpu-memory-small-model-benign': Backdrop(
        'tf-workstation',
        'A10',
        '450.51.05',
        '2020-06-15T11:30:00Z',
        '2020-06-15T12:10:00Z',
        pci=('01',),
    ),
    'itsupportwale-inference-cluster-oom-killer-data-loader-reads-whole-s3-bucket-into-ram': Backdrop(
        'inference-pod-node',
        'A10',
        '535.154.05',
        '2024-03-15T11:30:00Z',
        '2024-03-15T12:10:00Z',
        pci=('01',),
    ),
    'dredyson-ci-gpu-build-agents-nvidia-module-missing-fall-back-to-nouveau-after-fedora-kernel-update': Backdrop(
        'fedora-ci-gpu-agent',
        'A10',
        '570.153.02',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
