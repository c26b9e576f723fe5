"""The technique registry: one record per technique, registered once by the
module that holds the technique (its "room").

A room gives the registry everything the rest of the program needs to know:

* the finder: `(position) -> list[Step]`, every instance, deduplicated,
  simplest first (a finder may also offer `finder.first`, a cheaper call
  that returns [its first step] or []);
* the pattern check: `(position, PatternQuery) -> PatternReport`, the first
  condition that fails when a learner names cells/digits/lines as an
  instance, or what the pattern removes when it holds; the judge's
  `--pattern` reasons and the quiz's "not an instance because ..." both come
  from here;
* names: the display name, a short label, the phrases a learner may type,
  the label of one step (`Naked Pair`, `Full House`);
* its family and its rank on the ladder;
* the parts of a step a quiz entry must match (`entry_keys`), and the words
  of its step texts an entry may repeat (`notation`);
* the words of its hint levels (`hints`, a `hint_words.HintWords`; the
  default words every level from the step's roles);
* flags: `uniqueness` (holds only on a puzzle with one solution; may be
  switched off), `batched` (logic solve applies all its steps at once),
  `last_resort` (it can prove any true candidate, so the judge credits it
  only when the learner names it with its premise), `guess` (a last
  resort that is a guess: the judge never credits it) and `computed` (a
  computer's count, the templates: the judge credits it only when named,
  and otherwise shows the claim with the steps a person would use);
* for the learner: the mix-ups it is known for (`confusions`), what to
  master first (`prerequisites`), the name quiz's wrong options
  (`distractors`), the sizes a name may give (`sizes`: 'naked pair').

Learners' names for techniques are read from these tables by names.py.

Judge, quizzes, hints, lessons and the app ask this module; they never
switch on technique ids themselves.  Importing `tutor.engine.techniques`
registers every room.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from .grid import cell_name, cells_name
from .position import Position
from .step import Step


# ================================================================ pattern checks

@dataclass(frozen=True)
class PatternQuery:
    """What a learner named as an instance of one technique."""
    technique: str                                   # the id it is checked as
    cells: tuple[int, ...] = ()                      # pattern cells as named
    digits: tuple[int, ...] = ()                     # digits as named (may be empty)
    lines: tuple[tuple[int, ...], ...] = ()          # house groups in the order typed (fish: base, cover)
    size: int | None = None                          # a size the name implies ('naked pair' -> 2)
    claim: tuple[tuple[int, int, bool], ...] = ()    # judge: claimed (cell, digit, is_placement)
    label: str = ""                                  # what the learner called it: 'Naked Pair'
    text: str = ""                                   # the pattern as typed, when its order counts (a chain)


@dataclass
class PatternReport:
    """The answer of a pattern check.

    ok=False: `reason` is the first condition that fails, one short phrase in
    standard notation ("r6c5 also holds 9, so r6c45 is not locked to 3,8"),
    `failing` the cells where it fails.  ok=True: the pattern holds;
    `removes`/`places` are its effect when the check works it out (None when
    it cannot), and `why_not(cell, digit, is_placement)` says why it does not
    reach a claimed candidate."""
    ok: bool
    label: str
    cells: list[int]
    reason: str = ""
    failing: list[int] = field(default_factory=list)
    digits: tuple[int, ...] = ()
    removes: set | None = None
    places: set = field(default_factory=set)
    why_not: Callable[[int, int, bool], str] | None = None
    fits: bool = True      # False: the cells/lines named lack the technique's shape (a count)

    def misses(self, items) -> str:
        """Why the (fine) pattern does not reach the first claimed item it
        leaves alone; '' when it reaches them all or cannot tell."""
        if not self.ok or self.removes is None:
            return ""
        for i, d, placing in items:
            hit = (i, d) in self.places if placing else (i, d) in self.removes
            if not hit:
                if self.why_not:
                    return self.why_not(i, d, placing)
                item = f"place {cell_name(i)}={d}" if placing else f"remove {d} from {cell_name(i)}"
                return f"{cells_name(self.cells)} does not {item}"
        return ""

    def covers(self, items) -> bool:
        return self.ok and self.removes is not None and not self.misses(items)


# ================================================================ names in sentences

# Letters whose spoken name starts with a vowel sound ("ex", "ef", "aitch"):
# an initialism starting with one takes "an" ("an XY-Wing", "an ALS").
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")
# Words spelt with a vowel but spoken with a consonant first ("a Unique ...").
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "one", "once")


def an(word: str) -> str:
    """The one article rule every view uses, by sound: 'an X-Wing', 'an
    XY-Wing', 'an XYZ-Wing', 'a W-Wing', 'a WXYZ-Wing', 'an Empty Rectangle',
    'a Unique Rectangle', 'an ALS Death Blossom', 'a BUG+1', 'a Naked Pair'.
    A leading capital letter on its own or an all-capital initialism is read
    letter by letter; any other word by its first letters."""
    text = str(word)
    if re.match(r"\s*(8|11|18)(?![0-9])", text):        # 'an 8', 'an 11-cell loop'
        return "an " + text
    head = re.match(r"[A-Za-z]+", text.lstrip())
    h = head.group(0) if head else ""
    spelled = len(h) == 1 and h.isupper() or len(h) > 1 and h.isupper()
    if spelled:
        vowel = h[0] in _VOWEL_SOUND_LETTERS
    else:
        low = h.lower()
        vowel = low[:1] in tuple("aeiou") and not low.startswith(_CONSONANT_SOUND)
    return ("an " if vowel else "a ") + text


def counted(n: int, word: str, many: str = "") -> str:
    """A count and its noun, plural when it is not one: '1 step', '2 steps',
    '1 try', '3 tries' (`many` for a plural other than word+'s')."""
    return f"{n} {word if n == 1 else many or word + 's'}"


# ================================================================ quiz entries

@dataclass(frozen=True)
class EntryKeys:
    """The parts of a step a quiz entry may name to mean that step."""
    cells: frozenset                                  # the pattern cells: an exact match
    alternatives: tuple[frozenset, ...] = ()          # other cell sets that name it (chain ends, a stem)
    lines: tuple[tuple[int, ...], ...] = ()           # ordered house groups (fish: base, cover)
    digits: frozenset = frozenset()                   # digits an entry must name (when it names any)
    more_digits: frozenset = frozenset()              # further digits an entry may name (stem digits)
    partial: bool = False                             # some of the cells count, if the technique is named


@dataclass(frozen=True)
class Notation:
    """How a room writes its steps, so that a learner's entry may copy them:
    the words its step texts use besides names, cells and digits ('pivot',
    'fin', 'base'), and pieces of text to drop before names are read (a
    chain's '(discontinuous loop)' describes the chain; it does not name an
    X-Cycle).  `drop` holds regular expressions over the lower-case entry."""
    words: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()
    houses: bool = False        # a pattern may name its houses ('#3 r47b2 c145': a fish's base and cover)
    mixed_lines: bool = False   # a house group may hold rows and columns: 'r3c9' may be houses, not a cell


def default_entry_keys(step: Step) -> EntryKeys:
    return EntryKeys(frozenset(step.cells), digits=frozenset(step.digits))


# ================================================================ the record

@dataclass(frozen=True)
class Technique:
    id: str
    name: str                                   # display name: 'Hidden Single'
    family: str                                 # 'singles', 'fish', 'wings', ...
    rank: int                                   # place on the ladder: lower is simpler
    finder: Callable[[Position], list[Step]]
    label: str = ""                             # short name a learner uses: 'Naked Subset'
    aliases: tuple[str, ...] = ()               # phrases a learner may type (lower case, words)
    check: Callable[[Position, PatternQuery], PatternReport] | None = None
    step_label: Callable[[Step], str] | None = None    # one step's name: 'Naked Pair', 'Full House'
    entry_keys: Callable[[Step], EntryKeys] = default_entry_keys
    notation: Notation = Notation()             # words and fixes of its step texts (quiz entries)
    hints: object = None                        # a hint_words.HintWords (not imported: a cycle); None: default
    noun: str = ""                              # when the label reads badly alone: 'Pointing step'
    confusions: tuple[tuple[str, str, str], ...] = ()  # (other id, short label, one-line tip)
    uniqueness: bool = False                    # needs a puzzle with one solution
    batched: bool = False                       # logic solve applies all found steps together
    last_resort: bool = False                   # proves any true claim (forcing chains and nets, trial):
    #                                             credited only when the learner names it with its premise
    guess: bool = False                         # a last resort that is a guess (trial): never credited
    solved_cells: bool = False                  # its pattern may name solved cells (Avoidable Rectangle)
    computed: bool = False                      # a computer's count (templates): the judge credits it
    #                                             only when the learner names it
    weight: int = 0                             # score of one step (puzzle score = sum); 0: the rank
    # optional, for names, the judge and the learner model:
    sizes: tuple[int, ...] = ()                 # sizes a name may give ('naked pair' -> 2)
    tier: int | None = None                     # the judge's preference tier, when not the rank
    offer_key: Callable[[Step], float] | None = None   # within a tier, lower is offered first
    prerequisites: tuple[str, ...] = ()         # techniques to master first (ids)
    distractors: tuple[str, ...] = ()           # wrong answers the name quiz offers, likeliest first
    example: str = ""                           # a quiz entry in its format ('X-Wing #5 R26 C37');
    #                                             none: the quizzes take one from its lesson

    @property
    def short(self) -> str:
        return self.label or self.name

    @property
    def score(self) -> int:
        return self.weight or self.rank

    def label_of(self, step: Step) -> str:
        return self.step_label(step) if self.step_label else self.short


REGISTRY: dict[str, Technique] = {}

FAMILIES: dict[str, str] = {}


def family(id: str, name: str, noun: str = "", aliases: tuple[str, ...] = (),
           notation: Notation = Notation()) -> None:
    """Declare a family (its display name, what one instance is called, the
    phrases a learner may type for it, and the notation its steps share)."""
    FAMILIES[id] = name
    if noun:
        FAMILY_NOUNS[id] = noun
    FAMILY_ALIASES[id] = tuple(aliases)
    FAMILY_NOTATION[id] = notation


FAMILY_NOUNS: dict[str, str] = {}
FAMILY_ALIASES: dict[str, tuple[str, ...]] = {}
FAMILY_NOTATION: dict[str, Notation] = {}


def named_by_houses(tid: str) -> bool:
    """Whether a pattern of this technique may be named by its houses."""
    t = REGISTRY[tid]
    return t.notation.houses or FAMILY_NOTATION.get(t.family, Notation()).houses


def named_by_mixed_lines(tid: str) -> bool:
    """Whether a house group of this technique's pattern may mix rows and
    columns ('r3c9 r2b2' is then a Mutant fish's base and cover)."""
    t = REGISTRY[tid]
    return t.notation.mixed_lines or FAMILY_NOTATION.get(t.family, Notation()).mixed_lines


def notations() -> list[Notation]:
    """The notation of every family and technique registered."""
    _load()
    return list(FAMILY_NOTATION.values()) + [t.notation for t in REGISTRY.values()]


def technique(id: str, name: str, family: str, *, rank: int = 1000, **room):
    """Decorator registering a finder, with the rest of its room, on the ladder."""
    def wrap(fn):
        if id in REGISTRY and REGISTRY[id].finder is not fn:
            raise ValueError(f"technique '{id}' registered twice")
        REGISTRY[id] = Technique(id, name, family, rank, fn, **room)
        return fn
    return wrap


_LOADED: list = []              # [True] once the rooms are registered


def _load() -> None:
    # asked on every lookup: an import statement there costs more than the lookup
    if not _LOADED:
        from . import techniques  # noqa: F401  (registers every room)
        _LOADED.append(True)


def get(id: str) -> Technique | None:
    _load()
    return REGISTRY.get(id)


def ladder(uniqueness: bool = True) -> list[Technique]:
    """Every registered technique, simplest first (without the uniqueness
    techniques when `uniqueness` is False)."""
    _load()
    return sorted((t for t in REGISTRY.values() if uniqueness or not t.uniqueness),
                  key=lambda t: t.rank)


class UnknownTechnique(ValueError):
    pass


def resolve(names: Iterable[str] | None, uniqueness: bool = True) -> list[Technique]:
    """Technique ids or family ids -> techniques in ladder order."""
    _load()
    if not names:
        return ladder(uniqueness)
    chosen: dict[str, Technique] = {}
    for raw in names:
        for name in str(raw).split(","):
            name = name.strip().lower()
            if not name:
                continue
            if name in REGISTRY:
                chosen[name] = REGISTRY[name]
                continue
            members = [t for t in REGISTRY.values() if t.family == name]
            if not members:
                known = ", ".join(sorted(set(REGISTRY) | {t.family for t in REGISTRY.values()}))
                raise UnknownTechnique(f"unknown technique '{name}' (known: {known})")
            for t in members:
                chosen[t.id] = t
    return sorted((t for t in chosen.values() if uniqueness or not t.uniqueness),
                  key=lambda t: t.rank)


def _usable(t: Technique, position: Position) -> bool:
    """Uniqueness techniques run only where the position is known to have
    exactly one solution."""
    if not t.uniqueness:
        return True
    return position.solution_info()[0] == 1


def find_all(position: Position, techniques: Iterable[str] | None = None,
             uniqueness: bool = True) -> list[Step]:
    """Every instance of the chosen techniques (default: all), ladder order."""
    steps: list[Step] = []
    for t in resolve(techniques, uniqueness):
        if _usable(t, position):
            steps.extend(t.finder(position))
    return steps


def tier_of(t: Technique) -> int:
    return t.rank if t.tier is None else t.tier


def tiers(techniques: Iterable[Technique]) -> list[list[Technique]]:
    """The techniques grouped by tier (the rank, unless the room gives one),
    simplest tier first.  The techniques of one tier are offered together:
    the step offered first is the simplest among their first steps
    (`simplest`).  The two views of a LockedSet share a tier, so a house
    split offers its smaller side (Hidden Pair 2,9 rather than Naked Quint
    1,3,6,7,8)."""
    groups: dict[int, list[Technique]] = {}
    for t in sorted(techniques, key=lambda t: t.rank):
        groups.setdefault(tier_of(t), []).append(t)
    return [groups[k] for k in sorted(groups)]


def offer_key(t: Technique, step: Step) -> tuple:
    """How simple a step is among the steps of its tier: the room's
    `offer_key` (a LockedSet: the smaller side of its split, then Naked Pair,
    Naked Triple, Hidden Pair, Hidden Triple, Naked Quad, Hidden Quad, as
    HoDoKu and SudokuWiki order them), else its number of cells; then the
    lower rank."""
    return (t.offer_key(step) if t.offer_key else len(step.cells), t.rank)


def simplest(found: list[tuple[Technique, list[Step]]]) -> tuple[Technique, list[Step]] | None:
    """Of the techniques of one tier and their steps (simplest first), the one
    whose first step is simplest (`offer_key`)."""
    found = [(t, steps) for t, steps in found if steps]
    if not found:
        return None
    return min(found, key=lambda ts: offer_key(ts[0], ts[1][0]))


def first_steps(t: Technique, position: Position) -> list[Step]:
    """What logic solve and the hints need of a technique: its first step
    (the cheaper `finder.first` when it has one), or all of a batched one's."""
    first = getattr(t.finder, "first", None)
    return first(position) if first and not t.batched else t.finder(position)


def offered(position: Position, techniques: Iterable[Technique] | None = None,
            steps_of: Callable[[Technique, Position], list[Step]] = first_steps,
            ) -> tuple[Technique, list[Step]] | None:
    """The technique whose step is offered first here, with its steps: the
    first tier of the ladder that has a step, and in it the simplest step
    (see `tiers`).  A uniqueness technique counts only where the position
    has exactly one solution.  `steps_of` gives a technique's steps (the
    first one, by default; `lambda t, p: t.finder(p)` for all of them)."""
    for group in tiers(ladder() if techniques is None else techniques):
        picked = simplest([(t, steps_of(t, position)) for t in group if _usable(t, position)])
        if picked:
            return picked
    return None


def next_step(position: Position, techniques: Iterable[str] | None = None,
              uniqueness: bool = True) -> Step | None:
    """The simplest step available (see `offered`)."""
    picked = offered(position, resolve(techniques, uniqueness))
    return picked[1][0] if picked else None


def families() -> list[tuple[str, str]]:
    """(family id, display name) for every family, in ladder order (by the
    simplest technique of each)."""
    _load()
    first: dict[str, int] = {}
    for t in REGISTRY.values():
        first[t.family] = min(first.get(t.family, t.rank), t.rank)
    return sorted(((f, FAMILIES.get(f, f)) for f in first), key=lambda fn: first[fn[0]])


def technique_name(id: str) -> str:
    t = get(id)
    return t.name if t else id


def check_pattern(position: Position, query: PatternQuery) -> PatternReport | None:
    """The room's pattern check for query.technique, or None if it has none.
    A named cell that is already solved fails every pattern but those of
    rooms whose patterns hold solved cells (`solved_cells`; checked here,
    once for all rooms); the room sees the cells sorted."""
    t = get(query.technique)
    if t is None:
        return None
    cells = sorted(set(query.cells))
    for i in cells:
        if position.values[i] and not t.solved_cells:
            return PatternReport(False, query.label, cells, f"{cell_name(i)} is already solved "
                                 f"({position.values[i]}), so it cannot be part of the pattern", [i])
    if t.check is None:
        return None
    if list(query.cells) != cells:
        query = replace(query, cells=tuple(cells))
    return t.check(position, query)


def confusion_between(a: str, b: str) -> tuple[str, str] | None:
    """(label, tip) when techniques a and b are a known mix-up: the pair is
    declared by one of the two rooms."""
    for x, y in ((a, b), (b, a)):
        t = get(x)
        for other, label, tip in (t.confusions if t else ()):
            if other == y:
                return label, tip
    return None
