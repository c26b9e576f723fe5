"""Forcing chains and nets, and the last resort, trial.

implications.py: what a premise implies under singles; nets.py: Forcing Chain and
Forcing Net; steps.py: their steps; checks.py: their checks; trial.py: Trial.
"""
from ...registry import Notation, family

# An entry copied from a step names its premise; what the premise implies
# (`r7c3=2 -> r9c1<>2; ...`, a net's list after `r5c9=8:`) is not read.  A
# contradiction's premise, `r1c7=8` or `r1c7<>8`, reads as its cell and
# digit, which is what the step's entry keys hold (one premise of a cell
# and digit, on or off, makes the other's contradiction impossible).
NOTATION = Notation(drop=(
    r"(?<=in [rcb]\d): .*$",        # House Forcing Chain on 2 in r7: ...
    r"(?<=on r\dc\d): .*$",         # Cell Forcing Chain on r2c3: ...
    r"(?<=[=>]\d): .*$",            # Forcing Net Contradiction: r5c9=8: ...
    r"(?<=[=>]\d) -> .*$",          # Forcing Chain Contradiction: r1c7<>8 -> ...
))

family("forcing", "Forcing chains and nets", "forcing step", aliases=("forcing", "forcing chains"),
       notation=NOTATION)
