# ruff: noqa: E501  (verbatim log lines are long; splitting them would hide what was copied)
"""Writes corpus.jsonl: real kernel-log lines from public sources, each with its origin and
the expected parse. Run from the repository root: python tests/data/kernel_log_corpus/make_corpus.py

``verbatim`` lines are copied as published (the origin URL shows them). ``derived`` lines put a
verbatim message into a layout that another cited public source shows (dmesg --decode, talosctl,
journalctl -o cat / json, localized journalctl, pdsh, /dev/kmsg, RFC 5424): the message and the
layout are both real, the combination is ours. ``expect`` is either {"kind", "xid", "pci"} for an
event or one of "ignored", "unrecognised", "gpu_unparsed", "untrusted". Lines sharing a ``group``
are one multi-line record and are fed in order to one parser.
"""

from __future__ import annotations

import json
from pathlib import Path

OGKM = "https://github.com/NVIDIA/open-gpu-kernel-modules"
GPUD = "https://github.com/leptonai/gpud"
SRC = "NVIDIA/open-gpu-kernel-modules"

rows: list[dict[str, object]] = []


def ev(kind: str, xid: int | None = None, pci: str | None = None) -> dict[str, object]:
    return {"kind": kind, "xid": xid, "pci": pci}


def add(
    line: str,
    origin: str,
    expect: object,
    layout: str,
    *,
    derived: bool = False,
    group: str | None = None,
) -> None:
    row: dict[str, object] = {
        "line": line,
        "origin": origin,
        "layout": layout,
        "provenance": "derived" if derived else "verbatim",
        "expect": expect,
    }
    if group:
        row["group"] = group
    rows.append(row)


P = "00000000:{}:00.0"

# --- verbatim lines -------------------------------------------------------------------------
u = f"{GPUD}/pull/46"
for code, pci, rest in [
    (
        13,
        "CB",
        "pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter",
    ),
    (
        13,
        "CB",
        "pid='<unknown>', name=<unknown>, Graphics SM Global Exception on (GPC 7, TPC 7, SM 0): Multiple Warp Errors",
    ),
    (
        13,
        "CB",
        "pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x57c730=0xc04000b 0x57c734=0x24 0x57c728=0x1f81fb60 0x57c72c=0x1174",
    ),
    (
        109,
        "CB",
        "pid=1797828, name=pt_main_thread, Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005",
    ),
]:
    add(
        f"[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:{pci.lower()}:00): {code}, {rest}",
        u,
        ev("xid", code, P.format(pci)),
        "dmesg-T",
    )
add(
    "[Fri Aug 30 11:11:22 2024] nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
    u,
    "gpu_unparsed",
    "dmesg-T",
)
u = "https://github.com/3dem/relion/issues/436"
for rest in [
    "Graphics Exception: ESR 0x5067b0=0x9 0x5067b4=0x24 0x5067a8=0x4c1eb72 0x5067ac=0x174",
    "Graphics SM Warp Exception on (GPC 1, TPC 0, SM 0): Illegal Instruction Encoding",
    "Graphics SM Global Exception on (GPC 1, TPC 0, SM 0): Multiple Warp Errors",
]:
    add(
        f"Feb 15 17:37:45 Gipfeli kernel: [82659.755847] NVRM: Xid (PCI:0000:41:00): 13, {rest}",
        u,
        ev("xid", 13, P.format("41")),
        "syslog+embedded-mono",
    )
