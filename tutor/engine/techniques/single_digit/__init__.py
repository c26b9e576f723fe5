"""Single-digit patterns: two strong links of one digit joined by a weak one.

two_links.py: Skyscraper, 2-String Kite, Turbot Fish (and the strong links of a
digit that Empty Rectangle also reads);
empty_rectangle.py: Empty Rectangle.
"""
from ...registry import Notation, family

NOTATION = Notation(words=("connected",))

family("single-digit", "Single-digit patterns", "single-digit pattern", notation=NOTATION)
