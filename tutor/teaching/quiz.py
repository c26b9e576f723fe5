"""Quizzes: find them all, find the elimination, name the technique.

Pure models (no UI): the app's quiz screen and the classroom drive them.

* FindAllQuiz: every instance of a technique or family in a position (as
  find_all reports them, so a set seen in a row and in its box is one);
  the learner enters instances one at a time, typed (`r6c45 #38`,
  `hidden r8c79 #57`, `Swordfish #3 R348 C136`, `Skyscraper #3 r5c3 r6c8`)
  or picked on the grid; each entry gets a verdict at once.
* EliminateQuiz: a position where the technique is the simplest step; the
  learner claims an elimination and the judge grades it.
* NameQuiz: one step is shown; the learner picks its technique from four.

Wrong entries that mix up two techniques a learner often confuses (naked vs
hidden, pointing vs claiming, X-Wing vs Skyscraper...) are recorded as
confusions and named back with a one-line reminder of the difference.
"""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field

from ..engine.finder import REGISTRY, FAMILIES, UnknownTechnique, find_all, ladder, resolve, technique_name
from ..engine.grid import cells_name
from ..engine.position import Position
from ..engine.step import Step
from . import quiz_checks as checks

KINDS = ("find-all", "eliminate", "name")

REFERENCE_PUZZLE = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"


class EntryError(ValueError):
    """An entry the quiz cannot read; the message says what and where."""


# ================================================================ entries

@dataclass(frozen=True)
class Entry:
    """What the learner typed or picked: a pattern, maybe with a technique."""
    text: str
    technique: str | None = None      # a technique id the learner named
    family: str | None = None         # or only a family ('locked-set', 'fish')
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    houses: tuple[tuple[int, ...], ...] = ()   # groups of lines/boxes, in the order typed

    def describe(self) -> str:
        parts = []
        if self.digits:
            parts.append("#" + "".join(map(str, self.digits)))
        for g in self.houses:
            parts.append(checks._lines_text(list(g)).upper())
        if self.cells:
            parts.append(cells_name(self.cells))
        return " ".join(parts)


# Phrases naming a technique (checked in this order, longest first).
_PHRASES: list[tuple[str, str]] = [
    (r"naked-subset", "naked-subset"), (r"hidden-subset", "hidden-subset"),
    (r"naked\s+singles?|full\s+house", "naked-single"),
    (r"hidden\s+singles?", "hidden-single"),
    (r"locked\s+candidates?\s+type\s*1|pointing", "pointing"),
    (r"locked\s+candidates?\s+type\s*2|claiming", "claiming"),
    (r"locked\s+candidates?", "family:locked-candidates"),
    (r"x[\s-]?wing", "x-wing"),
    (r"sword[\s-]?fish", "swordfish"),
    (r"jelly[\s-]?fish", "jellyfish"),
    (r"turbot(?:[\s-]+fish)?", "turbot-fish"),
    (r"(?:two|2)[\s-]*string[\s-]*kite|kite", "two-string-kite"),
    (r"sky[\s-]?scraper", "skyscraper"),
    (r"simple[\s-]+colou?rs?(?:\s+(?:trap|wrap))?|colou?ring|colou?rs?", "simple-colours"),
    (r"x[\s-]?cycles?|x[\s-]?loop|cycle|loop", "x-cycle"),
    (r"(?:als[\s-]+)?death[\s-]*blossom|blossom", "death-blossom"),
    (r"fish", "family:fish"),
    (r"locked[\s-]*sets?|locked\s+(?:pairs?|triples?|quads?|quartets?|quints?)|lockedsets?",
     "family:locked-set"),
    (r"naked", "flag:naked"),
    (r"hidden", "flag:hidden"),
    (r"subsets?", "family:locked-set"),
]
_PHRASE_RE = [(re.compile(r"(?<![a-z])(?:" + p + r")(?![a-z])"), what) for p, what in _PHRASES]

_FILLER = {"pair", "pairs", "triple", "quad", "quartet", "quint", "sextuple", "septuple", "set",
           "in", "on", "of", "at", "with", "and", "the", "a", "an", "digit", "digits", "cell",
           "cells", "base", "cover", "baseset", "coverset", "type", "trap", "wrap", "single",
           "is", "are", "only", "connected", "by", "continuous", "discontinuous", "stem",
           "weak", "strong", "rule",
           "=", "-", ":", "/", "[", "]", "<", ">"}

