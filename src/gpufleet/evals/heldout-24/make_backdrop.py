"""heldout-public-24's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-24/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order; default an 8-GPU HGX)).
sku is a stand-in from the topology SKU table wherever the report names another GPU or none; no case uses extra.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "prodopsy-ubuntu-2404-cuda-driver-upgrade-apt-dependency-hell-nvml-driver-library-version-mismatch-590-44": Backdrop(
        "ub2404-gpu",
        "A10",
        "590.44",
        "2026-01-15T11:30:00Z",
        "2026-01-15T12:10:00Z",
        pci=('01',),
    ),
    "scw-hawk-2019-02-06-first-monthly-maintenance-window-scheduler-reservation-running-at-risk-benign": Backdrop(
        "hawk-gpu-node",
        "V100",
        "570.133.20",
        "2019-02-06T11:30:00Z",
        "2019-02-06T12:10:00Z",
        pci=('3b', 'd8'),
    ),
    "icer-msu-2023-12-20-routine-maintenance-window-all-services-offline-jobs-held-benign": Backdrop(
        "hpcc-gpu-node",
        "V100",
        "570.133.20",
        "2023-12-20T09:30:00Z",
        "2023-12-20T10:10:00Z",
        pci=('3b', '5e', '86', 'af'),
    ),
    "jfocus-2020-12-01-home1-nas-nfs-overload-service-restart-fails-home-inaccessible-running-jobs-killed": Backdrop(
        "focus-node",
        "V100",
        "570.133.20",
        "2020-12-01T06:50:00Z",
        "2020-12-01T07:30:00Z",
        pci=('3b', '5e'),
    ),
    "shado-2012-fujitsu-tatebayashi-dc-ups-failure-plus-dusty-output-branch-panel-cuts-power-to-7pct-of-centre": Backdrop(
        "dc-a-node",
        "A100",
        "570.133.20",
        "2012-06-07T11:30:00Z",
        "2012-06-07T12:10:00Z",
    ),
    "wesleyan-dokuwiki-openlava-n78-gtx1080ti-cuda92-scheduler-sees-no-idle-gpus-while-two-free-elim-workaround": Backdrop(
        "n78",
        "A10",
        "570.133.20",
        "2019-06-01T11:30:00Z",
        "2019-06-01T12:10:00Z",
        pci=('02', '03', '82', '83'),
    ),
    "rrze-nhr-fau-2024-12-05-large-area-power-outage-servers-and-chiller-plant-go-dark": Backdrop(
        "nhr-fau-gpu-node",
        "A100",
        "570.133.20",
        "2024-12-05T11:30:00Z",
        "2024-12-05T12:10:00Z",
    ),
    "datacenter-insider-linkedin-report-burst-liquid-cooling-hose-leak-destroys-gpu-cluster": Backdrop(
        "d2c-gpu-node",
        "H100",
        "570.133.20",
        "2025-06-01T11:30:00Z",
        "2025-06-01T12:10:00Z",
    ),
    "googlewatchblog-2022-07-19-uk-record-heat-google-cloud-cooling-related-failure-servers-shut-down": Backdrop(
        "europe-west2-node",
        "A100",
        "570.133.20",
        "2022-07-19T11:30:00Z",
        "2022-07-19T12:10:00Z",
    ),
    "uni-freiburg-rz-2017-10-24-central-storage-option-change-per-vendor-advice-requests-answered-only-with-long-delay": Backdrop(
        "rz-fr-node",
        "V100",
        "570.133.20",
        "2017-10-24T11:30:00Z",
        "2017-10-24T12:10:00Z",
        pci=('3b', 'd8'),
    ),
    "inside-it-2018-04-09-interxion-fra5-overheating-transformer-then-diesel-generator-fuel-system-fault-total-power-loss": Backdrop(
        "fra5-node",
        "H100",
        "570.133.20",
        "2018-04-09T18:30:00Z",
        "2018-04-09T19:10:00Z",
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
