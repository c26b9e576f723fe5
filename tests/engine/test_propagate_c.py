"""The forcing family's chains and nets (forcing/implications.py) in C and in
Python: for every literal of an open cell, on and off, the same chain (on,
off and every level) and the same net (what it sets, the queue in its
order, how many it placed, the off mask after each placement and the
contradiction), on positions along solves and an empty grid; and the C functions refuse what they cannot read."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.forcing import implications
from tutor.engine.techniques.forcing.implications import Consequences

needs_c = pytest.mark.skipif(implications._propagate is None, reason="the C module is not built here")


def _positions():
    picks = [pos for _, pos in sampled_positions(qqwing("expert")[:6] + qqwing("intermediate")[:2],
                                                 per_puzzle=2)]
    picks.append(parse_position("." * 81))
    return picks


def _both(pos):
    with_c = Consequences(pos)
    python = Consequences(pos)
    python._state = None
    return with_c, python


def _same_net(a, b) -> None:
    assert (a.premise, a.on, a.off, a.done, a.contradiction) == (b.premise, b.on, b.off, b.done,
                                                                 b.contradiction)
    assert a.queue == b.queue
    assert a.after == b.after


@needs_c
def test_both_give_the_same_chains_and_nets_for_every_literal():
    kinds = set()
    nets = 0
    for pos in _positions():
        with_c, python = _both(pos)
        assert with_c._state is not None
        for k in range(729):
            i, e = divmod(k, 9)
            if pos.values[i]:
                continue        # a premise on a removed candidate too: a net then clashes at once
            for lit in (2 * k, 2 * k + 1):
                a, b = with_c.chain(lit), python.chain(lit)
                assert (a.on, a.off, a.levels) == (b.on, b.off, b.levels), (pos, lit)
                na, nb = with_c.net(lit), python.net(lit)
                _same_net(na, nb)
                kinds.add(nb.contradiction[0] if nb.contradiction else None)
                nets += 1
    assert nets > 2000
    # every ending a net can have was met (so each branch of the C was compared)
    assert kinds == {None, "cell", "house", "clash"}


@needs_c
def test_the_c_functions_refuse_what_they_cannot_read():
    c = implications._propagate
    state = c.prepare(bytes(81), bytes(162))
    with pytest.raises(ValueError):
        c.prepare(bytes(80), bytes(162))
    with pytest.raises(ValueError):
        c.prepare(bytes([10] + [0] * 80), bytes(162))
    for forged in (b"x" * 30_000, bytes(30_000), None, 0):
        with pytest.raises(ValueError):
            c.chain(forged, 0)
        with pytest.raises(ValueError):
            c.net(forged, 0)
    for lit in (-1, 1458):
        with pytest.raises(ValueError):
            c.chain(state, lit)
        with pytest.raises(ValueError):
            c.net(state, lit)
    with pytest.raises(ValueError):
        c.net("state", 0)


def test_the_python_path_is_taken_when_c_is_off(monkeypatch):
    monkeypatch.setattr(implications, "COMPILED", False)
    pos = parse_position(qqwing("expert")[0])
    cons = Consequences(pos)
    assert cons._state is None
    k = next(9 * i + e for i in range(81) for e in range(9) if not pos.values[i] and pos.cands[i] >> e & 1)
    net = cons.net(2 * k + 1)
    assert net.on >> k & 1 and net.done >= 1