u = "https://github.com/Bumblebee-Project/Bumblebee/issues/677"
add(
    "[24128.828315] NVRM: Xid (PCI:0000:01:00): 32, Channel ID 00000000 intr 00004000",
    u,
    ev("xid", 32, P.format("01")),
    "dmesg",
)
add(
    "[24128.834365] NVRM: Xid (PCI:0000:01:00): 31, Ch 00000003, engmask 00000101, intr 10000000",
    u,
    ev("xid", 31, P.format("01")),
    "dmesg",
)
u = "https://github.com/madMAx43v3r/chia-gigahorse/issues/301"
add(
    "[14328.198496] NVRM: GPU at PCI:0000:0a:00: GPU-760d0170-b7c5-6817-9414-6cc7112645de",
    u,
    "ignored",
    "dmesg",
    group="chia",
)
add(
    "[14328.198504] NVRM: Xid (PCI:0000:0a:00): 31, pid=13332, name=cuda_plot_k32_v, Ch 00000010, intr 00000000. MMU Fault: ENGINE CE2 HUBCLIENT_CE0 faulted @ 0x7f29_5b8c9000. Fault is of type FAULT_PRIV_VIOLATION ACCESS_TYPE_VIRT_READ",
    u,
    ev("xid", 31, P.format("0A")),
    "dmesg",
    group="chia",
)
add(
    "[14370.687545] NVRM: Xid (PCI:0000:0a:00): 62, pid='<unknown>', name=<unknown>, 2023b230 20238a3a 2023e8b6 2023eac4 2023ec3c 2023ea86 00000000 00000000",
    u,
    ev("xid", 62, P.format("0A")),
    "dmesg",
    group="chia",
)
add(
    "[14370.688139] NVRM: Xid (PCI:0000:0a:00): 45, pid='<unknown>', name=<unknown>, Ch 00000008",
    u,
    ev("xid", 45, P.format("0A")),
    "dmesg",
    group="chia",
)
add("[14372.273528] sched: RT throttling activated", u, "unrecognised", "dmesg", group="chia")
u = "https://github.com/vllm-project/vllm/issues/5901"
add(
    "[93297.027938] NVRM: Xid (PCI:0000:43:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x52e7b0=0x101000e 0x52e7b4=0x4 0x52e7a8=0xc81eb60 0x52e7ac=0x1174",
    u,
    ev("xid", 13, P.format("43")),
    "dmesg",
)
u = f"{OGKM}/issues/363"
add(
    "NVRM: Xid (PCI:0000:08:00): 31, pid=169800, name=chrome, Ch 00000023, intr 00000000. MMU Fault: ENGINE CE0 HUBCLIENT_HSCE0 faulted @ 0x0_0abe0000. Fault is of type FAULT_PTE ACCESS_TYPE_VIRT_READ",
    u,
    ev("xid", 31, P.format("08")),
    "bare",
)
u = f"{OGKM}/issues/1150"
for pci, code, ch, prev in [
    ("dc", 45, "00000001", 149),
    ("ed", 45, "0000000c", 145),
    ("ba", 45, "00000002", 145),
    ("97", 45, "00000003", 145),
]:
    add(
        f"kernel: NVRM: Xid (PCI:0000:{pci}:00): {code}, pid=1818990, name=python3, Ch {ch} caused by previous Xid {prev}",
        u,
        ev("xid", code, P.format(pci.upper())),
        "journal-no-time",
    )
u = f"{GPUD}/pull/1160"
add(
    "NVRM: Xid (PCI:0000:01:00): 144, SAW_MVB Nonfatal XC0 i0 Link 0 (0x00000001 0x00000008 0x00000000 0x00000000 0x00000000 0x00000000)",
    u,
    ev("xid", 144, P.format("01")),
    "kmsg-message",
)
add(
    "NVRM: Xid (PCI:0000:00:00): 149, NETIR_LINK_EVT Fatal XC0 i0 Link 00 (0x026001c6 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)",
    u,
    ev("xid", 149, P.format("00")),
    "kmsg-message",
)
u = f"{GPUD}/pull/1174"
add(
    "NVRM: Xid (PCI:0019:01:00): 149, NETIR Fatal XC0 i0 Link -1 (0x000fe406 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)",
    u,
    ev("xid", 149, "00000019:01:00.0"),
    "kmsg-message",
)
add(
    "NVRM: Xid (PCI:0018:01:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)",
    u,
    ev("xid", 145, "00000018:01:00.0"),
    "kmsg-message",
)
add(
    "NVRM: Xid (PCI:0000:9b:00): 94, pid=1234, name=python3, Contained ECC error",
    u,
    ev("xid", 94, P.format("9B")),
    "kmsg-message",
)
u = f"{GPUD}/pull/500"
for pid, name, f in [
    ("4071838", "python", "(0x20801702 0x4)"),
    ("28232", "cache_mgr_main", "(0x20810108 0x3e0)"),
    ("28098", "gpu-feature-dis", "(0x20803039 0x20)"),
]:
    add(
        f"NVRM: Xid (PCI:0000:9b:00): 119, pid={pid}, name={name}, Timeout after 45s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) {f}.",
        u,
        ev("xid", 119, P.format("9B")),
        "bare",
    )
