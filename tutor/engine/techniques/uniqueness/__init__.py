"""Uniqueness: patterns that would give a second solution (deadly patterns), so
hold only on a puzzle with exactly one solution.

rectangles.py: the deadly pattern, the rectangles every Unique and Hidden
Rectangle starts from, and the pieces of their pattern checks;
unique_rectangle.py: Uniqueness Tests 1 to 6; hidden_rectangle.py: Hidden
Rectangle; avoidable_rectangle.py: Avoidable Rectangles (placed digits in
the corners); bug.py: BUG+1 (each: finder, check, registration).
A new uniqueness variant is one more module here.
"""
from ...registry import family

family("uniqueness", "Uniqueness", "uniqueness step")
