"""Locked Candidates: a digit locked in the intersection of a box and a line.

locked_candidates.py: Pointing (box -> line) and Claiming (line -> box).
"""
from ...registry import family

family("locked-candidates", "Locked Candidates", "Locked Candidates step",
       aliases=("locked candidate",))
