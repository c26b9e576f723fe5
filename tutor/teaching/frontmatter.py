"""The small YAML subset used by lesson headers (no YAML library needed).

    ---
    key: value                  one-line scalar (everything after ': ')
    list: a, b, c               lists stay strings; callers split them
    block: |                    indented lines that follow form one value
      line one
      line two
    items:                      a list of mappings, one '- ' per item
      - id: 1
        key: value
    ---

Whole-line comments start with '#'.  Errors are one line naming the file
and the line: 'fish.md: line 12: use spaces, not tabs, in the front matter'.
"""
from __future__ import annotations

import re


class FrontMatterError(ValueError):
    """A header that cannot be read; the message names file and line."""


def split_front_matter(text: str, where: str = "lesson") -> tuple[dict, str, int]:
    """-> (header dict, body, line number where the body starts)."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise FrontMatterError(f"{where}: line 1: a lesson starts with a '---' front matter line")
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        raise FrontMatterError(f"{where}: the front matter has no closing '---' line")
    header = parse_front_matter(lines[1:end], where, first_line=2)
    body = "\n".join(lines[end + 1:]).lstrip("\n")
    return header, body, end + 2


def parse_front_matter(lines: list[str], where: str = "lesson", first_line: int = 1) -> dict:
    """The tiny YAML subset described in the module docstring."""
    out: dict = {}
    current_list: list | None = None     # list of dicts after 'key:' with '- ' items
    item: dict | None = None
    block: tuple[dict, str, int] | None = None  # (target, key, indent) for 'key: |'
    k = 0
    while k < len(lines):
        raw = lines[k]
        lineno = first_line + k
        k += 1
        if block is not None:
            target, key, indent = block
            if not raw.strip():
                target[key] += "\n"
                continue
            ind = len(raw) - len(raw.lstrip(" "))
            if ind >= indent:
                target[key] += raw[indent:] + "\n"
                continue
            target[key] = target[key].rstrip("\n")
            block = None
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        if "\t" in raw[:indent + 1]:
            raise FrontMatterError(f"{where}: line {lineno}: use spaces, not tabs, in the front matter")
        if indent == 0:
            key, value = _key_value(stripped, where, lineno)
            item = None
            if value == "":
                current_list = []
                out[key] = current_list
            elif value == "|":
                out[key] = ""
                block = (out, key, _block_indent(lines, k, 1))
                current_list = None
            else:
                out[key] = value
                current_list = None
            continue
        if current_list is None:
            raise FrontMatterError(f"{where}: line {lineno}: indented line outside a list")
        if stripped.startswith("- "):
            item = {}
            current_list.append(item)
            stripped = stripped[2:].strip()
            indent += 2
            if not stripped:
                continue
        elif stripped == "-":
            item = {}
            current_list.append(item)
            continue
        if item is None:
            raise FrontMatterError(f"{where}: line {lineno}: expected a '- ' list item")
        key, value = _key_value(stripped, where, lineno)
        if key in item:
            raise FrontMatterError(f"{where}: line {lineno}: '{key}' given twice in one item")
        if value == "|":
            item[key] = ""
            block = (item, key, _block_indent(lines, k, indent + 1))
        else:
            item[key] = value
    if block is not None:
        target, key, _ = block
        target[key] = target[key].rstrip("\n")
    return out


def _block_indent(lines, k, minimum) -> int:
    for raw in lines[k:]:
        if raw.strip():
            return max(minimum, len(raw) - len(raw.lstrip(" ")))
    return minimum


def _key_value(text: str, where: str, lineno: int) -> tuple[str, str]:
    key, sep, value = text.partition(":")
    key = key.strip()
    if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key):
        raise FrontMatterError(f"{where}: line {lineno}: expected 'key: value', got '{text}'")
    return key, value.strip()
