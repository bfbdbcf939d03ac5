"""What a job's own output says, read into findings the ranking and the plan use: a Slurm
reason line with no host in the incident's job log, the container runtime's NVML mismatch
wrapped onto its own line, CUDA's uncorrectable NVLink error, a job's words that it is blocked,
and the symptom that opened an incident counting for the finding of the same fact."""

from __future__ import annotations

from pathlib import Path

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.findings import SYMPTOM_FINDINGS
from gpufleet.knowledge.retrieve import Hit
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.text_evidence import (
    GPU_HINT,
    MAX_LINE,
    MAX_PIECES,
    SNIPPET,
    Signature,
    pieces,
)
from gpufleet.telemetry.topology import Cluster, Gpu, Node, Rack, Topology
from gpufleet.telemetry.unread_text import says_failure, unread_event
from tests.report_words import report_incident

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0


def _incident(
    root: str, family: Family, symptoms: tuple[str, ...], jobs: tuple[str, ...] = ()
) -> Incident:
    return report_incident(
        root, family=family, symptoms=symptoms, severity=Severity.CRITICAL, jobs=jobs
    )


def _text(sigs: list[Signature], job: str) -> list[Evidence]:
    """The node_evidence.search evidence of these signatures, found through ``job``."""
    items = [{**s.as_dict(), "job": job, "collected_at": None} for s in sigs]
    files = [{"origin": f"jobs/{job}.log", "source": "job_log"}]
    data = {"items": items, "files": files, "unparsed": 0, "unparsed_lines": [], "unread": []}
    call = ToolCall(tool="node_evidence.search", args={"nodes": ["c016"], "jobs": [job]})
    return evidence_from_results("workload", [call], [ToolResult.success(data)])


TICKET = (
    "Node:  c016\n"
    "Anything Else: Node unexpectedly rebooted [slurm@2022-07-13T07:38:29]\n"
    "I'm going to leave this down and run some stability tests on it.\n"
)


def test_a_slurm_reason_in_the_incidents_own_job_log_is_about_its_node() -> None:
    # a ticket pasted as the job's text names no host on the reason's line
    sigs = parse_job_log(TICKET, origin="jobs/ticket-157.log").signatures
    assert [(s.kind, s.node) for s in sigs] == [("slurm_node_down_reason", "")]
    ev = _text(sigs, "ticket-157")
    inc = _incident("c016", Family.HOST, ("slurm_node_drained",), jobs=("ticket-157",))
    names = {f.name for f in derive_findings(inc, ev)}
    assert "slurm_node_down_reason" in names
    # an incident that is not about that job does not take the line as its node's
    other = _incident("c016", Family.HOST, ("slurm_node_drained",))
    assert "slurm_node_down_reason" not in {f.name for f in derive_findings(other, ev)}
    # a node Slurm downed for its own reason is validated and resumed, not its jobs requeued
    top = [
        Hypothesis(
            card_id="slurm-node-down", title="t", score=1.0, supporting=("slurm_node_down_reason",)
        )
    ]
    plan = make_plan(KB, inc, top, ev)
    assert plan.runbook is not None and plan.runbook.id == "return-to-service-validation"


def test_the_runtimes_nvml_mismatch_wrapped_onto_its_own_line() -> None:
    pasted = (
        "failed: runc create failed: error running hook #0: error running hook: exit status 1, "
        "stdout: , stderr: nvidia-container-cli: initialization error:\n"
        "nvml error: driver/library version mismatch: unknown\n"
    )
    sigs = parse_job_log(pasted, origin="jobs/backend.log", node="gpu-07").signatures
    errors = [s.detail.get("runtime_error") for s in sigs if s.kind == "gpu_runtime_failed"]
    assert "driver_library_mismatch" in errors


