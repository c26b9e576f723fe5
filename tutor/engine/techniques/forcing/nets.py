"""Forcing chains and forcing nets (family `forcing`): what follows from
assuming a candidate, followed to the end.

Premises and their consequences come from implications.py (built once per
position).  Three kinds of proof, for chains and nets alike:

* contradiction: assuming a candidate on (or off) leads both to some
  candidate being on and off (a chain), or to a cell with no candidate, a
  digit with no place in a house, or a cell forced to a digit it has lost
  (a net).  So the candidate is off (on).
* cell: every candidate of one cell, set on, leads to the same fact (a
  verity): one of them is the cell's digit, so the fact holds.
* house: every place of one digit in one house, set on, leads to the same
  fact.

A forcing chain uses single implications only (each follows one strong or
weak link, see implications.py).  A forcing net follows naked and hidden
singles, where a fact may need several earlier ones.

Chains reach no cell-empty or house-empty contradiction of their own: a
chain from P that empties a cell is, read backwards, a cell forcing chain
from that cell concluding not-P (every link reads both ways), so it is
found as one.  A verity needs every branch to reach its fact: a branch that
breaks down (a contradiction) is not taken as reaching everything; its
candidate is removed first by a contradiction step.

One instance is one effect: one candidate removed or one digit placed,
shown with the proof of least size (chains: links over all branches; nets:
placements over all branches, then fewer branches, contradiction before
cell before house, then the premise), and `merged` says how many proofs
gave it.  Eliminations that a placement of the same list already brings
(the cell's other digits, the digit in the cell's houses) are not listed
apart.  Forcing nets list only effects that no forcing chain gives: a net
that needs no multi-premise step is a chain.

Search bounds: none.  Every candidate is assumed on, and off wherever that
can lead anywhere (the candidate has a strong link, and is neither its
cell's last candidate nor its digit's last place in a house: those are
singles); every cell and every digit of every house with two or more
places is a verity premise; chains and nets are followed to the end.  On
mid-solve QQWing positions (benchmarks/bench_forcing.py) both rooms
together cost about 10 ms median, 28 ms p95, shared with the judge and
trial through the per-position Consequences.
"""
from __future__ import annotations

from ...hint_words import HintWords, Place
from ...registry import EntryKeys, technique
from ...grid import HOUSE_MASK, MASK_DIGITS, PEER_MASK, cell_name, house_name
from ...position import Position
from ..common import once_per_position
from .checks import check_forcing_chain, check_forcing_net
from .steps import build_step
from .implications import Consequences, bits, consequences, weak_table

ORDER = {"contradiction": 0, "cell": 1, "house": 2}


def _offer(best: dict, item: int, key: tuple, proof: tuple) -> None:
    """Keep the proof of least key for item, and count the proofs."""
    old = best.get(item)
    if old is None:
        best[item] = [key, 1, proof]
    else:
        old[1] += 1
        if key < old[0]:
            old[0], old[2] = key, proof


def _verity_premises(c: Consequences):
    """(kind, premise, branch literals) for every cell of two or more
    candidates and every digit with two or more places in a house (a set of
    places seen in a line and in a box is tried once)."""
    for i in range(81):
        ds = MASK_DIGITS[c.cands[i]]
        if len(ds) >= 2 and not c.values[i]:
            yield "cell", (i,), [2 * (9 * i + d - 1) + 1 for d in ds]
    for d in range(1, 10):
        seen = set()
        for h in range(27):
            m = c.digit_cells[d] & HOUSE_MASK[h]
            if m & (m - 1) and m not in seen:
                seen.add(m)
                yield "house", (h, d), [2 * (9 * i + d - 1) + 1 for i in bits(m)]


def _premises(c: Consequences):
    """Every literal to assume: each candidate on, and off where that leads
    anywhere (the candidate has a strong link: removing any other leaves no
    single behind, for chains and nets alike) but not at once to nothing
    (a cell's last candidate, a digit's last place in a house: those are
    singles)."""
    single = 0
    for i in range(81):
        if not c.values[i] and c.cands[i] and not c.cands[i] & (c.cands[i] - 1):
            single |= 0x1FF << (9 * i)
    for d in range(1, 10):
        for h in range(27):
            m = c.digit_cells[d] & HOUSE_MASK[h]
            if m and not m & (m - 1):
                single |= 1 << (9 * (m.bit_length() - 1) + d - 1)
    for k in bits(c.present):
        yield 2 * k + 1
        if c.has_strong >> k & 1 and not single >> k & 1:
            yield 2 * k


