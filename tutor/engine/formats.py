"""Reading and writing positions: 81-char givens, brace grids, HoDoKu PM grids.

Every reader raises PositionError with a one-line message naming the place
of the problem; none of them lets a traceback reach the user.

What each format can tell, and how a position reads back:

* 81-char givens hold digits only: they read back to the same position when
  its candidates are every digit no placed peer allows (a fresh puzzle).
* Given or placed: a digit written `+5` was placed while solving, a bare `5`
  is a given (HoDoKu's library format marks placed digits the same way).
  Every reader takes the mark; the brace grid writes it.  The 81-char line
  and the PM grid are written without it, as other programs read them (so a
  placed digit reads back as a given there).  Uniqueness arguments need the
  difference: a given never takes part in a deadly pattern's swap.
* A brace grid writes a given bare, a placed digit as `+5` and an unsolved
  cell's candidates in braces, so `{5}` (one candidate, not placed) and `5`
  differ.
* A PM grid is read as HoDoKu reads it: a cell of one digit is a placed
  digit, a group of digits is an unsolved cell's candidates.  HoDoKu's own
  grid therefore cannot hold an unsolved cell with one candidate; we write
  one in braces, `{5}`, and read braces as candidates (`{5}`, `{38}`).
* In both grids `.` is an unsolved cell whose candidates were never
  written: it reads as every digit no placed peer holds.  The writers use it
  for a cell left without candidates (a learner pencilling by hand).
"""
from __future__ import annotations

import os
import re

from .grid import CELLS, HOUSES, MASK_DIGITS, cell_name, house_name, mask_of
from .position import Position, PositionError, to_braces  # noqa: F401  (to_braces: a format too)

FORMATS = ("givens", "braces", "pm")

# The largest text read as one position.  A pencil-mark grid, the longest
# format, is under 1 KB; anything past this is refused before it is parsed
# (a 74 MB grid would otherwise take seconds and hundreds of MB).
MAX_POSITION_BYTES = 1_000_000


def size_text(n: int) -> str:
    """'74.0 MB', '1.2 MB', '900 bytes'."""
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n} bytes"


def too_large(what: str, n: int | None = None) -> PositionError:
    """The one line for an input past MAX_POSITION_BYTES (n: its size, when known)."""
    size = f"is {size_text(n)}" if n is not None else f"is over {size_text(MAX_POSITION_BYTES)}"
    return PositionError(f"{what} {size}; a position is at most "
                         f"{size_text(MAX_POSITION_BYTES)}, so it is not read")


def read_limited(stream, what: str = "the input") -> str:
    """Read a stream, refusing (PositionError) more than one position's worth
    without reading the rest, or bytes that are not UTF-8.  A text stream is
    read through its bytes where it has them (standard input)."""
    raw = getattr(stream, "buffer", stream)
    data = raw.read(MAX_POSITION_BYTES + 1)
    if len(data) > MAX_POSITION_BYTES:
        raise too_large(what)
    return decode_text(data, what) if isinstance(data, bytes) else data


def decode_text(data: bytes, what: str) -> str:
    """`data` as UTF-8 text, or one line saying where it is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        where = f" on line {line}" if b"\n" in data.rstrip() else ""
        raise PositionError(f"{what} is not UTF-8 text (byte 0x{data[e.start]:02x}{where})") from None


def without_comments(text: str) -> str:
    """A position file's text without its `#` comment lines."""
    if "#" not in text:
        return text
    return "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))


def _where(index: int) -> str:
    return cell_name(index) if 0 <= index < 81 else f"cell {index + 1}"


# ------------------------------------------------------------------ givens

def parse_givens(text: str) -> Position:
    chars = [ch for ch in text if not ch.isspace()]
    values: list[int] = []
    placed: set[int] = set()          # cells whose digit was marked `+`: not givens
    mark = False
    for ch in chars:
        if mark and ch not in "123456789":
            raise PositionError(f"'+' at {_where(len(values))} must come before a digit")
        if ch == "+":
            mark = True
            continue
        if ch in ".0":
            values.append(0)
        elif ch in "123456789":
            if mark:
                placed.add(len(values))
                mark = False
            values.append(int(ch))
        else:
            raise PositionError(f"unknown character '{ch}' at {_where(len(values))} "
                                f"(use 1-9 for a digit and . or 0 for an empty cell)")
    if mark:
        raise PositionError("'+' at the end must come before a digit")
    if len(values) != 81:
        raise PositionError(f"a puzzle needs 81 cells, this one has {len(values)}")
    pos = Position.from_values(values, [v != 0 and k not in placed for k, v in enumerate(values)])
    _check_values(pos)
    return pos


