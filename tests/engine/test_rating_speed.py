"""What makes the full rating (a logic solve of the whole ladder) cheaper,
and that it finds the same: results carried along a solve, kept per house
pair, or cut short by what a simpler rung already reaches."""
from __future__ import annotations

import random

from puzzle_helpers import qqwing, sampled_positions
from tutor.engine import exact
from tutor.engine.formats import parse_position
from tutor.engine.position import Position
from tutor.engine.solve import logic_solve
from tutor.engine.techniques.chains import aic, paths
from tutor.engine.techniques.sue_de_coq import sue_de_coq as sdc
from tutor.engine.techniques.uniqueness import rectangles


def expert(n: int, seed: int = 3) -> list[str]:
    return random.Random(seed).sample(qqwing("expert"), n)


def counting(monkeypatch, module, name: str) -> list:
    """Count the calls of module.name (replaced by a wrapper)."""
    calls: list = []
    fn = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return fn(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


# ---------------------------------------------------------------- digits alone

def test_the_digits_alone_are_searched_once_along_a_solve(monkeypatch):
    searches = counting(monkeypatch, rectangles, "solve_masks")
    asked = 0
    for text in expert(40):
        before = len(searches)
        result = logic_solve(parse_position(text))
        assert result.status == "solved"
        asked += len(searches) > before
        assert len(searches) - before <= 1, text
    assert asked >= 5           # the sample does reach the question


def test_a_carried_solution_is_trusted_only_where_it_still_holds():
    pos = Position.from_values(parse_position(qqwing("expert")[0]).values)
    assert rectangles.digits_alone_unique(pos)
    count, solution = exact.solve_values(pos.values)
    i = pos.values.index(0)
    wrong = next(d for d in range(1, 10) if d != solution[i])
    broken = pos.copy()
    broken._analysis = pos.analysis            # the Analysis goes on with the copy
    broken.place(i, wrong)
    assert rectangles.digits_alone_unique(broken) is (exact.solve_values(broken.values)[0] == 1)
    assert not rectangles.digits_alone_unique(broken)
    # a given taken away: the digits left may have several solutions
    emptied = Position.from_values(pos.values)
    assert rectangles.digits_alone_unique(emptied)
    fewer = [v if k % 3 else 0 for k, v in enumerate(emptied.values)]
    emptied.values[:] = fewer
    emptied.fill_candidates()
    assert rectangles.digits_alone_unique(emptied) is (exact.solve_values(fewer)[0] == 1)


# ---------------------------------------------------------------- Sue de Coq

def test_sue_de_coq_searches_again_only_the_crossings_a_change_touched(monkeypatch):
    positions = [p for _, p in sampled_positions(expert(12, seed=5), per_puzzle=4)]
    changed = 0
    for pos in positions:
        fresh = sdc.sue_de_coq(pos.copy())
        calls = counting(monkeypatch, sdc, "_parts")
        i = next((k for k in range(81) if pos.cands[k] & (pos.cands[k] - 1)), None)
        if i is None:
            continue
        d = pos.candidates(i)[0]
        cold = pos.copy()
        sdc.sue_de_coq(cold)
        first = len(calls)
        cold.eliminate(i, d)
        again = sdc.sue_de_coq(cold)
        assert len(calls) - first < first / 2 or first == 0
        changed += 1
        assert [s.to_json() for s in again] == [s.to_json() for s in sdc.sue_de_coq(cold.copy())]
        monkeypatch.undo()
        assert [s.to_json() for s in sdc.sue_de_coq(pos)] == [s.to_json() for s in fresh]
    assert changed >= 20


# ---------------------------------------------------------------- AIC

def test_aic_reads_back_no_chain_a_simpler_one_matches(monkeypatch):
    positions = [p for _, p in sampled_positions(expert(20, seed=9), per_puzzle=3)]
    fewer = 0
    for pos in positions:
        simpler = aic._lengths(aic._x_chains(pos))     # the simpler rungs' chains, first
        for key, links in aic._lengths(aic.xy_chains(pos)).items():
            simpler[key] = min(links, simpler.get(key, links))
        reads = counting(monkeypatch, paths.Paths, "path")
        steps = aic.aic(pos)
        mine = len(reads)
        plain = aic._plain_chains.__wrapped__(pos)
        assert mine <= len(reads) - mine
        fewer += mine < len(reads) - mine
        monkeypatch.undo()
        wanted = [c for c in plain if c.links < simpler.get(aic.effect_key(c), 1 << 20)]
        assert [s.to_json() for s in steps] == [s.to_json() for s in aic._aic_steps(pos, wanted)]
    assert fewer >= len(positions) // 2


def test_aic_first_reads_back_only_what_may_hold_the_first_chain(monkeypatch):
    positions = [p for _, p in sampled_positions(expert(30, seed=4), per_puzzle=4)]
    with_steps = fewer = 0
    for pos in positions:
        cold, again = pos.copy(), pos.copy()
        aic.xy_chains(cold), aic._x_chains(cold), aic.xy_chains(again), aic._x_chains(again)
        reads = counting(monkeypatch, paths.Paths, "path")
        first = aic.aic.first(cold)
        mine = len(reads)
        every = aic.aic(again)
        monkeypatch.undo()
        assert [s.to_json() for s in first] == [s.to_json() for s in every[:1]]
        if every:
            with_steps += 1
            fewer += mine < len(reads) - mine
    assert with_steps >= 10 and fewer >= with_steps // 2