u = "https://github.com/NVIDIA/NVSentinel/issues/155"
add(
    "NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus",
    u,
    ev("xid", 79, P.format("44")),
    "bare",
)
add("[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0", u, "ignored", "dmesg", group="nvs155")
add(
    "               NVRM: (PCI ID: 10de:26b5) installed in this system has",
    u,
    "ignored",
    "dmesg-continuation",
    group="nvs155",
)
add(
    "               NVRM: fallen off the bus and is not responding to commands.",
    u,
    ev("fallen_off_bus", None, P.format("B3")),
    "dmesg-continuation",
    group="nvs155",
)
add(
    "[ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).",
    u,
    ev("gpu_probe_failed"),
    "dmesg",
    group="nvs155",
)
add(
    "[ 1843.439669] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  570.158.01  Release Build  (dvs-builder@U22-I3-B10-02-5)  Mon Jun  2 13:13:04 UTC 2025",
    u,
    "ignored",
    "dmesg",
    group="nvs155",
)
u = f"{OGKM}/issues/829"
add(
    "Apr 19 13:16:41 Kyrios kernel: NVRM: GPU at PCI:0000:02:00: GPU-751acba2-df95-76f6-5914-58abf0c3cba3",
    u,
    "ignored",
    "syslog",
    group="ogkm829",
)
add(
    "Apr 19 13:16:41 Kyrios kernel: NVRM: Xid (PCI:0000:02:00): 120, GSP task exception: load access page fault (cause:0xd) @ pc:0x140ca4a, partition:4#0, task:3",
    u,
    ev("xid", 120, P.format("02")),
    "syslog",
    group="ogkm829",
)
add(
    "Apr 19 13:16:41 Kyrios kernel: NVRM: kgspHealthCheck_TU102: ****************************** GSP-CrashCat Report *******************************",
    u,
    ev("gsp_error"),
    "syslog",
    group="ogkm829",
)
add(
    "Apr 19 13:16:41 Kyrios kernel: nvidia-nvlink: Nvlink Core is being initialized, major device number 240",
    u,
    "ignored",
    "syslog",
    group="ogkm829",
)
add(
    "Apr 19 13:16:41 Kyrios kernel: nvidia-modeset: Loading NVIDIA UNIX Open Kernel Mode Setting Driver for x86_64  575.51.02  Release Build  (root@Kyrios)",
    u,
    "ignored",
    "syslog",
    group="ogkm829",
)
u = f"{OGKM}/issues/446"
add(
    "192.168.11.119: kern: warning: [2026-04-22T21:30:51.870495804Z]: NVRM: Xid (PCI:0000:0b:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
    u,
    ev("xid", 154, P.format("0B")),
    "talosctl-dmesg+pdsh",
)
add(
    "192.168.11.119: kern: warning: [2026-04-22T21:37:31.524565304Z]: NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required [NV_ERR_RESET_REQUIRED] (0x00000062) returned from pRmApi",
    u,
    ev("gsp_error"),
    "talosctl-dmesg+pdsh",
)
add(
    "192.168.11.119: kern: warning: [2026-04-22T21:30:51.803749334Z]: NVRM: _issueRpcAndWait: rpcRecvPoll timedout for fn 76 sequence 4129!",
    u,
    "gpu_unparsed",
    "talosctl-dmesg+pdsh",
)
u = "https://github.com/scitix/sichek/issues/51"
add(
    "[Sun Jan 11 09:52:01 2026] NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClient=0xc1d1a616; hParent=0x5c000054; hObject=0x5c00005b; hClass=0x0000c86f; paramsSize=0x00000170; paramsStatus=0x00000062; status=0x00000062 ",
    u,
    ev("gsp_error"),
    "dmesg-T",
)
add(
    "[Sun Jan 11 09:52:01 2026] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset required [NV_ERR_RESET_REQUIRED] (0x00000062) returned from status @ kernel_channel.c:2874 ",
    u,
    ev("gsp_error"),
    "dmesg-T",
)
u = f"{OGKM}/issues/789"
add(
    "[  903.610907] NVRM: GPU 0000:98:00.0: RmInitAdapter failed! (0x62:0x65:1792)",
    u,
    ev("rm_init_failed", None, P.format("98")),
    "dmesg",
    group="ogkm-789",  # the echo follows its RmInitAdapter line
)
add(
    "[  903.611884] NVRM: GPU 0000:98:00.0: rm_init_adapter failed, device minor number 0",
    u,
    "ignored",
    "dmesg",
    group="ogkm-789",  # the echo follows its RmInitAdapter line
)
add(
    "[  903.609564] NVRM: RmInitAdapter: Cannot initialize GSP firmware RM",
    u,
    "gpu_unparsed",
    "dmesg",
)
u = "https://github.com/NVIDIA/gpu-operator/issues/649"
add(
    "[ 1097.650222] NVRM: GPU 0000:04:01.0: RmInitAdapter failed! (0x11:0x45:2525)",
    u,
    ev("rm_init_failed", None, "00000000:04:01.0"),
    "dmesg",
)
add(
    "[ 1114.993489] IPv6: ADDRCONF(NETDEV_UP): dddd1c3ccc54a5b: link is not ready",
    u,
    "unrecognised",
    "dmesg",
)
u = "https://github.com/NVIDIA/gpu-operator/issues/1146"
add(
    "Dec  2 11:49:53 worker4 kernel: [  885.242168] NVRM: GPU 0000:0a:00.0: RmInitAdapter failed! (0x24:0x72:1568)",
    u,
    ev("rm_init_failed", None, P.format("0A")),
    "syslog+embedded-mono",
    group="gpu-operator-1146",  # the echo follows its RmInitAdapter line
)
add(
    "Dec  2 11:49:53 worker4 kernel: [  885.242457] NVRM: GPU 0000:0a:00.0: rm_init_adapter failed, device minor number 5",
    u,
    "ignored",
    "syslog+embedded-mono",
    group="gpu-operator-1146",  # the echo follows its RmInitAdapter line
)
u = "https://github.com/Bumblebee-Project/Bumblebee/issues/722"
add(
    "[87669.726564] NVRM: RmInitAdapter failed! (0x26:0xffff:1375)",
    u,
    ev("rm_init_failed"),
    "dmesg",
    group="bumblebee-722",  # the echo follows its RmInitAdapter line
)
add(
    "[87669.726572] NVRM: rm_init_adapter failed for device bearing minor number 0",
    u,
    "ignored",
    "dmesg",
    group="bumblebee-722",  # the echo follows its RmInitAdapter line
)
add(
    "[87669.726589] NVRM: nvidia_frontend_open: minor 0, module->open() failed, error -5",
    u,
    "gpu_unparsed",
    "dmesg",
)
u = f"{OGKM}/issues/1151"
add(
    "May 27 16:50:10 fedora kernel: NVRM: GPU 0000:09:00.0: RmInitAdapter failed! (0x22:0x56:894)",
    u,
    ev("rm_init_failed", None, P.format("09")),
    "syslog",
)
add(
    "May 27 16:50:10 fedora kernel: NVRM: osInitNvMapping: *** Cannot attach gpu",
    u,
    ev("rm_init_failed", None, None),
    "syslog",
)
u = f"{OGKM}/issues/1230"
add(
    "[  101.287612] NVRM: GPU6 _kgspBootGspRm: unexpected WPR2 already up, cannot proceed with booting GSP",
    u,
    ev("rm_init_failed", None, None),
    "dmesg",
)
add(
    "[  101.209077] NVRM: GPU 0000:a1:00.0: RmInitAdapter failed! (0x62:0x40:2168)",
    u,
    ev("rm_init_failed", None, P.format("A1")),
    "dmesg",
)
u = "https://github.com/NVIDIA/nvtrust/issues/124"
# One paste, read in order: its first line is the "Data" detail of an error whose header the
# paste left out (Link 43, say) -- alone it is still the switch reporting 22013; the detail
# line after the Link 44 header adds nothing.
add(
    "[   38.175561] nvidia-nvswitch3: SXid (PCI:0000:04:00.0): 22013, Data {0x0000002b, 0x0000002b, 0x00000000, 0x0000002b, 0x80005302, 0x00000000, 0x00000000, 0x00000000, 0x00000000}",
    u,
    ev("sxid", 22013, "00000000:04:00.0"),
    "dmesg",
    group="nvtrust-124",
)
add(
    "[   38.178720] nvidia-nvswitch3: SXid (PCI:0000:04:00.0): 22013, Non-fatal, Link 44 Minion Link DLREQ interrupt",
    u,
    ev("sxid", 22013, "00000000:04:00.0"),
    "dmesg",
    group="nvtrust-124",
)
add(
    "[   38.180708] nvidia-nvswitch3: SXid (PCI:0000:04:00.0): 22013, Severity 0 Engine instance 44 Sub-engine instance 00",
    u,
    "ignored",
    "dmesg",
    group="nvtrust-124",
)
add(
    "[   38.187830] nvidia-nvswitch3: SXid (PCI:0000:04:00.0): 22013, Non-fatal, Link 45 Minion Link DLREQ interrupt",
    u,
    ev("sxid", 22013, "00000000:04:00.0"),
    "dmesg",
    group="nvtrust-124",
)
u = f"{GPUD}/pull/338"
# the issue quotes only the "Data" line: still SXid 12028 from nvswitch1
add(
    "kern  :err   : 2025-01-25T10:34:54,859532+00:00 nvidia-nvswitch1: SXid (PCI:0000:84:00.0): 12028, Data {0x000001c0, 0x00bd5c8a, 0x00000500, 0x00000064, 0x00000000, 0x40008000, 0x5a001100, 0x00000000, 0x00000000}",
    u,
    ev("sxid", 12028, "00000000:84:00.0"),
    "dmesg-decode-iso",
)
u = f"{GPUD}/pull/870"
add(
    "syslog:err   : 2025-05-27T04:18:56,089671+00:00 NVRM: Xid (PCI:0000:04:00): 79, GPU has fallen off the bus",
    u,
    "untrusted",
    "dmesg-decode-iso (written to /dev/kmsg by a fault injector)",
)
u = "https://github.com/NVIDIA/k8s-test-infra/pull/796"
add("kernel: NVRM: Xid (PCI:0000:1a:00): 79", u, ev("xid", 79, P.format("1A")), "journal-no-time")
u = "https://github.com/NVIDIA/k8s-device-plugin/issues/77"
add(
    "[  721.028170] INFO: task nvc:[driver]:5403 blocked for more than 120 seconds.",
    u,
    "ignored",
    "dmesg",
    group="hung77",
)
add(
    "[  721.028229]       Tainted: P           O    4.4.146-1.el7.elrepo.x86_64 #1",
    u,
    "unrecognised",
    "dmesg",
    group="hung77",
)
add(
    '[  721.028273] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
    u,
    "unrecognised",
    "dmesg",
    group="hung77",
)
add("[  721.028346] Call Trace:", u, "unrecognised", "dmesg", group="hung77")
add(
    "[  721.028383]  [<ffffffff8170fd3f>] mutex_lock+0x1f/0x2f",
    u,
    "unrecognised",
    "dmesg",
    group="hung77",
)
add(
    "[  721.028422]  [<ffffffffa09c376e>] uvm_gpu_retain_by_uuid+0x1e/0x40 [nvidia_uvm]",
    u,
    ev("gpu_hung_task"),
    "dmesg",
    group="hung77",
)
u = "https://github.com/pop-os/pop/issues/3363"
add(
    "Sep 28 23:34:26 oryx.wonder.boy kernel: 00000000c7da3938: ffffffffc2202667 (_nv012865rm+0x77/0x330 [nvidia])",
    u,
    "gpu_unparsed",
    "syslog",
)
for u, line in [
    (
        "https://github.com/xxd3vin/workspace/issues/19",
        "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error",
    ),
    (
        "https://github.com/NVIDIA/nvidia-container-toolkit/issues/69",
        "Unable to determine the device handle for GPU0000:65:00.0: Unknown Error",
    ),
    (
        "https://github.com/pdbear/syno_nvidia_gpu_driver/issues/22",
        "Unable to determine the device handle for GPU0000:07:00.0: Unknown Error",
    ),
    (
        "https://github.com/jamesstringer90/Easy-GPU-PV/issues/276",
        "Unable to detect the device handle for GPU0000:B1:00.0: Unknown Error",
    ),
]:
    pci = line.split("GPU", 1)[1].split(":", 1)[1].split(":")[0]
    add(line, u, ev("gpu_handle_error", None, f"00000000:{pci.upper()}:00.0"), "nvidia-smi output")
