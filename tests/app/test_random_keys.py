"""Random keys at random terminal sizes (issue 28): no key, at any size,
may end the app.  Seeded, so a failure names the run that reproduces it.

The app is not served here, so any error inside it fails the test (a served
app would report it and carry on).  Keys arrive in bursts, as from a
terminal read, with pauses between, and the terminal is resized now and
then (down to 10x3)."""
from __future__ import annotations

import random

import pytest
from textual import events
from textual.worker import WorkerCancelled

from app_helpers import EASY1, make

SEED = 2028
RUNS = 8
KEYS_PER_RUN = 120

# every key the screens bind and then some; never the quit keys (q, ctrl+q)
NAMED = ["up", "down", "left", "right", "pageup", "pagedown", "home", "end", "tab", "shift+tab",
         "escape", "enter", "backspace", "delete", "space", "ctrl+p", "ctrl+g", "ctrl+n", "ctrl+z",
         "ctrl+y", "ctrl+r", "ctrl+t", "ctrl+w", "ctrl+u", "ctrl+a", "ctrl+e", "f1", "insert"]
PRINTABLE = list("123456789abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0 .,#<>=/?![]{}")
SIZES = [(10, 3), (20, 6), (30, 8), (40, 12), (80, 24), (120, 40), (200, 60)]


def random_key(rng: random.Random) -> events.Key:
    if rng.random() < 0.45:
        name = rng.choice(NAMED)
        return events.Key(name, "\r" if name == "enter" else "\t" if name == "tab" else None)
    ch = rng.choice(PRINTABLE)
    from textual.keys import _character_to_key
    return events.Key(_character_to_key(ch), ch)


@pytest.mark.parametrize("run", range(RUNS))
async def test_random_keys_at_random_sizes_never_end_the_app(run, store_path):
    rng = random.Random(SEED * 1000 + run)
    size = rng.choice(SIZES) if run % 2 else (rng.randrange(10, 201), rng.randrange(3, 61))
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        sent = 0
        while sent < KEYS_PER_RUN:
            for _ in range(rng.randrange(1, 12)):          # one read's worth of keys
                app.post_message(random_key(rng))
                sent += 1
            await pilot.pause(0.02 if rng.random() < 0.8 else 0.2)
            if rng.random() < 0.08:
                await pilot.resize_terminal(*rng.choice(SIZES))
            assert app.is_running, f"run {run} (size {size}): the app ended after {sent} keys"
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:                 # an exclusive worker replaced by a newer one
            pass
        await pilot.pause()
        assert app.is_running and app.screen is not None
        assert not app.internal_errors


async def test_page_keys_in_a_list_with_no_room():
    """PageUp/PageDown in an option list with no room to show a line (the
    palette, the puzzle picker and the lesson list at 10x3): Textual's
    OptionList raised KeyError: 0.  The app now covers sizes this small with
    a notice (screens/too_small.py), so the guard is tried on a list alone."""
    from textual.app import App
    from textual.widgets import OptionList

    from tutor.app import guards

    class Listing(App):
        CSS = "OptionList { height: 100%; }"

        def compose(self):
            yield OptionList(*[f"puzzle {k}" for k in range(40)])

    guards.guard_option_list_paging()
    for size in ((10, 1), (5, 2), (20, 6)):             # no line of room, then some
        app = Listing()
        async with app.run_test(size=size) as pilot:
            listing = app.query_one(OptionList)
            listing.focus()
            await pilot.pause()
            for key in ("pagedown", "pageup", "pagedown", "down"):
                await pilot.press(key)
            await pilot.pause()
            assert app.is_running, size
            assert listing.highlighted is not None and listing.highlighted > 0, size


async def test_a_key_still_queued_when_the_screens_are_closed_is_dropped(store_path):
    """Keys posted in a burst can still wait in the queue when the app shuts
    down and closes its screens (seen with a busy machine): Textual then
    raised ScreenStackError for the key."""
    app = make(EASY1, store_path=store_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        stacks = app._screen_stacks
        saved = stacks[app._current_mode]
        stacks[app._current_mode] = []                   # as during the shutdown
        try:
            await app.on_event(events.Key("right", None))
        finally:
            stacks[app._current_mode] = saved
        assert app.is_running
