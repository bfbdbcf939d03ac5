"""NVML collector on the fake NVML layer (values, units, NOT_SUPPORTED, errors, Xid events,
the NOC end to end), plus one check against the real pynvml of this machine."""

from __future__ import annotations

import asyncio
import math
import shutil

import numpy as np
import pynvml  # type: ignore[import-untyped]
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Event, Family, IncidentOpened
from gpufleet.sim.faults import DoubleBitError, FallenOffBus, NvlinkCrcErrors, PcieDowntrain
from gpufleet.sim.nvml_fake import FakeGpu, FakeNvml
from gpufleet.sim.simulator import Fault, FleetSimulator
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.nvml import (
    DBE_EVENT,
    NVML_FIELDS,
    SBE_EVENT,
    UNCOVERED_FIELDS,
    XID_FIELD,
    NvmlCollector,
    NvmlSource,
    NvmlUnavailable,
)
from gpufleet.telemetry.topology import Topology, build_cluster

HOST = "node-02"
READ_FIELDS = tuple(f for f in NVML_FIELDS if f != XID_FIELD)
REVERSED = [7, 6, 5, 4, 3, 2, 1, 0]  # NVML enumeration order unlike the topology's


def two_nodes() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])


def gpu_frame(tick: Tick) -> Frame:
    frame = tick.frame(EntityKind.GPU)
    assert frame is not None
    return frame


def rows(frame: Frame, keys: tuple[str, ...], fields: tuple[str, ...]) -> np.ndarray:
    """The frame's values for ``keys`` × ``fields``, whatever the frame's own order."""
    r = [frame.entities.index(k) for k in keys]
    c = [frame.fields.index(f) for f in fields]
    return frame.values[np.ix_(r, c)]


def collector_for(fake: FakeNvml, topo: Topology | None, **kw: object) -> NvmlCollector:
    return NvmlCollector(fake, hostname=HOST, topology=topo, clock=fake.now, **kw).open()  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- values and units