def to_givens(pos: Position, placed: bool = True) -> str:
    """81 chars; with placed=False only the givens are written."""
    return "".join(
        str(v) if v and (placed or g) else "." for v, g in zip(pos.values, pos.givens)
    )


# ------------------------------------------------------------------ braces

_BRACE_TOKEN = re.compile(r"\{([^}]*)\}|(\+?[1-9])|(\S)")


def parse_braces(text: str) -> Position:
    values = [0] * 81
    cands = [0] * 81
    placed: set[int] = set()
    k = 0
    for m in _BRACE_TOKEN.finditer(text):
        group, digit, other = m.groups()
        if k >= 81:
            raise PositionError("a candidate grid needs 81 cells, this one has more")
        if other is not None:
            if other in ".0":
                cands[k] = UNWRITTEN          # its candidates come from its peers below
                k += 1
                continue
            raise PositionError(f"unknown character '{other}' at {_where(k)}")
        if digit is not None:
            values[k] = int(digit[-1])
            if digit[0] == "+":
                placed.add(k)
        else:
            inner = group.replace(",", "").replace(" ", "")
            bad = [ch for ch in inner if ch not in "123456789"]
            if bad:
                raise PositionError(f"unknown character '{bad[0]}' in the candidates of {_where(k)}")
            if not inner:
                raise PositionError(f"{_where(k)} has no candidates")
            cands[k] = mask_of(int(ch) for ch in inner)
        k += 1
    if k != 81:
        raise PositionError(f"a candidate grid needs 81 cells, this one has {k}")
    return _checked(values, cands, placed)


# a cell written `.`: no candidates given, every digit its placed peers allow
UNWRITTEN = -1


def _checked(values: list[int], cands: list[int], placed=frozenset()) -> Position:
    """The position of a candidate grid, its rules checked; `.` cells get
    the digits their placed peers allow; digits of `placed` cells are not
    givens."""
    pos = Position(values, [0 if c == UNWRITTEN else c for c in cands],
                   [v != 0 and k not in placed for k, v in enumerate(values)])
    _check_values(pos)
    for i in CELLS:
        if cands[i] == UNWRITTEN:
            pos.cands[i] = pos.allowed(i)
    _check_candidates(pos)
    return pos


def write_braces(pos: Position, mark_placed: bool = True) -> str:
    """A brace grid that reads back to the same position, givens included:
    `to_braces(pos, mark_placed)`, except that a cell without candidates
    is written `.`."""
    out = []
    for i in CELLS:
        if pos.values[i]:
            placed = mark_placed and not pos.givens[i]
            out.append(f"+{pos.values[i]}" if placed else str(pos.values[i]))
        elif pos.cands[i]:
            out.append("{" + "".join(map(str, MASK_DIGITS[pos.cands[i]])) + "}")
        else:
            out.append(".")
    return "".join(out)


# ------------------------------------------------------------------ PM grid

_PM_CANDIDATES = re.compile(r"\{([1-9]+)\}")


def parse_pm(text: str) -> Position:
    """A HoDoKu pencil-mark grid: one digit is a placed digit, several are
    candidates; `{5}` is an unsolved cell with one candidate, `.` a cell
    whose candidates were not written (see the module notes)."""
    tokens: list[str] = []
    for line in text.splitlines():
        if "|" not in line:
            continue  # borders: .---., :---+---:, '---'
        for part in re.split(r"[|\s]+", line):
            if part:
                tokens.append(part)
    if len(tokens) != 81:
        raise PositionError(f"a pencil-mark grid needs 81 cells, this one has {len(tokens)}")
    values = [0] * 81
    cands = [0] * 81
    placed: set[int] = set()
    for k, tok in enumerate(tokens):
        if tok in (".", "0"):
            cands[k] = UNWRITTEN
            continue
        if len(tok) == 2 and tok[0] == "+" and tok[1] in "123456789":
            values[k] = int(tok[1])
            placed.add(k)
            continue
        braced = _PM_CANDIDATES.fullmatch(tok)
        digits = braced.group(1) if braced else tok
        bad = [ch for ch in digits if ch not in "123456789"]
        if bad:
            raise PositionError(f"unknown character '{bad[0]}' at {_where(k)}")
        if len(digits) == 1 and not braced:
            values[k] = int(digits)
        else:
            cands[k] = mask_of(int(ch) for ch in digits)
    return _checked(values, cands, placed)


