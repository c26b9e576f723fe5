"""Page merging (page_merging.py): the students' apps marked mergeable for
the kernel's samepage merging, and the server's log line saying whether the
host merges."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.classroom import page_merging

ROOT = Path(__file__).resolve().parents[2]


def mergeable_areas(pid: int | str = "self") -> int:
    """How many of a process's memory areas the kernel may merge (`mg` in smaps)."""
    with open(f"/proc/{pid}/smaps") as f:
        return sum(1 for line in f if line.startswith("VmFlags:") and " mg" in line)


def kernel_can_mark() -> bool:
    """Whether this kernel has PR_SET_MEMORY_MERGE (asked in a process of its own)."""
    probe = "from tutor.classroom import page_merging; print(page_merging.enable())"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() == "True"


def test_a_marked_process_and_its_forks_are_mergeable():
    if not kernel_can_mark():
        pytest.skip("this kernel cannot mark a process mergeable (Linux 6.4 and later can)")
    program = """
import os, sys
from tutor.classroom import page_merging
sys.path.insert(0, "tests/classroom")
from test_page_merging import mergeable_areas
before = mergeable_areas()
assert page_merging.enable()
pid = os.fork()
if pid == 0:
    print(page_merging.enabled(), mergeable_areas() > 0, flush=True)
    os._exit(0)
os.waitpid(pid, 0)
print(before, page_merging.enabled())
"""
    out = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "True True"           # the fork inherits the mark, on its memory areas
    assert out[1] == "0 True"              # nothing was mergeable before enable()


def test_the_log_line_says_whether_the_host_merges(tmp_path):
    run = tmp_path / "run"
    run.write_text("1\n")
    assert page_merging.state(True, run) == "page merging: on (the host runs KSM)"
    run.write_text("0\n")
    off = page_merging.state(True, run)
    assert off.startswith("page merging: off, the host does not run KSM") and f"echo 1 > {run}" in off
    assert page_merging.state(True, tmp_path / "missing") == "page merging: off (this kernel has no KSM)"
    assert "cannot mark" in page_merging.state(False, run)
