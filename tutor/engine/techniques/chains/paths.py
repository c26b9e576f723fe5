"""Reading chains back from find_chains' breadth-first layers (search.py):
the shortest walks that use no candidate twice, every shortest loop, and a
second pass that refuses repeats as it goes when every shortest walk
repeats one.  The bounds below are the ones search.py's docstring names."""
from __future__ import annotations

from typing import Any

from ...compiled import PURE_PYTHON, optional_module
from .links import GROUP_BASE, LinkGraph

# The search in C (_search.c): used when built for this ABI
_ABI = 3
search_c = optional_module(f"{__package__}._search", _ABI)
COMPILED = search_c is not None and not PURE_PYTHON
EXCL_BYTES = 12 * 8     # _search.c's EXCL_WORDS: a set of the 729 candidate nodes
MAX_DEPTH = 4096        # _search.c's longest walk read back (a longer one: Python)


def packed(sets, width: int) -> bytes:
    """Bit sets as _search.c reads them: `width` little-endian bytes each."""
    return b"".join(m.to_bytes(width, "little") for m in sets)


def unpacked(raw: bytes, size: int) -> list[int]:
    """Bit sets of `size` little-endian bytes each (packed's output) as ints."""
    return [int.from_bytes(raw[k:k + size], "little") for k in range(0, len(raw), size)]


class PackedLayers:
    """The compiled first pass's layers of each start (bytes), read as ints
    on first use from Python; the compiled read-back reads the bytes."""

    def __init__(self, raw: list, size: int):
        self.raw, self.size = raw, size
        self.made: dict = {}

    def __getitem__(self, s: int) -> list:
        got = self.made.get(s)
        if got is None:
            got = self.made[s] = unpacked(self.raw[s], self.size)
        return got


