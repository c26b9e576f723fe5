"""Issue 28: every Enter is an entry, however the bytes arrive; and a
served app that hits an error keeps answering keys.

Keys that a terminal delivers in one read reach the app all at once; the
tests post them the same way (no waiting between them), as the terminal
driver does."""
from __future__ import annotations

from textual import events
from textual.keys import _character_to_key

from app_helpers import EASY1, make, settle
from pilot_helpers import until

PASTE = "r6c45 #38\rr8c79 #57\r"


def keys_of(text: str) -> list[events.Key]:
    return [events.Key("enter", "\r") if ch == "\r" else events.Key(_character_to_key(ch), ch)
            for ch in text]


def counter(screen) -> str:
    return str(screen.query_one("#quiz-counter").render())


async def _quiz(pilot):
    await settle(pilot)
    screen = pilot.app.screen
    screen.entry.focus()
    await pilot.pause()
    return screen


async def test_two_entries_in_one_read_are_two_entries(store_path):
    app = make(EASY1, store_path=store_path, start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await _quiz(pilot)
        for key in keys_of(PASTE):              # one read: no pause between the keys
            app.post_message(key)
        assert await until(pilot, lambda: counter(screen).startswith("found 2/25"), 10), counter(screen)
        assert "wrong" not in counter(screen)
        assert screen.log_lines[-1] == "found 2/25: Hidden Pair r8c79 #57"
        assert screen.entry.value == ""


async def test_a_pasted_block_of_entries_is_one_entry_a_line(store_path):
    app = make(EASY1, store_path=store_path, start_screen="quiz", start_args={"target": "locked-set"})
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await _quiz(pilot)
        app.post_message(events.Paste("r6c45 #38\nr8c79 #57\r\nLocked Quartet r8c1368 #2389\nr4c"))
        assert await until(pilot, lambda: counter(screen).startswith("found 3/25"), 10), counter(screen)
        assert "wrong" not in counter(screen)
        assert screen.entry.value == "r4c"          # the last line waits for its Enter


async def test_a_served_app_answers_keys_after_an_error_in_an_action(store_path, monkeypatch):
    """An action that raises in a served app: the app reports it in the Log
    and still answers the next key (the app's message loop ended before)."""
    from tutor.app.screens.play import PlayScreen
    calls = []

    def broken(self):
        calls.append(1)
        raise KeyError(0)

    app = make(EASY1, store_path=store_path, role="student", class_name="5B")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(PlayScreen, "action_hint", broken)           # H
        await pilot.press("H")
        await pilot.pause(0.2)
        assert calls and app.internal_errors == ["KeyError: 0"]
        await pilot.press("question_mark")
        assert await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", 5), app.screen
