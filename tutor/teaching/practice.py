"""Practice positions: places in real solves where one technique is the
simplest step available.

A learner practising X-Wings should not be shown a position that still holds
a Hidden Single: they would (rightly) take the single first.  So we walk the
logic solve of shipped puzzles, and at every position look up the simplest
technique that applies; a position is a practice position for that technique.

The walk is deterministic, so the same seed always gives the same positions
(a whole class can get the same one).  Positions found are cached in
`puzzles/practice/<technique>.txt` so a quiz starts at once; rebuild the
cache with `python -m tutor.teaching.practice --rebuild`.

Some techniques are rare as the simplest step (a Jellyfish almost always
comes with a smaller fish in the other direction, which is simpler).  When
the shipped puzzles give fewer than CACHE_LIMIT positions for a technique,
even after extra solve routes, the cache is filled up with variants:
positions redrawn by a Sudoku symmetry (`tutor.teaching.symmetry`: transposing,
reordering bands, stacks and the lines inside them, relabelling digits).  A
variant has the same logic as its source position, so the technique is
still the simplest step; each one is checked with the engine all the same,
and it is marked in the cache: its source reads `variant of <source>
(<what was changed>)` and a last column holds the exact symmetry.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..engine.finder import Technique, UnknownTechnique, ladder, resolve
from ..engine.formats import parse_position, to_braces, to_givens
from ..engine.position import Position, PositionError
from ..engine.step import Step
from ..paths import data_dir
from .symmetry import Symmetry

BATCHED = {"singles"}          # as in logic_solve: all singles found are applied together
CACHE_DIR = "practice"
CACHE_LIMIT = 40               # positions kept per technique in the shipped cache
MAX_WALK = 400                 # steps per puzzle walk (a safety net; real solves are shorter)


@dataclass(frozen=True)
class PracticePosition:
    technique: str
    position: Position
    source: str                # 'qqwing-expert.txt:12' - where the puzzle came from
    puzzle: str                # the starting position: 81-char givens (or a brace grid)
    step_index: int = 0        # how many solve steps led here
    route: str = "first"       # which solve path: first / batch / last / random:N
    variant: str = ""          # for a variant: the symmetry code (see tutor.teaching.symmetry)

    @property
    def braces(self) -> str:
        return to_braces(self.position)

    @property
    def is_variant(self) -> bool:
        return bool(self.variant)

    @property
    def symmetry(self) -> Symmetry | None:
        return Symmetry.parse(self.variant) if self.variant else None

    @property
    def origin(self) -> str:
        """The shipped puzzle this position comes from ('qqwing-expert.txt:12'),
        for a variant too."""
        if self.variant and self.source.startswith(VARIANT_PREFIX):
            return self.source[len(VARIANT_PREFIX):].split(" (", 1)[0]
        return self.source

    @property
    def origin_puzzle(self) -> str:
        """The shipped starting puzzle (a variant's `puzzle` is redrawn)."""
        if not self.variant:
            return self.puzzle
        return redraw_puzzle(self.puzzle, self.symmetry.inverse())


# ------------------------------------------------------------ puzzles

def _puzzle_files() -> list[tuple[str, str]]:
    """(label, relative path) of every shipped puzzle set, in a fixed order."""
    return [
        ("qqwing-easy.txt", "qqwing-easy.txt"),
        ("qqwing-intermediate.txt", "qqwing-intermediate.txt"),
        ("qqwing-expert.txt", "qqwing-expert.txt"),
        ("diabolical-40.txt", "sudoku-exchange/diabolical-40.txt"),
        ("tdoku-test-puzzles.txt", "tdoku/test-puzzles.txt"),
    ]


def _puzzle_of_line(line: str) -> str | None:
    """The 81-char puzzle on a line of any shipped set, or None."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if ":" in line:                       # tdoku: puzzle:count:solution
        head, count, *_ = line.split(":") + [""]
        return head if count.strip() == "1" and len(head) == 81 else None
    parts = line.split()
    for p in parts:                       # sudoku-exchange: id puzzle rating
        if len(p) == 81 and all(ch in ".0123456789" for ch in p):
            return p.replace("0", ".")
    return None


def _case_positions(root: Path) -> list[tuple[str, str]]:
    """Mid-solve positions of the MIT technique cases whose candidates still
    hold the (unique) solution: real positions, so fine places to start."""
    path = root / "technique-cases" / "cases.tsv"
    out = []
    if not path.is_file():
        return out
    import csv
    with open(path, encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f, delimiter="\t"), 2):
            text = (row.get("position") or "").strip()
            try:
                pos = parse_position(text)
                count, sol = pos.solution_info()
            except (PositionError, ValueError):
                continue
            if count != 1 or any(not pos.values[i] and not pos.has(i, sol[i]) for i in range(81)):
                continue
            out.append((f"technique-cases/cases.tsv:{n}", text))
    return out


_PUZZLES: list[tuple[str, str]] | None = None


def shipped_puzzles(cases: bool = True) -> list[tuple[str, str]]:
    """[(source, puzzle)] for every valid puzzle shipped in puzzles/: the
    puzzle sets (unique puzzles only), then the technique cases' positions."""
    global _PUZZLES
    if _PUZZLES is None:
        root = data_dir("puzzles")
        out = []
        for label, rel in _puzzle_files():
            path = root / rel
            if not path.is_file():
                continue
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    p = _puzzle_of_line(line)
                    if p:
                        out.append((f"{label}:{n}", p))
        out.extend(_case_positions(root))
        _PUZZLES = out
    if cases:
        return list(_PUZZLES)
    return [p for p in _PUZZLES if not p[0].startswith("technique-cases/")]


# ------------------------------------------------------------ the walk

# A naked set and the hidden set on the other cells of its house are one
# deduction seen from two sides, with the same eliminations.  Since every
# hidden set of 2..7 cells has a naked complement of 2..7 cells, a strict
# "first technique on the ladder" rule would never let a Hidden Subset be the
# simplest step.  So a naked set that is only the LARGER side of a hidden set
# does not count as simpler than that hidden set.
SHADOWED_BY = {"naked-subset": "hidden-subset"}


def _size(step: Step) -> int:
    return int(step.extra.get("size") or len(step.cells))


def _all_shadowed(steps: list[Step], others: list[Step]) -> bool:
    """Every step has a smaller step in `others` with the same effect."""
    best: dict[tuple, int] = {}
    for s in others:
        best[s.effect] = min(best.get(s.effect, 99), _size(s))
    return all(s.effect in best and best[s.effect] < _size(s) for s in steps)


def simplest(pos: Position, techniques: list[Technique] | None = None) -> tuple[Technique, list[Step]] | None:
    """The simplest technique that has a step here, with its steps: the first
    on the ladder, except that a naked set which is only the larger view of a
    hidden set gives way to the hidden set (see SHADOWED_BY)."""
    techniques = techniques or ladder()
    by_id = {t.id: t for t in techniques}
    for t in techniques:
        found = t.finder(pos)
        if not found:
            continue
        other = by_id.get(SHADOWED_BY.get(t.id, ""))
        if other is not None:
            hidden = other.finder(pos)
            if hidden and _all_shadowed(found, hidden):
                return other, hidden
        return t, found
    return None


def simplest_id(pos: Position) -> str | None:
    found = simplest(pos)
    return found[0].id if found else None


POLICIES = ("first", "batch", "last", "random")
# The routes the cache is built from: every policy over every puzzle, then a
# few seeded random routes over the puzzles that reach the harder techniques.
ROUTES = ("first", "batch", "last")
HARD_ROUTES = tuple(f"random:{n}" for n in range(4))
HARD_FROM = 70                 # a puzzle is 'hard' when its solve reaches rank >= 70 (X-Wing)
# For a technique still short of CACHE_LIMIT positions after that: more
# random routes over the puzzles that gave it, then (fewer) over its near
# misses (puzzles where its pattern shows up but something simpler comes first).
EXTRA_ROUTES = tuple(f"random:{n}" for n in range(4, 68))
NEAR_ROUTES = EXTRA_ROUTES[:16]


def walk(pos: Position, techniques: list[Technique] | None = None,
         max_steps: int = MAX_WALK, route: str = "first",
         key: str = "") -> Iterator[tuple[int, Position, Technique, list[Step]]]:
    """Yield (index, position, simplest technique, its steps) along a logic
    solve, simplest technique first (singles in batches, as logic_solve
    does).  Which step of the simplest technique is applied depends on the
    policy: 'first' (logic_solve's path), 'last', 'batch' (all of them) or
    'random' (one drawn with `rng`).
    Every policy is a real solve path; they reach different positions.  The
    route is a policy name, or 'random:N' where N and `key` (the puzzle's
    source) seed the draws, so a route replays identically.  The position
    yielded is a copy the caller may keep."""
    techniques = techniques or ladder()
    policy, _, n = route.partition(":")
    if policy not in POLICIES:
        raise ValueError(f"unknown solve route '{route}' (known: {', '.join(POLICIES)}, random:N)")
    rng = random.Random(f"{key}:{n}") if policy == "random" else None
    pos = pos.copy()
    for k in range(max_steps):
        if pos.is_solved() or pos.contradiction():
            return
        found = simplest(pos, techniques)
        if found is None:
            return
        t, steps = found
        yield k, pos.copy(), t, steps
        if t.family in BATCHED or policy == "batch":
            chosen = steps
        elif policy == "last":
            chosen = steps[-1:]
        elif policy == "random":
            chosen = [steps[rng.randrange(len(steps))]]
        else:
            chosen = steps[:1]
        for s in chosen:
            pos.apply(s)


def positions_in(source: str, puzzle: str, technique: str, route: str = "first") -> list[PracticePosition]:
    """Every position of one puzzle's solve (along a route) where
    `technique` is the simplest step."""
    try:
        pos = parse_position(puzzle)
    except PositionError:
        return []
    return [PracticePosition(technique, p, source, puzzle, k, route)
            for k, p, t, _ in walk(pos, route=route, key=source) if t.id == technique]


def survey(puzzles: list[tuple[str, str]] | None = None, routes=ROUTES, hard_routes=HARD_ROUTES,
           progress=None, extra_routes=EXTRA_ROUTES, near_routes=NEAR_ROUTES,
           want: int = CACHE_LIMIT) -> dict[str, list[PracticePosition]]:
    """Walk every puzzle along every route (and the hard ones along the hard
    routes too); bucket every distinct position by its simplest technique.
    Then, for each technique with fewer than `want` positions, walk more
    seeded random routes until it has `want`: `extra_routes` over the
    puzzles that gave it, then `near_routes` over its near misses (see
    `near_misses`).
    Within a technique, positions come in puzzle order, then route order.
    `progress(done, total, phase)` is called after each walk."""
    puzzles = shipped_puzzles() if puzzles is None else puzzles
    text_of = dict(puzzles)
    rank = {t.id: t.rank for t in ladder()}
    seen: dict[tuple, str] = {}
    per_source: dict[str, list[PracticePosition]] = {}
    count: Counter = Counter()
    top: dict[str, int] = {}          # the highest rank each puzzle's walks reached

    def visit(source: str, route: str, only: str | None = None) -> None:
        puzzle = text_of[source]
        try:
            pos = parse_position(puzzle)
        except PositionError:
            return
        for k, p, t, _ in walk(pos, route=route, key=source):
            if rank[t.id] > top.get(source, 0):
                top[source] = rank[t.id]
            if only is not None and t.id != only:
                continue
            key = p.key()
            if key in seen:
                continue
            seen[key] = t.id
            count[t.id] += 1
            per_source.setdefault(source, []).append(
                PracticePosition(t.id, p, source, puzzle, k, route))

    jobs = [(r, False) for r in routes] + [(r, True) for r in hard_routes]
    total = len(puzzles) * len(jobs)
    done = 0
    for route, only_hard in jobs:
        for source, _ in puzzles:
            done += 1
            if not only_hard or top.get(source, 0) >= HARD_FROM:
                visit(source, route)
            if progress:
                progress(done, total, "survey")
    for t in ladder():
        if count[t.id] >= want:
            continue
        gave = [s for s, _ in puzzles if any(p.technique == t.id for p in per_source.get(s, []))]
        for group, more, phase in ((gave, extra_routes, "more routes"), (None, near_routes, "near misses")):
            if count[t.id] >= want:
                break
            if not more:
                continue
            if group is None:
                group = [s for s in near_misses(t.id, puzzles, top) if s not in gave]
            total, done = len(group) * len(more), 0
            for route in more:
                if count[t.id] >= want:
                    break
                for source in group:
                    done += 1
                    visit(source, route, only=t.id)
                    if progress:
                        progress(done, total, f"{t.id}, {phase}")
    out: dict[str, list[PracticePosition]] = {t.id: [] for t in ladder()}
    for source, _ in puzzles:
        for p in per_source.get(source, []):
            out.setdefault(p.technique, []).append(p)
    return out


def near_misses(technique: str, puzzles: list[tuple[str, str]],
                top: dict[str, int] | None = None) -> list[str]:
    """Puzzles whose plain solve passes positions where the technique has a
    step but a simpler one comes first: other routes through them may meet
    it as the simplest step.  Only puzzles whose solve reaches the
    technique's rank or beyond are looked at (`top`: the highest rank each
    puzzle's walks reached).  In puzzle order."""
    t = next(x for x in ladder() if x.id == technique)
    out = []
    for source, puzzle in puzzles:
        if top is not None and top.get(source, 0) < t.rank:
            continue
        try:
            pos = parse_position(puzzle)
        except PositionError:
            continue
        if any(s.rank < t.rank and t.finder(p) for _, p, s, _ in walk(pos)):
            out.append(source)
    return out


# ------------------------------------------------------------ the cache

def cache_path(technique: str) -> Path:
    return data_dir("puzzles") / CACHE_DIR / f"{technique}.txt"


def _check_technique(technique: str) -> str:
    ids = [t.id for t in ladder()]
    if technique not in ids:
        members = resolve([technique])    # raises UnknownTechnique with the known names
        raise UnknownTechnique(f"'{technique}' is a family; pick one technique of it "
                               f"({', '.join(t.id for t in members)})")
    return technique


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
    from ..engine.finder import technique_name
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# Practice positions where {technique_name(technique)} ({technique}) is the "
                f"simplest step. Regenerate: python -m tutor.teaching.practice --rebuild\n")
        f.write("# position (brace grid)<TAB>starting puzzle<TAB>puzzle set:line<TAB>"
                "solve route<TAB>steps before it[<TAB>symmetry, for a variant]\n")
        variants = sum(p.is_variant for p in positions)
        if variants:
            f.write(f"# {len(positions) - variants} positions from the shipped puzzles (all there are), "
                    f"then {variants} variants of them redrawn by a Sudoku symmetry "
                    f"(see tutor/symmetry.py)\n")
        for p in positions:
            tail = f"\t{p.variant}" if p.variant else ""
            f.write(f"{p.braces}\t{p.puzzle}\t{p.source}\t{p.route}\t{p.step_index}{tail}\n")
    return path