def test_sample_reproduces_the_driving_frame_for_every_field_nvml_covers() -> None:
    topo = two_nodes()
    faults: list[Fault] = [
        DoubleBitError(node=HOST, gpu=2, onset_s=30),
        NvlinkCrcErrors(node=HOST, gpu=5, onset_s=15),  # counters spread over 18 links
        PcieDowntrain(node="node-01", gpu=1, onset_s=15),
    ]
    sim = FleetSimulator(topo, seed=4, artifacts=None, faults=faults)
    fake = FakeNvml.from_simulator(sim, HOST, order=REVERSED)
    col = collector_for(fake, topo)
    # Keys come from the topology by PCI id, so the reversed NVML order does not matter.
    assert col.keys == tuple(f"{HOST}/gpu{i}" for i in REVERSED)
    keys = tuple(f"{HOST}/gpu{i}" for i in range(8))
    saw_nonzero: set[str] = set()
    for _ in range(6):
        truth = gpu_frame(sim_tick := fake.advance())
        out = gpu_frame(col.sample())
        assert out.timestamp == sim_tick.timestamp
        assert out.fields == NVML_FIELDS and out.source == "nvml"
        want = rows(truth, keys, READ_FIELDS)
        got = rows(out, keys, READ_FIELDS)
        np.testing.assert_array_equal(got, want)  # exact, NaN-aware
        saw_nonzero |= {f for j, f in enumerate(READ_FIELDS) if np.nanmax(want[:, j]) > 0}
    assert col.stats.not_supported == {} and col.stats.errors == {}
    # The comparison was not vacuous: the fault counters moved.
    assert {
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
        "DCGM_FI_DEV_POWER_USAGE",
        "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    } <= saw_nonzero
    # Every registry field is either read or listed as uncovered, with a reason.
    assert set(NVML_FIELDS) | set(UNCOVERED_FIELDS) == set(GPU_FIELD_NAMES)
    assert not set(NVML_FIELDS) & set(UNCOVERED_FIELDS)
    col.close()
    assert not fake.initialized and fake.event_sets_open == 0


def explicit_gpu(**overrides: float) -> FakeGpu:
    values = {f: float(i + 1) for i, f in enumerate(READ_FIELDS)}
    values.update(
        {
            "DCGM_FI_DEV_POWER_USAGE": 512.345,
            "DCGM_FI_DEV_POWER_MGMT_LIMIT": 700.0,
            "DCGM_FI_DEV_FB_USED": 40_000.0,
            "DCGM_FI_DEV_FB_FREE": 41_047.0,
            "DCGM_FI_DEV_FB_RESERVED": 512.0,
            "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": 123_456_789_012.0,
            "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": 0x48,
            "DCGM_FI_DEV_RETIRED_PENDING": 1.0,
            "DCGM_FI_DEV_ROW_REMAP_PENDING": 1.0,
            "DCGM_FI_DEV_ROW_REMAP_FAILURE": 0.0,
            "DCGM_FI_DEV_PCIE_LINK_GEN": 5.0,
            "DCGM_FI_DEV_PCIE_LINK_WIDTH": 16.0,
            "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL": 37.0,  # 37 over 18 links: 3,2,2,…
        }
    )
    values.update(overrides)
    return FakeGpu(uuid="GPU-aaaa", pci_bus_id="00000000:18:00.0", values=values)


def test_explicit_values_units_are_converted_at_the_edge() -> None:
    gpu = explicit_gpu()
    fake = FakeNvml([gpu])
    col = collector_for(fake, None)
    # What the fake hands out is in NVML's units, as pynvml would.
    h = fake.nvmlDeviceGetHandleByIndex(0)
    assert fake.nvmlDeviceGetPowerUsage(h) == 512_345  # mW
    mem = fake.nvmlDeviceGetMemoryInfo(h, pynvml.nvmlMemory_v2)
    assert (mem.used, mem.free) == (40_000 * 2**20, 41_047 * 2**20)  # bytes
    assert mem.total == (40_000 + 41_047 + 512) * 2**20
    util = fake.nvmlDeviceGetUtilizationRates(h)
    assert (util.gpu, util.memory) == (
        gpu.values["DCGM_FI_DEV_GPU_UTIL"],
        gpu.values["DCGM_FI_DEV_MEM_COPY_UTIL"],
    )
    assert fake.nvmlDeviceGetPciInfo(h).busId == "00000000:18:00.0"
    # What the collector reports is in DCGM's units, equal to the values driven in.
    out = gpu_frame(col.sample())
    assert out.entities == (f"{HOST}/gpu0",)  # no topology: hostname/gpuN by NVML index
    row = dict(zip(out.fields, out.values[0], strict=True))
    for f in READ_FIELDS:
        assert row[f] == gpu.values[f], f
    assert row[XID_FIELD] == 0.0  # no Xid seen yet (sticky "last Xid", as DCGM)
    # A discovered one-node topology names the GPU the same way.
    assert col.topology.gpu_keys == (f"{HOST}/gpu0",)
    assert col.topology.gpu_sku == ("H100-SXM5-80GB",)


def test_old_driver_and_old_pynvml_shapes() -> None:
    gpu = explicit_gpu()
    fake = FakeNvml([gpu], clock_event_reasons=False, memory_v2=False, legacy_bytes=True)
    topo = Topology(
        [
            build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=1),
        ]
    )
    gpu.pci_bus_id = topo.gpu_pci_bus_id[topo.gpu_pos[f"{HOST}/gpu0"]]
    col = collector_for(fake, topo)
    assert col.keys == (f"{HOST}/gpu0",)  # bytes busId still maps through the topology
    row = dict(zip(NVML_FIELDS, gpu_frame(col.sample()).values[0], strict=True))
    # The pre-R535 name of the clock-reasons query answers instead.
    assert row["DCGM_FI_DEV_CLOCKS_EVENT_REASONS"] == 0x48
    assert fake.calls["nvmlDeviceGetCurrentClocksThrottleReasons"] == 1
    # Memory v1: "used" includes the reserved part, and reserved is unknown.
    assert row["DCGM_FI_DEV_FB_USED"] == 40_512 and row["DCGM_FI_DEV_FB_FREE"] == 41_047
    assert math.isnan(row["DCGM_FI_DEV_FB_RESERVED"])
    col.sample()
    assert fake.calls["nvmlDeviceGetCurrentClocksEventReasons"] == 1  # not asked again
    assert col.driver_version == "570.133.20"