class Local:
    """The nodes with a strong link numbered 0, 1, ... in node order, with
    their links and candidate bits in those numbers (`bits`: the candidate
    nodes each stands for, as graph.bits gives them).  With the compiled
    search the links are numbered in C and kept as _search.c reads them
    (`packed`: strong, weak and weak_on sets); `strong` and `weak` are
    then made as ints only if Python asks for them."""

    def __init__(self, graph: LinkGraph, strong: dict[int, int], weak: dict[int, int]):
        self.nodes = nodes = sorted(strong)
        self.index = {n: i for i, n in enumerate(nodes)}
        # what the search asks of each node: its order key (order_key
        # below), the candidates it rules out, the candidates it stands for
        facts, rows = graph.node_facts, []
        for n in nodes:
            got = facts.get(n)
            if got is None:
                got = facts[n] = (order_key(graph, n), graph.excl(n), graph.bits(n))
            rows.append(got)
        self.okey = [row[0] for row in rows]
        self.excl = [row[1] for row in rows]
        self.bits = [row[2] for row in rows]
        self.size = (len(nodes) + 63) // 64 * 8         # bytes of a packed set
        self.packed: tuple[bytes, bytes, bytes] | None = None
        self._strong: list[int] | None = None
        self._weak: list[int] | None = None
        if COMPILED and nodes:
            width = (nodes[-1] // 64 + 1) * 8
            every = 0
            for n in nodes:
                every |= 1 << n
            self.packed = search_c.localise(len(nodes), width, every.to_bytes(width, "little"),
                                            packed([strong[n] for n in nodes], width),
                                            packed([weak[n] for n in nodes], width))
        else:
            self._strong = [self._local(strong[n]) for n in nodes]
            self._weak = [self._local(weak[n]) for n in nodes]

    def _local(self, mask: int) -> int:
        index, out = self.index, 0
        while mask:
            low = mask & -mask
            mask ^= low
            out |= 1 << index[low.bit_length() - 1]
        return out

    @property
    def strong(self) -> list[int]:
        if self._strong is None:
            self._strong = self._unpacked(0)
        return self._strong

    @property
    def weak(self) -> list[int]:
        if self._weak is None:
            self._weak = self._unpacked(1)
        return self._weak

    def _unpacked(self, which: int) -> list[int]:
        assert self.packed is not None
        return unpacked(self.packed[which], self.size)


def order_key(graph: LinkGraph, n: int) -> int:
    """Cell order first, then digit; a group after a cell."""
    cells = graph.cells_of(n)
    return ((cells & -cells).bit_length() * 10 + graph.digit(n)) * 2 + (n >= GROUP_BASE)


def _reversed(path):
    return tuple(reversed(path)) if path else None


# Search bounds.  Each is decided by a count that does not depend on the
# order of the cells (the number of shortest walks between two ends, the
# number of different sets of candidates that chains of one length bring to
# a node), so a redrawn grid gives the same effects.
MAX_WALKS = 64          # shortest walks read back between two ends
BACKTRACK_BUDGET = 200  # the quick look's count of steps back (not a bound: see _shortest)
MAX_USED_SETS = 64      # second pass: candidate sets kept per node and length


class Paths:
    """Chains that use no candidate twice, for the ends the layers reached
    (nodes in find_chains' local numbers; `path` answers in graph nodes).
    layers_of[s]: the layers of s's first pass, a list of ints (a list of
    such lists, or PackedLayers from the compiled pass, which the compiled
    read-back reads as they are)."""

    def __init__(self, local: Local, layers_of: Any, second_pass: bool = True):
        self.local = local
        self.nodes, self.bits = local.nodes, local.bits
        self.second_pass = second_pass
        self.layers_of = layers_of
        self.cache: dict = {}
        self.second: dict = {}
        self.compiled = local.packed is not None and isinstance(layers_of, PackedLayers)
        self._sets: tuple | None = None

    def _packed(self) -> tuple:
        """(n, strong, weak, bits) as _search.c reads them, made once."""
        if self._sets is None:
            assert self.local.packed is not None
            strong, weak, _ = self.local.packed
            self._sets = (len(self.nodes), strong, weak, packed(self.bits, EXCL_BYTES))
        return self._sets

    @property
    def strong(self) -> list[int]:
        return self.local.strong

    @property
    def weak(self) -> list[int]:
        return self.local.weak

    def path(self, s: int, t: int, depth: int) -> list[int] | None:
        key = (s, t)
        if key not in self.cache:
            got = self._shortest(s, t, depth)
            if got is None and self.second_pass:
                got = self._second(s, t) or (_reversed(self._second(t, s)) if t != s else None)
            self.cache[key] = got
        got = self.cache[key]
        if got is None:
            return None
        nodes = self.nodes
        return [nodes[n] for n in got]

    def _walks(self, s: int, t: int, depth: int) -> int:
        """How many shortest walks lead from s to t (repeats allowed)."""
        if self.compiled and depth <= MAX_DEPTH:
            n, strong_c, weak_c, _ = self._packed()
            return search_c.walks(n, strong_c, weak_c, self.layers_of.raw[s], s, t, depth)
        strong, weak, layers = self.strong, self.weak, self.layers_of[s]
        memo: dict = {}

        def count(n: int, j: int) -> int:
            if j == 1:
                return strong[n] >> s & 1
            got = memo.get((n, j))
            if got is None:
                # the nodes of layer j-1 that lead to n (_before, inlined)
                m = layers[j - 1] & (strong[n] if j % 2 else weak[n])
                got = 0
                while m:
                    low = m & -m
                    m ^= low
                    got += count(low.bit_length() - 1, j - 1)  # noqa: F821
                memo[n, j] = got
            return got

        got = count(t, depth)
        del count           # it refers to itself through its closure: break that cycle
        return got

    def _simple_walks(self, s: int, t: int, depth: int, first: bool,
                      budget: int | None = None) -> list[tuple] | None:
        """The shortest walks s ... t that use no candidate twice (the first
        one only, with `first`), in local numbers.  Without a budget: none
        when more than MAX_WALKS walks lead there.  With one: None when the
        budget of steps back ran out before a walk was found."""
        if budget is None and self._walks(s, t, depth) > MAX_WALKS:
            return []
        if self.compiled and depth <= MAX_DEPTH:
            return search_c.simple_walks(*self._packed(), self.layers_of.raw[s], s, t, depth, first,
                                         -1 if budget is None else budget)
        bits, strong, weak, layers = self.bits, self.strong, self.weak, self.layers_of[s]
        start_bits = bits[s]
        found: list[tuple] = []
        left = [budget if budget is not None else -1]

        def back(n: int, j: int, used: int, out: tuple) -> None:
            if j == 1:
                if strong[n] >> s & 1 and (t == s or not start_bits & used):
                    found.append((s,) + out)
                return
            left[0] -= 1
            if left[0] == 0:
                return
            m = layers[j - 1] & (strong[n] if j % 2 else weak[n])     # _before, inlined
            blocked = used | start_bits
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                if not bits[p] & blocked and not (first and found):
                    back(p, j - 1, used | bits[p], (p,) + out)  # noqa: F821 (deleted after use)

        back(t, depth, bits[t] if t != s else 0, (t,))
        del back            # as in _walks: no cycle left behind
        return None if left[0] <= 0 and budget is not None and not found else found

    def _shortest(self, s: int, t: int, depth: int):
        """A shortest chain s ... t, read back through the layers, depth
        first.  A quick look first, counting its steps back: the one step
        at which the count reaches zero is skipped and the look goes on
        (so it is nearly the full search, whatever the number of walks).
        When it found no walk after such a skip, the walks are read again
        in full if no more than MAX_WALKS lead there.  What this does is
        what the compiled read-back (_search.c) copies; a real budget
        would make finding a chain depend on the cells' order where more
        than MAX_WALKS walks lead to an end."""
        found = self._simple_walks(s, t, depth, first=True, budget=BACKTRACK_BUDGET)
        if found is None:
            found = self._simple_walks(s, t, depth, first=True)
        return found[0] if found else None

    def local_loops(self, s: int, t: int, depth: int) -> list[tuple]:
        """Every shortest chain s ... t that uses no candidate twice (t
        weakly linked to s: each closes a continuous loop), in local numbers."""
        return self._simple_walks(s, t, depth, False) or []

    def _second(self, s: int, t: int):
        """A shortest chain s ... t among those the second pass keeps."""
        if self.compiled:
            if s not in self.second:
                self.second[s] = search_c.second_pass(*self._packed(), s, MAX_USED_SETS)
            return self.second[s].get(t)
        if s not in self.second:
            self.second[s] = self._second_pass(s)
        on_states, off_states = self.second[s]
        if t not in on_states:
            return None
        used = next(iter(on_states[t]))
        out = [t]
        parent = on_states[t][used]
        while parent is not None:
            n, used = parent
            out.append(n)
            parent = off_states[n][used]
            if parent is None:
                break
            n, used = parent
            out.append(n)
            parent = on_states[n][used]
        out.reverse()
        return tuple(out)

    def _second_pass(self, s: int):
        """Breadth-first from s over (node, candidates its chain uses): a
        step never lands on a candidate already used, and each node is kept
        at the first length that reaches it, with every set of candidates
        chains of that length bring (at most MAX_USED_SETS, else the node
        is dropped there).  Returns, for the on and off nodes, used set ->
        the (node, used set) it came from."""
        strong, weak, bits = self.strong, self.weak, self.bits
        off_states: dict[int, dict] = {s: {bits[s]: None}}
        on_states: dict[int, dict] = {}
        on_seen, off_seen = 0, 1 << s
        front = off_states
        while front:
            new_on: dict[int, dict] = {}
            for n, useds in front.items():
                m = strong[n] & ~on_seen
                while m:
                    low = m & -m
                    m ^= low
                    p = low.bit_length() - 1
                    if p == s:               # back to the start: a loop, not a repeat
                        into = new_on.setdefault(s, {})
                        for used in useds:
                            into.setdefault(used, (n, used))
                        continue
                    _reach(new_on, p, bits[p], n, useds)
            for p in new_on:
                on_seen |= 1 << p
            new_on = {p: u for p, u in new_on.items() if len(u) <= MAX_USED_SETS}
            on_states.update(new_on)
            new_off: dict[int, dict] = {}
            for n, useds in new_on.items():
                if n == s:
                    continue
                m = weak[n] & ~off_seen
                while m:
                    low = m & -m
                    m ^= low
                    p = low.bit_length() - 1
                    _reach(new_off, p, bits[p], n, useds)
            for p in new_off:
                off_seen |= 1 << p
            front = {p: u for p, u in new_off.items() if len(u) <= MAX_USED_SETS}
            off_states.update(front)
        return on_states, off_states


def _reach(states: dict, p: int, p_bits: int, n: int, useds: dict) -> None:
    """The second pass steps from n to p: each set of candidates n's chains
    use that holds none of p's, with p's added, reaches p (from (n, used))."""
    into: dict | None = None
    for used in useds:
        if not p_bits & used:
            if into is None:
                into = states.setdefault(p, {})
            into.setdefault(used | p_bits, (n, used))
