"""Optional compiled modules: C code of our own that `pip install` builds
where the machine has a compiler (setup.py), each with a Python twin that
gives the same answers.  A module is used only when it was built for the
ABI its Python side knows (a build left over from an older checkout is
ignored), and never when SUDOKU_TUTOR_PURE_PYTHON is set."""
from __future__ import annotations

import importlib
import os

PURE_PYTHON = bool(os.environ.get("SUDOKU_TUTOR_PURE_PYTHON"))


def optional_module(name: str, abi: int):
    """The compiled module `name` when it is built for `abi`, else None
    (whatever SUDOKU_TUTOR_PURE_PYTHON says: tests compare both paths)."""
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    return module if getattr(module, "ABI", None) == abi else None