_TOKEN = re.compile(
    r"(?P<place>r[1-9]c[1-9]=[1-9])"
    r"|(?P<cells>r[1-9]+c[1-9]+)"
    r"|(?P<house>[rcb][1-9]+)(?![0-9a-z])"
    r"|#(?P<hash>[1-9](?:,?[1-9])*)"
    r"|(?P<list>[1-9](?:,[1-9])+)(?![0-9])"
    r"|(?P<bare>[1-9]+)(?![0-9a-z])"
    r"|(?P<word>[a-z]+|[^\s,;])"
)


def parse_entry(text: str) -> Entry:
    """Read a typed entry.  Accepts the engine's own names too
    (`Locked Pair[2D] (hidden) r8c79 #57`, `Swordfish #3 BaseSet:R348 CoverSet:C136`);
    anything after '=>' (the effect) is ignored.  Raises EntryError."""
    raw = text.strip()
    if not raw:
        raise EntryError("type an instance, e.g. r6c45 #38 or Swordfish #3 R348 C136")
    s = raw.lower().split("=>")[0]
    s = re.sub(r"\[\d+d\]", " ", s)
    s = s.replace("(", " ").replace(")", " ").replace("baseset:", " ").replace("coverset:", " ")
    named: list[str] = []
    for rx, what in _PHRASE_RE:
        if rx.search(s):
            named.append(what)
            s = rx.sub(" ", s)
    cells: list[int] = []
    digits: list[int] = []
    houses: list[tuple[int, ...]] = []
    for m in _TOKEN.finditer(s):
        kind = m.lastgroup
        tok = m.group(0)
        if kind == "place":
            cells.append((int(tok[1]) - 1) * 9 + int(tok[3]) - 1)
            digits.append(int(tok[5]))
        elif kind == "cells":
            rows, cols = tok[1:].split("c")
            cells.extend((int(r) - 1) * 9 + int(c) - 1 for r in rows for c in cols)
        elif kind == "house":
            base = {"r": 0, "c": 9, "b": 18}[tok[0]]
            houses.append(tuple(sorted({base + int(k) - 1 for k in tok[1:]})))
        elif kind in ("hash", "list", "bare"):
            digits.extend(int(ch) for ch in m.group(kind) if ch.isdigit())
        elif kind == "word":
            if tok not in _FILLER:
                raise EntryError(f"'{tok}' in '{raw}' is not a cell, digit or technique "
                                 f"(try r6c45 #38, hidden r8c79 #57, X-Wing #5 r26 c37)")
    technique = family = None
    flags = {w[5:] for w in named if w.startswith("flag:")}
    ids = [w for w in named if ":" not in w]
    fams = [w[7:] for w in named if w.startswith("family:")]
    if len(set(ids)) > 1:
        raise EntryError(f"'{raw}' names two techniques ({', '.join(technique_name(t) for t in ids)}): pick one")
    if ids:
        technique = ids[0]
    elif flags:
        if len(flags) > 1:
            raise EntryError(f"'{raw}' says both naked and hidden: pick one")
        flag = flags.pop()
        single = len(set(cells)) == 1
        technique = f"{flag}-single" if single else f"{flag}-subset"
    elif fams:
        family = fams[0]
    cells = sorted(set(cells))
    digits = sorted(set(digits))
    if not cells and not houses:
        raise EntryError(f"'{raw}' names no cells: give them like r6c45 "
                         f"(or, for a fish, the lines like R348 C136)")
    return Entry(raw, technique, family, tuple(cells), tuple(digits), tuple(houses))


def selection_entry(cells, digits, technique: str | None = None) -> Entry:
    """An entry made on the grid: selected cells and digits."""
    cells = tuple(sorted(set(cells)))
    if not cells:
        raise EntryError("select the cells of the pattern first")
    text = cells_name(cells) + (" #" + "".join(map(str, sorted(set(digits)))) if digits else "")
    return Entry(text, technique, None, cells, tuple(sorted(set(digits))), ())


# ================================================================ matching

_CHAIN_FAMILIES = {"single-digit", "colouring", "chains", "als"}


def _family(tid: str) -> str:
    t = REGISTRY.get(tid)
    return t.family if t else ""


