"""The judge: check a learner's claimed eliminations/placements and say why.

    judge(position, "r6c3<>3", by="naked pair", pattern="r6c45") -> Verdict

Verdict kinds, tried in this order:

* invalid:       the claim cannot be judged (malformed, a solved cell, a
                 candidate that is not there, a broken position, or a puzzle
                 with no or several solutions);
* false:         a claimed elimination is the solution digit, or a claimed
                 placement is not;
* proved:        one step of the named technique (of any technique when none
                 is named) found in this position does everything claimed;
                 failing one step, several steps of it together;
* proved-other:  steps of some other technique do it;
* true-unproved: everything claimed is true in the solution, but no step the
                 engine knows does it here yet.

Placements count as their consequences too: a step placing r1c1=5 proves
r1c1<>3 and r1c7<>5 (they follow the moment the digit is written).

Pure engine code: no UI imports.  Finder results, solutions and look-ahead
walks are cached per position (keyed by its values and candidates), so
judging many claims on one position costs one search.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from .finder import FAMILIES, REGISTRY, UnknownTechnique, ladder
from .grid import MASK_DIGITS, PEERS, cell_name, cells_name, parse_cells
from .judge_patterns import SET_WORDS, check_pattern
from .position import Position
from .step import Step, effects_text

LOOKAHEAD_STEPS = 100       # how far the engine solves on for 'true-unproved' (steps)
CACHE_SIZE = 32             # positions whose finder results are kept


# ================================================================== claims

class ClaimError(ValueError):
    """A malformed claim; the message names the bad part."""


@dataclass(frozen=True)
class Claim:
    eliminations: tuple[tuple[int, int], ...] = ()   # (cell, digit), sorted
    placements: tuple[tuple[int, int], ...] = ()     # (cell, digit), sorted

    def text(self) -> str:
        parts = [f"{cell_name(i)}<>{d}" for i, d in self.eliminations]
        parts += [f"{cell_name(i)}={d}" for i, d in self.placements]
        return ", ".join(parts)

    def items(self) -> list[tuple[int, int, bool]]:
        """(cell, digit, is_placement) for every claimed item."""
        return [(i, d, False) for i, d in self.eliminations] + [(i, d, True) for i, d in self.placements]

    def __str__(self) -> str:
        return self.text()


_CELLS = r"[rR][0-9]+[cC][0-9]+"
_PART = re.compile(rf"(?P<cells>{_CELLS}(?:\s+{_CELLS})*)\s*(?P<op><>|!=|≠|=)\s*#?(?P<digits>\S*)")
_CELL_GROUP = re.compile(rf"{_CELLS}")
_EXAMPLE = "write e.g. r6c9<>5, r6c9<>58, r6c89<>5 or r1c2=7"


def parse_claim(text: str) -> Claim:
    """'r6c9<>5', 'r6c9<>5,r6c8<>5', 'r6c9<>58', 'r6c89<>5', 'r1c2=7' -> Claim.

    Parts are separated by commas, semicolons or spaces.  Raises ClaimError
    naming the bad part."""
    if text is None or not str(text).strip():
        raise ClaimError(f"the claim is empty: {_EXAMPLE}")
    raw = [t for t in re.split(r"[,;]+|\s+(?=[rR]\d)", str(text).strip()) if t.strip()]
    # glue back 'r4c7 r5c79<>5' (cells listed with spaces) and 'r6c9<>5,8'
    parts: list[str] = []
    pending = ""
    for tok in (t.strip() for t in raw):
        if re.fullmatch(rf"{_CELLS}", tok):
            pending = f"{pending} {tok}".strip()
            continue
        if tok.isdigit() and parts and pending == "" and "<>" in parts[-1]:
            parts[-1] += tok
            continue
        parts.append(f"{pending} {tok}".strip() if pending else tok)
        pending = ""
    if pending:
        raise ClaimError(f"'{pending}' says no digit: {_EXAMPLE}")
    elims: set[tuple[int, int]] = set()
    places: set[tuple[int, int]] = set()
    for part in parts:
        m = _PART.fullmatch(part)
        if not m:
            raise ClaimError(f"'{part}' is not a claim: {_EXAMPLE}")
        cells = _claim_cells(m.group("cells"), part)
        digits = m.group("digits")
        if not digits:
            raise ClaimError(f"'{part}' names no digit: {_EXAMPLE}")
        if not re.fullmatch(r"[1-9]+", digits):
            raise ClaimError(f"'{part}': digits run from 1 to 9")
        if m.group("op") == "=":
            if len(cells) != 1:
                raise ClaimError(f"'{part}' places a digit in {len(cells)} cells; a placement names one cell")
            if len(set(digits)) != 1:
                raise ClaimError(f"'{part}' places {len(set(digits))} digits in one cell; name one")
            places.add((cells[0], int(digits[0])))
        else:
            for i in cells:
                for ch in digits:
                    elims.add((i, int(ch)))
    return Claim(tuple(sorted(elims)), tuple(sorted(places)))


def _claim_cells(text: str, part: str) -> list[int]:
    cells: list[int] = []
    for group in _CELL_GROUP.findall(text):
        m = re.fullmatch(r"[rR]([0-9]+)[cC]([0-9]+)", group)
        rows, cols = m.group(1), m.group(2)
        if "0" in rows + cols:
            raise ClaimError(f"'{group}' in '{part}' is not a cell: rows and columns run from 1 to 9")
        for r in rows:
            for c in cols:
                i = (int(r) - 1) * 9 + int(c) - 1
                if i not in cells:
                    cells.append(i)
    return cells


# ================================================================== technique names

@dataclass(frozen=True)
class Named:
    """What the learner named: technique ids, an optional subset size, a label."""
    ids: tuple[str, ...]
    size: int | None
    label: str


_SIZE_WORDS = {"pair": 2, "pairs": 2, "triple": 3, "triples": 3, "triplet": 3, "quad": 4, "quads": 4,
               "quadruple": 4, "quartet": 4, "quint": 5, "quintuple": 5, "sextuple": 6, "septuple": 7}

_ALIASES = {
    "full house": ("naked-single",), "naked single": ("naked-single",), "hidden single": ("hidden-single",),
    "single": ("singles",), "singles": ("singles",),
    "pointing": ("pointing",), "pointing pair": ("pointing",), "pointing triple": ("pointing",),
    "locked candidates type 1": ("pointing",), "locked candidates 1": ("pointing",), "lc1": ("pointing",),
    "claiming": ("claiming",), "box line reduction": ("claiming",), "box line": ("claiming",),
    "locked candidates type 2": ("claiming",), "locked candidates 2": ("claiming",), "lc2": ("claiming",),
    "locked candidates": ("locked-candidates",), "locked candidate": ("locked-candidates",),
    "naked subset": ("naked-subset",), "naked set": ("naked-subset",),
    "hidden subset": ("hidden-subset",), "hidden set": ("hidden-subset",),
    "locked set": ("locked-set",), "lockedset": ("locked-set",), "subset": ("locked-set",),
    "subsets": ("locked-set",),
    "x wing": ("x-wing",), "xwing": ("x-wing",), "sword fish": ("swordfish",), "swordfish": ("swordfish",),
    "jelly fish": ("jellyfish",), "jellyfish": ("jellyfish",), "fish": ("fish",), "basic fish": ("fish",),
    "sky scraper": ("skyscraper",), "skyscraper": ("skyscraper",),
    "two string kite": ("two-string-kite",), "2 string kite": ("two-string-kite",),
    "kite": ("two-string-kite",), "turbot": ("turbot-fish",), "turbot fish": ("turbot-fish",),
    "single digit": ("single-digit",), "single digit patterns": ("single-digit",),
    "simple colours": ("simple-colours",), "simple colors": ("simple-colours",),
    "simple colouring": ("simple-colours",), "simple coloring": ("simple-colours",),
    "colouring": ("simple-colours",), "coloring": ("simple-colours",), "colours": ("simple-colours",),
    "colors": ("simple-colours",), "x cycle": ("x-cycle",), "x cycles": ("x-cycle",),
    "xcycle": ("x-cycle",), "death blossom": ("death-blossom",), "als": ("als",),
}


def _norm(text: str) -> str:
    t = re.sub(r"\(.*?\)", " ", str(text).lower())
    t = re.sub(r"[-_/:]+", " ", t)
    return " ".join(t.split())


def resolve_technique(by: str) -> Named:
    """A technique id, family alias or display name -> Named.  'naked pair'
    is naked-subset of size 2.  Raises UnknownTechnique."""
    ladder()  # load the registry
    raw = str(by).strip()
    key = _norm(raw)
    size = None
    words = key.split()
    if len(words) >= 2 and words[-1] in _SIZE_WORDS and words[0] in ("naked", "hidden", "locked"):
        size = _SIZE_WORDS[words[-1]]
        kind = {"naked": "naked-subset", "hidden": "hidden-subset", "locked": "naked-subset"}[words[0]]
        if kind in REGISTRY:
            word = SET_WORDS.get(size, f"Set of {size}")
            prefix = "Hidden" if kind == "hidden-subset" else "Naked"
            return Named((kind,), size, f"{prefix} {word}")
    names = _ALIASES.get(key)
    if names is None:
        dashed = key.replace(" ", "-")
        if dashed in REGISTRY or any(t.family == dashed for t in REGISTRY.values()):
            names = (dashed,)
        else:
            for t in REGISTRY.values():
                if _norm(t.name) == key:
                    names = (t.id,)
                    break
    if names is None:
        known = ", ".join(t.id for t in ladder())
        raise UnknownTechnique(f"unknown technique '{raw}' (known: {known})")
    ids: list[str] = []
    for n in names:
        if n in REGISTRY:
            ids.append(n)
        else:
            ids.extend(t.id for t in ladder() if t.family == n)
    if not ids:
        raise UnknownTechnique(f"the technique '{raw}' is not available in this engine yet")
    if len(ids) == 1:
        label = technique_label(ids[0])
    else:
        fam = REGISTRY[ids[0]].family
        label = FAMILIES.get(fam, fam).split(" (")[0]
    return Named(tuple(ids), size, label)


_SHORT = {"naked-single": "Naked Single", "hidden-single": "Hidden Single", "pointing": "Pointing",
          "claiming": "Claiming", "naked-subset": "Naked Subset", "hidden-subset": "Hidden Subset"}


def technique_label(tid: str) -> str:
    if tid in _SHORT:
        return _SHORT[tid]
    t = REGISTRY.get(tid)
    return t.name if t else tid


def step_label(step: Step) -> str:
    """What a learner calls this step: 'Naked Pair', 'Skyscraper'."""
    if step.technique in ("naked-subset", "hidden-subset"):
        size = step.extra.get("size") or len(step.cells)
        prefix = "Hidden" if step.technique == "hidden-subset" else "Naked"
        return f"{prefix} {SET_WORDS.get(size, f'Set of {size}')}"
    if step.technique == "naked-single" and step.extra.get("full_house"):
        return "Full House"
    return technique_label(step.technique)


def _an(label: str) -> str:
    return ("an " if label[:1] in "AEIOUaeiou" or label.startswith("X-") else "a ") + label


_STEP_NOUNS = {"Pointing", "Claiming", "Simple Colours", "Simple Colors"}


def _a_step(label: str) -> str:
    """'an X-Wing', 'a Pointing step', 'a Fish step': reads as a noun either way."""
    if label in _STEP_NOUNS or label in {v.split(" (")[0] for v in FAMILIES.values()}:
        return _an(label + " step")
    return _an(label)


def _lead(step: Step) -> str:
    return step.text.split(" => ")[0] if step.text else step.name


# ================================================================== verdicts

@dataclass
class Verdict:
    kind: str                 # 'proved' | 'proved-other' | 'true-unproved' | 'false' | 'invalid'
    message: str              # never empty
    technique: str | None = None
    steps: list = field(default_factory=list)        # the proof (Step objects)
    claim: Claim | None = None
    highlight: dict = field(default_factory=dict)
    also: list = field(default_factory=list)         # (cell, digit) the proof removes beyond the claim
    hint: Step | None = None                         # true-unproved: the simplest step available now
    later: dict | None = None                        # true-unproved: {'steps': n, 'technique': id} or None

    def to_json(self) -> dict:
        return {
            "verdict": self.kind,
            "technique": self.technique,
            "step": self.steps[0].to_json() if self.steps else None,
            "steps": [s.to_json() for s in self.steps],
            "message": self.message,
            "claim": self.claim.text() if self.claim else None,
            "also": [f"{cell_name(i)}<>{d}" for i, d in self.also],
            "hint": self.hint.to_json() if self.hint else None,
            "later": self.later,
        }


def _highlight(cells=(), eliminations=(), placements=(), failing=(), solution=()) -> dict:
    return {"cells": sorted(set(cells)), "eliminations": sorted(set(eliminations)),
            "placements": sorted(set(placements)), "failing": sorted(set(failing)),
            "solution": sorted(set(solution))}


# ================================================================== cache

def _tier(tid: str) -> int:
    """Ladder rank, with the two subset views sharing one tier (every split of
    a house is both a naked and a hidden set: the smaller side should win)."""
    if tid == "hidden-subset" and "naked-subset" in REGISTRY:
        return REGISTRY["naked-subset"].rank
    t = REGISTRY.get(tid)
    return t.rank if t else 1000


class _Entry:
    """Everything the judge learns about one position."""

    def __init__(self, pos: Position):
        self.pos = pos.copy()
        self._steps: dict[str, list[Step]] = {}
        self._effects: dict[str, list[tuple[int, Step, frozenset]]] = {}
        self._index: dict[str, dict] = {}
        self._broken: tuple | None = None
        self._solution = pos._solution
        self._next: tuple | None = None
        self.looks: dict = {}

    def broken(self) -> str | None:
        """What is wrong with the position itself, or None (cached)."""
        if self._broken is None:
            self._broken = (self.pos.contradiction() or self.pos.conflicts_with_values() or "",)
        return self._broken[0] or None

    def solution_info(self):
        if self._solution is None:
            self._solution = self.pos.solution_info()
        return self._solution

    def steps(self, tid: str) -> list[Step]:
        found = self._steps.get(tid)
        if found is None:
            found = self._steps[tid] = REGISTRY[tid].finder(self.pos)
        return found

    def effects(self, tid: str) -> list[tuple[int, Step, frozenset]]:
        """(index, step, effect set of (cell, digit, is_placement))."""
        out = self._effects.get(tid)
        if out is None:
            out = self._effects[tid] = [(k, s, step_effect(self.pos, s)) for k, s in enumerate(self.steps(tid))]
        return out

    def covering(self, tid: str, item) -> list[tuple[int, Step, frozenset]]:
        """The steps of `tid` whose effect includes `item` (an inverted index,
        so judging many claims on one position stays cheap)."""
        index = self._index.get(tid)
        if index is None:
            index = self._index[tid] = {}
            for entry in self.effects(tid):
                for it in entry[2]:
                    index.setdefault(it, []).append(entry)
        return index.get(item, [])

    def next_step(self) -> Step | None:
        if self._next is None:
            first = None
            for t in ladder():
                found = self.steps(t.id)
                if found:
                    first = found[0]
                    break
            self._next = (first,)
        return self._next[0]


_CACHE: OrderedDict = OrderedDict()


_CACHE_LOCK = threading.Lock()   # the app may judge from a worker thread


def _entry(pos: Position) -> _Entry:
    key = pos.key()
    with _CACHE_LOCK:
        e = _CACHE.get(key)
        if e is None:
            e = _CACHE[key] = _Entry(pos)
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
        else:
            _CACHE.move_to_end(key)
    return e


def clear_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def step_effect(pos: Position, step: Step) -> frozenset:
    """What a step settles: its eliminations, its placements, and what each
    placement removes at once (the cell's other digits, the digit from peers)."""
    out = {(i, d, False) for i, d in step.eliminations}
    for i, d in step.placements:
        out.add((i, d, True))
        out.update((i, e, False) for e in MASK_DIGITS[pos.cands[i]] if e != d)
        out.update((j, d, False) for j in PEERS[i] if pos.has(j, d))
    return frozenset(out)


# ================================================================== judge

def judge(position, claim, by: str | None = None, pattern=None) -> Verdict:
    """Judge a claim about a position; see the module docstring."""
    pos = position if isinstance(position, Position) else _parse_position(position)
    try:
        c = claim if isinstance(claim, Claim) else parse_claim(claim)
    except ClaimError as e:
        return Verdict("invalid", _sentence(str(e)), None, [], None, _highlight())
    named = None
    if by:
        try:
            named = resolve_technique(by)
        except UnknownTechnique as e:
            return Verdict("invalid", _sentence(str(e)), None, [], c, _highlight())
    tech_id = named.ids[0] if named and len(named.ids) == 1 else None
    pcells: list[int] = []
    if pattern is not None and pattern != "" and pattern != []:
        try:
            pcells = sorted(set(parse_cells(pattern) if isinstance(pattern, str) else
                                (int(i) for i in pattern)))
            if any(not 0 <= i < 81 for i in pcells):
                raise ValueError("pattern cells run from r1c1 to r9c9")
        except (ValueError, TypeError) as e:
            return Verdict("invalid", _sentence(f"pattern: {e}"), tech_id, [], c, _highlight())
    if not c.eliminations and not c.placements:
        return Verdict("invalid", "The claim is empty.", tech_id, [], c, _highlight())
    problem = _claim_problem(pos, c)
    if problem:
        return Verdict("invalid", _sentence(problem[0]), tech_id, [], c, _highlight(cells=[problem[1]]))
    entry = _entry(pos)
    broken = entry.broken()
    if broken:
        return Verdict("invalid", f"The position is broken ({broken}), so the engine cannot "
                       f"call any claim true or false.", tech_id, [], c, _highlight())
    count, sol = entry.solution_info()
    if count == 0:
        return Verdict("invalid", "This position has no solution, so the engine cannot call any "
                       "claim true or false.", tech_id, [], c, _highlight())
    if count > 1:
        return Verdict("invalid", "This position has several solutions, so the engine cannot call "
                       "any claim true or false.", tech_id, [], c, _highlight())
    return _Judging(entry, c, named, pcells, sol).run()


def _parse_position(text) -> Position:
    from .formats import parse_position
    return parse_position(str(text))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return "The claim cannot be judged."
    if text[0].islower() and not re.match(r"r\d", text):
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _claim_problem(pos: Position, c: Claim):
    for i, d, placing in c.items():
        if pos.values[i]:
            return f"{cell_name(i)} is already solved ({pos.values[i]})", i
        if not pos.cands[i] >> (d - 1) & 1:
            return f"{cell_name(i)} has no candidate {d}", i
    return None


class _Judging:
    """One judge() call once the claim and position are known to be sound."""

    def __init__(self, entry: _Entry, claim: Claim, named: Named | None, pcells: list[int], sol):
        self.e = entry
        self.pos = entry.pos
        self.claim = claim
        self.named = named
        self.pcells = pcells
        self.sol = sol
        self.items = claim.items()
        self.want = frozenset(self.items)
        self.tech_id = named.ids[0] if named and len(named.ids) == 1 else None
        self.report = self._check_pattern()

    # ------------------------------------------------------------ pieces
    def _check_pattern(self):
        if not self.pcells or not self.named:
            return None
        reports = []
        for tid in self.named.ids:
            label = self.named.label if len(self.named.ids) == 1 else technique_label(tid)
            if tid in ("naked-subset", "hidden-subset") and not self.named.size:
                word = SET_WORDS.get(len(self.pcells))
                if word:
                    label = f"{'Hidden' if tid == 'hidden-subset' else 'Naked'} {word}"
            r = check_pattern(self.pos, tid, self.named.size, self.pcells, self.items, label)
            if r is not None:
                reports.append(r)
        for r in reports:
            if r.covers(self.items):
                return r
        for r in reports:
            if r.ok:
                return r
        return reports[0] if reports else None

    def _pattern_note(self, step: Step | None = None, named_proves: bool = False) -> str:
        """A sentence about the learner's pattern, or ''."""
        name = cells_name(self.pcells)
        r = self.report
        if r is not None:
            if not r.ok:
                return f"Your pattern {name} fails: {r.reason}."
            noun = r.label + " pattern" if r.label in _STEP_NOUNS else r.label
            miss = r.misses(self.items)
            if miss:
                return f"{name} is {_an(noun)}, but {miss}."
            if r.covers(self.items) and not named_proves:
                # the check and the finder disagree: say so rather than hide it
                return (f"{name} does form {_an(noun)} that removes it, but the engine's finder "
                        f"does not report that step here.")
            return ""
        if self.pcells and step is not None and _match(step, self.pcells) > 1:
            return f"The step that proves it does not use {name}."
        return ""

    def _failing(self):
        return self.report.failing if self.report is not None and not self.report.ok else []

    def _allowed(self, tid: str, step: Step) -> bool:
        if self.named and self.named.size and tid in ("naked-subset", "hidden-subset"):
            return step.extra.get("size", len(step.cells)) == self.named.size
        return True

    def _choice_key(self, tid, k, step):
        size = step.extra.get("size", 0) if isinstance(step.extra.get("size", 0), int) else 0
        m = _match(step, self.pcells) if self.pcells else 0
        return (m, _tier(tid), size, len(step.cells), REGISTRY[tid].rank, k)

    def _single(self, tids) -> Step | None:
        """The simplest step among techniques `tids` doing the whole claim.
        Without a pattern, stops at the first tier of the ladder that has one."""
        best = None
        tiers: dict[int, list[str]] = {}
        for tid in tids:
            tiers.setdefault(_tier(tid), []).append(tid)
        for tier in sorted(tiers):
            for tid in tiers[tier]:
                for k, s, eff in self.e.covering(tid, self.items[0]):
                    if self.want <= eff and self._allowed(tid, s):
                        key = self._choice_key(tid, k, s)
                        if best is None or key < best[0]:
                            best = (key, s)
            if best is not None and (not self.pcells or best[0][0] == 0):
                break
        return best[1] if best else None

    def _cover(self, tids, prefer=()) -> list[Step] | None:
        """Greedy set cover of the claim by steps of `tids` (same position)."""
        if len(self.want) < 2:
            return None  # one item: a cover would be a single step, already looked for
        pool = []
        for tid in tids:
            seen = set()
            for it in self.items:
                for k, s, eff in self.e.covering(tid, it):
                    if k in seen:
                        continue
                    seen.add(k)
                    if self._allowed(tid, s):
                        pool.append((0 if tid in prefer else 1, self._choice_key(tid, k, s), s,
                                     eff & self.want))
        remaining = set(self.want)
        chosen = []
        while remaining:
            best = None
            for pref, key, s, hit in pool:
                gain = len(hit & remaining)
                if gain and (best is None or (-gain, pref, key) < best[0]):
                    best = ((-gain, pref, key), s, hit)
            if best is None:
                return None
            chosen.append(best[1])
            remaining -= best[2]
        return chosen

    # ------------------------------------------------------------ verdicts
    def run(self) -> Verdict:
        wrong = [(i, d, p) for i, d, p in self.items if (self.sol[i] == d) != p]
        if wrong:
            return self._false(wrong)
        all_ids = [t.id for t in ladder()]
        if self.named:
            ids = [t for t in all_ids if t in self.named.ids]
            step = self._single(ids)
            if step:
                return self._proved("proved", [step])
            steps = self._cover(ids)
            if steps:
                return self._proved("proved", steps)
            others = [t for t in all_ids if t not in self.named.ids]
            step = self._single(others)
            if step:
                return self._proved("proved-other", [step])
            steps = self._cover(all_ids, prefer=ids)
            if steps:
                return self._proved("proved-other", steps)
        else:
            step = self._single(all_ids)
            if step:
                return self._proved("proved", [step])
            steps = self._cover(all_ids)
            if steps:
                return self._proved("proved", steps)
        return self._unproved(all_ids)

    def _false(self, wrong) -> Verdict:
        facts = []
        for i, d, placing in wrong:
            if placing:
                facts.append(f"{cell_name(i)} is {self.sol[i]} in the solution, not {d}")
            else:
                facts.append(f"{cell_name(i)} is {d} in the solution")
        msg = "; ".join(facts) + "."
        note = self._pattern_note()
        if note:
            msg += " " + note
        return Verdict("false", msg, self.tech_id, [], self.claim,
                       _highlight(cells=self.pcells, failing=self._failing(),
                                  solution=[(i, self.sol[i]) for i, _, _ in wrong]))

    def _proved(self, kind: str, steps: list[Step]) -> Verdict:
        claimed = {(i, d) for i, d, p in self.items if not p}
        also = sorted({e for s in steps for e in s.eliminations} - claimed)
        hardest = max(steps, key=lambda s: REGISTRY[s.technique].rank if s.technique in REGISTRY else 0)
        if len(steps) == 1:
            s = steps[0]
            if kind == "proved":
                msg = f"Proved by {_lead(s)}."
            else:
                msg = f"That is {_a_step(step_label(s))}, not {_a_step(self.named.label)}: {_lead(s)}."
            msg += self._implied_text(s)
        else:
            parts = []
            for s in steps:
                mine = [(i, d, p) for i, d, p in self.items if (i, d, p) in step_effect(self.pos, s)]
                parts.append(f"{_lead(s)} ({_items_text(mine)})")
            if kind == "proved":
                msg = f"Proved by {len(steps)} steps together: " + "; ".join(parts) + "."
            else:
                msg = (f"{_a_step(self.named.label)} alone does not do it; together these steps do: "
                       + "; ".join(parts) + ".")
        if also:
            msg += f" {'It' if len(steps) == 1 else 'They'} also remove{'s' if len(steps) == 1 else ''} " \
                   f"{effects_text(also)}."
        note = self._pattern_note(steps[0] if len(steps) == 1 else None, named_proves=kind == "proved")
        if note:
            msg += " " + note
        cells = {i for s in steps for i in s.cells}
        return Verdict(kind, msg, hardest.technique, list(steps), self.claim,
                       _highlight(cells=cells, eliminations=[e for s in steps for e in s.eliminations],
                                  placements=[p for s in steps for p in s.placements],
                                  failing=self._failing()),
                       also)

    def _implied_text(self, s: Step) -> str:
        direct = {(i, d, False) for i, d in s.eliminations} | {(i, d, True) for i, d in s.placements}
        implied = [it for it in self.items if it not in direct]
        if not implied or not s.placements:
            return ""
        places = ", ".join(f"{cell_name(i)}={d}" for i, d in s.placements)
        return f" Placing {places} removes {_items_text(implied)}."

    def _unproved(self, all_ids) -> Verdict:
        truth = []
        for i, d, placing in self.items:
            truth.append(f"{cell_name(i)} is {d}" if placing else f"{cell_name(i)} is not {d}")
        if len(self.items) > 1:
            verb = "does all of it"
        else:
            verb = "places it" if self.items[0][2] else "removes it"
        msg = f"True, but unproved: {', '.join(truth)} in the solution, yet no step the engine " \
              f"knows {verb} here."
        partial = self._cover_partial(all_ids)
        if partial:
            msg += f" ({partial})"
        hint = self.e.next_step()
        if hint is not None:
            msg += f" Simplest step now: {_lead(hint)}."
        later = _lookahead(self.e, self.items)
        if later["status"] == "proved":
            n = later["steps"]
            msg += (f" Solving on, the engine proves it after {n} more "
                    f"step{'s' if n != 1 else ''} ({step_label(later['step'])}).")
        elif later["status"] == "bound":
            msg += f" Solving on, the engine does not prove it within {LOOKAHEAD_STEPS} steps."
        elif later["status"] == "stuck":
            msg += " Solving on, the engine gets stuck before it proves it."
        note = self._pattern_note()
        if note:
            msg += " " + note
        later_json = ({"steps": later["steps"], "technique": later["step"].technique}
                      if later["status"] == "proved" else None)
        return Verdict("true-unproved", msg, self.tech_id, [], self.claim,
                       _highlight(cells=self.pcells, failing=self._failing()), [], hint, later_json)

    def _cover_partial(self, all_ids) -> str:
        """For a claim of several items: which ones some step does now."""
        if len(self.items) < 2:
            return ""
        done = {it for it in self.items if any(self.e.covering(tid, it) for tid in all_ids)}
        if not done:
            return ""
        rest = [it for it in self.items if it not in done]
        return f"{_items_text(sorted(done))} can be proved now; {_items_text(rest)} cannot."


def _items_text(items) -> str:
    return ", ".join(f"{cell_name(i)}={d}" if p else f"{cell_name(i)}<>{d}" for i, d, p in items)


def _match(step: Step, pcells) -> int:
    """0: the step's cells are the pattern; 1: one contains the other; 2: no."""
    cells = set(step.cells)
    p = set(pcells)
    if cells == p:
        return 0
    if p <= cells or cells <= p:
        return 1
    return 2


# ================================================================== look-ahead

def _open(pos: Position, item) -> bool:
    i, d, placing = item
    return not pos.values[i] if placing else pos.has(i, d)


def _covering(pos: Position, found: list[Step], remaining) -> Step | None:
    """A step of `found` doing all of `remaining`; failing that, when the
    steps together do it, the one doing most (they share one position)."""
    union: set = set()
    best = None
    for s in found:
        eff = step_effect(pos, s) & remaining
        if eff == remaining:
            return s
        union |= eff
        if best is None or len(eff) > best[0]:
            best = (len(eff), s)
    if remaining and union >= remaining:
        return best[1]
    return None


def _lookahead(entry: _Entry, items) -> dict:
    """Solve on simplest-first (as logic_solve does: all singles at once,
    else the first step of the simplest technique) and report after how many
    steps one step of the techniques tried there does what is still open of
    the claim.  {'status': 'proved'|'bound'|'stuck'|'end', 'steps': n, 'step'}."""
    key = tuple(items)
    if key in entry.looks:
        return entry.looks[key]
    from .solve import BATCHED_FAMILIES, _applicable
    pos = entry.pos.copy()
    applied = 0
    first = True
    result = {"status": "bound", "steps": applied, "step": None}
    while applied < LOOKAHEAD_STEPS:
        if pos.contradiction() or pos.is_solved():
            result = {"status": "end", "steps": applied, "step": None}
            break
        remaining = frozenset(it for it in items if _open(pos, it))
        progress = False
        for t in ladder():
            found = entry.steps(t.id) if first else t.finder(pos)
            if not first and found:
                hit = _covering(pos, found, remaining)
                if hit is not None:
                    result = {"status": "proved", "steps": applied, "step": hit}
                    entry.looks[key] = result
                    return result
            if found:
                batch = found if t.family in BATCHED_FAMILIES else found[:1]
                for s in batch:
                    if _applicable(pos, s):
                        pos.apply(s)
                        applied += 1
                        progress = True
                if progress:
                    break
        first = False
        if not progress:
            result = {"status": "stuck", "steps": applied, "step": None}
            break
    else:
        result = {"status": "bound", "steps": applied, "step": None}
    entry.looks[key] = result
    return result
