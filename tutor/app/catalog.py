"""The puzzles shipped in `puzzles/`, by level, for the picker and the
palette; and each puzzle's rating (its score and hardest technique), asked
of the engine one puzzle at a time and kept for the session."""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from functools import lru_cache

from ..paths import data_dir


@dataclass(frozen=True)
class Level:
    id: str
    title: str
    file: str
    note: str


LEVELS = (
    Level("easy", "Easy", "qqwing-easy.txt", "qqwing easy: singles mostly"),
    Level("intermediate", "Intermediate", "qqwing-intermediate.txt", "qqwing intermediate"),
    Level("expert", "Expert", "qqwing-expert.txt", "qqwing expert"),
    Level("diabolical", "Diabolical", "sudoku-exchange/diabolical-40.txt",
          "Sudoku Exchange diabolical (rated 7+)"),
)
LEVEL_IDS = tuple(lv.id for lv in LEVELS)
DEFAULT_PUZZLE = ("easy", 1)


@dataclass(frozen=True)
class Puzzle:
    level: str
    number: int          # 1-based within its level
    givens: str          # 81 chars
    rating: str = ""     # from the file where it has one

    @property
    def name(self) -> str:
        title = LEVEL_BY_ID[self.level].title.lower()
        return f"{title} #{self.number}"


LEVEL_BY_ID = {lv.id: lv for lv in LEVELS}


def _parse_line(line: str) -> tuple[str, str] | None:
    """A puzzle line: '81 chars', or 'id 81digits rating' (sudoku-exchange)."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    parts = line.split()
    for k, part in enumerate(parts):
        if len(part) == 81:
            rating = parts[k + 1] if k + 1 < len(parts) else ""
            return part.replace("0", "."), rating
    if len(line) >= 81:
        return line[:81].replace("0", "."), ""
    return None


@lru_cache(maxsize=None)
def puzzles(level: str) -> tuple[Puzzle, ...]:
    lv = LEVEL_BY_ID.get(level)
    if lv is None:
        raise KeyError(f"unknown level '{level}' (choose from {', '.join(LEVEL_IDS)})")
    path = data_dir("puzzles") / lv.file
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                got = _parse_line(line)
                if got:
                    out.append(Puzzle(level, len(out) + 1, got[0], got[1]))
    except OSError:
        return ()
    return tuple(out)


def get(level: str, number: int) -> Puzzle:
    items = puzzles(level)
    if not 1 <= number <= len(items):
        raise KeyError(f"{level} has puzzles 1 to {len(items)}, not {number}")
    return items[number - 1]


def random_puzzle(level: str, rng: random.Random | None = None) -> Puzzle:
    items = puzzles(level)
    return (rng or random).choice(items)


def find_by_name(name: str) -> Puzzle | None:
    """'easy #3' -> the puzzle; None when the name is not a catalogue name."""
    try:
        title, num = name.rsplit("#", 1)
        level = title.strip().lower()
        return get(level, int(num))
    except (ValueError, KeyError):
        return None


def _scan(level: str):
    """(number, givens) of a level's puzzles, read from the file as it goes."""
    path = data_dir("puzzles") / LEVEL_BY_ID[level].file
    try:
        with open(path, encoding="utf-8") as f:
            number = 0
            for line in f:
                got = _parse_line(line)
                if got:
                    number += 1
                    yield number, got[0]
    except OSError:
        return


def name_for(givens: str, default: str = "custom") -> str:
    """The catalogue name of a puzzle given by its 81 givens, else a short
    name made from its first cells ('custom 2.891..54').  Reads the files
    once through without keeping them (it runs at start-up, when the app is
    given a puzzle: no need to hold every shipped puzzle in memory)."""
    want = givens.replace("0", ".")
    for lv in LEVELS:
        for number, text in _scan(lv.id):
            if text == want:
                return Puzzle(lv.id, number, text).name
    return f"{default} {givens[:9]}"


# ------------------------------------------------------------------ ratings

@dataclass(frozen=True)
class Rating:
    """What the engine's logic solve says of a puzzle."""
    score: int               # sum of the step weights (tutor.engine.solve)
    hardest: str | None      # technique id of the hardest step, None when no step
    solved: bool             # False: the ladder gets stuck on it


_RATINGS: dict[tuple[str, int], Rating] = {}
_RATINGS_LOCK = threading.Lock()


def known_rating(puzzle: Puzzle) -> Rating | None:
    """The puzzle's rating if it was worked out already this session."""
    return _RATINGS.get((puzzle.level, puzzle.number))


def rate(puzzle: Puzzle) -> Rating:
    """The puzzle's rating: a logic solve (a few milliseconds; run it in a
    worker, never for many puzzles on the UI thread).  Kept for the session."""
    got = known_rating(puzzle)
    if got is not None:
        return got
    from ..engine.formats import parse_givens
    from ..engine.solve import logic_solve
    result = logic_solve(parse_givens(puzzle.givens))
    got = Rating(result.score, result.hardest, result.status == "solved")
    with _RATINGS_LOCK:
        _RATINGS[(puzzle.level, puzzle.number)] = got
    return got
