"""LockedSets: naked and hidden subsets of any size (the two sides of one set).

locked_sets.py: the shared search, both finders, checks and registrations.
"""
from ...registry import family

family("locked-set", "LockedSets (naked and hidden subsets)", "LockedSet",
       aliases=("locked set", "lockedset", "subset", "locked"))
