"""The `sudoku-tutor` command line.

Every user-facing failure is one line on stderr and exit status 2; no
traceback reaches the user.
"""
from __future__ import annotations

import argparse
import sys

from . import __version__
from .cli_ladder import add_ladder_options, no_input, read_puzzle_file, steps_batch, uniqueness
from .usage import OneLineParser, UsageError, one_line


def _position(arg: str):
    from .engine.formats import read_position_arg
    return read_position_arg(arg)


def _after(pos, after, unique: bool = True):
    if not after:
        return pos
    from .engine.solve import apply_until_stuck
    return apply_until_stuck(pos, after, uniqueness=unique)


def _emit_json(obj) -> None:
    from .cli_ladder import json_line
    sys.stdout.write(json_line(obj))


# ------------------------------------------------------------------ commands

def _require_solvable(pos, unique: bool = False) -> None:
    """Technique search needs a position with a solution; several are fine
    (the learner is told), none is an error that says where it breaks.
    With `unique` (logic solve), several solutions are an error too."""
    from .engine.position import PositionError
    count, _ = pos.solution_info()
    if count == 0:
        where = pos.contradiction()
        raise PositionError(f"the position has no solution ({where})" if where
                            else "the position has no solution")
    if count > 1:
        if unique:
            raise PositionError("the puzzle has several solutions")
        print("sudoku-tutor: note: the puzzle has several solutions", file=sys.stderr)


def cmd_steps(args) -> int:
    if args.batch:
        return steps_batch(args)
    from .engine.registry import find_all
    pos = _position(args.position)
    _require_solvable(pos)
    pos = _after(pos, args.after, uniqueness(args))
    steps = find_all(pos, args.technique or None, uniqueness(args))
    if args.json:
        _emit_json([s.to_json() for s in steps])
    else:
        from .engine.names import leans_on, step_line
        if not steps:
            print("no steps found")
        # a pattern that stands only on a pending single comes last, marked
        for s in sorted(steps, key=lambda s: bool(leans_on(s))):
            print(step_line(s))
    return 0


def _puzzle_lines(arg: str):
    """The puzzles to solve; an empty input is an error (one line)."""
    texts = _puzzle_texts(arg)
    if no_input(texts):
        from .engine.position import PositionError
        raise PositionError("no position given: the input is empty")
    return texts


def _puzzle_texts(arg: str):
    """A file of one puzzle a line is a batch; anything else is one position."""
    import os
    if arg != "-" and len(arg) < 4096 and os.path.isfile(arg):
        text = read_puzzle_file(arg)
        lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
        if len(lines) > 1 and all("|" not in ln for ln in lines) and not _is_grid(lines):
            return lines
        from .engine.formats import without_comments
        return [without_comments(text)]
    if arg == "-":
        from .engine.formats import read_limited
        from .engine.formats import without_comments
        return [without_comments(read_limited(sys.stdin, "the standard input"))]
    if "/" in arg or arg.endswith(".txt"):
        from .engine.position import PositionError
        raise PositionError(f"cannot read {arg}: no such file")
    return [arg]


def _is_grid(lines) -> bool:
    """Nine lines of nine cells are one puzzle written as a grid."""
    return len(lines) == 9 and all(len(ln.replace(" ", "")) == 9 for ln in lines)


def cmd_solve(args) -> int:
    """One puzzle: its status, score, hardest technique and path (text), or
    one JSON object.  A batch: one line a puzzle (text or JSON).  A puzzle
    that is unreadable, or has no or several solutions, is bad input: exit 2,
    one line on stderr (and its own line of the output in a batch or JSON)."""
    from .engine.formats import PositionError, parse_position
    from .engine.solve import logic_solve
    texts = _puzzle_lines(args.position)
    batch = len(texts) > 1
    status = 0
    for number, text in enumerate(texts, 1):
        puzzle = text.strip().split()[0] if "\n" not in text.strip() and "{" not in text else text.strip()
        try:
            pos = parse_position(text)
            _require_solvable(pos, unique=True)
        except PositionError as e:
            if not (batch or args.json):
                raise
            # bad input says so on standard error, whatever standard output carries
            print(f"sudoku-tutor: {f'puzzle {number}: ' if batch else ''}{one_line(str(e))}",
                  file=sys.stderr)
            if args.json:
                _emit_json({"puzzle": puzzle, "status": "invalid", "error": str(e)})
            else:
                print(f"{puzzle[:81]}: invalid: {e}")
            status = 2
            continue
        result = logic_solve(pos, args.technique or None, uniqueness=uniqueness(args))
        if args.json:
            obj = {"puzzle": puzzle}
            obj.update(result.to_json(with_steps=not args.no_steps))
            _emit_json(obj)
        elif batch:
            print(f"{puzzle[:81]}: {_solve_summary(result)}")
        else:
            _print_solve(result, path=not args.no_steps)
    return status


