"""What the learner and the teacher see of the learner model
(tutor/teaching/learner.py): one row per ladder technique (rating, how sure,
tries, trend, next review, mix-ups), "practise next", the counted actions,
and the table the M screen and `sudoku-tutor progress` print.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from ..engine.registry import counted, ladder, technique_name
from .glicko2 import DEFAULT_RD
from .learner import Learner, Model, Skill, _now_ms, base_rating, item_difficulty


@dataclass(frozen=True)
class Row:
    technique: str
    name: str
    rating: float
    deviation: float
    attempts: int
    actions: int
    hints: int
    next_review: int | None     # ms since the epoch; None = not met yet
    due: bool
    mastered: bool
    ready: bool                 # every prerequisite mastered
    trend: tuple
    confusions: tuple           # "took X for Y" lines about this technique

    @property
    def met(self) -> bool:
        """The learner has met the technique (it has a review date)."""
        return self.next_review is not None

    def to_json(self) -> dict:
        d = asdict(self)
        d["rating"], d["deviation"] = round(self.rating, 1), round(self.deviation, 1)
        d["next_review"] = (None if self.next_review is None else
                            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.next_review / 1000)))
        d["trend"], d["confusions"] = list(self.trend), list(self.confusions)
        return d


def is_mastered(s: Skill | None, technique: str) -> bool:
    return s is not None and s.attempts > 0 and s.rating - s.rd >= base_rating(technique)


def rows(model: Model, user: str, now_ms: int | None = None) -> list[Row]:
    """One row per ladder technique, in ladder order."""
    now = _now_ms() if now_ms is None else now_ms
    lr = model.learners.get(user) or Learner()
    mastered = {t.id for t in ladder() if is_mastered(lr.skills.get(t.id), t.id)}
    out = []
    for t in ladder():
        s = lr.skills.get(t.id)
        mixed = tuple(f"took {technique_name(a)} for {technique_name(b)} ({n}x)"
                      for k, n in sorted(lr.confusions.items())
                      for b, a in [k.split(">", 1)] if t.id in (a, b))
        ready = all(p in mastered for p in t.prerequisites)
        if s is None:
            out.append(Row(t.id, t.name, base_rating(t.id), DEFAULT_RD, 0, 0, 0, None, False,
                           False, ready, (), mixed))
        else:
            out.append(Row(t.id, t.name, s.rating, s.rd, s.attempts, s.actions, s.hints,
                           s.due_ms, s.due_ms is not None and s.due_ms <= now,
                           t.id in mastered, ready, tuple(s.history), mixed))
    return out


def practise_next(table: list[Row]) -> tuple[Row, str] | None:
    """(row, why): the most overdue review first, else the first technique
    not mastered whose prerequisites are (else the first not mastered)."""
    due = [r for r in table if r.due]
    if due:
        return min(due, key=lambda r: r.next_review), "a review is due"
    for r in table:
        if not r.mastered and r.ready:
            return r, "next on the ladder"
    for r in table:
        if not r.mastered:
            return r, "next on the ladder"
    return None


def suggestion_text(table: list[Row]) -> str:
    pick = practise_next(table)
    if pick is None:
        return "Every technique is mastered. Try the reference quiz: the 25 LockedSets."
    r, why = pick
    if not r.attempts:
        return f"Practise next: {r.name} ({why}; not tried yet)."
    return f"Practise next: {r.name} ({why}; rating {r.rating:.0f} ±{r.deviation:.0f})."


COUNTED = (("claim", "claim", "claims"), ("unproved", "of them true but unproved", ""),
           ("hint", "hint", "hints"), ("attempt", "quiz or practice result", "quiz or practice results"),
           ("confusion", "quiz mix-up", "quiz mix-ups"), ("lesson", "lesson read", "lessons read"),
           ("example", "example tried", "examples tried"))


def counted_text(model: Model, user: str) -> str:
    """Every action of the user the model counted, by kind, in words."""
    counts = (model.learners.get(user) or Learner()).counts
    parts = [counted(counts[k], one, many or one) for k, one, many in COUNTED if counts.get(k)]
    return "Counted: " + (", ".join(parts) if parts else "nothing yet") + "."


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values) -> str:
    values = list(values)
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[int((v - lo) / (hi - lo) * (len(SPARKS) - 1) + 0.5)] for v in values)


def when_text(ms: int | None, now_ms: int | None = None) -> str:
    """A review date in words: 'due', 'in 3 d', 'in 5 h', '-' when not met."""
    if ms is None:
        return "-"
    now = _now_ms() if now_ms is None else now_ms
    if ms <= now:
        return "due"
    # whole hours first, so a review a day away reads 'in 1 d' whether the
    # clock has moved a millisecond since it was set or not
    hours = round((ms - now) / 3_600_000)
    return f"in {max(hours, 1)} h" if hours < 24 else f"in {hours // 24} d"


def pick_position(technique: str, rating: float, seed: int = 0, count: int = 6):
    """A practice position for the technique whose seeded difficulty is
    nearest the learner's rating (None when there is none)."""
    from ..engine.registry import find_all
    from .practice import practice_positions
    try:
        cands = practice_positions(technique, count, seed)
    except Exception:            # noqa: BLE001 - no practice for it: the quiz picks
        return None

    def distance(p) -> float:
        n = len(find_all(p.position, [technique]))
        filled = sum(1 for v in p.position.values if v) / 81
        return abs(item_difficulty(technique, n, filled) - rating)
    return min(cands, key=distance) if cands else None


def progress_text(table: list[Row], now_ms: int | None = None) -> list[str]:
    """The progress table as lines (the M screen and `progress` print it)."""
    lines = [f"{'technique':35} {'rating':>6} {'±':>4} {'tries':>5}  {'trend':10} {'review':>8}"]
    for r in table:
        if not r.met:
            lines.append(f"{r.name:35} {'-':>6} {'':>4} {0:>5}  {'':10} {'-':>8}")
            continue
        lines.append(f"{r.name:35} {r.rating:6.0f} {r.deviation:4.0f} {r.attempts:5}  "
                     f"{sparkline(r.trend[-10:]):10} {when_text(r.next_review, now_ms):>8}")
    return lines


def mixup_lines(model: Model, user: str) -> list[str]:
    """The learner's mix-ups, most frequent first, named back with the
    quizzes' tip where there is one."""
    from .quiz import confusion
    counts = (model.learners.get(user) or Learner()).confusions
    out = []
    for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        said, actual = key.split(">", 1)
        times = "once" if n == 1 else f"{n} times"
        took = f"took {technique_name(actual)} for {technique_name(said)}"
        c = confusion(said, actual)
        out.append(f"{c.label} ({times}: {took}). {c.tip}" if c else f"{took} ({times}).")
    return out
