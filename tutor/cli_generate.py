"""`sudoku-tutor generate`: fresh puzzles from the generator (tutor/generate/),
wired into `tutor/cli.py`.

    sudoku-tutor generate [--technique ID] [--count N] [--seed N] [--symmetry S] [--json]

Each puzzle has one solution and comes with its score, hardest technique
and (with --json) its solution path; with --technique, only puzzles whose
logic solve meets that technique as the simplest step with everything
before it simpler, and the position there (the practice position); for one
technique the run is guided (tutor/generate/run.py: the neighbours of
puzzles that reach it), and a practice position is printed
once.  One
line (text or JSON) a puzzle, written as soon as it is made, so Ctrl+C
keeps what was made (exit status 130).  A progress bar goes to the
terminal, and only to a terminal.
"""
from __future__ import annotations

import random
import signal
import sys
import time
from contextlib import contextmanager

from .usage import UsageError


class ProgressBar:
    """One line on stderr, redrawn at most ten times a second; nothing
    when stderr is not a terminal."""

    WIDTH = 24

    def __init__(self, total: int, stream=None):
        self.stream = stream or sys.stderr
        self.on = self.stream.isatty()
        self.total = total
        self.t0 = time.perf_counter()
        self.last = 0.0

    def show(self, kept: int, tried: int, force: bool = False) -> None:
        now = time.perf_counter()
        if not self.on or (not force and now - self.last < 0.1):
            return
        self.last = now
        full = int(self.WIDTH * kept / self.total) if self.total else 0
        rate = tried / max(now - self.t0, 1e-9)
        self.stream.write(f"\r[{'#' * full}{'.' * (self.WIDTH - full)}] {kept}/{self.total} kept, "
                          f"{tried} puzzles made, {rate:.0f}/s ")
        self.stream.flush()

    def close(self) -> None:
        if self.on:
            self.stream.write("\r\033[K")
            self.stream.flush()


@contextmanager
def _interrupt_after():
    """A Ctrl+C during the block takes effect at its end, so a line is
    written whole and counted, or not at all."""
    caught = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _record(made, rated, practice, with_path: bool) -> dict:
    out = {"index": made.index, "neighbour": made.neighbour, "puzzle": made.givens, "score": rated.score,
           "hardest": rated.hardest, "steps": len(rated.steps)}
    if with_path:
        out["path"] = [s.text for s in rated.steps]
    if practice is not None:
        out["practice"] = {"technique": practice.technique, "position": str(practice.position),
                           "instances": practice.instances, "filled": round(practice.filled, 3)}
    return out


def _text(record: dict) -> str:
    line = f"{record['puzzle']}\t{record['score']}\t{record['hardest']}\t{record['steps']}"
    if "practice" in record:
        line += f"\t{record['practice']['position']}"
    return line


def cmd_generate(args) -> int:
    from .cli_ladder import json_line
    from .engine.registry import resolve
    from .generate.grids import SYMMETRIES
    from .generate.run import run
    if args.count < 1:
        raise UsageError(f"--count must be at least 1, not {args.count}")
    if args.symmetry not in SYMMETRIES:
        raise UsageError(f"unknown symmetry '{args.symmetry}' (known: {', '.join(SYMMETRIES)})")
    wanted = [t.id for t in resolve(args.technique)] if args.technique else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10 ** 9)
    if args.seed is None:
        print(f"sudoku-tutor: seed {seed} (give --seed {seed} to make these again)", file=sys.stderr)
    guide = wanted[0] if wanted and len(wanted) == 1 else None
    bar = ProgressBar(args.count)
    kept = tried = 0
    shown = set()                # practice positions printed (neighbours may meet one again)
    try:
        for made in run(seed, args.symmetry, wanted, guide=guide):
            tried += 1
            fresh = [f for f in made.found if f.position.key() not in shown]
            if wanted and not fresh:
                bar.show(kept, tried)
                continue
            if fresh:
                shown.add(fresh[0].position.key())
            record = _record(made, made.rate(), fresh[0] if wanted else None, args.json)
            bar.close()
            with _interrupt_after():
                sys.stdout.write(json_line(record) if args.json else _text(record) + "\n")
                sys.stdout.flush()
                kept += 1
            bar.show(kept, tried, force=True)
            if kept >= args.count:
                break
    except KeyboardInterrupt:
        bar.close()
        print(f"sudoku-tutor: interrupted: {kept} puzzles kept of {tried} made", file=sys.stderr)
        return 130
    bar.close()
    return 0


def add_generate_command(sub) -> None:
    s = sub.add_parser("generate", help="make new puzzles with one solution, rated; with "
                                        "--technique, practice positions for it")
    s.add_argument("--technique", "-t", action="append", metavar="ID",
                   help="keep only puzzles whose logic solve meets this technique (id or family; "
                        "repeatable) as the simplest step, everything before it simpler; prints "
                        "the position there")
    s.add_argument("--count", "-n", type=int, default=1, help="puzzles to print (default 1)")
    s.add_argument("--seed", type=int, default=None,
                   help="the same seed makes the same puzzles (default: a random seed, printed)")
    s.add_argument("--symmetry", default="none", metavar="S",
                   help="clue symmetry: none (default), rotational, mirror, diagonal, dihedral")
    s.add_argument("--json", action="store_true",
                   help="one JSON object a puzzle: index, neighbour, puzzle, score, hardest, steps, path "
                        "(the step texts), practice {technique, position, instances, filled}")
    s.set_defaults(func=cmd_generate)