def _fish_lines(step: Step) -> tuple[tuple[int, ...], tuple[int, ...]]:
    def lines(txt: str) -> tuple[int, ...]:
        base = 0 if txt[0].lower() == "r" else 9
        return tuple(sorted(base + int(k) - 1 for k in txt[1:]))
    return lines(step.extra["base"]), lines(step.extra["cover"])


def _key_cells(step: Step) -> list[frozenset]:
    """Other cell groups a learner may use to name this step."""
    out = []
    ends = step.extra.get("ends")
    if ends:
        out.append(frozenset(_names_to_cells(ends)))
    stem = step.extra.get("stem")
    if stem:
        out.append(frozenset(_names_to_cells([stem])))
    return out


def _names_to_cells(names) -> list[int]:
    return [(int(n[1]) - 1) * 9 + int(n[3]) - 1 for n in names]


def match_score(entry: Entry, step: Step) -> int:
    """0: not this step; 1: a partial description that fits; 2: exact."""
    fam = _family(step.technique)
    # a partial description (some cells of a chain, a blossom's stem digits)
    # counts only when the learner named the technique or its family
    named = entry.technique == step.technique or (entry.technique is None and entry.family == fam)
    if entry.digits and set(entry.digits) != set(step.digits):
        stem_digits = step.extra.get("stem_digits")
        if not (named and stem_digits and set(entry.digits) <= set(stem_digits) | set(step.digits)):
            return 0
    score = 2
    if entry.houses:
        if fam == "fish":
            base, cover = _fish_lines(step)
            if entry.houses[0] != base:
                return 0
            if len(entry.houses) > 1 and entry.houses[1] != cover:
                return 0
            if len(entry.houses) > 2:
                return 0
        else:
            wanted = {h for g in entry.houses for h in g}
            if not wanted <= set(step.houses):
                return 0
    if entry.cells:
        want = frozenset(entry.cells)
        have = frozenset(step.cells)
        if want == have or want in _key_cells(step):
            pass
        elif named and fam in _CHAIN_FAMILIES and len(want) >= 2 and want <= have:
            score = 1
        else:
            return 0
    elif not entry.houses:
        return 0
    return score


# ================================================================ confusions

CONFUSIONS: dict[frozenset, tuple[str, str]] = {
    frozenset({"naked-subset", "hidden-subset"}): (
        "naked vs hidden",
        "naked: N cells hold only N digits; hidden: N digits fit only in N cells of a house"),
    frozenset({"naked-single", "hidden-single"}): (
        "naked vs hidden single",
        "naked single: the cell has one candidate left; hidden single: the digit has one place left in a house"),
    frozenset({"pointing", "claiming"}): (
        "pointing vs claiming",
        "pointing: inside a box the digit sits on one line; claiming: inside a line it sits in one box"),
    frozenset({"x-wing", "skyscraper"}): (
        "X-Wing vs Skyscraper",
        "an X-Wing's two links end in the same two cross lines; a Skyscraper's ends are offset, only one end pair lines up"),
    frozenset({"skyscraper", "two-string-kite"}): (
        "Skyscraper vs 2-String Kite",
        "a Skyscraper's two links are both rows or both columns; a kite joins a row link and a column link in a box"),
    frozenset({"skyscraper", "turbot-fish"}): (
        "Skyscraper vs Turbot Fish",
        "a Turbot Fish uses a box link (or joins its links through a box); a Skyscraper uses two parallel line links"),
    frozenset({"two-string-kite", "turbot-fish"}): (
        "2-String Kite vs Turbot Fish",
        "a kite's two links are a row and a column joined in a box; a Turbot Fish has a link that is only a box link"),
    frozenset({"x-wing", "swordfish"}): (
        "X-Wing vs Swordfish",
        "count the base lines: two for an X-Wing, three for a Swordfish"),
    frozenset({"swordfish", "jellyfish"}): (
        "Swordfish vs Jellyfish",
        "count the base lines: three for a Swordfish, four for a Jellyfish"),
    frozenset({"simple-colours", "x-cycle"}): (
        "colouring vs X-Cycle",
        "colouring uses strong links only; an X-Cycle is a closed loop mixing strong and weak links"),
}


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
    hit = CONFUSIONS.get(frozenset({said, actual}))
    return Confusion(said, actual, *hit) if hit else None


# ================================================================ find them all

