"""Let the kernel share the pages that the students' apps hold alike (KSM).

Every student's app is forked from the warm parent (warm_parent.py), but on
CPython 3.11 a fork stays shared only until it is read: every object the app
touches has its reference count written, so starting the app copies about
20 MB of the parent's pages, and a student's app holds about 22 MB of its
own (issue 28; docs/benchmarks.md).  Most of those copies are the same in
every student's app: the same modules, touched the same way.

Linux's samepage merging (KSM) finds such identical pages and keeps one
copy of each, copy-on-write.  It works only on memory a process has marked
mergeable; `enable()` marks the whole process, and its forks inherit the
mark (prctl PR_SET_MEMORY_MERGE, Linux 6.4 and later, no privilege needed).
Whether the kernel merges at all is the host's choice
(/sys/kernel/mm/ksm/run, set by root; docs/teacher.md): where it is off, the
mark costs nothing.
"""
from __future__ import annotations

import os
from pathlib import Path

from .child import prctl

PR_SET_MEMORY_MERGE = 67
PR_GET_MEMORY_MERGE = 68
KSM_RUN = Path("/sys/kernel/mm/ksm/run")


def enable() -> bool:
    """Mark this process's memory (and its future forks') mergeable; False
    where the kernel cannot (before Linux 6.4, or not Linux)."""
    return prctl(PR_SET_MEMORY_MERGE, 1) == 0


def enabled() -> bool:
    """Whether this process's memory is marked mergeable."""
    return prctl(PR_GET_MEMORY_MERGE) == 1


def host_merges(run_file: Path = KSM_RUN) -> bool | None:
    """Whether the host's kernel merges pages now: True, False, or None
    where it has no KSM."""
    try:
        return run_file.read_text().strip() == "1"
    except OSError:
        return None


def state(marked: bool, run_file: Path = KSM_RUN) -> str:
    """One line for the server's log: what page merging does for the class."""
    if not marked:
        return "page merging: off (this kernel cannot mark a process mergeable)"
    merges = host_merges(run_file)
    if merges:
        return "page merging: on (the host runs KSM)"
    if merges is None:
        return "page merging: off (this kernel has no KSM)"
    return (f"page merging: off, the host does not run KSM ({run_file} is 0; as root, "
            f"`echo 1 > {run_file}` lets the students' apps share their identical pages, "
            f"docs/teacher.md)")


def disabled_by(env=os.environ) -> bool:
    """The server's --no-page-merging, passed to the warm parent."""
    return env.get("SUDOKU_TUTOR_PAGE_MERGING") == "0"
