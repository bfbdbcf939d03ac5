"""Fleet topology: cluster → rack → node → GPU, plus fabric domains and workloads.

Leaf module (imports nothing of ours). The detector correlates through this model: "all GPUs of
a node", "physically adjacent GPUs", "the nodes of a rack", "the GPUs of a job" are all answered
here as integer index arrays over the fleet's flat GPU order, so correlation stays vectorized.

GPU keys are ``"<hostname>/gpu<index>"``; node keys are hostnames; rack keys are rack names.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cached_property

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field, model_validator

IntArray = npt.NDArray[np.intp]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sku(_Strict):
    """Per-model constants. Thermal limits are the values `nvidia-smi -q` reports as
    'GPU Max Operating Temp' / 'Slowdown' / 'Shutdown'; operators can override per SKU in the
    detector config, since OEM boards differ."""

    name: str
    tdp_w: float
    idle_power_w: float
    memory_mib: int
    max_sm_clock_mhz: float
    idle_sm_clock_mhz: float
    mem_clock_mhz: float
    max_operating_temp_c: float
    slowdown_temp_c: float
    shutdown_temp_c: float
    memory_max_temp_c: float
    nvlink_gbps: float
    pcie_gen: int
    pcie_width: int = 16
    # Which fields the board can report (telemetry.fields.supported): its architecture, how many
    # NVLink links it has (0: none, so NVLink fields read 0 = "unsupported", not "link down")
    # and its memory type (GDDR boards have no memory temperature sensor).
    arch: str = ""
    nvlink_links: int = 0
    memory_type: str = ""

    @property
    def has_hbm(self) -> bool | None:
        return self.memory_type.startswith("HBM") if self.memory_type else None


SKUS: dict[str, Sku] = {
    s.name: s
    for s in (
        Sku(
            name="A100-SXM4-80GB",
            tdp_w=400,
            idle_power_w=60,
            memory_mib=81920,
            max_sm_clock_mhz=1410,
            idle_sm_clock_mhz=210,
            mem_clock_mhz=1593,
            max_operating_temp_c=85,
            slowdown_temp_c=89,
            shutdown_temp_c=92,
            memory_max_temp_c=95,
            nvlink_gbps=600,
            pcie_gen=4,
            arch="ampere",
            nvlink_links=12,
            memory_type="HBM2e",
        ),
        Sku(
            name="H100-SXM5-80GB",
            tdp_w=700,
            idle_power_w=70,
            memory_mib=81559,
            max_sm_clock_mhz=1980,
            idle_sm_clock_mhz=345,
            mem_clock_mhz=2619,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=92,
            memory_max_temp_c=95,
            nvlink_gbps=900,
            pcie_gen=5,
            arch="hopper",
            nvlink_links=18,
            memory_type="HBM3",
        ),
        Sku(
            name="H200-SXM-141GB",
            tdp_w=700,
            idle_power_w=75,
            memory_mib=143771,
            max_sm_clock_mhz=1980,
            idle_sm_clock_mhz=345,
            mem_clock_mhz=3201,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=92,
            memory_max_temp_c=95,
            nvlink_gbps=900,
            pcie_gen=5,
            arch="hopper",
            nvlink_links=18,
            memory_type="HBM3e",
        ),
        Sku(
            name="B200-SXM-180GB",
            tdp_w=1000,
            idle_power_w=140,
            memory_mib=184320,
            max_sm_clock_mhz=1965,
            idle_sm_clock_mhz=300,
            mem_clock_mhz=3996,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=94,
            memory_max_temp_c=95,
            nvlink_gbps=1800,
            pcie_gen=5,
            arch="blackwell",
            nvlink_links=18,
            memory_type="HBM3e",
        ),
        # Added SKUs. Memory, TDP, NVLink and PCIe are NVIDIA's published datasheet values
        # (memory as the nominal GiB; nvidia-smi shows a little less). Clocks and thermal
        # limits (nvidia-smi -q "Max Operating / Slowdown / Shutdown") vary by board and
        # VBIOS: operators override them per SKU in the detector config. memory_max_temp_c
        # is NaN on GDDR boards, which have no memory temperature sensor.
        Sku(
            name="V100-SXM2-32GB",
            tdp_w=300,
            idle_power_w=40,
            memory_mib=32768,
            max_sm_clock_mhz=1530,
            idle_sm_clock_mhz=135,
            mem_clock_mhz=877,
            max_operating_temp_c=83,
            slowdown_temp_c=87,
            shutdown_temp_c=90,
            memory_max_temp_c=85,
            nvlink_gbps=300,
            pcie_gen=3,
            arch="volta",
            nvlink_links=6,
            memory_type="HBM2",
        ),
        Sku(
            name="A10-PCIE-24GB",
            tdp_w=150,
            idle_power_w=20,
            memory_mib=24576,
            max_sm_clock_mhz=1695,
            idle_sm_clock_mhz=210,
            mem_clock_mhz=6251,
            max_operating_temp_c=88,
            slowdown_temp_c=95,
            shutdown_temp_c=98,
            memory_max_temp_c=float("nan"),
            nvlink_gbps=0,
            pcie_gen=4,
            arch="ampere",
            nvlink_links=0,
            memory_type="GDDR6",
        ),
        Sku(
            name="A30-PCIE-24GB",
            tdp_w=165,
            idle_power_w=30,
            memory_mib=24576,
            max_sm_clock_mhz=1440,
            idle_sm_clock_mhz=210,
            mem_clock_mhz=1215,
            max_operating_temp_c=85,
            slowdown_temp_c=89,
            shutdown_temp_c=92,
            memory_max_temp_c=95,
            nvlink_gbps=200,
            pcie_gen=4,
            arch="ampere",
            nvlink_links=4,
            memory_type="HBM2",
        ),
        Sku(
            name="L40S-PCIE-48GB",
            tdp_w=350,
            idle_power_w=35,
            memory_mib=49152,
            max_sm_clock_mhz=2520,
            idle_sm_clock_mhz=210,
            mem_clock_mhz=9001,
            max_operating_temp_c=89,
            slowdown_temp_c=92,
            shutdown_temp_c=95,
            memory_max_temp_c=float("nan"),
            nvlink_gbps=0,
            pcie_gen=4,
            arch="ada",
            nvlink_links=0,
            memory_type="GDDR6",
        ),
        Sku(
            name="GB200-NVL-186GB",
            tdp_w=1200,
            idle_power_w=150,
            memory_mib=190464,
            max_sm_clock_mhz=1965,
            idle_sm_clock_mhz=300,
            mem_clock_mhz=3996,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=94,
            memory_max_temp_c=95,
            nvlink_gbps=1800,
            pcie_gen=5,
            arch="blackwell",
            nvlink_links=18,
            memory_type="HBM3e",
        ),
        Sku(
            name="B300-SXM-288GB",
            tdp_w=1100,
            idle_power_w=150,
            memory_mib=294912,
            max_sm_clock_mhz=1965,
            idle_sm_clock_mhz=300,
            mem_clock_mhz=3996,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=94,
            memory_max_temp_c=95,
            nvlink_gbps=1800,
            pcie_gen=6,
            arch="blackwell",
            nvlink_links=18,
            memory_type="HBM3e",
        ),
        Sku(
            name="RTX-PRO-6000-BSE-96GB",
            tdp_w=600,
            idle_power_w=40,
            memory_mib=98304,
            max_sm_clock_mhz=2617,
            idle_sm_clock_mhz=180,
            mem_clock_mhz=14001,
            max_operating_temp_c=87,
            slowdown_temp_c=90,
            shutdown_temp_c=93,
            memory_max_temp_c=float("nan"),
            nvlink_gbps=0,
            pcie_gen=5,
            arch="blackwell",
            nvlink_links=0,
            memory_type="GDDR7",
        ),
    )
}
SKU_ALIASES = {
    "A100": "A100-SXM4-80GB",
    "H100": "H100-SXM5-80GB",
    "H200": "H200-SXM-141GB",
    "B200": "B200-SXM-180GB",
    "V100": "V100-SXM2-32GB",
    "A10": "A10-PCIE-24GB",
    "A30": "A30-PCIE-24GB",
    "L40S": "L40S-PCIE-48GB",
    "GB200": "GB200-NVL-186GB",
    "B300": "B300-SXM-288GB",
    "RTX-PRO-6000": "RTX-PRO-6000-BSE-96GB",
}


def sku(name: str) -> Sku:
    """Resolve a SKU by full name or short alias (A100, H100, H200, B200)."""
    full = SKU_ALIASES.get(name, name)
    if full not in SKUS:
        raise KeyError(f"unknown GPU SKU {name!r}; known: {', '.join(sorted(SKU_ALIASES))}")
    return SKUS[full]


class WorkloadKind(enum.StrEnum):
    TRAINING = "training"
    INFERENCE = "inference"
    ALLOCATED_IDLE = "allocated_idle"  # interactive/notebook: context open, little work
    FREE = "free"


class Workload(_Strict):
    """What runs on a GPU: a SLURM job or a Kubernetes pod."""

    job_id: str | None = None
    pod: str | None = None
    namespace: str | None = None
    user: str | None = None
    team: str | None = None
    kind: WorkloadKind = WorkloadKind.FREE
    name: str | None = None


class Gpu(_Strict):
    index: int = Field(ge=0, le=63)
    uuid: str
    pci_bus_id: str
    sku: str
    # Position in the chassis airflow path; GPUs whose slots differ by 1 share air and fans.
    slot: int


class Nic(_Strict):
    name: str
    ib_leaf: str
    rail: int = 0


class Node(_Strict):
    hostname: str
    cpu_cores: int = 112
    memory_gib: int = 2048
    nvlink_domain: str  # NVSwitch domain (the HGX baseboard, or an NVL72 rack)
    nics: tuple[Nic, ...] = ()
    gpus: tuple[Gpu, ...]
    driver_version: str = "570.133.20"


class Rack(_Strict):
    name: str
    pdu: str
    cooling_zone: str
    nodes: tuple[Node, ...]


class Cluster(_Strict):
    name: str
    racks: tuple[Rack, ...]

    @model_validator(mode="after")
    def _unique_names(self) -> Cluster:
        # counted in one pass: list.count per host is quadratic (16 s at 12,500 nodes)
        counts = Counter(n.hostname for r in self.racks for n in r.nodes)
        dup = {h for h, n in counts.items() if n > 1}
        if dup:
            raise ValueError(f"duplicate hostnames in cluster {self.name!r}: {sorted(dup)}")
        return self


def gpu_key(hostname: str, index: int) -> str:
    return f"{hostname}/gpu{index}"


class Topology:
    """Flat, index-addressed view of one or more clusters, built once and shared read-only.

    All lookups return numpy index arrays over the flat GPU order so that detectors can
    aggregate per node / rack / job with ``np.bincount``-style operations.
    """

    def __init__(self, clusters: Iterable[Cluster]) -> None:
        self.clusters: tuple[Cluster, ...] = tuple(clusters)
        gpu_keys: list[str] = []
        gpu_node: list[int] = []
        gpu_index: list[int] = []
        gpu_slot: list[int] = []
        gpu_sku: list[str] = []
        gpu_uuid: list[str] = []
        gpu_pci: list[str] = []
        node_keys: list[str] = []
        node_rack: list[int] = []
        node_cluster: list[int] = []
        node_domain: list[str] = []
        rack_keys: list[str] = []
        self.nodes: list[Node] = []
        self.racks: list[Rack] = []
        for ci, cluster in enumerate(self.clusters):
            for rack in cluster.racks:
                ri = len(rack_keys)
                rack_keys.append(rack.name)
                self.racks.append(rack)
                for node in rack.nodes:
                    ni = len(node_keys)
                    node_keys.append(node.hostname)
                    node_rack.append(ri)
                    node_cluster.append(ci)
                    node_domain.append(node.nvlink_domain)
                    self.nodes.append(node)
                    for gpu in node.gpus:
                        gpu_keys.append(gpu_key(node.hostname, gpu.index))
                        gpu_node.append(ni)
                        gpu_index.append(gpu.index)
                        gpu_slot.append(gpu.slot)
                        gpu_sku.append(gpu.sku)
                        gpu_uuid.append(gpu.uuid)
                        gpu_pci.append(gpu.pci_bus_id)
        if len(set(rack_keys)) != len(rack_keys):
            dup = sorted({r for r in rack_keys if rack_keys.count(r) > 1})
            raise ValueError(
                f"duplicate rack names in topology: {dup} (rack names must be "
                "unique across clusters)"
            )
        if len(set(node_keys)) != len(node_keys):
            dup = sorted({h for h in node_keys if node_keys.count(h) > 1})
            raise ValueError(
                f"duplicate hostnames in topology: {dup} (hostnames must be unique across clusters)"
            )
        self.gpu_keys: tuple[str, ...] = tuple(gpu_keys)
        self.node_keys: tuple[str, ...] = tuple(node_keys)
        self.rack_keys: tuple[str, ...] = tuple(rack_keys)
        self.gpu_node: IntArray = np.asarray(gpu_node, dtype=np.intp)
        self.gpu_rack: IntArray = (
            np.asarray(node_rack, dtype=np.intp)[self.gpu_node]
            if gpu_node
            else np.zeros(0, dtype=np.intp)
        )
        self.gpu_local_index: IntArray = np.asarray(gpu_index, dtype=np.intp)
        self.gpu_slot: IntArray = np.asarray(gpu_slot, dtype=np.intp)
        self.gpu_sku: tuple[str, ...] = tuple(gpu_sku)
        self.gpu_uuid: tuple[str, ...] = tuple(gpu_uuid)
        self.gpu_pci_bus_id: tuple[str, ...] = tuple(gpu_pci)
        self.node_rack: IntArray = np.asarray(node_rack, dtype=np.intp)
        self.node_cluster: IntArray = np.asarray(node_cluster, dtype=np.intp)
        self.node_nvlink_domain: tuple[str, ...] = tuple(node_domain)
        self.gpu_pos: dict[str, int] = {k: i for i, k in enumerate(self.gpu_keys)}
        self.node_pos: dict[str, int] = {k: i for i, k in enumerate(self.node_keys)}
        self.rack_pos: dict[str, int] = {k: i for i, k in enumerate(self.rack_keys)}
        self.uuid_pos: dict[str, int] = {u: i for i, u in enumerate(self.gpu_uuid)}

    @property
    def n_gpus(self) -> int:
        return len(self.gpu_keys)

    @property
    def n_nodes(self) -> int:
        return len(self.node_keys)

    @property
    def n_racks(self) -> int:
        return len(self.rack_keys)

    @cached_property
    def node_gpu_count(self) -> IntArray:
        return np.bincount(self.gpu_node, minlength=self.n_nodes).astype(np.intp)

    @cached_property
    def rack_node_count(self) -> IntArray:
        return np.bincount(self.node_rack, minlength=self.n_racks).astype(np.intp)

    @cached_property
    def _gpus_by_node(self) -> list[IntArray]:
        order = np.argsort(self.gpu_node, kind="stable")
        bounds = np.cumsum(self.node_gpu_count)[:-1]
        return list(np.split(order, bounds))

    def gpus_of_node(self, node: int) -> IntArray:
        return self._gpus_by_node[node]

    def only_gpu(self, hostname: str) -> str | None:
        """The node's GPU key when it has exactly one GPU (a workstation, a one-GPU VM): a line
        about "the GPU" that names none names it anyway."""
        n = self.node_pos.get(hostname)
        if n is None:
            return None
        gpus = self.gpus_of_node(n)
        return self.gpu_keys[int(gpus[0])] if len(gpus) == 1 else None

    def nodes_of_rack(self, rack: int) -> IntArray:
        return np.flatnonzero(self.node_rack == rack)

    def gpus_of_rack(self, rack: int) -> IntArray:
        return np.flatnonzero(self.gpu_rack == rack)

    def adjacent_gpus(self, gpu: int) -> IntArray:
        """GPUs in the same chassis whose airflow slot is next to this one."""
        same = self.gpus_of_node(int(self.gpu_node[gpu]))
        out: IntArray = same[np.abs(self.gpu_slot[same] - self.gpu_slot[gpu]) == 1]
        return out

    def sku_of(self, gpu: int) -> Sku:
        return sku(self.gpu_sku[gpu])

    def node_of_gpu_key(self, key: str) -> str:
        return self.node_keys[int(self.gpu_node[self.gpu_pos[key]])]

    def rack_of_node_key(self, key: str) -> str:
        return self.rack_keys[int(self.node_rack[self.node_pos[key]])]

    def gpu_by_index(self, hostname: str, index: int) -> int | None:
        """The GPU that nvidia-smi (and DCGM) numbers ``index`` on ``hostname``: its local
        index, which counts the node's GPUs in PCI bus order. Not a CUDA ordinal, which counts
        the GPUs a job or a container was given."""
        n = self.node_pos.get(hostname)
        if n is None:
            return None
        for g in self.gpus_of_node(n):
            if int(self.gpu_local_index[g]) == index:
                return int(g)
        return None

    def gpus_named_by_pci(self, hostname: str, text: str, *, bare: bool = False) -> set[int]:
        """The GPUs of ``hostname`` that ``text`` names by PCI address ("GPU 0000:e3:00.0",
        "e3:00.0"); ``bare`` also takes an address without its function, as NVRM writes it
        ("PCI 0000:21:00"), where a person's clock time could otherwise pass for one."""
        pattern = _PCI_IN_TEXT_BARE if bare else _PCI_IN_TEXT
        return {
            g for pci in pattern.findall(text) if (g := self.gpu_by_pci(hostname, pci)) is not None
        }

    def gpu_by_pci(self, hostname: str, pci_bus_id: str) -> int | None:
        """Map a kernel-log PCI address (any case, with or without domain) to a GPU."""
        want = normalize_pci_bus_id(pci_bus_id)
        if want is None:
            return None
        return self._pci_index.get((hostname, want))

    @cached_property
    def _pci_index(self) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for g, pci in enumerate(self.gpu_pci_bus_id):
            norm = normalize_pci_bus_id(pci)
            if norm is not None:
                out[(self.node_keys[int(self.gpu_node[g])], norm)] = g
        return out

    def sku_array(self, attr: str) -> npt.NDArray[np.float64]:
        """A per-GPU array of one numeric SKU attribute, e.g. ``sku_array('tdp_w')``."""
        cache: dict[str, float] = {}
        out = np.empty(self.n_gpus, dtype=np.float64)
        for i, name in enumerate(self.gpu_sku):
            if name not in cache:
                cache[name] = float(getattr(sku(name), attr))
            out[i] = cache[name]
        return out


