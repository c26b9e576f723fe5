"""The command line's learner-model pieces, wired into `tutor/cli.py`:

* `sudoku-tutor progress [--user NAME] [--json] [--rebuild]`: a learner's
  rating, deviation, trend, next review and confusions per technique (the
  app's M screen), or one JSON object per ladder technique; --rebuild folds
  every event of the store again (tutor/teaching/learner.py);
* `sudoku-tutor class-progress [--csv] [--user NAME ...]`: the teacher's
  table of techniques by students, or all of it as CSV on standard output.
Both take --db like the app.
"""
from __future__ import annotations

import getpass
import json
import os

from .usage import UsageError


def _open(args):
    from .store import Store, StoreError
    try:
        return Store.open(getattr(args, "db", None))
    except StoreError as e:
        raise UsageError(str(e)) from None


def progress_text(table, now_ms: int | None = None) -> list[str]:
    """The progress table as lines (the M screen and `progress` print it)."""
    from .teaching.learner import sparkline, when_text
    lines = [f"{'technique':24} {'rating':>6} {'±':>4} {'tries':>5}  {'trend':12} {'review':>8}"]
    for r in table:
        if not r.met:
            lines.append(f"{r.name[:24]:24} {'-':>6} {'':>4} {0:>5}  {'':12} {'-':>8}")
            continue
        lines.append(f"{r.name[:24]:24} {r.rating:6.0f} {r.deviation:4.0f} {r.attempts:5}  "
                     f"{sparkline(r.trend):12} {when_text(r.next_review, now_ms):>8}")
    return lines


def confusion_text(table) -> list[str]:
    seen, out = set(), []
    for r in table:
        for c in r.confusions:
            if c not in seen:
                seen.add(c)
                out.append(c)
    return out


def cmd_progress(args) -> int:
    from .teaching import learner
    store = _open(args)
    try:
        model = learner.rebuild(store) if args.rebuild else learner.load(store)
        user = args.user or os.environ.get("SUDOKU_TUTOR_USER") or getpass.getuser()
        table = learner.rows(model, user)
        if args.json:
            print(json.dumps([r.to_json() for r in table], indent=1))
            return 0
        if args.rebuild:
            print(f"Rebuilt from {len(store.events())} events.")
        print(f"Progress of {user}. {learner.suggestion_text(table)}")
        print(learner.counted_text(model, user))
        mixups = confusion_text(table)
        if mixups:
            print("Mix-ups: " + "; ".join(mixups))
        print("\n".join(progress_text(table)))
        return 0
    finally:
        store.close()


def cmd_class_progress(args) -> int:
    from .teaching import class_progress, learner
    store = _open(args)
    try:
        model = learner.load(store)
        users = args.user or sorted(model.learners)
        if args.csv:
            print(class_progress.class_csv(model, users), end="")
        else:
            print(class_progress.class_table(model, users, width=args.width))
        return 0
    finally:
        store.close()


def add_progress_commands(sub) -> None:
    db_help = "progress store (default: tutor.db in the user data dir, or $SUDOKU_TUTOR_HOME)"
    s = sub.add_parser("progress", help="a learner's rating, trend and next review per technique")
    s.add_argument("--user", help="whose progress (default: your login name)")
    s.add_argument("--json", action="store_true",
                   help="one JSON object per ladder technique (technique, rating, deviation, "
                        "attempts, next_review, ...)")
    s.add_argument("--rebuild", action="store_true",
                   help="derive every rating and review again from the stored events")
    s.add_argument("--db", metavar="PATH_OR_URL", help=db_help)
    s.set_defaults(func=cmd_progress)

    s = sub.add_parser("class-progress", help="the class's ratings and reviews: techniques by students")
    s.add_argument("--csv", action="store_true", help="every student and technique met, as CSV")
    s.add_argument("--user", action="append", metavar="NAME", help="only these students (repeatable)")
    s.add_argument("--width", type=int, default=80, help="table width (default 80)")
    s.add_argument("--db", metavar="PATH_OR_URL", help=db_help)
    s.set_defaults(func=cmd_class_progress)
