"""The learner model: a rating per technique, reviews when they are due,
derived from the events of the progress store (tutor/store/events.py).

Ratings.  Each learner has a Glicko-2 rating (tutor/teaching/glicko2.py) per
technique, with its deviation (how sure it is).  Every result is a game of
the learner against an item: a practice position or quiz, or, for claims
made while playing, the technique's "play" item.  An item's difficulty is
on the same scale, seeded from the engine (`item_difficulty`: the
technique's ladder rank, how many instances the position holds, how far
into the solve it is) and rated in turn from the learners' results.  A
learner starts every technique level with its base difficulty, unsure (RD
350); a technique is *mastered* once the rating stands a whole deviation
above its base.

What counts:
  * a quiz or practice result: its score (0..1);
  * a claim proved by the technique named (or none named): a success;
    a true claim nothing short of a last resort proves (true-unproved, or,
    in older stores, proved by a forcing chain, net or trial the learner did
    not name): counted as unproved, no rating moves;
    one proved by another technique than the one named: a failure of the
    named one and a confusion of the two, like the quizzes' confusions;
    a false claim that names a technique: a failure of it;
  * hints cut a success: each rung used for the technique on that position
    takes a fifth of the credit (level 5, the step applied for you: none);
  * lessons gone through and their examples tried: the technique is met.

Reviews (a Leitner-like scheduler, documented here rather than FSRS): a
technique met gets a review due one day later.  A pass (credit 0.6 or more)
when the review is due doubles the interval (1, 2, 4 ... 64 days) and sets
the next review that far ahead; a pass before it is due changes nothing; a
failure or a confusion makes the technique due at once with the interval
reset, so the next pass brings it back in a day.

"Practise next": the most overdue review; else the first technique on the
ladder not mastered whose prerequisites are; positions for it are chosen
with a difficulty near the learner's rating (`pick_position`).

The state is a pure fold of the events in id order (`Model.apply`), kept
as a snapshot in the store (`derived`, with the last event id it holds)
and brought up to date when read (`load`); `rebuild` folds every event
again (`sudoku-tutor progress --rebuild`).  Events younger than SETTLE_MS
are folded for display but not kept in the snapshot, so that an event
committed late by another session is never skipped.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field

from ..engine.registry import get, resolve
from .glicko2 import DEFAULT_RD, Rating, update

PASS = 0.6                 # a credit from here up passes a review
HINT_CUT = 0.2             # each hint rung used takes this share of a success's credit
ITEM_RD = 150.0            # how sure an item's seeded difficulty is
DAY_MS = 86_400_000
MAX_INTERVAL = 64          # days
HISTORY = 12               # ratings kept for the trend
IDLE_DAYS_MAX = 60         # rating periods of idleness counted at most
SETTLE_MS = 2000
SNAPSHOT = "learner-model/1"   # bump when the rules change: stores then fold every event again


def base_rating(technique: str) -> float:
    """A technique's base difficulty: 1500 at rank 150 (W-Wing's), 2 points a rank."""
    t = get(technique)
    return 1500.0 + 2.0 * ((t.rank if t else 150) - 150)


def item_difficulty(technique: str, instances: int = 1, progress: float | None = None,
                    many_is_harder: bool = True) -> float:
    """A practice item's difficulty seeded from the engine: the technique's
    base; finding all of many instances is harder (`many_is_harder`, a find-all
    quiz), finding one of many easier; early in the solve (more candidates
    about) harder."""
    d = base_rating(technique)
    extra = 30.0 * (min(max(instances, 1), 6) - 1)
    d += extra if many_is_harder else -extra
    if progress is not None:
        d += 100.0 * (0.5 - progress)
    return round(d, 1)


def position_key(position) -> str:
    """A short stable key of a position (its values and candidates)."""
    key = position.key() if hasattr(position, "key") else position
    return hashlib.sha1(repr(key).encode()).hexdigest()[:12]


def named_technique(by: str | None, credited: str | None) -> str:
    """The technique id a learner named (`by` is an id, family or name):
    the credited one when it belongs to what was named; '' when nothing
    was named or the name is unknown."""
    if not by:
        return ""
    try:
        ids = [t.id for t in resolve([by])]
    except Exception:          # noqa: BLE001 - an unknown name names nothing
        return ""
    if credited in ids:
        return credited
    return ids[0] if len(ids) == 1 else ""


# ------------------------------------------------------------------ the state

@dataclass
class Skill:
    """One learner's standing on one technique."""
    rating: float
    rd: float = DEFAULT_RD
    sigma: float = 0.06
    attempts: int = 0           # rated results
    actions: int = 0            # every event that touched the technique
    hints: int = 0
    interval: float = 0.0       # days
    due_ms: int | None = None   # the next review
    last_ms: int = 0            # the last rated result
    history: list = field(default_factory=list)


