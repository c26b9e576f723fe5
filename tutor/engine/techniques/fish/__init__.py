"""Fish: one digit's base lines covered by as many cover lines.

basic.py: X-Wing, Swordfish, Jellyfish (the lines shared with the finned kinds
live there too: line masks, base sets);
finned.py: their finned and sashimi forms (finned_check.py: the pattern check
of named base and cover lines and fins);
general.py: the search for fish whose houses may be boxes too (in C too,
_walk.c), which mixed.py makes into rooms: franken.py for Franken fish (rows
and boxes against columns and boxes), mutant.py for Mutant fish (any other
mix).  A new fish variant is one more module here.
"""
from dataclasses import replace

from ...registry import Notation, family

# 'Swordfish #3 BaseSet:R348 CoverSet:C136', '... fin r2c8'
NOTATION = Notation(words=("base", "cover", "baseset", "coverset", "fin", "fins"), houses=True)

family("fish", "Fish", "fish", aliases=("basic fish",), notation=NOTATION)
family("finned-fish", "Finned fish", "finned fish", notation=NOTATION)
family("franken", "Franken fish", "Franken fish", notation=NOTATION)
family("finned-franken", "Finned Franken fish", "finned Franken fish", notation=NOTATION)
# a Mutant fish's house group may mix rows and columns: 'r3c9 r2b2' is its base and cover
family("mutant", "Mutant fish", "Mutant fish", notation=replace(NOTATION, mixed_lines=True))