# ------------------------------------------------------------ variants

VARIANT_PREFIX = "variant of "


def redraw_puzzle(puzzle: str, sym: Symmetry) -> str:
    """A starting puzzle (81-char givens or a brace grid) redrawn by a
    symmetry, in the same format."""
    pos = sym.position(parse_position(puzzle))
    return to_braces(pos) if "{" in puzzle else to_givens(pos)


def is_practice_position(pos: Position, technique: str) -> bool:
    """The generator's rule: the technique is the simplest step (see
    `simplest`), and the position has one solution, every empty cell still
    holding its solution digit as a candidate."""
    found = simplest(pos)
    if found is None or found[0].id != technique:
        return False
    count, sol = pos.solution_info()
    return count == 1 and all(pos.values[i] == sol[i] or pos.has(i, sol[i]) for i in range(81))


def variant_of(base: PracticePosition, sym: Symmetry) -> PracticePosition | None:
    """`base` redrawn by `sym`, marked as a variant of it.  Checked with the
    engine (is_practice_position, and its solution is the base's solution
    redrawn); None if a check fails (it should not: the logic is the same)."""
    if base.is_variant:
        raise ValueError("make variants of positions from the shipped puzzles only")
    pos = sym.position(base.position)
    if not is_practice_position(pos, base.technique):
        return None
    if pos.solution() != sym.values(base.position.solution() or [0] * 81):
        return None
    return PracticePosition(base.technique, pos, f"{VARIANT_PREFIX}{base.source} ({sym.describe()})",
                            redraw_puzzle(base.puzzle, sym), base.step_index, base.route, sym.code)


