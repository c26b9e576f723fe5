"""What a careless or hostile student can send into a served session: bytes
that are not UTF-8, random keys and escape sequences, Textual's own palette
commands.  The app must go on answering, and nothing a student does may
write a file on the server (except through the store)."""
from __future__ import annotations

import asyncio
import os
import random

import pytest

from classroom_helpers import connect, open_terminal, session_for

READY = "Press ? for help"


def _files(root) -> set[str]:
    out = set()
    for dirpath, _, names in os.walk(root):
        for n in names:
            out.add(os.path.join(dirpath, n))
    return out


async def _alive_and_answering(screen, session) -> None:
    """The app process runs, and a key still changes the screen."""
    assert session.proc.returncode is None, screen.text[-800:]
    assert "Traceback" not in screen.text
    screen.raw.clear()
    cols, rows = session.size[:2]
    screen.proc.change_terminal_size(cols + 1, rows)  # the app repaints the whole screen
    # every screen's footer says ^p palette; a flood of keys may take a while to work through
    await screen.wait_for("palette", timeout=90)
    assert session.proc.returncode is None


async def test_invalid_utf8_does_not_kill_the_app(start_server, tmp_path, monkeypatch):
    room = await start_server(fake=False)
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=32)
        await screen.wait_for(READY, timeout=30)
        s = session_for(room, "alice")
        # a Latin-1 terminal typing "ä", a lone continuation byte, a cut sequence, an overlong one
        for junk in (b"\xe4", b"\x80", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xff\xfe"):
            screen.send(junk)
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        await _alive_and_answering(screen, s)


def _fuzz_keys(rng: random.Random, n: int) -> list[bytes]:
    """Random bytes, control keys and escape sequences (never the quit keys)."""
    seqs = [b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1bOP", b"\x1b[15~", b"\x1b[200~",
            b"\x1b[201~", b"\x1b[<0;10;5M", b"\x1b[<0;10;5m", b"\x1b[<64;3;3M", b"\x1b[M   ",
            b"\x1b[I", b"\x1b[O", b"\x1b]52;c;aGVsbG8=\x07", b"\x1bP+q544e\x1b\\", b"\x1b[?1;2c",
            b"\x1b[999;999R", b"\x1b[<0;99999999999999999999;5M", b"\x1b[<35;-1;0M", b"\x1b[1;5A",
            b"\x1b[27;5;9~", b"\x1b[9999999999999999999~",
            b"\x1b[" + b"1;" * 200 + b"m", b"\x1b\x1b", b"\x1b[<", b"\t", b"\r", b"\x7f", b"\x10"]
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.35:
            out.append(rng.choice(seqs))
        elif r < 0.55:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6))))
        else:
            out.append(rng.choice(b"123456789abcdfhjklmnpsuxzAHLQTX0 .,#<>=rc[]/\x1b\x15\x0e\x07")
                       .to_bytes(1, "big"))
    quit_keys = (b"q", b"\x11")                       # q and ctrl+q end the session on purpose
    return [b"".join(bytes([c]) for c in k if bytes([c]) not in quit_keys) for k in out]


@pytest.mark.slow
async def test_fuzz_of_random_keys_leaves_the_app_answering(start_server, tmp_path, monkeypatch):
    home = tmp_path / "server-home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    room = await start_server(fake=False)
    before = _files(home) | _files(os.getcwd())
    async with await connect(room, "alice") as conn:
        screen = await open_terminal(conn, cols=100, rows=32)
        await screen.wait_for(READY, timeout=30)
        s = session_for(room, "alice")
        rng = random.Random(int(os.environ.get("TUTOR_FUZZ_SEED", 14)))    # another seed: try it
        keys = _fuzz_keys(rng, 3000)
        for k in range(0, len(keys), 40):               # about 1.5 KB/s, under the input limit
            screen.send(b"".join(keys[k:k + 40]))
            await asyncio.sleep(0.1)
            # keep reading so the server never has to hold output back
            try:
                screen.raw += await asyncio.wait_for(screen.proc.stdout.read(1 << 20), 0.01)
            except asyncio.TimeoutError:
                pass
            assert s.proc.returncode is None, (k, b"".join(keys[max(0, k - 80):k + 40]))
        await asyncio.sleep(1.0)
        await _alive_and_answering(screen, s)
        # Textual's own palette commands are not there: "Screenshot" writes nothing
        screen.send("\x1b\x1b\x1b")
        await asyncio.sleep(0.3)
        screen.send("\x10")                           # ctrl+p
        await asyncio.sleep(0.5)
        screen.send("Screenshot")
        await asyncio.sleep(0.5)
        screen.send("\r")
        await asyncio.sleep(1.0)
        try:
            screen.raw += await asyncio.wait_for(screen.proc.stdout.read(1 << 20), 0.5)
        except asyncio.TimeoutError:
            pass
        assert session_for(room, "alice") is s and s.proc.returncode is None, screen.text[-3000:]
    after = _files(home) | _files(os.getcwd())
    new = {f for f in after - before if "__pycache__" not in f and ".pytest" not in f}
    assert not new, new


@pytest.mark.slow
async def test_a_served_app_offers_only_the_tutors_commands(db):
    """In a served session Textual's own palette commands (Screenshot, Theme,
    Keys, Quit...) are gone, and the export dialog saves no file."""
    from textual.command import CommandPalette

    from tutor.app import make_app
    from tutor.app.commands import TutorCommands
    app = make_app(save=False, user="alice", role="student", class_name="5B")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        assert app.COMMANDS == {TutorCommands}
        assert list(app.get_system_commands(app.screen)) == []
        app.action_screenshot()
        assert app.deliver_screenshot() is None
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert CommandPalette.is_open(app)
        await pilot.press(*"screenshot")
        await pilot.pause(0.5)
        shown = app.export_screenshot()
        assert "Save an SVG" not in shown
        await pilot.press("escape")
        await pilot.pause(0.2)
        await pilot.press("e")                        # the export dialog: copy buttons only
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "ExportDialog"
        assert not app.screen.query("#save")
    local = make_app(save=False)                      # the ordinary app keeps them
    async with local.run_test(size=(120, 36)) as pilot:
        await pilot.pause(0.2)
        assert any(c.title == "Screenshot" for c in local.get_system_commands(local.screen))


async def test_palette_search_is_linear_and_shows_titles_as_text():
    from tutor.app.commands import MAX_QUERY, match
    assert match("scr", "Steps: Screenshot")[1] == [7, 8, 9]
    assert match("pzl", "Puzzle: easy #1")[1] == [0, 2, 4]
    assert match("zzz", "Puzzle: easy #1") is None
    assert match("p" * (MAX_QUERY + 1), "p" * 100) is None