# ----------------------------------------------------------------------------- not supported
def test_not_supported_fields_are_nan_counted_once_per_gpu_and_not_asked_again() -> None:
    topo = two_nodes()
    sim = FleetSimulator(topo, seed=2, artifacts=None)
    fake = FakeNvml.from_simulator(sim, HOST)
    # Hopper-like: no page retirement (row remapping instead), no HBM temperature field.
    fake.unsupported = {"nvmlDeviceGetRetiredPages", "DCGM_FI_DEV_MEMORY_TEMP"}
    fake.gpus[3].unsupported = {"nvmlDeviceGetRemappedRows"}
    fake.gpus[5].nvlink_links = 0  # a PCIe card: no NVLink at all
    col = collector_for(fake, topo)
    first = gpu_frame(col.sample())
    calls = fake.calls["nvmlDeviceGetRetiredPages"]
    fake.advance()
    out = gpu_frame(col.sample())
    assert fake.calls["nvmlDeviceGetRetiredPages"] == calls  # refused once, never asked again

    def column(frame: Frame, f: str) -> np.ndarray:
        return frame.values[:, frame.fields.index(f)]

    for frame in (first, out):
        for f in ("DCGM_FI_DEV_RETIRED_SBE", "DCGM_FI_DEV_RETIRED_DBE", "DCGM_FI_DEV_MEMORY_TEMP"):
            assert np.isnan(column(frame, f)).all(), f
        remap = column(frame, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS")
        assert np.isnan(remap[3]) and not np.isnan(np.delete(remap, 3)).any()
        crc = column(frame, "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL")
        assert np.isnan(crc[5]) and not np.isnan(np.delete(crc, 5)).any()
        # Everything else still arrives.
        assert not np.isnan(column(frame, "DCGM_FI_DEV_GPU_TEMP")).any()
        assert not np.isnan(column(frame, "DCGM_FI_DEV_RETIRED_PENDING")).any()
    ns = col.stats.not_supported
    assert ns["DCGM_FI_DEV_RETIRED_SBE"] == 8 and ns["DCGM_FI_DEV_RETIRED_DBE"] == 8
    assert ns["DCGM_FI_DEV_MEMORY_TEMP"] == 8
    assert ns["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"] == 1
    assert ns["DCGM_FI_DEV_ROW_REMAP_FAILURE"] == 1
    assert ns["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"] == 1
    assert col.stats.errors == {} and col.stats.samples == 2


def test_other_nvml_errors_are_counted_and_retried() -> None:
    gpu = explicit_gpu()
    fake = FakeNvml([gpu])
    col = collector_for(fake, None)
    real = fake.nvmlDeviceGetPowerUsage
    fake.nvmlDeviceGetPowerUsage = lambda h: (_ for _ in ()).throw(  # type: ignore[method-assign]
        pynvml.NVMLError(pynvml.NVML_ERROR_UNKNOWN)
    )
    row = dict(zip(NVML_FIELDS, gpu_frame(col.sample()).values[0], strict=True))
    assert math.isnan(row["DCGM_FI_DEV_POWER_USAGE"]) and row["DCGM_FI_DEV_GPU_TEMP"] > 0
    assert col.stats.errors["power_usage"] == 1 and col.stats.not_supported == {}
    fake.nvmlDeviceGetPowerUsage = real  # type: ignore[method-assign]
    row = dict(zip(NVML_FIELDS, gpu_frame(col.sample()).values[0], strict=True))
    assert row["DCGM_FI_DEV_POWER_USAGE"] == 512.345  # a transient failure is asked again

    def missing(h: object) -> int:
        raise AttributeError("module 'pynvml' has no attribute 'nvmlDeviceGetPcieReplayCounter'")

    fake.nvmlDeviceGetPcieReplayCounter = missing  # type: ignore[method-assign]
    row = dict(zip(NVML_FIELDS, gpu_frame(col.sample()).values[0], strict=True))
    assert math.isnan(row["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"])  # an old pynvml: unsupported
    assert col.stats.not_supported == {"DCGM_FI_DEV_PCIE_REPLAY_COUNTER": 1}


# ----------------------------------------------------------------------------- no driver, no GPU
@pytest.mark.parametrize(
    ("code", "reason", "says"),
    [
        (pynvml.NVML_ERROR_LIBRARY_NOT_FOUND, "library_not_found", "libnvidia-ml.so.1"),
        (pynvml.NVML_ERROR_DRIVER_NOT_LOADED, "driver_not_loaded", "kernel driver is not loaded"),
        (pynvml.NVML_ERROR_UNINITIALIZED, "library_not_found", "could not be loaded"),
        (pynvml.NVML_ERROR_NO_PERMISSION, "no_permission", "/dev/nvidia"),
        (pynvml.NVML_ERROR_NOT_FOUND, "init_failed", "nvmlInit failed: Not Found"),
    ],
)
def test_no_driver_raises_nvml_unavailable_saying_what_and_how_to_check(
    code: int, reason: str, says: str
) -> None:
    fake = FakeNvml([explicit_gpu()], init_error=code)
    with pytest.raises(NvmlUnavailable) as info:
        NvmlCollector(fake, hostname=HOST).open()
    err = info.value
    assert err.reason == reason and err.nvml_error == code
    assert says in str(err) and "nvidia-smi" in str(err) and HOST in str(err)
    assert isinstance(err.__cause__, pynvml.NVMLError)


def test_no_gpu_raises_and_shuts_nvml_down() -> None:
    fake = FakeNvml([])
    with pytest.raises(NvmlUnavailable, match=r"no usable NVIDIA GPU.*nvidia-smi -L") as info:
        NvmlCollector(fake, hostname=HOST).open()
    assert info.value.reason == "no_gpus"
    assert not fake.initialized  # nvmlShutdown ran after the failed open


def test_using_a_closed_collector_is_a_clear_error() -> None:
    col = NvmlCollector(FakeNvml([explicit_gpu()]), hostname=HOST)
    with pytest.raises(RuntimeError, match="call open"):
        col.sample()
    with pytest.raises(RuntimeError, match="call open"):
        _ = col.topology


# ----------------------------------------------------------------------------- Xid events
def test_xid_event_becomes_a_log_event_on_the_right_gpu_and_sets_the_sticky_field() -> None:
    topo = two_nodes()
    sim = FleetSimulator(topo, seed=2, artifacts=None)
    fake = FakeNvml.from_simulator(sim, HOST, order=REVERSED)
    col = collector_for(fake, topo)
    assert col.poll_xid_events(50) == []  # empty: times out, nothing raised
    target = topo.gpu_pci_bus_id[topo.gpu_pos[f"{HOST}/gpu5"]]
    fake.queue_xid(target, 79)
    fake.queue_xid(f"{HOST}/gpu2", 13)
    fake.queue_event(0, SBE_EVENT)  # not registered without ecc_events: never delivered
    events = col.poll_xid_events(10, at=fake.now())
    assert [(e.kind, e.xid, e.gpu, e.node) for e in events] == [
        ("xid", 79, f"{HOST}/gpu5", HOST),
        ("xid", 13, f"{HOST}/gpu2", HOST),
    ]
    assert events[0].pci_bus_id == target and events[0].timestamp == fake.now()
    assert "Xid" in events[0].message and events[0].attrs == {"source": "nvml"}
    tick = col.sample(events)
    assert tick.events == tuple(events)
    xid = dict(zip(gpu_frame(tick).entities, gpu_frame(tick).column(XID_FIELD), strict=True))
    assert xid[f"{HOST}/gpu5"] == 79 and xid[f"{HOST}/gpu2"] == 13 and xid[f"{HOST}/gpu0"] == 0
    assert col.stats.xid_events == 2
    assert col.drain() == []


def test_ecc_events_dbe_reads_as_xid_48_and_sbe_is_only_counted() -> None:
    fake = FakeNvml([explicit_gpu()])
    col = collector_for(fake, None, ecc_events=True)
    fake.queue_event(0, SBE_EVENT)
    fake.queue_event(0, DBE_EVENT)
    events = asyncio.run(col.apoll_xid_events(0))
    assert [(e.kind, e.xid, e.gpu) for e in events] == [("xid", 48, f"{HOST}/gpu0")]
    assert col.stats.ecc_events == {"single_bit": 1, "double_bit": 1}


def test_gpu_without_event_support_still_samples_and_says_so() -> None:
    gpu = explicit_gpu()
    gpu.event_types_supported = 0
    col = collector_for(FakeNvml([gpu]), None)
    assert col.stats.events_unsupported == [f"{HOST}/gpu0"]
    row = dict(zip(NVML_FIELDS, gpu_frame(col.sample()).values[0], strict=True))
    assert math.isnan(row[XID_FIELD]) and row["DCGM_FI_DEV_GPU_TEMP"] > 0
    assert col.stats.not_supported[XID_FIELD] == 1


def test_lost_gpu_reports_nan_and_one_fallen_off_bus_event() -> None:
    fake = FakeNvml([explicit_gpu(), FakeGpu("GPU-bbbb", "00000000:2A:00.0", values={})])
    fake.gpus[1].values = dict(fake.gpus[0].values)
    col = collector_for(fake, None)
    fake.gpus[1].lost = True
    t1 = col.sample(at=100.0)
    t2 = col.sample(at=115.0)
    assert [(e.kind, e.gpu, e.xid) for e in t1.events] == [("fallen_off_bus", f"{HOST}/gpu1", 79)]
    assert t2.events == ()  # only on the transition
    for t in (t1, t2):
        v = gpu_frame(t).values
        assert np.isnan(v[1]).all() and not np.isnan(v[0]).any()
    assert col.stats.gpus_lost == 1


# ----------------------------------------------------------------------------- the NOC end to end
def run_noc_on_nvml(fault: DoubleBitError | FallenOffBus, n_ticks: int) -> tuple[list[Event], int]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=8)])
    sim = FleetSimulator(topo, seed=5, artifacts=None, faults=[fault])
    fake = FakeNvml.from_simulator(sim, "node-01", order=REVERSED)
    col = NvmlCollector(fake, hostname="node-01", topology=topo, clock=fake.now)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await fake.asleep(seconds)

    source = NvmlSource(col, interval_s=sim.interval_s, sleep=sleep, max_ticks=n_ticks)
    assert source.topology is topo
    det = Detector(topo)

    async def main() -> tuple[list[Event], int]:
        events: list[Event] = []
        xids = 0
        async for tick in source.aticks():
            xids += sum(1 for e in tick.events if e.kind in ("xid", "fallen_off_bus"))
            events += det.process(tick)
        return events, xids

    try:
        out = asyncio.run(main())
    finally:
        col.close()
    assert slept == [sim.interval_s] * (n_ticks - 1)  # paced on the collector's clock
    assert det.stats.rejected_ticks == 0 and not det.stats.unknown_entities
    return out


