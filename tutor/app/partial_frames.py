"""Partial frames that render only near what changed.

Textual 8.2 builds a partial frame from the bounding box of every region
that changed since the last one, and renders every line of every widget
that overlaps that box.  A cursor move on the grid changes a column or two
of cells, and the status line at the top of the side panel changes with it:
the box then reaches across the side panel, and its log (35 lines at
120x40), the tabs and their containers were all rendered again to repaint
two columns of cells and one line of text.  That was about half of the CPU
of a move, and in a class of a hundred typing students CPU is what keys
queue for.

`install()` replaces `Compositor.render_partial_update` with one that

* groups the changed regions into boxes that do not waste much area (two
  columns of cells are one box, the status line another);
* for each box renders only the widgets that overlap it, and only their
  lines inside it;
* keeps, for each piece of a line between two widget edges (Textual's
  "chop"), the strip from a box that piece lies in: every widget covering
  such a piece overlaps that box, so the front one wins as in Textual.

The frame it returns is the ChopsUpdate Textual builds for the same changed
spans, from the same widgets' lines; `tests/app/test_partial_frames.py`
replays random updates through it and compares the screen with Textual's
own full frames.  It leaves full frames alone, and does nothing when the
compositor no longer has the parts it relies on (another Textual version).
"""
from __future__ import annotations

from textual.geometry import Region

SLACK = 1.25            # merge two boxes when their union wastes at most a quarter
SLACK_CELLS = 16        # ... or at most this many cells (a rule line between two cells)


def install() -> bool:
    """Patch Textual's compositor (once); False when it does not fit."""
    try:
        from textual._compositor import ChopsUpdate, Compositor
    except ImportError:
        return False
    if getattr(Compositor.render_partial_update, "_boxed", False):
        return True
    needed = ("cuts", "visible_widgets", "_regions_to_spans")
    if not all(hasattr(Compositor, name) for name in needed):
        return False

    def render_partial_update(self):
        regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        screen = self.size.region
        regions = [r for r in (region.intersection(screen) for region in regions) if r]
        if not regions:
            return None
        spans = list(self._regions_to_spans(regions))
        rendered_lines = {y for y, _, _ in spans}
        cuts = self.cuts
        chops = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        widgets = list(self.visible_widgets.items())        # front to back
        for box in boxes(regions):
            _render_box(widgets, cuts, chops, box, rendered_lines)
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in cuts])

    render_partial_update._boxed = True                 # type: ignore[attr-defined]
    render_partial_update.textual = Compositor.render_partial_update   # type: ignore[attr-defined]
    Compositor.render_partial_update = render_partial_update
    return True


def boxes(regions) -> list:
    """The regions gathered into bounding boxes, two boxes merged while their
    union is not much bigger than the two (see SLACK)."""
    out: list = []
    for region in sorted(regions, key=lambda r: (r.x, r.y)):
        out.append(region)
        _merge_last(out)
    return out


def _merge_last(out: list) -> None:
    """Merge the last box into an earlier one while one fits (repeatedly:
    the merged box may now fit another)."""
    while len(out) > 1:
        last = out[-1]
        for k in range(len(out) - 1):
            union = _union(out[k], last)
            if union.area <= SLACK * (out[k].area + last.area) or \
                    union.area <= out[k].area + last.area + SLACK_CELLS:
                del out[k]
                out[-1] = union
                break
        else:
            return


def _union(a, b):
    """The bounding box of two regions (Region.union is cached by Textual:
    thousands of boxes a class session would only fill its cache with)."""
    x, y = min(a.x, b.x), min(a.y, b.y)
    return Region(x, y, max(a.x + a.width, b.x + b.width) - x, max(a.y + a.height, b.y + b.height) - y)


def _render_box(widgets, cuts, chops, box, rendered_lines) -> None:
    """Fill the chops that lie in `box` from the widgets overlapping it."""
    box_x1, box_x2 = box.x, box.right
    box_y1, box_y2 = box.y, box.bottom
    for widget, (region, clip) in widgets:
        # the widget's visible part (plain arithmetic: see _union)
        x1, x2 = max(region.x, clip.x), min(region.x + region.width, clip.x + clip.width)
        y1, y2 = max(region.y, clip.y), min(region.y + region.height, clip.y + clip.height)
        if x2 <= max(x1, box_x1) or x1 >= box_x2 or y2 <= y1:
            continue
        lines = [y for y in range(max(y1, box_y1), min(y2, box_y2)) if y in rendered_lines]
        if not lines:
            continue
        y1, y2 = lines[0], lines[-1] + 1
        strips = widget.render_lines(Region(x1 - region.x, y1 - region.y, x2 - x1, y2 - y1))
        for y, strip in zip(range(y1, y2), strips):
            if y not in rendered_lines:
                continue
            line_cuts = [cut for cut in cuts[y] if x1 <= cut <= x2]
            pieces = strip.divide([cut - x1 for cut in line_cuts[1:]])
            chops_line = chops[y]
            for k, (cut, piece) in enumerate(zip(line_cuts, pieces)):
                end = line_cuts[k + 1] if k + 1 < len(line_cuts) else x2
                if end <= box_x1 or cut >= box_x2:
                    continue                        # outside this box: another box paints it
                if chops_line.get(cut) is None:
                    chops_line[cut] = piece
