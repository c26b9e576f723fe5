"""A real browser in the classroom: headless Chromium from Debian, driven by
Playwright (never a browser Playwright downloads).  A student logs in on the
page, sees the grid, moves, places a digit (it reaches her saved game), and a
teacher's page shows her online, joined from the web."""
from __future__ import annotations

import asyncio
import os
import time
import shutil
from pathlib import Path

import pytest

from classroom_helpers import PASSWORDS, group_alive, session_for, wait_until
from tutor.engine.exact import solve_position
from tutor.app.game import Game, read_saved_position
from tutor.engine.formats import parse_position
from tutor.store import Store

pytestmark = pytest.mark.browser

CHROMIUM = next((p for p in (os.environ.get("TUTOR_CHROMIUM"), shutil.which("chromium"),
                             "/usr/bin/chromium") if p and Path(p).is_file()), None)
if CHROMIUM is None:
    pytest.skip("no Chromium on this machine (apt-get install chromium; CI installs it): "
                "the real-browser test needs it", allow_module_level=True)
playwright_api = pytest.importorskip("playwright.async_api", reason="the playwright package is not installed")

# flags for a closed network: no background calls home, no sandbox as root
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SCREEN_TEXT = "document.querySelector('.xterm-rows') ? document.querySelector('.xterm-rows').innerText : ''"


async def screen_text(page) -> str:
    return await page.evaluate(SCREEN_TEXT)


async def wait_text(page, needle: str, timeout: float = 30.0) -> None:
    """Poll the screen's text (the page's CSP forbids wait_for_function's eval)."""
    deadline = time.monotonic() + timeout
    while needle not in await screen_text(page):
        if time.monotonic() > deadline:
            raise AssertionError(f"{needle!r} not on the page within {timeout} s; it shows:\n"
                                 f"{await screen_text(page)}")
        await asyncio.sleep(0.1)


async def log_in(browser, room, user, width=1400, height=900):
    context = await browser.new_context(viewport={"width": width, "height": height})
    page = await context.new_page()
    page.on("dialog", lambda d: d.accept())
    await page.goto(f"http://127.0.0.1:{room.web.port}/")
    await page.fill("input[name=name]", user)
    await page.fill("input[name=password]", PASSWORDS[user])
    await page.click("button[type=submit]")
    await page.wait_for_url("**/class")
    return context, page


async def test_a_student_plays_in_chromium_and_the_teacher_sees_her(start_server, tmp_path):
    db = str(tmp_path / "progress.db")
    store = Store.open(db)
    rec = Game.from_text(PUZZLE, name="browser test").to_record()    # a known game to resume
    store.save_game("alice", rec["puzzle_name"], rec["givens"], rec["position_text"], rec["history"])
    solution = solve_position(parse_position(PUZZLE))[1]
    room = await start_server(fake=False, db_url=db, web_port=0)
    async with playwright_api.async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            _, student = await log_in(browser, room, "alice")
            await wait_text(student, "Welcome back: resumed browser test", 60)
            assert await student.evaluate("window.tutorSocket.readyState") == 1
            # the bundled fonts hold every glyph the app draws, the rarer ones included
            faces = await student.evaluate("""async () => (await document.fonts.load(
                '15px "Tutor Mono"', 'r5c5 ⭘⭑Ⅰ🔎')).length""")
            assert faces == 4
            await wait_text(student, "r5c5")                        # the cursor starts mid-grid
            await student.keyboard.press("ArrowRight")
            await wait_text(student, "r5c6")
            await student.keyboard.press("ArrowRight")               # r5c7 is empty in PUZZLE
            await wait_text(student, "r5c7")
            target = 4 * 9 + 6
            assert PUZZLE[target] == "0"
            digit = solution[target]
            await student.keyboard.press(str(digit))

            def placed():
                game = store.load_game("alice")
                return game is not None and read_saved_position(game.position).values[target] == digit
            assert await wait_until(placed, 15), store.load_game("alice")

            # a click on r1c1 moves the cursor there (mouse reports reach the app)
            box = await student.evaluate("""() => {
                const r = document.querySelector('.xterm-screen').getBoundingClientRect();
                return [r.x, r.y, r.width / tutorTerm.cols, r.height / tutorTerm.rows]; }""")
            x0, y0, cell_w, cell_h = box
            await student.mouse.click(x0 + 5.5 * cell_w, y0 + 3.5 * cell_h)
            await wait_text(student, "r1c1 ")
            # a smaller window: the terminal is fitted again and the app gets the new size
            cols = await student.evaluate("tutorTerm.cols")
            await student.set_viewport_size({"width": 1000, "height": 700})
            assert await wait_until(lambda: session_for(room, "alice").size[0] < cols, 10)
            await wait_text(student, "r1c1 ")

            # a reload is a reconnect: a new session takes over and resumes the game
            first = session_for(room, "alice").proc.pid
            await student.reload()
            await wait_text(student, "Welcome back: resumed browser test", 60)
            assert session_for(room, "alice").proc.pid != first
            assert not group_alive(first) and placed()

            _, teacher = await log_in(browser, room, "mrs-b", width=1600, height=900)
            await wait_text(teacher, "teacher view", 60)
            await wait_text(teacher, "● alice · web", 30)
            shots = os.environ.get("TUTOR_BROWSER_SHOTS")       # a folder to look at the pages in
            if shots:
                await student.screenshot(path=str(Path(shots) / "student.png"))
                await teacher.screenshot(path=str(Path(shots) / "teacher.png"))
        finally:
            await browser.close()
    store.close()