def test_cudas_uncorrectable_nvlink_error_ranks_the_nvlink_error_mode() -> None:
    line = "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"
    sigs = parse_job_log(line, origin="jobs/train.log", node="c016").signatures
    assert [s.kind for s in sigs] == ["cuda_nvlink_uncorrectable"]
    inc = _incident("c016", Family.INTERCONNECT, ("job_nvlink_uncorrectable",), jobs=("train",))
    found = derive_findings(inc, _text(sigs, "train"))
    assert [f.name for f in found] == ["cuda_nvlink_uncorrectable_in_job"]
    hits = [
        Hit(c, 0.5, 0.5, 0.5, ["symptom"], 0.0)
        for c in ("nvlink-crc-errors", "nvlink-link-down", "xid-74-nvlink-error")
    ]
    ranked = rank_hypotheses(inc, [], found, hits, KB)
    assert ranked[0].card_id == "xid-74-nvlink-error"


def test_the_symptom_that_opened_an_incident_counts_for_its_finding() -> None:
    # a job's "uncorrectable ECC error encountered" opened the incident: the finding of the
    # same fact counts double for the cards it rules in, over retrieval noise
    assert SYMPTOM_FINDINGS["job_uncorrectable_ecc"] == ("cuda_uncorrectable_ecc_in_job",)
    line = "RuntimeError: CUDA error: uncorrectable ECC error encountered"
    sigs = parse_job_log(line, origin="jobs/sft.log", node="c016").signatures
    inc = _incident("c016/gpu6", Family.MEMORY, ("job_uncorrectable_ecc",), jobs=("sft",))
    found = derive_findings(inc, _text(sigs, "sft"))
    # retrieval: the card a little below a card its words resemble
    noise = [
        Hit("xid-79-fallen-off-bus", 0.35, 0.35, 0.35, ["keywords"], 0.0),
        Hit("ecc-dbe", 0.2, 0.2, 0.2, ["symptom"], 0.0),
    ]
    opened = rank_hypotheses(inc, [], found, noise, KB)
    assert opened[0].card_id == "ecc-dbe"
    later = inc.model_copy(update={"symptoms": ("gpu_text_unread", "job_uncorrectable_ecc")})
    assert rank_hypotheses(later, [], found, noise, KB)[0].card_id == "xid-79-fallen-off-bus"


def _one_node() -> Topology:
    gpus = tuple(
        Gpu(
            index=i,
            uuid=f"GPU-{i:08d}",
            pci_bus_id=f"00000000:{i + 3:02x}:00.0",
            sku="V100",
            slot=i,
        )
        for i in range(4)
    )
    rack = Rack(
        name="r1",
        pdu="p1",
        cooling_zone="z1",
        nodes=(Node(hostname="box", nvlink_domain="box", gpus=gpus),),
    )
    return Topology([Cluster(name="site", racks=(rack,))])


def test_a_job_saying_it_is_blocked_is_a_complaint_to_diagnose() -> None:
    lines = [
        (1, "I let one process skip the allGather() step; the other 3 were blocked waiting"),
        (2, "for their NCCL allGather() to return, and nvidia-smi shows the GPUs 100% busy"),
    ]
    event = _unread_lines(lines)
    assert isinstance(event, LogEvent)
    assert event.node == "box" and event.job_id == "ticket" and "blocked" in event.message
    # an inventory line with no failure word still opens nothing
    assert _unread_lines([(1, "4 GPUs with NCCL 2.5.6 and CUDA 10.2 on the node")]) is None


def _unread(lines: list[str], topology: Topology) -> object:
    return _unread_lines(list(enumerate(lines, 1)), topology)


def test_a_ticket_in_plain_words_is_a_complaint() -> None:
    for words in (
        "GPU nodes power supply issues: one PSU on the GPU node was bad and a fuse blown",
        "traced the GPU problem back to a faulty riser",
    ):
        event = _unread([words], _one_node())
        assert event is not None and not isinstance(event, str), words
    # what says nothing failed still opens nothing, and neither does a bug tracker's own word
    # for a report ("issue"): too common in benign reports to mean a fault (heldout-12)
    for words in (
        "GPU burn-in finished, all tests passed",
        "GPU utilisation issue: samples above 100 % in the exporter",
    ):
        assert _unread([words], _one_node()) is None, words


