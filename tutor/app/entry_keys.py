"""Every Enter in an entry line is an entry, however the bytes arrive.

Textual hands each key to the focused widget.  An Input takes the printable
ones in its own message queue, but not Enter: that one bubbles up, queue by
queue (the Input, its containers, the screen, the app), and only at the app
does the Input's `enter` binding run and post `Input.Submitted`, which then
travels to the screen's handler.  Keys that arrive in one read of the
terminal (a paste without bracketed-paste mode: `r6c45 #38\\rr8c79 #57\\r`)
are all in the app's queue at once, so the app forwards the second entry's
keys to the Input while the first Enter is still on its way: the Input holds
`r6c45 #38r8c79 #57` when it submits, twice.  A bracketed paste into an
Input keeps only its first line, and never submits.

`submit_in_order` takes an Enter that reaches the app for a focused Input
in order instead: with the app's queue held, it waits until the keys before
it are in the Input, runs the app's key handling for it (the bindings: the
Input's posts `Submitted`) and waits until the screen has handled that (read
and cleared the line); then the app goes on with the next key.  The Enter
does not first bubble through the Input's containers and screen: stock
Textual containers and screens take no key of their own, and this app's
screens use bindings.  `paste_lines` turns a paste holding line breaks into
its lines, each but the last followed by an Enter.  The waits are bounded
(STEP_TIMEOUT): a handler that never finishes holds input back for a
moment, never for good.
"""
from __future__ import annotations

import asyncio
import re

from textual import events
from textual.widgets import Input

STEP_TIMEOUT = 5.0      # seconds one queue may take to handle what came before
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def wants_order(app, event) -> bool:
    """An Enter or a paste with line breaks, from the terminal, for an Input."""
    if event.is_forwarded or not isinstance(app.focused, Input):
        return False
    if isinstance(event, events.Key):
        return event.key == "enter"
    return isinstance(event, events.Paste) and bool(_LINE_BREAK.search(event.text))


async def _drain(node) -> None:
    """Wait until `node` has handled every message it holds now (a callback
    queued behind them has run)."""
    reached = asyncio.get_running_loop().create_future()
    if not node.call_later(lambda: reached.done() or reached.set_result(None)):
        return                                # closing: it handles nothing more
    try:
        await asyncio.wait_for(reached, STEP_TIMEOUT)
    except asyncio.TimeoutError:
        pass


def _chain(entry) -> list:
    """The entry and the nodes a message of it bubbles through to its screen."""
    nodes = [entry]
    for node in entry.ancestors:
        if node is entry.app:
            break
        nodes.append(node)
    return nodes


async def submit_in_order(app, event: events.Key, run_key) -> None:
    """The Enter for the focused Input, in order with the keys around it;
    `run_key(event)` is the app's own key handling (bindings, key methods)."""
    await _drain(app.focused)                 # the keys typed before it are in
    if await app._check_bindings(event.key, priority=True):
        return
    chain = _chain(app.focused)
    await run_key(event)                      # the entry's binding posts Submitted ...
    for node in chain:                        # ... and its screen handles it
        await _drain(node)


async def paste_lines(app, event: events.Paste, run_key) -> None:
    """A paste with line breaks into the focused Input: each line is pasted,
    and each line break is an Enter."""
    lines = _LINE_BREAK.split(event.text)
    for k, line in enumerate(lines):
        entry = app.focused
        if not isinstance(entry, Input):
            return
        if line:
            entry._forward_event(events.Paste(line))
        if k < len(lines) - 1:
            await submit_in_order(app, events.Key("enter", "\r"), run_key)
