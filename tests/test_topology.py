"""Fleet topology model: structure, index lookups, PCI mapping, SKU table, strict validation."""

from __future__ import annotations

import numpy as np
import pytest
from pydantic import ValidationError

from gpufleet.telemetry.topology import (
    SKU_ALIASES,
    SKUS,
    Cluster,
    Gpu,
    Node,
    Rack,
    Topology,
    build_cluster,
    gpu_key,
    sku,
)


@pytest.fixture(scope="module")
def topo() -> Topology:
    return Topology([build_cluster()])


def test_default_cluster_shape(topo: Topology) -> None:
    assert (topo.n_racks, topo.n_nodes, topo.n_gpus) == (4, 20, 160)
    assert topo.node_keys[0] == "node-01"
    assert topo.node_keys[-1] == "node-20"
    assert "node-17" in topo.node_keys
    assert "node-17/gpu4" in topo.gpu_pos
    assert topo.rack_keys == ("rack-1", "rack-2", "rack-3", "rack-4")
    np.testing.assert_array_equal(topo.node_gpu_count, np.full(20, 8))
    np.testing.assert_array_equal(topo.rack_node_count, np.full(4, 5))
    assert set(topo.gpu_sku) == {"H100-SXM5-80GB"}
    assert len(set(topo.gpu_uuid)) == 160
    assert topo.gpu_keys[topo.gpu_pos["node-17/gpu4"]] == "node-17/gpu4"
    assert gpu_key("node-03", 7) == "node-03/gpu7"


def test_gpus_of_node_and_rack(topo: Topology) -> None:
    n17 = topo.node_pos["node-17"]
    g = topo.gpus_of_node(n17)
    assert [topo.gpu_keys[i] for i in g] == [f"node-17/gpu{i}" for i in range(8)]
    assert topo.node_of_gpu_key("node-17/gpu4") == "node-17"
    # node-17 is the 2nd node of rack 4 (nodes 16-20).
    assert topo.rack_of_node_key("node-17") == "rack-4"
    r4 = topo.rack_pos["rack-4"]
    assert [topo.node_keys[i] for i in topo.nodes_of_rack(r4)] == [
        f"node-{i}" for i in range(16, 21)
    ]
    gr = topo.gpus_of_rack(r4)
    assert len(gr) == 40
    assert {topo.node_of_gpu_key(topo.gpu_keys[i]) for i in gr} == {
        f"node-{i}" for i in range(16, 21)
    }
    # Index arrays are usable for vectorized aggregation.
    assert g.dtype == np.intp and gr.dtype == np.intp
    np.testing.assert_array_equal(topo.gpu_node[g], np.full(8, n17))
    np.testing.assert_array_equal(topo.gpu_rack[gr], np.full(40, r4))


def test_adjacent_gpus_share_airflow_within_the_node(topo: Topology) -> None:
    def adj(key: str) -> list[str]:
        return [topo.gpu_keys[i] for i in topo.adjacent_gpus(topo.gpu_pos[key])]

    assert adj("node-17/gpu4") == ["node-17/gpu3", "node-17/gpu5"]
    assert adj("node-17/gpu0") == ["node-17/gpu1"]
    assert adj("node-17/gpu7") == ["node-17/gpu6"]
    # The boundary between two nodes is not adjacency (node-16/gpu7 sits right before it).
    assert "node-16/gpu7" not in adj("node-17/gpu0")


def test_gpu_by_pci_matches_any_spelling_on_the_right_host(topo: Topology) -> None:
    want = topo.gpu_pos["node-17/gpu1"]  # bus 0x2a is HGX slot 1
    assert topo.gpu_pci_bus_id[want] == "00000000:2A:00.0"
    for spelling in ("0000:2A:00.0", "00000000:2a:00.0", "2a:00.0", " 0000:2a:00.0\n"):
        assert topo.gpu_by_pci("node-17", spelling) == want, spelling
    assert topo.gpu_by_pci("node-03", "0000:2A:00.0") == topo.gpu_pos["node-03/gpu1"]
    assert topo.gpu_by_pci("node-03", "0000:2A:00.0") != want
    assert topo.gpu_by_pci("no-such-host", "0000:2A:00.0") is None
    assert topo.gpu_by_pci("node-17", "0000:C1:00.0") is None  # a NIC, not a GPU
    assert topo.gpu_by_pci("node-17", "0000:DB:00.0") == topo.gpu_pos["node-17/gpu7"]