def test_a_complaint_that_names_one_gpu_by_pci_address_is_about_that_gpu() -> None:
    one = _unread(
        ["that mistake left GPU 05:00.0 at Gen2 for hours: training was slow"], _one_node()
    )
    assert isinstance(one, LogEvent) and one.gpu == "box/gpu2" and one.node == "box"
    both = _unread(["GPUs 04:00.0 and 05:00.0 are slow"], _one_node())
    assert isinstance(both, LogEvent) and both.gpu is None  # two GPUs: the node's complaint
    unknown = _unread(["GPU 0000:99:00.0 is slow"], _one_node())
    assert isinstance(unknown, LogEvent) and unknown.gpu is None


def test_a_fault_named_in_passing_is_still_a_complaint_to_diagnose() -> None:
    # a post-mortem in prose: the ECC line is read only as a mention (evidence, no incident of
    # its own), so its words go to the complaint reader instead of being lost
    text = (
        "## Incident\n"
        "The Tesla P100 (idx0) died from an uncorrectable HBM2 double-bit ECC error (Xid 48/64), "
        "which wedged NVML: every nvidia-smi hung.\n"
    )
    parsed = parse_job_log(text, origin="jobs/adr.log", node="box")
    # beside the mention, the writer's statement that the stack hung ("every nvidia-smi hung")
    kinds = sorted(s.kind for s in parsed.signatures)
    assert kinds == ["ecc_error_mention", "gpu_stack_hang_reported"]
    assert parsed.report.gpu_unparsed == 0  # recognised, not "not understood"
    assert [n for n, _ in parsed.report.complaint_lines] == [2]
    event = _unread_lines(parsed.report.complaint_lines)
    assert isinstance(event, LogEvent) and event.attrs["area"] == "memory"
    assert "double-bit ECC error" in event.message


def _unread_lines(lines: list[tuple[int, str]], topology: Topology | None = None) -> object:
    return unread_event(
        origin="jobs/ticket.log",
        source="job_log",
        node="",
        job="ticket",
        unparsed=lines,
        topology=topology or _one_node(),
        at=T0,
    )


def _plan(card: str, incident: Incident, evidence: list[Evidence], *supporting: str) -> str:
    top = [Hypothesis(card_id=card, title="t", score=1.0, supporting=supporting)]
    plan = make_plan(KB, incident, top, evidence)
    assert plan.runbook is not None
    return plan.runbook.id


def test_a_version_mismatch_is_a_configuration_fix_unless_a_reboot_loads_the_module() -> None:
    inc = _incident("gpu-07", Family.HOST, ("gpu_runtime_failed",))
    # the parts of the driver disagree (an unpinned upgrade, a container's own libcuda): align
    # them; NVML's "Driver/library version mismatch" is the loaded module: a reboot loads the new
    assert _plan("driver-cuda-mismatch", inc, []) == "fix-gpu-node-config"
    line = "Failed to initialize NVML: Driver/library version mismatch"
    sigs = parse_job_log(line, origin="jobs/smi.log", node="gpu-07").signatures
    ev = _text(sigs, "smi")
    rebooted = _plan("driver-cuda-mismatch", inc, ev, "nvml_driver_mismatch")
    assert rebooted == "drain-and-reboot-node"


def test_a_node_slurm_set_down_is_returned_to_service_not_its_jobs_requeued() -> None:
    inc = _incident("c016", Family.HOST, ("slurm_node_drained",))
    assert _plan("slurm-node-down", inc, []) == "return-to-service-validation"


def test_gpu_text_is_recognised_in_the_plural_and_by_index() -> None:
    for line in ("a particular pair of GPUs falls off", "thermal slowdown asserted on GPU0"):
        assert GPU_HINT.search(line) is not None, line
        event = _unread([f"{line}: a hardware fault"], _one_node())
        assert isinstance(event, LogEvent), line
    # a word that only starts with the letters is not the GPU
    assert GPU_HINT.search("gpupdate ran on the workstation") is None


