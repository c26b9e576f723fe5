"""Widgets of the tutor app: the candidate grid, the step list, the log."""
