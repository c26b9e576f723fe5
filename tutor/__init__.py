"""sudoku-tutor: a terminal tutor for the human techniques of Sudoku solving."""
__version__ = "0.1.0"
