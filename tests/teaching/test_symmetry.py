"""Sudoku symmetries (tutor/symmetry.py): they redraw a position, undo
cleanly, carry the solution across, and the engine finds the same steps."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from puzzle_helpers import qqwing

from tutor.engine.registry import find_all, ladder
from tutor.engine.formats import parse_position, to_givens
from tutor.engine.grid import cell_name, house_name, parse_cell
from tutor.teaching.practice_cache import load_cache
from tutor.teaching.symmetry import Symmetry, SymmetryError, step_key

SEEDS = range(12)


def test_transpose_and_line_swaps_move_cells_where_expected():
    t = Symmetry(transpose=True)
    assert cell_name(t.cell(parse_cell("r1c2"))) == "r2c1"
    assert cell_name(t.cell(parse_cell("r7c3"))) == "r3c7"
    assert house_name(t.house(0)) == "c1" and house_name(t.house(9 + 4)) == "r5"
    assert house_name(t.house(18 + 1)) == "b4"        # box 2 (top middle) goes to box 4
    # new rows 1-3 take old rows 4-6: the top band moves down to the middle
    bands = Symmetry(rows=(3, 4, 5, 0, 1, 2, 6, 7, 8))
    assert cell_name(bands.cell(parse_cell("r1c1"))) == "r4c1"
    assert house_name(bands.house(18)) == "b4"
    # columns 1 and 3 swapped inside the first stack
    cols = Symmetry(cols=(2, 1, 0, 3, 4, 5, 6, 7, 8))
    assert cell_name(cols.cell(parse_cell("r5c1"))) == "r5c3"
    assert house_name(cols.house(9)) == "c3" and house_name(cols.house(18)) == "b1"
    digits = Symmetry(digits=(2, 1, 3, 4, 5, 6, 7, 8, 9))
    assert digits.digit(1) == 2 and digits.mask(0b11) == 0b11 and digits.mask(0b101) == 0b110


def test_only_band_preserving_permutations_are_symmetries():
    with pytest.raises(SymmetryError):
        Symmetry(rows=(0, 1, 3, 2, 4, 5, 6, 7, 8))       # r3 and r4 live in different bands
    with pytest.raises(SymmetryError):
        Symmetry(cols=(0, 0, 2, 3, 4, 5, 6, 7, 8))
    with pytest.raises(SymmetryError):
        Symmetry(digits=(1, 1, 3, 4, 5, 6, 7, 8, 9))
    with pytest.raises(SymmetryError):
        Symmetry.parse("X r123456789 c123456789 d123456789")


@pytest.mark.parametrize("seed", SEEDS)
def test_random_symmetries_invert_and_round_trip_their_code(seed):
    sym = Symmetry.random(random.Random(seed))
    assert not sym.is_identity()
    assert Symmetry.parse(sym.code) == sym
    assert sym.inverse().inverse() == sym
    assert sorted(sym.cell(i) for i in range(81)) == list(range(81))
    inv = sym.inverse()
    assert all(inv.cell(sym.cell(i)) == i for i in range(81))
    assert all(inv.house(sym.house(h)) == h for h in range(27))
    pos = load_cache("jellyfish")[seed % 5].position
    image = sym.position(pos)
    assert image != pos
    assert inv.position(image) == pos
    assert sym.describe() and sym.describe() != "unchanged"


def test_a_redrawn_puzzle_has_the_redrawn_solution():
    for k, puzzle in enumerate(qqwing("expert")[:6]):
        pos = parse_position(puzzle)
        solution = pos.solution()
        sym = Symmetry.random(random.Random(f"solve:{k}"))
        image = parse_position(to_givens(sym.position(pos)))     # through text, as shipped
        assert image.solution() == sym.values(solution)
        assert sum(map(bool, image.values)) == sum(map(bool, pos.values))


# The engine picks one pattern to show for each set of eliminations of a
# Death Blossom, an X-Cycle, a Remote Pair, the fish that mix lines and boxes
# and the ALS techniques (the first in cell order among equals), and one strong link for a W-Wing with several,
# so on a redrawn grid it may show a different one of the equal patterns.
# The same holds for the shortest chain shown for an effect of the chain
# techniques and of forcing chains and nets, and for the cell a trial guesses
# in.  For them only the counts and the eliminations are compared; for every
# other technique the whole pattern is (cells, digits, houses, effects).
REPRESENTATIVE = {"death-blossom", "x-cycle", "remote-pair", "w-wing", "xy-chain", "aic", "franken-fish",
                  "grouped-aic", "finned-franken-fish", "mutant-fish", "als-xz", "als-xy-wing", "als-chain",
                  "sue-de-coq", "forcing-chain", "forcing-net", "trial"}


@pytest.mark.parametrize("tid", ["hidden-subset", "x-wing", "two-string-kite", "simple-colours",
                                 "swordfish", "jellyfish", "x-cycle", "death-blossom"])
@pytest.mark.slow
def test_find_all_on_a_redrawn_position_gives_the_redrawn_steps(tid):
    for k, p in enumerate(load_cache(tid)[:2]):
        sym = Symmetry.random(random.Random(f"{tid}:{k}"))
        before = find_all(p.position)
        after = find_all(sym.position(p.position))
        assert Counter(s.technique for s in after) == Counter(s.technique for s in before)
        for t in ladder():
            mine = [s for s in before if s.technique == t.id]
            theirs = [s for s in after if s.technique == t.id]
            assert (Counter((sym.pairs(s.eliminations), sym.pairs(s.placements)) for s in mine)
                    == Counter(s.effect for s in theirs)), t.id
            if t.id not in REPRESENTATIVE:
                assert Counter(sym.step_key(s) for s in mine) == Counter(map(step_key, theirs)), t.id


CHAIN_RUNGS = ["x-cycle", "xy-chain", "aic", "grouped-aic"]


@pytest.mark.slow
def test_the_chain_rungs_find_the_same_effects_on_redrawn_positions():
    """The chain searches' bounds depend on counts, not on the cells' order
    (issue 26): on positions along solve paths and a random redraw of each,
    every chain rung lists the redrawn effects, no more, no fewer."""
    from puzzle_helpers import all_qqwing, sampled_positions
    picks = sampled_positions(all_qqwing()[::12], per_puzzle=2, seed=5)
    for k, (_, pos) in enumerate(picks):
        sym = Symmetry.random(random.Random(f"chains:{k}"))
        image = sym.position(pos)
        for tid in CHAIN_RUNGS:
            mine = Counter((sym.pairs(s.eliminations), sym.pairs(s.placements))
                           for s in find_all(pos, [tid]))
            assert mine == Counter(s.effect for s in find_all(image, [tid])), (k, tid)
