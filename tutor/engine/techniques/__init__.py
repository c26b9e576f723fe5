"""Technique families; importing this package registers every finder."""
from . import singles, locked_candidates, locked_sets  # noqa: F401

# Later families register themselves the same way.
for _name in ("fish", "single_digit", "colouring", "x_cycles", "als"):
    try:
        __import__(f"{__name__}.{_name}")
    except ModuleNotFoundError as _e:  # not written yet
        if _e.name != f"{__name__}.{_name}":
            raise
