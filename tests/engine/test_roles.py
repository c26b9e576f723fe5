"""A step's typed roles: one encoding for every room (parts and chains),
what the JSON writes, and the words made only when shown."""
from __future__ import annotations

from puzzle_helpers import rung_steps

from tutor.engine import roles as R
from tutor.engine.grid import HOUSES

BASE_KEYS = ["technique", "name", "cells", "digits", "houses", "eliminations", "placements", "text"]


def test_every_part_is_one_of_the_roles_and_lies_in_the_pattern():
    for _, step in rung_steps():
        around = set(step.cells) | {c for h in step.houses for c in HOUSES[h]}
        for part in step.roles.parts(step):
            assert part.role in R.ROLES, (step.technique, part)
            assert all(0 <= h < 27 for h in part.houses)
            assert all(1 <= d <= 9 for d in part.digits)
            if part.role in R.HOUSE_ROLES:
                assert part.houses and not part.cells, (step.technique, part)
            else:
                assert set(part.cells) <= around, (step.technique, part)


def test_every_chain_is_one_encoding():
    rooms = set()
    for _, step in rung_steps():
        for chain in step.roles.chains(step):
            rooms.add(step.technique)
            nodes = chain.nodes
            assert all(isinstance(n, R.Node) for n in nodes)
            assert all(n.link in ("=", "-") for n in nodes[:-1]) and nodes[-1].link == ""
            assert {c for n in nodes for c in n.cells} <= set(step.cells), step.technique
    assert rooms >= {"x-cycle", "skyscraper", "two-string-kite", "turbot-fish", "remote-pair",
                     "xy-chain", "aic", "grouped-aic", "als-xy-wing", "als-chain", "forcing-chain"}


def test_the_json_is_the_base_keys_then_the_roles_keys():
    for _, step in rung_steps():
        out = step.to_json()
        assert list(out)[:8] == BASE_KEYS
        assert {k: out[k] for k in list(out)[8:]} == step.roles.json(step)
        assert not hasattr(step, "extra")


def test_words_are_made_when_shown():
    _, step = next((p, s) for p, s in rung_steps() if s.technique == "x-wing")
    fresh = type(step)(step.technique, step.roles, step.cells, step.digits, step.houses,
                       step.eliminations, step.placements)
    assert "name" not in fresh.__dict__ and "text" not in fresh.__dict__
    assert fresh.text == step.text and "text" in fresh.__dict__
    assert fresh == step and hash(fresh) == hash(step)
