"""Every module of `tutor` imports on its own, and no two rooms import each
other: the import graph (every `import` statement, at module level or inside
a function) has no cycle.  When two modules need one name, the lower room
owns it (DESIGN.md, "Habits that keep it light")."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tutor"

# The one import allowed to close a loop: the technique registry loads the
# rooms (inside a function, at first use), and each room imports the
# registry to register itself with `@technique(...)`.  A plug-in load, not
# two rooms leaning on each other.
PLUGIN_LOADS = {("tutor.engine.registry", "tutor.engine.techniques"),
                # the same for quiz kinds: the kinds' registry loads the quiz package's modules
                ("tutor.teaching.quiz.kinds", "tutor.teaching.quiz")}


def module_files() -> dict[str, Path]:
    """{dotted module name: file} for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imported_modules(name: str, path: Path, known: set[str], top_level: bool = False) -> set[str]:
    """The package modules `name` imports (anywhere in the file, or only at
    module level).  `from P import N` counts as importing P.N when that is a
    module, else P."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in (tree.body if top_level else ast.walk(tree)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                drop = node.level - 1 if is_package else node.level
                base = base[:len(base) - drop] if drop else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in known else prefix
                       for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Who imports whom, leaving out the plug-in loads (PLUGIN_LOADS)."""
    files = module_files()
    known = set(files)
    return {name: {m for m in imported_modules(name, path, known) if (name, m) not in PLUGIN_LOADS}
            for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_relative_and_lazy_imports():
    graph = import_graph()
    assert "tutor.engine.grid" in graph["tutor.engine.position"]          # from .grid import ...
    assert "tutor.engine.judge" in graph["tutor.cli"]                     # inside a function
    assert "tutor.store.sqlite" in graph["tutor.store"]                   # a package's __init__
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_plug_in_loads_happen_at_first_use_only():
    files = module_files()
    for loader, plugins in PLUGIN_LOADS:
        assert plugins in imported_modules(loader, files[loader], set(files))
        assert plugins not in imported_modules(loader, files[loader], set(files), top_level=True)


def test_no_import_cycle_in_the_package():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_cycles_design_md_named_are_gone():
    graph = import_graph()
    pairs = [("tutor.cli", "tutor.classroom.commands"),
             ("tutor.app.commands", "tutor.app.screens.lessons"),
             ("tutor.engine.formats", "tutor.engine.position"),
             ("tutor.store.sqlite", "tutor.store.postgres")]
    for a, b in pairs:
        assert not (b in graph[a] and a in graph[b]), f"{a} and {b} import each other"


@pytest.mark.slow
def test_every_module_imports_in_a_fresh_interpreter():
    """Import every module in a new interpreter (none imported before), in
    name order; a module that fails says why in one line."""
    names = sorted(n for n in module_files() if not n.endswith("__main__"))
    code = ("import importlib, sys, traceback\n"
            "for name in sys.argv[1:]:\n"
            "    try:\n"
            "        importlib.import_module(name)\n"
            "    except Exception:\n"
            "        print(name + ': ' + traceback.format_exc().strip().splitlines()[-1])\n")
    run = subprocess.run([sys.executable, "-c", code, *names], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=300, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ""