@dataclass
class Learner:
    skills: dict = field(default_factory=dict)        # technique -> Skill
    confusions: dict = field(default_factory=dict)    # "said>actual" -> n
    hint_at: dict = field(default_factory=dict)       # technique -> [position, level]
    counts: dict = field(default_factory=dict)        # event kind -> n


class Model:
    """Every learner's skills and every item's rating, after events up to `upto`."""

    def __init__(self):
        self.learners: dict[str, Learner] = {}
        self.items: dict[str, list] = {}     # item -> [rating, rd, sigma, results]
        self.upto = 0

    # ---------------------------------------------------------- (de)serialising
    def to_json(self) -> str:
        return json.dumps({"upto": self.upto, "items": self.items,
                           "learners": {u: asdict(l) for u, l in self.learners.items()}},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Model":
        data = json.loads(text)
        m = cls()
        m.upto = int(data["upto"])
        m.items = data["items"]
        for user, d in data["learners"].items():
            d["skills"] = {t: Skill(**s) for t, s in d["skills"].items()}
            m.learners[user] = Learner(**d)
        return m

    # ---------------------------------------------------------- the fold
    def learner(self, user: str) -> Learner:
        return self.learners.setdefault(user, Learner())

    def skill(self, learner: Learner, technique: str) -> Skill | None:
        if not technique or get(technique) is None:
            return None
        s = learner.skills.get(technique)
        if s is None:
            s = learner.skills[technique] = Skill(base_rating(technique))
        return s

    def apply(self, e) -> None:
        """Fold one event (tutor.store.events.Event) in."""
        self.upto = max(self.upto, e.id)
        lr = self.learner(e.user)
        lr.counts[e.kind] = lr.counts.get(e.kind, 0) + 1
        if e.kind == "hint":
            s = self.skill(lr, e.technique)
            if s is not None:
                s.actions += 1
                s.hints += 1
                _meet(s, e.at_ms)
                prev = lr.hint_at.get(e.technique)
                level = max(e.hints, prev[1]) if prev and prev[0] == e.position else e.hints
                lr.hint_at[e.technique] = [e.position, level]
        elif e.kind == "claim":
            self._claim(lr, e)
        elif e.kind == "attempt":
            credit = (e.outcome or 0.0) * max(0.0, 1.0 - HINT_CUT * min(e.hints, 5))
            self._rate(lr, e, e.technique, credit)
        elif e.kind == "confusion":
            self._confuse(lr, e.named, e.technique, e.at_ms)
        elif e.kind in ("lesson", "example"):
            for t in filter(None, e.technique.split(",")):
                s = self.skill(lr, t)
                if s is not None:
                    s.actions += 1
                    _meet(s, e.at_ms)

    def _claim(self, lr: Learner, e) -> None:
        proved = e.detail in ("proved", "proved-other")
        credited, named = e.technique, e.named
        room = get(credited) if credited else None
        if proved and room is not None and room.last_resort and named != credited:
            # a last resort proves anything true: unnamed, it is what the engine
            # could show, not what the learner did (older stores hold such verdicts)
            proved = False
        if not proved and e.detail in ("proved", "proved-other", "true-unproved"):
            lr.counts["unproved"] = lr.counts.get("unproved", 0) + 1
        if proved and named and credited and named != credited:
            self._confuse(lr, named, credited, e.at_ms)
            self._rate(lr, e, named, 0.0)
        elif proved and credited:
            prev = lr.hint_at.pop(credited, None)
            level = prev[1] if prev and prev[0] == e.position else 0
            self._rate(lr, e, credited, max(0.0, 1.0 - HINT_CUT * level))
        elif e.detail == "false" and named:
            self._rate(lr, e, named, 0.0)
        else:
            s = self.skill(lr, credited or named)
            if s is not None:
                s.actions += 1
                _meet(s, e.at_ms)

    def _confuse(self, lr: Learner, said: str, actual: str, at_ms: int) -> None:
        key = f"{said}>{actual}"
        lr.confusions[key] = lr.confusions.get(key, 0) + 1
        for t in (said, actual):
            s = self.skill(lr, t)
            if s is not None:
                s.interval, s.due_ms = 0.0, at_ms

    def _rate(self, lr: Learner, e, technique: str, credit: float) -> None:
        s = self.skill(lr, technique)
        if s is None:
            return
        key = e.item or f"{e.kind}:{technique}"
        item = self.items.get(key)
        if item is None:
            seed = e.difficulty if e.difficulty is not None else base_rating(technique)
            item = self.items[key] = [seed, ITEM_RD, 0.06, 0]
        me = Rating(s.rating, s.rd, s.sigma)
        if s.last_ms:                  # idle days widen the deviation (Glicko-2 step 6)
            for _ in range(min(IDLE_DAYS_MAX, (e.at_ms - s.last_ms) // DAY_MS)):
                me = update(me, [])
        it = Rating(item[0], item[1], item[2])
        new_me = update(me, [(it, credit)])
        new_it = update(it, [(me, 1.0 - credit)])
        s.rating, s.rd, s.sigma = new_me.rating, new_me.rd, new_me.sigma
        self.items[key] = [new_it.rating, new_it.rd, new_it.sigma, item[3] + 1]
        s.attempts += 1
        s.actions += 1
        s.last_ms = e.at_ms
        s.history = (s.history + [round(s.rating, 1)])[-HISTORY:]
        _schedule(s, credit >= PASS, e.at_ms)


def _meet(s: Skill, at_ms: int) -> None:
    if s.due_ms is None:
        s.interval, s.due_ms = 0.0, at_ms + DAY_MS


def _schedule(s: Skill, passed: bool, at_ms: int) -> None:
    if s.due_ms is None:
        s.interval = 1.0 if passed else 0.0
        s.due_ms = at_ms + int(s.interval * DAY_MS)
    elif not passed:
        s.interval, s.due_ms = 0.0, at_ms
    elif at_ms >= s.due_ms:
        s.interval = min(MAX_INTERVAL, max(1.0, 2 * s.interval))
        s.due_ms = at_ms + int(s.interval * DAY_MS)


# ------------------------------------------------------------------ the store

def _now_ms() -> int:
    return int(time.time() * 1000)


def _snapshot(store) -> Model:
    """The model kept in the store (empty when there is none)."""
    snap = store.derived(SNAPSHOT)
    try:
        return Model.from_json(snap[1]) if snap else Model()
    except (ValueError, KeyError, TypeError):      # an unreadable snapshot: fold from the start
        store.drop_derived(SNAPSHOT)
        return Model()


def load(store, now_ms: int | None = None) -> Model:
    """The model with every event folded in; the snapshot in the store is
    brought up to the events older than SETTLE_MS."""
    now = _now_ms() if now_ms is None else now_ms
    model = _snapshot(store)
    new = store.events(after=model.upto)
    settled = 0
    while settled < len(new) and new[settled].at_ms <= now - SETTLE_MS:
        settled += 1
    for e in new[:settled]:
        model.apply(e)
    if settled:
        try:
            store.save_derived(SNAPSHOT, model.upto, model.to_json())
        except Exception:         # noqa: BLE001 - a snapshot is a cache; the events stay
            pass
    for e in new[settled:]:
        model.apply(e)
    return model


def follow(store, model: Model | None = None, now_ms: int | None = None) -> Model:
    """`model` (None: the stored snapshot) with the events after it that are
    older than SETTLE_MS folded in: for a view that refreshes every second
    (the teacher's table), each call reads only the new events and writes
    nothing.  Events younger than that are shown a moment later."""
    now = _now_ms() if now_ms is None else now_ms
    if model is None:
        model = _snapshot(store)
    for e in store.events(after=model.upto):
        if e.at_ms > now - SETTLE_MS:
            break
        model.apply(e)
    return model


def rebuild(store, now_ms: int | None = None) -> Model:
    """Fold every event again from the start and keep the result."""
    store.drop_derived(SNAPSHOT)
    return load(store, now_ms)
