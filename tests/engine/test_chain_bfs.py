"""The chain search's first pass (chains/search.py) in C and in Python: the
same events in the same order and the same layers, on the plain, grouped
and ALS graphs and with the XY-Chain rule (ends on the start's digit)."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.chains import search
from tutor.engine.techniques.chains.links import link_graph
from tutor.engine.techniques.chains.paths import Local
from tutor.engine.techniques.common import clear_memos

GRAPHS = ({}, {"groups": True}, {"als": True})


def _inputs(graph, same_digit: bool):
    """What find_chains gives the first pass, for the whole graph."""
    strong = graph.strong
    weak = {n: graph.weak(n) & graph.linked for n in strong}
    local = Local(graph, strong, weak)
    nodes = local.nodes
    excl = [graph.excl(n) for n in nodes]
    inner = sum(1 << i for i, n in enumerate(nodes) if graph.is_als(n))
    if same_digit:
        may_end = [sum(1 << j for j, m in enumerate(nodes) if graph.digit(m) == graph.digit(n)) & ~inner
                   for n in nodes]
    else:
        may_end = [((1 << len(nodes)) - 1) & ~inner] * len(nodes)
    starts = [i for i in range(len(nodes)) if not inner >> i & 1]
    loops_back = [n < 729 or bool(excl[i]) for i, n in enumerate(nodes)]
    return local.strong, local.weak, may_end, excl, starts, loops_back


@pytest.mark.skipif(search._bfs is None, reason="the C pass is not built here")
@pytest.mark.parametrize("kind", range(len(GRAPHS)))
def test_both_first_passes_give_the_same_events_and_layers(kind):
    picks = sampled_positions(qqwing("expert")[kind * 4:(kind + 1) * 4], per_puzzle=2)
    picks.append(("empty", parse_position("." * 81)))
    events = 0
    for _, pos in picks:
        clear_memos()
        graph = link_graph(pos, **GRAPHS[kind])
        for same_digit in (False, True):
            args = _inputs(graph, same_digit)
            fast_events, fast_layers = search._first_pass_c(*args)
            slow_events, slow_layers = search._first_pass_py(*args)
            assert fast_events == slow_events
            for s in args[4]:
                assert fast_layers[s] == slow_layers[s]
            events += len(fast_events)
    assert events >= 100        # the sample holds chains to compare


def test_the_compiled_pass_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert search.COMPILED


@pytest.mark.skipif(search._bfs is None, reason="the C pass is not built here")
def test_the_compiled_pass_refuses_what_it_cannot_read():
    one = (1).to_bytes(8, "little")
    excl = bytes(96)
    with pytest.raises(ValueError):         # sets of the wrong length
        search._bfs.first_pass(1, one[:4], one, one, excl, one, [0], b"\1")
    with pytest.raises(ValueError):         # a start that is not a node
        search._bfs.first_pass(1, one, one, one, excl, one, [1], b"\1")
    with pytest.raises(ValueError):         # a flag byte short
        search._bfs.first_pass(1, one, one, one, excl, one, [0], b"")
    # one node strongly linked to itself: the walk comes back to it
    events, layers = search._bfs.first_pass(1, one, bytes(8), bytes(8), excl, one, [0], b"\1")
    assert events == [(0, 0, 0, 1)] and len(layers[0]) == 3 * 8
