"""Fewer bytes to the terminal: an output filter for Textual's frames.

Textual writes every styled run as `ESC[<whole style>m text ESC[0m`, so a
repaint of many small spans (the grid's cells after a cursor move) repeats a
full 24-bit foreground and background, a reset and a line feed for every
span.  `compress_frame` rewrites one write's worth of output so that it has
the same effect on the screen in fewer bytes:

* a reset followed (after nothing but cursor moves) by a new style becomes
  the difference between the old and the new style: nothing when they are
  equal, only the background when only the background changed, and so on
  (or `ESC[0;...m` when starting afresh is shorter);
* line feeds and carriage returns overridden by an absolute cursor move are
  dropped (Textual ends each updated line with a line feed).  This assumes
  such a line feed does not scroll the screen, which holds for Textual's
  full-screen frames: they write line feeds only between their own lines,
  never on the last row.  A line feed not followed by an absolute move is
  kept, with the reset before it.

Everything else passes through unchanged and in order, and a write ends in
the same terminal state as the original.  Nothing is assumed about the state
earlier writes left: the first reset of a write is always sent.
`compressing_driver(cls)` wraps a Textual driver class so that its `write`
applies the filter; TutorApp uses it for the terminal driver.  Set
SUDOKU_TUTOR_RAW_OUTPUT=1 to switch it off (e.g. to compare).

Input: `tolerant_input()` makes the terminal driver decode keys with
replacement, so a byte that is not UTF-8 (a Latin-1 terminal typing "ä")
becomes U+FFFD instead of ending the app with a traceback, and makes its
escape-sequence parser drop a sequence it chokes on (`ESC[99999999999~`
overflows Textual's key parser) instead of dying with it.
"""
from __future__ import annotations

import codecs
import functools
import os
import re

# every SGR; ones this filter does not model (e.g. `4:3`) make the state unknown
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
# nothing but cursor moves, line feeds and carriage returns
_MOVES = re.compile(r"(?:[\r\n]|\x1b\[[0-9]*(?:;[0-9]*)?[HfABCDG])*\Z")
# the last absolute cursor move, and any relative moves after it, to the end
_LAST_CUP = re.compile(r"\x1b\[[0-9]*(?:;[0-9]*)?[Hf](?:\x1b\[[0-9]*[ABCDG])*\Z")

# attribute codes that can be switched off one by one: code -> its "off" code
_OFF = {"1": "22", "2": "22", "3": "23", "4": "24", "21": "24", "7": "27", "9": "29"}
_ATTRS = frozenset({"1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53"})


class _Style:
    """A parsed SGR state: attribute codes, foreground and background codes."""
    __slots__ = ("attrs", "fg", "bg")

    def __init__(self, attrs: frozenset, fg: str | None, bg: str | None) -> None:
        self.attrs, self.fg, self.bg = attrs, fg, bg

    def codes(self) -> list[str]:
        out = sorted(self.attrs, key=int)
        if self.fg:
            out.append(self.fg)
        if self.bg:
            out.append(self.bg)
        return out


RESET = _Style(frozenset(), None, None)
_parsed: dict[str, _Style | None] = {}


def _parse(params: str) -> _Style | None:
    """The style an SGR sets *from the reset state*; None when it holds
    anything this filter does not model (then it is passed on untouched)."""
    if params in _parsed:
        return _parsed[params]
    parts = params.split(";") if params else []
    attrs: set[str] = set()
    fg = bg = None
    k = 0
    style: _Style | None
    try:
        while k < len(parts):
            p = parts[k]
            if p in _ATTRS:
                attrs.add(p)
                k += 1
            elif p in ("38", "48"):
                mode = parts[k + 1]
                n = 5 if mode == "2" else 3 if mode == "5" else 0
                if not n:
                    raise ValueError(params)
                code = ";".join(parts[k:k + n])
                if len(parts[k:k + n]) != n:
                    raise ValueError(params)
                if p == "38":
                    fg = code
                else:
                    bg = code
                k += n
            elif p.isdigit() and (30 <= int(p) <= 37 or 90 <= int(p) <= 97):
                fg = p
                k += 1
            elif p.isdigit() and (40 <= int(p) <= 47 or 100 <= int(p) <= 107):
                bg = p
                k += 1
            else:
                raise ValueError(params)
        style = _Style(frozenset(attrs), fg, bg)
    except (ValueError, IndexError):
        style = None
    if len(_parsed) < 4096:
        _parsed[params] = style
    return style


_transitions: dict[tuple[_Style, _Style], str] = {}


def _transition(old: _Style, new: _Style) -> str:
    """The shortest SGR taking the terminal from `old` to `new` ('' if none).
    Styles are shared objects (see _parse), so the answers are kept."""
    key = (old, new)
    got = _transitions.get(key)
    if got is None:
        got = _compute_transition(old, new)
        if len(_transitions) < 16384:
            _transitions[key] = got
    return got


