"""Singles: a cell with one candidate left (Naked Single, a Full House when it is the
last cell of a house) and a digit with one place left in a house (Hidden Single).

naked_hidden.py: both finders, their pattern checks and registrations.
"""
from ...registry import Notation, family

NOTATION = Notation(words=("single",))

family("singles", "Singles", "single", aliases=("single",), notation=NOTATION)