def test_the_container_runtime_timing_out_on_the_driver_is_a_wedged_driver() -> None:
    # libnvidia-container's RPC into the driver got no answer: the driver does not respond
    line = "nvidia-container-cli: initialization error: driver error: timed out: unknown"
    sigs = parse_job_log(line, origin="jobs/kubelet.log", node="gpu-07").signatures
    assert [(s.kind, s.detail.get("runtime_error")) for s in sigs] == [
        ("gpu_runtime_failed", "driver_timed_out")
    ]
    inc = _incident("gpu-07", Family.HOST, ("gpu_runtime_failed",), jobs=("kubelet",))
    found = derive_findings(inc, _text(sigs, "kubelet"))
    assert [f.name for f in found] == ["nvidia_driver_unresponsive"]
    hits = [
        Hit(c, 0.4, 0.4, 0.4, ["symptom"], 0.0)
        for c in ("driver-cuda-mismatch", "gpu-driver-wedge-hung-tasks")
    ]
    assert rank_hypotheses(inc, [], found, hits, KB)[0].card_id == "gpu-driver-wedge-hung-tasks"


def test_a_failure_word_the_line_denies_is_no_complaint() -> None:
    for clean in (
        "GPU burn-in finished with no errors",
        "GPU stress test ran without error for 12 h",
        "NVLink errors: 0 on every GPU",
        "| thermal throttle | **0 samples, all runs** |",  # a table's zero
        "## Describe the bug",  # an issue template's heading, not a complaint
        "**Expected behavior**",
    ):
        assert not says_failure(clean), clean
        assert _unread([clean], _one_node()) is None, clean
    # an index before the word is no denial, and one denied word leaves the others
    for failing in (
        "GPU 0 error: Xid 79",
        "no errors on GPU0, but the fan failed",
        "Describe the bug: the GPU falls off the bus under load",
    ):
        assert says_failure(failing), failing


def test_a_gpu_that_works_but_does_not_do_the_work_is_a_complaint() -> None:
    # people report an idle, barely used or slow GPU, or the machine going down under load,
    # without an error word; a healthy utilisation reading or a table row is no complaint
    for said in (
        "GPU usage is about 2-3% and GPU memory usage is slightly more than 200mb",
        "Profiling shows the GPU is idle 70-92% of the time, waiting for data",
        "only my CPU is running while training on the GPU",
        "GPU training throughput is much lower than expected",
        "Machine restarts when running TensorFlow with GPU",
    ):
        assert says_failure(said), said
    for fine in (
        "GPU usage is 95% on all eight GPUs",
        "|   0  Tesla V100-SXM3...  On   | 00000000:34:00.0 Off | 0MiB / 32480MiB | 0%  Default |",
        "restart the node after the driver upgrade to load the GPU module",
    ):
        assert not says_failure(fine), fine


def test_something_gone_or_silent_is_a_complaint_and_its_denial_is_not() -> None:
    # what does not answer, is not there or does not match, in a person's or a tool's words
    for said in (
        "The gpu servers aren't responding to pings from the monitoring host",
        "Looks like /dev/nvidia-uvm is not present after a node is rebooted",
        "fabric manager NVIDIA GPU driver interface version 590.48.01 don't match with "
        "driver version 580.126.09.",
        "after the upgrade GPU 3 disappeared from nvidia-smi",
    ):
        assert says_failure(said), said
    for fine in (
        "nvidia-smi: nothing is missing, all 8 GPUs listed",
        "no GPU missing after the reboot",
    ):
        assert not says_failure(fine), fine


