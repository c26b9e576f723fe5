"""The Analysis of a position: what many techniques share, built once per
position and freed with it.

A finder reaches it from the position it is given (`pos.analysis`); its
signature stays `(position) -> list[Step]`.  The Analysis holds

* the bitboards, kept up to date as the position's own methods place
  digits and remove candidates (`Position.place`, `eliminate`, `apply`):
  `masks[d]`, the 81-bit mask of the empty cells still holding digit d,
  `placed[d]`, the cells holding d, and `empty`; so along a logic solve they
  are never rebuilt, and a contradiction is noticed where it happens (see
  `contradiction`) instead of by rescanning the 27 houses every pass;
* `kept`: everything else the finders share, built on first use for this
  content of the position and dropped when it changes;
* `house_kept(h)`: what a room keeps about one house (its subsets, its
  ALSs), dropped only when a cell of that house changes, so along a solve
  each pass redoes the few houses the last step touched.  A room declares
  such a structure with `techniques.common.once_per_position` beside the
  code that builds it (the link graph in chains/links.py, the ALS index in
  als/index.py, each candidate's consequences in forcing/implications.py,
  ...), so the Analysis needs no import of any room;
* `carried`: what a room keeps along every change (never dropped), for
  facts that stay true as a solve goes on and that the room checks against
  the current content before it trusts them (the digits' unique solution
  in uniqueness/rectangles.py).

The position's lists may also be changed by hand (the app edits cells;
tests break positions on purpose): `Position.analysis` compares the
Analysis' own copy of them with the position's and builds a new one when
they differ, so a stale Analysis is never used.
"""
from __future__ import annotations

from .grid import HOUSE_MASK, HOUSES_OF, MASK_DIGITS, PEER_MASK


class Analysis:
    __slots__ = ("values", "cands", "masks", "placed", "empty", "kept", "carried", "_broken",
                 "_by_house", "_dirty")

    def __init__(self, values: list[int], cands: list[int]):
        self.values = values[:]          # the content this Analysis describes
        self.cands = cands[:]
        masks = [0] * 10
        placed = [0] * 10
        empty = 0
        for i, v in enumerate(values):
            b = 1 << i
            if v:
                placed[v] |= b
            else:
                empty |= b
                for d in MASK_DIGITS[cands[i]]:
                    masks[d] |= b
        self.masks = masks
        self.placed = placed
        self.empty = empty
        self.kept: dict = {}
        self.carried: dict = {}
        self._by_house: list[dict] = [{} for _ in range(27)]
        self._dirty = 0                 # houses changed since their dict was last read
        # None: not looked at yet; "": no contradiction; else the position's
        # Position.contradiction() text
        self._broken: str | None = None

    def describes(self, values: list[int], cands: list[int]) -> bool:
        return self.cands == cands and self.values == values

    # ------------------------------------------------------------ changes
    # Called by Position after it changed itself; each keeps the bitboards
    # and, once the position is known to be sound, checks only what the
    # change touched.

    def placed_digit(self, i: int, d: int, old_value: int, old_cands: int) -> None:
        """Cell i now holds d (it held old_value, with candidates old_cands),
        and d has left its peers."""
        b = 1 << (d - 1)
        bi = 1 << i
        cands, masks, placed = self.cands, self.masks, self.placed
        self.values[i] = d
        cands[i] = 0
        if old_value:
            placed[old_value] &= ~bi
            gone = 1 << (old_value - 1) & ~b        # a digit the cell no longer holds
        else:
            self.empty &= ~bi
            for e in MASK_DIGITS[old_cands]:
                masks[e] &= ~bi
            gone = old_cands & ~b                   # candidates the cell no longer offers
        lost = masks[d] & PEER_MASK[i]              # the empty peers that held d
        masks[d] ^= lost
        placed[d] |= bi
        if self.kept:
            self.kept = {}
        check = self._broken == ""
        if not check or placed[d] & PEER_MASK[i] or gone and self._loses(i, gone):
            self._broken = None
            check = False
        # the peers that lost d: a cell left with nothing, or with a single
        # candidate a peer is down to, or the last place of d in a house
        where = masks[d] | placed[d]
        dirty = self._dirty | HOUSE_BITS[i]
        while lost:
            low = lost & -lost
            lost ^= low
            j = low.bit_length() - 1
            m = cands[j] & ~b
            cands[j] = m
            dirty |= HOUSE_BITS[j]
            if check:
                row, col, box = CELL_HOUSE_MASKS[j]
                if (not m or not m & (m - 1) and self._twin(j, m)
                        or not (where & row and where & col and where & box)):
                    self._broken = None
                    check = False
        self._dirty = dirty

    def eliminated(self, i: int, d: int) -> None:
        """Candidate d of cell i is gone."""
        b = 1 << (d - 1)
        m = self.cands[i]
        if not m & b:
            return
        self.cands[i] = m = m & ~b
        self._dirty |= HOUSE_BITS[i]
        if self.kept:
            self.kept = {}
        if self._broken:
            self._broken = None         # a broken position may now break first elsewhere
        if self.values[i]:
            return                      # a filled cell's candidates count for nothing
        self.masks[d] &= ~(1 << i)
        if self._broken == "" and (not m or not m & (m - 1) and self._twin(i, m)
                                   or self._loses(i, b)):
            self._broken = None

    def _twin(self, j: int, m: int) -> bool:
        """Whether another empty cell of a house of cell j holds only the one
        candidate m (a bit) that j is down to."""
        others = self.masks[m.bit_length()] & PEER_MASK[j]
        cands = self.cands
        while others:
            low = others & -others
            others ^= low
            if cands[low.bit_length() - 1] == m:
                return True
        return False

    def _loses(self, i: int, digits: int) -> bool:
        """Whether one of cell i's houses has no place left for one of the
        digits (a 9-bit mask)."""
        masks, placed = self.masks, self.placed
        row, col, box = CELL_HOUSE_MASKS[i]
        for d in MASK_DIGITS[digits]:
            where = masks[d] | placed[d]
            if not (where & row and where & col and where & box):
                return True
        return False

    # ------------------------------------------------------------ queries
    def contradiction(self, pos) -> str | None:
        """pos.contradiction(), scanned only when the position has not been
        seen to be sound yet or a change may have broken it."""
        if self._broken is None:
            self._broken = pos.contradiction() or ""
        return self._broken or None

    def house_kept(self, h: int) -> dict:
        """A dict for what rooms keep about house h (keyed by what they
        like), emptied whenever a cell of the house has changed."""
        if self._dirty >> h & 1:
            self._dirty ^= 1 << h
            got = self._by_house[h] = {}
            return got
        return self._by_house[h]

    @property
    def digit_masks(self) -> tuple[int, ...]:
        """masks[d] as a tuple (index 0 unused): kept by callers, it does
        not change under them when the position moves on."""
        got = self.kept.get("digit_masks")
        if got is None:
            got = self.kept["digit_masks"] = tuple(self.masks)
        return got


# the three houses of each cell: as a 27-bit mask, and as their cell masks
HOUSE_BITS = tuple((1 << h0) | (1 << h1) | (1 << h2) for h0, h1, h2 in HOUSES_OF)
CELL_HOUSE_MASKS = tuple(tuple(HOUSE_MASK[h] for h in hs) for hs in HOUSES_OF)

