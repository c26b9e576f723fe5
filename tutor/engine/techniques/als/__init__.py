"""Almost Locked Sets: n cells holding n+1 digits, linked by restricted commons.

table.py: every ALS of a position; index.py: their shared index;
xz.py: ALS-XZ; chain.py with chain_search.py: ALS-XY-Wing and ALS chains;
death_blossom.py: ALS Death Blossom; checks.py, chain_checks.py: their checks.
"""
from ...registry import Notation, family

# 'ALS-XZ ..., z=9', 'ALS Chain [overlap]: ...', a Death Blossom's stem
NOTATION = Notation(words=("z", "overlap", "stem"))

family("als", "Almost Locked Sets", "ALS pattern", aliases=("als",), notation=NOTATION)
