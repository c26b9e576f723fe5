"""What the command line tells the user when a command is used wrongly.

Here, below both `tutor/cli.py` and the commands it wires in from other
rooms (`tutor/classroom/commands.py`), so neither imports the other for it.
"""
from __future__ import annotations


class UsageError(Exception):
    """A problem with what the user typed; printed as one line."""