def _solve_summary(result) -> str:
    """'solved, score 1290, hardest Naked Subset (LockedSet), 50 steps'."""
    from .engine.registry import technique_name
    from .engine.registry import counted
    hardest = technique_name(result.hardest) if result.hardest else "none"
    text = f"{result.status}, score {result.score}, hardest {hardest}, {counted(len(result.steps), 'step')}"
    return text + (f" ({result.problem})" if result.problem else "")


def _print_solve(result, path: bool = True) -> None:
    from .engine.registry import technique_name
    from .engine.formats import to_pm
    print(f"status: {result.status}" + (f" ({result.problem})" if result.problem else ""))
    hardest = technique_name(result.hardest) if result.hardest else "none"
    print(f"score: {result.score} (hardest: {hardest})")
    counts = sorted(result.counts.items(), key=lambda kv: (-kv[1], kv[0]))
    print(f"steps: {len(result.steps)}"
          + (" (" + ", ".join(f"{n} {tid}" for tid, n in counts) + ")" if counts else ""))
    if path:
        width = len(str(len(result.steps)))
        for k, step in enumerate(result.steps, 1):
            print(f"{k:>{width}}. {step.text}")
    print(to_pm(result.position))


def cmd_position(args) -> int:
    from .engine.formats import format_position
    pos = _after(_position(args.position), args.after)
    print(format_position(pos, args.format))
    return 0


# `check` exit status per verdict (docs/cli.md)
CHECK_STATUS = {"proved": 0, "proved-other": 0, "true-unproved": 1, "false": 1, "invalid": 2}


def cmd_check(args) -> int:
    """Judge a claimed elimination/placement.  Exit status: 0 proved (by the
    named technique or another), 1 not proved (false, or true but unproved),
    2 bad input (an unreadable position, an invalid claim: malformed, an
    unknown technique, a solved cell, a position with several solutions)."""
    from .engine.judge import Verdict, judge, read_request
    on = uniqueness(args)
    pos = _position(args.position)
    # the claim, the names and the candidates first: --after may be seconds of work
    verdict = read_request(pos, args.claim, args.by, args.pattern, on)
    if not isinstance(verdict, Verdict):
        pos = _after(pos, args.after, on)
        verdict = judge(pos, args.claim, by=args.by, pattern=args.pattern, uniqueness=on)
    code = CHECK_STATUS.get(verdict.kind, 2)
    if verdict.kind == "invalid":
        print(f"sudoku-tutor: invalid: {one_line(verdict.message)}", file=sys.stderr)
    if args.json:
        _emit_json(verdict.to_json())
    elif verdict.kind != "invalid":
        print(f"{verdict.kind}: {verdict.message}")
        for step in verdict.steps:
            print(f"  {step.text}")
    return code


def cmd_quiz(args) -> int:
    from .teaching.quiz import check_target
    check_target(args.technique, args.kind, uniqueness(args))   # one line for an unknown kind or technique
    from .app import run_app
    session = {} if uniqueness(args) else {"uniqueness": False}      # for this session only
    return run_app(start_screen="quiz", start_args={
        "target": args.technique, "kind": args.kind, "seed": args.seed}, **session) or 0


def cmd_practice_positions(args) -> int:
    from .teaching.practice import practice_positions
    if args.count < 1:
        raise UsageError(f"--count must be at least 1, not {args.count}")
    found = practice_positions(args.technique, args.count, args.seed, uniqueness(args))
    for p in found:
        print(p.braces)
    if len(found) < args.count:
        print(f"sudoku-tutor: only {len(found)} practice positions exist for {args.technique}",
              file=sys.stderr)
    return 0


def cmd_app(args) -> int:
    from .app import run_app
    from .store import StoreError
    options = {}
    if getattr(args, "user", None):
        options["user"] = args.user
    if getattr(args, "db", None):
        options["store_path"] = args.db
    if getattr(args, "layout", None):
        options["layout"] = args.layout
    try:
        return run_app(puzzle=getattr(args, "puzzle", None), **options) or 0
    except StoreError as e:
        raise UsageError(str(e)) from None


# ------------------------------------------------------------------ parser

