"""heldout-public-337's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-337/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is one host with one GPU shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in
each description); hosts (no excerpt prints a host name), the bus number 01 and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuop-367-driver-daemonset-init-crashloop-drain-blocked-by-local-storage-pods': Backdrop(
        'gpuop367-node',
        'A10',
        '550.144.03',
        '2022-09-23T11:30:00Z',
        '2022-09-23T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-413-no-nvidia-runtime-configured-sandbox-errors-expected-during-operator-bringup': Backdrop(
        'gpuop413-node',
        'A10',
        '550.144.03',
        '2022-10-20T11:30:00Z',
        '2022-10-20T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-957-container-cli-mount-error-fixed-by-libnvidia-container-update': Backdrop(
        'nvdocker957-host',
        'A10',
        '550.144.03',
        '2019-04-28T11:30:00Z',
        '2019-04-28T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1245-oci-runtime-create-failed-driver-reinstall-or-reboot-after-driver-update': Backdrop(
        'nvdocker1245-host',
        'A10',
        '550.144.03',
        '2020-04-16T11:30:00Z',
        '2020-04-16T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-587-ldcache-error-127-ldconfig-path-config-toml-ldconfig-real': Backdrop(
        'nvdocker587-host',
        'A10',
        '550.144.03',
        '2017-12-22T11:30:00Z',
        '2017-12-22T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-652-device-plugin-crashloop-container-toolkit-or-containerd-runtime-not-configured': Backdrop(
        'k8sdp652-node',
        'A10',
        '550.144.03',
        '2024-05-07T11:30:00Z',
        '2024-05-07T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-10-device-plugin-register-deadline-exceeded-deviceplugins-feature-gate-off': Backdrop(
        'k8sdp10-node',
        'A10',
        '550.144.03',
        '2017-11-24T11:30:00Z',
        '2017-11-24T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-176-gpu-capacity-zero-docker-nvidia-runtime-lost-after-daemon-json-overwritten': Backdrop(
        'k8sdp176-node',
        'A10',
        '550.144.03',
        '2020-06-08T11:30:00Z',
        '2020-06-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
