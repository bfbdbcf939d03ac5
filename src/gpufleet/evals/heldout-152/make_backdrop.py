"""heldout-public-152's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-152/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for every GPU in this set); hosts and bus numbers are stand-ins (tartarus is
the host its report names), and so are the drivers no report names (see each case's description). No case uses
extra: no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'colab-3187-ffmpeg-nvenc-api-11-1-too-new-for-colab-driver-460-update-needed': Backdrop(
        'colab-vm-gpu',
        'A10',
        '460.32.03',
        '2022-11-03T11:30:00Z',
        '2022-11-03T12:10:00Z',
        pci=('01',),
    ),
    'livepeer-1106-transcoder-nvenc-api-9-1-headers-newer-than-driver-pinned-nv-codec-headers': Backdrop(
        'livepeer-transcoder-1',
        'A10',
        '410.104',
        '2019-10-01T11:30:00Z',
        '2019-10-01T12:10:00Z',
        pci=('01',),
    ),
    'radarsimpy-48-radar-simulation-cuda-error-driver-older-than-525-60-13': Backdrop(
        'ws-radarsim',
        'A10',
        '515.65.01',
        '2024-11-11T11:30:00Z',
        '2024-11-11T12:10:00Z',
        pci=('01',),
    ),
    'dorado-116-basecaller-cuda-error-singularity-without-nv-gpu-not-in-container': Backdrop(
        'hpc-basecall-01',
        'A10',
        '470.161.03',
        '2023-03-07T11:30:00Z',
        '2023-03-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'oceananigans-5193-ocean-model-benchmarks-oom-gpu1-busy-on-tartarus-moved-to-gpu0': Backdrop(
        'tartarus',
        'A10',
        '580.95.05',
        '2026-01-23T11:30:00Z',
        '2026-01-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'telamon-311-benign-kernel-timings-vary-gpu-throttles-at-power-limit-clocks-pinned': Backdrop(
        'telamon-testbox',
        'A10',
        '430.50',
        '2019-11-26T11:30:00Z',
        '2019-11-26T12:10:00Z',
        pci=('01',),
    ),
    'mcxcl-29-photon-transport-sim-freezes-windows-tdr-kills-long-kernel': Backdrop(
        'win-ws-mcxcl',
        'A10',
        '431.60',
        '2019-07-26T11:30:00Z',
        '2019-07-26T12:10:00Z',
        pci=('01',),
    ),
    'numba-6729-gtx-960m-laptop-kernel-killed-by-windows-tdr-disabled-in-nsight': Backdrop(
        'win-laptop-gtx960m',
        'A10',
        '461.40',
        '2021-02-17T11:30:00Z',
        '2021-02-17T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-679-mining-rig-nvidia-smi-dmon-pci-errs-on-gpu2-bad-usb-risers': Backdrop(
        'mining-rig-8gpu',
        'A10',
        '390.25',
        '2018-02-05T11:30:00Z',
        '2018-02-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'hwsensors-297-benign-gtx-780-fan-reads-19-rpm-with-web-driver-sensor-bug': Backdrop(
        'mac-ws-gtx780',
        'A10',
        '346.02.03f01',
        '2015-12-11T11:30:00Z',
        '2015-12-11T12:10:00Z',
        pci=('01',),
    ),
    'comm-scope-43-benign-pcie-a100-low-results-at-idle-clocks-pin-clock': Backdrop(
        'bench-a100-pcie',
        'A10',
        '460.32.03',
        '2021-03-05T11:30:00Z',
        '2021-03-05T12:10:00Z',
        pci=('01',),
    ),
    'covid19netsim-10-epidemic-network-sim-jax-gpu-memory-leak-fixed': Backdrop(
        'ws-epi-jax',
        'A10',
        '450.51.06',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01',),
    ),
    'walk-these-ways-10-robot-sim-slow-gpu-memory-leak-fixed-with-torch-no-grad': Backdrop(
        'ws-legged-sim',
        'A10',
        '525.85.05',
        '2023-03-06T11:30:00Z',
        '2023-03-06T12:10:00Z',
        pci=('01',),
    ),
    'fbpic-520-plasma-pic-cupy-oom-simulation-hangs-instead-of-exiting-fixed-by-pr': Backdrop(
        'hpc-gpu-node-01',
        'A10',
        '460.32.03',
        '2021-03-14T11:30:00Z',
        '2021-03-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'aodt-5-digital-twin-worker-keeps-35gb-after-failed-solve-until-container-restart': Backdrop(
        'aodt-worker-g6e',
        'A10',
        '595.71.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-178-dual-3090-gpu1-sandwiched-poor-case-airflow-throttles-at-91c': Backdrop(
        'z77-dual-3090',
        'A10',
        '580.95.05',
        '2026-05-23T11:30:00Z',
        '2026-05-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'citra-3939-emulator-hardware-shader-black-screen-nvidia-396-driver-regression': Backdrop(
        'linux-mint-gtx1050ti',
        'A10',
        '396.24',
        '2018-07-15T11:30:00Z',
        '2018-07-15T12:10:00Z',
        pci=('01',),
    ),
    'talos-proxmox-1845-homelab-dual-3090-896w-lights-flicker-gpus-capped-200w': Backdrop(
        'threadripper-2x3090',
        'A10',
        '580.95.05',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('01', '02'),
    ),
    'gringoldminer-68-gtx-1070-id4-illegal-address-overclock-suspected': Backdrop(
        'mining-rig-5gpu',
        'A10',
        '417.71',
        '2019-01-18T11:30:00Z',
        '2019-01-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'monai-physio-126-cardiac-motion-run-bare-killed-host-ram-oom-killer': Backdrop(
        'ws-cardiac-motion',
        'A10',
        '580.95.05',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'blendluxcore-396-benign-all-cpu-cores-busy-viewport-renders-on-cpu-by-design': Backdrop(
        'ws-luxcore-render',
        'A10',
        '442.50',
        '2020-03-16T11:30:00Z',
        '2020-03-16T12:10:00Z',
        pci=('01',),
    ),
    'spikeinterface-2913-benign-motion-correction-detect-localize-cpu-only-by-design': Backdrop(
        'ws-spikesort',
        'A10',
        '551.86',
        '2024-06-03T11:30:00Z',
        '2024-06-03T12:10:00Z',
        pci=('01',),
    ),
    'automate-egpu-16-mac-thunderbolt-egpu-titan-black-not-detected-hardware-power-issue': Backdrop(
        'mbp-egpu-titanblack',
        'A10',
        '346.03.10f01',
        '2016-03-11T11:30:00Z',
        '2016-03-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
