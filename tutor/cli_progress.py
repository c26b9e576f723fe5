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


def cmd_progress(args) -> int:
    from .teaching import learner
    from .teaching import learner_view as view
    store = _open(args)
    try:
        model = learner.rebuild(store) if args.rebuild else learner.load(store)
        user = args.user or os.environ.get("SUDOKU_TUTOR_USER") or getpass.getuser()
        table = view.rows(model, user)
        if args.json:
            print(json.dumps([r.to_json() for r in table], indent=1))
            return 0
        if args.rebuild:
            print(f"Rebuilt from {len(store.events())} events.")
        print(f"Progress of {user}. {view.suggestion_text(table)}")
        print(view.counted_text(model, user))
        for line in view.mixup_lines(model, user):
            print(f"Mix-up: {line}")
        print("\n".join(view.progress_text(table)))
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
