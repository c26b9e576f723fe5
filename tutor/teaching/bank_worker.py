"""The bank worker: a process that keeps the practice bank topped up while
the app or the class server runs.

    python -m tutor.teaching.bank_worker --db PATH_OR_URL [--low N] [--budget S]

It runs at a low priority (nice 10), in its own process, so the app never
waits for it: the app reads the bank, the worker writes it.  At start it
puts the shipped seed in the bank; then, the emptiest rung first, it runs
the generator guided toward each rung below the low-water mark (`--low`
positions) for up to `--budget` CPU seconds a turn.  A rung that gains
nothing in a turn is left for this session, and topped up with labelled
variants of its real positions instead.  The worker ends when no rung is
left to do, or when the process that started it has gone.

`start(location)` starts one for a store (the app and the class server
call it, unless `wanted()` says no); `stop(process)` ends it.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time

from ..engine.registry import ladder
from ..store import Store, bank
from .practice_bank import LOW_WATER, add_variants, seed, top_up

BUDGET = 60.0            # CPU seconds a turn of the generator may take for one rung
SWITCH = "SUDOKU_TUTOR_BANK_WORKER"


def wanted() -> bool:
    """Whether the app and `serve` start a worker: yes, unless
    $SUDOKU_TUTOR_BANK_WORKER is `off` (a slow machine, a laptop on its
    battery, the test suite: practice then draws on what the bank holds)."""
    return os.environ.get(SWITCH, "on").strip().lower() not in ("off", "0", "no", "false")


def fill(store, low: int = LOW_WATER, budget: float = BUDGET,
         run_seed: str | None = None) -> dict[str, int]:
    """Seed the bank, then top up every rung below `low`; returns the real
    positions each rung has at the end."""
    for t in ladder():
        if not bank.counts(store, bank.KINDS).get(t.id):
            seed(store, t.id)
    left = {t.id for t in ladder()}
    turn = 0
    while True:
        have = bank.counts(store)
        short = [t.id for t in ladder() if t.id in left and have.get(t.id, 0) < low]
        if not short:
            break
        rung = min(short, key=lambda t: have.get(t, 0))
        turn += 1
        if not top_up(store, rung, budget, run_seed and f"{run_seed}:{turn}", low):
            left.discard(rung)
            real = bank.counts(store).get(rung, 0)
            variants = bank.counts(store, ["variant"]).get(rung, 0)
            add_variants(store, rung, low - real - variants, f"worker:{turn}")
    return bank.counts(store)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutor.teaching.bank_worker")
    ap.add_argument("--db", required=True, metavar="PATH_OR_URL", help="the progress store")
    ap.add_argument("--low", type=int, default=LOW_WATER, help="positions per rung to keep")
    ap.add_argument("--budget", type=float, default=BUDGET, help="CPU seconds a turn for one rung")
    ap.add_argument("--seed", default=None, help="seed the generator runs (default: random)")
    ap.add_argument("--parent", type=int, default=0,
                    help="the pid of the process that started it (it ends when that one does)")
    args = ap.parse_args(argv)
    try:
        os.nice(10)
    except OSError:
        pass
    # the starter says who it is: a starter killed while this process was
    # still importing would otherwise leave it watching init
    parent = args.parent or os.getppid()
    if os.getppid() != parent:
        return 0
    _exit_with(parent)
    store = Store.open(args.db)
    try:
        fill(store, args.low, args.budget, args.seed)     # _exit_with ends it early
    finally:
        store.close()
    return 0


def _exit_with(parent: int, every: float = 0.5) -> None:
    """End this process as soon as `parent` is gone (killed with -9, say),
    not at the end of a generator turn that may run a minute or more: a
    watch thread looks every `every` seconds.  The store's writes are
    transactions, so ending in the middle of one loses only that one."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def start(location: str, *extra: str, password: str | None = None) -> subprocess.Popen | None:
    """A worker for the store at `location` (None for a store in memory);
    `password`: a PostgreSQL password the URL leaves out."""
    if not location or location == ":memory:":
        return None
    env = dict(os.environ, SUDOKU_TUTOR_DB_PASSWORD=password) if password else None
    return subprocess.Popen([sys.executable, "-m", "tutor.teaching.bank_worker", "--db", location,
                             "--parent", str(os.getpid()), *extra],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True, env=env)


def stop(process: subprocess.Popen | None) -> None:
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    sys.exit(main())
