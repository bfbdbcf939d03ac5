"""A report whose writer says the host's memory ran out under the job ("the training process was
killed by the system", "it gets killed without any error message", "there is a shortage of
RAM", a bare ``Killed``): the kernel's OOM killer, said in words. It raises
``host-memory-pressure-oom`` over the device-memory and stopped-job cards that the same words
about a dying job also fit, and device memory, a denial or a kill by hand change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.host_memory_words import HOST_MEMORY_REPORTED, says_host_memory_exhausted
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.unread_text import is_complaint
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "The training process was directly killed by the system",
        # the host's allocator refusing, in the program's own words
        "OSError: [Errno 12] Cannot allocate memory",
        # a job or container past its memory cgroup's limit (HTCondor, slurmstepd, a Space)
        "Hold reason: Error from slot1_7@gpulab2002: Docker job has gone over memory limit of "
        "1024 Mb",
        "slurmstepd: error: Job 1234 exceeded memory limit (1234 > 1000), being killed",
        "Memory limit exceeded (64Gi)",
        "slurmstepd: error: Exceeded job memory limit at some point.",
        "bash: fork: Cannot allocate memory",
        "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 3.2 GiB for an array with "
        "shape (1000, 1000)",
        "the OOM killer will kill it after a few hours",
        "oom-killer invoked on the node, the job was OOM-killed",
        "This typically occurs when there is a shortage of RAM.",
        "Maybe you're running out of RAM? You can check with htop.",
        "it just gets killed without any error message",
        "# Training process was killed without throwing any problems",
        "I have figured out that CPU RAM is getting out-of RAM even for SSD Mobilenet v1",
        "it looks like a CPU RAM exhaustion problem",
        "It is forcibly terminated by the OS.",
        "High (and increasing) system RAM usage, OOM",
        "the CPU memory usage was huge for one worker",
        "stuck loading the model for hours while eating all my 16gb ram",
        "the swap space fills up and then the trainer disappears",
        "container exited with code 137",
        # an OOM that names the host's memory
        "the model is loaded into CPU memory, which causes an out-of-memory (OOM) on the host",
        "Dataset out-of-memory (CPU memory)",
        "OOM can happen in system RAM",
        # the host as the subject of running out
        "loading OPT 66B model - CPU runs out of memory",
        "the machine ran out of memory while converting the checkpoint",
        # a device-memory word the writer denies names the memory that did not run out
        "It will oom (memory not cuda memory) and killed by system.",
        "ran out of host RAM, not VRAM",
        # a shell's own report of SIGKILL, in English and in the zh_CN locale
        "Killed",
        "已杀死",
        # the same report naming the child: bash running a script, zsh's job table
        "train.sh: line 18:    36 Killed                  python3 convolutional_network.py",
        "./scripts/on_sd_start.sh: line 118: 7080 killed",
        "[1]    27275 killed     python3 camera_tf_trt.py --image",
        # memory that swap could not hold either
        "uvicorn takes up the whole memory storage and swap, then the computer crashes",
        # Chinese: host RAM insufficient, system memory not enough
        "可能是CPU RAM不足导致进程被杀",
        "训练时系统内存不够，进程退出",
        # RAM said to be too little, a machine with low RAM
        "I monitor the RAM usage during building, and I find the RAM is not enough.",
        "the system memory isn't sufficient for 8 loader workers",
        "Add `--lowram` param for low RAM machine like Colab",
        # a launcher's report that its child died of SIGKILL: Python's subprocess, torchrun
        "subprocess.CalledProcessError: Command '['python', 'launch.py']' died with "
        "<Signals.SIGKILL: 9>.",
        "torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) "
        "local_rank: 0 (pid: 24418) of binary: /usr/bin/python",
        "process didn't exit successfully: `/data/prover/target/release/deps/chunk_tests-2cc18` "
        "(signal: 9, SIGKILL: kill)",
        # an OOM the host side qualifies
        "# PARABRICKS_FQ2BAMMETH fails with CPU OOM",
        "# 3D Training Host-RAM OOM: Root Cause & Fix",
        "PS: pretty sure is OOM on cpu instead of gpu.",
    ],
)
def test_a_writer_saying_host_memory_ran_out_is_the_statement(line: str) -> None:
    assert says_host_memory_exhausted(line)


@pytest.mark.parametrize(
    "line",
    [
        # device memory is another mode (fb-fragmentation-oom, fb-memory-leak)
        "MemoryError: cuMemAlloc failed: out of memory",
        "MemoryError: Cuda error 2: out of memory",
        "MemoryError: std::bad_alloc: out_of_memory: RMM failure at: arena.hpp",
        # the RDMA verbs' ENOMEM is the locked-memory limit; code is not an error
        "ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory.",
        "return ERR_PTR(-ENOMEM);",
        "except MemoryError:",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
        "GPU memory usage keeps increasing every epoch",
        "VRAM is full after the second image",
        "the GPU ran out of memory at batch 64",
        "CUDA out of memory, then the process was killed by the system",
        "When frame buffer memory approaches its total, the container risks an OOMKilled state",
        # denials: the check came back clean
        "no OOM kill in dmesg",
        "RAM is not the issue, 200 GB free",
        # enough RAM, little RAM used, another exit code or signal, a kill by hand
        "the RAM is enough for this model, 256 GB free",
        "the loader keeps a low RAM footprint",
        "3d fullres is much larger and the RAM is not enough to cache everything",
        "failed (exitcode: 1) local_rank: 0 (pid: 24418) of binary: /usr/bin/python",
        "died with <Signals.SIGTERM: 15>.",
        "we never ran out of RAM",
        # a kill by hand, a process line the kernel parser reads, a size, another exit code
        "I killed it with kill -9 after an hour",
        "Killed process 1234 (python) total-vm:1234kB",
        "the box has 64GB RAM and an RTX 3090",
        # the bare word beside an OOM is a spec list as often as a cause
        "I have 64GB RAM and still get OOM",
        "no OOM in system RAM",
        # the device's own OOM, and a host OOM denied
        "CUDA OOM on GPU 0 at step 12",
        # a device's own memory limit; a limit not reached
        "the container exceeded its GPU memory limit under HAMi",
        "the job did not exceed its memory limit",
        "the task exceeded its memory limit on the GPU",
        "memory limit exceeded on GPU 0",
        "Did the job exceed its memory limit?",
        "there is no CPU OOM in dmesg",
        "Process exited with code 1",
        # a count of kills, not a shell's report of one
        "3 killed processes were found",
        "epoch 12 killed 3 stragglers",
        # a bare 内存 is VRAM as often as RAM, and 显存 is VRAM
        "内存不足",
        "显存不足",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_host_memory_exhausted(line)


def test_the_statement_is_evidence_beside_the_line_and_a_complaint() -> None:
    text = "epoch 4 done\nthe process gets killed without any error message\n"
    assert stated_at(text, HOST_MEMORY_REPORTED, NODE) == [(2, NODE)]
    assert HOST_MEMORY_REPORTED not in FLEET_SIGNATURES
    # a report made of the statement alone opens an incident (telemetry.unread_text)
    assert is_complaint("the process gets killed without any error message")


def test_a_kill_the_line_itself_records_is_no_second_witness() -> None:
    # systemd's record of the kill is read as the kill (host_oom_kill), not also as words
    record = (
        "n1 systemd[1]: slurmd.service: A process of this unit has been killed by the OOM killer."
    )
    assert says_host_memory_exhausted(record)
    assert stated_at(record, HOST_MEMORY_REPORTED, NODE) == []
    assert stated_at(
        f"x\n{record}\nthe job was killed by the OOM killer", HOST_MEMORY_REPORTED, NODE
    ) == [(3, NODE)]


# retrieval's order, flat: the device-memory and stopped-job cards first, as words about a job
# dying while it loads a model rank them
REPORT = OneNodeReport(
    Family.UTILIZATION,
    ("fb-fragmentation-oom", "training-stall", "fb-memory-leak", "host-memory-pressure-oom"),
    KB,
)
DIES = "training dies at epoch 4 while loading the next shard"


def test_the_statement_ranks_host_memory_first() -> None:
    said = (DIES, "it is killed by the system, htop shows RAM is full")
    assert HOST_MEMORY_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(DIES)[0] == "fb-fragmentation-oom"
    assert REPORT.rank(*said)[0] == "host-memory-pressure-oom"


def test_device_memory_the_writer_denies_still_ranks_host_memory_first() -> None:
    # "oom (memory not cuda memory)": the CUDA the line names is the memory that did not run out
    said = (DIES, "It will oom (memory not cuda memory) and killed by system.")
    assert HOST_MEMORY_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(*said)[0] == "host-memory-pressure-oom"


def test_device_memory_or_a_denial_changes_nothing() -> None:
    for line in ("CUDA out of memory while loading the next shard", "RAM is not the issue"):
        assert HOST_MEMORY_REPORTED not in REPORT.findings(DIES, line)
