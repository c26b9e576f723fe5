"""Wings: bent sets of bivalue and near-bivalue cells around a pivot or hinge.

pivot_wings.py: XY-Wing, XYZ-Wing, WXYZ-Wing (one search);
w_wing.py: W-Wing;
checks.py: the pattern checks of the pivot wings.
"""
from ...registry import Notation, family

# the roles the step texts name: 'XY-Wing ... r8c2 (pivot)'
NOTATION = Notation(words=("pivot", "hinge", "pincer", "pincers", "wing", "wings", "z"))

family("wings", "Wings", "wing", notation=NOTATION)
