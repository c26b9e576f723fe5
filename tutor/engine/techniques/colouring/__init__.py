"""Colouring: the two colours of one digit's conjugate chains.

simple.py: Simple Colours (and the colour chains Multi-Colours reads);
multi.py: Multi-Colours.
"""
from ...registry import Notation, family

NOTATION = Notation(words=("trap", "wrap"))

family("colouring", "Colouring", "colouring step", notation=NOTATION)
