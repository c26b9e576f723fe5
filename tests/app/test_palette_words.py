"""Issue 25, the second walk: every palette entry reads as a learner's
command with a plain help line: no screen ids ("Open: Practice / quiz —
screen 'quiz'"), no technique ids."""
from __future__ import annotations

import re

from app_helpers import EASY1, make, settle

from tutor.app.commands import _commands
from tutor.app.screens import SCREENS
from tutor.engine.registry import ladder

IDS = {t.id for t in ladder() if "-" in t.id} | set(SCREENS)


def _internal(text: str) -> list[str]:
    """Ids written as words of their own: 'screen 'quiz'', '(x-wing)'."""
    quoted = re.findall(r"['(]([a-z][a-z-]*)[')]", text)
    return [w for w in quoted if w in IDS] + (["screen"] if re.search(r"\bscreen '", text) else [])


async def test_every_palette_entry_reads_as_a_learners_command():
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        commands = _commands(app)
        assert len(commands) > 100
        for cmd in commands:
            assert cmd.help.strip(), cmd.title
            assert not cmd.title.startswith("Open:"), cmd.title
            assert not _internal(cmd.title) and not _internal(cmd.help), (cmd.title, cmd.help)
        titles = [c.title for c in commands]
        assert len(titles) == len(set(titles)), "an entry listed twice"
        assert "Practise with a quiz" in titles


async def test_no_two_palette_entries_read_the_same():
    """A family of one technique ('Franken fish') is offered as its
    technique only: 'Quiz: Find them all: Franken fish' beside '... Franken
    Fish' read as the same entry twice (found on a walk)."""
    app = make(EASY1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        titles = [cmd.title.lower() for cmd in _commands(app)]
        twice = sorted({t for t in titles if titles.count(t) > 1})
        assert not twice, twice[:10]
