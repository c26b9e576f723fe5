"""The registry of quiz kinds: a kind registers once, with `@quiz_kind` on
its class (a subclass of protocol.Quiz), in a module of this package.
Every module of the package is imported when the kinds are first asked
for, so a new kind is picked up by being here: no list to add it to.

The screen, the `quiz` command, the palette, the lesson links and the
class push list the kinds from here, and make quizzes with `make_quiz`."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ...engine.registry import UnknownTechnique, resolve
from .common import target_ids, target_name
from .protocol import Quiz

QUIZ_KINDS: dict[str, type[Quiz]] = {}


def quiz_kind(cls: type[Quiz]) -> type[Quiz]:
    """Class decorator: register a quiz kind under its `kind` id."""
    if not cls.kind or not cls.asks:
        raise ValueError(f"{cls.__name__}: a quiz kind needs its `kind` id and what it `asks`")
    known = QUIZ_KINDS.get(cls.kind)
    if known is not None and known.__qualname__ != cls.__qualname__:
        raise ValueError(f"quiz kind '{cls.kind}' registered twice")
    QUIZ_KINDS[cls.kind] = cls
    return cls


@cache
def _load() -> None:
    from . import __path__ as here
    for name in sorted(m.name for m in pkgutil.iter_modules(here)):
        importlib.import_module(f"{__package__}.{name}")


def kinds() -> list[type[Quiz]]:
    """Every registered kind, in their `order` (the first is the default)."""
    _load()
    return sorted(QUIZ_KINDS.values(), key=lambda k: (k.order, k.kind))


def kind_ids() -> list[str]:
    return [k.kind for k in kinds()]


def get_kind(kind: str | None) -> type[Quiz]:
    """The kind of this id (None: the default kind); UnknownTechnique, one
    line listing the known ones, for an unknown id."""
    known = kinds()
    if kind is None:
        return known[0]
    if kind not in QUIZ_KINDS:
        raise UnknownTechnique(f"unknown quiz kind '{kind}' (known: {', '.join(kind_ids())})")
    return QUIZ_KINDS[kind]


def quiz_title(kind: str, target: str) -> str:
    """What a quiz of this kind on this target is called in lists:
    'Find them all: Wings'."""
    return f"{get_kind(kind).asks_title()}: {target_name(target)}"


def check_target(target: str, kind: str | None = None, uniqueness: bool = True) -> list[str]:
    """The technique ids a quiz target stands for; raises UnknownTechnique
    (one line, listing the known names) for an unknown target or kind, or a
    target made only of uniqueness techniques when those are switched off."""
    get_kind(kind)
    resolve([target])                    # unknown names raise here, with the known list
    return target_ids(target, uniqueness)


def make_quiz(kind: str | None, target: str, seed: int | None = None,
              position=None, uniqueness: bool = True, title: str | None = None,
              source: str = "") -> Quiz:
    """A quiz of a kind on a technique id or family: on `position`, or on a
    practice position picked by `seed`.  With `uniqueness` off the
    uniqueness techniques neither count nor prove.  UnknownTechnique for an
    unknown kind or target, NoQuiz when there is nothing to ask."""
    check_target(target, kind, uniqueness)
    return get_kind(kind).make(target, seed=seed, position=position, uniqueness=uniqueness,
                               title=title, source=source)