@dataclass
class Verdict:
    """The answer to one entry (or claim, or pick)."""
    kind: str                   # found / duplicate / wrong / other / invalid (find-all);
    #                             correct / correct-other / true-unproved / wrong / invalid (others)
    message: str
    step: Step | None = None
    index: int | None = None    # which instance (0-based) for find-all
    confusion: Confusion | None = None
    highlight: dict = field(default_factory=dict)

    @property
    def counts(self) -> bool:
        """Whether the entry is a scored attempt (invalid input and repeats are not)."""
        return self.kind not in ("invalid", "duplicate")


def _target_ids(target: str) -> list[str]:
    return [t.id for t in resolve([target])]


def target_name(target: str) -> str:
    if target in REGISTRY:
        return REGISTRY[target].name
    return FAMILIES.get(target, target)


_FAMILY_NOUN = {"singles": "single", "locked-candidates": "Locked Candidates step",
                "locked-set": "LockedSet", "fish": "fish", "single-digit": "single-digit pattern",
                "colouring": "colouring step", "chains": "chain", "als": "ALS pattern"}


def target_noun(target: str) -> str:
    """What one instance is called: 'LockedSet', 'X-Wing'."""
    return technique_name(target) if target in REGISTRY else _FAMILY_NOUN.get(target, target)


def _an(word: str) -> str:
    return ("an " if word[:1] in "AEIOUaeiou" or word.startswith("X-") else "a ") + word


def reference_position() -> Position:
    """The LockedSet reference position: its puzzle after all singles."""
    from ..engine.formats import parse_position
    from ..engine.solve import apply_until_stuck
    return apply_until_stuck(parse_position(REFERENCE_PUZZLE), ["singles"])