def _pm_cell(pos: Position, i: int) -> str:
    """A cell as the PM grid writes it: a placed digit bare, candidates as
    one group, a lone candidate in braces (a bare digit would read as
    placed), `.` for a cell without candidates."""
    if pos.values[i]:
        return str(pos.values[i])
    digits = "".join(map(str, MASK_DIGITS[pos.cands[i]]))
    if not digits:
        return "."
    return "{" + digits + "}" if len(digits) == 1 else digits


def to_pm(pos: Position) -> str:
    texts = [_pm_cell(pos, i) for i in CELLS]
    width = [max(len(texts[r * 9 + c]) for r in range(9)) for c in range(9)]

    def border(left, mid, right):
        segs = []
        for b in range(3):
            inner = sum(width[b * 3 + k] + 2 for k in range(3))
            segs.append("-" * inner)
        return left + mid.join(segs) + right

    lines = [border(".", ".", ".")]
    for r in range(9):
        row = "|"
        for b in range(3):
            row += " "
            for k in range(3):
                c = b * 3 + k
                row += texts[r * 9 + c].ljust(width[c]) + "  "
            row = row[:-1] + "|"
        lines.append(row)
        if r in (2, 5):
            lines.append(border(":", "+", ":"))
    lines.append(border("'", "'", "'"))
    return "\n".join(lines)


# ------------------------------------------------------------------ checks

def _check_values(pos: Position) -> None:
    for h, cells in enumerate(HOUSES):
        seen: dict[int, int] = {}
        for i in cells:
            v = pos.values[i]
            if v:
                if v in seen:
                    raise PositionError(f"{v} appears twice in {house_name(h)}: "
                                        f"{cell_name(seen[v])} and {cell_name(i)}")
                seen[v] = i


def _check_candidates(pos: Position) -> None:
    problem = pos.conflicts_with_values()
    if problem:
        raise PositionError(problem)


# ------------------------------------------------------------------ dispatch

def detect_format(text: str) -> str:
    if "|" in text:
        return "pm"
    if "{" in text:
        return "braces"
    return "givens"


def parse_position(text: str) -> Position:
    """Read any of the three formats; raises PositionError on bad input."""
    if text is None or not text.strip():
        raise PositionError("no position given")
    if len(text) > MAX_POSITION_BYTES:
        raise too_large("the position", len(text))
    fmt = detect_format(text)
    if fmt == "pm":
        return parse_pm(text)
    if fmt == "braces":
        return parse_braces(text)
    return parse_givens(text)


def read_position_arg(arg: str, stdin=None) -> Position:
    """A command-line POSITION: a position string, a file path or '-'."""
    if arg == "-":
        import sys
        return parse_position(without_comments(read_limited(stdin or sys.stdin, "the standard input")))
    if len(arg) < 4096 and os.path.isfile(arg):
        try:
            size = os.path.getsize(arg)
            if size > MAX_POSITION_BYTES:
                raise too_large(arg, size)
            with open(arg, "rb") as f:
                return parse_position(without_comments(decode_text(f.read(), arg)))
        except OSError as e:
            raise PositionError(f"cannot read {arg}: {e.strerror}") from None
    if "/" in arg or "\\" in arg or arg.endswith((".txt", ".sdk", ".sdm")):
        # no position format uses these: the user meant a file
        raise PositionError(f"cannot read {arg}: no such file")
    return parse_position(arg)


def format_position(pos: Position, fmt: str) -> str:
    if fmt == "givens":
        return to_givens(pos)
    if fmt == "braces":
        return write_braces(pos, mark_placed=False)   # the plain grid other programs read
    if fmt == "pm":
        return to_pm(pos)
    raise ValueError(f"unknown format '{fmt}' (choose from {', '.join(FORMATS)})")


__all__ = [
    "FORMATS", "parse_position", "parse_givens", "parse_braces", "parse_pm",
    "to_givens", "to_braces", "write_braces", "to_pm", "format_position", "read_position_arg", "detect_format",
    "decode_text", "without_comments",
]
