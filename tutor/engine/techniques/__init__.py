"""Technique families; importing this package registers every finder."""
from . import (  # noqa: F401
    singles, locked_candidates, locked_sets, fish, single_digit, colouring, x_cycles, als,
    empty_rectangle, finned_fish,
)