_PCI_RE = re.compile(
    r"^(?:(?P<dom>[0-9A-Fa-f]{1,8}):)?(?P<bus>[0-9A-Fa-f]{1,2}):(?P<dev>[0-9A-Fa-f]{1,2})"
    r"(?:\.(?P<fn>[0-7]))?$"
)


# a PCI address inside text, as people and tools paste it: "GPU e3:00.0", "0000:e3:00.0",
# "00000000:E3:00.0"; _BARE also without the function ("PCI 0000:21:00")
_PCI_IN_TEXT = re.compile(
    r"(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{4,8}:)?[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]\b"
)
_PCI_IN_TEXT_BARE = re.compile(
    r"(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{4,8}:)?[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?(?![0-9A-Fa-f:])"
)


def normalize_pci_bus_id(text: str) -> str | None:
    """``0000:18:00`` / ``0000:18:00.0`` / ``PCI:0000:1b:00`` / ``18:00.0`` → ``00000000:18:00.0``.

    DCGM's form (8-hex-digit domain, upper-case hex, function; ``.0`` when the text omits it, as
    NVRM's Xid lines do). Returns None when the text is not a PCI address. The one PCI
    normaliser of the project: kernel logs, exporters, NVML and the topology all go through it."""
    t = text.strip()
    if t[:4].upper() == "PCI:":
        t = t[4:]
    m = _PCI_RE.match(t)
    if m is None:
        return None
    dom = int(m["dom"] or "0", 16)
    return f"{dom:08X}:{int(m['bus'], 16):02X}:{int(m['dev'], 16):02X}.{m['fn'] or '0'}"


