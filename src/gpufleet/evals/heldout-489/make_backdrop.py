"""heldout-public-489's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-489/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
no evidence prints a host name, so every host is a stand-in (void-laptop, forge-ws-01, trellis-ws-01, fedora-ws-01, julia-gpu-01).
Each case gets one GPU at stand-in bus 01 (four sources are single-GPU desktops / laptops; the CUDA.jl
multi-GPU report stores no GPU count, and the one stand-in GPU is named in its entities).
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat,
healthy metrics for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'x11libre-2848-startx-crash-after-nvidia-driver-install-fixed-by-other-driver-version': Backdrop(
        'void-laptop', 'A10', '550.144.03', '2026-06-02T11:30:00Z', '2026-06-02T12:10:00Z', pci=('01',),
    ),
    'forge-classic-1002-driver-59579-halves-its-rollback-to-59571-fixed': Backdrop(
        'forge-ws-01', 'A10', '550.144.03', '2026-04-12T11:30:00Z', '2026-04-12T12:10:00Z', pci=('01',),
    ),
    'trellis-169-new-nvidia-driver-slows-generation-on-3090ti-rollback-fixed': Backdrop(
        'trellis-ws-01', 'A10', '550.144.03', '2025-02-01T11:30:00Z', '2025-02-01T12:10:00Z', pci=('01',),
    ),
    'dreambooth-1311-instant-oom-on-3090ti-broken-driver-cuda-install-clean-reinstall-fixed': Backdrop(
        'fedora-ws-01', 'A10', '550.144.03', '2023-07-25T11:30:00Z', '2023-07-25T12:10:00Z', pci=('01',),
    ),
    'cudajl-943-multi-gpu-allocation-fails-old-driver-upgrade-to-cuda-113-fixed': Backdrop(
        'julia-gpu-01', 'A10', '550.144.03', '2021-06-02T11:30:00Z', '2021-06-02T12:10:00Z', pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
