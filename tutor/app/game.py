"""The learner's game: the position they are working on, with their own
candidates, claim marks, candidate colours, and unlimited undo/redo.  Plain
Python (no Textual) so it is easy to test and to reuse from other screens.

Every change is one `Change`: the cells it touched (value and candidate mask
before and after), and the claim marks and the colours before and after.
Undo replays a change backwards; redo forwards.  The solution is asked of the
engine once per puzzle (`Position.solution()` on the starting position).

An empty cell without candidates is a cell the learner has not pencilled
yet (a puzzle started without candidates, as in HoDoKu): it is not a
mistake, and the engine (hints, steps, the judge) sees it with every digit
its placed peers allow (`Game.engine_position()`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.formats import parse_position, to_braces, to_givens
from ..engine.grid import CELLS, bit, cell_name, house_name
from ..engine.position import Position, PositionError

HISTORY_KEEP = 500        # changes kept when the game is saved


def read_saved_position(text: str) -> Position:
    """Read a brace grid written by `to_braces` without the rule checks:
    a learner's saved grid may hold clashing digits or empty candidate sets."""
    import re
    values, cands = [], []
    for m in re.finditer(r"\{([1-9]*)\}|([1-9])", text):
        if m.group(2):
            values.append(int(m.group(2)))
            cands.append(0)
        else:
            values.append(0)
            mask = 0
            for ch in m.group(1):
                mask |= bit(int(ch))
            cands.append(mask)
    if len(values) != 81:
        raise PositionError(f"the saved position has {len(values)} cells instead of 81")
    return Position(values, cands)


class GameError(ValueError):
    """A move that cannot be made; the message is one line for the learner."""


COLOURS = 4               # candidate colours: two pairs, 1/2 and 3/4 (see COLOUR_NAMES)
COLOUR_NAMES = {1: "a", 2: "A", 3: "b", 4: "B"}    # the text cue of each colour


@dataclass
class Change:
    label: str
    cells: tuple = ()                    # ((cell, old_value, old_cands, new_value, new_cands), ...)
    marks_before: frozenset | None = None
    marks_after: frozenset | None = None
    colours_before: frozenset | None = None     # {(cell, digit, colour)}
    colours_after: frozenset | None = None

    def to_json(self):
        out = {"l": self.label, "c": [list(c) for c in self.cells]}
        if self.marks_before is not None:
            out["mb"] = sorted(list(m) for m in self.marks_before)
            out["ma"] = sorted(list(m) for m in self.marks_after)
        if self.colours_before is not None:
            out["cb"] = sorted(list(m) for m in self.colours_before)
            out["ca"] = sorted(list(m) for m in self.colours_after)
        return out

    @classmethod
    def from_json(cls, obj) -> "Change":
        def tuples(key):
            got = obj.get(key)
            return None if got is None else frozenset(tuple(m) for m in got)
        mb, cb = tuples("mb"), tuples("cb")
        return cls(obj["l"], tuple(tuple(c) for c in obj["c"]),
                   mb, None if mb is None else tuples("ma") or frozenset(),
                   cb, None if cb is None else tuples("ca") or frozenset())

    @property
    def touched(self) -> set[int]:
        cells = {c[0] for c in self.cells}
        if self.marks_before is not None:
            cells |= {i for i, _ in self.marks_before ^ self.marks_after}
        if self.colours_before is not None:
            cells |= {m[0] for m in self.colours_before ^ self.colours_after}
        return cells


@dataclass
class Check:
    """What `check` found: placed digits against the solution, and cells
    whose candidates lost the digit that belongs there."""
    wrong: list[int] = field(default_factory=list)
    missing: list[int] = field(default_factory=list)
    unknown: str | None = None           # set when there is no unique solution

    @property
    def ok(self) -> bool:
        return not self.wrong and not self.missing and not self.unknown

    @property
    def cells(self) -> list[int]:
        return sorted(set(self.wrong) | set(self.missing))


