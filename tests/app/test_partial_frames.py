"""Partial frames rendered near what changed (tutor/app/partial_frames.py)
paint exactly what Textual's own partial frames paint.

Every partial frame of an app driven by seeded random keys at several sizes
is rendered both ways, from the same changed regions, and the bytes for the
terminal must paint the same cells the same way (Textual's may add a
cursor move to an empty piece at the edge of a change, which paints
nothing); and the way it saves work (boxes) is checked on
the regions of a real cursor move."""
from __future__ import annotations

import random

import pytest
from textual._compositor import Compositor
from textual.geometry import Region

from app_helpers import LOCKEDSET, make, settle
from test_random_keys import random_key
from test_terminal import Term
from tutor.app import partial_frames

SIZES = [(80, 24), (120, 40), (200, 60), (57, 24)]    # the last: the narrowest the grid takes


def test_boxes_hold_every_region_and_keep_far_ones_apart():
    column = [Region(33, y, 8, 3) for y in (2, 6, 10, 14, 18, 22, 26, 30, 34)]
    next_column = [Region(41, y, 8, 3) for y in (2, 6, 10, 14, 18, 22, 26, 30, 34)]
    status = Region(73, 1, 36, 1)
    got = partial_frames.boxes(column + next_column + [status])
    assert sorted(got, key=lambda b: b.x) == [Region(33, 2, 16, 35), status]
    assert all(any(box.contains_region(r) for box in got) for r in column + next_column + [status])
    # two cells far apart on the board stay two boxes; two touching ones make one
    assert len(partial_frames.boxes([Region(0, 0, 4, 2), Region(60, 30, 4, 2)])) == 2
    assert partial_frames.boxes([Region(0, 0, 4, 2), Region(4, 0, 4, 2)]) == [Region(0, 0, 8, 2)]


@pytest.mark.parametrize("size", SIZES)
async def test_partial_frames_paint_what_textual_paints(size, monkeypatch, store_path):
    assert partial_frames.install()
    ours = Compositor.render_partial_update
    textual = ours.textual
    compared, differ = [], []

    def both(self):
        dirty = sorted(self._dirty_regions)
        mine = ours(self)
        self._dirty_regions = set(dirty)
        theirs = textual(self)
        console = app.console
        a = mine.render_segments(console) if mine is not None else None
        b = theirs.render_segments(console) if theirs is not None else None
        compared.append(a)
        painted = [Term(*size).feed(frame or "").cells for frame in (a, b)]
        if painted[0] != painted[1]:
            differ.append((dirty, a, b))
        return mine

    both._boxed = True                  # the app's install() leaves it in place
    monkeypatch.setattr(Compositor, "render_partial_update", both)
    rng = random.Random(hash(size) % 1000)
    app = make(LOCKEDSET, store_path=store_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(60):
            await pilot.press(rng.choice(["up", "down", "left", "right", "right", "down"]))
        await pilot.press("H", "H", "tab", "right", "right")
        for _ in range(80):
            app.post_message(random_key(rng))
            await pilot.pause(0.01)
        await settle(pilot)
    assert len(compared) > 50 and any(compared)
    assert not differ, differ[0]
