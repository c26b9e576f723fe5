"""Forcing chains and nets, and the last resort, trial.

implications.py: what a premise implies under singles; nets.py: Forcing Chain and
Forcing Net; steps.py: their steps; checks.py: their checks; trial.py: Trial.
"""
from ...registry import Notation, family

# An entry copied from a house or cell chain or a net names its premise;
# what the premise implies (`r7c3=2 -> r9c1<>2; ...`, a net's list after
# `r5c9=8:`) is not read.  A contradiction chain's text still reads whole:
# its premise `r1c7<>8` would read as the cell and digit r1c7=8.
NOTATION = Notation(drop=(
    r"(?<=in [rcb]\d): .*$",        # House Forcing Chain on 2 in r7: ...
    r"(?<=on r\dc\d): .*$",         # Cell Forcing Chain on r2c3: ...
    r"(?<=[=>]\d): .*$",            # Forcing Net Contradiction: r5c9=8: ...
))

family("forcing", "Forcing chains and nets", "forcing step", aliases=("forcing", "forcing chains"),
       notation=NOTATION)
