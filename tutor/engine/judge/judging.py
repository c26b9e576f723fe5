"""Judging one sound claim on one sound position: which steps prove it,
and what to say about the learner's pattern."""
from __future__ import annotations

from .. import registry
from ..grid import cell_name
from ..names import Named, needs_noun, step_label, technique_label
from ..registry import PatternQuery, PatternReport, check_pattern
from ..step import Step, effects_text
from ..techniques.patterns import an, pick_report
from .cache import _Entry, _tier, step_effect
from .claims import Claim
from .lookahead import LOOKAHEAD_STEPS, lookahead
from .pattern import Pattern
from .verdict import Verdict, a_step, highlight, items_text, lead, next_step_text, sentence


class _Judging:
    """One judge() call once the claim and position are known to be sound."""

    def __init__(self, entry: _Entry, claim: Claim, named: Named | None, pattern: Pattern, sol,
                 uniqueness: bool = True, ptext: str = ""):
        self.e = entry
        self.uniqueness = uniqueness
        self.pos = entry.pos
        self.claim = claim
        self.named = named
        self.pattern = pattern
        self.pcells = pattern.cells
        self.ptext = ptext            # the pattern as typed: a chain's order counts
        self.sol = sol
        self.items = claim.items()
        self.want = frozenset(self.items)
        self.tech_id = named.ids[0] if named and len(named.ids) == 1 else None
        self.sized_families = {registry.REGISTRY[t].family for t in named.ids} if named else set()
        self.reports: dict[str, PatternReport] = {}    # technique id -> its check's report
        self.report = self._check_pattern()

    # ------------------------------------------------------------ pieces
    def _check_pattern(self):
        if not self.pattern or not self.named:
            return None
        reports = []
        for tid in self.named.ids:
            label = self.named.label if len(self.named.ids) == 1 else technique_label(tid)
            if self.pattern.lines and not registry.named_by_houses(tid):
                # houses mean nothing to its check: say how it is named instead
                reports.append(PatternReport(False, label, list(self.pcells),
                                             f"{an(label)} is named by its cells (e.g. r6c45), "
                                             f"not by houses", fits=False))
                continue
            r = check_pattern(self.pos, PatternQuery(tid, tuple(self.pcells), self.pattern.digits,
                                                     self.pattern.lines, size=self.named.size,
                                                     claim=tuple(self.items), label=label,
                                                     text=self.ptext))
            if r is not None:
                reports.append(r)
                self.reports[tid] = r
        if not reports:
            return None
        # none holds: the first whose shape the named cells have
        return pick_report(reports, self.items) or next((r for r in reports if r.fits), reports[0])

    def _pattern_note(self, step: Step | None = None, named_proves: bool = False) -> str:
        """A sentence about the learner's pattern, or ''."""
        name = self.pattern.name()
        r = self.report
        if r is not None and not r.ok and step is not None:
            # a family was named: the failing condition of the technique that proves it
            r = self.reports.get(step.technique, r)
        if r is not None:
            if not r.ok:
                return f"Your pattern {name} fails: {r.reason}."
            noun = r.label + " pattern" if needs_noun(r.label) else r.label
            miss = r.misses(self.items)
            if miss:
                return f"{name} is {an(noun)}, but {miss}."
            if r.covers(self.items) and not named_proves and not self._named_guess():
                # the check and the finder disagree: say so rather than hide it
                return (f"{name} does form {an(noun)} that removes it, but the engine's finder "
                        f"does not report that step here.")
            return ""
        if self.pattern and step is not None and _match(step, self.pattern) > 1:
            return f"The step that proves it does not use {name}."
        return ""

    def _named_guess(self) -> bool:
        named = self.named
        return named is not None and any(registry.REGISTRY[t].guess for t in named.ids)

    def _failing(self):
        return self.report.failing if self.report is not None and not self.report.ok else []

    def _allowed(self, tid: str, step: Step) -> bool:
        """A size the learner named ('naked pair') holds for the techniques
        of that family that come in sizes."""
        t = registry.REGISTRY[tid]
        if self.named and self.named.size and t.sizes and t.family in self.sized_families:
            return (step.roles.size or len(step.cells)) == self.named.size
        return True

    def _choice_key(self, tid, k, step):
        """Preference among proofs: the learner's pattern, the simplest tier,
        then the step the tier offers first (`registry.offer_key`)."""
        m = _match(step, self.pattern) if self.pattern else 0
        return (m, _tier(tid), registry.offer_key(registry.REGISTRY[tid], step), k)

    def _single(self, tids, by_pattern: bool = False) -> Step | None:
        """The simplest step among techniques `tids` doing the whole claim:
        the first tier of the ladder that has one, and in it the step on the
        learner's pattern if there is one.  `by_pattern` (the technique the
        learner named): a step on the pattern in a later tier wins too."""
        best = None
        tiers: dict[int, list[str]] = {}
        for tid in tids:
            tiers.setdefault(_tier(tid), []).append(tid)
        for tier in sorted(tiers):
            for tid in tiers[tier]:
                for k, s, eff in self.e.covering(tid, self.items[0]):
                    if self.want <= eff and self._allowed(tid, s):
                        key = self._choice_key(tid, k, s)
                        if best is None or key < best[0]:
                            best = (key, s)
            if best is not None and (not (self.pattern and by_pattern) or best[0][0] == 0):
                break
        return best[1] if best else None

    def _cover(self, tids, prefer=()) -> list[Step] | None:
        """Greedy set cover of the claim by steps of `tids` (same position)."""
        if len(self.want) < 2:
            return None  # one item: a cover would be a single step, already looked for
        pool = []
        for tid in tids:
            seen = set()
            for it in self.items:
                for k, s, eff in self.e.covering(tid, it):
                    if k in seen:
                        continue
                    seen.add(k)
                    if self._allowed(tid, s):
                        pool.append((0 if tid in prefer else 1, self._choice_key(tid, k, s), s,
                                     eff & self.want))
        remaining = set(self.want)
        chosen = []
        while remaining:
            best = None
            for pref, key, s, hit in pool:
                gain = len(hit & remaining)
                if gain and (best is None or (-gain, pref, key) < best[0]):
                    best = ((-gain, pref, key), s, hit)
            if best is None:
                return None
            chosen.append(best[1])
            remaining -= best[2]
        return chosen

    # ------------------------------------------------------------ verdicts
    def run(self) -> Verdict:
        wrong = [(i, d, p) for i, d, p in self.items if (self.sol[i] == d) != p]
        if wrong:
            return self._false(wrong)
        ladder = registry.ladder(self.uniqueness)
        # what a learner is expected to see: a last resort (forcing chains and
        # nets, trial) proves anything true, so it proves nothing unnamed
        teachable = [t.id for t in ladder if not t.last_resort]
        # a computer's count (templates) proves what a person shows with
        # simpler steps: credited only when named
        seen = [t.id for t in ladder if not t.last_resort and not t.computed]
        if self.named:
            ids = [t for t in teachable if t in self.named.ids]
            step = self._single(ids, by_pattern=True)
            if step:
                return self._proved("proved", [step])
            steps = self._cover(ids)
            if steps:
                return self._proved("proved", steps)
            proof = self._premise_proof()
            if proof:
                return proof
            others = [t for t in seen if t not in self.named.ids]
            step = self._single(others)
            if step:
                return self._proved("proved-other", [step])
            steps = self._cover(seen + [t for t in ids if t not in seen], prefer=ids)
            if steps:
                return self._proved("proved-other", steps)
        else:
            step = self._single(seen)
            # the simplest proof is the one whose hardest step is simplest:
            # steps of lower tiers together (a Hidden Single and an X-Wing)
            # before one step of a higher tier (a Mutant Swordfish)
            below = [t for t in seen if step is None or _tier(t) < _tier(step.technique)]
            steps = self._cover(below)
            if steps:
                return self._proved("proved", steps)
            if step:
                return self._proved("proved", [step])
        return self._unproved(seen)

    def _premise_proof(self) -> Verdict | None:
        """A last resort the learner named with its premise (the pattern):
        proved when its check, from that premise, reaches the whole claim.
        A guess (trial) never proves."""
        for tid in self.named.ids if self.named else ():
            t = registry.REGISTRY[tid]
            report = self.reports.get(tid)
            if not t.last_resort or t.guess or report is None or not report.covers(self.items):
                continue
            shown = [s for _, s, eff in self.e.covering(tid, self.items[0])
                     if self.want <= eff and _match(s, self.pattern) < 2]
            if shown:
                return self._proved("proved", shown[:1])
            return Verdict("proved", f"Proved by {report.label} from {self.pattern.name()}: "
                                     f"every branch of the premise leads to {items_text(self.items)}.",
                           tid, [], self.claim,
                           highlight(cells=self.pcells, eliminations=sorted(report.removes or ()),
                                     placements=sorted(report.places)))
        return None

    def _false(self, wrong) -> Verdict:
        facts = []
        for i, d, placing in wrong:
            if placing:
                facts.append(f"{cell_name(i)} is {self.sol[i]} in the solution, not {d}")
            else:
                facts.append(f"{cell_name(i)} is {d} in the solution")
        msg = "; ".join(facts) + "."
        note = self._pattern_note()
        if note:
            msg += " " + note
        return Verdict("false", msg, self.tech_id, [], self.claim,
                       highlight(cells=self.pcells, failing=self._failing(),
                                  solution=[(i, self.sol[i]) for i, _, _ in wrong]))

    def _proved(self, kind: str, steps: list[Step]) -> Verdict:
        claimed = {(i, d) for i, d, p in self.items if not p}
        also = sorted({e for s in steps for e in s.eliminations} - claimed)
        hardest = max(steps, key=lambda s: registry.REGISTRY[s.technique].rank
                      if s.technique in registry.REGISTRY else 0)
        named = self.named.label if self.named is not None else ""      # set unless kind is proved
        if len(steps) == 1:
            s = steps[0]
            if kind == "proved":
                msg = f"Proved by {lead(s)}."
            else:
                msg = f"That is {a_step(step_label(s))}, not {a_step(named)}: {lead(s)}."
            msg += self._implied_text(s)
        else:
            parts = []
            for s in steps:
                mine = [(i, d, p) for i, d, p in self.items if (i, d, p) in step_effect(self.pos, s)]
                parts.append(f"{lead(s)} ({items_text(mine)})")
            if kind == "proved":
                msg = f"Proved by {len(steps)} steps together: " + "; ".join(parts) + "."
            else:
                msg = (f"{a_step(named)} alone does not do it; together these steps do: "
                       + "; ".join(parts) + ".")
        if also:
            msg += f" {'It' if len(steps) == 1 else 'They'} also remove{'s' if len(steps) == 1 else ''} " \
                   f"{effects_text(also)}."
        note = self._pattern_note(steps[0] if len(steps) == 1 else None, named_proves=kind == "proved")
        if note:
            msg += " " + note
        cells = {i for s in steps for i in s.cells}
        return Verdict(kind, msg, hardest.technique, list(steps), self.claim,
                       highlight(cells=cells, eliminations=[e for s in steps for e in s.eliminations],
                                  placements=[p for s in steps for p in s.placements],
                                  failing=self._failing()),
                       also)

    def _implied_text(self, s: Step) -> str:
        direct = {(i, d, False) for i, d in s.eliminations} | {(i, d, True) for i, d in s.placements}
        implied = [it for it in self.items if it not in direct]
        if not implied or not s.placements:
            return ""
        places = ", ".join(f"{cell_name(i)}={d}" for i, d in s.placements)
        return f" Placing {places} gives {items_text(implied)}."

    def _unproved(self, teachable) -> Verdict:
        truth = []
        for i, d, placing in self.items:
            truth.append(f"{cell_name(i)} is {d}" if placing else f"{cell_name(i)} is not {d}")
        ladder = registry.ladder(self.uniqueness)
        last = [an(technique_label(t.id)) for t in ladder if t.last_resort]
        counted = self._single([t.id for t in ladder if t.computed])
        if counted is not None:
            msg = (f"True, but unproved: {', '.join(truth)} in the solution, yet only "
                   f"{an(step_label(counted))}, a computer's count, shows it here ({lead(counted)}). "
                   f"Name it when you claim it (by {technique_label(counted.technique)}): a count is "
                   f"credited only when you say you made one.")
        elif last:
            short = ", ".join(last[:-1]) + " or " + last[-1] if len(last) > 1 else last[0]
            msg = (f"True, but unproved: {', '.join(truth)} in the solution, yet nothing short of "
                   f"{short} shows it here.")
        else:
            msg = (f"True, but unproved: {', '.join(truth)} in the solution, yet no step the engine "
                   f"knows shows it here.")
        partial = self._cover_partial(teachable)
        if partial:
            msg += f" ({partial})"
        named_note = self._named_last_resort_note()
        if named_note:
            msg += " " + named_note
        hint: Step | None = self.e.next_step(self.uniqueness)
        later: dict = {"status": "counted"}
        if hint is not None and registry.REGISTRY[hint.technique].computed:
            hint = None         # the next step is a count itself: solving on would take it
        elif hint is not None:
            msg += f" The step to look for now: {next_step_text(hint)}."
            later = lookahead(self.e, self.items, self.uniqueness)
        else:
            later = lookahead(self.e, self.items, self.uniqueness)
        if later["status"] == "proved":
            n = later["steps"]
            msg += (f" Solving on, it follows after {n} more "
                    f"step{'s' if n != 1 else ''} ({step_label(later['step'])}).")
        elif later["status"] == "bound":
            msg += f" Solving on, it does not follow within {LOOKAHEAD_STEPS} steps."
        elif later["status"] == "stuck":
            msg += " Solving on, the engine gets stuck before it follows."
        note = self._pattern_note()
        if note:
            msg += " " + note
        later_json = ({"steps": later["steps"], "technique": later["step"].technique}
                      if later["status"] == "proved" else None)
        return Verdict("true-unproved", msg, self.tech_id, [], self.claim,
                       highlight(cells=self.pcells, failing=self._failing()), [], hint, later_json)

    def _named_last_resort_note(self) -> str:
        """Why a last resort the learner named did not prove the claim."""
        if not self.named:
            return ""
        for tid in self.named.ids:
            t = registry.REGISTRY[tid]
            if t.guess:
                return sentence(f"{an(technique_label(tid))} is a guess: it shows the way when no "
                                f"logic does, and proves nothing")
            if t.last_resort and not self.pattern:
                return (f"To have it checked as {an(technique_label(tid))}, name the premise it "
                        f"starts from (a cell, or the places of one digit in a house).")
        return ""

    def _cover_partial(self, all_ids) -> str:
        """For a claim of several items: which ones some step does now."""
        if len(self.items) < 2:
            return ""
        done = {it for it in self.items if any(self.e.covering(tid, it) for tid in all_ids)}
        if not done:
            return ""
        rest = [it for it in self.items if it not in done]
        return f"{items_text(sorted(done))} can be proved now; {items_text(rest)} cannot."


def _match(step: Step, pattern: Pattern) -> int:
    """0: the step's cells are the pattern; 1: one contains the other; 2: no.
    A pattern named by its houses (a fish) matches the step on those houses."""
    if pattern.lines:
        named = {h for g in pattern.lines for h in g}
        if not named <= set(step.houses) or not set(pattern.cells) <= set(step.cells):
            return 2
        return 0 if named == set(step.houses) else 1    # 1: a finned fish's fin box besides
    cells = set(step.cells)
    p = set(pattern.cells)
    if cells == p:
        return 0
    if p <= cells or cells <= p:
        return 1
    return 2
