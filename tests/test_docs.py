"""The documentation: README.md is a front door, the rest is a site that builds with
``mkdocs build --strict`` (a broken link, a page missing from the nav or a bad anchor fails)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _nav_pages(nav: list[object]) -> set[str]:
    pages: set[str] = set()
    for item in nav:
        for value in item.values() if isinstance(item, dict) else [item]:
            if isinstance(value, list):
                pages |= _nav_pages(value)
            else:
                pages.add(str(value))
    return pages


def test_the_site_builds_strict(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "real-fleet" / "index.html").is_file()


def test_every_page_is_in_the_nav() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)
    nav = _nav_pages(config["nav"])
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert pages == nav


def test_the_readme_is_a_front_door() -> None:
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 300
    for must in ("make demo", "make test", "Pointing it at a real fleet", "gpufleet serve"):
        assert must in text, must
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / link).is_file(), link
