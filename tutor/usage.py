"""What the command line tells the user when a command is used wrongly.

Here, below both `tutor/cli.py` and the commands it wires in from other
rooms (`tutor/classroom/commands.py`), so neither imports the other for it.
"""
from __future__ import annotations

import argparse


class UsageError(Exception):
    """A problem with what the user typed; printed as one line."""


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser whose errors are one line (a UsageError for the
    caller to print), not a usage block and an exit."""

    def error(self, message: str):
        command = self.prog.removeprefix("sudoku-tutor").strip()
        raise UsageError(f"{command + ': ' if command else ''}{message} (see `{self.prog} --help`)")


def one_line(text: str, limit: int = 1000) -> str:
    """`text` as one bounded line: line breaks and other control characters
    escaped (`\\n`), anything past `limit` characters cut with `…`."""
    out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[:limit + 1])
    return out[:limit] + "…" if len(out) > limit else out