class _QuizHelp(argparse.HelpFormatter):
    """The `quiz` help lists the registered quiz kinds (read only when the
    help is shown: the registry costs a third of a second to load)."""

    def _get_help_string(self, action):
        if action.dest != "kind":
            return super()._get_help_string(action)
        from .teaching.quiz import kind_ids
        ids = kind_ids()
        return f"{action.help}: {ids[0]} (the default), {', '.join(ids[1:])}"


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="sudoku-tutor",
        description="A terminal tutor for the human techniques of Sudoku solving. "
                    "With no command (or with a puzzle) it starts the app.",
    )
    p.add_argument("--version", action="version", version=f"sudoku-tutor {__version__}")
    sub = p.add_subparsers(dest="command")

    s = sub.add_parser("steps", help="every instance of the named techniques in a position")
    s.add_argument("position", help="81-char puzzle, brace grid, PM grid, a file, or - for stdin")
    s.add_argument("--technique", "-t", action="append", metavar="ID",
                   help="technique id or family (repeatable; default: all)")
    s.add_argument("--after", metavar="ID[,ID...]", action="append",
                   help="first apply these techniques until none applies")
    s.add_argument("--json", action="store_true", help="print a JSON array of steps")
    s.set_defaults(func=cmd_steps)

    s = sub.add_parser("solve", help="solve by logic: the path, one step a line, its score and "
                                     "hardest technique")
    s.add_argument("position", help="a position, a file (one puzzle a line: a batch, one line "
                                    "a puzzle), or -")
    s.add_argument("--technique", "-t", action="append", metavar="ID",
                   help="restrict the ladder to these techniques")
    s.add_argument("--json", action="store_true", help="one JSON object a puzzle, one a line")
    s.add_argument("--no-steps", action="store_true",
                   help="leave the solution path out (text and JSON)")
    s.set_defaults(func=cmd_solve)

    s = sub.add_parser("position", help="print a position in a chosen format")
    s.add_argument("position")
    s.add_argument("--after", metavar="ID[,ID...]", action="append")
    s.add_argument("--format", choices=["givens", "braces", "pm"], default="braces")
    s.set_defaults(func=cmd_position)

    s = sub.add_parser("check", help="judge a claimed elimination or placement, and say why")
    s.add_argument("position", help="81-char puzzle, brace grid, PM grid, a file, or - for stdin")
    s.add_argument("claim", help="e.g. 'r6c9<>5', 'r6c9<>5,r6c8<>5', 'r6c9<>58', 'r6c89<>5', 'r1c2=7'")
    s.add_argument("--by", metavar="ID", help="the technique you used (id, family or name, e.g. 'naked pair')")
    s.add_argument("--pattern", metavar="CELLS", help="the pattern cells you used, e.g. r6c45; a chain in order "
                   "('r1c2 r1c7 r5c7') or as Eureka text ('(4=8)r3c2-(8)r3c7=(8)r5c7'); a fish by its "
                   "base and cover houses ('3 r47b2 c145', fins as cells after them)")
    s.add_argument("--after", metavar="ID[,ID...]", action="append",
                   help="first apply these techniques until none applies")
    s.add_argument("--json", action="store_true",
                   help='print {"verdict", "technique", "step", "message", ...} as JSON')
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("quiz", help="open the app on a quiz for a technique",
                       formatter_class=_QuizHelp)
    s.add_argument("--technique", "-t", required=True, metavar="ID",
                   help="technique id or family (e.g. x-wing, locked-set)")
    s.add_argument("--kind", default=None, metavar="KIND", help="the quiz kind")
    s.add_argument("--seed", type=int, default=None,
                   help="pick the position by seed (the same seed, the same position)")
    s.set_defaults(func=cmd_quiz)

    s = sub.add_parser("practice-positions",
                       help="print practice positions where a technique is the simplest step")
    s.add_argument("--technique", "-t", required=True, metavar="ID")
    s.add_argument("--count", "-n", type=int, default=1)
    s.add_argument("--seed", type=int, default=0)
    s.set_defaults(func=cmd_practice_positions)

    s = sub.add_parser("app", help="start the app (the default)")
    s.add_argument("puzzle", nargs="?",
                   help="a position (81-char, brace grid, PM grid) or a file; "
                        "default: resume the saved game")
    s.add_argument("--user", help="whose progress to use (default: your login name)")
    s.add_argument("--db", metavar="PATH_OR_URL",
                   help="progress store (default: tutor.db in the user data dir, "
                        "or $SUDOKU_TUTOR_HOME)")
    s.add_argument("--layout", choices=["auto", "compact", "medium", "large"],
                   help="grid size (default: auto, from the terminal size)")
    s.set_defaults(func=cmd_app)

    add_ladder_options(sub)              # techniques; steps --batch; --no-uniqueness
    from .cli_progress import add_progress_commands
    add_progress_commands(sub)           # progress, class-progress
    from .cli_generate import add_generate_command
    add_generate_command(sub)            # generate
    from .classroom.commands import add_subcommands as _classroom_subcommands
    _classroom_subcommands(sub)          # serve, roster
    return p


COMMANDS = {"steps", "solve", "position", "app", "check", "quiz", "practice-positions",
            "serve", "roster", "techniques", "progress", "class-progress", "generate"}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from .engine.registry import UnknownTechnique
    from .engine.position import PositionError
    try:
        _check_text(argv)
        parser = build_parser()
        # `sudoku-tutor PUZZLE` starts the app on that puzzle
        if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
            argv = ["app"] + argv
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            args = parser.parse_args(["app"])
        return args.func(args)
    except (PositionError, UnknownTechnique, UsageError) as e:
        print(f"sudoku-tutor: {one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _check_text(argv) -> None:
    """Every argument is text: a byte that is not UTF-8 (which Python keeps
    as a lone surrogate) is refused here, before anything prints it."""
    for k, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as e:
            raw = arg.encode("utf-8", "surrogateescape")[:e.start + 1]
            raise UsageError(f"argument {k} is not UTF-8 text (byte 0x{raw[-1]:02x})") from None


if __name__ == "__main__":
    sys.exit(main())
