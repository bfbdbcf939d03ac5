"""The layout stays true: no import circle, no arrow against the layers, no simulator in the
real path, no oversized core function. Reads the source with ``ast``; imports nothing it checks.

Layers (README "The layers", docs/architecture.md): each may import only those listed for it.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# Module names here are relative to the ``gpufleet`` namespace ("bus.events" is
# ``gpufleet.bus.events``); the benches sit beside the package, outside it.
ROOT = REPO / "src" / "gpufleet"
NAMESPACE = "gpufleet."
PACKAGES = (
    "bus",
    "telemetry",
    "knowledge",
    "graph",
    "agents",
    "sim",
    "cli",
    "service",
    "evals",
    "bench",
)
CORE = ("bus", "telemetry", "knowledge", "graph", "agents")
# What each layer may import (besides itself). Agents import the layers above them, never one
# another; ``agents.pipeline`` is the one module that runs them side by side.
ALLOWED: dict[str, set[str]] = {
    "bus": set(),
    "telemetry": {"bus"},
    "knowledge": {"bus", "telemetry"},
    "graph": {"bus", "telemetry", "knowledge"},
    "agents.noc": {"bus", "telemetry", "knowledge", "graph"},
    "agents.sre": {"bus", "telemetry", "knowledge", "graph"},
    "agents.perf": {"bus", "telemetry", "knowledge", "graph"},
    "agents.chat": {"bus", "telemetry", "knowledge", "graph"},
    "agents": {"bus", "telemetry", "knowledge", "graph", "agents.noc", "agents.sre", "agents.perf"},
    "sim": {"bus", "telemetry"},
}
MAX_CORE_FUNCTION_LINES = 120


def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for pkg in PACKAGES:
        base = REPO if pkg == "bench" else ROOT
        for path in (base / pkg).rglob("*.py"):
            parts = path.relative_to(base).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            mods[name] = path
    return mods


MODULES = _modules()


def _resolve(target: str) -> str | None:
    target = target.removeprefix(NAMESPACE)
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def _imports(name: str, path: Path) -> Iterator[str]:
    """Project modules ``name`` imports, at any depth of the file (lazy imports count too)."""
    is_pkg = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".") if is_pkg else name.split(".")[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for t in targets:
            mod = _resolve(t)
            if mod is not None and mod != name:
                yield mod


GRAPH: dict[str, set[str]] = defaultdict(set)
for _name, _path in MODULES.items():
    GRAPH[_name].update(_imports(_name, _path))


def layer_of(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "agents" and len(parts) > 1 and f"agents.{parts[1]}" in ALLOWED:
        return f"agents.{parts[1]}"
    return parts[0]


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(MODULES):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(GRAPH[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def test_the_checker_sees_the_project() -> None:
    assert {"bus.events", "telemetry.frame", "agents.sre.graph", "sim.simulator"} <= set(MODULES)
    assert "telemetry.frame" in GRAPH["agents.noc.detector"]


def test_no_import_circle() -> None:
    assert _cycles() == []


def test_nothing_below_the_front_ends_imports_the_service() -> None:
    assert "service.app" in MODULES and "service.intake" in GRAPH["cli.watch"]
    below = [m for m in GRAPH if layer_of(m) in ALLOWED]
    assert [f"{m} -> {d}" for m in below for d in GRAPH[m] if d.startswith("service")] == []


def test_no_arrow_against_the_layers() -> None:
    wrong = [
        f"{src} -> {dst}"
        for src, dsts in sorted(GRAPH.items())
        if (layer := layer_of(src)) in ALLOWED
        for dst in sorted(dsts)
        if (target := layer_of(dst)) != layer and target not in ALLOWED[layer]
    ]
    assert wrong == []


def test_telemetry_holds_no_simulator_code() -> None:
    names = {p.stem for p in (ROOT / "telemetry").glob("*.py")}
    assert not names & {"simulator", "faults", "fault_mix", "nvml_fake"}
    assert not [
        m for m in GRAPH if m.startswith("telemetry") and any(d.startswith("sim") for d in GRAPH[m])
    ]


def test_one_approvals_package() -> None:
    assert (ROOT / "graph" / "approvals" / "__init__.py").is_file()
    stray = {"approval.py", "approvals.py", "policy.py", "breaker.py", "audit.py", "ledger.py"}
    assert not stray & {p.name for p in (ROOT / "graph").glob("*.py")}


def test_every_top_level_folder_says_what_it_owns() -> None:
    for pkg in (
        *CORE,
        "sim",
        "cli",
        "service",
        "evals",
        "agents/noc",
        "agents/sre",
        "agents/perf",
        "agents/chat",
    ):
        doc = ast.get_docstring(ast.parse((ROOT / pkg / "__init__.py").read_text()))
        assert doc, f"{pkg}/__init__.py has no docstring"
        assert "import" in doc.lower(), f"{pkg}/__init__.py does not say what it may import"


@pytest.mark.parametrize("pkg", CORE)
def test_no_oversized_core_function(pkg: str) -> None:
    long = []
    for path in sorted((ROOT / pkg).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_CORE_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    assert long == []


def test_one_import_namespace() -> None:
    """Everything installs under ``gpufleet``: a generic top-level name (``cli``, ``graph``,
    ``service``) collides with other distributions in one environment."""
    assert sorted(p.name for p in (REPO / "src").iterdir() if p.is_dir() and "." not in p.name) == [
        "gpufleet"
    ]
    stray = [p for p in PACKAGES if p != "bench" and (REPO / p).exists()]
    assert stray == [], f"old top-level package folders left at the root: {stray}"