def test_plain_words_for_it_does_not_work_are_a_complaint() -> None:
    # most reports name no error at all: "doesn't work", "stopped working", "won't start", an
    # incompatible package, a problem or trouble, a card running hot, a speed that dropped
    for said in (
        "the GPU example doesn't work on the new node",
        "DCGM exporter stopped working after the driver upgrade",
        "nvidia-persistenced won't start since this morning",
        "pods requesting nvidia.com/gpu don't get scheduled",
        "apt pulled a fabric manager package incompatible with the installed driver",
        "we had issues getting the container toolkit to start on two nodes",
        "I'm having trouble scaling training to a second GPU",
        "a problem occurred with the chillers and the room warmed up",
        "the memory junction is very hot even at stock clocks",
        "throughput dropped to half after the cooler was refitted",
        "nvidia-smi nvlink -s shows links 4-11 inactive on GPU 2",
        # the work itself stopping, not a person stopping it
        "Just like this, the training process stopped.",
        "# It stop here.",
        "the process just stops at step 21 consistently",
        "# Number of threads explodes when training",
    ):
        assert says_failure(said), said
    for fine in (
        "I stopped the training process to free the GPU",
        "training was stopped manually after epoch 3",
        "by default, training should stop whenever there is an issue",
        # a log's own clean end
        "Training stopped: max_steps=1000 reached",
        "Generation stops when max_new_tokens is reached",
        "the training loop stopped cleanly",
        "## Describe the problem",  # a template's heading
        "no problems after the reboot, all 8 GPUs healthy",
        "works fine with driver 550",
        "link state: active on all 18 links",
        "labels: inactive",  # a tracker's label, not a link
    ):
        assert not says_failure(fine), fine


def test_a_bad_or_worsening_measure_and_memory_run_out_are_complaints() -> None:
    # a measure said to be low or getting worse, memory run out, a feature the stack lacks, a
    # limit run into, a clock pulled down, an outcome other than the one expected
    for said in (
        "the gpu utility is very low during finetuning",
        "with GPUDirect RDMA on, all_reduce_perf is severely deteriorating",
        "a 20% performance regression since driver 550",
        "CPU OOM in training of step3",
        "the new image does not support accelerated networking",
        "bandwidth is low between the two nodes",
        "we canceled the job responsible for reaching the inode limit",
        "disk quota exceeded on /scratch",
        "the dGPU keeps downclocking to 139MHz while gaming",
        "throughput fell to a third after the upgrade",
        "I expected to see only the two GPUs of the job but docker shows all eight",
    ):
        assert says_failure(said), said
    for fine in (
        "performance is good on all eight GPUs",
        "no OOM seen over the weekend",
        "the image supports accelerated networking",
        "the room is cool",
        "the power limit is 300 W",
        "as expected, all 8 GPUs show up",
    ):
        assert not says_failure(fine), fine


def test_memory_never_given_back_and_a_part_that_visibly_failed_are_complaints() -> None:
    for said in (
        "VRAM leaks on every request until the server dies",
        "Quash memory leak when compel invocation called",
        "the 12-pin power connector melted on the card",
        "smoke came out of the card during the render",
        "one pin of the plug is burnt",
    ):
        assert says_failure(said), said
    for fine in (
        "smoke test passed on all nodes",  # how hardware is checked, not a fault
        "ran the burn-in for 24 hours",
        "leaky relu activation in the last layer",
        "no memory leak found after the fix",
    ):
        assert not says_failure(fine), fine


def test_a_part_of_the_stack_not_found_is_a_complaint_and_a_clean_search_is_not() -> None:
    for said in (
        "# No nvidia libraries found inside the container",
        "But I didn't find any cuda libraries inside the image",
        "no GPU devices were detected on node-07",
    ):
        assert says_failure(said), said
    for fine in ("no errors found", "No issues found on GPU 3", "the file was found"):
        assert not says_failure(fine), fine


def test_the_container_runtime_named_without_a_failure_is_no_signature() -> None:
    # in a pod's events the runtime is only named when it failed; in a ticket it is named in
    # commands, paths and checklists as often (before: each was a failed runtime, and the
    # ticket ranked a driver mismatch first)
    for named in (
        "$ nvidia-container-cli -V",
        "sudo rm -f /etc/nvidia-container-runtime/config.toml",
        "- [x] NVIDIA container library version from `nvidia-container-cli -V`",
        "I have successfully installed nvidia-container-cli.",
    ):
        kinds = [s.kind for s in parse_job_log(named, origin="t").signatures]
        assert "gpu_runtime_failed" not in kinds, named
    for failed in (
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1",
        "nvidia-container-cli: permission error: capability change failed: operation not permitted",
        "[ERROR] Command not found: nvidia-container-cli",
    ):
        [sig] = [s for s in parse_job_log(failed, origin="t").signatures]
        assert (sig.kind, sig.detail["runtime_error"]) == ("gpu_runtime_failed", "other"), failed


