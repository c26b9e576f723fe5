"""The teacher table's rows: the columns and their widths, and the text of
each cell of a student's row (online and how, what they are doing, the
learner model's rating, hints per level, last claims with verdicts, their
result for the running push).  A new column is one more entry in COLUMNS
and one more cell in `student_cells` (its data: tutor/store/class_board.py)."""
from __future__ import annotations

from ...classroom import events
from ...engine.registry import counted
from ...store.class_board import StudentRow

VERDICT_MARK = {"proved": "✓", "correct": "✓", "right": "✓", "valid": "✓",
                "wrong": "✗", "false": "✗", "invalid": "?", "unproved": "~", "true-unproved": "~"}


# the table's columns: (title, share of the free width); 0 = fixed HINTS_WIDTH
COLUMNS = (("Student", 3), ("Doing", 3), ("Mastery", 4), ("Hints L1-5", 0),
           ("Last claims", 4), ("Result", 2))
HINTS_WIDTH = 10
ROW_LINES = 5            # a row grows to at most this many lines (a busy student at 80 columns)


def column_widths(total: int) -> list[int]:
    """Column widths that fit a table `total` columns wide (each cell has a
    column of padding either side, the scrollbar takes two)."""
    free = max(36, total - 2 * len(COLUMNS) - 2 - HINTS_WIDTH)
    shares = sum(w for _, w in COLUMNS)
    return [HINTS_WIDTH if w == 0 else max(6, free * w // shares) for _, w in COLUMNS]


def ago(t: float | None, now: float) -> str:
    if t is None:
        return ""
    s = max(0, int(now - t))
    return f"{s}s" if s < 60 else f"{s // 60}m" if s < 3600 else f"{s // 3600}h"


def result_text(ev: events.ClassEvent | None, st: StudentRow) -> str:
    r = st.result
    if ev is None or r is None:
        return "" if ev is None else "…"
    tried = r.get("locked_tries")
    locked = f" · {tried} locked {'try' if tried == 1 else 'tries'}" if tried else ""
    return _result_body(ev, r, st) + locked


def _result_body(ev: events.ClassEvent, r: dict, st: StudentRow) -> str:
    if ev.kind == "quiz" and r:
        from ...teaching.quiz import get_kind
        try:
            return get_kind(ev.payload.get("quiz")).result_text(r, st.done)
        except ValueError:          # a kind this version does not know
            return "…"
    if "filled" in r:
        if r.get("solved"):
            return "solved" + (f" ({counted(r['hints'], 'hint')})" if r.get("hints") else "")
        text = f"{r.get('filled', 0)}/{r.get('to_fill', '?')}"
        if r.get("wrong"):
            text += f" {r['wrong']}✗"
        return text
    return "joined"


def student_cells(ev, st: StudentRow, now: float, mastery: str) -> tuple[str, ...]:
    """The row's cells; `mastery` is the learner model's (class_progress.mastery_text)."""
    name = ("● " if st.online else "○ ") + st.user + (" (teacher)" if st.role == "teacher" else "")
    if st.online:                            # how they joined
        name += f" · {st.via or 'ssh'}"
    doing = st.activity or ""
    if st.activity_at is not None:
        doing += f" · {ago(st.activity_at, now)}"
    hints = " ".join(str(st.hints.get(level, 0)) for level in range(1, 6))
    if st.hints.get(0):
        hints += f" ({st.hints[0]} checks)"
    claims = ", ".join(f"{c} {VERDICT_MARK.get(v, v)}" for c, v, _ in st.claims)
    return name, doing, mastery, hints, claims, result_text(ev, st)