def _verities(c: Consequences, best: dict, follow, broken: set, skip_on: int = 0,
              skip_off: int = 0) -> None:
    """Offer every verity whose branches all hold together (none in
    broken), for the facts outside skip_on/skip_off."""
    for kind, premise, lits in _verity_premises(c):
        if broken.intersection(lits):
            continue
        found = [follow(lit) for lit in lits]
        on, off = ~skip_on, ~skip_off
        for got in found:
            on &= got.on
            off &= got.off
        for side, common in ((1, on), (0, off)):
            if not common:
                continue
            sizes = dict.fromkeys(bits(common), 0)
            for got in found:
                got.add_sizes(common, side, sizes)
            key_tail = (len(lits), ORDER[kind], premise)
            for x, size in sizes.items():
                goal = 2 * x + side
                _offer(best, goal, (size,) + key_tail, (kind, premise, lits))


@once_per_position
def chain_proofs(pos: Position) -> dict:
    """{item literal: [key, proofs found, (kind, premise, branches)]} for
    forcing chains."""
    c = consequences(pos)
    best: dict = {}
    broken = set()
    for lit in _premises(c):
        if not c.may_break(lit):
            continue
        size, x = c.chain(lit).shortest_clash()
        if x >= 0:
            broken.add(lit)
            _offer(best, lit ^ 1, (size, 2, 0, (lit,)),
                   ("contradiction", (lit,), ((lit, 2 * x + 1), (lit, 2 * x))))
    _verities(c, best, c.chain, broken)
    return best


@once_per_position
def net_proofs(pos: Position) -> dict:
    """The same for forcing nets, leaving out what chains give (and the
    premises whose chain already breaks down: their net does too)."""
    c = consequences(pos)
    chained = chain_proofs(pos)
    skip_on = skip_off = 0
    for item in chained:
        if item & 1:
            skip_on |= 1 << (item >> 1)
            skip_off |= weak_table()[item >> 1]     # what that placement removes
        else:
            skip_off |= 1 << (item >> 1)
    best: dict = {}
    premises = [lit for lit in _premises(c) if c.may_break(lit)]
    broken = {lit for lit in premises if c.chain(lit).clash}
    for lit in premises:
        if lit in broken:
            continue
        net = c.net(lit)
        if net.contradiction:
            broken.add(lit)
            item = lit ^ 1
            if not (skip_on if item & 1 else skip_off) >> (item >> 1) & 1:
                _offer(best, item, (net.done + 1, 1, 0, (lit,)),
                       ("contradiction", (lit,), ((lit, net.contradiction),)))
    _verities(c, best, c.net, broken, skip_on, skip_off)
    return best


def _implied(item: int, proved: dict) -> bool:
    """Whether an elimination follows at once from a placement in proved."""
    if item & 1:
        return False
    i, e = divmod(item >> 1, 9)
    for d in range(9):
        if d != e and 2 * (9 * i + d) + 1 in proved:
            return True
    for j in bits(PEER_MASK[i]):
        if 2 * (9 * j + e) + 1 in proved:
            return True
    return False


def _ordered(proofs: dict) -> list:
    """(proof, merged) in list order, without eliminations a listed
    placement brings.  A proof is (size, branch count, kind order, kind,
    premise, branches, item)."""
    kept = []
    for item, (key, merged, (kind, premise, branches)) in proofs.items():
        if not _implied(item, proofs):
            if kind != "contradiction":
                branches = tuple((lit, item) for lit in branches)
            kept.append(((key[0], key[1], key[2], kind, premise, branches, item), merged))
    kept.sort(key=lambda pm: pm[0][:3] + (pm[0][4], pm[0][6]))
    return kept


def _steps(pos: Position, via: str, limit: int | None = None) -> list:
    c = consequences(pos)
    proofs = chain_proofs(pos) if via == "chain" else net_proofs(pos)
    return [build_step(c, via, proof, merged) for proof, merged in _ordered(proofs)[:limit]]


