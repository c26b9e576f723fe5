"""The practice cache: `puzzles/practice/<technique>.txt`, so a quiz starts
at once.  Rebuild it with `python -m tutor.teaching.practice --rebuild`.

When the shipped puzzles give fewer than CACHE_LIMIT positions for a
technique, even after extra solve routes, the cache is filled up with
variants (practice_variants.py); a variant is marked in the cache: its
source reads `variant of <source> (<what was changed>)` and a last column
holds the exact symmetry.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..engine.registry import ladder
from ..engine.formats import parse_position
from ..paths import data_dir
from .practice_sources import PracticePosition
from .practice_variants import make_variants
from .practice_walk import CACHE_LIMIT, survey

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
            braces, puzzle, source, route, index, variant = (line.rstrip("\n").split("\t") + [""] * 6)[:6]
            out.append(PracticePosition(technique, parse_position(braces), source, puzzle,
                                        int(index) if index.isdigit() else 0, route or "first",
                                        variant.strip()))
    return out


def known_empty(technique: str) -> bool:
    """The rebuild walked the shipped puzzles and found no position for the
    technique (its cache file exists and holds none): practice says so
    at once instead of walking every puzzle again."""
    path = cache_path(technique)
    return path.is_file() and not load_cache(technique)


def _spread(found: list[PracticePosition], limit: int) -> list[PracticePosition]:
    """Up to `limit` positions, from as many different puzzles as possible:
    first each puzzle's first position, then second ones, and so on, in
    puzzle order (deterministic)."""
    by_source: dict[str, list[PracticePosition]] = {}
    for p in found:
        by_source.setdefault(p.source, []).append(p)
    # spread the choice over the whole list of puzzles, not just the first ones
    sources = list(by_source)
    if len(sources) > limit:
        step = len(sources) / limit
        sources = [sources[int(k * step)] for k in range(limit)]
    chosen: list[PracticePosition] = []
    depth = 0
    while len(chosen) < limit and any(len(by_source[s]) > depth for s in sources):
        chosen.extend(by_source[s][depth] for s in sources if len(by_source[s]) > depth)
        depth += 1
    return chosen[:limit]


def write_cache(technique: str, positions: list[PracticePosition]) -> Path:
    path = cache_path(technique)
    path.parent.mkdir(parents=True, exist_ok=True)
    from ..engine.registry import technique_name
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# Practice positions where {technique_name(technique)} ({technique}) is the "
                f"simplest step. Regenerate: python -m tutor.teaching.practice --rebuild\n")
        f.write("# position (brace grid)<TAB>starting puzzle<TAB>puzzle set:line<TAB>"
                "solve route<TAB>steps before it[<TAB>symmetry, for a variant]\n")
        if not positions:
            f.write(f"# none: no shipped puzzle, along any route walked, has a position where "
                    f"{technique_name(technique)} is the simplest step\n")
        variants = sum(p.is_variant for p in positions)
        if variants:
            f.write(f"# {len(positions) - variants} positions from the shipped puzzles (all there are), "
                    f"then {variants} variants of them redrawn by a Sudoku symmetry "
                    f"(see tutor/symmetry.py)\n")
        for p in positions:
            tail = f"\t{p.variant}" if p.variant else ""
            f.write(f"{p.braces}\t{p.puzzle}\t{p.source}\t{p.route}\t{p.step_index}{tail}\n")
    return path


def rebuild(limit: int = CACHE_LIMIT, progress=None) -> dict[str, tuple[int, int, int, int]]:
    """Survey every shipped puzzle and rewrite the cache; a technique with
    fewer than `limit` positions is filled up with variants of them.
    Returns, per technique, (positions kept, positions found, puzzles they
    came from, variants added)."""
    found = survey(progress=progress, want=limit)
    counts = {}
    for t in ladder():
        everything = found.get(t.id, [])
        chosen = _spread(everything, limit)
        variants = make_variants(t.id, chosen, limit - len(chosen),
                                 exclude={p.position.key() for p in chosen}) if chosen else []
        write_cache(t.id, chosen + variants)
        counts[t.id] = (len(chosen), len(everything), len({p.source for p in everything}),
                        len(variants))
    return counts


# ------------------------------------------------------------ command line

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tutor.teaching.practice",
                                 description="practice positions per technique (the cache in puzzles/practice/)")
    ap.add_argument("--rebuild", action="store_true",
                    help="walk every shipped puzzle and rewrite puzzles/practice/*.txt (about 5 minutes)")
    ap.add_argument("--limit", type=int, default=CACHE_LIMIT, help="positions kept per technique")
    args = ap.parse_args(argv)
    if args.rebuild:
        t0 = time.perf_counter()

        def progress(n, total, phase=""):
            if n % 250 == 0 or n == total:
                print(f"  {phase}: {n}/{total} walks, {time.perf_counter() - t0:.0f} s", file=sys.stderr)

        counts = rebuild(args.limit, progress)
        print(f"rebuilt in {time.perf_counter() - t0:.1f} s")
        for t in ladder():
            kept, found, sources, variants = counts[t.id]
            more = f" + {variants} variants" if variants else ""
            print(f"{t.id:16} cached {kept:3}{more}  (found {found} positions from {sources} puzzles)")
        return 0
    for t in ladder():
        cached = load_cache(t.id)
        variants = sum(p.is_variant for p in cached)
        print(f"{t.id:16} {len(cached):3}" + (f"  ({variants} of them variants)" if variants else ""))
    return 0
