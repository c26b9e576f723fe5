"""Technique rooms; importing this package registers every one.

Every module of this folder is imported (in name order), so a new room is
picked up by being here: no list to add it to."""
import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")
