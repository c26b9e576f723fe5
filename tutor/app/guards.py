"""No key, at any terminal size, may end a session: guards around Textual.

* `guard_option_list_paging()`: Textual 8.2's `OptionList._move_page`
  (PageUp/PageDown in the command palette, the puzzle picker, the lesson
  list) looks the highlighted option up in the list's line map, which is
  empty while the list has no room to lay out a line (a 10x3 or 20x6
  terminal): `KeyError: 0`.  Guarded, such a page move moves one option.
  Reported upstream as: "OptionList: PageUp/PageDown raise KeyError in
  `_move_page` when the list has no rendered lines (`_index_to_line` is
  empty at a tiny size); expected: move the highlight, or nothing".
* `keep_pumps_alive()`: in Textual an exception in a message handler ends
  the message loop of the widget (or app) that ran it, after reporting it.
  A served app (one student's session, see TutorApp._handle_exception)
  reports and carries on, but the loop that raised was gone: the palette
  that hit the KeyError above answered nothing more, and when the app's own
  loop raised (a binding's action runs there) the session answered no key
  at all.  For a served app the handler's error is reported and the loop
  goes on with the next message.  Apps that are not served raise as before.
"""
from __future__ import annotations

import asyncio


def guard_option_list_paging() -> None:
    from textual.widgets import OptionList
    original = OptionList._move_page
    if getattr(original, "_guarded", False):
        return

    def _move_page(self, direction) -> None:
        if self.highlighted is not None and self.highlighted not in self._index_to_line:
            if direction > 0:
                self.action_cursor_down()
            else:
                self.action_cursor_up()
            return
        original(self, direction)

    _move_page._guarded = True                  # type: ignore[attr-defined]
    OptionList._move_page = _move_page


def keep_pumps_alive() -> None:
    from textual.message_pump import MessagePump
    original = MessagePump._dispatch_message
    if getattr(original, "_guarded", False):
        return

    async def _dispatch_message(self, message):
        try:
            return await original(self, message)
        except asyncio.CancelledError:
            raise
        except Exception as error:              # noqa: BLE001 - reported, see above
            app = _app_of(self)
            if not getattr(app, "served", False):
                raise
            app._handle_exception(error)
            return None

    _dispatch_message._guarded = True           # type: ignore[attr-defined]
    MessagePump._dispatch_message = _dispatch_message


def _app_of(pump):
    try:
        return pump.app
    except Exception:                           # noqa: BLE001 - no app: nothing to keep alive
        return None