class FindAllQuiz:
    """Find every instance of a technique or family in one position."""

    kind = "find-all"

    def __init__(self, position: Position, target: str, title: str | None = None,
                 source: str = ""):
        self.position = position
        self.target = target
        self.target_ids = _target_ids(target)
        self.instances: list[Step] = find_all(position, self.target_ids)
        self.title = title or f"Find every {target_name(target)}"
        self.source = source
        self.found: list[int] = []                 # instance indexes, in the order found
        self.entries: list[tuple[Entry | str, Verdict]] = []
        self.confusions: list[Confusion] = []
        self.revealed: list[int] = []
        self.gave_up = False
        self.started = time.monotonic()
        self.finished_at: float | None = None
        self._all_steps: list[Step] | None = None

    # ---------------------------------------------------------- state
    @property
    def total(self) -> int:
        return len(self.instances)

    @property
    def done(self) -> bool:
        return self.gave_up or len(self.found) == self.total

    def missed(self) -> list[int]:
        return [k for k in range(self.total) if k not in self.found]

    def counter(self) -> str:
        return f"{len(self.found)}/{self.total}"

    def elapsed(self) -> float:
        end = self.finished_at if self.finished_at is not None else time.monotonic()
        return end - self.started

    def _all(self) -> list[Step]:
        if self._all_steps is None:
            self._all_steps = find_all(self.position)
        return self._all_steps

    # ---------------------------------------------------------- entries
    def submit(self, entry: Entry | str) -> Verdict:
        if self.gave_up:
            return Verdict("invalid", "the quiz is over (you gave up); start a new one")
        if isinstance(entry, str):
            try:
                entry = parse_entry(entry)
            except EntryError as e:
                v = Verdict("invalid", str(e))
                self.entries.append((entry, v))
                return v
        v = self._judge(entry)
        self.entries.append((entry, v))
        if v.confusion:
            self.confusions.append(v.confusion)
        if len(self.found) == self.total and self.finished_at is None:
            self.finished_at = time.monotonic()
        return v

    def submit_selection(self, cells, digits, technique: str | None = None) -> Verdict:
        try:
            entry = selection_entry(cells, digits, technique)
        except EntryError as e:
            return Verdict("invalid", str(e))
        return self.submit(entry)

    def _best(self, entry: Entry, steps: list[Step], found=None) -> tuple[int, Step] | None:
        scored = []
        for k, s in enumerate(steps):
            sc = match_score(entry, s)
            if sc:
                named_ok = entry.technique in (None, s.technique)
                fam_ok = entry.family in (None, _family(s.technique))
                fresh = found is None or k not in found
                scored.append(((sc, named_ok, fam_ok, fresh, -k), k, s))
        if not scored:
            return None
        scored.sort(key=lambda x: x[0], reverse=True)
        return scored[0][1], scored[0][2]

    def _judge(self, entry: Entry) -> Verdict:
        if entry.technique and entry.technique not in REGISTRY:
            return Verdict("invalid", f"unknown technique '{entry.technique}'")
        hit = self._best(entry, self.instances, set(self.found))
        if hit:
            k, step = hit
            conf = confusion(entry.technique, step.technique)
            hl = _highlight(step)
            if k in self.found:
                msg = f"already found (#{self.found.index(k) + 1}): {step.name}"
                if conf:
                    msg += f" (and it is {technique_name(step.technique)}, not {technique_name(conf.said)})"
                return Verdict("duplicate", msg, step, k, conf, hl)
            if (entry.technique and entry.technique != step.technique and not conf
                    and _family(entry.technique) != _family(step.technique)):
                # right cells, but named as something of another family
                return Verdict("wrong", f"{entry.describe()} is not {_an(technique_name(entry.technique))}: "
                               f"those cells make {_an(technique_name(step.technique))} ({step.name})",
                               None, None, None, {"cells": list(entry.cells)})
            self.found.append(k)
            msg = f"found {len(self.found)}/{self.total}: {step.name}"
            if conf:
                msg += f" (but it is {technique_name(step.technique)}, not {technique_name(conf.said)}: {conf.tip})"
            elif entry.technique and entry.technique != step.technique:
                msg += f" (it is {technique_name(step.technique)})"
            return Verdict("found", msg, step, k, conf, hl)
        # an instance of something else?
        others = [s for s in self._all() if s.technique not in self.target_ids]
        hit = self._best(entry, others)
        if hit:
            _, step = hit
            said = entry.technique if entry.technique else (
                self.target_ids[0] if len(self.target_ids) == 1 else None)
            if said is None:
                said = _closest(step.technique, self.target_ids)
            conf = confusion(said, step.technique)
            msg = (f"that is {_an(technique_name(step.technique))} ({step.name}), not "
                   f"{_an(target_noun(self.target))}: it does not count here")
            if conf:
                msg += f". {conf.label}: {conf.tip}"
            return Verdict("other", msg, step, None, conf, _highlight(step))
        reason = why_not(self.position, entry, self.target_ids)
        return Verdict("wrong", f"not an instance: {reason}", None, None,
                       confusion_for_wrong(self.position, entry, self.target_ids), {
                           "cells": list(entry.cells)})

    # ---------------------------------------------------------- giving up and score
    def give_up(self) -> list[int]:
        """End the quiz; returns the missed instances (reveal them one by one)."""
        self.gave_up = True
        if self.finished_at is None:
            self.finished_at = time.monotonic()
        return self.missed()

    def reveal_next(self) -> Step | None:
        """After giving up: the next missed instance, or None when all are shown."""
        for k in self.missed():
            if k not in self.revealed:
                self.revealed.append(k)
                return self.instances[k]
        return None

    def score(self) -> "Score":
        right = len(self.found)
        wrong = sum(1 for _, v in self.entries if v.kind in ("wrong", "other"))
        return Score(found=right, total=self.total, wrong=wrong,
                     duplicates=sum(1 for _, v in self.entries if v.kind == "duplicate"),
                     gave_up=self.gave_up)

    def result(self) -> float:
        return self.score().f1

    def summary(self) -> str:
        sc = self.score()
        lines = [sc.text()]
        if self.confusions:
            seen = []
            for c in self.confusions:
                if c.label not in seen:
                    seen.append(c.label)
                    lines.append(f"watch out, {c.message}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Score:
    found: int
    total: int
    wrong: int
    duplicates: int = 0
    gave_up: bool = False

    @property
    def recall(self) -> float:
        return self.found / self.total if self.total else 1.0

    @property
    def precision(self) -> float:
        tried = self.found + self.wrong
        return self.found / tried if tried else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def text(self) -> str:
        return (f"found {self.found}/{self.total} (recall {self.recall:.0%}), "
                f"{self.wrong} wrong (precision {self.precision:.0%})"
                + (f", {self.duplicates} repeated" if self.duplicates else ""))


def _closest(actual: str, target_ids: list[str]) -> str | None:
    """The target technique a learner most likely had in mind."""
    for t in target_ids:
        if frozenset({t, actual}) in CONFUSIONS:
            return t
    return None


def _highlight(step: Step) -> dict:
    return {"cells": list(step.cells), "digits": list(step.digits),
            "eliminations": list(step.eliminations), "placements": list(step.placements),
            "houses": list(step.houses)}


def why_not(pos: Position, entry: Entry, target_ids: list[str]) -> str:
    """The pattern check's reason an entry is not an instance."""
    tid = entry.technique
    if tid is None and entry.family:
        fam_ids = [t.id for t in resolve([entry.family])]
        tid = fam_ids[0] if len(fam_ids) == 1 else None
        fam = entry.family
    else:
        fam = _family(tid) if tid else None
    if tid is None and fam is None:
        fams = {_family(t) for t in target_ids}
        fam = fams.pop() if len(fams) == 1 else None
        if len(target_ids) == 1:
            tid = target_ids[0]
    if fam is None:
        # guess from the entry's shape
        if entry.houses and not entry.cells:
            fam = "fish"
        elif len(entry.cells) == 1:
            fam = "singles"
        elif len(entry.digits) == 1:
            fam = "locked-candidates"
        else:
            fam = "locked-set"
    cells, digits = list(entry.cells), list(entry.digits)
    if fam == "singles":
        return checks.single_reason(pos, cells, digits, tid)
    if fam == "locked-set":
        kind = {"naked-subset": "naked", "hidden-subset": "hidden"}.get(tid or "")
        return checks.subset_reason(pos, cells, digits, kind)
    if fam == "locked-candidates":
        houses = [h for g in entry.houses for h in g]
        return checks.locked_reason(pos, cells, digits, houses, tid)
    if fam == "fish":
        base = list(entry.houses[0]) if entry.houses else []
        cover = list(entry.houses[1]) if len(entry.houses) > 1 else []
        if not base and cells and len(digits) == 1:
            return checks.digit_reason(pos, cells, digits, technique_name(tid) if tid else "fish", tid)
        return checks.fish_reason(pos, digits, base, cover, tid)
    label = technique_name(tid) if tid else FAMILIES.get(fam, fam)
    return checks.digit_reason(pos, cells, digits, label, tid)


def confusion_for_wrong(pos: Position, entry: Entry, target_ids: list[str]) -> Confusion | None:
    """A wrong entry named as one technique whose cells make a valid pattern of
    its confusable partner, e.g. 'hidden r6c45 #38' where r6c45 is a naked
    set that removes nothing more: recorded as naked vs hidden."""
    if entry.technique in ("naked-subset", "hidden-subset") and len(entry.cells) >= 2:
        cells, digits = list(entry.cells), list(entry.digits)
        if entry.technique == "hidden-subset" and checks.is_naked(pos, cells, digits):
            return confusion("hidden-subset", "naked-subset")
        if entry.technique == "naked-subset" and checks.is_hidden(pos, cells, digits):
            return confusion("naked-subset", "hidden-subset")
    return None


# ================================================================ find the elimination

class EliminateQuiz:
    """The technique is the simplest step here: claim what it removes."""

    kind = "eliminate"

    def __init__(self, position: Position, target: str, source: str = ""):
        self.position = position
        self.target = target
        self.target_ids = _target_ids(target)
        self.answers: list[Step] = find_all(position, self.target_ids)
        self.source = source
        self.attempts: list[tuple[str, Verdict]] = []
        self.solved = False
        self.gave_up = False
        self.started = time.monotonic()
        self.confusions: list[Confusion] = []

    @property
    def done(self) -> bool:
        return self.solved or self.gave_up

    def prompt(self) -> str:
        return (f"{target_name(self.target)} is the simplest step here. Claim an elimination it makes "
                f"(e.g. r6c9<>5).")

    def submit(self, claim: str, by: str | None = None, pattern: str | None = None) -> Verdict:
        from ..engine import judge as judge_mod
        by = by or (self.target_ids[0] if len(self.target_ids) == 1 else None)
        try:
            jv = judge_mod.judge(self.position, claim, by=by, pattern=pattern)
        except Exception as e:  # the judge answers bad claims itself; guard the UI anyway
            v = Verdict("invalid", f"could not read '{claim}': {e}")
            self.attempts.append((claim, v))
            return v
        steps = list(getattr(jv, "steps", None) or [])
        step = steps[0] if steps else None
        kind = getattr(jv, "kind", "invalid")
        msg = getattr(jv, "message", "") or kind
        tech = getattr(jv, "technique", None) or (step.technique if step else None)
        if kind == "proved" and tech and tech not in self.target_ids:
            kind = "proved-other"
        if kind == "proved":
            v = Verdict("correct", f"right: {msg}", step, highlight=_highlight(step) if step else {})
            self.solved = True
        elif kind == "proved-other":
            conf = confusion(by, tech)
            if conf:
                self.confusions.append(conf)
            v = Verdict("correct-other",
                        f"true, but by {technique_name(tech) if tech else 'another technique'}, "
                        f"not {target_name(self.target)}: {msg}", step, confusion=conf,
                        highlight=_highlight(step) if step else {})
            self.solved = True
        elif kind == "true-unproved":
            v = Verdict("true-unproved", f"right answer, no reason yet: {msg}")
        elif kind == "false":
            v = Verdict("wrong", msg, highlight=dict(getattr(jv, "highlight", {}) or {}))
        else:
            v = Verdict("invalid", msg)
        self.attempts.append((claim, v))
        return v

    def give_up(self) -> Step | None:
        self.gave_up = True
        return self.answers[0] if self.answers else None

    def result(self) -> float:
        tried = [v for _, v in self.attempts if v.counts]
        if not self.solved:
            return 0.0
        return 1.0 / max(1, len(tried))


# ================================================================ name the technique

# Plausible wrong answers per technique: its usual confusions first, then neighbours.
_PLAUSIBLE = {
    "naked-single": ["hidden-single", "naked-subset", "pointing", "claiming"],
    "hidden-single": ["naked-single", "hidden-subset", "claiming", "pointing"],
    "pointing": ["claiming", "naked-subset", "x-wing", "hidden-single"],
    "claiming": ["pointing", "hidden-subset", "naked-subset", "x-wing"],
    "naked-subset": ["hidden-subset", "pointing", "claiming", "naked-single"],
    "hidden-subset": ["naked-subset", "claiming", "hidden-single", "pointing"],
    "x-wing": ["skyscraper", "swordfish", "two-string-kite", "pointing"],
    "skyscraper": ["x-wing", "two-string-kite", "turbot-fish", "swordfish"],
    "two-string-kite": ["skyscraper", "turbot-fish", "x-wing", "simple-colours"],
    "turbot-fish": ["skyscraper", "two-string-kite", "x-cycle", "x-wing"],
    "simple-colours": ["x-cycle", "turbot-fish", "two-string-kite", "skyscraper"],
    "swordfish": ["x-wing", "jellyfish", "skyscraper", "simple-colours"],
    "jellyfish": ["swordfish", "x-wing", "x-cycle", "simple-colours"],
    "x-cycle": ["simple-colours", "turbot-fish", "skyscraper", "swordfish"],
    "death-blossom": ["x-cycle", "naked-subset", "simple-colours", "jellyfish"],
}


def name_options(answer: str, seed: int = 0, count: int = 4) -> list[str]:
    """The right id plus count-1 plausible distractors, in a seeded order."""
    known = {t.id for t in ladder()}
    pool = [t for t in _PLAUSIBLE.get(answer, []) if t in known and t != answer]
    rank = {t.id: t.rank for t in ladder()}
    near = sorted((t for t in known if t != answer and t not in pool),
                  key=lambda t: (abs(rank[t] - rank.get(answer, 0)), rank[t]))
    rng = random.Random(f"name:{answer}:{seed}")
    first = pool[:2]                       # the two likeliest mix-ups always appear
    rest = pool[2:] + near[:2]
    rng.shuffle(rest)
    options = [answer] + first + rest
    options = list(dict.fromkeys(options))[:count]
    rng.shuffle(options)
    return options


class NameQuiz:
    """One step is shown on the grid; which technique is it?"""

    kind = "name"

    def __init__(self, position: Position, step: Step, seed: int = 0, source: str = ""):
        self.position = position
        self.step = step
        self.answer = step.technique
        self.options = name_options(step.technique, seed)
        self.source = source
        self.picked: str | None = None
        self.verdict: Verdict | None = None
        self.started = time.monotonic()
        self.confusions: list[Confusion] = []

    @property
    def target(self) -> str:
        return self.answer

    @property
    def done(self) -> bool:
        return self.picked is not None

    def highlight(self) -> dict:
        return _highlight(self.step)

    def prompt(self) -> str:
        letters = "  ".join(f"{k + 1}) {technique_name(t)}" for k, t in enumerate(self.options))
        return f"Which technique is highlighted? {letters}"

    def answer_with(self, choice) -> Verdict:
        """choice: a technique id, a display name, or 1..4."""
        if self.picked is not None:
            return self.verdict
        tid = None
        if isinstance(choice, int) or (isinstance(choice, str) and choice.strip().isdigit()):
            k = int(choice) - 1
            if not 0 <= k < len(self.options):
                return Verdict("invalid", f"pick 1 to {len(self.options)}")
            tid = self.options[k]
        else:
            text = str(choice).strip().lower()
            for t in self.options:
                if text in (t, technique_name(t).lower()):
                    tid = t
            if tid is None:
                return Verdict("invalid", f"'{choice}' is not one of the options")
        self.picked = tid
        if tid == self.answer:
            self.verdict = Verdict("correct", f"right: {self.step.name}", self.step,
                                   highlight=_highlight(self.step))
        else:
            conf = confusion(tid, self.answer)
            if conf:
                self.confusions.append(conf)
            msg = f"no, it is {technique_name(self.answer)}: {self.step.name}"
            if conf:
                msg += f". {conf.label}: {conf.tip}"
            self.verdict = Verdict("wrong", msg, self.step, confusion=conf,
                                   highlight=_highlight(self.step))
        return self.verdict

    def give_up(self) -> Verdict:
        if self.picked is None:
            self.picked = ""
            self.verdict = Verdict("wrong", f"it is {technique_name(self.answer)}: {self.step.name}",
                                   self.step, highlight=_highlight(self.step))
        return self.verdict

    def result(self) -> float:
        return 1.0 if self.verdict and self.verdict.kind == "correct" else 0.0


# ================================================================ making quizzes

def _practice(target: str, seed: int, limit: int = 8):
    """Seeded practice positions for a technique or family."""
    from .practice import practice_positions
    ids = _target_ids(target)
    if len(ids) == 1:
        return practice_positions(ids[0], limit, seed)
    rng = random.Random(f"family:{target}:{seed}")
    out = []
    for tid in ids:
        out.extend(practice_positions(tid, limit, seed))
    rng.shuffle(out)
    return out[:limit]


def check_target(target: str, kind: str = "find-all") -> list[str]:
    """The technique ids a quiz target stands for; raises UnknownTechnique
    (one line, listing the known names) for an unknown target or kind."""
    if kind not in KINDS:
        raise UnknownTechnique(f"unknown quiz kind '{kind}' (known: {', '.join(KINDS)})")
    return _target_ids(target)


def make_quiz(kind: str, target: str, seed: int | None = None, position: Position | None = None):
    """A quiz of a kind on a technique id or family.  With no seed, the
    LockedSet find-all quiz is the shipped reference (the 25 LockedSets);
    otherwise positions come from the practice cache by seed."""
    if kind not in KINDS:
        raise UnknownTechnique(f"unknown quiz kind '{kind}' (known: {', '.join(KINDS)})")
    resolve([target])                    # unknown names raise here, with the known list
    if kind == "find-all":
        if position is None and seed is None and target == "locked-set":
            return reference_quiz()
        if position is not None:
            return FindAllQuiz(position, target)
        cands = _practice(target, seed or 0)
        if not cands:
            raise UnknownTechnique(f"no practice positions for {target}")
        best = max(cands[:8], key=lambda p: min(len(find_all(p.position, _target_ids(target))), 6))
        return FindAllQuiz(best.position, target, source=best.source)
    if position is None:
        cands = _practice(target, seed or 0, 1)
        if not cands:
            raise UnknownTechnique(f"no practice positions for {target}")
        position, source = cands[0].position, cands[0].source
    else:
        source = ""
    if kind == "eliminate":
        return EliminateQuiz(position, target, source)
    steps = find_all(position, _target_ids(target))
    if not steps:
        raise UnknownTechnique(f"no {target_name(target)} in this position")
    rng = random.Random(f"step:{target}:{seed or 0}")
    return NameQuiz(position, steps[rng.randrange(len(steps))], seed or 0, source)


def reference_quiz() -> FindAllQuiz:
    """The shipped quiz: all 25 LockedSets of the reference position."""
    return FindAllQuiz(reference_position(), "locked-set",
                       title="This position holds 25 LockedSets: find them all",
                       source=REFERENCE_PUZZLE)