u = f"{GPUD}/pull/1209"
add(
    "Feb 14 05:03:41 000-000-00000-1-gpu-1 kernel: mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link ACTIVE",
    u,
    "unrecognised",
    "journal-short",
)
add(
    "Feb 14 05:03:41 000-000-00000-1-gpu-1 systemd[1]: Started systemd-journald.service - Journal Service.",
    u,
    "unrecognised",
    "journal-short",
)
u = "https://github.com/NVIDIA/nccl/issues/2241"
add(
    "kernel: NVRM: GPU1 kbifCacheVFInfo_GB100: Unable to read NV_PF0_INITIAL_AND_TOTAL_VFS",
    u,
    "gpu_unparsed",
    "journal-no-time",
)

# --- driver format strings (open-gpu-kernel-modules), one rendered line each ------------------
add(
    "NVRM: Xid (PCI:0000:3b:00): 48, pid=2231, name=python, Ch 00000004, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 0.",
    f'{SRC}:src/nvidia/src/kernel/gpu/rc/kernel_rc.c ("NVRM: Xid (%s): %d, pid=%s, name=%s, %s%s")',
    ev("xid", 48, P.format("3B")),
    "bare",
    derived=True,
)
add(
    "nvidia:nvidia_dev_xid: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
    f'{SRC}:kernel-open/nvidia/nv-tracepoint.h (TP_printk "Xid (PCI:%s): %u, %s")',
    ev("xid", 79, P.format("3B")),
    "ftrace",
    derived=True,
)
add(
    "[  912.114466] nvidia-nvswitch0: SXid (PCI:0000:c3:00.0): 20034, Fatal, Link 32 LTSSM Fault Up",
    f'{SRC}:src/common/nvswitch/kernel/inc/common_nvswitch.h ("nvidia-%s: SXid (PCI:...): %05d, ")',
    ev("sxid", 20034, "00000000:C3:00.0"),
    "dmesg",
    derived=True,
)
add(
    "[  912.114466] nvidia-nvswitch5: SXid (PCI:0000:c4:00.0): 01234, Non-fatal, Link 3 egress crc error",
    f"{SRC}:src/common/nvswitch/kernel/inc/common_nvswitch.h (%05d pads codes with zeros)",
    ev("sxid", 1234, "00000000:C4:00.0"),
    "dmesg",
    derived=True,
)
add(
    "[   21.004321] NVRM: GPU 0000:3b:00.0: GPU has fallen off the bus.",
    f'{SRC}:src/nvidia/arch/nvalloc/unix/src/osinit.c (NV_DEV_PRINTF "GPU has fallen off the bus.")',
    ev("fallen_off_bus", None, P.format("3B")),
    "dmesg",
    derived=True,
)
add(
    "NVRM: GPU Board Serial Number: 1652221012345",
    f'{SRC}:src/nvidia/src/kernel/gpu/rc/kernel_rc.c ("NVRM: GPU Board Serial Number: %s")',
    "ignored",
    "bare",
    derived=True,
)
add(
    "NVRM: The NVIDIA GPU 0000:07:00.0 NVRM: (PCI ID: 10de:2330) installed in this system has NVRM: fallen off the bus and is not responding to commands.",
    f"{SRC}:src/nvidia/arch/nvalloc/unix/src/osapi.c (three-line record pasted as one line)",
    ev("fallen_off_bus", None, P.format("07")),
    "ticket paste",
    derived=True,
)
add(
    "[    4.203311] nvidia: probe of 0000:3b:00.0 failed with error -1",
    'torvalds/linux:drivers/base/dd.c ("%s: probe of %s failed with error %d", pre-5.x)',
    ev("gpu_probe_failed", None, P.format("3B")),
    "dmesg",
    derived=True,
)
add(
    "[    4.203311] nvidia 0000:3b:00.0: probe with driver nvidia failed with error -1",
    'torvalds/linux:drivers/base/dd.c (dev_err "probe with driver %s failed with error %d")',
    ev("gpu_probe_failed", None, P.format("3B")),
    "dmesg",
    derived=True,
)
add(
    "Jul 04 22:10:09 pop-os kernel: task:python          state:D stack:0     pid:6508  tgid:6508  ppid:6507   flags:0x00000002",
    "https://github.com/pop-os/pop/issues/3535 (task:… state:D line; name changed)",
    "ignored",
    "journal-short",
    derived=True,
    group="hungD",
)
add(
    "Jul 04 22:10:09 pop-os kernel:  os_acquire_mutex+0x4b/0x70 [nvidia]",
    "https://github.com/pop-os/pop/issues/3535 (frame layout) + os_acquire_mutex from NVIDIA/open-gpu-kernel-modules:kernel-open/nvidia/os-interface.c",
    ev("gpu_hung_task"),
    "journal-short",
    derived=True,
    group="hungD",
)

