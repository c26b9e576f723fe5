"""The command line's ladder pieces, wired into `tutor/cli.py`:

* `sudoku-tutor techniques [--json]`: the ladder, simplest first;
* `sudoku-tutor steps FILE --batch`: one position a line in, one JSON array
  of steps a line out (flushed line by line, so a script can keep one
  process and talk to it);
* `--no-uniqueness` on every command that finds steps, solves, judges,
  quizzes or picks practice: the uniqueness techniques (Unique Rectangle,
  Hidden Rectangle, BUG+1) are left out, as some teachers do not accept them;
* puzzle files read with a size limit (a position is at most
  MAX_POSITION_BYTES; a larger file is read only as a batch of one-line
  puzzles).
"""
from __future__ import annotations

import gc
import json
import os
import sys

from .usage import UsageError

UNIQUENESS_COMMANDS = ("steps", "solve", "check", "quiz", "practice-positions", "techniques")
UNIQUENESS_HELP = ("leave out the uniqueness techniques (Unique Rectangle, Hidden Rectangle, "
                   "BUG+1)")


def uniqueness(args) -> bool:
    """False when the command was given --no-uniqueness."""
    return not getattr(args, "no_uniqueness", False)


def add_ladder_options(sub) -> None:
    """--no-uniqueness on the commands that use the ladder, --batch on
    `steps`, and the `techniques` command."""
    s = sub.add_parser("techniques", help="the ladder of techniques, simplest first")
    s.add_argument("--json", action="store_true",
                   help="a JSON array of {id, name, label, family, family_name, rank, weight, "
                        "aliases, uniqueness}")
    s.set_defaults(func=cmd_techniques)
    for name in UNIQUENESS_COMMANDS:
        sub.choices[name].add_argument("--no-uniqueness", action="store_true", help=UNIQUENESS_HELP)
    sub.choices["steps"].add_argument(
        "--batch", action="store_true",
        help="POSITION is a file (or - for standard input) of positions, one a line: print one "
             "JSON array of steps a line (null for a line that cannot be read)")


# ------------------------------------------------------------------ techniques

def technique_rows(with_uniqueness: bool = True) -> list[dict]:
    from .engine.registry import FAMILIES, ladder
    return [{"id": t.id, "name": t.name, "label": t.short, "family": t.family,
             "family_name": FAMILIES.get(t.family, t.family), "rank": t.rank, "weight": t.score,
             "aliases": list(t.aliases), "uniqueness": t.uniqueness}
            for t in ladder(with_uniqueness)]


def cmd_techniques(args) -> int:
    rows = technique_rows(uniqueness(args))
    if args.json:
        sys.stdout.write(json.dumps(rows) + "\n")
        return 0
    width = {k: max(len(str(r[k])) for r in rows) for k in ("id", "name", "family")}
    for r in rows:
        print(f"{r['id']:<{width['id']}}  {r['name']:<{width['name']}}  "
              f"{r['family']:<{width['family']}}  {r['rank']:>3}  {', '.join(r['aliases'])}".rstrip())
    return 0


# ------------------------------------------------------------------ steps --batch

def _batch_stream(arg: str):
    """The batch's input, read as bytes (each line is decoded on its own)."""
    from .engine.position import PositionError
    if arg == "-":
        return getattr(sys.stdin, "buffer", sys.stdin)
    if os.path.isfile(arg):
        try:
            return open(arg, "rb")
        except OSError as e:
            raise PositionError(f"cannot read {arg}: {e.strerror}") from None
    raise UsageError("--batch reads a file of positions, one a line, or - for standard input")


def _batch_lines(stream):
    """(line number, text) of each line; the text is a PositionError for a
    line longer than a position can be (the rest of it is skipped unread
    into memory) or one that is not UTF-8."""
    from .engine.formats import MAX_POSITION_BYTES, decode_text, size_text
    from .engine.position import PositionError
    n = 0
    while True:
        line = stream.readline(MAX_POSITION_BYTES + 1)
        if not line:
            return
        n += 1
        end = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) > MAX_POSITION_BYTES and not line.endswith(end):
            while line and not line.endswith(end):
                line = stream.readline(MAX_POSITION_BYTES)
            yield n, PositionError(f"longer than a position can be "
                                   f"({size_text(MAX_POSITION_BYTES)} at most)")
            continue
        if isinstance(line, bytes):
            try:
                line = decode_text(line, "the line")
            except PositionError as e:
                line = e
        yield n, line


