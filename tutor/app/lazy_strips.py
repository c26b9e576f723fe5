"""Textual's line strips make their small caches on first use, not at birth.

Every line Textual draws is a `Strip`, and each Strip makes seven small
caches (FIFOCache, with a dict each) the moment it is created, whether or
not it is ever cropped, styled or divided.  A student's app holds about
3,400 strips at a time and makes new ones on every frame: 1.6 MB of its
memory was those caches, and in a class every new one writes to a page the
kernel had merged with the other students' (issue 28; page_merging.py).
Textual's own `Content` makes its cache lazily the same way.

`install()` gives each of the seven cache slots a property that makes the
cache on its first read, and a Strip's `__init__` that leaves them empty.
The strips behave the same (tests/app/test_lazy_strips.py); where a Textual
release has changed the slots, nothing is patched.
"""
from __future__ import annotations

from types import MemberDescriptorType

from textual.cache import FIFOCache
from textual.strip import Strip

# slot -> the cache size Textual gives it
CACHE_SIZES = {
    "_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
    "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4,
}
OTHER_SLOTS = ("_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count")
_SLOTS: dict[str, MemberDescriptorType] = {}      # Textual's own slot descriptors, once patched


def _lazy(slot: MemberDescriptorType, size: int) -> property:
    get, put = slot.__get__, slot.__set__

    def cache(strip: Strip) -> FIFOCache:
        try:
            return get(strip)
        except AttributeError:            # not made yet
            made = FIFOCache(size)
            put(strip, made)
            return made

    return property(cache, put)


def _init(self: Strip, segments, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def made(strip: Strip) -> list[str]:
    """The caches this strip has made so far (for tests and measurements)."""
    out = []
    for name in CACHE_SIZES:
        try:
            slot = _SLOTS.get(name) or Strip.__dict__[name]
            slot.__get__(strip)
            out.append(name)
        except AttributeError:
            pass
    return out


def install() -> bool:
    """Patch Strip once a process; False where its slots are not the known ones."""
    if Strip.__init__ is _init:
        return True
    if set(Strip.__slots__) != set(CACHE_SIZES) | set(OTHER_SLOTS):
        return False
    slots = {name: Strip.__dict__.get(name) for name in CACHE_SIZES}
    if not all(isinstance(slot, MemberDescriptorType) for slot in slots.values()):
        return False
    _SLOTS.update(slots)
    for name, slot in slots.items():
        setattr(Strip, name, _lazy(slot, CACHE_SIZES[name]))
    Strip.__init__ = _init
    return True
