"""Reading the names a learner gives techniques, from the rooms' own tables.

Every technique answers to its id, its display name, its short label and
the aliases its room registers; every family to its id, its name and its
aliases.  One table holds them all, so the judge (`--by 'naked pair'`) and
the quiz entries (`hidden r8c79 #57`) read names the same way:

* phrases match as words, with any of ' -_/:' or nothing between words
  ('x wing' reads 'X-Wing' and 'xwing') and an optional plural 's';
* the longest phrase wins ('turbot fish' before 'fish');
* a phrase several techniques share ('naked': Naked Single, Naked Subset)
  is settled by a size: the size word after it ('naked pair') or the number
  of cells named, against each room's `sizes`;
* a size word ('pair', 'triple', 'quad', ...) after a phrase gives the size,
  for the techniques whose instances come in sizes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import registry
from .grid import cell_name
from .techniques.patterns import SET_WORDS

SIZE_WORDS = {"pair": 2, "pairs": 2, "triple": 3, "triples": 3, "triplet": 3, "quad": 4, "quads": 4,
              "quadruple": 4, "quartet": 4, "quint": 5, "quintuple": 5, "sextuple": 6, "septuple": 7}


def norm(text: str) -> str:
    """Lower case, words apart: 'Naked Subset (LockedSet)' -> 'naked subset'."""
    t = re.sub(r"\(.*?\)", " ", str(text).lower())
    t = re.sub(r"[-_/:]+", " ", t)
    return " ".join(t.split())


@dataclass(frozen=True)
class Hit:
    """One phrase found: the techniques it names, or a family."""
    phrase: str
    ids: tuple[str, ...] = ()
    family: str | None = None

    @property
    def shared(self) -> bool:
        return len(self.ids) > 1


_TABLE: dict = {}


def table() -> list[tuple[re.Pattern, Hit]]:
    """(regex, hit) for every phrase, longest first.  Built again when a room
    registers (the key is what is registered)."""
    registry._load()
    key = (tuple(registry.REGISTRY.values()), tuple(registry.FAMILY_ALIASES.items()),
           tuple(registry.FAMILIES.items()))
    if _TABLE.get("key") != key:
        _TABLE.clear()
        _TABLE["key"] = key
        _TABLE["rows"] = _build()
    return _TABLE["rows"]


def _build() -> list[tuple[re.Pattern, Hit]]:
    by_phrase: dict[str, list[str]] = {}
    for t in registry.ladder():
        for phrase in (t.id, t.name, t.short, *t.aliases):
            p = norm(phrase)
            if p and t.id not in by_phrase.setdefault(p, []):
                by_phrase[p].append(t.id)
    families: dict[str, str] = {}
    for fam, name in registry.FAMILIES.items():
        for phrase in (fam, name, *registry.FAMILY_ALIASES.get(fam, ())):
            p = norm(phrase)
            if p and p not in by_phrase:     # a technique's own phrase wins
                families.setdefault(p, fam)
    rows = [(p, Hit(p, ids=tuple(ids))) for p, ids in by_phrase.items()]
    rows += [(p, Hit(p, family=fam)) for p, fam in families.items()]
    rows.sort(key=lambda row: (-len(row[0]), row[0]))
    return [(_regex(p), hit) for p, hit in rows]


def _regex(phrase: str) -> re.Pattern:
    words = [re.escape(w) for w in phrase.split()]
    return re.compile(r"(?<![a-z])" + r"[\s\-_/:]*".join(words) + r"s?(?![a-z])")


def scan(text: str) -> tuple[list[Hit], str]:
    """The phrases in text (lower case), longest first, and the text left
    once they are taken out.  Kept by text with the table (a judge asked
    many claims reads the same few names: each is a regex search per
    phrase)."""
    rows = table()
    kept = _TABLE.setdefault("scanned", {})
    got = kept.get(text)
    if got is None:
        hits = []
        rest = text
        for rx, hit in rows:
            if rx.search(rest):
                hits.append(hit)
                rest = rx.sub(" ", rest)
        got = (tuple(hits), rest)
        if len(kept) < SCANS_KEPT:
            kept[text] = got
    return list(got[0]), got[1]


SCANS_KEPT = 4096       # texts scan() keeps the answer for (learners' entries are short)


def settle(hit: Hit, size: int | None) -> str:
    """The technique a shared phrase means at this size: the one whose
    sizes hold it, else the one with the largest sizes."""
    ts = [t for t in map(registry.get, hit.ids) if t is not None]
    fitting = [t for t in ts if size in t.sizes]
    if len(fitting) == 1:
        return fitting[0].id
    return max(ts, key=lambda t: (max(t.sizes, default=0), -t.rank)).id


# ------------------------------------------------------------------ the rooms' notation

def notation_words() -> frozenset:
    """Every word a room's step texts use besides names, cells and digits:
    an entry copied from a step may hold them."""
    return frozenset(w for n in registry.notations() for w in n.words)


def drop_notation(text: str) -> str:
    """The lower-case entry without the pieces the rooms' notation says to
    drop before names are read."""
    for rx in sorted({d for n in registry.notations() for d in n.drop}):
        text = re.sub(rx, " ", text)
    return text


# ------------------------------------------------------------------ the judge's --by

@dataclass(frozen=True)
class Named:
    """What the learner named: technique ids, an optional size, a label."""
    ids: tuple[str, ...]
    size: int | None
    label: str


def read_name(by: str) -> Named:
    """A technique id, family or name -> Named.  'naked pair' is naked-subset
    of size 2.  Raises UnknownTechnique."""
    raw = str(by).strip()
    hits, rest = scan(norm(raw))
    words = rest.split()
    size_words = [w for w in words if w in SIZE_WORDS]
    if len(hits) != 1 or len(size_words) != len(words) or len(size_words) > 1:
        known = ", ".join(t.id for t in registry.ladder())
        raise registry.UnknownTechnique(f"unknown technique '{raw}' (known: {known})")
    hit = hits[0]
    size = SIZE_WORDS[size_words[0]] if size_words else None
    if hit.family:
        ids = [t.id for t in registry.ladder() if t.family == hit.family]
    elif hit.shared and size is not None:
        ids = [settle(hit, size)]
    else:
        ids = list(hit.ids)
    if size is not None:
        sized = [t for t in ids if size in getattr(registry.get(t), "sizes", ())]
        if sized:
            ids = sized
            return Named(tuple(ids), size, f"{hit.phrase.title()} {SET_WORDS[size]}")
        size = None
    if not ids:
        raise registry.UnknownTechnique(f"the technique '{raw}' is not available in this engine yet")
    if len(ids) == 1:
        label = technique_label(ids[0])
    elif hit.family:
        label = registry.FAMILIES.get(hit.family, hit.family).split(" (")[0]
    else:
        label = " or ".join(technique_label(t) for t in ids)
    return Named(tuple(ids), None, label)


# ------------------------------------------------------------------ labels
#
# The one naming table every view reads: the Steps tab heads a technique's
# steps with technique_label; the hints, the judge and the quizzes call a
# step by step_label (both from the room's registration).

def technique_label(tid: str) -> str:
    """The short name a learner uses: 'Naked Subset', 'Pointing', 'X-Wing'."""
    t = registry.get(tid)
    return t.short if t else tid


def step_label(step) -> str:
    """What a learner calls this step: 'Naked Pair', 'Full House', 'Skyscraper'."""
    t = registry.get(step.technique)
    return t.label_of(step) if t else step.technique


def a_step(label: str) -> str:
    """'an X-Wing', 'a Pointing step', 'a Fish step': reads as a noun either way."""
    return registry.an(label + " step") if needs_noun(label) else registry.an(label)


def needs_noun(label: str) -> bool:
    """Whether a label reads badly alone ('a Pointing' -> 'a Pointing step')."""
    registry._load()
    return (any(t.noun and t.short == label for t in registry.REGISTRY.values())
            or label in {v.split(" (")[0] for v in registry.FAMILIES.values()})


# ------------------------------------------------------------------ patterns that lean on singles

def leans_on(step) -> list[str]:
    """The pending placements (standard notation) a step's pattern stands on:
    an X-Wing whose base row holds its digit in one cell stands on that
    row's hidden single.  [] for a pattern that stands on its own."""
    return [f"{cell_name(i)}={d}" for i, d in step.roles.leans_on]


def leaning_note(step) -> str:
    """The words that mark such a step: 'stands only on the pending hidden
    singles r1c2=7, r9c3=7: place them first'; '' when it stands alone."""
    lean = leans_on(step)
    if not lean:
        return ""
    one = len(lean) == 1
    return (f"stands only on the pending hidden single{'' if one else 's'} {', '.join(lean)}: "
            f"place {'it' if one else 'them'} first")


def step_line(step) -> str:
    """A step's text as the views list it, marked when it leans on singles."""
    note = leaning_note(step)
    return f"{step.text} ({note})" if note else step.text
