"""Disjoint subsets (Sue de Coq): two or three cells where a box and a line
cross, holding at least two more digits than cells, whose digits are shared
out between a set in the rest of the line and a set in the rest of the box.

sue_de_coq.py: the finder, its check and registration.
"""
from ...registry import Notation, family

# '... r5c123 #25679, line r5c7 #29, box r6c123 #3456'
NOTATION = Notation(words=("line", "box"))

family("disjoint-subsets", "Disjoint subsets (Sue de Coq)", "Sue de Coq", notation=NOTATION)
