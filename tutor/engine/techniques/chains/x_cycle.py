"""X-Cycles: loops on one digit whose links alternate strong and weak.

Links, for one digit d, join single cells (no grouped nodes: a box segment
never stands in for a cell: grouped X-cycles are `grouped-aic`'s, aic.py):

* strong link: the two cells are the only places for d in some house, so at
  least one of them holds d;
* weak link: the two cells share a house, so at most one of them holds d.
  A strong link may also serve as a weak link (it is both).

A loop visits distinct cells c0, c1, ..., c(n-1) and returns to c0.  Three
kinds give a deduction:

* continuous loop: n is even and the links alternate all the way round.
  The strong links pair up the cells and so do the weak links; each strong
  pair needs at least one d and each weak pair allows at most one, so every
  pair has exactly one.  Every weak link becomes strong: d leaves every cell
  outside the loop that sees both ends of a weak link (for two cells in
  different boxes that is their shared row or column; for two in one box
  also the box).
* discontinuity with two strong links: n is odd and the alternation breaks
  at c0, whose two links are strong.  If c0 lacked d, its neighbours would
  hold it and the alternation would come back round to force d into c0, so
  d is placed in c0.
* discontinuity with two weak links: n is odd and c0 sits between two weak
  links.  If c0 held d, the alternation forces d into a cell that sees c0,
  so d leaves c0.

Short loops overlap simpler techniques: a continuous loop of four cells
is an X-Wing (or another two-strong-link rectangle), and a weak break whose
other links form an X-chain is what Skyscraper, Two-String Kite and Turbot
Fish remove (a three-cell weak loop is Locked Candidates).  They are still
X-cycles and are reported; the ladder ranks x-cycle after those techniques,
so a logic solve meets the simpler names first.

We find every loop of at most MAX_LINKS = 16 links (so continuous loops of
up to 16 cells and discontinuous ones of up to 15).  A continuous loop is one step
however it is walked (start cell and direction do not matter).  Discontinuous
loops are one step per break cell and set of cells.  Only loops with an
effect are reported, shortest first.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...registry import PatternReport, technique
from ...grid import PEER_MASK, cell_bits, cell_name, sees, shared_houses
from ...position import Position
from ...roles import Roles, alternating
from ...step import make_step
from ..common import Memo, conjugate_links, digit_masks
from ..patterns import WORDS, chain_entry_keys, one_digit, strong_graph, strong_house, weak_text

# Longest loop searched, counted in links (= cells).  Measured on 771
# positions along QQWing and diabolical solve paths: 16 links find 8 more
# effects than 12 and none are added by going to 20; the search stays under
# a few ms at the median and about 40 ms at worst (benchmarks/
# bench_colouring_xcycles.py).
MAX_LINKS = 16

RULE_TITLE = {
    "continuous": "continuous",
    "strong": "discontinuous, strong",
    "weak": "discontinuous, weak",
}


def _digit_graph(digit_mask: int):
    """Strong partners (cell -> mask) of the digit given by the mask of its
    cells, and the mask of the cells that have at least one strong link."""
    strong: dict[int, int] = {}
    linked = 0
    for x, y, _ in conjugate_links(digit_mask):
        strong[x] = strong.get(x, 0) | 1 << y
        strong[y] = strong.get(y, 0) | 1 << x
        linked |= 1 << x | 1 << y
    return strong, linked


def _loops(digit_mask: int, max_links: int = MAX_LINKS):
    """[(rule, cells)...] for every alternating loop on a digit (given by
    the mask of its cells).

    cells is the walk c0, c1, ..., c(n-1) (the loop closes back on c0).  For
    'continuous' the walk starts at its lowest cell with a strong link; for
    'strong' and 'weak' it starts at the break, and the link c0-c1 is the
    first of the break's two links.  Discontinuous loops come once per
    direction; the caller deduplicates.
    """
    strong, linked = _digit_graph(digit_mask)
    found: list[tuple[str, tuple[int, ...]]] = []
    if not strong:
        return found
    weak = {x: PEER_MASK[x] & linked for x in strong}
    path: list[int] = []

    for s in sorted(strong):
        peers_s = PEER_MASK[s]
        strong_s = strong[s]
        below_s = (1 << s) - 1
        path[:] = [s]

        # (bit loops are written out: this search is the hot spot, and
        # they visit cells in increasing order just as cell_bits does)
        def after_strong(x: int, visited: int, depth: int) -> None:
            # path s=...=x alternates and ends on a strong link; depth links.
            if depth >= 3 and peers_s >> x & 1 and not visited & below_s:
                found.append(("continuous", tuple(path)))
            if depth + 2 <= max_links:
                if x > s:
                    # an X-chain from s to x: a cell seeing both ends is a weak break
                    m = digit_mask & peers_s & PEER_MASK[x] & ~visited
                    if m:
                        chain = tuple(path)
                        while m:
                            low = m & -m
                            m ^= low
                            found.append(("weak", (low.bit_length() - 1,) + chain))
                m = weak[x] & ~visited
                while m:
                    low = m & -m
                    m ^= low
                    path.append(low.bit_length() - 1)
                    after_weak(path[-1], visited | low, depth + 1)  # noqa: F821 (deleted below)
                    path.pop()

        def after_weak(y: int, visited: int, depth: int) -> None:
            # path s=...-y ends on a weak link; depth links (even).
            if strong_s >> y & 1 and depth >= 2:
                found.append(("strong", tuple(path)))
            if depth + 2 <= max_links:
                m = strong[y] & ~visited
                while m:
                    low = m & -m
                    m ^= low
                    path.append(low.bit_length() - 1)
                    after_strong(path[-1], visited | low, depth + 1)  # noqa: F821 (deleted below)
                    path.pop()

        for t in cell_bits(strong_s):
            path.append(t)
            after_strong(t, 1 << s | 1 << t, 1)
            path.pop()
    # the two helpers refer to each other: drop them now rather than leave
    # the cycle to the GC
    del after_strong, after_weak
    return found


def _step(digit: int, rule: str, walk, digit_mask: int):
    """The step for one loop, or None when a continuous loop removes nothing."""
    n = len(walk)
    elims, places = [], []
    if rule == "continuous":
        loop_mask = 0
        for i in walk:
            loop_mask |= 1 << i
        for k in range(1, n, 2):
            a, b = walk[k], walk[(k + 1) % n]
            for i in cell_bits(digit_mask & PEER_MASK[a] & PEER_MASK[b] & ~loop_mask):
                elims.append((i, digit))
        if not elims:
            return None
    elif rule == "strong":
        places.append((walk[0], digit))
    else:
        elims.append((walk[0], digit))
    houses = set()
    for k in range(n):
        houses.update(shared_houses(walk[k], walk[(k + 1) % n]))
    return make_step("x-cycle", XCycleRoles(rule, tuple(walk)), cells=sorted(walk), digits=(digit,),
                     houses=sorted(houses), eliminations=elims, placements=places)


@dataclass(frozen=True)
class XCycleRoles(Roles):
    """A loop on the step's digit: its cells in walk order (the loop closes
    on the first) and its rule ('continuous', 'strong' or 'weak': where a
    discontinuous loop breaks, at its first cell)."""
    rule: str
    walk: tuple[int, ...]

    def _links(self) -> tuple[str, str]:
        # continuous and strong: '=' first; weak: '-' first (n odd for both
        # discontinuous kinds, so the break's two links match)
        return ("-", "=") if self.rule == "weak" else ("=", "-")

    def _loop(self) -> list[str]:
        first, second = self._links()
        names = [cell_name(i) for i in self.walk]
        loop = [names[0]]
        for k in range(len(names)):
            loop.append(first if k % 2 == 0 else second)
            loop.append(names[(k + 1) % len(names)])
        return loop

    def name(self, step) -> str:
        return f"X-Cycle ({RULE_TITLE[self.rule]}): ({step.digits[0]})" + "".join(self._loop())

    def json(self, step) -> dict:
        d = step.digits[0]
        loop = self._loop()
        return {"digit": d, "rule": self.rule, "loop": loop, "eureka": f"({d})" + "".join(loop),
                "length": len(self.walk)}

    def chains(self, step):
        first, second = self._links()
        d = step.digits[0]
        terms = [(d, (c,), first if k % 2 == 0 else second) for k, c in enumerate(self.walk)]
        return (alternating(terms + [(d, self.walk[:1], None)]),)


def _canonical(rule: str, walk):
    """A key that is the same for every way of walking the same loop."""
    if rule == "continuous":
        n = len(walk)
        return frozenset((min(walk[k], walk[(k + 1) % n]), max(walk[k], walk[(k + 1) % n]), k % 2)
                         for k in range(n))
    return walk[0], frozenset(walk)


def _check_x_cycle(pos, q, d):
    """The loop's links, as far as the cells alone tell (its effect depends
    on the order of the walk, which the cells do not give)."""
    cells, label = list(q.cells), q.label
    if len(cells) < 4:
        return PatternReport(False, label, cells, "an X-Cycle needs at least four cells", [], (d,),
                             fits=False)
    claimed = {i for i, _, _ in q.claim}
    for i in cells:
        links = [j for j in cells if sees(i, j)]
        if len(links) < 2:
            return PatternReport(False, label, cells,
                                 f"{cell_name(i)} shares a house with {WORDS[len(links)]} other "
                                 f"cell{'s' if len(links) != 1 else ''} of the loop; a loop needs two",
                                 [i], (d,))
    edges = strong_graph(pos, cells, d)
    for i in cells:
        if i in claimed or edges[i]:
            continue
        j = next(j for j in cells if sees(i, j))
        _, _, others = strong_house(pos, i, j, d)
        return PatternReport(False, label, cells, weak_text(i, j, d, others), others, (d,))
    return PatternReport(True, label, cells, digits=(d,), removes=None)


@technique("x-cycle", "X-Cycle", "chains", rank=270, weight=260,
           aliases=("x cycle", "x loop", "cycle", "loop"),
           check=one_digit(_check_x_cycle), entry_keys=chain_entry_keys,
           prerequisites=("simple-colours", "turbot-fish"),
           distractors=("simple-colours", "turbot-fish", "skyscraper", "swordfish"))
def x_cycles(pos: Position):
    return find_x_cycles(pos, MAX_LINKS)


def find_x_cycles(pos: Position, max_links: int = MAX_LINKS):
    """Every X-cycle step of at most max_links links, shortest first."""
    steps = []
    masks = digit_masks(pos)
    for d in range(1, 10):
        # a digit's loops depend on its cells alone: reuse them while those stay
        steps.extend(_MEMO.get((d, masks[d], max_links), _digit_cycles, d, masks[d], max_links))
    order = {"strong": 0, "weak": 1, "continuous": 2}
    steps.sort(key=lambda s: (len(s.roles.walk), order[s.roles.rule], s.digits, s.cells))
    return steps


_MEMO = Memo()


def _digit_cycles(d: int, digit_mask: int, max_links: int) -> tuple:
    """The steps of every loop on one digit, one per loop."""
    steps = []
    found = _loops(digit_mask, max_links)
    best: dict = {}
    for rule, walk in found:
        key = (rule, _canonical(rule, walk))
        old = best.get(key)
        if old is None or walk < old:
            best[key] = walk
    for (rule, _), walk in best.items():
        step = _step(d, rule, walk, digit_mask)
        if step is not None:
            steps.append(step)
    return tuple(steps)