# HGX 8-GPU baseboards: PCI bus ids as seen on common H100 systems (domain 0000).
_HGX_PCI = ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db")


def build_cluster(
    name: str = "sim",
    racks: int = 4,
    nodes_per_rack: int = 5,
    gpus_per_node: int = 8,
    sku_name: str = "H100",
    first_node: int = 1,
    driver_by_rack: Mapping[str, str] | None = None,
) -> Cluster:
    """A regular cluster with deterministic names, UUIDs and PCI ids (for simulation and tests).

    Racks are ``rack-N`` for the default cluster name ``sim`` and ``<name>-rack-N`` otherwise,
    so several generated clusters compose into one :class:`Topology`. ``driver_by_rack`` gives
    the nodes of the named racks another driver version than the default (a partial rollout:
    real fleets upgrade rack by rack, and a driver regression shows only where it landed)."""
    rack_prefix = "rack" if name == "sim" else f"{name}-rack"
    drivers = dict(driver_by_rack or {})
    unknown = sorted(set(drivers) - {f"{rack_prefix}-{r + 1}" for r in range(racks)})
    if unknown:
        raise ValueError(f"driver_by_rack names racks the cluster does not have: {unknown}")
    full = sku(sku_name).name
    rack_list: list[Rack] = []
    n = first_node
    for r in range(racks):
        rack_name = f"{rack_prefix}-{r + 1}"
        nodes: list[Node] = []
        for _ in range(nodes_per_rack):
            host = f"node-{n:02d}"
            gpus = tuple(
                Gpu(
                    index=g,
                    uuid=f"GPU-{n:04x}{g:04x}-0000-4000-8000-{(n * 64 + g):012x}",
                    pci_bus_id=f"00000000:{_HGX_PCI[g % 8].upper()}:00.0",
                    sku=full,
                    slot=g,
                )
                for g in range(gpus_per_node)
            )
            nics = tuple(
                Nic(name=f"mlx5_{i}", ib_leaf=f"{rack_name}-leaf-{i % 2 + 1}", rail=i)
                for i in range(min(gpus_per_node, 8))
            )
            node = Node(hostname=host, nvlink_domain=f"{host}-nvl", nics=nics, gpus=gpus)
            if rack_name in drivers:
                node = node.model_copy(update={"driver_version": drivers[rack_name]})
            nodes.append(node)
            n += 1
        rack_list.append(
            Rack(
                name=rack_name,
                pdu=f"{rack_name}-pdu-a",
                cooling_zone=f"row-{r // 2 + 1}",
                nodes=tuple(nodes),
            )
        )
    return Cluster(name=name, racks=tuple(rack_list))
