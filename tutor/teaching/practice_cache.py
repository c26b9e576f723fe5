"""The practice cache: `puzzles/practice/<technique>.txt`, so a quiz starts
at once, and the seed of the practice bank (practice_bank.py).  The
generator makes it: `python -m tutor.teaching.practice --rebuild` (a few
minutes; each position names the generated puzzle it comes from, which
`tutor.generate.run.remake` makes again).

When the generator finds fewer than CACHE_LIMIT positions for a technique
within its budget, the cache is filled up with variants
(practice_variants.py); a variant is marked in the cache: its source reads
`variant of <source> (<what was changed>)` and a column holds the exact
symmetry.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from ..engine.formats import parse_position
from ..engine.position import Position
from ..engine.registry import ladder
from ..engine.solve import logic_solve
from ..generate.run import SOURCE, run, source_label
from ..paths import data_dir
from .practice_sources import PracticePosition
from .practice_variants import make_variants
from .practice_walk import climbs_clean, simplest_id

CACHE_LIMIT = 40               # positions kept per technique
REBUILD_BUDGET = 20.0          # CPU seconds of generation per technique
PER_PUZZLE = 2                 # positions kept from one puzzle and its neighbours

CACHE_DIR = "practice"


def cache_path(technique: str) -> Path:
    return data_dir("puzzles") / CACHE_DIR / f"{technique}.txt"


def load_cache(technique: str) -> list[PracticePosition]:
    """Cached practice positions for a technique (empty when there is no cache)."""
    path = cache_path(technique)
    if not path.is_file():
        return []
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            braces, puzzle, source, route, index, variant, instances = \
                (line.rstrip("\n").split("\t") + [""] * 7)[:7]
            out.append(PracticePosition(technique, parse_position(braces), source, puzzle,
                                        int(index) if index.isdigit() else 0, route or "first",
                                        variant.strip(), int(instances) if instances.isdigit() else 0))
    return out


def known_empty(technique: str) -> bool:
    """The rebuild found no position for the technique (its cache file
    exists and holds none): practice says so at once instead of searching."""
    path = cache_path(technique)
    return path.is_file() and not load_cache(technique)


def write_cache(technique: str, positions: list[PracticePosition]) -> Path:
    path = cache_path(technique)
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..engine.registry import technique_name
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# Practice positions where {technique_name(technique)} ({technique}) is the "
                f"simplest step. Regenerate: python -m tutor.teaching.practice --rebuild\n")
        f.write("# position (brace grid)<TAB>starting puzzle<TAB>where it comes from<TAB>"
                "solve route<TAB>steps before it<TAB>symmetry, for a variant<TAB>instances\n")
        if not positions:
            f.write(f"# none: the generator found no position where "
                    f"{technique_name(technique)} is the simplest step\n")
        variants = sum(p.is_variant for p in positions)
        if variants:
            f.write(f"# {len(positions) - variants} positions from generated puzzles (all the "
                    f"generator found in its time), then {variants} variants of them redrawn by "
                    f"a Sudoku symmetry (see tutor/teaching/symmetry.py)\n")
        for p in positions:
            f.write(f"{p.braces}\t{p.puzzle}\t{p.source}\t{p.route}\t{p.step_index}\t{p.variant}"
                    f"\t{p.instances}\n")
    return path


def rebuild(limit: int = CACHE_LIMIT, budget: float = REBUILD_BUDGET,
            progress=None, techniques=None) -> dict[str, tuple[int, int, int]]:
    """Rewrite the cache from the generator: for each rung, a run guided
    toward it (seeded by the rung's name, so a rebuild is reproducible)
    until it has `limit` positions or has used `budget` CPU seconds, at most
    PER_PUZZLE from one puzzle and its neighbours, then `fill_up`.  Returns,
    per technique, (positions generated, real positions kept, variants added).
    `techniques`: only these rungs (default: all)."""
    counts = {}
    for t in ladder():
        if techniques and t.id not in techniques:
            continue
        made = generated_positions(t.id, limit, budget)
        counts[t.id] = (len(made), *fill_up(t.id, made, limit))
        if progress:
            progress(t.id, *counts[t.id])
    return counts


def fill_up(technique: str, made: list[PracticePosition], limit: int = CACHE_LIMIT) -> tuple[int, int]:
    """Write the technique's cache: the positions `made`; for a rung left
    short, the real positions its cache had where the technique is still the
    simplest step (rare rungs: from the shipped puzzles, where every step
    before them is simpler, `climbs_clean`); then
    variants up to `limit`.  Returns (real positions kept, variants)."""
    keys = {p.position.key() for p in made}
    kept = [p for p in load_cache(technique) if not p.is_variant and p.position.key() not in keys
            and simplest_id(p.position) == technique    # still so, should the engine have changed
            and (p.source.startswith(SOURCE) or climbs_clean(p))][:limit - len(made)]
    chosen = made + kept
    variants = make_variants(technique, chosen, limit - len(chosen),
                             exclude={p.position.key() for p in chosen}) if chosen else []
    write_cache(technique, chosen + variants)
    return len(kept), len(variants)


def generated_positions(technique: str, limit: int, budget: float) -> list[PracticePosition]:
    """Up to `limit` practice positions of the technique from a guided run."""
    seed = f"practice:{technique}"
    out: list[PracticePosition] = []
    keys: set = set()
    per_root: Counter = Counter()
    t0 = time.process_time()
    for made in run(seed, wanted=[technique], guide=technique):
        for f in made.found:
            if f.position.key() in keys or per_root[made.index] >= PER_PUZZLE:
                continue
            keys.add(f.position.key())
            per_root[made.index] += 1
            out.append(PracticePosition(technique, f.position, source_label(seed, made),
                                        f.puzzle, steps_before(made.values, f.position),
                                        instances=f.instances))
        if len(out) >= limit or time.process_time() - t0 > budget:
            break
    return out


def steps_before(values: list[int], position) -> int:
    """How many logic-solve steps lead from the puzzle to the position."""
    pos = Position.from_values(values)
    for k, step in enumerate(logic_solve(pos).steps):
        if pos.key() == position.key():
            return k
        pos.apply(step)
    return -1


# ------------------------------------------------------------ command line

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutor.teaching.practice",
                                 description="practice positions per technique (the cache in puzzles/practice/)")
    ap.add_argument("--rebuild", action="store_true",
                    help="rewrite puzzles/practice/*.txt from the generator (a few minutes)")
    ap.add_argument("--limit", type=int, default=CACHE_LIMIT, help="positions kept per technique")
    ap.add_argument("--budget", type=float, default=REBUILD_BUDGET,
                    help="CPU seconds the generator may take per technique")
    ap.add_argument("--technique", "-t", action="append", metavar="ID",
                    help="rebuild only this technique's cache (repeatable)")
    args = ap.parse_args(argv)
    if args.rebuild:
        t0 = time.perf_counter()

        def progress(tid, made, kept, variants):
            more = (f" + {kept} kept" if kept else "") + (f" + {variants} variants" if variants else "")
            print(f"{tid:16} generated {made:3}{more}  ({time.process_time():.0f} CPU s)", flush=True)

        rebuild(args.limit, args.budget, progress, args.technique)
        print(f"rebuilt in {time.perf_counter() - t0:.1f} s")
        return 0
    for t in ladder():
        cached = load_cache(t.id)
        variants = sum(p.is_variant for p in cached)
        print(f"{t.id:16} {len(cached):3}" + (f"  ({variants} of them variants)" if variants else ""))
    return 0
