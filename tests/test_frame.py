"""The columnar frame: validation, column access, and Tick's per-kind lookup."""

from __future__ import annotations

import numpy as np
import pytest

from gpufleet.telemetry.frame import EntityKind, Frame, FrameError, LogEvent, Tick

ENTS = ("node-01/gpu0", "node-01/gpu1", "node-01/gpu2")
FIELDS = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_GPU_UTIL")


def _frame(values: np.ndarray | None = None, **kw: object) -> Frame:
    v: np.ndarray = (
        np.array([[60.0, 90.0], [61.0, np.nan], [62.0, 10.0]]) if values is None else values
    )
    args: dict[str, object] = {
        "timestamp": 1000.0,
        "entity_kind": EntityKind.GPU,
        "entities": ENTS,
        "fields": FIELDS,
        "values": v,
        "source": "dcgm-scrape:node-01",
    }
    args.update(kw)
    return Frame(**args)  # type: ignore[arg-type]


def test_valid_frame_and_column_access() -> None:
    f = _frame()
    np.testing.assert_array_equal(f.column("DCGM_FI_DEV_GPU_TEMP"), [60.0, 61.0, 62.0])
    util = f.column("DCGM_FI_DEV_GPU_UTIL")
    assert util[0] == 90.0 and np.isnan(util[1]) and util[2] == 10.0
    assert f.has("DCGM_FI_DEV_GPU_UTIL") and not f.has("DCGM_FI_DEV_POWER_USAGE")
    assert f.n_samples == 6
    # column() is a view into the columnar block, not a per-sample copy.
    assert np.shares_memory(f.column("DCGM_FI_DEV_GPU_TEMP"), f.values)


def test_missing_column_raises_keyerror_naming_field_and_source() -> None:
    f = _frame()
    with pytest.raises(KeyError) as exc:
        f.column("DCGM_FI_DEV_POWER_USAGE")
    msg = str(exc.value)
    assert "DCGM_FI_DEV_POWER_USAGE" in msg and "dcgm-scrape:node-01" in msg


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.object_])
def test_wrong_dtype_is_rejected(dtype: type) -> None:
    v: np.ndarray = np.zeros((3, 2), dtype=dtype)
    with pytest.raises(FrameError, match="dcgm-scrape:node-01") as exc:
        _frame(v)
    assert "float64" in str(exc.value)
    assert np.dtype(dtype).name in str(exc.value)


@pytest.mark.parametrize("shape", [(2, 2), (3, 3), (2, 3), (6,), (3, 2, 1)])
def test_wrong_shape_is_rejected(shape: tuple[int, ...]) -> None:
    with pytest.raises(FrameError, match="dcgm-scrape:node-01") as exc:
        _frame(np.zeros(shape))
    assert "(3, 2)" in str(exc.value)  # the shape entities × fields demands
    assert str(shape) in str(exc.value)


@pytest.mark.parametrize("ts", [np.nan, np.inf, -np.inf])
def test_non_finite_timestamp_is_rejected(ts: float) -> None:
    with pytest.raises(FrameError, match=r"dcgm-scrape:node-01.*timestamp"):
        _frame(timestamp=ts)


def test_frame_error_is_a_value_error_and_empty_frame_is_valid() -> None:
    assert issubclass(FrameError, ValueError)
    empty = _frame(np.zeros((0, 2)), entities=())
    assert empty.n_samples == 0
    assert empty.column("DCGM_FI_DEV_GPU_TEMP").shape == (0,)


def test_tick_frame_by_kind() -> None:
    gpu = _frame()
    node = Frame(
        1000.0,
        EntityKind.NODE,
        ("node-01",),
        ("NODE_CPU_UTIL",),
        np.array([[12.0]]),
        "node-exporter",
    )
    ev = LogEvent(timestamp=1000.0, node="node-01", kind="xid", message="NVRM: Xid", xid=79)
    t = Tick(1000.0, (gpu, node), (ev,))
    assert t.frame(EntityKind.GPU) is gpu
    assert t.frame(EntityKind.NODE) is node
    assert t.workloads is None
    only_gpu = Tick(1000.0, (gpu,))
    assert only_gpu.frame(EntityKind.NODE) is None
    assert only_gpu.events == ()
    # LogEvent attrs default to a fresh dict per event.
    ev2 = LogEvent(timestamp=1.0, node="n", kind="job_end", message="m")
    assert ev2.attrs == {} and ev2.attrs is not LogEvent(1.0, "n", "job_end", "m").attrs
