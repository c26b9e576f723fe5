"""Forcing chains and nets, and the last resort, trial.

implications.py: what a premise implies under singles; nets.py: Forcing Chain and
Forcing Net; steps.py: their steps; checks.py: their checks; trial.py: Trial.
"""
from ...registry import Notation, family

# An entry copied from a step names its premise; what the premise implies
# (`r7c3=2 -> r9c1<>2; ...`, a net's list after `r5c9=8:`) is not read.
NOTATION = Notation(drop=(r":\s*r\dc\d\S*\s*->.*$", r"(?<==\d): .*$", r"(?<=>\d): .*$"))

family("forcing", "Forcing chains and nets", "forcing step", aliases=("forcing", "forcing chains"),
       notation=NOTATION)