def test_sku_table_is_sane() -> None:
    assert set(SKU_ALIASES) == {
        *("A100", "H100", "H200", "B200"),
        *("V100", "A10", "A30", "L40S", "GB200", "B300", "RTX-PRO-6000"),
    }
    assert set(SKU_ALIASES.values()) == set(SKUS)
    for short, full in SKU_ALIASES.items():
        s = sku(short)
        assert s is sku(full) and s.name == full and short in s.name
        assert s.max_operating_temp_c < s.slowdown_temp_c < s.shutdown_temp_c, short
        assert s.idle_power_w < s.tdp_w
        assert s.idle_sm_clock_mhz < s.max_sm_clock_mhz
        assert s.memory_mib > 16_000
        assert s.arch in {"volta", "ampere", "ada", "hopper", "blackwell"}, short
        assert (s.nvlink_links == 0) == (s.nvlink_gbps == 0), short
        # GDDR boards have no memory temperature sensor: no limit to compare against.
        assert s.has_hbm is not None and (s.has_hbm == (s.memory_max_temp_c == s.memory_max_temp_c))
    for short in ("A100", "H100", "H200", "B200"):
        assert sku(short).memory_mib > 40_000
    assert [sku(x).tdp_w for x in ("V100", "A10", "A30", "L40S", "GB200", "B300")] == [
        300,
        150,
        165,
        350,
        1200,
        1100,
    ]
    assert sku("RTX-PRO-6000").memory_type == "GDDR7" and sku("RTX-PRO-6000").nvlink_links == 0
    a, h, h2, b = (sku(x) for x in ("A100", "H100", "H200", "B200"))
    assert (a.tdp_w, h.tdp_w, h2.tdp_w, b.tdp_w) == (400, 700, 700, 1000)
    assert a.memory_mib == 81920
    assert a.memory_mib < h2.memory_mib < b.memory_mib
    assert a.pcie_gen == 4 and h.pcie_gen == 5
    assert a.nvlink_gbps < h.nvlink_gbps < b.nvlink_gbps


def test_unknown_sku_lists_known_ones() -> None:
    with pytest.raises(KeyError) as exc:
        sku("X999")
    msg = str(exc.value)
    assert "X999" in msg
    for short in ("A100", "H100", "H200", "B200"):
        assert short in msg
    with pytest.raises(KeyError):
        build_cluster(sku_name="X999")


def test_sku_array(topo: Topology) -> None:
    np.testing.assert_array_equal(topo.sku_array("tdp_w"), np.full(160, 700.0))
    mixed = Topology(
        [
            build_cluster(name="a", sku_name="A100", racks=1, nodes_per_rack=1, gpus_per_node=2),
            _renamed_racks(
                build_cluster(
                    name="b",
                    sku_name="B200",
                    racks=1,
                    nodes_per_rack=1,
                    gpus_per_node=3,
                    first_node=9,
                ),
                "b-",
            ),
        ]
    )
    np.testing.assert_array_equal(mixed.sku_array("tdp_w"), [400, 400, 1000, 1000, 1000])
    np.testing.assert_array_equal(mixed.sku_array("slowdown_temp_c"), [89, 89, 90, 90, 90])
    assert mixed.sku_array("tdp_w").dtype == np.float64
    assert mixed.sku_of(2).name == "B200-SXM-180GB"
    np.testing.assert_array_equal(mixed.node_cluster, [0, 1])
    with pytest.raises(AttributeError):
        mixed.sku_array("no_such_attr")


def _renamed_racks(c: Cluster, prefix: str) -> Cluster:
    return Cluster(
        name=c.name,
        racks=tuple(r.model_copy(update={"name": prefix + r.name}) for r in c.racks),
    )


def test_two_generated_clusters_compose_into_one_topology() -> None:
    t = Topology(
        [
            build_cluster(name="a", racks=1, nodes_per_rack=1),
            build_cluster(name="b", racks=1, nodes_per_rack=1, first_node=50),
        ]
    )
    assert t.n_gpus == 16


def _gpu(i: int = 0) -> Gpu:
    return Gpu(
        index=i, uuid=f"GPU-{i}", pci_bus_id=f"0000:{i:02x}:00.0", sku="H100-SXM5-80GB", slot=i
    )


def _node(host: str) -> Node:
    return Node(hostname=host, nvlink_domain=f"{host}-nvl", gpus=(_gpu(0), _gpu(1)))


def test_duplicate_hostnames_in_a_cluster_are_rejected() -> None:
    r1 = Rack(name="r1", pdu="p", cooling_zone="z", nodes=(_node("h1"), _node("h2")))
    r2 = Rack(name="r2", pdu="p", cooling_zone="z", nodes=(_node("h2"),))
    with pytest.raises(ValidationError, match=r"duplicate hostnames.*h2"):
        Cluster(name="c", racks=(r1, r2))
    ok = Cluster(name="c", racks=(r1,))
    assert Topology([ok]).node_keys == ("h1", "h2")


def test_models_are_strict() -> None:
    with pytest.raises(ValidationError, match="extra"):
        Gpu(index=0, uuid="u", pci_bus_id="0000:18:00.0", sku="H100", slot=0, colour="green")  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="extra"):
        Node(hostname="h", nvlink_domain="d", gpus=(), rack="r1")  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        Gpu(index=64, uuid="u", pci_bus_id="p", sku="H100", slot=0)
    g = _gpu()
    with pytest.raises(ValidationError):
        g.index = 3  # type: ignore[misc]  # frozen


def test_duplicate_hostnames_across_clusters_are_rejected() -> None:
    a = build_cluster(name="a", racks=1, nodes_per_rack=1)
    b = _renamed_racks(build_cluster(name="b", racks=1, nodes_per_rack=1), "b-")
    with pytest.raises(ValueError, match="node-01"):
        Topology([a, b])


def test_gpu_by_pci_accepts_xid_style_ids_without_function() -> None:
    # NVRM Xid lines print "PCI:0000:2a:00" (no function); DCGM labels carry "00000000:2A:00.0".
    t = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    want = t.gpu_pos["node-01/gpu1"]
    for spelling in ("0000:2a:00", "PCI:0000:2A:00", "2a:00", "00000000:2A:00.0"):
        assert t.gpu_by_pci("node-01", spelling) == want, spelling
    assert t.gpu_by_pci("node-01", "not-a-pci-id") is None