class Game:
    """A puzzle in play.  `position` is the learner's state; `start` the
    position the puzzle began from (its solution is the reference)."""

    def __init__(self, start: Position, name: str = "puzzle", auto_update: bool = True):
        self.name = name
        self.start = start.copy()
        self.position = start.copy()
        self.marks: set[tuple[int, int]] = set()     # candidates claimed eliminated
        self.colours: dict[tuple[int, int], int] = {}   # (cell, digit) -> colour 1..COLOURS
        self.undo_stack: list[Change] = []
        self.redo_stack: list[Change] = []
        self.auto_update = auto_update
        self._solution: list[int] | None = None
        self._solution_known = False

    # ------------------------------------------------------------ creating
    @classmethod
    def from_text(cls, text: str, name: str = "pasted", require_unique: bool = True) -> "Game":
        """Parse any of the three formats; raises PositionError (one line)."""
        pos = parse_position(text)
        game = cls(pos, name)
        if require_unique:
            count, _ = pos.solution_info()
            if count == 0:
                raise PositionError("the position has no solution"
                                    + (" (check its candidates)" if "{" in text or "|" in text else ""))
            if count > 1:
                raise PositionError("the puzzle has several solutions; the tutor needs exactly one")
        return game

    def without_candidates(self) -> "Game":
        """This game as it starts with no candidates written (the learner
        pencils them by hand); the puzzle and its solution stay the same."""
        for i in CELLS:
            if not self.position.values[i]:
                self.position.cands[i] = 0
        self.marks.clear()
        self.colours.clear()
        return self

    @property
    def givens_text(self) -> str:
        return to_givens(self.position, placed=False)

    def unpencilled(self) -> list[int]:
        """Empty cells the learner has written no candidates in yet."""
        pos = self.position
        return [i for i in CELLS if not pos.values[i] and not pos.cands[i]]

    def engine_position(self) -> Position:
        """A copy of the learner's position for the engine (hints, steps,
        the judge): cells not pencilled yet get every digit their placed
        peers allow, as if the learner had written them all."""
        pos = self.position.copy()
        for i in self.unpencilled():
            pos.cands[i] = pos.allowed(i)
        pos._solution = None
        return pos

    # ------------------------------------------------------------ queries
    def solution(self) -> list[int] | None:
        if not self._solution_known:
            self._solution = self.start.solution()
            self._solution_known = True
        return self._solution

    def is_given(self, i: int) -> bool:
        return bool(self.position.givens[i])

    def conflicts(self) -> set[int]:
        """Filled cells whose digit also sits in one of their peers."""
        return self.position.clashing_cells()

    def clashes_of(self, i: int) -> list[tuple[int, int]]:
        """(peer cell, house) pairs where cell i's digit appears again."""
        return self.position.clashes(i)

    def clash_text(self, i: int) -> str | None:
        clashes = self.clashes_of(i)
        if not clashes:
            return None
        v = self.position.values[i]
        parts = [f"{cell_name(j)} in {house_name(h)}" for j, h in clashes]
        return f"{cell_name(i)}={v} breaks a rule: {v} is already at " + ", ".join(parts)

    def check(self) -> Check:
        sol = self.solution()
        if sol is None:
            count, _ = self.start.solution_info()
            why = "no solution" if count == 0 else "several solutions"
            return Check(unknown=f"the puzzle has {why}, so there is nothing to check against")
        wrong, missing = self.position.mistakes(sol)
        unwritten = set(self.unpencilled())        # not pencilled yet: not a mistake
        return Check(wrong=wrong, missing=[i for i in missing if i not in unwritten])

    def is_solved(self) -> bool:
        sol = self.solution()
        return sol is not None and list(self.position.values) == list(sol)

    def allowed(self, i: int) -> int:
        """Digits no filled peer holds (the auto-fill candidates of cell i)."""
        return self.position.allowed(i)

    # ------------------------------------------------------------ changing
    def _commit(self, label: str, new: Position, marks: set | None = None,
                colours: dict | None = None) -> Change | None:
        old = self.position
        cells = tuple(
            (i, old.values[i], old.cands[i], new.values[i], new.cands[i])
            for i in CELLS
            if old.values[i] != new.values[i] or old.cands[i] != new.cands[i]
        )
        # marks and colours live on candidates: they go when their candidate goes
        if marks is not None:
            marks = {(i, d) for i, d in marks if new.has(i, d)}
        elif self.marks:
            marks = {(i, d) for i, d in self.marks if new.has(i, d)}
        mb = ma = None
        if marks is not None and marks != self.marks:
            mb, ma = frozenset(self.marks), frozenset(marks)
        if colours is None:
            colours = self.colours
        colours = {key: c for key, c in colours.items() if new.has(*key)}
        cb = ca = None
        if colours != self.colours:
            cb = frozenset((i, d, c) for (i, d), c in self.colours.items())
            ca = frozenset((i, d, c) for (i, d), c in colours.items())
        if not cells and mb is None and cb is None:
            return None
        change = Change(label, cells, mb, ma, cb, ca)
        self._apply(change, forward=True)
        self.undo_stack.append(change)
        self.redo_stack.clear()
        return change

    def _apply(self, change: Change, forward: bool) -> None:
        pos = self.position
        for i, v0, c0, v1, c1 in change.cells:
            pos.values[i], pos.cands[i] = (v1, c1) if forward else (v0, c0)
        pos._solution = None
        if change.marks_before is not None:
            self.marks = set(change.marks_after if forward else change.marks_before)
        if change.colours_before is not None:
            got = change.colours_after if forward else change.colours_before
            self.colours = {(i, d): c for i, d, c in got}

    def _editable(self, i: int) -> None:
        if self.position.givens[i]:
            raise GameError(f"{cell_name(i)} is a given")

    def place(self, i: int, d: int) -> Change | None:
        self._editable(i)
        if self.position.values[i] == d:
            return None
        new = self.position.copy()
        if self.auto_update:
            new.place(i, d)
        else:
            new.values[i] = d
            new.cands[i] = 0
        return self._commit(f"{cell_name(i)}={d}", new)

    def clear(self, i: int) -> Change | None:
        """Empty a placed cell; it gets back every digit its peers allow."""
        self._editable(i)
        if not self.position.values[i]:
            return None
        new = self.position.copy()
        new.values[i] = 0
        new.cands[i] = new.allowed(i)
        return self._commit(f"clear {cell_name(i)}", new)

    def toggle_candidate(self, i: int, d: int) -> Change:
        if self.position.values[i]:
            raise GameError(f"{cell_name(i)} is filled; candidates live in empty cells")
        new = self.position.copy()
        new.cands[i] ^= bit(d)
        sign = "+" if new.cands[i] & bit(d) else "-"
        return self._commit(f"{cell_name(i)} {sign}{d}", new)

    def toggle_mark(self, i: int, d: int) -> Change:
        if not self.position.has(i, d):
            raise GameError(f"{cell_name(i)} has no candidate {d} to claim")
        marks = set(self.marks)
        marks ^= {(i, d)}
        return self._commit(f"mark {cell_name(i)}<>{d}", self.position.copy(), marks)

    def clear_marks(self, pairs=None) -> Change | None:
        """Take the claim marks off: these (cell, digit) pairs, or all."""
        gone = self.marks if pairs is None else self.marks & set(pairs)
        if not gone:
            return None
        label = "clear marks" if gone == self.marks else "unmark " + ", ".join(
            f"{cell_name(i)}<>{d}" for i, d in sorted(gone))
        return self._commit(label, self.position.copy(), self.marks - gone)

    def colour(self, i: int, d: int, colour: int) -> Change | None:
        """Colour a candidate (colour 1..COLOURS); the same colour again takes it off."""
        if not self.position.has(i, d):
            raise GameError(f"{cell_name(i)} has no candidate {d} to colour")
        colours = dict(self.colours)
        if colours.get((i, d)) == colour:
            del colours[(i, d)]
            label = f"uncolour {cell_name(i)} #{d}"
        else:
            colours[(i, d)] = colour
            label = f"colour {cell_name(i)} #{d} {COLOUR_NAMES[colour]}"
        return self._commit(label, self.position.copy(), colours=colours)

    def clear_colours(self) -> Change | None:
        if not self.colours:
            return None
        return self._commit("clear colours", self.position.copy(), colours={})

    def clear_candidates(self) -> Change | None:
        """Every empty cell loses all its candidates (to pencil them by hand)."""
        new = self.position.copy()
        for i in CELLS:
            if not new.values[i]:
                new.cands[i] = 0
        return self._commit("clear all candidates", new)

    def fill_candidates(self) -> Change | None:
        """Every empty cell gets every digit its peers allow."""
        new = self.position.copy()
        new.fill_candidates()
        return self._commit("fill candidates", new)

    def apply_step(self, step, label: str | None = None) -> Change | None:
        return self.apply_steps([step], label or f"apply {step.name}")

    def apply_steps(self, steps, label: str) -> Change | None:
        """The engine's steps, in order, as one change (one undo takes them all back)."""
        new = self.position.copy()
        for step in steps:
            new.apply(step)
        return self._commit(label, new)

    def eliminate(self, pairs, label: str) -> Change | None:
        new = self.position.copy()
        for i, d in pairs:
            if not new.values[i]:
                new.eliminate(i, d)
        return self._commit(label, new)

    def repair(self, check: Check) -> Change | None:
        """Undo the learner's mistakes found by `check` (asked for explicitly)."""
        sol = self.solution()
        if sol is None:
            return None
        new = self.position.copy()
        for i in check.wrong:
            new.values[i] = 0
            new.cands[i] = self.allowed(i) | bit(sol[i])
        for i in check.missing:
            new.cands[i] |= bit(sol[i])
        return self._commit("repair", new)

    def undo(self) -> Change | None:
        if not self.undo_stack:
            return None
        change = self.undo_stack.pop()
        self._apply(change, forward=False)
        self.redo_stack.append(change)
        return change

    def redo(self) -> Change | None:
        if not self.redo_stack:
            return None
        change = self.redo_stack.pop()
        self._apply(change, forward=True)
        self.undo_stack.append(change)
        return change

    # ------------------------------------------------------------ saving
    def to_record(self) -> dict:
        """What the store keeps: name, givens, position text, history."""
        return {
            "puzzle_name": self.name,
            "givens": self.givens_text,
            "position_text": to_braces(self.position),
            "history": {
                "v": 1,
                "start": to_braces(self.start),
                "start_givens": "".join("1" if g else "0" for g in self.start.givens),
                "undo": [c.to_json() for c in self.undo_stack[-HISTORY_KEEP:]],
                "redo": [c.to_json() for c in self.redo_stack[-HISTORY_KEEP:]],
                "marks": sorted(list(m) for m in self.marks),
                "colours": sorted([i, d, c] for (i, d), c in self.colours.items()),
                "auto": self.auto_update,
                "solved": self.is_solved(),
            },
        }

    @classmethod
    def from_record(cls, name: str, givens: str, position_text: str, history) -> "Game":
        """Rebuild a saved game; raises PositionError when the record is unreadable."""
        hist = history if isinstance(history, dict) else {}
        givens_flags = [ch not in ".0" for ch in givens]
        if len(givens_flags) != 81:
            raise PositionError("the saved game's givens are damaged")
        start_text = hist.get("start") or givens
        start = parse_position(start_text)
        flags = hist.get("start_givens")
        start.givens = [c == "1" for c in flags] if flags and len(flags) == 81 else list(givens_flags)
        game = cls(start, name, auto_update=bool(hist.get("auto", True)))
        pos = read_saved_position(position_text)
        pos.givens = list(givens_flags)
        game.position = pos
        try:
            game.undo_stack = [Change.from_json(c) for c in hist.get("undo", [])]
            game.redo_stack = [Change.from_json(c) for c in hist.get("redo", [])]
            game.marks = {(int(i), int(d)) for i, d in hist.get("marks", []) if pos.has(int(i), int(d))}
            game.colours = {(int(i), int(d)): int(c) for i, d, c in hist.get("colours", [])
                            if pos.has(int(i), int(d)) and 1 <= int(c) <= COLOURS}
        except (KeyError, TypeError, ValueError):
            game.undo_stack, game.redo_stack, game.marks, game.colours = [], [], set(), {}
        return game