# --- the same real messages in the other published layouts ------------------------------------
MSGS = [
    (
        "NVRM: Xid (PCI:0000:9b:00): 119, pid=4071838, name=python, Timeout after 45s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801702 0x4).",
        119,
        "00000000:9B:00.0",
        f"{GPUD}/pull/500",
    ),
    (
        "NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus",
        79,
        "00000000:44:00.0",
        "https://github.com/NVIDIA/NVSentinel/issues/155",
    ),
    (
        "NVRM: Xid (PCI:0018:01:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 13 (0x0409a0c2 0x00000008 0x00000001 0x00000000 0x00100000 0x00000004)",
        145,
        "00000018:01:00.0",
        f"{GPUD}/pull/1174",
    ),
    (
        "NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous Xid 149",
        45,
        "00000000:DC:00.0",
        f"{OGKM}/issues/1150",
    ),
    (
        "NVRM: Xid (PCI:0000:0b:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)",
        154,
        "00000000:0B:00.0",
        f"{OGKM}/issues/446",
    ),
    (
        "NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter",
        13,
        "00000000:CB:00.0",
        f"{GPUD}/pull/46",
    ),
    (
        "NVRM: Xid (PCI:0019:01:00): 149, NETIR Fatal XC0 i0 Link -1 (0x000fe406 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000)",
        149,
        "00000019:01:00.0",
        f"{GPUD}/pull/1174",
    ),
    (
        "NVRM: Xid (PCI:0000:1a:00): 79",
        79,
        "00000000:1A:00.0",
        "https://github.com/NVIDIA/k8s-test-infra/pull/796",
    ),
]
LAYOUTS = [
    (
        "kern  :warn  : [ 1234.567890] {m}",
        "dmesg --decode",
        f"{GPUD}/pull/338 (kern  :err   : prefix)",
        "x",
    ),
    (
        "kern  :warn  : 2026-03-02T02:45:00,123456+00:00 {m}",
        "dmesg --decode --time-format iso",
        f"{GPUD}/pull/338",
        "x",
    ),
    (
        "192.168.11.119: kern: warning: [2026-04-22T21:30:51.526447914Z]: {m}",
        "talosctl dmesg",
        f"{OGKM}/issues/446",
        "x",
    ),
    (
        "{m}",
        "journalctl -o cat / ticket paste",
        "https://github.com/NVIDIA/NVSentinel/issues/155",
        "x",
    ),
    (
        "Mär 02 02:45:00 node-17 kernel: {m}",
        "journalctl short, LC_TIME=de_DE",
        "strftime %b de_DE",
        "x",
    ),
    (
        "Okt 14 02:45:00 node-17 kernel: {m}",
        "journalctl short, LC_TIME=de_DE",
        "strftime %b de_DE",
        "x",
    ),
    (
        "janv. 02 02:45:00 node-17 kernel: {m}",
        "journalctl short, LC_TIME=fr_FR",
        "strftime %b fr_FR",
        "x",
    ),
    (
        "févr. 02 02:45:00 node-17 kernel: {m}",
        "journalctl short, LC_TIME=fr_FR",
        "strftime %b fr_FR",
        "x",
    ),
    (
        "ene 02 02:45:00 node-17 kernel: {m}",
        "journalctl short, LC_TIME=es_ES",
        "strftime %b es_ES",
        "x",
    ),
    (
        "Dez 31 23:59:59 node-17 kernel: {m}",
        "journalctl short, LC_TIME=de_DE",
        "strftime %b de_DE",
        "x",
    ),
    (
        "4,1042,1234567890,-;{m}",
        "/dev/kmsg record",
        "https://www.kernel.org/doc/Documentation/ABI/testing/dev-kmsg",
        "x",
    ),
    (
        "<4>1 2026-03-02T02:45:00.123Z node-17 kernel - - - {m}",
        "RFC 5424",
        "https://www.rfc-editor.org/rfc/rfc5424",
        "x",
    ),
    (
        '{{"__REALTIME_TIMESTAMP": "1772419500123456", "_TRANSPORT": "kernel", "_HOSTNAME": "node-17", "MESSAGE": {mj}}}',
        "journalctl -o json",
        "https://www.freedesktop.org/software/systemd/man/latest/journalctl.html",
        "x",
    ),
    ("node-17: [ 1234.567890] {m}", "pdsh dmesg", "pdsh(1) output prefix", "x"),
]
for msg, code, pci, src in MSGS:
    for tmpl, layout, lsrc, _ in LAYOUTS:
        line = tmpl.format(m=msg, mj=json.dumps(msg))
        add(line, f"message: {src}; layout: {lsrc}", ev("xid", code, pci), layout, derived=True)

