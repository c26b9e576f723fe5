"""Quiz entries: what the learner typed or picked, read into cells, digits,
lines and maybe a technique.

Technique names are read by tutor/engine/names.py from the rooms' own
tables, the same way the judge reads `--by`."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine import names
from ...engine import registry
from ...engine.grid import FIN_WORDS, cells_name, fish_houses, houses_of
from ...engine.registry import get, technique_name
from ...engine.techniques.patterns import lines_text


class EntryError(ValueError):
    """An entry the quiz cannot read; the message says what and where."""


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
            parts.append(lines_text(list(g)).upper())
        if self.cells:
            parts.append(cells_name(self.cells))
        return " ".join(parts)


# Words an entry may hold besides names, cells and digits; the words of the
# rooms' own step texts ('pivot', 'fin', 'base') come from their notation.
_FILLER = {"set", "in", "on", "of", "at", "with", "and", "the", "a", "an", "digit", "digits", "cell",
           "cells", "type", "is", "are", "only", "by",
           "=", "-", ":", "/", "[", "]", "<", ">"} | set(names.SIZE_WORDS)

_TOKEN = re.compile(
    r"(?P<place>r[1-9]c[1-9]=[1-9])"
    r"|(?P<cells>r[1-9]+c[1-9]+)(?![rcb]?[1-9])"      # not r3c9b2: a house group
    r"|(?P<house>(?:[rcb][1-9]+)+)(?![0-9a-z])"       # r348, or mixed: r3b1
    r"|#(?P<hash>[1-9](?:,?[1-9])*)"
    r"|(?P<list>[1-9](?:,[1-9])+)(?![0-9])"
    r"|(?P<bare>[1-9]+)(?![0-9a-z])"
    r"|(?P<word>[a-z]+|[^\s,;])"
)


def parse_entry(text: str) -> Entry:
    """Read a typed entry.  Accepts the engine's own names too
    (`Hidden Pair r8c79 #57`, `Swordfish #3 BaseSet:R348 CoverSet:C136`, and
    HoDoKu's `Locked Pair[2D] (hidden) r8c79 #57`);
    anything after '=>' (the effect) is ignored.  Raises EntryError."""
    raw = text.strip()
    if not raw:
        raise EntryError("type an instance, e.g. r6c45 #38 or Swordfish #3 R348 C136")
    s = raw.lower().split("=>")[0]
    s = re.sub(r"\[\d+d\]", " ", s)             # HoDoKu's size mark: 'Locked Pair[2D]'
    s = names.drop_notation(s)
    s = s.replace("(", " ").replace(")", " ")
    hits, s = names.scan(s)
    filler = _FILLER | names.notation_words()
    cells: list[int] = []
    digits: list[int] = []
    houses: list[tuple[int, ...]] = []
    groups: list[str] = []          # cell and house groups before any 'fin', as typed
    fins: list[int] = []            # cells after a 'fin'
    fin_word = False
    for m in _TOKEN.finditer(s):
        kind = m.lastgroup
        tok = m.group(0)
        if kind == "place":
            cells.append((int(tok[1]) - 1) * 9 + int(tok[3]) - 1)
            digits.append(int(tok[5]))
        elif kind == "cells":
            rows, cols = tok[1:].split("c")
            named_cells = [(int(r) - 1) * 9 + int(c) - 1 for r in rows for c in cols]
            cells.extend(named_cells)
            if fin_word:
                fins.extend(named_cells)
            else:
                groups.append(tok)
        elif kind == "house":
            houses.append(tuple(houses_of(tok)))
            if not fin_word:
                groups.append(tok)
        elif kind in ("hash", "list", "bare"):
            digits.extend(int(ch) for ch in m.group(kind) if ch.isdigit())
        elif kind == "word":
            fin_word = fin_word or tok in FIN_WORDS
            if tok not in filler:
                raise EntryError(f"'{tok}' in '{raw}' is not a cell, digit or technique "
                                 f"(try r6c45 #38, hidden r8c79 #57, X-Wing #5 r26 c37)")
    technique, family = _named(raw, hits, len(set(cells)))
    if technique and registry.named_by_mixed_lines(technique):
        fish = fish_houses(groups)          # 'Mutant X-Wing #3 R3C9 R2B2': houses, not a cell
        if fish:
            houses, cells = fish, fins
    cells = sorted(set(cells))
    digits = sorted(set(digits))
    if not cells and not houses:
        raise EntryError(f"'{raw}' names no cells: give them like r6c45 "
                         f"(or, for a fish, the lines like R348 C136)")
    return Entry(raw, technique, family, tuple(cells), tuple(digits), tuple(houses))


def _named(raw: str, hits: list, n_cells: int) -> tuple[str | None, str | None]:
    """(technique, family) the names in an entry stand for: a technique named
    outright wins; then a name several techniques share ('naked'), settled
    by the number of cells; then a family."""
    rank = lambda tid: get(tid).rank  # noqa: E731
    ids = sorted({t for h in hits if not h.family and not h.shared for t in h.ids}, key=rank)
    shared = sorted({h.phrase: h for h in hits if h.shared}.values(), key=lambda h: rank(h.ids[0]))
    if len(ids) > 1:
        raise EntryError(f"'{raw}' names two techniques ({', '.join(technique_name(t) for t in ids)}): "
                         f"pick one")
    if ids:
        return ids[0], None
    if shared:
        if len(shared) > 1:
            raise EntryError(f"'{raw}' says both {shared[0].phrase} and {shared[1].phrase}: pick one")
        return names.settle(shared[0], n_cells), None
    families = [h.family for h in hits if h.family]
    return None, (families[0] if families else None)


def selection_entry(cells, digits, technique: str | None = None) -> Entry:
    """An entry made on the grid: selected cells and digits."""
    cells = tuple(sorted(set(cells)))
    if not cells:
        raise EntryError("select the cells of the pattern first")
    text = cells_name(cells) + (" #" + "".join(map(str, sorted(set(digits)))) if digits else "")
    return Entry(text, technique, None, cells, tuple(sorted(set(digits))), ())