def opened(events: list[Event]) -> list[IncidentOpened]:
    return [e for e in events if isinstance(e, IncidentOpened)]


def test_detector_on_nvml_ticks_opens_a_memory_incident_for_a_dbe_on_the_right_gpu() -> None:
    events, xids = run_noc_on_nvml(DoubleBitError(node="node-01", gpu=3, onset_s=120), 16)
    assert xids >= 1  # the Xid 48/63 arrived through the NVML event set
    incs = [e.incident for e in opened(events)]
    assert [(i.root_entity, i.family) for i in incs] == [("node-01/gpu3", Family.MEMORY)]
    assert 48 in incs[0].xids or "dbe" in incs[0].symptoms


def test_detector_on_nvml_ticks_opens_a_device_incident_for_xid_79() -> None:
    events, xids = run_noc_on_nvml(FallenOffBus(node="node-01", gpu=1, onset_s=120), 14)
    assert xids >= 2  # Xid 79 from the event set, then NVML's GPU_IS_LOST
    incs = [e.incident for e in opened(events)]
    device = [i for i in incs if i.family is Family.DEVICE]
    assert [i.root_entity for i in device] == ["node-01/gpu1"]
    assert 79 in device[0].xids


# ----------------------------------------------------------------------------- the real library
HAS_GPU = shutil.which("nvidia-smi") is not None


@pytest.mark.skipif(HAS_GPU, reason="a GPU is present: test_real_pynvml_samples_a_gpu runs")
def test_real_pynvml_without_a_driver_raises_nvml_unavailable() -> None:
    with pytest.raises(NvmlUnavailable, match="nvidia-smi") as info:
        NvmlCollector(api=pynvml, hostname="this-host").open()
    assert info.value.reason in ("library_not_found", "driver_not_loaded")


@pytest.mark.skipif(not HAS_GPU, reason="no nvidia-smi here: no NVIDIA driver or GPU")
def test_real_pynvml_samples_a_gpu() -> None:
    with NvmlCollector(api=pynvml) as col:
        frame = gpu_frame(col.sample())
        assert frame.values.shape == (len(col.devices), len(NVML_FIELDS)) and col.devices
        temp = frame.column("DCGM_FI_DEV_GPU_TEMP")
        assert np.all((temp > 0) & (temp < 120))
        assert col.poll_xid_events(10) == [] or col.stats.xid_events > 0