# --- forged lines (user space writing kernel-looking text) ------------------------------------
for line, layout in [
    (
        "node-01 mallory[4242]: NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
        "logger -t, no time",
    ),
    (
        "Mar  2 02:45:00 node-01 mallory[4242]: NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
        "rsyslog",
    ),
    (
        "2026-03-02T02:45:00.123456+00:00 node-01 python3[77]: NVRM: Xid (PCI:0000:3b:00): 48, pid=1, name=x, DBE",
        "journal short-iso-precise",
    ),
    (
        "12,1043,1234567890,-;NVRM: Xid (PCI:0000:3b:00): 79, x",
        "/dev/kmsg record with facility user",
    ),
    (
        "<13>Mar  2 02:45:00 node-01 kernel: NVRM: Xid (PCI:0000:3b:00): 79, x",
        "syslog over the wire with user facility",
    ),
    (
        '{"__REALTIME_TIMESTAMP": "1772419500123456", "_TRANSPORT": "syslog", "SYSLOG_IDENTIFIER": "mallory", "MESSAGE": "NVRM: Xid (PCI:0000:3b:00): 79, x"}',
        "journalctl -o json, syslog transport",
    ),
]:
    add(
        line,
        "gpufleet issue: forged user-space lines (provenance)",
        "untrusted",
        layout,
        derived=True,
    )

out = Path(__file__).with_name("corpus.jsonl")
out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
print(len(rows), "lines ->", out)
