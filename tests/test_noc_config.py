"""NOC detector configuration: defaults, strict YAML loading, SKU/cluster threshold overrides."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

from gpufleet.agents.noc.config import (
    THRESHOLD_NAMES,
    ConfigError,
    NocConfig,
    ResolvedThresholds,
    Thresholds,
    load_config,
)
from gpufleet.telemetry.topology import Cluster, Topology, build_cluster


def _write(tmp_path: Path, text: str, name: str = "noc.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_defaults() -> None:
    for cfg in (NocConfig(), load_config(None)):
        t = cfg.thresholds
        assert (t.gpu_temp_warning_c, t.gpu_temp_critical_c) == (85.0, 90.0)
        assert t.sbe_per_hour == 10.0
        assert t.fb_used_pct == 95.0
        assert cfg.incidents.cooldown_s == 900.0
        assert cfg.sku == {} and cfg.cluster == {}
        assert cfg.baseline.enabled
    assert "sbe_per_hour" in THRESHOLD_NAMES and "bogus" not in THRESHOLD_NAMES
    with pytest.raises(ValidationError):
        NocConfig().thresholds.sbe_per_hour = 1.0  # type: ignore[misc]  # frozen


@pytest.mark.parametrize("wrapped", [True, False], ids=["noc-top-level", "bare"])
def test_load_config_with_and_without_noc_key(tmp_path: Path, wrapped: bool) -> None:
    body = (
        "thresholds:\n"
        "  gpu_temp_warning_c: 80\n"
        "  sbe_per_hour: 4\n"
        "incidents:\n"
        "  cooldown_s: 60\n"
        "sku:\n"
        "  H100:\n"
        "    gpu_temp_critical_c: 88\n"
    )
    text = "noc:\n" + "".join("  " + line + "\n" for line in body.splitlines()) if wrapped else body
    if wrapped:
        text += "sre:\n  model: whatever\n"  # other sections of a shared file are not ours
    cfg = load_config(_write(tmp_path, text))
    assert cfg.thresholds.gpu_temp_warning_c == 80.0
    assert cfg.thresholds.sbe_per_hour == 4.0
    assert cfg.thresholds.gpu_temp_critical_c == 90.0  # untouched default
    assert cfg.incidents.cooldown_s == 60.0
    assert cfg.sku == {"H100-SXM5-80GB": {"gpu_temp_critical_c": 88.0}}  # alias resolved


def test_empty_file_gives_defaults(tmp_path: Path) -> None:
    assert load_config(_write(tmp_path, "")) == NocConfig()
    assert load_config(str(_write(tmp_path, "# nothing yet\n"))) == NocConfig()


@pytest.mark.parametrize(
    ("text", "dotted"),
    [
        ("noc:\n  tresholds:\n    sbe_per_hour: 1\n", "tresholds"),
        ("thresholds:\n  gpu_temp_warnin_c: 80\n", "thresholds.gpu_temp_warnin_c"),
        ("noc:\n  incidents:\n    cooldown: 5\n", "incidents.cooldown"),
        ("noc:\n  thresholds:\n    sbe_per_hour: lots\n", "thresholds.sbe_per_hour"),
        ("noc:\n  correlation:\n    node_fraction: 1.5\n", "correlation.node_fraction"),
    ],
)
def test_bad_keys_and_values_name_file_and_dotted_path(
    tmp_path: Path, text: str, dotted: str
) -> None:
    p = _write(tmp_path, text)
    with pytest.raises(ConfigError) as exc:
        load_config(p)
    msg = str(exc.value)
    assert str(p) in msg
    assert f"{dotted}:" in msg, msg


@pytest.mark.parametrize("scope", ["sku", "cluster"])
def test_unknown_threshold_inside_override_is_rejected(tmp_path: Path, scope: str) -> None:
    name = "H100" if scope == "sku" else "prod-a"
    p = _write(tmp_path, f"noc:\n  {scope}:\n    {name}:\n      sbe_per_hr: 3\n")
    with pytest.raises(ConfigError) as exc:
        load_config(p)
    msg = str(exc.value)
    assert str(p) in msg
    assert f"{scope}:" in msg  # the dotted path down to the override map
    assert name in msg and "sbe_per_hr" in msg


def test_override_error_has_full_dotted_path(tmp_path: Path) -> None:
    p = _write(tmp_path, "noc:\n  sku:\n    H100:\n      sbe_per_hr: 3\n")
    with pytest.raises(ConfigError, match=r"sku\.H100\.sbe_per_hr"):
        load_config(p)


def test_unknown_sku_name_in_override_is_rejected(tmp_path: Path) -> None:
    p = _write(tmp_path, "noc:\n  sku:\n    H10O:\n      sbe_per_hour: 3\n")
    with pytest.raises(ConfigError, match="H10O"):
        load_config(p)


def test_invalid_yaml_and_missing_file_name_the_file(tmp_path: Path) -> None:
    p = _write(tmp_path, "noc:\n  thresholds: [1, 2\n")
    with pytest.raises(ConfigError, match="not valid YAML") as exc:
        load_config(p)
    assert str(p) in str(exc.value)

    missing = tmp_path / "nope" / "noc.yaml"
    with pytest.raises(ConfigError, match="cannot read") as exc2:
        load_config(missing)
    assert str(missing) in str(exc2.value)

    with pytest.raises(ConfigError, match="top level must be a mapping") as exc3:
        load_config(_write(tmp_path, "- a\n- b\n", "list.yaml"))
    assert "list.yaml" in str(exc3.value)
    assert issubclass(ConfigError, ValueError)


# ------------------------------------------------------------------------------ resolution


def _two_cluster_topology() -> Topology:
    """Cluster 'a' (H100, node-01) and cluster 'b' (A100, node-50), 8 GPUs each.

    build_cluster names its racks rack-1.. in every cluster and Topology wants rack names
    unique across clusters, so the second cluster's racks are renamed.
    """
    a = build_cluster(name="a", sku_name="H100", racks=1, nodes_per_rack=1)
    b = build_cluster(name="b", sku_name="A100", racks=1, nodes_per_rack=1, first_node=50)
    b = Cluster(
        name="b", racks=tuple(r.model_copy(update={"name": "b-" + r.name}) for r in b.racks)
    )
    return Topology([a, b])


def test_resolved_thresholds_apply_sku_then_cluster_per_gpu(tmp_path: Path) -> None:
    topo = _two_cluster_topology()
    assert topo.n_gpus == 16
    a, b = np.arange(8), np.arange(8, 16)
    # cluster listed first in the file: precedence must not depend on order.
    cfg = load_config(
        _write(
            tmp_path,
            "noc:\n"
            "  thresholds:\n"
            "    sbe_per_hour: 20\n"
            "  cluster:\n"
            "    a:\n"
            "      gpu_temp_warning_c: 83\n"
            "    b:\n"
            "      fb_used_pct: 97\n"
            "  sku:\n"
            "    H100:\n"
            "      gpu_temp_warning_c: 80\n"
            "      sbe_per_hour: 5\n"
            "    A100-SXM4-80GB:\n"
            "      gpu_temp_critical_c: 87\n"
            "      fb_used_pct: 90\n",
        )
    )
    r = ResolvedThresholds(cfg, topo)
    warn = r["gpu_temp_warning_c"]
    np.testing.assert_array_equal(warn[a], 83.0)  # cluster a beats the H100 override (80)
    np.testing.assert_array_equal(warn[b], 85.0)  # default
    sbe = r["sbe_per_hour"]
    np.testing.assert_array_equal(sbe[a], 5.0)  # H100 override
    np.testing.assert_array_equal(sbe[b], 20.0)  # file-level default
    crit = r["gpu_temp_critical_c"]
    np.testing.assert_array_equal(crit[a], 90.0)
    np.testing.assert_array_equal(crit[b], 87.0)  # A100 override by full SKU name
    fb = r["fb_used_pct"]
    np.testing.assert_array_equal(fb[a], 95.0)
    np.testing.assert_array_equal(fb[b], 97.0)  # cluster b beats the A100 override (90)
    assert warn.shape == (16,) and warn.dtype == np.float64
    assert r.scalar.sbe_per_hour == 20.0
    # Every threshold is resolvable, unknown ones are not.
    for name in THRESHOLD_NAMES:
        assert r[name].shape == (16,)
    with pytest.raises(KeyError):
        r["bogus"]


def test_resolved_thresholds_without_overrides_are_the_defaults() -> None:
    topo = _two_cluster_topology()
    r = ResolvedThresholds(NocConfig(), topo)
    for name, value in Thresholds().model_dump().items():
        np.testing.assert_array_equal(r[name], np.full(16, float(value)), err_msg=name)
    # Overrides for a cluster that is not in this topology change nothing.
    r2 = ResolvedThresholds(NocConfig(cluster={"elsewhere": {"fb_used_pct": 50}}), topo)
    np.testing.assert_array_equal(r2["fb_used_pct"], 95.0)
