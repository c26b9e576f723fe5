"""The teaching layer: lessons, quizzes, practice positions and mastery.

It sits beside the engine and asks the engine's registry about techniques;
the engine never imports it.
"""
