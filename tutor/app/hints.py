"""Words for the hint ladder and the judge's verdicts (no Textual here).

The ladder has five rungs, one key press each:
  1 the technique's name, 2 where to look (a place), 3 the pattern drawn,
  4 the eliminations/placements shown, 5 apply it.
The words of each rung are the technique room's (engine/hint_words.py);
this module only heads them.  Before rung 1 the learner's own grid is
checked: a wrong digit or a removed true candidate is named first (rung 0),
pointing at the cells.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.grid import cell_name
from ..engine.hint_words import LEVELS, hint_text
from .game import Check

LADDER_TOP = LEVELS


def rung_text(step, level: int, position=None) -> str:
    """'Hint 2/5: look in b3, digit 1.': the technique room's words for the level."""
    return f"Hint {level}/{LADDER_TOP}: {hint_text(step, level, position)}"


def problem_text(check: Check) -> str:
    """Rung 0: the learner's grid holds mistakes; say which cells, not the digits."""
    parts = []
    if check.wrong:
        noun = "digit contradicts" if len(check.wrong) == 1 else "digits contradict"
        parts.append(f"the placed {noun} the solution at {cells_list(check.wrong)}")
    if check.missing:
        noun = "cell has" if len(check.missing) == 1 else "cells have"
        parts.append(f"{len(check.missing)} {noun} lost the candidate that belongs there: "
                     f"{cells_list(check.missing)}")
    return ("Before a hint: " + "; ".join(parts)
            + ". Fix it yourself, or press H again to repair it (u undoes the repair).")


def cells_list(cells, limit: int = 8) -> str:
    cells = sorted(cells)
    names = [cell_name(i) for i in cells[:limit]]
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return ", ".join(names) + more


# ------------------------------------------------------------------ verdicts

VERDICT_WORDS = {
    "proved": ("✔", "Proved"),
    "proved-other": ("✔", "Proved by another technique"),
    "true-unproved": ("~", "True, but unproved"),
    "false": ("✘", "False"),
    "invalid": ("✘", "Not a valid claim"),
}


def verdict_line(verdict) -> str:
    """'✔ Proved by Naked Pair: ...', '✘ False: r4c3 is 4 in the solution.'
    The mark is a text cue; the judge's own message follows the verdict word
    unless it already starts with it."""
    mark, word = VERDICT_WORDS.get(verdict.kind, ("?", verdict.kind))
    msg = (verdict.message or "").strip()
    first = word.split()[0].lower()
    if msg.lower().startswith(first):
        return f"{mark} {msg}"
    return f"{mark} {word}: {msg}" if msg else f"{mark} {word}"


def claim_text(marks) -> str:
    """Claim marks as standard notation: 'r1c2<>3, r4c5<>6'."""
    return ", ".join(f"{cell_name(i)}<>{d}" for i, d in sorted(marks))


@dataclass
class HintState:
    """Where the learner is on the ladder for the current position."""
    key: tuple | None = None          # position.key() the hint belongs to
    step: object = None
    level: int = 0
    problem: Check | None = None      # set after rung 0 was shown

    def reset(self, key=None) -> None:
        self.key, self.step, self.level, self.problem = key, None, 0, None


__all__ = ["rung_text", "problem_text", "verdict_line", "claim_text",
           "HintState", "cells_list", "LADDER_TOP"]
