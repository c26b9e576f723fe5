"""Templates: every way one digit can still fill the grid.

templates.py: Template Set and Template Delete (finders, check,
registration); search.py: counting the templates of one digit.
"""
from ...registry import family

family("templates", "Templates", "template step")
