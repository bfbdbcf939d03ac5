"""``dcgmi nvlink --link-status`` as operators paste it: a GPU row with a link down is the
finding ``nvidia-smi nvlink -s`` gives for an inactive link, placed on that GPU; disabled and
unsupported links, NVSwitch rows and the output's own lines open nothing. The command line a
paste starts with is the reporter's, not GPU text nobody understood."""

from __future__ import annotations

import pytest

from gpufleet.agents.noc.log_rules import JOB_SIGNAL_RULES
from gpufleet.telemetry.dcgm_diag import parse_dcgm_diag
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.text_evidence import ECHOED_COMMAND, TextParse
from gpufleet.telemetry.topology import Cluster, Gpu, Node, Rack, Topology

KEY = "Key: Up=U, Down=D, Disabled=X, Not Supported=_"


def _status(gpu_rows: list[str], switch_rows: list[str] | None = None) -> str:
    lines = ["$ dcgmi nvlink --link-status", "+----------------------+"]
    lines += ["|  NvLink Link Status  |", "+----------------------+", "GPUs:"]
    for i, row in enumerate(gpu_rows):
        lines += [f"    gpuId {i}:", f"        {row}"]
    lines.append("NvSwitches:")
    if switch_rows is None:
        lines.append("    No NvSwitches found.")
    for i, row in enumerate(switch_rows or []):
        lines += [f"    physicalId {8 + i}:", f"        {row}"]
    return "\n".join([*lines, "", KEY])


def _topology() -> Topology:
    gpus = tuple(
        Gpu(
            index=i,
            uuid=f"GPU-{i:08d}",
            pci_bus_id=f"00000000:{0x18 + i:02x}:00.0",
            sku="H100",
            slot=i,
        )
        for i in range(2)
    )
    node = Node(hostname="gpu-07", nvlink_domain="gpu-07", gpus=gpus)
    rack = Rack(name="r1", pdu="p1", cooling_zone="z1", nodes=(node,))
    return Topology([Cluster(name="site", racks=(rack,))])


def _parse(text: str) -> TextParse:
    return parse_job_log(text, origin="nodes/gpu-07/dcgmi-nvlink.txt", node="gpu-07")


def test_a_gpu_with_links_down_is_that_gpus_nvlink_finding() -> None:
    up = " ".join("U" * 18)
    down = " ".join("U" * 16 + "DD")
    parsed = _parse(_status([up, down]))
    sigs = [s for s in parsed.signatures if s.kind == "smi_nvlink_inactive"]
    assert len(sigs) == 1
    assert sigs[0].detail["smi_gpu"] == "1" and sigs[0].detail["link"] == "16,17"
    assert "2 of 18 NVLink links down" in sigs[0].text
    # every line of the output was read as the output's: nothing left not understood
    assert parsed.report.unrecognised == 0 and parsed.report.gpu_unparsed == 0
    out = job_signal_events([(sigs[0], "")], _topology(), at=100.0)
    assert [e.gpu for e in out.events] == ["gpu-07/gpu1"]
    assert JOB_SIGNAL_RULES["smi_nvlink_inactive"][0] == "nvlink_down"


def test_every_link_of_both_gpus_down_is_reported_per_gpu() -> None:
    all_down = " ".join("D" * 18)
    sigs = _parse(_status([all_down, all_down])).signatures
    assert [s.detail["smi_gpu"] for s in sigs if s.kind == "smi_nvlink_inactive"] == ["0", "1"]


@pytest.mark.parametrize(
    "row",
    [
        " ".join("X" * 18),  # disabled on purpose
        " ".join("_" * 18),  # a GPU without NVLink (PCIe, GeForce)
        " ".join("U" * 12 + "X" * 6),
    ],
)
def test_disabled_or_unsupported_links_open_nothing(row: str) -> None:
    parsed = _parse(_status([row, row]))
    assert not [s for s in parsed.signatures if s.kind == "smi_nvlink_inactive"]
    assert parsed.report.unrecognised == 0


def test_an_nvswitch_row_is_not_a_gpu_row() -> None:
    up = " ".join("U" * 18)
    parsed = _parse(_status([up, up], switch_rows=[" ".join("D" * 36)]))
    assert not [s for s in parsed.signatures if s.kind == "smi_nvlink_inactive"]


def test_a_row_of_letters_outside_the_output_is_not_read_as_links() -> None:
    # "D" alone on a line of a job log, with no gpuId line above it, is not a link state
    parsed = _parse("training step 10\nD\nU U\n")
    assert not [s for s in parsed.signatures if s.kind == "smi_nvlink_inactive"]


@pytest.mark.parametrize(
    ("line", "echoed"),
    [
        ("dcgmi diag -r 2", True),
        ("$ nvidia-smi -q -d ECC", True),
        ("root@gpu-07:~# dcgmi nvlink --link-status", True),
        ("sudo nvidia-smi -r -i 0", True),
        ("nvidia-smi -q | grep -i remap", True),
        ("nvidia-smi", True),
        # the tool speaking, and a person reporting what it showed: not the command
        ("nvidia-smi: command not found", False),
        ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver", False),
        ("nvidia-smi shows ERR! on GPU 3", False),
    ],
)
def test_the_command_a_paste_starts_with(line: str, echoed: bool) -> None:
    assert (ECHOED_COMMAND.match(line) is not None) is echoed


def test_a_diag_paste_with_its_command_line_has_nothing_not_understood() -> None:
    text = "\n".join(
        [
            "dcgmi diag -r 2",
            "Successfully ran diagnostic for group.",
            "+---------------------------+------------------------------------------------+",
            "| Diagnostic                | Result                                         |",
            "+===========================+================================================+",
            "|-----  Deployment  --------+------------------------------------------------|",
            "| Denylist                  | Pass                                           |",
            "+---------------------------+------------------------------------------------+",
        ]
    )
    parsed = parse_dcgm_diag(text, origin="dcgmi-diag.txt", node="gpu-07")
    assert parsed.report.unrecognised == 0