def test_could_not_broken_and_memory_not_given_back_are_complaints() -> None:
    # a tool's own error ("Could not resolve …") and a person's plain "broken" name no error
    # code; a report made only of them opened nothing before
    for said in (
        '# Centos 7. nvidia-driver pod "Could not resolve Linux kernel version"',
        "couldn't open /dev/nvidia-uvm after the kernel update",
        "CUDA is now broken on kernel 5.9",
        "# gpu memory not released after run `sudo kill <pid>`",
    ):
        assert says_failure(said), said
    for fine in (
        "nothing broken after the upgrade",  # a denial before the words
        "never broken since the fix",
        "the memory was released at exit",
    ):
        assert not says_failure(fine), fine


def test_a_complaint_in_another_language_is_a_complaint_and_its_denial_is_not() -> None:
    # tickets are written in the operator's language beside English tool output
    for said in (
        "训练跑到第三个 epoch 就卡住了",  # zh: training gets stuck at the third epoch
        "多卡训练时报错, 进程退出",  # zh: multi-GPU training reports an error
        "GPU が認識されずエラーになる",  # ja: the GPU is not recognised and errors out
        "서버에서 GPU 오류가 발생했습니다",  # ko: a GPU error occurred on the server
        "o driver falhou ao carregar depois da atualização",  # pt: the driver failed to load
        "Der Knoten ist nach dem Treiberupdate abgestürzt",  # de: the node crashed
        "le nœud ne fonctionne pas depuis la mise à jour",  # fr: the node does not work
        "драйвер не работает после обновления",  # ru: the driver does not work
        "karta graficzna nie działa po aktualizacji",  # pl: the graphics card does not work
        "z kabla zasilania zaczął wydobywać się dym",  # pl: smoke came out of the power cable
    ):
        assert says_failure(said), said
    for fine in (
        "训练完成, 没有错误",  # zh: training finished, no error
        "エラーなしで完了しました",  # ja: finished with no error
        "모든 GPU 오류가 없습니다",  # ko: no GPU errors
        "正常运行 8 张卡",  # zh: 8 cards running normally
    ):
        assert not says_failure(fine), fine


def test_a_gpu_held_back_what_a_change_took_away_and_a_measure_far_off_are_complaints() -> None:
    # reports of a GPU left without work, of something an upgrade took away, and of a figure
    # far from the one expected, in the words people use (before: none opened an incident)
    for said in (
        "the GPUs are starved while the loader decodes the images",
        "with num_workers=0 the GPU is underutilized",
        "the script silently ends up running on the CPU",
        "inference falls back to CPU when the library is missing",
        "the job ran out of GPU memory at step 800",
        "very high CPU usage on the node while the exporter runs",
        "the first batch takes forever to load",
        "the 470 branch no longer builds with kernel 6.8",
        "the latest driver update breaks suspend on the laptop",
        "the launcher doesn't respect CUDA_VISIBLE_DEVICES",
        "black screen after installing the new driver",
        "the pod is stuck in pending",
        "the daemon keeps a handle open, which makes it impossible to unload the module",
        "GPU memory keeps increasing every epoch",
        "tokens per second are much lower than the published figure",
        "the robot policy runs at only 2 fps",
        "❌ CUDA available",
        "显卡利用率太低",  # zh: GPU utilisation far too low
        "GPU가 인식되지 않아 사용하지 못합니다",  # ko: the GPU is not recognised, cannot be used
        "видеокарта не используется при обучении",  # ru: the card is not used in training
        "grafická karta se přehřívá",  # cs: the graphics card overheats
    ):
        assert says_failure(said), said
    for fine in (
        "the model runs on the GPU",
        "the preprocessing runs on CPU and GPU",
        "the pod is running on node-3",
        "training loss keeps improving",
        "the GPU is not starved of data any more",
        "no longer than two minutes per epoch",
        "✅ CUDA available",
        "loss 下降到 0.1",  # zh: the loss fell to 0.1 (training going well)
    ):
        assert not says_failure(fine), fine


