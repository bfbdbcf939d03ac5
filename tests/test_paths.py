"""Where gpufleet writes: the user's state and cache directories when installed, ``.gpufleet``
in a source checkout, and never the package's own folders (the bundled suite's included)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gpufleet import paths
from gpufleet.agents.sre.config import SreConfig
from gpufleet.evals.runner import SUITE_DIR, run_suite
from gpufleet.graph.models.bundled import default_cache_dir
from gpufleet.knowledge.index import default_index_dir
from gpufleet.service.config import ServeConfig

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process behaves as a wheel install (no checkout around the package), with its XDG
    directories in ``tmp_path``."""
    monkeypatch.setattr(paths, "_CHECKOUT", tmp_path / "site-packages-parent")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GPUFLEET_KB_INDEX", raising=False)
    monkeypatch.delenv("GPUFLEET_MODEL_CACHE", raising=False)
    return tmp_path


def test_a_checkout_keeps_dot_gpufleet() -> None:
    assert paths.source_checkout() == ROOT
    assert paths.state_dir() == Path(".gpufleet/state")
    assert paths.state_dir("serve") == Path(".gpufleet/serve")
    assert paths.eval_data_dir() == ROOT / ".gpufleet" / "eval-data"


def test_installed_state_and_caches_go_to_the_xdg_directories(installed: Path) -> None:
    assert paths.source_checkout() is None
    assert SreConfig().state_dir == installed / "state" / "gpufleet" / "state"
    assert ServeConfig().state_dir == installed / "state" / "gpufleet" / "serve"
    assert default_index_dir() == installed / "cache" / "gpufleet" / "kb-index"
    assert default_cache_dir() == installed / "cache" / "gpufleet" / "models"
    assert paths.eval_data_dir() == installed / "cache" / "gpufleet" / "eval-data"


def test_xdg_defaults_and_relative_values(installed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(installed / "home"))
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # invalid per XDG: ignored
    assert paths.state_home() == installed / "home" / ".local" / "state" / "gpufleet"
    assert paths.cache_home() == installed / "home" / ".cache" / "gpufleet"


def test_eval_writes_generated_data_to_the_cache_not_beside_the_suite(
    installed: Path, tmp_path: Path
) -> None:
    # Old code: SUITE/.cache, i.e. inside site-packages for the bundled suite (1.2 GB).
    suite = tmp_path / "suite"
    shutil.copytree(SUITE_DIR / "dbe-1", suite / "dbe-1", ignore=shutil.ignore_patterns(".cache"))
    before = sorted(p.relative_to(suite) for p in suite.rglob("*"))
    result = run_suite(suite, layers={"NOC"}, baselines=False)
    assert not result.failed, result.failed
    assert sorted(p.relative_to(suite) for p in suite.rglob("*")) == before
    made = list((installed / "cache" / "gpufleet" / "eval-data").glob("dbe-1-*/metrics.jsonl"))
    assert len(made) == 1 and made[0].stat().st_size > 0
