"""Keeping the app process small once it has started (one process runs per
SSH student, so every MB counts forty times).

What grows, measured with `python -m tutor.cli app` in a PTY (see
benchmarks/bench_app.py, --memory):

* Textual keeps small caches on every line it draws (`Strip`), and many of
  them refer back to their own strip, so each frame leaves reference cycles
  that only Python's cyclic garbage collector frees.  With the default
  thresholds a full collection comes only every 100 gen-0 runs, and the
  cycles of dozens of cursor moves (several MB) pile up first; the memory
  they held stays with the process afterwards (about +5 MB at 120x40).
* Start-up leaves freed memory scattered over the C heap.

`settle()` runs once, after the first frame and the start-up work (the
rating): it collects, freezes what survived (the modules, the widgets of the
main screen: later collections no longer walk through them), lowers the
thresholds so that cycles are freed after a few frames (a full collection
then takes 2-3 ms, about every fifth cursor move), and hands free heap
memory back to the system (glibc's malloc_trim, where there is one).
Objects made at start-up that are thrown away later in a cycle are never
collected after the freeze; they are few (a placeholder widget or two).

Only `run_app()` (a real terminal, one app per process) asks for this; the
tests, which run many apps in one process, do not.
"""
from __future__ import annotations

import gc

# after settle(): gen-0 every 700 net allocations, gen-1 every 5 of those, and
# a full collection with every gen-1 one (cheap once start-up is frozen)
THRESHOLDS = (700, 5, 1)


def malloc_trim() -> bool:
    """Give free C-heap memory back to the system (glibc only)."""
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.malloc_trim(0))
    except (OSError, AttributeError, ImportError):
        return False


def settle() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    malloc_trim()


def rss_mb(pid: int | str = "self") -> float | None:
    """Resident memory of a process in MB (Linux), for reports and benchmarks."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None