def test_every_complaint_the_words_find_holds_one_of_the_anchor_words() -> None:
    # says_failure runs the alternation only on a line holding an anchor: an anchor missing
    # for a branch would silently lose that branch's complaints. Every line of the recorded
    # reports (the held-out sets' posts, tickets and logs) the alternation finds holds one.
    from gpufleet.telemetry.unread_text import FAILURE, FAILURE_ANCHORS

    evals = Path(__file__).parents[1] / "src" / "gpufleet" / "evals"
    found = 0
    for path in sorted(evals.glob("heldout*/*/jobs/*.log")):
        for line in path.read_text(errors="replace").splitlines():
            if FAILURE.search(line[:4096]) is None:
                continue
            found += 1
            low = line.lower()
            assert any(a in low for a in FAILURE_ANCHORS), f"{path.name}: {line[:120]}"
    assert found > 1000


def test_a_complaint_that_names_one_gpu_by_its_nvidia_smi_index_lands_on_that_gpu() -> None:
    topo = _one_node()
    node = str(topo.node_keys[0])
    for said, gpu in (
        (["GPU 2 has 1 volatile uncorrectable ECC error and jobs on it fail"], f"{node}/gpu2"),
        (["GPU#1 is unhealthy", "jobs fail on GPU #1"], f"{node}/gpu1"),
        # two GPUs, a range, a size or an index the node lacks: the node, not a guess
        (["GPU 0 and GPU 3 both fail"], None),
        (["GPUs 0-3 fail to initialise"], None),
        (["GPU 24GB card fails"], None),
        (["GPU 9 fails"], None),
    ):
        event = _unread(said, topo)
        assert isinstance(event, LogEvent), said
        assert event.gpu == gpu, said


def test_a_posts_paragraph_is_read_by_its_sentences() -> None:
    # a post's paragraph is one line; what failed is in its third sentence, past the first 200
    # characters a sample keeps
    paragraph = (
        "In the very early morning, various sensors around the datacenter began sending out "
        "emergency notifications to IT and Facilities staff about the room's temperature. "
        "By half past midnight the technician walked into the central datacenter and got a "
        "face-full of hot air. The two cooling units built to keep the room's temperature had "
        "both failed, and the servers in the racks were shutting themselves down."
    )
    parsed = parse_job_log(f"The Case of the Hot Room\n\n{paragraph}\n", origin="jobs/post.log")
    plain = parsed.report.plain_lines
    assert all(len(t) <= SNIPPET for _, t in plain)
    assert any(t.startswith("The two cooling units") and n == 3 for n, t in plain)
    event = unread_event(
        origin="jobs/post.log",
        source="job_log",
        node="box",
        job="",
        unparsed=parsed.report.gpu_unparsed_lines,
        plain=plain,
        topology=_one_node(),
        at=T0,
    )
    assert isinstance(event, LogEvent) and "had both failed" in event.message
    assert parsed.report.consistent  # one line counted once, however many pieces it keeps


def test_a_long_line_is_cut_between_words_and_bounded() -> None:
    assert pieces("short line") == ["short line"]
    long = "word " * 1000  # no sentence end: parts cut at spaces, at most MAX_PIECES
    parts = pieces(long)
    assert len(parts) <= MAX_PIECES and all(p.endswith("word") for p in parts[:-1])
    assert sum(len(p) for p in parts) <= MAX_LINE  # no more than a line the reader reads
    assert all(len(p) <= SNIPPET for p in parts)
    # CJK full stops end sentences too
    cjk = "训练经常随机卡住。" * 30
    assert pieces(cjk)[0] == "训练经常随机卡住。"
    # a word is never split into two other words
    assert pieces("x" * 190 + " the temperature went up") == [
        "x" * 190 + " the",
        "temperature went up",
    ]