def _compute_transition(old: _Style, new: _Style) -> str:
    fresh = "0;" + ";".join(new.codes()) if new.codes() else "0"
    codes: list[str] = []
    gone = old.attrs - new.attrs
    if any(a not in _OFF for a in gone):
        return f"\x1b[{fresh}m"
    offs = sorted({_OFF[a] for a in gone}, key=int)
    # an "off" code may clear a partner attribute the new style keeps (22: bold and dim)
    cleared = {a for a in old.attrs if _OFF.get(a) in offs}
    codes.extend(offs)
    codes.extend(sorted((new.attrs - old.attrs) | (new.attrs & cleared), key=int))
    if new.fg != old.fg:
        codes.append(new.fg or "39")
    if new.bg != old.bg:
        codes.append(new.bg or "49")
    if not codes:
        return ""
    diff = ";".join(codes)
    return f"\x1b[{diff if len(diff) <= len(fresh) else fresh}m"


def _moves_only(text: str) -> str | None:
    """`text` cut down to its effect when it holds only cursor moves (line
    feeds before an absolute move are dropped); None when it holds anything
    else, or a line feed that is not overridden (it could scroll)."""
    if not text:
        return ""
    if not _MOVES.match(text):
        return None
    last = _LAST_CUP.search(text)
    if last is not None:
        return last.group()
    return None if ("\n" in text or "\r" in text) else text


def compress_frame(data: str) -> str:
    """`data` with the same effect on the screen, in fewer bytes (see above)."""
    if "\x1b[0m" not in data:
        return data
    parts = _SGR.split(data)      # text, SGR params, text, SGR params, ..., text
    out = [parts[0]]
    emit = out.append
    # the terminal's attributes as far as this write knows them: None = unknown
    # (the state left by earlier writes is not assumed; the first reset fixes it)
    state: _Style | None = None
    pending = False               # a reset not written yet ...
    held = ""                     # ... and the text that followed it
    for k in range(1, len(parts), 2):
        params = parts[k]
        after = parts[k + 1]
        if params == "" or params == "0":
            if pending:
                emit("\x1b[0m")
                emit(held)
                state = RESET
            pending, held = True, after
            continue
        new = _parse(params)
        if pending:
            pending = False
            moves = _moves_only(held) if (new is not None and state is not None) else None
            if moves is not None:
                # reset + moves + style  ->  moves + the difference of the styles
                emit(moves)
                emit(_transition(state, new))
            else:
                emit("\x1b[0m")
                emit(held)
                emit(f"\x1b[{params}m")
            state = new
        else:
            emit(f"\x1b[{params}m")
            state = new if state is RESET else None       # SGRs add up
        emit(after)
    if pending:
        emit("\x1b[0m")
        emit(held)
    return "".join(out)


def enabled() -> bool:
    return os.environ.get("SUDOKU_TUTOR_RAW_OUTPUT") != "1"


def compressing_driver(driver_class: type) -> type:
    """A subclass of a Textual driver class whose `write` compresses frames."""
    if getattr(driver_class, "_sgr_compressing", False):
        return driver_class

    def write(self, data: str) -> None:
        driver_class.write(self, compress_frame(data))

    return type(f"Compressing{driver_class.__name__}", (driver_class,),
                {"write": write, "_sgr_compressing": True, "__module__": __name__})


def _tolerant_parser(base: type) -> type:
    """`base` (Textual's XTermParser) whose parse generator survives a
    sequence it cannot handle: the sequence is dropped and parsing starts
    afresh with the next character."""
    from textual._parser import ParseError

    def parse(self, token_callback):
        while True:
            try:
                return (yield from base.parse(self, token_callback))
            except ParseError:
                raise
            except Exception:           # noqa: BLE001 - bad input, not a bug of ours
                continue

    return type(f"Tolerant{base.__name__}", (base,), {"parse": parse, "__module__": __name__})


def tolerant_input() -> None:
    """Keys that are not UTF-8 arrive as U+FFFD instead of killing the app.

    Textual's Linux driver decodes its input with a strict incremental UTF-8
    decoder; one stray byte raises in the input thread and the app panics.
    The driver looks the decoder and its parser up by name in its module, so
    handing it a decoder that replaces bad bytes and a parser that drops bad
    sequences is enough (the classroom server also filters bad UTF-8 at the
    PTY, tutor/classroom/session.py)."""
    try:
        from textual.drivers import linux_driver
    except ImportError:                  # not on a POSIX terminal
        return
    if getattr(linux_driver.getincrementaldecoder, "_tolerant", False):
        return
    linux_driver.XTermParser = _tolerant_parser(linux_driver.XTermParser)

    def getincrementaldecoder(encoding: str):
        return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")

    getincrementaldecoder._tolerant = True          # type: ignore[attr-defined]
    linux_driver.getincrementaldecoder = getincrementaldecoder
