"""A CUDA out-of-memory message as people paste it: hard-wrapped by a terminal, an e-mail or a
forum's fixed width, so the allocator's numbers run over two or three lines, and the device the
numbers name. The numbers decide whose memory filled the GPU (cuda_oom's verdict), so a wrapped
paste must give the same verdict as the line it was; and a CUDA ordinal, which counts the GPUs a
process was given, names a GPU of the node only where the process must see them all."""

from __future__ import annotations

from gpufleet.telemetry.cuda_oom import read, read_wrapped
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.topology import Topology, build_cluster

ONE_LINE = (
    "OutOfMemoryError('CUDA out of memory. Tried to allocate 5.00 GiB (GPU 3; 21.99 GiB total "
    "capacity; 14.24 GiB already allocated; 1.51 GiB free; 20.16 GiB reserved in total by "
    "PyTorch)"
)
WRAPPED = (
    "AlgorithmError: OutOfMemoryError('CUDA out of memory. Tried to allocate \n"
    "5.00 GiB (GPU 3; 21.99 GiB total capacity; 14.24 GiB already allocated; \n"
    "1.51 GiB free; 20.16 GiB reserved in total by PyTorch) If reserved \n"
    "memory is >> allocated memory try setting max_split_size_mb to \n"
)


def _ooms(text: str) -> list[tuple[str, int, dict[str, str]]]:
    parsed = parse_job_log(text, origin="jobs/1.log", node="n1")
    return [(s.kind, s.line, dict(s.detail)) for s in parsed.signatures if "oom" in s.kind]


def test_a_wrapped_message_reads_as_the_line_it_was() -> None:
    alone = read(ONE_LINE)
    assert alone is not None and alone["verdict"] == "fragmentation"
    [(kind, line, detail)] = _ooms(WRAPPED)
    # the wording's bare "capacity" on the first line gives way to the numbers
    assert kind == "cuda_oom_fragmentation" and line == 3
    assert {k: detail[k] for k in alone} == alone
    assert detail["cuda_device"] == "3"


def test_lines_that_read_alone_are_not_read_again_joined() -> None:
    text = ONE_LINE + "\n\nWait. '20.16 GiB reserved in total by PyTorch'?\n"
    assert [kind for kind, _, _ in _ooms(text)] == ["cuda_oom_fragmentation"]
    assert read_wrapped(["1.51 GiB free; 20.16 GiB reserved in total by PyTorch)"]) is None
    assert read_wrapped(["nothing here", "20.16 GiB reserved in total by PyTorch"]) is None


def test_the_request_a_line_before_the_numbers_and_a_blank_line_are_kept() -> None:
    text = (
        "step 100 loss 2.31\n"
        "RuntimeError: CUDA out of memory. Tried to allocate 5.00 GiB\n\n"
        "(GPU 3; 21.99 GiB total capacity;\n14.24 GiB already allocated; 1.51 GiB free;\n"
        "20.16 GiB reserved in total by PyTorch)\n"
    )
    parsed = parse_job_log(text, origin="jobs/1.log", node="n1")
    [oom] = [s for s in parsed.signatures if "oom" in s.kind]
    assert oom.kind == "cuda_oom_fragmentation" and oom.detail["request"] == "5120"
    # the evidence quotes the message, not the progress line before it
    assert oom.text.startswith("RuntimeError: CUDA out of memory.")


def test_a_miners_not_enough_memory_is_an_oom() -> None:
    line = "TREX: Can't find nonce with device [ID=0, GPU #0], GPU #0: not enough free memory"
    assert read(line) == {"verdict": "capacity", "verdict_from": "wording"}
    assert read("there is not enough memory left on the disk") is None


def _oom_entities(gpus_per_node: int) -> set[str | None]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=gpus_per_node)])
    node = topo.node_keys[0]
    parsed = parse_job_log(WRAPPED, origin="jobs/1.log", node=node, nodes=topo.node_keys)
    events = job_signal_events([(s, "1") for s in parsed.signatures], topo, 0.0).events
    return {e.gpu or e.node for e in events if "oom" in e.attrs["signature"]}


def test_the_ordinal_names_the_nodes_gpu_only_when_the_process_sees_them_all() -> None:
    assert _oom_entities(4) == {"node-01/gpu3"}
    # device 3 of a process given four of eight GPUs may be any of them: the node, not a GPU
    assert _oom_entities(8) == {"node-01"}