def make_variants(technique: str, bases: list[PracticePosition], count: int, seed="cache",
                  exclude=()) -> list[PracticePosition]:
    """`count` variants of the (non-variant) `bases`, taken in turn, each
    redrawn by a symmetry drawn from the seed; positions whose key is in
    `exclude` (or repeat) are skipped.  Deterministic."""
    bases = [b for b in bases if not b.is_variant]
    out: list[PracticePosition] = []
    keys = set(exclude)
    k = 0
    while bases and len(out) < count and k < 4 * count + 16:
        base = bases[k % len(bases)]
        sym = Symmetry.random(random.Random(f"variant:{technique}:{seed}:{k}"))
        k += 1
        v = variant_of(base, sym)
        if v is None or v.position.key() in keys:
            continue
        keys.add(v.position.key())
        out.append(v)
    return out


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
                                 exclude={p.position.key() for p in chosen})
        write_cache(t.id, chosen + variants)
        counts[t.id] = (len(chosen), len(everything), len({p.source for p in everything}),
                        len(variants))
    return counts


# ------------------------------------------------------------ choosing positions

def practice_positions(technique: str, count: int, seed: int = 0) -> list[PracticePosition]:
    """`count` practice positions for the technique, the same ones for the
    same seed: the cache in a seeded order (positions from the shipped
    puzzles before variants), then, if more are asked for, positions found
    by walking further puzzles in a seeded order, or (when the cache holds
    variants, so the shipped puzzles have nothing more) further variants."""
    technique = _check_technique(technique)
    if count <= 0:
        return []
    cached = load_cache(technique)
    real = [p for p in cached if not p.is_variant]
    variants = [p for p in cached if p.is_variant]
    rng = random.Random(f"{technique}:{seed}")
    order = list(range(len(real)))
    rng.shuffle(order)
    out = [real[k] for k in order[:count]]
    if variants:
        order = list(range(len(variants)))
        rng.shuffle(order)
        out += [variants[k] for k in order[:count - len(out)]]
    if len(out) >= count:
        return out
    seen = {p.position.key() for p in cached}
    if variants:
        return out + make_variants(technique, real, count - len(out), seed=f"more:{seed}", exclude=seen)
    if 0 < len(cached) < CACHE_LIMIT:
        # a cache below its limit already holds every position the shipped
        # puzzles give (the rebuild walked them all): nothing more to find
        return out
    puzzles = shipped_puzzles()
    rng.shuffle(puzzles)
    for route in ROUTES:
        for source, puzzle in puzzles:
            for p in positions_in(source, puzzle, technique, route):
                if p.position.key() not in seen:
                    seen.add(p.position.key())
                    out.append(p)
                    if len(out) >= count:
                        return out
    return out