def _finder(via: str):
    """The finder of one room (its list kept for the last position), with
    `first`: the head of that list, built alone."""
    listed = once_per_position(lambda pos: tuple(_steps(pos, via)))

    def finder(pos: Position):
        return list(listed(pos))

    finder.first = lambda pos: _steps(pos, via, 1)  # type: ignore[attr-defined]
    return finder


def forcing_entry_keys(step) -> EntryKeys:
    """The premise (a cell, the places of a digit in a house, the cell of
    the assumed candidate), or every cell the proof uses."""
    return EntryKeys(frozenset(step.roles.premise_cells), alternatives=(frozenset(step.cells),),
                     digits=frozenset(step.digits))


def _label(step) -> str:
    return step.roles.label


class ForcingHints(HintWords):
    """Every level points at the premise: where to start, what to assume,
    never what it proves before level 4."""

    def where(self, step, position=None) -> str:
        roles = step.roles
        premise = roles.premise(step)
        if roles.kind == "house":
            return (f"start in {house_name(premise.houses[0])}: place {premise.digits[0]} in each "
                    f"of its places in turn and follow what it forces.")
        cell = cell_name(premise.cells[0])
        if roles.kind == "cell":
            return f"start at {cell}: try each of its candidates in turn and follow what it forces."
        return (f"start at {cell}: assume one of its candidates "
                f"{'true' if premise.on else 'false'} and follow what it forces.")

    def pattern(self, step) -> str:
        roles = step.roles
        if roles.kind == "contradiction":
            # the premise's candidate is the answer (it is false): name its cell only
            premise = roles.premise(step)
            return (f"the pattern: {roles.label}: one candidate of {cell_name(premise.cells[0])}, "
                    f"assumed {'true' if premise.on else 'false'}, runs into a contradiction.")
        return (f"the pattern: {roles.label} on {roles.premise_text()}: every branch (drawn) "
                f"leads to the same fact.")

    def pattern_place(self, step) -> Place | None:
        """A contradiction's premise cell, not its drawn implications (they
        would show which candidate it is); the others draw their branches."""
        if step.roles.kind == "contradiction":
            return Place(cells=step.roles.premise(step).cells)
        return None


CHAIN_CONFUSIONS = (
    ("forcing-net", "Forcing Chain vs Forcing Net",
     "in a chain each fact follows from the one before along one link; a net may need several "
     "facts at once (a cell's last candidate, a digit's last place)"),
    ("aic", "Forcing Chain vs AIC",
     "an AIC is one chain whose two ends cannot both be false; a forcing chain follows every "
     "branch of a premise (each candidate of a cell, each place of a digit) and keeps what they "
     "all reach"),
)


@technique("forcing-chain", "Forcing Chain", "forcing", rank=360, weight=500, label="Forcing Chain",
           last_resort=True,
           aliases=("forcing chain", "forcing chains", "cell forcing chain", "house forcing chain",
                    "unit forcing chain", "region forcing chain", "contradiction forcing chain",
                    "forcing chain contradiction", "verity", "contradiction chain"),
           check=check_forcing_chain, step_label=_label, entry_keys=forcing_entry_keys,
           hints=ForcingHints(),
           confusions=CHAIN_CONFUSIONS, prerequisites=("aic",),
           distractors=("aic", "forcing-net", "xy-chain", "death-blossom"))
def forcing_chain(pos: Position):
    return _chain_finder(pos)


_chain_finder = _finder("chain")
forcing_chain.first = _chain_finder.first


@technique("forcing-net", "Forcing Net", "forcing", rank=370, weight=700, label="Forcing Net",
           last_resort=True,
           aliases=("forcing net", "forcing nets", "cell forcing net", "house forcing net",
                    "unit forcing net", "contradiction net", "forcing net contradiction", "net"),
           check=check_forcing_net, step_label=_label, entry_keys=forcing_entry_keys,
           hints=ForcingHints(),
           confusions=(("forcing-chain", "Forcing Net vs Forcing Chain",
                        "if every step of your reasoning follows one link, it is a chain; once a "
                        "step needs two facts together (a cell's last candidate), it is a net"),),
           prerequisites=("forcing-chain",),
           distractors=("forcing-chain", "trial", "aic", "death-blossom"))
def forcing_net(pos: Position):
    return _net_finder(pos)


_net_finder = _finder("net")
forcing_net.first = _net_finder.first
