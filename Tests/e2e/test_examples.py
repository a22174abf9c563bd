"""The README's "Use it from…" snippets (examples/) run against the built server: each starts it
from $FONSTERS_RPC, creates Bob, saves hello.png and prints a description. Python and Node always
run; Neovim and Emacs when installed (skipped with the reason otherwise)."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from conftest import BACKSTOP

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def commands():
    """(name, command, what it needs) for every example."""
    return [
        ("python", [sys.executable, str(EXAMPLES / "fonsters.py")], None),
        ("node", ["node", str(EXAMPLES / "fonsters.mjs")], "node"),
        ("neovim", ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile " + str(EXAMPLES / "fonsters.lua")], "nvim"),
        ("emacs", ["emacs", "--batch", "-Q", "-l", str(EXAMPLES / "fonsters.el")], "emacs"),
    ]


@pytest.mark.parametrize("name,command,needs", commands(), ids=[c[0] for c in commands()])
def test_example_drives_a_session(name, command, needs, fonsters_bin, tmp_path):
    if needs and shutil.which(needs) is None:
        if name in ("python", "node"):
            pytest.fail(f"{needs} is needed for the {name} example")
        pytest.skip(f"{needs} is not installed, so the {name} example cannot run here")
    env = dict(os.environ, FONSTERS_RPC=fonsters_bin)
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=BACKSTOP)
    assert run.returncode == 0, f"{name} example failed:\n{run.stdout}\n{run.stderr}"
    version = subprocess.run([fonsters_bin, "--version"], capture_output=True, text=True).stdout.split()[1]
    lines = run.stdout.splitlines()
    assert lines[0] == f"fonsters-rpc {version}"
    assert lines[1].startswith("Bob: A pixel-art ") and lines[1].endswith("bytes in hello.png)"), lines[1]
    reference = subprocess.run([fonsters_bin, "render", "hello", "--size", "64", "-o", "-"], capture_output=True).stdout
    assert (tmp_path / "hello.png").read_bytes() == reference, "hello.png is the creature the CLI draws"
    assert f"({len(reference)} bytes in hello.png)" in lines[1]


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("fonsters.*")))
def test_example_reads_the_server_path_from_FONSTERS_RPC(path):
    assert "FONSTERS_RPC" in (EXAMPLES / path).read_text(encoding="utf-8")
