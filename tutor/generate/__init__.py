"""The generator: fresh puzzles with one solution, rated, and the practice
positions they hold.

  kernel.py     the hot loops: exact solver, digging, the cheap pass (C where built)
  grids.py      random full grids and digging them down to a minimal puzzle
  accept.py     the simplest step at a position; practice positions by the accept rules
  run.py        a seeded run of puzzles (`sudoku-tutor generate`, tutor/cli_generate.py)
"""
