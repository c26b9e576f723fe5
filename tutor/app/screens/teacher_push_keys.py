"""What the teacher pushes to the class (the TeacherScreen's push keys): the
position on the teacher's grid (p), a quiz on it of any registered kind (z,
made here through the quiz protocol so the dialog can say why it cannot be
pushed), a fresh practice set one position at a time (f), ending (e) and
reopening (r) the last push.  Each change to the class runs off the UI
thread (the screen's `_in_background`)."""
from __future__ import annotations

from ...classroom import events
from .teacher_push import PushDialog


class PushKeys:
    """The push actions, mixed into TeacherScreen (which gives `allowed`,
    `class_name`, `board`, `fresh`, `_class_uniqueness` and `_in_background`)."""

    def _teacher_position(self):
        play = getattr(self.app, "play", None)
        return None if play is None else play.game

    def action_push(self, kind: str) -> None:
        if not self.allowed:
            return
        game = self._teacher_position()
        if game is None:
            self.notify("Load a position on your grid first (Esc).", severity="warning")
            return
        title = game.name if kind == "position" else ""        # a quiz: the dialog names it
        note = ""
        if kind == "quiz":
            from ...teaching.quiz import singles_note
            note = singles_note(game.position)
        dialog = PushDialog(kind, title, note, build=lambda choice: self._payload(kind, choice))
        self.app.push_screen(dialog, lambda payload: self._pushed(kind, payload))

    def _payload(self, kind: str, choice: dict) -> dict:
        """The push the teacher chose, on the teacher's position; for a quiz,
        made here first through the quiz protocol (the engine's count): a
        ValueError (one line) says why nothing can be pushed as chosen."""
        from ...engine.formats import to_braces
        position = self._teacher_position().position.copy()
        payload = {"title": choice["title"], "hint_limit": choice["hint_limit"]}
        if kind == "quiz":
            from ...teaching.quiz import after_singles, make_quiz
            if choice.get("after_singles"):
                position = after_singles(position)    # the quiz asks for no single in disguise
                if position.is_solved():
                    raise ValueError("The singles alone solve this position: after them there is "
                                     "nothing to ask. Untick 'Push the position after the singles', "
                                     "or Cancel and push the position itself (p).")
            unique = self._class_uniqueness()
            quiz = make_quiz(choice["quiz"], choice["target"], position=position.copy(),
                             uniqueness=unique, title=choice["title"])
            payload.update(quiz=quiz.kind, target=choice["target"], total=quiz.size,
                           uniqueness=unique)
        payload["position"] = to_braces(position)
        return payload

    def _pushed(self, kind: str, payload: dict | None) -> None:
        if not payload:
            return
        user = self.app.user
        self._in_background(lambda store: events.push_event(store, self.class_name, kind, payload, user),
                            lambda ev: f"Pushed to class {self.class_name}: {ev.title}", "Could not push")

    def action_fresh_set(self) -> None:
        """f: the next position of the fresh set being pushed, or (none
        left) choose a technique for a new set."""
        if not self.allowed:
            return
        if self.fresh and self.fresh["next"] < len(self.fresh["positions"]):
            self._push_fresh()
            return
        self.app.push_screen(PushDialog("set", "Fresh practice", "", build=lambda choice: choice),
                             self._fresh_chosen)

    def _fresh_chosen(self, got: dict | None) -> None:
        if not got:
            return
        import random
        from ...teaching.practice_set import SET_SIZE, fresh_set
        seed = random.SystemRandom().randrange(10 ** 6)
        unique = self._class_uniqueness()
        self.notify(f"Making {SET_SIZE} fresh positions ...")

        def made(positions) -> None:
            self.fresh = {**got, "seed": seed, "uniqueness": unique, "positions": positions,
                          "next": 0, "events": []}
            self._push_fresh()
        self._in_background(lambda store: fresh_set(got["target"], SET_SIZE, seed, unique),
                            lambda positions: f"{len(positions)} fresh positions of {got['target']}",
                            "Could not make the set", then=made)

    def _push_fresh(self) -> None:
        from ...engine.formats import to_braces
        from ...teaching.quiz import make_quiz
        fresh = self.fresh
        k, n = fresh["next"], len(fresh["positions"])
        p = fresh["positions"][k]
        fresh["next"] += 1
        total = make_quiz("find-all", p.technique, position=p.position.copy(),
                          uniqueness=fresh["uniqueness"]).size
        payload = {"position": to_braces(p.position), "title": f"{fresh['title']} ({k + 1}/{n})",
                   "hint_limit": fresh["hint_limit"], "quiz": "find-all", "target": p.technique,
                   "total": total, "uniqueness": fresh["uniqueness"],
                   "set": {"seed": fresh["seed"], "index": k + 1, "of": n, "source": p.source}}
        user, name = self.app.user, self.class_name

        def push(store):
            ev = events.push_event(store, name, "quiz", payload, user)
            fresh["events"].append(ev.id)
            return ev
        self._in_background(push, lambda ev: f"Pushed to class {name}: {ev.title}", "Could not push")

    def action_end_push(self) -> None:
        if not self.allowed:
            return
        board = self.board
        if board is None or board.event is None or not board.event.active:
            self.notify("Nothing is running.")
            return
        self._in_background(lambda store: events.end_event(store, self.class_name),
                            lambda ev: f"Ended: {ev.title if ev else board.event.title}",
                            "Could not end it")

    def action_reopen_push(self) -> None:
        """Run the last push again (ended by e, or by a server restart)."""
        if not self.allowed:
            return
        board = self.board
        if board is None or board.event is None or board.event.active:
            self.notify("There is no ended push to reopen." if board is None or board.event is None
                        else "The last push still runs.")
            return
        self._in_background(lambda store: events.reopen_event(store, self.class_name),
                            lambda ev: f"Reopened: {ev.title}" if ev else "Nothing to reopen.",
                            "Could not reopen it")
