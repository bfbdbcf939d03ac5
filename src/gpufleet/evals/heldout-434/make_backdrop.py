"""heldout-public-434's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-434/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (KuronekoServer-Server2 for voicevox-engine-308, m4-02 for the ICTSC8 case) and
stand-ins otherwise; GPU counts and bus numbers are as printed where the evidence prints them (bus 06 for the Tesla P40 of
naver-ai-vision-84), two GPUs for voicevox-engine-308 (two GTX 670 named, buses 01/02 stand-ins) and otherwise one GPU at
bus 01 per node; the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ad3-5-redesigns-job-reported-success-but-failed-cuda-oom-on-gpu0-gpu-memory-insufficient': Backdrop(
        'ad3-gpu-01',
        'A10',
        '550.144.03',
        '2022-01-17T11:30:00Z',
        '2022-01-17T12:10:00Z',
        pci=('01',),
    ),
    'voicevox-engine-308-docker-gpu-engine-exits-at-start-gtx-670-x2-gpu-memory-shortage-suspected': Backdrop(
        'KuronekoServer-Server2',
        'A10',
        '550.144.03',
        '2022-01-27T11:30:00Z',
        '2022-01-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'naver-ai-vision-284-gpu-allocation-fails-after-qualifier-closed-nsml-closed-until-tuesday-benign': Backdrop(
        'nsml-vision-01',
        'A10',
        '550.144.03',
        '2019-02-08T11:30:00Z',
        '2019-02-08T12:10:00Z',
        pci=('01',),
    ),
    'naver-ai-vision-292-cancelled-session-659-still-holds-gpu-admin-cancelled-it': Backdrop(
        'nsml-vision-02',
        'A10',
        '550.144.03',
        '2019-02-12T11:30:00Z',
        '2019-02-12T12:10:00Z',
        pci=('01',),
    ),
    'naver-ai-vision-84-tesla-p40-session-sees-522mib-free-of-23-88gib-and-ooms-nsml-update-fixes-gpu-memory-oom': Backdrop(
        'nsml-vision-03',
        'A10',
        '550.144.03',
        '2019-01-04T06:23:28Z',
        '2019-01-04T07:03:28Z',
        pci=('06',),
    ),
    'ai-starthon-28-nsml-stop-fails-on-allocated-session-admin-force-removes-it-rm-f': Backdrop(
        'nsml-starthon-01',
        'A10',
        '550.144.03',
        '2019-07-22T18:02:14Z',
        '2019-07-22T18:42:14Z',
        pci=('01',),
    ),
    'ai-starthon-108-run-aborted-during-docker-build-session-keeps-creating-web-stop-fails-rm-f-fixed': Backdrop(
        'nsml-starthon-02',
        'A10',
        '550.144.03',
        '2019-07-24T11:30:00Z',
        '2019-07-24T12:10:00Z',
        pci=('01',),
    ),
    'khd2020-40-run-interrupted-right-after-start-session-stuck-allocated-blocks-new-runs-rm-f': Backdrop(
        'nsml-khd-01',
        'A10',
        '550.144.03',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
        pci=('01',),
    ),
    'ai-grandchallenge-19-allocated-sessions-cannot-be-stopped-and-hold-gpu-nsml-rm-f': Backdrop(
        'nsml-gc-01',
        'A10',
        '550.144.03',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('01',),
    ),
    'bab-korea-healthcare-100-other-teams-gpu-processes-run-past-their-time-slot-ops-auto-kill-outside-slot': Backdrop(
        'bab-gpu-01',
        'A10',
        '550.144.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'focus-supercomputer-home2-lustre-outage-duplexed-disk-controllers-stopped-during-replacement-jobs-aborted': Backdrop(
        'focus-compute-01',
        'A10',
        '550.144.03',
        '2014-08-25T00:50:00Z',
        '2014-08-25T01:30:00Z',
        pci=('01',),
    ),
    'nikkei-jma-supercomputer-auto-stops-on-internal-overtemperature-cooling-units-had-stopped': Backdrop(
        'jma-super-01',
        'A10',
        '550.144.03',
        '2013-02-04T11:18:00Z',
        '2013-02-04T11:58:00Z',
        pci=('01',),
    ),
    'ictsc8-contest-servers-reboot-one-by-one-venue-supply-measured-at-92v-power-fault': Backdrop(
        'm4-02',
        'A10',
        '550.144.03',
        '2017-09-21T11:30:00Z',
        '2017-09-21T12:10:00Z',
        pci=('01',),
    ),
    'pangyo-data-center-electrical-room-fire-whole-facility-power-cut-kakao-naver-servers-stop': Backdrop(
        'pangyo-dc-node-01',
        'A10',
        '550.144.03',
        '2022-10-15T05:30:00Z',
        '2022-10-15T06:10:00Z',
        pci=('01',),
    ),
    'sakura-nishi-shinjuku-dc-ups-output-transformer-smoke-one-of-two-power-feeds-to-158-racks-lost': Backdrop(
        'nsj-6f-rack-a01',
        'A10',
        '550.144.03',
        '2008-12-19T03:05:00Z',
        '2008-12-19T03:45:00Z',
        pci=('01',),
    ),
    'qiita-server-room-aircon-left-on-heating-room-over-60c-all-servers-down-overheat': Backdrop(
        'serverroom-01',
        'A10',
        '550.144.03',
        '2020-01-01T11:30:00Z',
        '2020-01-01T12:10:00Z',
        pci=('01',),
    ),
    'hatena-server-room-stuck-above-35c-construction-sealed-windows-and-doors-no-airflow-weak-aircon': Backdrop(
        'gungun-server-01',
        'A10',
        '550.144.03',
        '2009-07-07T11:30:00Z',
        '2009-07-07T12:10:00Z',
        pci=('01',),
    ),
    'cafe-dc-aws-tokyo-2021-02-20-cooling-system-failure-overheated-servers-shut-down': Backdrop(
        'aws-tokyo-node-01',
        'A10',
        '550.144.03',
        '2021-02-20T11:30:00Z',
        '2021-02-20T12:10:00Z',
        pci=('01',),
    ),
    'it-leaders-aws-tokyo-2019-08-23-cooling-control-system-bug-overheat-stops-ec2-servers-in-one-az': Backdrop(
        'aws-apne1-az-node-01',
        'A10',
        '550.144.03',
        '2019-08-23T03:06:00Z',
        '2019-08-23T03:46:00Z',
        pci=('01',),
    ),
    'zenlogic-hosting-high-load-outage-io-skewed-onto-part-of-redundant-storage-system-restarts': Backdrop(
        'zenlogic-host-01',
        'A10',
        '550.144.03',
        '2018-06-19T11:30:00Z',
        '2018-06-19T12:10:00Z',
        pci=('01',),
    ),
    'ai-grandchallenge-94-session-seems-to-die-code-ran-to-completion-and-exited-normally-benign': Backdrop(
        'nsml-gc-02',
        'A10',
        '550.144.03',
        '2020-07-29T11:30:00Z',
        '2020-07-29T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