def steps_batch(args) -> int:
    """One JSON array of steps per position line; an unreadable line gets
    `null` and one line on stderr, and the exit status is 2 at the end."""
    from .engine.formats import parse_position
    from .engine.position import PositionError
    from .engine.registry import find_all, resolve
    from .engine.solve import apply_until_stuck
    from .engine.techniques.common import release_positions
    on = uniqueness(args)
    techniques = args.technique or None
    resolve(techniques)                      # an unknown name: one line, before any reading
    stream = _batch_stream(args.position)
    out = sys.stdout
    status = 0
    read = 0
    _pause_collector()
    try:
        for n, line in _batch_lines(stream):
            if isinstance(line, str) and (not line.strip() or line.lstrip().startswith("#")):
                continue
            read += 1
            pos = steps = answer = None
            try:
                if isinstance(line, PositionError):
                    raise line
                pos = parse_position(line)
                if pos.solution_info()[0] == 0:
                    where = pos.contradiction()
                    raise PositionError("the position has no solution"
                                        + (f" ({where})" if where else ""))
                if args.after:
                    pos = apply_until_stuck(pos, args.after, uniqueness=on)
                steps = find_all(pos, techniques, on)
                answer = [s.to_json() for s in steps]
                out.write(json_line(answer))
            except PositionError as e:
                print(f"sudoku-tutor: line {n}: {e}", file=sys.stderr)
                out.write("null\n")
                status = 2
            out.flush()
            # The answer is out: tidy up now, while the caller reads it,
            # rather than in the next line's time (freeing one position's
            # steps, answer and shared structures takes about 1.5 ms).
            pos = steps = answer = None
            release_positions()
            if n % COLLECT_EVERY == 0:
                gc.collect()
    finally:
        gc.unfreeze()           # as it was, for a caller in the same process (the tests)
        gc.enable()
        if args.position != "-":
            stream.close()
    if not read:
        raise PositionError("no position given: the input is empty")
    return status


COLLECT_EVERY = 64     # batch lines between two runs of the cyclic collector


def json_line(obj) -> str:
    """obj as one line of compact JSON.  orjson writes the ~190 steps of a
    position (about 180 kB) in a sixth of the time the standard library's
    encoder takes (0.5 ms against 2.9)."""
    import orjson
    return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_APPEND_NEWLINE).decode()


def _pause_collector() -> None:
    """A batch builds and drops hundreds of thousands of containers a
    position (about 190 steps with their chains and texts, and the
    structures behind them), and CPython's cyclic collector, run every few
    hundred allocations, would scan the survivors again and again: about
    7 ms of a position's 40.  Reference counting frees all of it, since the
    engine leaves no reference cycles behind (its recursive helpers drop
    themselves; tests/engine/test_no_cycles.py).  So the batch freezes what
    the imports built and runs the collector itself, every COLLECT_EVERY
    lines, for any cycle from elsewhere."""
    gc.collect()
    gc.freeze()
    gc.disable()


# ------------------------------------------------------------------ puzzle files

def read_puzzle_file(path: str) -> str:
    """A puzzle file's text.  Past MAX_POSITION_BYTES it must be a batch (one
    short puzzle a line, judged from its start), else it is refused unread."""
    from .engine.formats import MAX_POSITION_BYTES, too_large
    from .engine.formats import decode_text
    from .engine.position import PositionError
    try:
        size = os.path.getsize(path)
        if size > MAX_POSITION_BYTES:
            with open(path, encoding="utf-8", errors="replace") as f:
                head = f.read(65536).splitlines()[:-1]       # whole lines only
            if not (len(head) > 1 and all(len(ln) < 1024 and "|" not in ln for ln in head)):
                raise too_large(path, size)
        with open(path, "rb") as f:
            return decode_text(f.read(), path)
    except OSError as e:
        raise PositionError(f"cannot read {path}: {e.strerror}") from None


def no_input(texts: list[str]) -> bool:
    """Whether what was read holds no position at all (an empty file or
    standard input, a blank argument)."""
    return not any(t.strip() for t in texts)
