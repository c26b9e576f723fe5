"""Issue 25, the second walk: at 80x24 a verdict's chain wraps between its
nodes, never inside a node or a cell name ('r1c' / '7')."""
from __future__ import annotations

import re

from textual.widgets import Static

from app_helpers import make, settle
from test_chain_display import XY_CHAIN, XY_POSITION
from test_claims_hints import mark

from tutor.app.screens.play_log import PlayLog, breakable

NODES = re.findall(r"\(\d=\d\)r\dc\d", XY_CHAIN)     # each whole on one line
CUT = re.compile(r"(?<![a-z])r[1-9]*c?$")          # a line ending inside a cell name


def test_a_chain_gets_break_points_between_its_nodes_only():
    assert breakable(f"by XY-Chain {XY_CHAIN}.") == \
        "by XY-Chain (5=9)r1c7 - (9=2)r1c5 - (2=6)r1c1 - (6=5)r3c2."
    for plain in ("r1c2=7, r6c9<>5", "Claim: r1c3<>5 by xy-chain", "(5=9)r1c7"):
        assert breakable(plain) == plain


async def test_a_chain_verdict_wraps_between_nodes_at_80x24():
    app = make(XY_POSITION)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        play = app.play
        await mark(pilot, app, "r1c3", 5)
        play.action_submit(by="xy-chain")          # (Enter names the simplest: a wing)
        await settle(pilot, 6)
        verdict = next(line for line in play.log_lines if line.startswith("✔"))
        assert XY_CHAIN in verdict, verdict
        play.show_tab("log")
        await settle(pilot)
        log = play.query_one("#log-view", PlayLog)
        shown = [strip.text.rstrip() for strip in log.lines]
        assert any("r1c7" in line for line in shown), shown
        for line in shown:
            assert not CUT.search(line), (line, shown)
        for node in NODES:
            assert any(node in line for line in shown), (node, shown)
        play.show_tab("lesson")                    # another tab: the latest lines show it
        await settle(pilot)
        latest = play.query_one("#latest", Static)
        shown = [latest.render_line(y).text.rstrip() for y in range(latest.size.height)]
        assert any("r1c7" in line for line in shown), shown
        for line in shown:
            assert not CUT.search(line), (line, shown)
        for node in NODES:
            assert any(node in line for line in shown), (node, shown)
