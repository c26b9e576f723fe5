"""The key bar at the foot of every screen: Textual's Footer, rebuilt only
when the keys it shows change.

Textual's Footer rebuilds its key widgets whenever a screen's bindings may
have changed, which is at every move of the focus; most moves leave the
shown keys as they were.  Each rebuild mounts and styles a dozen widgets:
about a sixth of an app's start, and as much again for each screen opened.
"""
from __future__ import annotations

from textual.widgets import Footer


class KeyBar(Footer):
    """A Footer that skips a rebuild showing the same keys."""

    _shown: tuple | None = None

    def _keys_shown(self) -> tuple:
        """Everything `Footer.compose` reads from the screen and the app."""
        app = self.app
        keys = tuple((binding, enabled, tooltip, app.get_key_display(binding))
                     for _node, binding, enabled, tooltip in self.screen.active_bindings.values())
        return keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        shown = self._keys_shown()
        if shown == self._shown and self.children:
            return
        self._shown = shown
        await super().recompose()
