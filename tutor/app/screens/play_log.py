"""The play screen's words: the Log tab, and the latest of it shown under
the status line while another tab (the Lesson, the Steps) is in front, so a
hint or a verdict is seen where the learner is looking."""
from __future__ import annotations

import re

from rich.text import Text
from textual.widgets import RichLog, Static

LOG_STYLES = {"info": "", "ok": "bold green", "bad": "bold red", "warn": "bold yellow",
              "hint": "cyan", "verdict": "bold", "undo": ""}
LOG_KEEP = 500           # log lines kept to wrap again (the oldest go first)
LATEST_NOTES = 2         # plain notes shown after the latest hint or verdict

# a chain's link between two nodes: '(5=9)r1c7-(9=2)r1c5' links at '-' (a cell or
# group name's last digit, the link, the next node's opening bracket)
_LINK = re.compile(r"(?<=\d)([-=])(?=\()")


def breakable(text: str) -> str:
    """The text with spaces around a chain's links, so a narrow panel wraps
    it between nodes ('(5=9)r1c7 - (9=2)r1c5'), never inside a cell name."""
    return _LINK.sub(r" \1 ", text)


class PlayLog(RichLog):
    """The Log tab.  A RichLog wraps a line once, at the width it has when
    the line is written: a line written while the tab is hidden would stay
    wrapped at the minimum width.  This log keeps its lines and wraps them
    again whenever its width changes."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list[Text] = []
        self._wrapped_at = 0            # the width the shown lines were wrapped to; 0: none

    def add(self, text: Text) -> None:
        self.entries.append(text)
        if len(self.entries) > LOG_KEEP:
            del self.entries[:len(self.entries) - LOG_KEEP]
        if self.size.width and self._wrapped_at == self.size.width:
            self.write(text)
        else:
            self._wrapped_at = 0        # hidden: wrap everything once it is shown

    def on_resize(self, event) -> None:
        width = event.size.width
        if width and width != self._wrapped_at:
            self._wrapped_at = width
            self.clear()
            for text in self.entries:
                self.write(text)


class LatestLines(Static):
    """The last hint, verdict, warning or undo, and up to LATEST_NOTES plain notes
    that came after it; with none of those yet, the last note alone."""

    def __init__(self, **kwargs) -> None:
        super().__init__(Text(""), **kwargs)
        self.entries: list[tuple[Text, str]] = []      # (line, kind)

    @property
    def lines(self) -> list[str]:
        """The lines shown, as plain text (tests read them)."""
        return [text.plain for text, _ in self.entries]

    def add(self, text: Text, kind: str) -> None:
        if kind != "info" or not self.entries or self.entries[0][1] == "info":
            self.entries = [(text, kind)]
        else:
            self.entries = self.entries[:1] + (self.entries[1:] + [(text, kind)])[-LATEST_NOTES:]
        self.update(Text("\n").join(t for t, _ in self.entries))

    def clear(self) -> None:
        self.entries = []
        self.update(Text(""))
