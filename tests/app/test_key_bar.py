"""The key bar (widgets/footer.py): rebuilt when the keys it shows change,
left alone when a focus move keeps them."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tutor.app.widgets.footer import KeyBar


class Plain(Button):
    pass


class WithHint(Button):
    BINDINGS = [Binding("h", "hint", "Hint")]


class Bar(App):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Plain("one", id="one")
        yield Plain("two", id="two")
        yield WithHint("three", id="three")
        yield KeyBar()


def _keys(app) -> list:
    return list(app.screen.query(FooterKey))


async def test_a_focus_move_that_keeps_the_keys_keeps_the_bar_and_one_that_changes_them_rebuilds_it():
    app = Bar()
    async with app.run_test(size=(60, 10)) as pilot:
        app.set_focus(app.query_one("#one"))
        await pilot.pause()
        before = _keys(app)
        assert [k.description for k in before] == ["Quit"]
        app.set_focus(app.query_one("#two"))          # the same keys: the same widgets
        await pilot.pause()
        assert _keys(app) == before and all(a is b for a, b in zip(_keys(app), before))
        app.set_focus(app.query_one("#three"))        # a key more: rebuilt
        await pilot.pause()
        assert sorted(k.description for k in _keys(app)) == ["Hint", "Quit"]
        app.set_focus(app.query_one("#one"))          # and back
        await pilot.pause()
        assert [k.description for k in _keys(app)] == ["Quit"]
