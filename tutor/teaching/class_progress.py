"""The class's progress for the teacher: techniques by students, from the
learner model (tutor/teaching/learner.py): who is weak where, who is due.

`class_rows` gives one row per (student, technique met); `class_table`
draws techniques down and students across, fitted to a width (80 columns
shows the technique and 8 students; the CSV holds everyone); `class_csv`
writes every row; `mastery_text` is a student's Mastery cell in the
teacher's live table.  A cell is the student's rating on the technique,
then a mark: ! a review is due, * mastered, ~ weak (below the technique's
base difficulty).
"""
from __future__ import annotations

import csv
import io

from ..engine.registry import ladder
from . import learner, learner_view

CSV_FIELDS = ("user", "technique", "rating", "deviation", "attempts", "actions", "hints",
              "next_review", "due", "mastered", "weak", "confusions")
LEGEND = "! review due   * mastered   ~ weak (below the technique's base)"
NAME_WIDTH = 22
CELL_WIDTH = 7


def class_rows(model: learner.Model, users, now_ms: int | None = None) -> list[dict]:
    """Per student, per technique they have met (ladder order): the progress row."""
    out = []
    for user in users:
        for r in learner_view.rows(model, user, now_ms):
            if r.met:
                d = r.to_json()
                d["user"] = user
                d["weak"] = r.rating < learner.base_rating(r.technique)
                d["confusions"] = "; ".join(r.confusions)
                out.append(d)
    return out


def mark(row: dict) -> str:
    return "!" if row["due"] else "*" if row["mastered"] else "~" if row["weak"] else " "


def class_table(model: learner.Model, users, width: int = 80, now_ms: int | None = None) -> str:
    """Techniques (rows) by students (columns), as many students as fit."""
    users = list(users)
    rows = class_rows(model, users, now_ms)
    if not rows:
        return "No student has met a technique yet."
    fit = max(1, (width - NAME_WIDTH) // CELL_WIDTH)
    shown = users[:fit]
    cell = {(r["user"], r["technique"]): r for r in rows}
    lines = [f"{'technique':{NAME_WIDTH}}" + "".join(f"{u[:CELL_WIDTH - 1]:>{CELL_WIDTH - 1}} "
                                                   for u in shown)]
    for t in ladder():
        if not any((u, t.id) in cell for u in users):
            continue
        line = f"{t.name[:NAME_WIDTH - 1]:{NAME_WIDTH}}"
        for u in shown:
            r = cell.get((u, t.id))
            line += f"{'-':>{CELL_WIDTH - 1}} " if r is None else \
                f"{r['rating']:>{CELL_WIDTH - 2}.0f}{mark(r)} "
        lines.append(line.rstrip())
    lines += ["", LEGEND]
    if len(users) > len(shown):
        lines.append(f"{len(users) - len(shown)} more students: wider terminal, or the CSV.")
    return "\n".join(lines)


def mastery_text(model: learner.Model, user: str, shown: int = 3, now_ms: int | None = None) -> str:
    """The teacher's table's Mastery cell: the student's rating on each
    technique they have results on, the furthest above its base first, with
    its mark as in class_table ("x-wing 1562* pointing 1460~ +2")."""
    rated = [r for r in class_rows(model, [user], now_ms) if r["attempts"]]
    rated.sort(key=lambda r: (learner.base_rating(r["technique"]) - r["rating"], r["technique"]))
    cells = [f"{r['technique']} {r['rating']:.0f}{mark(r)}".rstrip() for r in rated[:shown]]
    return " ".join(cells) + (f" +{len(rated) - shown}" if len(rated) > shown else "")


def class_csv(model: learner.Model, users, now_ms: int | None = None) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in class_rows(model, users, now_ms):
        w.writerow(r)
    return buf.getvalue()
