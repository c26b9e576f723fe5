"""The ALS chain search (als/chain_search.py) in C and in Python: every
effect of 2 to 5 links with the same chain shown (its ALSs, links and the
number of end pairs), on positions along solves, early positions with many
ALSs, and the positions of the ALS lessons' tests; and the C function
refuses what it cannot read."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.solve import apply_until_stuck
from tutor.engine.techniques.als import chain_search as search_module
from tutor.engine.techniques.als.chain_search import ChainSearch, CompiledChainSearch, chain_search
from tutor.engine.techniques.als.index import AlsIndex
from tutor.engine.techniques.common import clear_memos

needs_c = pytest.mark.skipif(search_module._chains is None, reason="the C module is not built here")

LENGTHS = range(2, 6)


def _positions():
    picks = [pos for _, pos in sampled_positions(qqwing("expert")[10:22], per_puzzle=2)]
    picks += [apply_until_stuck(parse_position(text), ["singles"]) for text in qqwing("expert")[22:26]]
    return picks


def _both(pos):
    idx = AlsIndex(pos)
    python = sorted((z, cells, length, tuple(alses), tuple(links), count)
                    for z, cells, length, alses, links, count in ChainSearch(idx).chains(LENGTHS))
    compiled = sorted(CompiledChainSearch(idx).chains(LENGTHS))
    return python, compiled


@needs_c
def test_both_give_the_same_effects_and_chains():
    effects = lengths = 0
    seen_lengths = set()
    for pos in _positions():
        python, compiled = _both(pos)
        assert compiled == python
        effects += len(python)
        seen_lengths |= {length for _, _, length, *_ in python}
        lengths += sum(count > 1 for *_, count in python)
    assert effects > 300
    # wings and chains of every length, and effects with several end pairs
    assert seen_lengths == {2, 3, 4, 5} and lengths > 50


@needs_c
def test_asking_for_longer_chains_later_searches_again():
    pos = _positions()[0]
    search = CompiledChainSearch(AlsIndex(pos))
    wings = search.chains((2,))
    assert {found[2] for found in wings} <= {2}
    both = search.chains(range(2, 6))
    assert [f for f in both if f[2] == 2] == wings and len(both) > len(wings)


def test_the_position_takes_the_c_search_only_where_it_is_built(monkeypatch):
    pos = parse_position(qqwing("expert")[10])
    clear_memos()
    expected = CompiledChainSearch if search_module.COMPILED else ChainSearch
    assert type(chain_search(pos)) is expected
    monkeypatch.setattr(search_module, "COMPILED", False)
    clear_memos()
    assert type(chain_search(pos.copy())) is ChainSearch
    clear_memos()


@needs_c
def test_the_c_function_refuses_what_it_cannot_read():
    chains = search_module._chains.chains
    idx = AlsIndex(_positions()[0])
    idx.holding_sees(1, 0)
    rcc = [idx.rcc(k) for k in range(idx.n)]
    good = (idx.n, idx.cells, rcc, idx.target_table, idx.holding_table, 5)
    assert chains(*good) == search_module._chains.chains(*good)
    bad = [
        (idx.n + 1,) + good[1:],                                  # more ALSs than cells
        good[:5] + (9,),                                          # too long
        good[:5] + (1,),
        (search_module._chains.MAX_ALSES + 1,) + good[1:],
        good[:3] + ({0: 1},) + good[4:],                          # a key with no digit
        good[:3] + ({10 * idx.n + 1: 1},) + good[4:],             # an ALS that is not there
        good[:2] + ([{10: 1}] + rcc[1:],) + good[3:],             # a link on no digit
        good[:4] + (idx.holding_table[:-1],) + good[5:],
        good[:1] + ([1 << 90] + idx.cells[1:],) + good[2:],       # cells past r9c9
        good[:2] + ([{1: -1}] + rcc[1:],) + good[3:],
        good[:2] + ([{1: 1 << idx.n}] + rcc[1:],) + good[3:],        # a partner past the last ALS
        good[:4] + ([1 << idx.n] + idx.holding_table[1:],) + good[5:],
    ]
    for args in bad:
        with pytest.raises((ValueError, OverflowError)):
            chains(*args)
    with pytest.raises(TypeError):
        chains(idx.n, idx.cells, rcc, list(idx.target_table.items()), idx.holding_table, 5)
