"""Golden before/after record of what the engine, the judge and the quizzes say.

    python tests/golden.py               compare with tests/data/golden.json (exit 1 on a difference)
    python tests/golden.py --regenerate  record again (after a change made on purpose)

On a few hundred positions from the shipped puzzles (QQWing sets at several
points of their logic solve, the reference position, practice positions,
the basic technique cases) it records:

* `steps POSITION --json` (per technique: count and a hash of the JSON),
* `solve PUZZLE --json` on the puzzles the positions come from (status,
  hardest, counts, a hash of the whole line),
* `check POSITION CLAIM [--by] [--pattern] --json` for a varied set of
  claims (true, false, named right and wrong, patterns that hold and fail):
  verdict, technique and message in full, a hash of the whole JSON and of
  the text output,
* find-all quiz entries (found, wrong with the why-not reason, other
  technique): verdict kind, message and confusion in full,
* names: how the judge reads technique names, how the quiz reads entries,
  the name quiz's options, confusions, nouns and mastery prerequisites.

The claims and entries are chosen once, when the data is regenerated, and
stored with it; a comparison replays them.  Bulky step lists are hashed,
messages kept in full so that a difference reads as a sentence.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "golden.json"
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from tutor import cli  # noqa: E402
from tutor.engine.formats import format_position, parse_position  # noqa: E402
from tutor.engine.grid import PEERS, cell_name, cells_name  # noqa: E402

REFERENCE = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
BASIC_CASES = ("naked", "hidden", "locked_candidates", "x_wing", "swordfish", "jellyfish",
               "simple_colouring", "x_cycle")
SET_WORDS = {2: "pair", 3: "triple", 4: "quad", 5: "quint", 6: "sextuple", 7: "septuple"}

# What a learner may type for each technique (kept here, apart from the code
# under test, so that moving the alias tables cannot move the record).
NAMES = {
    "naked-single": ["naked-single", "Naked Single", "full house", "singles"],
    "hidden-single": ["hidden-single", "Hidden Single", "hidden single", "single"],
    "pointing": ["pointing", "Locked Candidates Type 1", "pointing pair", "lc1", "locked candidates"],
    "claiming": ["claiming", "box/line reduction", "Locked Candidates Type 2", "lc2", "box line"],
    "naked-subset": ["naked-subset", "naked {size}", "Naked Subset", "naked set", "locked-set",
                     "subset"],
    "hidden-subset": ["hidden-subset", "hidden {size}", "Hidden Subset", "hidden set", "lockedset"],
    "x-wing": ["x-wing", "X-Wing", "xwing", "fish", "basic fish"],
    "swordfish": ["swordfish", "Swordfish", "sword fish", "fish"],
    "jellyfish": ["jellyfish", "Jellyfish", "jelly fish"],
    "skyscraper": ["skyscraper", "Skyscraper", "sky scraper", "single digit"],
    "two-string-kite": ["two-string-kite", "2-String Kite", "kite", "two string kite"],
    "turbot-fish": ["turbot-fish", "Turbot Fish", "turbot", "single-digit patterns"],
    "simple-colours": ["simple-colours", "simple colors", "colouring", "Simple Colours", "colors"],
    "x-cycle": ["x-cycle", "X-Cycle", "x cycles", "xcycle", "chains"],
    "death-blossom": ["death-blossom", "Death Blossom", "ALS Death Blossom", "als"],
}
MIXUPS = {
    "naked-subset": "hidden-subset", "hidden-subset": "naked-subset",
    "naked-single": "hidden-single", "hidden-single": "naked-single",
    "pointing": "claiming", "claiming": "pointing", "x-wing": "skyscraper",
    "skyscraper": "two-string-kite", "two-string-kite": "turbot-fish", "turbot-fish": "skyscraper",
    "swordfish": "jellyfish", "jellyfish": "swordfish", "simple-colours": "x-cycle",
    "x-cycle": "simple-colours", "death-blossom": "x-cycle",
}
JUDGE_NAMES = sorted({n for names in NAMES.values() for n in names if "{" not in n} | {
    "naked pair", "Naked Triple", "hidden quad", "hidden-quad", "naked triplet", "naked quartet",
    "hidden quadruple", "naked septuple", "locked pair", "locked triple", "Locked Pair",
    "pointing triple", "locked candidates 1", "locked candidates type 2", "locked candidate",
    "single digit patterns", "x cycle", "simple colouring", "simple coloring", "coloring", "colours",
    "2 string kite", "Turbot", "ALS", "naked", "hidden", "loop", "cycle", "x-loop", "blossom",
    "naked singles", "frobnicate", "x wings", "", "Naked Subset (LockedSet)",
    "Locked Candidates Type 1 (Pointing)", "singles", "locked-candidates", "als death blossom",
    "colour", "simple colours trap", "naked-pair", "NAKED PAIR", "Hidden Triple",
})
ENTRY_TEXTS = [
    "r6c45 #38", "naked r6c45 #38", "hidden r8c79 #57", "Locked Pair[2D] (hidden) r8c79 #57",
    "Swordfish #3 R348 C136", "X-Wing #5 r26 c37", "Skyscraper #3 r5c3 r6c8", "hidden single r1c2=7",
    "Swordfish: 4 c368 r456", "r6c45 3,8", "Locked Pair r6c45 #38 => r6c1<>3", "foo r1c1",
    "r6c45 #38 banana", "", "#38", "naked hidden r6c45 #38", "x-wing swordfish #3 r34 c12",
    "naked r1c2 #7", "hidden r1c2=7", "full house r1c1=5", "naked single r1c2=7",
    "locked candidates type 1 #4 b3 c9", "pointing #4 b3 c9", "claiming 4 r3 b2", "lc1 #4 b3 c9",
    "locked candidates #4 b3 c9", "box line reduction #4 r3 b2", "xwing #5 r26 c37",
    "jelly fish #8 r3457 c2346", "fish #8 r3457 c2346", "basic fish #8 r3457 c2346",
    "sky scraper #4 r1c3 r7c1", "2-string kite #3 r3c8 r9c2", "kite #3 r3c8 r9c2",
    "two string kite 3 r3c8 r9c2", "turbot #7 r3c3 r4c9", "turbot fish #7 r3c3 r4c9",
    "simple colours #6 r2c2 r3c8", "simple colors trap #6 r2c2", "colouring #6 r2c2 r3c8",
    "colors #6 r2c2 r3c8", "x-cycle #6 r3c1 r2c2", "x cycles #6 r3c1", "loop #6 r3c1 r2c2",
    "cycle #6 r3c1", "x loop #6 r3c1", "death blossom r8c2 #57", "als death blossom r8c2 #57",
    "blossom r8c2", "als r8c2 #57", "locked sets r6c45 #38", "locked triple r238c6 #238",
    "subset r6c45 #38", "subsets r6c45", "lockedset r6c45", "single r1c2=7", "singles r1c2=7",
    "naked singles r1c2=7", "single digit #3 r5c3 r6c8", "naked-subset r6c45 #38",
    "hidden-subset r8c79 #57", "naked set r6c45 #38", "hidden set r8c79 #57", "box line #4 r3 b2",
    "lc2 #4 r3 b2", "naked pair r6c45 #38", "hidden pair r8c79", "naked 5 r1c2",
    "X-Cycle (discontinuous, weak): (6)r3c1-r2c2=r2c7-r6c7=r6c9-r7c9=r7c1-r3c1",
    "Turbot Fish: 7 r3c3 =7= r2c1 -7- r2c9 =7= r4c9", "naked r1", "hidden #3 r1 c2",
    "ALS Death Blossom: stem r8c2 #57, -5- r8c6 #58, -7- r7c3 #78", "pointings #4 b3 c9",
    "naked r12345678c1", "Simple Colors Wrap: 6 (r2c2,r3c8) / (r2c7,r3c3)",
]


def _sha(obj) -> str:
    text = obj if isinstance(obj, str) else json.dumps(obj, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _json_sha(out: str) -> str:
    """The sha of a JSON answer's content, not of its spacing (the CLI's
    encoder may write it compact or not)."""
    return _sha(json.loads(out))


_PARSER = []


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """What `sudoku-tutor ARGS` prints: cli.main with its parser built once
    (building it is most of the cost of a call)."""
    from tutor.engine.registry import UnknownTechnique
    from tutor.engine.position import PositionError
    if not _PARSER:
        _PARSER.append(cli.build_parser())
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        parsed = _PARSER[0].parse_args(list(args))
        try:
            code = parsed.func(parsed)
        except (PositionError, UnknownTechnique, cli.UsageError) as e:
            print(f"sudoku-tutor: {e}", file=sys.stderr)
            code = 2
    return code, out.getvalue(), err.getvalue()


# ================================================================ choosing positions

def _lines(name: str) -> list[str]:
    from tutor.paths import data_dir
    path = data_dir("puzzles") / name
    return [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#")]


def choose_positions() -> list[dict]:
    """[{'id', 'puzzle', 'grid'}]: brace grids, chosen once (at regeneration)."""
    from tutor.engine.solve import apply_until_stuck, logic_solve
    out = []
    for level in ("easy", "intermediate", "expert"):
        puzzles = _lines(f"qqwing-{level}.txt")
        for k in range(0, len(puzzles), 20):
            text = puzzles[k]
            pos = parse_position(text)
            result = logic_solve(pos)
            walk = pos.copy()
            snaps = [walk.copy()]
            for step in result.steps:
                walk.apply(step)
                snaps.append(walk.copy())
            n = len(snaps) - 1
            for frac in (0.0, 0.3, 0.55, 0.8, 1.0):
                at = min(n, round(frac * n))
                if frac == 1.0 and result.status == "solved":
                    at = max(0, n - 3)     # a solved grid has nothing left to say
                out.append({"id": f"qqwing-{level}:{k + 1}@{at}", "puzzle": text,
                            "grid": format_position(snaps[at], "braces")})
    ref = apply_until_stuck(parse_position(REFERENCE), ["singles"])
    out.append({"id": "reference", "puzzle": REFERENCE, "grid": format_position(ref, "braces")})
    from tutor.engine.registry import ladder
    from tutor.teaching.practice import load_cache
    for t in ladder():
        for k, p in enumerate(load_cache(t.id)[:2]):
            out.append({"id": f"practice-{t.id}:{k}", "puzzle": "",
                        "grid": format_position(p.position, "braces")})
    import csv
    from tutor.paths import data_dir
    with open(data_dir("puzzles") / "technique-cases" / "cases.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for k, row in enumerate(rows):
        if row["technique"].startswith(BASIC_CASES):
            try:
                pos = parse_position(row["position"])
            except Exception:
                continue
            if pos.solution_info()[0] != 1:
                continue
            out.append({"id": f"case-{row['technique']}:{k}", "puzzle": "",
                        "grid": format_position(pos, "braces")})
    return out


# ================================================================ choosing claims and entries

def _name_for(tid: str, step, rng: random.Random) -> str:
    name = rng.choice(NAMES.get(tid, [tid]))
    if "{size}" in name:
        size = step.to_json().get("size", len(step.cells)) if step is not None else 2
        name = name.replace("{size}", SET_WORDS.get(size, "pair"))
    return name


def _swap_cell(cells, pos, rng):
    """The pattern with its last cell moved to an empty peer outside it."""
    cells = list(cells)
    if not cells:
        return cells
    last = cells[-1]
    peers = [j for j in sorted(PEERS[last]) if j not in cells and not pos.values[j]]
    if not peers:
        return cells[:-1]
    return sorted(cells[:-1] + [rng.choice(peers)])


def _claim_of(step, k=0) -> str | None:
    if step.eliminations:
        i, d = step.eliminations[min(k, len(step.eliminations) - 1)]
        return f"{cell_name(i)}<>{d}"
    if step.placements:
        i, d = step.placements[0]
        return f"{cell_name(i)}={d}"
    return None


def choose_claims(pos, steps, rng: random.Random, index: int) -> list[list[str]]:
    """CLI argument tails for `check` (after the position)."""
    from tutor.engine.registry import ladder
    sol = pos.solution()
    empty = [i for i in range(81) if not pos.values[i]]
    claims: list[list[str]] = []
    if not empty or sol is None:
        return claims
    techs = sorted({s.technique for s in steps})
    picked = []
    for j in range(min(2, len(techs))):
        tid = techs[(index + j) % len(techs)]
        options = [s for s in steps if s.technique == tid]
        picked.append(options[rng.randrange(len(options))])
    effect_all = {(i, d) for s in steps for i, d in s.eliminations}
    for s in picked:
        claim = _claim_of(s, rng.randrange(3))
        if claim is None:
            continue
        cells = cells_name(s.cells) if s.cells else ""
        name = _name_for(s.technique, s, rng)
        claims.append([claim, "--by", name, "--pattern", cells] if cells else [claim, "--by", name])
        claims.append([claim, "--by", _name_for(MIXUPS.get(s.technique, "x-wing"), None, rng)])
        if s.cells:
            bad = _swap_cell(s.cells, pos, rng)
            if bad:
                claims.append([claim, "--by", name, "--pattern", cells_name(bad)])
            # the solution digit of a cell the step touches, claimed as removed by it
            inside = [j for j in s.cells if sol[j] in s.digits and not pos.values[j]]
            i = inside[0] if inside and index % 2 else (s.eliminations or s.placements)[0][0]
            claims.append([f"{cell_name(i)}<>{sol[i]}", "--by", name, "--pattern", cells])
            # a true candidate the step does not remove, named with the pattern
            spare = [(j, d) for j in sorted(PEERS[i]) + [i] if not pos.values[j]
                     for d in pos.candidates(j) if d != sol[j] and (j, d) not in
                     {(a, b) for a, b in s.eliminations}]
            if spare and index % 3 == 0:
                j, d = spare[rng.randrange(len(spare))]
                if (j, d) in effect_all or index % 6 == 0:
                    claims.append([f"{cell_name(j)}<>{d}", "--by", name, "--pattern", cells])
    if len(picked) >= 2:
        a, b = _claim_of(picked[0]), _claim_of(picked[1])
        if a and b and "<>" in a and "<>" in b:
            claims.append([f"{a}, {b}"] if index % 2 else
                          [f"{a}, {b}", "--by", _name_for(picked[0].technique, picked[0], rng)])
    # no name, or a family name, on a proved claim
    if picked and index % 2:
        claims.append([_claim_of(picked[0])])
    elif picked:
        claim = _claim_of(picked[0])
        fam = [t.family for t in ladder() if t.id == picked[0].technique][0]
        claims.append([claim, "--by", fam])
    if index % 4 == 0:
        i = rng.choice(empty)
        claims.append([f"{cell_name(i)}={sol[i]}"])
        unproved = [(j, d) for j in empty for d in pos.candidates(j)
                    if d != sol[j] and (j, d) not in effect_all]
        if unproved:
            j, d = unproved[rng.randrange(len(unproved))]
            claims.append([f"{cell_name(j)}<>{d}"])
    if index % 10 == 0:
        solved = [i for i in range(81) if pos.values[i]]
        if solved:
            claims.append([f"{cell_name(solved[0])}<>{pos.values[solved[0]]}"])
        i = empty[0]
        missing = [d for d in range(1, 10) if not pos.has(i, d)]
        if missing:
            claims.append([f"{cell_name(i)}<>{missing[0]}"])
        claims.append(["r1c1<>0"])
        claims.append([f"{cell_name(i)}<>{sol[i]}", "--by", "frobnicate"])
        claims.append([f"{cell_name(i)}<>{sol[i]}", "--pattern", "r0c1"])
    return claims


def _shorthand(step) -> str:
    x, d = step.to_json(), "".join(map(str, step.digits))
    if "base" in x:
        return f"{step.technique} #{d} {x['base']} {x['cover']}"
    if "ends" in x:
        return f"{step.technique.replace('-', ' ')} #{d} " + " ".join(x["ends"])
    if "box" in x and "line" in x:
        return f"{step.technique} #{d} {x['box']} {x['line']}"
    if "er_row" in x:
        return f"empty rectangle #{d} {x['box']} " + " ".join(x["link"])
    if "stem" in x:
        return f"death blossom {x['stem']} #{d}"
    return f"{cells_name(step.cells)} #{d}"


def choose_quiz(pos, steps, rng: random.Random, index: int) -> dict | None:
    from tutor.engine.registry import ladder
    if not steps:
        return None
    techs = sorted({s.technique for s in steps})
    tid = techs[index % len(techs)]
    fam = [t.family for t in ladder() if t.id == tid][0]
    target = fam if index % 2 else tid
    mine = [s for s in steps if s.technique == tid]
    others = [s for s in steps if s.technique != tid]
    entries: list[list] = []
    entries.append(["text", mine[0].name])
    entries.append(["text", _shorthand(mine[-1])])
    s = mine[rng.randrange(len(mine))]
    d = "".join(map(str, s.digits))
    cells = cells_name(s.cells)
    named = f"{_name_for(tid, s, rng)} " if index % 3 else ""
    if s.digits:
        common = set.intersection(*(set(pos.candidates(i)) for i in s.cells)) if s.cells else set()
        held = sorted((common or {k for i in s.cells for k in pos.candidates(i)}) - set(s.digits))
        spare = held[rng.randrange(len(held))] if held else next(k for k in range(9, 0, -1)
                                                                  if k not in s.digits)
        wrong = sorted(set(s.digits[:-1]) | {spare})
        entries.append(["text", f"{named}{cells} #{''.join(map(str, wrong))}"])
    bad = _swap_cell(s.cells, pos, rng)
    if bad:
        entries.append(["text", f"{named}{cells_name(bad)} #{d}"])
    mix = MIXUPS.get(tid)
    if mix:
        entries.append(["select", list(s.cells), list(s.digits), mix])
        entries.append(["text", f"{_name_for(mix, s, rng)} {cells} #{d}"])
    if "base" in s.to_json():
        cover = s.to_json()["cover"]
        # every house number moved by one (a Franken cover mixes kinds: 'c8b2')
        shifted = "".join(str(int(k) % 9 + 1) if k.isdigit() else k for k in cover)
        entries.append(["text", f"{tid} #{d} {s.to_json()['base']} {shifted}"])
        entries.append(["text", f"fish #{d} {s.to_json()['base']}"])
    if "box" in s.to_json() and "line" in s.to_json():
        entries.append(["text", f"{_name_for(mix or tid, s, rng)} #{d} {s.to_json()['box']} {s.to_json()['line']}"])
    if others:
        o = others[rng.randrange(len(others))]
        entries.append(["text", o.name])
        if index % 2:
            entries.append(["select", list(o.cells), list(o.digits), None])
    empty = [i for i in range(81) if not pos.values[i]]
    if len(empty) >= 2:
        a, b = sorted(rng.sample(empty, 2))
        entries.append(["text", f"{named}{cells_name([a, b]) if index % 2 else cell_name(a)} "
                                f"#{pos.candidates(a)[0]}"])
    return {"target": target, "entries": entries}


# ================================================================ recording

def record_steps(grid: str) -> dict:
    code, out, err = run_cli(["steps", grid, "--json"])
    if code:
        return {"error": err.strip()}
    steps = json.loads(out)
    by_tech: dict[str, list] = {}
    for s in steps:
        by_tech.setdefault(s["technique"], []).append(s)
    return {"count": len(steps), "sha": _json_sha(out),
            "by_technique": {t: [len(v), _sha(v)] for t, v in sorted(by_tech.items())}}


def record_solve(puzzle: str) -> dict:
    code, out, err = run_cli(["solve", puzzle, "--json"])
    obj = json.loads(out)
    return {"status": obj.get("status"), "hardest": obj.get("hardest"), "counts": obj.get("counts"),
            "sha": _json_sha(out)}


@contextlib.contextmanager
def judged_once():
    """Inside the block the judge rules once on each claim: the JSON and the
    text output of one claim show the same verdict, judged once."""
    from tutor.engine import judge as judge_module
    real, seen = judge_module.judge, {}

    def judge(pos, claim, **kw):
        key = (format_position(pos, "braces"), claim, tuple(sorted(kw.items())))
        if key not in seen:
            seen[key] = real(pos, claim, **kw)
        return seen[key]
    judge_module.judge = judge
    try:
        yield
    finally:
        judge_module.judge = real


def record_check(grid: str, args: list[str]) -> dict:
    with judged_once():
        code, out, err = run_cli(["check", grid, *args, "--json"])
        if not out:                      # an unreadable position: no verdict at all
            return {"exit": code, "error": err.strip()}
        obj = json.loads(out)            # a verdict (exit 0 proved, 1 not proved, 2 invalid)
        code2, text, _ = run_cli(["check", grid, *args])
    return {"verdict": obj["verdict"], "technique": obj["technique"], "message": obj["message"],
            "sha": _sha(_json_sha(out) + text)}


def record_quiz(grid: str, plan: dict) -> list:
    from tutor.teaching.quiz import FindAllQuiz
    q = FindAllQuiz(parse_position(grid), plan["target"])
    out = []
    for e in plan["entries"]:
        if e[0] == "text":
            v = q.submit(e[1])
        else:
            v = q.submit_selection(e[1], e[2], e[3])
        out.append([v.kind, v.message, v.confusion.label if v.confusion else None, v.index])
    out.append(["score", q.score().text()])
    return out


def record_names() -> dict:
    from tutor.engine.registry import FAMILIES, ladder
    from tutor.engine.judge import resolve_technique
    from tutor.teaching import mastery
    from tutor.teaching.quiz import EntryError, confusion, name_options, parse_entry, target_name, target_noun
    names = {}
    for n in JUDGE_NAMES:
        try:
            r = resolve_technique(n)
            names[n] = [list(r.ids), r.size, r.label]
        except Exception as e:          # noqa: BLE001  (the message is the record)
            names[n] = [type(e).__name__, str(e)]
    entries = {}
    for text in ENTRY_TEXTS:
        try:
            e = parse_entry(text)
            entries[text] = [e.technique, e.family, list(e.cells), list(e.digits),
                             [list(g) for g in e.houses], e.describe()]
        except EntryError as e:
            entries[text] = ["EntryError", str(e)]
    ids = [t.id for t in ladder()]
    options = {t: [name_options(t, seed) for seed in range(4)] for t in ids}
    confusions = {}
    for a in ids:
        for b in ids:
            c = confusion(a, b)
            if c:
                confusions[f"{a} {b}"] = [c.label, c.tip, c.message]
    targets = {t: [target_name(t), target_noun(t)] for t in ids + list(FAMILIES)}
    rows = mastery.table({"naked-single": 1.0, "hidden-single": 0.9, "pointing": 0.85},
                         {"naked-single": 3, "hidden-single": 3, "pointing": 3})
    ready = [[r.technique, r.ready, r.mastered] for r in rows]
    prereq = {t: sorted(mastery.PREREQUISITES.get(t, ())) for t in ids}
    return {"judge_names": names, "entries": entries, "name_options": options,
            "confusions": confusions, "targets": targets, "mastery": ready, "prerequisites": prereq}


def record(positions: list[dict], plans: dict, names: bool = True) -> dict:
    out_positions = []
    for p in positions:
        grid = p["grid"]
        row = {"id": p["id"], "grid": grid, "steps": record_steps(grid)}
        row["checks"] = [{"args": args, **record_check(grid, args)} for args in plans[p["id"]]["claims"]]
        quiz = plans[p["id"]]["quiz"]
        if quiz:
            row["quiz"] = {**quiz, "verdicts": record_quiz(grid, quiz)}
        out_positions.append(row)
    puzzles = sorted({p["puzzle"] for p in positions if p["puzzle"]})
    solves = {pz: record_solve(pz) for pz in puzzles}
    return {"positions": out_positions, "solves": solves, "names": record_names() if names else {}}


def plan_all(positions: list[dict]) -> dict:
    from tutor.engine.registry import find_all
    plans = {}
    for k, p in enumerate(positions):
        pos = parse_position(p["grid"])
        rng = random.Random(f"golden:{p['id']}")
        steps = find_all(pos) if pos.solution_info()[0] == 1 else []
        plans[p["id"]] = {"claims": choose_claims(pos, steps, rng, k) if steps else [],
                          "quiz": choose_quiz(pos, steps, rng, k)}
    return plans


def regenerate() -> dict:
    positions = choose_positions()
    plans = plan_all(positions)
    data = record(positions, plans)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(data, indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return data


def replay(data: dict) -> dict:
    """Record again from the stored positions, claims and entries."""
    positions = [{"id": p["id"], "grid": p["grid"], "puzzle": ""} for p in data["positions"]]
    plans = {p["id"]: {"claims": [c["args"] for c in p["checks"]],
                       "quiz": ({"target": p["quiz"]["target"], "entries": p["quiz"]["entries"]}
                                if "quiz" in p else None)} for p in data["positions"]}
    now = record(positions, plans, names=bool(data["names"]))
    now["solves"] = {pz: record_solve(pz) for pz in data["solves"]}
    return now


def part_of(data: dict, part: int, parts: int) -> dict:
    """Every `parts`-th position and solve from `part` on (the name tables
    with the first part): the record in pieces that run side by side."""
    solves = sorted(data["solves"].items())
    return {"positions": data["positions"][part::parts], "solves": dict(solves[part::parts]),
            "names": data["names"] if part == 0 else {}}


def differences(old: dict, new: dict, limit: int = 40) -> list[str]:
    """Readable lines, one per difference (at most `limit`)."""
    out: list[str] = []

    def add(line):
        if len(out) < limit:
            out.append(line)
    for a, b in zip(old["positions"], new["positions"]):
        where = a["id"]
        if a["steps"] != b["steps"]:
            ta, tb = a["steps"].get("by_technique", {}), b["steps"].get("by_technique", {})
            changed = sorted(t for t in set(ta) | set(tb) if ta.get(t) != tb.get(t))
            add(f"{where}: steps differ for {changed or 'the whole list'}")
        for ca, cb in zip(a["checks"], b["checks"]):
            if ca != cb:
                keys = [k for k in ca if ca.get(k) != cb.get(k)]
                add(f"{where}: check {' '.join(ca['args'])}: {keys}\n    was: {ca.get('verdict')}: "
                    f"{ca.get('message')}\n    now: {cb.get('verdict')}: {cb.get('message')}")
        qa, qb = a.get("quiz", {}).get("verdicts", []), b.get("quiz", {}).get("verdicts", [])
        for e, va, vb in zip(a.get("quiz", {}).get("entries", []) + [["score"]], qa, qb):
            if va != vb:
                add(f"{where}: quiz {a['quiz']['target']} entry {e[1:]}\n    was: {va}\n    now: {vb}")
    for pz, s in old["solves"].items():
        if new["solves"].get(pz) != s:
            add(f"solve {pz}: was {s}, now {new['solves'].get(pz)}")
    for section, table in old["names"].items():
        now = new["names"].get(section)
        if isinstance(table, dict):
            for key in sorted(set(table) | set(now or {})):
                if table.get(key) != (now or {}).get(key):
                    add(f"names/{section} {key!r}: was {table.get(key)}, now {(now or {}).get(key)}")
        elif table != now:
            add(f"names/{section}: was {table}, now {now}")
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--regenerate" in argv:
        data = regenerate()
        n_checks = sum(len(p["checks"]) for p in data["positions"])
        n_entries = sum(len(p.get("quiz", {}).get("entries", [])) for p in data["positions"])
        print(f"recorded {len(data['positions'])} positions, {n_checks} checks, {n_entries} quiz "
              f"entries, {len(data['solves'])} solves in {DATA} ({DATA.stat().st_size // 1024} KB)")
        return 0
    old = json.loads(DATA.read_text(encoding="utf-8"))
    diff = differences(old, replay(old), limit=10 ** 6)
    for line in diff:
        print(line)
    print(f"{len(diff)} difference(s)")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
