"""The chain search (chains/search.py, paths.py) in C and in Python: the
first pass gives the same events in the same order and the same layers, the
read-back the same walks, counts and second-pass chains, and find_chains
the same chains, on the plain, grouped and ALS graphs and with the XY-Chain
rule (ends on the start's digit)."""
from __future__ import annotations

import pytest

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine.formats import parse_position
from tutor.engine.techniques.chains import paths, search
from tutor.engine.techniques.chains.links import link_graph
from tutor.engine.techniques.chains.paths import Local, Paths
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
    return local, (may_end, excl, starts, loops_back)


@pytest.mark.skipif(paths.search_c is None, reason="the C pass is not built here")
@pytest.mark.parametrize("kind", range(len(GRAPHS)))
def test_both_first_passes_give_the_same_events_and_layers(kind):
    picks = sampled_positions(qqwing("expert")[kind * 4:(kind + 1) * 4], per_puzzle=2)
    picks.append(("empty", parse_position("." * 81)))
    events = 0
    for _, pos in picks:
        clear_memos()
        graph = link_graph(pos, **GRAPHS[kind])
        for same_digit in (False, True):
            local, args = _inputs(graph, same_digit)
            if not local.nodes:
                continue            # no strong link at all: no search
            fast_events, fast_layers = search._first_pass_c(local, *args)
            slow_events, slow_layers = search._first_pass_py(local.strong, local.weak, *args)
            assert fast_events == slow_events
            for s in args[2]:
                assert fast_layers[s] == slow_layers[s]
            events += len(fast_events)
    assert events >= 100        # the sample holds chains to compare


def test_the_compiled_search_is_built_on_this_machine():
    # the test machine has a compiler: if this fails, the build did (see setup.py)
    assert paths.COMPILED


@pytest.mark.skipif(paths.search_c is None, reason="the C pass is not built here")
def test_the_compiled_pass_refuses_what_it_cannot_read():
    one = (1).to_bytes(8, "little")
    excl = bytes(96)
    with pytest.raises(ValueError):         # sets of the wrong length
        paths.search_c.first_pass(1, one[:4], one, one, excl, one, [0], b"\1")
    with pytest.raises(ValueError):         # a start that is not a node
        paths.search_c.first_pass(1, one, one, one, excl, one, [1], b"\1")
    with pytest.raises(ValueError):         # a flag byte short
        paths.search_c.first_pass(1, one, one, one, excl, one, [0], b"")
    # one node strongly linked to itself: the walk comes back to it
    events, layers = paths.search_c.first_pass(1, one, bytes(8), bytes(8), excl, one, [0], b"\1")
    assert events == [(0, 0, 0, 1)] and len(layers[0]) == 3 * 8


@pytest.mark.skipif(paths.search_c is None, reason="the C search is not built here")
@pytest.mark.parametrize("kind", range(len(GRAPHS)))
def test_both_read_backs_give_the_same_walks_counts_and_second_pass_chains(kind):
    picks = sampled_positions(qqwing("expert")[12 + kind * 3:15 + kind * 3], per_puzzle=2)
    compared = repeats = 0
    for _, pos in picks:
        clear_memos()
        graph = link_graph(pos, **GRAPHS[kind])
        local, args = _inputs(graph, False)
        if not local.nodes:
            continue
        events, layers = search._first_pass_c(local, *args)
        fast, slow = Paths(local, layers), Paths(local, layers)
        slow.compiled = False           # the same layers, read by the Python code
        assert fast.compiled
        for _code, s, t, depth in events[::7]:
            assert fast._walks(s, t, depth) == slow._walks(s, t, depth)
            for first, budget in ((True, 200), (True, 3), (False, None), (True, None)):
                assert fast._simple_walks(s, t, depth, first, budget) == slow._simple_walks(s, t, depth, first,
                                                                                               budget)
            for end in (s, t):
                assert fast._second(end, t if end == s else s) == slow._second(end, t if end == s else s)
            compared += 1
            repeats += fast._simple_walks(s, t, depth, True, 200) == []
    assert compared >= 30 and repeats >= 1      # ends whose shortest walks all repeat a candidate too


@pytest.mark.skipif(paths.search_c is None, reason="the C search is not built here")
def test_find_chains_gives_the_same_chains_in_c_and_in_python(monkeypatch):
    from tutor.engine.techniques.chains.aic import _graph_links
    picks = sampled_positions(qqwing("expert")[30:34], per_puzzle=2)
    chains = 0
    for _, pos in picks:
        clear_memos()
        for kind in GRAPHS:
            graph = link_graph(pos, **kind)
            found = []
            for compiled in (True, False):
                monkeypatch.setattr(paths, "COMPILED", compiled)
                found.append(search.find_chains(graph, *_graph_links(graph), second_pass=not kind.get("als")))
            assert found[0] == found[1]
            chains += len(found[0])
    assert chains >= 50


@pytest.mark.skipif(paths.search_c is None, reason="the C search is not built here")
@pytest.mark.parametrize("kind", range(len(GRAPHS)))
def test_both_numberings_give_the_same_local_links(kind, monkeypatch):
    picks = sampled_positions(qqwing("expert")[40 + kind:42 + kind], per_puzzle=2)
    for _, pos in picks:
        clear_memos()
        graph = link_graph(pos, **GRAPHS[kind])
        strong = graph.strong
        weak = {n: graph.weak(n) & graph.linked for n in strong}
        if not strong:
            continue
        fast = Local(graph, strong, weak)
        monkeypatch.setattr(paths, "COMPILED", False)
        slow = Local(graph, strong, weak)
        monkeypatch.undo()
        assert fast.packed is not None and slow.packed is None
        assert fast.strong == slow.strong and fast.weak == slow.weak
        assert fast.packed[2] == paths.packed(search._weak_on(slow.strong, slow.weak), fast.size)


@pytest.mark.skipif(paths.search_c is None, reason="the C search is not built here")
def test_the_compiled_read_back_refuses_what_it_cannot_read():
    one, excl = (1).to_bytes(8, "little"), bytes(96)
    with pytest.raises(ValueError):         # a depth past the layers
        paths.search_c.walks(1, one, one, one * 2, 0, 0, 2)
    with pytest.raises(ValueError):         # bits of the wrong length
        paths.search_c.simple_walks(1, one, one, one, one * 3, 0, 0, 1, True, -1)
    with pytest.raises(ValueError):         # a start that is not a node
        paths.search_c.second_pass(1, one, one, excl, 1, 64)
    with pytest.raises(ValueError):         # two nodes named, one said
        paths.search_c.localise(1, 8, (3).to_bytes(8, "little"), one, one)
    # one node strongly linked to itself: one walk back to it, one link long
    assert paths.search_c.walks(1, one, bytes(8), one * 3, 0, 0, 1) == 1
    assert paths.search_c.simple_walks(1, one, bytes(8), excl, one * 3, 0, 0, 1, True, -1) == [(0, 0)]
    assert paths.search_c.second_pass(1, one, bytes(8), excl, 0, 64) == {0: (0, 0)}
