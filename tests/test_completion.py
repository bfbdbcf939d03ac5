"""``gpufleet completion``: the scripts are generated from the argument tree and actually complete
in a real bash (the script is sourced and its function called as bash's completion would)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpufleet.cli.completion import commands

ROOT = Path(__file__).resolve().parents[1]


def _script(shell: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "gpufleet", "completion", shell],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return proc.stdout


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("completion") / "gpufleet.bash"
    path.write_text(_script("bash"))
    return path


def complete(script: Path, *words: str) -> list[list[str]]:
    """What bash's completion offers for each line: ``words`` are lines separated by ``|``."""
    lines = " ".join(words).split("|")
    calls = "\n".join(
        f"COMP_WORDS=({line.strip()}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); "
        '_gpufleet; echo "${COMPREPLY[*]}"'
        for line in lines
    )
    proc = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", f"source {script}\n{calls}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert proc.returncode == 0 and not proc.stderr, proc.stderr
    return [ln.split() for ln in proc.stdout.splitlines()]


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
def test_bash_completes_commands_options_and_choices(bash_script: Path) -> None:
    cases = {
        "gpufleet de": ["demo"],
        "gpufleet kb se": ["search"],
        "gpufleet demo --s": ["--seed", "--state-dir"],
        "gpufleet --log-level ''": ["debug", "info", "warning", "error"],
        # an option's value is skipped when finding the command
        "gpufleet --log-level debug kb s": ["search", "show"],
        "gpufleet kb search --scope ''": ["gpu", "chassis", "node", "job", "rack", "cluster"],
        "gpufleet kb search --scope gpu --la": ["--layer"],
        "gpufleet completion ''": ["bash", "zsh", "fish"],
        "gpufleet settle ID --outcome ''": ["done", "not-done", "retry"],
        "gpufleet simulate --duration 1h --fa": ["--fault"],
    }
    got = complete(bash_script, "|".join(cases))
    assert dict(zip(cases, got, strict=True)) == cases
    assert "complete -o filenames -F _gpufleet gpufleet" in bash_script.read_text()


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
def test_every_command_path_completes_its_subcommands_and_options(bash_script: Path) -> None:
    tree = commands()
    lines = []
    for c in tree:
        lines.append(f"{c.path} ''")
        lines.append(f"{c.path} -")
    got = complete(bash_script, "|".join(lines))
    for i, c in enumerate(tree):
        subs, opts = got[2 * i], got[2 * i + 1]
        if c.subcommands:
            assert subs == c.subcommands, c.path
        assert sorted(opts) == sorted(c.options), c.path
    assert len(tree) > 30  # every leaf, e.g. "gpufleet kb search", "gpufleet export rules"
    assert {"gpufleet kb search", "gpufleet export rules", "gpufleet completion"} <= {
        c.path for c in tree
    }


def test_zsh_and_fish_scripts_cover_the_tree() -> None:
    zsh, fish = _script("zsh"), _script("fish")
    assert zsh.startswith("#compdef gpufleet") and "bashcompinit" in zsh and "_gpufleet()" in zsh
    for c in commands()[1:]:
        assert f"'__gpufleet_at {c.path}'" in fish, c.path
    assert "complete -c gpufleet -n '__gpufleet_at gpufleet kb search' -l scope -x -a" in fish
    for shell, text, check in (("zsh", zsh, ["-n"]), ("fish", fish, ["--no-execute"])):
        binary = shutil.which(shell)
        if binary is not None:  # a syntax check where the shell is installed
            proc = subprocess.run(
                [binary, *check], input=text, capture_output=True, text=True, check=False
            )
            assert proc.returncode == 0, proc.stderr


def test_an_unknown_shell_is_a_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "gpufleet", "completion", "tcsh"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2 and "invalid choice: 'tcsh'" in proc.stderr
