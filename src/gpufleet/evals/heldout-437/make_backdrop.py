"""heldout-public-437's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-437/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
is a stand-in (no stored excerpt prints a host name); every case has one GPU at bus 01 except the four-GPU Thelio Massive of
system76-power-81 (the GPU count follows the source; buses 01-04 are stand-ins). No evidence prints a GPU bus id (the
manjaro-architect-221 log prints a PCIe root port, 0000:00:1c.0, which is not a GPU). The driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The time window is
onset - 30 min to onset + 10 min, as in each incident.yaml. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'void-30952-nvidia-460-80-system-freeze-on-startx-with-displayport-monitors-driver-regression-fixed-in-470': Backdrop(
        'void-desktop-01',
        'A10',
        '550.144.03',
        '2021-05-17T11:30:00Z',
        '2021-05-17T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-1319-ollama-models-run-on-cpu-not-gpu-ollama-cuda-package-missing': Backdrop(
        'omarchy-01',
        'A10',
        '550.144.03',
        '2025-08-30T11:30:00Z',
        '2025-08-30T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-1869-cuda-kernels-fail-cudamallocmanaged-error-999-driver-installed-with-no-nvidia-modprobe': Backdrop(
        'clearlinux-ws-01',
        'A10',
        '550.144.03',
        '2020-04-01T11:30:00Z',
        '2020-04-01T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-1820-default-nvidia-install-with-no-nvidia-modprobe-breaks-cuda': Backdrop(
        'clearlinux-01',
        'A10',
        '550.144.03',
        '2020-03-09T11:30:00Z',
        '2020-03-09T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-copr-30-nvidia-module-missing-falls-back-to-nouveau-on-6-13-kernel-modules-need-patch': Backdrop(
        'fedora-cachyos-01',
        'A10',
        '550.144.03',
        '2025-02-09T11:30:00Z',
        '2025-02-09T12:10:00Z',
        pci=('01',),
    ),
    'manjaro-architect-221-corrected-pcie-replay-timer-timeouts-on-root-port-every-16-seconds': Backdrop(
        'manjaro-live-01',
        'A10',
        '550.144.03',
        '2017-10-26T11:30:00Z',
        '2017-10-26T12:10:00Z',
        pci=('01',),
    ),
    'cosmic-epoch-1886-nvidia-probe-failed-error-1-gtx1060-after-switch-to-open-driver-570': Backdrop(
        'popos-cosmic-01',
        'A10',
        '550.144.03',
        '2025-05-07T11:30:00Z',
        '2025-05-07T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-3954-install-script-picks-nvidia-dkms-590-on-pascal-gtx1050-broken-graphics': Backdrop(
        'omarchy-02',
        'A10',
        '550.144.03',
        '2025-12-21T11:30:00Z',
        '2025-12-21T12:10:00Z',
        pci=('01',),
    ),
    'system76-power-81-fan-logic-ignores-gpu-temps-intake-fans-off-while-4-gpus-near-90c': Backdrop(
        'thelio-massive-01',
        'A10',
        '550.144.03',
        '2019-05-14T11:30:00Z',
        '2019-05-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