def replay(p: PracticePosition) -> list[PracticePosition]:
    """Walk the shipped puzzle a cached position names, along its route,
    and return the positions where its technique is the simplest step,
    redrawn (and checked) like the variant when `p` is one."""
    found = positions_in(p.origin, p.origin_puzzle, p.technique, p.route)
    if not p.is_variant:
        return found
    sym = p.symmetry
    return [v for v in (variant_of(f, sym) for f in found) if v is not None]


def fresh_position(technique: str, seed: int = 0, indexed: bool = True,
                   budget: float | None = None) -> PracticePosition | None:
    """Compute one practice position now by walking a puzzle's solve (not by
    reading a cached position).  With `indexed`, the puzzles and routes the
    cache names are walked first (they are known to reach the technique);
    otherwise shipped puzzles are tried in a seeded order along the plain
    solve path.  For a cached variant, its source puzzle is walked and the
    position found is redrawn by the variant's symmetry (and checked).
    `budget` (seconds) stops a blind search that finds nothing."""
    technique = _check_technique(technique)
    rng = random.Random(f"fresh:{technique}:{seed}")
    jobs: list[tuple[str, str, str, str]] = []
    if indexed:
        for p in load_cache(technique):
            job = (p.origin, p.origin_puzzle, p.route, p.variant)
            if job not in jobs:
                jobs.append(job)
        rng.shuffle(jobs)
    else:
        puzzles = shipped_puzzles()
        rng.shuffle(puzzles)
        jobs = [(s, pz, "first", "") for s, pz in puzzles]
    t0 = time.perf_counter()
    for source, puzzle, route, variant in jobs:
        found = positions_in(source, puzzle, technique, route)
        if found:
            pick = found[rng.randrange(len(found))]
            if not variant:
                return pick
            pick = variant_of(pick, Symmetry.parse(variant))
            if pick is not None:
                return pick
        if budget is not None and time.perf_counter() - t0 > budget:
            return None
    return None


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


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:          # e.g. piped into head
        sys.exit(0)
