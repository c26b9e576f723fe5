"""Technique rooms: one package per family; importing this package registers
every technique.

Every module of every family package is imported (packages in name order,
modules in name order within each), so a new room is picked up by being
here: no list to add it to.  `common.py` (what finders share) and
`patterns.py` (what pattern checks share) are the layer every family may use;
a family's own shared pieces sit in its package, public and written once."""
import importlib
import pkgutil


def _import_all(path, prefix: str) -> None:
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        module = importlib.import_module(prefix + info.name)
        if info.ispkg:
            _import_all(module.__path__, module.__name__ + ".")


_import_all(__path__, __name__ + ".")
