"""heldout-public-409's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-409/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except n8-k80, which the evidence prints), GPU counts, bus numbers and the driver (550.144.03, the same for
every case) are stand-ins (k520-train-01 uses bus 00:03, the bus/device its nvidia-smi prints). No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvdocker-319-grid-k520-uvm-module-fails-after-cuda-installer-pulls-nvidia-375-legacy-gpu': Backdrop(
        'g2-k520-01',
        'A10',
        '550.144.03',
        '2017-03-02T11:30:00Z',
        '2017-03-02T12:10:00Z',
        pci=('01',),
    ),
    'parsec-3-grid-k520-updater-downloads-grid-431-driver-that-does-not-support-k520': Backdrop(
        'g2-k520-win',
        'A10',
        '550.144.03',
        '2019-09-21T11:30:00Z',
        '2019-09-21T12:10:00Z',
        pci=('01',),
    ),
    'gcpinst-2-k80-driver-install-script-pulls-driver-newer-than-470-nvidia-smi-cannot-communicate': Backdrop(
        'n8-k80',
        'A10',
        '550.144.03',
        '2021-11-03T11:30:00Z',
        '2021-11-03T12:10:00Z',
        pci=('01',),
    ),
    'tffrcnn-157-grid-k520-training-not-using-gpu-0pct-util-cpu-build-of-tensorflow': Backdrop(
        'k520-train-01',
        'A10',
        '550.144.03',
        '2017-07-15T11:30:00Z',
        '2017-07-15T12:10:00Z',
        pci=('00:03',),
    ),
    'azuredocs-62238-k80-left-in-tcc-driver-model-cad-app-cannot-use-gpu-until-set-to-wddm': Backdrop(
        'azure-nc-k80-win',
        'A10',
        '550.144.03',
        '2020-09-08T11:30:00Z',
        '2020-09-08T12:10:00Z',
        pci=('00',),
    ),
    'matconvnet-40-k20c-im2col-unspecified-launch-failure-library-gpu-switching-bug-fixed-in-beta9': Backdrop(
        'k20c-ws-01',
        'A10',
        '550.144.03',
        '2015-01-12T11:30:00Z',
        '2015-01-12T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-303-tesla-p4-dcp-profiling-metrics-skipped-pascal-not-supported-benign': Backdrop(
        'p4-docker-01',
        'A10',
        '550.144.03',
        '2024-04-02T20:09:31Z',
        '2024-04-02T20:49:31Z',
        pci=('01',),
    ),
    'ethminer-214-k80-half-expected-hashrate-four-gpus-are-two-boards-docs-miscount-benign': Backdrop(
        'k80-node-01',
        'A10',
        '550.144.03',
        '2017-07-31T11:30:00Z',
        '2017-07-31T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ollama-15131-tesla-m60-gpu0-cuda-illegal-memory-access-other-gpu-fine-bad-board-replaced': Backdrop(
        'm60-host-01',
        'A10',
        '550.144.03',
        '2026-03-29T11:30:00Z',
        '2026-03-29T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
