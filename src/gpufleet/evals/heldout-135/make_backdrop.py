"""heldout-public-135's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-135/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins except
where a case's description says the source prints them (x3200c0s19b1n0 and bus 85; bus 08), and so are the drivers
except 196.75, which the GeForce wiki case names. No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'euno-news-tesla-p40-stuck-in-d3cold-after-vm-shutdown-no-flr-host-reboot-needed': Backdrop(
        'pve-p40',
        'A10',
        '535.183.01',
        '2026-04-24T11:30:00Z',
        '2026-04-24T12:10:00Z',
        pci=('08',),
    ),
    'cyberboar-sovereign-lab-device-plugin-no-devices-found-containerd-cri-missing-nvidia-runtime': Backdrop(
        'sovereign-gpu-1',
        'A10',
        '570.211.01',
        '2026-01-31T11:30:00Z',
        '2026-01-31T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'c1'),
    ),
    'alcf-nccl-tests-polaris-allreduce-watchdog-timeout-beyond-one-node-nccl-net-gdr-level-phb': Backdrop(
        'x3200c0s19b1n0',
        'A10',
        '535.154.05',
        '2024-05-15T11:30:00Z',
        '2024-05-15T12:10:00Z',
        pci=('07', '46', '85', 'c7'),
    ),
    'olaren15-dell-r430-tesla-p4-overheats-and-reboots-server-fans-ignore-gpu-temperature': Backdrop(
        'r430-p4',
        'A10',
        '470.256.02',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('04',),
    ),
    'momomhf-doorblog-geforce-9600gt-random-reboots-burst-capacitor-on-card': Backdrop(
        'home-pc-9600gt',
        'A10',
        '280.26',
        '2011-09-15T11:30:00Z',
        '2011-09-15T12:10:00Z',
        pci=('01',),
    ),
    'chateau-vulpes-evga-gtx1070-sc-sudden-power-off-smoke-from-card': Backdrop(
        'home-pc-gtx1070',
        'A10',
        '528.49',
        '2023-01-15T11:30:00Z',
        '2023-01-15T12:10:00Z',
        pci=('01',),
    ),
    'ruibaoantu-dual-rtx2080ti-build-rear-card-15c-hotter-side-by-side-airflow': Backdrop(
        'dl-2x2080ti',
        'A10',
        '535.104.05',
        '2025-09-26T11:30:00Z',
        '2025-09-26T12:10:00Z',
        pci=('17', '65'),
    ),
    'haruru29-graphics-card-loud-and-too-hot-to-touch-normal-operation-benign': Backdrop(
        'friend-pc-gpu',
        'A10',
        '430.64',
        '2019-05-03T11:30:00Z',
        '2019-05-03T12:10:00Z',
        pci=('01',),
    ),
    'rb32a55-livedoor-geforce-fx5600xt-screen-corruption-in-3d-games-gpu-fan-seized': Backdrop(
        'home-pc-fx5600xt',
        'A10',
        '93.71',
        '2007-06-15T11:30:00Z',
        '2007-06-15T12:10:00Z',
        pci=('01',),
    ),
    'atwiki-geforce-driver-19675-gpu-killing-driver-fan-control-stops-cards-overheat': Backdrop(
        'geforce-pc-19675',
        'A10',
        '196.75',
        '2010-03-10T11:30:00Z',
        '2010-03-10T12:10:00Z',
        pci=('01',),
    ),
    'e-sakenomi-nvidia-geforce-driver-launch-black-screens-and-crashes-across-users': Backdrop(
        'gamer-pc-1',
        'A10',
        '576.02',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
