"""Forcing chains and nets, and the last resort, trial.

implications.py: what a premise implies under singles; nets.py: Forcing Chain and
Forcing Net; steps.py: their steps; checks.py: their checks; trial.py: Trial.
"""
from ...registry import family

family("forcing", "Forcing chains and nets", "forcing step", aliases=("forcing", "forcing chains"))
