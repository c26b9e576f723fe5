"""Quiz attempts: recording them, and the simple mean-score mastery.

Every quiz attempt is stored in the progress store (tutor.store) with a score
from 0 to 1 and the item it was (its seeded difficulty, for the learner
model).  The progress screen, "practise next" and the CLI use the learner
model (tutor/teaching/learner.py: ratings and reviews from every event).
What stays here is the older, simpler figure the lesson list and the
teacher's live table show: a technique's mastery is the mean score of the
learner's last 10 attempts at it (Store.mastery), mastered at 0.8 or more
over at least 3 attempts; `suggest` picks, in ladder order, the technique
whose prerequisites are mastered and whose own mastery is lowest.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.registry import counted, get, ladder, technique_name
from .learner import item_difficulty, position_key

MASTERED_AT = 0.8
MIN_ATTEMPTS = 3


class _Prerequisites(Mapping):
    """What a learner should be sure of before a technique makes sense:
    each room lists it (`prerequisites=` in its registration), read live so
    a room registered later is included."""

    def __getitem__(self, tid: str) -> tuple[str, ...]:
        t = get(tid)
        if t is None:
            raise KeyError(tid)
        return t.prerequisites

    def __iter__(self):
        return iter([t.id for t in ladder()])

    def __len__(self) -> int:
        return len(ladder())


PREREQUISITES: Mapping[str, tuple[str, ...]] = _Prerequisites()


@dataclass(frozen=True)
class MasteryRow:
    technique: str
    name: str
    score: float | None        # mean of the last 10 attempts; None = never tried
    attempts: int
    mastered: bool
    ready: bool                # every prerequisite mastered

    def text(self) -> str:
        figure = "  -  " if self.score is None else f"{self.score:4.0%}"
        mark = "mastered" if self.mastered else ("ready" if self.ready else "later")
        return f"{self.name:38} {figure}  {counted(self.attempts, 'try', 'tries'):9}  {mark}"


def is_mastered(score: float | None, attempts: int) -> bool:
    return score is not None and attempts >= MIN_ATTEMPTS and score >= MASTERED_AT


def table(scores: dict[str, float], counts: dict[str, int]) -> list[MasteryRow]:
    """Rows in ladder order from Store.mastery() and Store.attempt_counts()."""
    mastered = {t.id for t in ladder() if is_mastered(scores.get(t.id), counts.get(t.id, 0))}
    rows = []
    for t in ladder():
        ready = all(p in mastered for p in PREREQUISITES.get(t.id, ()))
        rows.append(MasteryRow(t.id, t.name, scores.get(t.id), counts.get(t.id, 0),
                               t.id in mastered, ready))
    return rows


def suggest(rows: list[MasteryRow]) -> MasteryRow | None:
    """The lowest-mastery technique that is ready but not mastered yet
    (ties: the first on the ladder).  None when everything is mastered."""
    best = None
    for r in rows:
        if r.mastered or not r.ready:
            continue
        score = -1.0 if r.score is None else r.score   # untried counts lowest
        if best is None or score < best[0]:
            best = (score, r)
    return best[1] if best else None


def suggestion_text(rows: list[MasteryRow]) -> str:
    pick = suggest(rows)
    if pick is None:
        return "Every technique is mastered. Try the reference quiz: the 25 LockedSets."
    if pick.score is None:
        return f"Practise next: {pick.name} (not tried yet)."
    tries = counted(min(pick.attempts, 10), 'try', 'tries')
    return f"Practise next: {pick.name} ({pick.score:.0%} over the last {tries})."


def user_table(store, user: str) -> list[MasteryRow]:
    return table(store.mastery(user), store.attempt_counts(user))


# ------------------------------------------------------------ recording attempts

def quiz_item(quiz) -> tuple[str, float | None, str]:
    """(item key, share of the grid solved, position key) of a quiz, for
    the learner model's item difficulty (tutor/teaching/learner.py)."""
    pos = quiz.position
    where = position_key(pos)
    item = f"{quiz.kind}:{quiz.target}:{quiz.source or where}"
    return item, sum(1 for v in pos.values if v) / 81, where


def record_quiz(store, user: str, quiz, seconds: float | None = None) -> list[tuple[str, float]]:
    """Store a finished quiz's attempt(s) (its `records()`, through the quiz
    protocol) and its confusions; returns what was stored."""
    import time
    if seconds is None:
        seconds = time.monotonic() - quiz.started
    records = quiz.records()
    item, progress, where = quiz_item(quiz)
    for tid, score in records:
        difficulty = item_difficulty(tid, quiz.size, progress, quiz.many_is_harder)
        store.record_attempt(user, tid, quiz.kind, max(0.0, min(1.0, score)), seconds, quiz.hints(),
                             item=item, position=where, difficulty=difficulty)
    if hasattr(store, "record_confusion"):
        for c in quiz.confusions:
            store.record_confusion(user, c.said, c.actual)
    return records


def confusion_lines(store, user: str) -> list[str]:
    """The learner's recorded mix-ups, most frequent first, named back."""
    from .quiz import confusion
    if not hasattr(store, "confusions"):
        return []
    out = []
    for (said, actual), n in sorted(store.confusions(user).items(), key=lambda kv: -kv[1]):
        c = confusion(said, actual)
        times = "once" if n == 1 else f"{n} times"
        if c:
            out.append(f"{c.label} ({times}: took {technique_name(actual)} for "
                       f"{technique_name(said)}). {c.tip}")
    return out
