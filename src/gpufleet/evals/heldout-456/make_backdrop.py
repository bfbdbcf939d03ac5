"""heldout-public-456's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-456/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description). Host names
are the ones the evidence prints where it prints one (esc4000 for gpu-monitoring-tools#134, gpu-worker2 for gpu-operator#178,
inst-2z6qj-osakardma-np-bm-custom for network-operator#435) and stand-ins otherwise. GPU counts follow the source (2 for esc4000,
whose stored nvidia-smi table shows GPUs 0 and 1) and are one GPU otherwise; bus numbers are as printed for esc4000 (01, 41) and stand-ins 01..N elsewhere; the driver (550.144.03) is the
same stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

_DRV = '550.144.03'


def _bd(host: str, date: str, pci: tuple[str, ...]) -> Backdrop:
    return Backdrop(host, 'A10', _DRV, f'{date}T11:30:00Z', f'{date}T12:10:00Z', pci=pci)


INCIDENTS: dict[str, Backdrop] = {
    'gmt-134-dcgm-exporter-does-not-start-with-mig-enabled-a100-unsupported-by-exporter-2x-benign': _bd('esc4000', '2020-12-17', ('01', '41')),
    'dcgmexp-404-dcp-profiling-metrics-absent-on-rtx4090-not-supported-on-geforce-benign': _bd('rtx4090-node-01', '2024-10-23', ('01',)),
    'dcgmexp-337-dcp-metrics-not-collected-pascal-gpu-needs-volta-or-later-benign': _bd('pascal-gpu-node-01', '2024-06-03', ('01',)),
    'hami-498-grafana-gpu-panels-empty-device-plugin-metrics-never-scraped-no-servicemonitor-benign': _bd('hami-gpu-node-01', '2024-09-23', ('01',)),
    'nvgpuexp-105-eks-gpu-exporter-cannot-load-libnvidia-ml-host-library-mounts-wrong-benign': _bd('eks-gpu-node-01', '2023-03-14', ('01',)),
    'nvgpuexp-65-gpu-exporter-started-before-driver-was-ready-fallback-field-list-scrapes-fail-benign': _bd('gpu-exporter-host-65', '2022-04-12', ('01',)),
    'nvgpuexp-281-gke-gpu-exporter-races-managed-driver-pods-on-new-gpu-node-nvidia-smi-missing-benign': _bd('gke-gpu-node-281', '2025-01-21', ('01',)),
    'gpuop-135-gpu-operator-validation-pods-unschedulable-on-tainted-gpu-nodes-no-tolerations': _bd('tainted-gpu-node-01', '2021-01-25', ('01',)),
    'gpuop-360-operator-validators-not-started-on-noexecute-tainted-gpu-nodes-missing-tolerations': _bd('gpu-node-360', '2022-06-23', ('01',)),
    'netop-435-network-operator-cni-pods-not-scheduled-on-nvidia-gpu-noschedule-tainted-hpc-nodes': _bd('inst-2z6qj-osakardma-np-bm-custom', '2022-11-29', ('01',)),
    'gpuop-178-nvidia-smi-not-found-on-host-after-gpu-operator-driver-lives-under-run-nvidia-driver-benign': _bd('gpu-worker2', '2021-04-08', ('01',)),
    'aicr-1668-validator-gpu-health-checks-fail-on-node-cordoned-for-maintenance-benign': _bd('bm-gpu-node-2', '2026-07-08', ('01',)),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
