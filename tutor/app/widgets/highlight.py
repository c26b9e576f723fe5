"""What the grid shows on top of the position: a step, a verdict, a check."""
from __future__ import annotations

from dataclasses import dataclass

from .chain_view import chain_view
from .role_view import role_view


@dataclass(frozen=True)
class Highlight:
    """What to show on top of the position: a step, a verdict, a check."""
    cells: frozenset = frozenset()          # pattern cells
    digits: frozenset = frozenset()         # pattern digits
    eliminations: frozenset = frozenset()   # (cell, digit)
    placements: frozenset = frozenset()     # (cell, digit)
    failing: frozenset = frozenset()        # cells: a failed condition or a mistake
    solution: frozenset = frozenset()       # (cell, digit) solution digits to point at
    label: str = ""
    chain: tuple = ()                       # ChainMark per node candidate (chain_view.py)
    chain_lines: tuple = ()                 # the chain as numbered Eureka text
    roles: tuple = ()                       # RoleMark per role on a cell or candidate (role_view.py)
    frame: tuple = ()                       # FrameMark per house role
    legend: tuple = ()                      # the roles in words, for the panel

    @classmethod
    def of_step(cls, step, effects: bool = True, label: str = "") -> "Highlight":
        view = chain_view(step)
        roles = role_view(step)
        return cls(
            cells=frozenset(step.cells), digits=frozenset(step.digits),
            eliminations=frozenset(step.eliminations) if effects else frozenset(),
            placements=frozenset(step.placements) if effects else frozenset(),
            label=label or step.name,
            chain=view.marks if view else (), chain_lines=view.lines if view else (),
            roles=roles.marks if roles else (), frame=roles.frame if roles else (),
            legend=roles.legend if roles else (),
        )

    @classmethod
    def of_dict(cls, hl: dict | None, label: str = "") -> "Highlight":
        """The judge's verdict.highlight: lists of cells / (cell, digit) pairs."""
        hl = hl or {}

        def pairs(key):
            return frozenset((int(i), int(d)) for i, d in hl.get(key) or ())

        cells = frozenset(int(i) for i in hl.get("cells") or ())
        digits = frozenset(int(d) for d in hl.get("digits") or ())
        return cls(cells=cells, digits=digits, eliminations=pairs("eliminations"),
                   placements=pairs("placements"),
                   failing=frozenset(int(i) for i in hl.get("failing") or ()),
                   solution=pairs("solution"), label=label)

    def __bool__(self) -> bool:
        return bool(self.cells or self.eliminations or self.placements or self.failing
                    or self.solution)


NO_HIGHLIGHT = Highlight()
