"""Mix-ups a learner often makes (naked vs hidden, pointing vs claiming,
X-Wing vs Skyscraper...).  Each pair is declared by one of its two rooms
(`confusions=` in its registration); a quiz records the mix-up and names it
back with a one-line reminder of the difference."""
from __future__ import annotations

from dataclasses import dataclass

from ...engine.registry import confusion_between


@dataclass(frozen=True)
class Confusion:
    said: str         # technique the learner had in mind
    actual: str       # technique it really was
    label: str        # 'naked vs hidden'
    tip: str          # one line on the difference

    @property
    def message(self) -> str:
        return f"{self.label}: {self.tip}"


def confusion(said: str | None, actual: str | None) -> Confusion | None:
    if not said or not actual or said == actual:
        return None
    hit = confusion_between(said, actual)
    return Confusion(said, actual, *hit) if hit else None


def closest(actual: str, target_ids: list[str]) -> str | None:
    """The target technique a learner most likely had in mind."""
    for t in target_ids:
        if confusion_between(t, actual):
            return t
    return None


def partners(tid: str) -> list[str]:
    """The techniques a learner may take `tid` for (ladder order)."""
    from ...engine.registry import ladder
    return [t.id for t in ladder() if t.id != tid and confusion_between(tid, t.id)]
